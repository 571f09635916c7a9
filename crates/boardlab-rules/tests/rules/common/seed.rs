//! The four seed games of RULES.md as `Definition`s built in Rust, so that the engine's tests
//! do not depend on the rules-file reader (when it lands they can read `rules/*.toml`).

#![allow(dead_code)]

use boardlab_rules::definition::*;
use boardlab_rules::engine::{Game, intern};

/// Every distinct vector `(±m, ±n)` and `(±n, ±m)` (a Betza leaper atom).
pub fn atom(m: i8, n: i8) -> Vec<(i8, i8)> {
    let mut vectors = Vec::new();
    for (a, b) in [(m, n), (n, m)] {
        for (sa, sb) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let v = (a * sa, b * sb);
            if !vectors.contains(&v) {
                vectors.push(v);
            }
        }
    }
    vectors
}

/// The vectors of `vectors` that go forward (`dy > 0`).
pub fn forward(vectors: Vec<(i8, i8)>) -> Vec<(i8, i8)> {
    vectors.into_iter().filter(|v| v.1 > 0).collect()
}

/// A movement of `vectors` with `range` steps (1: a leaper, 0: a rider without limit).
pub fn movement(vectors: Vec<(i8, i8)>, range: u8, mode: Mode) -> Movement {
    Movement {
        vectors,
        range,
        mode,
        initial_only: false,
        lame: false,
        hop: false,
    }
}

/// A piece with `letters` (Player 1's first) that moves by `moves`.
pub fn piece(name: &str, letters: [char; 2], betza: &str, moves: Vec<Movement>) -> Piece {
    Piece {
        name: name.to_string(),
        letters,
        betza: betza.to_string(),
        moves,
        jumps: Vec::new(),
        chain: false,
        royal: false,
        promotion: None,
        value: None,
    }
}

/// A board of one plain kind.
pub fn plain_board(width: u8, height: u8) -> Board {
    Board {
        width,
        height,
        squares: Vec::new(),
        kinds: Vec::new(),
    }
}

/// The common draw rules: threefold repetition and 100 plies without progress.
pub fn common_draws() -> Option<Draws> {
    Some(Draws {
        repetition: 3,
        no_progress_plies: 100,
    })
}

fn orthogonal() -> Vec<(i8, i8)> {
    atom(1, 0)
}

fn diagonal() -> Vec<(i8, i8)> {
    atom(1, 1)
}

fn king_moves() -> Vec<(i8, i8)> {
    [orthogonal(), diagonal()].concat()
}

/// Obsidian (RULES.md § 1).
pub fn obsidian() -> Definition {
    let both = Mode::Both;
    let lower_upper = |c: char| [c, c.to_ascii_uppercase()];
    let mut d = piece(
        "D",
        lower_upper('d'),
        "K",
        vec![movement(king_moves(), 1, both)],
    );
    d.royal = true;
    let mut f = piece(
        "F",
        lower_upper('f'),
        "fmWfcFifmnD",
        vec![
            movement(vec![(0, 1)], 1, Mode::MoveOnly),
            movement(forward(diagonal()), 1, Mode::CaptureOnly),
            Movement {
                initial_only: true,
                lame: true,
                ..movement(vec![(0, 2)], 1, Mode::MoveOnly)
            },
        ],
    );
    f.promotion = Some(Promotion {
        ranks: 1,
        to: vec![4],
        compulsory: true,
    });
    Definition {
        id: "obsidian".to_string(),
        title: "Obsidian".to_string(),
        summary: "Chess-like; capture the D to win.".to_string(),
        players: [
            "Player 1 (lowercase)".to_string(),
            "Player 2 (uppercase)".to_string(),
        ],
        board: plain_board(8, 8),
        pieces: vec![
            piece(
                "A",
                lower_upper('a'),
                "R",
                vec![movement(orthogonal(), 0, both)],
            ),
            piece(
                "B",
                lower_upper('b'),
                "N",
                vec![movement(atom(2, 1), 1, both)],
            ),
            piece(
                "C",
                lower_upper('c'),
                "B",
                vec![movement(diagonal(), 0, both)],
            ),
            d,
            piece(
                "E",
                lower_upper('e'),
                "Q",
                vec![movement(king_moves(), 0, both)],
            ),
            f,
        ],
        start: "ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecba".to_string(),
        first: FirstPlayer::One,
        captures: Captures::default(),
        drops: None,
        end: End {
            goal_pieces: Vec::new(),
            goal_ranks: 0,
            capture_all: false,
            no_moves: NoMoves::Loss,
            draws: common_draws(),
            progress: Progress {
                captures: true,
                moves_of: vec![5],
                ..Progress::default()
            },
        },
        options: Vec::new(),
        source: toml::Table::new(),
    }
}

/// Daisy (RULES.md § 2).
pub fn daisy() -> Definition {
    let both = Mode::Both;
    let upper_lower = |c: char| [c, c.to_ascii_lowercase()];
    let mut a = piece(
        "A",
        upper_lower('A'),
        "K",
        vec![movement(king_moves(), 1, both)],
    );
    a.royal = true;
    let gold = [orthogonal(), forward(diagonal())].concat();
    let silver = [diagonal(), vec![(0, 1)]].concat();
    let pieces = vec![
        a,
        piece(
            "B",
            upper_lower('B'),
            "R",
            vec![movement(orthogonal(), 0, both)],
        ),
        piece(
            "C",
            upper_lower('C'),
            "B",
            vec![movement(diagonal(), 0, both)],
        ),
        piece("D", upper_lower('D'), "WfF", vec![movement(gold, 1, both)]),
        piece(
            "E",
            upper_lower('E'),
            "FfW",
            vec![movement(silver, 1, both)],
        ),
        piece(
            "F",
            upper_lower('F'),
            "ffN",
            vec![movement(vec![(1, 2), (-1, 2)], 1, both)],
        ),
        piece(
            "G",
            upper_lower('G'),
            "fR",
            vec![movement(vec![(0, 1)], 0, both)],
        ),
        piece(
            "H",
            upper_lower('H'),
            "fW",
            vec![movement(vec![(0, 1)], 1, both)],
        ),
    ];
    Definition {
        id: "daisy".to_string(),
        title: "Daisy".to_string(),
        summary: "Shogi-like with drops; capture the A to win.".to_string(),
        players: [
            "Player 1 (uppercase)".to_string(),
            "Player 2 (lowercase)".to_string(),
        ],
        board: plain_board(9, 9),
        pieces,
        start: "9/9/9/9/9/9/9/9/9[ABC2D2E2F2G9Habc2d2e2f2g9h]".to_string(),
        first: FirstPlayer::One,
        captures: Captures {
            compulsory: false,
            requires_on_board: Some(0),
        },
        drops: Some(Drops {
            captures_to_hand: true,
            zones: vec![None; 8],
        }),
        end: End {
            goal_pieces: Vec::new(),
            goal_ranks: 0,
            capture_all: false,
            no_moves: NoMoves::Loss,
            draws: common_draws(),
            progress: Progress {
                captures: true,
                drops: true,
                ..Progress::default()
            },
        },
        options: Vec::new(),
        source: toml::Table::new(),
    }
}

/// Sprint (RULES.md § 3), with the option `backward_captures` (see [`sprint_options`]).
pub fn sprint() -> Definition {
    let mut man = piece(
        "man",
        ['w', 'b'],
        "fmF",
        vec![movement(forward(diagonal()), 1, Mode::MoveOnly)],
    );
    man.jumps = forward(diagonal());
    man.chain = true;
    let squares = (0..36u8).map(|i| (i % 6 + i / 6) % 2).collect();
    Definition {
        id: "sprint".to_string(),
        title: "Sprint".to_string(),
        summary: "A checkers-like race to the far side.".to_string(),
        players: [
            "White (Player 1)".to_string(),
            "Black (Player 2)".to_string(),
        ],
        board: Board {
            width: 6,
            height: 6,
            squares,
            kinds: vec![
                SquareKind {
                    letter: 'D',
                    name: "dark".to_string(),
                    exists: true,
                    open: Opening::Always,
                },
                SquareKind {
                    letter: 'L',
                    name: "light".to_string(),
                    exists: false,
                    open: Opening::Always,
                },
            ],
        },
        pieces: vec![man],
        start: "1b1b1b/b1b1b1/6/6/1w1w1w/w1w1w1".to_string(),
        first: FirstPlayer::One,
        captures: Captures {
            compulsory: true,
            requires_on_board: None,
        },
        drops: None,
        end: End {
            goal_pieces: vec![0],
            goal_ranks: 1,
            capture_all: true,
            no_moves: NoMoves::Loss,
            draws: None,
            progress: Progress {
                captures: true,
                moves_of: vec![0],
                ..Progress::default()
            },
        },
        options: vec![RuleOption {
            name: "backward_captures".to_string(),
            help: "pieces may also capture backward, as in international draughts".to_string(),
            default: false,
            when_on: toml::Table::new(),
        }],
        source: toml::Table::new(),
    }
}

/// Sprint's options laid over its definition: `backward_captures` lets men jump in all
/// four diagonal directions.
pub fn sprint_options(base: &Definition, flags: &[bool]) -> Result<Definition, String> {
    let mut definition = base.clone();
    if flags.first().copied().unwrap_or(false) {
        definition.pieces[0].jumps = diagonal();
    }
    Ok(definition)
}

/// The default Parity board of RULES.md, rows from the top.
pub const PARITY_DEFAULT: [&str; 6] = ["WBWB", "UWBR", "WRUB", "BURW", "RBWU", "BWBW"];

/// A 5x5 Parity board, rows from the top (symmetric under a half turn).
pub const PARITY_5X5: [&str; 5] = ["BWBWB", "WRUBW", "BURUB", "WBURW", "BWBWB"];

/// Parity (RULES.md § 4) on a board given by its rows from the top (letters `B W R U`).
pub fn parity(rows: &[&str]) -> Definition {
    let height = rows.len() as u8;
    let width = rows[0].len() as u8;
    let letter_at =
        |file: u8, rank: u8| rows[(height - 1 - rank) as usize].as_bytes()[file as usize] as char;
    let kinds = "BWRU";
    let mut squares = Vec::new();
    for rank in 0..height {
        for file in 0..width {
            squares.push(kinds.find(letter_at(file, rank)).expect("a colour letter") as u8);
        }
    }
    let kind = |letter: char, name: &str, open: Opening| SquareKind {
        letter,
        name: name.to_string(),
        exists: true,
        open,
    };
    let mut stone = piece(
        "stone",
        ['w', 'b'],
        "mW",
        vec![movement(orthogonal(), 1, Mode::MoveOnly)],
    );
    stone.jumps = vec![(0, 1)];
    let start = parity_start(width, height, &letter_at);
    Definition {
        id: format!("parity-{width}x{height}"),
        title: "Parity".to_string(),
        summary: "Red spaces open on even counts, blue on odd; capture every enemy piece."
            .to_string(),
        players: [
            "White (Player 1)".to_string(),
            "Black (Player 2)".to_string(),
        ],
        board: Board {
            width,
            height,
            squares,
            kinds: vec![
                kind('B', "black", Opening::Always),
                kind('W', "white", Opening::Always),
                kind('R', "red", Opening::Even),
                kind('U', "blue", Opening::Odd),
            ],
        },
        pieces: vec![stone],
        start,
        first: FirstPlayer::Random,
        captures: Captures::default(),
        drops: None,
        end: End {
            goal_pieces: Vec::new(),
            goal_ranks: 0,
            capture_all: true,
            no_moves: NoMoves::Loss,
            draws: common_draws(),
            progress: Progress {
                captures: true,
                ..Progress::default()
            },
        },
        options: Vec::new(),
        source: toml::Table::new(),
    }
}

/// The start of a Parity board (RULES.md "Other layouts"): each side's six pieces on the
/// black or white spaces nearest its edge, nearest rank first, then nearest the centre
/// file, then from that player's left.
fn parity_start(width: u8, height: u8, letter_at: &dyn Fn(u8, u8) -> char) -> String {
    let mut grid = vec![vec!['.'; width as usize]; height as usize];
    for (letter, own_rank) in [('w', false), ('b', true)] {
        let mut spaces = Vec::new();
        for rank in 0..height {
            for file in 0..width {
                if matches!(letter_at(file, rank), 'R' | 'U') {
                    continue;
                }
                let (distance, from_left) = if own_rank {
                    (height - 1 - rank, width - 1 - file)
                } else {
                    (rank, file)
                };
                let off_centre = (2 * from_left as i32 - (width as i32 - 1)).unsigned_abs();
                spaces.push((distance as u32, off_centre, from_left, file, rank));
            }
        }
        spaces.sort();
        for &(_, _, _, file, rank) in spaces.iter().take(6) {
            grid[rank as usize][file as usize] = letter;
        }
    }
    let ranks: Vec<String> = (0..height)
        .rev()
        .map(|rank| {
            let mut text = String::new();
            let mut empty = 0;
            for &c in &grid[rank as usize] {
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push(c);
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            text
        })
        .collect();
    ranks.join("/")
}

/// The compiled game of a seed definition (Sprint's with its option).
pub fn game(definition: Definition) -> &'static Game {
    let applier = (definition.id == "sprint").then_some(sprint_options as _);
    intern(definition, applier).expect("a seed game compiles")
}
