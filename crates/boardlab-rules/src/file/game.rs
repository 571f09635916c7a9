//! A whole file (with `extends` resolved) read into a [`Definition`]: the game with its
//! options as chosen, after checking the game under every choice of options.

use super::board;
use super::error::RulesFileError;
use super::fields::Fields;
use super::merge::lay_over;
use super::options::{self, Offered};
use super::pieces;
use super::play;
use super::source::Place;
use super::start;
use super::top::{self, TOP_KEYS};
use super::tree::{Entry, Node, Table, Value};
use crate::definition::Definition;

/// Reads the game of `file` with the options that `on` (by name) turns on or off; the
/// others at their defaults. `root` is the file's place for missing top-level keys;
/// `default_id` the id the file name gives.
pub(crate) fn read(
    mut file: Table,
    root: &Place,
    default_id: Option<&str>,
    choices: &[(&str, bool)],
) -> Result<Definition, RulesFileError> {
    let top = Fields::new(&file, "", root, &TOP_KEYS)?;
    let id = top::id(&top, default_id)?;
    let offered = options::read(&top)?;
    if file.get("id").is_none() {
        file.entries.insert(
            0,
            Entry {
                key: "id".to_string(),
                key_place: root.clone(),
                node: Node {
                    value: Value::String(id),
                    place: root.clone(),
                },
            },
        );
    }
    let wanted: Vec<bool> = offered
        .iter()
        .map(|o| {
            choices
                .iter()
                .rev()
                .find(|(name, _)| *name == o.name)
                .map_or(o.default, |&(_, on)| on)
        })
        .collect();
    let mut chosen = None;
    for mask in 0..1u32 << offered.len() {
        let on: Vec<bool> = (0..offered.len()).map(|i| mask & (1 << i) != 0).collect();
        let prefix = describe(&offered, &on);
        let mut laid = file.clone();
        for (option, _) in offered.iter().zip(&on).filter(|(_, on)| **on) {
            lay_over(&mut laid, &option.when_on).map_err(|e| e.prefixed(&prefix))?;
        }
        let definition = build(&laid, root).map_err(|e| e.prefixed(&prefix))?;
        if on == wanted {
            chosen = Some(definition);
        }
    }
    let mut definition = chosen.ok_or_else(|| root.error("no choice of options was read"))?;
    definition.source = file.to_toml();
    definition.options = offered.iter().map(Offered::to_rule_option).collect();
    Ok(definition)
}

/// "with backward_captures=true: " for a choice of options other than all off by default.
fn describe(offered: &[Offered], on: &[bool]) -> String {
    if on.iter().all(|on| !on) && offered.iter().all(|o| !o.default) {
        return String::new();
    }
    let choices: Vec<String> = offered
        .iter()
        .zip(on)
        .map(|(o, on)| format!("{}={on}", o.name))
        .collect();
    format!("with rule options {}: ", choices.join(", "))
}

/// The game of a file with the options already laid over it (its `source` and `options`
/// left for the caller).
fn build(file: &Table, root: &Place) -> Result<Definition, RulesFileError> {
    let top = Fields::new(file, "", root, &TOP_KEYS)?;
    let id = top::id(&top, None)?;
    top.required("title", "the game's name, shown to people")?;
    let title = top::line_of_text(&top, "title", 80)?
        .unwrap_or_default()
        .to_string();
    let summary = top::line_of_text(&top, "summary", 500)?
        .unwrap_or_default()
        .to_string();
    let players = top::players(&top)?;
    let first = top::first(&top)?;
    top.required("board", "a table with width and height")?;
    let board_fields = top
        .table("board", "board", &board::BOARD_KEYS)?
        .ok_or_else(|| root.error("no board"))?;
    let board = board::read(&board_fields)?;
    let pieces_entry = top.required(
        "pieces",
        "a table with one [pieces.NAME] table a kind of piece",
    )?;
    let (piece_table, names) = pieces::entries(pieces_entry)?;
    let pieces = pieces::read(piece_table, &names, board.height)?;
    let captures = play::captures(
        top.table("captures", "captures", &play::CAPTURES_KEYS)?,
        &names,
    )?;
    let drops = play::drops(
        top.table("drops", "drops", &play::DROPS_KEYS)?,
        &names,
        board.height,
    )?;
    let end_fields = top.table("end", "end", &play::END_KEYS)?;
    let end = play::end(end_fields, &names, board.height, drops.is_some())?;
    let start_entry = top.required("start", "the start position's placement, top rank first, like \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\"")?;
    let Some((start, start_node)) = top.string("start")? else {
        return Err(top.wrong("start", &start_entry.node, "a string"));
    };
    start::check(start, start_node, &board, &pieces, drops.is_some())?;
    if let (Some(d), Some(drops_entry)) = (&drops, top.entry("drops"))
        && !d.captures_to_hand
        && !start.contains('[')
    {
        return Err(drops_entry.key_place.error("[drops] without reserves in start and without captures_to_hand = true: nothing could ever be dropped; give reserves in brackets after the placement or set captures_to_hand = true"));
    }
    play::check_winnable(&end, &pieces, end_fields, &top)?;
    let definition = Definition {
        id,
        title,
        summary,
        players,
        board,
        pieces,
        start: start.to_string(),
        first,
        captures,
        drops,
        end,
        options: Vec::new(),
        source: toml::Table::new(),
    };
    if definition.end.draws.is_none()
        && let Some(why) = definition.why_positions_may_repeat()
    {
        let place = end_fields
            .as_ref()
            .and_then(|e| e.entry("draws"))
            .map_or(root, |d| &d.node.place);
        return Err(place.error(format!(
            "end.draws = false says the game cannot go on for ever, but positions may repeat: {why}; keep the draw rules (leave draws out) or make every move that does not capture go forward"
        )));
    }
    let choices = definition.pieces.iter().any(|p| {
        p.promotion
            .as_ref()
            .is_some_and(|promotion| promotion.to.len() > 1 || !promotion.compulsory)
    });
    if definition.drops.is_some() || choices {
        let why = if definition.drops.is_some() {
            "the game has drops"
        } else {
            "the game has promotion choices"
        };
        pieces::check_case_pairs(piece_table, &definition.pieces, why)?;
    }
    Ok(definition)
}
