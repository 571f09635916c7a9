//! A plain second implementation of Daisy, written straight from RULES.md § 2: a 9x9 array
//! of squares, reserves as maps, no bitboards, no tables.
//!
//! Shared by the conformance suite (through [`successors`], the same question asked of every
//! game) and by `daisy_reference.rs`, which keeps this game's own comparisons.
#![allow(dead_code)]

use boardlab_games::Daisy;
use std::collections::BTreeMap;

/// A piece: its owner (0 = Player 1, uppercase; 1 = Player 2, lowercase) and its
/// uppercase letter.
pub type Piece = (usize, char);

/// A step or ray direction: (file offset, rank offset).
type Step = (i32, i32);

/// How many of each letter a player starts with.
pub const START_HAND: [(char, u32); 8] = [
    ('A', 1),
    ('B', 1),
    ('C', 1),
    ('D', 2),
    ('E', 2),
    ('F', 2),
    ('G', 2),
    ('H', 9),
];

/// A position: `board[rank][file]`, rank 0 = rank 1.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    pub board: [[Option<Piece>; 9]; 9],
    pub hands: [BTreeMap<char, u32>; 2],
    pub side: usize,
    pub no_progress: u32,
    pub move_number: u32,
}

fn square_name(file: usize, rank: usize) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

fn parse_square(text: &str) -> (usize, usize) {
    let bytes = text.as_bytes();
    ((bytes[0] - b'a') as usize, (bytes[1] - b'1') as usize)
}

impl Game {
    /// Reads a position line, trusting it to be well formed.
    pub fn from_text(text: &str) -> Game {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let open = fields[0].find('[').unwrap();
        let (placement, reserves) = (&fields[0][..open], &fields[0][open + 1..]);
        let reserves = reserves.trim_end_matches(']');
        let mut board = [[None; 9]; 9];
        for (row, rank_text) in placement.split('/').enumerate() {
            let rank = 8 - row;
            let mut file = 0;
            for c in rank_text.chars() {
                if let Some(d) = c.to_digit(10) {
                    file += d as usize;
                } else {
                    let owner = if c.is_ascii_uppercase() { 0 } else { 1 };
                    board[rank][file] = Some((owner, c.to_ascii_uppercase()));
                    file += 1;
                }
            }
        }
        let mut hands = [BTreeMap::new(), BTreeMap::new()];
        let mut count = String::new();
        for c in reserves.chars() {
            if c.is_ascii_digit() {
                count.push(c);
            } else {
                let n: u32 = if count.is_empty() {
                    1
                } else {
                    count.parse().unwrap()
                };
                count.clear();
                let owner = if c.is_ascii_uppercase() { 0 } else { 1 };
                *hands[owner].entry(c.to_ascii_uppercase()).or_insert(0) += n;
            }
        }
        let number =
            |i: usize, default: u32| fields.get(i).map(|t| t.parse().unwrap()).unwrap_or(default);
        Game {
            board,
            hands,
            side: if fields[1] == "1" { 0 } else { 1 },
            no_progress: number(2, 0),
            move_number: number(3, 1),
        }
    }

    /// Writes the position line: reserves in count form, uppercase first.
    pub fn to_text(&self) -> String {
        let mut ranks = Vec::new();
        for rank in (0..9).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..9 {
                match self.board[rank][file] {
                    None => empty += 1,
                    Some((owner, letter)) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push(if owner == 0 {
                            letter
                        } else {
                            letter.to_ascii_lowercase()
                        });
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            ranks.push(row);
        }
        let mut reserves = String::new();
        for owner in 0..2 {
            for (&letter, &n) in &self.hands[owner] {
                if n == 0 {
                    continue;
                }
                if n > 1 {
                    reserves.push_str(&n.to_string());
                }
                reserves.push(if owner == 0 {
                    letter
                } else {
                    letter.to_ascii_lowercase()
                });
            }
        }
        format!(
            "{}[{reserves}] {} {} {}",
            ranks.join("/"),
            self.side + 1,
            self.no_progress,
            self.move_number
        )
    }

    fn a_on_board(&self, player: usize) -> bool {
        self.board
            .iter()
            .flatten()
            .any(|&cell| cell == Some((player, 'A')))
    }

    fn a_in_hand(&self, player: usize) -> bool {
        self.hands[player].get(&'A').copied().unwrap_or(0) > 0
    }

    /// Every legal move as text. With `ignore_a_rule` the side may capture even when its
    /// own A is not on the board (for measuring what the rule forbids).
    pub fn moves(&self, ignore_a_rule: bool) -> Vec<String> {
        let me = self.side;
        let mut out = Vec::new();
        // A player whose A was captured has lost: no moves.
        if !self.a_on_board(me) && !self.a_in_hand(me) {
            return out;
        }
        // Drops: any letter in hand, any empty square.
        for (&letter, &n) in &self.hands[me] {
            if n == 0 {
                continue;
            }
            for rank in 0..9 {
                for file in 0..9 {
                    if self.board[rank][file].is_none() {
                        out.push(format!("{letter}@{}", square_name(file, rank)));
                    }
                }
            }
        }
        out.extend(self.board_moves(ignore_a_rule));
        out
    }

    /// The legal moves of pieces on the board (a player who lost their A has none).
    pub fn board_moves(&self, ignore_a_rule: bool) -> Vec<String> {
        let me = self.side;
        let mut out = Vec::new();
        if !self.a_on_board(me) && !self.a_in_hand(me) {
            return out;
        }
        // A player may not capture until their own A is on the board.
        let may_capture = ignore_a_rule || self.a_on_board(me);
        // "Forward" is up for Player 1, down for Player 2.
        let forward: i32 = if me == 0 { 1 } else { -1 };
        for rank in 0..9 {
            for file in 0..9 {
                let Some((owner, letter)) = self.board[rank][file] else {
                    continue;
                };
                if owner != me {
                    continue;
                }
                let king = [
                    (1, 0),
                    (1, 1),
                    (0, 1),
                    (-1, 1),
                    (-1, 0),
                    (-1, -1),
                    (0, -1),
                    (1, -1),
                ];
                let orthogonal = [(1, 0), (-1, 0), (0, 1), (0, -1)];
                let diagonal = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
                let (steps, rays): (Vec<Step>, Vec<Step>) = match letter {
                    'A' => (king.to_vec(), vec![]),
                    'B' => (vec![], orthogonal.to_vec()),
                    'C' => (vec![], diagonal.to_vec()),
                    // Gold: everything but the two diagonally backward steps.
                    'D' => (
                        vec![
                            (1, 0),
                            (-1, 0),
                            (0, 1),
                            (0, -1),
                            (1, forward),
                            (-1, forward),
                        ],
                        vec![],
                    ),
                    // Silver: the four diagonals and straight forward.
                    'E' => (
                        vec![(1, 1), (-1, 1), (1, -1), (-1, -1), (0, forward)],
                        vec![],
                    ),
                    // Shogi knight: two forward, one to the side, leaping.
                    'F' => (vec![(1, 2 * forward), (-1, 2 * forward)], vec![]),
                    // Lance: straight forward, sliding.
                    'G' => (vec![], vec![(0, forward)]),
                    // Pawn: one straight forward.
                    'H' => (vec![(0, forward)], vec![]),
                    _ => unreachable!(),
                };
                let mut targets = Vec::new();
                for (df, dr) in steps {
                    let (f, r) = (file as i32 + df, rank as i32 + dr);
                    if (0..9).contains(&f) && (0..9).contains(&r) {
                        targets.push((f as usize, r as usize));
                    }
                }
                for (df, dr) in rays {
                    let (mut f, mut r) = (file as i32 + df, rank as i32 + dr);
                    while (0..9).contains(&f) && (0..9).contains(&r) {
                        targets.push((f as usize, r as usize));
                        if self.board[r as usize][f as usize].is_some() {
                            break;
                        }
                        f += df;
                        r += dr;
                    }
                }
                for (f, r) in targets {
                    let allowed = match self.board[r][f] {
                        None => true,
                        Some((other, _)) => other != me && may_capture,
                    };
                    if allowed {
                        out.push(format!("{}{}", square_name(file, rank), square_name(f, r)));
                    }
                }
            }
        }
        out
    }

    /// Plays a move given as text (assumed legal); returns the captured letter, if any.
    pub fn play(&mut self, mv: &str) -> Option<char> {
        let me = self.side;
        let mut captured = None;
        if let Some((letter, square)) = mv.split_once('@') {
            let letter = letter.chars().next().unwrap();
            *self.hands[me].get_mut(&letter).unwrap() -= 1;
            let (f, r) = parse_square(square);
            self.board[r][f] = Some((me, letter));
            self.no_progress = 0;
        } else {
            let (ff, fr) = parse_square(&mv[..2]);
            let (tf, tr) = parse_square(&mv[2..]);
            let piece = self.board[fr][ff].take();
            if let Some((_, letter)) = self.board[tr][tf] {
                captured = Some(letter);
                // The captured piece changes sides, except an A: capturing it ends the game.
                if letter != 'A' {
                    *self.hands[me].entry(letter).or_insert(0) += 1;
                }
            }
            self.board[tr][tf] = piece;
            self.no_progress = if captured.is_some() {
                0
            } else {
                self.no_progress + 1
            };
        }
        if me == 1 {
            self.move_number += 1;
        }
        self.side = 1 - me;
        captured
    }

    /// Whether a piece of the side to move stands where it can never move again.
    pub fn has_stuck_piece(&self) -> bool {
        (0..2).any(|player| {
            let last = if player == 0 { 8 } else { 0 };
            let second_last = if player == 0 { 7 } else { 1 };
            (0..9).any(|file| {
                matches!(self.board[last][file], Some((p, 'H' | 'G' | 'F')) if p == player)
                    || matches!(self.board[second_last][file], Some((p, 'F')) if p == player)
            })
        })
    }

    /// The number of pieces `player` holds in hand.
    pub fn hand_size(&self, player: usize) -> u32 {
        self.hands[player].values().sum()
    }

    /// Whether `player`'s hand holds at least the whole starting set.
    pub fn hand_full(&self, player: usize) -> bool {
        START_HAND
            .iter()
            .all(|&(letter, n)| self.hands[player].get(&letter).copied().unwrap_or(0) >= n)
    }

    /// Whether `player`'s A is on the board.
    pub fn a_placed(&self, player: usize) -> bool {
        self.a_on_board(player)
    }
}

/// Each legal move by the plain rules, with the position it leads to (placement with
/// reserves, and side to move first).
pub fn successors(position: &Daisy) -> Vec<(String, String)> {
    let plain = Game::from_text(&position.to_string());
    plain
        .moves(false)
        .into_iter()
        .map(|mv| {
            let mut next = plain.clone();
            next.play(&mv);
            (mv, next.to_text())
        })
        .collect()
}
