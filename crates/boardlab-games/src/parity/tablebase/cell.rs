//! One position's entry while tables are built and once they are loaded: a 16-bit cell,
//! two bits of kind and fourteen of distance (or, while a position is undecided, of the
//! count of its moves not yet known to lose).

use boardlab_core::GameValue;

/// The largest distance a cell holds.
pub(super) const MAX_DISTANCE: u32 = (1 << 14) - 1;

/// The two bits of a cell that say what kind it is.
pub(super) const KIND: u16 = 0b11 << 14;
const UNKNOWN: u16 = 0;
const WIN: u16 = 1 << 14;
const LOSS: u16 = 2 << 14;
const DRAW: u16 = 3 << 14;

/// A cell not yet decided, holding the number of its moves not yet known to lose (a
/// position has at most a few dozen).
#[inline]
pub(super) fn unknown(moves_left: u32) -> u16 {
    UNKNOWN | moves_left as u16
}

/// The number of moves not yet known to lose of an undecided cell.
#[inline]
pub(super) fn moves_left(cell: u16) -> u32 {
    (cell & !KIND) as u32
}

/// A cell decided as a win in `plies`.
#[inline]
pub(super) fn win(plies: u32) -> u16 {
    WIN | plies as u16
}

/// A cell decided as a loss in `plies`.
#[inline]
pub(super) fn loss(plies: u32) -> u16 {
    LOSS | plies as u16
}

/// A drawn cell.
pub(super) const DRAWN: u16 = DRAW;

/// Whether the cell is not decided yet.
#[inline]
pub(super) fn is_unknown(cell: u16) -> bool {
    cell & KIND == UNKNOWN
}

/// Whether the cell is a win.
#[inline]
pub(super) fn is_win(cell: u16) -> bool {
    cell & KIND == WIN
}

/// Whether the cell is a loss.
#[inline]
pub(super) fn is_loss(cell: u16) -> bool {
    cell & KIND == LOSS
}

/// The distance of a decided cell.
#[inline]
pub(super) fn distance(cell: u16) -> u32 {
    (cell & !KIND) as u32
}

/// The value of a decided cell (an undecided one, after the last pass, is a draw).
#[inline]
pub(super) fn value(cell: u16) -> GameValue {
    match cell & KIND {
        WIN => GameValue::Win(distance(cell)),
        LOSS => GameValue::Loss(distance(cell)),
        _ => GameValue::Draw,
    }
}

/// The two-bit code of a cell in a values file: 0 draw, 1 win, 2 loss.
#[inline]
pub(super) fn code(cell: u16) -> u8 {
    match cell & KIND {
        WIN => 1,
        LOSS => 2,
        _ => 0,
    }
}

/// The cell of a two-bit code and a distance, or what makes them impossible: the unused
/// code 3, or a distance longer than a cell holds.
#[inline]
pub(super) fn from_code(code: u8, distance: u32) -> Result<u16, String> {
    if distance > MAX_DISTANCE {
        return Err(format!(
            "a distance of {distance} plies, more than the tables store ({MAX_DISTANCE})"
        ));
    }
    match code {
        0 => Ok(DRAWN),
        1 => Ok(win(distance)),
        2 => Ok(loss(distance)),
        _ => Err("the unused value code 3".to_string()),
    }
}
