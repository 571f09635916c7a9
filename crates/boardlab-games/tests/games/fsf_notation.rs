//! The Fairy-Stockfish dialect of Obsidian and Daisy: positions and moves translated there
//! and back give what they started from, on positions of seeded random games; bad FENs are
//! refused with errors that name the field.

use boardlab_core::{EngineNotation, Player, Position};
use boardlab_games::{Daisy, Obsidian, Sprint};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Every position of `games` seeded random games of up to `plies` plies each. Half the time a
/// move that `prefer` likes is chosen when there is one (board moves in Daisy, so that games
/// get to captures and pieces changing sides instead of only dropping).
fn random_positions<P: Position<Rules: Default>>(
    games: u64,
    plies: usize,
    prefer: impl Fn(P::Move) -> bool,
) -> Vec<P> {
    let mut seen = Vec::new();
    for seed in 0..games {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut position = P::start(P::Rules::default());
        seen.push(position);
        for _ in 0..plies {
            let moves = position.legal_move_list();
            if moves.is_empty() {
                break;
            }
            let preferred: Vec<P::Move> = moves.iter().copied().filter(|&m| prefer(m)).collect();
            let mv = if !preferred.is_empty() && rng.random_bool(0.5) {
                preferred[rng.random_range(0..preferred.len())]
            } else {
                moves[rng.random_range(0..moves.len())]
            };
            position.play(mv);
            seen.push(position);
        }
    }
    seen
}

/// Every position goes to a FEN and back unchanged, and every legal move to its text and
/// back. Returns how many moves were checked.
fn round_trips<P: EngineNotation>(positions: &[P]) -> usize {
    let mut moves_checked = 0;
    for position in positions {
        let fen = position.to_fsf_fen();
        let back = P::from_fsf_fen(&fen, position.rules())
            .unwrap_or_else(|e| panic!("{position} -> '{fen}' is refused: {e}"));
        assert_eq!(&back, position, "{position} -> '{fen}' -> {back}");
        for &mv in position.legal_move_list().iter() {
            let text = position.to_fsf_move(mv);
            assert_eq!(position.parse_fsf_move(&text), Ok(mv), "{position}: {text}");
            moves_checked += 1;
        }
    }
    moves_checked
}

#[test]
fn obsidian_round_trips() {
    let positions = random_positions::<Obsidian>(40, 200, |_| false);
    assert!(positions.len() > 2000);
    let moves = round_trips(&positions);
    assert!(moves > 20_000, "{moves}");
    // Promotions reach the far rank in random games, and carry the suffix there.
    let promotions = positions
        .iter()
        .flat_map(|p| {
            p.legal_move_list()
                .iter()
                .map(|&m| p.to_fsf_move(m))
                .collect::<Vec<_>>()
        })
        .filter(|t| t.len() == 5)
        .count();
    assert!(promotions > 0);
}

#[test]
fn daisy_round_trips() {
    let positions = random_positions::<Daisy>(12, 150, |m| !m.is_drop());
    assert!(positions.len() > 1000);
    // Captures happened: some side owns more pieces (on the board and in reserve) than the
    // 20 it started with.
    let grown = positions.iter().any(|p| {
        Player::BOTH
            .iter()
            .any(|&side| p.reserve(side).total() + p.occupied_by(side).count_ones() > 20)
    });
    assert!(grown, "no capture in the sample");
    let moves = round_trips(&positions);
    assert!(moves > 100_000, "{moves}");
}

#[test]
fn fsf_text_of_known_positions() {
    let obsidian: Obsidian = "ABCDECBA/FFFFFFFF/8/8/4f3/8/ffff1fff/abcdecba 2 0 1"
        .parse()
        .unwrap();
    assert_eq!(
        obsidian.to_fsf_fen(),
        "abcdecba/ffffffff/8/8/4F3/8/FFFF1FFF/ABCDECBA b - - 0 1"
    );
    let daisy: Daisy = "9/9/9/9/4H4/9/9/9/4A4[BC2D2E2F2G8Ha2h] 2 0 2"
        .parse()
        .unwrap();
    assert_eq!(
        daisy.to_fsf_fen(),
        "9/9/9/9/4H4/9/9/9/4A4[BCDDEEFFGGHHHHHHHHahh] b - - 0 2"
    );
    // Games without a dialect of their own speak our text.
    let sprint = Sprint::default();
    assert_eq!(sprint.to_fsf_fen(), sprint.to_string());
    const { assert!(!<Sprint as EngineNotation>::FSF_DIALECT) };
}

#[test]
fn bad_fens_are_refused_with_the_reason() {
    let rules = Default::default();
    let cases = [
        (
            "abcdecba/ffffffff/8/8/8/8/FFFFFFFF/ABCDECBA 1 - - 0 1",
            "'1' is not a side",
        ),
        (
            "abcdecba/ffffffff/8/8/8/8/FFFFFFFF/ABCDECBA w KQkq - 0 1",
            "castling rights",
        ),
        (
            "abcdecba/ffffffff/8/8/8/8/FFFFFFFF w - - 0 1",
            "read as a Fairy-Stockfish FEN",
        ),
        (
            "abcdecbx/ffffffff/8/8/8/8/FFFFFFFF/ABCDECBA w - - 0 1",
            "'X' is not a piece",
        ),
    ];
    for (fen, expected) in cases {
        let err = Obsidian::from_fsf_fen(fen, rules).unwrap_err().to_string();
        assert!(err.contains(expected), "{fen}: {err}");
        assert!(err.contains(fen), "the error quotes the FEN: {err}");
    }
    let err = Daisy::from_fsf_fen("9/9/9/9/9/9/9/9/9[AA] w - - 0 1", Default::default())
        .unwrap_err()
        .to_string();
    assert!(err.contains("reserves") || err.contains("A"), "{err}");
    let position = Obsidian::default();
    assert!(position.parse_fsf_move("e2e5").is_err());
    assert!(position.parse_fsf_move("e2e4q").is_err());
    assert!(Daisy::default().parse_fsf_move("A@j1").is_err());
}
