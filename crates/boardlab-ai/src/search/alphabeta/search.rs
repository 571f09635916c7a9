//! One search of the alpha-beta bot: the root with its aspiration windows, principal
//! variation search with its selective techniques (see [`Features`]), and quiescence.

use super::features::Features;
use super::params::{SearchParams, Tuning};
use crate::learning::network::{Accumulator, Network};
use crate::search::correction::{CorrectionKeys, CorrectionWeights, continuation_key};
use crate::search::eval_cache::EvalCache;
use crate::search::ordering::{ContinuationNames, MAX_PLY, Ordering, Previous};
use crate::search::score::{DECIDED, WIN, loss_in, win_in};
use crate::search::tt::{Bound, Entry, Table, from_tt, to_tt};
use crate::time::clock::Clock;
use arrayvec::ArrayVec;
use boardlab_core::{Evaluate, MAX_EVAL, MoveList, Outcome, Player, RuleOptions};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering as AtomicOrdering};

/// How often (in nodes) the clock is read.
const CLOCK_INTERVAL: u64 = 128;

/// Ordering keys: the TT move first, then tactical moves, then killers, then by history.
const TT_MOVE_KEY: i32 = 1 << 30;
const TACTICAL_KEY: i32 = 1 << 28;
const KILLER_KEY: i32 = 1 << 26;
const BAD_CAPTURE_KEY: i32 = -(1 << 24);
/// The highest key a losing capture gets (its gain is capped at 2^20).
const BAD_CAPTURE_TOP: i32 = BAD_CAPTURE_KEY + (1 << 20);
/// The key of a quiet move whose history is not read yet (with `deferred_quiet_order`):
/// below every history score, above the losing captures.
const UNSCORED_QUIET_KEY: i32 = -(1 << 22);

/// The quiet moves tried before a cut-off that are remembered for a history malus.
const TRIED_QUIETS: usize = 64;

/// The stack's static evaluation of a position in check (which has none).
const NO_EVAL: i32 = i32::MIN;

/// What the search remembers about each ply of the line being searched.
#[derive(Clone, Copy, Debug)]
struct Frame<M> {
    /// The move that led to this ply's position (`None` after a null move, at the root).
    previous: Option<M>,
    /// This ply's static evaluation, or [`NO_EVAL`].
    eval: i32,
    /// The move left out of this ply's search while the search asks whether the table
    /// move is singular (the only good one).
    excluded: Option<M>,
    /// The move that led here attacks the key piece from a square where it loses material
    /// in the exchange (only looked at with `check_extension_safe`).
    unsafe_check: bool,
    /// This ply's position is or was in a principal variation: searched with a full window
    /// now, or so the table says ("tt-pv").
    tt_pv: bool,
    /// The side that played [`previous`](Self::previous) where that move was quiet and made
    /// by the move loop (the one move [`fail_low_history`] rewards), else `None`.
    ///
    /// [`fail_low_history`]: super::params::SearchParams::fail_low_history
    quiet_mover: Option<usize>,
    /// How many nodes at this ply have cut off since the node two plies up began (the
    /// siblings searched so far and their cousins): many mean the moves above them are
    /// being refuted one after the other (read by `lmr_child_cutoffs`).
    cutoffs: u32,
    /// The late-move reduction the move that led here is being searched with (0 at full
    /// depth); read, and cleared, as the node begins (by `hindsight_margin`).
    reduction: i32,
}

/// What the move loop knows of its node, for the reductions of late moves.
#[derive(Clone, Copy, Debug)]
struct NodeKind {
    /// A principal-variation node (a full window).
    pv: bool,
    /// A null-window node expected to cut off.
    cut: bool,
    /// The static evaluation rose since this side's last move.
    improving: bool,
    /// The node is or was in a principal variation (see [`Frame::tt_pv`]), and is not
    /// likely to fail low.
    tt_pv: bool,
    /// More of this node's children have cut off than `lmr_child_cutoffs` allows.
    refuted: bool,
}

/// The score a finished or stopped root iteration reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct RootScore {
    /// The best score found (a bound when it lies outside the window searched).
    pub score: i32,
    /// False when the clock stopped the iteration part-way; the best move so far is first.
    pub finished: bool,
}

/// A deliberate error added to static evaluations, so that a bot plays weaker: each
/// position's evaluation moves by a fixed amount drawn from `-amount..=amount` by its hash
/// and the seed (the same position always gets the same error, which keeps the search
/// consistent).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Noise {
    /// The largest error, in hundredths of the basic piece; 0 for none.
    pub amount: i32,
    /// Which errors: bots with other seeds misjudge other positions.
    pub seed: u64,
}

impl Noise {
    /// `eval` of the position with hash `key`, with the error added.
    #[inline]
    fn apply(self, key: u64, eval: i32) -> i32 {
        if self.amount == 0 {
            return eval;
        }
        let span = 2 * self.amount as u64 + 1;
        let error = (crate::matches::arena::mix(key ^ self.seed) % span) as i32 - self.amount;
        (eval + error).clamp(-MAX_EVAL, MAX_EVAL)
    }
}

/// What every thread of one search shares and none changes (but for the table, which all
/// of them fill, and the stop flag).
pub(super) struct Shared<'a, P: Evaluate> {
    /// The hand-made evaluation's weights (and the pieces' values for ordering).
    pub weights: &'a P::Weights,
    /// The transposition table.
    pub tt: &'a Table<P::Move>,
    /// The network evaluation, if the bot plays with one (else the game's own evaluation).
    pub network: Option<&'a Network>,
    /// The selective techniques in use.
    pub features: Features,
    /// The search's numbers and the reduction table they give.
    pub tuning: &'a Tuning,
    /// A deliberate error in every static evaluation, for weaker bots.
    pub noise: Noise,
    /// Set by anyone to stop the search at once (the main thread of a search with helpers
    /// stops them so).
    pub stop: &'a AtomicBool,
}

impl<P: Evaluate> Clone for Shared<'_, P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P: Evaluate> Copy for Shared<'_, P> {}

/// What one search thread keeps from one move of the game to the next: its move-ordering
/// memory and its evaluation cache.
pub(super) struct ThreadMemory<M> {
    /// Killers and histories.
    pub ordering: Ordering<M>,
    /// Static evaluations and the correction history.
    pub evals: EvalCache,
}

/// One thread's search: the [`Shared`] settings, this thread's memory, and the state of the
/// line it is searching.
pub(super) struct Search<'a, P: Evaluate> {
    /// What all threads share.
    pub shared: Shared<'a, P>,
    /// This thread's ordering memory and evaluation cache.
    memory: &'a mut ThreadMemory<P::Move>,
    /// This thread's clock (a helper's never stops it: the stop flag does).
    pub clock: Clock,
    /// Where a helper thread counts its nodes, for the main thread's reports.
    counter: Option<&'a AtomicU64>,
    /// The nodes this thread searched.
    pub nodes: u64,
    /// The clock or the stop flag ended the search; every score since is meaningless.
    pub stopped: bool,
    /// The hashes of every position from the game's start to the one being searched.
    pub path: Vec<u64>,
    /// Whether a repetition draws (the game's draw rules).
    threefold: bool,
    /// Plies without progress that draw (0: none do).
    no_progress_limit: u32,
    /// The side to move at the root, which a draw disappoints by the contempt.
    root_side: Player,
    /// The depth of the current iteration, which bounds check extensions.
    pub root_depth: i32,
    /// The line being searched, by ply.
    stack: Vec<Frame<P::Move>>,
    /// The ordering keys of each ply's moves (kept to spare allocations).
    keys: Vec<Vec<i32>>,
    /// Where a node's late moves are sorted with their keys (kept to spare allocations).
    sorted: Vec<(i32, P::Move)>,
    /// The network's sums of the last position evaluated at each ply.
    accumulators: Vec<Accumulator<P>>,
}

impl<'a, P: Evaluate> Search<'a, P> {
    /// A search from `root`, of the game whose positions so far hash to `path`, by a thread
    /// with `memory` and `clock`; a helper thread counts its nodes in `counter`.
    pub fn new(
        root: &P,
        shared: Shared<'a, P>,
        memory: &'a mut ThreadMemory<P::Move>,
        clock: Clock,
        path: Vec<u64>,
        counter: Option<&'a AtomicU64>,
    ) -> Search<'a, P> {
        let draw = root.rules().draw_rules();
        memory
            .ordering
            .name_continuations_by(if shared.tuning.params.continuation_by_piece != 0 {
                ContinuationNames {
                    key: P::piece_and_target,
                    count: P::PIECE_TARGETS,
                }
            } else {
                ContinuationNames::whole_moves()
            });
        Search {
            shared,
            memory,
            clock,
            counter,
            nodes: 0,
            stopped: false,
            path,
            threefold: draw.threefold_repetition,
            no_progress_limit: draw.no_progress_plies,
            root_side: root.side_to_move(),
            root_depth: 1,
            stack: vec![
                Frame {
                    previous: None,
                    eval: NO_EVAL,
                    excluded: None,
                    unsafe_check: false,
                    tt_pv: true,
                    quiet_mover: None,
                    cutoffs: 0,
                    reduction: 0,
                };
                MAX_PLY + 2
            ],
            keys: vec![Vec::new(); MAX_PLY + 1],
            sorted: Vec::new(),
            accumulators: match shared.network {
                Some(_) => vec![Accumulator::default(); MAX_PLY + 2],
                None => Vec::new(),
            },
        }
    }

    /// The search's numbers.
    #[inline]
    pub fn params(&self) -> &'a SearchParams {
        &self.shared.tuning.params
    }

    /// The selective techniques in use.
    #[inline]
    fn features(&self) -> Features {
        self.shared.features
    }

    /// Plies below which checks extend and singular moves are looked for: a multiple of the
    /// iteration's depth, so that extensions cannot make a search endless.
    #[inline]
    fn extension_plies(&self) -> usize {
        (self.params().extension_plies_per_depth * self.root_depth.max(1)) as usize
    }

    /// Starts loading the table slot and the evaluation cache entry of the position whose
    /// hash is `key`, which the search is about to enter.
    #[inline]
    fn prefetch(&self, key: u64) {
        self.shared.tt.prefetch(key);
        self.memory.evals.prefetch(key);
    }

    /// Counts a node and reads the clock now and then; true when the search must stop.
    #[inline]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CLOCK_INTERVAL) {
            if let Some(counter) = self.counter {
                counter.fetch_add(CLOCK_INTERVAL, AtomicOrdering::Relaxed);
            }
            if self.clock.must_stop(self.nodes) || self.shared.stop.load(AtomicOrdering::Relaxed) {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// Whether the position at the end of the path is drawn by the draw rules: the
    /// no-progress limit, or a repetition (one earlier occurrence is enough inside a search).
    pub fn is_draw(&self, position: &P) -> bool {
        let since = position.no_progress_plies();
        if self.no_progress_limit > 0 && since >= self.no_progress_limit {
            return true;
        }
        if !self.threefold {
            return false;
        }
        let last = self.path.len() - 1;
        let key = self.path[last];
        let earliest = last.saturating_sub(since as usize);
        (earliest..last.saturating_sub(1))
            .rev()
            .step_by(2)
            .any(|i| self.path[i] == key)
    }

    /// The score of a position without legal moves for the side to move, `ply` plies from
    /// the root: a loss in most games, but a rules file may make it a draw or a win.
    fn game_over_score(&self, position: &P, ply: usize) -> i32 {
        match position.outcome() {
            Some(Outcome::Draw(_)) => self.draw_score(position),
            Some(Outcome::Win { winner, .. }) if winner == position.side_to_move() => -loss_in(ply),
            _ => loss_in(ply),
        }
    }

    /// The score of a draw for the side to move at `position`.
    fn draw_score(&self, position: &P) -> i32 {
        if position.side_to_move() == self.root_side {
            -self.params().contempt
        } else {
            self.params().contempt
        }
    }

    /// The static evaluation of `position`, `ply` plies from the root, kept inside the
    /// evaluation range, with the correction history's adjustment.
    #[inline]
    fn evaluate(&mut self, position: &P, ply: usize) -> i32 {
        let eval = self.raw_evaluate(position, ply);
        if !self.features().correction {
            return eval;
        }
        let side = position.side_to_move().index();
        let keys = self.correction_keys(position, ply);
        self.memory
            .evals
            .correction
            .apply(side, keys, self.correction_weights(), eval)
            .clamp(-MAX_EVAL, MAX_EVAL)
    }

    /// How much the correction history's piece and continuation tables count (the
    /// parameters `correction_pieces` and `correction_continuation`).
    #[inline]
    fn correction_weights(&self) -> CorrectionWeights {
        CorrectionWeights {
            pieces: self.params().correction_pieces,
            continuation: self.params().correction_continuation,
        }
    }

    /// What the correction history knows `position`, `ply` plies from the root, by: its
    /// structure key, and its piece keys and the last two moves where the weights ask for
    /// them.
    #[inline]
    fn correction_keys(&self, position: &P, ply: usize) -> CorrectionKeys {
        let weights = self.correction_weights();
        CorrectionKeys {
            structure: position.structure_key(),
            pieces: if weights.pieces > 0 {
                position.piece_keys()
            } else {
                None
            },
            continuation: if weights.continuation > 0 {
                let [last, before, _] = self.previous_moves(ply);
                continuation_key(last, before)
            } else {
                None
            },
        }
    }

    /// The static evaluation of `position` before corrections (see [`evaluate`](Self::evaluate)),
    /// kept in the evaluation cache (a position met again costs neither the network nor the
    /// hand-made evaluation), with the noise applied after.
    #[inline]
    fn raw_evaluate(&mut self, position: &P, ply: usize) -> i32 {
        let key = position.hash();
        let eval = match self.memory.evals.get(key) {
            Some(eval) => eval,
            None => {
                let eval = self.fresh_evaluate(position, ply);
                self.memory.evals.put(key, eval);
                eval
            }
        };
        self.shared.noise.apply(key, eval)
    }

    /// The evaluation of `position` from scratch: the network's (a network that corrects the
    /// hand-made evaluation adds the two), else the game's hand-made one. A network updates
    /// the sums of the ply before (usually the parent's) by the inputs that differ.
    #[inline]
    fn fresh_evaluate(&mut self, position: &P, ply: usize) -> i32 {
        let hand_made = |position: &P| {
            position
                .evaluate(self.shared.weights)
                .clamp(-MAX_EVAL, MAX_EVAL)
        };
        let Some(network) = self.shared.network else {
            return hand_made(position);
        };
        let (before, rest) = self.accumulators.split_at_mut(ply);
        let sums = &mut rest[0];
        if !sums.holds(position) {
            network.accumulate(position, before.last(), sums);
        }
        let eval = network.evaluate_sums(sums, position);
        if network.adds_to_hand_made() {
            (eval + hand_made(position)).clamp(-MAX_EVAL, MAX_EVAL)
        } else {
            eval
        }
    }

    /// Whether `mv` gains at least `threshold` in the exchange on its square; always true
    /// when exchanges are not looked at.
    #[inline]
    fn wins_exchange(&self, position: &P, mv: P::Move, threshold: i32) -> bool {
        !self.features().exchange || position.wins_exchange(mv, threshold, self.shared.weights)
    }

    /// Whether the side to move is in check, when checks are looked at.
    #[inline]
    fn in_check(&self, position: &P) -> bool {
        self.features().check && position.in_check()
    }

    /// Searches the root moves to `depth` within the window `alpha..beta`, best first, and
    /// puts the best move first. `None` when the clock stopped the iteration before any
    /// move had a score better than `alpha`.
    pub fn root(
        &mut self,
        root: &P,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        moves: &mut [(P::Move, i32)],
    ) -> Option<RootScore> {
        let original_alpha = alpha;
        let mut best: Option<(usize, i32)> = None;
        self.stack[0] = Frame {
            previous: None,
            eval: NO_EVAL,
            excluded: None,
            unsafe_check: false,
            tt_pv: true,
            quiet_mover: None,
            cutoffs: 0,
            reduction: 0,
        };
        self.stack[2].cutoffs = 0;
        for (index, entry) in moves.iter_mut().enumerate() {
            let mv = entry.0;
            let mut child = *root;
            child.play(mv);
            self.stack[1].previous = Some(mv);
            self.stack[1].quiet_mover = None;
            self.stack[1].unsafe_check = false;
            self.prefetch(child.hash());
            self.path.push(child.hash());
            let score = if index == 0 {
                -self.negamax(&child, depth - 1, 1, -beta, -alpha, true, false)
            } else {
                let reduction = self.root_reduction(root, depth, index, mv);
                self.search_late(&child, depth, 0, alpha, beta, reduction, false, alpha)
            };
            self.path.pop();
            if self.stopped {
                break;
            }
            entry.1 = score;
            if score > alpha {
                alpha = score;
                best = Some((index, score));
                if score >= beta {
                    break;
                }
            }
        }
        let finished = !self.stopped;
        let Some((index, score)) = best else {
            // Every move failed low: the window was too high, or the clock stopped us.
            return finished.then_some(RootScore {
                score: alpha,
                finished,
            });
        };
        // The best move first, the others in their old order.
        moves[..=index].rotate_right(1);
        if finished && score > original_alpha && score < beta {
            self.shared.tt.store(Entry {
                key: root.hash(),
                mv: Some(moves[0].0),
                score: to_tt(score, 0),
                depth: depth as i16,
                bound: Bound::Exact,
                pv: true,
            });
        }
        Some(RootScore { score, finished })
    }

    /// The reduction of the `index`th root move `mv` in an iteration of `depth`, with the
    /// parameter `root_reductions`: a late quiet move's, as at a principal-variation node
    /// that is improving; none for tactical moves or when the root is in check.
    fn root_reduction(&self, root: &P, depth: i32, index: usize, mv: P::Move) -> i32 {
        if self.params().root_reductions == 0 || root.is_tactical(mv) || self.in_check(root) {
            return 0;
        }
        let node = NodeKind {
            pv: true,
            cut: false,
            improving: true,
            tt_pv: true,
            refuted: false,
        };
        let side = root.side_to_move().index();
        self.late_move_reduction(depth, 0, index, node, mv, side)
    }

    /// One iteration at the root: [`root`](Search::root) in an aspiration window around
    /// `previous` (the last iteration's score), widened until the score falls inside it.
    pub fn iterate(
        &mut self,
        root: &P,
        depth: i32,
        previous: Option<i32>,
        moves: &mut [(P::Move, i32)],
    ) -> Option<RootScore> {
        self.root_depth = depth;
        let params = self.params();
        let mut window = params.aspiration_window;
        let (mut alpha, mut beta) = match previous {
            Some(score)
                if self.features().aspiration
                    && depth >= params.aspiration_depth
                    && score.abs() < DECIDED =>
            {
                (score - window, score + window)
            }
            _ => (-WIN, WIN),
        };
        loop {
            let result = self.root(root, depth, alpha, beta, moves)?;
            if !result.finished {
                return Some(result);
            }
            if result.score <= alpha && alpha > -WIN {
                alpha = (result.score - window).max(-WIN);
            } else if result.score >= beta && beta < WIN {
                beta = (result.score + window).min(WIN);
            } else {
                return Some(result);
            }
            window = window * params.aspiration_growth / 100;
            if window > params.aspiration_give_up {
                (alpha, beta) = (-WIN, WIN);
            }
        }
    }

    /// The moves before the position at `ply` whose continuations the history scores (the
    /// side's move two turns back only with `continuation_four`).
    #[inline]
    fn previous_moves(&self, ply: usize) -> Previous<P::Move> {
        let own = if ply >= 1 {
            self.stack[ply - 1].previous
        } else {
            None
        };
        let two_turns_back = if ply >= 3 && self.params().continuation_four != 0 {
            self.stack[ply - 3].previous
        } else {
            None
        };
        [self.stack[ply].previous, own, two_turns_back]
    }

    /// Fills `keys` with the ordering key of each of `moves` (higher first): the table's
    /// move, captures that win their exchange, killers, quiet moves by history (checks
    /// raised by `check_order_bonus`), captures that lose theirs. With
    /// `deferred_quiet_order`, quiet moves get [`UNSCORED_QUIET_KEY`] instead, and their
    /// history is read by [`score_quiets`](Self::score_quiets) only when the move loop
    /// reaches them: a node that cuts off on its table move, a capture or a killer never
    /// reads the history of its hundreds of drops.
    fn score_moves(
        &self,
        position: &P,
        moves: &MoveList<P::Move>,
        tt_move: Option<P::Move>,
        ply: usize,
        keys: &mut Vec<i32>,
    ) {
        let deferred = self.params().deferred_quiet_order != 0;
        keys.clear();
        keys.extend(moves.iter().map(|&mv| {
            if Some(mv) == tt_move {
                TT_MOVE_KEY
            } else if position.is_tactical(mv) {
                let value = position
                    .tactical_value(mv, self.shared.weights)
                    .min(1 << 20);
                if self.wins_exchange(position, mv, 0) {
                    TACTICAL_KEY + value
                } else {
                    // A capture that loses material in the exchange: after the quiet moves.
                    BAD_CAPTURE_KEY + value
                }
            } else {
                match self.memory.ordering.killer_rank(ply, mv) {
                    0 if deferred => UNSCORED_QUIET_KEY,
                    0 => self.quiet_key(position, ply, mv),
                    rank => KILLER_KEY + rank,
                }
            }
        }));
    }

    /// The ordering key of the quiet move `mv` (not a killer) at `ply`: its history, with
    /// `check_order_bonus` added for a check.
    fn quiet_key(&self, position: &P, ply: usize, mv: P::Move) -> i32 {
        let side = position.side_to_move().index();
        let history = self
            .memory
            .ordering
            .score(side, self.previous_moves(ply), &mv);
        let check_bonus = self.params().check_order_bonus;
        if check_bonus > 0 && self.gives_check(position, mv) {
            history + check_bonus
        } else {
            history
        }
    }

    /// Reads the history of the quiet moves among `moves[from..]` that
    /// [`score_moves`](Self::score_moves) left unscored, and orders `moves[from..]` anew
    /// (the move loop reached the first of them at `from`).
    fn score_quiets(
        &mut self,
        position: &P,
        ply: usize,
        moves: &mut [P::Move],
        keys: &mut [i32],
        from: usize,
    ) {
        for index in from..moves.len() {
            if keys[index] == UNSCORED_QUIET_KEY {
                keys[index] = self.quiet_key(position, ply, moves[index]);
            }
        }
        if from >= PICKED {
            sort_rest(moves, keys, from, &mut self.sorted);
        } else {
            pick(moves, keys, from, &mut self.sorted);
        }
    }

    /// Principal variation search of `position` to `depth` within `alpha..beta`, `ply`
    /// plies from the root: a full window for the first move, a null window (and
    /// reductions) for the rest. `null_allowed` is false right after a null move;
    /// `cut_node` is true where a null-window search expects a cut-off (a child searched
    /// after its parent's first move, reduced, or one whose parent expected none), where
    /// late moves are reduced more. The steps are numbered as the comments say.
    #[allow(clippy::too_many_arguments)]
    pub fn negamax(
        &mut self,
        position: &P,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        null_allowed: bool,
        cut_node: bool,
    ) -> i32 {
        // Step 1. Count the node; stop, or answer a draw by the rules, or the win of a side
        // whose opponent left its key piece to be taken (the move that did so is refuted
        // without a look at this node's moves: a tenth to a third less time to a depth).
        // Quiescence does not ask, as its captures find the key piece first anyway.
        let prior_reduction = std::mem::take(&mut self.stack[ply].reduction);
        if self.tick() {
            return 0;
        }
        if self.is_draw(position) {
            return self.draw_score(position);
        }
        if position.can_take_key_piece() {
            return win_in(ply + 1);
        }
        // The grandchildren's cut-offs are counted afresh under this node.
        self.stack[ply + 2].cutoffs = 0;

        // Step 2. Mate distance: no score can beat a win at the next ply or a loss here.
        alpha = alpha.max(loss_in(ply));
        beta = beta.min(WIN - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }

        // Step 3. A key piece under attack extends the search where enough depth is left
        // (nearer the leaves quiescence answers it) and, with `check_extension_safe`, where
        // the attacker did not come at a loss; at the horizon, quiescence.
        // With `check_extension_evasions`, only where few moves save the key piece (the
        // evasions are generated here once, and searched in step 11).
        let in_check = self.in_check(position);
        let mut evasions = None;
        let extends = depth >= self.params().check_extension_depth && !self.stack[ply].unsafe_check;
        if in_check && extends && ply < self.extension_plies() {
            let limit = self.params().check_extension_evasions as usize;
            if limit > 0 {
                let mut moves = MoveList::new();
                position.evasions(&mut moves);
                if moves.len() <= limit {
                    depth += 1;
                }
                evasions = Some(moves);
            } else {
                depth += 1;
            }
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(position, ply, alpha, beta);
        }

        // Step 4. The transposition table: its move orders first, and outside the principal
        // variation a deep enough entry whose bound settles the window is the answer.
        let pv_node = beta - alpha > 1;
        let key = position.hash();
        let excluded = self.stack[ply].excluded;
        let mut tt_move = None;
        let mut tt_entry = None;
        if excluded.is_none()
            && let Some(entry) = self.shared.tt.probe(key)
        {
            tt_move = entry.mv;
            tt_entry = Some(entry);
            if !pv_node
                && entry.depth as i32 >= depth
                && let Some(score) = settled_score(&entry, ply, alpha, beta)
            {
                // With `tt_cut_history`, a quiet table move that cuts off is rewarded as
                // one found by the move loop would be.
                if score >= beta
                    && self.params().tt_cut_history != 0
                    && let Some(mv) = tt_move
                    && !position.is_tactical(mv)
                {
                    let side = position.side_to_move().index();
                    let previous = self.previous_moves(ply);
                    self.reward_cut(side, ply, depth, previous, mv, &[]);
                }
                return score;
            }
        }
        // A singular search (with a move excluded) keeps the node's own mark.
        if excluded.is_none() {
            self.stack[ply].tt_pv = pv_node || tt_entry.is_some_and(|entry| entry.pv);
        }
        let tt_pv = self.stack[ply].tt_pv;

        // Step 5. The game is over here.
        if !position.has_legal_move() {
            return self.game_over_score(position, ply);
        }

        // Step 6. Internal iterative reduction: without a table move this node is probably
        // less important than it looked.
        if self.features().iir && tt_move.is_none() && depth >= self.params().iir_depth && !in_check
        {
            depth -= 1;
        }

        // Step 7. The static evaluation, whether it rose since this side's last move, and
        // the table's better guess of the position's worth.
        let static_eval = if in_check {
            -WIN
        } else {
            self.evaluate(position, ply)
        };
        self.stack[ply].eval = if in_check { NO_EVAL } else { static_eval };
        let improving = !in_check
            && (ply < 2 || {
                let before = self.stack[ply - 2].eval;
                before == NO_EVAL || static_eval > before
            });
        let eval = match tt_entry {
            Some(entry) if !in_check => table_guess(&entry, ply, static_eval),
            _ => static_eval,
        };
        let quiet_node = !pv_node && !in_check && beta.abs() < DECIDED;
        let params = self.params();

        // Step 7b. Hindsight, with `hindsight_margin`: a node reached by a much reduced move
        // gets a ply back where the move did not make the opponent's position worse, and
        // loses one where both sides' evaluations say their side is ahead (the line is
        // quieter than the reduction feared).
        if params.hindsight_margin > 0 && !in_check && ply >= 1 {
            let before = self.stack[ply - 1].eval;
            if before != NO_EVAL {
                if prior_reduction >= 3 && static_eval <= -before {
                    depth += 1;
                } else if prior_reduction >= 2
                    && depth >= 2
                    && static_eval + before > params.hindsight_margin
                {
                    depth -= 1;
                }
            }
        }

        // Step 8. Reverse futility: an evaluation far above beta near the leaves is a cut
        // (returning the evaluation, or with `reverse_futility_halfway` halfway to beta).
        let futility_depth = if self.features().improving && improving {
            depth - 1
        } else {
            depth
        };
        if quiet_node
            && excluded.is_none()
            && self.features().futility
            && depth <= params.reverse_futility_depth
            && eval - params.reverse_futility_margin * futility_depth >= beta
        {
            return if params.reverse_futility_halfway != 0 {
                (eval + beta) / 2
            } else {
                eval
            };
        }

        // Step 8b. Razoring: an evaluation far below alpha near the leaves asks quiescence
        // whether any capture saves the node; if none does, the node fails low.
        if quiet_node
            && excluded.is_none()
            && params.razoring_margin > 0
            && depth <= params.razoring_depth
            && alpha.abs() < DECIDED
            && eval + params.razoring_margin * depth * depth < alpha
        {
            let score = self.quiesce(position, ply, alpha - 1, alpha);
            if self.stopped {
                return 0;
            }
            if score < alpha {
                return score;
            }
        }

        // Step 9. Null move: if passing the turn still fails high, so would a move.
        if quiet_node
            && excluded.is_none()
            && null_allowed
            && eval >= beta
            && let Some(score) = self.null_move_cut(position, depth, ply, beta, eval)
        {
            return score;
        }

        // Step 9b. ProbCut: a good capture that beats beta by a margin in a much shallower
        // search would beat it in the full one too.
        if quiet_node
            && excluded.is_none()
            && let Some(score) =
                self.probcut(position, depth, ply, beta, static_eval, tt_entry, cut_node)
        {
            return score;
        }

        // Step 10. Singular extension: is the table move the only good one? Then it is
        // searched a ply deeper.
        let singular_extension = match (tt_entry, tt_move) {
            (Some(entry), Some(mv)) => {
                match self.singular(position, depth, ply, beta, pv_node, cut_node, &entry, mv) {
                    Singular::Cut(score) => return score,
                    Singular::Extend(plies) => plies,
                    Singular::Reduce(plies) => -plies,
                    Singular::No => 0,
                }
            }
            _ => 0,
        };
        if self.stopped {
            return 0;
        }

        // Step 11. The moves, ordered, and how many quiet ones are worth trying.
        let mut moves = MoveList::new();
        if in_check {
            // The other moves lose the key piece at once.
            match evasions {
                Some(known) => moves = known,
                None => position.evasions(&mut moves),
            }
            if moves.is_empty() {
                // Every move loses it: they are searched all the same (the key piece falls
                // a ply later in each), so that the table and the principal variation show
                // how the game ends.
                position.legal_moves(&mut moves);
            }
        } else {
            position.legal_moves(&mut moves);
        }
        let mut keys = std::mem::take(&mut self.keys[ply]);
        self.score_moves(position, &moves, tt_move, ply, &mut keys);
        let pruning = quiet_node && self.features().futility;
        let futile = pruning
            && depth <= params.futility_depth
            && alpha.abs() < DECIDED
            && eval + params.futility_base + params.futility_per_depth * depth <= alpha;
        let late_move_limit = if pruning && depth <= params.late_move_depth {
            let limit =
                (params.late_move_base + params.late_move_per_depth2 * depth * depth) as usize;
            if self.features().improving && !improving {
                limit / 2 + 1
            } else {
                limit
            }
        } else {
            usize::MAX
        };

        // Step 12. The move loop.
        // A principal-variation node whose table entry failed low as deep: likely to again.
        let likely_fail_low = pv_node
            && tt_entry
                .is_some_and(|entry| entry.bound == Bound::Upper && entry.depth as i32 >= depth);
        let tt_capture =
            params.tt_capture_reduction > 0 && tt_move.is_some_and(|mv| position.is_tactical(mv));
        let side = position.side_to_move().index();
        let previous = self.previous_moves(ply);
        let original_alpha = alpha;
        let mut best = -WIN;
        let mut best_move = moves[0];
        let mut quiets_searched = 0usize;
        let mut tried: ArrayVec<P::Move, TRIED_QUIETS> = ArrayVec::new();
        for index in 0..moves.len() {
            pick(moves.as_mut_slice(), &mut keys, index, &mut self.sorted);
            // With `deferred_quiet_order`, the first quiet move reached reads the history
            // of them all and orders them.
            if keys[index] == UNSCORED_QUIET_KEY {
                self.score_quiets(position, ply, moves.as_mut_slice(), &mut keys, index);
            }
            let mv = moves[index];
            if Some(mv) == excluded {
                continue;
            }
            let quiet = !position.is_tactical(mv);

            // Step 12a. Pruning near the leaves, once some move has kept the node alive:
            // futile and late quiet moves (by the node, and where the parameters ask, by the
            // depth a move keeps after its reduction; with `quiet_checks`, not checks), and
            // moves that lose too much in the exchange.
            if index > 0 && best > -DECIDED {
                let late = quiet
                    && (futile
                        || quiets_searched >= late_move_limit
                        || pruning
                            && self.prunes_late_quiet(depth, ply, side, index, eval, alpha, mv));
                if late && !self.keeps_quiet_check(position, mv) {
                    continue;
                }
                if quiet_node && self.features().futility && depth <= params.exchange_pruning_depth
                {
                    let margin = if quiet {
                        params.exchange_quiet_margin
                    } else {
                        params.exchange_capture_margin
                    };
                    if !self.wins_exchange(position, mv, -margin * depth) {
                        continue;
                    }
                }
            }

            // Step 12b. Play it.
            let mut child = *position;
            child.play(mv);
            self.prefetch(child.hash());
            self.path.push(child.hash());
            self.stack[ply + 1].previous = Some(mv);
            self.stack[ply + 1].quiet_mover = quiet.then_some(side);
            self.stack[ply + 1].unsafe_check = params.check_extension_safe > 0
                && self.in_check(&child)
                && !self.wins_exchange(position, mv, 0);

            // Step 12c. Search it: the first move with the full window (and the singular
            // extension), the others with a null window, reduced when late and quiet (a
            // check a ply less with `quiet_checks=2`; with `lmr_bad_captures`, late captures
            // that lose material too), and again at full depth and width when they beat
            // alpha.
            let score = if index == 0 {
                let extension = if Some(mv) == tt_move {
                    singular_extension
                } else {
                    0
                };
                let child_cut = !pv_node && !cut_node;
                -self.negamax(
                    &child,
                    depth - 1 + extension,
                    ply + 1,
                    -beta,
                    -alpha,
                    true,
                    child_cut,
                )
            } else {
                let node = NodeKind {
                    pv: pv_node,
                    cut: cut_node,
                    improving,
                    tt_pv: tt_pv && !likely_fail_low,
                    refuted: params.lmr_child_cutoffs > 0
                        && self.stack[ply + 1].cutoffs > params.lmr_child_cutoffs as u32,
                };
                let reduction = if in_check && params.lmr_evasions == 0 {
                    0
                } else if quiet {
                    let mut r = self.late_move_reduction(depth, ply, index, node, mv, side);
                    if r > 0 && params.quiet_checks == 2 && self.in_check(&child) {
                        r -= 1;
                    }
                    if tt_capture && r > 0 {
                        r = (r + params.tt_capture_reduction).min(depth - 2);
                    }
                    r
                } else if keys[index] <= BAD_CAPTURE_TOP {
                    self.bad_capture_reduction(depth, index, node)
                } else {
                    0
                };
                self.search_late(&child, depth, ply, alpha, beta, reduction, cut_node, best)
            };
            self.path.pop();
            if self.stopped {
                return 0;
            }

            // Step 12d. Keep the best; at a cut-off, teach the ordering.
            if quiet {
                quiets_searched += 1;
            }
            if score > best {
                best = score;
                best_move = mv;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        self.stack[ply].cutoffs += 1;
                        if quiet {
                            self.reward_cut(side, ply, depth, previous, mv, &tried);
                        } else if params.learn_from_best != 0 && self.features().history {
                            self.memory.ordering.punish(side, depth, previous, &tried);
                        }
                        break;
                    }
                }
            }
            if quiet {
                let _ = tried.try_push(mv);
            }
        }
        self.keys[ply] = keys;
        if excluded.is_some() {
            // A search without the table move says nothing the table should keep.
            return best;
        }
        // A quiet best move that raised alpha without a cut-off (the loop breaks at one)
        // teaches the ordering too.
        if params.learn_from_best != 0
            && best > original_alpha
            && best < beta
            && !position.is_tactical(best_move)
        {
            tried.retain(|mv| *mv != best_move);
            self.reward_cut(side, ply, depth, previous, best_move, &tried);
        }

        // Step 13. What the node found: the correction history and the table; with
        // `fail_low_history`, a node where every move failed low rewards the quiet move
        // that led to it, in the ordering of the side that played it.
        let bound = bound_of(best, original_alpha, beta);
        if bound == Bound::Upper && params.fail_low_history != 0 {
            self.reward_refutation(ply, depth);
        }
        if !in_check && !position.is_tactical(best_move) {
            self.learn_correction(position, ply, depth, static_eval, best, bound);
        }
        // Where every move failed low their bounds do not say which is best: the parameter
        // says whether the table keeps the move it had.
        let stored_move = match params.fail_low_move {
            0 if bound == Bound::Upper => tt_move,
            2 if bound == Bound::Upper => tt_move.or(Some(best_move)),
            _ => Some(best_move),
        };
        self.shared.tt.store(Entry {
            key,
            mv: stored_move,
            score: to_tt(best, ply),
            depth: depth as i16,
            bound,
            pv: tt_pv,
        });
        best
    }

    /// The search of `child`, a move after the first at a node of `depth` `ply` plies from
    /// the root (step 12c, and at the root): a null window `reduction` plies shallower; again
    /// at full depth when that beats `alpha` (with `lmr_research_margin`, a ply deeper when it
    /// beat the node's `best` so far by far, a ply shallower when only just; not at the root,
    /// whose moves keep the iteration's depth); with the full window when the score also
    /// falls inside `alpha..beta`. `cut_node` is the node's own.
    #[allow(clippy::too_many_arguments)]
    fn search_late(
        &mut self,
        child: &P,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        reduction: i32,
        cut_node: bool,
        best: i32,
    ) -> i32 {
        self.stack[ply + 1].reduction = reduction;
        let mut score = -self.negamax(
            child,
            depth - 1 - reduction,
            ply + 1,
            -alpha - 1,
            -alpha,
            true,
            reduction > 0 || !cut_node,
        );
        let mut full = depth - 1;
        let margin = self.params().lmr_research_margin;
        if score > alpha && reduction > 0 && margin > 0 && ply > 0 {
            if score > best + margin + 2 * full {
                full += 1;
            } else if score < best + margin / 10 {
                full -= 1;
            }
        }
        if score > alpha && full > depth - 1 - reduction && !self.stopped {
            score = -self.negamax(child, full, ply + 1, -alpha - 1, -alpha, true, !cut_node);
        }
        if score > alpha && score < beta && !self.stopped {
            let depth = full.max(depth - 1);
            score = -self.negamax(child, depth, ply + 1, -beta, -alpha, true, false);
        }
        score
    }

    /// Null-move pruning (step 9): the opponent moves twice, with a reduced depth; the
    /// score when that still fails high, `None` when it does not or the game has no null
    /// move.
    fn null_move_cut(
        &mut self,
        position: &P,
        depth: i32,
        ply: usize,
        beta: i32,
        eval: i32,
    ) -> Option<i32> {
        let params = self.params();
        if !self.features().null_move || depth < params.null_move_depth {
            return None;
        }
        let passed = position.null_move()?;
        let reduction = params.null_move_base
            + depth / params.null_move_depth_divisor
            + ((eval - beta) / params.null_move_eval_divisor).min(params.null_move_eval_max);
        self.prefetch(passed.hash());
        self.path.push(passed.hash());
        self.stack[ply + 1].previous = None;
        self.stack[ply + 1].quiet_mover = None;
        self.stack[ply + 1].unsafe_check = false;
        let score = -self.negamax(
            &passed,
            depth - 1 - reduction,
            ply + 1,
            -beta,
            -beta + 1,
            false,
            false,
        );
        self.path.pop();
        if self.stopped {
            return Some(0);
        }
        (score >= beta).then_some(if score >= DECIDED { beta } else { score })
    }

    /// ProbCut (step 9b): the score that cuts the node when one of the captures that win at
    /// least the margin above beta in the exchange, searched four plies shallower (after a
    /// quiescence search says it might), still beats beta by `probcut_margin`; `None` when
    /// none does, the depth is too shallow, or the table says the node falls short.
    #[allow(clippy::too_many_arguments)]
    fn probcut(
        &mut self,
        position: &P,
        depth: i32,
        ply: usize,
        beta: i32,
        static_eval: i32,
        tt_entry: Option<Entry<P::Move>>,
        cut_node: bool,
    ) -> Option<i32> {
        let params = self.params();
        if params.probcut_depth == 0 || depth < params.probcut_depth {
            return None;
        }
        let probcut_beta = beta + params.probcut_margin;
        if probcut_beta >= DECIDED {
            return None;
        }
        if let Some(entry) = tt_entry
            && entry.depth as i32 >= depth - 3
            && from_tt(entry.score, ply) < probcut_beta
        {
            return None;
        }
        let mut moves = MoveList::new();
        position.tactical_moves(&mut moves);
        let mut keys = std::mem::take(&mut self.keys[ply]);
        self.tactical_keys(position, &moves, None, &mut keys);
        let mut cut = None;
        for index in 0..moves.len() {
            pick(moves.as_mut_slice(), &mut keys, index, &mut self.sorted);
            let mv = moves[index];
            if !self.wins_exchange(position, mv, probcut_beta - static_eval) {
                continue;
            }
            let mut child = *position;
            child.play(mv);
            self.prefetch(child.hash());
            self.path.push(child.hash());
            self.stack[ply + 1].previous = Some(mv);
            self.stack[ply + 1].quiet_mover = None;
            self.stack[ply + 1].unsafe_check = false;
            let mut score = -self.quiesce(&child, ply + 1, -probcut_beta, -probcut_beta + 1);
            if score >= probcut_beta && !self.stopped {
                score = -self.negamax(
                    &child,
                    depth - 4,
                    ply + 1,
                    -probcut_beta,
                    -probcut_beta + 1,
                    true,
                    !cut_node,
                );
            }
            self.path.pop();
            if self.stopped {
                cut = Some(0);
                break;
            }
            if score >= probcut_beta {
                self.shared.tt.store(Entry {
                    key: position.hash(),
                    mv: Some(mv),
                    score: to_tt(score, ply),
                    depth: (depth - 3) as i16,
                    bound: Bound::Lower,
                    pv: self.stack[ply].tt_pv,
                });
                cut = Some(score - params.probcut_margin);
                break;
            }
        }
        self.keys[ply] = keys;
        cut
    }

    /// Move-level pruning of the quiet move `mv`, the `index`th tried at a node of `depth`
    /// outside the principal variation (step 12a), by the depth it would keep after its
    /// late-move reduction: futility (`eval` with the margins cannot reach `alpha`) and a bad
    /// history. Killers are kept. Both are off by default (parameters `futility_move_depth`
    /// and `history_pruning_depth`); Obsidian's parameter file turns them on.
    #[allow(clippy::too_many_arguments)]
    fn prunes_late_quiet(
        &self,
        depth: i32,
        ply: usize,
        side: usize,
        index: usize,
        eval: i32,
        alpha: i32,
        mv: P::Move,
    ) -> bool {
        let params = self.params();
        let switched_on = params.futility_move_depth > 0 || params.history_pruning_depth > 0;
        if !switched_on || self.memory.ordering.killer_rank(ply, mv) != 0 {
            return false;
        }
        let reduced = (depth - 1 - self.shared.tuning.reduction(depth, index)).max(0);
        if reduced <= params.futility_move_depth
            && params.futility_move_depth > 0
            && alpha.abs() < DECIDED
            && eval + params.futility_base + params.futility_per_depth * reduced <= alpha
        {
            return true;
        }
        reduced < params.history_pruning_depth && self.features().history && {
            let previous = self.previous_moves(ply);
            self.memory.ordering.score(side, previous, &mv) < -params.history_pruning_margin * depth
        }
    }

    /// Whether the quiet move `mv`, which step 12a would skip, is kept as a check: with the
    /// parameter `quiet_checks`, a move that attacks the opponent's key piece is not
    /// skipped by futility or late-move pruning, as the reply it forces may change
    /// everything.
    fn keeps_quiet_check(&self, position: &P, mv: P::Move) -> bool {
        self.params().quiet_checks != 0 && self.gives_check(position, mv)
    }

    /// Whether `mv` attacks the opponent's key piece: after it, the opponent is in check.
    fn gives_check(&self, position: &P, mv: P::Move) -> bool {
        let mut child = *position;
        child.play(mv);
        self.in_check(&child)
    }

    /// Singular extensions (step 10): whether the table move `mv` of `entry` is the only
    /// good move here, by a search of half the depth without it; outside the principal
    /// variation, one that every other move falls far short of is extended two plies (with
    /// `singular_double_margin`).
    #[allow(clippy::too_many_arguments)]
    fn singular(
        &mut self,
        position: &P,
        depth: i32,
        ply: usize,
        beta: i32,
        pv_node: bool,
        cut_node: bool,
        entry: &Entry<P::Move>,
        mv: P::Move,
    ) -> Singular {
        let params = self.params();
        if !self.features().singular
            || params.singular_depth == 0
            || depth < params.singular_depth
            || ply >= self.extension_plies()
            || entry.bound == Bound::Upper
            || (entry.depth as i32) < depth - params.singular_depth_slack
        {
            return Singular::No;
        }
        let tt_score = from_tt(entry.score, ply);
        if tt_score.abs() >= DECIDED {
            return Singular::No;
        }
        let singular_beta = tt_score - params.singular_margin * depth;
        self.stack[ply].excluded = Some(mv);
        let score = self.negamax(
            position,
            (depth - 1) / 2,
            ply,
            singular_beta - 1,
            singular_beta,
            false,
            cut_node,
        );
        self.stack[ply].excluded = None;
        if self.stopped {
            Singular::No
        } else if score < singular_beta {
            let far_short = params.singular_double_margin > 0
                && !pv_node
                && score < singular_beta - params.singular_double_margin;
            Singular::Extend(if far_short { 2 } else { 1 })
        } else if singular_beta >= beta {
            // Another move beats beta too: this node fails high twice over.
            Singular::Cut(singular_beta)
        } else if params.singular_reduction > 0 && tt_score >= beta {
            // Not singular, and the table expects a cut-off: some other move would give it
            // too, so the table move needs less depth to prove it.
            Singular::Reduce(params.singular_reduction)
        } else {
            Singular::No
        }
    }

    /// The reduction a late move starts from (step 12c), the `index`th tried at a `node` of
    /// `depth`: by the table, a ply less in the principal variation, `cut_node_reduction`
    /// plies more where a cut-off is expected, a ply more when the evaluation is not
    /// improving and another where the children keep cutting off (`lmr_child_cutoffs`);
    /// `None` where no late move is reduced (reductions off, too shallow, too
    /// early in the list).
    fn base_reduction(&self, depth: i32, index: usize, node: NodeKind) -> Option<i32> {
        let params = self.params();
        let first = if node.pv {
            params.lmr_first_pv
        } else {
            params.lmr_first
        };
        if !self.features().late_move_reductions
            || depth < params.lmr_depth
            || (index as i32) < first
        {
            return None;
        }
        let mut r = self.shared.tuning.reduction(depth, index) - node.pv as i32;
        if node.cut {
            r += params.cut_node_reduction;
        }
        if node.tt_pv {
            r -= params.tt_pv_reduction;
        }
        if self.features().improving && !node.improving {
            r += 1;
        }
        if node.refuted {
            r += 1;
        }
        Some(r)
    }

    /// The late-move reduction (step 12c) of the quiet move `mv`, the `index`th tried at a
    /// `node` of `depth`: the [base reduction](Self::base_reduction), less for a move with a
    /// good history; for a killer none, or with `lmr_killers` a ply less than its base.
    fn late_move_reduction(
        &self,
        depth: i32,
        ply: usize,
        index: usize,
        node: NodeKind,
        mv: P::Move,
        side: usize,
    ) -> i32 {
        let killer = self.memory.ordering.killer_rank(ply, mv) != 0;
        if killer && self.params().lmr_killers == 0 {
            return 0;
        }
        let Some(mut r) = self.base_reduction(depth, index, node) else {
            return 0;
        };
        if killer {
            r -= 1;
        }
        if self.features().history {
            let previous = self.previous_moves(ply);
            r -=
                self.memory.ordering.score(side, previous, &mv) / self.params().lmr_history_divisor;
        }
        r.clamp(0, depth - 2)
    }

    /// The late-move reduction (step 12c) of a capture that loses material in the exchange,
    /// with the parameter `lmr_bad_captures`: the [base reduction](Self::base_reduction)
    /// (captures have no history).
    fn bad_capture_reduction(&self, depth: i32, index: usize, node: NodeKind) -> i32 {
        if self.params().lmr_bad_captures == 0 {
            return 0;
        }
        self.base_reduction(depth, index, node)
            .map_or(0, |r| r.clamp(0, depth - 2))
    }

    /// Teaches the ordering that the quiet move `mv` cut off (step 12d; with
    /// `learn_from_best`, also that it was the best move of a principal-variation node), with
    /// a malus for the quiet moves `tried` before it. Without the history feature: a plain
    /// bonus, no malus, no continuation.
    fn reward_cut(
        &mut self,
        side: usize,
        ply: usize,
        depth: i32,
        previous: Previous<P::Move>,
        mv: P::Move,
        tried: &[P::Move],
    ) {
        let (previous, tried): (_, &[P::Move]) = if self.features().history {
            (previous, tried)
        } else {
            ([None, None, None], &[])
        };
        self.memory
            .ordering
            .reward(side, ply, depth, previous, mv, tried);
    }

    /// Rewards the quiet move that led to the node `ply` plies from the root, searched to
    /// `depth`, whose moves all failed low (step 13): a bonus in the history and
    /// continuations of the side that played it, a ply deeper than the node, and no
    /// killer, as Stockfish rewards the prior countermove.
    fn reward_refutation(&mut self, ply: usize, depth: i32) {
        let frame = self.stack[ply];
        if let (Some(side), Some(mv), true) =
            (frame.quiet_mover, frame.previous, self.features().history)
        {
            let previous = self.previous_moves(ply - 1);
            self.memory
                .ordering
                .reward_history(side, depth + 1, previous, mv);
        }
    }

    /// Teaches the correction history how far the static evaluation of `position`, `ply`
    /// plies from the root, was off (step 13), where the score `best` is not a mere bound
    /// on the wrong side of it (the caller has made sure no capture decided it).
    fn learn_correction(
        &mut self,
        position: &P,
        ply: usize,
        depth: i32,
        static_eval: i32,
        best: i32,
        bound: Bound,
    ) {
        if self.features().correction
            && best.abs() < DECIDED
            && !(bound == Bound::Lower && best <= static_eval)
            && !(bound == Bound::Upper && best >= static_eval)
        {
            let keys = self.correction_keys(position, ply);
            self.memory.evals.correction.learn(
                position.side_to_move().index(),
                keys,
                depth,
                static_eval,
                best,
            );
        }
    }

    /// The plies below which quiescence answers a check with every evasion: twice the
    /// iteration's depth (as far as checks extend the main search) and
    /// the parameter `quiescence_check_plies` more.
    fn quiescence_check_plies(&self) -> usize {
        self.extension_plies() + self.params().quiescence_check_plies as usize
    }

    /// Quiescence search: the static evaluation, improved by tactical moves only; in check,
    /// every evasion is tried (with `quiescence_evasions`, only the first quiet ones and
    /// none that loses its exchange once one has held) and standing pat is not allowed. A
    /// table entry of any depth settles it. With the parameter `quiescence_table`, the
    /// entry's move is tried first and what quiescence finds is kept in the table where no
    /// deeper search's result is (depth 0).
    fn quiesce(&mut self, position: &P, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        if self.tick() {
            return 0;
        }
        let key = position.hash();
        let entry = self.shared.tt.probe(key);
        if let Some(score) = entry.and_then(|entry| settled_score(&entry, ply, alpha, beta)) {
            return score;
        }
        let keeps_table = self.params().quiescence_table != 0;
        let tt_move = entry.and_then(|entry| entry.mv).filter(|_| keeps_table);
        if !position.has_legal_move() {
            return self.game_over_score(position, ply);
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(position, ply);
        }
        // Checks are answered with every evasion only so deep: beyond that a side in check
        // may stand pat like any other, so that a run of checking captures cannot make the
        // tree explode.
        let in_check = ply < self.quiescence_check_plies() && self.in_check(position);
        let mut moves = MoveList::new();
        let (mut best, stand) = if in_check {
            position.evasions(&mut moves);
            if moves.is_empty() {
                // Whatever is played, the key piece is taken next.
                return loss_in(ply + 2);
            }
            (-WIN, -WIN)
        } else {
            let stand = self.evaluate(position, ply);
            if stand >= beta {
                self.store_quiescence(key, stand, Bound::Lower, None, ply);
                return stand;
            }
            alpha = alpha.max(stand);
            position.tactical_moves(&mut moves);
            (stand, stand)
        };
        let original_alpha = alpha;
        let mut best_move = None;
        let evasion_limit = self.params().quiescence_evasions as usize;
        let mut quiet_evasions = 0;
        let mut keys = std::mem::take(&mut self.keys[ply]);
        self.tactical_keys(position, &moves, tt_move, &mut keys);
        for index in 0..moves.len() {
            pick(moves.as_mut_slice(), &mut keys, index, &mut self.sorted);
            let mv = moves[index];
            // Evasions are counted only where the parameter limits them.
            let limits_evasions = in_check && evasion_limit > 0;
            let quiet_evasion = limits_evasions && !position.is_tactical(mv);
            if limits_evasions
                && best > -DECIDED
                && ((quiet_evasion && quiet_evasions >= evasion_limit)
                    || !self.wins_exchange(position, mv, 0))
            {
                continue;
            }
            if quiet_evasion {
                quiet_evasions += 1;
            }
            // The table move's key is raised to put it first; its gain is read anew.
            let value = if Some(mv) == tt_move {
                position.tactical_value(mv, self.shared.weights)
            } else {
                keys[index]
            };
            if !in_check
                && (stand + value + self.params().delta_margin <= alpha
                    || !self.wins_exchange(position, mv, 0))
            {
                continue;
            }
            let mut child = *position;
            child.play(mv);
            self.prefetch(child.hash());
            // The correction history may key the child by the last two moves.
            self.stack[ply + 1].previous = Some(mv);
            self.stack[ply + 1].quiet_mover = None;
            let score = -self.quiesce(&child, ply + 1, -beta, -alpha);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.keys[ply] = keys;
        let bound = bound_of(best, original_alpha, beta);
        self.store_quiescence(key, best, bound, best_move, ply);
        best
    }

    /// Fills `keys` with the ordering key of each of the tactical `moves`: what it gains at
    /// once, and `first` (the table's move) before all of them.
    fn tactical_keys(
        &self,
        position: &P,
        moves: &MoveList<P::Move>,
        first: Option<P::Move>,
        keys: &mut Vec<i32>,
    ) {
        keys.clear();
        keys.extend(moves.iter().map(|&mv| {
            let value = position.tactical_value(mv, self.shared.weights);
            if Some(mv) == first {
                TT_MOVE_KEY + value.min(1 << 20)
            } else {
                value
            }
        }));
    }

    /// Keeps a quiescence result in the table at depth 0 (see
    /// [`Table::store_shallow`](crate::search::tt::Table::store_shallow)).
    #[inline]
    fn store_quiescence(
        &self,
        key: u64,
        score: i32,
        bound: Bound,
        mv: Option<P::Move>,
        ply: usize,
    ) {
        if self.params().quiescence_table == 0 {
            return;
        }
        self.shared.tt.store_shallow(Entry {
            key,
            mv,
            score: to_tt(score, ply),
            depth: 0,
            bound,
            pv: false,
        });
    }
}

/// Sorts `moves[from..]` by their `keys`, highest first; stable, so that equal keys keep
/// their generation order as picking would. `buffer` is where the pairs are sorted (its
/// contents are replaced).
fn sort_rest<M: Copy>(moves: &mut [M], keys: &mut [i32], from: usize, buffer: &mut Vec<(i32, M)>) {
    buffer.clear();
    buffer.extend(
        keys[from..]
            .iter()
            .copied()
            .zip(moves[from..].iter().copied()),
    );
    buffer.sort_by_key(|&(key, _)| std::cmp::Reverse(key));
    for (i, &(key, mv)) in buffer.iter().enumerate() {
        keys[from + i] = key;
        moves[from + i] = mv;
    }
}

/// The moves picked one by one before the rest are sorted at once.
const PICKED: usize = 12;

/// Moves the move with the highest key among `moves[from..]` to `from` (with its key): one
/// step of a selection sort, so that a node cut off early does not sort all its moves. From
/// the [`PICKED`]th move on, the rest are sorted at once instead (a node that searches
/// hundreds of moves, such as Daisy's drops, would otherwise take quadratic time); `moves`
/// is then in order and later calls do nothing more. `buffer` is [`sort_rest`]'s.
#[inline]
fn pick<M: Copy>(moves: &mut [M], keys: &mut [i32], from: usize, buffer: &mut Vec<(i32, M)>) {
    if from == PICKED && moves.len() > PICKED + 1 {
        sort_rest(moves, keys, from, buffer);
        return;
    }
    if from > PICKED {
        return;
    }
    let mut best = from;
    for i in from + 1..keys.len() {
        if keys[i] > keys[best] {
            best = i;
        }
    }
    moves.swap(from, best);
    keys.swap(from, best);
}

/// What a node's best score `best` says of its value, searched in the window
/// `alpha..beta`: at least `best` (a cut-off), exactly `best`, or at most `best`.
#[inline]
fn bound_of(best: i32, alpha: i32, beta: i32) -> Bound {
    if best >= beta {
        Bound::Lower
    } else if best > alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}

/// The stored score of `entry` at `ply` when its bound settles the window `alpha..beta`.
#[inline]
fn settled_score<M>(entry: &Entry<M>, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let score = from_tt(entry.score, ply);
    let settles = match entry.bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    };
    settles.then_some(score)
}

/// The table's guess of a position's worth for pruning decisions: its stored score where
/// the bound errs on the side of `static_eval` (a lower bound above it, an upper bound below
/// it, or an exact score), else the static evaluation.
#[inline]
fn table_guess<M>(entry: &Entry<M>, ply: usize, static_eval: i32) -> i32 {
    let score = from_tt(entry.score, ply);
    let better = match entry.bound {
        Bound::Exact => true,
        Bound::Lower => score > static_eval,
        Bound::Upper => score < static_eval,
    };
    if better && score.abs() < DECIDED {
        score
    } else {
        static_eval
    }
}

/// What the singular search (step 10) found of the table move.
enum Singular {
    /// It is the only good move: this many plies deeper (1, or 2 where the others fall far
    /// short).
    Extend(i32),
    /// Not singular, or not looked at.
    No,
    /// Another move beats beta too: the node fails high with this score.
    Cut(i32),
    /// Not singular, but the table's score beats beta: this many plies shallower.
    Reduce(i32),
}
