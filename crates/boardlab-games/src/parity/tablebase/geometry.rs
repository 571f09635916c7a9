//! What the tablebase needs to know of a board: its squares, its half-turn symmetry, and the
//! moves between placements.
//!
//! The builder visits every position several times, so it moves pieces with a small generator
//! of its own on 64-bit sets, with no move list and no per-move callback through the game's
//! generator (which works on 128-bit sets for every board the game allows). It follows the
//! same rules as [`Parity::generate`](super::super::position::Parity), and the tests compare
//! the two on random placements of several boards, besides comparing whole tables with a
//! plain solver that plays the game's own moves.

use super::super::layout::Layout;
use super::super::position::Parity;
use super::super::rules::ParityRules;
use boardlab_core::Player;
use boardlab_core::bitboard::Bits128;

/// Which table a position belongs to: how many pieces each side has, and who is to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TableKey {
    /// White's (Player 1's) pieces.
    pub white: u32,
    /// Black's (Player 2's) pieces.
    pub black: u32,
    /// The side to move: 1 or 2.
    pub side: u8,
}

impl TableKey {
    /// The key of positions with these counts and `side` to move.
    pub fn new(white: u32, black: u32, side: Player) -> TableKey {
        TableKey {
            white,
            black,
            side: side.number(),
        }
    }

    /// The side to move.
    pub fn side(self) -> Player {
        if self.side == 1 {
            Player::One
        } else {
            Player::Two
        }
    }

    /// The same counts with the other side to move.
    pub fn other_side(self) -> TableKey {
        TableKey::new(self.white, self.black, self.side().opponent())
    }

    /// The pieces on the board.
    pub fn pieces(self) -> u32 {
        self.white + self.black
    }

    /// The pieces of `player`.
    pub fn of(self, player: Player) -> u32 {
        match player {
            Player::One => self.white,
            Player::Two => self.black,
        }
    }
}

/// The pieces of a position as bitmasks of squares (`rank * width + file`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// White's pieces.
    pub white: u64,
    /// Black's pieces.
    pub black: u64,
}

impl Placement {
    /// The pieces of `player`.
    #[inline]
    pub fn of(self, player: Player) -> u64 {
        match player {
            Player::One => self.white,
            Player::Two => self.black,
        }
    }

    /// The placement where `mover` has the squares `movers` and the other side `others`.
    #[inline]
    pub fn of_sides(mover: Player, movers: u64, others: u64) -> Placement {
        match mover {
            Player::One => Placement {
                white: movers,
                black: others,
            },
            Player::Two => Placement {
                white: others,
                black: movers,
            },
        }
    }
}

/// The largest board a tablebase is built for (a placement fits a `u64`).
pub const MAX_SQUARES: u32 = 64;

/// A board as the tablebase sees it.
#[derive(Clone, Copy, Debug)]
pub struct Geometry {
    rules: ParityRules,
    squares: u32,
    symmetric: bool,
    /// The board's spaces.
    board: u64,
    /// The spaces a piece can step west from (all but file a) …
    west_from: u64,
    /// … and east from (all but the last file).
    east_from: u64,
    /// The number of files: a step north adds it to a square's number.
    width: u32,
    /// The open spaces while an even (`[0]`) or odd (`[1]`) number of pieces stand.
    open: [u64; 2],
}

/// The landing squares of one direction of steps, and how far each lies from its start.
#[derive(Clone, Copy)]
struct Steps {
    /// Where pieces land.
    targets: u64,
    /// A landing square's number less its start's.
    delta: i32,
}

impl Steps {
    /// The start of a step landing on `to` (a one-square set).
    #[inline]
    fn from(self, to: u64) -> u64 {
        if self.delta > 0 {
            to >> self.delta
        } else {
            to << -self.delta
        }
    }
}

/// Calls `found` with each square of `set`, as a one-square set, lowest first.
#[inline]
fn each_square(mut set: u64, mut found: impl FnMut(u64)) {
    while set != 0 {
        let square = set & set.wrapping_neg();
        found(square);
        set ^= square;
    }
}

impl Geometry {
    /// The geometry of a layout; `None` when it has more than [`MAX_SQUARES`] spaces.
    pub fn new(layout: Layout) -> Option<Geometry> {
        let squares = layout.width() as u32 * layout.height() as u32;
        if squares > MAX_SQUARES {
            return None;
        }
        let rules = ParityRules {
            layout,
            ..ParityRules::default()
        };
        let mut symmetric = true;
        for rank in 0..layout.height() {
            for file in 0..layout.width() {
                let turned = layout.colour(layout.width() - 1 - file, layout.height() - 1 - rank);
                symmetric &= layout.colour(file, rank) == turned;
            }
        }
        // Every mask below lies inside the board, which fits 64 bits.
        let board = layout.board() as u64;
        Some(Geometry {
            rules,
            squares,
            symmetric,
            board,
            west_from: board & !(layout.file_a() as u64),
            east_from: board & !(layout.last_file() as u64),
            width: layout.width() as u32,
            open: [0, 1].map(|pieces| board & !(layout.closed(pieces) as u64)),
        })
    }

    /// The number of spaces.
    pub fn squares(&self) -> u32 {
        self.squares
    }

    /// The board.
    pub fn layout(&self) -> Layout {
        self.rules.layout
    }

    /// Whether the board looks the same after a half turn, so that a position with Black to
    /// move is a position with White to move turned round (colours swapped): only tables
    /// with White to move are then kept.
    pub fn symmetric(&self) -> bool {
        self.symmetric
    }

    /// The squares of `set` after a half turn of the board.
    #[inline]
    fn turn(&self, set: u64) -> u64 {
        set.reverse_bits() >> (64 - self.squares)
    }

    /// The table that holds positions of `key` and the placement inside it: on a
    /// symmetric board, a position with Black to move is stored turned round, colours
    /// swapped, with White to move.
    #[inline]
    pub fn canonical(&self, key: TableKey, placement: Placement) -> (TableKey, Placement) {
        if self.symmetric && key.side == 2 {
            (
                TableKey::new(key.black, key.white, Player::One),
                Placement {
                    white: self.turn(placement.black),
                    black: self.turn(placement.white),
                },
            )
        } else {
            (key, placement)
        }
    }

    /// The key of the table that holds positions of `key`.
    pub fn canonical_key(&self, key: TableKey) -> TableKey {
        self.canonical(key, Placement { white: 0, black: 0 }).0
    }

    /// The position as a game position (counters zero, move number one).
    pub fn position(&self, key: TableKey, placement: Placement) -> Parity {
        let mut position = Parity::empty(self.rules);
        for player in Player::BOTH {
            for square in Bits128(placement.of(player) as u128) {
                position.put(player, square);
            }
        }
        position.set_side(key.side());
        position
    }

    /// The spaces open while `pieces` pieces stand.
    #[inline]
    fn open(&self, pieces: u32) -> u64 {
        self.open[(pieces % 2) as usize]
    }

    /// The steps (moves that do not capture) of `side` in a placement with `pieces` pieces,
    /// in the four directions: a step needs its start and landing spaces open.
    #[inline]
    fn steps(&self, side: Player, placement: Placement, pieces: u32) -> [Steps; 4] {
        let open = self.open(pieces);
        let movers = placement.of(side) & open;
        let targets = self.board & !(placement.white | placement.black) & open;
        let width = self.width as i32;
        [
            Steps {
                targets: (movers << self.width) & targets,
                delta: width,
            },
            Steps {
                targets: (movers >> self.width) & targets,
                delta: -width,
            },
            Steps {
                targets: ((movers & self.east_from) << 1) & targets,
                delta: 1,
            },
            Steps {
                targets: ((movers & self.west_from) >> 1) & targets,
                delta: -1,
            },
        ]
    }

    /// The number of steps of the side to move in `key`: the first look at a position needs
    /// no more of them.
    #[inline]
    pub fn count_steps(&self, key: TableKey, placement: Placement) -> u32 {
        self.steps(key.side(), placement, key.pieces())
            .iter()
            .map(|steps| steps.targets.count_ones())
            .sum()
    }

    /// Calls `found` with the placement after each step of `side` in a placement of
    /// `pieces` pieces, whoever is to move: the predecessors of a position by a step are
    /// found by stepping the side that moved last back, which the same piece count allows.
    #[inline]
    pub fn for_each_step(
        &self,
        side: Player,
        placement: Placement,
        pieces: u32,
        mut found: impl FnMut(Placement),
    ) {
        let own = placement.of(side);
        let other = placement.of(side.opponent());
        for steps in self.steps(side, placement, pieces) {
            each_square(steps.targets, |to| {
                found(Placement::of_sides(side, own ^ to ^ steps.from(to), other))
            });
        }
    }

    /// Calls `found` with the placement after each capture of the side to move in `key`: a
    /// capture jumps straight forward (north for White, south for Black) over an enemy piece,
    /// and its start, the jumped space and the landing space must be open for the count after
    /// the capture (one fewer).
    #[inline]
    pub fn for_each_capture(
        &self,
        key: TableKey,
        placement: Placement,
        mut found: impl FnMut(Placement),
    ) {
        let side = key.side();
        let own = placement.of(side);
        let enemy = placement.of(side.opponent());
        let open = self.open(key.pieces() - 1);
        let empty = self.board & !(own | enemy) & open;
        let jumpers = own & open;
        let enemy = enemy & open;
        let width = self.width;
        let landings = match side {
            Player::One => (((jumpers << width) & enemy) << width) & empty,
            Player::Two => (((jumpers >> width) & enemy) >> width) & empty,
        };
        each_square(landings, |to| {
            let (from, over) = match side {
                Player::One => (to >> (2 * width), to >> width),
                Player::Two => (to << (2 * width), to << width),
            };
            found(Placement::of_sides(
                side,
                own ^ from ^ to,
                placement.of(side.opponent()) ^ over,
            ))
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_core::{MoveList, Position, RuleOptions};

    /// The placements after each move of the game's own generator, captures apart.
    fn game_moves(
        geometry: &Geometry,
        key: TableKey,
        placement: Placement,
    ) -> (Vec<Placement>, Vec<Placement>) {
        let position = geometry.position(key, placement);
        let mut moves = MoveList::new();
        position.legal_moves(&mut moves);
        let (mut steps, mut captures) = (Vec::new(), Vec::new());
        for &mv in moves.iter() {
            let mut child = position;
            child.play(mv);
            let after = Placement {
                white: child.pieces_of(Player::One) as u64,
                black: child.pieces_of(Player::Two) as u64,
            };
            if (after.white | after.black).count_ones() < key.pieces() {
                captures.push(after);
            } else {
                steps.push(after);
            }
        }
        steps.sort_by_key(|p| (p.white, p.black));
        captures.sort_by_key(|p| (p.white, p.black));
        (steps, captures)
    }

    /// The builder's own generator agrees with the game's on random placements of boards of
    /// several shapes, symmetric or not, for both sides, up to six pieces a side.
    #[test]
    fn the_builders_moves_are_the_games() {
        let boards = [
            None,
            Some("WBWB\nURBW\nWRUB\nBWBW\n"),
            Some("WBWBW\nBRWUB\nWBWBW\nBUWRB\nWBWBW\n"),
            Some("WBWBWB\nBWRBWB\nWBWUWB\nBWBWBW\nWBWBWB\nBWBWBW\n"),
            Some(concat!(
                "WBWBWBWB\nBWBWBWBW\nWRWBWUWB\nBWBWBWBW\n",
                "WBWBWBWB\nBWUWBWRW\nWBWBWBWB\nBWBWBWBW\n"
            )),
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut random = move || boardlab_core::zobrist::splitmix64(&mut state);
        let mut compared = 0;
        for board in boards {
            let mut rules = ParityRules::default();
            if let Some(text) = board {
                rules.load_board(text).unwrap();
            }
            let geometry = Geometry::new(rules.layout).unwrap();
            for _ in 0..3000 {
                let mut placement = Placement { white: 0, black: 0 };
                let white = 1 + random() as u32 % 6;
                let black = 1 + random() as u32 % 6;
                for (count, side) in [(white, Player::One), (black, Player::Two)] {
                    let mut placed = 0;
                    while placed < count {
                        let square = 1u64 << (random() % geometry.squares() as u64);
                        if (placement.white | placement.black) & square == 0 {
                            placement = Placement::of_sides(
                                side,
                                placement.of(side) | square,
                                placement.of(side.opponent()),
                            );
                            placed += 1;
                        }
                    }
                }
                for side in Player::BOTH {
                    let key = TableKey::new(white, black, side);
                    let (steps, captures) = game_moves(&geometry, key, placement);
                    let mut ours = Vec::new();
                    geometry.for_each_step(side, placement, key.pieces(), |after| ours.push(after));
                    ours.sort_by_key(|p| (p.white, p.black));
                    assert_eq!(ours, steps, "steps of {key:?} in {placement:?}");
                    assert_eq!(geometry.count_steps(key, placement), steps.len() as u32);
                    let mut ours = Vec::new();
                    geometry.for_each_capture(key, placement, |after| ours.push(after));
                    ours.sort_by_key(|p| (p.white, p.black));
                    assert_eq!(ours, captures, "captures of {key:?} in {placement:?}");
                    compared += 1;
                }
            }
        }
        assert_eq!(compared, 5 * 3000 * 2);
    }
}
