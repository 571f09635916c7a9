//! The legend of the pieces, made from the game's own presentation (any game, a rules
//! file's too): each kind's tokens as the board draws them, Player 1's then Player 2's, and
//! its name, under a line that names the two players in their tokens' colours.

use super::palette;
use super::view::put;
use boardlab_core::{Player, Presentation};
use ratatui::buffer::Buffer;
use ratatui::style::{Modifier, Style};

/// The heading of the legend.
const HEADING: &str = "Pieces";
/// After the heading: how to hide the legend (and see the moves it may hide).
const HIDE_HINT: &str = " (? hides)";
/// The columns between two entries on a row.
const GAP: u16 = 2;
/// The columns of an entry before the name: two tokens and a space.
const TOKENS: u16 = 7;

/// The legend of a game's pieces laid out in a panel of a given width.
pub struct Legend {
    look: &'static Presentation,
    width: u16,
    /// Entries on a row.
    columns: usize,
    /// The width of the widest entry.
    entry: u16,
    /// Whether the players' names take a row each (they do not fit on one).
    sides_stacked: bool,
}

impl Legend {
    /// The legend of `look`'s pieces in `width` columns: as many entries on a row as fit.
    pub fn new(look: &'static Presentation, width: u16) -> Legend {
        let entry = look
            .pieces
            .iter()
            .map(|kind| TOKENS + kind.name.chars().count() as u16)
            .max()
            .unwrap_or(TOKENS);
        let columns = ((width + GAP) / (entry + GAP)).max(1) as usize;
        let sides: u16 = Player::BOTH.iter().map(|&p| side_width(look, p)).sum();
        Legend {
            look,
            width,
            columns,
            entry,
            sides_stacked: sides + 1 > width,
        }
    }

    /// The rows it takes: the heading, the players, the entries.
    pub fn height(&self) -> u16 {
        let entries = self.look.pieces.len().div_ceil(self.columns) as u16;
        1 + if self.sides_stacked { 2 } else { 1 } + entries
    }

    /// Draws it from row `y` on at column `x`, leaving out the rows from `bottom` on.
    pub fn draw(&self, x: u16, y: u16, bottom: u16, buf: &mut Buffer) {
        let mut rows = Vec::new();
        rows.push(vec![
            (
                HEADING.to_string(),
                Style::default().add_modifier(Modifier::BOLD),
            ),
            (
                HIDE_HINT.to_string(),
                Style::default().add_modifier(Modifier::DIM),
            ),
        ]);
        let side = |player: Player| {
            (
                format!(" {} ", self.look.side(player)),
                palette::token(player),
            )
        };
        if self.sides_stacked {
            rows.push(vec![side(Player::One)]);
            rows.push(vec![side(Player::Two)]);
        } else {
            rows.push(vec![
                side(Player::One),
                (" ".to_string(), Style::default()),
                side(Player::Two),
            ]);
        }
        for kinds in self.look.pieces.chunks(self.columns) {
            let mut row = Vec::new();
            for (i, kind) in kinds.iter().enumerate() {
                if i > 0 {
                    let used = TOKENS + kinds[i - 1].name.chars().count() as u16;
                    let pad = (self.entry - used + GAP) as usize;
                    row.push((" ".repeat(pad), Style::default()));
                }
                for player in Player::BOTH {
                    let letter = kind.letters[player.index()];
                    row.push((palette::token_text(letter), palette::token(player)));
                }
                row.push((format!(" {}", kind.name), Style::default()));
            }
            rows.push(row);
        }
        for (row, spans) in (y..bottom).zip(rows) {
            let mut at = x;
            for (text, style) in spans {
                let room = (x + self.width).saturating_sub(at);
                put(buf, at, row, &text, style, room);
                at = at.saturating_add(text.chars().count() as u16);
            }
        }
    }
}

/// The columns a player's name takes in its token's colours.
fn side_width(look: &Presentation, player: Player) -> u16 {
    look.side(player).chars().count() as u16 + 2
}
