//! The [`Bot`] trait: a player that, given a game so far, chooses a move within its limits.

use crate::search::score::Score;
use crate::time::game_clock::ClockView;
use boardlab_core::{GameHistory, Position};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// A flag that, set from any thread, stops a bot's search under way at once: it then answers
/// the best move found so far. The bot clears it when it starts its next search.
pub type StopFlag = Arc<AtomicBool>;

/// How much a bot may think about one move. Every limit that is set applies; a bot stops at
/// the first one reached. A bot with no limit at all uses its own small default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time for the move; the bot answers within it (plus a tiny margin).
    pub time: Option<Duration>,
    /// Search depth in plies (alpha-beta).
    pub depth: Option<u32>,
    /// Positions visited (alpha-beta).
    pub nodes: Option<u64>,
    /// Playouts (MCTS).
    pub playouts: Option<u64>,
}

/// What a search has found so far, reported after each finished iteration (alpha-beta) or
/// at the end (MCTS), for `info` lines.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchInfo {
    /// The depth finished (alpha-beta) or the deepest tree path (MCTS).
    pub depth: u32,
    /// The score for the side to move.
    pub score: Score,
    /// Positions visited (alpha-beta) or playouts run (MCTS).
    pub nodes: u64,
    /// Time spent so far.
    pub elapsed: Duration,
    /// The principal variation, as move texts.
    pub pv: Vec<String>,
    /// Something the bot wants said about this search (a fallback it took), shown as an
    /// `info string` line before the info line.
    pub note: Option<String>,
}

impl SearchInfo {
    /// Nodes per second (0 when no time was measured).
    pub fn nps(&self) -> u64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            (self.nodes as f64 / secs) as u64
        } else {
            0
        }
    }

    /// The info line: `info depth D score S nodes N nps X time MS pv M1 M2 …`, after a line
    /// `info string NOTE` when there is a note.
    pub fn line(&self) -> String {
        let note = self
            .note
            .as_ref()
            .map_or(String::new(), |note| format!("info string {note}\n"));
        format!(
            "{note}info depth {} score {} nodes {} nps {} time {} pv {}",
            self.depth,
            self.score,
            self.nodes,
            self.nps(),
            self.elapsed.as_millis(),
            self.pv.join(" ")
        )
    }
}

/// How a bot failed to give a legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FailureKind {
    /// It answered a move the rules do not allow (or no move while there were legal ones).
    Illegal,
    /// It stopped working: an external engine exited, or could not be started or talked to.
    Crash,
    /// It gave no answer within its time (and grace).
    Timeout,
    /// In a timed game, its move took longer than the time left on its clock.
    OnTime,
}

impl FailureKind {
    /// Every kind, in the order reports list them.
    pub const ALL: [FailureKind; 4] = [
        FailureKind::Illegal,
        FailureKind::Crash,
        FailureKind::Timeout,
        FailureKind::OnTime,
    ];

    /// The kind in words, plural for counts (`illegal moves`, `crashes`, `time-outs`,
    /// `losses on time`).
    pub fn plural(self) -> &'static str {
        match self {
            FailureKind::Illegal => "illegal moves",
            FailureKind::Crash => "crashes",
            FailureKind::Timeout => "time-outs",
            FailureKind::OnTime => "losses on time",
        }
    }
}

/// Why a bot gave no legal move: the kind, one line for the game record, and the details (the
/// position, the last words of an external engine) for the report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotFailure {
    /// What went wrong.
    pub kind: FailureKind,
    /// One line saying what happened (`answered 'e2e5', illegal here: …`).
    pub message: String,
    /// Further lines for people: the position, the engine's last output. May be empty.
    pub details: String,
}

impl BotFailure {
    /// The failure in one line: `answered an illegal move (…)`, `crashed (…)`, `timed out (…)`,
    /// `lost on time (…)`.
    pub fn summary(&self) -> String {
        let what = match self.kind {
            FailureKind::Illegal => "answered an illegal move",
            FailureKind::Crash => "crashed",
            FailureKind::Timeout => "timed out",
            FailureKind::OnTime => "lost on time",
        };
        format!("{what} ({})", self.message)
    }
}

/// A player that chooses moves. Bots are generic over the game through `P`; a bot object is
/// used for one side of one game at a time and may keep state between its moves (a
/// transposition table, a search tree).
pub trait Bot<P: Position>: Send {
    /// The bot's spec text, as a record's player tag shows it (`alphabeta:time=200ms`).
    fn name(&self) -> String;

    /// Forgets everything learnt in an earlier game.
    fn new_game(&mut self) {}

    /// Replaces the limits of the bot's next searches (an engine protocol's `go` gives
    /// them move by move) while it keeps what it learnt. Bots without limits ignore it.
    fn set_limits(&mut self, _limits: Limits) {}

    /// The flag that stops this bot's searches at once, for bots that can be stopped
    /// (`None`, the default, for the others). Set before a search begins, it stops that
    /// search at its start (which still answers a legal move); a search clears it when it
    /// ends.
    fn stop_flag(&self) -> Option<StopFlag> {
        None
    }

    /// Chooses a legal move for the side to move in the game's current position, reporting
    /// progress to `report`; `None` only when the game has no legal move. The history gives
    /// the earlier positions, for the draw by repetition.
    fn choose(
        &mut self,
        game: &GameHistory<P>,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> Option<P::Move>;

    /// Chooses a move like [`choose`](Bot::choose), in a timed game: `clock` shows both
    /// sides' time left and increments as this move begins, and the caller takes the time
    /// the call takes off the side's clock (a bot that overruns it loses on time). The time
    /// per move then comes from the clock and replaces the bot's own time limit; its other
    /// limits (depth, nodes, playouts) still apply. The default ignores the clock and plays
    /// by the bot's own limits, which suits bots that answer at once.
    fn choose_on_clock(
        &mut self,
        game: &GameHistory<P>,
        clock: &ClockView,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> Option<P::Move> {
        let _ = clock;
        self.choose(game, report)
    }

    /// Why the last [`choose`](Bot::choose) gave no legal move, if the bot knows (an external
    /// engine that crashed, hung or answered an illegal move); taking it clears it. Bots that
    /// cannot fail keep the default, `None`.
    fn failure(&mut self) -> Option<BotFailure> {
        None
    }

    /// What the last [`choose`](Bot::choose) worked around by playing below its kind, if
    /// anything: the perfect player whose tablebases could not be opened or read (a
    /// damaged file) plays its fallback's move. Taking it clears it. A game goes on with
    /// the move; `bestmove`, asked for this bot's answer, fails with it instead.
    fn trouble(&mut self) -> Option<String> {
        None
    }
}
