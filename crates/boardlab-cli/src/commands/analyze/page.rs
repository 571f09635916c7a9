//! The report as one self-contained HTML page: tables, and SVG plots inline (nothing is
//! fetched from the network to view it).

use super::charts::{self, Series};
use boardlab_ai::analyze::{LENGTH_BIN, Report};
use boardlab_ai::matches::elo::format_elo;
use std::fmt::Write;

/// Escapes text for HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A share as a percentage with its interval.
fn percent(value: f64) -> String {
    format!("{:.1}%", 100.0 * value)
}

/// The page for the reports of one game's variants (side by side when several).
pub fn page(reports: &[Report]) -> String {
    let game = reports.first().map_or("", |r| r.game.as_str());
    let mut html = String::new();
    let _ = write!(
        html,
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>boardlab: designer's report on {game}</title>\
         <style>body{{font-family:sans-serif;max-width:1200px;margin:2em auto;padding:0 1em;color:#222}}\
         table{{border-collapse:collapse;margin:1em 0}}td,th{{border:1px solid #ccc;padding:4px 8px;text-align:left}}\
         th{{background:#f3f3f3}}.plots{{display:flex;flex-wrap:wrap;gap:12px}}.note{{color:#555}}</style>\
         </head><body>\n<h1>Designer's report: {game}</h1>\n",
        game = escape(game)
    );
    summary_table(&mut html, reports);
    plots(&mut html, reports);
    for report in reports {
        let _ = writeln!(html, "<h2>{}</h2>", escape(&report.variant));
        ladder_table(&mut html, report);
        first_moves_table(&mut html, report);
    }
    html.push_str(
        "<p class=\"note\">Made by <code>boardlab analyze</code>. First-player score: wins plus half the draws of the side that moved first, with a 95% interval (0.5 is fair). A lead is a bot score of at least one basic piece for a side; a lead change is a lead for one side after a lead for the other.</p>\n</body></html>\n",
    );
    html
}

fn summary_table(html: &mut String, reports: &[Report]) {
    html.push_str("<table><tr><th></th>");
    for report in reports {
        let _ = write!(html, "<th>{}</th>", escape(&report.variant));
    }
    html.push_str("</tr>\n");
    let mut row = |name: &str, cell: &dyn Fn(&Report) -> String| {
        let _ = write!(html, "<tr><th>{}</th>", escape(name));
        for report in reports {
            let _ = write!(html, "<td>{}</td>", escape(&cell(report)));
        }
        html.push_str("</tr>\n");
    };
    row("self-play", &|r| {
        format!(
            "{}, {} vs {}, openings {}",
            boardlab_core::count(r.games as u64, "game", "games"),
            r.bots[0],
            r.bots[1],
            r.openings
        )
    });
    row("first player's score", &|r| {
        format!(
            "{} (95%: {} to {})",
            percent(r.first_player.value),
            percent(r.first_player.low),
            percent(r.first_player.high)
        )
    });
    row("decisive games", &|r| percent(r.decisive));
    row("how games ended", &|r| {
        r.ends
            .iter()
            .map(|(end, count)| format!("{end}: {count}"))
            .collect::<Vec<_>>()
            .join(", ")
    });
    row("length (plies)", &|r| {
        format!(
            "mean {:.1}, median {:.1}, {} to {}",
            r.lengths.mean, r.lengths.median, r.lengths.min, r.lengths.max
        )
    });
    row("lead changes", &|r| {
        format!(
            "{:.2} a game; {} of games have one",
            r.lead_changes,
            percent(r.games_with_lead_change)
        )
    });
    row("skill ladder", &|r| {
        r.ladder
            .iter()
            .map(|rung| format!("{}: {}", rung.stronger, format_elo(rung.elo)))
            .collect::<Vec<_>>()
            .join("; ")
    });
    row("solved value of the start", &|r| {
        r.solved.clone().unwrap_or_else(|| "not known".to_string())
    });
    html.push_str("</table>\n");
}

fn plots(html: &mut String, reports: &[Report]) {
    html.push_str("<div class=\"plots\">\n");
    for report in reports {
        let title = if reports.len() > 1 {
            format!("Game length: {}", report.variant)
        } else {
            "Game length".to_string()
        };
        html.push_str(&charts::histogram(
            &title,
            "plies",
            &report.lengths.histogram,
            LENGTH_BIN,
        ));
    }
    let branching: Vec<Vec<(f64, f64)>> = reports
        .iter()
        .map(|r| {
            r.branching
                .iter()
                .enumerate()
                .map(|(i, &b)| (i as f64, b))
                .collect()
        })
        .collect();
    let series: Vec<Series> = reports
        .iter()
        .zip(&branching)
        .map(|(r, points)| Series {
            name: r.variant.clone(),
            points,
        })
        .collect();
    html.push_str(&charts::lines(
        "Branching factor",
        "ply",
        "legal moves",
        &series,
    ));
    let several = reports.len() > 1;
    let material: Vec<(String, Vec<(f64, f64)>)> = reports
        .iter()
        .flat_map(|r| {
            (0..2).map(move |side| {
                let name = if several {
                    format!("Player {} ({})", side + 1, r.variant)
                } else {
                    format!("Player {}", side + 1)
                };
                let points = r
                    .material
                    .iter()
                    .enumerate()
                    .map(|(i, pair)| (i as f64, pair[side]))
                    .collect();
                (name, points)
            })
        })
        .collect();
    let series: Vec<Series> = material
        .iter()
        .map(|(name, points)| Series {
            name: name.clone(),
            points,
        })
        .collect();
    html.push_str(&charts::lines(
        "Material",
        "ply",
        "pieces (board and hand)",
        &series,
    ));
    html.push_str("</div>\n");
}

fn ladder_table(html: &mut String, report: &Report) {
    if report.ladder.is_empty() {
        return;
    }
    html.push_str(
        "<h3>Skill ladder</h3><table><tr><th>stronger</th><th>weaker</th><th>W-D-L</th><th>Elo (95% interval)</th></tr>\n",
    );
    for rung in &report.ladder {
        let _ = writeln!(
            html,
            "<tr><td>{}</td><td>{}</td><td>{}-{}-{}</td><td>{} ({} to {})</td></tr>",
            escape(&rung.stronger),
            escape(&rung.weaker),
            rung.wins,
            rung.draws,
            rung.losses,
            format_elo(rung.elo),
            format_elo(rung.elo_low),
            format_elo(rung.elo_high)
        );
    }
    html.push_str("</table>\n");
}

fn first_moves_table(html: &mut String, report: &Report) {
    if report.first_moves.is_empty() {
        return;
    }
    html.push_str(
        "<h3>First moves</h3><table><tr><th>move</th><th>score after it (for the mover)</th><th>exact value</th></tr>\n",
    );
    for first in report.first_moves.iter().take(30) {
        let _ = writeln!(
            html,
            "<tr><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(&first.mv),
            first.score,
            escape(first.exact.as_deref().unwrap_or("-"))
        );
    }
    if report.first_moves.len() > 30 {
        let _ = writeln!(
            html,
            "<tr><td colspan=\"3\">… {} more</td></tr>",
            report.first_moves.len() - 30
        );
    }
    html.push_str("</table>\n");
}
