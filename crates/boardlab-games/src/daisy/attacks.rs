//! Attack sets on the 9x9 board, as `u128` bitboards (square index = rank * 9 + file).
//!
//! Steppers and the leaping F read constant per-square tables (one per side where the piece
//! has a forward direction); the sliders B, C and G scan precomputed rays: the first piece on
//! a ray is found with one bit scan and everything behind it is cut off with the ray that
//! starts there.

use boardlab_core::Player;

/// The 81 squares of the board.
pub const BOARD: u128 = (1u128 << 81) - 1;
/// A step as (file offset, rank offset) for Player 1; Player 2 uses the rank offset negated.
type Step = (i8, i8);

const KING_STEPS: &[Step] = &[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const GOLD_STEPS: &[Step] = &[(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (0, -1)];
const SILVER_STEPS: &[Step] = &[(1, 1), (0, 1), (-1, 1), (-1, -1), (1, -1)];
const KNIGHT_STEPS: &[Step] = &[(1, 2), (-1, 2)];
const PAWN_STEPS: &[Step] = &[(0, 1)];

/// The eight ray directions: the first four go to higher square indices, the last four to lower.
const DIRECTIONS: [Step; 8] = [
    (0, 1),   // north
    (1, 1),   // north-east
    (1, 0),   // east
    (-1, 1),  // north-west
    (0, -1),  // south
    (-1, -1), // south-west
    (-1, 0),  // west
    (1, -1),  // south-east
];
const NORTH: usize = 0;
const NORTH_EAST: usize = 1;
const EAST: usize = 2;
const NORTH_WEST: usize = 3;
const SOUTH: usize = 4;
const SOUTH_WEST: usize = 5;
const WEST: usize = 6;
const SOUTH_EAST: usize = 7;

/// The squares one of `steps` reaches from each square, for the player whose forward is
/// `forward` (1 up, -1 down).
const fn step_table(steps: &[Step], forward: i8) -> [u128; 81] {
    let mut table = [0u128; 81];
    let mut square = 0;
    while square < 81 {
        let (file, rank) = ((square % 9) as i8, (square / 9) as i8);
        let mut i = 0;
        while i < steps.len() {
            let (f, r) = (file + steps[i].0, rank + steps[i].1 * forward);
            if f >= 0 && f < 9 && r >= 0 && r < 9 {
                table[square] |= 1 << (r as u32 * 9 + f as u32);
            }
            i += 1;
        }
        square += 1;
    }
    table
}

/// The rays from each square in each direction, not including the square itself. Indices
/// 81..128 stay empty: they are the sentinels the ray scans fall back to.
const fn ray_table() -> [[u128; 128]; 8] {
    let mut table = [[0u128; 128]; 8];
    let mut direction = 0;
    while direction < 8 {
        let (df, dr) = DIRECTIONS[direction];
        let mut square = 0;
        while square < 81 {
            let (mut f, mut r) = ((square % 9) as i8 + df, (square / 9) as i8 + dr);
            while f >= 0 && f < 9 && r >= 0 && r < 9 {
                table[direction][square] |= 1 << (r as u32 * 9 + f as u32);
                f += df;
                r += dr;
            }
            square += 1;
        }
        direction += 1;
    }
    table
}

static KING: [u128; 81] = step_table(KING_STEPS, 1);
static GOLD: [[u128; 81]; 2] = [step_table(GOLD_STEPS, 1), step_table(GOLD_STEPS, -1)];
static SILVER: [[u128; 81]; 2] = [step_table(SILVER_STEPS, 1), step_table(SILVER_STEPS, -1)];
static KNIGHT: [[u128; 81]; 2] = [step_table(KNIGHT_STEPS, 1), step_table(KNIGHT_STEPS, -1)];
static PAWN: [[u128; 81]; 2] = [step_table(PAWN_STEPS, 1), step_table(PAWN_STEPS, -1)];
static RAYS: [[u128; 128]; 8] = ray_table();

/// The squares an A (king) on `square` attacks.
#[inline]
pub fn king(square: u32) -> u128 {
    KING[square as usize]
}

/// The squares a D (gold) of `player` on `square` attacks.
#[inline]
pub fn gold(player: Player, square: u32) -> u128 {
    GOLD[player.index()][square as usize]
}

/// The squares an E (silver) of `player` on `square` attacks.
#[inline]
pub fn silver(player: Player, square: u32) -> u128 {
    SILVER[player.index()][square as usize]
}

/// The squares an F (shogi knight) of `player` on `square` leaps to.
#[inline]
pub fn knight(player: Player, square: u32) -> u128 {
    KNIGHT[player.index()][square as usize]
}

/// The square an H (pawn) of `player` on `square` attacks.
#[inline]
pub fn pawn(player: Player, square: u32) -> u128 {
    PAWN[player.index()][square as usize]
}

/// The squares of the ray from `square` in a direction of rising indices, up to and
/// including the first piece of `occupied` on it.
#[inline]
fn ray_up(direction: usize, square: u32, occupied: u128) -> u128 {
    let ray = RAYS[direction][square as usize];
    let first = ((ray & occupied) | 1 << 127).trailing_zeros();
    ray ^ RAYS[direction][first as usize]
}

/// The squares of the ray from `square` in a direction of falling indices, up to and
/// including the first piece of `occupied` on it.
#[inline]
fn ray_down(direction: usize, square: u32, occupied: u128) -> u128 {
    let ray = RAYS[direction][square as usize];
    // Square 0 (a1) is the sentinel: no falling ray starts there, so its rays are empty.
    let first = 127 - ((ray & occupied) | 1).leading_zeros();
    ray ^ RAYS[direction][first as usize]
}

/// The squares a B (rook) on `square` attacks when `occupied` holds the pieces.
#[inline]
pub fn rook(square: u32, occupied: u128) -> u128 {
    ray_up(NORTH, square, occupied)
        | ray_up(EAST, square, occupied)
        | ray_down(SOUTH, square, occupied)
        | ray_down(WEST, square, occupied)
}

/// The squares a C (bishop) on `square` attacks when `occupied` holds the pieces.
#[inline]
pub fn bishop(square: u32, occupied: u128) -> u128 {
    ray_up(NORTH_EAST, square, occupied)
        | ray_up(NORTH_WEST, square, occupied)
        | ray_down(SOUTH_WEST, square, occupied)
        | ray_down(SOUTH_EAST, square, occupied)
}

/// The squares a G (lance) of `player` on `square` attacks when `occupied` holds the pieces.
#[inline]
pub fn lance(player: Player, square: u32, occupied: u128) -> u128 {
    match player {
        Player::One => ray_up(NORTH, square, occupied),
        Player::Two => ray_down(SOUTH, square, occupied),
    }
}

/// The squares strictly between `square` and `target` when `target` is the first piece of
/// `occupied` on a line from `square`; empty otherwise.
pub fn between(square: u32, target: u32, occupied: u128) -> u128 {
    let target_bit = 1u128 << target;
    for direction in 0..4 {
        let ray = ray_up(direction, square, occupied);
        if ray & target_bit != 0 {
            return ray ^ target_bit;
        }
    }
    for direction in 4..8 {
        let ray = ray_down(direction, square, occupied);
        if ray & target_bit != 0 {
            return ray ^ target_bit;
        }
    }
    0
}

/// The squares a piece of `player` and `kind` on `square` attacks when `occupied` holds the
/// pieces (for sliders: up to and including the first piece in each direction).
#[inline]
pub fn attacks(player: Player, kind: super::Kind, square: u32, occupied: u128) -> u128 {
    use super::Kind;
    match kind {
        Kind::A => king(square),
        Kind::B => rook(square, occupied),
        Kind::C => bishop(square, occupied),
        Kind::D => gold(player, square),
        Kind::E => silver(player, square),
        Kind::F => knight(player, square),
        Kind::G => lance(player, square, occupied),
        Kind::H => pawn(player, square),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bit(file: u32, rank: u32) -> u128 {
        1 << (rank * 9 + file)
    }

    #[test]
    fn steppers_respect_the_edges_and_the_side() {
        assert_eq!(king(0).count_ones(), 3);
        assert_eq!(king(40).count_ones(), 8);
        assert_eq!(gold(Player::One, 40).count_ones(), 6);
        assert_eq!(gold(Player::One, 40) & bit(3, 3), 0, "no diagonal back");
        assert_ne!(gold(Player::Two, 40) & bit(3, 3), 0);
        assert_eq!(silver(Player::One, 40).count_ones(), 5);
        assert_eq!(silver(Player::One, 40) & bit(4, 3), 0, "no straight back");
        assert_eq!(knight(Player::One, 40), bit(3, 6) | bit(5, 6));
        assert_eq!(knight(Player::Two, 40), bit(3, 2) | bit(5, 2));
        assert_eq!(knight(Player::One, 63), 0, "no move from rank 8");
        assert_eq!(pawn(Player::One, 76), 0, "no move from rank 9");
        assert_eq!(pawn(Player::Two, 4), 0, "no move from rank 1");
        assert_eq!(king(80) & !BOARD, 0);
    }

    #[test]
    fn sliders_stop_at_the_first_piece() {
        assert_eq!(rook(40, 0).count_ones(), 16);
        assert_eq!(bishop(40, 0).count_ones(), 16);
        assert_eq!(bishop(0, 0).count_ones(), 8);
        let blockers = bit(4, 6) | bit(2, 4) | bit(4, 0);
        let r = rook(40, blockers);
        assert_eq!(r.count_ones(), 4 + 2 + 2 + 4);
        assert_ne!(r & bit(4, 6), 0);
        assert_eq!(r & bit(4, 7), 0);
        assert_ne!(r & bit(4, 0), 0, "a1-rank blocker is attacked");
        assert_eq!(lance(Player::One, 40, blockers), bit(4, 5) | bit(4, 6));
        assert_eq!(lance(Player::Two, 40, blockers).count_ones(), 4);
        assert_eq!(rook(9, bit(0, 0)) & bit(0, 0), bit(0, 0));
        assert_eq!(bishop(10, bit(0, 0)) & bit(0, 0), bit(0, 0));
        assert_eq!(
            between(40, 44, bit(8, 4)),
            bit(5, 4) | bit(6, 4) | bit(7, 4)
        );
        assert_eq!(
            between(44, 40, bit(4, 4)),
            bit(5, 4) | bit(6, 4) | bit(7, 4)
        );
        assert_eq!(
            between(40, 80, bit(8, 8)),
            bit(5, 5) | bit(6, 6) | bit(7, 7)
        );
        assert_eq!(
            between(40, 80, bit(8, 8) | bit(6, 6)),
            0,
            "not the first piece"
        );
        assert_eq!(between(40, 41, bit(5, 4)), 0, "neighbours");
        assert_eq!(between(40, 59, bit(5, 6)), 0, "no line");
    }
}
