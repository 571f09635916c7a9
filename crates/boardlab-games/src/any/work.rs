//! Generic work on the concrete type behind an [`AnyPosition`](super::AnyPosition) or an
//! [`AnyGame`](super::AnyGame): the registry names the type, and the stored value is taken
//! back as that type.

use crate::registry::{GameId, GameVisitor, with_game};
use boardlab_core::{Encoding, Evaluate, GameHistory};
use std::any::Any;

/// Work on a position of any game: `run` is called with the position as its own type.
pub trait PositionWork {
    /// What the work returns.
    type Output;
    /// Does the work on `position`.
    fn run<P: Evaluate + Encoding>(self, position: &P) -> Self::Output;
}

/// Work on a game in progress of any game: `run` is called with its history as its own type.
pub trait GameWork {
    /// What the work returns.
    type Output;
    /// Does the work on `history`.
    fn run<P: Evaluate + Encoding>(self, history: &GameHistory<P>) -> Self::Output;
}

/// Runs `work` on `value`, a `P` of the game `game`.
pub(super) fn run_on_position<W: PositionWork>(
    game: GameId,
    value: &dyn Any,
    work: W,
) -> W::Output {
    struct Cast<'a, W> {
        value: &'a dyn Any,
        work: W,
    }
    impl<W: PositionWork> GameVisitor for Cast<'_, W> {
        type Output = W::Output;
        fn visit<P: Evaluate + Encoding>(self, _game: P::Rules) -> W::Output {
            let position = self
                .value
                .downcast_ref::<P>()
                .expect("an AnyPosition holds a position of its game's type");
            self.work.run(position)
        }
    }
    with_game(game, Cast { value, work })
}

/// Runs `work` on `value`, a `GameHistory<P>` of the game `game`.
pub(super) fn run_on_game<W: GameWork>(game: GameId, value: &dyn Any, work: W) -> W::Output {
    struct Cast<'a, W> {
        value: &'a dyn Any,
        work: W,
    }
    impl<W: GameWork> GameVisitor for Cast<'_, W> {
        type Output = W::Output;
        fn visit<P: Evaluate + Encoding>(self, _game: P::Rules) -> W::Output {
            let history = self
                .value
                .downcast_ref::<GameHistory<P>>()
                .expect("an AnyGame holds a history of its game's type");
            self.work.run(history)
        }
    }
    with_game(game, Cast { value, work })
}
