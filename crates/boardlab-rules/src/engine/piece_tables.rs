//! Building the tables of one piece for one player: leaps split by mode, lame leaps with
//! their ways, rider and hopper lines (their rays built once per direction and range), bulk
//! leaps, jumps and the promotion zone.

use super::bitset::BitSet;
use super::game::Game;
use super::geometry::{Geometry, NO_SQUARE, lame_offsets, rank_from_side, turned};
use super::moves::Family;
use super::tables::{
    BulkLeap, BulkVector, Jump, LameLeap, Line, PerSquare, PieceTables, PromotionTable, RiderGroup,
    captures, moves_quietly,
};
use crate::definition::{Mode, Movement, Piece};
use boardlab_core::Player;
use std::collections::HashMap;

/// Builds the rays of each distinct line (direction and range) once.
pub struct RayBuilder<'a, B> {
    geometry: &'a Geometry,
    index: HashMap<((i8, i8), u8), u32>,
    /// The rays built, line by line.
    pub rays: Vec<PerSquare<B>>,
}

impl<'a, B: BitSet> RayBuilder<'a, B> {
    /// A builder for the board of `geometry`.
    pub fn new(geometry: &'a Geometry) -> Self {
        RayBuilder {
            geometry,
            index: HashMap::new(),
            rays: Vec::new(),
        }
    }

    /// The line of `vector` (board directions) with at most `range` steps (0: no limit).
    fn line(&mut self, vector: (i8, i8), range: u8, mode: Mode, initial: bool) -> Line {
        let g = self.geometry;
        let ascending = vector.1 as i32 * g.width as i32 + vector.0 as i32 > 0;
        let start = *self.index.entry((vector, range)).or_insert_with(|| {
            let mut line = PerSquare::new(B::EMPTY);
            for sq in 0..g.squares() {
                let mut ray = B::EMPTY;
                let mut steps = 1;
                while range == 0 || steps <= range as i32 {
                    match g.offset(sq, vector, steps) {
                        Some(target) if g.exists[sq as usize] => ray |= B::bit(target),
                        _ => break,
                    }
                    steps += 1;
                }
                *line.at_mut(sq) = ray;
            }
            self.rays.push(line);
            self.rays.len() as u32 - 1
        });
        Line {
            rays: start,
            mode,
            initial,
            ascending,
        }
    }
}

/// The tables of `piece` for `player`.
pub fn piece_tables<B: BitSet>(
    game: &Game,
    piece: &Piece,
    player: Player,
    start: B,
    rays: &mut RayBuilder<'_, B>,
) -> PieceTables<B> {
    let g = &game.geometry;
    let squares = g.squares() as usize;
    let mut tables = PieceTables {
        leap_quiet: PerSquare::new(B::EMPTY),
        leap_capture: PerSquare::new(B::EMPTY),
        lame: Vec::new(),
        lame_at: PerSquare::new((0, 0)),
        riders: Vec::new(),
        bulk: None,
        hoppers: Vec::new(),
        jumps: Vec::new(),
        chain: None,
        start,
        promotion: None,
        modes_alike: piece.moves.iter().all(|m| m.mode == Mode::Both),
    };
    let leaps: Vec<&Movement> = piece
        .moves
        .iter()
        .filter(|m| m.range == 1 && !m.hop)
        .collect();
    for sq in 0..squares as u32 {
        let first = tables.lame.len() as u32;
        if g.exists[sq as usize] {
            for movement in &leaps {
                if movement.initial_only && !start.has(sq) {
                    continue;
                }
                for &vector in &movement.vectors {
                    let vector = turned(vector, player);
                    // A leaper leaps: only a lame one needs the squares on its way.
                    let found = if movement.lame {
                        g.lame_path(sq, vector)
                    } else {
                        g.offset(sq, vector, 1).map(|target| (target, Vec::new()))
                    };
                    let Some((target, path)) = found else {
                        continue;
                    };
                    if !path.is_empty() {
                        tables.lame.push(LameLeap {
                            target: B::bit(target),
                            path: path.iter().fold(B::EMPTY, |acc, &s| acc | B::bit(s)),
                            mode: movement.mode,
                        });
                        continue;
                    }
                    if moves_quietly(movement.mode) {
                        *tables.leap_quiet.at_mut(sq) |= B::bit(target);
                    }
                    if captures(movement.mode) {
                        *tables.leap_capture.at_mut(sq) |= B::bit(target);
                    }
                }
            }
        }
        *tables.lame_at.at_mut(sq) = (first, tables.lame.len() as u32);
    }
    for movement in piece.moves.iter().filter(|m| m.range != 1 || m.hop) {
        for &vector in &movement.vectors {
            let line = rays.line(
                turned(vector, player),
                movement.range,
                movement.mode,
                movement.initial_only,
            );
            if movement.hop {
                tables.hoppers.push(line);
                continue;
            }
            let same = |g: &&mut RiderGroup| g.mode == line.mode && g.initial == line.initial;
            let group = match tables.riders.iter_mut().find(same) {
                Some(group) => group,
                None => {
                    tables.riders.push(RiderGroup {
                        mode: line.mode,
                        initial: line.initial,
                        ascending: Vec::new(),
                        descending: Vec::new(),
                    });
                    tables.riders.last_mut().expect("just pushed")
                }
            };
            if line.ascending {
                group.ascending.push(line.rays);
            } else {
                group.descending.push(line.rays);
            }
        }
    }
    tables.bulk = bulk_leaps(game, piece, player, start, &leaps);
    let family = if piece.chain {
        Family::holding(&piece.jumps)
    } else {
        None
    };
    tables.chain = family;
    for &vector in &piece.jumps {
        let vector = turned(vector, player);
        let squares: Vec<(u16, u16)> = (0..squares as u32)
            .map(|sq| {
                let over = g.offset(sq, vector, 1);
                let land = g.offset(sq, vector, 2);
                match (over, land) {
                    (Some(over), Some(land)) if g.exists[sq as usize] => (over as u16, land as u16),
                    _ => (NO_SQUARE, NO_SQUARE),
                }
            })
            .collect();
        let code = family.and_then(|f| f.code_of(vector)).unwrap_or(0);
        let sources = (0..g.squares())
            .filter(|&sq| {
                g.exists[sq as usize]
                    && g.offset(sq, vector, 1).is_some()
                    && g.offset(sq, vector, 2).is_some()
            })
            .fold(B::EMPTY, |acc, sq| acc | B::bit(sq));
        let delta = vector.1 as i32 * g.width as i32 + vector.0 as i32;
        tables.jumps.push(Jump {
            sources,
            delta,
            squares,
            code,
        });
    }
    if let Some(promotion) = &piece.promotion {
        let h = g.height;
        let zone = (0..g.squares())
            .filter(|&sq| g.exists[sq as usize])
            .filter(|&sq| {
                let rank = g.file_rank(sq).1;
                (1..=promotion.ranks.min(h))
                    .any(|n| rank_from_side(h, player.opponent(), n) == rank)
            })
            .fold(B::EMPTY, |acc, sq| acc | B::bit(sq));
        let silent = promotion.to.len() == 1 && promotion.compulsory;
        tables.promotion = Some(PromotionTable {
            zone,
            choices: promotion
                .to
                .iter()
                .map(|&kind| {
                    let letter = game.letters.letter(player, kind as u8).to_ascii_lowercase();
                    (kind as u8, (!silent).then_some(letter))
                })
                .collect(),
            optional: !promotion.compulsory,
        });
    }
    tables
}

/// The leaps of `piece` for `player` made by all its pieces at once, when it has no rider or
/// hopper moves and at least as many pieces in the start position (board and hand) as leaps.
fn bulk_leaps<B: BitSet>(
    game: &Game,
    piece: &Piece,
    player: Player,
    start: B,
    leaps: &[&Movement],
) -> Option<Vec<BulkVector<B>>> {
    let g = &game.geometry;
    let kind = game
        .definition
        .pieces
        .iter()
        .position(|p| std::ptr::eq(p, piece))?;
    let pieces = start.count() + game.start_reserves[player.index()][kind] as u32;
    let vectors: usize = leaps.iter().map(|m| m.vectors.len()).sum();
    if leaps.len() != piece.moves.len() || vectors as u32 > pieces {
        return None;
    }
    let index_delta = |(dx, dy): (i32, i32)| dy * g.width as i32 + dx;
    let mut bulk: Vec<BulkVector<B>> = Vec::new();
    for movement in leaps {
        for &vector in &movement.vectors {
            let vector = turned(vector, player);
            let offsets = if movement.lame {
                lame_offsets(vector)
            } else {
                Vec::new()
            };
            let sources = (0..g.squares())
                .filter(|&sq| g.exists[sq as usize] && (!movement.initial_only || start.has(sq)))
                .filter(|&sq| {
                    g.offset(sq, vector, 1).is_some()
                        && offsets
                            .iter()
                            .all(|&(x, y)| g.offset(sq, (x as i8, y as i8), 1).is_some())
                })
                .fold(B::EMPTY, |acc, sq| acc | B::bit(sq));
            let delta = index_delta((vector.0 as i32, vector.1 as i32));
            let leap = BulkLeap {
                sources,
                path: offsets.into_iter().map(index_delta).collect(),
                mode: movement.mode,
            };
            match bulk.iter_mut().find(|v| v.delta == delta) {
                Some(same) => same.leaps.push(leap),
                None => bulk.push(BulkVector {
                    delta,
                    leaps: vec![leap],
                }),
            }
        }
    }
    Some(bulk)
}
