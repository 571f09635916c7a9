//! Where a piece could capture onto a square from: for each target square, every square
//! from which a piece of one kind might capture there in some position (its leaps, lame
//! leaps, rider and hopper lines taken without blockers). The bots look up the attackers
//! of one square in it before asking the generator about those pieces alone.

use super::bitset::BitSet;
use super::tables::{PerSquare, PieceTables, captures};

/// For each target square, the squares from which `piece` might capture onto it: a superset
/// of what any position allows (blockers, start-square moves and closed squares ignored).
/// Jumps and chains, which capture off their landing square, are not in it.
pub fn capture_sources<B: BitSet>(
    piece: &PieceTables<B>,
    rays: &[PerSquare<B>],
    board: B,
) -> PerSquare<B> {
    let mut sources = PerSquare::new(B::EMPTY);
    for from in board.squares() {
        for target in reach_without_blockers(piece, rays, from).squares() {
            *sources.at_mut(target) |= B::bit(from);
        }
    }
    sources
}

/// Every square the piece on `from` might capture on, whatever stands between.
fn reach_without_blockers<B: BitSet>(
    piece: &PieceTables<B>,
    rays: &[PerSquare<B>],
    from: u32,
) -> B {
    let mut reach = piece.leap_capture.at(from);
    let (first, last) = piece.lame_at.at(from);
    for lame in &piece.lame[first as usize..last as usize] {
        if captures(lame.mode) {
            reach |= lame.target;
        }
    }
    for group in piece.riders.iter().filter(|group| captures(group.mode)) {
        for &line in group.ascending.iter().chain(&group.descending) {
            reach |= rays[line as usize].at(from);
        }
    }
    for line in piece.hoppers.iter().filter(|line| captures(line.mode)) {
        reach |= rays[line.rays as usize].at(from);
    }
    for vector in piece.bulk.iter().flatten() {
        for leap in vector.leaps.iter().filter(|leap| captures(leap.mode)) {
            if leap.sources.has(from) {
                reach |= B::bit((from as i32 + vector.delta) as u32);
            }
        }
    }
    reach
}
