//! The pieces each player has captured, read from the game's positions: after each move,
//! the pieces of the mover's opponent that left the board. Generic: it needs only the
//! board and the owner of each piece letter, so it holds for every game, rules files too.

use crate::seat::{BySeat, Seat};
use boardlab_core::{Encoding, Evaluate};
use boardlab_games::{AnyGame, PositionWork};
use serde::Serialize;
use std::collections::BTreeMap;

/// Some pieces of one letter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Pieces {
    /// The piece letter, as in position text (the owner's letter).
    pub letter: char,
    /// How many.
    pub count: u32,
}

/// The pieces on the board of one position, by owner and letter, and whose turn it is.
struct Census {
    on_board: [BTreeMap<char, u32>; 2],
    to_move: Seat,
}

struct TakeCensus;

impl PositionWork for TakeCensus {
    type Output = Census;
    fn run<P: Evaluate + Encoding>(self, position: &P) -> Census {
        let look = position.presentation();
        let mut on_board = [BTreeMap::new(), BTreeMap::new()];
        for rank in 0..position.height() {
            for file in 0..position.width() {
                if let Some(letter) = position.piece_at(file, rank)
                    && let Some((_, owner)) = look.piece(letter)
                {
                    *on_board[Seat::of(owner).index()].entry(letter).or_insert(0) += 1;
                }
            }
        }
        Census {
            on_board,
            to_move: Seat::of(position.side_to_move()),
        }
    }
}

/// The opponent's pieces each seat has captured in `game` so far, by letter.
pub fn captured(game: &AnyGame) -> BySeat<Vec<Pieces>> {
    let mut taken = [BTreeMap::<char, u32>::new(), BTreeMap::new()];
    let census = |ply| game.position(ply).map(|p| p.work(TakeCensus));
    let mut before = census(0);
    for ply in 1..=game.ply() {
        let after = census(ply);
        if let (Some(b), Some(a)) = (&before, &after) {
            let (mover, victim) = (b.to_move, b.to_move.other().index());
            for (&letter, &count) in &b.on_board[victim] {
                let left = a.on_board[victim].get(&letter).copied().unwrap_or(0);
                if left < count {
                    *taken[mover.index()].entry(letter).or_insert(0) += count - left;
                }
            }
        }
        before = after;
    }
    let list = |seat: Seat| {
        taken[seat.index()]
            .iter()
            .map(|(&letter, &count)| Pieces { letter, count })
            .collect()
    };
    BySeat::each(list)
}
