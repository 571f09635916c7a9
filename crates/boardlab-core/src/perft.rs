//! Perft: counting the leaves of the legal-move tree, the standard test of a move generator.

use crate::move_list::MoveList;
use crate::position::Position;

/// The number of leaf positions `depth` plies below `position`.
///
/// Finished games have no moves, so they end their branch; draw rules are ignored, as chess
/// perft ignores them. The last ply is counted, not played (bulk counting).
pub fn perft<P: Position>(position: &P, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves(),
        _ => {
            let mut moves = MoveList::new();
            position.legal_moves(&mut moves);
            moves
                .iter()
                .map(|&mv| {
                    let mut child = *position;
                    child.play(mv);
                    perft(&child, depth - 1)
                })
                .sum()
        }
    }
}

/// Perft split by the first move: each legal move with the leaf count below it, sorted by
/// the move's text. `depth` counts the first move, so `depth` 1 gives 1 for every move.
pub fn divide<P: Position>(position: &P, depth: u32) -> Vec<(P::Move, u64)> {
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    let mut rows: Vec<(P::Move, u64)> = moves
        .iter()
        .map(|&mv| {
            let mut child = *position;
            child.play(mv);
            (mv, perft(&child, depth.saturating_sub(1)))
        })
        .collect();
    rows.sort_by_cached_key(|(mv, _)| mv.to_string());
    rows
}

/// One row of a perft table (the independent counts of ../shared/oracle): a position, a
/// depth, its leaf count and the rule options it is for (`NAME=VALUE`; none for the
/// defaults).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftRow {
    /// The position, in its one-line text form.
    pub position: String,
    /// The depth in plies.
    pub depth: u32,
    /// The leaf count.
    pub nodes: u64,
    /// The rule options, `NAME=VALUE`.
    pub rules: Vec<String>,
}

/// Reads a perft table: one row a line, tab-separated (position, depth, nodes, and
/// optionally the rule options separated by spaces); `#` lines and blank lines are
/// comments. The error names the first line that is not a row.
pub fn parse_perft_table(text: &str) -> Result<Vec<PerftRow>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.starts_with('#') && !line.trim().is_empty())
        .map(|(index, line)| {
            let bad = |what: &str| format!("line {}: {what}: {line}", index + 1);
            let fields: Vec<&str> = line.split('\t').collect();
            if !(3..=4).contains(&fields.len()) {
                return Err(bad("expected 3 or 4 tab-separated fields"));
            }
            Ok(PerftRow {
                position: fields[0].to_string(),
                depth: fields[1]
                    .parse()
                    .map_err(|_| bad("the depth is no number"))?,
                nodes: fields[2]
                    .parse()
                    .map_err(|_| bad("the count is no number"))?,
                rules: fields
                    .get(3)
                    .map(|r| r.split_whitespace().map(String::from).collect())
                    .unwrap_or_default(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::parse_perft_table;

    #[test]
    fn perft_tables_are_read_and_bad_lines_named() {
        let rows = parse_perft_table("# comment\n\nw1 1\t2\t30\nw1 1\t1\t5\ta=true b=3\n")
            .expect("a valid table");
        assert_eq!(rows.len(), 2);
        assert_eq!((rows[0].depth, rows[0].nodes), (2, 30));
        assert!(rows[0].rules.is_empty());
        assert_eq!(rows[1].rules, ["a=true", "b=3"]);
        let error = parse_perft_table("w1\t2\n").unwrap_err();
        assert!(error.starts_with("line 1: expected 3 or 4"), "{error}");
        let error = parse_perft_table("# x\nw1\tdeep\t3\n").unwrap_err();
        assert!(
            error.starts_with("line 2: the depth is no number"),
            "{error}"
        );
    }
}
