//! Parity's actions and observation planes for learning tools.
//!
//! A move is its from and to squares, `from * squares + to` with squares numbered
//! `rank * width + file` (a1 = 0): 24 * 24 = 576 actions on the default 4x6 board (the
//! board is data, so the count follows the layout). Planes: the common ones (w and b, the
//! side to move), then the red spaces, the blue spaces, and the spaces open now (black and
//! white always, red while the number of pieces is even, blue while it is odd): 6 planes.

use super::layout::SpaceColour;
use super::moves::ParityMove;
use super::position::Parity;
use super::rules::ParityRules;
use boardlab_core::Position;
use boardlab_core::encoding::{Encoding, from_to_action};

impl Encoding for Parity {
    fn piece_letters(_rules: ParityRules) -> [&'static str; 2] {
        ["w", "b"]
    }

    const EXTRA_PLANES: &'static [&'static str] = &["red spaces", "blue spaces", "open spaces"];

    fn action_count(rules: ParityRules) -> usize {
        let squares = rules.layout.width() as usize * rules.layout.height() as usize;
        squares * squares
    }

    fn action(&self, mv: ParityMove) -> usize {
        let width = self.width();
        let squares = width as usize * self.height() as usize;
        from_to_action(mv.from.index(width), mv.to.index(width), squares)
    }

    fn extra_planes(&self, planes: &mut [f32]) {
        let (width, height) = (self.width(), self.height());
        let area = width as usize * height as usize;
        let red_open = self.piece_count().is_multiple_of(2);
        for rank in 0..height {
            for file in 0..width {
                let at = rank as usize * width as usize + file as usize;
                let colour = self.rules.layout.colour(file, rank);
                let open = match colour {
                    SpaceColour::Red => {
                        planes[at] = 1.0;
                        red_open
                    }
                    SpaceColour::Blue => {
                        planes[area + at] = 1.0;
                        !red_open
                    }
                    SpaceColour::Black | SpaceColour::White => true,
                };
                if open {
                    planes[2 * area + at] = 1.0;
                }
            }
        }
    }
}
