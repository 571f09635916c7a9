//! Parity endgame tablebases: the exact value of every position up to a number of pieces a
//! side, built by retrograde analysis ([`build`]) into a folder of files ([`files`] gives
//! the format) and read back by [`Tablebase`].
//!
//! Values ignore the draw rules (repetition and the no-progress limit), as endgame
//! tablebases of chess do: a win in N plies may need more plies without a capture than
//! `no_progress_plies` allows. With the default limit of 100 plies this matters only for
//! positions whose distance to the next capture is that long; the value then says who wins
//! in unlimited play, and a game under the limit may end drawn before the win arrives.

mod cell;
pub mod files;
mod generate;
mod geometry;
pub mod index;
mod probe;
mod table;

pub use generate::{BuildOptions, BuildProgress, Quiet, TableReport, build};
pub use geometry::{Geometry, MAX_SQUARES, Placement, TableKey};
pub use probe::Tablebase;
pub use table::table_len;

use std::path::{Path, PathBuf};

/// Why a tablebase could not be built or read.
#[derive(Debug, thiserror::Error)]
pub enum TablebaseError {
    /// A file could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// A file is not a tablebase file of the kind expected.
    #[error("{}: not a sound tablebase file: {problem}", path.display())]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        problem: String,
    },
    /// A folder holds no tables.
    #[error("{}: no Parity tablebase files here (expected files such as w1-b1-1.values); build them with `boardlab tablebase parity --max-pieces W,B --out DIR`", path.display())]
    Empty {
        /// The folder.
        path: PathBuf,
    },
    /// The tables are for another board.
    #[error("{}: these tablebases are for the board {found}, not {wanted}", path.display())]
    OtherBoard {
        /// The folder.
        path: PathBuf,
        /// Their board.
        found: String,
        /// The board asked for.
        wanted: String,
    },
    /// The piece counts asked for are out of range.
    #[error(
        "--max-pieces {white},{black}: each side needs 1 to {max} pieces (a side with none has lost)"
    )]
    BadMaterial {
        /// White's count asked for.
        white: u32,
        /// Black's count asked for.
        black: u32,
        /// The most a side has.
        max: u32,
    },
    /// The board is too large.
    #[error(
        "the board has {squares} spaces; tablebases are built for boards of up to {MAX_SQUARES}"
    )]
    BoardTooLarge {
        /// Its spaces.
        squares: u32,
    },
    /// A distance outgrew the cells.
    #[error("a distance to the end passed {limit} plies, more than the tables can store")]
    TooLong {
        /// The limit.
        limit: u32,
    },
}

impl TablebaseError {
    pub(crate) fn io(path: &Path, source: std::io::Error) -> TablebaseError {
        TablebaseError::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}
