//! Every number of the alpha-beta search that could be tuned, as data: margins, depths,
//! reductions and windows, each with its default, its allowed range and what it does.
//!
//! A bot takes them from its game ([`SearchParams::for_game`]: the game's tuned file, written
//! by `boardlab spsa`, over the defaults), and a bot spec or a UCI option sets any one of them
//! (`alphabeta:param.futility_base=120`, `setoption name futility_base value 120`). Values are
//! whole numbers, so that a tuner moves each by steps of the same kind; ratios are given in
//! hundredths (`lmr_base = 50` is 0.5).

use boardlab_core::{Evaluate, quoted};
use std::fmt;

/// One parameter: its name (as specs, UCI options and files give it), default, range and
/// what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParamInfo {
    /// The name, in snake case (`reverse_futility_margin`).
    pub name: &'static str,
    /// The value the search has without a tuned file.
    pub default: i32,
    /// The smallest value allowed.
    pub min: i32,
    /// The largest value allowed.
    pub max: i32,
    /// What the parameter does (its doc comment's lines, each starting with a space).
    pub doc: &'static str,
}

/// Declares [`SearchParams`]: each field once, with its default, range and doc, so that the
/// struct, its defaults, the table of [`ParamInfo`] and reading and writing by name cannot
/// disagree.
macro_rules! search_params {
    ($( $( #[doc = $doc:literal] )+ $field:ident = $default:expr, $min:literal ..= $max:literal; )*) => {
        /// The tunable numbers of the alpha-beta search (see the [module](self)).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct SearchParams {
            $( $( #[doc = $doc] )+ pub $field: i32, )*
        }

        impl Default for SearchParams {
            fn default() -> Self {
                SearchParams { $( $field: $default, )* }
            }
        }

        /// How many parameters there are.
        pub const PARAM_COUNT: usize = [$(stringify!($field)),*].len();

        /// Every parameter, in the order of the struct's fields.
        pub const PARAMS: &[ParamInfo; PARAM_COUNT] = &[
            $( ParamInfo {
                name: stringify!($field),
                default: $default,
                min: $min,
                max: $max,
                doc: concat!($( $doc ),+),
            }, )*
        ];

        impl SearchParams {
            /// The value of the parameter called `name`, if there is one.
            pub fn get(&self, name: &str) -> Option<i32> {
                match name {
                    $( stringify!($field) => Some(self.$field), )*
                    _ => None,
                }
            }

            /// A mutable reference to the parameter called `name`.
            fn slot(&mut self, name: &str) -> Option<&mut i32> {
                match name {
                    $( stringify!($field) => Some(&mut self.$field), )*
                    _ => None,
                }
            }
        }
    };
}

search_params! {
    /// What a draw is worth to the bot less than an even evaluation (contempt), in hundredths
    /// of a piece: it plays on for a win rather than settle for a draw.
    contempt = 40, 0..=200;
    /// Reverse futility: a position whose evaluation beats beta by this much per ply of depth
    /// left is cut at once.
    reverse_futility_margin = 90, 10..=400;
    /// The deepest node reverse futility cuts.
    reverse_futility_depth = 6, 0..=12;
    /// Futility: quiet moves are skipped near the leaves when the evaluation plus this base
    /// (and the margin per ply) cannot reach alpha.
    futility_base = 100, 0..=500;
    /// Futility's margin per ply of depth left.
    futility_per_depth = 100, 10..=500;
    /// The deepest node where futility skips quiet moves.
    futility_depth = 3, 0..=8;
    /// Futility by move: a late quiet move is skipped where the depth it would be searched
    /// to after its late-move reduction is at most this many plies and the evaluation plus
    /// `futility_base` and `futility_per_depth` a ply of that depth cannot reach alpha (0:
    /// off; the node-wide futility above still holds).
    futility_move_depth = 0, 0..=16;
    /// History pruning: a late quiet move is skipped where its reduced depth is below this
    /// many plies and its history score is below `-history_pruning_margin` a ply of the
    /// node's depth (0: off).
    history_pruning_depth = 0, 0..=12;
    /// History pruning's margin per ply of depth (history scores run to about ±49,000: the
    /// plain history and two continuations of up to 16,384 each; a third with
    /// `continuation_four`).
    history_pruning_margin = 3000, 100..=20_000;
    /// The deepest node where late-move pruning skips quiet moves (outside the principal
    /// variation).
    late_move_depth = 3, 0..=20;
    /// Late-move pruning: at depth d, the quiet moves after this many plus
    /// `late_move_per_depth2 * d * d` are skipped.
    late_move_base = 4, 1..=20;
    /// Late-move pruning's quiet moves per squared ply of depth.
    late_move_per_depth2 = 3, 1..=12;
    /// The deepest node where moves that lose too much in the exchange are skipped.
    exchange_pruning_depth = 5, 0..=10;
    /// A quiet move is skipped when its exchange loses more than this much per ply of depth.
    exchange_quiet_margin = 60, 0..=300;
    /// A capture is skipped when its exchange loses more than this much per ply of depth.
    exchange_capture_margin = 120, 0..=400;
    /// Delta pruning: quiescence skips a capture whose gain, with this margin, cannot lift
    /// the evaluation to alpha.
    delta_margin = 200, 0..=1000;
    /// The half-width of the first aspiration window, in hundredths of a piece.
    aspiration_window = 40, 5..=200;
    /// The first iteration that searches in an aspiration window.
    aspiration_depth = 4, 1..=12;
    /// How a failed aspiration window grows, in percent of its width (200 doubles it).
    aspiration_growth = 200, 120..=400;
    /// The window width from which a failed aspiration search gives up and opens fully.
    aspiration_give_up = 1000, 100..=5000;
    /// Internal iterative reduction: from this depth, a node without a table move is searched
    /// one ply less.
    iir_depth = 4, 1..=12;
    /// Singular extensions from this depth (0: none, as the feature switch `off=singular`,
    /// for a game's parameter file).
    singular_depth = 6, 0..=14;
    /// A table move is a singular candidate when its entry is at most this many plies
    /// shallower than the node.
    singular_depth_slack = 3, 0..=8;
    /// A table move is singular when no other move comes within this much per ply of its
    /// score.
    singular_margin = 2, 0..=20;
    /// Negative extension: a table move that is not singular, whose entry beats beta, is
    /// searched this many plies shallower, as another move would have cut off too (0: off).
    singular_reduction = 0, 0..=3;
    /// Double extension: outside the principal variation, a singular table move is searched
    /// two plies deeper where the best other move falls short of the singular bound by more
    /// than this much (0: never; every extension still counts against
    /// `extension_plies_per_depth`).
    singular_double_margin = 0, 0..=300;
    /// Null-move pruning from this depth.
    null_move_depth = 3, 1..=8;
    /// The null move's reduction: this many plies...
    null_move_base = 3, 1..=6;
    /// ...and a ply more per this many plies of depth...
    null_move_depth_divisor = 4, 1..=12;
    /// ...and a ply more per this much the evaluation beats beta...
    null_move_eval_divisor = 200, 50..=1000;
    /// ...up to this many plies for the evaluation.
    null_move_eval_max = 2, 0..=6;
    /// Late-move reductions from this depth.
    lmr_depth = 3, 2..=8;
    /// In a principal-variation node, the first move index that may be reduced.
    lmr_first_pv = 4, 1..=12;
    /// Elsewhere, the first move index that may be reduced.
    lmr_first = 2, 1..=12;
    /// The reduction table is `lmr_base + ln(depth) ln(move) / lmr_divisor`, in hundredths of
    /// a ply.
    lmr_base = 50, -100..=200;
    /// The reduction table's divisor, in hundredths.
    lmr_divisor = 200, 100..=500;
    /// Reductions grow with a move's index up to this index; later moves are reduced as
    /// much as the move at it (63 suits chess-like games; Daisy's hundreds of drops may go
    /// further).
    lmr_index_limit = 63, 8..=255;
    /// Late moves are reduced this many plies more at a node where a cut-off is expected.
    cut_node_reduction = 0, 0..=4;
    /// Late moves are reduced this many plies less at a node that is or was in a principal
    /// variation (searched with a full window now, or so its table entry says), unless the
    /// node is likely to fail low (a full-window node whose table entry failed low as deep).
    tt_pv_reduction = 0, 0..=3;
    /// A reduction shrinks by a ply per this much history score (and grows for bad history);
    /// the largest history score is 16,384.
    lmr_history_divisor = 8192, 1000..=40_000;
    /// Checks extend the search (and singular extensions apply) up to this many plies per
    /// ply of the iteration's depth.
    extension_plies_per_depth = 2, 1..=4;
    /// A check extends the search only where at least this many plies are left (0: at
    /// every node, the horizon included, where the extension turns quiescence into a search).
    check_extension_depth = 0, 0..=20;
    /// Whether a check extends the search only where the move that gave it does not lose
    /// material in the exchange on its square (1), as a check by a piece the key piece or
    /// another defender simply takes seldom needs a deeper look, or wherever it stands (0).
    check_extension_safe = 0, 0..=1;
    /// A check extends the search only where the side in check has at most this many
    /// moves that save its key piece (0: whatever their number): a key piece with many
    /// ways out is seldom in danger, and in endings, where the long pieces check at every
    /// move, each of those extensions would cost a ply.
    check_extension_evasions = 0, 0..=64;
    /// Quiescence answers checks with every evasion this many plies past the extensions.
    quiescence_check_plies = 8, 0..=20;
    /// In quiescence, once an evasion has kept the key piece (its score is no loss), the
    /// later evasions that lose material in the exchange are skipped, and so are the quiet
    /// ones after this many (0: every evasion is tried, as deep as `quiescence_check_plies`).
    quiescence_evasions = 0, 0..=16;
    /// Whether quiescence keeps its results in the table at depth 0 (never displacing a
    /// deeper search's entry) and tries the table's move first (1), or only reads the
    /// table's scores (0).
    quiescence_table = 0, 0..=1;
    /// ProbCut: from this depth on (0: never), a node outside the principal variation is cut
    /// when a capture that wins enough in the exchange still beats beta by `probcut_margin`
    /// in a search four plies shallower.
    probcut_depth = 0, 0..=12;
    /// How far above beta a ProbCut capture's shallow search must reach.
    probcut_margin = 170, 20..=1000;
    /// What the table keeps as the move of a node where every move failed low, whose
    /// bounds say little about which move is best: the move the table held before, if any
    /// (0); the move whose bound came out highest (1); the move the table held before, else
    /// the highest bound's (2).
    fail_low_move = 1, 0..=2;
    /// Late captures that lose material in the exchange are reduced like late quiet moves
    /// (1), or searched to full depth (0).
    lmr_bad_captures = 0, 0..=1;
    /// Late quiet moves at the root are reduced as at any principal-variation node (1), or
    /// every root move is searched to the iteration's full depth (0).
    root_reductions = 0, 0..=1;
    /// Quiet checks (moves that attack the opponent's key piece without taking anything):
    /// pruned near the leaves and reduced like any quiet move (0); never skipped by
    /// futility or late-move pruning, though a losing exchange still skips them (1); that,
    /// and reduced a ply less (2).
    quiet_checks = 0, 0..=2;
    /// What a quiet check adds to its ordering key among the quiet moves (history scores
    /// run to about ±49,000; 0: checks are ordered by their history alone).
    check_order_bonus = 0, 0..=60_000;
    /// The continuation histories name a move by the piece it moves and the square it
    /// lands on, where the game's moves say so (1: Obsidian, whose 384 such names give
    /// every pair of moves a slot of its own), or by the whole move, pairs hashed into a
    /// shared table (0).
    continuation_by_piece = 0, 0..=1;
    /// After a reduced late move beats alpha, its full-depth search goes a ply deeper when
    /// the reduced score beat the node's best by more than this plus two a ply of depth,
    /// and a ply shallower when it beat it by less than a tenth of this (0: always the
    /// full depth).
    lmr_research_margin = 0, 0..=400;
    /// Late quiet moves are reduced this many plies more where the table's move is a
    /// capture (the node's best move is likely tactical).
    tt_capture_reduction = 0, 0..=3;
    /// Razoring: outside the principal variation, at most `razoring_depth` plies from the
    /// horizon, a node whose evaluation lies this much per squared ply below alpha is asked
    /// of quiescence first, and cut if quiescence agrees (0: off).
    razoring_margin = 0, 0..=1000;
    /// The deepest node razoring looks at.
    razoring_depth = 3, 1..=8;
    /// Whether a node reads the history of its quiet moves only when its move loop reaches
    /// them, after the table move, the winning captures and the killers (1), or orders all
    /// its moves before the first (0); a node that cuts off early then never reads them.
    deferred_quiet_order = 0, 0..=1;
    /// Whether the move ordering learns from every node whose best move raised alpha (1):
    /// a quiet best move that did not cut off is rewarded as a cut-off would be, and where
    /// a capture cut off, the quiet moves tried before it get their malus; or only from
    /// cut-offs by quiet moves (0).
    learn_from_best = 0, 0..=1;
    /// How much the correction history learned per arrangement of each side's pieces
    /// outside the structure (Obsidian: all but the F's) adds to the static evaluation, in
    /// percent of what it learned per structure (0: those tables are neither read nor
    /// taught; games that give no such arrangement ignore it).
    correction_pieces = 0, 0..=100;
    /// How much the correction history learned per last two moves adds to the static
    /// evaluation, in percent of what it learned per structure (0: that table is neither
    /// read nor taught).
    correction_continuation = 0, 0..=100;
    /// Whether a cut-off read from the table teaches the move ordering as a searched one
    /// does (1): a quiet table move whose entry beats beta gets a killer's place and a
    /// history bonus for the node's depth, as if it had just cut off here; or not (0).
    tt_cut_history = 0, 0..=1;
    /// Whether a node where every move failed low rewards the quiet move that led to it
    /// (1), in the history and continuations of the side that played it (it refuted
    /// everything here), or not (0).
    fail_low_history = 0, 0..=1;
    /// Whether the move ordering also scores a quiet move as a follow-up to the side's own
    /// move two turns back, four plies before it (1), beside the answer to the opponent's
    /// last move and the follow-up to the side's move before it; or not (0).
    continuation_four = 0, 0..=1;
    /// What a reverse-futility cut returns: the evaluation (0), or halfway between it and
    /// beta (1), as Stockfish does, so that a bound far above beta from a guess does not
    /// travel up the tree as if searched.
    reverse_futility_halfway = 0, 0..=1;
    /// Late moves are reduced a ply more where more than this many of the node's children
    /// (with their cousins under the same grandparent) have cut off so far: the moves here
    /// keep being refuted, so this node will likely fail low (0: never).
    lmr_child_cutoffs = 0, 0..=16;
    /// Hindsight on a late move's reduction, as the node it led to begins (0: none): after a
    /// reduction of 3 or more plies the node gets a ply back when the move did not worsen
    /// the opponent's position (by the static evaluations); after one of 2 or more it
    /// loses a ply when this side's evaluation and the opponent's before the move add up to
    /// more than this margin (each side thinks itself ahead: a quiet line).
    hindsight_margin = 0, 0..=1000;
    /// Whether a killer that comes late is reduced as other late quiet moves are, by a ply
    /// less (1), or searched at full depth (0).
    lmr_killers = 0, 0..=1;
    /// Whether the late moves out of check are reduced as late quiet moves are elsewhere
    /// (1), as Stockfish reduces them, or all searched at full depth (0). In endings a long
    /// piece checks a free-standing key piece at almost every move, and its many ways out
    /// each cost a full-depth search.
    lmr_evasions = 0, 0..=1;
}

/// Why a parameter could not be set or a parameters file not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParamError {
    /// No parameter has this name.
    #[error(
        "no search parameter is called {}; the parameters are: {}",
        quoted(name),
        names()
    )]
    Unknown {
        /// The name given.
        name: String,
    },
    /// The value is not a whole number.
    #[error("search parameter {name}: {} is not a whole number", quoted(value))]
    NotANumber {
        /// The parameter.
        name: String,
        /// The value given.
        value: String,
    },
    /// The value lies outside the parameter's range.
    #[error("search parameter {name} is {min} to {max}, not {value}")]
    OutOfRange {
        /// The parameter.
        name: &'static str,
        /// The value given.
        value: i64,
        /// The smallest allowed.
        min: i32,
        /// The largest allowed.
        max: i32,
    },
    /// A line of a parameters file is not `NAME = VALUE`.
    #[error(
        "line {line} of the search parameters: expected NAME = VALUE, found {}",
        quoted(text)
    )]
    BadLine {
        /// The line number, from 1.
        line: usize,
        /// The line.
        text: String,
    },
}

/// Every parameter's name, joined by commas.
fn names() -> String {
    PARAMS.iter().map(|p| p.name).collect::<Vec<_>>().join(", ")
}

impl ParamInfo {
    /// The parameter called `name`.
    pub fn named(name: &str) -> Result<&'static ParamInfo, ParamError> {
        index_of(name).map(|index| &PARAMS[index])
    }
}

impl SearchParams {
    /// The parameters of game `P`'s bots: the defaults, then the game's tuned file
    /// ([`Evaluate::tuned_search`]) where it has one.
    pub fn for_game<P: Evaluate>() -> SearchParams {
        let mut params = SearchParams::default();
        if let Some(text) = P::tuned_search() {
            params
                .read(text)
                .unwrap_or_else(|e| panic!("{}'s tuned search parameters: {e}", P::ENGINE));
        }
        params
    }

    /// Sets the parameter `name` to `value` (a whole number within its range).
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), ParamError> {
        let (index, number) = checked(name, value)?;
        *self
            .slot(PARAMS[index].name)
            .expect("every listed parameter has a field") = number;
        Ok(())
    }

    /// Sets the parameters a parameters file lists (see [`ParamChanges::read`]).
    pub fn read(&mut self, text: &str) -> Result<(), ParamError> {
        ParamChanges::read(text)?.apply(self);
        Ok(())
    }

    /// The late-move reduction table these parameters give: by depth and move index, about
    /// `lmr_base + ln(depth) ln(index) / lmr_divisor` plies, the index taken no further than
    /// `lmr_index_limit`.
    pub(super) fn reduction_table(&self) -> Box<[[u8; REDUCTION_INDICES]; 64]> {
        let mut table = Box::new([[0u8; REDUCTION_INDICES]; 64]);
        let base = f64::from(self.lmr_base) / 100.0;
        let divisor = f64::from(self.lmr_divisor.max(1)) / 100.0;
        let limit = self.lmr_index_limit.max(1) as usize;
        for (depth, row) in table.iter_mut().enumerate().skip(1) {
            for (index, cell) in row.iter_mut().enumerate().skip(1) {
                let index = index.min(limit);
                let r = base + (depth as f64).ln() * (index as f64).ln() / divisor;
                *cell = r.clamp(0.0, 63.0) as u8;
            }
        }
        table
    }
}

/// The index in [`PARAMS`] of the parameter called `name`.
fn index_of(name: &str) -> Result<usize, ParamError> {
    PARAMS
        .iter()
        .position(|p| p.name == name)
        .ok_or_else(|| ParamError::Unknown {
            name: name.to_string(),
        })
}

/// The index of parameter `name` and `value` read as a whole number within its range.
fn checked(name: &str, value: &str) -> Result<(usize, i32), ParamError> {
    let index = index_of(name)?;
    let info = &PARAMS[index];
    let number: i64 = value.trim().parse().map_err(|_| ParamError::NotANumber {
        name: name.to_string(),
        value: value.to_string(),
    })?;
    if number < i64::from(info.min) || number > i64::from(info.max) {
        return Err(ParamError::OutOfRange {
            name: info.name,
            value: number,
            min: info.min,
            max: info.max,
        });
    }
    Ok((index, number as i32))
}

/// Changes to a game's search parameters, as a bot spec (`param.NAME=V`, `params=FILE`) or
/// UCI options give them: each parameter set or left as the game has it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParamChanges {
    values: [Option<i32>; PARAM_COUNT],
}

impl Default for ParamChanges {
    fn default() -> Self {
        ParamChanges {
            values: [None; PARAM_COUNT],
        }
    }
}

impl ParamChanges {
    /// Changes that set every parameter to the search's default, whatever a game's tuned
    /// file says: for searches whose verdicts must not move when a bot is tuned.
    pub fn to_defaults() -> ParamChanges {
        let mut changes = ParamChanges::default();
        for (slot, info) in changes.values.iter_mut().zip(PARAMS.iter()) {
            *slot = Some(info.default);
        }
        changes
    }

    /// Sets parameter `name` to `value` (a whole number within its range).
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), ParamError> {
        let (index, number) = checked(name, value)?;
        self.values[index] = Some(number);
        Ok(())
    }

    /// The changes a parameters file makes: `NAME = VALUE` lines; blank lines and
    /// comments (from `#` to the end of the line) are left alone.
    pub fn read(text: &str) -> Result<ParamChanges, ParamError> {
        let mut changes = ParamChanges::default();
        for (index, line) in text.lines().enumerate() {
            // A `#` starts a comment, on a line of its own or after a value.
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let Some((name, value)) = line.split_once('=') else {
                return Err(ParamError::BadLine {
                    line: index + 1,
                    text: line.to_string(),
                });
            };
            changes.set(name.trim(), value)?;
        }
        Ok(changes)
    }

    /// Makes the changes to `params`.
    pub fn apply(&self, params: &mut SearchParams) {
        for (info, value) in PARAMS.iter().zip(self.values) {
            if let Some(value) = value {
                *params
                    .slot(info.name)
                    .expect("every listed parameter has a field") = value;
            }
        }
    }

    /// The changes, as `(name, value)` in the order of [`PARAMS`].
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, i32)> + '_ {
        PARAMS
            .iter()
            .zip(self.values)
            .filter_map(|(info, value)| value.map(|v| (info.name, v)))
    }

    /// Takes the changes `other` makes, over these.
    pub fn merge(&mut self, other: &ParamChanges) {
        for (mine, theirs) in self.values.iter_mut().zip(other.values) {
            if theirs.is_some() {
                *mine = theirs;
            }
        }
    }

    /// Whether nothing is changed.
    pub fn is_empty(&self) -> bool {
        self.values.iter().all(Option::is_none)
    }
}

impl fmt::Display for SearchParams {
    /// The parameters file of these values: one `NAME = VALUE` line each.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for info in PARAMS {
            let value = self
                .get(info.name)
                .expect("every listed parameter has a field");
            writeln!(f, "{} = {value}", info.name)?;
        }
        Ok(())
    }
}

/// The move indices the reduction table covers (see `lmr_index_limit`).
const REDUCTION_INDICES: usize = 256;

/// The search parameters with what they imply, made once per bot: the reduction table.
#[derive(Clone, Debug)]
pub(super) struct Tuning {
    /// The parameters.
    pub params: SearchParams,
    /// Late-move reductions by depth and move index.
    pub reductions: Box<[[u8; REDUCTION_INDICES]; 64]>,
}

impl Tuning {
    /// The late-move reduction of the `index`th move at a node of `depth`, in plies, by the
    /// table (a depth or an index beyond its size reads as its last row or column; the
    /// columns past `lmr_index_limit` already repeat that index's).
    #[inline]
    pub fn reduction(&self, depth: i32, index: usize) -> i32 {
        i32::from(self.reductions[depth.clamp(0, 63) as usize][index.min(REDUCTION_INDICES - 1)])
    }

    /// The tuning of `params`.
    pub fn new(params: SearchParams) -> Tuning {
        Tuning {
            reductions: params.reduction_table(),
            params,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_games_tuned_file_reads_and_daisy_and_obsidian_ship_one() {
        use boardlab_games::{Daisy, Obsidian, Parity, Sprint};
        // `for_game` panics on a file it cannot read: each game's file is checked here.
        let daisy = SearchParams::for_game::<Daisy>();
        assert_ne!(daisy, SearchParams::default());
        assert!(daisy.check_extension_depth > 0);
        let obsidian = SearchParams::for_game::<Obsidian>();
        assert_eq!(obsidian.correction_pieces, 50);
        for tuned in [daisy, obsidian] {
            let mut back = tuned;
            ParamChanges::to_defaults().apply(&mut back);
            assert_eq!(back, SearchParams::default());
        }
        for params in [
            SearchParams::for_game::<Sprint>(),
            SearchParams::for_game::<Parity>(),
        ] {
            assert_eq!(params, SearchParams::default());
        }
    }

    #[test]
    fn every_default_lies_in_its_range_and_names_are_unique() {
        let defaults = SearchParams::default();
        for (i, info) in PARAMS.iter().enumerate() {
            assert!(
                info.min <= info.default && info.default <= info.max,
                "{info:?}"
            );
            assert_eq!(defaults.get(info.name), Some(info.default));
            assert!(
                PARAMS[..i].iter().all(|p| p.name != info.name),
                "{}",
                info.name
            );
            assert!(!info.doc.is_empty());
        }
    }

    #[test]
    fn parameters_are_set_by_name_and_read_from_a_file() {
        let mut params = SearchParams::default();
        params.set("futility_base", "120").unwrap();
        assert_eq!(params.futility_base, 120);
        let mut changes = ParamChanges::default();
        changes.set("futility_base", "120").unwrap();
        let mut changed = SearchParams::default();
        changes.apply(&mut changed);
        assert_eq!(changed, params);
        let written = params.to_string();
        let mut again = SearchParams::default();
        again
            .read(&format!(
                "# made by a test\n\n{written}  # a comment after a value"
            ))
            .unwrap();
        assert_eq!(again, params);
    }

    #[test]
    fn bad_parameters_name_the_problem_and_the_choices() {
        let mut params = SearchParams::default();
        let unknown = params.set("magic", "1").unwrap_err().to_string();
        assert!(
            unknown.contains("magic") && unknown.contains("futility_base"),
            "{unknown}"
        );
        let not_number = params.set("futility_base", "lots").unwrap_err().to_string();
        assert!(not_number.contains("'lots'"), "{not_number}");
        let out = params.set("futility_depth", "99").unwrap_err().to_string();
        assert_eq!(out, "search parameter futility_depth is 0 to 8, not 99");
        let line = params.read("futility_base 3").unwrap_err().to_string();
        assert!(
            line.contains("line 1") && line.contains("NAME = VALUE"),
            "{line}"
        );
        assert_eq!(
            params,
            SearchParams::default(),
            "nothing was set by the errors"
        );
    }

    #[test]
    fn the_default_reduction_table_is_the_historical_one() {
        let table = SearchParams::default().reduction_table();
        for depth in 1..64 {
            for index in 1..64 {
                let r = 0.5 + (depth as f64).ln() * (index as f64).ln() / 2.0;
                assert_eq!(table[depth][index], r.max(0.0) as u8, "{depth} {index}");
            }
        }
    }

    #[test]
    fn reductions_stop_growing_at_the_index_limit() {
        let tuning = Tuning::new(SearchParams::default());
        // By default every move past the 63rd is reduced as the 63rd, as before the limit.
        assert_eq!(tuning.reduction(10, 63), 5);
        assert_eq!(tuning.reduction(10, 200), tuning.reduction(10, 63));
        assert_eq!(tuning.reduction(10, 100_000), tuning.reduction(10, 63));
        let wide = Tuning::new(SearchParams {
            lmr_index_limit: 255,
            ..SearchParams::default()
        });
        assert_eq!(wide.reduction(10, 63), 5);
        assert_eq!(wide.reduction(10, 200), 6);
        assert_eq!(wide.reduction(10, 100_000), wide.reduction(10, 255));
        assert_eq!(wide.reduction(80, 100_000), wide.reduction(63, 255));
    }
}
