//! The board of a game from a rules file: square indices, coordinates, which squares exist,
//! and how vectors of the file (in the mover's directions) land on it.

use super::moves::{Coord, coord};
use crate::definition::{Board, Opening};
use boardlab_core::Player;

/// The index that stands for "no square" in per-square tables.
pub const NO_SQUARE: u16 = u16::MAX;

/// A board: its size, which squares exist, the kind of each, and the conversions between
/// square indices (`rank * width + file`, what bit sets use) and coordinates (what moves hold).
#[derive(Clone, Debug)]
pub struct Geometry {
    /// Files.
    pub width: u8,
    /// Ranks.
    pub height: u8,
    /// The kind (index into the definition's square kinds) of each square; all 0 when the
    /// board has one plain kind.
    pub kind: Vec<u8>,
    /// Whether each square exists.
    pub exists: Vec<bool>,
    /// When each square is open.
    pub opening: Vec<Opening>,
    /// The index of each coordinate, [`NO_SQUARE`] off the board.
    index_of: Vec<u16>,
}

impl Geometry {
    /// The geometry of a board of the definition.
    pub fn new(board: &Board) -> Geometry {
        let (width, height) = (board.width, board.height);
        let squares = width as usize * height as usize;
        let kind: Vec<u8> = if board.squares.is_empty() {
            vec![0; squares]
        } else {
            board.squares.clone()
        };
        let rule = |k: u8| board.kinds.get(k as usize);
        let exists = kind
            .iter()
            .map(|&k| rule(k).is_none_or(|kind| kind.exists))
            .collect();
        let opening = kind
            .iter()
            .map(|&k| rule(k).map_or(Opening::Always, |kind| kind.open))
            .collect();
        let mut index_of = vec![NO_SQUARE; 256];
        for rank in 0..height {
            for file in 0..width {
                index_of[coord(file, rank) as usize] = (rank as u16) * width as u16 + file as u16;
            }
        }
        Geometry {
            width,
            height,
            kind,
            exists,
            opening,
            index_of,
        }
    }

    /// The number of squares, existing or not.
    #[inline]
    pub fn squares(&self) -> u32 {
        self.width as u32 * self.height as u32
    }

    /// The index of the square at `file`, `rank`.
    #[inline]
    pub fn index(&self, file: u8, rank: u8) -> u32 {
        rank as u32 * self.width as u32 + file as u32
    }

    /// The file and rank of a square index.
    #[inline]
    pub fn file_rank(&self, index: u32) -> (u8, u8) {
        (
            (index % self.width as u32) as u8,
            (index / self.width as u32) as u8,
        )
    }

    /// The coordinate of a square index.
    #[inline]
    pub fn coord(&self, index: u32) -> Coord {
        let (file, rank) = self.file_rank(index);
        coord(file, rank)
    }

    /// The index of a coordinate, `None` off the board.
    #[inline]
    pub fn index_of(&self, c: Coord) -> Option<u32> {
        match self.index_of[c as usize] {
            NO_SQUARE => None,
            index => Some(index as u32),
        }
    }

    /// The square `steps` times `vector` (in board directions) from `index`, if it is on the
    /// board and exists.
    pub fn offset(&self, index: u32, vector: (i8, i8), steps: i32) -> Option<u32> {
        let (file, rank) = self.file_rank(index);
        let f = file as i32 + vector.0 as i32 * steps;
        let r = rank as i32 + vector.1 as i32 * steps;
        if f < 0 || r < 0 || f >= self.width as i32 || r >= self.height as i32 {
            return None;
        }
        let target = self.index(f as u8, r as u8);
        self.exists[target as usize].then_some(target)
    }

    /// The squares strictly between `index` and its lame leap by `vector` (board
    /// directions, see [`lame_offsets`]) with the target. `None` when one of them, or the
    /// target, does not exist.
    pub fn lame_path(&self, index: u32, vector: (i8, i8)) -> Option<(u32, Vec<u32>)> {
        let target = self.offset(index, vector, 1)?;
        let path = lame_offsets(vector)
            .into_iter()
            .map(|(x, y)| self.offset(index, (x as i8, y as i8), 1))
            .collect::<Option<Vec<u32>>>()?;
        Some((target, path))
    }
}

/// The way of a lame leap by `vector`: the offsets of the squares strictly between the start
/// and the target, first orthogonal steps along the longer leg (as many as it is longer than
/// the shorter), then diagonal steps. The squares between for `(2,0)`, `(2,2)`, `(3,0)`,
/// `(3,3)`; the orthogonal square next to the start for the knight's `(2,1)`.
pub fn lame_offsets(vector: (i8, i8)) -> Vec<(i32, i32)> {
    let (dx, dy) = (vector.0 as i32, vector.1 as i32);
    let (long, short) = (dx.abs().max(dy.abs()), dx.abs().min(dy.abs()));
    let orthogonal = if dx.abs() >= dy.abs() {
        (dx.signum(), 0)
    } else {
        (0, dy.signum())
    };
    let (mut x, mut y) = (0, 0);
    let mut path = Vec::new();
    for step in 0..long - 1 {
        if step < long - short {
            x += orthogonal.0;
            y += orthogonal.1;
        } else {
            x += dx.signum();
            y += dy.signum();
        }
        path.push((x, y));
    }
    path
}

/// A vector of the file (the mover's directions) as it points on the board for `player`:
/// Player 2's vectors are turned half round.
#[inline]
pub fn turned(vector: (i8, i8), player: Player) -> (i8, i8) {
    match player {
        Player::One => vector,
        Player::Two => (-vector.0, -vector.1),
    }
}

/// The ranks counted from `player`'s own side: rank `n` (1 = the nearest) as a rank index.
#[inline]
pub fn rank_from_side(height: u8, player: Player, n: u8) -> u8 {
    match player {
        Player::One => n - 1,
        Player::Two => height - n,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::definition::Board;

    fn board(width: u8, height: u8) -> Geometry {
        Geometry::new(&Board {
            width,
            height,
            squares: Vec::new(),
            kinds: Vec::new(),
        })
    }

    #[test]
    fn lame_paths() {
        let g = board(8, 8);
        let b1 = g.index(1, 0);
        // A knight's leg: one orthogonal step along the longer leg.
        assert_eq!(
            g.lame_path(b1, (1, 2)),
            Some((g.index(2, 2), vec![g.index(1, 1)]))
        );
        assert_eq!(
            g.lame_path(b1, (0, 2)),
            Some((g.index(1, 2), vec![g.index(1, 1)]))
        );
        assert_eq!(
            g.lame_path(b1, (3, 2)),
            Some((g.index(4, 2), vec![g.index(2, 0), g.index(3, 1)]))
        );
        assert_eq!(g.lame_path(b1, (-2, 0)), None);
        assert_eq!(g.lame_path(b1, (1, 1)), Some((g.index(2, 1), vec![])));
    }

    #[test]
    fn coordinates_and_indices() {
        let g = board(12, 12);
        let sq = g.index(11, 10);
        assert_eq!(g.index_of(g.coord(sq)), Some(sq));
        assert_eq!(g.index_of(coord(12, 0)), None);
        assert_eq!(rank_from_side(12, Player::Two, 1), 11);
        assert_eq!(turned((1, 2), Player::Two), (-1, -2));
    }
}
