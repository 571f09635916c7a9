//! A second, plain implementation of the Parity rules (RULES.md § 4) with arrays, compared
//! with the fast one on positions from seeded random play on three layouts.

use boardlab_core::{Player, Position, RuleOptions};
use boardlab_games::parity::{DEFAULT_LAYOUT_TEXT, Parity, ParityRules};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeSet;

/// A 5x5 layout (rows from the top).
pub const LAYOUT_5X5: &str = "BWBWB\nRUWRU\nWRBUW\nURWUR\nBWBWB\n";
/// An 8x8 layout (rows from the top).
pub const LAYOUT_8X8: &str = "\
WBWBWBWB
BRWUBRWU
URBWURBW
WBRUWBRU
RWUBRWUB
BUWRBUWR
WBUBWRWB
BWBWBWBW
";

/// The plain game: colours and pieces in arrays indexed `[rank][file]`.
#[derive(Clone)]
struct Plain {
    colours: Vec<Vec<char>>,
    pieces: Vec<Vec<Option<usize>>>,
    side: usize,
}

impl Plain {
    fn new(layout: &str, position: &str) -> Plain {
        let mut colours: Vec<Vec<char>> = layout
            .lines()
            .map(|l| {
                l.split('#')
                    .next()
                    .unwrap()
                    .chars()
                    .filter(|c| !c.is_whitespace())
                    .collect::<Vec<char>>()
            })
            .filter(|row| !row.is_empty())
            .collect();
        colours.reverse();
        let (width, height) = (colours[0].len(), colours.len());
        let fields: Vec<&str> = position.split_whitespace().collect();
        let mut pieces = vec![vec![None; width]; height];
        for (row, text) in fields[0].split('/').enumerate() {
            let rank = height - 1 - row;
            let mut file = 0;
            for c in text.chars() {
                match c {
                    'w' => pieces[rank][file] = Some(0),
                    'b' => pieces[rank][file] = Some(1),
                    _ => {
                        file += c.to_digit(10).unwrap() as usize;
                        continue;
                    }
                }
                file += 1;
            }
        }
        Plain {
            colours,
            pieces,
            side: if fields[1] == "1" { 0 } else { 1 },
        }
    }

    fn count(&self) -> usize {
        self.pieces.iter().flatten().filter(|p| p.is_some()).count()
    }

    fn open(&self, file: usize, rank: usize, count: usize) -> bool {
        match self.colours[rank][file] {
            'R' => count.is_multiple_of(2),
            'U' => count % 2 == 1,
            _ => true,
        }
    }

    fn name(file: usize, rank: usize) -> String {
        format!("{}{}", (b'a' + file as u8) as char, rank + 1)
    }

    fn moves(&self) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        let (width, height) = (self.colours[0].len() as i32, self.colours.len() as i32);
        let count = self.count();
        let forward = if self.side == 0 { 1 } else { -1 };
        let inside = |f: i32, r: i32| f >= 0 && f < width && r >= 0 && r < height;
        for rank in 0..height {
            for file in 0..width {
                if self.pieces[rank as usize][file as usize] != Some(self.side) {
                    continue;
                }
                for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let (f, r) = (file + df, rank + dr);
                    if inside(f, r)
                        && self.pieces[r as usize][f as usize].is_none()
                        && self.open(file as usize, rank as usize, count)
                        && self.open(f as usize, r as usize, count)
                    {
                        out.insert(format!(
                            "{}{}",
                            Self::name(file as usize, rank as usize),
                            Self::name(f as usize, r as usize)
                        ));
                    }
                }
                let (over, land) = (rank + forward, rank + 2 * forward);
                if inside(file, land)
                    && self.pieces[over as usize][file as usize] == Some(1 - self.side)
                    && self.pieces[land as usize][file as usize].is_none()
                {
                    let after = count - 1;
                    let f = file as usize;
                    if self.open(f, rank as usize, after)
                        && self.open(f, over as usize, after)
                        && self.open(f, land as usize, after)
                    {
                        out.insert(format!(
                            "{}{}",
                            Self::name(f, rank as usize),
                            Self::name(f, land as usize)
                        ));
                    }
                }
            }
        }
        if self.pieces.iter().flatten().all(|p| *p != Some(self.side)) {
            out.clear();
        }
        out
    }

    fn play(&mut self, mv: &str) -> bool {
        let b = mv.as_bytes();
        let (ff, fr) = ((b[0] - b'a') as usize, (b[1] - b'1') as usize);
        let (tf, tr) = ((b[2] - b'a') as usize, (b[3] - b'1') as usize);
        let piece = self.pieces[fr][ff].take();
        self.pieces[tr][tf] = piece;
        let capture = fr.abs_diff(tr) == 2;
        if capture {
            self.pieces[(fr + tr) / 2][ff] = None;
        }
        self.side = 1 - self.side;
        capture
    }

    fn placement(&self) -> String {
        let mut rows = Vec::new();
        for rank in (0..self.pieces.len()).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for cell in &self.pieces[rank] {
                match cell {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push(if *p == 0 { 'w' } else { 'b' });
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        format!("{} {}", rows.join("/"), self.side + 1)
    }
}

/// A random placement on a `width` x `height` board with at least one piece each.
fn random_placement(rng: &mut StdRng, width: u8, height: u8) -> String {
    loop {
        let mut rows = Vec::new();
        let density = rng.random_range(0.05..0.6);
        for _ in 0..height {
            let row: String = (0..width)
                .map(|_| {
                    if rng.random_bool(density) {
                        if rng.random_bool(0.5) { 'w' } else { 'b' }
                    } else {
                        '1'
                    }
                })
                .collect();
            rows.push(row);
        }
        let text = rows.join("/");
        if text.contains('w') && text.contains('b') {
            return format!("{text} {}", rng.random_range(1..=2));
        }
    }
}

fn compare_on_layout(layout: &str, seed: u64, wanted: usize) -> (usize, usize, usize) {
    let mut rules = ParityRules::default();
    rules.load_board(layout).unwrap();
    let mut rng = StdRng::seed_from_u64(seed);
    let (mut positions, mut captures, mut stuck) = (0, 0, 0);
    let mut game = 0;
    while positions < wanted {
        game += 1;
        let start_text = if game % 3 == 0 {
            let first = if rng.random_bool(0.5) {
                Player::One
            } else {
                Player::Two
            };
            Parity::start_with_first(rules, first).to_string()
        } else {
            let probe = Parity::start(rules);
            random_placement(&mut rng, probe.width(), probe.height())
        };
        let mut fast = Parity::from_text(&start_text, rules).unwrap();
        let mut plain = Plain::new(layout, &start_text);
        for _ in 0..150 {
            positions += 1;
            let fast_text = fast.to_string();
            assert!(
                fast_text.starts_with(&plain.placement()),
                "{fast_text} vs {}",
                plain.placement()
            );
            let expected = plain.moves();
            let got: BTreeSet<String> = fast
                .legal_move_list()
                .iter()
                .map(|m| m.to_string())
                .collect();
            assert_eq!(got, expected, "moves differ in {fast_text}");
            assert_eq!(fast.count_legal_moves(), expected.len() as u64);
            if expected.is_empty() {
                stuck += 1;
                assert!(fast.outcome().is_some());
                break;
            }
            let choice = expected
                .iter()
                .nth(rng.random_range(0..expected.len()))
                .unwrap()
                .clone();
            captures += plain.play(&choice) as usize;
            fast.play(fast.parse_move(&choice).unwrap());
        }
    }
    (positions, captures, stuck)
}

#[test]
fn plain_and_fast_agree_on_the_default_layout() {
    let (positions, captures, stuck) = compare_on_layout(DEFAULT_LAYOUT_TEXT, 1, 10_000);
    assert!(
        positions >= 10_000 && captures >= 50 && stuck >= 5,
        "{positions} {captures} {stuck}"
    );
}

#[test]
fn plain_and_fast_agree_on_a_5x5_layout() {
    let (positions, captures, stuck) = compare_on_layout(LAYOUT_5X5, 2, 10_000);
    assert!(
        positions >= 10_000 && captures >= 50 && stuck >= 5,
        "{positions} {captures} {stuck}"
    );
}

#[test]
fn plain_and_fast_agree_on_an_8x8_layout() {
    let (positions, captures, _) = compare_on_layout(LAYOUT_8X8, 3, 10_000);
    assert!(
        positions >= 10_000 && captures >= 50,
        "{positions} {captures}"
    );
}
