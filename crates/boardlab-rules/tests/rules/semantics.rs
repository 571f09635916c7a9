//! The engine on games beyond the seeds: a 12x12 board (256-bit positions, two-digit text),
//! hoppers, lame leapers, initial-only leaps, promotion choices, drop zones, squares that
//! open with the piece count, the refusals of definitions the engine cannot play, interning,
//! and rule options.

use crate::common;

use boardlab_core::rules::RuleOptions;
use boardlab_core::{MoveError, Position, PositionField};
use boardlab_rules::definition::*;
use boardlab_rules::engine::{Bits256, Game, RulesOptions, RulesPosition, intern};
use common::seed::{self, atom, forward, movement, piece, plain_board};

/// A game on a `width` x `height` plain board with `pieces` and `start`, the rest plain.
fn game_of(id: &str, board: Board, pieces: Vec<Piece>, start: &str) -> Definition {
    Definition {
        id: id.to_string(),
        title: id.to_string(),
        summary: String::new(),
        players: ["Player 1".to_string(), "Player 2".to_string()],
        board,
        pieces,
        start: start.to_string(),
        first: FirstPlayer::One,
        captures: Captures::default(),
        drops: None,
        end: End {
            goal_pieces: Vec::new(),
            goal_ranks: 0,
            capture_all: true,
            no_moves: NoMoves::Loss,
            draws: seed::common_draws(),
            progress: Progress {
                captures: true,
                ..Progress::default()
            },
        },
        options: Vec::new(),
        source: toml::Table::new(),
    }
}

/// A 12x12 game: king, cannon (`mRcpR`), lame horse (`nN`), pawn promoting to cannon or
/// horse, camel (`W` and `i(3,1)`).
fn big() -> Definition {
    let mut king = piece(
        "king",
        ['k', 'K'],
        "K",
        vec![movement([atom(1, 0), atom(1, 1)].concat(), 1, Mode::Both)],
    );
    king.royal = true;
    let cannon = piece(
        "cannon",
        ['c', 'C'],
        "mRcpR",
        vec![
            movement(atom(1, 0), 0, Mode::MoveOnly),
            Movement {
                hop: true,
                ..movement(atom(1, 0), 0, Mode::CaptureOnly)
            },
        ],
    );
    let horse = piece(
        "horse",
        ['h', 'H'],
        "nN",
        vec![Movement {
            lame: true,
            ..movement(atom(2, 1), 1, Mode::Both)
        }],
    );
    let mut pawn = piece(
        "pawn",
        ['p', 'P'],
        "fmWfcF",
        vec![
            movement(vec![(0, 1)], 1, Mode::MoveOnly),
            movement(forward(atom(1, 1)), 1, Mode::CaptureOnly),
        ],
    );
    pawn.promotion = Some(Promotion {
        ranks: 1,
        to: vec![1, 2],
        compulsory: true,
    });
    let camel = piece(
        "camel",
        ['m', 'M'],
        "Wi(3,1)",
        vec![
            movement(atom(1, 0), 1, Mode::Both),
            Movement {
                initial_only: true,
                ..movement(atom(3, 1), 1, Mode::Both)
            },
        ],
    );
    let mut definition = game_of(
        "big",
        plain_board(12, 12),
        vec![king, cannon, horse, pawn, camel],
        "CH2K4HMC/PPPPPPPPPPPP/12/12/12/12/12/12/12/12/pppppppppppp/ch2k4hmc",
    );
    definition.end.capture_all = false;
    definition
}

fn options(definition: Definition) -> RulesOptions {
    RulesOptions::new(intern(definition, None).expect("compiles"))
}

type Wide = RulesPosition<Bits256>;

/// The legal moves from `square`, as text.
fn moves_from(position: &Wide, square: &str) -> Vec<String> {
    position
        .legal_move_texts()
        .into_iter()
        .filter(|m| {
            m.starts_with(square) && !m[square.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .collect()
}

#[test]
fn twelve_by_twelve_needs_256_bits_and_writes_two_digit_runs() {
    let rules = options(big());
    assert!(!rules.game().fits::<u128>() && rules.game().fits::<Bits256>());
    let error = RulesPosition::<u128>::from_text("12/12/12/12/12/12/12/12/12/12/12/12 1", rules)
        .unwrap_err();
    assert_eq!(error.field, PositionField::Whole);
    let start = Wide::start(rules);
    assert_eq!(
        start.to_string(),
        "CH2K4HMC/PPPPPPPPPPPP/12/12/12/12/12/12/12/12/pppppppppppp/ch2k4hmc 1 0 1"
    );
    assert_eq!(Wide::from_text(&start.to_string(), rules), Ok(start));
    // 12 pawns x 1 step, 2 horses x 1 leap each (the other legs are blocked), camel: one
    // (3,1) leap to h2? no, h2 holds a pawn; up the board only where empty.
    let moves = start.legal_move_texts();
    assert!(moves.contains(&"a2a3".to_string()) && moves.contains(&"l2l3".to_string()));
    assert_eq!(
        moves
            .iter()
            .filter(|m| m.ends_with('3') && m.len() == 4)
            .count(),
        12
    );
}

#[test]
fn cannon_moves_like_a_rook_and_captures_by_hopping() {
    let rules = options(big());
    let position = Wide::from_text("11K/12/12/12/12/12/12/P11/12/p11/12/c10k 1", rules).unwrap();
    let mut expected = vec!["a1a2".to_string(), "a1a5".to_string()];
    expected.extend("bcdefghijk".chars().map(|f| format!("a1{f}1")));
    expected.sort();
    assert_eq!(moves_from(&position, "a1"), expected);
}

#[test]
fn lame_horse_is_blocked_by_its_leg() {
    let rules = options(big());
    let free = Wide::from_text("11K/12/12/12/12/12/12/12/12/12/12/1h9k 1", rules).unwrap();
    assert_eq!(moves_from(&free, "b1"), ["b1a3", "b1c3", "b1d2"]);
    let blocked = Wide::from_text("11K/12/12/12/12/12/12/12/12/12/1p10/1h9k 1", rules).unwrap();
    assert_eq!(moves_from(&blocked, "b1"), ["b1d2"]);
}

#[test]
fn promotion_choices_print_a_suffix_and_need_one() {
    let rules = options(big());
    let position = Wide::from_text("K11/4p7/12/12/12/12/12/12/12/12/12/11k 1", rules).unwrap();
    assert_eq!(moves_from(&position, "e11"), ["e11e12c", "e11e12h"]);
    let mv = position
        .parse_move("E11-E12H")
        .expect("either case, separators");
    assert_eq!(mv.to_string(), "e11e12h");
    let mut after = position;
    after.play(mv);
    assert_eq!(after.piece_at(4, 11), Some('h'));
    match position.parse_move("e11e12") {
        Err(MoveError::Illegal { reason, .. }) => assert!(reason.contains("promotes"), "{reason}"),
        other => panic!("{other:?}"),
    }
    // A piece may stand in its zone unpromoted (in games with drops it can be dropped
    // there); it has no move here.
    let stuck = Wide::from_text("K3p7/12/12/12/12/12/12/12/12/12/12/11k 1", rules).unwrap();
    assert!(moves_from(&stuck, "e12").is_empty());
}

#[test]
fn initial_only_leaps_only_from_start_squares() {
    let rules = options(big());
    let on_start = Wide::from_text("11K/12/12/12/12/12/12/12/12/12/12/4k5m1 1", rules).unwrap();
    assert_eq!(
        moves_from(&on_start, "k1"),
        ["k1h2", "k1j1", "k1j4", "k1k2", "k1l1", "k1l4"]
    );
    let moved = Wide::from_text("11K/12/12/12/12/12/12/12/12/12/10m1/4k7 1", rules).unwrap();
    assert_eq!(moves_from(&moved, "k2"), ["k2j2", "k2k1", "k2k3", "k2l2"]);
}

/// A 5x5 drop game: kings and pawns, pawns dropped only on the dropper's ranks 2 to 3.
fn drops() -> Definition {
    let mut king = piece(
        "king",
        ['K', 'k'],
        "K",
        vec![movement([atom(1, 0), atom(1, 1)].concat(), 1, Mode::Both)],
    );
    king.royal = true;
    let pawn = piece(
        "pawn",
        ['P', 'p'],
        "fW",
        vec![movement(vec![(0, 1)], 1, Mode::Both)],
    );
    let mut definition = game_of(
        "drops",
        plain_board(5, 5),
        vec![king, pawn],
        "4k/5/5/5/K4[2Pp]",
    );
    definition.drops = Some(Drops {
        captures_to_hand: true,
        zones: vec![None, Some(RankRange { from: 2, to: 3 })],
    });
    definition.end.capture_all = false;
    definition
}

#[test]
fn drops_keep_to_their_zones_and_count_as_generated() {
    let rules = options(drops());
    let start = Wide::start(rules);
    assert_eq!(start.to_string(), "4k/5/5/5/K4[2Pp] 1 0 1");
    let texts = start.legal_move_texts();
    let drops: Vec<&String> = texts.iter().filter(|m| m.contains('@')).collect();
    assert_eq!(drops.len(), 10);
    assert!(drops.iter().all(|m| m.ends_with('2') || m.ends_with('3')));
    assert_eq!(start.count_legal_moves(), texts.len() as u64);
    let mut after = start;
    after.play_text("p@c3").expect("either case");
    assert_eq!(after.to_string(), "4k/5/2P2/5/K4[Pp] 2 1 1");
    let theirs: Vec<String> = after
        .legal_move_texts()
        .into_iter()
        .filter(|m| m.contains('@'))
        .collect();
    assert!(
        theirs
            .iter()
            .all(|m| m.starts_with("P@") && (m.ends_with('4') || m.ends_with('3'))),
        "{theirs:?}"
    );
    assert_eq!(theirs.len(), 9);
}

/// A 5x5 draughts-like game whose c3 is red (open while the count is even), men jumping in
/// chains in all four diagonal directions, captures compulsory.
fn red_centre() -> Definition {
    let mut man = piece(
        "man",
        ['w', 'b'],
        "fmF",
        vec![movement(forward(atom(1, 1)), 1, Mode::MoveOnly)],
    );
    man.jumps = atom(1, 1);
    man.chain = true;
    let mut squares = vec![0u8; 25];
    squares[12] = 1;
    let board = Board {
        width: 5,
        height: 5,
        squares,
        kinds: vec![
            SquareKind {
                letter: 'B',
                name: "plain".to_string(),
                exists: true,
                open: Opening::Always,
            },
            SquareKind {
                letter: 'R',
                name: "red".to_string(),
                exists: true,
                open: Opening::Even,
            },
        ],
    };
    let mut definition = game_of("red-centre", board, vec![man], "b4/5/5/5/w4");
    definition.captures.compulsory = true;
    definition
}

#[test]
fn chains_check_open_squares_for_the_count_after_the_whole_chain() {
    let rules = options(red_centre());
    let legal = |text: &str| Wide::from_text(text, rules).unwrap().legal_move_texts();
    // 3 pieces, 2 after the capture: even, the red c3 is open.
    assert_eq!(legal("4b/5/5/1b3/w4 1"), ["a1c3"]);
    // 4 pieces, 3 after: c3 is closed, no capture; no step either (b2 is taken).
    assert_eq!(legal("b3b/5/5/1b3/w4 1"), Vec::<String>::new());
    // A chain of two over b2 and d4: 4 pieces, 2 after, open.
    assert_eq!(legal("b4/3b1/5/1b3/w4 1"), ["a1c3e5"]);
    // 5 pieces, 3 after: closed; the chain may not stop early on c3 either.
    assert_eq!(legal("b4/3b1/5/1b3/w3b 1"), Vec::<String>::new());
}

/// A draughts-like game on `size` x `size` whose kings jump in all four directions.
fn draughts(size: u8) -> Definition {
    let mut king = piece(
        "king",
        ['w', 'b'],
        "F",
        vec![movement(atom(1, 1), 1, Mode::MoveOnly)],
    );
    king.jumps = atom(1, 1);
    king.chain = true;
    let empty = vec![size.to_string(); size as usize - 2].join("/");
    let start = format!("{}b/{empty}/w{}", size - 1, size - 1);
    game_of("draughts", plain_board(size, size), vec![king], &start)
}

#[test]
fn definitions_the_engine_cannot_play_are_refused_with_reasons() {
    if let Err(error) = intern(draughts(8), None) {
        panic!("an 8x8 chain has at most 9 jumps: {error}");
    }
    let error = intern(draughts(10), None).unwrap_err();
    assert!(error.problem.contains("up to 16 jumps"), "{error}");

    let mut ambiguous = draughts(8);
    ambiguous.pieces[0]
        .moves
        .push(movement(atom(2, 2), 1, Mode::MoveOnly));
    let error = intern(ambiguous, None).unwrap_err();
    assert!(error.problem.contains("same squares"), "{error}");

    let mut knight_jumps = draughts(8);
    knight_jumps.pieces[0].jumps = atom(2, 1);
    assert!(
        intern(knight_jumps, None)
            .unwrap_err()
            .problem
            .contains("adjacent")
    );

    let mut choosy = draughts(8);
    choosy.pieces.push(piece(
        "queen",
        ['q', 'Q'],
        "K",
        vec![movement(atom(1, 1), 1, Mode::Both)],
    ));
    choosy.pieces.push(piece(
        "rook",
        ['r', 'R'],
        "W",
        vec![movement(atom(1, 0), 1, Mode::Both)],
    ));
    choosy.pieces[0].promotion = Some(Promotion {
        ranks: 1,
        to: vec![1, 2],
        compulsory: true,
    });
    assert!(
        intern(choosy, None)
            .unwrap_err()
            .problem
            .contains("one piece")
    );

    let mut bad_letter = draughts(8);
    bad_letter.pieces[0].letters = ['w', '1'];
    assert!(
        intern(bad_letter, None)
            .unwrap_err()
            .problem
            .contains("ASCII letter")
    );

    let mut lost_already = draughts(8);
    lost_already.start = "8/8/8/8/8/8/8/w7".to_string();
    let error = intern(lost_already, None).unwrap_err();
    assert!(error.problem.contains("Player 2 has no pieces"), "{error}");

    let mut deep_zone = draughts(8);
    deep_zone.pieces[0].promotion = Some(Promotion {
        ranks: 9,
        to: vec![0],
        compulsory: true,
    });
    assert!(
        intern(deep_zone, None)
            .unwrap_err()
            .problem
            .contains("1 to 8")
    );
}

#[test]
fn the_same_definition_gives_the_same_game() {
    let a: &'static Game = seed::game(seed::obsidian());
    let b: &'static Game = seed::game(seed::obsidian());
    assert!(std::ptr::eq(a, b));
    assert!(!std::ptr::eq(a, seed::game(seed::daisy())));
}

#[test]
fn rule_options_switch_between_compiled_variants() {
    let sprint = RulesOptions::new(seed::game(seed::sprint()));
    assert_eq!(sprint.get("backward_captures").as_deref(), Some("false"));
    let mut on = sprint;
    on.apply("backward_captures=true").unwrap();
    assert_eq!(on.get("backward_captures").as_deref(), Some("true"));
    assert!(!std::ptr::eq(on.game(), sprint.game()));
    let mut off = on;
    off.apply("backward_captures=false").unwrap();
    assert_eq!(off, sprint);
    let error = sprint
        .clone()
        .apply("no_progress_plies=3")
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("backward_captures (default false)"),
        "{error}"
    );
    assert!(sprint.clone().apply("backward_captures=maybe").is_err());
    assert_eq!(sprint.draw_rules(), boardlab_core::DrawRules::NONE);

    let mut obsidian = RulesOptions::new(seed::game(seed::obsidian()));
    obsidian.apply("no_progress_plies=50").unwrap();
    assert_eq!(obsidian.draw_rules().no_progress_plies, 50);
    let names: Vec<&str> = obsidian.infos().iter().map(|i| i.name).collect();
    assert_eq!(names, ["no_progress_plies", "threefold_repetition"]);
}

#[test]
fn each_game_names_its_bit_set_and_presentation() {
    use boardlab_rules::engine::BitSetSize;
    assert_eq!(seed::game(seed::obsidian()).bit_set(), BitSetSize::U64);
    assert_eq!(seed::game(seed::daisy()).bit_set(), BitSetSize::U128);
    let big = intern(big(), None).unwrap();
    assert_eq!(big.bit_set(), BitSetSize::Bits256);
    let parity = seed::game(seed::parity(&seed::PARITY_DEFAULT));
    let look = parity.presentation();
    assert_eq!(look.title, "Parity");
    assert_eq!(look.sides, ["White (Player 1)", "Black (Player 2)"]);
    assert_eq!(look.board.marks.iter().filter(|m| m.opens).count(), 2);
    let (kind, owner) = seed::game(seed::obsidian())
        .presentation()
        .piece('D')
        .unwrap();
    assert_eq!((kind.name, owner), ("D", boardlab_core::Player::Two));
    // Its moves in words, then its Betza text.
    assert!(kind.moves.starts_with("one square"), "{}", kind.moves);
    assert!(kind.moves.ends_with("(Betza K)"), "{}", kind.moves);
    let position = RulesPosition::<u128>::start(RulesOptions::new(parity));
    assert_eq!(position.square_mark(0, 1), Some('R'));
    assert_eq!(position.open_mark(), Some('R'), "12 pieces: red is open");
}

/// A game on `board` with a royal king (`K`) and one more piece each, from `start`.
fn with_piece(board: Board, extra: Piece, start: &str) -> Definition {
    let mut king = piece(
        "king",
        ['k', 'K'],
        "K",
        vec![movement([atom(1, 0), atom(1, 1)].concat(), 1, Mode::Both)],
    );
    king.royal = true;
    let mut definition = game_of("extra", board, vec![king, extra], start);
    definition.end.capture_all = false;
    definition
}

#[test]
fn riders_keep_to_their_range_and_initial_squares() {
    let short = piece(
        "short rook",
        ['r', 'R'],
        "R2",
        vec![movement(atom(1, 0), 2, Mode::Both)],
    );
    let rules = options(with_piece(plain_board(8, 8), short, "7K/8/8/8/8/8/8/r6k"));
    let position = RulesPosition::<u64>::start(rules);
    let from_a1: Vec<String> = position
        .legal_move_texts()
        .into_iter()
        .filter(|m| m.starts_with("a1"))
        .collect();
    assert_eq!(from_a1, ["a1a2", "a1a3", "a1b1", "a1c1"]);

    let mut lance = piece(
        "lance",
        ['l', 'L'],
        "ifR",
        vec![movement(vec![(0, 1)], 0, Mode::MoveOnly)],
    );
    lance.moves[0].initial_only = true;
    lance.moves.push(movement(atom(1, 1), 1, Mode::Both));
    let rules = options(with_piece(plain_board(8, 8), lance, "7K/8/8/8/8/8/8/l6k"));
    let start = RulesPosition::<u64>::start(rules);
    assert_eq!(
        start
            .legal_move_texts()
            .iter()
            .filter(|m| m.starts_with("a1"))
            .count(),
        8
    );
    let moved = RulesPosition::<u64>::from_text("7K/8/8/8/8/8/1l6/7k 1", rules).unwrap();
    assert_eq!(
        moved
            .legal_move_texts()
            .iter()
            .filter(|m| m.starts_with("b2"))
            .count(),
        4
    );
}

#[test]
fn riders_stop_at_closed_squares() {
    let rook = piece(
        "rook",
        ['r', 'R'],
        "R",
        vec![movement(atom(1, 0), 0, Mode::Both)],
    );
    let mut definition = with_piece(plain_board(5, 3), rook, "4K/r4/4k");
    definition.board.kinds = vec![
        SquareKind {
            letter: 'B',
            name: "plain".to_string(),
            exists: true,
            open: Opening::Always,
        },
        SquareKind {
            letter: 'R',
            name: "red".to_string(),
            exists: true,
            open: Opening::Even,
        },
    ];
    let mut squares = vec![0u8; 15];
    squares[7] = 1; // c2
    definition.board.squares = squares;
    let rules = options(definition);
    let moves_of_a2 = |text: &str| -> Vec<String> {
        let p = RulesPosition::<u64>::from_text(text, rules).unwrap();
        p.legal_move_texts()
            .into_iter()
            .filter(|m| m.starts_with("a2"))
            .collect()
    };
    // 3 pieces: odd, c2 is closed and blocks the rank.
    assert_eq!(moves_of_a2("4K/r4/4k 1"), ["a2a1", "a2a3", "a2b2"]);
    // 4 pieces: even, open.
    assert_eq!(
        moves_of_a2("3RK/r4/4k 1"),
        ["a2a1", "a2a3", "a2b2", "a2c2", "a2d2", "a2e2"]
    );
}

#[test]
fn optional_promotion_offers_both_moves() {
    let mut pawn = piece(
        "pawn",
        ['p', 'P'],
        "fW",
        vec![movement(vec![(0, 1)], 1, Mode::Both)],
    );
    pawn.promotion = Some(Promotion {
        ranks: 1,
        to: vec![0],
        compulsory: false,
    });
    let rules = options(with_piece(plain_board(8, 8), pawn, "K7/4p3/8/8/8/8/8/7k"));
    let start = RulesPosition::<u64>::start(rules);
    let texts: Vec<String> = start
        .legal_move_texts()
        .into_iter()
        .filter(|m| m.starts_with("e7"))
        .collect();
    assert_eq!(texts, ["e7e8", "e7e8k"]);
    assert_eq!(start.parse_move("e7e8").unwrap().to_string(), "e7e8");
    assert_eq!(start.parse_move("e7e8K").unwrap().to_string(), "e7e8k");
    let error = RulesPosition::<u64>::from_text("K3p3/8/8/8/8/8/8/7k 2", rules);
    assert!(
        error.is_ok(),
        "a piece may stay unpromoted in an optional zone"
    );
}

#[test]
fn a_player_without_moves_loses_wins_or_draws_as_the_file_says() {
    use boardlab_core::{DrawReason, Outcome, Player, WinReason};
    let stone = piece(
        "stone",
        ['s', 'S'],
        "fmW",
        vec![movement(vec![(0, 1)], 1, Mode::MoveOnly)],
    );
    let blocked = "S/s 1";
    for (no_moves, expected) in [
        (
            NoMoves::Loss,
            Outcome::Win {
                winner: Player::Two,
                reason: WinReason::NoLegalMove,
            },
        ),
        (
            NoMoves::Win,
            Outcome::Win {
                winner: Player::One,
                reason: WinReason::OutOfMoves,
            },
        ),
        (NoMoves::Draw, Outcome::Draw(DrawReason::NoLegalMove)),
    ] {
        let mut definition = game_of("stuck", plain_board(1, 2), vec![stone.clone()], "S/s");
        definition.end.no_moves = no_moves;
        let position = RulesPosition::<u64>::from_text(blocked, options(definition)).unwrap();
        assert_eq!(position.outcome(), Some(expected));
    }
    let said = |outcome: Outcome| outcome.to_string();
    assert_eq!(
        said(Outcome::Draw(DrawReason::NoLegalMove)),
        "draw: the player to move has no legal move"
    );
    assert_eq!(
        said(Outcome::Win {
            winner: Player::One,
            reason: WinReason::OutOfMoves
        }),
        "Player 1 wins by having no legal move"
    );
}

#[test]
fn leapers_leap_over_missing_squares_and_lame_ones_do_not() {
    for (lame, expected) in [(false, vec!["a1b3", "a1c2"]), (true, vec!["a1b3"])] {
        let knight = piece(
            "knight",
            ['n', 'N'],
            "N",
            vec![Movement {
                lame,
                ..movement(atom(2, 1), 1, Mode::Both)
            }],
        );
        let mut definition = with_piece(plain_board(4, 3), knight, "K3/3k/n3");
        definition.board.kinds = vec![
            SquareKind {
                letter: 'B',
                name: "plain".to_string(),
                exists: true,
                open: Opening::Always,
            },
            SquareKind {
                letter: 'X',
                name: "missing".to_string(),
                exists: false,
                open: Opening::Always,
            },
        ];
        let mut squares = vec![0u8; 12];
        squares[1] = 1; // b1
        definition.board.squares = squares;
        let position = RulesPosition::<u64>::start(options(definition));
        let from_a1: Vec<String> = position
            .legal_move_texts()
            .into_iter()
            .filter(|m| m.starts_with("a1"))
            .collect();
        assert_eq!(from_a1, expected, "lame: {lame}");
    }
}

#[test]
fn games_give_the_values_the_core_still_asks_as_constants() {
    let sprint = seed::game(seed::sprint());
    assert!(sprint.acyclic() && !sprint.first_player_drawn());
    let parity = seed::game(seed::parity(&seed::PARITY_DEFAULT));
    assert!(!parity.acyclic() && parity.first_player_drawn());
    assert_eq!(parity.id(), "parity-4x6");
    assert_eq!(
        parity.player_name(boardlab_core::Player::Two),
        "Black (Player 2)"
    );
}
