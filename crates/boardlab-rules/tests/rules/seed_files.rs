//! The seed rules files (rules/ at the repository root) read into the games of RULES.md,
//! and the example that extends one.

use boardlab_core::Player;
use boardlab_games::parity::Layout;
use boardlab_rules::definition::{
    Definition, Draws, FirstPlayer, Mode, NoMoves, Opening, Promotion,
};
use boardlab_rules::file::{BUILT_INS, read_built_in, read_file, with_options};

fn seed(name: &str) -> Definition {
    read_built_in(name).unwrap_or_else(|e| panic!("{e}"))
}

fn index(d: &Definition, name: &str) -> usize {
    d.pieces.iter().position(|p| p.name == name).expect(name)
}

fn repo_file(path: &str) -> String {
    format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"))
}

fn sorted(mut v: Vec<(i8, i8)>) -> Vec<(i8, i8)> {
    v.sort_unstable();
    v
}

#[test]
fn every_built_in_file_reads_and_is_its_file_on_disk() {
    for b in BUILT_INS {
        let d = seed(b.name);
        assert_eq!(d.id, b.name);
        let on_disk = read_file(repo_file(b.path)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(on_disk, d, "{}", b.path);
    }
}

#[test]
fn obsidian() {
    let d = seed("obsidian");
    assert_eq!(d.title, "Obsidian");
    assert_eq!((d.board.width, d.board.height), (8, 8));
    assert!(d.board.squares.is_empty());
    assert_eq!(d.start, "ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecba");
    assert_eq!(d.first, FirstPlayer::One);
    let letters: Vec<[char; 2]> = d.pieces.iter().map(|p| p.letters).collect();
    assert_eq!(
        letters,
        [
            ['a', 'A'],
            ['b', 'B'],
            ['c', 'C'],
            ['d', 'D'],
            ['e', 'E'],
            ['f', 'F']
        ]
    );
    let king = &d.pieces[index(&d, "king")];
    assert!(king.royal);
    assert_eq!(d.pieces.iter().filter(|p| p.royal).count(), 1);
    let pawn = &d.pieces[index(&d, "pawn")];
    assert_eq!(pawn.betza, "fmWfcFifmnD");
    assert_eq!(
        pawn.promotion,
        Some(Promotion {
            ranks: 1,
            to: vec![index(&d, "queen")],
            compulsory: true
        })
    );
    let double_step = &pawn.moves[2];
    assert!(double_step.initial_only && double_step.lame);
    assert_eq!(double_step.mode, Mode::MoveOnly);
    assert_eq!(d.pieces[index(&d, "knight")].moves[0].vectors.len(), 8);
    assert!(d.drops.is_none());
    assert!(!d.captures.compulsory);
    assert_eq!(d.end.no_moves, NoMoves::Loss);
    assert!(!d.end.capture_all && d.end.goal_pieces.is_empty());
    assert_eq!(
        d.end.draws,
        Some(Draws {
            repetition: 3,
            no_progress_plies: 100
        })
    );
    assert!(d.end.progress.captures && !d.end.progress.drops);
    assert_eq!(d.end.progress.moves_of, vec![index(&d, "pawn")]);
    assert!(d.options.is_empty());
}

#[test]
fn daisy() {
    let d = seed("daisy");
    assert_eq!((d.board.width, d.board.height), (9, 9));
    assert_eq!(d.start, "9/9/9/9/9/9/9/9/9[ABC2D2E2F2G9Habc2d2e2f2g9h]");
    assert_eq!(d.pieces.len(), 8);
    assert_eq!(d.pieces[0].letters, ['A', 'a'], "Player 1 plays uppercase");
    let king = index(&d, "king");
    assert!(d.pieces[king].royal);
    assert_eq!(d.captures.requires_on_board, Some(king));
    let drops = d.drops.as_ref().expect("Daisy has drops");
    assert!(drops.captures_to_hand);
    assert_eq!(drops.zones, vec![None; 8]);
    let vectors = |name: &str| -> Vec<(i8, i8)> {
        sorted(
            d.pieces[index(&d, name)]
                .moves
                .iter()
                .flat_map(|m| m.vectors.clone())
                .collect(),
        )
    };
    assert_eq!(vectors("gold").len(), 6);
    assert!(!vectors("gold").contains(&(1, -1)));
    assert_eq!(vectors("silver").len(), 5);
    assert!(vectors("silver").contains(&(0, 1)));
    assert_eq!(vectors("knight"), vec![(-1, 2), (1, 2)]);
    assert_eq!(vectors("lance"), vec![(0, 1)]);
    assert_eq!(d.pieces[index(&d, "lance")].moves[0].range, 0);
    assert_eq!(vectors("pawn"), vec![(0, 1)]);
    assert!(d.pieces.iter().all(|p| p.promotion.is_none()));
    assert!(d.end.progress.captures && d.end.progress.drops);
    assert!(d.end.progress.moves_of.is_empty());
    assert_eq!(d.end.no_moves, NoMoves::Loss);
}

#[test]
fn sprint() {
    let d = seed("sprint");
    assert_eq!((d.board.width, d.board.height), (6, 6));
    assert_eq!(d.start, "1b1b1b/b1b1b1/6/6/1w1w1w/w1w1w1");
    assert_eq!(d.pieces.len(), 1);
    let man = &d.pieces[0];
    assert_eq!(man.letters, ['w', 'b']);
    assert_eq!(man.moves.len(), 1);
    assert_eq!(man.moves[0].mode, Mode::MoveOnly);
    assert_eq!(sorted(man.moves[0].vectors.clone()), vec![(-1, 1), (1, 1)]);
    assert_eq!(sorted(man.jumps.clone()), vec![(-1, 1), (1, 1)]);
    assert!(man.chain);
    assert!(d.captures.compulsory);
    assert_eq!((d.end.goal_pieces.clone(), d.end.goal_ranks), (vec![0], 1));
    assert!(d.end.capture_all);
    assert_eq!(d.end.draws, None);
    // a1 is dark; light squares are missing.
    let kind =
        |file: usize, rank: usize| &d.board.kinds[usize::from(d.board.squares[rank * 6 + file])];
    assert!(kind(0, 0).exists);
    assert!(!kind(1, 0).exists);
    assert!(kind(1, 1).exists);
    assert_eq!(kind(5, 5).name, "dark");
    assert_eq!(d.options.len(), 1);
    assert_eq!(d.options[0].name, "backward_captures");
    assert!(!d.options[0].default);
    let backward = with_options(&d, &[("backward_captures", true)]).unwrap();
    assert_eq!(backward.pieces[0].jumps.len(), 4);
    assert_eq!(backward.source, d.source);
    assert_eq!(backward.options, d.options);
    assert_eq!(with_options(&backward, &[]).unwrap(), d);
}

#[test]
fn sprint_with_backward_captures_extends_sprint() {
    let d = seed("sprint-backward");
    assert_eq!(d.title, "Sprint (backward captures)");
    assert_eq!(d.pieces[0].jumps.len(), 4);
    assert!(d.options[0].default);
    let forward = with_options(&d, &[("backward_captures", false)]).unwrap();
    let sprint = seed("sprint");
    assert_eq!(forward.pieces, sprint.pieces);
    assert_eq!(forward.board, sprint.board);
}

#[test]
fn parity() {
    let d = seed("parity");
    assert_eq!(d.first, FirstPlayer::Random);
    assert_eq!((d.board.width, d.board.height), (4, 6));
    assert_eq!(d.start, "bbbb/1bb1/4/4/1ww1/wwww");
    let opens: Vec<(char, Opening)> = d.board.kinds.iter().map(|k| (k.letter, k.open)).collect();
    assert_eq!(
        opens,
        [
            ('B', Opening::Always),
            ('W', Opening::Always),
            ('R', Opening::Even),
            ('U', Opening::Odd)
        ]
    );
    assert!(d.board.kinds.iter().all(|k| k.exists));
    let man = &d.pieces[0];
    assert_eq!(man.moves[0].mode, Mode::MoveOnly);
    assert_eq!(man.moves[0].vectors.len(), 4);
    assert_eq!(man.jumps, vec![(0, 1)]);
    assert!(!man.chain);
    assert!(!d.captures.compulsory);
    assert!(d.end.capture_all);
    assert!(d.end.progress.captures && !d.end.progress.drops && d.end.progress.moves_of.is_empty());
    assert!(d.end.draws.is_some());
    // The layout is RULES.md's: a1 black, d2 blue, a2 red.
    assert_eq!(d.board.kinds[usize::from(d.board.squares[0])].letter, 'B');
    assert_eq!(
        d.board.kinds[usize::from(d.board.squares[4 + 3])].letter,
        'U'
    );
    assert_eq!(d.board.kinds[usize::from(d.board.squares[4])].letter, 'R');
}

/// The squares a placement puts `letter` on, as `(file, rank)`.
fn squares_of(placement: &str, letter: char) -> Vec<(u8, u8)> {
    let ranks: Vec<&str> = placement.split('/').collect();
    let mut out = Vec::new();
    for (row, text) in ranks.iter().enumerate() {
        let rank = (ranks.len() - 1 - row) as u8;
        let mut file = 0u8;
        for c in text.chars() {
            match c.to_digit(10) {
                Some(n) => file += n as u8,
                None => {
                    if c == letter {
                        out.push((file, rank));
                    }
                    file += 1;
                }
            }
        }
    }
    out.sort_unstable();
    out
}

#[test]
fn the_parity_5x5_example_starts_as_the_hand_written_engine_places_pieces() {
    let d =
        read_file(repo_file("rules/examples/parity-5x5.toml")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(d.id, "parity-5x5");
    assert_eq!(d.first, FirstPlayer::Random);
    assert_eq!(
        d.board.kinds.len(),
        4,
        "the kinds are inherited from parity"
    );
    let mut text = String::new();
    for rank in (0..d.board.height).rev() {
        for file in 0..d.board.width {
            let kind = d.board.squares[usize::from(rank) * 5 + usize::from(file)];
            text.push(d.board.kinds[usize::from(kind)].letter);
        }
        text.push('\n');
    }
    let layout = Layout::parse(&text).unwrap();
    for (player, letter) in [(Player::One, 'w'), (Player::Two, 'b')] {
        let bits = layout.start_squares(player);
        let mut expected: Vec<(u8, u8)> = Vec::new();
        for rank in 0..5 {
            for file in 0..5 {
                if bits & layout.bit(file, rank) != 0 {
                    expected.push((file, rank));
                }
            }
        }
        expected.sort_unstable();
        assert_eq!(squares_of(&d.start, letter), expected, "{player:?}");
    }
}

#[test]
fn the_default_parity_start_follows_the_same_rule() {
    let d = seed("parity");
    let layout = Layout::default();
    let bits = layout.start_squares(Player::One);
    let expected: Vec<(u8, u8)> = squares_of(&d.start, 'w');
    assert_eq!(expected.len(), 6);
    assert!(expected.iter().all(|&(f, r)| bits & layout.bit(f, r) != 0));
}
