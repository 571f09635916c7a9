//! Practical chances: among the moves nearly as good as the best against perfect play, the
//! bot plays the one that leaves a fallible opponent the most ways to go wrong.
//!
//! The top of the tree is searched without pruning for one or two *levels* (a level is a
//! move of the bot and a reply of the opponent). At the opponent's turns every reply is
//! searched, and a position is worth two numbers: its worst reply for the bot (the minimax
//! value) and the mean over all replies (what an opponent who may pick any reply gives).
//! Below the levels the ordinary alpha-beta search gives exact values. At the bot's turns
//! [`choose_by_chances`] picks the move.

use super::search::Search;
use crate::search::score::{DECIDED, WIN, loss_in};
use boardlab_core::{Evaluate, MoveList};

/// The most a single reply counts in a mean: twenty of the game's pieces, so that a reply
/// that loses at once weighs far more than a lost piece, but a mean stays a mean.
const CHANCE_CLIP: i32 = 2_000;

/// The most levels searched without pruning.
const MAX_LEVELS: u32 = 2;

/// The most positions the levels may reach before the alpha-beta searches below them: a
/// second level is used only while (root moves)^4 stays within this.
const MAX_LEAVES: usize = 4096;

/// The number of levels for a root with `moves` legal moves: two when the tree of both
/// levels stays small (Parity's few moves), otherwise one.
pub(super) fn levels_for(moves: usize) -> u32 {
    let mut levels = 1;
    while levels < MAX_LEVELS
        && moves
            .checked_pow(2 * (levels + 1))
            .is_some_and(|leaves| leaves <= MAX_LEAVES)
    {
        levels += 1;
    }
    levels
}

/// What a position is worth to the bot against an opponent who may go wrong, and the line
/// expected against the best replies.
#[derive(Clone, Debug)]
pub(super) struct Chance<M> {
    /// The minimax value: what the position is worth against the opponent's best replies.
    pub worst: i32,
    /// The mean value over the opponent's replies, each kept within [`CHANCE_CLIP`].
    pub mean: i32,
    /// The position is a draw by repetition or no progress.
    pub drawn: bool,
    /// The moves from this position: the bot's choice and the opponent's best reply, for
    /// every level below.
    pub line: Vec<M>,
}

impl<M> Chance<M> {
    /// A position whose value is `value` whatever the opponent does.
    fn decided(value: i32) -> Chance<M> {
        Chance {
            worst: value,
            mean: value.clamp(-CHANCE_CLIP, CHANCE_CLIP),
            drawn: false,
            line: Vec::new(),
        }
    }

    /// A draw by the draw rules, worth `-contempt` to the bot.
    fn draw(contempt: i32) -> Chance<M> {
        Chance {
            drawn: true,
            ..Chance::decided(-contempt)
        }
    }
}

/// Sorts the bot's moves (each with the chance of the position it leads to) so that the
/// move to play is first, and returns it. When the best minimax value is a forced win, the
/// fastest win is played. Otherwise the candidates are the moves whose minimax value is at
/// most `margin` below the best (every move, when all of them lose); among them a move that
/// does not settle for a draw comes before one that does, then a higher mean over the
/// replies, then a higher minimax value. The other moves follow by minimax value.
pub(super) fn choose_by_chances<M>(scored: &mut [(M, Chance<M>)], margin: i32) {
    let best = scored.iter().map(|(_, c)| c.worst).max().unwrap_or(-WIN);
    let floor = if best >= DECIDED {
        best
    } else if best <= -DECIDED {
        -WIN
    } else {
        (best - margin).max(-DECIDED + 1)
    };
    scored.sort_by_key(|(_, c)| {
        let key = if c.worst >= floor {
            (true, !c.drawn, c.mean, c.worst)
        } else {
            (false, false, 0, c.worst)
        };
        std::cmp::Reverse(key)
    });
}

impl<P: Evaluate> Search<'_, P> {
    /// Scores every root move by its chances with `levels` levels, the whole search being
    /// `depth` plies deep, and sorts `moves` with the move to play first (each with its
    /// minimax value). Returns the chance of that move, or `None` when the clock stopped
    /// the iteration.
    pub(super) fn root_chances(
        &mut self,
        root: &P,
        depth: i32,
        levels: u32,
        margin: i32,
        moves: &mut [(P::Move, i32)],
    ) -> Option<Chance<P::Move>> {
        let mut scored = Vec::with_capacity(moves.len());
        for &(mv, _) in moves.iter() {
            scored.push((mv, self.after_own_move(root, mv, depth, 0, levels, margin)?));
        }
        choose_by_chances(&mut scored, margin);
        for (slot, (mv, chance)) in moves.iter_mut().zip(&scored) {
            *slot = (*mv, chance.worst);
        }
        scored.into_iter().next().map(|(_, chance)| chance)
    }

    /// The chance after the bot plays `mv` at `position` (at `ply`, with `depth` plies
    /// left before it).
    fn after_own_move(
        &mut self,
        position: &P,
        mv: P::Move,
        depth: i32,
        ply: usize,
        levels: u32,
        margin: i32,
    ) -> Option<Chance<P::Move>> {
        let mut child = *position;
        child.play(mv);
        self.path.push(child.hash());
        let chance = self.replies(&child, depth - 1, ply + 1, levels, margin);
        self.path.pop();
        chance
    }

    /// The legal moves at `position`, or the chance there when the game has ended: a draw
    /// by the draw rules, or no legal move (worth `no_moves` to the bot).
    fn moves_or_end(
        &self,
        position: &P,
        no_moves: i32,
    ) -> Result<MoveList<P::Move>, Chance<P::Move>> {
        if self.is_draw(position) {
            return Err(Chance::draw(self.params().contempt));
        }
        let mut moves = MoveList::new();
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            Err(Chance::decided(no_moves))
        } else {
            Ok(moves)
        }
    }

    /// The chance at `position`, where the bot is to move at `ply`: that of the move
    /// [`choose_by_chances`] picks, with the move put in front of its line.
    fn own_turn(
        &mut self,
        position: &P,
        depth: i32,
        ply: usize,
        levels: u32,
        margin: i32,
    ) -> Option<Chance<P::Move>> {
        let moves = match self.moves_or_end(position, loss_in(ply)) {
            Ok(moves) => moves,
            Err(end) => return Some(end),
        };
        let mut scored = Vec::with_capacity(moves.len());
        for &mv in moves.iter() {
            scored.push((
                mv,
                self.after_own_move(position, mv, depth, ply, levels, margin)?,
            ));
        }
        choose_by_chances(&mut scored, margin);
        let (mv, mut chance) = scored.swap_remove(0);
        chance.line.insert(0, mv);
        Some(chance)
    }

    /// The chance at `position`, where the opponent is to move at `ply`: the worst of its
    /// replies for the bot and their mean. After each reply come `levels - 1` more levels,
    /// then an alpha-beta search of the depth that is left.
    fn replies(
        &mut self,
        position: &P,
        depth: i32,
        ply: usize,
        levels: u32,
        margin: i32,
    ) -> Option<Chance<P::Move>> {
        let replies = match self.moves_or_end(position, WIN - ply as i32) {
            Ok(replies) => replies,
            Err(end) => return Some(end),
        };
        let mut worst: Option<(P::Move, Chance<P::Move>)> = None;
        let mut sum = 0;
        for &reply in replies.iter() {
            let mut child = *position;
            child.play(reply);
            self.path.push(child.hash());
            let chance = if levels > 1 {
                self.own_turn(&child, depth - 1, ply + 1, levels - 1, margin)
            } else {
                let value = self.negamax(&child, depth - 1, ply + 1, -WIN, WIN, true, false);
                Some(Chance::decided(value))
            };
            self.path.pop();
            let chance = chance.filter(|_| !self.stopped)?;
            sum += chance.mean;
            if worst.as_ref().is_none_or(|(_, w)| chance.worst < w.worst) {
                worst = Some((reply, chance));
            }
        }
        let (reply, mut chance) = worst.expect("there was a reply");
        chance.line.insert(0, reply);
        Some(Chance {
            mean: sum / replies.len() as i32,
            drawn: false,
            ..chance
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chance(worst: i32, mean: i32, drawn: bool) -> Chance<&'static str> {
        Chance {
            worst,
            mean,
            drawn,
            line: Vec::new(),
        }
    }

    fn first(mut scored: Vec<(&'static str, Chance<&'static str>)>, margin: i32) -> &'static str {
        choose_by_chances(&mut scored, margin);
        scored[0].0
    }

    #[test]
    fn a_trap_within_the_margin_beats_a_slightly_better_quiet_move() {
        let quiet = ("quiet", chance(20, 20, false));
        let trap = ("trap", chance(-30, 400, false));
        assert_eq!(first(vec![quiet.clone(), trap.clone()], 100), "trap");
        // Beyond the margin the minimax value decides.
        assert_eq!(first(vec![quiet, trap], 40), "quiet");
    }

    #[test]
    fn the_fastest_forced_win_is_played() {
        let slow = ("slow", chance(WIN - 7, CHANCE_CLIP, false));
        let fast = ("fast", chance(WIN - 3, CHANCE_CLIP, false));
        let trap = ("trap", chance(50, 1_500, false));
        assert_eq!(first(vec![slow, trap, fast], 1_000), "fast");
    }

    #[test]
    fn a_draw_is_taken_only_when_nothing_else_is_near() {
        let contempt = crate::search::alphabeta::SearchParams::default().contempt;
        let draw = ("draw", chance(-contempt, -contempt, true));
        let play_on = ("play on", chance(-90, -120, false));
        assert_eq!(first(vec![draw.clone(), play_on.clone()], 100), "play on");
        let losing = ("losing", chance(-400, 0, false));
        assert_eq!(first(vec![draw, losing], 100), "draw");
    }

    #[test]
    fn when_every_move_loses_the_most_hopeful_is_played() {
        let quick = ("quick", chance(-(WIN - 2), -CHANCE_CLIP, false));
        let hopeful = ("hopeful", chance(-(WIN - 4), 300, false));
        assert_eq!(first(vec![quick, hopeful], 100), "hopeful");
    }

    #[test]
    fn two_levels_only_for_few_moves() {
        assert_eq!(levels_for(5), 2);
        assert_eq!(levels_for(8), 2);
        assert_eq!(levels_for(9), 1);
        assert_eq!(levels_for(600), 1);
    }
}
