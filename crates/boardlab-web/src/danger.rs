//! Moves that let the opponent win at once: for a beginner, a clear warning before playing
//! one (there is no check rule, and hanging one's D or A loses on the spot). Generic: a
//! move is flagged when some reply ends the game as the opponent's win, whatever the
//! game's way of winning (a key piece taken, the goal reached, the last piece taken).

use boardlab_core::{Encoding, Evaluate, Outcome, Player, WinReason};
use boardlab_games::{AnyGame, PositionWork};
use std::collections::BTreeMap;

/// The most positions looked at for one state (the replies to every legal move): past it
/// no move is flagged, rather than some. Daisy's busiest middle games stay well below.
const MOST_REPLIES: usize = 400_000;

/// For each legal move of `game`'s side to move that lets the opponent win at once, what
/// the opponent could then do, in words (`Black (Player 2) could then take your D`).
pub fn winning_replies(game: &AnyGame) -> BTreeMap<String, String> {
    let Some(position) = game.position(game.ply()) else {
        return BTreeMap::new();
    };
    position.work(Dangers)
}

struct Dangers;

impl PositionWork for Dangers {
    type Output = BTreeMap<String, String>;

    fn run<P: Evaluate + Encoding>(self, position: &P) -> BTreeMap<String, String> {
        let mut found = BTreeMap::new();
        if position.outcome().is_some() {
            return found;
        }
        let mover = position.side_to_move();
        let mut looked = 0;
        for mv in position.legal_move_list().iter() {
            let mut after = *position;
            after.play(*mv);
            if after.outcome().is_some() {
                continue;
            }
            for reply in after.legal_move_list().iter() {
                looked += 1;
                if looked > MOST_REPLIES {
                    return BTreeMap::new();
                }
                let mut answered = after;
                answered.play(*reply);
                if let Some(Outcome::Win { winner, reason }) = answered.outcome()
                    && winner != mover
                {
                    found.insert(mv.to_string(), words(position, winner, reason));
                    break;
                }
            }
        }
        found
    }
}

/// What the winner could do, in words, naming the players as the game does.
fn words<P: Evaluate>(position: &P, winner: Player, reason: WinReason) -> String {
    let who = position.presentation().side(winner);
    match reason {
        WinReason::KeyPieceCaptured(letter) => {
            format!("{who} could then take your {}", letter.to_ascii_uppercase())
        }
        WinReason::ReachedGoal => format!("{who} could then reach your home rank"),
        WinReason::NoPiecesLeft => format!("{who} could then take your last piece"),
        WinReason::NoLegalMove | WinReason::OutOfMoves => {
            format!("{who} could then win at once")
        }
    }
}
