//! Ratings in the store (portable SQL, [`super::sql`]): each account's Glicko-2 rating per
//! game, and the change each rated game made. A rated game is rated once: its two
//! `rating_changes` rows are written in the transaction that updates the ratings, and their
//! primary key refuses a second time, whichever server tries it.

use super::sql::{RowExt, Sql, params};
use super::{Store, StoreError, StoreResult};
use crate::ending::Ending;
use crate::stored::Value;
use boardlab_rating::{Rating, Score};

/// An account's rating at one game.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct GameRating {
    /// The rating, its deviation and volatility.
    pub rating: Rating,
    /// The rated games it counts.
    pub games: i64,
}

/// One point of a rating's history: after a rated game.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingPoint {
    /// The game that made it.
    pub game_id: String,
    /// When, ms since 1970.
    pub at_ms: i64,
    /// The rating before the game.
    pub before: f64,
    /// The rating, deviation and volatility after it.
    pub after: Rating,
}

/// A line of a leaderboard.
#[derive(Debug, Clone, PartialEq)]
pub struct Leader {
    /// The account's name.
    pub name: String,
    /// Its rating at the game.
    pub rating: GameRating,
}

/// What a rated game did to its two players' ratings.
#[derive(Debug, Clone, PartialEq)]
pub struct Rated {
    /// The game's key (`obsidian`).
    pub game: String,
    /// The accounts of seat 1 and seat 2 (their keys) and their ratings before and after.
    pub players: [(String, GameRating, GameRating); 2],
}

/// The score of seat 1 in a game with these stored result columns, if it is over.
pub(super) fn seat1_score(
    result: Option<&str>,
    resigned: Option<i64>,
    ended: Option<&str>,
) -> Option<Score> {
    let text = match (resigned, ended) {
        (Some(loser), _) => Ending::Resigned(boardlab_core::Player::from_number(
            u8::try_from(loser).ok()?,
        )?)
        .score(),
        (None, Some(ended)) => Ending::from_stored(ended)?.score(),
        (None, None) => result?,
    };
    match text {
        "1-0" => Some(Score::Win),
        "0-1" => Some(Score::Loss),
        "1/2-1/2" => Some(Score::Draw),
        _ => None,
    }
}

/// The rating of `key` at `game` in a transaction (the default for a first game).
pub(super) fn rating_in(sql: &mut dyn Sql, key: &str, game: &str) -> StoreResult<GameRating> {
    Ok(
        match sql.row(
            "SELECT rating, deviation, volatility, games FROM ratings WHERE account = ?1 AND game = ?2",
            params![key, game],
        )? {
            Some(row) => GameRating {
                rating: Rating {
                    rating: row.real(0)?,
                    deviation: row.real(1)?,
                    volatility: row.real(2)?,
                },
                games: row.int(3)?,
            },
            None => GameRating::default(),
        },
    )
}

/// Stores `rating` as the rating of `key` at `game` in a transaction.
pub(super) fn save_rating(
    sql: &mut dyn Sql,
    key: &str,
    game: &str,
    rating: GameRating,
) -> StoreResult<()> {
    sql.execute(
        "INSERT INTO ratings (account, game, rating, deviation, volatility, games)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (account, game) DO UPDATE SET rating = ?3, deviation = ?4,
             volatility = ?5, games = ?6",
        params![
            key,
            game,
            rating.rating.rating,
            rating.rating.deviation,
            rating.rating.volatility,
            rating.games
        ],
    )?;
    Ok(())
}

impl Store {
    /// Rates a finished rated game, once: updates both players' ratings at its game (each
    /// game its own rating period) and records the change. `None` when the game is not
    /// rated, not over, or rated already.
    pub fn rate_game(&self, game_id: &str, now_ms: i64) -> StoreResult<Option<Rated>> {
        let mut rated = None;
        let outcome = self.backend.transaction(&mut |sql| {
            rated = None;
            let Some(row) = sql.row(
                "SELECT game, rated, player1, player2, result, resigned, ended FROM games g
                 WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM rating_changes r WHERE r.game_id = g.id)",
                params![game_id],
            )?
            else {
                return Ok(());
            };
            let (Some(player1), Some(player2)) = (row.text_or_null(2)?, row.text_or_null(3)?) else {
                return Ok(());
            };
            let score = seat1_score(
                row.text_or_null(4)?.as_deref(),
                row.int_or_null(5)?,
                row.text_or_null(6)?.as_deref(),
            );
            let (true, Some(score)) = (row.int(1)? == 1, score) else {
                return Ok(());
            };
            let game = row.text(0)?;
            let keys = [player1.to_ascii_lowercase(), player2.to_ascii_lowercase()];
            let before = [
                rating_in(sql, &keys[0], &game)?,
                rating_in(sql, &keys[1], &game)?,
            ];
            let (first, second) = boardlab_rating::rate_game(before[0].rating, before[1].rating, score);
            let after = [
                GameRating {
                    rating: first,
                    games: before[0].games + 1,
                },
                GameRating {
                    rating: second,
                    games: before[1].games + 1,
                },
            ];
            for seat in 0..2 {
                let (key, old, new) = (&keys[seat], before[seat], after[seat]);
                sql.execute(
                    "INSERT INTO rating_changes (game_id, account, game, rating_before, rating, deviation, volatility, at_ms)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                    params![
                        game_id,
                        key.as_str(),
                        game.as_str(),
                        old.rating.rating,
                        new.rating.rating,
                        new.rating.deviation,
                        new.rating.volatility,
                        now_ms
                    ],
                )?;
                save_rating(sql, key, &game, new)?;
            }
            rated = Some(Rated {
                game,
                players: [
                    (keys[0].clone(), before[0], after[0]),
                    (keys[1].clone(), before[1], after[1]),
                ],
            });
            Ok(())
        });
        match outcome {
            Ok(()) => Ok(rated),
            // Another server rated it at the same moment: its change stands.
            Err(StoreError::Database(_)) if self.is_rated(game_id)? => Ok(None),
            Err(error) => Err(error),
        }
    }

    /// Whether a game's rating change is recorded.
    fn is_rated(&self, game_id: &str) -> StoreResult<bool> {
        let mut rated = false;
        self.backend.transaction(&mut |sql| {
            rated = sql
                .row(
                    "SELECT 1 FROM rating_changes WHERE game_id = ?1",
                    params![game_id],
                )?
                .is_some();
            Ok(())
        })?;
        Ok(rated)
    }

    /// Rates every finished rated game not rated yet (a server stopped between a game's
    /// end and its rating); how many it rated.
    pub fn rate_pending(&self, now_ms: i64) -> StoreResult<usize> {
        let mut ids = Vec::new();
        self.backend.transaction(&mut |sql| {
            ids = sql
                .rows(
                    "SELECT id FROM games g WHERE rated = 1
                     AND (result IS NOT NULL OR resigned IS NOT NULL OR ended IS NOT NULL)
                     AND NOT EXISTS (SELECT 1 FROM rating_changes r WHERE r.game_id = g.id)",
                    &[],
                )?
                .into_iter()
                .map(|row| row.text(0))
                .collect::<StoreResult<Vec<_>>>()?;
            Ok(())
        })?;
        let mut count = 0;
        for id in ids {
            if self.rate_game(&id, now_ms)?.is_some() {
                count += 1;
            }
        }
        Ok(count)
    }

    /// An account's ratings, per game key, in order of game.
    pub fn ratings_of(&self, key: &str) -> StoreResult<Vec<(String, GameRating)>> {
        let mut found = Vec::new();
        self.backend.transaction(&mut |sql| {
            found = sql
                .rows(
                    "SELECT game, rating, deviation, volatility, games FROM ratings
                     WHERE account = ?1 ORDER BY game",
                    params![key],
                )?
                .into_iter()
                .map(|row| game_rating(&row, 1).map(|rating| (text_of(&row[0]), rating)))
                .collect::<StoreResult<_>>()?;
            Ok(())
        })?;
        Ok(found)
    }

    /// An account's rating at one game (the default when it has played none rated).
    pub fn rating_of(&self, key: &str, game: &str) -> StoreResult<GameRating> {
        let mut found = GameRating::default();
        self.backend.transaction(&mut |sql| {
            found = rating_in(sql, key, game)?;
            Ok(())
        })?;
        Ok(found)
    }

    /// An account's rating history at a game, oldest first (at most the last `limit`).
    pub fn rating_history(
        &self,
        key: &str,
        game: &str,
        limit: usize,
    ) -> StoreResult<Vec<RatingPoint>> {
        let mut points = Vec::new();
        self.backend.transaction(&mut |sql| {
            points = sql
                .rows(
                    "SELECT game_id, at_ms, rating_before, rating, deviation, volatility FROM rating_changes
                     WHERE account = ?1 AND game = ?2 ORDER BY at_ms DESC, game_id LIMIT ?3",
                    params![key, game, limit as i64],
                )?
                .into_iter()
                .map(|row| {
                    Ok(RatingPoint {
                        game_id: row.text(0)?,
                        at_ms: row.int(1)?,
                        before: row.real(2)?,
                        after: Rating {
                            rating: row.real(3)?,
                            deviation: row.real(4)?,
                            volatility: row.real(5)?,
                        },
                    })
                })
                .collect::<StoreResult<_>>()?;
            Ok(())
        })?;
        points.reverse();
        Ok(points)
    }

    /// The best-rated accounts at a game whose rating is no longer provisional, best first.
    pub fn leaderboard(&self, game: &str, limit: usize) -> StoreResult<Vec<Leader>> {
        let mut leaders = Vec::new();
        self.backend.transaction(&mut |sql| {
            leaders = sql
                .rows(
                    "SELECT a.name, r.rating, r.deviation, r.volatility, r.games
                     FROM ratings r JOIN accounts a ON a.key = r.account
                     WHERE r.game = ?1 AND r.deviation < ?2
                     ORDER BY r.rating DESC, a.key LIMIT ?3",
                    params![game, boardlab_rating::PROVISIONAL_DEVIATION, limit as i64],
                )?
                .into_iter()
                .map(|row| {
                    Ok(Leader {
                        name: row.text(0)?,
                        rating: game_rating(&row, 1)?,
                    })
                })
                .collect::<StoreResult<_>>()?;
            Ok(())
        })?;
        Ok(leaders)
    }
}

/// The rating in the four columns from `at` (rating, deviation, volatility, games).
fn game_rating(row: &[Value], at: usize) -> StoreResult<GameRating> {
    Ok(GameRating {
        rating: Rating {
            rating: row.real(at)?,
            deviation: row.real(at + 1)?,
            volatility: row.real(at + 2)?,
        },
        games: row.int(at + 3)?,
    })
}

fn text_of(value: &Value) -> String {
    match value {
        Value::Text(text) => text.clone(),
        other => crate::stored::shown(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_score_of_seat_1_comes_from_the_ending_or_the_board() {
        assert_eq!(seat1_score(Some("1-0"), None, None), Some(Score::Win));
        assert_eq!(seat1_score(None, Some(1), None), Some(Score::Loss));
        assert_eq!(seat1_score(None, Some(2), None), Some(Score::Win));
        assert_eq!(seat1_score(None, None, Some("draw")), Some(Score::Draw));
        assert_eq!(seat1_score(None, None, Some("time:1")), Some(Score::Loss));
        assert_eq!(seat1_score(None, None, None), None);
        assert_eq!(seat1_score(None, Some(7), None), None);
    }
}
