//! The reference interpreter (tests/reference) checked on the seed rules files against the
//! hand-written engines of `boardlab-games` (random games from the start, every legal move's
//! text and resulting position compared) and against the independent oracle perft counts
//! (crates/boardlab-games/tests/oracle, copies of the shared oracle tables).

use crate::reference;

use boardlab_core::{Player, Position};
use boardlab_games::sprint::SprintRules;
use boardlab_games::{Daisy, Obsidian, Parity, Sprint};
use boardlab_rules::file::read_file;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use reference::{Game, Outcome};

/// The reference game of a rules file in the repository's rules/ folder.
fn game(file: &str) -> Game {
    let path = format!("{}/../../rules/{file}", env!("CARGO_MANIFEST_DIR"));
    Game::new(read_file(&path).unwrap_or_else(|e| panic!("{e}")))
}

/// Plays `games` random games of at most `plies` plies from `start` (the hand-written
/// engine's) and the reference game's start with the same first player, comparing at every
/// position the legal move texts, the position after each move, the outcome and the
/// position text read back.
fn compare<P: Position>(game: &Game, start: P, first: usize, games: u64, plies: usize) {
    let (mut positions, mut finished) = (0, 0);
    for seed in 0..games {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut ours = game.start(first);
        let mut theirs = start;
        assert_eq!(game.format_position(&ours), theirs.to_string(), "start");
        for _ in 0..plies {
            let text = theirs.to_string();
            let read = game
                .parse_position(&text)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(read, ours, "{text} read back");
            let moves = game.legal_moves(&ours);
            let texts: Vec<&str> = moves.iter().map(|(t, _)| t.as_str()).collect();
            assert_eq!(texts, theirs.legal_move_texts(), "moves in {text}");
            for (move_text, next) in &moves {
                let mut after = theirs;
                after
                    .play_text(move_text)
                    .unwrap_or_else(|e| panic!("{text} {move_text}: {e}"));
                assert_eq!(
                    game.format_position(next),
                    after.to_string(),
                    "{text} then {move_text}"
                );
            }
            let winner = |o: Option<Outcome>| match o {
                Some(Outcome::Win { winner, .. }) => Some(winner),
                _ => None,
            };
            let expected = theirs.outcome().and_then(|o| o.winner()).map(|p| p.index());
            assert_eq!(winner(game.outcome(&ours)), expected, "outcome of {text}");
            positions += 1;
            if moves.is_empty() {
                finished += 1;
                break;
            }
            let (move_text, next) = &moves[rng.random_range(0..moves.len())];
            theirs.play_text(move_text).expect("a legal move");
            ours = next.clone();
        }
    }
    eprintln!(
        "{}: {positions} positions compared, {finished} games finished",
        game.def.id
    );
    assert!(finished > 0, "no game of {} finished", game.def.id);
}

#[test]
fn obsidian_plays_as_the_hand_written_engine() {
    compare(
        &game("obsidian.toml"),
        Obsidian::start(Default::default()),
        0,
        12,
        150,
    );
}

#[test]
fn daisy_plays_as_the_hand_written_engine() {
    compare(
        &game("daisy.toml"),
        Daisy::start(Default::default()),
        0,
        4,
        400,
    );
}

#[test]
fn sprint_plays_as_the_hand_written_engine() {
    compare(
        &game("sprint.toml"),
        Sprint::start(Default::default()),
        0,
        60,
        60,
    );
}

#[test]
fn sprint_backward_plays_as_the_hand_written_engine_with_backward_captures() {
    let rules = SprintRules {
        backward_captures: true,
    };
    compare(
        &game("sprint-backward.toml"),
        Sprint::start(rules),
        0,
        60,
        60,
    );
}

#[test]
fn parity_plays_as_the_hand_written_engine_whoever_moves_first() {
    let parity = game("parity.toml");
    for (first, player) in [(0, Player::One), (1, Player::Two)] {
        let start = Parity::start_with_first(Default::default(), player);
        compare(&parity, start, first, 40, 120);
    }
}

/// The oracle's perft lines for `game` up to `max_nodes` nodes: (position, depth, nodes,
/// rule options).
fn oracle(game: &str, max_nodes: u64) -> Vec<(String, u32, u64, String)> {
    let path = format!(
        "{}/../boardlab-games/tests/oracle/{game}.perft",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let rules = f.get(3).copied().unwrap_or("").trim().to_string();
            (
                f[0].to_string(),
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
                rules,
            )
        })
        .filter(|(_, _, nodes, _)| *nodes <= max_nodes)
        .collect()
}

/// Checks the reference perft of a rules file against the oracle lines of `name`.
fn check_oracle(name: &str, file: &str, options_file: &str, max_nodes: u64) {
    let plain = game(file);
    let with_options = game(options_file);
    let lines = oracle(name, max_nodes);
    eprintln!("{name}: {} oracle counts", lines.len());
    for (position, depth, nodes, rules) in lines {
        let game = if rules.is_empty() {
            &plain
        } else {
            &with_options
        };
        let start = game
            .parse_position(&position)
            .unwrap_or_else(|e| panic!("{position}: {e}"));
        assert_eq!(
            game.perft(&start, depth),
            nodes,
            "{position} depth {depth} {rules}"
        );
    }
}

#[test]
fn perft_matches_the_oracle() {
    check_oracle("obsidian", "obsidian.toml", "obsidian.toml", 40_000);
    check_oracle("daisy", "daisy.toml", "daisy.toml", 100_000);
    check_oracle("sprint", "sprint.toml", "sprint-backward.toml", 40_000);
    check_oracle("parity", "parity.toml", "parity.toml", 40_000);
}
