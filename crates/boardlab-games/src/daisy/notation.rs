//! Daisy text: positions (with reserves) and moves (with drops) in the notation of SPEC.md,
//! with errors that explain.

use super::attacks;
use super::moves::DaisyMove;
use super::piece::Kind;
use super::position::Daisy;
use super::rules::DaisyRules;
use boardlab_core::reading::{self, MoveReader, PositionReader};
use boardlab_core::text::{self, Square};
use boardlab_core::{MoveError, Player, Position, PositionError, PositionField, quoted};

const GAME: &str = "daisy";

/// The letter of a piece in position text: uppercase for Player 1, lowercase for Player 2.
pub fn piece_letter(player: Player, kind: Kind) -> char {
    match player {
        Player::One => kind.letter(),
        Player::Two => kind.letter().to_ascii_lowercase(),
    }
}

/// The player whose pieces are written with `letter`'s case.
fn owner_of(letter: char) -> Player {
    if letter.is_ascii_uppercase() {
        Player::One
    } else {
        Player::Two
    }
}

/// Reads the text between the reserve brackets: letters `A`-`H` (Player 1) and `a`-`h`
/// (Player 2), each optionally preceded by a count (`2H`); repeated letters add up (`HH`).
/// Returns the counts per player and letter (not yet checked against the game's totals).
fn parse_reserves(reserves: &str) -> Result<[[u32; 8]; 2], String> {
    let mut counts = [[0u32; 8]; 2];
    let chars: Vec<char> = reserves.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let start = i;
        let mut count: u32 = 0;
        while let Some(digit) = chars.get(i).and_then(|c| c.to_digit(10)) {
            count = count.saturating_mul(10).saturating_add(digit);
            i += 1;
        }
        let counted = i > start;
        let digits: String = chars[start..i].iter().collect();
        let Some(&letter) = chars.get(i) else {
            return Err(format!(
                "the count {} at the end has no letter after it; write the count before the letter, like [2H3h]",
                quoted(&digits)
            ));
        };
        let Some(kind) = Kind::from_letter(letter).filter(|_| letter.is_ascii_alphabetic()) else {
            return Err(format!(
                "'{letter}' is not a Daisy piece; reserves hold A-H (Player 1) and a-h (Player 2), each optionally preceded by a count, like [2H3h]"
            ));
        };
        if counted && count == 0 {
            return Err(format!(
                "the count {} before '{letter}' is zero; leave the letter out instead",
                quoted(&digits)
            ));
        }
        if count > 99 {
            return Err(format!(
                "the count {} before '{letter}' is far too large: the game has at most 18 pieces of one letter",
                quoted(&digits)
            ));
        }
        let count = if counted { count } else { 1 };
        let slot = &mut counts[owner_of(letter).index()][kind.index()];
        *slot = slot.saturating_add(count);
        i += 1;
    }
    Ok(counts)
}

/// Reads a position line (SPEC.md) and checks that it could arise in a game.
///
/// The reserves are required (`[]` when both are empty). The checks follow from the rules:
/// - **Totals.** Pieces never leave the game (a captured piece joins the captor's reserve;
///   only a captured A ends the game instead), so for each letter the pieces on the board and
///   in both reserves together number at most as many as the game has: 2 A, 2 B, 2 C, 4 D,
///   4 E, 4 F, 4 G, 18 H. Fewer are allowed (a position may leave pieces out, as puzzles do).
///   One side alone may hold more than its starting 9 H after capturing some.
/// - **One A each.** A player has at most one A, on the board or in reserve.
/// - **Before the A.** A player whose A is still in reserve has never captured (captures
///   need one's own A on the board, and an A on the board never returns to a reserve), so
///   that player holds at most their starting set: e.g. no more than 9 H in all.
/// - **A captured A.** An A in neither place was captured, which ends the game at once: only
///   the side to move may lack it (the game is then over), never the player who just moved,
///   and its captor's A must be on the board.
pub fn parse_position(text: &str, rules: DaisyRules) -> Result<Daisy, PositionError> {
    let read = PositionReader::new(GAME, text)?;
    let fields = &read.fields;
    let error = |field, problem: String| read.error(field, problem);
    let pieces = read.placement(
        9,
        9,
        |c| c.is_ascii_alphabetic() && Kind::from_letter(c).is_some(),
        "A-H (Player 1) and a-h (Player 2)",
    )?;
    let Some(reserve_text) = fields.reserves else {
        return Err(error(
            PositionField::Reserves,
            "missing; Daisy writes both reserves in brackets right after the placement, like 9/9/9/9/9/9/9/9/9[ABC2D2E2F2G9Habc2d2e2f2g9h], or [] when both are empty".to_string(),
        ));
    };
    let reserves = parse_reserves(reserve_text).map_err(|p| error(PositionField::Reserves, p))?;

    let mut position = Daisy::empty(rules);
    let mut on_board = [[0u32; 8]; 2];
    for (square, letter) in pieces {
        let player = owner_of(letter);
        let kind = Kind::from_letter(letter).expect("parse_placement checked the letter");
        position.put(player, kind, square.index(9) as u32);
        on_board[player.index()][kind.index()] += 1;
    }

    for player in Player::BOTH {
        let (board, hand) = (
            on_board[player.index()][Kind::A.index()],
            reserves[player.index()][Kind::A.index()],
        );
        if board + hand > 1 {
            let field = if hand > 0 {
                PositionField::Reserves
            } else {
                PositionField::Placement
            };
            return Err(error(
                field,
                format!(
                    "{} has {} A's ({board} on the board, {hand} in reserve); each player has exactly one A",
                    super::rules::player_name(player),
                    board + hand
                ),
            ));
        }
    }
    for kind in Kind::ALL {
        let k = kind.index();
        let in_reserves = reserves[0][k].saturating_add(reserves[1][k]);
        let total = (on_board[0][k] + on_board[1][k]).saturating_add(in_reserves);
        if total > kind.in_game() as u32 {
            let field = if in_reserves > 0 {
                PositionField::Reserves
            } else {
                PositionField::Placement
            };
            return Err(error(
                field,
                format!(
                    "{total} {letter}'s on the board and in the reserves together, but the game has only {} ({} per player); captured pieces change sides but never multiply",
                    kind.in_game(),
                    Kind::START_COUNTS[k],
                    letter = kind.letter()
                ),
            ));
        }
    }
    for player in Player::BOTH {
        for kind in Kind::ALL {
            let count = reserves[player.index()][kind.index()];
            position.set_reserve(player, kind, count as u8);
        }
    }
    for player in Player::BOTH {
        if position.has_a(player) && !position.has_a_on_board(player) {
            for kind in Kind::ALL {
                let k = kind.index();
                let owned = on_board[player.index()][k] + reserves[player.index()][k];
                if owned > Kind::START_COUNTS[k] as u32 {
                    return Err(error(
                        PositionField::Reserves,
                        format!(
                            "{} has {owned} {letter}'s (board and reserve) while their A is still in reserve; a player starts with {} and cannot capture before their A is on the board",
                            super::rules::player_name(player),
                            Kind::START_COUNTS[k],
                            letter = piece_letter(player, kind)
                        ),
                    ));
                }
            }
        }
    }

    let mover = fields.side_to_move;
    let waiting = mover.opponent();
    position.set_side(mover);
    if !position.has_a(waiting) {
        return Err(error(
            PositionField::Placement,
            format!(
                "{} has no A on the board or in reserve although {} is to move: the game ends as soon as an A is captured",
                super::rules::player_name(waiting),
                super::rules::player_name(mover)
            ),
        ));
    }
    if !position.has_a(mover) && !position.has_a_on_board(waiting) {
        return Err(error(
            PositionField::Placement,
            format!(
                "{}'s A was captured, but {}'s A is not on the board, and a player may not capture until their own A is on the board",
                super::rules::player_name(mover),
                super::rules::player_name(waiting)
            ),
        ));
    }
    position.no_progress = fields.no_progress_plies;
    position.move_number = fields.move_number;
    Ok(position)
}

/// Writes a position line: placement with reserves (count form, Player 1's uppercase letters
/// first, `[]` when empty), side to move, no-progress plies, move number.
pub fn format_position(position: &Daisy) -> String {
    let reserves = format!(
        "{}{}",
        position.reserve(Player::One).text(true),
        position.reserve(Player::Two).text(false)
    );
    text::format_position_line(position, Some(&reserves), position.move_number())
}

/// Reads a move — a board move `e3e4` (also `e3-e4`, `e3xe4`) or a drop `H@e5` (letter in
/// either case) — and checks it is legal, saying why when not.
pub fn parse_move(position: &Daisy, text: &str) -> Result<DaisyMove, MoveError> {
    const FORM: &str = "a Daisy move is two squares, from and to, like e3e4, or a drop like H@e5";
    let read = MoveReader::new(GAME, text, 9, 9)?;
    let parsed = &read.parts;
    if let Some(letter) = parsed.drop {
        let kind = Kind::from_letter(letter).ok_or_else(|| {
            read.malformed(format!(
                "'{letter}' is not a Daisy piece; a drop is a letter A-H (either case), '@' and a square, like H@e5"
            ))
        })?;
        if parsed.squares.len() != 1 || parsed.suffix.is_some() {
            return Err(read.malformed("a drop names exactly one square, like H@e5".to_string()));
        }
        let to = parsed.squares[0];
        let mv = DaisyMove::drop(kind, to.index(9) as u32);
        return if position.is_legal(mv) {
            Ok(mv)
        } else {
            Err(read.illegal(why_drop_illegal(position, kind, to)))
        };
    }
    read.refuse_suffix(|_| false, &format!("Daisy has no promotion; {FORM}"))?;
    let squares = read.squares(2..=2, FORM)?;
    let (from, to) = (squares[0], squares[1]);
    let mv = DaisyMove::new(from.index(9) as u32, to.index(9) as u32);
    if position.is_legal(mv) {
        Ok(mv)
    } else {
        Err(read.illegal(why_illegal(position, from, to)))
    }
}

/// The reason the game is over, if it is.
fn game_over(position: &Daisy) -> Option<String> {
    position
        .outcome()
        .map(|outcome| format!("the game is over ({outcome})"))
}

/// Explains why a `kind` piece cannot be dropped on `to`.
fn why_drop_illegal(position: &Daisy, kind: Kind, to: Square) -> String {
    if let Some(reason) = game_over(position) {
        return reason;
    }
    let us = position.side_to_move();
    let reserve = position.reserve(us);
    if reserve.count(kind) == 0 {
        return format!(
            "{} has no {} in reserve (reserve: {})",
            super::rules::player_name(us),
            piece_letter(us, kind),
            reserve.describe(us == Player::One)
        );
    }
    if let Some((owner, on_square)) = position.piece_on(to.index(9) as u32) {
        return format!(
            "{to} is occupied by the {} of {}; a piece may be dropped only on an empty square",
            piece_letter(owner, on_square),
            super::rules::player_name(owner)
        );
    }
    "not a legal move in this position".to_string()
}

/// Explains why no legal move goes from `from` to `to`.
fn why_illegal(position: &Daisy, from: Square, to: Square) -> String {
    let us = position.side_to_move();
    let name = super::rules::player_name(us);
    let piece = position.piece_on(from.index(9) as u32);
    let empty_hint = format!(" to move (a drop from the reserve is written like H@{to})");
    if let Some(reason) =
        reading::common_illegal_reason(position, from, to, piece.map(|p| p.0), &empty_hint)
    {
        return reason;
    }
    let Some((_, kind)) = piece else {
        return format!("there is no piece on {from}");
    };
    let (from_index, to_bit) = (from.index(9) as u32, 1u128 << to.index(9));
    if position.occupied_by(us) & to_bit != 0 {
        return format!("{to} holds a piece of {name}'s own; pieces capture only enemy pieces");
    }
    let letter = piece_letter(us, kind);
    let reach = attacks::attacks(us, kind, from_index, position.occupied());
    if reach & to_bit == 0 {
        if attacks::attacks(us, kind, from_index, 0) & to_bit != 0 {
            return format!("the {letter} on {from} cannot reach {to}: the way is blocked");
        }
        let forward = match (kind, us) {
            (Kind::A | Kind::B | Kind::C, _) => "",
            (_, Player::One) => " (forward is up the board, towards rank 9, for Player 1)",
            (_, Player::Two) => " (forward is down the board, towards rank 1, for Player 2)",
        };
        return format!(
            "the {letter} on {from} cannot reach {to}: {} {} {}{forward}",
            match kind {
                Kind::A | Kind::E | Kind::F | Kind::H => "an",
                _ => "a",
            },
            kind.letter(),
            kind.how_it_moves()
        );
    }
    if !position.has_a_on_board(us) {
        return format!(
            "{name} may not capture until their own A is on the board (their A is still in reserve)"
        );
    }
    "not a legal move in this position".to_string()
}
