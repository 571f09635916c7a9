//! A plain second implementation of the Obsidian rules, written from RULES.md § 1 with an
//! 8x8 array and no bitboards.
//!
//! Shared by the conformance suite (through [`successors`], the same question asked of every
//! game) and by `obsidian_reference.rs`, which keeps this game's own comparisons.
#![allow(dead_code)]

use boardlab_games::Obsidian;
use std::collections::BTreeSet;

/// A piece: its owner (0 = Player 1, lowercase; 1 = Player 2, uppercase) and its letter.
pub type Cell = Option<(usize, char)>;

/// The plain position: `board[rank][file]`, rank 0 = rank 1.
#[derive(Clone)]
pub struct Plain {
    board: [[Cell; 8]; 8],
    side: usize,
    no_progress: u32,
    move_number: u32,
}

pub fn square_name(file: usize, rank: usize) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

impl Plain {
    pub fn from_text(text: &str) -> Plain {
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

    pub fn to_text(&self) -> String {
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

    pub fn has_d(&self, owner: usize) -> bool {
        self.board
            .iter()
            .flatten()
            .any(|c| *c == Some((owner, 'D')))
    }

    pub fn at(&self, file: i32, rank: i32) -> Option<Cell> {
        if (0..8).contains(&file) && (0..8).contains(&rank) {
            Some(self.board[rank as usize][file as usize])
        } else {
            None
        }
    }

    /// The legal moves as text: one D captured = game over = no moves.
    pub fn moves(&self) -> BTreeSet<String> {
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
    pub fn play(&mut self, mv: &str) -> (bool, bool) {
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

/// Each legal move by the plain rules, with the position it leads to (placement and side
/// to move).
pub fn successors(position: &Obsidian) -> Vec<(String, String)> {
    let plain = Plain::from_text(&position.to_string());
    plain
        .moves()
        .into_iter()
        .map(|mv| {
            let mut next = plain.clone();
            next.play(&mv);
            (mv, next.to_text())
        })
        .collect()
}
