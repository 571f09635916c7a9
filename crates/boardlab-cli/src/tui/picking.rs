//! Choosing a move square by square, for any game: the legal moves' texts (SPEC.md) say
//! which squares a move names, so a piece is picked, then its landing squares in turn (or
//! only the last one, when that leaves one move), and a drop is a reserve letter, then a
//! square.

use boardlab_core::text::{Square, parse_move_text};

/// A legal move as the squares it names.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Shape {
    /// The move's text, which plays it.
    text: String,
    /// The reserve letter of a drop (uppercase), else `None`.
    drop: Option<char>,
    /// The squares named: the start and the landing squares of a board move, the target of
    /// a drop.
    squares: Vec<Square>,
}

/// What has been picked so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pick {
    /// Nothing.
    Nothing,
    /// A reserve piece to drop (its letter, uppercase).
    Drop(char),
    /// A piece and the landing squares chosen for it so far.
    Path(Vec<Square>),
}

/// The result of choosing a square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// The move with this text is complete: play it.
    Play(String),
    /// The square was added to the pick; more squares are needed.
    Picked,
    /// The pick was dropped (the square chosen twice, or a square that fits no move).
    Cleared,
    /// No legal move starts on this square.
    NoMoveFrom(Square),
    /// Several moves of the picked piece end on this square: their landing squares must
    /// be chosen in turn.
    Ambiguous(Square),
}

/// The legal moves of the position on screen and what has been picked of one of them.
#[derive(Clone, Debug)]
pub struct Picker {
    moves: Vec<Shape>,
    pick: Pick,
}

impl Picker {
    /// A picker for the moves whose texts are `texts`, on a board `width` x `height`;
    /// texts that name no square are left out.
    pub fn new(texts: &[String], width: u8, height: u8) -> Picker {
        let moves = texts
            .iter()
            .filter_map(|text| {
                let parsed = parse_move_text(text, width, height).ok()?;
                Some(Shape {
                    text: text.clone(),
                    drop: parsed.drop.map(|c| c.to_ascii_uppercase()),
                    squares: parsed.squares.to_vec(),
                })
            })
            .collect();
        Picker {
            moves,
            pick: Pick::Nothing,
        }
    }

    /// What has been picked.
    pub fn pick(&self) -> &Pick {
        &self.pick
    }

    /// Forgets the pick.
    pub fn clear(&mut self) {
        self.pick = Pick::Nothing;
    }

    /// The board moves that start with `path`.
    fn following<'a>(&'a self, path: &'a [Square]) -> impl Iterator<Item = &'a Shape> + 'a {
        self.moves
            .iter()
            .filter(move |m| m.drop.is_none() && m.squares.starts_with(path))
    }

    /// The squares a piece can move from.
    pub fn movable(&self) -> Vec<Square> {
        let mut squares: Vec<Square> = self
            .following(&[])
            .filter_map(|m| m.squares.first().copied())
            .collect();
        squares.sort();
        squares.dedup();
        squares
    }

    /// The reserve letters that can be dropped (uppercase), in the order of the moves.
    pub fn drop_letters(&self) -> Vec<char> {
        let mut letters: Vec<char> = self.moves.iter().filter_map(|m| m.drop).collect();
        letters.sort();
        letters.dedup();
        letters
    }

    /// The squares that continue or complete the pick: the next landing squares and the
    /// last ones of the picked piece's moves, or the targets of the picked drop.
    pub fn targets(&self) -> Vec<Square> {
        let mut squares: Vec<Square> = match &self.pick {
            Pick::Nothing => Vec::new(),
            Pick::Drop(letter) => self
                .moves
                .iter()
                .filter(|m| m.drop == Some(*letter))
                .filter_map(|m| m.squares.first().copied())
                .collect(),
            Pick::Path(path) => self
                .following(path)
                .flat_map(|m| [m.squares.get(path.len()), m.squares.last()])
                .flatten()
                .copied()
                .collect(),
        };
        squares.sort();
        squares.dedup();
        squares
    }

    /// Picks the reserve piece `letter` (either case) to drop; false when no drop of it is
    /// legal.
    pub fn choose_drop(&mut self, letter: char) -> bool {
        let letter = letter.to_ascii_uppercase();
        if self.drop_letters().contains(&letter) {
            self.pick = Pick::Drop(letter);
            true
        } else {
            false
        }
    }

    /// Picks the next droppable letter after the one picked (Tab), if the game has drops.
    pub fn next_drop(&mut self) -> Option<char> {
        let letters = self.drop_letters();
        let next = match &self.pick {
            Pick::Drop(letter) => letters
                .iter()
                .position(|l| l == letter)
                .map_or(0, |i| (i + 1) % letters.len()),
            _ => 0,
        };
        let letter = *letters.get(next)?;
        self.pick = Pick::Drop(letter);
        Some(letter)
    }

    /// Chooses `square`: a piece to move, the next landing square, the last square of a
    /// move, or the target of the picked drop.
    pub fn choose(&mut self, square: Square) -> Choice {
        match std::mem::replace(&mut self.pick, Pick::Nothing) {
            Pick::Nothing => self.start_at(square),
            Pick::Drop(letter) => {
                let drop = self
                    .moves
                    .iter()
                    .find(|m| m.drop == Some(letter) && m.squares.first() == Some(&square));
                match drop {
                    Some(m) => Choice::Play(m.text.clone()),
                    None => self.start_at(square),
                }
            }
            Pick::Path(path) => self.extend(path, square),
        }
    }

    /// Starts a new pick at `square`.
    fn start_at(&mut self, square: Square) -> Choice {
        if self.following(&[square]).next().is_some() {
            self.pick = Pick::Path(vec![square]);
            Choice::Picked
        } else {
            Choice::NoMoveFrom(square)
        }
    }

    /// Continues the pick `path` with `square`.
    fn extend(&mut self, path: Vec<Square>, square: Square) -> Choice {
        if path == [square] {
            return Choice::Cleared;
        }
        let mut longer = path.clone();
        longer.push(square);
        let continuing: Vec<&Shape> = self.following(&longer).collect();
        if !continuing.is_empty() {
            let complete = continuing.iter().find(|m| m.squares.len() == longer.len());
            let one_move = continuing.iter().all(|m| m.text == continuing[0].text);
            if let Some(m) = complete.or(one_move.then(|| &continuing[0])) {
                return Choice::Play(m.text.clone());
            }
            self.pick = Pick::Path(longer);
            return Choice::Picked;
        }
        let ending: Vec<&Shape> = self
            .following(&path)
            .filter(|m| m.squares.last() == Some(&square))
            .collect();
        match ending.as_slice() {
            [m] => Choice::Play(m.text.clone()),
            [_, ..] => {
                self.pick = Pick::Path(path);
                Choice::Ambiguous(square)
            }
            [] if self.following(&[square]).next().is_some() => {
                self.pick = Pick::Path(vec![square]);
                Choice::Picked
            }
            [] => Choice::Cleared,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(text: &str) -> Square {
        parse_move_text(text, 9, 9).unwrap().squares[0]
    }

    fn picker(texts: &[&str]) -> Picker {
        let texts: Vec<String> = texts.iter().map(|t| t.to_string()).collect();
        Picker::new(&texts, 6, 6)
    }

    #[test]
    fn a_step_is_a_piece_then_a_square() {
        let mut p = picker(&["b2a3", "b2c3", "d2c3"]);
        assert_eq!(p.movable(), vec![sq("b2"), sq("d2")]);
        assert_eq!(p.choose(sq("a1")), Choice::NoMoveFrom(sq("a1")));
        assert_eq!(p.choose(sq("b2")), Choice::Picked);
        assert_eq!(p.targets(), vec![sq("a3"), sq("c3")]);
        // Another piece of the side to move picks that piece instead.
        assert_eq!(p.choose(sq("d2")), Choice::Picked);
        assert_eq!(p.targets(), vec![sq("c3")]);
        assert_eq!(p.choose(sq("c3")), Choice::Play("d2c3".into()));
        // The same square twice drops the pick; a square that fits nothing too.
        p.clear();
        p.choose(sq("b2"));
        assert_eq!(p.choose(sq("b2")), Choice::Cleared);
        p.choose(sq("b2"));
        assert_eq!(p.choose(sq("f6")), Choice::Cleared);
        assert_eq!(p.pick(), &Pick::Nothing);
    }

    #[test]
    fn chains_are_picked_in_turn_or_by_their_last_square() {
        // From c1: two chains through e3 that split, and one through a3.
        let texts = ["c1e3c5", "c1e3e5", "c1a3c5"];
        let mut p = picker(&texts);
        p.choose(sq("c1"));
        assert_eq!(p.targets(), vec![sq("a3"), sq("c5"), sq("e3"), sq("e5")]);
        // e5 is the end of one chain only.
        assert_eq!(p.choose(sq("e5")), Choice::Play("c1e3e5".into()));
        // c5 ends two chains: their landing squares are needed.
        let mut p = picker(&texts);
        p.choose(sq("c1"));
        assert_eq!(p.choose(sq("c5")), Choice::Ambiguous(sq("c5")));
        assert_eq!(p.choose(sq("e3")), Choice::Picked);
        assert_eq!(p.targets(), vec![sq("c5"), sq("e5")]);
        assert_eq!(p.choose(sq("c5")), Choice::Play("c1e3c5".into()));
        // A landing square that leaves one chain plays it.
        let mut p = picker(&texts);
        p.choose(sq("c1"));
        assert_eq!(p.choose(sq("a3")), Choice::Play("c1a3c5".into()));
    }

    #[test]
    fn drops_are_a_letter_then_a_square() {
        let texts: Vec<String> = ["H@e5", "H@e6", "D@e5", "a1a2"]
            .iter()
            .map(|t| t.to_string())
            .collect();
        let mut p = Picker::new(&texts, 9, 9);
        assert_eq!(p.drop_letters(), vec!['D', 'H']);
        assert!(!p.choose_drop('x'));
        assert!(p.choose_drop('h'));
        assert_eq!(p.targets(), vec![sq("e5"), sq("e6")]);
        assert_eq!(p.choose(sq("e6")), Choice::Play("H@e6".into()));
        assert_eq!(p.next_drop(), Some('D'));
        assert_eq!(p.next_drop(), Some('H'));
        // A square that is no target of the drop picks the piece there.
        assert_eq!(p.choose(sq("a1")), Choice::Picked);
        assert_eq!(p.choose(sq("a2")), Choice::Play("a1a2".into()));
    }

    #[test]
    fn without_drops_tab_does_nothing() {
        let mut p = picker(&["b2a3"]);
        assert_eq!(p.next_drop(), None);
        assert_eq!(p.pick(), &Pick::Nothing);
    }
}
