//! Keys into commands: the board's key map, in one pure function.

use super::app::Command;
use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

/// The keys, for the help line and the README.
pub const KEYS: &str =
    "arrows/hjkl move · Enter pick · Tab/letter drop · u undo · Esc back · q quit";

/// The command a key asks for, if any: arrows and `hjkl` move the cursor, Enter or Space
/// choose, Tab picks a reserve piece, another letter (or any capital) picks a reserve piece
/// by letter, `u` takes back, Esc drops the pick (or leaves), `q` and Ctrl-C leave.
pub fn command(key: KeyEvent) -> Option<Command> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    let control = key.modifiers.contains(KeyModifiers::CONTROL);
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
        KeyCode::Esc => Command::Back,
        KeyCode::Char(c) if c.is_ascii_alphabetic() => Command::Drop(c),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode) -> Option<Command> {
        command(KeyEvent::new(code, KeyModifiers::NONE))
    }

    #[test]
    fn the_key_map() {
        assert_eq!(key(KeyCode::Up), Some(Command::Cursor(0, 1)));
        assert_eq!(key(KeyCode::Char('j')), Some(Command::Cursor(0, -1)));
        assert_eq!(key(KeyCode::Enter), Some(Command::Choose));
        assert_eq!(key(KeyCode::Char(' ')), Some(Command::Choose));
        assert_eq!(key(KeyCode::Char('u')), Some(Command::Undo));
        assert_eq!(key(KeyCode::Char('q')), Some(Command::Quit));
        assert_eq!(key(KeyCode::Esc), Some(Command::Back));
        assert_eq!(key(KeyCode::Tab), Some(Command::NextDrop));
        // Capitals are reserve letters, even those whose small letter moves the cursor.
        assert_eq!(key(KeyCode::Char('H')), Some(Command::Drop('H')));
        assert_eq!(key(KeyCode::Char('e')), Some(Command::Drop('e')));
        assert_eq!(key(KeyCode::F(5)), None);
        assert_eq!(key(KeyCode::Char('7')), None);
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(command(ctrl_c), Some(Command::Quit));
        let ctrl_u = KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL);
        assert_eq!(command(ctrl_u), None);
    }
}
