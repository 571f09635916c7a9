//! The perfect player: the best move by exact value wherever the solver reaches, the
//! strongest search elsewhere.

use super::{SolveError, Solver};
use crate::bot::{Bot, Limits, SearchInfo, StopFlag};
use crate::score::Score;
use boardlab_core::{Evaluate, GameHistory, GameValue, Position, ValueOracle};
use std::path::PathBuf;
use std::time::Instant;

/// Plays the move with the best exact value (the fastest win, a draw kept a draw, the
/// slowest loss) where tablebases or an exhaustive search within its node budget give the
/// values; elsewhere it asks its fallback bot and says so in its info line.
pub struct PerfectBot<P: Position> {
    name: String,
    tablebases: Option<PathBuf>,
    node_budget: u64,
    solver: Option<Solver<P>>,
    /// Why tablebases could not be opened, said once per game.
    open_error: Option<String>,
    /// The tablebase problem the last move fell back from, for [`Bot::trouble`].
    trouble: Option<String>,
    fallback: Box<dyn Bot<P>>,
}

impl<P: Evaluate> PerfectBot<P> {
    /// A perfect player named `name` reading tablebases from `tablebases` (if any) and
    /// searching at most `node_budget` positions a move, with `fallback` for the rest.
    pub fn new(
        name: String,
        tablebases: Option<PathBuf>,
        node_budget: u64,
        fallback: Box<dyn Bot<P>>,
    ) -> PerfectBot<P> {
        PerfectBot {
            name,
            tablebases,
            node_budget,
            solver: None,
            open_error: None,
            trouble: None,
            fallback,
        }
    }

    /// The solver for positions under `rules`, made on first use (opening the tablebases).
    fn solver(&mut self, position: &P) -> &mut Solver<P> {
        if self.solver.is_none() {
            let oracle: Option<Box<dyn ValueOracle<P>>> = match &self.tablebases {
                Some(dir) => match P::open_tablebases(dir, position.rules()) {
                    Ok(oracle) => Some(oracle),
                    Err(error) => {
                        self.open_error = Some(error.to_string());
                        None
                    }
                },
                None => None,
            };
            self.solver = Some(Solver::new(oracle, self.node_budget));
        }
        let solver = self.solver.as_mut().expect("made above");
        solver.set_node_limit(self.node_budget);
        solver
    }
}

impl<P: Evaluate> Bot<P> for PerfectBot<P> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self) {
        self.fallback.new_game();
    }

    fn set_limits(&mut self, limits: Limits) {
        self.fallback.set_limits(limits);
    }

    fn stop_flag(&self) -> Option<StopFlag> {
        self.fallback.stop_flag()
    }

    fn trouble(&mut self) -> Option<String> {
        self.trouble.take()
    }

    fn choose(
        &mut self,
        game: &GameHistory<P>,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> Option<P::Move> {
        let position = *game.current();
        let started = Instant::now();
        let before = self.solver(&position).nodes();
        let solver = self.solver.as_mut().expect("made by solver()");
        let reason = match solver.solve(&position) {
            Ok(solution) => {
                let best = solution.best()?;
                report(&SearchInfo {
                    depth: best.value.plies().unwrap_or(0),
                    score: match solution.value {
                        GameValue::Win(plies) => Score::Win(plies),
                        GameValue::Loss(plies) => Score::Loss(plies),
                        GameValue::Draw => Score::Eval(0),
                    },
                    nodes: solver.nodes() - before,
                    elapsed: started.elapsed(),
                    pv: vec![best.text.clone()],
                    note: Some(format!("perfect play: {} (exact)", solution.value)),
                });
                return Some(best.mv);
            }
            Err(SolveError::Unfinished { nodes }) => {
                format!(
                    "not solved within {}",
                    boardlab_core::count(nodes, "position", "positions")
                )
            }
            Err(error) => match (&self.open_error, &error) {
                (Some(open), _) => {
                    self.trouble = Some(format!("cannot open its tablebases: {open}"));
                    format!("no tablebases ({open})")
                }
                (None, SolveError::Oracle(damaged)) => {
                    self.trouble = Some(format!("cannot read its tablebases: {damaged}"));
                    error.to_string()
                }
                (None, _) => error.to_string(),
            },
        };
        let fallback = self.fallback.name();
        self.fallback.choose(game, &mut |info| {
            let mut info = info.clone();
            info.note = Some(format!("perfect play falls back to {fallback}: {reason}"));
            report(&info);
        })
    }
}
