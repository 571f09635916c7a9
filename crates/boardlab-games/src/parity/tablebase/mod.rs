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
mod checked;
mod checksum;
pub mod files;
mod generate;
mod geometry;
pub mod index;
mod probe;
mod scan;
mod table;
mod writers;

pub use generate::{BuildOptions, BuildProgress, Quiet, TableReport, build};
pub use geometry::{Geometry, MAX_SQUARES, Placement, TableKey};
pub use probe::Tablebase;
pub use table::table_len;

use super::ParityRules;
use boardlab_core::tablebase::TablebaseRequest;
use std::path::{Path, PathBuf};

/// The most pieces a side has in Parity, and so in its tablebases.
pub const MAX_PIECES: u32 = 6;

/// Builds the tables `request` asks for on the board of `rules` into `dir`: the build of
/// `boardlab tablebase parity`. The piece counts are checked (1 to [`MAX_PIECES`] a side)
/// and so is the board's size.
pub fn build_for(
    dir: &Path,
    rules: ParityRules,
    request: TablebaseRequest,
    progress: &dyn BuildProgress,
) -> Result<Vec<(String, TableReport)>, TablebaseError> {
    let [white, black] = request.max_pieces;
    if !(1..=MAX_PIECES).contains(&white) || !(1..=MAX_PIECES).contains(&black) {
        return Err(TablebaseError::BadMaterial {
            white,
            black,
            max: MAX_PIECES,
        });
    }
    let layout = rules.layout;
    let geometry = Geometry::new(layout).ok_or(TablebaseError::BoardTooLarge {
        squares: layout.width() as u32 * layout.height() as u32,
    })?;
    build(
        &geometry,
        dir,
        BuildOptions {
            max_white: white,
            max_black: black,
            threads: request.threads.max(1),
        },
        progress,
    )
}

/// Why a tablebase could not be built or read.
#[derive(Debug, thiserror::Error)]
pub enum TablebaseError {
    /// A file could not be read or written. (The system's error is part of the message,
    /// and so not also a `source()`: a chain of causes would print it twice.)
    #[error("{}: {error}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// A file is not a tablebase file of the kind expected.
    #[error("{}: not a sound tablebase file: {problem}", path.display())]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        problem: String,
    },
    /// A block of a file does not match its checksum: the file was damaged after it was
    /// written.
    #[error(
        "{}: damaged: block {block} of {blocks} (bytes {first_byte} to {last_byte} of the file) does not match its checksum; {}",
        path.display(),
        files::REBUILD
    )]
    Damaged {
        /// The file.
        path: PathBuf,
        /// The block, from 1.
        block: u64,
        /// The blocks of the file.
        blocks: u64,
        /// The block's first byte in the file, from 0.
        first_byte: u64,
        /// The block's last byte in the file.
        last_byte: u64,
    },
    /// A file of an older format.
    #[error(
        "{}: a tablebase file of format {format} ({}), which this boardlab no longer reads; {}",
        path.display(),
        files::old_format_change(format),
        files::REBUILD
    )]
    OldFormat {
        /// The file.
        path: PathBuf,
        /// The format its header names.
        format: String,
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
    /// The error of a failed read or write of `path`; a file that ends early (cut short
    /// after it was opened) is named as such.
    pub(crate) fn io(path: &Path, error: std::io::Error) -> TablebaseError {
        if error.kind() == std::io::ErrorKind::UnexpectedEof {
            return TablebaseError::Corrupt {
                path: path.to_path_buf(),
                problem: format!(
                    "it ends early (it was cut short after it was opened); {}",
                    files::REBUILD
                ),
            };
        }
        TablebaseError::Io {
            path: path.to_path_buf(),
            error,
        }
    }
}
