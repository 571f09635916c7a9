//! Sprint text: positions and moves in the notation of SPEC.md, with errors that explain.

use super::geometry::{DARK, Direction, JUMP_LAND, JUMP_OVER};
use super::movegen::forward_directions;
use super::moves::SprintMove;
use super::position::{Sprint, goal_rank};
use super::rules::SprintRules;
use boardlab_core::bitboard::Bits64;
use boardlab_core::reading::{MoveReader, PositionReader};
use boardlab_core::text::{self, Square};
use boardlab_core::words::short_list;
use boardlab_core::{MoveError, Player, Position, PositionError, PositionField};

const GAME: &str = "sprint";

/// The letter of a piece in position text: `w` for White (Player 1), `b` for Black (Player 2).
pub fn piece_letter(player: Player) -> char {
    match player {
        Player::One => 'w',
        Player::Two => 'b',
    }
}

/// The square with index `index` (0 = a1).
fn square(index: u32) -> Square {
    Square::from_index(index as usize, 6)
}

/// Reads a position line (SPEC.md) and checks that it could arise in a game.
///
/// Besides malformed text, two placements are refused because no game can reach them and
/// the rules could not say who has won:
/// - the side to move has a piece on its goal rank: that piece arrived there on the side's
///   own turn, which ended the game at once;
/// - the player who made the last move has no pieces: a move never removes the mover's own
///   pieces, so that player had none before moving and could not have moved.
///
/// A finished game is accepted (the last mover on its goal rank, or the side to move with
/// no pieces or no moves), and so are piece counts above the six of the start, which do not
/// break any rule.
pub fn parse_position(text: &str, rules: SprintRules) -> Result<Sprint, PositionError> {
    let read = PositionReader::new(GAME, text)?;
    read.refuse_reserves("Sprint")?;
    let pieces = read.placement(
        6,
        6,
        |c| c == 'w' || c == 'b',
        "w (White, Player 1) and b (Black, Player 2)",
    )?;
    let mut position = Sprint::empty(rules);
    for (square, letter) in pieces {
        let index = square.index(6) as u32;
        if DARK & 1 << index == 0 {
            return Err(read.error(
                PositionField::Placement,
                format!(
                    "'{letter}' on {square}: that is a light square; pieces stand only on the dark squares (a1 is dark: file and rank both odd or both even)"
                ),
            ));
        }
        let player = if letter == 'w' {
            Player::One
        } else {
            Player::Two
        };
        position.put(player, index);
    }
    let mover = read.fields.side_to_move;
    let waiting = mover.opponent();
    position.set_side(mover);
    if let Some(on_goal) = Bits64(position.pieces(mover) & goal_rank(mover)).next() {
        return Err(read.error(
            PositionField::Placement,
            format!(
                "{} is to move but already has a piece on {}, its goal rank: the game ended when that piece arrived",
                super::rules::player_name(mover),
                square(on_goal)
            ),
        ));
    }
    if position.pieces(waiting) == 0 {
        return Err(read.error(
            PositionField::Placement,
            format!(
                "{} has no pieces although {} is to move: {} made the last move, and a move never removes the mover's own pieces",
                super::rules::player_name(waiting),
                super::rules::player_name(mover),
                super::rules::player_name(waiting)
            ),
        ));
    }
    position.no_progress = read.fields.no_progress_plies;
    position.move_number = read.fields.move_number;
    Ok(position)
}

/// Writes a position line: placement, side to move, no-progress plies, move number.
pub fn format_position(position: &Sprint) -> String {
    text::format_position_line(position, None, position.move_number)
}

/// Reads a move (`a1b2`, `c1e3c5`, `c1xe3xc5`) and checks that it is legal, saying why when
/// not. The shortest unambiguous prefix of a legal move is accepted too: `c1e3` is the move
/// `c1e3c5` when that is the only legal move starting with those squares (even a lone start
/// square is accepted when exactly one legal move starts there).
pub fn parse_move(position: &Sprint, text: &str) -> Result<SprintMove, MoveError> {
    const FORM: &str = "a Sprint move lists the squares the piece lands on, like a1b2 or c1e3c5";
    let read = MoveReader::new(GAME, text, 6, 6)?;
    read.refuse_drop("Sprint", FORM)?;
    read.refuse_suffix(|_| false, FORM)?;
    let typed: Vec<u32> = read
        .parts
        .squares
        .iter()
        .map(|s| s.index(6) as u32)
        .collect();
    let legal = position.legal_move_list();
    let matches: Vec<SprintMove> = legal
        .iter()
        .copied()
        .filter(|mv| starts_with(*mv, &typed))
        .collect();
    if let Some(exact) = matches
        .iter()
        .find(|mv| mv.squares().count() == typed.len())
    {
        return Ok(*exact);
    }
    match matches.len() {
        1 => Ok(matches[0]),
        0 => Err(read.illegal(why_illegal(position, &typed))),
        _ => {
            let list = short_list(&matches);
            let first = square(typed[0]);
            Err(read.illegal(if typed.len() == 1 {
                format!(
                    "{} legal moves start on {first}: {list}; type the squares of one of them",
                    matches.len()
                )
            } else {
                let at = square(*typed.last().expect("a move names a square"));
                format!(
                    "the chain stops early: the piece on {at} can still capture, and a chain must be completed; it can go on as {list}"
                )
            }))
        }
    }
}

/// Whether the squares of `mv` begin with the squares `typed`.
fn starts_with(mv: SprintMove, typed: &[u32]) -> bool {
    let mut squares = mv.squares();
    typed.iter().all(|&t| squares.next() == Some(t))
}

/// Explains why no legal move begins with the squares `typed`.
fn why_illegal(position: &Sprint, typed: &[u32]) -> String {
    if let Some(outcome) = position.outcome() {
        return format!("the game is over ({outcome})");
    }
    let us = position.side_to_move();
    let name = super::rules::player_name(us);
    let first = typed[0];
    if DARK & 1 << first == 0 {
        return format!(
            "{} is a light square; pieces stand and move only on the dark squares",
            square(first)
        );
    }
    match position.piece_on(first) {
        None => return format!("there is no piece on {}", square(first)),
        Some(owner) if owner != us => {
            return format!(
                "the piece on {} belongs to {}, and it is {name}'s turn",
                square(first),
                super::rules::player_name(owner)
            );
        }
        Some(_) => {}
    }
    let legal = position.legal_move_list();
    let captures_exist = legal.iter().any(|m| m.is_capture());
    let compulsory = || {
        let captures: Vec<SprintMove> = legal.iter().copied().filter(|m| m.is_capture()).collect();
        format!(
            "a capture is compulsory, so a step is not allowed; the legal captures are {}",
            short_list(&captures)
        )
    };
    let towards = match us {
        Player::One => "up, towards rank 6",
        Player::Two => "down, towards rank 1",
    };
    let forward = forward_directions(us);
    let mut own = position.pieces(us);
    let mut enemy = position.pieces(us.opponent());
    let mut taken = 0u64;
    let mut at = first;
    for (i, &next) in typed[1..].iter().enumerate() {
        let (a, b) = (square(at), square(next));
        let df = b.file as i32 - a.file as i32;
        let dr = b.rank as i32 - a.rank as i32;
        if df == 0 && dr == 0 {
            return format!(
                "{a} is named twice in a row; each square of a move must be a new landing square"
            );
        }
        if df.abs() != dr.abs() {
            return format!("{a} to {b} is not diagonal; pieces move only diagonally");
        }
        if df.abs() > 2 {
            return format!(
                "{a} to {b} is {} squares; a piece steps one square or jumps two",
                df.abs()
            );
        }
        let dir = Direction::ALL
            .into_iter()
            .find(|d| d.file_rank() == (df.signum(), dr.signum()))
            .expect("a diagonal has a direction");
        let is_forward = forward.contains(&dir);
        if df.abs() == 1 {
            if i > 0 {
                return format!(
                    "{a}{b} is a step, but after a capture the piece may only go on capturing"
                );
            }
            if captures_exist {
                return compulsory();
            }
            if !is_forward {
                return format!("pieces step only forward ({towards})");
            }
            if (own | enemy) & 1 << next != 0 {
                return format!("{b} is not empty; a step goes to an empty square");
            }
            return format!("{a}{b} is not a legal step here");
        }
        let over = JUMP_OVER[dir as usize][at as usize];
        let mid = square(over.trailing_zeros());
        if !is_forward && !position.rules().backward_captures {
            return format!(
                "captures go only forward ({towards}); backward captures need the rule option backward_captures=true"
            );
        }
        if own & over != 0 {
            return format!(
                "the piece on {mid} is {name}'s own; a piece jumps only over an enemy piece"
            );
        }
        if taken & over != 0 {
            return format!(
                "the piece on {mid} was already taken earlier in this chain; each piece is removed as it is hit"
            );
        }
        if enemy & over == 0 {
            return format!(
                "there is no piece on {mid} to jump over; a move of two squares must jump an enemy piece"
            );
        }
        if (own | enemy) & 1 << next != 0 {
            return format!("{b} is not empty; a jump must land on an empty square");
        }
        enemy &= !over;
        taken |= over;
        own = (own & !(1 << at)) | 1 << next;
        at = next;
    }
    if typed.len() == 1 {
        if captures_exist {
            return format!(
                "the piece on {} cannot capture, and {}",
                square(first),
                compulsory()
            );
        }
        return format!(
            "the piece on {} has no legal move: the squares ahead of it are taken or off the board",
            square(first)
        );
    }
    let can_go_on = position.capture_directions().iter().any(|&d| {
        let over = JUMP_OVER[d as usize][at as usize];
        let land = JUMP_LAND[d as usize][at as usize];
        over & enemy != 0 && land & !(own | enemy) != 0
    });
    if can_go_on {
        return format!(
            "the chain stops early: the piece on {} can still capture, and a chain must be completed",
            square(at)
        );
    }
    format!(
        "no legal move begins with these squares; the legal moves are {}",
        short_list(&legal)
    )
}
