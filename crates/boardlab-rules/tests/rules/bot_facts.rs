//! What the bots of a rules file's game ask of a position, checked against brute force on
//! random games of the repository's rules files:
//! - a side is in check exactly when, were it the opponent's turn, some legal move of the
//!   opponent would end the game by taking its last royal piece; its evasions are exactly
//!   the legal moves after which the game is over or no move of the opponent takes it;
//!   passing changes the side to move and the hash only;
//! - the attack map's mobility is the number of (from, to) pairs of the legal moves of
//!   pieces that are not royal, and it attacks exactly the enemy pieces some legal move
//!   captures by moving onto them (in games where every capture is such a move and legal);
//! - the exchange evaluation answers as a plain exchange played with legal moves;
//! - the tactical moves a quiescence search follows are exactly the legal moves that are
//!   tactical (captures, jumps and chains, promotions), in every game.

use boardlab_core::{Evaluate, MoveList, Outcome, Player, Position, WinReason};
use boardlab_rules::definition::{Definition, Opening};
use boardlab_rules::engine::moves::{MoveShape, file_of, rank_of};
use boardlab_rules::engine::{BitSet, BitSetSize, Game, RulesMove, RulesOptions, RulesPosition};
use boardlab_rules::load_file;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::path::Path;

/// Every rules file of the repository.
fn all_games() -> Vec<&'static Game> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rules");
    let mut paths: Vec<_> = [root.clone(), root.join("examples")]
        .iter()
        .flat_map(|folder| std::fs::read_dir(folder).expect("the rules folder"))
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "toml"))
        .collect();
    paths.sort();
    let games: Vec<&'static Game> = paths
        .iter()
        .map(|path| load_file(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
        .collect();
    assert!(games.len() >= 12, "{} rules files", games.len());
    games
}

/// The rules files of the repository whose definitions `keep` holds for: at least `least`
/// of them (`what` names them in the failure).
fn games_where(what: &str, least: usize, keep: impl Fn(&Definition) -> bool) -> Vec<&'static Game> {
    let games: Vec<_> = all_games()
        .into_iter()
        .filter(|game| keep(game.definition()))
        .collect();
    assert!(games.len() >= least, "{} {what}", games.len());
    games
}

/// Every rules file of the repository with a royal piece.
fn royal_games() -> Vec<&'static Game> {
    games_where("games with royal pieces", 5, |d| {
        d.pieces.iter().any(|p| p.royal)
    })
}

/// The games whose captures are all moves onto an enemy piece, always allowed: no jumps, no
/// compulsory captures, no condition on capturing, no squares that open and close.
fn plain_games() -> Vec<&'static Game> {
    games_where("plain games", 3, |d| {
        d.pieces.iter().all(|p| p.jumps.is_empty())
            && !d.captures.compulsory
            && d.captures.requires_on_board.is_none()
            && d.board.kinds.iter().all(|k| k.open == Opening::Always)
    })
}

/// Random positions of `game`: `games` random games of up to 120 plies, every position.
fn random_positions<B: BitSet>(game: &'static Game, games: u64) -> Vec<RulesPosition<B>> {
    let rules = RulesOptions::new(game);
    let mut positions = Vec::new();
    for seed in 0..games {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut position = RulesPosition::<B>::start(rules);
        for _ in 0..120 {
            let mut moves = MoveList::new();
            position.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            positions.push(position);
            position.play(moves[rng.random_range(0..moves.len())]);
        }
    }
    positions
}

/// Runs `check` on the random positions of `game` in the bit set that fits its board.
fn on_positions(game: &'static Game, games: u64, check: &dyn Fn(&dyn Checked)) {
    match game.bit_set() {
        BitSetSize::U64 => random_positions::<u64>(game, games)
            .iter()
            .for_each(|p| check(p)),
        BitSetSize::U128 => random_positions::<u128>(game, games)
            .iter()
            .for_each(|p| check(p)),
        BitSetSize::Bits256 => random_positions::<boardlab_rules::engine::Bits256>(game, games / 3)
            .iter()
            .for_each(|p| check(p)),
    }
}

/// The checks of this file on a position of any bit-set type.
trait Checked {
    fn attack_map_agrees(&self);
    fn exchange_agrees(&self);
    fn tactical_moves_agree(&self);
}

impl<B: BitSet> Checked for RulesPosition<B> {
    fn tactical_moves_agree(&self) {
        let mut legal = MoveList::new();
        self.legal_moves(&mut legal);
        let mut expected: Vec<RulesMove> = legal
            .iter()
            .copied()
            .filter(|&mv| self.is_tactical(mv))
            .collect();
        let mut tactical = MoveList::new();
        self.tactical_moves(&mut tactical);
        let mut found: Vec<RulesMove> = tactical.iter().copied().collect();
        expected.sort();
        found.sort();
        assert_eq!(found, expected, "{} {self}", self.game().definition().id);
    }

    fn attack_map_agrees(&self) {
        let us = self.side_to_move();
        let game = self.game();
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        let mut pairs = Vec::new();
        let mut captured = Vec::new();
        for &mv in moves.iter() {
            let MoveShape::Step { from, to, .. } = mv.shape() else {
                continue;
            };
            let (from, to) = (square(self, from), square(self, to));
            let (_, kind) = self.piece_on(from).expect("a piece moves");
            if !game.definition().pieces[usize::from(kind)].royal && !pairs.contains(&(from, to)) {
                pairs.push((from, to));
            }
            if self.piece_on(to).is_some() && !captured.contains(&to) {
                captured.push(to);
            }
        }
        let map = self.attack_map(us);
        assert_eq!(map.mobility as usize, pairs.len(), "{self:?}");
        let mut attacked: Vec<u32> = map
            .all
            .squares()
            .filter(|&s| self.piece_on(s).is_some_and(|(owner, _)| owner != us))
            .collect();
        attacked.sort();
        captured.sort();
        assert_eq!(attacked, captured, "{self:?}");
    }

    fn exchange_agrees(&self) {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        for &mv in moves.iter() {
            let MoveShape::Step { to, .. } = mv.shape() else {
                continue;
            };
            let gain = plain_exchange(self, mv, square(self, to));
            for threshold in [gain, gain + 1] {
                assert_eq!(
                    self.wins_exchange(mv, threshold, &Default::default()),
                    gain >= threshold,
                    "{self:?} {mv} gains {gain}"
                );
            }
        }
    }
}

/// The square index of a move's coordinate.
fn square<B: BitSet>(position: &RulesPosition<B>, coordinate: u8) -> u32 {
    let width = u32::from(position.game().width());
    u32::from(rank_of(coordinate)) * width + u32::from(file_of(coordinate))
}

/// A piece's worth in an exchange: the game's values, a royal piece above all.
fn worth(game: &Game, kind: u8) -> i32 {
    if game.definition().pieces[usize::from(kind)].royal {
        50_000
    } else {
        game.knowledge().values[usize::from(kind)]
    }
}

/// What `mv` gains once both sides take back on `target` with legal moves, least valuable
/// piece first, each side free to stop: written plainly, by recursion.
fn plain_exchange<B: BitSet>(position: &RulesPosition<B>, mv: RulesMove, target: u32) -> i32 {
    let game = position.game();
    let us = position.side_to_move();
    let victim = position
        .piece_on(target)
        .filter(|&(owner, _)| owner != us)
        .map_or(0, |(_, kind)| worth(game, kind));
    let MoveShape::Step { from, .. } = mv.shape() else {
        unreachable!("steps only")
    };
    let (_, before) = position.piece_on(square(position, from)).expect("a mover");
    let mut next = *position;
    next.play(mv);
    let (_, after) = next.piece_on(target).expect("the mover landed");
    let gained = victim + worth(game, after) - worth(game, before);
    if matches!(next.outcome(), Some(Outcome::Win { .. })) {
        return gained;
    }
    // The reply: the least valuable piece that captures on the target, if any.
    let mut replies = MoveList::new();
    next.legal_moves(&mut replies);
    let reply = replies
        .iter()
        .copied()
        .filter(|&r| matches!(r.shape(), MoveShape::Step { to, jump: false, .. } if square(&next, to) == target))
        .min_by_key(|&r| {
            let MoveShape::Step { from, promotion, .. } = r.shape() else {
                unreachable!()
            };
            let (_, kind) = next.piece_on(square(&next, from)).expect("a capturer");
            (worth(game, kind), -promotion.map_or(worth(game, kind), |p| worth(game, p)))
        });
    match reply {
        Some(reply) => gained - plain_exchange(&next, reply, target).max(0),
        None => gained,
    }
}

#[test]
fn attack_maps_agree_with_legal_moves() {
    for game in plain_games() {
        on_positions(game, 9, &|p| p.attack_map_agrees());
    }
}

#[test]
fn tactical_moves_are_the_legal_moves_that_are_tactical() {
    for game in all_games() {
        on_positions(game, 6, &|p| p.tactical_moves_agree());
    }
    let fairy = boardlab_rules::load_str(FAIRY_OBSIDIAN, "fairy-obsidian.toml", None)
        .unwrap_or_else(|e| panic!("{e}"));
    on_positions(fairy, 6, &|p| p.tactical_moves_agree());
}

#[test]
fn exchanges_agree_with_a_plain_exchange() {
    for game in plain_games() {
        on_positions(game, 3, &|p| p.exchange_agrees());
    }
}

/// Whether the side to move has a legal move that wins by taking a royal piece.
fn takes_royal<B: BitSet>(position: &RulesPosition<B>) -> bool {
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    moves.iter().any(|&mv| {
        let mut next = *position;
        next.play(mv);
        matches!(
            next.outcome(),
            Some(Outcome::Win {
                reason: WinReason::KeyPieceCaptured(_),
                ..
            })
        )
    })
}

/// The position with the other side to move, read back from its text.
fn turned<B: BitSet>(position: &RulesPosition<B>) -> Option<RulesPosition<B>> {
    let text = position.to_string();
    let (board, rest) = text.split_once(' ')?;
    let mut fields: Vec<&str> = rest.split(' ').collect();
    let side = match position.side_to_move() {
        Player::One => "2",
        Player::Two => "1",
    };
    // The placement (with any reserves), then the side to move and the counters.
    *fields.first_mut()? = side;
    RulesPosition::<B>::from_text(&format!("{board} {}", fields.join(" ")), position.rules()).ok()
}

fn check_game<B: BitSet>(game: &'static Game, games: u64) -> usize {
    let rules = RulesOptions::new(game);
    let mut checks = 0;
    for seed in 0..games {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut position = RulesPosition::<B>::start(rules);
        for _ in 0..160 {
            let mut moves = MoveList::new();
            position.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let takes = position.outcome().is_none() && takes_royal(&position);
            assert_eq!(
                position.can_take_key_piece(),
                takes,
                "{} {position}",
                game.definition().id
            );
            if let Some(other) = turned(&position) {
                let brute = other.outcome().is_none() && takes_royal(&other);
                assert_eq!(
                    position.in_check(),
                    brute,
                    "{} {position}",
                    game.definition().id
                );
                checks += usize::from(brute);
                let mut evasions = MoveList::new();
                position.evasions(&mut evasions);
                let expected: Vec<_> = if brute {
                    moves
                        .iter()
                        .copied()
                        .filter(|&mv| {
                            let mut next = position;
                            next.play(mv);
                            next.outcome().is_some() || !takes_royal(&next)
                        })
                        .collect()
                } else {
                    moves.iter().copied().collect()
                };
                assert_eq!(
                    evasions.iter().copied().collect::<Vec<_>>(),
                    expected,
                    "{} {position}",
                    game.definition().id
                );
            }
            if let Some(passed) = position.null_move() {
                assert_ne!(passed.side_to_move(), position.side_to_move());
                assert_eq!(passed.hash(), passed.hash_from_scratch());
                assert_eq!(passed.material(), position.material());
            }
            position.play(moves[rng.random_range(0..moves.len())]);
        }
    }
    checks
}

#[test]
fn checks_and_evasions_agree_with_brute_force() {
    for game in royal_games() {
        let checks = match game.bit_set() {
            BitSetSize::U64 => check_game::<u64>(game, 12),
            BitSetSize::U128 => check_game::<u128>(game, 12),
            BitSetSize::Bits256 => check_game::<boardlab_rules::engine::Bits256>(game, 4),
        };
        assert!(
            checks > 0,
            "{}: no check in random games",
            game.definition().id
        );
    }
}

/// An Obsidian whose pieces move as no seed game's do: a xiangqi cannon (a hopper that
/// captures by hopping), a lame knight, a piece that captures only sideways and backward, a
/// piece with a first-move-only rider, and a limited-range rider. The bots find the
/// attackers of a square from where each kind might capture from; these pieces test that
/// table's edges.
const FAIRY_OBSIDIAN: &str = r#"
id = "fairy-obsidian"
extends = "obsidian"
[pieces.rook]
moves = "mRcpR"
[pieces.knight]
moves = "nN"
[pieces.bishop]
moves = "mBcsWcbF"
[pieces.queen]
moves = "KiR"
[pieces.pawn]
moves = "fmWfcFifmnDR2"
"#;

#[test]
fn checks_and_exchanges_agree_for_fairy_pieces() {
    let game = boardlab_rules::load_str(FAIRY_OBSIDIAN, "fairy-obsidian.toml", None)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(check_game::<u64>(game, 40) > 0, "no check in random games");
    on_positions(game, 6, &|p| p.exchange_agrees());
    on_positions(game, 6, &|p| p.attack_map_agrees());
}

#[test]
fn the_weights_fitted_to_the_obsidian_file_read() {
    use boardlab_core::Tunable;
    use boardlab_rules::evaluation::RulesWeights;
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rules/obsidian.weights.txt");
    let text = std::fs::read_to_string(&path).expect("rules/obsidian.weights.txt");
    let mut weights = RulesWeights::default();
    weights.read_text(&text).expect("a valid weights file");
    assert_ne!(weights, RulesWeights::default());
    assert!(weights.mobility[0] > 0 && weights.material[0] > 0);
}
