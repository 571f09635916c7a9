//! The evaluation trait: what a game tells a search about a position beyond its rules.
//!
//! A game implements [`Evaluate`] in its own folder; the bots of `boardlab-ai` use it
//! through this trait only, so a game knows no bot and a bot knows no game.

use crate::engine_notation::EngineNotation;
use crate::levels::Levels;
use crate::move_list::MoveList;
use crate::position::Position;
use crate::weights::Tunable;
use std::fmt::Debug;

/// The largest score an evaluation may return, in either direction. Search scores above it
/// are reserved for decided games (wins and losses at a known distance).
pub const MAX_EVAL: i32 = 100_000;

/// A static evaluation of a game's positions, and the facts about moves that a search
/// orders and extends by.
///
/// Scores are from the point of view of the side to move, in hundredths of the game's
/// basic piece (a pawn, a checker): positive is good for the player whose turn it is.
/// The weights live in a separate value ([`Weights`](Evaluate::Weights)) with a `Default`,
/// so that a tuner can change them without touching any search.
///
/// Every game that bots play can also be played by external engines, so an evaluated game
/// also says how such engines read it ([`EngineNotation`], whose defaults are our own text).
pub trait Evaluate: Position + EngineNotation {
    /// The engine this evaluation belongs to: a built-in game's id (`obsidian`), or `rules`
    /// for the one engine of every game read from a rules file. Strength levels and network
    /// files are kept per engine.
    const ENGINE: &'static str;

    /// The game's strength levels for people (`level:N`): the bot of each level, weakest
    /// first, and the level proposed first.
    const LEVELS: Levels;

    /// The game's evaluation weights: piece values and the factors of each feature.
    type Weights: Copy + Default + Debug + Send + Sync + Tunable + 'static;

    /// The score of the position for the side to move under `weights`, within
    /// `-MAX_EVAL..=MAX_EVAL`. Only called on positions where the game goes on.
    fn evaluate(&self, weights: &Self::Weights) -> i32;

    /// Whether `mv` (a legal move here) changes the material balance or is otherwise forcing:
    /// a capture, a promotion, a step onto the goal. Quiescence search follows these moves.
    fn is_tactical(&self, mv: Self::Move) -> bool;

    /// The value of what `mv` gains at once (the captured material, a promotion's gain, a
    /// win), under `weights`, for ordering tactical moves best first; 0 for quiet moves.
    fn tactical_value(&self, mv: Self::Move, weights: &Self::Weights) -> i32;

    /// Appends the legal moves for which [`is_tactical`](Evaluate::is_tactical) holds, the
    /// moves a quiescence search follows. The default filters the full list; a game whose
    /// quiet moves are many (Daisy's drops) generates the tactical ones directly.
    fn tactical_moves(&self, moves: &mut MoveList<Self::Move>) {
        let mut all = MoveList::new();
        self.legal_moves(&mut all);
        for &mv in all.iter() {
            if self.is_tactical(mv) {
                moves.push(mv);
            }
        }
    }

    /// Whether the side to move is in check: its key piece (Obsidian's D, Daisy's A) is
    /// attacked, so that unless it answers the threat it loses at once. A search extends
    /// such positions and never stands pat in them. False by default (games with no key
    /// piece).
    fn in_check(&self) -> bool {
        false
    }

    /// Whether the side to move can take the opponent's key piece with its next move, and so
    /// win at once: the opponent is "in check" with the turn still ours. A search answers
    /// such a position with the win without looking at its moves (the move that led there
    /// lost at once). False by default (games with no key piece).
    fn can_take_key_piece(&self) -> bool {
        false
    }

    /// Whether `mv` gains at least `threshold` (hundredths of the basic piece, under
    /// `weights`) by static exchange evaluation: both sides take back on its target square,
    /// least valuable piece first, as long as it pays them. A search skips losing captures
    /// in quiescence and orders them last. Games without an exchange evaluation answer true
    /// (the default): no move is then judged to lose material.
    fn wins_exchange(&self, mv: Self::Move, threshold: i32, weights: &Self::Weights) -> bool {
        let _ = (mv, threshold, weights);
        true
    }

    /// Appends the legal moves that may answer a check (see
    /// [`in_check`](Evaluate::in_check)): at least every move after which the key piece
    /// cannot be taken at once. A quiescence search in check tries only these. The default
    /// gives every legal move; games where most moves cannot help (Obsidian, Daisy's drops)
    /// give fewer.
    fn evasions(&self, moves: &mut MoveList<Self::Move>) {
        self.legal_moves(moves);
    }

    /// The position with the turn passed to the opponent and nothing else changed, for
    /// null-move pruning; `None` where passing would mislead a search: the default, and
    /// positions where being forced to move is often a disadvantage (zugzwang).
    fn null_move(&self) -> Option<Self> {
        None
    }

    /// A hash of the slowly changing part of the position (Obsidian's F structure), by
    /// which a search learns how far its static evaluation tends to be off in positions
    /// that share it (correction history); `None` (the default) where no such part is
    /// known, and the evaluation is then taken as it is.
    fn structure_key(&self) -> Option<u64> {
        None
    }

    /// Hashes of where each player's pieces outside the structure stand (Obsidian: every
    /// piece but the F's), Player One's first, by which a search's correction history
    /// also learns per arrangement of one side's pieces; `None` (the default) where the
    /// game gives none.
    fn piece_keys(&self) -> Option<[u64; 2]> {
        None
    }

    /// The piece that `mv` moves and the square it lands on, as one number, by which a
    /// search's continuation history may learn what answers a move (a knight landing on e5
    /// is answered alike wherever it came from, as chess engines key it); `None` (the
    /// default) where the move does not name its piece, and the whole move keys it.
    fn piece_and_target(mv: Self::Move) -> Option<u32> {
        let _ = mv;
        None
    }

    /// How many numbers [`piece_and_target`](Evaluate::piece_and_target) gives (they run
    /// from 0 below it), so that a continuation history may keep every pair of them apart;
    /// 0 (the default) where it gives none or their range is not known.
    const PIECE_TARGETS: u32 = 0;

    /// How much evaluation a search may give up by default, in hundredths of the game's
    /// basic piece, to play the move that leaves a fallible opponent the most ways to go
    /// wrong. 0 (plain minimax) suits games that sharp tactics decide; drawish games that
    /// are won by blocking and trapping want more.
    const CHANCES: i32 = 0;

    /// The number of input features a network evaluation of this game reads, seen from one
    /// player's side; 0 (the default) for games without one.
    const NETWORK_INPUTS: usize = 0;

    /// Calls `changed(added, seen_by_one, seen_by_two)` for each input that holds in this
    /// position but not in `before` (`added` true) or in `before` but not here, and returns
    /// true; or returns false when it cannot tell cheaply (a search then sums the inputs of
    /// the whole position instead). The default always returns false.
    fn network_changes(&self, before: &Self, changed: impl FnMut(bool, usize, usize)) -> bool {
        let _ = (before, changed);
        false
    }

    /// A name for the game's network inputs, stored in network files so that a network
    /// trained on other inputs is refused (change it whenever the inputs change).
    const NETWORK_FEATURES: &'static str = "";

    /// Calls `add(seen_by_one, seen_by_two)` once for each input feature that holds in this
    /// position (a piece of some owner and kind on some square, a reserve count, …): its
    /// index among [`NETWORK_INPUTS`](Evaluate::NETWORK_INPUTS) as Player 1 sees the board,
    /// and as Player 2 sees it. "Seeing" is relative: a player's own pieces are the same
    /// features whichever player it is, and the board is turned so that its own side is at
    /// the bottom, so one set of network weights serves both players. Nothing by default.
    fn network_features(&self, add: impl FnMut(usize, usize)) {
        let _ = add;
    }

    /// How many output buckets a network of this game has: stages of the game (by material,
    /// say) that read the hidden layer each in their own way. 1 by default. (Eight buckets
    /// by the pieces on the board trained worse than one on 1.5 million Obsidian positions:
    /// held-out loss 0.01288 against 0.01261.)
    const NETWORK_BUCKETS: usize = 1;

    /// The output bucket of this position, below [`NETWORK_BUCKETS`](Evaluate::NETWORK_BUCKETS).
    fn network_bucket(&self) -> usize {
        0
    }

    /// The network evaluation this game ships with (the bytes of a network file), used by
    /// the alpha-beta bot unless told otherwise; `None` (the default) where the hand-made
    /// evaluation plays better.
    fn shipped_network() -> Option<&'static [u8]> {
        None
    }

    /// The alpha-beta search's parameters tuned for this game: the text of a parameters file
    /// (`NAME = VALUE` lines, as `boardlab spsa` writes them), read over the search's
    /// defaults; `None` (the default) keeps the defaults.
    fn tuned_search() -> Option<&'static str> {
        None
    }

    /// The score of the position for the side to move under the default weights.
    fn evaluate_default(&self) -> i32 {
        self.evaluate(&Self::Weights::default())
    }
}
