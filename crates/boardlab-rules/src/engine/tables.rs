//! The move tables of a game for one bit-set type, built once from the definition: per
//! player, piece and square the leaps split by mode, the lame leaps with the squares that
//! block them, the rider and hopper lines, the jumps, and the promotion, drop and goal zones.

use super::bitset::BitSet;
use super::capture_sources::capture_sources;
use super::game::Game;
use super::geometry::rank_from_side;
use super::moves::{Coord, Family};
use super::piece_tables::{RayBuilder, piece_tables};
use crate::definition::{Mode, Opening};
use boardlab_core::Player;

/// Whether a mode allows moving to an empty square.
#[inline]
pub const fn moves_quietly(mode: Mode) -> bool {
    !matches!(mode, Mode::CaptureOnly)
}

/// Whether a mode allows capturing an enemy on the target square.
#[inline]
pub const fn captures(mode: Mode) -> bool {
    !matches!(mode, Mode::MoveOnly)
}

/// A value for each square index, read without a bounds check (by the index's low 8 bits:
/// boards have at most 256 squares).
#[derive(Clone, Debug)]
pub struct PerSquare<T>(Box<[T; 256]>);

impl<T: Copy> PerSquare<T> {
    /// Every square holding `fill`.
    pub fn new(fill: T) -> PerSquare<T> {
        PerSquare(Box::new([fill; 256]))
    }

    /// The value of `square`.
    #[inline(always)]
    pub fn at(&self, square: u32) -> T {
        self.0[(square & 255) as usize]
    }

    /// The value of `square`, to change.
    #[inline(always)]
    pub fn at_mut(&mut self, square: u32) -> &mut T {
        &mut self.0[(square & 255) as usize]
    }
}

/// A lame leap from one square: its target, and the squares that must be empty (and open).
#[derive(Clone, Copy, Debug)]
pub struct LameLeap<B> {
    /// The target square.
    pub target: B,
    /// The squares on the way.
    pub path: B,
    /// What it may do at the target.
    pub mode: Mode,
}

/// A rider's or hopper's line: one direction, with the rays of every square.
#[derive(Clone, Copy, Debug)]
pub struct Line {
    /// The index of this line's rays in [`Tables::rays`].
    pub rays: u32,
    /// What it may do at the target.
    pub mode: Mode,
    /// Only from the piece's start squares (Betza `i`).
    pub initial: bool,
    /// Whether square indices grow along the line (so the nearest square is the lowest).
    pub ascending: bool,
}

/// The leaps by one vector made by every piece of a kind at once: the pieces move `delta`
/// square indices (a shift of the bit set) by any of `leaps`. Leaps by the same vector are
/// kept together so that a target reached by two of them is one move.
#[derive(Clone, Debug)]
pub struct BulkVector<B> {
    /// The index change from the start square to the target.
    pub delta: i32,
    /// The leaps by this vector.
    pub leaps: Vec<BulkLeap<B>>,
}

/// One leap of a [`BulkVector`]: the pieces on `sources` may make it when the squares `path`
/// indices away are empty.
#[derive(Clone, Debug)]
pub struct BulkLeap<B> {
    /// The squares from which the leap lands on an existing square (and, for Betza `i`, that
    /// are start squares of the piece).
    pub sources: B,
    /// The index changes from the start to each square on a lame leap's way.
    pub path: Vec<i32>,
    /// What it may do at the target.
    pub mode: Mode,
}

/// One jump direction of a piece: for each square, the square jumped over and the square
/// landed on ([`NO_SQUARE`] where the jump leaves the board or meets a missing square).
#[derive(Clone, Debug)]
pub struct Jump<B> {
    /// The squares from which the jump stays on existing squares.
    pub sources: B,
    /// The index change from the start to the square jumped over (the landing is twice it).
    pub delta: i32,
    /// For each square: the square jumped over and the landing square.
    pub squares: Vec<(u16, u16)>,
    /// The direction's code in the chain family of the piece (0 for pieces without chains).
    pub code: u32,
}

/// How a piece promotes, for one player.
#[derive(Clone, Debug)]
pub struct PromotionTable<B> {
    /// The squares where a move ends in the zone.
    pub zone: B,
    /// The pieces it may become, each with the letter printed after the move (none when it
    /// is the only choice and compulsory).
    pub choices: Vec<(u8, Option<char>)>,
    /// Whether a move into the zone may also not promote.
    pub optional: bool,
}

/// Rider lines that share a mode and the `initial` flag, split by the way square indices run
/// along them, so that a position rides them all without looking at each line's flags.
#[derive(Clone, Debug)]
pub struct RiderGroup {
    /// What they may do at the target.
    pub mode: Mode,
    /// Only from the piece's start squares (Betza `i`).
    pub initial: bool,
    /// The index in [`Tables::rays`] of each line with growing square indices.
    pub ascending: Vec<u32>,
    /// The same for lines with falling square indices.
    pub descending: Vec<u32>,
}

/// The tables of one piece for one player.
#[derive(Clone, Debug)]
pub struct PieceTables<B> {
    /// For each square: the leaps' targets where it may move to an empty square.
    pub leap_quiet: PerSquare<B>,
    /// For each square: the leaps' targets where it may capture.
    pub leap_capture: PerSquare<B>,
    /// The lame leaps of all squares, square by square.
    pub lame: Vec<LameLeap<B>>,
    /// For each square: its lame leaps, as a range of [`lame`](PieceTables::lame).
    pub lame_at: PerSquare<(u32, u32)>,
    /// The rider lines, in groups.
    pub riders: Vec<RiderGroup>,
    /// The leaps made kind by kind rather than piece by piece, for a piece that only leaps
    /// and has at least as many pieces as leaps (pawns); `None` for the others.
    pub bulk: Option<Vec<BulkVector<B>>>,
    /// The hopper lines.
    pub hoppers: Vec<Line>,
    /// The jump directions.
    pub jumps: Vec<Jump<B>>,
    /// The family its chains are named in, if it captures in chains.
    pub chain: Option<Family>,
    /// Where pieces of this kind and player stand in the start position (for Betza `i`).
    pub start: B,
    /// Its promotion, if it promotes.
    pub promotion: Option<PromotionTable<B>>,
    /// Whether each of its moves may both move to an empty square and capture (no Betza `m`
    /// or `c`): then the squares it attacks are the squares it may go to.
    pub modes_alike: bool,
}

/// The rules the move generator looks at on every call, copied out of the definition so
/// that they sit beside the tables.
#[derive(Clone, Copy, Debug)]
pub struct HotRules {
    /// The royal pieces, a bit per piece.
    pub royal: u16,
    /// The pieces that win by reaching the goal, a bit per piece.
    pub goal_pieces: u16,
    /// A player with no pieces left loses.
    pub capture_all: bool,
    /// Captures are compulsory.
    pub compulsory: bool,
    /// No capture until this piece of the mover's stands on the board.
    pub requires_on_board: Option<u8>,
    /// The game has drops.
    pub drops: bool,
}

/// Every table of a game for the bit-set type `B`.
#[derive(Debug)]
pub struct Tables<B> {
    /// The game.
    pub game: &'static Game,
    /// The rules looked at on every move generation.
    pub rules: HotRules,
    /// The squares that exist.
    pub board: B,
    /// The squares closed while the number of pieces on the board is even (0) or odd (1).
    pub closed: [B; 2],
    /// Whether any square opens and closes.
    pub opens: bool,
    /// Per player, per piece.
    pub pieces: [Vec<PieceTables<B>>; 2],
    /// The rays of every line, square by square.
    pub rays: Vec<PerSquare<B>>,
    /// Per player, per piece, per target square: the squares from which a piece of that
    /// kind might capture onto it ([`capture_sources`]).
    pub capture_sources: [Vec<PerSquare<B>>; 2],
    /// Per player: whether every capture of its pieces lands on the piece it takes (no
    /// piece jumps over its victim).
    pub captures_land_on_victims: [bool; 2],
    /// Per player, per piece: where it may be dropped.
    pub drop_zone: [Vec<B>; 2],
    /// Whether every piece may be dropped on every square (drops counted as kinds × squares).
    pub drops_anywhere: bool,
    /// Per player: the goal.
    pub goal: [B; 2],
    /// The coordinate of each square index.
    pub coords: PerSquare<Coord>,
}

impl<B: BitSet> Tables<B> {
    /// Builds the tables of a compiled game (whose board fits in `B`).
    pub fn build(game: &'static Game) -> Tables<B> {
        let geometry = &game.geometry;
        let definition = &game.definition;
        let squares = geometry.squares();
        let set = |select: &dyn Fn(u32) -> bool| {
            (0..squares)
                .filter(|&sq| select(sq))
                .fold(B::EMPTY, |acc, sq| acc | B::bit(sq))
        };
        let board = set(&|sq| geometry.exists[sq as usize]);
        let closed_while = |open: Opening| set(&|sq| geometry.opening[sq as usize] == open) & board;
        // Even squares are closed while the count is odd, odd squares while it is even.
        let closed = [closed_while(Opening::Odd), closed_while(Opening::Even)];
        let mut rays = RayBuilder::new(geometry);
        let pieces: [Vec<PieceTables<B>>; 2] = Player::BOTH.map(|player| {
            definition
                .pieces
                .iter()
                .enumerate()
                .map(|(kind, piece)| {
                    let start = game
                        .start
                        .iter()
                        .filter(|&&(_, p, k)| p == player && k as usize == kind)
                        .fold(B::EMPTY, |acc, &(sq, _, _)| acc | B::bit(sq));
                    piece_tables(game, piece, player, start, &mut rays)
                })
                .collect()
        });
        let ranks = |player: Player, from: u8, to: u8| {
            set(&|sq| {
                let rank = geometry.file_rank(sq).1;
                (from..=to).any(|n| rank_from_side(geometry.height, player, n) == rank)
            }) & board
        };
        let far = |player: Player, n: u8| {
            let h = geometry.height;
            ranks(player, h - n.min(h) + 1, h)
        };
        let drop_zone = Player::BOTH.map(|player| {
            (0..definition.pieces.len())
                .map(|kind| {
                    let zone = definition
                        .drops
                        .as_ref()
                        .and_then(|d| d.zones.get(kind).copied().flatten());
                    match zone {
                        Some(range) => ranks(player, range.from, range.to),
                        None => board,
                    }
                })
                .collect::<Vec<B>>()
        });
        let drops_anywhere = drop_zone.iter().flatten().all(|&zone| zone == board);
        let goal_ranks = definition.end.goal_ranks;
        let goal = Player::BOTH.map(|player| {
            if goal_ranks == 0 || definition.end.goal_pieces.is_empty() {
                B::EMPTY
            } else {
                far(player, goal_ranks)
            }
        });
        let hot = HotRules {
            royal: game.royal,
            goal_pieces: game.goal_pieces,
            capture_all: definition.end.capture_all,
            compulsory: definition.captures.compulsory,
            requires_on_board: definition.captures.requires_on_board.map(|k| k as u8),
            drops: definition.drops.is_some(),
        };
        let rays = rays.rays;
        let capture_sources = Player::BOTH.map(|player| {
            pieces[player.index()]
                .iter()
                .map(|piece| capture_sources(piece, &rays, board))
                .collect()
        });
        let captures_land_on_victims = Player::BOTH.map(|player| {
            pieces[player.index()]
                .iter()
                .all(|piece| piece.jumps.is_empty() && piece.chain.is_none())
        });
        Tables {
            game,
            rules: hot,
            board,
            opens: closed.iter().any(|c| !c.is_empty()),
            closed,
            pieces,
            rays,
            capture_sources,
            captures_land_on_victims,
            drop_zone,
            drops_anywhere,
            goal,
            coords: {
                let mut coords = PerSquare::new(0);
                for sq in 0..squares {
                    *coords.at_mut(sq) = geometry.coord(sq);
                }
                coords
            },
        }
    }

    /// The squares closed while `count` pieces are on the board.
    #[inline(always)]
    pub fn closed_for(&self, count: u32) -> B {
        self.closed[(count & 1) as usize]
    }

    /// The squares riders of `group` on `from` reach (along each line up to and including
    /// the first square of `blockers`).
    #[inline(always)]
    pub fn ride(&self, group: &RiderGroup, from: u32, blockers: B) -> B {
        let mut reach = B::EMPTY;
        for &rays in &group.ascending {
            let ray = self.rays[rays as usize].at(from);
            let hit = ray & blockers;
            reach |= if hit.is_empty() {
                ray
            } else {
                ray & !self.rays[rays as usize].at(hit.lowest())
            };
        }
        for &rays in &group.descending {
            let ray = self.rays[rays as usize].at(from);
            let hit = ray & blockers;
            reach |= if hit.is_empty() {
                ray
            } else {
                ray & !self.rays[rays as usize].at(hit.highest())
            };
        }
        reach
    }

    /// The squares a hopper on `from` reaches along `line`: over exactly one piece (the
    /// first square of `blockers`, which must not be `closed`) and on over empty squares, up
    /// to and including the next square of `blockers`.
    #[inline(always)]
    pub fn hop(&self, line: &Line, from: u32, blockers: B, closed: B) -> B {
        let ray = self.rays[line.rays as usize].at(from);
        let hit = ray & blockers;
        if hit.is_empty() {
            return B::EMPTY;
        }
        let screen = if line.ascending {
            hit.lowest()
        } else {
            hit.highest()
        };
        if closed.has(screen) {
            return B::EMPTY;
        }
        let beyond = ray & self.rays[line.rays as usize].at(screen);
        let hit = beyond & blockers;
        if hit.is_empty() {
            return beyond;
        }
        let next = if line.ascending {
            hit.lowest()
        } else {
            hit.highest()
        };
        beyond & !self.rays[line.rays as usize].at(next)
    }
}
