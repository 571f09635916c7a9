//! Obsidian in Fairy-Stockfish's dialect (../shared/peers/README.md): its white is our
//! Player 1 (lowercase here), so its FEN is our placement with the letter case swapped, then
//! `w`/`b`, `- -` and the counters; moves are our text, with the promotion suffix `e` that
//! Fairy-Stockfish requires (`e7e8e`).

use super::notation;
use super::piece::Kind;
use super::position::Obsidian;
use super::rules::ObsidianRules;
use boardlab_core::engine_notation::{
    fsf_error, join_fsf_fen, our_line_from_fsf, split_fsf_fen, swap_case,
};
use boardlab_core::text::format_placement;
use boardlab_core::{EngineNotation, Position, PositionError};

impl EngineNotation for Obsidian {
    const FSF_DIALECT: bool = true;

    fn to_fsf_fen(&self) -> String {
        let placement = format_placement(8, 8, |sq| self.piece_at(sq.file, sq.rank).map(swap_case));
        join_fsf_fen(
            &placement,
            self.side_to_move(),
            self.no_progress_plies(),
            self.move_number(),
        )
    }

    fn from_fsf_fen(text: &str, rules: ObsidianRules) -> Result<Obsidian, PositionError> {
        let fen = split_fsf_fen(Obsidian::GAME_ID, text)?;
        let board: String = fen.board.chars().map(swap_case).collect();
        notation::parse_position(&our_line_from_fsf(&fen, &board), rules)
            .map_err(|e| fsf_error(e, text))
    }

    fn to_fsf_move(&self, mv: Self::Move) -> String {
        let to_rank = mv.to() / 8;
        if mv.kind() == Kind::F && (to_rank == 0 || to_rank == 7) {
            format!("{mv}e")
        } else {
            mv.to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_is_fsf_chess_like() {
        let start = Obsidian::default();
        let fen = start.to_fsf_fen();
        assert_eq!(fen, "abcdecba/ffffffff/8/8/8/8/FFFFFFFF/ABCDECBA w - - 0 1");
        assert_eq!(
            Obsidian::from_fsf_fen(&fen, ObsidianRules::default()),
            Ok(start)
        );
    }

    #[test]
    fn promotions_carry_the_suffix() {
        let position: Obsidian = "3D4/4f3/8/8/8/8/8/3d4 1".parse().unwrap();
        let mv = position.parse_fsf_move("e7d8e").unwrap();
        assert_eq!(position.to_fsf_move(mv), "e7d8e");
        assert_eq!(mv.to_string(), "e7d8");
        let quiet = position.parse_move("d1d2").unwrap();
        assert_eq!(position.to_fsf_move(quiet), "d1d2");
    }
}
