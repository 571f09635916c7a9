//! Obsidian text: positions and moves in the notation of SPEC.md, with errors that explain.

use super::attacks;
use super::moves::ObsidianMove;
use super::piece::Kind;
use super::position::Obsidian;
use super::rules::ObsidianRules;
use boardlab_core::reading::{self, MoveReader, PositionReader};
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
    let read = PositionReader::new(GAME, text)?;
    read.refuse_reserves("Obsidian")?;
    let pieces = read.placement(
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
            return Err(read.error(
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
            return Err(read.error(
                PositionField::Placement,
                format!(
                    "{} has more than one D; each player has exactly one",
                    super::rules::player_name(player)
                ),
            ));
        }
    }
    position.set_side(read.fields.side_to_move);
    let waiting = read.fields.side_to_move.opponent();
    if !position.has_key_piece(waiting) {
        return Err(read.error(
            PositionField::Placement,
            format!(
                "{} has no D although {} is to move: the game ends as soon as a D is captured",
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
pub fn format_position(position: &Obsidian) -> String {
    text::format_position_line(position, None, position.move_number)
}

/// Reads a move (`e2e4`, `e7e8e`, `e2-e4`) and checks it is legal, saying why when not.
pub fn parse_move(position: &Obsidian, text: &str) -> Result<ObsidianMove, MoveError> {
    const FORM: &str = "an Obsidian move is two squares, from and to, like e2e4";
    let read = MoveReader::new(GAME, text, 8, 8)?;
    read.refuse_drop("Obsidian", FORM)?;
    let squares = read.squares(2..=2, FORM)?;
    let suffix = read.parts.suffix;
    if let Some(suffix) = suffix.filter(|s| !matches!(s, 'e' | 'E')) {
        return Err(read.malformed(format!(
            "'{suffix}' is not a promotion; an F always becomes an E, so the suffix may be e or left out"
        )));
    }
    let (from, to) = (squares[0], squares[1]);
    let (from_index, to_index) = (from.index(8) as u32, to.index(8) as u32);
    let found = position
        .legal_move_list()
        .iter()
        .copied()
        .find(|mv| mv.from() == from_index && mv.to() == to_index);
    match found {
        Some(mv) => {
            let promotes = mv.kind() == Kind::F && (to.rank == 0 || to.rank == 7);
            if suffix.is_some() && !promotes {
                return Err(read.illegal(format!(
                    "the suffix '{}' is only for an F reaching the far rank",
                    suffix.unwrap_or('e')
                )));
            }
            Ok(mv)
        }
        None => Err(read.illegal(why_illegal(position, from, to))),
    }
}

/// Explains why no legal move goes from `from` to `to`.
fn why_illegal(position: &Obsidian, from: Square, to: Square) -> String {
    let us = position.side_to_move();
    let name = super::rules::player_name(us);
    let piece = position.piece_on(from.index(8) as u32);
    let empty_hint = format!("; no piece of {name} can reach {to} from {from}");
    if let Some(reason) =
        reading::common_illegal_reason(position, from, to, piece.map(|p| p.0), &empty_hint)
    {
        return reason;
    }
    let Some((_, kind)) = piece else {
        return format!("there is no piece on {from}");
    };
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
