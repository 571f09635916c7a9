//! A game in progress: the positions so far, undo, and the common draw rules.

use crate::error::MoveError;
use crate::outcome::{DrawReason, Outcome};
use crate::position::Position;
use crate::rules::RuleOptions;

/// The course of one game: its start, the moves played, and every position reached.
///
/// On top of the rules of the [`Position`] it applies the draw rules of RULES.md:
/// threefold repetition and the no-progress limit, each as the rule options say.
#[derive(Clone, Debug)]
pub struct GameHistory<P: Position> {
    positions: Vec<P>,
    moves: Vec<P::Move>,
}

impl<P: Position> GameHistory<P> {
    /// A game that starts from `start`.
    pub fn new(start: P) -> Self {
        GameHistory {
            positions: vec![start],
            moves: Vec::new(),
        }
    }

    /// The position the game started from.
    pub fn start(&self) -> &P {
        &self.positions[0]
    }

    /// The position now.
    pub fn current(&self) -> &P {
        self.positions
            .last()
            .expect("a history always holds its start")
    }

    /// The moves played so far, in order.
    pub fn moves(&self) -> &[P::Move] {
        &self.moves
    }

    /// Every position so far, the start first and the current one last.
    pub fn positions(&self) -> &[P] {
        &self.positions
    }

    /// How the game has ended, or `None` while it goes on: first the rules of the position,
    /// then repetition (threefold, or as the rules count it), then the no-progress limit.
    pub fn outcome(&self) -> Option<Outcome> {
        let current = self.current();
        if let Some(outcome) = current.outcome() {
            return Some(outcome);
        }
        let draw = current.rules().draw_rules();
        if draw.threefold_repetition && self.repetitions() >= draw.repetition_count as usize {
            return Some(Outcome::Draw(DrawReason::Repetition));
        }
        if draw.no_progress_plies > 0 && current.no_progress_plies() >= draw.no_progress_plies {
            return Some(Outcome::Draw(DrawReason::NoProgress {
                plies: draw.no_progress_plies,
            }));
        }
        None
    }

    /// How many times the current position has occurred in this game (at least 1).
    pub fn repetitions(&self) -> usize {
        let hash = self.current().hash();
        self.positions.iter().filter(|p| p.hash() == hash).count()
    }

    /// Plays a move after checking that it is legal and that the game has not ended.
    pub fn play(&mut self, mv: P::Move) -> Result<(), MoveError> {
        if let Some(outcome) = self.outcome() {
            return Err(MoveError::Illegal {
                game: self.current().game_id(),
                text: mv.to_string(),
                reason: format!("the game is over ({outcome})"),
            });
        }
        let mut next = *self.current();
        next.try_play(mv)?;
        self.positions.push(next);
        self.moves.push(mv);
        Ok(())
    }

    /// Reads a move in the game's notation, checks it, and plays it.
    pub fn play_text(&mut self, text: &str) -> Result<P::Move, MoveError> {
        if let Some(outcome) = self.outcome() {
            return Err(MoveError::Illegal {
                game: self.current().game_id(),
                text: text.trim().to_string(),
                reason: format!("the game is over ({outcome})"),
            });
        }
        let mv = self.current().parse_move(text)?;
        self.push(mv);
        Ok(mv)
    }

    /// Takes back the last move; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<P::Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        Some(mv)
    }

    fn push(&mut self, mv: P::Move) {
        let mut next = *self.current();
        next.play(mv);
        self.positions.push(next);
        self.moves.push(mv);
    }
}
