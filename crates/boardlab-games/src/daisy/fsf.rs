//! Daisy in Fairy-Stockfish's dialect (../shared/peers/README.md): its white is our Player 1
//! (uppercase), the placement is ours, the reserves are spelled out letter by letter in the
//! brackets (`[AB…Hab…h]`), then `w`/`b`, `- -` and the counters. Moves are the same text in
//! both (`e3e4`, drops `H@e5` with the letter uppercase for either side), so only positions
//! need translating.

use super::notation;
use super::piece::Kind;
use super::position::Daisy;
use super::rules::DaisyRules;
use boardlab_core::engine_notation::{fsf_error, join_fsf_fen, our_line_from_fsf, split_fsf_fen};
use boardlab_core::text::format_placement;
use boardlab_core::{EngineNotation, Player, Position, PositionError};

/// A reserve spelled out letter by letter (`DDHHH`), in upper or lower case.
fn spelled_reserve(position: &Daisy, player: Player) -> String {
    let reserve = position.reserve(player);
    Kind::ALL
        .into_iter()
        .flat_map(|kind| {
            let letter = notation::piece_letter(player, kind);
            std::iter::repeat_n(letter, reserve.count(kind) as usize)
        })
        .collect()
}

impl EngineNotation for Daisy {
    const FSF_DIALECT: bool = true;

    fn to_fsf_fen(&self) -> String {
        let placement = format_placement(9, 9, |sq| self.piece_at(sq.file, sq.rank));
        let board = format!(
            "{placement}[{}{}]",
            spelled_reserve(self, Player::One),
            spelled_reserve(self, Player::Two)
        );
        join_fsf_fen(
            &board,
            self.side_to_move(),
            self.no_progress_plies(),
            self.move_number(),
        )
    }

    fn from_fsf_fen(text: &str, rules: DaisyRules) -> Result<Daisy, PositionError> {
        let fen = split_fsf_fen(Daisy::GAME_ID, text)?;
        notation::parse_position(&our_line_from_fsf(&fen, fen.board), rules)
            .map_err(|e| fsf_error(e, text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reserves_are_spelled_out() {
        let start = Daisy::default();
        assert_eq!(
            start.to_fsf_fen(),
            "9/9/9/9/9/9/9/9/9[ABCDDEEFFGGHHHHHHHHHabcddeeffgghhhhhhhhh] w - - 0 1"
        );
        // Fairy-Stockfish's own output after A@e1 (its reserve order is its own).
        let fen = "9/9/9/9/9/9/9/9/4A4[DDFFGGHHHHHHHHHEEBCaddffgghhhhhhhhheebc] b - - 0 1";
        let position = Daisy::from_fsf_fen(fen, DaisyRules::default()).unwrap();
        let mut expected = start;
        expected.play(start.parse_move("A@e1").unwrap());
        assert_eq!(position, expected);
    }
}
