//! How Daisy is shown: shogi-like wedges pointing at the opponent on a plain wooden board,
//! light for Player 1, dark for Player 2, each wedge dotted where its piece moves.

use super::piece::Kind;
use boardlab_core::Player;
use boardlab_core::presentation::{
    ALL_AROUND, BoardStyle, DIAGONAL, Lesson, ORTHOGONAL, PieceKind, Presentation, TokenStyle,
};

/// A piece kind of Daisy: Player 1 owns the uppercase letters.
const fn kind(kind: Kind, name: &'static str) -> PieceKind {
    PieceKind::cased(kind.letter(), Player::One, name, kind.how_it_moves())
}

/// Daisy's presentation.
pub(crate) static PRESENTATION: Presentation = Presentation {
    title: "Daisy",
    summary: "A shogi-like game on an empty 9x9 board: drop pieces from your reserve, capture to refill it. Capture the opponent's A to win.",
    sides: ["Light (Player 1)", "Dark (Player 2)"],
    tokens: TokenStyle::Wedge,
    board: BoardStyle {
        light: "#e9c98b",
        dark: "#e9c98b",
        frame: "#c79a55",
        coordinates: "#3b2608",
        grid: Some("#6b4a1c"),
        marks: &[],
    },
    pieces: &[
        kind(Kind::A, "king")
            .note("capture the opponent's to win; until yours is on the board you cannot capture")
            .reach(ALL_AROUND, &[]),
        kind(Kind::B, "rook").reach(&[], ORTHOGONAL),
        kind(Kind::C, "bishop").reach(&[], DIAGONAL),
        kind(Kind::D, "gold").reach(&[(-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0), (0, -1)], &[]),
        kind(Kind::E, "silver").reach(&[(-1, 1), (0, 1), (1, 1), (-1, -1), (1, -1)], &[]),
        kind(Kind::F, "knight").reach(&[(-1, 2), (1, 2)], &[]),
        kind(Kind::G, "lance").reach(&[], &[(0, 1)]),
        kind(Kind::H, "pawn").reach(&[(0, 1)], &[]),
    ],
    sample: &['A', 'h'],
    lessons: &[
        Lesson {
            title: "Drops",
            text: "The board starts empty. On your turn you either drop a piece from your reserve on any empty square, or move a piece on the board. Here Light drops an H (pawn) on e5.",
            position: "9/9/9/9/9/9/9/9/4A4[BC2D2E2F2G9Habc2d2e2f2g9h] 1 0 1",
            moves: &["H@e5"],
        },
        Lesson {
            title: "Captured pieces change sides",
            text: "Capture by moving onto an enemy piece: it joins your reserve as your own, to drop later. You cannot capture until your own A is on the board. Here Light's B (rook) takes the h on e7.",
            position: "9/9/4h4/9/9/4B4/9/9/4A4[C2D2E2F2G9Habc2d2e2f2g8h] 1 0 1",
            moves: &["e4e7"],
        },
        Lesson {
            title: "Capture the A to win",
            text: "Whoever captures the opponent's A (king) wins. Here Light's C (bishop) takes Dark's a on e7.",
            position: "9/9/4a4/9/9/9/C8/9/A8[B2D2E2F2G9Hbc2d2e2f2g9h] 1 0 1",
            moves: &["a3e7"],
        },
    ],
};
