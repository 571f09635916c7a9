//! Reading values from a tablebase folder, position by position, without loading tables.

use super::TablebaseError;
use super::cell;
use super::checked::CheckedFile;
use super::files::{self, Part};
use super::geometry::{Geometry, Placement, TableKey};
use super::table::{Order, board_mask};
use crate::parity::{Parity, ParityRules};
use boardlab_core::{GameValue, OracleError, Player, Position, ValueOracle};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// One table's two open files.
struct OpenTable {
    values: CheckedFile,
    plies: CheckedFile,
}

/// A folder of Parity tablebases, opened for one board. Each block of a file is checked
/// against its checksum the first time a probe reads from it: a damaged file gives an
/// error that names it, never a value.
pub struct Tablebase {
    dir: PathBuf,
    geometry: Geometry,
    tables: HashMap<TableKey, OpenTable>,
}

impl Tablebase {
    /// Opens the tables in `dir` for positions played under `rules` (its board): every
    /// file's header, length and checksum list is read and checked, each file must hold
    /// the table its name says, and the folder must hold at least one table for this
    /// board (files of other boards are left alone).
    pub fn open(dir: &Path, rules: ParityRules) -> Result<Tablebase, TablebaseError> {
        let geometry = Geometry::new(rules.layout).ok_or(TablebaseError::BoardTooLarge {
            squares: rules.layout.width() as u32 * rules.layout.height() as u32,
        })?;
        let layout = files::layout_word(&rules.layout.to_string());
        let entries = std::fs::read_dir(dir).map_err(|error| TablebaseError::io(dir, error))?;
        let mut tables = HashMap::new();
        let mut other_board = None;
        for entry in entries {
            let entry = entry.map_err(|error| TablebaseError::io(dir, error))?;
            let path = entry.path();
            if path
                .extension()
                .is_none_or(|extension| extension != "values")
            {
                continue;
            }
            let values = CheckedFile::open(&path, Part::Values)?;
            let header = values.header();
            if header.layout != layout {
                other_board = Some(header.layout.clone());
                continue;
            }
            let key = header.key;
            let named = files::path(dir, key, Part::Values);
            if named.file_name() != path.file_name() {
                return Err(TablebaseError::Corrupt {
                    problem: format!(
                        "it holds the table {}, not the one its name says",
                        named.file_name().unwrap_or_default().to_string_lossy()
                    ),
                    path,
                });
            }
            let plies = files::open_part(dir, &layout, key, Part::Plies)?;
            tables.insert(key, OpenTable { values, plies });
        }
        if tables.is_empty() {
            return Err(match other_board {
                Some(found) => TablebaseError::OtherBoard {
                    path: dir.to_path_buf(),
                    found,
                    wanted: layout,
                },
                None => TablebaseError::Empty {
                    path: dir.to_path_buf(),
                },
            });
        }
        Ok(Tablebase {
            dir: dir.to_path_buf(),
            geometry,
            tables,
        })
    }

    /// The value of a position with `key`'s material and side to move; `None` outside the
    /// tables. An error when a file cannot be read or a block of it is damaged.
    pub fn probe_placement(
        &self,
        key: TableKey,
        placement: Placement,
    ) -> Result<Option<GameValue>, TablebaseError> {
        let mover = placement.of(key.side());
        if mover == 0 {
            return Ok(Some(GameValue::Loss(0)));
        }
        if placement.of(key.side().opponent()) == 0 {
            return Ok(None);
        }
        let (key, placement) = self.geometry.canonical(key, placement);
        let Some(table) = self.tables.get(&key) else {
            return Ok(None);
        };
        let squares = self.geometry.squares();
        let board = board_mask(squares);
        if placement.white.count_ones() != key.white
            || placement.black.count_ones() != key.black
            || (placement.white | placement.black) & !board != 0
            || placement.white & placement.black != 0
        {
            return Ok(None);
        }
        let index = Order::new(squares, key).index(placement);
        let mut byte = [0u8];
        table.values.read(index / 4, &mut byte)?;
        let code = (byte[0] >> (2 * (index % 4))) & 3;
        let width = table.plies.header().bytes_per_distance as usize;
        let mut distance = [0u8; 2];
        table
            .plies
            .read(index * width as u64, &mut distance[..width])?;
        let cell = cell::from_code(code, u16::from_le_bytes(distance) as u32)
            .map_err(|problem| table.values.impossible(index as usize, problem))?;
        Ok(Some(cell::value(cell)))
    }

    /// The materials held, as (White's pieces, Black's pieces, side to move), sorted.
    pub fn materials(&self) -> Vec<TableKey> {
        let mut keys: Vec<TableKey> = self.tables.keys().copied().collect();
        if self.geometry.symmetric() {
            let turned: Vec<TableKey> = keys
                .iter()
                .map(|key| TableKey::new(key.black, key.white, Player::Two))
                .collect();
            keys.extend(turned);
        }
        keys.sort();
        keys.dedup();
        keys
    }
}

impl ValueOracle<Parity> for Tablebase {
    fn probe(&self, position: &Parity) -> Result<Option<GameValue>, OracleError> {
        if position.rules().layout != self.geometry.layout() {
            return Ok(None);
        }
        let placement = Placement {
            white: position.pieces_of(Player::One) as u64,
            black: position.pieces_of(Player::Two) as u64,
        };
        let key = TableKey::new(
            placement.white.count_ones(),
            placement.black.count_ones(),
            position.side_to_move(),
        );
        self.probe_placement(key, placement)
            .map_err(|error| OracleError(error.to_string()))
    }

    fn coverage(&self) -> String {
        let materials = self.materials();
        let max_white = materials.iter().map(|key| key.white).max().unwrap_or(0);
        let max_black = materials.iter().map(|key| key.black).max().unwrap_or(0);
        format!(
            "the Parity tablebases in {} ({}, up to {max_white} White and {max_black} Black pieces)",
            self.dir.display(),
            boardlab_core::count(self.tables.len() as u64, "table", "tables")
        )
    }
}
