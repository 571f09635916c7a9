//! [`Encoding`] for every game from a rules file: planes of each player's pieces in the
//! file's order, and actions numbered from the squares a move names.
//!
//! Actions, with `S` squares and `P` kinds of piece: a move from square `f` to square `t`
//! (a chain: to the square it ends on) is `f * S + t`; promoting to piece `k` adds
//! `(k + 1) * S * S`; the drop of piece `k` on `t` is `(P + 1) * S * S + k * S + t`. Two
//! chains between the same two squares through different squares (possible only where
//! pieces capture backward) share an action: the first of them stands for both.

use crate::engine::moves::MoveShape;
use crate::engine::{BitSet, RulesMove, RulesOptions, RulesPosition};
use boardlab_core::Encoding;

impl<B: BitSet> Encoding for RulesPosition<B> {
    fn piece_letters(rules: RulesOptions) -> [&'static str; 2] {
        let letters = &rules.game().knowledge().letters;
        [letters[0].as_str(), letters[1].as_str()]
    }

    fn action_count(rules: RulesOptions) -> usize {
        let game = rules.game();
        let squares = usize::from(game.width()) * usize::from(game.height());
        let kinds = game.piece_count();
        (kinds + 1) * squares * squares + kinds * squares
    }

    fn action(&self, mv: RulesMove) -> usize {
        let game = self.game();
        let squares = usize::from(game.width()) * usize::from(game.height());
        let kinds = game.piece_count();
        let index = |coord| game.geometry.index_of(coord).unwrap_or(0) as usize;
        match mv.shape() {
            MoveShape::Step {
                from,
                to,
                promotion,
                ..
            } => {
                let promoted = promotion.map_or(0, |kind| usize::from(kind) + 1);
                promoted * squares * squares + index(from) * squares + index(to)
            }
            MoveShape::Chain { from } => {
                let to = mv.squares().last().unwrap_or(from);
                index(from) * squares + index(to)
            }
            MoveShape::Drop { piece, to } => {
                (kinds + 1) * squares * squares + usize::from(piece) * squares + index(to)
            }
        }
    }
}
