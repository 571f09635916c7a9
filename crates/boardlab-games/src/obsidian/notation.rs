//! Obsidian text: positions and moves in the notation of SPEC.md, with errors that explain.

use super::attacks;
use super::moves::ObsidianMove;
use super::piece::Kind;
use super::position::Obsidian;
use super::rules::ObsidianRules;
use boardlab_core::text::{self, Square};
use boardlab_core::{MoveError, Player, Position, PositionError, PositionField};

const GAME: &str = "obsidian";

/// The letter of a piece in position text: lowercase for Player 1, uppercase for Player 2.
pub fn piece_letter(player: Player, kind: Kind) -> char {
    match player {
        Player::One => kind.letter().to_ascii_lowercase(),
        Player::Two => kind.letter(),
    }
}

/// Reads a position line (SPEC.md) and checks that it could arise in a game.
pub fn parse_position(text: &str, rules: ObsidianRules) -> Result<Obsidian, PositionError> {
    let fields = text::split_position_text(GAME, text)?;
    let error = |field, problem: String| PositionError {
        game: GAME,
        text: text.to_string(),
        field,
        problem,
    };
    if fields.reserves.is_some() {
        return Err(error(
            PositionField::Reserves,
            "Obsidian has no reserves; remove the brackets".to_string(),
        ));
    }
    let pieces = text::parse_placement(
        GAME,
        text,
        fields.placement,
        8,
        8,
        |c| Kind::from_letter(c).is_some(),
        "A-F (Player 2) and a-f (Player 1)",
    )?;
    let mut position = Obsidian::empty(rules);
    for (square, letter) in pieces {
        let player = if letter.is_ascii_lowercase() {
            Player::One
        } else {
            Player::Two
        };
        let kind = Kind::from_letter(letter).expect("parse_placement checked the letter");
        if kind == Kind::F && (square.rank == 0 || square.rank == 7) {
            return Err(error(
                PositionField::Placement,
                format!(
                    "'{letter}' on {square}: an F never stands on rank 1 or 8 (it starts on rank 2 or 7 and becomes an E on the far rank)"
                ),
            ));
        }
        position.put(player, kind, square.index(8) as u32);
    }
    for player in Player::BOTH {
        if position.pieces(player, Kind::D).count_ones() > 1 {
            return Err(error(
                PositionField::Placement,
                format!(
                    "{} has more than one D; each player has exactly one",
                    Obsidian::player_name(player)
                ),
            ));
        }
    }
    position.set_side(fields.side_to_move);
    let waiting = fields.side_to_move.opponent();
    if !position.has_key_piece(waiting) {
        return Err(error(
            PositionField::Placement,
            format!(
                "{} has no D although {} is to move: the game ends as soon as a D is captured",
                Obsidian::player_name(waiting),
                Obsidian::player_name(fields.side_to_move)
            ),
        ));
    }
    position.no_progress = fields.no_progress_plies;
    position.move_number = fields.move_number;
    Ok(position)
}

/// Writes a position line: placement, side to move, no-progress plies, move number.
pub fn format_position(position: &Obsidian) -> String {
    text::format_position_line(position, None, position.move_number)
}

/// Reads a move (`e2e4`, `e7e8e`, `e2-e4`) and checks it is legal, saying why when not.
pub fn parse_move(position: &Obsidian, text_in: &str) -> Result<ObsidianMove, MoveError> {
    let text = text_in.trim();
    let malformed = |problem: String| MoveError::Malformed {
        game: GAME,
        text: text.to_string(),
        problem,
    };
    let parsed = text::parse_move_text(text, 8, 8).map_err(malformed)?;
    if parsed.drop.is_some() {
        return Err(malformed(
            "Obsidian has no drops; a move is two squares, like e2e4".to_string(),
        ));
    }
    if parsed.squares.len() != 2 {
        return Err(malformed(format!(
            "{} square(s) given; an Obsidian move is two squares, from and to, like e2e4",
            parsed.squares.len()
        )));
    }
    if let Some(suffix) = parsed.suffix.filter(|s| !matches!(s, 'e' | 'E')) {
        return Err(malformed(format!(
            "'{suffix}' is not a promotion; an F always becomes an E, so the suffix may be e or left out"
        )));
    }
    let (from, to) = (parsed.squares[0], parsed.squares[1]);
    let (from_index, to_index) = (from.index(8) as u32, to.index(8) as u32);
    let found = position
        .legal_move_list()
        .iter()
        .copied()
        .find(|mv| mv.from() == from_index && mv.to() == to_index);
    let illegal = |reason: String| MoveError::Illegal {
        game: GAME,
        text: text.to_string(),
        reason,
    };
    match found {
        Some(mv) => {
            let promotes = mv.kind() == Kind::F && (to.rank == 0 || to.rank == 7);
            if parsed.suffix.is_some() && !promotes {
                return Err(illegal(format!(
                    "the suffix '{}' is only for an F reaching the far rank",
                    parsed.suffix.unwrap_or('e')
                )));
            }
            Ok(mv)
        }
        None => Err(illegal(why_illegal(position, from, to))),
    }
}

/// Explains why no legal move goes from `from` to `to`.
fn why_illegal(position: &Obsidian, from: Square, to: Square) -> String {
    if let Some(outcome) = position.outcome() {
        return format!("the game is over ({outcome})");
    }
    let us = position.side_to_move();
    let name = Obsidian::player_name(us);
    let Some((owner, kind)) = position.piece_on(from.index(8) as u32) else {
        return format!(
            "there is no piece on {from}; no piece of {name} can reach {to} from {from}"
        );
    };
    if owner != us {
        return format!(
            "the piece on {from} belongs to {}, and it is {name}'s turn",
            Obsidian::player_name(owner)
        );
    }
    if from == to {
        return "a move must go to another square".to_string();
    }
    let to_bit = 1u64 << to.index(8);
    if position.occupied_by(us) & to_bit != 0 {
        return format!("{to} holds a piece of {name}'s own; pieces capture only enemy pieces");
    }
    let letter = piece_letter(us, kind);
    let free_board_reach = match kind {
        Kind::A => attacks::rook(from.index(8) as u32, 0),
        Kind::C => attacks::bishop(from.index(8) as u32, 0),
        Kind::E => attacks::queen(from.index(8) as u32, 0),
        _ => 0,
    };
    if free_board_reach & to_bit != 0 {
        return format!("the {letter} on {from} cannot reach {to}: the way is blocked");
    }
    if kind == Kind::F && position.attacks_from(kind, from.index(8) as u32) & to_bit != 0 {
        return format!(
            "the {letter} on {from} moves diagonally only to capture, and {to} is empty"
        );
    }
    format!(
        "the {letter} on {from} cannot reach {to}: an {} {}",
        kind.letter(),
        kind.how_it_moves()
    )
}
