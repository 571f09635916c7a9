//! The facts a search asks of every game beyond its rules agree with the rules themselves,
//! on positions from seeded random play: the tactical moves are exactly the legal moves
//! marked tactical, "in check" means the opponent could take the key piece if it were its
//! turn, the evasions hold every move that saves it, a null move only passes the turn, moves
//! survive the trip through their bits, a network's inputs are distinct and in range, and
//! "can take the key piece" means a legal move takes it.

use boardlab_core::{Evaluate, GameHistory, MoveBits, MoveList, Position, WinReason};
use boardlab_games::{Daisy, Obsidian, Parity, Sprint};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Positions from `games` seeded random games of `P`, every position of each game.
fn positions<P: Position<Rules: Default>>(games: u64) -> Vec<P> {
    let mut positions = Vec::new();
    for seed in 0..games {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = GameHistory::new(P::start(P::Rules::default()));
        for _ in 0..200 {
            positions.push(*game.current());
            let moves = game.current().legal_move_list();
            if moves.is_empty() || game.outcome().is_some() {
                break;
            }
            game.play(moves[rng.random_range(0..moves.len())])
                .expect("a legal move");
        }
    }
    positions
}

/// The moves of a list as sorted texts.
fn texts<M: std::fmt::Display>(moves: &MoveList<M>) -> Vec<String> {
    let mut texts: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    texts.sort();
    texts
}

/// Checks the hooks of `P` on positions from `games` random games; returns how many
/// positions were in check.
fn check_hooks<P: Evaluate<Rules: Default>>(games: u64) -> usize {
    let mut checks = 0;
    let mut before: Option<P> = None;
    for position in positions::<P>(games) {
        // The inputs a game says changed since the last position are the true difference.
        if let Some(before) = before.replace(position) {
            let inputs = |p: &P| {
                let mut all = std::collections::BTreeSet::new();
                p.network_features(|a, b| {
                    all.insert((a, b));
                });
                all
            };
            let mut expected = inputs(&before);
            let known = position.network_changes(&before, |added, a, b| {
                let fresh = if added {
                    expected.insert((a, b))
                } else {
                    expected.remove(&(a, b))
                };
                assert!(fresh, "{before} -> {position}: ({a}, {b}) changed twice");
            });
            if known {
                assert_eq!(expected, inputs(&position), "{before} -> {position}");
            }
        }
        let mut tactical = MoveList::new();
        position.tactical_moves(&mut tactical);
        let mut expected = MoveList::new();
        for &mv in position.legal_move_list().iter() {
            if position.is_tactical(mv) {
                expected.push(mv);
            }
        }
        assert_eq!(texts(&tactical), texts(&expected), "{position}");
        // Moves keep their identity through the bits a shared table stores.
        for &mv in position.legal_move_list().iter() {
            assert_eq!(P::Move::from_bits(mv.to_bits()), mv, "{position}: {mv}");
        }
        // A network sees distinct inputs within its range, as many from either side.
        let (mut one, mut two) = (Vec::new(), Vec::new());
        position.network_features(|a, b| {
            one.push(a);
            two.push(b);
        });
        assert!(position.network_bucket() < P::NETWORK_BUCKETS, "{position}");
        for view in [&mut one, &mut two] {
            view.sort_unstable();
            let count = view.len();
            view.dedup();
            assert_eq!(view.len(), count, "{position}: an input twice");
            assert!(view.iter().all(|&f| f < P::NETWORK_INPUTS), "{position}");
        }

        let Some(passed) = position
            .null_move()
            .filter(|_| position.outcome().is_none())
        else {
            continue;
        };
        assert_eq!(passed.side_to_move(), position.side_to_move().opponent());
        assert_ne!(passed.hash(), position.hash(), "{position}");
        let back = passed.null_move().map(|p| p.hash());
        assert!(back.is_none_or(|h| h == position.hash()), "{position}");
        // In check exactly when the opponent, given the turn, could end the game at once.
        let key_piece_takeable = passed.legal_move_list().iter().any(|&mv| {
            let mut after = passed;
            after.play(mv);
            after.loss_reason().is_some()
        });
        assert_eq!(position.in_check(), key_piece_takeable, "{position}");
        // Every move that is not an evasion loses the key piece at once.
        let mut evasions = MoveList::new();
        position.evasions(&mut evasions);
        for &mv in position.legal_move_list().iter() {
            if evasions.contains(&mv) {
                continue;
            }
            assert!(
                loses_key_piece(&position, mv),
                "{position}: {mv} is no evasion but saves the key piece"
            );
        }
        checks += usize::from(key_piece_takeable);
    }
    checks
}

#[test]
fn obsidian_hooks_agree_with_the_rules() {
    assert!(
        check_hooks::<Obsidian>(40) > 20,
        "some positions are in check"
    );
}

#[test]
fn daisy_hooks_agree_with_the_rules() {
    assert!(check_hooks::<Daisy>(30) > 20, "some positions are in check");
}

#[test]
fn sprint_and_parity_hooks_agree_with_the_rules() {
    assert_eq!(check_hooks::<Sprint>(40), 0, "Sprint offers no null move");
    assert_eq!(check_hooks::<Parity>(40), 0, "Parity offers no null move");
}

/// Whether the opponent, to move after `mv`, can take the key piece at once; a move that
/// ends the game itself never can (the game is over: no reply).
fn loses_key_piece<P: Position<Rules: Default>>(position: &P, mv: P::Move) -> bool {
    let mut after = *position;
    after.play(mv);
    after.legal_move_list().iter().any(|&reply| {
        let mut end = after;
        end.play(reply);
        end.loss_reason().is_some()
    })
}

/// Checks that in check the evasions are exactly the legal moves after which no reply takes
/// the key piece (out of check, every legal move), over the positions of `games` random
/// games; returns how many positions were in check.
fn evasions_are_exactly_the_saving_moves<P: Evaluate<Rules: Default>>(games: u64) -> usize {
    let mut checks = 0;
    for position in positions::<P>(games) {
        let mut evasions = MoveList::new();
        position.evasions(&mut evasions);
        let expected: MoveList<_> = if position.in_check() {
            checks += 1;
            let mut saving = MoveList::new();
            for &mv in position.legal_move_list().iter() {
                if !loses_key_piece(&position, mv) {
                    saving.push(mv);
                }
            }
            saving
        } else {
            position.legal_move_list()
        };
        assert_eq!(texts(&evasions), texts(&expected), "{position}");
    }
    checks
}

#[test]
fn obsidian_evasions_are_exactly_the_moves_that_keep_the_d() {
    assert!(
        evasions_are_exactly_the_saving_moves::<Obsidian>(40) > 20,
        "some positions are in check"
    );
}

#[test]
fn daisy_evasions_are_exactly_the_moves_that_keep_the_a() {
    assert!(
        evasions_are_exactly_the_saving_moves::<Daisy>(30) > 20,
        "some positions are in check"
    );
}

/// Checks that "can take the key piece" holds exactly where some legal move takes it (and
/// so ends the game), over the positions of `games` random games; returns how many
/// such positions there were.
fn key_piece_takeable_exactly_where_a_move_takes_it<P: Evaluate<Rules: Default>>(
    games: u64,
) -> usize {
    let mut takeable = 0;
    for position in positions::<P>(games) {
        let takes = position.legal_move_list().iter().any(|&mv| {
            let mut after = position;
            after.play(mv);
            matches!(after.loss_reason(), Some(WinReason::KeyPieceCaptured(_)))
        });
        assert_eq!(position.can_take_key_piece(), takes, "{position}");
        takeable += usize::from(takes);
    }
    takeable
}

#[test]
fn obsidian_can_take_the_d_exactly_where_a_move_takes_it() {
    assert!(key_piece_takeable_exactly_where_a_move_takes_it::<Obsidian>(40) > 20);
}

#[test]
fn daisy_can_take_the_a_exactly_where_a_move_takes_it() {
    assert!(key_piece_takeable_exactly_where_a_move_takes_it::<Daisy>(30) > 20);
}

#[test]
fn sprint_and_parity_never_take_a_key_piece() {
    assert_eq!(
        key_piece_takeable_exactly_where_a_move_takes_it::<Sprint>(40),
        0
    );
    assert_eq!(
        key_piece_takeable_exactly_where_a_move_takes_it::<Parity>(40),
        0
    );
}
