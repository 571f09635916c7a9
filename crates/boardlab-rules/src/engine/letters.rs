//! The letters of a game's pieces in position and move text, both ways.

use crate::definition::Piece;
use boardlab_core::Player;

/// The letters of every piece, and the piece and owner of every letter.
#[derive(Clone, Debug)]
pub struct Letters {
    of_piece: Vec<[char; 2]>,
    owner: [Option<(Player, u8)>; 128],
}

impl Letters {
    /// The letters of `pieces` (ASCII letters, all different: the compiler checks).
    pub fn new(pieces: &[Piece]) -> Letters {
        let mut owner = [None; 128];
        for (kind, piece) in pieces.iter().enumerate() {
            for player in Player::BOTH {
                let letter = piece.letters[player.index()];
                if letter.is_ascii() {
                    owner[letter as usize] = Some((player, kind as u8));
                }
            }
        }
        Letters {
            of_piece: pieces.iter().map(|p| p.letters).collect(),
            owner,
        }
    }

    /// The letter of `player`'s piece `kind`.
    #[inline]
    pub fn letter(&self, player: Player, kind: u8) -> char {
        self.of_piece
            .get(kind as usize)
            .map_or('?', |letters| letters[player.index()])
    }

    /// The owner and piece of a letter, if it is one of the game's.
    #[inline]
    pub fn piece(&self, letter: char) -> Option<(Player, u8)> {
        if letter.is_ascii() {
            self.owner[letter as usize]
        } else {
            None
        }
    }

    /// `player`'s piece whose letter is `letter` in either case, if exactly one is.
    pub fn piece_of(&self, player: Player, letter: char) -> Option<u8> {
        let mut found = None;
        for (kind, letters) in self.of_piece.iter().enumerate() {
            if letters[player.index()].eq_ignore_ascii_case(&letter) {
                if found.is_some() {
                    return None;
                }
                found = Some(kind as u8);
            }
        }
        found
    }

    /// The letters for error messages: `a b c (Player 1), A B C (Player 2)`.
    pub fn describe(&self) -> String {
        let side = |player: Player| {
            let letters: Vec<String> = self
                .of_piece
                .iter()
                .map(|l| l[player.index()].to_string())
                .collect();
            format!("{} ({player})", letters.join(" "))
        };
        format!("{}, {}", side(Player::One), side(Player::Two))
    }
}
