//! Parity text: positions and moves in the notation of SPEC.md, with errors that explain.

use super::layout::{Layout, SpaceColour};
use super::moves::ParityMove;
use super::position::Parity;
use super::rules::ParityRules;
use boardlab_core::reading::{self, MoveReader, PositionReader};
use boardlab_core::text::{self, Square};
use boardlab_core::{MoveError, Player, Position, PositionError, PositionField};

const GAME: &str = "parity";

/// The letter of a piece in position text: `w` for White (Player 1), `b` for Black.
pub fn piece_letter(player: Player) -> char {
    match player {
        Player::One => 'w',
        Player::Two => 'b',
    }
}

/// Reads a position line (SPEC.md) on the layout of `rules`.
pub fn parse_position(text: &str, rules: ParityRules) -> Result<Parity, PositionError> {
    let read = PositionReader::new(GAME, text)?;
    read.refuse_reserves("Parity")?;
    let layout = rules.layout;
    let pieces = read.placement(
        layout.width(),
        layout.height(),
        |c| c == 'w' || c == 'b',
        "w (White, Player 1) and b (Black, Player 2)",
    )?;
    let mut position = Parity::empty(rules);
    for (square, letter) in pieces {
        let player = if letter == 'w' {
            Player::One
        } else {
            Player::Two
        };
        position.put(player, position.index_of(square.file, square.rank));
    }
    position.set_side(read.fields.side_to_move);
    let waiting = read.fields.side_to_move.opponent();
    if position.pieces_of(waiting) == 0 {
        return Err(read.error(
            PositionField::Placement,
            format!(
                "{} has no pieces although {} is to move: the game ends when the last piece is captured",
                super::rules::player_name(waiting),
                super::rules::player_name(read.fields.side_to_move)
            ),
        ));
    }
    position.no_progress = read.fields.no_progress_plies;
    position.move_number = read.fields.move_number;
    Ok(position)
}

/// Writes a position line: placement, side to move, no-progress plies, move number.
pub fn format_position(position: &Parity) -> String {
    text::format_position_line(position, None, position.move_number)
}

/// Reads a move (`a1a2`, `a3a5`, `a3-a5`) and checks it is legal, saying why when not.
pub fn parse_move(position: &Parity, text: &str) -> Result<ParityMove, MoveError> {
    const FORM: &str = "a Parity move is two squares, from and to, like a1a2 or a3a5";
    let read = MoveReader::new(GAME, text, position.width(), position.height())?;
    read.refuse_drop("Parity", FORM)?;
    read.refuse_suffix(|_| false, FORM)?;
    let squares = read.squares(2..=2, FORM)?;
    let mv = ParityMove {
        from: squares[0],
        to: squares[1],
    };
    if position.legal_move_list().contains(&mv) {
        return Ok(mv);
    }
    Err(read.illegal(why_illegal(position, mv)))
}

/// Explains why `mv` is not legal.
fn why_illegal(position: &Parity, mv: ParityMove) -> String {
    let (from, to) = (mv.from, mv.to);
    let owner = position.owner_at(from.file, from.rank);
    if let Some(reason) = reading::common_illegal_reason(position, from, to, owner, "") {
        return reason;
    }
    let us = position.side_to_move();
    let name = super::rules::player_name(us);
    if position.owner_at(to.file, to.rank).is_some() {
        return format!("{to} is occupied; a piece moves only to an empty space");
    }
    let layout = position.rules.layout;
    let count = position.piece_count();
    let forward: i32 = if us == Player::One { 1 } else { -1 };
    let rank_step = to.rank as i32 - from.rank as i32;
    let file_step = to.file as i32 - from.file as i32;
    let step = (rank_step.abs() + file_step.abs()) == 1;
    let jump = file_step == 0 && rank_step.abs() == 2;
    if step {
        return closed_reason(&layout, count, &[from, to], "now")
            .unwrap_or_else(|| "not a legal move in this position".to_string());
    }
    if !jump {
        return format!(
            "{from} to {to} is neither a step to an edge-adjacent space nor a straight jump over an enemy piece"
        );
    }
    if rank_step != 2 * forward {
        return "a capture jumps forward only, further onto the board, away from your own edge"
            .to_string();
    }
    let over = Square::new(from.file, (from.rank as i32 + forward) as u8);
    match position.owner_at(over.file, over.rank) {
        None => format!("there is no piece on {over} to jump over"),
        Some(owner) if owner == us => {
            format!(
                "{over} holds a piece of {name}, the side to move; only an enemy piece can be jumped"
            )
        }
        Some(_) => closed_reason(&layout, count - 1, &[from, over, to], "after the capture")
            .unwrap_or_else(|| "not a legal move in this position".to_string()),
    }
}

/// Names the first of `squares` that is closed while `count` pieces are on the board.
fn closed_reason(layout: &Layout, count: u32, squares: &[Square], when: &str) -> Option<String> {
    let parity = if count.is_multiple_of(2) {
        "even"
    } else {
        "odd"
    };
    squares.iter().find_map(|sq| {
        let colour = layout.colour(sq.file, sq.rank);
        let closed = match colour {
            SpaceColour::Red => count % 2 == 1,
            SpaceColour::Blue => count.is_multiple_of(2),
            _ => false,
        };
        closed.then(|| {
            let name = if colour == SpaceColour::Red { "red" } else { "blue" };
            format!(
                "{sq} is a {name} space, closed while the number of pieces on the board is {parity} ({count} {when}); \
                 red spaces are open only while it is even, blue only while it is odd"
            )
        })
    })
}
