//! What a run of the designer's report keeps of each game: small, serialisable records from
//! which every statistic is computed, so that shares of a run merge exactly.

use serde::{Deserialize, Serialize};

/// One self-play game, as the report sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameSummary {
    /// The game's number in the run (pairs of games share an opening).
    pub index: usize,
    /// The player who moved first: 1 or 2.
    pub first: u8,
    /// The winner (1 or 2), or `None` for a draw.
    pub winner: Option<u8>,
    /// How it ended, in a few words: `goal reached`, `no pieces left`, `repetition`, ….
    pub end: String,
    /// Plies played, the opening included.
    pub plies: usize,
    /// The number of legal moves before each ply.
    pub branching: Vec<u32>,
    /// Each player's material (pieces on the board and in hand) before each ply and after
    /// the last.
    pub material: Vec<[u32; 2]>,
    /// The score the moving bot reported at each ply after the opening, from Player 1's
    /// point of view, in hundredths of the basic piece (a decided game counts as ±10,000).
    pub scores: Vec<Option<i32>>,
}

/// One game of the skill ladder: a stronger bot against the one below it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LadderGame {
    /// Which rung: 0 is the second bot of the ladder against the first.
    pub rung: usize,
    /// The game's number on its rung.
    pub index: usize,
    /// The stronger bot's points: 1, 1/2 or 0.
    pub points: f64,
}

/// A first move from the start, with what the report learnt of it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FirstMove {
    /// The move's text.
    pub mv: String,
    /// The search's score after it, for the player who made it (hundredths of the basic
    /// piece; ±10,000 for a decided game).
    pub score: i32,
    /// Its exact value for the player who made it (`win 23`), where the game is solved.
    pub exact: Option<String>,
}

/// Everything one run (or one share of a run) gathered: the settings that make shares
/// comparable, and the raw records.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunData {
    /// The game id.
    pub game: String,
    /// The rule settings and board of this variant, in words (`backward_captures=true`).
    pub variant: String,
    /// The two self-play bots.
    pub bots: [String; 2],
    /// Self-play games in the whole run (all shares).
    pub games: usize,
    /// The ladder's bots, weakest first.
    pub ladder: Vec<String>,
    /// Games a rung in the whole run.
    pub ladder_games: usize,
    /// The openings' kind and seed.
    pub openings: String,
    /// The run's seed.
    pub seed: u64,
    /// Which share this is (`1/1` for a whole run).
    pub shard: String,
    /// The self-play games of this share.
    pub self_play: Vec<GameSummary>,
    /// The ladder games of this share.
    pub ladder_results: Vec<LadderGame>,
    /// The first moves (share 1 only).
    pub first_moves: Vec<FirstMove>,
    /// The exact value of the start where known (share 1 only).
    pub solved: Option<String>,
}

/// The JSON file of `boardlab analyze --json`: each variant's raw records and, for a whole
/// run, its report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AnalyzeFile {
    /// The format's version (1).
    pub boardlab_analyze: u32,
    /// Each variant's records.
    pub runs: Vec<RunData>,
    /// Each variant's report (empty for a share: merge the shares first).
    pub reports: Vec<super::stats::Report>,
}
