//! How a game from a rules file is shown to people: the core's [`Presentation`] made from
//! its definition (title, summary, players, pieces with their letters and Betza moves,
//! square kinds), for when `presentation` becomes an instance method of the core's trait.

use super::describe;
use super::game::Game;
use boardlab_core::Player;
use boardlab_core::presentation::{BoardStyle, PieceKind, Presentation, SquareKind, TokenStyle};

/// Fills of square kinds that open and close, and of other marked squares, in turn.
const OPENING_FILLS: [&str; 2] = ["#c0392b", "#2e6fd8"];
const PLAIN_FILLS: [&str; 2] = ["#2b2b2b", "#eeeeee"];

impl Game {
    /// What `player` is called (the file's name for them).
    pub fn player_name(&'static self, player: Player) -> &'static str {
        &self.definition.players[player.index()]
    }

    /// The game's presentation, made once.
    pub fn presentation(&'static self) -> &'static Presentation {
        self.presentation.get_or_init(|| {
            let definition = &self.definition;
            let pieces: Vec<PieceKind> = definition
                .pieces
                .iter()
                .map(|piece| {
                    let words: &'static str = leak_str(describe::moves_in_words(piece));
                    let (steps, slides) = describe::reach(piece);
                    let kind =
                        PieceKind::new(piece.letters[0], piece.letters[1], &piece.name, words)
                            .reach(
                                Box::leak(steps.into_boxed_slice()),
                                Box::leak(slides.into_boxed_slice()),
                            );
                    if piece.royal {
                        kind.note("capture it to win")
                    } else {
                        kind
                    }
                })
                .collect();
            let (mut opening, mut plain) = (0, 0);
            let marks: Vec<SquareKind> = definition
                .board
                .kinds
                .iter()
                .filter(|kind| kind.exists && !definition.board.squares.is_empty())
                .map(|kind| {
                    let opens = kind.open != crate::definition::Opening::Always;
                    let fill = if opens {
                        opening += 1;
                        OPENING_FILLS[(opening - 1) % 2]
                    } else {
                        plain += 1;
                        PLAIN_FILLS[(plain - 1) % 2]
                    };
                    SquareKind {
                        mark: kind.letter,
                        name: &kind.name,
                        fill,
                        opens,
                    }
                })
                .collect();
            let sample: Vec<char> = definition
                .pieces
                .iter()
                .take(3)
                .map(|p| p.letters[0])
                .collect();
            Presentation {
                title: &definition.title,
                summary: &definition.summary,
                sides: [self.player_name(Player::One), self.player_name(Player::Two)],
                // One kind of piece (a stone game, Parity's): plain stones; otherwise
                // wedges, whose letters tell the kinds apart.
                tokens: if definition.pieces.len() == 1 {
                    TokenStyle::Stone
                } else {
                    TokenStyle::Wedge
                },
                board: BoardStyle {
                    marks: Box::leak(marks.into_boxed_slice()),
                    ..BoardStyle::PLAIN
                },
                pieces: Box::leak(pieces.into_boxed_slice()),
                sample: Box::leak(sample.into_boxed_slice()),
                lessons: &[],
            }
        })
    }
}

/// A text kept for the rest of the process (a game's presentation is made once per game).
fn leak_str(text: String) -> &'static str {
    Box::leak(text.into_boxed_str())
}
