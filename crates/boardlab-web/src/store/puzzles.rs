//! Puzzle ratings in the store (portable SQL, [`super::sql`]): each puzzle's Glicko-2 rating
//! and how often it was answered and solved, and each account's first answer to each puzzle.
//! An account's first answer is a rated game between it and the puzzle (solved: the account
//! wins); later answers change nothing.

use super::ratings::GameRating;
use super::sql::{RowExt, Sql, params};
use super::{Store, StoreResult};
use boardlab_rating::{Rating, Score};
use std::collections::HashSet;

/// What an answer did.
#[derive(Debug, Clone, PartialEq)]
pub struct Answered {
    /// The puzzle's rating after the answer, and how often it was answered and solved.
    pub puzzle: (GameRating, i64),
    /// The account's puzzle rating before and after, when the answer was its first to this
    /// puzzle (`None` for anyone else, or a second answer).
    pub player: Option<(GameRating, GameRating)>,
}

/// A puzzle's rating and counts in a transaction (a new puzzle: 1500/350/0.06, none).
fn puzzle_in(sql: &mut dyn Sql, id: &str) -> StoreResult<(GameRating, i64)> {
    Ok(
        match sql.row(
            "SELECT rating, deviation, volatility, attempts, solved FROM puzzle_ratings WHERE puzzle_id = ?1",
            params![id],
        )? {
            Some(row) => (
                GameRating {
                    rating: Rating {
                        rating: row.real(0)?,
                        deviation: row.real(1)?,
                        volatility: row.real(2)?,
                    },
                    games: row.int(3)?,
                },
                row.int(4)?,
            ),
            None => (GameRating::default(), 0),
        },
    )
}

impl Store {
    /// A puzzle's rating and how often it was solved.
    pub fn puzzle_rating(&self, id: &str) -> StoreResult<(GameRating, i64)> {
        let mut found = (GameRating::default(), 0);
        self.backend.transaction(&mut |sql| {
            found = puzzle_in(sql, id)?;
            Ok(())
        })?;
        Ok(found)
    }

    /// The puzzles the account has answered.
    pub fn answered_puzzles(&self, account: &str) -> StoreResult<HashSet<String>> {
        let mut ids = HashSet::new();
        self.backend.transaction(&mut |sql| {
            ids = sql
                .rows(
                    "SELECT puzzle_id FROM puzzle_attempts WHERE account = ?1",
                    params![account],
                )?
                .iter()
                .map(|row| row.text(0))
                .collect::<StoreResult<_>>()?;
            Ok(())
        })?;
        Ok(ids)
    }

    /// Records an answer to puzzle `id` by `account` (or by someone signed out), in one
    /// transaction: the puzzle's counts, and for an account's first answer both ratings
    /// (`rating_key` names the account's puzzle rating).
    pub fn answer_puzzle(
        &self,
        id: &str,
        account: Option<&str>,
        rating_key: &str,
        solved: bool,
        now_ms: i64,
    ) -> StoreResult<Answered> {
        let mut answered = None;
        self.backend.transaction(&mut |sql| {
            let (mut puzzle, mut solves) = puzzle_in(sql, id)?;
            let first = match account {
                Some(account) => {
                    sql.execute(
                        "INSERT INTO puzzle_attempts (account, puzzle_id, solved, at_ms) VALUES (?1, ?2, ?3, ?4)
                         ON CONFLICT (account, puzzle_id) DO NOTHING",
                        params![account, id, solved, now_ms],
                    )? == 1
                }
                None => false,
            };
            let mut player = None;
            if let (true, Some(account)) = (first, account) {
                let before = super::ratings::rating_in(sql, account, rating_key)?;
                let score = if solved { Score::Win } else { Score::Loss };
                let (mine, its) = boardlab_rating::rate_game(before.rating, puzzle.rating, score);
                let after = GameRating {
                    rating: mine,
                    games: before.games + 1,
                };
                super::ratings::save_rating(sql, account, rating_key, after)?;
                puzzle.rating = its;
                player = Some((before, after));
            }
            puzzle.games += 1;
            solves += i64::from(solved);
            sql.execute(
                "INSERT INTO puzzle_ratings (puzzle_id, rating, deviation, volatility, attempts, solved)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                 ON CONFLICT (puzzle_id) DO UPDATE SET rating = ?2, deviation = ?3, volatility = ?4,
                     attempts = ?5, solved = ?6",
                params![
                    id,
                    puzzle.rating.rating,
                    puzzle.rating.deviation,
                    puzzle.rating.volatility,
                    puzzle.games,
                    solves
                ],
            )?;
            answered = Some(Answered {
                puzzle: (puzzle, solves),
                player,
            });
            Ok(())
        })?;
        answered.ok_or_else(|| super::StoreError::Database("the answer was not recorded".into()))
    }
}

impl Store {
    /// The ratings of the puzzles whose id starts with `prefix` (`sprint-`), by id; puzzles
    /// never answered are absent.
    pub fn puzzle_ratings_with_prefix(
        &self,
        prefix: &str,
    ) -> StoreResult<std::collections::HashMap<String, f64>> {
        let mut found = std::collections::HashMap::new();
        let pattern = format!("{prefix}%");
        self.backend.transaction(&mut |sql| {
            found = sql
                .rows(
                    "SELECT puzzle_id, rating FROM puzzle_ratings WHERE puzzle_id LIKE ?1",
                    params![pattern.as_str()],
                )?
                .iter()
                .map(|row| Ok((row.text(0)?, row.real(1)?)))
                .collect::<StoreResult<_>>()?;
            Ok(())
        })?;
        Ok(found)
    }
}
