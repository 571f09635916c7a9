//! The conformance suite every game passes, one line per game and rule variant: the
//! independent perft counts, agreement with the game's plain second implementation on
//! random positions, text round-trips of positions and moves, the incremental hash against
//! one computed from scratch, the legal moves against what the move parser accepts and what
//! `try_play` plays, the outcome against an empty move list, and no panic on any input
//! string.
//!
//! What is truly one game's own (its plain reference implementation, its error messages,
//! its special rules) stays in that game's test files.

use crate::oracle;
use crate::reference;

use boardlab_core::perft::perft;
use boardlab_core::record::{GameRecord, RecordResult};
use boardlab_core::{Encoding, Evaluate, GameHistory, Player, Position, RuleOptions};
use boardlab_games::daisy::Daisy;
use boardlab_games::obsidian::Obsidian;
use boardlab_games::parity::{Parity, ParityRules};
use boardlab_games::sprint::{Sprint, SprintRules};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;

/// The largest perft count checked here (deeper rows run in the games' `#[ignore]` tests).
const MAX_NODES: u64 = 1_000_000;

/// One game under one set of rules: what the suite checks it against.
struct Case<P: Position<Rules: Default>> {
    rules: P::Rules,
    /// The rule options as the oracle tables write them (`backward_captures=true`).
    assignments: &'static [&'static str],
    /// The oracle table, if the game has one for these rules.
    oracle: Option<&'static str>,
    /// The first player of the random games: both, for games that draw it.
    firsts: &'static [Player],
    /// The game's plain second implementation (`tests/reference/`): each legal move with
    /// the position it leads to.
    reference: fn(&P) -> Vec<(String, String)>,
}

/// Runs the whole suite on one case; returns how many positions were checked.
fn conform<P: Position<Rules: Default>>(case: Case<P>) -> usize {
    if let Some(file) = case.oracle {
        perft_matches_the_oracle(file, &case);
    }
    let mut rng =
        StdRng::seed_from_u64(0x5eed ^ P::start(P::Rules::default()).game_id().len() as u64);
    let mut checked = 0;
    let mut seen_moves: Vec<P::Move> = Vec::new();
    for game in 0..40 {
        let first = case.firsts[game % case.firsts.len()];
        let mut position = P::start_with_first(case.rules, first);
        for _ in 0..300 {
            check_position(&position, &seen_moves);
            agrees_with_the_reference(&position, case.reference);
            checked += 1;
            let moves = position.legal_move_list();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            if seen_moves.len() < 200 {
                seen_moves.push(mv);
            }
            position.play(mv);
        }
    }
    no_string_makes_a_parser_panic::<P>(case.rules, &mut rng);
    records_read_back::<P>(case.rules, case.firsts, &mut rng);
    checked
}

/// Random games (draw rules included) written as records, with the result left open as a
/// caller might: each reads back, replays to the same moves and end, and carries the
/// rules' result when they ended the game.
fn records_read_back<P: Position<Rules: Default>>(
    rules: P::Rules,
    firsts: &[Player],
    rng: &mut StdRng,
) {
    for game in 0..10 {
        let first = firsts[game % firsts.len()];
        let mut history = GameHistory::new(P::start_with_first(rules, first));
        while history.outcome().is_none() && history.moves().len() < 300 {
            let moves = history.current().legal_move_list();
            history
                .play(moves[rng.random_range(0..moves.len())])
                .expect("a legal move plays");
        }
        let written =
            GameRecord::from_history(&history, "one", "two", RecordResult::Unfinished, "test")
                .to_string();
        let replayed = GameRecord::parse(&written)
            .and_then(|record| record.replay_with::<P>(rules))
            .unwrap_or_else(|e| {
                panic!(
                    "{}: a written record does not replay: {e}\n{written}",
                    P::start(P::Rules::default()).game_id()
                )
            });
        assert_eq!(replayed.moves(), history.moves(), "{written}");
        assert_eq!(replayed.outcome(), history.outcome(), "{written}");
        if let Some(outcome) = history.outcome() {
            assert!(
                written.contains(&format!("[Result \"{}\"]", outcome.score_text())),
                "{written}"
            );
        }
    }
}

fn perft_matches_the_oracle<P: Position<Rules: Default>>(file: &str, case: &Case<P>) {
    oracle::assert_copy_matches_shared(file);
    let wanted: Vec<String> = case.assignments.iter().map(|a| a.to_string()).collect();
    let mut checked = 0;
    for row in oracle::rows(file) {
        if row.nodes > MAX_NODES || row.rules != wanted {
            continue;
        }
        let position = P::from_text(&row.position, case.rules).unwrap_or_else(|e| {
            panic!(
                "{}: oracle position: {e}",
                P::start(P::Rules::default()).game_id()
            )
        });
        assert_eq!(
            perft(&position, row.depth),
            row.nodes,
            "{}: perft({}) of '{}' {:?}",
            P::start(P::Rules::default()).game_id(),
            row.depth,
            row.position,
            case.assignments
        );
        checked += 1;
    }
    assert!(
        checked > 0,
        "{}: no oracle row checked in {file}",
        P::start(P::Rules::default()).game_id()
    );
}

/// Everything the suite asks of one position: the invariants of
/// [`check_position`](boardlab_core::conformance::check_position), and for moves of other
/// positions that the move reader takes only this position's legal moves, and that
/// `try_play` plays exactly the legal ones and leaves the position alone otherwise.
fn check_position<P: Position>(position: &P, other_moves: &[P::Move]) {
    boardlab_core::conformance::check_position(position);
    let moves = position.legal_move_list();
    for &other in other_moves {
        let text = other.to_string();
        if let Ok(mv) = position.parse_move(&text) {
            assert!(
                moves.contains(&mv),
                "{}: '{text}' accepted in '{position}' but not legal",
                position.game_id()
            );
        }
        let legal = moves.contains(&other);
        let mut tried = *position;
        match tried.try_play(other) {
            Ok(()) => {
                assert!(
                    legal,
                    "{}: try_play took '{text}' in '{position}'",
                    position.game_id()
                );
                let mut played = *position;
                played.play(other);
                assert_eq!(
                    tried,
                    played,
                    "{}: try_play and play differ",
                    position.game_id()
                );
            }
            Err(error) => {
                assert!(
                    !legal,
                    "{}: try_play refused legal '{text}': {error}",
                    position.game_id()
                );
                assert_eq!(
                    &tried,
                    position,
                    "{}: a refused move changed the position",
                    position.game_id()
                );
            }
        }
    }
}

/// The plain implementation finds the same legal moves, written the same way, and each
/// leads to the same position (placement, reserves and side to move).
fn agrees_with_the_reference<P: Position<Rules: Default>>(
    position: &P,
    reference: fn(&P) -> Vec<(String, String)>,
) {
    let plain: BTreeMap<String, String> = reference(position).into_iter().collect();
    let fast: BTreeMap<String, String> = position
        .legal_move_list()
        .iter()
        .map(|&mv| {
            let mut next = *position;
            next.play(mv);
            (mv.to_string(), next.to_string())
        })
        .collect();
    assert_eq!(
        fast.keys().collect::<Vec<_>>(),
        plain.keys().collect::<Vec<_>>(),
        "{}: legal moves of '{position}' differ from the plain implementation's",
        P::start(P::Rules::default()).game_id()
    );
    for (mv, after) in &fast {
        assert_eq!(
            board_and_side(after),
            board_and_side(&plain[mv]),
            "{}: '{mv}' from '{position}' leads elsewhere by the plain implementation",
            P::start(P::Rules::default()).game_id()
        );
    }
}

/// The placement (with any reserves) and the side to move of a position line.
fn board_and_side(text: &str) -> Vec<&str> {
    text.split_whitespace().take(2).collect()
}

/// Random strings, and mutations of real position and move texts, never make the position
/// or move parser panic; what they accept writes back and reads again.
fn no_string_makes_a_parser_panic<P: Position<Rules: Default>>(rules: P::Rules, rng: &mut StdRng) {
    const ALPHABET: &[u8] = b"abcdefghijABCDEFGHwbWBRU0123456789/[] @x-+.\n\t";
    let start = P::start(rules).to_string();
    for round in 0..3000 {
        let text: String = if round % 2 == 0 {
            (0..rng.random_range(0..40))
                .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
                .collect()
        } else {
            let mut bytes = start.clone().into_bytes();
            for _ in 0..rng.random_range(1..4) {
                let at = rng.random_range(0..bytes.len());
                bytes[at] = ALPHABET[rng.random_range(0..ALPHABET.len())];
            }
            String::from_utf8_lossy(&bytes).into_owned()
        };
        if let Ok(position) = P::from_text(&text, rules) {
            let again = P::from_text(&position.to_string(), rules);
            assert_eq!(
                again.as_ref(),
                Ok(&position),
                "'{text}' read, written and read"
            );
        }
        let _ = P::start(rules).parse_move(&text);
    }
}

/// The soak: `SOAK_GAMES` random games (a million by default) per game and rule variant,
/// every position checked as above (without the foreign move texts). Hours of work: run it
/// by hand (README, "Soak").
fn soak<P: Position>(rules: P::Rules, firsts: &[Player]) {
    if std::env::var("SOAK_ONLY").is_ok_and(|only| only != rules.game()) {
        return;
    }
    let games: u64 = std::env::var("SOAK_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1_000_000);
    let mut rng = StdRng::seed_from_u64(
        std::env::var("SOAK_SEED")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(1),
    );
    let started = std::time::Instant::now();
    let mut positions = 0u64;
    for game in 0..games {
        let mut position = P::start_with_first(rules, firsts[game as usize % firsts.len()]);
        loop {
            check_position(&position, &[]);
            positions += 1;
            let moves = position.legal_move_list();
            if moves.is_empty() {
                break;
            }
            position.play(moves[rng.random_range(0..moves.len())]);
        }
    }
    eprintln!(
        "{} ({}): {games} games, {positions} positions checked in {:.1} s",
        rules.game(),
        rules.describe(),
        started.elapsed().as_secs_f64()
    );
}

/// The soak of one game: its default rules and each on-off variant, from each player who
/// may move first.
fn soak_game<P: Evaluate + Encoding>(rules: P::Rules) {
    let firsts: &[Player] = if rules.first_player_drawn() {
        &[Player::One, Player::Two]
    } else {
        &[Player::One]
    };
    soak::<P>(rules, firsts);
    for variant in rules.on_off_variants() {
        soak::<P>(variant, firsts);
    }
}

#[test]
#[ignore = "the soak: a million random games per game, hours; SOAK_GAMES=N for fewer"]
fn soak_every_game() {
    every_game!(soak_game);
}

#[test]
fn obsidian_conforms() {
    conform::<Obsidian>(Case {
        rules: Default::default(),
        assignments: &[],
        oracle: Some("obsidian.perft"),
        reference: reference::obsidian::successors,
        firsts: &[Player::One],
    });
}

#[test]
fn daisy_conforms() {
    conform::<Daisy>(Case {
        rules: Default::default(),
        assignments: &[],
        oracle: Some("daisy.perft"),
        reference: reference::daisy::successors,
        firsts: &[Player::One],
    });
}

#[test]
fn sprint_conforms() {
    conform::<Sprint>(Case {
        rules: SprintRules::default(),
        assignments: &[],
        oracle: Some("sprint.perft"),
        reference: reference::sprint::successors,
        firsts: &[Player::One],
    });
}

#[test]
fn sprint_with_backward_captures_conforms() {
    conform::<Sprint>(Case {
        rules: SprintRules::from_assignments(&["backward_captures=true"]).unwrap(),
        assignments: &["backward_captures=true"],
        oracle: Some("sprint.perft"),
        reference: reference::sprint::successors,
        firsts: &[Player::One],
    });
}

#[test]
fn parity_conforms() {
    conform::<Parity>(Case {
        rules: ParityRules::default(),
        assignments: &[],
        oracle: Some("parity.perft"),
        reference: reference::parity::successors,
        firsts: &[Player::One, Player::Two],
    });
}

#[test]
fn parity_on_another_board_conforms() {
    let mut rules = ParityRules::default();
    rules
        .load_board("BWBWB\nRUWRU\nWRBUW\nURWUR\nBWBWB\n")
        .unwrap();
    conform::<Parity>(Case {
        rules,
        assignments: &[],
        oracle: None,
        reference: reference::parity::successors,
        firsts: &[Player::One, Player::Two],
    });
}
