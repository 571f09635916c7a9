//! Daisy against a second, deliberately plain implementation written straight from
//! RULES.md § 2: a 9x9 array of squares, reserves as maps, no bitboards, no tables.
//!
//! Over thousands of positions reached by seeded random play, both must give the same set
//! of legal moves, and every move must lead to the same position (compared as text).

mod oracle;

use boardlab_core::Position;
use boardlab_core::perft::perft;
use boardlab_games::Daisy;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::{BTreeMap, BTreeSet};

/// The plain reading of the rules.
mod plain {
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
            let number = |i: usize, default: u32| {
                fields.get(i).map(|t| t.parse().unwrap()).unwrap_or(default)
            };
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
}

/// What the random play has met so far.
#[derive(Default, Debug)]
struct Coverage {
    positions: usize,
    moves_compared: usize,
    captures_refused: usize,
    no_a_on_board_with_moves: usize,
    stuck_pieces: usize,
    full_reserve: usize,
    empty_reserve: usize,
    captures: usize,
    captured_piece_dropped_back: usize,
    a_captured: usize,
}

/// Compares the two implementations on one position; `all_results` compares the position
/// reached by every move, otherwise by every board move and a few drops of each letter.
fn compare(
    fast: &Daisy,
    slow: &plain::Game,
    all_results: bool,
    rng: &mut StdRng,
    seen: &mut Coverage,
) {
    let text = fast.to_string();
    assert_eq!(slow.to_text(), text, "the two readers disagree");
    let fast_moves: Vec<String> = fast
        .legal_move_list()
        .iter()
        .map(|m| m.to_string())
        .collect();
    let fast_set: BTreeSet<String> = fast_moves.iter().cloned().collect();
    assert_eq!(
        fast_set.len(),
        fast_moves.len(),
        "duplicate moves in '{text}'"
    );
    let slow_set: BTreeSet<String> = slow.moves(false).into_iter().collect();
    if fast_set != slow_set {
        let missing: Vec<_> = slow_set.difference(&fast_set).collect();
        let extra: Vec<_> = fast_set.difference(&slow_set).collect();
        panic!("move sets differ in '{text}': missing {missing:?}, extra {extra:?}");
    }
    assert_eq!(
        fast.count_legal_moves(),
        fast_moves.len() as u64,
        "count in '{text}'"
    );
    assert_eq!(fast.hash(), fast.hash_from_scratch(), "hash in '{text}'");

    let side = slow.side;
    if !slow.a_placed(side) && !fast_moves.is_empty() {
        seen.no_a_on_board_with_moves += 1;
        if slow.moves(true).len() > slow_set.len() {
            seen.captures_refused += 1;
        }
    }
    if slow.has_stuck_piece() {
        seen.stuck_pieces += 1;
    }
    if slow.hand_full(0) || slow.hand_full(1) {
        seen.full_reserve += 1;
    }
    if slow.hand_size(0) == 0 || slow.hand_size(1) == 0 {
        seen.empty_reserve += 1;
    }

    // Which moves to follow: all, or every board move and three drops per letter.
    let mut drops_left: BTreeMap<char, u32> = BTreeMap::new();
    for &mv in fast.legal_move_list().iter() {
        let mv_text = mv.to_string();
        if !all_results && mv.is_drop() {
            let letter = mv_text.chars().next().unwrap();
            let left = drops_left.entry(letter).or_insert(3);
            if *left == 0 || rng.random_range(0..30) != 0 {
                continue;
            }
            *left -= 1;
        }
        let mut fast_next = *fast;
        fast_next.play(mv);
        let mut slow_next = slow.clone();
        slow_next.play(&mv_text);
        assert_eq!(
            fast_next.to_string(),
            slow_next.to_text(),
            "after {mv_text} from '{text}'"
        );
        seen.moves_compared += 1;
    }
    seen.positions += 1;
}

/// Picks a move: half the time a capture when there is one (but not of an A, so that games
/// last long enough to empty the reserves), a board move a quarter of the time when there is
/// one, otherwise any move (mostly drops) uniformly.
fn pick(moves: &[String], slow: &plain::Game, rng: &mut StdRng) -> usize {
    let is_capture = |m: &String| {
        !m.contains('@') && {
            let b = m.as_bytes();
            matches!(
                slow.board[(b[3] - b'1') as usize][(b[2] - b'a') as usize],
                Some((_, letter)) if letter != 'A'
            )
        }
    };
    let captures: Vec<usize> = (0..moves.len())
        .filter(|&i| is_capture(&moves[i]))
        .collect();
    let board_moves: Vec<usize> = (0..moves.len())
        .filter(|&i| !moves[i].contains('@'))
        .collect();
    let roll = rng.random_range(0..4);
    if roll < 2 && !captures.is_empty() {
        captures[rng.random_range(0..captures.len())]
    } else if roll == 2 && !board_moves.is_empty() {
        board_moves[rng.random_range(0..board_moves.len())]
    } else {
        rng.random_range(0..moves.len())
    }
}

/// Plays seeded random games from `start` until `target` positions have been compared.
fn random_play(start: &str, seed: u64, target: usize, seen: &mut Coverage) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = 0;
    while seen.positions < target {
        game += 1;
        let mut fast: Daisy = start.parse().unwrap();
        let mut slow = plain::Game::from_text(start);
        // Letters each player has captured so far this game.
        let mut captured_by: [BTreeSet<char>; 2] = [BTreeSet::new(), BTreeSet::new()];
        for ply in 0..400 {
            let all_results = ply == 0 || rng.random_range(0..100) == 0;
            compare(&fast, &slow, all_results, &mut rng, seen);
            let moves: Vec<String> = slow.moves(false);
            if moves.is_empty() {
                if !slow.a_placed(slow.side) {
                    seen.a_captured += 1;
                }
                break;
            }
            let mv = moves[pick(&moves, &slow, &mut rng)].clone();
            let side = slow.side;
            if let Some((letter, _)) = mv.split_once('@') {
                let letter = letter.chars().next().unwrap();
                if captured_by[side].contains(&letter) {
                    seen.captured_piece_dropped_back += 1;
                }
            }
            let parsed = fast.parse_move(&mv).expect("a legal move parses");
            fast.play(parsed);
            if let Some(letter) = slow.play(&mv) {
                seen.captures += 1;
                captured_by[side].insert(letter);
            }
            if seen.positions >= target {
                break;
            }
        }
        assert!(game < 10_000, "random play does not reach its target");
    }
}

#[test]
fn plain_implementation_agrees_on_random_play_from_the_start() {
    let mut seen = Coverage::default();
    random_play(boardlab_games::daisy::START_TEXT, 0xDA15, 10_000, &mut seen);
    println!("{seen:?}");
    assert!(seen.positions >= 10_000);
    assert!(seen.captures_refused >= 50, "{seen:?}");
    assert!(seen.no_a_on_board_with_moves >= 100, "{seen:?}");
    assert!(seen.stuck_pieces >= 100, "{seen:?}");
    assert!(seen.full_reserve >= 10, "{seen:?}");
    assert!(seen.empty_reserve >= 100, "{seen:?}");
    assert!(seen.captures >= 100, "{seen:?}");
    assert!(seen.captured_piece_dropped_back >= 50, "{seen:?}");
    assert!(seen.a_captured >= 5, "{seen:?}");
}

#[test]
fn plain_implementation_agrees_on_random_play_from_oracle_positions() {
    let mut seen = Coverage::default();
    let starts: BTreeSet<String> = oracle::rows("daisy.perft")
        .into_iter()
        .map(|r| r.position)
        .collect();
    for (i, start) in starts.iter().enumerate() {
        let target = seen.positions + 300;
        random_play(start, 100 + i as u64, target, &mut seen);
    }
    println!("{seen:?}");
    assert!(seen.positions >= 2_400);
}

/// Perft by the plain implementation (moves made as text, no bulk counting tricks).
fn plain_perft(game: &plain::Game, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = game.moves(false);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|mv| {
            let mut next = game.clone();
            next.play(mv);
            plain_perft(&next, depth - 1)
        })
        .sum()
}

#[test]
fn plain_perft_matches_on_small_depths() {
    let mut checked = 0;
    for row in oracle::rows("daisy.perft")
        .iter()
        .filter(|r| r.depth <= 2 || r.nodes <= 3_000_000)
    {
        let game = plain::Game::from_text(&row.position);
        assert_eq!(plain_perft(&game, row.depth), row.nodes, "{}", row.position);
        let fast: Daisy = row.position.parse().unwrap();
        assert_eq!(perft(&fast, row.depth), row.nodes);
        checked += 1;
    }
    assert_eq!(checked, 21);
}

#[test]
fn the_a_rule_accounts_for_the_general_engine_difference() {
    // A general engine without "no capture before your own A is on the board" counts
    // 252277088 at depth 3 from the start; the difference must be exactly the captures the
    // rule refuses at the third ply.
    let start = plain::Game::from_text(boardlab_games::daisy::START_TEXT);
    let mut refused = 0u64;
    for first in start.moves(false) {
        let mut one = start.clone();
        one.play(&first);
        for second in one.moves(false) {
            let mut two = one.clone();
            two.play(&second);
            refused += (two.board_moves(true).len() - two.board_moves(false).len()) as u64;
        }
    }
    assert_eq!(refused, 252_277_088 - 252_250_176);
}

#[test]
#[ignore = "slow: about half a minute in release (run with --ignored)"]
fn plain_perft_matches_the_middle_game_rows_at_depth_3() {
    let mut checked = 0;
    for row in oracle::rows("daisy.perft")
        .iter()
        .filter(|r| r.depth == 3 && r.nodes <= 21_000_000)
    {
        let game = plain::Game::from_text(&row.position);
        assert_eq!(plain_perft(&game, 3), row.nodes, "{}", row.position);
        checked += 1;
    }
    assert_eq!(checked, 6);
}
