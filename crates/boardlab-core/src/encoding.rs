//! How learning tools see a game: a fixed whole number for every move (an *action*), so that
//! a policy can be a vector of one size per game, and a stack of board planes for every
//! position (an *observation*), so that a network can read it as an image.
//!
//! A game gives its piece letters, its action numbering and any planes of its own (Daisy's
//! reserves, Parity's colours); everything else here is the same for every game.
//!
//! Observation layout, `planes x height x width` (`width` and `height` of the board; plane
//! index first, then the rank counted from rank 1, then the file counted from file a):
//! - one plane per piece kind of Player 1, in the order of
//!   [`piece_letters`](Encoding::piece_letters), 1.0 where such a piece stands;
//! - the same for Player 2;
//! - one plane that is 1.0 everywhere when Player 1 is to move, 0.0 when Player 2 is;
//! - the game's own planes ([`EXTRA_PLANES`](Encoding::EXTRA_PLANES)).

use crate::player::Player;
use crate::position::Position;

/// A game's action numbering and observation planes (see the module documentation).
pub trait Encoding: Position {
    /// The letters of the piece kinds, Player 1's first and then Player 2's, kind by kind in
    /// the same order.
    fn piece_letters(rules: Self::Rules) -> [&'static str; 2];

    /// The names of the game's own planes, which follow the side-to-move plane.
    const EXTRA_PLANES: &'static [&'static str] = &[];

    /// The number of actions: every legal move of every position played under `rules` has
    /// an action below it.
    fn action_count(rules: Self::Rules) -> usize;

    /// The action of `mv`, a legal move of this position. Different legal moves of one
    /// position have different actions.
    fn action(&self, mv: Self::Move) -> usize;

    /// Fills the game's own planes: `planes` holds [`EXTRA_PLANES`](Encoding::EXTRA_PLANES)`
    /// .len()` planes of `width * height` values each (index `rank * width + file`), all 0.0.
    fn extra_planes(&self, planes: &mut [f32]) {
        let _ = planes;
    }

    /// The legal move whose action is `action`, or `None` when no legal move has it.
    fn action_move(&self, action: usize) -> Option<Self::Move> {
        self.legal_move_list()
            .iter()
            .copied()
            .find(|&mv| self.action(mv) == action)
    }

    /// The actions of the legal moves, in increasing order.
    fn legal_actions(&self) -> Vec<usize> {
        let mut actions: Vec<usize> = self
            .legal_move_list()
            .iter()
            .map(|&mv| self.action(mv))
            .collect();
        actions.sort_unstable();
        actions
    }

    /// The shape of the observation of positions played under `rules`:
    /// `[planes, height, width]`.
    fn observation_shape(rules: Self::Rules) -> [usize; 3] {
        let start = Self::start(rules);
        [
            plane_names::<Self>(rules).len(),
            start.height() as usize,
            start.width() as usize,
        ]
    }

    /// The observation of this position, planes one after the other (see the module
    /// documentation), `observation_shape` values in all.
    fn observation(&self) -> Vec<f32> {
        let (width, height) = (self.width() as usize, self.height() as usize);
        let area = width * height;
        let letters = Self::piece_letters(self.rules());
        let kinds = letters[0].len();
        let planes = plane_names::<Self>(self.rules()).len();
        let mut values = vec![0.0; planes * area];
        for rank in 0..height {
            for file in 0..width {
                let Some(letter) = self.piece_at(file as u8, rank as u8) else {
                    continue;
                };
                let plane = letters.iter().enumerate().find_map(|(owner, letters)| {
                    letters.find(letter).map(|kind| owner * kinds + kind)
                });
                if let Some(plane) = plane {
                    values[plane * area + rank * width + file] = 1.0;
                }
            }
        }
        if self.side_to_move() == Player::One {
            values[2 * kinds * area..(2 * kinds + 1) * area].fill(1.0);
        }
        self.extra_planes(&mut values[(2 * kinds + 1) * area..]);
        values
    }
}

/// The names of the observation planes of game `P`, in order: `Player 1 a`, …, `Player 2 A`,
/// …, `Player 1 to move`, then the game's own planes.
pub fn plane_names<P: Encoding>(rules: P::Rules) -> Vec<String> {
    let mut names = Vec::new();
    for (owner, letters) in P::piece_letters(rules).iter().enumerate() {
        for letter in letters.chars() {
            names.push(format!("Player {} {letter}", owner + 1));
        }
    }
    names.push("Player 1 to move".to_string());
    names.extend(P::EXTRA_PLANES.iter().map(|name| name.to_string()));
    names
}

/// The action of a move from square index `from` to square index `to` on a board of
/// `squares` squares: `from * squares + to`, below `squares * squares`.
#[inline]
pub const fn from_to_action(from: usize, to: usize, squares: usize) -> usize {
    from * squares + to
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn from_to_actions_differ_for_different_squares() {
        let mut seen = std::collections::HashSet::new();
        for from in 0..6 {
            for to in 0..6 {
                assert!(seen.insert(from_to_action(from, to, 6)));
            }
        }
        assert!(seen.iter().all(|&a| a < 36));
    }
}
