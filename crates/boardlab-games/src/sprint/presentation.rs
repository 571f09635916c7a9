//! How Sprint is shown: white and black draughts stones on the dark squares of a brown board.

use boardlab_core::presentation::{BoardStyle, Lesson, PieceKind, Presentation, TokenStyle};

/// Sprint's presentation.
pub(crate) static PRESENTATION: Presentation = Presentation {
    title: "Sprint",
    summary: "A 6x6 checkers race: step diagonally forward, jumps are compulsory and chain. First to reach the far rank wins.",
    sides: ["White (Player 1)", "Black (Player 2)"],
    tokens: TokenStyle::Stone,
    board: BoardStyle {
        light: "#f1dfbd",
        dark: "#7a5236",
        ..BoardStyle::PLAIN
    },
    pieces: &[PieceKind {
        letters: ['w', 'b'],
        name: "man",
        glyph: None,
        moves: "steps one square diagonally forward; captures by jumping an adjacent enemy to the empty square beyond (compulsory; the same piece keeps jumping while it can)",
        note: Some("reach the opponent's baseline to win"),
        steps: &[(-1, 1), (1, 1)],
        slides: &[],
    }],
    sample: &['w', 'b'],
    lessons: &[
        Lesson {
            title: "Captures are compulsory and chain",
            text: "Jump diagonally forward over an enemy piece to the empty square beyond, and it is removed. When a capture is possible you must capture, and the same piece keeps jumping while it can: here a1 jumps to c3 and on to e5, and e1 may not step.",
            position: "6/6/3b2/6/1b4/w3w1 1 0 1",
            moves: &["a1c3e5"],
        },
        Lesson {
            title: "Reach the far rank to win",
            text: "A piece that reaches the opponent's baseline wins the game at once (so does taking every enemy piece, or leaving the opponent without a move). Here White steps to d6 or f6 and wins.",
            position: "6/4w1/1b4/6/6/6 1 0 1",
            moves: &["e5d6", "e5f6"],
        },
    ],
};
