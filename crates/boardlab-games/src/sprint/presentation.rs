//! How Sprint is shown: white and black draughts stones on the dark squares of a brown board.

use boardlab_core::presentation::{BoardStyle, PieceKind, Presentation, TokenStyle};

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
};
