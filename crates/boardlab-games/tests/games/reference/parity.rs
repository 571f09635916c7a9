//! A plain second implementation of the Parity rules (RULES.md § 4) with arrays, on any
//! layout.
//!
//! Shared by the conformance suite (through [`successors`], the same question asked of every
//! game) and by `parity_reference.rs`, which keeps this game's own comparisons.
#![allow(dead_code)]

use boardlab_core::Position;
use boardlab_games::Parity;
use std::collections::BTreeSet;

/// The plain game: colours and pieces in arrays indexed `[rank][file]`.
#[derive(Clone)]
pub struct Plain {
    colours: Vec<Vec<char>>,
    pieces: Vec<Vec<Option<usize>>>,
    side: usize,
}

impl Plain {
    pub fn new(layout: &str, position: &str) -> Plain {
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

    pub fn count(&self) -> usize {
        self.pieces.iter().flatten().filter(|p| p.is_some()).count()
    }

    pub fn open(&self, file: usize, rank: usize, count: usize) -> bool {
        match self.colours[rank][file] {
            'R' => count.is_multiple_of(2),
            'U' => count % 2 == 1,
            _ => true,
        }
    }

    pub fn name(file: usize, rank: usize) -> String {
        format!("{}{}", (b'a' + file as u8) as char, rank + 1)
    }

    pub fn moves(&self) -> BTreeSet<String> {
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

    pub fn play(&mut self, mv: &str) -> bool {
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

    pub fn placement(&self) -> String {
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

/// Each legal move by the plain rules, with the position it leads to (placement and side
/// to move).
pub fn successors(position: &Parity) -> Vec<(String, String)> {
    let plain = Plain::new(&position.rules().layout.to_string(), &position.to_string());
    plain
        .moves()
        .into_iter()
        .map(|mv| {
            let mut next = plain.clone();
            next.play(&mv);
            (mv, next.placement())
        })
        .collect()
}
