//! The alpha-beta bot: principal variation search with iterative deepening and aspiration
//! windows, a transposition table kept between the moves of a game, move ordering (TT move,
//! tactical moves by value, killers, history), null-move pruning, late-move reductions,
//! futility pruning, check extensions, quiescence on tactical moves (and on every move in
//! check), win-distance scores and a clock that is checked every few hundred nodes. With a
//! time limit it searches until the clock stops it and plays the best move found, from the
//! unfinished iteration when that one already found a better move. In a timed game
//! ([`Bot::choose_on_clock`]) its time for the move comes from the game clock
//! ([`clock_budget`]).
//!
//! With practical chances (see the `chances` module, on by default in the games that set
//! [`Evaluate::CHANCES`]) the top one or two moves of each side are searched without
//! pruning, so that among nearly equal moves the bot plays the one that leaves the opponent
//! the most ways to go wrong.

mod chances;
mod features;
mod params;
mod search;

pub use features::{FEATURE_NAMES, Features};
pub use params::{PARAM_COUNT, PARAMS, ParamChanges, ParamError, ParamInfo, SearchParams};
pub use search::Noise;

use crate::bot::{Bot, Limits, SearchInfo, StopFlag};
use crate::learning::network::{Network, NetworkChoice};
use crate::search::eval_cache::EvalCache;
use crate::search::ordering::{MAX_PLY, Ordering};
use crate::search::score::{DECIDED, Score, WIN};
use crate::search::tt::Table;
use crate::time::clock::{Budget, Clock};
use crate::time::game_clock::ClockView;
use crate::time::time_budget::clock_budget;
use boardlab_core::{Evaluate, GameHistory, WinReason};
use params::Tuning;
use search::{Search, Shared, ThreadMemory};
use std::sync::atomic::{AtomicU64, Ordering as AtomicOrdering};

/// The transposition table's default size: 2^18 entries.
pub const DEFAULT_TT_BITS: u32 = 18;

/// The evaluation cache holds 2^17 evaluations.
const EVAL_CACHE_BITS: u32 = 17;

/// The depth searched when no limit at all is given.
const DEFAULT_DEPTH: u32 = 4;

/// The alpha-beta bot's settings beyond its limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlphaBetaOptions {
    /// The transposition table holds `2^tt_bits` entries.
    pub tt_bits: u32,
    /// Practical chances, in hundredths of the game's basic piece; `None` takes the game's
    /// [`Evaluate::CHANCES`]. 0 plays pure minimax. Above 0, every reply of the opponent to
    /// every root move is searched, and among the moves whose minimax value is at most this
    /// much below the best, the bot plays the one whose replies are best for it on average:
    /// the one that sets the most traps.
    pub chances: Option<i32>,
    /// The selective search techniques in use.
    pub features: Features,
    /// The evaluation: the game's shipped network, the hand-made one, or a network file.
    pub network: NetworkChoice,
    /// Search threads: the main one and `threads - 1` helpers that search the same position
    /// and share the transposition table ("lazy SMP").
    pub threads: usize,
    /// A deliberate error in every evaluation, for weaker bots (strength levels).
    pub noise: Noise,
    /// Changes to the game's search parameters ([`SearchParams::for_game`]).
    pub params: ParamChanges,
}

impl Default for AlphaBetaOptions {
    fn default() -> Self {
        AlphaBetaOptions {
            tt_bits: DEFAULT_TT_BITS,
            chances: None,
            features: Features::default(),
            network: NetworkChoice::default(),
            threads: 1,
            noise: Noise::default(),
            params: ParamChanges::default(),
        }
    }
}

/// The alpha-beta bot for the game `P`.
pub struct AlphaBeta<P: Evaluate> {
    name: String,
    limits: Limits,
    weights: P::Weights,
    tt: Table<P::Move>,
    /// The main thread's move-ordering memory and evaluation cache.
    memory: ThreadMemory<P::Move>,
    chances: i32,
    features: Features,
    network: Option<&'static Network>,
    /// The search's numbers and the reduction table they give.
    tuning: Tuning,
    /// The move-ordering memory and evaluation cache of each helper thread.
    helpers: Vec<ThreadMemory<P::Move>>,
    /// Set from anywhere to stop the search under way at once.
    stop: StopFlag,
    noise: Noise,
}

impl<M: Copy + Eq + std::hash::Hash> ThreadMemory<M> {
    /// A thread's empty memory.
    fn new() -> ThreadMemory<M> {
        ThreadMemory {
            ordering: Ordering::new(),
            evals: EvalCache::new(EVAL_CACHE_BITS),
        }
    }

    /// Forgets everything (a new game).
    fn clear(&mut self) {
        self.ordering.clear();
        self.evals.clear();
    }
}

/// The most search threads a bot may use.
pub const MAX_THREADS: usize = 64;

/// The stack of each helper thread (searches recurse, with a move list per ply).
const HELPER_STACK: usize = 64 << 20;

impl<P: Evaluate> AlphaBeta<P> {
    /// A bot with the given limits, the game's default evaluation weights and the default
    /// options, called `name`.
    pub fn new(name: impl Into<String>, limits: Limits) -> AlphaBeta<P> {
        AlphaBeta::with_options(
            name,
            limits,
            P::Weights::default(),
            AlphaBetaOptions::default(),
        )
    }

    /// A bot with explicit weights and options. A network for another game (see
    /// [`BotSpec::check_for`](crate::BotSpec::check_for)) is left out: the bot then uses the
    /// hand-made evaluation.
    pub fn with_options(
        name: impl Into<String>,
        limits: Limits,
        weights: P::Weights,
        options: AlphaBetaOptions,
    ) -> AlphaBeta<P> {
        AlphaBeta {
            name: name.into(),
            limits,
            weights,
            tt: Table::new(options.tt_bits),
            memory: ThreadMemory::new(),
            chances: options.chances.unwrap_or(P::CHANCES),
            features: options.features,
            network: options.network.resolve::<P>().ok().flatten(),
            tuning: Tuning::new({
                let mut params = SearchParams::for_game::<P>();
                options.params.apply(&mut params);
                params
            }),
            helpers: (1..options.threads.clamp(1, MAX_THREADS))
                .map(|_| ThreadMemory::new())
                .collect(),
            stop: StopFlag::default(),
            noise: options.noise,
        }
    }

    /// Searches the current position of `game` and returns the best move with the last
    /// finished iteration's report; `None` when there is no legal move. Helper threads, if
    /// any, search beside the main one until it is done.
    pub fn search(
        &mut self,
        game: &GameHistory<P>,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> Option<(P::Move, SearchInfo)> {
        let budget = self.limits.time.map(Budget::per_move);
        self.search_within(game, budget, report)
    }

    /// Searches like [`search`](AlphaBeta::search) within the time `budget` (none: no time
    /// limit) instead of the bot's own time limit; its depth and node limits still apply.
    pub fn search_within(
        &mut self,
        game: &GameHistory<P>,
        budget: Option<Budget>,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> Option<(P::Move, SearchInfo)> {
        let root = *game.current();
        let mut root_moves: Vec<(P::Move, i32)> = root
            .legal_move_list()
            .iter()
            .map(|&m| (m, root.tactical_value(m, &self.weights)))
            .collect();
        if root_moves.is_empty() {
            return None;
        }
        root_moves.sort_by_key(|&(_, key)| std::cmp::Reverse(key));
        self.memory.ordering.age();
        let path: Vec<u64> = game.positions().iter().map(|p| p.hash()).collect();
        // A stop that came before the search began counts: the flag is cleared when a search
        // ends, not when it starts.
        let stop = &*self.stop;
        let helper_nodes = AtomicU64::new(0);
        let AlphaBeta {
            limits,
            weights,
            tt,
            memory,
            chances,
            features,
            network,
            tuning,
            helpers,
            noise,
            ..
        } = self;
        let shared = Shared {
            weights,
            tt,
            network: *network,
            features: *features,
            tuning,
            noise: *noise,
            stop,
        };
        let best = std::thread::scope(|scope| {
            for (index, helper) in helpers.iter_mut().enumerate() {
                helper.ordering.age();
                let (root_moves, path, helper_nodes) =
                    (root_moves.clone(), path.clone(), &helper_nodes);
                std::thread::Builder::new()
                    .stack_size(HELPER_STACK)
                    .spawn_scoped(scope, move || {
                        let clock = Clock::start(&Limits::default());
                        let mut search =
                            Search::new(&root, shared, helper, clock, path, Some(helper_nodes));
                        help(&mut search, &root, root_moves, index);
                    })
                    .expect("a search thread starts");
            }
            let clock = Clock::with_budget(budget, limits.nodes);
            let mut search = Search::new(&root, shared, memory, clock, path, None);
            // A clock's budget stands in for the time limit.
            let limits = Limits {
                time: budget.map(|b| b.hard),
                ..*limits
            };
            let best = main_search(
                &mut search,
                &limits,
                *chances,
                &root,
                &mut root_moves,
                &helper_nodes,
                report,
            );
            // Ends the helpers.
            stop.store(true, AtomicOrdering::Relaxed);
            best
        });
        stop.store(false, AtomicOrdering::Relaxed);
        best
    }
}

/// The iterations of the main thread: deeper and deeper until a limit of `limits`, reporting
/// each; `chances` as in [`AlphaBetaOptions::chances`].
fn main_search<P: Evaluate>(
    search: &mut Search<'_, P>,
    limits: &Limits,
    chances: i32,
    root: &P,
    root_moves: &mut [(P::Move, i32)],
    helper_nodes: &AtomicU64,
    report: &mut dyn FnMut(&SearchInfo),
) -> Option<(P::Move, SearchInfo)> {
    let max_depth = match (limits.depth, limits.time, limits.nodes) {
        (Some(depth), _, _) => depth.clamp(1, MAX_PLY as u32 - 1),
        (None, None, None) => DEFAULT_DEPTH,
        _ => MAX_PLY as u32 - 1,
    };
    let nodes = |search: &Search<'_, P>| search.nodes + helper_nodes.load(AtomicOrdering::Relaxed);
    let mut best: Option<(P::Move, SearchInfo)> = None;
    let mut previous = None;
    for depth in 1..=max_depth {
        if depth > 1 && !search.clock.may_start_iteration() {
            break;
        }
        // The score, the start of the principal variation, and whether it finished.
        let result = if chances > 0 {
            // A level is two plies: no more of them than the iteration's depth holds.
            let levels = chances::levels_for(root_moves.len()).min((depth / 2).max(1));
            search
                .root_chances(root, depth as i32, levels, chances, root_moves)
                .map(|chance| {
                    let mut line = vec![root_moves[0].0];
                    line.extend(chance.line);
                    (chance.worst, line, true)
                })
        } else {
            search
                .iterate(root, depth as i32, previous, root_moves)
                .map(|result| (result.score, vec![root_moves[0].0], result.finished))
        };
        let Some((score, line, finished)) = result else {
            break;
        };
        let info = SearchInfo {
            depth: if finished { depth } else { depth - 1 },
            score: Score::from_search(score),
            nodes: nodes(search),
            elapsed: search.clock.elapsed(),
            pv: principal_variation(search.shared.tt, root, line, depth as usize)
                .iter()
                .map(|m| m.to_string())
                .collect(),
            note: None,
        };
        report(&info);
        best = Some((root_moves[0].0, info));
        if !finished {
            break;
        }
        previous = Some(score);
        let proven = score.abs() >= DECIDED && WIN - score.abs() <= depth as i32;
        if proven || (root_moves.len() == 1 && limits.time.is_some()) {
            break;
        }
    }
    // Not even depth 1 finished: play the move that orders first.
    best.or_else(|| {
        let info = SearchInfo {
            depth: 0,
            score: Score::Eval(0),
            nodes: nodes(search),
            elapsed: search.clock.elapsed(),
            pv: vec![root_moves[0].0.to_string()],
            note: None,
        };
        Some((root_moves[0].0, info))
    })
}

/// A helper thread's search: iterations one after another (every other helper one ply
/// deeper than the count, so that the threads do not all search alike) until stopped; all
/// it finds goes to the shared table.
fn help<P: Evaluate>(
    search: &mut Search<'_, P>,
    root: &P,
    mut root_moves: Vec<(P::Move, i32)>,
    index: usize,
) {
    let mut previous = None;
    for depth in 1..MAX_PLY as i32 - 2 {
        let depth = depth + (index % 2) as i32;
        match search.iterate(root, depth, previous, &mut root_moves) {
            Some(result) if result.finished => previous = Some(result.score),
            _ => return,
        }
    }
}

impl<P: Evaluate> Bot<P> for AlphaBeta<P> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn stop_flag(&self) -> Option<StopFlag> {
        Some(self.stop.clone())
    }

    fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    fn new_game(&mut self) {
        self.tt.clear();
        self.memory.clear();
        for helper in &mut self.helpers {
            helper.clear();
        }
    }

    fn choose(
        &mut self,
        game: &GameHistory<P>,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> Option<P::Move> {
        self.search(game, report).map(|(mv, _)| mv)
    }

    /// Searches within the budget [`clock_budget`] gives for the clocks.
    fn choose_on_clock(
        &mut self,
        game: &GameHistory<P>,
        clock: &ClockView,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> Option<P::Move> {
        let budget = clock_budget(clock, game.current().side_to_move());
        self.search_within(game, Some(budget), report)
            .map(|(mv, _)| mv)
    }
}

/// The principal variation from `root`: the moves of `line`, then those the table gives,
/// up to `depth` moves in all (or more when `line` is longer), and the capture that ends the
/// game where the line leaves a key piece to be taken (the search answers such a position
/// without storing a move).
fn principal_variation<P: Evaluate>(
    tt: &Table<P::Move>,
    root: &P,
    line: Vec<P::Move>,
    depth: usize,
) -> Vec<P::Move> {
    let mut position = *root;
    let mut seen = vec![root.hash()];
    for &mv in &line {
        position.play(mv);
        seen.push(position.hash());
    }
    let mut pv = line;
    while pv.len() < depth {
        let Some(mv) = tt.probe(position.hash()).and_then(|e| e.mv) else {
            break;
        };
        if !position.is_legal(mv) {
            break;
        }
        let mut next = position;
        next.play(mv);
        if seen.contains(&next.hash()) {
            break;
        }
        seen.push(next.hash());
        pv.push(mv);
        position = next;
    }
    pv.extend(key_piece_capture(&position));
    pv
}

/// The move of `position` that takes the opponent's key piece, if it can.
fn key_piece_capture<P: Evaluate>(position: &P) -> Option<P::Move> {
    if !position.can_take_key_piece() {
        return None;
    }
    position.legal_move_list().iter().copied().find(|&mv| {
        let mut after = *position;
        after.play(mv);
        matches!(after.loss_reason(), Some(WinReason::KeyPieceCaptured(_)))
    })
}
