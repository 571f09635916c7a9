//! What the tablebase needs to know of a board: its squares, its half-turn symmetry, and the
//! moves and unmoves between placements (made by the game's own move generator).

use super::super::layout::Layout;
use super::super::movegen::MoveSink;
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

    fn with(self, player: Player, pieces: u64) -> Placement {
        match player {
            Player::One => Placement {
                white: pieces,
                ..self
            },
            Player::Two => Placement {
                black: pieces,
                ..self
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
        Some(Geometry {
            rules,
            squares,
            symmetric,
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

    /// The position as the move generator needs it, without a hash: cheaper than
    /// [`Geometry::position`].
    #[inline]
    fn bare(&self, side: Player, placement: Placement) -> Parity {
        Parity {
            pieces: [placement.white as u128, placement.black as u128],
            side,
            no_progress: 0,
            move_number: 1,
            hash: 0,
            rules: self.rules,
        }
    }

    /// Calls `found` with every move of the side to move in `key`: the placement after
    /// it and whether it captured.
    #[inline]
    pub fn for_each_move(
        &self,
        key: TableKey,
        placement: Placement,
        found: impl FnMut(Placement, bool),
    ) {
        let side = key.side();
        let width = self.rules.layout.width() as i32;
        let position = self.bare(side, placement);
        position.generate(&mut ChildSink {
            placement,
            side,
            width,
            steps: None,
            found,
        });
    }

    /// Counts the steps (moves that do not capture) of the side to move in `key`, and calls
    /// `found` with the placement after each of its captures: the first look at a position
    /// needs no more of its steps than their number.
    #[inline]
    pub fn count_steps_and_each_capture(
        &self,
        key: TableKey,
        placement: Placement,
        mut found: impl FnMut(Placement),
    ) -> u32 {
        let side = key.side();
        let position = self.bare(side, placement);
        let mut sink = ChildSink {
            placement,
            side,
            width: self.rules.layout.width() as i32,
            steps: Some(0),
            found: |after, _| found(after),
        };
        position.generate(&mut sink);
        sink.steps.unwrap_or(0)
    }

    /// Calls `found` with every placement from which the side not to move in `key` reached
    /// `placement` by a step (not a capture): a step is undone by stepping back, which the
    /// same piece count allows.
    #[inline]
    pub fn for_each_quiet_unmove(
        &self,
        key: TableKey,
        placement: Placement,
        mut found: impl FnMut(Placement),
    ) {
        self.for_each_move(key.other_side(), placement, |before, capture| {
            if !capture {
                found(before)
            }
        });
    }
}

/// Turns the generator's target sets into placements after each move.
struct ChildSink<F> {
    placement: Placement,
    side: Player,
    width: i32,
    /// When counting: the steps so far, which are then counted rather than handed on.
    steps: Option<u32>,
    found: F,
}

impl<F: FnMut(Placement, bool)> MoveSink for ChildSink<F> {
    #[inline]
    fn moves(&mut self, targets: u128, back: i32) {
        let capture = back.abs() == 2 * self.width;
        if let (Some(steps), false) = (&mut self.steps, capture) {
            *steps += targets.count_ones();
            return;
        }
        let own = self.placement.of(self.side);
        let enemy = self.placement.of(self.side.opponent());
        for to in Bits128(targets) {
            let from = (to as i32 - back) as u32;
            let moved = own ^ (1u64 << from | 1u64 << to);
            let mut after = self.placement.with(self.side, moved);
            if capture {
                let over = (from + to) / 2;
                after = after.with(self.side.opponent(), enemy & !(1u64 << over));
            }
            (self.found)(after, capture);
        }
    }
}
