//! Exact values: every legal move of a position with its value under perfect play, from an
//! exhaustive search (games without cycles, such as Sprint) or from tablebases (any game
//! whose positions they cover), and a bot that plays by them ([`PerfectBot`]).

mod exact;
mod perfect;

pub use exact::{ENTRY_BYTES, ExactSearch, Halt, Unfinished, table_bits_for};
pub use perfect::PerfectBot;

use crate::bot::StopFlag;
use boardlab_core::{GameValue, MoveList, OracleError, Position, RuleOptions, ValueOracle};
use std::time::Instant;

/// The table of the exhaustive search: 2^22 entries (96 MiB).
pub const TABLE_BITS: u32 = 22;

/// Why a position could not be solved.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    /// The game has cycles and no tablebases were given.
    #[error(
        "{game} cannot be solved by search: its positions can repeat, so only tablebases give exact values ({})",
        if *has_tablebases {
            format!("build them with `boardlab tablebase {game} --max-pieces W,B --out DIR` and pass --tablebases DIR")
        } else {
            "none exist for this game".to_string()
        }
    )]
    NeedsTablebases {
        /// The game.
        game: &'static str,
        /// Whether the game has tablebases.
        has_tablebases: bool,
    },
    /// A position lies outside the tablebases.
    #[error("{position} lies outside {coverage}")]
    Outside {
        /// The position, as text.
        position: String,
        /// What the tablebases cover.
        coverage: String,
    },
    /// The search was stopped (its stop flag, or its deadline) before it finished.
    #[error(
        "not solved: the search stopped after {} because {halt}",
        boardlab_core::count(*nodes, "position", "positions")
    )]
    Interrupted {
        /// Positions visited.
        nodes: u64,
        /// What stopped it.
        halt: Halt,
    },
    /// The search reached its node limit.
    #[error(
        "not solved: the search stopped after {} without finishing (raise --max-nodes)",
        boardlab_core::count(*nodes, "position", "positions")
    )]
    Unfinished {
        /// Positions visited.
        nodes: u64,
    },
    /// A tablebase could not be read. (Its message is this error's message, so it is
    /// not also offered as `source()`.)
    #[error(transparent)]
    Oracle(#[from] OracleError),
}

/// One legal move and its value for the player who makes it.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveValue<M> {
    /// The move.
    pub mv: M,
    /// Its text.
    pub text: String,
    /// Its value for the player who makes it, counting the move.
    pub value: GameValue,
}

/// The exact value of a position and of each of its moves.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution<M> {
    /// Every legal move, sorted by text.
    pub moves: Vec<MoveValue<M>>,
    /// The value for the side to move.
    pub value: GameValue,
}

impl<M> Solution<M> {
    /// The best move by value (fastest win, a draw over a loss, slowest loss); among equal
    /// values the first by text.
    pub fn best(&self) -> Option<&MoveValue<M>> {
        self.moves.iter().rev().max_by_key(|entry| entry.value)
    }

    /// The lines `boardlab solve` prints: `MOVE: VALUE` per move, a blank line, `Value: …`.
    pub fn lines(&self) -> Vec<String> {
        let mut lines: Vec<String> = self
            .moves
            .iter()
            .map(|entry| format!("{}: {}", entry.text, entry.value))
            .collect();
        lines.push(String::new());
        lines.push(format!("Value: {}", self.value));
        lines
    }
}

/// Solves positions of one game, from tablebases where they reach and by exhaustive search
/// where the game allows it, keeping its search table between positions.
pub struct Solver<P: Position> {
    oracle: Option<Box<dyn ValueOracle<P>>>,
    /// The exhaustive search, used for positions of acyclic games only (its table is
    /// allocated by its first search).
    search: ExactSearch<P>,
}

impl<P: Position> Solver<P> {
    /// A solver that asks `oracle` first and, for a game without cycles, searches what it
    /// does not cover, giving up after `node_limit` positions a call.
    pub fn new(oracle: Option<Box<dyn ValueOracle<P>>>, node_limit: u64) -> Solver<P> {
        Solver::with_table_bits(oracle, node_limit, TABLE_BITS)
    }

    /// A solver like [`new`](Solver::new) whose search table has `2^table_bits` entries
    /// ([`ENTRY_BYTES`] each; [`table_bits_for`] turns a memory size into bits). A smaller
    /// table gives the same exact values; it only searches more positions again.
    pub fn with_table_bits(
        oracle: Option<Box<dyn ValueOracle<P>>>,
        node_limit: u64,
        table_bits: u32,
    ) -> Solver<P> {
        Solver {
            oracle,
            search: ExactSearch::new(table_bits, node_limit),
        }
    }

    /// Stops the search at once (within about a thousand positions) when `flag` is set,
    /// also when it is set before a call: the call answers [`SolveError::Interrupted`].
    pub fn set_stop(&mut self, flag: Option<StopFlag>) {
        self.search.set_stop(flag);
    }

    /// Stops the search at once (within about a thousand positions) at `deadline`.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.search.set_deadline(deadline);
    }

    /// Calls `report` with the search's node count now and then.
    pub fn on_progress(&mut self, report: impl FnMut(u64) + Send + 'static) {
        self.search.on_progress(report);
    }

    /// Positions the search has visited.
    pub fn nodes(&self) -> u64 {
        self.search.nodes()
    }

    /// Gives each later call `node_limit` more positions to search.
    pub fn set_node_limit(&mut self, node_limit: u64) {
        self.search.set_node_limit(node_limit);
    }

    /// The exact value of `position` for its side to move.
    pub fn value(&mut self, position: &P) -> Result<GameValue, SolveError> {
        if position.loss_reason().is_some() {
            return Ok(GameValue::Loss(0));
        }
        if let Some(oracle) = &self.oracle
            && let Some(value) = oracle.probe(position)?
        {
            return Ok(value);
        }
        match (position.rules().acyclic(), &self.oracle) {
            (true, _) => self
                .search
                .value(position)
                .map_err(|unfinished| match unfinished.halt {
                    Halt::NodeLimit => SolveError::Unfinished {
                        nodes: unfinished.nodes,
                    },
                    halt => SolveError::Interrupted {
                        nodes: unfinished.nodes,
                        halt,
                    },
                }),
            (false, Some(oracle)) => Err(SolveError::Outside {
                position: position.to_string(),
                coverage: oracle.coverage(),
            }),
            (false, None) => Err(SolveError::NeedsTablebases {
                game: position.game_id(),
                has_tablebases: P::HAS_TABLEBASES,
            }),
        }
    }

    /// Every legal move of `position` with its value, and the position's value. A position
    /// whose side to move has lost already (or has no move) is a loss in 0 with no moves.
    pub fn solve(&mut self, position: &P) -> Result<Solution<P::Move>, SolveError> {
        // The position's own value first: where it cannot be had, the error names it.
        let value = self.value(position)?;
        let mut moves = MoveList::new();
        if position.loss_reason().is_none() {
            position.legal_moves(&mut moves);
        }
        let mut values = Vec::with_capacity(moves.len());
        for &mv in moves.iter() {
            let mut child = *position;
            child.play(mv);
            values.push(MoveValue {
                mv,
                text: mv.to_string(),
                value: self.value(&child)?.for_mover(),
            });
        }
        values.sort_by(|a, b| a.text.cmp(&b.text));
        debug_assert_eq!(
            Some(value),
            values
                .iter()
                .map(|entry| entry.value)
                .max()
                .or(Some(GameValue::Loss(0)))
        );
        Ok(Solution {
            moves: values,
            value,
        })
    }
}
