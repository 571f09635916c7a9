//! Legal moves as move texts with the positions they lead to (promotion choices spelled
//! out), and playing a move given as text.

use super::moves::Candidate;
use super::{Game, Position};

/// The most a counter may show (SPEC.md's position lines stay readable).
const MAX_COUNTER: u32 = 1_000_000;

impl Game {
    /// Every legal move as `(text, position after it)`, sorted by text; none once the game
    /// is over.
    pub fn legal_moves(&self, position: &Position) -> Vec<(String, Position)> {
        if self.outcome_before_moves(position).is_some() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for candidate in self.candidates(position) {
            self.with_promotions(position, &candidate, &mut out);
        }
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out.dedup();
        out
    }

    /// The legal move texts, sorted.
    pub fn move_texts(&self, position: &Position) -> Vec<String> {
        self.legal_moves(position)
            .into_iter()
            .map(|(t, _)| t)
            .collect()
    }

    /// The position after the legal move written `text` (`-`, `x` and spaces allowed, the
    /// letters of drops and promotions in either case).
    pub fn play(&self, position: &Position, text: &str) -> Result<Position, String> {
        let wanted = normalized(text);
        self.legal_moves(position)
            .into_iter()
            .find(|(t, _)| normalized(t) == wanted)
            .map(|(_, next)| next)
            .ok_or_else(|| format!("illegal move '{text}' in {}", self.def.id))
    }

    /// The move as played: one text and position for each way of promoting (or not).
    fn with_promotions(
        &self,
        position: &Position,
        candidate: &Candidate,
        out: &mut Vec<(String, Position)>,
    ) {
        let piece = &self.def.pieces[candidate.piece];
        let Some(from) = candidate.from else {
            let letter = piece.letters[position.side].to_ascii_uppercase();
            let text = format!("{letter}@{}", self.name(candidate.to()));
            out.push((text, self.apply(position, candidate, None)));
            return;
        };
        let squares: String = std::iter::once(from)
            .chain(candidate.landings.iter().copied())
            .map(|s| self.name(s))
            .collect();
        let promotion = piece
            .promotion
            .as_ref()
            .filter(|p| self.in_far_ranks(candidate.to(), position.side, p.ranks));
        let Some(promotion) = promotion else {
            out.push((squares, self.apply(position, candidate, None)));
            return;
        };
        let choices = promotion.to.len() + usize::from(!promotion.compulsory);
        if !promotion.compulsory {
            out.push((squares.clone(), self.apply(position, candidate, None)));
        }
        for &to in &promotion.to {
            let text = if choices > 1 {
                format!(
                    "{squares}{}",
                    self.def.pieces[to].letters[position.side].to_ascii_lowercase()
                )
            } else {
                squares.clone()
            };
            out.push((text, self.apply(position, candidate, Some(to))));
        }
    }

    /// The position after a move; `promote_to` is the piece the mover becomes, if it does.
    fn apply(
        &self,
        position: &Position,
        candidate: &Candidate,
        promote_to: Option<usize>,
    ) -> Position {
        let side = position.side;
        let mut next = position.clone();
        let to_hand = self.def.drops.as_ref().is_some_and(|d| d.captures_to_hand);
        for &square in &candidate.captured {
            let (taken, _) = next.board[square].take().expect("a captured piece");
            if to_hand && !self.def.pieces[taken].royal {
                next.hands[side][taken] += 1;
            }
        }
        match candidate.from {
            Some(from) => next.board[from] = None,
            None => next.hands[side][candidate.piece] -= 1,
        }
        next.board[candidate.to()] = Some((promote_to.unwrap_or(candidate.piece), side));
        let progress = &self.def.end.progress;
        let progressed = self.def.end.draws.is_none()
            || (progress.captures && candidate.is_capture())
            || (progress.drops && candidate.from.is_none())
            || (progress.promotions && promote_to.is_some())
            || (candidate.from.is_some() && progress.moves_of.contains(&candidate.piece));
        next.no_progress = if progressed {
            0
        } else {
            (position.no_progress + 1).min(MAX_COUNTER)
        };
        if side == 1 {
            next.move_number = (position.move_number + 1).min(MAX_COUNTER);
        }
        next.side = 1 - side;
        next
    }
}

/// A move text without separators and spaces, in lowercase.
fn normalized(text: &str) -> String {
    let text = text.trim();
    if text.contains('@') {
        return text.to_ascii_lowercase();
    }
    text.chars()
        .filter(|c| !matches!(c, '-' | 'x' | ' '))
        .collect::<String>()
        .to_ascii_lowercase()
}
