//! The static files of the browser interface, embedded in the binary.

use crate::api::AppState;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

/// Every embedded file: its name under `/static/`, its content type and its text.
const FILES: &[(&str, &str, &str)] = &[
    (
        "index.html",
        "text/html; charset=utf-8",
        include_str!("../../static/index.html"),
    ),
    (
        "play.html",
        "text/html; charset=utf-8",
        include_str!("../../static/play.html"),
    ),
    (
        "rules.html",
        "text/html; charset=utf-8",
        include_str!("../../static/rules.html"),
    ),
    (
        "profile.html",
        "text/html; charset=utf-8",
        include_str!("../../static/profile.html"),
    ),
    (
        "puzzle.html",
        "text/html; charset=utf-8",
        include_str!("../../static/puzzle.html"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../../static/style.css"),
    ),
    (
        "api.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/api.js"),
    ),
    (
        "account.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/account.js"),
    ),
    (
        "lobby.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/lobby.js"),
    ),
    (
        "profile.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/profile.js"),
    ),
    (
        "notify.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/notify.js"),
    ),
    (
        "play-chat.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/play-chat.js"),
    ),
    (
        "play-presence.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/play-presence.js"),
    ),
    (
        "play-players.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/play-players.js"),
    ),
    (
        "play-annotations.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/play-annotations.js"),
    ),
    (
        "play-animation.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/play-animation.js"),
    ),
    (
        "play-premove.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/play-premove.js"),
    ),
    (
        "puzzle.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/puzzle.js"),
    ),
    (
        "start.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/start.js"),
    ),
    (
        "play.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/play.js"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/board.js"),
    ),
    (
        "pieces.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/pieces.js"),
    ),
    (
        "sound.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/sound.js"),
    ),
    (
        "mygames.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/mygames.js"),
    ),
    (
        "moves.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/moves.js"),
    ),
    (
        "rules.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/rules.js"),
    ),
    (
        "dom.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/dom.js"),
    ),
    (
        "types.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/types.js"),
    ),
    (
        "play-page.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/play-page.js"),
    ),
    (
        "play-announce.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/play-announce.js"),
    ),
    (
        "play-connection.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/play-connection.js"),
    ),
    (
        "play-render.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/play-render.js"),
    ),
    (
        "play-board.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/play-board.js"),
    ),
    (
        "play-input.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/play-input.js"),
    ),
    (
        "play-movelist.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/play-movelist.js"),
    ),
    (
        "play-clocks.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/play-clocks.js"),
    ),
    (
        "play-actions.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/play-actions.js"),
    ),
    (
        "play-analysis.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/play-analysis.js"),
    ),
    (
        "play-links.js",
        "text/javascript; charset=utf-8",
        include_str!("../../static/play-links.js"),
    ),
    (
        "favicon.svg",
        "image/svg+xml",
        include_str!("../../static/favicon.svg"),
    ),
    (
        "RULES.md",
        "text/markdown; charset=utf-8",
        include_str!("../../static/RULES.md"),
    ),
];

/// The embedded file with this name, if there is one.
pub fn file(name: &str) -> Option<(&'static str, &'static str)> {
    FILES
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|(_, kind, text)| (*kind, *text))
}

fn respond(name: &str) -> Response {
    match file(name) {
        Some((kind, text)) => ([(header::CONTENT_TYPE, kind)], text).into_response(),
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

/// `GET /static/{name}`.
pub async fn static_file(Path(name): Path<String>) -> Response {
    respond(&name)
}

/// `GET /favicon.ico`: the site's icon (browsers ask for it whatever the pages link), the
/// same SVG as `/static/favicon.svg`.
pub async fn favicon() -> Response {
    respond("favicon.svg")
}

/// A page of the site (its header and stylesheet) that says why there is nothing to show,
/// with a link home, answered with `status`.
pub fn message_page(status: StatusCode, title: &str, text: &str) -> Response {
    let page = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{title} - boardlab</title><link rel=\"icon\" href=\"/static/favicon.svg\" type=\"image/svg+xml\"><link rel=\"stylesheet\" href=\"/static/style.css\"></head><body><header class=\"top\"><a href=\"/\" class=\"brand\">boardlab</a><span class=\"tagline\">abstract games, exact rules</span></header><main class=\"missing-page\"><h1>{title}</h1><p id=\"missing\">{text}</p><p><a href=\"/\">Start a new game</a></p></main></body></html>"
    );
    (
        status,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        page,
    )
        .into_response()
}

/// The page for a path no route serves, asked for by a browser.
pub fn no_page() -> Response {
    message_page(
        StatusCode::NOT_FOUND,
        "No such page",
        "There is nothing at this address: the link may be mistyped or out of date.",
    )
}

/// `GET /`: the start page.
pub async fn index() -> Response {
    respond("index.html")
}

/// `GET /g/{id}`: the board page of a game, or a page that says there is no such game.
pub async fn play_page(State(hub): State<AppState>, Path(id): Path<String>) -> Response {
    match hub.entry(&id).await {
        Ok(_) => respond("play.html"),
        Err(error) => {
            let error = crate::api::error::ApiError::from(error);
            let (title, text) = if error.status == StatusCode::NOT_FOUND {
                (
                    "No such game",
                    "There is no game at this address: the link may be mistyped or cut short.",
                )
            } else {
                (
                    "This game cannot be shown",
                    "The server could not load this game; the other games are not affected.",
                )
            };
            message_page(error.status, title, text)
        }
    }
}

/// `GET /rules/{game}`: the rules page of a game.
pub async fn rules_page() -> Response {
    respond("rules.html")
}

/// `GET /puzzles`: the puzzle page, filled in from `GET /api/puzzles/next`.
pub async fn puzzle_page() -> Response {
    respond("puzzle.html")
}

/// `GET /players/{name}`: a player's page (ratings, their history and games), filled in
/// from `GET /api/players/{name}`.
pub async fn profile_page() -> Response {
    respond("profile.html")
}

#[cfg(test)]
mod embedded_tests {
    #[test]
    fn every_static_file_is_embedded() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("static");
        for entry in std::fs::read_dir(&dir).expect("the static folder") {
            let name = entry.expect("a folder entry").file_name();
            let name = name.to_string_lossy();
            assert!(
                super::file(&name).is_some(),
                "static/{name} is not embedded"
            );
        }
    }
}
