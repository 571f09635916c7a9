//! The perfect player: the best move by exact value wherever the solver reaches, the
//! strongest search elsewhere.

use super::{SolveError, Solver, TABLE_BITS};
use crate::bot::{Bot, Limits, SearchInfo, StopFlag};
use crate::search::score::Score;
use crate::time::game_clock::ClockView;
use crate::time::time_budget::clock_budget;
use boardlab_core::{Evaluate, GameHistory, GameValue, Position, ValueOracle};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Plays the move with the best exact value (the fastest win, a draw kept a draw, the
/// slowest loss) where tablebases or an exhaustive search within its node budget give the
/// values; elsewhere it asks its fallback bot and says so in its info line.
///
/// The search shares the fallback's stop flag ([`Bot::stop_flag`]): set, it stops the
/// solver at once and the fallback answers at once. A time limit (from
/// [`set_limits`](Bot::set_limits), a clock, or [`with_solve_time`](PerfectBot::with_solve_time))
/// gives the solver half the move's time, so that the fallback has the rest.
pub struct PerfectBot<P: Position> {
    name: String,
    tablebases: Option<PathBuf>,
    node_budget: u64,
    table_bits: u32,
    solve_time: Option<Duration>,
    /// The limits last given, whose time the fallback shares with the solver.
    limits: Option<Limits>,
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
            table_bits: TABLE_BITS,
            solve_time: None,
            limits: None,
            solver: None,
            open_error: None,
            trouble: None,
            fallback,
        }
    }

    /// The same player with a search table of `2^table_bits` entries (the memory it takes:
    /// [`super::ENTRY_BYTES`] each) instead of the default [`TABLE_BITS`]. Its moves stay
    /// perfect; a smaller table only solves fewer positions within the node budget.
    pub fn with_table_bits(mut self, table_bits: u32) -> PerfectBot<P> {
        self.table_bits = table_bits;
        self
    }

    /// The same player whose search gives up after `time` a move (then the fallback plays).
    pub fn with_solve_time(mut self, time: Duration) -> PerfectBot<P> {
        self.solve_time = Some(time);
        self
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
            self.solver = Some(Solver::with_table_bits(
                oracle,
                self.node_budget,
                self.table_bits,
            ));
        }
        let stop = self.fallback.stop_flag();
        let solver = self.solver.as_mut().expect("made above");
        solver.set_node_limit(self.node_budget);
        solver.set_stop(stop);
        solver
    }

    /// The best move by exact value, searched until `deadline` at most; where there is
    /// none, why (for the fallback's info line).
    fn solved_move(
        &mut self,
        position: &P,
        deadline: Option<Instant>,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> Result<Option<P::Move>, String> {
        let started = Instant::now();
        let before = self.solver(position).nodes();
        let solver = self.solver.as_mut().expect("made by solver()");
        solver.set_deadline(deadline);
        match solver.solve(position) {
            Ok(solution) => {
                // Like every search, it clears its stop flag when it ends (a stop that came
                // as it finished must not stop the next one).
                if let Some(flag) = self.fallback.stop_flag() {
                    flag.store(false, std::sync::atomic::Ordering::Relaxed);
                }
                let Some(best) = solution.best() else {
                    return Ok(None);
                };
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
                Ok(Some(best.mv))
            }
            Err(SolveError::Unfinished { nodes }) => Err(format!(
                "not solved within {}",
                boardlab_core::count(nodes, "position", "positions")
            )),
            Err(error @ SolveError::Interrupted { .. }) => Err(error.to_string()),
            Err(error) => Err(match (&self.open_error, &error) {
                (Some(open), _) => {
                    self.trouble = Some(format!("cannot open its tablebases: {open}"));
                    format!("no tablebases ({open})")
                }
                (None, SolveError::Oracle(damaged)) => {
                    self.trouble = Some(format!("cannot read its tablebases: {damaged}"));
                    error.to_string()
                }
                (None, _) => error.to_string(),
            }),
        }
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
        // The limits replace the earlier ones, a solve time given before included.
        self.solve_time = limits.time.map(|time| time / 2);
        self.limits = Some(limits);
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
        let deadline = self.solve_time.map(|time| started + time);
        let reason = match self.solved_move(&position, deadline, report) {
            Ok(best) => return best,
            Err(reason) => reason,
        };
        // The fallback has what is left of the move's time.
        if let Some(limits) = self.limits
            && let Some(time) = limits.time
        {
            let left = time.saturating_sub(started.elapsed());
            self.fallback.set_limits(Limits {
                time: Some(left.max(Duration::from_millis(1))),
                ..limits
            });
        }
        let fallback = self.fallback.name();
        self.fallback.choose(game, &mut |info| {
            let mut info = info.clone();
            info.note = Some(format!("perfect play falls back to {fallback}: {reason}"));
            report(&info);
        })
    }

    fn choose_on_clock(
        &mut self,
        game: &GameHistory<P>,
        clock: &ClockView,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> Option<P::Move> {
        let position = *game.current();
        let mover = position.side_to_move();
        let share = clock_budget(clock, mover).hard / 2;
        let time = self.solve_time.map_or(share, |time| time.min(share));
        let started = Instant::now();
        let reason = match self.solved_move(&position, Some(started + time), report) {
            Ok(best) => return best,
            Err(reason) => reason,
        };
        // The fallback sees the clock as it is now, the solver's time taken off.
        let mut clock = *clock;
        let left = &mut clock.remaining[mover.index()];
        *left = left.saturating_sub(started.elapsed());
        let fallback = self.fallback.name();
        self.fallback.choose_on_clock(game, &clock, &mut |info| {
            let mut info = info.clone();
            info.note = Some(format!("perfect play falls back to {fallback}: {reason}"));
            report(&info);
        })
    }
}
