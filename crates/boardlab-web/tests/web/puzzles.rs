//! Puzzles: every Sprint puzzle the server has is proven again by the solver to have exactly
//! one winning move; so is every Parity puzzle within tablebases of 3 pieces a side (a sample;
//! the whole set, with 4 a side, in an ignored test); and the API gives puzzles without their
//! solutions, checks answers, refuses bad ones, and rates a signed-in player's first answer
//! by Glicko-2.

use boardlab_ai::puzzles::{Puzzle, unique_win};
use boardlab_ai::solver::Solver;
use boardlab_core::{Position, ValueOracle};
use boardlab_games::parity::tablebase::{self, BuildOptions, Geometry};
use boardlab_games::parity::{Parity, ParityRules};
use boardlab_games::sprint::{Sprint, SprintRules};
use boardlab_rating::{Rating, Score};
use boardlab_web::client::Client;
use boardlab_web::puzzles::PuzzleSet;
use boardlab_web::testing::{start_background, test_database};
use serde_json::{Value, json};
use std::path::PathBuf;

/// Checks that each puzzle's position has exactly one winning move, the puzzle's own, and
/// the win it says; how many were checked.
fn check<P: Position>(
    puzzles: &[Puzzle],
    rules: P::Rules,
    solver: &mut Solver<P>,
    within: impl Fn(&P) -> bool,
) -> usize {
    let mut checked = 0;
    for puzzle in puzzles {
        let position = P::from_text(&puzzle.position, rules).expect("a puzzle's position reads");
        if !within(&position) {
            continue;
        }
        let found = unique_win(solver, &position).expect("the solver values every move");
        assert_eq!(
            found,
            Some((puzzle.solution.clone(), puzzle.win_in_plies)),
            "puzzle {}",
            puzzle.id
        );
        assert_eq!(
            position.count_legal_moves() as usize,
            puzzle.legal_moves,
            "{}",
            puzzle.id
        );
        checked += 1;
    }
    checked
}

#[test]
fn every_sprint_puzzle_has_exactly_one_winning_move_by_the_solver() {
    let puzzles = PuzzleSet::embedded().of_game("sprint");
    let mut solver = Solver::new(None, 50_000_000);
    let checked = check::<Sprint>(puzzles, SprintRules::default(), &mut solver, |_| true);
    assert_eq!(checked, puzzles.len());
    assert!(checked >= 100);
}

/// Parity's default board's tablebases up to `pieces` a side, in a fresh folder.
fn parity_tablebases(pieces: u32) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "boardlab-puzzle-tb-{pieces}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    let geometry = Geometry::new(ParityRules::default().layout).unwrap();
    let options = BuildOptions {
        max_white: pieces,
        max_black: pieces,
        threads: 2,
    };
    tablebase::build(&geometry, &dir, options, &tablebase::Quiet).unwrap();
    dir
}

fn check_parity(pieces: u32) -> (usize, usize) {
    let dir = parity_tablebases(pieces);
    let rules = ParityRules::default();
    let oracle: Box<dyn ValueOracle<Parity>> = Parity::open_tablebases(&dir, rules).unwrap();
    let mut solver = Solver::new(Some(oracle), 1);
    let puzzles = PuzzleSet::embedded().of_game("parity");
    let checked = check::<Parity>(puzzles, rules, &mut solver, |position| {
        position.material().iter().all(|&count| count <= pieces)
    });
    let _ = std::fs::remove_dir_all(&dir);
    (checked, puzzles.len())
}

#[test]
fn parity_puzzles_within_three_pieces_a_side_have_one_winning_move_by_the_tablebases() {
    let (checked, all) = check_parity(3);
    assert!(
        checked >= 5,
        "only {checked} of {all} puzzles fit 3 pieces a side"
    );
}

#[test]
#[ignore = "builds Parity's tablebases up to 4 pieces a side (~20 s in release, 105 MB)"]
fn every_parity_puzzle_has_one_winning_move_by_the_tablebases() {
    let (checked, all) = check_parity(4);
    assert_eq!(checked, all);
}

fn error_of(reply: &boardlab_web::client::Reply) -> String {
    reply.json()["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no JSON error: {} {}", reply.status, reply.body))
        .to_string()
}

#[test]
fn the_api_gives_puzzles_without_solutions_checks_answers_and_rates_a_first_answer() {
    let addr = start_background(test_database("puzzles-api"), 1);
    let mut c = Client::connect(addr).unwrap();
    let r = c.get("/api/puzzles/next?game=sprint").unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    let shown = r.json();
    let id = shown["id"].as_str().unwrap().to_string();
    let puzzle = PuzzleSet::embedded().get(&id).unwrap().clone();
    assert!(shown.get("solution").is_none(), "{shown}");
    assert_eq!(shown["position"], puzzle.position.as_str());
    assert_eq!(shown["theme"], puzzle.theme.as_str());
    assert!(shown["view"]["cells"].is_array());
    assert_eq!(
        shown["legal"].as_array().unwrap().len(),
        puzzle.legal_moves,
        "{shown}"
    );
    assert_eq!(
        shown["legal_moves"].as_array().unwrap().len(),
        puzzle.legal_moves
    );

    // Refusals: a game without puzzles, an unknown puzzle, an illegal move, a bad body.
    let r = c.get("/api/puzzles/next?game=nothing").unwrap();
    assert_eq!(r.status, 400);
    assert!(
        error_of(&r).contains("obsidian, parity, sprint"),
        "{}",
        r.body
    );
    assert_eq!(c.get("/api/puzzles/sprint-0000").unwrap().status, 404);
    let r = c
        .post(
            &format!("/api/puzzles/{id}/answer"),
            &json!({ "move": "a1a9" }).to_string(),
        )
        .unwrap();
    assert_eq!(r.status, 400);
    assert!(error_of(&r).contains(&puzzle.solution), "{}", r.body);
    let r = c
        .post(&format!("/api/puzzles/{id}/answer"), "{\"mv\": 1}")
        .unwrap();
    assert_eq!(r.status, 400, "{}", r.body);

    // A wrong answer, then the right one (signed out: nobody's rating changes).
    let wrong = shown["legal"]
        .as_array()
        .unwrap()
        .iter()
        .find_map(|m| m.as_str().filter(|m| *m != puzzle.solution))
        .unwrap()
        .to_string();
    let r = c
        .post(
            &format!("/api/puzzles/{id}/answer"),
            &json!({ "move": wrong }).to_string(),
        )
        .unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["correct"], false);
    assert_eq!(r.json()["solution"], puzzle.solution.as_str());
    assert_eq!(r.json()["rating"], Value::Null);

    // Signed in: the first answer is a rated game against the puzzle.
    c.post(
        "/api/accounts",
        &json!({ "name": "Solver", "password": "solver password" }).to_string(),
    )
    .unwrap();
    let r = c
        .post(
            &format!("/api/puzzles/{id}/answer"),
            &json!({ "move": puzzle.solution }).to_string(),
        )
        .unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    let answer = r.json();
    assert_eq!(answer["correct"], true);
    let (mine, _) = boardlab_rating::rate_game(Rating::NEW, Rating::NEW, Score::Win);
    assert!(
        (answer["rating"]["rating"].as_f64().unwrap() - mine.rating).abs() < 0.01,
        "{answer}"
    );
    assert!(answer["change"].as_f64().unwrap() > 0.0);
    // A second answer to it changes nothing, and the next puzzle is another one.
    let again = c
        .post(
            &format!("/api/puzzles/{id}/answer"),
            &json!({ "move": puzzle.solution }).to_string(),
        )
        .unwrap()
        .json();
    assert_eq!(again["rating"], Value::Null);
    for _ in 0..10 {
        let next = c.get("/api/puzzles/next?game=sprint").unwrap().json();
        assert_ne!(next["id"], id.as_str());
    }
    let profile = c.get("/api/players/Solver").unwrap().json();
    assert_eq!(profile["ratings"]["puzzles"]["games"], 1, "{profile}");
}

/// Checks a sample of a searched game's puzzles: each parses, its answer is legal, and a
/// search again at the puzzle's depth scores the answer alone as winning by the margins of
/// `boardlab_ai::puzzles::deep`; how many were searched again.
fn check_searched<P: boardlab_core::Evaluate>(game: &str, rules: P::Rules, sample: usize) -> usize {
    use boardlab_ai::puzzles::deep::{OTHERS_AT_MOST, WINNING, score_moves};
    let puzzles = PuzzleSet::embedded().of_game(game);
    assert!(puzzles.len() >= 10, "{game}: {}", puzzles.len());
    for puzzle in puzzles {
        let position = P::from_text(&puzzle.position, rules).expect("a puzzle's position reads");
        position
            .parse_move(&puzzle.solution)
            .expect("the answer is legal");
        assert_eq!(position.count_legal_moves() as usize, puzzle.legal_moves);
    }
    for puzzle in puzzles.iter().take(sample) {
        let position = P::from_text(&puzzle.position, rules).unwrap();
        let proof = puzzle.search.as_ref().expect("a searched puzzle says how");
        let scores = score_moves(&position, proof.depth);
        assert_eq!(scores[0].0, puzzle.solution, "{}", puzzle.id);
        assert_eq!(
            (scores[0].1, scores[1].1),
            (proof.best, proof.second),
            "{}",
            puzzle.id
        );
        assert!(
            proof.best >= WINNING && proof.second <= OTHERS_AT_MOST,
            "{}",
            puzzle.id
        );
    }
    sample.min(puzzles.len())
}

#[test]
fn obsidian_puzzles_are_legal_and_a_sample_searched_again_has_one_winning_move() {
    use boardlab_games::obsidian::Obsidian;
    assert_eq!(
        check_searched::<Obsidian>("obsidian", Default::default(), 10),
        10
    );
}

#[test]
fn daisy_puzzles_are_legal_and_a_sample_searched_again_has_one_winning_move() {
    use boardlab_games::daisy::Daisy;
    // Daisy's drops make each search wide: two are searched again here (all of them with
    // the generator's own check when the file is made).
    assert_eq!(check_searched::<Daisy>("daisy", Default::default(), 2), 2);
}

#[test]
fn the_api_serves_obsidian_puzzles() {
    let addr = start_background(test_database("puzzles-obsidian"), 1);
    let mut c = Client::connect(addr).unwrap();
    // The games with puzzles, as the page lists them.
    let games = c.get("/api/puzzles").unwrap().json();
    let listed: Vec<&str> = games["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["game"].as_str().unwrap())
        .collect();
    for game in ["sprint", "parity", "obsidian", "daisy"] {
        assert!(listed.contains(&game), "{games}");
    }
    assert!(
        games["games"]
            .as_array()
            .unwrap()
            .iter()
            .all(|g| g["count"].as_u64().unwrap() > 0)
    );
    let r = c.get("/api/puzzles/next?game=obsidian").unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_str().unwrap().to_string();
    let puzzle = PuzzleSet::embedded().get(&id).unwrap().clone();
    assert_eq!(puzzle.game, "obsidian");
    let r = c
        .post(
            &format!("/api/puzzles/{id}/answer"),
            &json!({ "move": puzzle.solution }).to_string(),
        )
        .unwrap();
    assert_eq!(r.json()["correct"], true, "{}", r.body);
}
