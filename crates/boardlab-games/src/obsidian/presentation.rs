//! How Obsidian is shown: chess pieces on a brown chequered board, white for Player 1.

use super::piece::Kind;
use boardlab_core::Player;
use boardlab_core::presentation::{
    ALL_AROUND, BoardStyle, DIAGONAL, Lesson, ORTHOGONAL, PieceKind, Presentation, TokenStyle,
};

/// A piece kind of Obsidian: Player 1 owns the lowercase letters.
const fn kind(kind: Kind, name: &'static str, glyph: &'static str) -> PieceKind {
    PieceKind::cased(kind.letter(), Player::Two, name, kind.how_it_moves()).glyph(glyph)
}

/// Obsidian's presentation.
pub(crate) static PRESENTATION: Presentation = Presentation {
    title: "Obsidian",
    summary: "Chess without check on an 8x8 board: rook, knight, bishop, king, queen and pawn moves. Capture the opponent's D (the king) to win.",
    sides: ["White (Player 1)", "Black (Player 2)"],
    tokens: TokenStyle::Glyph,
    board: BoardStyle::PLAIN,
    pieces: &[
        kind(Kind::A, "rook", "\u{265C}").reach(&[], ORTHOGONAL),
        kind(Kind::B, "knight", "\u{265E}").reach(&super::attacks::KNIGHT_STEPS, &[]),
        kind(Kind::C, "bishop", "\u{265D}").reach(&[], DIAGONAL),
        kind(Kind::D, "king", "\u{265A}")
            .note("capture the opponent's to win; there is no check")
            .reach(ALL_AROUND, &[]),
        kind(Kind::E, "queen", "\u{265B}").reach(&[], ALL_AROUND),
        kind(Kind::F, "pawn", "\u{265F}")
            .note("becomes an E (queen) on the far rank")
            .reach(&[(0, 1)], &[]),
    ],
    sample: &['e', 'B'],
    lessons: &[
        Lesson {
            title: "Capture the king to win",
            text: "There is no check and no checkmate: a D may be left attacked, and whoever captures the opponent's D wins at once. Here White's E (queen) takes Black's D on d8.",
            position: "3D4/8/8/8/7e/8/8/3d4 1 0 1",
            moves: &["h4d8"],
        },
        Lesson {
            title: "Pawns",
            text: "An F steps one square forward (two from its first rank, over empty squares) and captures one square diagonally forward. On the far rank it becomes an E. There is no castling and no en passant.",
            position: "3D4/1f6/8/8/8/8/4f3/3d4 1 0 1",
            moves: &["b7b8", "e2e4"],
        },
    ],
};
