//! Drawing the game into a screen buffer: the board in the colours of the game's
//! presentation, and beside it the players, clocks, reserves, status and moves. Drawing is a
//! pure function of the [`App`]; [`hit`] maps a mouse click back onto the same layout.

use super::app::{App, Command};
use super::input::KEYS;
use super::palette::{self, Shade};
use super::picking::Pick;
use crate::commands::play_clock::show_time;
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
const RESERVE_ENTRY: u16 = 4;
/// The first row of the reserves in the side panel (after the title, a blank and the two
/// players).
const RESERVE_TOP: u16 = 4;
/// The frames of the thinking indicator.
const SPINNER: [char; 10] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

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
    side: Rect,
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
    fn reserve_row(&self, player: Player) -> u16 {
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
    draw_side(app, &geometry, buf);
    if area.height > 0 {
        put(
            buf,
            area.x,
            area.bottom() - 1,
            KEYS,
            Style::default().add_modifier(Modifier::DIM),
            area.width,
        );
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
                    let (chip, ink) = match owner {
                        Player::One => (Shade::TOKEN_ONE, Shade::TOKEN_TWO),
                        Player::Two => (Shade::TOKEN_TWO, Shade::TOKEN_ONE),
                    };
                    let style = Style::default()
                        .bg(chip.color())
                        .fg(ink.color())
                        .add_modifier(Modifier::BOLD);
                    let text = format!(" {} ", letter.to_ascii_uppercase());
                    put(buf, x - 1, y, &text, style, 3);
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

/// Draws the side panel: players and clocks, reserves, the status, the message, the game's
/// own status lines and the moves.
fn draw_side<P: Position>(app: &App<P>, geometry: &Geometry, buf: &mut Buffer) {
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
    for (row, player) in [Player::Two, Player::One].into_iter().enumerate() {
        let marker = if player == to_move && !over {
            "▶ "
        } else {
            "  "
        };
        let who = app
            .bot(player)
            .map_or("person".to_string(), |bot| format!("bot {bot}"));
        let mut text = format!("{marker}{} · {who}", look.side(player));
        if let Some(clock) = app.clock() {
            text.push_str(&format!(
                "  {}",
                show_time(clock.remaining_now(player, to_move))
            ));
        }
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
    if y >= side.bottom() {
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

/// Breaks `text` into lines of at most `width` characters, at spaces where it can.
fn wrap(text: &str, width: u16) -> Vec<String> {
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
fn put(buf: &mut Buffer, x: u16, y: u16, text: &str, style: Style, max: u16) {
    let area = buf.area;
    if y >= area.y && y < area.bottom() && x >= area.x && x < area.right() {
        buf.set_stringn(x, y, text, max as usize, style);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_core::GameHistory;
    use boardlab_games::{Daisy, Parity, Sprint};
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    /// The screen of `app` on a terminal of `width` x `height`, drawn as the program draws it.
    fn screen<P: Position>(app: &App<P>, width: u16, height: u16) -> Buffer {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal
            .draw(|frame| render(app, frame.area(), frame.buffer_mut()))
            .unwrap();
        terminal.backend().buffer().clone()
    }

    /// The characters of a buffer, a line per row.
    fn text(buf: &Buffer) -> String {
        let area = buf.area;
        (area.y..area.bottom())
            .map(|y| {
                (area.x..area.right())
                    .map(|x| buf[(x, y)].symbol())
                    .collect::<String>()
                    .trim_end()
                    .to_string()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn new<P: Position>(position: P) -> App<P> {
        App::new(GameHistory::new(position), [None, None], None)
    }

    fn at(text: &str) -> Square {
        boardlab_core::text::parse_move_text(text, 9, 9)
            .unwrap()
            .squares[0]
    }

    /// The background of the middle of `square`'s cell.
    fn fill_of<P: Position>(app: &App<P>, buf: &Buffer, square: Square, dx: u16) -> Color {
        let geometry = Geometry::of(app.game().current(), buf.area);
        let area = geometry.square(square);
        buf[(area.x + dx, area.y + area.height / 2)].bg
    }

    #[test]
    fn sprint_board_targets_last_move_and_move_list() {
        let mut app = new(Sprint::default());
        let buf = screen(&app, 80, 24);
        let shown = text(&buf);
        assert!(shown.contains("boardlab · Sprint"), "{shown}");
        assert!(shown.contains("White (Player 1) to move"), "{shown}");
        assert!(shown.contains("[ W ]"), "the cursor on b2:\n{shown}");
        assert!(shown.contains("q quit"), "{shown}");
        // The squares take the presentation's colours: a1 dark, b1 light.
        let look = app.game().current().presentation();
        assert_eq!(
            fill_of(&app, &buf, at("b1"), 0),
            palette::color(look.board.light)
        );
        assert_eq!(
            fill_of(&app, &buf, at("a3"), 0),
            palette::color(look.board.dark)
        );
        // Picking b2 marks its targets with dots.
        app.apply(Command::Choose);
        let shown = text(&screen(&app, 80, 24));
        assert_eq!(shown.matches('•').count(), 2, "{shown}");
        app.apply(Command::ChooseAt(at("c3")));
        let buf = screen(&app, 80, 24);
        let shown = text(&buf);
        assert!(shown.contains("1. b2c3"), "{shown}");
        assert!(shown.contains("Black (Player 2) to move"), "{shown}");
        assert_ne!(
            fill_of(&app, &buf, at("b2"), 0),
            palette::color(look.board.dark),
            "the last move is marked"
        );
        // A click on the board picks the square under it.
        let geometry = Geometry::of(app.game().current(), buf.area);
        let b6 = geometry.square(at("b6"));
        assert_eq!(
            hit(&app, buf.area, b6.x, b6.y),
            Some(Command::ChooseAt(at("b6")))
        );
        assert_eq!(hit(&app, buf.area, 0, 0), None);
    }

    #[test]
    fn parity_spaces_in_their_colours_and_closed_ones_crossed() {
        let app = new(Parity::default());
        let buf = screen(&app, 100, 30);
        let shown = text(&buf);
        let position = app.game().current();
        let open = position.open_mark().unwrap();
        let look = position.presentation();
        let mut closed = 0;
        for rank in 0..position.height() {
            for file in 0..position.width() {
                let mark = position.square_mark(file, rank).unwrap();
                let fill = look
                    .board
                    .marks
                    .iter()
                    .find(|k| k.mark == mark)
                    .unwrap()
                    .fill;
                let square = Square::new(file, rank);
                let shown_fill = fill_of(&app, &buf, square, 0);
                if opens(look, mark) && mark != open {
                    closed += 1;
                    assert_ne!(shown_fill, palette::color(fill), "{square} closed");
                } else if !app.picker().movable().contains(&square) && square != app.cursor() {
                    assert_eq!(shown_fill, palette::color(fill), "{square}");
                }
            }
        }
        assert!(closed > 0);
        assert!(shown.contains('×'), "{shown}");
        assert!(shown.contains("spaces are open"), "{shown}");
    }

    #[test]
    fn daisy_reserves_are_shown_and_clicked() {
        let app = new(Daisy::default());
        let area = Rect::new(0, 0, 100, 30);
        let shown = text(&screen(&app, area.width, area.height));
        assert!(shown.contains("Light (Player 1) reserve:"), "{shown}");
        assert!(shown.contains("A1  B1  C1  D2"), "{shown}");
        let geometry = Geometry::of(app.game().current(), area);
        let row = geometry.reserve_row(Player::One);
        let x = geometry.side.x + 2 + RESERVE_ENTRY * 3;
        assert_eq!(hit(&app, area, x, row), Some(Command::Drop('D')));
        // Only the side to move's reserve answers.
        assert_eq!(hit(&app, area, x, geometry.reserve_row(Player::Two)), None);
    }

    #[test]
    fn any_size_draws_without_panic() {
        let mut app = new(Daisy::default());
        app.say("a message long enough to be wrapped over several lines of a narrow panel");
        for (w, h) in [(1, 1), (10, 3), (30, 10), (40, 12), (80, 24), (200, 60)] {
            screen(&app, w, h);
            let area = Rect::new(0, 0, w, h);
            for (x, y) in [(0, 0), (w - 1, h - 1), (w / 2, h / 2)] {
                let _ = hit(&app, area, x, y);
            }
        }
    }

    /// Random commands, clicks anywhere and redraws at random sizes never panic, in any game.
    fn fuzz<P: Position>(start: P) {
        let mut app = App::new(GameHistory::new(start), [None, None], None);
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        for _ in 0..3000 {
            let area = Rect::new(0, 0, 1 + next(140) as u16, 1 + next(50) as u16);
            let command = match next(9) {
                0 => Command::Cursor(next(3) as i8 - 1, next(3) as i8 - 1),
                1 | 2 => Command::Choose,
                3 => Command::Drop((b'A' + next(26) as u8) as char),
                4 => Command::NextDrop,
                5 if next(10) == 0 => Command::Undo,
                6 => Command::Back,
                _ => match hit(&app, area, next(140) as u16, next(50) as u16) {
                    Some(command) => command,
                    None => continue,
                },
            };
            app.apply(command);
            let mut buf = Buffer::empty(area);
            render(&app, area, &mut buf);
        }
    }

    #[test]
    fn no_command_panics() {
        fuzz(boardlab_games::Obsidian::default());
        fuzz(Daisy::default());
        fuzz(Sprint::default());
        fuzz(Parity::default());
    }

    #[test]
    fn words_wrap() {
        assert_eq!(wrap("one two three", 7), vec!["one two", "three"]);
        assert_eq!(wrap("abcdefghij", 4), vec!["abcd", "efgh", "ij"]);
        assert_eq!(wrap("", 5), Vec::<String>::new());
    }
}
