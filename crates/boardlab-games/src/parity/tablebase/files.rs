//! The files of a tablebase folder: for each table, `w{W}-b{B}-{side}.values` (two bits a
//! position: 0 draw, 1 win, 2 loss, four positions a byte, the first in the low bits) and
//! `w{W}-b{B}-{side}.plies` (the distance to the end in plies, one or two bytes a position,
//! little-endian; 0 for draws). Each starts with a text header ending in a line `end`:
//!
//! ```text
//! boardlab parity tablebase 1
//! layout WBWB/UWBR/WRUB/BURW/RBWU/BWBW
//! white 5
//! black 4
//! side 1
//! positions 1009663200
//! bytes-per-distance 1
//! end
//! ```
//!
//! Positions are in the order of [`super::index`]. Files are written under a temporary name
//! and renamed when complete, so a folder never holds half a table under its real name.

use super::TablebaseError;
use super::cell;
use super::geometry::TableKey;
use super::table::{Table, table_len};
use std::fs::{self, File};
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;

const MAGIC: &str = "boardlab parity tablebase 1";

/// The two files of one table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum Part {
    /// Two bits a position.
    Values,
    /// The distances.
    Plies,
}

impl Part {
    fn extension(&self) -> &'static str {
        match self {
            Part::Values => "values",
            Part::Plies => "plies",
        }
    }
}

/// The path of one part of one table.
pub(super) fn path(dir: &Path, key: TableKey, part: &Part) -> PathBuf {
    dir.join(format!(
        "w{}-b{}-{}.{}",
        key.white,
        key.black,
        key.side,
        part.extension()
    ))
}

/// What a file's header says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Header {
    /// The board, rows from the top joined by `/`.
    pub layout: String,
    /// The table.
    pub key: TableKey,
    /// Positions in the table.
    pub positions: u64,
    /// 1 or 2.
    pub bytes_per_distance: u32,
    /// The header's length in bytes (where the data begins).
    pub length: u64,
}

impl Header {
    fn text(&self) -> String {
        format!(
            "{MAGIC}\nlayout {}\nwhite {}\nblack {}\nside {}\npositions {}\nbytes-per-distance {}\nend\n",
            self.layout,
            self.key.white,
            self.key.black,
            self.key.side,
            self.positions,
            self.bytes_per_distance
        )
    }

    /// The data bytes a part holds after this header.
    pub fn data_len(&self, part: &Part) -> u64 {
        match part {
            Part::Values => self.positions.div_ceil(4),
            Part::Plies => self.positions * self.bytes_per_distance as u64,
        }
    }
}

/// The layout as one header word.
pub(super) fn layout_word(layout_text: &str) -> String {
    layout_text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join("/")
}

/// Reads and checks the header of `path` (a file of a table on `squares` spaces): the
/// magic line, every field, and a file length that matches.
pub(super) fn read_header(
    path: &Path,
    part: &Part,
    squares: u32,
) -> Result<Header, TablebaseError> {
    let corrupt = |problem: String| TablebaseError::Corrupt {
        path: path.to_path_buf(),
        problem,
    };
    let file = File::open(path).map_err(|error| TablebaseError::io(path, error))?;
    let file_len = file
        .metadata()
        .map_err(|error| TablebaseError::io(path, error))?
        .len();
    let mut reader = BufReader::new(file).take(4096);
    let mut text = Vec::new();
    let mut byte = [0u8];
    while !text.ends_with(b"\nend\n") {
        match reader.read(&mut byte) {
            Ok(1) => text.push(byte[0]),
            Ok(_) => return Err(corrupt("the header has no line 'end'".into())),
            Err(error) => return Err(TablebaseError::io(path, error)),
        }
    }
    let text = String::from_utf8(text).map_err(|_| corrupt("the header is not text".into()))?;
    let mut lines = text.lines();
    if lines.next() != Some(MAGIC) {
        return Err(corrupt(format!("the first line is not '{MAGIC}'")));
    }
    let mut field = |name: &str| -> Result<String, TablebaseError> {
        let line = lines.next().unwrap_or("");
        line.strip_prefix(name)
            .and_then(|rest| rest.strip_prefix(' '))
            .map(str::to_string)
            .ok_or_else(|| corrupt(format!("expected the field '{name}', found '{line}'")))
    };
    let number = |name: &str, text: String| -> Result<u64, TablebaseError> {
        text.parse()
            .map_err(|_| corrupt(format!("the field '{name}' is not a number: '{text}'")))
    };
    let layout = field("layout")?;
    let white = number("white", field("white")?)? as u32;
    let black = number("black", field("black")?)? as u32;
    let side = number("side", field("side")?)?;
    let positions = number("positions", field("positions")?)?;
    let bytes_per_distance = number("bytes-per-distance", field("bytes-per-distance")?)? as u32;
    if !(1..=2).contains(&side) || !(1..=2).contains(&bytes_per_distance) {
        return Err(corrupt("side and bytes-per-distance must be 1 or 2".into()));
    }
    if white + black > squares {
        return Err(corrupt(format!(
            "{white} + {black} pieces do not fit the board"
        )));
    }
    let key = TableKey {
        white,
        black,
        side: side as u8,
    };
    if table_len(squares, key) != positions {
        return Err(corrupt(format!(
            "it says {positions} positions, but this material has {}",
            table_len(squares, key)
        )));
    }
    let header = Header {
        layout,
        key,
        positions,
        bytes_per_distance,
        length: text.len() as u64,
    };
    let expected = header.length + header.data_len(part);
    if file_len != expected {
        return Err(corrupt(format!(
            "it is {file_len} bytes long; its header calls for {expected}"
        )));
    }
    Ok(header)
}

/// Writes both files of a finished table (every cell decided).
pub(super) fn write_table(dir: &Path, layout: &str, table: &Table) -> Result<u64, TablebaseError> {
    let longest = table
        .cells
        .iter()
        .map(|cell| cell::distance(cell.load(Ordering::Relaxed)))
        .max()
        .unwrap_or(0);
    let header = Header {
        layout: layout.to_string(),
        key: table.key,
        positions: table.len() as u64,
        bytes_per_distance: if longest > 255 { 2 } else { 1 },
        length: 0,
    };
    let mut written = 0;
    for part in [Part::Values, Part::Plies] {
        let final_path = path(dir, table.key, &part);
        let temporary = final_path.with_extension(format!("{}.partial", part.extension()));
        let file =
            File::create(&temporary).map_err(|error| TablebaseError::io(&temporary, error))?;
        let mut out = BufWriter::with_capacity(1 << 20, file);
        let io = |error| TablebaseError::io(&temporary, error);
        out.write_all(header.text().as_bytes()).map_err(io)?;
        match part {
            Part::Values => {
                for chunk in table.cells.chunks(4) {
                    let mut byte = 0u8;
                    for (i, cell) in chunk.iter().enumerate() {
                        byte |= cell::code(cell.load(Ordering::Relaxed)) << (2 * i);
                    }
                    out.write_all(&[byte]).map_err(io)?;
                }
            }
            Part::Plies => {
                for cell in &table.cells {
                    let distance = cell::distance(cell.load(Ordering::Relaxed)) as u16;
                    let bytes = distance.to_le_bytes();
                    out.write_all(&bytes[..header.bytes_per_distance as usize])
                        .map_err(io)?;
                }
            }
        }
        out.flush().map_err(io)?;
        out.get_ref().sync_all().map_err(io)?;
        drop(out);
        fs::rename(&temporary, &final_path)
            .map_err(|error| TablebaseError::io(&final_path, error))?;
        written += header.text().len() as u64 + header.data_len(&part);
    }
    Ok(written)
}

/// Whether both files of a table are present and sound for this layout.
pub(super) fn table_is_complete(dir: &Path, layout: &str, key: TableKey, squares: u32) -> bool {
    [Part::Values, Part::Plies].iter().all(|part| {
        read_header(&path(dir, key, part), part, squares)
            .is_ok_and(|header| header.layout == layout && header.key == key)
    })
}

/// Reads a table back into memory.
pub(super) fn read_table(
    dir: &Path,
    layout: &str,
    key: TableKey,
    squares: u32,
) -> Result<Table, TablebaseError> {
    let mut headers = Vec::new();
    for part in [Part::Values, Part::Plies] {
        let path = path(dir, key, &part);
        let header = read_header(&path, &part, squares)?;
        if header.layout != layout || header.key != key {
            return Err(TablebaseError::Corrupt {
                path,
                problem: format!(
                    "it holds the table w{}-b{}-{} of the board {}, not w{}-b{}-{} of {layout}",
                    header.key.white,
                    header.key.black,
                    header.key.side,
                    header.layout,
                    key.white,
                    key.black,
                    key.side
                ),
            });
        }
        headers.push((path, header));
    }
    let table = Table::new(key, squares, cell::DRAWN);
    let open = |path: &PathBuf, header: &Header| -> Result<BufReader<File>, TablebaseError> {
        let mut reader = BufReader::with_capacity(
            1 << 20,
            File::open(path).map_err(|error| TablebaseError::io(path, error))?,
        );
        let mut skip = vec![0u8; header.length as usize];
        reader
            .read_exact(&mut skip)
            .map_err(|error| TablebaseError::io(path, error))?;
        Ok(reader)
    };
    let (values_path, values_header) = &headers[0];
    let (plies_path, plies_header) = &headers[1];
    let mut values = open(values_path, values_header)?;
    let mut plies = open(plies_path, plies_header)?;
    let width = plies_header.bytes_per_distance as usize;
    let mut codes = [0u8; 1];
    let mut distance = [0u8; 2];
    for (i, cell) in table.cells.iter().enumerate() {
        if i % 4 == 0 {
            values
                .read_exact(&mut codes)
                .map_err(|error| TablebaseError::io(values_path, error))?;
        }
        plies
            .read_exact(&mut distance[..width])
            .map_err(|error| TablebaseError::io(plies_path, error))?;
        let code = (codes[0] >> (2 * (i % 4))) & 3;
        let plies = u16::from_le_bytes(distance) as u32;
        let value = cell::from_code(code, plies).ok_or_else(|| TablebaseError::Corrupt {
            path: values_path.clone(),
            problem: format!("position {i} has the unused value code 3"),
        })?;
        cell.store(value, Ordering::Relaxed);
    }
    Ok(table)
}
