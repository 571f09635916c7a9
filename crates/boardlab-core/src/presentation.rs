//! How a game is shown to people: its title, what its players and pieces are called, how each
//! piece moves in words and in a small diagram, and the colours of its board.
//!
//! Every game gives one [`Presentation`] ([`Position::presentation`](crate::Position::presentation)),
//! so that user interfaces (the web page, the terminal) draw any game from data and never
//! need to know a game by name.

use crate::player::Player;

/// How a game looks: everything a user interface needs besides the position itself.
#[derive(Clone, Copy, Debug)]
pub struct Presentation {
    /// The game's title (`Obsidian`).
    pub title: &'static str,
    /// One or two sentences for the game's card: what it is like and how you win.
    pub summary: &'static str,
    /// What the players are called on screen, Player 1 first, by how their tokens look and
    /// by number (`White (Player 1)`, `Light (Player 1)`).
    pub sides: [&'static str; 2],
    /// How pieces are drawn.
    pub tokens: TokenStyle,
    /// The colours of the board.
    pub board: BoardStyle,
    /// Every kind of piece.
    pub pieces: &'static [PieceKind],
    /// A few pieces that stand for the game on its card: letters as in position text.
    pub sample: &'static [char],
    /// Short lessons for new players, each shown on a small board.
    pub lessons: &'static [Lesson],
}

/// A lesson for new players: a rule in plain words, shown on a position with the moves it
/// is about marked.
#[derive(Clone, Copy, Debug)]
pub struct Lesson {
    /// Its title (`Capture the king to win`).
    pub title: &'static str,
    /// The rule in plain words.
    pub text: &'static str,
    /// The position it is shown on, in its one-line text form (SPEC.md), under the default
    /// rules.
    pub position: &'static str,
    /// Legal moves of that position that the lesson is about, in move text.
    pub moves: &'static [&'static str],
}

impl Presentation {
    /// The kind of piece a letter of position text is, and its owner; `None` for a letter
    /// the game does not use.
    ///
    /// ```
    /// use boardlab_core::{Player, presentation::*};
    /// const PIECES: &[PieceKind] = &[PieceKind::new('w', 'b', "man", "steps diagonally forward")];
    /// let look = Presentation { pieces: PIECES, ..Presentation::EMPTY };
    /// let (kind, owner) = look.piece('b').unwrap();
    /// assert_eq!((kind.name, owner), ("man", Player::Two));
    /// ```
    pub fn piece(&self, letter: char) -> Option<(&'static PieceKind, Player)> {
        self.pieces.iter().find_map(|kind| {
            Player::BOTH
                .into_iter()
                .find(|&p| kind.letters[p.index()] == letter)
                .map(|p| (kind, p))
        })
    }

    /// What `player` is called on screen.
    pub fn side(&self, player: Player) -> &'static str {
        self.sides[player.index()]
    }

    /// A presentation with nothing in it, to fill the fields an example leaves out.
    pub const EMPTY: Presentation = Presentation {
        title: "",
        summary: "",
        sides: ["Player 1", "Player 2"],
        tokens: TokenStyle::Stone,
        board: BoardStyle::PLAIN,
        pieces: &[],
        sample: &[],
        lessons: &[],
    };
}

/// How the tokens of a game are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenStyle {
    /// A disc with the piece's glyph (chess-like games), white for Player 1, black for 2.
    Glyph,
    /// A five-sided wedge pointing at the opponent, with the piece's letter and dots for
    /// where it moves (shogi-like games), light for Player 1, dark for 2.
    Wedge,
    /// A plain round stone, white for Player 1, black for 2 (checkers-like games).
    Stone,
}

impl TokenStyle {
    /// The style's name in data sent to user interfaces (`glyph`, `wedge`, `stone`).
    pub fn name(self) -> &'static str {
        match self {
            TokenStyle::Glyph => "glyph",
            TokenStyle::Wedge => "wedge",
            TokenStyle::Stone => "stone",
        }
    }
}

/// The colours of a board, as CSS colours (`#b58863`).
#[derive(Clone, Copy, Debug)]
pub struct BoardStyle {
    /// The squares whose file and rank add up to an odd number (b1, a2, …).
    pub light: &'static str,
    /// The squares whose file and rank add up to an even number (a1, b2, …).
    pub dark: &'static str,
    /// The frame around the board, behind the coordinates.
    pub frame: &'static str,
    /// The coordinates (files and ranks) printed on the frame.
    pub coordinates: &'static str,
    /// Lines drawn between squares, if any (shogi-like boards).
    pub grid: Option<&'static str>,
    /// Squares that differ from the others by a mark of their own
    /// ([`Position::square_mark`](crate::Position::square_mark)): their colours and names.
    pub marks: &'static [SquareKind],
}

impl BoardStyle {
    /// A plain board of two browns, for examples and new games.
    pub const PLAIN: BoardStyle = BoardStyle {
        light: "#f0d9b5",
        dark: "#b58863",
        frame: "#5b3d26",
        coordinates: "#f3e6cf",
        grid: None,
        marks: &[],
    };
}

/// A kind of square in games whose squares differ (Parity's red and blue spaces).
#[derive(Clone, Copy, Debug)]
pub struct SquareKind {
    /// The square's mark, as [`Position::square_mark`](crate::Position::square_mark) gives it.
    pub mark: char,
    /// What players call it (`red space`).
    pub name: &'static str,
    /// Its colour.
    pub fill: &'static str,
    /// Whether it opens and closes during the game
    /// ([`Position::open_mark`](crate::Position::open_mark) says which are open now).
    pub opens: bool,
}

/// A kind of piece: its letters, its name and how it moves.
#[derive(Clone, Copy, Debug)]
pub struct PieceKind {
    /// The letter of Player 1's piece and of Player 2's, as in position text.
    pub letters: [char; 2],
    /// What players call it (`rook`).
    pub name: &'static str,
    /// A picture of it for glyph tokens (a chess symbol), if any.
    pub glyph: Option<&'static str>,
    /// How it moves and captures, in words.
    pub moves: &'static str,
    /// What else players must know about it (`capture it to win`), if anything.
    pub note: Option<&'static str>,
    /// The squares it reaches in one step, as (files, ranks) seen from Player 1 (ranks grow
    /// forward), for diagrams; leaps are steps of more than one square.
    pub steps: &'static [(i8, i8)],
    /// The directions it slides along any number of empty squares, seen from Player 1.
    pub slides: &'static [(i8, i8)],
}

impl PieceKind {
    /// A kind with letters, a name and words for how it moves; no glyph and no diagram.
    pub const fn new(one: char, two: char, name: &'static str, moves: &'static str) -> PieceKind {
        PieceKind {
            letters: [one, two],
            name,
            glyph: None,
            moves,
            note: None,
            steps: &[],
            slides: &[],
        }
    }
}

impl PieceKind {
    /// A kind whose letters are one letter in both cases, the uppercase one Player
    /// `uppercase_owner`'s (`A` and `a`), with a name and words for how it moves.
    pub const fn cased(
        upper: char,
        uppercase_owner: Player,
        name: &'static str,
        moves: &'static str,
    ) -> PieceKind {
        let lower = upper.to_ascii_lowercase();
        let letters = match uppercase_owner {
            Player::One => [upper, lower],
            Player::Two => [lower, upper],
        };
        PieceKind {
            letters,
            ..PieceKind::new(' ', ' ', name, moves)
        }
    }

    /// The kind with a glyph for glyph tokens.
    pub const fn glyph(self, glyph: &'static str) -> PieceKind {
        PieceKind {
            glyph: Some(glyph),
            ..self
        }
    }

    /// The kind with a note on what else players must know about it.
    pub const fn note(self, note: &'static str) -> PieceKind {
        PieceKind {
            note: Some(note),
            ..self
        }
    }

    /// The kind with the squares it steps to and the directions it slides, for diagrams.
    pub const fn reach(self, steps: &'static [(i8, i8)], slides: &'static [(i8, i8)]) -> PieceKind {
        PieceKind {
            steps,
            slides,
            ..self
        }
    }
}

/// The eight directions around a square, for diagrams: (files, ranks).
pub const ALL_AROUND: &[(i8, i8)] = &[
    (-1, 1),
    (0, 1),
    (1, 1),
    (-1, 0),
    (1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
/// The four orthogonal directions.
pub const ORTHOGONAL: &[(i8, i8)] = &[(0, 1), (-1, 0), (1, 0), (0, -1)];
/// The four diagonal directions.
pub const DIAGONAL: &[(i8, i8)] = &[(-1, 1), (1, 1), (-1, -1), (1, -1)];
