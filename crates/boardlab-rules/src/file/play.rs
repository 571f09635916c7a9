//! The rules of play beyond the pieces: `[captures]`, `[drops]` and `[end]`.

use super::error::RulesFileError;
use super::fields::{Fields, integer_in, said};
use super::pieces::Names;
use super::tree::Value;
use crate::definition::{Captures, Draws, Drops, End, NoMoves, Piece, Progress, RankRange};

pub(crate) const CAPTURES_KEYS: [&str; 2] = ["compulsory", "requires_on_board"];
pub(crate) const DROPS_KEYS: [&str; 2] = ["captures_to_hand", "zones"];
pub(crate) const END_KEYS: [&str; 7] = [
    "goal",
    "capture_all",
    "no_moves",
    "repetition",
    "no_progress_plies",
    "progress",
    "draws",
];
const GOAL_KEYS: [&str; 2] = ["pieces", "ranks"];
const PROGRESS_KEYS: [&str; 4] = ["captures", "drops", "promotions", "moves_of"];

/// The most plies without progress a draw rule may wait for.
const MAX_NO_PROGRESS: i64 = 100_000;
/// The most occurrences a repetition rule may wait for.
const MAX_REPETITION: i64 = 100;

/// `[captures]` (absent: captures are optional and always allowed).
pub(crate) fn captures(c: Option<Fields<'_>>, names: &Names) -> Result<Captures, RulesFileError> {
    let Some(c) = c else {
        return Ok(Captures::default());
    };
    let requires_on_board = match c.string("requires_on_board")? {
        Some((name, node)) => Some(names.index(name, node, "captures.requires_on_board")?),
        None => None,
    };
    Ok(Captures {
        compulsory: c.boolean("compulsory", false)?,
        requires_on_board,
    })
}

/// `[drops]` (absent: no reserves and no drops).
pub(crate) fn drops(
    d: Option<Fields<'_>>,
    names: &Names,
    height: u8,
) -> Result<Option<Drops>, RulesFileError> {
    let Some(d) = d else {
        return Ok(None);
    };
    let mut zones = vec![None; names.0.len()];
    if let Some(entry) = d.entry("zones") {
        let Value::Table(table) = &entry.node.value else {
            return Err(d.wrong(
                "zones",
                &entry.node,
                "a table of piece names and rank ranges, like { pawn = [2, 8] }",
            ));
        };
        for zone in &table.entries {
            let index = names.0.iter().position(|n| *n == zone.key).ok_or_else(|| {
                zone.key_place.error(format!(
                    "drops.zones names no piece: {}; pieces: {}",
                    said(&zone.key),
                    names.0.join(", ")
                ))
            })?;
            let name = format!("drops.zones.{}", zone.key);
            let bad = || {
                zone.node.place.error(format!(
                    "{name} must be two ranks [FROM, TO], counted from the dropper's side, 1 <= FROM <= TO <= {height} (board.height)"
                ))
            };
            let Value::Array(items) = &zone.node.value else {
                return Err(bad());
            };
            let [from, to] = items.as_slice() else {
                return Err(bad());
            };
            let range = 1..=i64::from(height);
            let from = integer_in(from, &name, range.clone())?;
            let to_value = integer_in(to, &name, range)?;
            if from > to_value {
                return Err(to.place.error(format!(
                    "{name} goes from rank {from} down to rank {to_value}; write the nearer rank first"
                )));
            }
            zones[index] = Some(RankRange {
                from: from as u8,
                to: to_value as u8,
            });
        }
    }
    Ok(Some(Drops {
        captures_to_hand: d.boolean("captures_to_hand", false)?,
        zones,
    }))
}

/// `[end]` (absent: no goal, no capture-all, no moves = loss, the common draw rules).
pub(crate) fn end(
    e: Option<Fields<'_>>,
    names: &Names,
    height: u8,
    has_drops: bool,
) -> Result<End, RulesFileError> {
    let defaults = End {
        goal_pieces: Vec::new(),
        goal_ranks: 1,
        capture_all: false,
        no_moves: NoMoves::Loss,
        draws: Some(Draws {
            repetition: 3,
            no_progress_plies: 100,
        }),
        progress: Progress {
            captures: true,
            ..Progress::default()
        },
    };
    let Some(e) = e else {
        return Ok(defaults);
    };
    let (goal_pieces, goal_ranks) = match e.table("goal", "end.goal", &GOAL_KEYS)? {
        None => (Vec::new(), 1),
        Some(goal) => {
            goal.required(
                "pieces",
                "the pieces that win by reaching the goal, like [\"man\"]",
            )?;
            let pieces = names.indices(&goal, "pieces")?;
            if pieces.is_empty() {
                let place = goal.entry("pieces").map_or(goal.place, |p| &p.node.place);
                return Err(place.error("end.goal.pieces is empty; name the pieces that win by reaching the goal, or leave out the goal"));
            }
            let ranks = goal.integer("ranks", 1..=i64::from(height))?.unwrap_or(1) as u8;
            (pieces, ranks)
        }
    };
    let no_moves = match e.string("no_moves")? {
        None | Some(("loss", _)) => NoMoves::Loss,
        Some(("win", _)) => NoMoves::Win,
        Some(("draw", _)) => NoMoves::Draw,
        Some((other, node)) => {
            return Err(node.place.error(format!(
                "end.no_moves must be \"loss\", \"win\" or \"draw\" (what happens to a player who must move and cannot), found {}",
                said(other)
            )));
        }
    };
    let draws_on = e.boolean("draws", true)?;
    let draws = if draws_on {
        let repetition = e.integer("repetition", 0..=MAX_REPETITION)?.unwrap_or(3);
        if repetition == 1 {
            let place = e.entry("repetition").map_or(e.place, |r| &r.node.place);
            return Err(place.error("end.repetition = 1 would draw every position at once; use 0 (off) or a number of occurrences from 2 (3 = threefold repetition)"));
        }
        Some(Draws {
            repetition: repetition as u32,
            no_progress_plies: e
                .integer("no_progress_plies", 0..=MAX_NO_PROGRESS)?
                .unwrap_or(100) as u32,
        })
    } else {
        if let Some(extra) = ["repetition", "no_progress_plies", "progress"]
            .iter()
            .find_map(|k| e.entry(k))
        {
            return Err(extra.key_place.error(format!(
                "end.draws = false: a game without draw rules takes no end.{}; leave it out",
                extra.key
            )));
        }
        None
    };
    let progress = match e.table("progress", "end.progress", &PROGRESS_KEYS)? {
        None => defaults.progress,
        Some(p) => {
            let drops = p.boolean("drops", false)?;
            if drops && !has_drops {
                let place = p.entry("drops").map_or(p.place, |d| &d.node.place);
                return Err(place.error("end.progress.drops = true, but the game has no [drops]"));
            }
            Progress {
                captures: p.boolean("captures", true)?,
                drops,
                promotions: p.boolean("promotions", false)?,
                moves_of: names.indices(&p, "moves_of")?,
            }
        }
    };
    Ok(End {
        goal_pieces,
        goal_ranks,
        capture_all: e.boolean("capture_all", false)?,
        no_moves,
        draws,
        progress,
    })
}

/// Refuses a game that nobody can win: no royal piece, no goal, no capture-all, and a player
/// without moves does not lose (or win).
pub(crate) fn check_winnable(
    end: &End,
    pieces: &[Piece],
    e: Option<Fields<'_>>,
    top: &Fields<'_>,
) -> Result<(), RulesFileError> {
    if end.no_moves != NoMoves::Draw
        || end.capture_all
        || !end.goal_pieces.is_empty()
        || pieces.iter().any(|p| p.royal)
    {
        return Ok(());
    }
    let place = e
        .and_then(|e| e.entry("no_moves"))
        .map_or(top.place, |n| &n.node.place);
    Err(place.error("nobody can ever win: no piece is royal, [end] has no goal, end.capture_all is false and end.no_moves is \"draw\"; give a piece royal = true, add end.goal, set end.capture_all = true, or make end.no_moves \"loss\" or \"win\""))
}
