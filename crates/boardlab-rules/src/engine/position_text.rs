//! Position text (SPEC.md): `<placement>[<reserves>] <side> [<no-progress plies> <move
//! number>]`, read with errors that name the field, and written as the hand-written engines
//! write it.

use super::bitset::BitSet;
use super::placement;
use super::position::RulesPosition;
use super::tables::Tables;
use boardlab_core::rules::DrawRules;
use boardlab_core::text::split_position_text;
use boardlab_core::{Player, PositionError, PositionField};

/// Reads a position of the game of `tables`, played under `draw`.
pub fn parse_position<B: BitSet>(
    text: &str,
    tables: &'static Tables<B>,
    draw: DrawRules,
) -> Result<RulesPosition<B>, PositionError> {
    let game = tables.game;
    let id = game.id();
    let fields = split_position_text(id, text)?;
    let error = |field, problem: String| PositionError {
        game: id,
        text: text.to_string(),
        field,
        problem,
    };
    let placed = placement::parse_placement(&game.geometry, &game.letters, fields.placement)
        .map_err(|p| error(PositionField::Placement, p))?;
    let reserves = match (fields.reserves, game.has_drops()) {
        (Some(text), true) => placement::parse_reserves(&game.letters, text)
            .map_err(|p| error(PositionField::Reserves, p))?,
        (None, true) => {
            return Err(error(
                PositionField::Reserves,
                "missing; this game writes both reserves in brackets right after the placement, like [2H3h], or [] when both are empty".to_string(),
            ));
        }
        (Some(_), false) => {
            return Err(error(
                PositionField::Reserves,
                "this game has no reserves; remove the brackets".to_string(),
            ));
        }
        (None, false) => [[0; crate::definition::MAX_PIECES]; 2],
    };
    let mut position = RulesPosition::empty(tables, draw);
    for &(square, player, kind) in &placed {
        position.put(player, kind, square);
    }
    for player in Player::BOTH {
        for kind in 0..game.piece_count() as u8 {
            position.set_in_hand(player, kind, reserves[player.index()][kind as usize]);
        }
    }
    position.set_side(fields.side_to_move);
    position.no_progress = fields.no_progress_plies;
    position.move_number = fields.move_number;
    match unreachable(&position) {
        Some(problem) => Err(error(PositionField::Placement, problem)),
        None => Ok(position),
    }
}

/// Why no game can reach `position`, if none can: the player who just moved has already
/// lost (a move never removes the mover's own pieces), or the side to move has a piece in
/// its goal (it arrived on that side's own turn, which ended the game). Pieces standing
/// where they would have had to promote are accepted: drops can put them there.
fn unreachable<B: BitSet>(position: &RulesPosition<B>) -> Option<String> {
    let game = position.game();
    let mover = position.side;
    let waiting = mover.opponent();
    if !position.has_royal(waiting) {
        return Some(format!(
            "{waiting} has no royal piece although {mover} is to move: the game ended when it was captured"
        ));
    }
    if game.definition.end.capture_all
        && position.occupied_by(waiting).is_empty()
        && position.hand_total(waiting) == 0
    {
        return Some(format!(
            "{waiting} has no pieces although {mover} is to move: the game ended when the last one was captured"
        ));
    }
    if position.goal_reached_by(mover) {
        return Some(format!(
            "{mover} is to move but already has a piece in its goal: the game ended when it arrived"
        ));
    }
    None
}

/// Writes a position: placement, reserves in brackets (games with drops), side to move,
/// no-progress plies and move number.
pub fn format_position<B: BitSet>(position: &RulesPosition<B>) -> String {
    let game = position.game();
    let placement = placement::format_placement(&game.geometry, |square| {
        position
            .piece_on(square)
            .map(|(player, kind)| game.letter(player, kind))
    });
    let reserves = if game.has_drops() {
        format!(
            "[{}]",
            placement::format_reserves(&game.letters, &position.reserves, game.piece_count())
        )
    } else {
        String::new()
    };
    format!(
        "{placement}{reserves} {} {} {}",
        position.side.number(),
        position.no_progress,
        position.move_number
    )
}
