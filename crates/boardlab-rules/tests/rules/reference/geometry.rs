//! Squares: their names, whether they exist and are open, and steps in a player's directions.

use super::Game;
use boardlab_rules::definition::Opening;

impl Game {
    /// The square at `(file, rank)`, if it is on the rectangle of the board.
    pub fn square(&self, file: i32, rank: i32) -> Option<usize> {
        let inside =
            (0..self.width as i32).contains(&file) && (0..self.height as i32).contains(&rank);
        inside.then(|| rank as usize * self.width + file as usize)
    }

    /// The file and rank of a square.
    pub fn coordinates(&self, square: usize) -> (i32, i32) {
        ((square % self.width) as i32, (square / self.width) as i32)
    }

    /// The square `(dx, dy)` away on the board (board directions, not a player's).
    pub fn offset(&self, square: usize, (dx, dy): (i32, i32)) -> Option<usize> {
        let (file, rank) = self.coordinates(square);
        self.square(file + dx, rank + dy)
    }

    /// A vector in `player`'s directions turned into board directions: Player 2's are turned
    /// half round.
    pub fn oriented(&self, player: usize, (dx, dy): (i8, i8)) -> (i32, i32) {
        let (dx, dy) = (i32::from(dx), i32::from(dy));
        if player == 0 { (dx, dy) } else { (-dx, -dy) }
    }

    /// Whether pieces may stand on the square at all (missing squares may not).
    pub fn exists(&self, square: usize) -> bool {
        self.kind(square)
            .is_none_or(|k| self.def.board.kinds[k].exists)
    }

    /// Whether the square may be entered, left or crossed by a move after which `count`
    /// pieces stand on the board.
    pub fn open(&self, square: usize, count: usize) -> bool {
        match self.kind(square).map(|k| self.def.board.kinds[k].open) {
            None | Some(Opening::Always) => true,
            Some(Opening::Even) => count.is_multiple_of(2),
            Some(Opening::Odd) => !count.is_multiple_of(2),
        }
    }

    /// The index of the square's kind, on boards with kinds.
    fn kind(&self, square: usize) -> Option<usize> {
        self.def.board.squares.get(square).map(|&k| usize::from(k))
    }

    /// The rank of a square counted from `player`'s side, from 1 (its nearest rank).
    pub fn rank_from(&self, square: usize, player: usize) -> usize {
        let rank = square / self.width;
        if player == 0 {
            rank + 1
        } else {
            self.height - rank
        }
    }

    /// Whether the square is among the farthest `ranks` ranks from `player`'s side.
    pub fn in_far_ranks(&self, square: usize, player: usize, ranks: u8) -> bool {
        self.rank_from(square, player) + usize::from(ranks) > self.height
    }

    /// A square's name: `a1` .. `p16`.
    pub fn name(&self, square: usize) -> String {
        let (file, rank) = self.coordinates(square);
        format!("{}{}", (b'a' + file as u8) as char, rank + 1)
    }
}
