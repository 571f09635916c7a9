//! The alpha-beta bot: negamax with principal-variation search, iterative deepening, a
//! transposition table, move ordering (TT move, tactical moves by value, killers, history),
//! quiescence on tactical moves, win-distance scores and a clock that is checked every few
//! hundred nodes. When time runs out it plays the best move of the last finished iteration.
//!
//! With practical chances (see the `chances` module, on by default in the games that set
//! [`Evaluate::CHANCES`]) the top one or two moves of each side are searched without
//! pruning, so that among nearly equal moves the bot plays the one that leaves the opponent
//! the most ways to go wrong.

mod chances;

use crate::bot::{Bot, Limits, SearchInfo};
use crate::clock::Clock;
use crate::ordering::{MAX_PLY, Ordering};
use crate::score::{DECIDED, Score, WIN, loss_in};
use crate::tt::{Bound, Entry, Table, from_tt, to_tt};
use arrayvec::ArrayVec;
use boardlab_core::move_list::MAX_MOVES;
use boardlab_core::{Evaluate, GameHistory, MAX_EVAL, MoveList, Player, Position, RuleOptions};

/// The transposition table's default size: 2^18 entries.
pub const DEFAULT_TT_BITS: u32 = 18;

/// How often (in nodes) the clock is read.
const CLOCK_INTERVAL: u64 = 128;

/// What a draw is worth to the bot less than an even evaluation, in hundredths of a piece
/// (contempt): it plays on for a win rather than settle for a draw.
pub const CONTEMPT: i32 = 40;

/// The depth searched when no limit at all is given.
const DEFAULT_DEPTH: u32 = 4;

/// Ordering keys: the TT move first, then tactical moves, then killers, then by history.
const TT_MOVE_KEY: i32 = 1 << 30;
const TACTICAL_KEY: i32 = 1 << 28;
const KILLER_KEY: i32 = 1 << 26;

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
}

impl Default for AlphaBetaOptions {
    fn default() -> Self {
        AlphaBetaOptions {
            tt_bits: DEFAULT_TT_BITS,
            chances: None,
        }
    }
}

/// The alpha-beta bot for the game `P`.
pub struct AlphaBeta<P: Evaluate> {
    name: String,
    limits: Limits,
    weights: P::Weights,
    tt: Table<P::Move>,
    ordering: Ordering<P::Move>,
    chances: i32,
}

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

    /// A bot with explicit weights and options.
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
            ordering: Ordering::new(),
            chances: options.chances.unwrap_or(P::CHANCES),
        }
    }

    /// Searches the current position of `game` and returns the best move with the last
    /// finished iteration's report; `None` when there is no legal move.
    pub fn search(
        &mut self,
        game: &GameHistory<P>,
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
        self.ordering.age();
        let draw = root.rules().draw_rules();
        let mut search = Search {
            weights: &self.weights,
            tt: &mut self.tt,
            ordering: &mut self.ordering,
            clock: Clock::start(&self.limits),
            nodes: 0,
            stopped: false,
            path: game.positions().iter().map(|p| p.hash()).collect(),
            threefold: draw.threefold_repetition,
            no_progress_limit: draw.no_progress_plies,
            root_side: root.side_to_move(),
        };
        let max_depth = match (self.limits.depth, self.limits.time, self.limits.nodes) {
            (Some(depth), _, _) => depth.clamp(1, MAX_PLY as u32 - 1),
            (None, None, None) => DEFAULT_DEPTH,
            _ => MAX_PLY as u32 - 1,
        };
        let mut best: Option<(P::Move, SearchInfo)> = None;
        for depth in 1..=max_depth {
            if depth > 1 && !search.clock.may_start_iteration() {
                break;
            }
            // The score and the start of the principal variation.
            let result = if self.chances > 0 {
                // A level is two plies: no more of them than the iteration's depth holds.
                let levels = chances::levels_for(root_moves.len()).min((depth / 2).max(1));
                search
                    .root_chances(&root, depth as i32, levels, self.chances, &mut root_moves)
                    .map(|chance| {
                        let mut line = vec![root_moves[0].0];
                        line.extend(chance.line);
                        (chance.worst, line)
                    })
            } else {
                search
                    .root(&root, depth as i32, &mut root_moves)
                    .map(|score| (score, vec![root_moves[0].0]))
            };
            let Some((score, line)) = result else {
                break;
            };
            let info = SearchInfo {
                depth,
                score: Score::from_search(score),
                nodes: search.nodes,
                elapsed: search.clock.elapsed(),
                pv: principal_variation(search.tt, &root, line, depth as usize)
                    .iter()
                    .map(|m| m.to_string())
                    .collect(),
            };
            report(&info);
            best = Some((root_moves[0].0, info));
            let proven = score.abs() >= DECIDED && WIN - score.abs() <= depth as i32;
            if proven || (root_moves.len() == 1 && self.limits.time.is_some()) {
                break;
            }
        }
        // Not even depth 1 finished: play the move that orders first.
        best.or_else(|| {
            let info = SearchInfo {
                depth: 0,
                score: Score::Eval(0),
                nodes: search.nodes,
                elapsed: search.clock.elapsed(),
                pv: vec![root_moves[0].0.to_string()],
            };
            Some((root_moves[0].0, info))
        })
    }
}

impl<P: Evaluate> Bot<P> for AlphaBeta<P> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self) {
        self.tt.clear();
        self.ordering.clear();
    }

    fn choose(
        &mut self,
        game: &GameHistory<P>,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> Option<P::Move> {
        self.search(game, report).map(|(mv, _)| mv)
    }
}

/// The principal variation from `root`: the moves of `line`, then those the table gives,
/// up to `depth` moves in all (or more when `line` is longer).
fn principal_variation<P: Position>(
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
        position.play(mv);
        if seen.contains(&position.hash()) {
            break;
        }
        seen.push(position.hash());
        pv.push(mv);
    }
    pv
}

/// The state of one search.
struct Search<'a, P: Evaluate> {
    weights: &'a P::Weights,
    tt: &'a mut Table<P::Move>,
    ordering: &'a mut Ordering<P::Move>,
    clock: Clock,
    nodes: u64,
    stopped: bool,
    /// The hashes of every position from the game's start to the one being searched.
    path: Vec<u64>,
    threefold: bool,
    no_progress_limit: u32,
    /// The side to move at the root, which a draw disappoints by [`CONTEMPT`].
    root_side: Player,
}

impl<P: Evaluate> Search<'_, P> {
    /// Counts a node and reads the clock now and then; true when the search must stop.
    #[inline]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CLOCK_INTERVAL) && self.clock.must_stop(self.nodes) {
            self.stopped = true;
        }
        self.stopped
    }

    /// Whether the position at the end of the path is drawn by the draw rules: the
    /// no-progress limit, or a repetition (one earlier occurrence is enough inside a search).
    fn is_draw(&self, position: &P) -> bool {
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

    /// The static evaluation, kept inside the evaluation range.
    #[inline]
    fn evaluate(&self, position: &P) -> i32 {
        position.evaluate(self.weights).clamp(-MAX_EVAL, MAX_EVAL)
    }

    /// Searches every root move to `depth`, best first, and reorders them by score. Returns
    /// the best score, or `None` when the clock stopped the iteration.
    fn root(&mut self, root: &P, depth: i32, moves: &mut [(P::Move, i32)]) -> Option<i32> {
        let (mut alpha, beta) = (-WIN, WIN);
        let mut scored: Vec<(P::Move, i32)> = Vec::with_capacity(moves.len());
        for (index, &(mv, _)) in moves.iter().enumerate() {
            let mut child = *root;
            child.play(mv);
            self.path.push(child.hash());
            let score = if index == 0 {
                -self.negamax(&child, depth - 1, 1, -beta, -alpha)
            } else {
                let probe = -self.negamax(&child, depth - 1, 1, -alpha - 1, -alpha);
                if probe > alpha && !self.stopped {
                    -self.negamax(&child, depth - 1, 1, -beta, -alpha)
                } else {
                    probe
                }
            };
            self.path.pop();
            if self.stopped {
                return None;
            }
            // Moves that fail low keep a score just below the best, in their old order.
            scored.push((
                mv,
                if score > alpha {
                    score
                } else {
                    -WIN - index as i32
                },
            ));
            if score > alpha {
                alpha = score;
            }
        }
        scored.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
        moves.copy_from_slice(&scored);
        self.tt.store(Entry {
            key: root.hash(),
            mv: Some(moves[0].0),
            score: to_tt(alpha, 0),
            depth: depth as i16,
            bound: Bound::Exact,
        });
        Some(alpha)
    }

    /// Orders `moves` best first by the ordering keys.
    fn order(
        &self,
        position: &P,
        moves: &mut MoveList<P::Move>,
        tt_move: Option<P::Move>,
        ply: usize,
    ) {
        let side = position.side_to_move().index();
        let mut keys: ArrayVec<i32, MAX_MOVES> = ArrayVec::new();
        for &mv in moves.iter() {
            let key = if Some(mv) == tt_move {
                TT_MOVE_KEY
            } else if position.is_tactical(mv) {
                TACTICAL_KEY + position.tactical_value(mv, self.weights).min(1 << 20)
            } else {
                match self.ordering.killer_rank(ply, mv) {
                    0 => self.ordering.history(side, &mv).min(KILLER_KEY - 1),
                    rank => KILLER_KEY + rank,
                }
            };
            keys.push(key);
        }
        // Insertion sort: lists are short, and mostly of quiet moves with key 0.
        let list = moves.as_mut_slice();
        for i in 1..list.len() {
            let (mv, key) = (list[i], keys[i]);
            let mut j = i;
            while j > 0 && keys[j - 1] < key {
                list[j] = list[j - 1];
                keys[j] = keys[j - 1];
                j -= 1;
            }
            list[j] = mv;
            keys[j] = key;
        }
    }

    /// Negamax with alpha-beta and a null window for all but the first move.
    fn negamax(&mut self, position: &P, depth: i32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        if self.tick() {
            return 0;
        }
        if self.is_draw(position) {
            return if position.side_to_move() == self.root_side {
                -CONTEMPT
            } else {
                CONTEMPT
            };
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(position, ply, alpha, beta);
        }
        let key = position.hash();
        let mut tt_move = None;
        if let Some(entry) = self.tt.probe(key) {
            tt_move = entry.mv;
            if entry.depth as i32 >= depth {
                let score = from_tt(entry.score, ply);
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if usable {
                    return score;
                }
            }
        }
        let mut moves = MoveList::new();
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            return loss_in(ply);
        }
        self.order(position, &mut moves, tt_move, ply);
        let original_alpha = alpha;
        let mut best = -WIN;
        let mut best_move = moves[0];
        for (index, &mv) in moves.iter().enumerate() {
            let mut child = *position;
            child.play(mv);
            self.path.push(child.hash());
            let score = if index == 0 {
                -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha)
            } else {
                let probe = -self.negamax(&child, depth - 1, ply + 1, -alpha - 1, -alpha);
                if probe > alpha && probe < beta && !self.stopped {
                    -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha)
                } else {
                    probe
                }
            };
            self.path.pop();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = mv;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        if !position.is_tactical(mv) {
                            let side = position.side_to_move().index();
                            self.ordering.reward(side, ply, depth, mv);
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(Entry {
            key,
            mv: Some(best_move),
            score: to_tt(best, ply),
            depth: depth as i16,
            bound,
        });
        best
    }

    /// Quiescence search: the static evaluation, improved by tactical moves only.
    fn quiesce(&mut self, position: &P, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        if self.tick() {
            return 0;
        }
        let mut moves = MoveList::new();
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            return loss_in(ply);
        }
        let stand = self.evaluate(position);
        if stand >= beta || ply >= MAX_PLY - 1 {
            return stand;
        }
        alpha = alpha.max(stand);
        // Collected on the heap (only when there are any) to keep deep recursion light.
        let mut tactical: Vec<(i32, P::Move)> = moves
            .iter()
            .filter(|&&m| position.is_tactical(m))
            .map(|&m| (position.tactical_value(m, self.weights), m))
            .collect();
        tactical.sort_unstable_by_key(|&(value, _)| std::cmp::Reverse(value));
        let mut best = stand;
        for &(_, mv) in &tactical {
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
        best
    }
}
