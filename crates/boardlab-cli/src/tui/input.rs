//! Keys into commands: the board's key map, in one pure function, and the help line that
//! lists the keys.

use super::app::Command;
use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

/// The question asked before a game in progress is left.
pub const LEAVE_QUESTION: &str = "Leave this game? y leaves · any other key stays";

/// The help line's entries, in order, with the drop entry only in games with drops.
fn help_entries(drops: bool) -> Vec<&'static str> {
    let mut entries = vec!["arrows/hjkl move", "Enter pick"];
    if drops {
        entries.push("Tab/letter drop");
    }
    entries.extend(["u undo", "? pieces", "Esc back", "q quit"]);
    entries
}

/// The entries left out first when the help line is too wide for the screen.
const LEFT_OUT_FIRST: [&str; 3] = ["Esc back", "arrows/hjkl move", "u undo"];

/// The help line of a game with drops (`drops`) or without, in at most `width` columns where
/// it can: the entries apart by ` · `, else by two spaces, else without the entries that
/// matter least ([`LEFT_OUT_FIRST`]).
pub fn help_line(drops: bool, width: u16) -> String {
    let width = width as usize;
    let mut entries = help_entries(drops);
    let fits = |line: &String| line.chars().count() <= width;
    let line = entries.join(" · ");
    if fits(&line) {
        return line;
    }
    let mut line = entries.join("  ");
    for left_out in LEFT_OUT_FIRST {
        if fits(&line) {
            break;
        }
        entries.retain(|&entry| entry != left_out);
        line = entries.join("  ");
    }
    line
}

/// The command a key asks for, if any. While the board asks whether to leave (`asking`),
/// `y` (or Ctrl-C) answers yes and any other key no. Otherwise arrows and `hjkl` move the
/// cursor, Enter or Space choose, Tab picks a reserve piece, another letter (or any capital)
/// picks a reserve piece by letter, `u` takes back, `?` shows or hides the pieces' legend,
/// Esc drops the pick (or asks to leave), `q` and Ctrl-C ask to leave.
pub fn command(key: KeyEvent, asking: bool) -> Option<Command> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    let control = key.modifiers.contains(KeyModifiers::CONTROL);
    if asking {
        let yes = matches!(key.code, KeyCode::Char('y' | 'Y'))
            || (control && key.code == KeyCode::Char('c'));
        return Some(Command::Answer(yes));
    }
    Some(match key.code {
        KeyCode::Char('c') if control => Command::Quit,
        _ if control => return None,
        KeyCode::Left | KeyCode::Char('h') => Command::Cursor(-1, 0),
        KeyCode::Right | KeyCode::Char('l') => Command::Cursor(1, 0),
        KeyCode::Up | KeyCode::Char('k') => Command::Cursor(0, 1),
        KeyCode::Down | KeyCode::Char('j') => Command::Cursor(0, -1),
        KeyCode::Enter | KeyCode::Char(' ') => Command::Choose,
        KeyCode::Tab => Command::NextDrop,
        KeyCode::Char('u') => Command::Undo,
        KeyCode::Char('q') => Command::Quit,
        KeyCode::Char('?') => Command::Legend,
        KeyCode::Esc => Command::Back,
        KeyCode::Char(c) if c.is_ascii_alphabetic() => Command::Drop(c),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode) -> Option<Command> {
        command(KeyEvent::new(code, KeyModifiers::NONE), false)
    }

    fn answer(code: KeyCode) -> Option<Command> {
        command(KeyEvent::new(code, KeyModifiers::NONE), true)
    }

    #[test]
    fn the_key_map() {
        assert_eq!(key(KeyCode::Up), Some(Command::Cursor(0, 1)));
        assert_eq!(key(KeyCode::Char('j')), Some(Command::Cursor(0, -1)));
        assert_eq!(key(KeyCode::Enter), Some(Command::Choose));
        assert_eq!(key(KeyCode::Char(' ')), Some(Command::Choose));
        assert_eq!(key(KeyCode::Char('u')), Some(Command::Undo));
        assert_eq!(key(KeyCode::Char('q')), Some(Command::Quit));
        assert_eq!(key(KeyCode::Char('?')), Some(Command::Legend));
        assert_eq!(key(KeyCode::Esc), Some(Command::Back));
        assert_eq!(key(KeyCode::Tab), Some(Command::NextDrop));
        // Capitals are reserve letters, even those whose small letter moves the cursor.
        assert_eq!(key(KeyCode::Char('H')), Some(Command::Drop('H')));
        assert_eq!(key(KeyCode::Char('e')), Some(Command::Drop('e')));
        assert_eq!(key(KeyCode::F(5)), None);
        assert_eq!(key(KeyCode::Char('7')), None);
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(command(ctrl_c, false), Some(Command::Quit));
        let ctrl_u = KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL);
        assert_eq!(command(ctrl_u, false), None);
    }

    #[test]
    fn asked_whether_to_leave_only_y_or_ctrl_c_says_yes() {
        assert_eq!(answer(KeyCode::Char('y')), Some(Command::Answer(true)));
        assert_eq!(answer(KeyCode::Char('Y')), Some(Command::Answer(true)));
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(command(ctrl_c, true), Some(Command::Answer(true)));
        for no in [
            KeyCode::Char('n'),
            KeyCode::Esc,
            KeyCode::Char('q'),
            KeyCode::Enter,
        ] {
            assert_eq!(answer(no), Some(Command::Answer(false)), "{no:?}");
        }
        let release = KeyEvent::new_with_kind(
            KeyCode::Char('n'),
            KeyModifiers::NONE,
            KeyEventKind::Release,
        );
        assert_eq!(command(release, true), None);
    }

    #[test]
    fn the_help_line_offers_drops_only_in_games_with_drops_and_fits() {
        let without = help_line(false, 200);
        assert!(!without.contains("drop"), "{without}");
        assert!(without.contains("? pieces") && without.contains("q quit"));
        let with = help_line(true, 200);
        assert!(with.contains("Tab/letter drop"), "{with}");
        for (drops, width) in [(false, 80), (true, 80), (true, 60), (false, 50)] {
            let line = help_line(drops, width);
            assert!(line.chars().count() <= width as usize, "{width}: {line}");
            assert!(
                line.contains("q quit") && line.contains("Enter pick"),
                "{line}"
            );
            assert_eq!(line.contains("drop"), drops, "{line}");
        }
        // At 80 columns a game without drops keeps every entry.
        assert_eq!(help_line(false, 80), without);
    }
}
