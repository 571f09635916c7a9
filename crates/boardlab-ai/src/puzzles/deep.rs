//! Puzzles of games without a solver or tablebases (Obsidian, Daisy): positions where a
//! fixed-depth alpha-beta search, deeper than the bots' quick one, scores exactly one move as
//! winning — a forced win (in these games, taking the royal piece) or at least
//! [`WINNING`] of evaluation — and every other move at most [`OTHERS_AT_MOST`]. This is
//! a search's verdict, not a proof: a deeper search could still find a defence or a second
//! win.
//!
//! Each legal move is searched on its own (the move, then the search of the position after
//! it at one ply less), so every move gets an exact score at the same depth, not only a bound.

use super::{Puzzle, PuzzleSearch, puzzle_id, self_play, theme};
use crate::bot::Limits;
use crate::search::alphabeta::{AlphaBeta, AlphaBetaOptions, ParamChanges};
use crate::search::score::{Score, WIN};
use boardlab_core::{Evaluate, GameHistory, Outcome};
use serde::{Deserialize, Serialize};

/// The depth (in plies, the move's own included) that `boardlab puzzles` searches each move
/// of a candidate to; the bots' quick search (no limit given) goes to 4.
pub const DEFAULT_DEPTH: u32 = 5;

/// The least score (hundredths of the game's basic piece, for the side to move) of the one
/// winning move when it does not force a win: three basic pieces.
pub const WINNING: i32 = 300;

/// The most any other move may score: one basic piece. With [`WINNING`] this keeps every
/// other move at least two basic pieces below the answer.
pub const OTHERS_AT_MOST: i32 = 100;

/// The least best score of the quick screen of [`generate_deep`]: two basic pieces.
const SCREEN: i32 = 200;

/// The transposition table of each search holds: 2^16 entries.
const TT_BITS: u32 = 16;

/// What the deeper search found about a puzzle, kept with it so that it can be checked again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchProof {
    /// The depth each move was searched to, its own ply included.
    pub depth: u32,
    /// The solution's score: hundredths of the game's basic piece, or [`WIN`] less the plies
    /// of a forced win.
    pub best: i32,
    /// The best score of any other move.
    pub second: i32,
}

/// The score of every legal move of `position` by a search `depth` plies deep (the move's
/// own ply included; at least 1): its text and score for the side to move, in the search's
/// units ([`WIN`] less the plies for a forced win, the negative for a forced loss), best first
/// (ties in move-text order). Empty where the game is over.
pub fn score_moves<P: Evaluate>(position: &P, depth: u32) -> Vec<(String, i32)> {
    if position.outcome().is_some() {
        return Vec::new();
    }
    let mover = position.side_to_move();
    // One bot for all the moves, its table shared between them: the moves come in the
    // move generator's order, so the scores are the same on every run.
    let mut bot = searcher::<P>(depth.max(1) - 1);
    let mut scores: Vec<(String, i32)> = position
        .legal_move_list()
        .iter()
        .map(|&mv| {
            let mut after = *position;
            after.play(mv);
            let score = match after.outcome() {
                Some(Outcome::Win { winner, .. }) if winner == mover => WIN - 1,
                Some(Outcome::Win { .. }) => -(WIN - 1),
                Some(_) => 0,
                None if depth <= 1 => -after.evaluate_default(),
                None => {
                    let info = bot
                        .search(&GameHistory::new(after), &mut |_| {})
                        .map(|(_, info)| info.score);
                    -one_ply_further(info)
                }
            };
            (mv.to_string(), score)
        })
        .collect();
    scores.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    scores
}

/// A pure-minimax alpha-beta bot (no practical chances) searching to `depth`, with the
/// search's default parameters rather than the game's tuned ones: a stored puzzle's scores
/// stay what they were when a game's bots are tuned.
fn searcher<P: Evaluate>(depth: u32) -> AlphaBeta<P> {
    let options = AlphaBetaOptions {
        tt_bits: TT_BITS,
        chances: Some(0),
        params: ParamChanges::to_defaults(),
        ..AlphaBetaOptions::default()
    };
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    AlphaBeta::with_options("puzzles", limits, P::Weights::default(), options)
}

/// The best score of `position` for the side to move by one search `depth` plies deep.
fn best_score<P: Evaluate>(position: &P, depth: u32) -> i32 {
    let info = searcher::<P>(depth)
        .search(&GameHistory::new(*position), &mut |_| {})
        .map(|(_, info)| info.score);
    // Counted from the root itself, not one ply further.
    one_ply_further(info).saturating_add(match info {
        Some(Score::Win(_)) => 1,
        Some(Score::Loss(_)) => -1,
        _ => 0,
    })
}

/// A search's score of the position after a move, in search units one ply further from the
/// root (a win in `n` there is a win in `n + 1` here).
fn one_ply_further(score: Option<Score>) -> i32 {
    match score {
        Some(Score::Win(plies)) => WIN - (plies as i32 + 1),
        Some(Score::Loss(plies)) => -(WIN - (plies as i32 + 1)),
        Some(Score::Eval(value)) => value,
        // The alpha-beta bot gives no probabilities, and a position that goes on has a move.
        Some(Score::Probability(_)) | None => 0,
    }
}

/// Whether a score is a forced win.
fn forced_win(score: i32) -> bool {
    matches!(Score::from_search(score), Score::Win(_))
}

/// The puzzle of `position` by a search `depth` plies deep: where its best move forces a
/// win of 3 to `max_plies` plies (a win in 1, taking the royal piece at once, is too easy to
/// be a puzzle) or scores at least [`WINNING`], and every other move scores at most
/// [`OTHERS_AT_MOST`]; `None` otherwise, and where there are fewer than two legal moves.
pub fn deep_puzzle<P: Evaluate>(position: &P, depth: u32, max_plies: u32) -> Option<Puzzle> {
    if position.count_legal_moves() < 2 {
        return None;
    }
    let scores = score_moves(position, depth);
    let (solution, best) = scores.first()?.clone();
    let second = scores.get(1)?.1;
    let plies = match Score::from_search(best) {
        Score::Win(plies) if (3..=max_plies).contains(&plies) => plies,
        Score::Win(_) => return None,
        Score::Eval(value) if value >= WINNING => 0,
        _ => return None,
    };
    if second > OTHERS_AT_MOST || forced_win(second) {
        return None;
    }
    Some(Puzzle {
        id: puzzle_id(position),
        game: position.game_id().to_string(),
        position: position.to_string(),
        solution,
        win_in_plies: plies,
        legal_moves: scores.len(),
        theme: if plies > 0 {
            theme(plies)
        } else {
            "win material".to_string()
        },
        search: Some(SearchProof {
            depth,
            best,
            second,
        }),
    })
}

/// `puzzle` (found by the deeper search, on `position`) searched again at its own depth with
/// today's evaluation: the puzzle with its new scores where its answer still wins alone by
/// the margins of [`deep_puzzle`], `None` where it no longer does or was not found by a search.
/// An evaluation change moves the stored scores; this keeps a puzzle set (and the ratings its
/// players earned on it) without finding new positions.
pub fn search_again<P: Evaluate>(puzzle: &Puzzle, position: &P, max_plies: u32) -> Option<Puzzle> {
    let depth = puzzle.search.as_ref()?.depth;
    deep_puzzle(position, depth, max_plies).filter(|again| again.solution == puzzle.solution)
}

/// Puzzles of a game by the deeper search: positions of seeded random self-play (see
/// [`self_play`]) that [`deep_puzzle`] makes a puzzle of at `depth`, at most one from each game.
/// A quick screen comes first: a position whose value by one search 1 ply shallower does not
/// reach 2 basic pieces is passed over without searching each move.
pub fn generate_deep<P: Evaluate>(
    rules: P::Rules,
    search: PuzzleSearch,
    depth: u32,
) -> Vec<Puzzle> {
    self_play(rules, search, false, |position: &P| {
        if position.outcome().is_some()
            || best_score(position, depth.saturating_sub(1).max(1)) < SCREEN
        {
            return None;
        }
        deep_puzzle(position, depth, search.max_plies)
    })
}
