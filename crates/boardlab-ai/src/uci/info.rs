//! Reading a UCI engine's `info` lines into [`SearchInfo`] reports.

use crate::bot::SearchInfo;
use crate::search::score::Score;
use std::time::Duration;

/// The search report of an `info` line that gives a depth and a score
/// (`info depth 12 seldepth 15 score cp 91 nodes 63987 nps 312131 time 205 pv e4d5 c7c6`);
/// `None` for other lines (`info string …`, `info currmove …`). `elapsed` stands in for the
/// time when the line gives none.
pub fn parse_info(line: &str, elapsed: Duration) -> Option<SearchInfo> {
    let mut words = line.split_whitespace();
    if words.next() != Some("info") {
        return None;
    }
    let (mut depth, mut score, mut nodes, mut time, mut pv) = (None, None, 0, None, Vec::new());
    while let Some(word) = words.next() {
        match word {
            "depth" => depth = words.next().and_then(|w| w.parse::<u32>().ok()),
            "score" => {
                score = match (
                    words.next(),
                    words.next().and_then(|w| w.parse::<i32>().ok()),
                ) {
                    (Some("cp"), Some(cp)) => Some(Score::Eval(cp)),
                    (Some("mate"), Some(moves)) => Some(mate_score(moves)),
                    _ => None,
                }
            }
            "nodes" => nodes = words.next().and_then(|w| w.parse().ok()).unwrap_or(0),
            "time" => time = words.next().and_then(|w| w.parse::<u64>().ok()),
            "pv" => {
                pv = words.by_ref().map(str::to_string).collect();
            }
            "string" => return None,
            _ => {}
        }
    }
    Some(SearchInfo {
        depth: depth?,
        score: score?,
        nodes,
        elapsed: time.map_or(elapsed, Duration::from_millis),
        pv,
        note: None,
    })
}

/// The score of `mate N` (moves, negative when the side to move is mated), in plies.
fn mate_score(moves: i32) -> Score {
    if moves > 0 {
        Score::Win(2 * moves.unsigned_abs() - 1)
    } else {
        Score::Loss(2 * moves.unsigned_abs())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_are_read() {
        let info = parse_info(
            "info depth 12 seldepth 15 multipv 1 score cp 91 nodes 63987 nps 312131 tbhits 0 time 205 pv e4d5 c7c6",
            Duration::ZERO,
        )
        .unwrap();
        assert_eq!(info.depth, 12);
        assert_eq!(info.score, Score::Eval(91));
        assert_eq!(info.nodes, 63987);
        assert_eq!(info.elapsed, Duration::from_millis(205));
        assert_eq!(info.pv, ["e4d5", "c7c6"]);
        let mate = parse_info(
            "info depth 1 score mate 1 nodes 7 pv e7d8e",
            Duration::from_millis(3),
        )
        .unwrap();
        assert_eq!(
            (mate.score, mate.elapsed),
            (Score::Win(1), Duration::from_millis(3))
        );
        let mated = parse_info("info depth 4 score mate -2 nodes 70", Duration::ZERO).unwrap();
        assert_eq!(mated.score, Score::Loss(4));
        assert_eq!(
            parse_info("info string classical evaluation enabled", Duration::ZERO),
            None
        );
        assert_eq!(
            parse_info(
                "info depth 3 currmove e2e4 currmovenumber 1",
                Duration::ZERO
            ),
            None
        );
        assert_eq!(parse_info("bestmove e2e4", Duration::ZERO), None);
    }
}
