//! The files of a tablebase folder: for each table, `w{W}-b{B}-{side}.values` (two bits a
//! position: 0 draw, 1 win, 2 loss, four positions a byte, the first in the low bits) and
//! `w{W}-b{B}-{side}.plies` (the distance to the end in plies, one or two bytes a position,
//! little-endian; 0 for draws). Each starts with a text header ending in a line `end`:
//!
//! ```text
//! boardlab parity tablebase 3
//! layout WBWB/UWBR/WRUB/BURW/RBWU/BWBW
//! white 5
//! black 4
//! side 1
//! positions 1009663200
//! bytes-per-distance 1
//! block-bytes 65536
//! checksums crc32
//! end
//! ```
//!
//! The data follows the header; after the data come its checksums ([`super::checksum`]):
//! the CRC-32 of each block of `block-bytes` data bytes (the last block may be shorter),
//! little-endian, then the CRC-32 of the header and those checksums. Older formats are
//! refused with a request to rebuild: format 1 had no checksums, format 2 ordered the
//! positions by White's set first.
//!
//! Positions are in the order of [`super::index`]. Files are written under a temporary name
//! and renamed when complete, so a folder never holds half a table under its real name.

use super::TablebaseError;
use super::cell;
use super::checked::CheckedFile;
use super::checksum::{self, BLOCK_BYTES, BLOCK_BYTES_RANGE, BlockSums};
use super::geometry::{MAX_SQUARES, TableKey};
use super::table::{Table, table_len};
use boardlab_core::quoted;
use std::fs::{self, File};
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU16, Ordering};

/// The first words of every header; the format number follows.
const MAGIC_WORDS: &str = "boardlab parity tablebase";

/// The format this build writes and reads.
const FORMAT: u32 = 3;

/// What a file of an older `format` lacks, for the error that refuses it.
pub(super) fn old_format_change(format: &str) -> &'static str {
    match format {
        "1" => "without checksums",
        "2" => "its positions in an order this boardlab no longer uses",
        _ => "older than this boardlab's",
    }
}

/// The longest header read.
const MAX_HEADER_BYTES: u64 = 4096;

/// The two files of one table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

/// The file name of one part of a table: `w5-b4-1.values`.
fn file_name(key: TableKey, part: Part) -> String {
    format!(
        "w{}-b{}-{}.{}",
        key.white,
        key.black,
        key.side,
        part.extension()
    )
}

/// The path of one part of one table.
pub(super) fn path(dir: &Path, key: TableKey, part: Part) -> PathBuf {
    dir.join(file_name(key, part))
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
    /// The data bytes of each checksummed block.
    pub block_bytes: u64,
    /// The header's text (its length is where the data begins).
    pub text: String,
}

impl Header {
    /// The header of a new file.
    fn new(layout: &str, key: TableKey, positions: u64, bytes_per_distance: u32) -> Header {
        let text = format!(
            "{MAGIC_WORDS} {FORMAT}\nlayout {layout}\nwhite {}\nblack {}\nside {}\npositions {positions}\nbytes-per-distance {bytes_per_distance}\nblock-bytes {BLOCK_BYTES}\nchecksums crc32\nend\n",
            key.white, key.black, key.side,
        );
        Header {
            layout: layout.to_string(),
            key,
            positions,
            bytes_per_distance,
            block_bytes: BLOCK_BYTES,
            text,
        }
    }

    /// Where the data begins.
    pub fn length(&self) -> u64 {
        self.text.len() as u64
    }

    /// The data bytes a part holds after this header.
    pub fn data_len(&self, part: Part) -> u64 {
        match part {
            Part::Values => self.positions.div_ceil(4),
            Part::Plies => self.positions * self.bytes_per_distance as u64,
        }
    }

    /// The length of the whole file: header, data and checksums.
    pub fn file_len(&self, part: Part) -> u64 {
        let data = self.data_len(part);
        self.length() + data + checksum::trailer_len(data, self.block_bytes)
    }

    /// The positions in one block of a part.
    fn positions_per_block(&self, part: Part) -> u64 {
        match part {
            Part::Values => self.block_bytes * 4,
            Part::Plies => self.block_bytes / self.bytes_per_distance as u64,
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

/// The one-line advice given with every refused file.
pub(super) const REBUILD: &str =
    "rebuild it with `boardlab tablebase parity --max-pieces W,B --out DIR`";

/// Reads and checks the header of `path`: the first line, every field in its range (the
/// counts on the board its layout gives), and a file length that matches. Returns the
/// header and the open file.
pub(super) fn read_header(path: &Path, part: Part) -> Result<(Header, File), TablebaseError> {
    let corrupt = |problem: String| TablebaseError::Corrupt {
        path: path.to_path_buf(),
        problem,
    };
    let file = File::open(path).map_err(|error| TablebaseError::io(path, error))?;
    let file_len = file
        .metadata()
        .map_err(|error| TablebaseError::io(path, error))?
        .len();
    let mut reader = BufReader::new(&file).take(MAX_HEADER_BYTES);
    let mut text = Vec::new();
    let mut byte = [0u8];
    let mut complete = false;
    while !complete {
        match reader.read(&mut byte) {
            Ok(1) => text.push(byte[0]),
            Ok(_) => break,
            Err(error) => return Err(TablebaseError::io(path, error)),
        }
        complete = text.ends_with(b"\nend\n");
    }
    drop(reader);
    // The first line says the format, even of a file cut inside its header.
    let first_line = text.split(|&b| b == b'\n').next().unwrap_or_default();
    let first = String::from_utf8_lossy(first_line);
    match first.strip_prefix(MAGIC_WORDS).map(str::trim) {
        Some(version) if version == FORMAT.to_string() => {}
        Some(version) if version.parse::<u32>().is_ok_and(|v| v < FORMAT) => {
            return Err(TablebaseError::OldFormat {
                path: path.to_path_buf(),
                format: version.to_string(),
            });
        }
        _ => {
            return Err(corrupt(format!(
                "the first line is {}, not '{MAGIC_WORDS} {FORMAT}'",
                quoted(&first)
            )));
        }
    }
    if !complete {
        return Err(corrupt(if text.len() as u64 == MAX_HEADER_BYTES {
            format!("no line 'end' in its first {MAX_HEADER_BYTES} bytes")
        } else {
            format!(
                "the file ends after {} bytes, inside its header (no line 'end'): it was cut short; {REBUILD}",
                text.len()
            )
        }));
    }
    let text = String::from_utf8(text).map_err(|_| corrupt("the header is not text".into()))?;
    let mut lines = text.lines().skip(1);
    let mut field = |name: &str| -> Result<String, TablebaseError> {
        let line = lines.next().unwrap_or("");
        line.strip_prefix(name)
            .and_then(|rest| rest.strip_prefix(' '))
            .map(str::to_string)
            .ok_or_else(|| {
                corrupt(format!(
                    "expected the field '{name}', found {}",
                    quoted(line)
                ))
            })
    };
    // A number in `range`, refused with its own digits (never cut to a smaller type).
    let number = |name: &str,
                  text: String,
                  range: std::ops::RangeInclusive<u64>|
     -> Result<u64, TablebaseError> {
        let value: u64 = text.parse().map_err(|_| {
            corrupt(format!(
                "the field '{name}' is {}, not a whole number",
                quoted(&text)
            ))
        })?;
        if !range.contains(&value) {
            return Err(corrupt(format!(
                "the field '{name}' is {value}; it must be from {} to {}",
                range.start(),
                range.end()
            )));
        }
        Ok(value)
    };
    let layout = field("layout")?;
    let squares = layout.chars().filter(|&c| c != '/').count() as u64;
    if squares > MAX_SQUARES as u64 {
        return Err(corrupt(format!(
            "its layout has {squares} spaces; tables are built for boards of up to {MAX_SQUARES}"
        )));
    }
    let white = number("white", field("white")?, 1..=squares)?;
    let black = number("black", field("black")?, 1..=squares)?;
    let side = number("side", field("side")?, 1..=2)?;
    let positions = number("positions", field("positions")?, 1..=u64::MAX)?;
    let bytes_per_distance = number("bytes-per-distance", field("bytes-per-distance")?, 1..=2)?;
    let block_bytes = number("block-bytes", field("block-bytes")?, BLOCK_BYTES_RANGE)?;
    let sums = field("checksums")?;
    if sums != "crc32" {
        return Err(corrupt(format!(
            "the field 'checksums' is {}; this build reads crc32",
            quoted(&sums)
        )));
    }
    if white + black > squares {
        return Err(corrupt(format!(
            "{white} + {black} pieces do not fit the board's {squares} spaces"
        )));
    }
    // Every field is in range, so the casts below keep their values.
    let key = TableKey {
        white: white as u32,
        black: black as u32,
        side: side as u8,
    };
    let expected_positions = table_len(squares as u32, key);
    if expected_positions != positions {
        return Err(corrupt(format!(
            "it says {positions} positions, but this material has {expected_positions}"
        )));
    }
    let header = Header {
        layout,
        key,
        positions,
        bytes_per_distance: bytes_per_distance as u32,
        block_bytes,
        text,
    };
    let expected = header.file_len(part);
    if file_len != expected {
        return Err(corrupt(format!(
            "it is {file_len} bytes long, but its header calls for {expected}: it was cut short or damaged; {REBUILD}"
        )));
    }
    Ok((header, file))
}

/// The bytes of the positions `cells` in a part's format (`width` bytes a distance).
fn encode(part: Part, cells: &[AtomicU16], width: usize, out: &mut Vec<u8>) {
    out.clear();
    match part {
        Part::Values => {
            for chunk in cells.chunks(4) {
                let mut byte = 0u8;
                for (i, cell) in chunk.iter().enumerate() {
                    byte |= cell::code(cell.load(Ordering::Relaxed)) << (2 * i);
                }
                out.push(byte);
            }
        }
        Part::Plies => {
            for cell in cells {
                let distance = cell::distance(cell.load(Ordering::Relaxed)) as u16;
                out.extend_from_slice(&distance.to_le_bytes()[..width]);
            }
        }
    }
}

/// Writes both files of a finished table (every cell decided).
pub(super) fn write_table(dir: &Path, layout: &str, table: &Table) -> Result<u64, TablebaseError> {
    let longest = table
        .cells
        .iter()
        .map(|cell| cell::distance(cell.load(Ordering::Relaxed)))
        .max()
        .unwrap_or(0);
    let header = Header::new(
        layout,
        table.key,
        table.len() as u64,
        if longest > 255 { 2 } else { 1 },
    );
    let mut written = 0;
    let mut block = Vec::with_capacity(BLOCK_BYTES as usize);
    for part in [Part::Values, Part::Plies] {
        let final_path = path(dir, table.key, part);
        let temporary = final_path.with_extension(format!("{}.partial", part.extension()));
        let file =
            File::create(&temporary).map_err(|error| TablebaseError::io(&temporary, error))?;
        let mut out = BufWriter::with_capacity(1 << 20, file);
        let io = |error| TablebaseError::io(&temporary, error);
        out.write_all(header.text.as_bytes()).map_err(io)?;
        let mut sums = BlockSums::new(header.block_bytes);
        let width = header.bytes_per_distance as usize;
        for cells in table
            .cells
            .chunks(header.positions_per_block(part) as usize)
        {
            encode(part, cells, width, &mut block);
            sums.update(&block);
            out.write_all(&block).map_err(io)?;
        }
        out.write_all(&sums.trailer(header.text.as_bytes()))
            .map_err(io)?;
        out.flush().map_err(io)?;
        out.get_ref().sync_all().map_err(io)?;
        drop(out);
        fs::rename(&temporary, &final_path)
            .map_err(|error| TablebaseError::io(&final_path, error))?;
        written += header.file_len(part);
    }
    Ok(written)
}

/// Opens one part of a table, checking that it is the table `key` of the board `layout`
/// (the layout word of [`layout_word`]).
pub(super) fn open_part(
    dir: &Path,
    layout: &str,
    key: TableKey,
    part: Part,
) -> Result<CheckedFile, TablebaseError> {
    let path = path(dir, key, part);
    let file = CheckedFile::open(&path, part)?;
    let header = file.header();
    if header.layout != layout || header.key != key {
        return Err(TablebaseError::Corrupt {
            problem: format!(
                "it holds the table {} of the board {}, not {} of {layout}",
                file_name(header.key, part),
                header.layout,
                file_name(key, part),
            ),
            path,
        });
    }
    Ok(file)
}

/// Whether both files of a table are present and sound for this layout, every block
/// checked (a damaged table is built again).
pub(super) fn table_is_complete(dir: &Path, layout: &str, key: TableKey) -> bool {
    [Part::Values, Part::Plies].iter().all(|&part| {
        open_part(dir, layout, key, part)
            .and_then(|file| file.for_each_block(|_, _| Ok(())))
            .is_ok()
    })
}

/// Reads a table back into memory, checking every block.
pub(super) fn read_table(
    dir: &Path,
    layout: &str,
    key: TableKey,
    squares: u32,
) -> Result<Table, TablebaseError> {
    let values = open_part(dir, layout, key, Part::Values)?;
    let plies = open_part(dir, layout, key, Part::Plies)?;
    let table = Table::new(key, squares, cell::DRAWN);
    let cells = &table.cells;
    // The values first: each cell takes its kind, with distance 0.
    let per_block = values.header().positions_per_block(Part::Values) as usize;
    values.for_each_block(|block, bytes| {
        let first = block as usize * per_block;
        for (i, cell) in cells[first..].iter().take(bytes.len() * 4).enumerate() {
            let code = (bytes[i / 4] >> (2 * (i % 4))) & 3;
            let value = cell::from_code(code, 0)
                .map_err(|problem| values.impossible(first + i, problem))?;
            cell.store(value, Ordering::Relaxed);
        }
        Ok(())
    })?;
    // Then the distances of the wins and losses.
    let width = plies.header().bytes_per_distance as usize;
    let per_block = plies.header().positions_per_block(Part::Plies) as usize;
    plies.for_each_block(|block, bytes| {
        let first = block as usize * per_block;
        for (i, (cell, distance)) in cells[first..]
            .iter()
            .zip(bytes.chunks_exact(width))
            .enumerate()
        {
            let mut le = [0u8; 2];
            le[..width].copy_from_slice(distance);
            let kind = cell::code(cell.load(Ordering::Relaxed));
            let value = cell::from_code(kind, u16::from_le_bytes(le) as u32)
                .map_err(|problem| plies.impossible(first + i, problem))?;
            cell.store(value, Ordering::Relaxed);
        }
        Ok(())
    })?;
    Ok(table)
}
