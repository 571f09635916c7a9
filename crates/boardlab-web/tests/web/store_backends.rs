//! One store test suite, run against both backends: embedded SQLite, and PostgreSQL
//! (`BOARDLAB_TEST_POSTGRES`, or a throwaway cluster; skipped, saying so, where there is no
//! PostgreSQL, and failed instead under `BOARDLAB_REQUIRE_POSTGRES=1`, as in CI). Then what
//! only a shared database does: two stores on one PostgreSQL database.

use boardlab_core::Player;
use boardlab_games::GameId;
use boardlab_web::Database;
use boardlab_web::ending::Ending;
use boardlab_web::game_set::GameSet;
use boardlab_web::seat::Seat;
use boardlab_web::store::{
    AnalysisState, Change, GameRow, Job, JobKind, LAYOUT_VERSION, Mode, Store, StoreError, Task,
};
use boardlab_web::testing::postgres::fresh_database;
use boardlab_web::testing::{stored_row, temp_db};
use std::sync::{Arc, Barrier};

/// A fresh database of one backend: `None` where that backend is not to be had here.
type Fresh = fn(&str) -> Option<Database>;

fn sqlite(label: &str) -> Option<Database> {
    Some(Database::File(temp_db(label)))
}

fn open(db: &Database) -> Store {
    Store::open_serving(db.clone(), Arc::new(GameSet::built_in()))
        .unwrap_or_else(|e| panic!("open {db}: {e}"))
}

/// A bot game on a clock, created by seat 1.
fn bot_row(id: &str) -> GameRow {
    GameRow {
        mode: Mode::Bot,
        bot_seat: Some(Seat::Two),
        bot_level: Some(3),
        clock: Some("300+3".into()),
        position: Some("5b/w5/6/6/1w1w1w/6 1 0 1".into()),
        ..stored_row(id, GameId::Sprint)
    }
}

/// The SQL that marks a database as laid out by a newer boardlab.
fn newer_layout(store: &Store) -> String {
    match store.backend_name() {
        "sqlite" => format!("PRAGMA user_version = {}", LAYOUT_VERSION + 1),
        _ => format!(
            "INSERT INTO boardlab_layout (version) VALUES ({})",
            LAYOUT_VERSION + 1
        ),
    }
}

fn a_game_and_its_moves_come_back_as_stored(fresh: Fresh) {
    let Some(db) = fresh("roundtrip") else { return };
    let store = open(&db);
    assert_eq!(store.layout_version().unwrap(), LAYOUT_VERSION);
    store.insert_game(&bot_row("g1")).unwrap();
    for (ply, mv) in ["b2a3", "f6e5"].iter().enumerate() {
        store
            .insert_move("g1", ply, mv, 1_700_000_000_000 + ply as i64)
            .unwrap();
    }
    let (row, moves) = store.load("g1").unwrap().expect("the game");
    assert_eq!(moves, ["b2a3", "f6e5"]);
    assert_eq!(row.mode, Mode::Bot);
    assert_eq!((row.bot_seat, row.bot_level), (Some(Seat::Two), Some(3)));
    assert_eq!(row.clock.as_deref(), Some("300+3"));
    assert_eq!(row.position.as_deref(), Some("5b/w5/6/6/1w1w1w/6 1 0 1"));
    assert_eq!(row.tokens, bot_row("g1").tokens);
    assert_eq!(row.creator, Some(Seat::One));
    assert_eq!(row.played, GameId::Sprint);
    assert_eq!(
        store.move_moments("g1").unwrap(),
        [1_700_000_000_000, 1_700_000_000_001]
    );
    assert_eq!(store.count_games().unwrap(), 1);
    assert!(store.load("nothing").unwrap().is_none());
    assert_eq!(store.result("nothing").unwrap(), None);
    // Reopened, the database keeps its games and its layout.
    drop(store);
    let store = open(&db);
    assert_eq!(store.load("g1").unwrap().unwrap().1.len(), 2);
    assert_eq!(store.layout_version().unwrap(), LAYOUT_VERSION);
}

fn a_ply_stored_twice_is_a_conflict_and_changes_nothing(fresh: Fresh) {
    let Some(db) = fresh("conflict") else { return };
    let store = open(&db);
    store
        .insert_game(&stored_row("g2", GameId::Obsidian))
        .unwrap();
    store.insert_move("g2", 0, "e2e4", 1).unwrap();
    let error = store.insert_move("g2", 0, "d2d4", 2).unwrap_err();
    assert!(
        matches!(error, StoreError::Conflict { ref game, ply: 0 } if game == "g2"),
        "{error}"
    );
    assert!(
        error.to_string().contains("already has a move at ply 0"),
        "{error}"
    );
    assert_eq!(store.load("g2").unwrap().unwrap().1, ["e2e4"]);
}

fn a_takeback_deletes_the_later_moves(fresh: Fresh) {
    let Some(db) = fresh("takeback") else { return };
    let store = open(&db);
    store
        .insert_game(&stored_row("g3", GameId::Obsidian))
        .unwrap();
    for (ply, mv) in ["e2e4", "e7e5", "g1f3"].iter().enumerate() {
        store.insert_move("g3", ply, mv, ply as i64).unwrap();
    }
    store.truncate_moves("g3", 1).unwrap();
    assert_eq!(store.load("g3").unwrap().unwrap().1, ["e2e4"]);
    assert_eq!(store.move_moments("g3").unwrap(), [0]);
    store.insert_move("g3", 1, "c7c5", 9).unwrap();
    assert_eq!(store.load("g3").unwrap().unwrap().1, ["e2e4", "c7c5"]);
}

fn endings_results_and_rematches_are_kept(fresh: Fresh) {
    let Some(db) = fresh("endings") else { return };
    let store = open(&db);
    for id in ["r", "a", "f", "b"] {
        store.insert_game(&bot_row(id)).unwrap();
    }
    let mut ids = store.bot_game_ids().unwrap();
    ids.sort();
    assert_eq!(ids, ["a", "b", "f", "r"]);
    store
        .set_ending("r", Ending::Resigned(Player::Two))
        .unwrap();
    store.set_ending("a", Ending::Agreed).unwrap();
    store.set_ending("f", Ending::Flagged(Player::One)).unwrap();
    store.set_result("b", "1-0").unwrap();
    store.set_rematch("r", "a").unwrap();
    let ending = |id: &str| store.load(id).unwrap().unwrap().0.ending;
    assert_eq!(ending("r"), Some(Ending::Resigned(Player::Two)));
    assert_eq!(ending("a"), Some(Ending::Agreed));
    assert_eq!(ending("f"), Some(Ending::Flagged(Player::One)));
    assert_eq!(store.result("b").unwrap().as_deref(), Some("1-0"));
    assert_eq!(
        store.load("r").unwrap().unwrap().0.rematch.as_deref(),
        Some("a")
    );
    assert!(store.bot_game_ids().unwrap().is_empty());
}

fn a_pasted_text_is_stored_once_under_one_key(fresh: Fresh) {
    let Some(db) = fresh("pastes") else { return };
    let store = open(&db);
    // Longer than an index entry of PostgreSQL may be.
    let long = format!("# a long comment\n{}", "x".repeat(100_000));
    for text in ["name = \"a\"\n", long.as_str()] {
        assert_eq!(store.paste_key(text).unwrap(), None);
        let key = store.store_paste(text).unwrap();
        assert_eq!(store.store_paste(text).unwrap(), key, "a second key");
        assert_eq!(store.paste_key(text).unwrap(), Some(key.clone()));
        assert_eq!(store.pasted_text(&key).unwrap().as_deref(), Some(text));
    }
    assert_eq!(store.pasted_text("nokey").unwrap(), None);
}

fn a_damaged_row_names_its_column(fresh: Fresh) {
    let Some(db) = fresh("damaged") else { return };
    let store = open(&db);
    store.insert_game(&bot_row("d1")).unwrap();
    store.insert_game(&bot_row("d2")).unwrap();
    store
        .execute_batch("UPDATE games SET bot_level = 200 WHERE id = 'd1'; UPDATE games SET game = 'chess' WHERE id = 'd2'")
        .unwrap();
    let error = store.load("d1").unwrap_err().to_string();
    assert!(error.contains("column bot_level holds 200"), "{error}");
    let error = store.load("d2").unwrap_err().to_string();
    assert!(error.contains("column game holds 'chess'"), "{error}");
    // A gap in the moves.
    store
        .insert_game(&stored_row("d3", GameId::Sprint))
        .unwrap();
    store.insert_move("d3", 0, "b2a3", 0).unwrap();
    store.insert_move("d3", 2, "c3b4", 0).unwrap();
    let error = store.load("d3").unwrap_err().to_string();
    assert!(error.contains("jump from ply 0 to ply 2"), "{error}");
}

fn a_database_of_a_newer_layout_is_refused(fresh: Fresh) {
    let Some(db) = fresh("newer") else { return };
    let store = open(&db);
    store.execute_batch(&newer_layout(&store)).unwrap();
    drop(store);
    let error = Store::open_serving(db.clone(), Arc::new(GameSet::built_in()))
        .err()
        .expect("a newer layout is refused");
    assert!(matches!(error, StoreError::Newer { .. }), "{error}");
    assert!(
        error.to_string().contains(&format!(
            "has layout version {}, newer than this boardlab's {LAYOUT_VERSION}",
            LAYOUT_VERSION + 1
        )),
        "{error}"
    );
}

fn the_queue_of_bot_moves_takes_turns_over_clients_and_outlives_a_lost_worker(fresh: Fresh) {
    let Some(db) = fresh("jobs") else { return };
    let store = open(&db);
    for (id, client) in [("a1", "A"), ("a2", "A"), ("a3", "A"), ("b1", "B")] {
        store.insert_game(&bot_row(id)).unwrap();
        store.queue_bot(id, client).unwrap();
        // Queued twice, it keeps its one place.
        store.queue_bot(id, client).unwrap();
    }
    assert_eq!(store.jobs_of("A", JobKind::Move).unwrap(), 3);
    let counts = store.job_counts().unwrap().moves;
    assert_eq!((counts.running, counts.waiting), (0, 4));
    let far = boardlab_web::clock::now_ms() + 60_000;
    let taken: Vec<String> = (0..4)
        .map(|_| store.take_job("w", far, true).unwrap().unwrap().game)
        .collect();
    assert_eq!(taken, ["a1", "b1", "a2", "a3"]);
    assert_eq!(store.take_job("w", far, true).unwrap(), None);
    assert_eq!(store.job_counts().unwrap().moves.running, 4);
    // A change to a game voids its job; a queued move comes with it when asked.
    let version = store.version("a1").unwrap().unwrap();
    store
        .change(
            "a1",
            version,
            &[Change::Ending(Ending::Resigned(Player::One))],
        )
        .unwrap();
    assert_eq!(store.job_counts().unwrap().moves.running, 3);
    let version = store.version("b1").unwrap().unwrap();
    let new_version = store
        .change(
            "b1",
            version,
            &[
                Change::Move {
                    ply: 0,
                    mv: "b2a3".into(),
                    at_ms: 0,
                },
                Change::QueueBot { client: "B".into() },
            ],
        )
        .unwrap();
    assert_eq!(new_version, version + 1);
    let job = store
        .take_job("w", far, true)
        .unwrap()
        .expect("b1's new move");
    assert_eq!((job.game.as_str(), job.version), ("b1", new_version));
    // A worker whose lease ran out (it died) loses its job to the next.
    store.drop_job(job.id).unwrap();
    store.insert_game(&bot_row("c1")).unwrap();
    store.queue_bot("c1", "C").unwrap();
    let past = boardlab_web::clock::now_ms() - 1;
    let lost = store.take_job("dead", past, true).unwrap().unwrap();
    assert_eq!(store.job_counts().unwrap().moves.waiting, 1);
    let again = store.take_job("alive", far, true).unwrap().unwrap();
    assert_eq!((again.id, again.game.as_str()), (lost.id, "c1"));
    // Renewed, a lease holds.
    store.renew_jobs("alive", &[again.id], far).unwrap();
    assert_eq!(store.take_job("other", far, true).unwrap(), None);
}

/// A game at one screen with `moves` stored.
fn local_game(store: &Store, id: &str, moves: &[&str]) {
    store
        .insert_game(&GameRow {
            mode: Mode::Local,
            ..stored_row(id, GameId::Obsidian)
        })
        .unwrap();
    for (ply, mv) in moves.iter().enumerate() {
        store.insert_move(id, ply, mv, 0).unwrap();
    }
}

fn analysis_job(job: Option<Job>) -> (String, usize) {
    match job {
        Some(Job {
            game,
            task: Task::Analysis { ply },
            ..
        }) => (game, ply),
        other => panic!("not an analysis: {other:?}"),
    }
}

fn analyses_are_jobs_after_the_bot_moves_and_are_kept_until_a_takeback(fresh: Fresh) {
    let Some(db) = fresh("analyses") else { return };
    let store = open(&db);
    local_game(&store, "g1", &["e2e4", "e7e5"]);
    store.insert_game(&bot_row("m1")).unwrap();
    for (ply, client) in [(0, "A"), (0, "A"), (2, "A"), (1, "B")] {
        store.queue_analysis("g1", ply, client).unwrap();
    }
    store.queue_bot("m1", "C").unwrap();
    // One job per position, whoever asks again; each kind is counted apart.
    assert_eq!(store.jobs_of("A", JobKind::Analysis).unwrap(), 2);
    assert_eq!(store.jobs_of("A", JobKind::Move).unwrap(), 0);
    assert_eq!(store.jobs_of("C", JobKind::Move).unwrap(), 1);
    let counts = store.job_counts().unwrap();
    assert_eq!((counts.moves.waiting, counts.analyses.waiting), (1, 3));
    assert_eq!(store.analysis("g1", 0).unwrap(), AnalysisState::Queued);
    assert_eq!(store.analysis("g1", 3).unwrap(), AnalysisState::Absent);

    // The bot's move first, even though it was queued last; a worker that may not
    // analyse gets nothing more.
    let far = boardlab_web::clock::now_ms() + 60_000;
    let first = store.take_job("w", far, false).unwrap().unwrap();
    assert_eq!((first.game.as_str(), first.task), ("m1", Task::Move));
    assert_eq!(store.take_job("w", far, false).unwrap(), None);
    // Then the analyses, round-robin over the clients that asked.
    let jobs: Vec<Job> = (0..3)
        .map(|_| store.take_job("w", far, true).unwrap().unwrap())
        .collect();
    let taken: Vec<(String, usize)> = jobs.iter().cloned().map(Some).map(analysis_job).collect();
    assert_eq!(
        taken,
        [("g1".into(), 0), ("g1".into(), 1), ("g1".into(), 2)]
    );
    assert_eq!(store.job_counts().unwrap().analyses.running, 3);

    // Made, an analysis is kept (and its job is gone).
    assert!(store.finish_analysis(&jobs[0], r#"{"bar":0.5}"#).unwrap());
    assert_eq!(
        store.analysis("g1", 0).unwrap(),
        AnalysisState::Made(r#"{"bar":0.5}"#.into())
    );
    assert!(!store.finish_analysis(&jobs[0], "null").unwrap());
    // A move leaves the analyses queued; a takeback voids those after the positions it
    // keeps: the worker's analysis of a position gone is not stored.
    store.insert_move("g1", 2, "g1f3", 0).unwrap();
    assert_eq!(store.analysis("g1", 2).unwrap(), AnalysisState::Queued);
    store.truncate_moves("g1", 1).unwrap();
    assert!(!store.finish_analysis(&jobs[2], "null").unwrap());
    assert_eq!(store.analysis("g1", 2).unwrap(), AnalysisState::Absent);
    assert_eq!(store.analysis("g1", 1).unwrap(), AnalysisState::Queued);
    assert!(store.finish_analysis(&jobs[1], "null").unwrap());
    assert_eq!(
        store.analysis("g1", 1).unwrap(),
        AnalysisState::Made("null".into())
    );
    // A takeback to the start leaves the start's analysis.
    store.truncate_moves("g1", 0).unwrap();
    assert!(matches!(
        store.analysis("g1", 0).unwrap(),
        AnalysisState::Made(_)
    ));
    assert_eq!(store.analysis("g1", 1).unwrap(), AnalysisState::Absent);
}

/// The `jobs` table exactly as layout 4 made it, with one bot move queued, without layout
/// 6's people (accounts, ratings, seeks, puzzles; the games' players) and layout 7's
/// presence, and the database marked as at layout 4.
fn back_to_layout_4(store: &Store) {
    let (integer, serial, mark) = match store.backend_name() {
        "sqlite" => (
            "INTEGER",
            "INTEGER PRIMARY KEY AUTOINCREMENT",
            "PRAGMA user_version = 4;",
        ),
        _ => (
            "BIGINT",
            "BIGSERIAL PRIMARY KEY",
            "DELETE FROM boardlab_layout WHERE version > 4;",
        ),
    };
    store
        .execute_batch(&format!(
            "DROP TABLE presence;
             DROP TABLE chat;
             DROP TABLE puzzle_attempts;
             DROP TABLE puzzle_ratings;
             DROP TABLE seeks;
             DROP TABLE rating_changes;
             DROP TABLE ratings;
             DROP TABLE sessions;
             DROP TABLE accounts;
             DROP INDEX games_of_player1;
             DROP INDEX games_of_player2;
             ALTER TABLE games DROP COLUMN player1;
             ALTER TABLE games DROP COLUMN player2;
             ALTER TABLE games DROP COLUMN rated;
             DROP TABLE analyses;
             DROP TABLE jobs;
             CREATE TABLE jobs (
                 id {serial},
                 game_id TEXT NOT NULL UNIQUE REFERENCES games(id),
                 version {integer} NOT NULL,
                 client TEXT NOT NULL,
                 created_ms {integer} NOT NULL,
                 worker TEXT,
                 lease_until_ms {integer}
             );
             CREATE INDEX jobs_of_client ON jobs (client);
             INSERT INTO jobs (game_id, version, client, created_ms) VALUES ('m1', 7, 'C', 0);
             {mark}"
        ))
        .unwrap();
}

fn a_bot_move_queued_at_layout_4_is_still_owed_after_the_migration(fresh: Fresh) {
    let Some(db) = fresh("layout-4") else { return };
    let store = open(&db);
    store.insert_game(&bot_row("m1")).unwrap();
    local_game(&store, "g1", &[]);
    back_to_layout_4(&store);
    drop(store);
    let store = open(&db);
    assert_eq!(store.layout_version().unwrap(), LAYOUT_VERSION);
    let far = boardlab_web::clock::now_ms() + 60_000;
    let job = store.take_job("w", far, true).unwrap().unwrap();
    assert_eq!(
        (job.game.as_str(), job.version, job.task),
        ("m1", 7, Task::Move)
    );
    // The new layout holds one move per game and analyses beside it.
    store.queue_bot("m1", "C").unwrap();
    store.queue_analysis("g1", 0, "C").unwrap();
    let counts = store.job_counts().unwrap();
    assert_eq!((counts.moves.running, counts.analyses.waiting), (1, 1));
}

/// Each check of the suite as a test of each backend.
macro_rules! suite {
    ($($check:ident),* $(,)?) => {
        mod sqlite_store {
            $( #[test] fn $check() { super::$check(super::sqlite) } )*
        }
        mod postgres_store {
            $( #[test] fn $check() { super::$check(super::fresh_database) } )*
        }
    };
}

suite!(
    a_game_and_its_moves_come_back_as_stored,
    a_ply_stored_twice_is_a_conflict_and_changes_nothing,
    a_takeback_deletes_the_later_moves,
    endings_results_and_rematches_are_kept,
    a_pasted_text_is_stored_once_under_one_key,
    a_damaged_row_names_its_column,
    a_database_of_a_newer_layout_is_refused,
    the_queue_of_bot_moves_takes_turns_over_clients_and_outlives_a_lost_worker,
    analyses_are_jobs_after_the_bot_moves_and_are_kept_until_a_takeback,
    a_bot_move_queued_at_layout_4_is_still_owed_after_the_migration,
);

#[test]
fn servers_starting_together_on_one_postgres_database_migrate_once() {
    let Some(db) = fresh_database("migrate-together") else {
        return;
    };
    let start = Arc::new(Barrier::new(4));
    let stores: Vec<Store> = (0..4)
        .map(|_| {
            let (db, start) = (db.clone(), start.clone());
            std::thread::spawn(move || {
                start.wait();
                open(&db)
            })
        })
        .collect::<Vec<_>>()
        .into_iter()
        .map(|thread| thread.join().unwrap())
        .collect();
    for store in &stores {
        assert_eq!(store.layout_version().unwrap(), LAYOUT_VERSION);
    }
}

#[test]
fn two_stores_racing_for_one_ply_on_postgres_store_exactly_one_move() {
    let Some(db) = fresh_database("race") else {
        return;
    };
    let first = open(&db);
    first
        .insert_game(&stored_row("race", GameId::Obsidian))
        .unwrap();
    let second = Arc::new(open(&db));
    let first = Arc::new(first);
    for ply in 0..20 {
        let start = Arc::new(Barrier::new(2));
        let outcomes: Vec<Result<(), StoreError>> = [(first.clone(), "a"), (second.clone(), "b")]
            .into_iter()
            .map(|(store, mv)| {
                let start = start.clone();
                std::thread::spawn(move || {
                    start.wait();
                    store.insert_move("race", ply, mv, 0)
                })
            })
            .collect::<Vec<_>>()
            .into_iter()
            .map(|thread| thread.join().unwrap())
            .collect();
        let stored = outcomes.iter().filter(|outcome| outcome.is_ok()).count();
        assert_eq!(stored, 1, "ply {ply}: {outcomes:?}");
        assert!(
            outcomes
                .iter()
                .any(|outcome| matches!(outcome, Err(StoreError::Conflict { .. }))),
            "ply {ply}: {outcomes:?}"
        );
    }
    // Both see the same twenty moves.
    assert_eq!(first.load("race").unwrap().unwrap().1.len(), 20);
    assert_eq!(
        second.load("race").unwrap().unwrap().1,
        first.load("race").unwrap().unwrap().1
    );
}

#[test]
fn workers_taking_moves_at_once_from_postgres_each_get_their_own() {
    let Some(db) = fresh_database("skip-locked") else {
        return;
    };
    let store = Arc::new(open(&db));
    for n in 0..40 {
        let id = format!("g{n}");
        store.insert_game(&bot_row(&id)).unwrap();
        store.queue_bot(&id, &format!("client{}", n % 3)).unwrap();
    }
    let far = boardlab_web::clock::now_ms() + 60_000;
    let start = Arc::new(Barrier::new(4));
    let taken: Vec<String> = (0..4)
        .map(|w| {
            let (store, start) = (store.clone(), start.clone());
            std::thread::spawn(move || {
                start.wait();
                let mut mine = Vec::new();
                while let Some(job) = store.take_job(&format!("w{w}"), far, true).unwrap() {
                    mine.push(job.game);
                }
                mine
            })
        })
        .collect::<Vec<_>>()
        .into_iter()
        .flat_map(|thread| thread.join().unwrap())
        .collect();
    let mut unique = taken.clone();
    unique.sort();
    unique.dedup();
    assert_eq!((taken.len(), unique.len()), (40, 40), "{taken:?}");
}

#[test]
fn an_unreachable_postgres_database_is_a_clear_error() {
    // A port nothing listens on (a listener bound and closed at once).
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let db: Database = format!("postgres://someone:secret@127.0.0.1:{port}/games")
        .parse()
        .unwrap();
    let error = Store::open_serving(db, Arc::new(GameSet::built_in()))
        .err()
        .expect("no server there")
        .to_string();
    assert!(
        error.starts_with(&format!(
            "the database postgres://someone:***@127.0.0.1:{port}/games cannot be used: "
        )),
        "{error}"
    );
    assert!(!error.contains("secret"), "{error}");
}
