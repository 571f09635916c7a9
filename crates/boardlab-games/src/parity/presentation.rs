//! How Parity is shown: white and black stones on black, white, red and blue spaces; the red
//! and blue spaces open and close with the piece count.

use boardlab_core::presentation::{
    BoardStyle, ORTHOGONAL, PieceKind, Presentation, SquareKind, TokenStyle,
};

/// Parity's presentation.
pub(crate) static PRESENTATION: Presentation = Presentation {
    title: "Parity",
    summary: "Red spaces open when the number of pieces is even, blue ones when it is odd. Capture every enemy piece by jumping straight ahead.",
    sides: ["White (Player 1)", "Black (Player 2)"],
    tokens: TokenStyle::Stone,
    board: BoardStyle {
        marks: &[
            SquareKind {
                mark: 'B',
                name: "black space",
                fill: "#3d3d46",
                opens: false,
            },
            SquareKind {
                mark: 'W',
                name: "white space",
                fill: "#ecebe4",
                opens: false,
            },
            SquareKind {
                mark: 'R',
                name: "red space",
                fill: "#d2483f",
                opens: true,
            },
            SquareKind {
                mark: 'U',
                name: "blue space",
                fill: "#3a74c9",
                opens: true,
            },
        ],
        ..BoardStyle::PLAIN
    },
    pieces: &[PieceKind {
        letters: ['w', 'b'],
        name: "piece",
        glyph: None,
        moves: "steps to an edge-adjacent empty space, or captures the enemy straight in front by jumping onto the empty space beyond; red spaces are open only while the piece count is even, blue ones only while it is odd",
        note: Some("capture every enemy piece to win"),
        steps: ORTHOGONAL,
        slides: &[],
    }],
    sample: &['w', 'b'],
};
