//! The puzzles' routes: `GET /api/puzzles/next?game=GAME` (a puzzle to solve: for a signed-in
//! player, one not answered yet whose rating is near theirs), `GET /api/puzzles/{id}` and
//! `POST /api/puzzles/{id}/answer` with `{"move"}`.

use crate::api::error::{ApiError, ApiResult};
use crate::api::people::Viewer;
use crate::api::people::profile::rating_json;
use crate::api::{AppState, JsonBody};
use crate::puzzles::{PUZZLE_RATING, PuzzleSet};
use crate::session::{self, GameSetup};
use axum::Json;
use axum::extract::{Path, Query, State};
use boardlab_ai::puzzles::Puzzle;
use boardlab_core::{Player, Setup};
use rand::seq::IndexedRandom;
use serde::Deserialize;
use serde_json::{Value, json};

/// The query of `GET /api/puzzles/next`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NextQuery {
    /// The game: one that has puzzles.
    pub game: Option<String>,
}

/// How many of the puzzles nearest a player's rating the next one is drawn from.
const NEAREST: usize = 5;

/// The puzzle as the page needs it: the position drawn, its legal moves (as text and as
/// structures), whose move it is, the theme, and the puzzle's rating. Never the solution.
async fn puzzle_json(hub: &AppState, puzzle: &Puzzle) -> ApiResult<Value> {
    let game = hub
        .game_set()
        .listed_game(&puzzle.game)
        .ok_or_else(|| ApiError::internal(format!("the server does not play {}", puzzle.game)))?;
    let setup = GameSetup {
        game,
        setup: Setup {
            rules: Vec::new(),
            first: Player::One,
            position: Some(puzzle.position.clone()),
            board: None,
        },
    };
    let position = session::build(&setup, &[])
        .map_err(|e| ApiError::internal(format!("puzzle {} does not read: {e}", puzzle.id)))?;
    let legal = position.legal_moves();
    let view = crate::view::view_at(&position, 0);
    let to_move = view.as_ref().map_or(1, |v| v.to_move);
    let id = puzzle.id.clone();
    let (rating, solved) = hub.with_store(move |s| s.puzzle_rating(&id)).await?;
    Ok(json!({
        "id": puzzle.id,
        "game": puzzle.game,
        "title": crate::catalog::title(game),
        "position": puzzle.position,
        "to_move": to_move,
        "theme": puzzle.theme,
        "win_in_plies": puzzle.win_in_plies,
        "rating": rating.rating.rating.round(),
        "attempts": rating.games,
        "solved": solved,
        "view": view,
        "legal_moves": crate::legal::move_shapes(&position, &legal),
        "legal": legal,
    }))
}

/// `GET /api/puzzles`: the games the server has puzzles of, with how many:
/// `{"games": [{"game", "count"}]}`.
pub async fn games() -> Json<Value> {
    let set = PuzzleSet::embedded();
    let games: Vec<Value> = set
        .games()
        .filter(|game| !set.of_game(game).is_empty())
        .map(|game| json!({ "game": game, "count": set.of_game(game).len() }))
        .collect();
    Json(json!({ "games": games }))
}

/// The puzzle `id`, or 404.
fn find(id: &str) -> ApiResult<&'static Puzzle> {
    PuzzleSet::embedded()
        .get(id)
        .ok_or_else(|| ApiError::not_found(format!("no puzzle {}", boardlab_core::quoted(id))))
}

/// `GET /api/puzzles/next?game=GAME`: a puzzle of the game. Signed in: one the player has not
/// answered, drawn from those whose rating is nearest theirs; otherwise any.
pub async fn next(
    State(hub): State<AppState>,
    viewer: Viewer,
    query: Result<Query<NextQuery>, axum::extract::rejection::QueryRejection>,
) -> ApiResult<Json<Value>> {
    let set = PuzzleSet::embedded();
    let games: Vec<&str> = set.games().collect();
    let Query(query) =
        query.map_err(|e| ApiError::bad_request(format!("{}; ask ?game=GAME", e.body_text())))?;
    let game = query.game.unwrap_or_else(|| "sprint".to_string());
    let puzzles = set.of_game(&game);
    if puzzles.is_empty() {
        return Err(ApiError::bad_request(format!(
            "no puzzles of {}: the games with puzzles are {}",
            boardlab_core::quoted(&game),
            games.join(", ")
        )));
    }
    let chosen = match viewer.0 {
        Some(me) => {
            let (key, prefix) = (me.key.clone(), format!("{game}-"));
            let (answered, mine, ratings) = hub
                .with_store(move |s| {
                    let answered = s.answered_puzzles(&key)?;
                    let mine = s.rating_of(&key, PUZZLE_RATING)?;
                    let ratings = s.puzzle_ratings_with_prefix(&prefix)?;
                    Ok((answered, mine, ratings))
                })
                .await?;
            let mut open: Vec<&Puzzle> = puzzles
                .iter()
                .filter(|p| !answered.contains(&p.id))
                .collect();
            if open.is_empty() {
                open = puzzles.iter().collect();
            }
            let distance = |p: &Puzzle| {
                let rating = ratings.get(&p.id).copied().unwrap_or(1500.0);
                (rating - mine.rating.rating).abs()
            };
            open.sort_by(|a, b| distance(a).total_cmp(&distance(b)));
            open.truncate(NEAREST);
            open.choose(&mut rand::rng()).copied()
        }
        None => puzzles.choose(&mut rand::rng()),
    };
    let puzzle = chosen.ok_or_else(|| ApiError::internal("no puzzle to give"))?;
    Ok(Json(puzzle_json(&hub, puzzle).await?))
}

/// `GET /api/puzzles/{id}`: one puzzle (without its solution).
pub async fn puzzle(State(hub): State<AppState>, Path(id): Path<String>) -> ApiResult<Json<Value>> {
    Ok(Json(puzzle_json(&hub, find(&id)?).await?))
}

/// The body of an answer.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answer {
    /// The move played, as text.
    #[serde(rename = "move")]
    pub mv: String,
}

/// `POST /api/puzzles/{id}/answer` with `{"move"}`: `{"id", "correct", "solution",
/// "win_in_plies", "theme", "puzzle_rating", "rating", "change"}`; for a signed-in player's
/// first answer to the puzzle, `rating` is their new puzzle rating and `change` its change
/// (`null` otherwise). A move that is not legal there is a 400 naming the legal ones.
pub async fn answer(
    State(hub): State<AppState>,
    viewer: Viewer,
    Path(id): Path<String>,
    JsonBody(answer): JsonBody<Answer>,
) -> ApiResult<Json<Value>> {
    let puzzle = find(&id)?;
    let shown = puzzle_json(&hub, puzzle).await?;
    let legal: Vec<&str> = shown["legal"]
        .as_array()
        .map(|moves| moves.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let mv = answer.mv.trim();
    if !legal.contains(&mv) {
        return Err(ApiError::bad_request(format!(
            "{} is not a legal move of the puzzle's position; its legal moves: {}",
            boardlab_core::quoted(mv),
            legal.join(", ")
        )));
    }
    let correct = mv == puzzle.solution;
    let account = viewer.0.map(|me| me.key);
    let puzzle_id = puzzle.id.clone();
    let answered = hub
        .with_store(move |s| {
            s.answer_puzzle(
                &puzzle_id,
                account.as_deref(),
                PUZZLE_RATING,
                correct,
                crate::clock::now_ms(),
            )
        })
        .await?;
    let (rating, change) = match &answered.player {
        Some((before, after)) => (
            rating_json(after),
            json!(((after.rating.rating - before.rating.rating) * 100.0).round() / 100.0),
        ),
        None => (Value::Null, Value::Null),
    };
    Ok(Json(json!({
        "id": puzzle.id,
        "correct": correct,
        "solution": puzzle.solution,
        "win_in_plies": puzzle.win_in_plies,
        "theme": puzzle.theme,
        "puzzle_rating": answered.puzzle.0.rating.rating.round(),
        "rating": rating,
        "change": change,
    })))
}
