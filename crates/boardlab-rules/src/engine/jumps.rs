//! Checkers-style captures: a jump over an adjacent enemy to the empty square beyond, and
//! capture chains, found by a depth-first search that hands each complete chain to the sink.
//!
//! A chain goes on while the piece can jump again (an enemy in a jump direction with an
//! empty, existing square beyond; each jumped piece is removed at once and cannot be jumped
//! twice; the square the piece left is empty). Only complete chains are moves, and distinct
//! paths are distinct moves. Where squares open and close, a complete chain is legal when
//! every square it touched (start, jumped, landed) is open for the piece count after it.

use super::bitset::BitSet;
use super::geometry::NO_SQUARE;
use super::movegen::View;
use super::moves::{ChainPath, RulesMove};
use super::position::RulesPosition;
use super::tables::PieceTables;
use boardlab_core::MoveSink;

/// A chain under way.
#[derive(Clone, Copy)]
struct Chain<B> {
    /// The square the piece left.
    origin: u32,
    /// Where it stands now.
    at: u32,
    /// The enemy pieces not yet jumped.
    enemy: B,
    /// The empty squares now.
    empty: B,
    /// Every square touched so far.
    touched: B,
    /// The jumps so far.
    path: ChainPath,
}

impl<B: BitSet> RulesPosition<B> {
    /// The captures by jumping of the piece on `from`.
    #[inline]
    pub(crate) fn jumps_from<S: MoveSink<RulesMove>>(
        &self,
        sink: &mut S,
        piece: &PieceTables<B>,
        from: u32,
        view: &View<B>,
    ) {
        match piece.chain {
            Some(family) => self.extend(
                sink,
                piece,
                view,
                Chain {
                    origin: from,
                    at: from,
                    enemy: view.enemy,
                    empty: view.empty | B::bit(from),
                    touched: B::bit(from),
                    path: ChainPath::new(family),
                },
            ),
            None => {
                let closed = view.closed_capture;
                for jump in &piece.jumps {
                    let (over, land) = jump.squares[from as usize];
                    if over == NO_SQUARE
                        || !view.enemy.has(over as u32)
                        || !view.empty.has(land as u32)
                        || !(closed & (B::bit(from) | B::bit(over as u32) | B::bit(land as u32)))
                            .is_empty()
                    {
                        continue;
                    }
                    self.emit_jump(sink, piece, from, land as u32);
                }
            }
        }
    }

    /// Goes on with `chain` by every jump possible; hands it to the sink when there is none.
    fn extend<S: MoveSink<RulesMove>>(
        &self,
        sink: &mut S,
        piece: &PieceTables<B>,
        view: &View<B>,
        chain: Chain<B>,
    ) {
        let mut extended = false;
        for jump in &piece.jumps {
            let (over, land) = jump.squares[chain.at as usize];
            if over == NO_SQUARE || !chain.enemy.has(over as u32) || !chain.empty.has(land as u32) {
                continue;
            }
            extended = true;
            let (over_bit, land_bit) = (B::bit(over as u32), B::bit(land as u32));
            self.extend(
                sink,
                piece,
                view,
                Chain {
                    origin: chain.origin,
                    at: land as u32,
                    enemy: chain.enemy ^ over_bit,
                    empty: (chain.empty | over_bit) & !land_bit,
                    touched: chain.touched | over_bit | land_bit,
                    path: chain.path.then(jump.code),
                },
            );
        }
        let jumps = chain.path.jumps();
        if extended || jumps == 0 {
            return;
        }
        if self.tables.opens
            && !(chain.touched & self.tables.closed_for(view.count - jumps)).is_empty()
        {
            return;
        }
        if jumps == 1 {
            self.emit_jump(sink, piece, chain.origin, chain.at);
        } else {
            sink.add(RulesMove::chain(
                self.tables.coords.at(chain.origin),
                chain.path,
            ));
        }
    }

    /// A single jump from `from` to `land`, with its promotions.
    fn emit_jump<S: MoveSink<RulesMove>>(
        &self,
        sink: &mut S,
        piece: &PieceTables<B>,
        from: u32,
        land: u32,
    ) {
        let coords = &self.tables.coords;
        let jump = RulesMove::jump(coords.at(from), coords.at(land));
        match &piece.promotion {
            Some(promotion) if promotion.zone.has(land) => {
                if promotion.optional {
                    sink.add(jump);
                }
                for &(kind, suffix) in &promotion.choices {
                    sink.add(jump.promoting(kind, suffix));
                }
            }
            _ => sink.add(jump),
        }
    }
}
