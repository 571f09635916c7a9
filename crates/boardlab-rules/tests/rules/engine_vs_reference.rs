//! The generic engine against the reference interpreter (tests/reference), move for move, on
//! every rules file in rules/ and rules/examples/ (found by listing the folders) and on a few
//! small games written here to reach the corners of the format (hoppers with ranges, lame
//! camels and zebras, nightriders over missing squares, chains on squares that open and
//! close, optional promotion, drops into zones on such squares, `no_moves = "win"`).
//!
//! From the start (seeded random games, the first player drawn where the file draws it), at
//! every position: the position texts, the sorted legal move texts, the text after every
//! move, the outcome and its reason, and the engine reading the text back. Normal runs
//! compare a few hundred positions per game; the ignored test compares many more.

use crate::reference;

use boardlab_core::{Outcome as CoreOutcome, Player, Position, WinReason};
use boardlab_rules::definition::Definition;
use boardlab_rules::engine::{BitSet, Bits256, RulesOptions, RulesPosition, intern};
use boardlab_rules::file::{read_file, read_str, with_options};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use reference::{Game, Outcome, Reason};

/// The rules files of a folder of the repository, sorted.
fn files_in(folder: &str) -> Vec<std::path::PathBuf> {
    let dir = format!("{}/../../{folder}", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
}

/// Every game to compare: the rules files, then the corner games of this file.
fn definitions() -> Vec<Definition> {
    let mut out: Vec<Definition> = ["rules", "rules/examples"]
        .iter()
        .flat_map(|folder| files_in(folder))
        .map(|path| read_file(&path).unwrap_or_else(|e| panic!("{e}")))
        .collect();
    for (name, text) in CORNERS {
        out.push(read_str(text, name, None).unwrap_or_else(|e| panic!("{e}")));
    }
    out
}

/// The file reader's `with_options` for the engine: a flag per option of the definition.
fn apply_options(definition: &Definition, flags: &[bool]) -> Result<Definition, String> {
    let choices: Vec<(&str, bool)> = definition
        .options
        .iter()
        .zip(flags)
        .map(|(option, &on)| (option.name.as_str(), on))
        .collect();
    with_options(definition, &choices).map_err(|e| e.to_string())
}

/// Compares the engine and the reference on `positions` positions of random games of the
/// definition, on the smallest bit set that holds its board.
fn compare(definition: &Definition, positions: usize) {
    let squares = usize::from(definition.board.width) * usize::from(definition.board.height);
    if squares <= 64 {
        compare_on::<u64>(definition, positions);
    } else if squares <= 128 {
        compare_on::<u128>(definition, positions);
    } else {
        compare_on::<Bits256>(definition, positions);
    }
}

fn compare_on<B: BitSet>(definition: &Definition, positions: usize) {
    let id = definition.id.clone();
    let game = intern(definition.clone(), Some(apply_options as _))
        .unwrap_or_else(|e| panic!("{id}: {e}"));
    let options = RulesOptions::new(game);
    let reference = Game::new(definition.clone());
    let mut rng = SmallRng::seed_from_u64(0x5eed);
    let mut compared = 0;
    let mut finished = 0;
    while compared < positions {
        let first = rng.random_range(0..2usize);
        let player = if first == 0 { Player::One } else { Player::Two };
        let mut engine = RulesPosition::<B>::start_with_first(options, player);
        let mut ours = reference.start(first);
        loop {
            compare_position(&reference, &ours, &engine);
            compared += 1;
            let moves = reference.legal_moves(&ours);
            if moves.is_empty() || compared >= positions {
                finished += usize::from(moves.is_empty());
                break;
            }
            let (text, next) = &moves[rng.random_range(0..moves.len())];
            engine
                .play_text(text)
                .unwrap_or_else(|e| panic!("{id}: {text}: {e}"));
            ours = next.clone();
        }
    }
    eprintln!("{id}: {compared} positions, {finished} games finished");
}

/// Compares one position of the two.
fn compare_position<P: Position>(reference: &Game, ours: &reference::Position, engine: &P) {
    let id = &reference.def.id;
    let text = reference.format_position(ours);
    assert_eq!(engine.to_string(), text, "{id}: position text");
    let back = P::from_text(&text, engine.rules()).unwrap_or_else(|e| panic!("{id}: {text}: {e}"));
    assert_eq!(&back, engine, "{id}: {text} read back");
    let moves = reference.legal_moves(ours);
    let texts: Vec<&str> = moves.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(engine.legal_move_texts(), texts, "{id}: moves of {text}");
    for (move_text, next) in &moves {
        let mut after = *engine;
        after
            .play_text(move_text)
            .unwrap_or_else(|e| panic!("{id}: {text} {move_text}: {e}"));
        let expected = reference.format_position(next);
        assert_eq!(after.to_string(), expected, "{id}: {text} then {move_text}");
    }
    assert_eq!(
        outcome_of(engine.outcome()),
        reference.outcome(ours),
        "{id}: outcome of {text}"
    );
}

/// The engine's outcome in the reference's terms (a draw can only come from `no_moves`:
/// the engine's outcome leaves the draw rules to the game's history).
fn outcome_of(outcome: Option<CoreOutcome>) -> Option<Outcome> {
    outcome.map(|o| match o {
        CoreOutcome::Win { winner, reason } => Outcome::Win {
            winner: winner.index(),
            reason: match reason {
                WinReason::KeyPieceCaptured(_) => Reason::Royal,
                WinReason::ReachedGoal => Reason::Goal,
                WinReason::NoPiecesLeft => Reason::NoPieces,
                // The reference names no-move ends alike; the winner tells them apart.
                WinReason::NoLegalMove | WinReason::OutOfMoves => Reason::NoMoves,
            },
        },
        CoreOutcome::Draw(_) => Outcome::Draw,
    })
}

#[test]
fn the_engine_plays_every_rules_file_as_the_reference_does() {
    for definition in definitions() {
        compare(&definition, 300);
    }
}

#[test]
#[ignore = "long: run in release (cargo test --release -- --ignored)"]
fn the_engine_plays_every_rules_file_as_the_reference_does_at_length() {
    for definition in definitions() {
        compare(&definition, 20_000);
    }
}

/// Small games that reach the corners of the format, as (file name, text).
const CORNERS: [(&str, &str); 4] = [
    ("corner-riders.toml", CORNER_RIDERS),
    ("corner-chains.toml", CORNER_CHAINS),
    ("corner-drops.toml", CORNER_DROPS),
    ("corner-holes.toml", CORNER_HOLES),
];

/// Hoppers with a range, lame camels and zebras, an optional promotion with one choice,
/// and a player without moves winning.
const CORNER_RIDERS: &str = r#"
title = "Corner: riders"
start = "k1z1c1p1/2P5/8/1c2C3/8/5p2/2P5/1C1Z1K2"
[board]
width = 8
height = 8
[pieces.king]
letters = ["K", "k"]
moves = "K"
royal = true
[pieces.cannon]
letters = ["C", "c"]
moves = "mR3cpR5"
[pieces.zebra]
letters = ["Z", "z"]
moves = "nZnC"
[pieces.pawn]
letters = ["P", "p"]
moves = "fWfcF"
[pieces.pawn.promotion]
ranks = 2
to = ["cannon"]
compulsory = false
[end]
no_moves = "win"
"#;

/// Men that capture straight forward in chains, compulsorily, on a board whose red files
/// open with an even count and blue ones with an odd count: a chain of two jumps along a
/// red file may be open where its first jump alone would not be.
const CORNER_CHAINS: &str = r#"
title = "Corner: chains"
start = "bbbbbb/1b1b1b/6/6/w1w1w1/wwwwww"
[board]
width = 6
height = 6
rows = ["BRBUBR", "BRBUBR", "BRBUBR", "BRBUBR", "BRBUBR", "BRBUBR"]
[board.kinds.B]
name = "black"
[board.kinds.R]
name = "red"
open = "even"
[board.kinds.U]
name = "blue"
open = "odd"
[pieces.man]
letters = ["w", "b"]
moves = "mfWmsW"
jumps = "fW"
chain = true
[captures]
compulsory = true
[end]
capture_all = true
goal = { pieces = ["man"], ranks = 1 }
"#;

/// Drops into zones on squares that open and close, captures only once the king is on
/// the board, and compulsory captures.
const CORNER_DROPS: &str = r#"
title = "Corner: drops"
start = "5/5/5/5/5[K2R2Pk2r2p]"
[board]
width = 5
height = 5
rows = ["BBRBB", "BUBUB", "RBBBR", "BUBUB", "BBRBB"]
[board.kinds.B]
name = "plain"
[board.kinds.R]
name = "red"
open = "even"
[board.kinds.U]
name = "blue"
open = "odd"
[pieces.king]
letters = ["K", "k"]
moves = "K"
royal = true
[pieces.rook]
letters = ["R", "r"]
moves = "R"
[pieces.pawn]
letters = ["P", "p"]
moves = "fW"
[captures]
compulsory = true
requires_on_board = "king"
[drops]
captures_to_hand = true
zones = { pawn = [1, 3], king = [1, 2] }
[end]
progress = { captures = true, drops = true }
"#;

/// Missing squares: riders stop at them, leapers leap over them, a nightrider's line ends
/// at one; pieces that promote by choice among two.
const CORNER_HOLES: &str = r#"
title = "Corner: holes"
start = "r1n1kq/pp2pp/6/6/PP2PP/QK1N1R"
[board]
width = 6
height = 6
rows = ["OOOOOO", "OOOOOO", "OXOOXO", "OXOOXO", "OOOOOO", "OOOOOO"]
[board.kinds.O]
name = "square"
[board.kinds.X]
name = "hole"
exists = false
[pieces.king]
letters = ["K", "k"]
moves = "K"
royal = true
[pieces.rook]
letters = ["R", "r"]
moves = "R"
[pieces.night]
letters = ["N", "n"]
moves = "NN"
[pieces.queen]
letters = ["Q", "q"]
moves = "Q"
[pieces.pawn]
letters = ["P", "p"]
moves = "fmWfcF"
[pieces.pawn.promotion]
to = ["rook", "night"]
"#;
