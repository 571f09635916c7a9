//! A plain second implementation of Sprint's rules (RULES.md § 3), written straight from
//! the text with a 6x6 array and no bitboards, for both settings of `backward_captures`.
//!
//! Shared by the conformance suite (through [`successors`], the same question asked of every
//! game) and by `sprint_reference.rs`, which keeps this game's own comparisons.
#![allow(dead_code)]

use boardlab_core::{Player, Position};
use boardlab_games::Sprint;

/// A square as (file, rank), both from 0.
pub type Sq = (i32, i32);

/// The plain position: `board[rank][file]`.
#[derive(Clone, Debug)]
pub struct Plain {
    pub board: [[Option<Player>; 6]; 6],
    pub side: Player,
    pub move_number: u32,
    pub backward: bool,
}

pub fn other(p: Player) -> Player {
    match p {
        Player::One => Player::Two,
        Player::Two => Player::One,
    }
}

/// Rank direction in which `p` moves: White up, Black down.
pub fn forward(p: Player) -> i32 {
    if p == Player::One { 1 } else { -1 }
}

/// The rank `p` wins on: White rank 6 (index 5), Black rank 1 (index 0).
pub fn goal(p: Player) -> i32 {
    if p == Player::One { 5 } else { 0 }
}

pub fn on_board((f, r): Sq) -> bool {
    (0..6).contains(&f) && (0..6).contains(&r)
}

pub fn name((f, r): Sq) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

impl Plain {
    /// Reads the position text on its own (placement and side; counters must be 0 and N).
    pub fn from_text(text: &str, backward: bool) -> Plain {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let mut board = [[None; 6]; 6];
        for (row, rank_text) in fields[0].split('/').enumerate() {
            let rank = 5 - row;
            let mut file = 0;
            for c in rank_text.chars() {
                match c {
                    'w' => {
                        board[rank][file] = Some(Player::One);
                        file += 1;
                    }
                    'b' => {
                        board[rank][file] = Some(Player::Two);
                        file += 1;
                    }
                    d => file += d.to_digit(10).unwrap() as usize,
                }
            }
        }
        Plain {
            board,
            side: if fields[1] == "1" {
                Player::One
            } else {
                Player::Two
            },
            move_number: fields.get(3).map_or(1, |n| n.parse().unwrap()),
            backward,
        }
    }

    pub fn at(&self, (f, r): Sq) -> Option<Player> {
        self.board[r as usize][f as usize]
    }

    pub fn set(&mut self, (f, r): Sq, v: Option<Player>) {
        self.board[r as usize][f as usize] = v;
    }

    pub fn squares_of(&self, p: Player) -> Vec<Sq> {
        let mut out = Vec::new();
        for r in 0..6 {
            for f in 0..6 {
                if self.at((f, r)) == Some(p) {
                    out.push((f, r));
                }
            }
        }
        out
    }

    pub fn text(&self) -> String {
        let mut rows = Vec::new();
        for r in (0..6).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for f in 0..6 {
                match self.at((f, r)) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push(if p == Player::One { 'w' } else { 'b' });
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        let side = if self.side == Player::One { 1 } else { 2 };
        format!("{} {side} 0 {}", rows.join("/"), self.move_number)
    }

    /// Whether the player who just moved has a piece on their goal rank.
    pub fn mover_reached_goal(&self) -> bool {
        let mover = other(self.side);
        self.squares_of(mover)
            .iter()
            .any(|&(_, r)| r == goal(mover))
    }

    /// Every legal move as its list of squares.
    pub fn moves(&self) -> Vec<Vec<Sq>> {
        if self.mover_reached_goal() {
            return Vec::new();
        }
        let us = self.side;
        let mut captures = Vec::new();
        for start in self.squares_of(us) {
            let mut board = self.clone();
            board.set(start, None); // the piece leaves its square when it moves
            board.chains(us, vec![start], &mut captures);
        }
        if !captures.is_empty() {
            return captures;
        }
        let mut steps = Vec::new();
        for (f, r) in self.squares_of(us) {
            for df in [-1, 1] {
                let to = (f + df, r + forward(us));
                if on_board(to) && self.at(to).is_none() {
                    steps.push(vec![(f, r), to]);
                }
            }
        }
        steps
    }

    /// Extends the chain `path` of a piece of `us` (standing, in thought, on its last square;
    /// the board holds the captured pieces already removed and the mover lifted off).
    pub fn chains(&self, us: Player, path: Vec<Sq>, out: &mut Vec<Vec<Sq>>) {
        let (f, r) = *path.last().unwrap();
        let mut directions = vec![(-1, forward(us)), (1, forward(us))];
        if self.backward {
            directions.push((-1, -forward(us)));
            directions.push((1, -forward(us)));
        }
        let mut went_on = false;
        for (df, dr) in directions {
            let over = (f + df, r + dr);
            let land = (f + 2 * df, r + 2 * dr);
            if on_board(land) && self.at(over) == Some(other(us)) && self.at(land).is_none() {
                went_on = true;
                let mut next = self.clone();
                next.set(over, None);
                let mut longer = path.clone();
                longer.push(land);
                next.chains(us, longer, out);
            }
        }
        if !went_on && path.len() > 1 {
            out.push(path);
        }
    }

    pub fn play(&mut self, path: &[Sq]) {
        let us = self.side;
        self.set(path[0], None);
        for pair in path.windows(2) {
            let ((f0, r0), (f1, r1)) = (pair[0], pair[1]);
            if (f1 - f0).abs() == 2 {
                self.set(((f0 + f1) / 2, (r0 + r1) / 2), None);
            }
        }
        self.set(*path.last().unwrap(), Some(us));
        if us == Player::Two {
            self.move_number += 1;
        }
        self.side = other(us);
    }

    /// The winner if the game is over.
    pub fn winner(&self) -> Option<Player> {
        let mover = other(self.side);
        if self.mover_reached_goal()
            || self.squares_of(self.side).is_empty()
            || self.moves().is_empty()
        {
            Some(mover)
        } else {
            None
        }
    }
}

pub fn path_text(path: &[Sq]) -> String {
    path.iter().map(|&s| name(s)).collect()
}

/// Each legal move by the plain rules, with the position it leads to (placement and side
/// to move first).
pub fn successors(position: &Sprint) -> Vec<(String, String)> {
    let plain = Plain::from_text(&position.to_string(), position.rules().backward_captures);
    plain
        .moves()
        .into_iter()
        .map(|path| {
            let mut next = plain.clone();
            next.play(&path);
            (path_text(&path), next.text())
        })
        .collect()
}
