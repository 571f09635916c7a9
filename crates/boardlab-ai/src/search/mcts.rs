//! The Monte Carlo tree search bot: UCT selection, one new node per iteration, random or
//! evaluation-guided playouts, and reuse of the tree from one move to the next.

use crate::bot::{Bot, Limits, SearchInfo};
use crate::search::score::Score;
use crate::time::clock::Clock;
use crate::time::game_clock::ClockView;
use crate::time::time_budget::clock_budget;
use boardlab_core::playout::random_playout;
use boardlab_core::{Evaluate, GameHistory, MoveList, Player, RuleOptions};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::Duration;

/// No node (end of a sibling list).
const NONE: u32 = u32::MAX;

/// A node's move count before it is first generated.
const UNKNOWN: u32 = u32::MAX;

/// The playouts run when no limit at all is given.
const DEFAULT_PLAYOUTS: u64 = 1000;

/// How a playout finishes a game from a new node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayoutKind {
    /// Uniformly random moves to the end of the game (or a ply cap, then the evaluation).
    Random,
    /// A few plies that prefer tactical moves, then the evaluation as a win probability.
    Eval,
}

/// The tuning of the MCTS bot.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsOptions {
    /// The UCT exploration constant (results are 0 to 1).
    pub exploration: f64,
    /// How playouts are run.
    pub playout: PlayoutKind,
    /// The plies of an evaluation-guided playout before the evaluation decides.
    pub eval_plies: u32,
    /// The ply cap of a random playout, after which the evaluation decides.
    pub random_plies: u32,
    /// The evaluation difference (in hundredths of a piece) that makes a 73% favourite.
    pub eval_scale: f64,
    /// The most tree nodes kept; past it the tree stops growing (playouts go on).
    pub max_nodes: usize,
}

impl Default for MctsOptions {
    fn default() -> Self {
        MctsOptions {
            exploration: 0.7,
            playout: PlayoutKind::Eval,
            eval_plies: 4,
            random_plies: 200,
            eval_scale: 150.0,
            max_nodes: 1 << 20,
        }
    }
}

/// One node of the tree: the move that leads to it and the statistics of its playouts.
#[derive(Clone, Copy, Debug)]
struct Node<M> {
    mv: Option<M>,
    first_child: u32,
    next_sibling: u32,
    visits: u32,
    /// The sum of results for the player who made `mv` (1 win, 0.5 draw, 0 loss).
    wins: f32,
    /// The number of legal moves, once generated.
    moves: u32,
    /// The number of children made so far.
    expanded: u32,
    /// Where this node starts its walk through its moves (a random offset).
    offset: u32,
}

impl<M> Node<M> {
    fn new(mv: Option<M>) -> Node<M> {
        Node {
            mv,
            first_child: NONE,
            next_sibling: NONE,
            visits: 0,
            wins: 0.0,
            moves: UNKNOWN,
            expanded: 0,
            offset: 0,
        }
    }
}

/// The MCTS bot for the game `P`.
pub struct Mcts<P: Evaluate> {
    name: String,
    limits: Limits,
    options: MctsOptions,
    weights: P::Weights,
    seed: u64,
    rng: SmallRng,
    nodes: Vec<Node<P::Move>>,
    root: u32,
    /// The position at the root and its ply in the game, to find it again next move.
    root_at: Option<(P, usize)>,
}

impl<P: Evaluate> Mcts<P> {
    /// An MCTS bot called `name` with the given limits and options, seeded with `seed`.
    pub fn new(name: impl Into<String>, limits: Limits, options: MctsOptions, seed: u64) -> Self {
        Mcts {
            name: name.into(),
            limits,
            options,
            weights: P::Weights::default(),
            seed,
            rng: SmallRng::seed_from_u64(seed),
            // Reserved at once (untouched memory costs nothing), so that the tree never
            // moves in the middle of a timed search.
            nodes: {
                let mut nodes = Vec::with_capacity(options.max_nodes + 1);
                nodes.push(Node::new(None));
                nodes
            },
            root: 0,
            root_at: None,
        }
    }

    /// The number of nodes in the tree now (for tests of tree reuse).
    pub fn tree_size(&self) -> usize {
        self.nodes.len()
    }

    /// The visits of the current root (for tests of tree reuse).
    pub fn root_visits(&self) -> u32 {
        self.nodes[self.root as usize].visits
    }

    /// Finds the node of the game's current position in the old tree, or starts a new tree.
    fn find_root(&mut self, game: &GameHistory<P>) {
        let ply = game.moves().len();
        let reusable = self.root_at.is_some_and(|(position, at)| {
            at <= ply
                && game.positions()[at] == position
                && self.nodes.len() < self.options.max_nodes / 2
        });
        if reusable {
            let at = self.root_at.map_or(0, |(_, at)| at);
            let mut node = self.root;
            for &mv in &game.moves()[at..] {
                match self
                    .children(node)
                    .find(|&c| self.nodes[c as usize].mv == Some(mv))
                {
                    Some(child) => node = child,
                    None => {
                        node = NONE;
                        break;
                    }
                }
            }
            if node != NONE {
                self.root = node;
                self.root_at = Some((*game.current(), ply));
                return;
            }
        }
        self.nodes.clear();
        self.nodes.push(Node::new(None));
        self.root = 0;
        self.root_at = Some((*game.current(), ply));
    }

    /// The children of `node`.
    fn children(&self, node: u32) -> impl Iterator<Item = u32> + '_ {
        let mut next = self.nodes[node as usize].first_child;
        std::iter::from_fn(move || {
            (next != NONE).then(|| {
                let current = next;
                next = self.nodes[current as usize].next_sibling;
                current
            })
        })
    }

    /// The child of `node` with the best UCT value.
    fn select(&self, node: u32) -> u32 {
        let log_n = (self.nodes[node as usize].visits.max(1) as f64).ln();
        let c = self.options.exploration;
        let mut best = (f64::NEG_INFINITY, NONE);
        for child in self.children(node) {
            let n = &self.nodes[child as usize];
            let visits = n.visits.max(1) as f64;
            let value = n.wins as f64 / visits + c * (log_n / visits).sqrt();
            if value > best.0 {
                best = (value, child);
            }
        }
        best.1
    }

    /// The index of the next move `node` expands among `count` moves: a walk through all of
    /// them from a random start with a step prime to `count`.
    fn next_move_index(node: &Node<P::Move>, count: u32) -> usize {
        const STRIDES: [u64; 3] = [7919, 104_729, 1_000_003];
        let n = count as u64;
        let stride = STRIDES
            .iter()
            .copied()
            .find(|s| !n.is_multiple_of(*s))
            .unwrap_or(1);
        ((node.offset as u64 + node.expanded as u64 * stride) % n) as usize
    }

    /// One iteration: select, expand, play out, back up. Returns the depth reached.
    fn iterate(&mut self, root: &P, path: &mut Vec<u32>) -> usize {
        path.clear();
        path.push(self.root);
        let mut position = *root;
        let draw_limit = root.rules().draw_rules().no_progress_plies;
        let mut moves = MoveList::new();
        // The result for the side to move in `position` when the walk stops.
        let value = loop {
            let node = *path.last().expect("the path holds the root");
            if draw_limit > 0 && position.no_progress_plies() >= draw_limit {
                break 0.5;
            }
            let info = self.nodes[node as usize];
            if info.moves == UNKNOWN || info.expanded < info.moves {
                moves.clear();
                position.legal_moves(&mut moves);
                let n = &mut self.nodes[node as usize];
                if n.moves == UNKNOWN {
                    n.moves = moves.len() as u32;
                    n.offset = self.rng.random::<u32>() % (moves.len() as u32).max(1);
                }
            }
            let info = self.nodes[node as usize];
            if info.moves == 0 {
                break 0.0;
            }
            if info.expanded < info.moves && self.nodes.len() < self.options.max_nodes {
                let mv = moves[Self::next_move_index(&info, info.moves)];
                let child = self.nodes.len() as u32;
                let mut new = Node::new(Some(mv));
                new.next_sibling = info.first_child;
                self.nodes.push(new);
                let n = &mut self.nodes[node as usize];
                n.first_child = child;
                n.expanded += 1;
                position.play(mv);
                path.push(child);
                break self.playout(&position);
            }
            if info.first_child == NONE {
                break self.playout(&position);
            }
            let child = self.select(node);
            position.play(self.nodes[child as usize].mv.expect("a child has a move"));
            path.push(child);
        };
        // `value` is for the side to move at the end; the last node's move was the other's.
        let mut result = 1.0 - value;
        for &node in path.iter().rev() {
            let n = &mut self.nodes[node as usize];
            n.visits += 1;
            n.wins += result as f32;
            result = 1.0 - result;
        }
        path.len()
    }

    /// The result of a playout from `position` for its side to move, 0 to 1.
    fn playout(&mut self, position: &P) -> f64 {
        let me = position.side_to_move();
        match self.options.playout {
            PlayoutKind::Random => {
                let rng = &mut self.rng;
                let end = random_playout(position, self.options.random_plies, |n| {
                    rng.random_range(0..n)
                });
                match end.outcome {
                    Some(outcome) => match outcome.winner() {
                        Some(winner) => f64::from(u8::from(winner == me)),
                        None => 0.5,
                    },
                    None => self.judge(&end.end, me),
                }
            }
            PlayoutKind::Eval => {
                let mut current = *position;
                let mut moves = MoveList::new();
                for _ in 0..self.options.eval_plies {
                    moves.clear();
                    current.legal_moves(&mut moves);
                    if moves.is_empty() {
                        return f64::from(u8::from(current.side_to_move() != me));
                    }
                    let best_tactical = moves
                        .iter()
                        .filter(|&&m| current.is_tactical(m))
                        .max_by_key(|&&m| current.tactical_value(m, &self.weights));
                    let mv = match best_tactical {
                        Some(&m) if self.rng.random_bool(0.7) => m,
                        _ => moves[self.rng.random_range(0..moves.len())],
                    };
                    current.play(mv);
                }
                if !current.has_legal_move() {
                    return f64::from(u8::from(current.side_to_move() != me));
                }
                self.judge(&current, me)
            }
        }
    }

    /// The evaluation of `position` as a win probability for `me`.
    fn judge(&self, position: &P, me: Player) -> f64 {
        let eval = position.evaluate(&self.weights) as f64;
        let p = 1.0 / (1.0 + (-eval / self.options.eval_scale).exp());
        if position.side_to_move() == me {
            p
        } else {
            1.0 - p
        }
    }

    /// The most visited child of `node`.
    fn most_visited(&self, node: u32) -> Option<u32> {
        self.children(node)
            .max_by_key(|&c| self.nodes[c as usize].visits)
    }
}

impl<P: Evaluate> Bot<P> for Mcts<P> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self) {
        self.rng = SmallRng::seed_from_u64(self.seed);
        self.nodes.clear();
        self.nodes.push(Node::new(None));
        self.root = 0;
        self.root_at = None;
    }

    fn choose(
        &mut self,
        game: &GameHistory<P>,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> Option<P::Move> {
        let time = self.limits.time;
        self.choose_within(game, time, report)
    }

    /// Searches until the soft target [`clock_budget`] gives for the clocks.
    fn choose_on_clock(
        &mut self,
        game: &GameHistory<P>,
        clock: &ClockView,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> Option<P::Move> {
        let budget = clock_budget(clock, game.current().side_to_move());
        self.choose_within(game, Some(budget.soft), report)
    }
}

impl<P: Evaluate> Mcts<P> {
    /// Runs playouts until the playout limit or until `time` has passed (none: no time
    /// limit), then chooses the most visited move.
    fn choose_within(
        &mut self,
        game: &GameHistory<P>,
        time: Option<Duration>,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> Option<P::Move> {
        let root = *game.current();
        let legal = root.legal_move_list();
        if legal.is_empty() {
            return None;
        }
        self.find_root(game);
        let clock = Clock::start(&Limits {
            time,
            ..self.limits
        });
        let playouts = match (self.limits.playouts, time) {
            (Some(n), _) => n,
            (None, Some(_)) => u64::MAX,
            (None, None) => DEFAULT_PLAYOUTS,
        };
        let mut path = Vec::new();
        let mut depth = 0;
        let mut done = 0;
        while done < playouts && !(legal.len() == 1 && done > 0) {
            depth = depth.max(self.iterate(&root, &mut path));
            done += 1;
            if clock.must_stop(0) {
                break;
            }
        }
        let best = self.most_visited(self.root)?;
        let mut pv = Vec::new();
        let mut node = Some(best);
        while let Some(n) = node {
            if let Some(mv) = self.nodes[n as usize].mv {
                pv.push(mv.to_string());
            }
            node = self
                .most_visited(n)
                .filter(|&c| self.nodes[c as usize].visits > 0);
        }
        let b = &self.nodes[best as usize];
        report(&SearchInfo {
            depth: depth.saturating_sub(1) as u32,
            score: Score::Probability(b.wins as f64 / b.visits.max(1) as f64),
            nodes: done,
            elapsed: clock.elapsed(),
            pv,
            note: None,
        });
        b.mv
    }
}
