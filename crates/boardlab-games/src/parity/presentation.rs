//! How Parity is shown: white and black stones on black, white, red and blue spaces; the red
//! and blue spaces open and close with the piece count.

use boardlab_core::presentation::{
    BoardStyle, Lesson, ORTHOGONAL, PieceKind, Presentation, SquareKind, TokenStyle,
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
    lessons: &[
        Lesson {
            title: "Red and blue spaces",
            text: "Pieces step to an edge-adjacent empty space. Red spaces may be entered, left or crossed only while the number of pieces on the board is even, blue spaces only while it is odd; black and white spaces are always open. With 12 pieces here, red is open: a1 may step onto the red a2.",
            position: "bbbb/1bb1/4/4/1ww1/wwww 1 0 1",
            moves: &["a1a2"],
        },
        Lesson {
            title: "Capture by jumping straight ahead",
            text: "An enemy piece straight in front of yours is captured by jumping over it onto the empty space beyond. The spaces are tested with the count after the capture: here two pieces remain, an even count, so the red a2 may be left.",
            position: "3b/4/4/b3/w3/4 1 0 1",
            moves: &["a2a4"],
        },
        Lesson {
            title: "How you win",
            text: "Capture every enemy piece, or leave the opponent without a move. Here White takes the last black piece and wins.",
            position: "4/4/4/4/1b2/1w2 1 0 1",
            moves: &["b1b3"],
        },
    ],
};
