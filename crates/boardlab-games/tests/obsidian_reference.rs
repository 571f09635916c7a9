//! A second, deliberately plain implementation of the Obsidian rules, written from RULES.md
//! § 1 with an 8x8 array and no bitboards, compared with the fast one on positions from
//! seeded random play: any difference is a bug in one of them.

use boardlab_core::Position;
use boardlab_games::Obsidian;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeSet;

/// A piece: its owner (0 = Player 1, lowercase; 1 = Player 2, uppercase) and its letter.
type Cell = Option<(usize, char)>;

/// The plain position: `board[rank][file]`, rank 0 = rank 1.
#[derive(Clone)]
struct Plain {
    board: [[Cell; 8]; 8],
    side: usize,
    no_progress: u32,
    move_number: u32,
}

fn square_name(file: usize, rank: usize) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

impl Plain {
    fn from_text(text: &str) -> Plain {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let mut board = [[None; 8]; 8];
        for (row, rank_text) in fields[0].split('/').enumerate() {
            let rank = 7 - row;
            let mut file = 0;
            for c in rank_text.chars() {
                if let Some(n) = c.to_digit(10) {
                    file += n as usize;
                } else {
                    let owner = if c.is_ascii_lowercase() { 0 } else { 1 };
                    board[rank][file] = Some((owner, c.to_ascii_uppercase()));
                    file += 1;
                }
            }
        }
        Plain {
            board,
            side: if fields[1] == "1" { 0 } else { 1 },
            no_progress: fields.get(2).map_or(0, |t| t.parse().unwrap()),
            move_number: fields.get(3).map_or(1, |t| t.parse().unwrap()),
        }
    }

    fn to_text(&self) -> String {
        let mut ranks = Vec::new();
        for rank in (0..8).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..8 {
                match self.board[rank][file] {
                    None => empty += 1,
                    Some((owner, letter)) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push(if owner == 0 {
                            letter.to_ascii_lowercase()
                        } else {
                            letter
                        });
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            ranks.push(row);
        }
        format!(
            "{} {} {} {}",
            ranks.join("/"),
            self.side + 1,
            self.no_progress,
            self.move_number
        )
    }

    fn has_d(&self, owner: usize) -> bool {
        self.board
            .iter()
            .flatten()
            .any(|c| *c == Some((owner, 'D')))
    }

    fn at(&self, file: i32, rank: i32) -> Option<Cell> {
        if (0..8).contains(&file) && (0..8).contains(&rank) {
            Some(self.board[rank as usize][file as usize])
        } else {
            None
        }
    }

    /// The legal moves as text: one D captured = game over = no moves.
    fn moves(&self) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        if !self.has_d(self.side) {
            return out;
        }
        let orthogonal = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        let diagonal = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        let knight = [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ];
        for rank in 0..8 {
            for file in 0..8 {
                let Some((owner, letter)) = self.board[rank][file] else {
                    continue;
                };
                if owner != self.side {
                    continue;
                }
                let from = square_name(file, rank);
                let mut add = |f: i32, r: i32| {
                    out.insert(format!("{from}{}", square_name(f as usize, r as usize)))
                };
                let (f0, r0) = (file as i32, rank as i32);
                let slide = |directions: &[(i32, i32)], add: &mut dyn FnMut(i32, i32) -> bool| {
                    for &(df, dr) in directions {
                        let (mut f, mut r) = (f0 + df, r0 + dr);
                        while let Some(cell) = self.at(f, r) {
                            match cell {
                                None => {
                                    add(f, r);
                                }
                                Some((o, _)) => {
                                    if o != self.side {
                                        add(f, r);
                                    }
                                    break;
                                }
                            }
                            f += df;
                            r += dr;
                        }
                    }
                };
                let step = |offsets: &[(i32, i32)], add: &mut dyn FnMut(i32, i32) -> bool| {
                    for &(df, dr) in offsets {
                        match self.at(f0 + df, r0 + dr) {
                            Some(None) => {
                                add(f0 + df, r0 + dr);
                            }
                            Some(Some((o, _))) if o != self.side => {
                                add(f0 + df, r0 + dr);
                            }
                            _ => {}
                        }
                    }
                };
                match letter {
                    'A' => slide(&orthogonal, &mut add),
                    'C' => slide(&diagonal, &mut add),
                    'E' => {
                        slide(&orthogonal, &mut add);
                        slide(&diagonal, &mut add);
                    }
                    'B' => step(&knight, &mut add),
                    'D' => {
                        step(&orthogonal, &mut add);
                        step(&diagonal, &mut add);
                    }
                    'F' => {
                        let forward = if self.side == 0 { 1 } else { -1 };
                        let start_rank = if self.side == 0 { 1 } else { 6 };
                        if self.at(f0, r0 + forward) == Some(None) {
                            add(f0, r0 + forward);
                            if r0 == start_rank && self.at(f0, r0 + 2 * forward) == Some(None) {
                                add(f0, r0 + 2 * forward);
                            }
                        }
                        for df in [-1, 1] {
                            if let Some(Some((o, _))) = self.at(f0 + df, r0 + forward)
                                && o != self.side
                            {
                                add(f0 + df, r0 + forward);
                            }
                        }
                    }
                    other => panic!("unknown letter {other}"),
                }
            }
        }
        out
    }

    /// Plays a move given as text; returns whether it promoted and whether it took a D.
    fn play(&mut self, mv: &str) -> (bool, bool) {
        let b = mv.as_bytes();
        let (ff, fr) = ((b[0] - b'a') as usize, (b[1] - b'1') as usize);
        let (tf, tr) = ((b[2] - b'a') as usize, (b[3] - b'1') as usize);
        let (owner, mut letter) = self.board[fr][ff].expect("a piece moves");
        let captured = self.board[tr][tf];
        let pawn_move = letter == 'F';
        let promoted = pawn_move && (tr == 0 || tr == 7);
        if promoted {
            letter = 'E';
        }
        self.board[fr][ff] = None;
        self.board[tr][tf] = Some((owner, letter));
        self.no_progress = if captured.is_some() || pawn_move {
            0
        } else {
            self.no_progress + 1
        };
        if self.side == 1 {
            self.move_number += 1;
        }
        self.side = 1 - self.side;
        (promoted, matches!(captured, Some((_, 'D'))))
    }
}

fn fast_moves(position: &Obsidian) -> BTreeSet<String> {
    position
        .legal_move_list()
        .iter()
        .map(|m| m.to_string())
        .collect()
}

#[test]
fn plain_and_fast_agree_on_random_play() {
    let mut rng = StdRng::seed_from_u64(0x0B51_D1A4);
    let starts = [
        "ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecba 1 0 1",
        "ABCD1CBA/1FFF2FF/F4F2/4E3/ff6/8/2fff1ff/abcdecba 1 0 5",
        "2D3B1/5b2/1f1BF3/4f2F/7f/2d5/6F1/8 1 1 41",
        "6B1/6F1/4F2A/7F/2D2f2/7f/3Cd1f1/2a2c1a 2 0 38",
    ];
    let (mut positions, mut promotions, mut d_captures, mut games) = (0, 0, 0, 0);
    while positions < 12_000 {
        let start = starts[games % starts.len()];
        games += 1;
        let mut fast: Obsidian = start.parse().unwrap();
        let mut plain = Plain::from_text(start);
        for _ in 0..400 {
            positions += 1;
            assert_eq!(fast.to_string(), plain.to_text(), "positions differ");
            let expected = plain.moves();
            assert_eq!(fast_moves(&fast), expected, "moves differ in {fast}");
            assert_eq!(
                fast.count_legal_moves(),
                expected.len() as u64,
                "count differs in {fast}"
            );
            assert_eq!(
                fast.outcome().is_some(),
                expected.is_empty(),
                "outcome in {fast}"
            );
            if expected.is_empty() {
                break;
            }
            let choice = expected
                .iter()
                .nth(rng.random_range(0..expected.len()))
                .unwrap()
                .clone();
            let (promoted, took_d) = plain.play(&choice);
            promotions += promoted as usize;
            d_captures += took_d as usize;
            fast.play(fast.parse_move(&choice).unwrap());
        }
    }
    eprintln!(
        "{positions} positions in {games} games; {promotions} promotions, {d_captures} D captures"
    );
    assert!(
        promotions >= 50,
        "random play promoted only {promotions} times"
    );
    assert!(
        d_captures >= 20,
        "random play captured a D only {d_captures} times"
    );
    assert!(games >= 20);
}
