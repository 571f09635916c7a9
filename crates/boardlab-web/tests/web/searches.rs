//! Bot searches and analyses share the server fairly: a bot's move is a job in the store's
//! queue, a client beyond its own limit is answered 429 (and nothing changes), a move whose
//! game ends or is taken back leaves the queue, one whose game leaves memory stays (it is
//! owed), analyses are jobs too (after the bot moves, round-robin over clients, kept once
//! made), and the perfect player stops when its game ends.

use boardlab_web::create::{NewGame, new_row};
use boardlab_web::hub::{EntryRef, GameError, Hub};
use boardlab_web::limits::{ClientId, Limits};
use boardlab_web::seat::Seat;
use boardlab_web::store::AnalysisState;
use boardlab_web::testing::{start_background_with, test_database, test_store};
use boardlab_web::worker::{WorkerConfig, Workers};
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpStream};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The generous bound of every wait: the events come much sooner on any machine.
const PATIENCE: Duration = Duration::from_secs(60);

fn client(n: u8) -> ClientId {
    ClientId(IpAddr::V4(Ipv4Addr::new(127, 0, 0, n)))
}

fn hub_with(limits: Limits) -> Arc<Hub> {
    Hub::with_limits(test_store("searches"), limits)
}

/// A new game for `who` from a request body; its entry and the seat of its creator.
async fn create(hub: &Arc<Hub>, body: Value, who: ClientId) -> Result<(EntryRef, Seat), u16> {
    let request: NewGame = serde_json::from_value(body).unwrap();
    let game = hub.game_of_key(&request.game).await.unwrap();
    let (row, seat) = new_row(request, game).unwrap();
    let id = row.id.clone();
    hub.create(row, who)
        .await
        .map_err(|e| boardlab_web::api::error::ApiError::from(e).status.as_u16())?;
    Ok((hub.entry(&id).await.unwrap(), seat))
}

/// The bots' moves `(being made, waiting)`.
async fn queued(hub: &Hub) -> (usize, usize) {
    let counts = hub.queue_counts().await.unwrap().moves;
    (counts.running, counts.waiting)
}

/// Waits until the bots' moves are `expected` (being made, waiting), failing after
/// [`PATIENCE`].
async fn until_queued(hub: &Hub, what: &str, expected: (usize, usize)) {
    let start = Instant::now();
    while queued(hub).await != expected {
        assert!(start.elapsed() < PATIENCE, "waited in vain for {what}");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// Waits (asynchronously) until `done` holds, failing after [`PATIENCE`].
async fn until(what: &str, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < PATIENCE, "waited in vain for {what}");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_at_its_search_limit_is_refused_and_waiting_searches_leave_with_their_game() {
    // No worker runs (a hub without its server): every bot's move waits in the queue,
    // which makes the counts certain.
    let hub = hub_with(Limits {
        searches: 0,
        searches_per_client: 1,
        ..Limits::default()
    });
    let bot_game = json!({ "game": "obsidian", "opponent": "bot", "level": 1, "side": "1" });
    let (first, seat) = create(&hub, bot_game.clone(), client(1)).await.unwrap();
    hub.play(&first, seat, "e2e4", client(1)).await.unwrap();
    assert_eq!(queued(&hub).await, (0, 1));

    // Client 1's second bot game: the move that would start a second search is refused,
    // with the limit named, and not played.
    let (second, seat) = create(&hub, bot_game.clone(), client(1)).await.unwrap();
    let refused = hub
        .play(&second, seat, "e2e4", client(1))
        .await
        .unwrap_err();
    let boardlab_web::hub::GameError::Busy {
        message,
        retry_after,
    } = refused
    else {
        panic!("not refused as busy: {refused:?}");
    };
    assert_eq!(retry_after, 1);
    assert!(message.contains("searches-per-client"), "{message}");
    assert_eq!(second.lock().await.session.ply(), 0);
    let id = second.lock().await.row.id.clone();
    assert!(
        hub.with_store(move |s| s.load(&id))
            .await
            .unwrap()
            .unwrap()
            .1
            .is_empty(),
        "the refused move was stored"
    );
    // So is a game whose bot would move first: it is not even stored.
    let bot_first = json!({ "game": "obsidian", "opponent": "bot", "level": 1, "side": "2" });
    assert_eq!(
        create(&hub, bot_first.clone(), client(1)).await.err(),
        Some(429)
    );
    // A move that ends the game starts no search: it is played.
    let (ending, seat) = create(
        &hub,
        json!({ "game": "sprint", "opponent": "bot", "level": 1, "side": "1",
            "position": "5b/w5/6/6/1w1w1w/6 1 0 1" }),
        client(1),
    )
    .await
    .unwrap();
    let session = ending.lock().await.session.clone();
    let winning = session
        .legal_moves()
        .into_iter()
        .find(|mv| {
            let mut after = session.clone();
            after.play(mv).is_ok() && after.outcome().is_some()
        })
        .expect("a winning move");
    hub.play(&ending, seat, &winning, client(1)).await.unwrap();
    assert_eq!(queued(&hub).await, (0, 1));
    // Another client is not held back by client 1's limit.
    let (other, _) = create(&hub, bot_first, client(2)).await.unwrap();
    until_queued(&hub, "the other client's search to queue", (0, 2)).await;

    // A waiting search whose game ends leaves the queue; then client 1 may play again.
    hub.resign(&first, seat).await.unwrap();
    until_queued(&hub, "the resigned game's search to leave", (0, 1)).await;
    hub.play(&second, seat, "e2e4", client(1)).await.unwrap();
    until_queued(&hub, "the new search to queue", (0, 2)).await;
    // So does one whose moves are taken back.
    hub.takeback(&second, seat).await.unwrap();
    until_queued(&hub, "the taken-back search to leave", (0, 1)).await;
    // A game that leaves memory keeps its bot's move: it is owed, and a worker makes it.
    drop(other);
    until("the unused game to leave memory", || {
        hub.drop_idle(Duration::ZERO) > 0
    })
    .await;
    assert_eq!(queued(&hub).await, (0, 1));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resignation_holds_after_a_bot_move_the_server_has_not_heard_of() {
    // No worker, and the hub hears of no change: the bot's move below is stored behind its
    // back, as a worker's move is until its notice arrives.
    let hub = hub_with(Limits {
        searches: 0,
        ..Limits::default()
    });
    let bot_first = json!({ "game": "sprint", "opponent": "bot", "level": 1, "side": "2" });
    let (game, seat) = create(&hub, bot_first, client(1)).await.unwrap();
    let (id, version, mv) = {
        let entry = game.lock().await;
        let mv = entry.session.legal_moves()[0].clone();
        (entry.row.id.clone(), entry.row.version, mv)
    };
    let bot_move = boardlab_web::store::Change::Move {
        ply: 0,
        mv: mv.clone(),
        at_ms: 0,
    };
    hub.with_store(move |s| s.change(&id, version, &[bot_move]))
        .await
        .unwrap();
    let state = hub.resign(&game, seat).await.unwrap();
    assert_eq!(state.moves, vec![mv.to_string()], "{state:?}");
    assert!(state.result.is_some(), "{state:?}");
}

/// The analyses `(being made, waiting)`.
async fn analyses_queued(hub: &Hub) -> (usize, usize) {
    let counts = hub.queue_counts().await.unwrap().analyses;
    (counts.running, counts.waiting)
}

/// Waits until the analyses are `expected` (being made, waiting), failing after
/// [`PATIENCE`].
async fn until_analyses(hub: &Hub, what: &str, expected: (usize, usize)) {
    let start = Instant::now();
    while analyses_queued(hub).await != expected {
        assert!(start.elapsed() < PATIENCE, "waited in vain for {what}");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// One worker thread on the hub's store, sharing its solver memory.
fn one_worker(hub: &Hub) -> Workers {
    Workers::start(
        hub.shared_store(),
        WorkerConfig {
            memory: Some(hub.solver_memory()),
            ..WorkerConfig::new(1)
        },
    )
}

/// A game at one screen (analysed at any time) with `moves` played.
async fn local_game(hub: &Arc<Hub>, who: ClientId, moves: &[&str]) -> EntryRef {
    let local = json!({ "game": "obsidian", "opponent": "local" });
    let (game, _) = create(hub, local, who).await.unwrap();
    for (n, mv) in moves.iter().enumerate() {
        hub.play(
            &game,
            if n % 2 == 0 { Seat::One } else { Seat::Two },
            mv,
            who,
        )
        .await
        .unwrap();
    }
    game
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analyses_wait_for_the_bot_moves_then_take_turns_over_clients() {
    // No worker at first (a hub without its server): the queue fills, then one worker
    // empties it in its order.
    let hub = hub_with(Limits {
        searches: 0,
        analyses_per_client: 100,
        ..Limits::default()
    });
    hub.follow_other_servers();
    let game = local_game(
        &hub,
        client(1),
        &[
            "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "d2d3", "f8c5", "c2c3",
        ],
    )
    .await;
    let other_game = local_game(&hub, client(2), &[]).await;

    let (done, mut finished) = tokio::sync::mpsc::unbounded_channel();
    let flood = 10;
    // One after the other: asked at once, a client's jobs may share a turn (each reads the
    // queue before the others are in it), which only makes its flood less strictly ordered.
    for ply in 0..flood {
        let (asker, game, done) = (hub.clone(), game.clone(), done.clone());
        tokio::spawn(async move {
            let answer = asker.analysis(&game, ply, client(1)).await.unwrap();
            done.send((1, answer)).unwrap();
        });
        until_analyses(&hub, "the flood to queue", (0, ply + 1)).await;
    }
    {
        let (hub, done) = (hub.clone(), done.clone());
        tokio::spawn(async move {
            let answer = hub.analysis(&other_game, 0, client(2)).await.unwrap();
            done.send((2, answer)).unwrap();
        });
    }
    until_analyses(&hub, "client 2's analysis to queue", (0, flood + 1)).await;
    // A bot's move, queued last, goes first.
    let bot_first = json!({ "game": "obsidian", "opponent": "bot", "level": 1, "side": "2" });
    let (bot_game, _) = create(&hub, bot_first, client(3)).await.unwrap();
    let bot_id = bot_game.lock().await.row.id.clone();
    assert_eq!(queued(&hub).await, (0, 1));

    let _worker = one_worker(&hub);
    let mut order = Vec::new();
    for _ in 0..=flood {
        let (who, answer) = finished.recv().await.unwrap();
        if order.is_empty() {
            let id = bot_id.clone();
            let bot_moves = hub
                .with_store(move |s| s.load(&id))
                .await
                .unwrap()
                .unwrap()
                .1;
            assert_eq!(
                bot_moves.len(),
                1,
                "an analysis was made before the bot's move"
            );
        }
        assert!(answer["analysis"]["bar"].is_number(), "{answer}");
        order.push(who);
    }
    // Client 2's analysis is made second: after client 1's first, not after all ten.
    let place = order.iter().position(|&who| who == 2).unwrap();
    assert_eq!(place, 1, "client 2 was served {}th: {order:?}", place + 1);
    assert_eq!(analyses_queued(&hub).await, (0, 0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_at_its_analysis_limit_is_refused_and_an_analysis_made_is_kept() {
    let hub = hub_with(Limits {
        searches: 0,
        analyses_per_client: 2,
        ..Limits::default()
    });
    hub.follow_other_servers();
    let game = local_game(&hub, client(1), &["e2e4", "e7e5", "g1f3"]).await;
    let ask = |ply: usize, who: ClientId| {
        let (hub, game) = (hub.clone(), game.clone());
        tokio::spawn(async move { hub.analysis(&game, ply, who).await })
    };
    let mut waiting = vec![ask(0, client(1)), ask(1, client(1))];
    until_analyses(&hub, "two analyses to queue", (0, 2)).await;
    let refused = hub.analysis(&game, 2, client(1)).await.unwrap_err();
    let GameError::Busy {
        message,
        retry_after,
    } = refused
    else {
        panic!("a client at its limit is told it is busy, not {refused:?}");
    };
    assert_eq!(retry_after, 1);
    assert!(message.contains("analyses-per-client"), "{message}");
    // A position queued already is waited for, not queued again: no limit is passed.
    waiting.push(ask(0, client(1)));
    // Another client may still ask.
    waiting.push(ask(2, client(2)));
    until_analyses(&hub, "the other client's analysis to queue", (0, 3)).await;
    // Requests given up (the client went away) leave their analyses queued: they are
    // made and kept for the next asker.
    for request in &waiting {
        request.abort();
    }
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert_eq!(analyses_queued(&hub).await, (0, 3));
    let worker = one_worker(&hub);
    until_analyses(&hub, "the worker to make them", (0, 0)).await;
    drop(worker);
    // With no worker left, the analyses made are still answered, at once.
    for ply in 0..3 {
        let answer =
            tokio::time::timeout(Duration::from_secs(5), hub.analysis(&game, ply, client(1)))
                .await
                .expect("a kept analysis is answered at once")
                .unwrap();
        assert_eq!(answer["ply"], ply);
        assert!(answer["analysis"]["line"].is_array(), "{answer}");
    }
    // Takebacks drop the analyses of the positions they take away, not the others.
    hub.takeback(&game, Seat::One).await.unwrap();
    hub.takeback(&game, Seat::One).await.unwrap();
    let id = game.lock().await.row.id.clone();
    let kept = |ply: usize| {
        let id = id.clone();
        let hub = hub.clone();
        async move { hub.with_store(move |s| s.analysis(&id, ply)).await.unwrap() }
    };
    assert!(matches!(kept(1).await, AnalysisState::Made(_)));
    assert_eq!(kept(2).await, AnalysisState::Absent);
}

/// A request over a fresh connection: the status line and headers (lowercase) and the body.
fn raw(addr: SocketAddr, method: &str, path: &str, body: &str) -> (String, Value) {
    let mut stream = TcpStream::connect(addr).unwrap();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut text = String::new();
    stream.read_to_string(&mut text).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    (
        head.to_ascii_lowercase(),
        serde_json::from_str(body).unwrap_or(Value::Null),
    )
}

fn health(addr: SocketAddr) -> Value {
    raw(addr, "GET", "/api/health", "").1
}

#[test]
fn over_http_the_limit_is_a_json_429_with_retry_after() {
    let addr = start_background_with(
        test_database("searches-http"),
        2,
        Limits {
            searches: 0,
            searches_per_client: 1,
            ..Limits::default()
        },
    );
    let bot_first = json!({ "game": "sprint", "opponent": "bot", "level": 1, "side": "2" });
    let (head, created) = raw(addr, "POST", "/api/games", &bot_first.to_string());
    assert!(head.starts_with("http/1.1 201"), "{head}");
    assert!(created["id"].is_string());
    assert_eq!(health(addr)["bot_searches_waiting"], 1);
    let (head, refused) = raw(addr, "POST", "/api/games", &bot_first.to_string());
    assert!(head.starts_with("http/1.1 429"), "{head}");
    assert!(head.contains("\r\nretry-after: 1"), "{head}");
    assert!(
        refused["error"]
            .as_str()
            .unwrap()
            .contains("searches-per-client"),
        "{refused}"
    );
}

#[test]
fn resigning_while_the_perfect_bot_thinks_stops_its_search() {
    // A solver table of 1 MiB makes Sprint with backward captures long to solve: the bot
    // thinks for its whole budget.
    let addr = start_background_with(
        test_database("perfect-resign"),
        2,
        Limits {
            solver_mib_per_search: 1,
            ..Limits::default()
        },
    );
    let body = json!({ "game": "sprint", "opponent": "bot", "level": boardlab_web::bot::PERFECT,
        "side": "1", "rules": { "backward_captures": "true" } });
    let (_, created) = raw(addr, "POST", "/api/games", &body.to_string());
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["tokens"]["1"].as_str().unwrap().to_string();
    let state = |addr| raw(addr, "GET", &format!("/api/games/{id}"), "").1;
    let act = |action: &str, extra: Value| {
        let mut body = json!({ "seat": 1, "token": token });
        body.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        raw(
            addr,
            "POST",
            &format!("/api/games/{id}/{action}"),
            &body.to_string(),
        )
    };
    // Play until the bot is seen thinking (it may answer a move before it is seen).
    let start = Instant::now();
    'seen: loop {
        let now = state(addr);
        let mv = now["legal"][0].as_str().expect("a legal move").to_string();
        let (head, _) = act("moves", json!({ "move": mv }));
        assert!(head.starts_with("http/1.1 200"), "{head}");
        let ply = now["ply"].as_u64().unwrap() + 1;
        loop {
            assert!(
                start.elapsed() < PATIENCE,
                "the bot was never seen thinking"
            );
            // Thinking: the job is held and the solver has its table.
            let now = health(addr);
            if now["bot_searches"] == 1 && now["solver_mib"].as_u64().unwrap_or(0) > 0 {
                break 'seen;
            }
            if state(addr)["ply"].as_u64().unwrap() > ply {
                continue 'seen;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }
    let moves = state(addr)["moves"].as_array().unwrap().len();
    let (head, _) = act("resign", json!({}));
    assert!(head.starts_with("http/1.1 200"), "{head}");
    let resigned = Instant::now();
    // The search stops and gives its solver's memory back.
    while health(addr)["bot_searches"] != 0 || health(addr)["solver_mib"] != 0 {
        assert!(
            resigned.elapsed() < PATIENCE,
            "the search went on after the game ended"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    // Nothing was played after the end.
    assert_eq!(state(addr)["moves"].as_array().unwrap().len(), moves);
}
