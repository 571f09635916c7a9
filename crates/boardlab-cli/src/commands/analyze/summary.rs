//! The report's short summary for the terminal.

use boardlab_ai::analyze::Report;
use boardlab_ai::matches::elo::format_elo;
use std::fmt::Write;

/// A few lines per variant.
pub fn summary(reports: &[Report]) -> String {
    let mut text = String::new();
    for report in reports {
        let _ = writeln!(
            text,
            "{} ({}): {} self-play games, {} vs {}, openings {}",
            report.game,
            report.variant,
            report.games,
            report.bots[0],
            report.bots[1],
            report.openings
        );
        let first = report.first_player;
        let _ = writeln!(
            text,
            "  first player scores {:.1}% (95% interval {:.1}% to {:.1}%); {:.1}% of games decisive",
            100.0 * first.value,
            100.0 * first.low,
            100.0 * first.high,
            100.0 * report.decisive
        );
        let ends: Vec<String> = report
            .ends
            .iter()
            .map(|(end, count)| format!("{end} {count}"))
            .collect();
        let _ = writeln!(text, "  endings: {}", ends.join(", "));
        let _ = writeln!(
            text,
            "  length: mean {:.1} plies, median {:.1}, {} to {}; lead changes {:.2} a game",
            report.lengths.mean,
            report.lengths.median,
            report.lengths.min,
            report.lengths.max,
            report.lead_changes
        );
        if !report.ladder.is_empty() {
            let rungs: Vec<String> = report
                .ladder
                .iter()
                .map(|rung| {
                    format!(
                        "{} over {} {} ({} to {})",
                        rung.stronger,
                        rung.weaker,
                        format_elo(rung.elo),
                        format_elo(rung.elo_low),
                        format_elo(rung.elo_high)
                    )
                })
                .collect();
            let _ = writeln!(text, "  skill ladder (Elo): {}", rungs.join("; "));
        }
        let best: Vec<String> = report
            .first_moves
            .iter()
            .take(5)
            .map(|first| match &first.exact {
                Some(exact) => format!("{} {} ({exact})", first.mv, first.score),
                None => format!("{} {}", first.mv, first.score),
            })
            .collect();
        if !best.is_empty() {
            let _ = writeln!(
                text,
                "  best first moves (score for the mover): {}",
                best.join(", ")
            );
        }
        if let Some(solved) = &report.solved {
            let _ = writeln!(text, "  solved value of the start: {solved}");
        }
    }
    text
}
