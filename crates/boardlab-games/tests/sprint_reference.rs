//! A second, deliberately plain implementation of Sprint's rules (RULES.md § 3), written
//! straight from the text with a 6x6 array and no bitboards, compared with the fast one on
//! positions reached by seeded random play, for both settings of `backward_captures`.

use boardlab_core::{MoveList, Player, Position};
use boardlab_games::Sprint;
use boardlab_games::sprint::SprintRules;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeSet;

/// A square as (file, rank), both from 0.
type Sq = (i32, i32);

/// The plain position: `board[rank][file]`.
#[derive(Clone, Debug)]
struct Plain {
    board: [[Option<Player>; 6]; 6],
    side: Player,
    move_number: u32,
    backward: bool,
}

fn other(p: Player) -> Player {
    match p {
        Player::One => Player::Two,
        Player::Two => Player::One,
    }
}

/// Rank direction in which `p` moves: White up, Black down.
fn forward(p: Player) -> i32 {
    if p == Player::One { 1 } else { -1 }
}

/// The rank `p` wins on: White rank 6 (index 5), Black rank 1 (index 0).
fn goal(p: Player) -> i32 {
    if p == Player::One { 5 } else { 0 }
}

fn on_board((f, r): Sq) -> bool {
    (0..6).contains(&f) && (0..6).contains(&r)
}

fn name((f, r): Sq) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

impl Plain {
    /// Reads the position text on its own (placement and side; counters must be 0 and N).
    fn from_text(text: &str, backward: bool) -> Plain {
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

    fn at(&self, (f, r): Sq) -> Option<Player> {
        self.board[r as usize][f as usize]
    }

    fn set(&mut self, (f, r): Sq, v: Option<Player>) {
        self.board[r as usize][f as usize] = v;
    }

    fn squares_of(&self, p: Player) -> Vec<Sq> {
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

    fn text(&self) -> String {
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
    fn mover_reached_goal(&self) -> bool {
        let mover = other(self.side);
        self.squares_of(mover)
            .iter()
            .any(|&(_, r)| r == goal(mover))
    }

    /// Every legal move as its list of squares.
    fn moves(&self) -> Vec<Vec<Sq>> {
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
    fn chains(&self, us: Player, path: Vec<Sq>, out: &mut Vec<Vec<Sq>>) {
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

    fn play(&mut self, path: &[Sq]) {
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
    fn winner(&self) -> Option<Player> {
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

fn path_text(path: &[Sq]) -> String {
    path.iter().map(|&s| name(s)).collect()
}

/// What the comparison saw.
#[derive(Default, Debug)]
struct Coverage {
    positions: usize,
    moves: usize,
    captures: usize,
    multi_jumps: usize,
    longest_chain: usize,
    wins_by_goal: usize,
    wins_by_no_pieces: usize,
    wins_by_no_move: usize,
}

/// Compares the two implementations on one position; returns the fast legal moves.
fn compare(fast: &Sprint, coverage: &mut Coverage) -> MoveList<boardlab_games::sprint::SprintMove> {
    let text = fast.to_string();
    let plain = Plain::from_text(&text, fast.rules().backward_captures);
    assert_eq!(
        plain.text(),
        format!(
            "{} {} 0 {}",
            text.split(' ').next().unwrap(),
            fast.side_to_move().number(),
            fast.move_number()
        )
    );
    let moves = fast.legal_move_list();
    let fast_set: BTreeSet<String> = moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(fast_set.len(), moves.len(), "duplicate moves in {text}");
    let plain_moves = plain.moves();
    let plain_set: BTreeSet<String> = plain_moves.iter().map(|p| path_text(p)).collect();
    assert_eq!(fast_set, plain_set, "legal moves of {text}");
    assert_eq!(fast.count_legal_moves(), moves.len() as u64, "{text}");
    let plain_winner = plain.winner();
    let outcome = fast.outcome();
    assert_eq!(
        outcome.and_then(|o| o.winner()),
        plain_winner,
        "winner of {text}"
    );
    if let Some(boardlab_core::Outcome::Win { reason, .. }) = outcome {
        use boardlab_core::WinReason::*;
        match reason {
            ReachedGoal => coverage.wins_by_goal += 1,
            NoPiecesLeft => coverage.wins_by_no_pieces += 1,
            NoLegalMove => coverage.wins_by_no_move += 1,
            KeyPieceCaptured(_) => panic!("Sprint has no key piece"),
        }
    }
    for path in &plain_moves {
        let move_text = path_text(path);
        let mv = *moves
            .iter()
            .find(|m| m.to_string() == move_text)
            .expect("the sets are equal");
        let mut fast_child = *fast;
        fast_child.play(mv);
        let mut plain_child = plain.clone();
        plain_child.play(path);
        assert_eq!(
            fast_child.to_string(),
            plain_child.text(),
            "{text} after {move_text}"
        );
        assert_eq!(fast_child.hash(), fast_child.hash_from_scratch());
        if mv.is_capture() {
            coverage.captures += 1;
            if path.len() > 2 {
                coverage.multi_jumps += 1;
            }
            coverage.longest_chain = coverage.longest_chain.max(path.len() - 1);
        }
    }
    coverage.positions += 1;
    coverage.moves += moves.len();
    moves
}

/// Plays random games from `start` until `positions` positions have been compared.
fn random_games(start: &Sprint, positions: usize, rng: &mut StdRng, coverage: &mut Coverage) {
    let target = coverage.positions + positions;
    while coverage.positions < target {
        let mut position = *start;
        loop {
            let moves = compare(&position, coverage);
            if moves.is_empty() {
                break;
            }
            position.play(moves[rng.random_range(0..moves.len())]);
        }
    }
}

/// A random placement on the dark squares, as position text (it may be refused). The side
/// to move often gets few pieces among many enemies, which makes long chains likely.
fn random_setup(rng: &mut StdRng) -> String {
    let side = if rng.random_bool(0.5) {
        Player::One
    } else {
        Player::Two
    };
    let own_density = rng.random_range(0.05..0.4);
    let enemy_density = rng.random_range(0.2..0.7);
    let mut plain = Plain::from_text("6/6/6/6/6/6 1", false);
    for r in 0..6 {
        for f in 0..6 {
            if (f + r) % 2 != 0 {
                continue;
            }
            if rng.random_bool(enemy_density) {
                plain.set((f, r), Some(other(side)));
            } else if rng.random_bool(own_density) {
                plain.set((f, r), Some(side));
            }
        }
    }
    plain.side = side;
    plain.text()
}

fn run(backward_captures: bool, seed: u64) -> Coverage {
    let rules = SprintRules { backward_captures };
    let mut rng = StdRng::seed_from_u64(seed);
    let mut coverage = Coverage::default();
    random_games(&Sprint::start(rules), 15_000, &mut rng, &mut coverage);
    let mut setups = 0;
    while coverage.positions < 40_000 {
        let text = random_setup(&mut rng);
        if let Ok(position) = Sprint::from_text(&text, rules) {
            setups += 1;
            random_games(&position, 1, &mut rng, &mut coverage);
        }
    }
    assert!(setups > 100);
    println!("backward_captures={backward_captures}: {coverage:?}");
    coverage
}

#[test]
fn forward_captures_agree_with_the_plain_rules() {
    let c = run(false, 11);
    assert!(c.positions >= 40_000);
    assert!(c.multi_jumps > 100, "{c:?}");
    assert_eq!(c.longest_chain, 2, "forward chains have at most two jumps");
    assert!(
        c.wins_by_goal > 100 && c.wins_by_no_pieces > 10 && c.wins_by_no_move > 10,
        "{c:?}"
    );
}

#[test]
fn backward_captures_agree_with_the_plain_rules() {
    let c = run(true, 12);
    assert!(c.positions >= 40_000);
    assert!(c.multi_jumps > 100, "{c:?}");
    assert!(c.longest_chain >= 4, "{c:?}");
    assert!(
        c.wins_by_goal > 100 && c.wins_by_no_pieces > 10 && c.wins_by_no_move > 10,
        "{c:?}"
    );
}
