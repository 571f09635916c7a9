//! Game records: the PGN-style text of SPEC.md, written from a [`GameHistory`] and read back
//! by replaying (and so checking) every move.
//!
//! ```text
//! [Game "sprint"]
//! [Rules "backward_captures=false"]
//! [Player1 "alphabeta:depth=4"]
//! [Player2 "random"]
//! [Result "1-0"]
//! [Termination "White (Player 1) wins: a piece reached Black (Player 2)'s home rank"]
//!
//! 1. b2a3 e5f4 2. ...
//! ```

use crate::history::GameHistory;
use crate::outcome::Outcome;
use crate::player::Player;
use crate::position::Position;
use crate::rules::RuleOptions;
use crate::words::quoted;
use std::fmt::{self, Write};
use thiserror::Error;

/// A record that could not be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    /// A line of the tag section is not `[Name "value"]`.
    #[error(
        "line {line}: malformed tag {}: expected [Name \"value\"]",
        quoted(text)
    )]
    MalformedTag {
        /// The line number, from 1.
        line: usize,
        /// The text of the line.
        text: String,
    },
    /// The record is for another game than the one asked for.
    #[error("the record is a game of {}, not of {expected}", quoted(found))]
    WrongGame {
        /// The game id the reader expected.
        expected: &'static str,
        /// The `Game` tag of the record.
        found: String,
    },
    /// The `Rules` or `Position` tag could not be used.
    #[error("record tag {tag}: {problem}")]
    BadTag {
        /// The tag's name.
        tag: &'static str,
        /// What is wrong with it.
        problem: String,
    },
    /// A move could not be played.
    #[error("record move {number} ({}): {problem}", quoted(text))]
    BadMove {
        /// The move's number in the record, counting plies from 1.
        number: usize,
        /// The move text.
        text: String,
        /// Why it cannot be played.
        problem: String,
    },
    /// A word among the moves begins with `[`, as only a tag does: tags come before the
    /// moves (a file of several records starts each with its tags).
    #[error(
        "record move {number} ({}): a word that begins with '[' is a tag, and tags come before the moves",
        quoted(text)
    )]
    TagAmongMoves {
        /// The word's place among the moves, counting plies from 1.
        number: usize,
        /// The word.
        text: String,
    },
    /// The `Result` tag contradicts the end the rules reached.
    #[error(
        "the record says the result is {} but the moves end the game {actual}",
        quoted(tag)
    )]
    WrongResult {
        /// The result tag.
        tag: String,
        /// The result the replay reached.
        actual: String,
    },
}

/// The result of a recorded game, as the `Result` tag writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RecordResult {
    /// The player won (`1-0` or `0-1`).
    Win(Player),
    /// A draw (`1/2-1/2`).
    Draw,
    /// The game is not finished (`*`).
    Unfinished,
}

impl RecordResult {
    /// The tag text: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub fn text(self) -> &'static str {
        match self {
            RecordResult::Win(Player::One) => "1-0",
            RecordResult::Win(Player::Two) => "0-1",
            RecordResult::Draw => "1/2-1/2",
            RecordResult::Unfinished => "*",
        }
    }

    /// The result of a game that ended so.
    pub fn from_outcome(outcome: &Outcome) -> RecordResult {
        match outcome.winner() {
            Some(player) => RecordResult::Win(player),
            None => RecordResult::Draw,
        }
    }

    /// The result with the tag text `text`, if it is one.
    pub fn from_text(text: &str) -> Option<RecordResult> {
        match text.trim() {
            "1-0" => Some(RecordResult::Win(Player::One)),
            "0-1" => Some(RecordResult::Win(Player::Two)),
            "1/2-1/2" => Some(RecordResult::Draw),
            "*" => Some(RecordResult::Unfinished),
            _ => None,
        }
    }
}

/// One game as text: its tag pairs in order and its moves in the game's notation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameRecord {
    /// The tag pairs, `(name, value)`, in the order they are written.
    pub tags: Vec<(String, String)>,
    /// The moves, one text per ply.
    pub moves: Vec<String>,
}

impl GameRecord {
    /// The record of `history`, with the players' names, the result and how the game ended
    /// (the `Termination` tag: the rules' outcome in words, or an adjudication). When the
    /// rules have ended the game, the result is theirs whatever `result` says, so that the
    /// record replays.
    pub fn from_history<P: Position>(
        history: &GameHistory<P>,
        player1: &str,
        player2: &str,
        result: RecordResult,
        termination: &str,
    ) -> GameRecord {
        let result = history
            .outcome()
            .map_or(result, |outcome| RecordResult::from_outcome(&outcome));
        let start = history.start();
        let rules = start.rules();
        let mut tags = vec![("Game".to_string(), start.game_id().to_string())];
        if *start != P::start(rules) {
            tags.push(("Position".to_string(), start.to_string()));
        }
        tags.push(("Rules".to_string(), rules.describe()));
        tags.push(("Player1".to_string(), player1.to_string()));
        tags.push(("Player2".to_string(), player2.to_string()));
        tags.push(("Result".to_string(), result.text().to_string()));
        tags.push(("Termination".to_string(), termination.to_string()));
        GameRecord {
            tags,
            moves: history.moves().iter().map(|m| m.to_string()).collect(),
        }
    }

    /// The value of the tag `name`, if the record has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Reads one record. Move numbers (`1.`, `1...`), a trailing result and `{comments}`
    /// are skipped; the moves are not checked until [`replay`](GameRecord::replay).
    pub fn parse(text: &str) -> Result<GameRecord, RecordError> {
        let mut record = GameRecord::default();
        let mut movetext = String::new();
        for (index, line) in text.lines().enumerate() {
            let trimmed = line.trim();
            if trimmed.starts_with('[') && movetext.trim().is_empty() {
                record
                    .tags
                    .push(parse_tag(trimmed).ok_or_else(|| RecordError::MalformedTag {
                        line: index + 1,
                        text: trimmed.to_string(),
                    })?);
            } else {
                movetext.push_str(trimmed);
                movetext.push(' ');
            }
        }
        record.moves = move_tokens(&movetext);
        // Written out, such a word could begin a line and be taken for the next record's tags.
        if let Some((index, word)) = record
            .moves
            .iter()
            .enumerate()
            .find(|(_, word)| word.starts_with('['))
        {
            return Err(RecordError::TagAmongMoves {
                number: index + 1,
                text: word.clone(),
            });
        }
        if let Some(result) = record.tag("Result")
            && RecordResult::from_text(result).is_none()
        {
            return Err(RecordError::BadTag {
                tag: "Result",
                problem: format!(
                    "{} is not a result; use 1-0, 0-1, 1/2-1/2 or *",
                    quoted(result)
                ),
            });
        }
        Ok(record)
    }

    /// Reads every record of a file (records follow each other, each starting with tags);
    /// the first record that cannot be read is the error.
    pub fn parse_all(text: &str) -> Result<Vec<GameRecord>, RecordError> {
        GameRecord::parse_each(text)
            .into_iter()
            .map(|entry| entry.record)
            .collect()
    }

    /// Reads each record of a file on its own, so that a bad one does not hide the others:
    /// every record with its number and first line, and the record or why it cannot be
    /// read (a malformed tag's line is counted in the file).
    pub fn parse_each(text: &str) -> Vec<FileRecord> {
        split_records(text)
            .into_iter()
            .enumerate()
            .map(|(index, (line, text))| FileRecord {
                number: index + 1,
                line,
                record: GameRecord::parse(&text).map_err(|error| match error {
                    RecordError::MalformedTag { line: inner, text } => RecordError::MalformedTag {
                        line: line + inner - 1,
                        text,
                    },
                    other => other,
                }),
            })
            .collect()
    }

    /// Replays the record of a built-in game under its default rule options changed by its
    /// `Rules` tag.
    pub fn replay<P: Position<Rules: Default>>(&self) -> Result<GameHistory<P>, RecordError> {
        self.replay_with(P::Rules::default())
    }

    /// Replays the record: checks the game, applies the `Rules` tag on top of `base` (which
    /// carries what the tags cannot, such as a Parity board layout), starts from the
    /// `Position` tag or the start position, plays and checks every move, and checks that the
    /// `Result` tag agrees with any end the rules reached.
    pub fn replay_with<P: Position>(&self, base: P::Rules) -> Result<GameHistory<P>, RecordError> {
        let game = self.tag("Game").unwrap_or_default();
        if game != base.game() {
            return Err(RecordError::WrongGame {
                expected: base.game(),
                found: game.to_string(),
            });
        }
        let mut rules = base;
        for assignment in self.tag("Rules").unwrap_or_default().split_whitespace() {
            rules.apply(assignment).map_err(|e| RecordError::BadTag {
                tag: "Rules",
                problem: e.to_string(),
            })?;
        }
        let start = match self.tag("Position") {
            Some(text) => P::from_text(text, rules).map_err(|e| RecordError::BadTag {
                tag: "Position",
                problem: e.to_string(),
            })?,
            None => P::start(rules),
        };
        let mut history = GameHistory::new(start);
        for (index, text) in self.moves.iter().enumerate() {
            history.play_text(text).map_err(|e| RecordError::BadMove {
                number: index + 1,
                text: text.clone(),
                problem: e.to_string(),
            })?;
        }
        if let (Some(outcome), Some(tag)) = (history.outcome(), self.tag("Result"))
            && tag != outcome.score_text()
        {
            return Err(RecordError::WrongResult {
                tag: tag.to_string(),
                actual: outcome.score_text().to_string(),
            });
        }
        Ok(history)
    }
}

/// One record of a file, as [`GameRecord::parse_each`] reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileRecord {
    /// Its place among the file's records, from 1.
    pub number: usize,
    /// The file's line it starts on, from 1.
    pub line: usize,
    /// The record, or why it cannot be read.
    pub record: Result<GameRecord, RecordError>,
}

/// The records of a file, each as its first line's number and its text: a record ends
/// where a tag line follows a line of moves.
fn split_records(text: &str) -> Vec<(usize, String)> {
    let mut records = Vec::new();
    let mut current = String::new();
    let mut first_line = 1;
    let mut in_moves = false;
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.starts_with('[') && in_moves {
            records.push((first_line, std::mem::take(&mut current)));
            in_moves = false;
        }
        if current.trim().is_empty() {
            // Blank lines before a record belong to no record: it starts at its first
            // written line.
            current.clear();
            first_line = index + 1;
        }
        if !trimmed.is_empty() && !trimmed.starts_with('[') {
            in_moves = true;
        }
        current.push_str(line);
        current.push('\n');
    }
    if !current.trim().is_empty() {
        records.push((first_line, current));
    }
    records
}

/// Reads `[Name "value"]`; a value may hold `\"` and `\\`.
fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let quoted = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        value.push(if c == '\\' { chars.next()? } else { c });
    }
    Some((name.to_string(), value))
}

/// The move tokens of a movetext: numbers, results and comments removed.
fn move_tokens(movetext: &str) -> Vec<String> {
    let mut without_comments = String::new();
    let mut depth = 0usize;
    for c in movetext.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            _ if depth == 0 => without_comments.push(c),
            _ => without_comments.push(' '),
        }
    }
    without_comments
        .split_whitespace()
        .filter_map(|token| {
            // "12." or "12..." alone, or glued to the move as in "12.e2e4"; every number
            // that begins the token goes ("1.8." is no move), so that no move read looks
            // like a number when it is written.
            let mut token = token;
            loop {
                let rest = token.trim_start_matches(|c: char| c.is_ascii_digit());
                if rest.len() < token.len() && rest.starts_with('.') {
                    token = rest.trim_start_matches('.');
                } else {
                    break;
                }
            }
            (!token.is_empty() && RecordResult::from_text(token).is_none())
                .then(|| token.to_string())
        })
        .collect()
}

impl fmt::Display for GameRecord {
    /// The record as text: tags, a blank line, the numbered moves wrapped near 80 columns
    /// and the result, then a blank line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, value) in &self.tags {
            let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
            writeln!(f, "[{name} \"{escaped}\"]")?;
        }
        writeln!(f)?;
        // Who moved first decides the numbering: "1... m" when Player 2 began.
        let first_two = self
            .tag("Position")
            .and_then(|p| p.split_whitespace().nth(1))
            .is_some_and(|side| side == "2");
        let mut tokens = Vec::new();
        for (index, mv) in self.moves.iter().enumerate() {
            let ply = index + usize::from(first_two);
            let number = ply / 2 + 1;
            if ply % 2 == 0 {
                tokens.push(format!("{number}. {mv}"));
            } else if index == 0 {
                tokens.push(format!("{number}... {mv}"));
            } else {
                tokens.push(mv.clone());
            }
        }
        // Only a standard result ends the move text, so that what is written reads back.
        let result = self
            .tag("Result")
            .and_then(RecordResult::from_text)
            .unwrap_or(RecordResult::Unfinished);
        tokens.push(result.text().to_string());
        let mut line = String::new();
        for token in tokens {
            if !line.is_empty() && line.len() + 1 + token.len() > 79 {
                writeln!(f, "{line}")?;
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            let _ = write!(line, "{token}");
        }
        writeln!(f, "{line}")?;
        writeln!(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_tag_must_be_a_result_and_what_is_written_reads_back() {
        let error = GameRecord::parse("[Game \"sprint\"]\n[Result \"x\"]\n\n*\n").unwrap_err();
        assert!(error.to_string().contains("'x' is not a result"), "{error}");
        // A record built in code with a bad tag is written with '*' and reads back.
        let record = GameRecord {
            tags: vec![
                ("Game".to_string(), "sprint".to_string()),
                ("Result".to_string(), "x".to_string()),
            ],
            moves: vec!["b2c3".to_string()],
        };
        let text = record.to_string();
        assert!(text.contains("1. b2c3 *"), "{text}");
        let mut fixed = record.clone();
        fixed.tags[1].1 = "*".to_string();
        assert_eq!(
            GameRecord::parse(&text.replace("\"x\"", "\"*\"")).unwrap(),
            fixed
        );
    }

    #[test]
    fn tags_and_move_tokens_are_read() {
        let text = "[Game \"sprint\"]\n[Player1 \"a \\\"b\\\"\"]\n\n1. a1b2 {a comment} b6a5 2.c1d2 1...x 1-0\n";
        let record = GameRecord::parse(text).unwrap();
        assert_eq!(record.tag("Game"), Some("sprint"));
        assert_eq!(record.tag("Player1"), Some("a \"b\""));
        assert_eq!(record.moves, ["a1b2", "b6a5", "c1d2", "x"]);
        assert!(GameRecord::parse("[Game sprint]\n").is_err());
    }

    #[test]
    fn a_move_that_would_be_written_as_a_move_number_is_not_read() {
        // Found by the `record` fuzz target: "1.8." was read as the move "8.", which is
        // written as a move number and so did not read back.
        let text = "[Game \"parity\"]\n\n1.8. b5b4 2..3. a2a3 *\n";
        let record = GameRecord::parse(text).unwrap();
        assert_eq!(record.moves, ["b5b4", "a2a3"]);
        let written = record.to_string();
        assert_eq!(GameRecord::parse(&written).unwrap(), record, "{written}");
    }

    #[test]
    fn a_tag_among_the_moves_is_refused() {
        // Found by the `record` fuzz target: a move word "[x" was read, but written out it
        // could begin a line, and `parse_all` then took it for the next record's tags.
        let text = "[Game \"sprint\"]\n\n1. b2a3 [x e5f4 *\n";
        assert_eq!(
            GameRecord::parse(text),
            Err(RecordError::TagAmongMoves {
                number: 2,
                text: "[x".to_string()
            })
        );
        let late_tag = "[Game \"sprint\"]\n\n1. b2a3\n[Result \"*\"]\ne5f4 *\n";
        let error = GameRecord::parse(late_tag).unwrap_err().to_string();
        assert!(error.contains("tags come before the moves"), "{error}");
        // Two records in one file still read as two.
        let two = "[Game \"sprint\"]\n\n1. b2a3 *\n\n[Game \"sprint\"]\n\n1. b2c3 *\n";
        assert_eq!(GameRecord::parse_all(two).unwrap().len(), 2);
    }

    #[test]
    fn results_round_trip() {
        for r in [
            RecordResult::Win(Player::One),
            RecordResult::Win(Player::Two),
            RecordResult::Draw,
            RecordResult::Unfinished,
        ] {
            assert_eq!(RecordResult::from_text(r.text()), Some(r));
        }
    }
}
