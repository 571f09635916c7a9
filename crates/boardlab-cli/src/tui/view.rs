//! Drawing the game into a screen buffer: the board in the colours of the game's
//! presentation, and beside it the players, clocks, reserves, status and moves. Drawing is a
//! pure function of the [`App`]; [`hit`] maps a mouse click back onto the same layout.

use super::app::{App, Command};
use super::input::{LEAVE_QUESTION, help_line};
use super::palette::{self, Shade};
use super::picking::Pick;
use super::side;
use boardlab_core::text::Square;
use boardlab_core::{Player, Position};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};

/// Width of the rank numbers left of the board.
const RANK_LABELS: u16 = 3;
/// The narrowest side panel worth drawing next to a large board.
const SIDE_MIN: u16 = 34;
/// The width of one reserve entry (`H12 `).
pub(super) const RESERVE_ENTRY: u16 = 4;
/// The first row of the reserves in the side panel (after the title, a blank and the two
/// players).
pub(super) const RESERVE_TOP: u16 = 4;

/// Where things are on the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// The top-left corner of square a<top rank>.
    origin: (u16, u16),
    /// A square's width and height in cells.
    cell: (u16, u16),
    /// The board's files and ranks.
    size: (u8, u8),
    /// The side panel.
    pub(super) side: Rect,
}

impl Geometry {
    /// The layout of `position` on `area`: the largest squares that leave room for the side
    /// panel, the board at the left below the title row.
    pub fn of<P: Position>(position: &P, area: Rect) -> Geometry {
        let (files, ranks) = (position.width() as u16, position.height() as u16);
        let fits = |&(w, h): &(u16, u16)| {
            files * w + 2 * RANK_LABELS + SIDE_MIN <= area.width && ranks * h + 4 <= area.height
        };
        let cell = [(7, 3), (5, 2)].into_iter().find(fits).unwrap_or((3, 1));
        let origin = (area.x + RANK_LABELS, area.y + 2);
        let board_right = origin.0 + files * cell.0 + RANK_LABELS;
        let side_x = (board_right + 1).min(area.right());
        Geometry {
            origin,
            cell,
            size: (position.width(), position.height()),
            side: Rect::new(
                side_x,
                area.y + 1,
                area.right() - side_x,
                area.height.saturating_sub(2),
            ),
        }
    }

    /// The screen rectangle of a square.
    fn square(&self, square: Square) -> Rect {
        let row = (self.size.1 - 1 - square.rank) as u16;
        Rect::new(
            self.origin.0 + square.file as u16 * self.cell.0,
            self.origin.1 + row * self.cell.1,
            self.cell.0,
            self.cell.1,
        )
    }

    /// The square at a screen cell, if any.
    fn square_at(&self, column: u16, row: u16) -> Option<Square> {
        let file = column.checked_sub(self.origin.0)? / self.cell.0;
        let from_top = row.checked_sub(self.origin.1)? / self.cell.1;
        (file < self.size.0 as u16 && from_top < self.size.1 as u16)
            .then(|| Square::new(file as u8, self.size.1 - 1 - from_top as u8))
    }

    /// The row of `player`'s reserve entries in the side panel (Player 2's first, as on the
    /// board).
    pub(super) fn reserve_row(&self, player: Player) -> u16 {
        let block = if player == Player::Two { 0 } else { 1 };
        self.side.y + RESERVE_TOP + 2 * block + 1
    }
}

/// What a mouse click at (`column`, `row`) of a screen of size `area` asks for: a square of
/// the board, or a piece of the reserve of the side to move.
pub fn hit<P: Position>(app: &App<P>, area: Rect, column: u16, row: u16) -> Option<Command> {
    let position = app.game().current();
    let geometry = Geometry::of(position, area);
    if let Some(square) = geometry.square_at(column, row) {
        return Some(Command::ChooseAt(square));
    }
    let side = position.side_to_move();
    let reserve = position.reserves()?;
    if row != geometry.reserve_row(side) {
        return None;
    }
    let index = column.checked_sub(geometry.side.x + 2)? / RESERVE_ENTRY;
    let (letter, _) = reserve[side.index()].get(index as usize)?;
    Some(Command::Drop(*letter))
}

/// Draws the whole screen.
pub fn render<P: Position>(app: &App<P>, area: Rect, buf: &mut Buffer) {
    let look = app.game().current().presentation();
    buf.set_style(area, Style::default());
    let title = format!(" boardlab · {} ", look.title);
    put(
        buf,
        area.x,
        area.y,
        &title,
        Style::default().add_modifier(Modifier::BOLD | Modifier::REVERSED),
        area.width,
    );
    let geometry = Geometry::of(app.game().current(), area);
    draw_board(app, &geometry, buf);
    side::draw(app, &geometry, buf);
    if area.height > 0 {
        let (line, style) = if app.asking() {
            (
                LEAVE_QUESTION.to_string(),
                Style::default()
                    .fg(Color::Yellow)
                    .add_modifier(Modifier::BOLD | Modifier::REVERSED),
            )
        } else {
            let drops = app.game().current().reserves().is_some();
            (
                help_line(drops, area.width),
                Style::default().add_modifier(Modifier::DIM),
            )
        };
        put(buf, area.x, area.bottom() - 1, &line, style, area.width);
    }
}

/// Draws the board with its coordinates.
fn draw_board<P: Position>(app: &App<P>, geometry: &Geometry, buf: &mut Buffer) {
    let position = app.game().current();
    let look = position.presentation();
    let (files, ranks) = geometry.size;
    let (cw, ch) = geometry.cell;
    let frame = Rect::new(
        geometry.origin.0 - RANK_LABELS,
        geometry.origin.1 - 1,
        files as u16 * cw + 2 * RANK_LABELS,
        ranks as u16 * ch + 2,
    );
    let coordinates = Style::default()
        .bg(palette::color(look.board.frame))
        .fg(palette::color(look.board.coordinates));
    buf.set_style(frame.intersection(buf.area), coordinates);
    for file in 0..files {
        let label = ((b'a' + file) as char).to_string();
        let x = geometry.origin.0 + file as u16 * cw + cw / 2;
        put(buf, x, frame.y, &label, coordinates, 1);
        put(buf, x, frame.bottom() - 1, &label, coordinates, 1);
    }
    for rank in 0..ranks {
        let area = geometry.square(Square::new(0, rank));
        let y = area.y + ch / 2;
        let label = format!("{:>2}", rank + 1);
        put(buf, frame.x, y, &label, coordinates, 2);
        put(
            buf,
            frame.right() - RANK_LABELS + 1,
            y,
            &label,
            coordinates,
            2,
        );
    }
    let targets = app.picker().targets();
    let path = match app.picker().pick() {
        Pick::Path(path) => path.clone(),
        _ => Vec::new(),
    };
    let last = last_move_squares(app);
    let open = position.open_mark();
    for rank in 0..ranks {
        for file in 0..files {
            let square = Square::new(file, rank);
            let mark = position.square_mark(file, rank);
            let closed = open.is_some_and(|open| mark.is_some_and(|m| m != open && opens(look, m)));
            let mut fill = square_fill(look, mark, file, rank);
            if closed {
                fill = fill.mix(Shade::GREY, 0.6);
            }
            if last.contains(&square) {
                fill = fill.mix(Shade::LAST_MOVE, 0.45);
            }
            if path.contains(&square) {
                fill = fill.mix(Shade::PICKED, 0.6);
            }
            let piece = position.piece_at(file, rank);
            let target = targets.contains(&square);
            if target && piece.is_some() {
                fill = fill.mix(Shade::CAPTURE, 0.55);
            }
            let area = geometry.square(square);
            let base = Style::default().bg(fill.color()).fg(fill.ink().color());
            buf.set_style(area.intersection(buf.area), base);
            let (x, y) = (area.x + cw / 2, area.y + ch / 2);
            match piece {
                Some(letter) => {
                    let owner = look.piece(letter).map_or(Player::One, |(_, owner)| owner);
                    let text = palette::token_text(letter);
                    put(buf, x - 1, y, &text, palette::token(owner), 3);
                }
                None if target => put(
                    buf,
                    x,
                    y,
                    "•",
                    base.fg(Shade::PICKED.color()).add_modifier(Modifier::BOLD),
                    1,
                ),
                None if closed => put(buf, x, y, "×", base, 1),
                None => {}
            }
            if square == app.cursor() {
                let style = base.fg(Shade::CURSOR.color()).add_modifier(Modifier::BOLD);
                put(buf, area.x, y, "[", style, 1);
                put(buf, area.right() - 1, y, "]", style, 1);
            }
        }
    }
}

/// Whether squares of `mark` open and close.
fn opens(look: &boardlab_core::Presentation, mark: char) -> bool {
    look.board
        .marks
        .iter()
        .any(|kind| kind.mark == mark && kind.opens)
}

/// The colour of a square: its mark's fill, else light or dark.
fn square_fill(
    look: &boardlab_core::Presentation,
    mark: Option<char>,
    file: u8,
    rank: u8,
) -> Shade {
    let marked = mark.and_then(|m| look.board.marks.iter().find(|kind| kind.mark == m));
    let hex = match marked {
        Some(kind) => kind.fill,
        None if (file + rank) % 2 == 1 => look.board.light,
        None => look.board.dark,
    };
    Shade::parse(hex)
}

/// The squares the last move named (for a drop, its target).
fn last_move_squares<P: Position>(app: &App<P>) -> Vec<Square> {
    let position = app.game().current();
    app.game()
        .moves()
        .last()
        .and_then(|mv| {
            boardlab_core::text::parse_move_text(
                &mv.to_string(),
                position.width(),
                position.height(),
            )
            .ok()
        })
        .map(|text| text.squares.to_vec())
        .unwrap_or_default()
}

/// Breaks `text` into lines of at most `width` characters, at spaces where it can.
pub(super) fn wrap(text: &str, width: u16) -> Vec<String> {
    let width = width.max(1) as usize;
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let needed = line.chars().count() + usize::from(!line.is_empty()) + word.chars().count();
        if needed > width && !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
        while line.chars().count() > width {
            let rest: String = line.chars().skip(width).collect();
            lines.push(line.chars().take(width).collect());
            line = rest;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Writes `text` at (`x`, `y`) in at most `max` cells, if that is on the buffer at all.
pub(super) fn put(buf: &mut Buffer, x: u16, y: u16, text: &str, style: Style, max: u16) {
    let area = buf.area;
    if y >= area.y && y < area.bottom() && x >= area.x && x < area.right() {
        buf.set_stringn(x, y, text, max as usize, style);
    }
}

#[cfg(test)]
mod tests;
