//! Every game from a rules file in Fairy-Stockfish's dialect, for playing it against
//! Fairy-Stockfish running its own definition of the game (`uci:…,notation=fsf`): its white is
//! our Player 1 and writes its pieces in capitals, so where Player 1's letters are lowercase
//! (Obsidian's) the placement's case is swapped; reserves are spelled out letter by letter
//! (`[AAH]`, not `[2AH]`); promotions carry the new piece's letter in lower case (`e7e8e`);
//! drops and other moves are our text. Our own text stays the default (`FSF_DIALECT` is
//! false): a rules file's game has a Fairy-Stockfish counterpart only where someone wrote one.

use super::bitset::BitSet;
use super::moves::{MoveShape, RulesMove};
use super::position::RulesPosition;
use boardlab_core::engine_notation::{
    fsf_error, join_fsf_fen, our_line_from_fsf, split_fsf_fen, swap_case,
};
use boardlab_core::{EngineNotation, MoveError, Player, Position, PositionError};

/// A reserve as our text writes it (`2AH`) spelled out (`AAH`), or the other way round.
fn spell_out(reserve: &str) -> String {
    let mut out = String::new();
    let mut count = 0usize;
    for c in reserve.chars() {
        if let Some(d) = c.to_digit(10) {
            count = count * 10 + d as usize;
        } else {
            out.extend(std::iter::repeat_n(c, count.max(1)));
            count = 0;
        }
    }
    out
}

impl<B: BitSet> RulesPosition<B> {
    /// Whether Fairy-Stockfish's letters are ours with the case swapped: where Player 1's
    /// pieces are written in lower case.
    fn fsf_swaps_case(&self) -> bool {
        self.game()
            .definition()
            .pieces
            .first()
            .is_some_and(|piece| piece.letters[0].is_ascii_lowercase())
    }
}

impl<B: BitSet> EngineNotation for RulesPosition<B> {
    fn to_fsf_fen(&self) -> String {
        let text = self.to_string();
        let board = text.split_whitespace().next().unwrap_or("");
        let (placement, reserves) = match board.split_once('[') {
            Some((placement, rest)) => (placement, Some(rest.trim_end_matches(']'))),
            None => (board, None),
        };
        let swap = |s: &str| -> String {
            if self.fsf_swaps_case() {
                s.chars().map(swap_case).collect()
            } else {
                s.to_string()
            }
        };
        let mut fsf_board = swap(placement);
        if let Some(reserves) = reserves {
            fsf_board.push('[');
            fsf_board.push_str(&swap(&spell_out(reserves)));
            fsf_board.push(']');
        }
        join_fsf_fen(
            &fsf_board,
            self.side_to_move(),
            self.no_progress_plies(),
            self.move_number(),
        )
    }

    fn from_fsf_fen(text: &str, rules: Self::Rules) -> Result<Self, PositionError> {
        let start = Self::start(rules);
        let fen = split_fsf_fen(start.game_id(), text)?;
        let board: String = if start.fsf_swaps_case() {
            fen.board.chars().map(swap_case).collect()
        } else {
            fen.board.to_string()
        };
        Self::from_text(&our_line_from_fsf(&fen, &board), rules).map_err(|e| fsf_error(e, text))
    }

    fn to_fsf_move(&self, mv: RulesMove) -> String {
        let ours = mv.to_string();
        match mv.shape() {
            MoveShape::Step {
                promotion: Some(kind),
                ..
            } => {
                let letter = self.game().letter(Player::One, kind).to_ascii_lowercase();
                let squares = ours.trim_end_matches(|c: char| c.is_ascii_alphabetic());
                format!("{squares}{letter}")
            }
            _ => ours,
        }
    }

    fn parse_fsf_move(&self, text: &str) -> Result<RulesMove, MoveError> {
        let text = text.trim();
        // A promotion's letter is the new piece's in lower case: the legal move whose
        // Fairy-Stockfish text it is.
        let mut legal = boardlab_core::MoveList::new();
        self.legal_moves(&mut legal);
        if let Some(&mv) = legal.iter().find(|&&mv| self.to_fsf_move(mv) == text) {
            return Ok(mv);
        }
        self.parse_move(text)
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::{RulesOptions, RulesPosition};
    use boardlab_core::{EngineNotation, Position};

    fn obsidian() -> RulesOptions {
        RulesOptions::new(
            crate::load_file(std::path::Path::new(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../rules/obsidian.toml"
            )))
            .expect("the seed file"),
        )
    }

    #[test]
    fn obsidian_reads_as_fairy_stockfish_writes_it() {
        let start = RulesPosition::<u64>::start(obsidian());
        let fen = start.to_fsf_fen();
        assert_eq!(fen, "abcdecba/ffffffff/8/8/8/8/FFFFFFFF/ABCDECBA w - - 0 1");
        assert_eq!(
            RulesPosition::<u64>::from_fsf_fen(&fen, obsidian()),
            Ok(start)
        );
        let before: RulesPosition<u64> =
            RulesPosition::from_text("3D4/4f3/8/8/8/8/8/3d4 1", obsidian()).unwrap();
        let promotion = before.parse_fsf_move("e7d8e").unwrap();
        assert_eq!(before.to_fsf_move(promotion), "e7d8e");
        assert_eq!(promotion, before.parse_move("e7d8").unwrap());
        let quiet = before.parse_fsf_move("d1d2").unwrap();
        assert_eq!(before.to_fsf_move(quiet), "d1d2");
    }

    #[test]
    fn reserves_are_spelled_out() {
        assert_eq!(super::spell_out("2AH3h"), "AAHhhh");
        assert_eq!(super::spell_out(""), "");
        assert_eq!(super::spell_out("12a"), "aaaaaaaaaaaa");
    }
}
