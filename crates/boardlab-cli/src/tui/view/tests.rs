//! The screen drawn into a test terminal: the board, the side panel, the help line.

use super::*;
use boardlab_core::{GameHistory, Presentation};
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
            5 => Command::Answer(next(4) == 0),
            6 if next(3) == 0 => Command::Legend,
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

/// The start of the repository's rules file `rules/<name>`.
fn rules_start(name: &str) -> boardlab_rules::engine::RulesPosition<u64> {
    use boardlab_rules::engine::{RulesOptions, RulesPosition};
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../rules")
        .join(name);
    let game = boardlab_rules::load_file(&path).expect("the repository's rules files load");
    RulesPosition::start(RulesOptions::new(game))
}

/// A timed game of `position` under `control`, Player 1 a bot with a long name.
fn timed<P: Position>(position: P, control: &str) -> App<P> {
    let bot = Some("mcts:iterations=5000,exploration=1.4".to_string());
    App::new(
        GameHistory::new(position),
        [bot, None],
        Some(control.parse().unwrap()),
    )
}

/// Whether `text` is a clock reading `m:ss` (`tenths`: `0:0s.t`).
fn is_clock(text: &str, tenths: bool) -> bool {
    let digits = |t: &str| !t.is_empty() && t.chars().all(|c| c.is_ascii_digit());
    let Some((minutes, seconds)) = text.split_once(':') else {
        return false;
    };
    let (seconds, tenth) = match seconds.split_once('.') {
        Some((s, t)) => (s, Some(t)),
        None => (seconds, None),
    };
    digits(minutes)
        && seconds.len() == 2
        && digits(seconds)
        && tenth.is_some_and(|t| t.len() == 1 && digits(t)) == tenths
}

/// The players' lines of a screen of `look`'s game (each ends with the clock in a timed
/// game).
fn player_lines<'a>(shown: &'a str, look: &Presentation) -> Vec<&'a str> {
    let names = Player::BOTH.map(|p| format!("{} ·", look.side(p)));
    shown
        .lines()
        .filter(|l| names.iter().any(|name| l.contains(name.as_str())))
        .collect()
}

/// The clocks of a timed game's screen are whole and in one format.
fn clocks_fit<P: Position>(position: P) {
    let title = position.presentation().title;
    for (control, tenths) in [("5m+2s", false), ("9s", true)] {
        let app = timed(position, control);
        for (width, height) in [(120, 40), (80, 24)] {
            let shown = text(&screen(&app, width, height));
            let lines = player_lines(&shown, position.presentation());
            assert_eq!(lines.len(), 2, "{title} {width}:\n{shown}");
            for line in lines {
                let clock = line.split_whitespace().last().unwrap();
                assert!(
                    is_clock(clock, tenths),
                    "{title} at {width} columns, {control}: {line:?}\n{shown}"
                );
                assert!(line.ends_with(clock) && line.chars().count() <= width as usize);
            }
        }
    }
}

#[test]
fn both_clocks_are_whole_and_alike_at_120_and_80_columns() {
    clocks_fit(boardlab_games::Obsidian::default());
    clocks_fit(Daisy::default());
    clocks_fit(Sprint::default());
    clocks_fit(Parity::default());
    clocks_fit(rules_start("examples/mini-daisy.toml"));
    // The bot's name gives way to the clocks, cut where it must be.
    let app = timed(Daisy::default(), "5m");
    let shown = text(&screen(&app, 80, 24));
    assert!(shown.contains("bot mcts:iteration…"), "{shown}");
    assert!(shown.contains("5:00"), "{shown}");
}

/// Sends a key to the board as the program does.
fn press<P: Position>(app: &mut App<P>, code: crossterm::event::KeyCode) {
    use crossterm::event::{KeyEvent, KeyModifiers};
    let key = KeyEvent::new(code, KeyModifiers::NONE);
    if let Some(command) = super::super::input::command(key, app.asking()) {
        app.apply(command);
    }
}

/// The bottom row of a screen.
fn footer(shown: &str) -> &str {
    shown.lines().last().unwrap()
}

#[test]
fn esc_twice_asks_before_leaving_and_only_y_leaves() {
    use crossterm::event::KeyCode;
    let mut app = new(Sprint::default());
    press(&mut app, KeyCode::Enter);
    assert_ne!(app.picker().pick(), &Pick::Nothing);
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Esc);
    let shown = text(&screen(&app, 80, 24));
    assert!(!app.quitting(), "still in the game");
    assert_eq!(footer(&shown), LEAVE_QUESTION, "{shown}");
    // n keeps the game: the help line is back.
    press(&mut app, KeyCode::Char('n'));
    let shown = text(&screen(&app, 80, 24));
    assert!(!app.quitting());
    assert!(footer(&shown).ends_with("q quit"), "{shown}");
    // A third Esc asks again, and so does q; y leaves.
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Esc);
    assert!(!app.quitting() && !app.asking());
    press(&mut app, KeyCode::Char('q'));
    assert!(app.asking());
    press(&mut app, KeyCode::Char('y'));
    assert!(app.quitting());
}

/// Whether the help line of `position`'s screen offers drops, at 80 and 120 columns
/// (the same answer at both).
fn offers_drops<P: Position>(position: P) -> bool {
    let app = new(position);
    let [narrow, wide] = [(80, 24), (120, 40)].map(|(w, h)| {
        let shown = text(&screen(&app, w, h));
        let line = footer(&shown);
        assert!(
            line.contains("q quit") && line.contains("? pieces"),
            "{line}"
        );
        line.contains("drop")
    });
    assert_eq!(narrow, wide);
    wide
}

#[test]
fn the_help_line_offers_drops_only_in_games_with_drops() {
    assert!(!offers_drops(boardlab_games::Obsidian::default()));
    assert!(!offers_drops(Sprint::default()));
    assert!(!offers_drops(Parity::default()));
    assert!(offers_drops(Daisy::default()));
    // Rules files say it too.
    assert!(offers_drops(rules_start("examples/mini-daisy.toml")));
    assert!(!offers_drops(rules_start("examples/camel-obsidian.toml")));
}

/// The legend of `app`'s game at `width` x `height`: every kind's two tokens, in their
/// players' colours, then its name; the players named in the same colours.
fn legend_shown<P: Position>(app: &App<P>, width: u16, height: u16) {
    let buf = screen(app, width, height);
    let shown = text(&buf);
    let look = app.game().current().presentation();
    let top = shown.lines().position(|l| l.contains("Pieces (? hides)"));
    let find = |wanted: &str| {
        shown.lines().enumerate().skip(top?).find_map(|(y, line)| {
            line.find(wanted)
                .map(|at| (line[..at].chars().count() as u16, y as u16))
        })
    };
    assert!(shown.contains("Pieces (? hides)"), "{shown}");
    for player in Player::BOTH {
        let name = format!(" {}", look.side(player));
        let (x, y) = find(&name).unwrap_or_else(|| panic!("{name}:\n{shown}"));
        assert_eq!(buf[(x, y)].bg, palette::token(player).bg.unwrap());
    }
    for kind in look.pieces {
        let [one, two] = kind.letters.map(|l| l.to_ascii_uppercase());
        let entry = format!(" {one}  {two}  {}", kind.name);
        let (x, y) = find(&entry).unwrap_or_else(|| panic!("{entry:?}:\n{shown}"));
        for (player, dx) in [(Player::One, 1), (Player::Two, 4)] {
            assert_eq!(buf[(x + dx, y)].bg, palette::token(player).bg.unwrap());
        }
    }
}

#[test]
fn the_legend_names_each_piece_and_whose_it_is() {
    for (width, height) in [(80, 24), (120, 40)] {
        legend_shown(&new(boardlab_games::Obsidian::default()), width, height);
        legend_shown(&new(Sprint::default()), width, height);
        legend_shown(&new(Daisy::default()), width, height);
        legend_shown(
            &new(rules_start("examples/camel-obsidian.toml")),
            width,
            height,
        );
    }
    let shown = text(&screen(
        &new(rules_start("examples/camel-obsidian.toml")),
        120,
        40,
    ));
    assert!(shown.contains("camel"), "{shown}");
    let shown = text(&screen(&new(Sprint::default()), 80, 24));
    assert!(
        shown.contains(" W  B  man"),
        "Sprint's letters differ: {shown}"
    );
    // ? hides it, and the moves take its place.
    let mut app = new(Daisy::default());
    app.apply(Command::Drop('A'));
    app.apply(Command::ChooseAt(at("e1")));
    app.apply(Command::Legend);
    let shown = text(&screen(&app, 80, 24));
    assert!(!shown.contains("Pieces"), "{shown}");
    assert!(shown.contains("1. A@e1"), "{shown}");
}

#[test]
fn words_wrap() {
    assert_eq!(wrap("one two three", 7), vec!["one two", "three"]);
    assert_eq!(wrap("abcdefghij", 4), vec!["abcd", "efgh", "ij"]);
    assert_eq!(wrap("", 5), Vec::<String>::new());
}
