//! One search of the alpha-beta bot: the root with its aspiration windows, principal
//! variation search with its selective techniques (see [`Features`]), and quiescence.

use super::features::Features;
use crate::clock::Clock;
use crate::eval_cache::EvalCache;
use crate::network::{Accumulator, Network};
use crate::ordering::{HISTORY_MAX, MAX_PLY, Ordering, Previous};
use crate::score::{DECIDED, WIN, loss_in};
use crate::tt::{Bound, Entry, Table, from_tt, to_tt};
use arrayvec::ArrayVec;
use boardlab_core::{Evaluate, MAX_EVAL, MoveList, Outcome, Player, RuleOptions};
use std::sync::LazyLock;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering as AtomicOrdering};

/// What a draw is worth to the bot less than an even evaluation, in hundredths of a piece
/// (contempt): it plays on for a win rather than settle for a draw.
pub const CONTEMPT: i32 = 40;

/// How often (in nodes) the clock is read.
const CLOCK_INTERVAL: u64 = 128;

/// Ordering keys: the TT move first, then tactical moves, then killers, then by history.
const TT_MOVE_KEY: i32 = 1 << 30;
const TACTICAL_KEY: i32 = 1 << 28;
const KILLER_KEY: i32 = 1 << 26;
const BAD_CAPTURE_KEY: i32 = -(1 << 24);

/// Reverse futility: a position whose static evaluation beats beta by this much per ply of
/// depth left is cut at once (depths up to [`REVERSE_FUTILITY_DEPTH`]).
const REVERSE_FUTILITY_MARGIN: i32 = 90;
const REVERSE_FUTILITY_DEPTH: i32 = 6;

/// Futility: near the leaves, quiet moves are skipped when the static evaluation plus this
/// base and this much per ply of depth left cannot reach alpha.
const FUTILITY_BASE: i32 = 100;
const FUTILITY_PER_DEPTH: i32 = 100;
const FUTILITY_DEPTH: i32 = 3;

/// Near the leaves (depths up to [`EXCHANGE_PRUNING_DEPTH`]) a move is skipped when the
/// exchange on its square loses more than this much per ply of depth left.
const EXCHANGE_PRUNING_DEPTH: i32 = 5;
const EXCHANGE_QUIET_MARGIN: i32 = 60;
const EXCHANGE_CAPTURE_MARGIN: i32 = 120;

/// Quiescence skips a capture whose gain, with this margin, cannot lift the evaluation to
/// alpha (delta pruning).
const DELTA_MARGIN: i32 = 200;

/// The half-width of the first aspiration window, in hundredths of a piece.
const ASPIRATION_WINDOW: i32 = 40;

/// The iteration from which aspiration windows are used.
const ASPIRATION_DEPTH: i32 = 4;

/// The depth from which a node without a table move is searched one ply less.
const IIR_DEPTH: i32 = 4;

/// Singular extensions: from this depth, a table move whose stored score (a lower bound at
/// least this deep less [`SINGULAR_DEPTH_SLACK`]) no other move comes within
/// [`SINGULAR_MARGIN`] per ply of, in a search of half the depth, is searched a ply deeper.
const SINGULAR_DEPTH: i32 = 6;
const SINGULAR_DEPTH_SLACK: i32 = 3;
const SINGULAR_MARGIN: i32 = 2;

/// A reduction shrinks by a ply per this much history score (and grows for bad history).
const HISTORY_PER_PLY: i32 = HISTORY_MAX / 2;

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
        let error = (crate::arena::mix(key ^ self.seed) % span) as i32 - self.amount;
        (eval + error).clamp(-MAX_EVAL, MAX_EVAL)
    }
}

/// The state of one search.
pub(super) struct Search<'a, P: Evaluate> {
    pub weights: &'a P::Weights,
    pub tt: &'a Table<P::Move>,
    pub ordering: &'a mut Ordering<P::Move>,
    pub evals: &'a mut EvalCache,
    pub clock: Clock,
    pub nodes: u64,
    pub stopped: bool,
    /// The hashes of every position from the game's start to the one being searched.
    pub path: Vec<u64>,
    pub threefold: bool,
    pub no_progress_limit: u32,
    /// The side to move at the root, which a draw disappoints by [`CONTEMPT`].
    pub root_side: Player,
    pub features: Features,
    /// The network evaluation, if the bot plays with one (else the game's own evaluation).
    pub network: Option<&'a Network>,
    /// Set by anyone to stop the search at once (the main thread of a search with helpers
    /// stops them so).
    stop: &'a AtomicBool,
    /// Where a helper thread counts its nodes, for the main thread's reports.
    counter: Option<&'a AtomicU64>,
    /// A deliberate error in every static evaluation, for weaker bots.
    pub noise: Noise,
    /// The depth of the current iteration, which bounds check extensions.
    pub root_depth: i32,
    /// Late-move reductions by depth and move number.
    reductions: &'static [[u8; 64]; 64],
    /// The line being searched, by ply.
    stack: Vec<Frame<P::Move>>,
    /// The ordering keys of each ply's moves (kept to spare allocations).
    keys: Vec<Vec<i32>>,
    /// The network's sums of the last position evaluated at each ply.
    accumulators: Vec<Accumulator<P>>,
}

/// The late-move reduction table, computed once for every search (a short search would
/// otherwise spend a noticeable share of its time on it).
static REDUCTIONS: LazyLock<[[u8; 64]; 64]> = LazyLock::new(reduction_table);

/// The late-move reduction table: about `ln(depth) ln(move number) / 2`, in plies.
fn reduction_table() -> [[u8; 64]; 64] {
    let mut table = [[0u8; 64]; 64];
    for (depth, row) in table.iter_mut().enumerate().skip(1) {
        for (index, cell) in row.iter_mut().enumerate().skip(1) {
            let r = 0.5 + (depth as f64).ln() * (index as f64).ln() / 2.0;
            *cell = r.max(0.0) as u8;
        }
    }
    table
}

impl<'a, P: Evaluate> Search<'a, P> {
    /// A search of the game whose positions so far hash to `path`.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        root: &P,
        weights: &'a P::Weights,
        tt: &'a Table<P::Move>,
        ordering: &'a mut Ordering<P::Move>,
        evals: &'a mut EvalCache,
        clock: Clock,
        path: Vec<u64>,
        features: Features,
        network: Option<&'a Network>,
        stop: &'a AtomicBool,
        counter: Option<&'a AtomicU64>,
    ) -> Search<'a, P> {
        let draw = root.rules().draw_rules();
        Search {
            weights,
            tt,
            ordering,
            evals,
            clock,
            nodes: 0,
            stopped: false,
            path,
            threefold: draw.threefold_repetition,
            no_progress_limit: draw.no_progress_plies,
            root_side: root.side_to_move(),
            features,
            network,
            stop,
            counter,
            noise: Noise::default(),
            root_depth: 1,
            reductions: &REDUCTIONS,
            stack: vec![
                Frame {
                    previous: None,
                    eval: NO_EVAL,
                    excluded: None,
                };
                MAX_PLY + 2
            ],
            keys: vec![Vec::new(); MAX_PLY + 1],
            accumulators: match network {
                Some(_) => vec![Accumulator::default(); MAX_PLY + 2],
                None => Vec::new(),
            },
        }
    }

    /// Counts a node and reads the clock now and then; true when the search must stop.
    #[inline]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CLOCK_INTERVAL) {
            if let Some(counter) = self.counter {
                counter.fetch_add(CLOCK_INTERVAL, AtomicOrdering::Relaxed);
            }
            if self.clock.must_stop(self.nodes) || self.stop.load(AtomicOrdering::Relaxed) {
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
            -CONTEMPT
        } else {
            CONTEMPT
        }
    }

    /// The static evaluation of `position`, `ply` plies from the root, kept inside the
    /// evaluation range. A network evaluation updates the sums of the ply before (usually
    /// the parent's) by the features that differ.
    #[inline]
    fn evaluate(&mut self, position: &P, ply: usize) -> i32 {
        let eval = self.raw_evaluate(position, ply);
        if !self.features.correction {
            return eval;
        }
        let side = position.side_to_move().index();
        self.evals
            .correction
            .apply(side, position.structure_key(), eval)
            .clamp(-MAX_EVAL, MAX_EVAL)
    }

    /// The static evaluation of `position` before corrections (see [`evaluate`](Self::evaluate)).
    #[inline]
    fn raw_evaluate(&mut self, position: &P, ply: usize) -> i32 {
        let key = position.hash();
        if let Some(network) = self.network {
            let (before, rest) = self.accumulators.split_at_mut(ply);
            let sums = &mut rest[0];
            if !sums.holds(position) {
                network.accumulate(position, before.last(), sums);
            }
            let eval = network.evaluate_sums(sums, position);
            return self.noise.apply(key, eval);
        }
        if let Some(eval) = self.evals.get(key) {
            return eval;
        }
        let eval = position.evaluate(self.weights).clamp(-MAX_EVAL, MAX_EVAL);
        let eval = self.noise.apply(key, eval);
        self.evals.put(key, eval);
        eval
    }

    /// Whether `mv` gains at least `threshold` in the exchange on its square; always true
    /// when exchanges are not looked at.
    #[inline]
    fn wins_exchange(&self, position: &P, mv: P::Move, threshold: i32) -> bool {
        !self.features.exchange || position.wins_exchange(mv, threshold, self.weights)
    }

    /// Whether the side to move is in check, when checks are looked at.
    #[inline]
    fn in_check(&self, position: &P) -> bool {
        self.features.check && position.in_check()
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
        };
        for (index, entry) in moves.iter_mut().enumerate() {
            let mv = entry.0;
            let mut child = *root;
            child.play(mv);
            self.stack[1].previous = Some(mv);
            self.path.push(child.hash());
            let score = if index == 0 {
                -self.negamax(&child, depth - 1, 1, -beta, -alpha, true)
            } else {
                let probe = -self.negamax(&child, depth - 1, 1, -alpha - 1, -alpha, true);
                if probe > alpha && probe < beta && !self.stopped {
                    -self.negamax(&child, depth - 1, 1, -beta, -alpha, true)
                } else {
                    probe
                }
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
            self.tt.store(Entry {
                key: root.hash(),
                mv: Some(moves[0].0),
                score: to_tt(score, 0),
                depth: depth as i16,
                bound: Bound::Exact,
            });
        }
        Some(RootScore { score, finished })
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
        let mut window = ASPIRATION_WINDOW;
        let (mut alpha, mut beta) = match previous {
            Some(score)
                if self.features.aspiration
                    && depth >= ASPIRATION_DEPTH
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
            window *= 2;
            if window > 1_000 {
                (alpha, beta) = (-WIN, WIN);
            }
        }
    }

    /// The moves before the position at `ply` whose continuations the history scores.
    #[inline]
    fn previous_moves(&self, ply: usize) -> Previous<P::Move> {
        let own = if ply >= 1 {
            self.stack[ply - 1].previous
        } else {
            None
        };
        [self.stack[ply].previous, own]
    }

    /// Fills `keys` with the ordering key of each of `moves` (higher first).
    fn score_moves(
        &self,
        position: &P,
        moves: &MoveList<P::Move>,
        tt_move: Option<P::Move>,
        ply: usize,
        keys: &mut Vec<i32>,
    ) {
        let side = position.side_to_move().index();
        let previous = self.previous_moves(ply);
        keys.clear();
        keys.extend(moves.iter().map(|&mv| {
            if Some(mv) == tt_move {
                TT_MOVE_KEY
            } else if position.is_tactical(mv) {
                let value = position.tactical_value(mv, self.weights).min(1 << 20);
                if self.wins_exchange(position, mv, 0) {
                    TACTICAL_KEY + value
                } else {
                    // A capture that loses material in the exchange: after the quiet moves.
                    BAD_CAPTURE_KEY + value
                }
            } else {
                match self.ordering.killer_rank(ply, mv) {
                    0 => self.ordering.score(side, previous, &mv),
                    rank => KILLER_KEY + rank,
                }
            }
        }));
    }

    /// Principal variation search: a full window for the first move, a null window (and
    /// reductions) for the rest. `null_allowed` is false right after a null move.
    pub fn negamax(
        &mut self,
        position: &P,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        null_allowed: bool,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        if self.is_draw(position) {
            return self.draw_score(position);
        }
        // No score can beat a win at the next ply or a loss here.
        alpha = alpha.max(loss_in(ply));
        beta = beta.min(WIN - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let in_check = self.in_check(position);
        if in_check && ply < 2 * self.root_depth.max(1) as usize {
            depth += 1;
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(position, ply, alpha, beta);
        }
        let pv_node = beta - alpha > 1;
        let key = position.hash();
        let excluded = self.stack[ply].excluded;
        let mut tt_move = None;
        let mut tt_entry = None;
        if excluded.is_none()
            && let Some(entry) = self.tt.probe(key)
        {
            tt_move = entry.mv;
            tt_entry = Some(entry);
            if !pv_node
                && entry.depth as i32 >= depth
                && let Some(score) = settled_score(&entry, ply, alpha, beta)
            {
                return score;
            }
        }
        if position.count_legal_moves() == 0 {
            return self.game_over_score(position, ply);
        }
        // Without a table move this node is probably less important than it looked.
        if self.features.iir && tt_move.is_none() && depth >= IIR_DEPTH && !in_check {
            depth -= 1;
        }
        let static_eval = if in_check {
            -WIN
        } else {
            self.evaluate(position, ply)
        };
        self.stack[ply].eval = if in_check { NO_EVAL } else { static_eval };
        // Whether the evaluation has risen since this side's last move.
        let improving = !in_check
            && (ply < 2 || {
                let before = self.stack[ply - 2].eval;
                before == NO_EVAL || static_eval > before
            });
        // A table score that bounds the evaluation from the side it errs on is a better
        // guess of this position's worth, for the pruning decisions below.
        let eval = match tt_entry {
            Some(entry) if !in_check => {
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
            _ => static_eval,
        };
        let quiet_node = !pv_node && !in_check && beta.abs() < DECIDED;
        let futility_depth = if self.features.improving && improving {
            depth - 1
        } else {
            depth
        };
        if quiet_node
            && excluded.is_none()
            && self.features.futility
            && depth <= REVERSE_FUTILITY_DEPTH
            && eval - REVERSE_FUTILITY_MARGIN * futility_depth >= beta
        {
            return eval;
        }
        if quiet_node
            && excluded.is_none()
            && self.features.null_move
            && null_allowed
            && depth >= 3
            && eval >= beta
            && let Some(passed) = position.null_move()
        {
            let reduction = 3 + depth / 4 + ((eval - beta) / 200).min(2);
            self.path.push(passed.hash());
            self.stack[ply + 1].previous = None;
            let score = -self.negamax(
                &passed,
                depth - 1 - reduction,
                ply + 1,
                -beta,
                -beta + 1,
                false,
            );
            self.path.pop();
            if self.stopped {
                return 0;
            }
            if score >= beta {
                return if score >= DECIDED { beta } else { score };
            }
        }

        // Is the table move the only good one? Then it is searched a ply deeper.
        let mut singular_extension = 0;
        if let (Some(entry), Some(mv)) = (tt_entry, tt_move)
            && self.features.singular
            && depth >= SINGULAR_DEPTH
            && ply < 2 * self.root_depth.max(1) as usize
            && entry.bound != Bound::Upper
            && entry.depth as i32 >= depth - SINGULAR_DEPTH_SLACK
        {
            let tt_score = from_tt(entry.score, ply);
            if tt_score.abs() < DECIDED {
                let singular_beta = tt_score - SINGULAR_MARGIN * depth;
                self.stack[ply].excluded = Some(mv);
                let score = self.negamax(
                    position,
                    (depth - 1) / 2,
                    ply,
                    singular_beta - 1,
                    singular_beta,
                    false,
                );
                self.stack[ply].excluded = None;
                if self.stopped {
                    return 0;
                }
                if score < singular_beta {
                    singular_extension = 1;
                } else if singular_beta >= beta {
                    // Another move beats beta too: this node fails high twice over.
                    return singular_beta;
                }
            }
        }

        let mut moves = MoveList::new();
        if in_check {
            // The other moves lose the key piece at once.
            position.evasions(&mut moves);
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
        let futile = quiet_node
            && self.features.futility
            && depth <= FUTILITY_DEPTH
            && alpha.abs() < DECIDED
            && eval + FUTILITY_BASE + FUTILITY_PER_DEPTH * depth <= alpha;
        let late_move_limit = if quiet_node && self.features.futility && depth <= FUTILITY_DEPTH {
            let limit = (4 + 3 * depth * depth) as usize;
            if self.features.improving && !improving {
                limit / 2 + 1
            } else {
                limit
            }
        } else {
            usize::MAX
        };
        let side = position.side_to_move().index();
        let previous = self.previous_moves(ply);
        let original_alpha = alpha;
        let mut best = -WIN;
        let mut best_move = moves[0];
        let mut quiets_searched = 0usize;
        let mut tried: ArrayVec<P::Move, TRIED_QUIETS> = ArrayVec::new();
        for index in 0..moves.len() {
            pick(moves.as_mut_slice(), &mut keys, index);
            let mv = moves[index];
            if Some(mv) == excluded {
                continue;
            }
            let quiet = !position.is_tactical(mv);
            if quiet
                && index > 0
                && best > -DECIDED
                && (futile || quiets_searched >= late_move_limit)
            {
                continue;
            }
            // Near the leaves, moves that lose too much in the exchange on their square.
            if index > 0
                && quiet_node
                && self.features.futility
                && best > -DECIDED
                && depth <= EXCHANGE_PRUNING_DEPTH
            {
                let margin = if quiet {
                    -EXCHANGE_QUIET_MARGIN * depth
                } else {
                    -EXCHANGE_CAPTURE_MARGIN * depth
                };
                if !self.wins_exchange(position, mv, margin) {
                    continue;
                }
            }
            let mut child = *position;
            child.play(mv);
            self.path.push(child.hash());
            self.stack[ply + 1].previous = Some(mv);
            let extension = if Some(mv) == tt_move {
                singular_extension
            } else {
                0
            };
            let score = if index == 0 {
                -self.negamax(&child, depth - 1 + extension, ply + 1, -beta, -alpha, true)
            } else {
                let reduction = if self.features.late_move_reductions
                    && quiet
                    && !in_check
                    && depth >= 3
                    && index >= if pv_node { 4 } else { 2 }
                    && self.ordering.killer_rank(ply, mv) == 0
                {
                    let mut r = self.reductions[depth.min(63) as usize][index.min(63)] as i32
                        - pv_node as i32;
                    if self.features.improving && !improving {
                        r += 1;
                    }
                    if self.features.history {
                        r -= self.ordering.score(side, previous, &mv) / HISTORY_PER_PLY;
                    }
                    r.clamp(0, depth - 2)
                } else {
                    0
                };
                let mut score = -self.negamax(
                    &child,
                    depth - 1 - reduction,
                    ply + 1,
                    -alpha - 1,
                    -alpha,
                    true,
                );
                if score > alpha && reduction > 0 && !self.stopped {
                    score = -self.negamax(&child, depth - 1, ply + 1, -alpha - 1, -alpha, true);
                }
                if score > alpha && score < beta && !self.stopped {
                    score = -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, true);
                }
                score
            };
            self.path.pop();
            if self.stopped {
                return 0;
            }
            if quiet {
                quiets_searched += 1;
            }
            if score > best {
                best = score;
                best_move = mv;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        if quiet {
                            // Without the history feature: a plain bonus, no malus, no
                            // continuation.
                            let (previous, tried): (_, &[P::Move]) = if self.features.history {
                                (previous, &tried)
                            } else {
                                ([None, None], &[])
                            };
                            self.ordering.reward(side, ply, depth, previous, mv, tried);
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
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // Teach the correction history how far the static evaluation was off, where the
        // score is not a mere bound on the wrong side of it and no capture decided it.
        if self.features.correction
            && !in_check
            && best.abs() < DECIDED
            && !position.is_tactical(best_move)
            && !(bound == Bound::Lower && best <= static_eval)
            && !(bound == Bound::Upper && best >= static_eval)
        {
            self.evals.correction.learn(
                position.side_to_move().index(),
                position.structure_key(),
                depth,
                static_eval,
                best,
            );
        }
        self.tt.store(Entry {
            key,
            mv: Some(best_move),
            score: to_tt(best, ply),
            depth: depth as i16,
            bound,
        });
        best
    }

    /// The plies below which quiescence answers a check with every evasion: twice the
    /// iteration's depth (as far as checks extend the main search) and
    /// [`QUIESCENCE_CHECK_PLIES`] more.
    fn quiescence_check_plies(&self) -> usize {
        2 * self.root_depth.max(1) as usize + QUIESCENCE_CHECK_PLIES
    }

    /// Quiescence search: the static evaluation, improved by tactical moves only; in check,
    /// every move is tried and standing pat is not allowed. A table entry of any depth
    /// settles it.
    fn quiesce(&mut self, position: &P, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        if self.tick() {
            return 0;
        }
        if let Some(score) = self
            .tt
            .probe(position.hash())
            .and_then(|entry| settled_score(&entry, ply, alpha, beta))
        {
            return score;
        }
        if position.count_legal_moves() == 0 {
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
                return stand;
            }
            alpha = alpha.max(stand);
            position.tactical_moves(&mut moves);
            (stand, stand)
        };
        let mut keys = std::mem::take(&mut self.keys[ply]);
        keys.clear();
        keys.extend(
            moves
                .iter()
                .map(|&m| position.tactical_value(m, self.weights)),
        );
        for index in 0..moves.len() {
            pick(moves.as_mut_slice(), &mut keys, index);
            let (mv, value) = (moves[index], keys[index]);
            if !in_check
                && (stand + value + DELTA_MARGIN <= alpha || !self.wins_exchange(position, mv, 0))
            {
                continue;
            }
            let mut child = *position;
            child.play(mv);
            let score = -self.quiesce(&child, ply + 1, -beta, -alpha);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.keys[ply] = keys;
        best
    }
}

/// How many plies past the main search's check extensions quiescence still answers checks
/// with every evasion.
const QUIESCENCE_CHECK_PLIES: usize = 8;

/// The moves picked one by one before the rest are sorted at once.
const PICKED: usize = 12;

/// Moves the move with the highest key among `moves[from..]` to `from` (with its key): one
/// step of a selection sort, so that a node cut off early does not sort all its moves. From
/// the [`PICKED`]th move on, the rest are sorted at once instead (a node that searches
/// hundreds of moves, such as Daisy's drops, would otherwise take quadratic time); `moves`
/// is then in order and later calls do nothing more.
#[inline]
fn pick<M: Copy>(moves: &mut [M], keys: &mut [i32], from: usize) {
    if from == PICKED && moves.len() > PICKED + 1 {
        let mut rest: Vec<(i32, M)> = keys[from..]
            .iter()
            .copied()
            .zip(moves[from..].iter().copied())
            .collect();
        // Stable, so that equal keys keep their generation order as picking would.
        rest.sort_by_key(|&(key, _)| std::cmp::Reverse(key));
        for (i, (key, mv)) in rest.into_iter().enumerate() {
            keys[from + i] = key;
            moves[from + i] = mv;
        }
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
