//! The side panel of the board: the players and their clocks, the reserves, how the game
//! stands, the legend of the pieces and the moves.

use super::app::App;
use super::legend::Legend;
use super::picking::Pick;
use super::view::{Geometry, RESERVE_ENTRY, RESERVE_TOP, put, wrap};
use crate::commands::play_clock::show_time;
use boardlab_core::{Player, Position};
use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier, Style};

/// The frames of the thinking indicator.
const SPINNER: [char; 10] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
/// The columns between a player's name and its clock.
const CLOCK_GAP: usize = 2;

/// Draws the side panel: players and clocks, reserves, the status, the message, the game's
/// own status lines, the legend of the pieces (unless hidden) and the moves.
pub fn draw<P: Position>(app: &App<P>, geometry: &Geometry, buf: &mut Buffer) {
    let position = app.game().current();
    let look = position.presentation();
    let side = geometry.side;
    if side.width < 4 || side.height == 0 {
        return;
    }
    let width = side.width;
    let bold = Style::default().add_modifier(Modifier::BOLD);
    let dim = Style::default().add_modifier(Modifier::DIM);
    let to_move = position.side_to_move();
    let over = app.ending().is_some();
    put(buf, side.x, side.y, look.title, bold, width);
    for (row, (player, text)) in player_lines(app, width).into_iter().enumerate() {
        let style = if player == to_move && !over {
            bold
        } else {
            Style::default()
        };
        put(buf, side.x, side.y + 2 + row as u16, &text, style, width);
    }
    let mut y = side.y + RESERVE_TOP;
    if let Some(reserves) = position.reserves() {
        let picked = match app.picker().pick() {
            Pick::Drop(letter) => Some(*letter),
            _ => None,
        };
        for player in [Player::Two, Player::One] {
            put(
                buf,
                side.x,
                y,
                &format!("{} reserve:", look.side(player)),
                dim,
                width,
            );
            let row = geometry.reserve_row(player);
            let entries = &reserves[player.index()];
            if entries.is_empty() {
                put(buf, side.x + 2, row, "(empty)", dim, width - 2);
            }
            for (i, (letter, count)) in entries.iter().enumerate() {
                let x = side.x + 2 + i as u16 * RESERVE_ENTRY;
                let chosen = player == to_move && picked == Some(letter.to_ascii_uppercase());
                let style = if chosen {
                    bold.add_modifier(Modifier::REVERSED)
                } else {
                    Style::default()
                };
                let text = format!("{}{count}", letter.to_ascii_uppercase());
                put(buf, x, row, &text, style, side.right().saturating_sub(x));
            }
            y += 2;
        }
    }
    y += 1;
    let status = match app.ending() {
        Some(ending) => (ending, bold.fg(Color::Red)),
        None => match app.thinking() {
            Some(player) => (
                format!(
                    "{} is thinking {}",
                    app.game().current().presentation().side(player),
                    SPINNER[app.frame() % SPINNER.len()]
                ),
                bold.fg(Color::Cyan),
            ),
            None => (
                format!(
                    "{} to move",
                    app.game().current().presentation().side(to_move)
                ),
                bold,
            ),
        },
    };
    let mut lines: Vec<(String, Style)> = wrap(&status.0, width)
        .into_iter()
        .map(|l| (l, status.1))
        .collect();
    if let Some(message) = app.message() {
        lines.extend(
            wrap(message, width)
                .into_iter()
                .map(|l| (l, Style::default().fg(Color::Yellow))),
        );
    }
    for line in position.status_lines() {
        lines.extend(wrap(&line, width).into_iter().map(|l| (l, dim)));
    }
    for (text, style) in lines {
        put(buf, side.x, y, &text, style, width);
        y += 1;
    }
    y += 1;
    if app.legend_shown() {
        let legend = Legend::new(look, width);
        legend.draw(side.x, y, side.bottom(), buf);
        y = y.saturating_add(legend.height() + 1);
    }
    // The heading only with room for a move under it.
    if y.saturating_add(1) >= side.bottom() {
        return;
    }
    put(buf, side.x, y, "Moves", bold, width);
    y += 1;
    let rows = app.move_rows();
    let room = side.bottom().saturating_sub(y) as usize;
    for row in &rows[rows.len().saturating_sub(room)..] {
        put(buf, side.x, y, row, Style::default(), width);
        y += 1;
    }
}

/// The players' lines, Player 2's first as on the board, in `width` columns: the marker of
/// the side to move, the name and who plays it (a person or a bot), and in a timed game the
/// clocks in one column after the longer name. A name that leaves no room for its clock is
/// cut (`…`), never the clock.
fn player_lines<P: Position>(app: &App<P>, width: u16) -> Vec<(Player, String)> {
    let position = app.game().current();
    let look = position.presentation();
    let to_move = position.side_to_move();
    let over = app.ending().is_some();
    let players = [Player::Two, Player::One];
    let names = players.map(|player| {
        let marker = if player == to_move && !over {
            "▶ "
        } else {
            "  "
        };
        let who = app
            .bot(player)
            .map_or("person".to_string(), |bot| format!("bot {bot}"));
        format!("{marker}{} · {who}", look.side(player))
    });
    let Some(clock) = app.clock() else {
        return players.into_iter().zip(names).collect();
    };
    let clocks = players.map(|player| show_time(clock.remaining_now(player, to_move)));
    let clock_width = clocks.iter().map(|c| c.chars().count()).max().unwrap_or(0);
    let longest = names.iter().map(|n| n.chars().count()).max().unwrap_or(0);
    let room = (width as usize).saturating_sub(clock_width + CLOCK_GAP);
    let column = longest.min(room);
    players
        .into_iter()
        .zip(names.iter().zip(&clocks))
        .map(|(player, (name, time))| {
            let gap = " ".repeat(CLOCK_GAP);
            let line = format!("{:<column$}{gap}{time:>clock_width$}", cut(name, column));
            (player, line)
        })
        .collect()
}

/// `text` in at most `width` characters, its end replaced by `…` where it is cut.
fn cut(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let kept: String = text.chars().take(width.saturating_sub(1)).collect();
    if width == 0 {
        kept
    } else {
        format!("{kept}…")
    }
}
