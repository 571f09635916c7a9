//! The example rules files of rules/examples: each reads, each can be won, and its perft
//! counts from the start, computed by the reference interpreter (tests/reference), are the
//! ones worked out by hand (depth 1, and depth 2 where feasible; deeper counts are the
//! interpreter's, kept so that a change shows). Perft honours wins and ignores draw rules.

use crate::reference;

use boardlab_rules::file::{read_file, with_options};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use reference::{Game, Outcome, Reason};

/// The folder of the examples.
fn folder() -> String {
    format!("{}/../../rules/examples", env!("CARGO_MANIFEST_DIR"))
}

/// The reference game of an example.
fn example(name: &str) -> Game {
    let path = format!("{}/{name}.toml", folder());
    Game::new(read_file(&path).unwrap_or_else(|e| panic!("{e}")))
}

/// Asserts the perft counts from the start (Player 1 first) at depths 1, 2, ...
fn assert_perft(game: &Game, counts: &[u64]) {
    let start = game.start(0);
    for (depth, &expected) in (1..).zip(counts) {
        let found = game.perft(&start, depth);
        assert_eq!(found, expected, "{} depth {depth}", game.def.id);
    }
}

#[test]
fn every_example_reads_and_someone_wins_a_random_game() {
    let mut names: Vec<String> = std::fs::read_dir(folder())
        .expect("rules/examples")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter_map(|n| n.strip_suffix(".toml").map(str::to_string))
        .collect();
    names.sort();
    assert!(names.len() >= 7, "{names:?}");
    for name in names {
        let game = example(&name);
        assert_eq!(game.def.id, name);
        let wins = (0..40)
            .filter(|&seed| random_game_is_won(&game, seed, 400))
            .count();
        assert!(wins > 0, "no random game of {name} was won");
    }
}

/// Whether a random game (seeded) of at most `plies` plies ends in a win. The players take
/// a capture when they have one (random games of Parity hardly ever end otherwise).
fn random_game_is_won(game: &Game, seed: u64, plies: usize) -> bool {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut position = game.start((seed % 2) as usize);
    for _ in 0..plies {
        if let Some(outcome) = game.outcome(&position) {
            return matches!(outcome, Outcome::Win { .. });
        }
        let enemies = |p: &reference::Position| {
            let them = 1 - position.side;
            p.board
                .iter()
                .flatten()
                .filter(|(_, owner)| *owner == them)
                .count()
        };
        let mut moves = game.legal_moves(&position);
        let captures: Vec<usize> = (0..moves.len())
            .filter(|&i| enemies(&moves[i].1) < enemies(&position))
            .collect();
        let chosen = if captures.is_empty() {
            rng.random_range(0..moves.len())
        } else {
            captures[rng.random_range(0..captures.len())]
        };
        position = moves.swap_remove(chosen).1;
    }
    false
}

/// Camel Obsidian. Depth 1: as in Obsidian, each of the 8 pawns steps one or two squares
/// (16 moves), and the camels replace the knights: b1 reaches a4 and c4 ((-1,3), (1,3);
/// (3,1) to e2 holds a pawn, the others leave the board), g1 reaches f4 and h4 (d2 holds a
/// pawn): 20. Depth 2: Player 2 has the mirror 20 after any of them, since no first move
/// reaches rank 5 or blocks a square Player 2's moves need (camels leap; pawns and camels
/// of Player 1 land on ranks 3 and 4, Player 2's on ranks 5 and 6): 20 * 20 = 400.
#[test]
fn camel_obsidian_counts() {
    assert_perft(&example("camel-obsidian"), &[20, 400, 9024]);
}

/// Mini Daisy. Depth 1: the board is empty and Player 1 holds eight kinds (A to G once, H
/// four times); a drop of any kind on any of the 49 squares: 8 * 49 = 392. Depth 2: Player
/// 2 has no piece on the board and drops any of its eight kinds on the 48 empty squares
/// (Player 1's one piece cannot capture or block anything): 392 * 8 * 48 = 150528.
#[test]
fn mini_daisy_counts() {
    assert_perft(&example("mini-daisy"), &[392, 150_528]);
}

/// Drop Obsidian. Reserves start empty and nothing can be captured in the first two plies
/// (no piece reaches the other side's pieces), so depths 1 and 2 are Obsidian's: 16 pawn
/// moves and 4 knight moves (b1a3 b1c3 g1f3 g1h3) = 20, then 20 * 20 = 400 (as in chess).
/// The first drop can come at ply 4 at the earliest, after a capture at ply 3, so depth 3
/// is Obsidian's too (8902, the chess count: without castling, en passant or check nothing
/// differs this early).
#[test]
fn drop_obsidian_counts() {
    let drop = example("drop-obsidian");
    assert_perft(&drop, &[20, 400, 8902]);
    let path = format!("{}/../../rules/obsidian.toml", env!("CARGO_MANIFEST_DIR"));
    let obsidian = Game::new(read_file(path).expect("obsidian"));
    assert_eq!(obsidian.perft(&obsidian.start(0), 3), 8902);
}

/// Drop Obsidian's pawn zone: with a pawn in hand and the two kings on d1 and d8, Player 1
/// may drop it on any of the 62 empty squares except the 7 empty ones of its last rank (55
/// drops), besides 5 king moves: 60. Player 2, to move with its own pawn, is barred from
/// rank 1, its last rank: 60 again. A capture puts the piece in the captor's reserve as the
/// captor's own: the king takes the queen on e2 and holds a lowercase e.
#[test]
fn drop_obsidian_drops() {
    let game = example("drop-obsidian");
    // (position, a square the pawn may be dropped on, the barred last rank)
    for (text, own_first_rank, last_rank) in [
        ("3D4/8/8/8/8/8/8/3d4[f] 1", "F@a1", '8'),
        ("3D4/8/8/8/8/8/8/3d4[F] 2", "F@a8", '1'),
    ] {
        let position = game.parse_position(text).expect(text);
        let moves = game.move_texts(&position);
        assert_eq!(moves.len(), 60, "{text}: {moves:?}");
        assert!(moves.iter().any(|m| m == own_first_rank), "{text}");
        assert!(
            !moves
                .iter()
                .any(|m| m.starts_with("F@") && m.ends_with(last_rank))
        );
    }
    let position = game.parse_position("3D4/8/8/8/8/8/4E3/3d4[] 1").unwrap();
    let after = game
        .play(&position, "d1xe2")
        .expect("the king takes the queen");
    assert_eq!(game.format_position(&after), "3D4/8/8/8/8/8/4d3/8[e] 2 0 1");
    let holding = game.parse_position("3D4/8/8/8/8/8/8/3d4[e] 1").unwrap();
    assert!(game.move_texts(&holding).contains(&"E@e4".to_string()));
}

/// Sprint 8x8. Depth 1: the front men on a3 c3 e3 g3 step diagonally forward to rank 4:
/// a3b4, c3b4, c3d4, e3d4, e3f4, g3f4, g3h4 = 7. Depth 2: Black's front men on b6 d6 f6 h6
/// have the mirror 7 steps; no capture is possible with rank 5 between the two sides:
/// 7 * 7 = 49. Men capture forward only, there are no kings, and until a man reaches the
/// far rank (not before ply 9) the game is English draughts, whose published perft counts
/// go on 302, 1469, 7361: the reference interpreter finds them.
#[test]
fn sprint_8x8_counts() {
    assert_perft(&example("sprint-8x8"), &[7, 49, 302, 1469]);
}

/// Parity 7x6 (Player 1 first; by the half-turn symmetry the counts are the same with
/// Player 2 first). 16 pieces stand on the board, an even number, and steps do not change
/// it: red spaces are open, blue ones closed. Depth 1: the rank-1 men step up to a2 (W),
/// b2 (R, open), c2 (B), e2 (B) and g2 (W); d1 is blocked by d2 and f2 is blue, closed; the
/// man on d2 steps to c2, e2 or d3 (W): 5 + 3 = 8. No capture: no enemy stands in front of
/// a man. Depth 2: Black mirrors it with 8, whatever White did (White's men reach ranks 2
/// and 3, Black's targets are on ranks 4 and 5): 8 * 8 = 64.
#[test]
fn parity_7x6_counts() {
    assert_perft(&example("parity-7x6"), &[8, 64, 608]);
    let game = example("parity-7x6");
    assert_eq!(game.perft(&game.start(1), 2), 64);
}

/// Chief Raid. Depth 1 (Player 1, lowercase):
/// - horse a1 (nN): b3 (over a2, empty) and c2 (over b1, empty); horse g1: f3 and e2: 4;
/// - guard c1 (F2): d2, then e3 holds a soldier; b2 holds a cannon: 1; guard e1: d2: 1;
/// - chief d1: c2 d2 e2 (c1 and e1 hold guards): 3;
/// - cannon b2 (mRcpR): b3 b4 b5 up to the enemy cannon on b6, b1, a2, c2 d2 e2: 8; its hops
///   capture nothing (behind b6 is the empty b7; to the right f2 screens g2, empty); cannon
///   f2 the mirror: 8;
/// - soldiers a3 c3 e3 g3 one step forward: 4.
///
/// 4 + 1 + 1 + 3 + 8 + 8 + 4 = 29.
///
/// Depth 2: Player 2 has the mirror 29 at the start. A first move changes that only where it
/// touches a line of a Black cannon (b6 down the b-file, f6 down the f-file) or puts a piece
/// in front of a Black soldier:
/// - a1b3: the cannon on b6 loses b3 as a step but hops over b3 to take the cannon on b2:
///   29; g1f3 the same: 29; the other horse, guard and chief moves: 29 each (9 moves);
/// - soldier steps to a4 c4 e4 g4: the Black soldier in front now captures instead of
///   stepping: 29 each (4 moves);
/// - cannon b2: to b3: b6 steps to b5 b4 only (28); to b4: b5 only (27); to b5: no step
///   down, and the horse a7 captures on b5 instead of stepping there (26); to b1: b5 b4 b3
///   b2 (30); off the file (a2 c2 d2 e2): b5 to b1, five steps (31 each): 28 + 27 + 26 + 30
///   + 4 * 31 = 235; cannon f2 the mirror: 235.
///
/// 13 * 29 + 2 * 235 = 847.
#[test]
fn chief_raid_counts() {
    assert_perft(&example("chief-raid"), &[29, 847, 22498]);
}

/// Chief Raid's rule option: with sideways_soldiers on, the soldiers on a3 c3 e3 g3 also
/// step to b3 (from a3 or c3), d3 (from c3 or e3) and f3 (from e3 or g3): 29 + 6 = 35.
#[test]
fn chief_raid_sideways_soldiers() {
    let plain = example("chief-raid");
    let sideways = Game::new(with_options(&plain.def, &[("sideways_soldiers", true)]).unwrap());
    assert_eq!(sideways.perft(&sideways.start(0), 1), 35);
}

/// Chief Raid's promotion with a choice, goal and no_moves = "draw".
#[test]
fn chief_raid_promotion_goal_and_draw() {
    let game = example("chief-raid");
    // A soldier on c6 steps to the last rank and becomes a horse, guard or cannon, each move
    // written with the letter of its choice; the chief on d1 has 5 moves.
    let promotion = game.parse_position("3K3/2s4/7/7/7/7/3k3 1").unwrap();
    assert_eq!(
        game.move_texts(&promotion),
        [
            "c6c7c", "c6c7g", "c6c7h", "d1c1", "d1c2", "d1d2", "d1e1", "d1e2"
        ]
    );
    let promoted = game.play(&promotion, "c6c7h").unwrap();
    assert_eq!(game.format_position(&promoted), "2hK3/7/7/7/7/7/3k3 2 0 1");
    // The chief reaching the far rank wins at once.
    let raid = game.parse_position("K6/7/3k3/7/7/7/7 1").unwrap();
    let reached = game.play(&raid, "d5d6").and_then(|p| game.play(&p, "a7a6"));
    let reached = game.play(&reached.unwrap(), "d6d7").unwrap();
    assert_eq!(
        game.outcome(&reached),
        Some(Outcome::Win {
            winner: 0,
            reason: Reason::Goal
        })
    );
    assert!(game.legal_moves(&reached).is_empty());
    // Player 2 cannot move (its chief is walled in by its own soldiers, which are blocked
    // down to rank 1): a draw.
    let walled = game
        .parse_position("KS5/SS5/SS5/SS5/SS5/SS5/SS4k 2")
        .unwrap();
    assert_eq!(game.outcome(&walled), Some(Outcome::Draw));
}
