//! Colours: the presentation's CSS colours as terminal colours, mixed for highlights.

use boardlab_core::Player;
use ratatui::style::{Color, Modifier, Style};

/// An RGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shade(pub u8, pub u8, pub u8);

impl Shade {
    /// Closed spaces are mixed with this.
    pub const GREY: Shade = Shade(0x80, 0x80, 0x80);
    /// The squares of the last move.
    pub const LAST_MOVE: Shade = Shade(0xe6, 0xc2, 0x29);
    /// The picked piece and path, and the dots on empty targets.
    pub const PICKED: Shade = Shade(0x2e, 0x9e, 0x4f);
    /// Targets with a piece on them (captures).
    pub const CAPTURE: Shade = Shade(0xd6, 0x3a, 0x2f);
    /// The cursor's brackets.
    pub const CURSOR: Shade = Shade(0xff, 0x2d, 0xd2);
    /// Player 1's tokens.
    pub const TOKEN_ONE: Shade = Shade(0xf6, 0xf3, 0xea);
    /// Player 2's tokens.
    pub const TOKEN_TWO: Shade = Shade(0x1c, 0x1c, 0x1c);

    /// A CSS colour `#rrggbb` (or `#rgb`); anything else is grey.
    pub fn parse(css: &str) -> Shade {
        let hex = css.trim().trim_start_matches('#');
        let digits: Vec<u8> = hex
            .chars()
            .filter_map(|c| c.to_digit(16).map(|d| d as u8))
            .collect();
        match (hex.len(), digits.as_slice()) {
            (6, [a, b, c, d, e, f]) => Shade(a * 16 + b, c * 16 + d, e * 16 + f),
            (3, [a, b, c]) => Shade(a * 17, b * 17, c * 17),
            _ => Shade::GREY,
        }
    }

    /// This colour mixed with `other`, `amount` (0 to 1) of the way towards it.
    pub fn mix(self, other: Shade, amount: f32) -> Shade {
        let blend = |a: u8, b: u8| (a as f32 + (b as f32 - a as f32) * amount).round() as u8;
        Shade(
            blend(self.0, other.0),
            blend(self.1, other.1),
            blend(self.2, other.2),
        )
    }

    /// Whether the colour is light (dark text reads on it).
    pub fn is_light(self) -> bool {
        let luma = 0.299 * self.0 as f32 + 0.587 * self.1 as f32 + 0.114 * self.2 as f32;
        luma > 140.0
    }

    /// Text that reads on this colour: near black or near white.
    pub fn ink(self) -> Shade {
        if self.is_light() {
            Shade(0x20, 0x20, 0x20)
        } else {
            Shade(0xf0, 0xf0, 0xf0)
        }
    }

    /// As a terminal colour.
    pub fn color(self) -> Color {
        Color::Rgb(self.0, self.1, self.2)
    }
}

/// The style of `owner`'s tokens, on the board and in the legend: its colour, ink of the
/// other's, bold.
pub fn token(owner: Player) -> Style {
    let (chip, ink) = match owner {
        Player::One => (Shade::TOKEN_ONE, Shade::TOKEN_TWO),
        Player::Two => (Shade::TOKEN_TWO, Shade::TOKEN_ONE),
    };
    Style::default()
        .bg(chip.color())
        .fg(ink.color())
        .add_modifier(Modifier::BOLD)
}

/// How a token shows the letter of its piece (position text's letter, as a capital for
/// both players: the colour tells whose it is): ` A `.
pub fn token_text(letter: char) -> String {
    format!(" {} ", letter.to_ascii_uppercase())
}

/// The terminal colour of a CSS colour.
pub fn color(css: &str) -> Color {
    Shade::parse(css).color()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn css_colours() {
        assert_eq!(Shade::parse("#b58863"), Shade(0xb5, 0x88, 0x63));
        assert_eq!(Shade::parse("#fff"), Shade(255, 255, 255));
        assert_eq!(Shade::parse("red"), Shade::GREY);
        assert_eq!(Shade::parse("#zzzzzz"), Shade::GREY);
        let mid = Shade(0, 0, 0).mix(Shade(200, 100, 50), 0.5);
        assert_eq!(mid, Shade(100, 50, 25));
        assert!(Shade::parse("#f0d9b5").is_light());
        assert!(!Shade::parse("#3d3d46").is_light());
    }
}
