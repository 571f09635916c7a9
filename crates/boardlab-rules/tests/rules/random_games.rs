//! Random definitions: the engine either refuses one with a reason or plays it without a
//! panic, keeping the core's invariants under random play (text round trip, incremental
//! hash, move texts that read back and differ, counting equal to generating, an outcome
//! exactly when there is no move), the same moves on every bit-set type that holds the
//! board, and the same moves as a plain generator written from the definition's semantics
//! (`common/reference.rs`).

use crate::common;

use boardlab_core::Position;
use boardlab_rules::definition::*;
use boardlab_rules::engine::{BitSet, BitSetSize, Bits256, RulesOptions, RulesPosition, intern};
use common::reference::Board as Reference;
use common::seed::{atom, plain_board};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

const ATOMS: [(i8, i8); 7] = [(1, 0), (1, 1), (2, 0), (2, 1), (2, 2), (3, 0), (3, 1)];
const UNITS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// Some of `vectors`, at least one.
fn some_of(rng: &mut SmallRng, vectors: &[(i8, i8)]) -> Vec<(i8, i8)> {
    let mut kept: Vec<(i8, i8)> = vectors
        .iter()
        .copied()
        .filter(|_| rng.random_bool(0.6))
        .collect();
    if kept.is_empty() {
        kept.push(vectors[rng.random_range(0..vectors.len())]);
    }
    kept
}

fn random_movement(rng: &mut SmallRng) -> Movement {
    let (m, n) = ATOMS[rng.random_range(0..ATOMS.len())];
    let vectors = some_of(rng, &atom(m, n));
    let range = match rng.random_range(0..20) {
        0..12 => 1,
        12..17 => 0,
        n => (n - 15) as u8,
    };
    let hop = range != 1 && rng.random_bool(0.2);
    Movement {
        vectors,
        range,
        mode: [Mode::Both, Mode::MoveOnly, Mode::CaptureOnly][rng.random_range(0..3)],
        initial_only: rng.random_bool(0.15),
        lame: range == 1 && rng.random_bool(0.25),
        hop,
    }
}

fn random_definition(rng: &mut SmallRng, id: usize) -> Definition {
    let most = |rng: &mut SmallRng| if rng.random_bool(0.1) { 16 } else { 10 };
    let (most_wide, most_high) = (most(rng), most(rng));
    let width = rng.random_range(3..=most_wide);
    let height = rng.random_range(3..=most_high);
    let mut board = plain_board(width, height);
    if rng.random_bool(0.4) {
        let kind = |letter: char, exists: bool, open: Opening| SquareKind {
            letter,
            name: letter.to_string(),
            exists,
            open,
        };
        board.kinds = vec![
            kind('B', true, Opening::Always),
            kind('X', false, Opening::Always),
            kind('R', true, Opening::Even),
            kind('U', true, Opening::Odd),
        ];
        board.squares = (0..width as usize * height as usize)
            .map(|_| match rng.random_range(0..20) {
                0..14 => 0,
                14 => 1,
                15..18 => 2,
                _ => 3,
            })
            .collect();
    }
    let count = rng.random_range(1..=5);
    let letters = "abcdefghijklmnopqrstuvwxyz";
    let mut pool: Vec<char> = letters.chars().collect();
    let pieces: Vec<Piece> = (0..count)
        .map(|i| {
            let letter = pool.remove(rng.random_range(0..pool.len()));
            let mut jumps = Vec::new();
            if rng.random_bool(0.25) {
                jumps = some_of(rng, &UNITS);
            }
            let moves = (0..rng.random_range(0..=3))
                .map(|_| random_movement(rng))
                .collect();
            Piece {
                name: format!("piece{i}"),
                letters: [letter, letter.to_ascii_uppercase()],
                betza: String::new(),
                moves,
                chain: !jumps.is_empty() && rng.random_bool(0.5),
                jumps,
                royal: i == 0 && rng.random_bool(0.4),
                promotion: rng.random_bool(0.2).then(|| Promotion {
                    ranks: rng.random_range(1..=2.min(height)),
                    to: vec![rng.random_range(0..count)],
                    compulsory: rng.random_bool(0.5),
                }),
                value: None,
            }
        })
        .collect();
    let drops = rng.random_bool(0.25).then(|| Drops {
        captures_to_hand: rng.random_bool(0.7),
        zones: (0..count)
            .map(|_| {
                rng.random_bool(0.3).then(|| {
                    let from = rng.random_range(1..=height);
                    RankRange {
                        from,
                        to: rng.random_range(from..=height),
                    }
                })
            })
            .collect(),
    });
    let density = rng.random_range(0.05..0.3);
    let ranks: Vec<String> = (0..height)
        .map(|_| {
            let mut text = String::new();
            let mut empty = 0;
            for _ in 0..width {
                if rng.random_bool(density) {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    let piece = &pieces[rng.random_range(0..count)];
                    text.push(piece.letters[rng.random_range(0..2)]);
                } else {
                    empty += 1;
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            text
        })
        .collect();
    let reserves: String = if drops.is_some() {
        let hand: String = (0..rng.random_range(0..5))
            .map(|_| pieces[rng.random_range(0..count)].letters[rng.random_range(0..2)])
            .collect();
        format!("[{hand}]")
    } else {
        String::new()
    };
    Definition {
        id: format!("random-{id}"),
        title: format!("Random {id}"),
        summary: String::new(),
        players: ["Player 1".to_string(), "Player 2".to_string()],
        board,
        start: format!("{}{reserves}", ranks.join("/")),
        first: [FirstPlayer::One, FirstPlayer::Two, FirstPlayer::Random][rng.random_range(0..3)],
        captures: Captures {
            compulsory: rng.random_bool(0.3),
            requires_on_board: rng.random_bool(0.15).then(|| rng.random_range(0..count)),
        },
        drops,
        end: End {
            goal_pieces: if rng.random_bool(0.2) {
                vec![rng.random_range(0..count)]
            } else {
                Vec::new()
            },
            goal_ranks: rng.random_range(1..=2),
            capture_all: rng.random_bool(0.5),
            no_moves: [NoMoves::Loss, NoMoves::Win, NoMoves::Draw][rng.random_range(0..3)],
            draws: rng.random_bool(0.7).then_some(Draws {
                repetition: 3,
                no_progress_plies: 50,
            }),
            progress: Progress {
                captures: rng.random_bool(0.8),
                drops: rng.random_bool(0.5),
                promotions: rng.random_bool(0.5),
                moves_of: if rng.random_bool(0.3) {
                    vec![0]
                } else {
                    Vec::new()
                },
            },
        },
        pieces,
        options: Vec::new(),
        source: toml::Table::new(),
    }
}

/// Plays random games of `rules` on bit-set type `B`, checking the invariants; returns the
/// positions checked.
fn exercise<B: BitSet>(rules: RulesOptions, rng: &mut SmallRng) -> usize {
    let mut checked = 0;
    for _ in 0..3 {
        let mut position = RulesPosition::<B>::start(rules);
        for _ in 0..30 {
            let text = position.to_string();
            let back = RulesPosition::<B>::from_text(&text, rules)
                .unwrap_or_else(|e| panic!("'{text}' does not read back: {e}"));
            assert_eq!(back, position, "'{text}'");
            assert_eq!(back.to_string(), text);
            assert_eq!(position.hash(), position.hash_from_scratch(), "'{text}'");
            let moves = position.legal_move_list();
            let reference = Reference::of(rules.game().definition(), &position);
            let expected = reference.legal_moves();
            assert_eq!(
                position.legal_move_texts(),
                expected,
                "the plain generator differs in '{text}' of {:?}",
                rules.game().definition()
            );
            assert_eq!(
                position.count_legal_moves(),
                moves.len() as u64,
                "count in '{text}'"
            );
            assert_eq!(
                position.outcome().is_some(),
                moves.is_empty(),
                "outcome in '{text}'"
            );
            let mut texts: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            for &mv in moves.iter().take(12) {
                assert_eq!(position.parse_move(&mv.to_string()), Ok(mv), "in '{text}'");
            }
            texts.sort();
            let all = texts.clone();
            texts.dedup();
            assert_eq!(
                texts.len(),
                moves.len(),
                "two moves share a text in '{text}': {all:?} of {:?}",
                rules.game().definition()
            );
            if B::BITS > 64 && rules.game().fits::<u64>() {
                let narrow = RulesPosition::<u64>::from_text(&text, rules).expect("fits");
                let mut narrow_moves: Vec<String> = narrow.legal_move_texts();
                narrow_moves.sort();
                assert_eq!(
                    narrow_moves,
                    texts,
                    "u64 and {} bits differ in '{text}'",
                    B::BITS
                );
            }
            for &mv in moves.iter() {
                let mut child = position;
                child.play(mv);
                let played = Reference::of(rules.game().definition(), &child).state();
                assert!(
                    played == reference.play(&mv.to_string()),
                    "{mv} in '{text}' gives '{child}', not what the plain rules give, in {:?}",
                    rules.game().definition()
                );
            }
            checked += 1;
            if moves.is_empty() {
                break;
            }
            position.play(moves[rng.random_range(0..moves.len())]);
        }
    }
    checked
}

fn random_games(count: usize, seed: u64) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let (mut played, mut refused, mut positions) = (0, 0, 0);
    for id in 0..count {
        let definition = random_definition(&mut rng, id);
        let game = match intern(definition, None) {
            Ok(game) => game,
            Err(_) => {
                refused += 1;
                continue;
            }
        };
        played += 1;
        let rules = RulesOptions::new(game);
        positions += match game.bit_set() {
            BitSetSize::U64 => exercise::<u64>(rules, &mut rng) + exercise::<u128>(rules, &mut rng),
            BitSetSize::U128 => {
                exercise::<u128>(rules, &mut rng) + exercise::<Bits256>(rules, &mut rng)
            }
            BitSetSize::Bits256 => exercise::<Bits256>(rules, &mut rng),
        };
    }
    println!("{played} random games played ({positions} positions checked), {refused} refused");
    assert!(
        played > count / 3,
        "only {played} of {count} random definitions compiled"
    );
}

#[test]
fn random_definitions_are_refused_or_played_soundly() {
    random_games(150, 35);
}

#[test]
#[ignore = "20,000 random definitions: run in release with --ignored"]
fn twenty_thousand_random_definitions() {
    random_games(20_000, 37);
}
