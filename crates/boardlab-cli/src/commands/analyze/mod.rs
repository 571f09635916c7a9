//! `boardlab analyze`: a designer's report from self-play (terminal summary, HTML page with
//! plots, JSON), for one set of rules or several side by side; `analyze merge` joins the
//! JSON shares of a run split with `--shard K/N`.

mod charts;
mod page;
mod summary;

use anyhow::{Context, Result, bail};
use boardlab_ai::BotSpec;
use boardlab_ai::analyze::{self, AnalyzeConfig, AnalyzeFile, Report, RunData, RunProgress, Shard};
use boardlab_ai::matches::arena::DEFAULT_MAX_PLIES;
use boardlab_ai::matches::openings::Openings;
use boardlab_core::{Evaluate, Position, RuleOptions, quoted};
use boardlab_games::{GameId, GameVisitor, with_game};
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Arguments of `boardlab analyze`.
#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub struct AnalyzeArgs {
    #[command(subcommand)]
    merge: Option<AnalyzeCommand>,
    /// The game: a built-in id or the path of a rules file (.toml).
    #[arg(value_parser = crate::setup::parse_game, help = crate::setup::game_help())]
    game: Option<GameId>,
    /// A rule option NAME=VALUE (repeatable), for every variant.
    #[arg(long = "rule", value_name = "NAME=VALUE")]
    rules: Vec<String>,
    /// Reports side by side for each value of one rule option (NAME=V1,V2,…), of the
    /// board: board=default,FILE (Parity), or of whole rules files: rules=A.toml,B.toml (the
    /// rule-change report between two files; GAME may then be left out).
    #[arg(long, value_name = "NAME=V1,V2")]
    compare: Option<String>,
    /// A board layout file (parity).
    #[arg(long, value_name = "FILE")]
    board: Option<PathBuf>,
    /// The first self-play bot (colours alternate).
    #[arg(long, default_value = "alphabeta:nodes=3000")]
    p1: BotSpec,
    /// The second self-play bot.
    #[arg(long, default_value = "alphabeta:nodes=3000")]
    p2: BotSpec,
    /// Self-play games a variant.
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// The bots of the skill ladder, weakest first (repeat the option for each).
    #[arg(long, value_name = "BOT", default_values = ["random", "alphabeta:nodes=100", "alphabeta:nodes=300", "alphabeta:nodes=1000", "alphabeta:nodes=3000", "alphabeta:nodes=10000"])]
    ladder: Vec<BotSpec>,
    /// Games between neighbours on the ladder.
    #[arg(long, default_value_t = 100)]
    ladder_games: usize,
    /// Openings (random:K or setup:K); each pair of games gets its own.
    #[arg(long, default_value = "random:4")]
    openings: Openings,
    /// The seed of the openings and the bots.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
    /// Plies after the opening at which a game is adjudicated a draw.
    #[arg(long, default_value_t = DEFAULT_MAX_PLIES)]
    max_plies: usize,
    /// Play only share K of N of the games (write it with --json; `analyze merge` joins
    /// the shares).
    #[arg(long, value_name = "K/N")]
    shard: Option<Shard>,
    /// Tablebases for exact values (`boardlab tablebase`, for the games that have them).
    #[arg(long, value_name = "DIR")]
    tablebases: Option<PathBuf>,
    /// The HTML report (default: GAME-report.html; not for a share).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// The results as JSON, for other tools and for `analyze merge`.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
enum AnalyzeCommand {
    /// Join the JSON files of the shares of a run into its report.
    Merge(MergeArgs),
}

/// Arguments of `boardlab analyze merge`.
#[derive(Args, Debug)]
struct MergeArgs {
    /// The JSON files written by `analyze --shard K/N --json FILE`.
    #[arg(required = true)]
    shares: Vec<PathBuf>,
    /// The HTML report.
    #[arg(long, value_name = "FILE", default_value = "merged-report.html")]
    out: PathBuf,
    /// The merged results as JSON.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
}

/// Runs `boardlab analyze`.
pub fn run(args: AnalyzeArgs) -> Result<()> {
    if let Some(AnalyzeCommand::Merge(merge)) = args.merge {
        return run_merge(merge);
    }
    let first_file = args
        .compare
        .as_deref()
        .and_then(|compare| compare.strip_prefix("rules="))
        .and_then(|files| files.split(',').map(str::trim).find(|f| !f.is_empty()));
    let game = match (args.game, first_file) {
        (Some(game), _) => game,
        (None, Some(file)) => GameId::from_file(Path::new(file))
            .map_err(|error| anyhow::anyhow!("--compare rules=…: {error}"))?,
        (None, None) => bail!(
            "analyze needs a game (obsidian, daisy, sprint, parity or a rules file), or `analyze merge FILES`"
        ),
    };
    with_game(game, args)
}

impl GameVisitor for AnalyzeArgs {
    type Output = Result<()>;

    fn visit<P: Evaluate>(self, game: P::Rules) -> Result<()> {
        let variants = self.variants::<P>(game)?;
        let shard = self.shard.unwrap_or(Shard::WHOLE);
        if shard != Shard::WHOLE && self.json.is_none() {
            bail!(
                "--shard {shard}: a share's results are written with --json FILE, then joined with `boardlab analyze merge`"
            );
        }
        if self.games == 0 {
            bail!("--games 0: play at least one game");
        }
        for bot in self.ladder.iter().chain([&self.p1, &self.p2]) {
            bot.check_for::<P>()?;
        }
        if let Some(dir) = &self.tablebases {
            check_tablebases::<P>(dir, &variants)?;
        }
        let config = AnalyzeConfig {
            bots: [self.p1.clone(), self.p2.clone()],
            games: self.games,
            ladder: self.ladder.clone(),
            ladder_games: self.ladder_games,
            openings: self.openings,
            seed: self.seed,
            threads: self.threads.unwrap_or_else(|| {
                std::thread::available_parallelism().map_or(1, |threads| threads.get())
            }),
            max_plies: self.max_plies,
            shard,
            tablebases: self.tablebases.clone(),
            solve_nodes: 50_000_000,
        };
        let started = Instant::now();
        let progress = Bar::new();
        let runs: Vec<RunData> = variants
            .into_iter()
            .map(|(name, rules)| {
                progress.variant(&name);
                analyze::run(
                    P::start(rules),
                    game.first_player_drawn(),
                    &name,
                    &config,
                    &progress,
                )
                .map_err(|damaged| anyhow::anyhow!("{name}: {damaged}"))
            })
            .collect::<Result<_>>()?;
        progress.bar.finish_and_clear();
        let whole = shard == Shard::WHOLE;
        let reports: Vec<Report> = if whole {
            runs.iter().map(analyze::report).collect()
        } else {
            Vec::new()
        };
        if let Some(path) = &self.json {
            write_json(path, &runs, &reports)?;
        }
        if whole {
            let out = self
                .out
                .clone()
                .unwrap_or_else(|| PathBuf::from(format!("{}-report.html", game.game())));
            finish(&reports, &out)?;
        } else {
            writeln!(
                std::io::stdout(),
                "share {shard} of {} played: {} self-play games; join the shares with `boardlab analyze merge`",
                game.game(),
                runs.iter().map(|run| run.self_play.len()).sum::<usize>()
            )?;
        }
        note!("analyze took {:.1} s", started.elapsed().as_secs_f64());
        Ok(())
    }
}

impl AnalyzeArgs {
    /// The variants to report on: a name and the rules of each.
    fn variants<P: Position>(&self, game: P::Rules) -> Result<Vec<(String, P::Rules)>> {
        let base = |extra: Option<(&str, &str)>, board: Option<&Path>| -> Result<P::Rules> {
            let mut assignments = self.rules.clone();
            if let Some((name, value)) = extra {
                assignments.push(format!("{name}={value}"));
            }
            let mut rules = game.with_assignments(&assignments)?;
            if let Some(path) = board.or(self.board.as_deref()) {
                let text = std::fs::read_to_string(path)
                    .with_context(|| format!("cannot read the board file '{}'", path.display()))?;
                rules.load_board(&text)?;
            }
            Ok(rules)
        };
        let describe = |extra: Option<String>, board: Option<&Path>| {
            let mut parts = self.rules.clone();
            parts.extend(extra);
            if let Some(path) = board.or(self.board.as_deref()) {
                parts.push(format!("board {}", path.display()));
            }
            if parts.is_empty() {
                "default rules".to_string()
            } else {
                parts.join(", ")
            }
        };
        let Some(compare) = &self.compare else {
            return Ok(vec![(describe(None, None), base(None, None)?)]);
        };
        let Some((name, values)) = compare.split_once('=') else {
            bail!(
                "--compare {}: expected NAME=V1,V2 (a rule option and its values, or board=default,FILE)",
                quoted(compare)
            );
        };
        let values: Vec<&str> = values
            .split(',')
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .collect();
        if values.len() < 2 {
            bail!(
                "--compare {}: give at least two values to compare, separated by ','",
                quoted(compare)
            );
        }
        values
            .into_iter()
            .map(|value| {
                if name == "rules" {
                    let rules = rules_file_as::<P>(value)?.with_assignments(&self.rules)?;
                    return Ok((describe(Some(format!("rules {value}")), None), rules));
                }
                if name == "board" {
                    if value == "default" {
                        let rules = game.with_assignments(&self.rules)?;
                        return Ok((describe(Some("default board".into()), None), rules));
                    }
                    let path = Path::new(value);
                    Ok((describe(None, Some(path)), base(None, Some(path))?))
                } else {
                    Ok((
                        describe(Some(format!("{name}={value}")), None),
                        base(Some((name, value)), None)?,
                    ))
                }
            })
            .collect()
    }
}

/// The game of the rules file `path` as the rules of `P`: the files a report compares must
/// be played by the same engine type (boards of up to 64, 128 or 256 squares alike).
fn rules_file_as<P: Position>(path: &str) -> Result<P::Rules> {
    let game = boardlab_rules::load_file(Path::new(path))
        .map_err(|error| anyhow::anyhow!("--compare rules=…: {error}"))?;
    let rules = boardlab_rules::engine::RulesOptions::new(game);
    (&rules as &dyn std::any::Any)
        .downcast_ref::<P::Rules>()
        .copied()
        .ok_or_else(|| {
            anyhow::anyhow!(
                "--compare rules=…: {path} cannot be compared with the game given first: compare rules files whose boards are alike in size (up to 64, 128 or 256 squares), and leave GAME out or name one of the files"
            )
        })
}

/// Checks that the tablebases in `dir` open for at least one variant: an error when they
/// open for none, a warning line for each variant whose board they do not cover.
fn check_tablebases<P: Position>(dir: &Path, variants: &[(String, P::Rules)]) -> Result<()> {
    let mut refused = Vec::new();
    for (name, rules) in variants {
        if let Err(error) = P::open_tablebases(dir, *rules) {
            refused.push((name, error));
        }
    }
    if refused.len() == variants.len()
        && let Some((_, error)) = refused.first()
    {
        bail!("cannot use the tablebases in {}: {error}", dir.display());
    }
    for (name, error) in refused {
        note!("warning: {name}: no exact values from the tablebases: {error}");
    }
    Ok(())
}

/// Writes the JSON file.
fn write_json(path: &Path, runs: &[RunData], reports: &[Report]) -> Result<()> {
    let file = AnalyzeFile {
        boardlab_analyze: 1,
        runs: runs.to_vec(),
        reports: reports.to_vec(),
    };
    let text = serde_json::to_string(&file).context("cannot write the results as JSON")?;
    std::fs::write(path, text).with_context(|| format!("cannot write '{}'", path.display()))
}

/// Prints the summary and writes the page (even when nobody reads the summary).
fn finish(reports: &[Report], out: &Path) -> Result<()> {
    let printed = write!(std::io::stdout(), "{}", summary::summary(reports));
    std::fs::write(out, page::page(reports))
        .with_context(|| format!("cannot write '{}'", out.display()))?;
    printed?;
    writeln!(std::io::stdout(), "report: {}", out.display())?;
    Ok(())
}

/// Runs `boardlab analyze merge`.
fn run_merge(args: MergeArgs) -> Result<()> {
    let mut by_variant: Vec<(String, Vec<RunData>)> = Vec::new();
    for path in &args.shares {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read '{}'", path.display()))?;
        let file: AnalyzeFile = serde_json::from_str(&text).map_err(|error| {
            anyhow::anyhow!(
                "'{}' is not a JSON file of `boardlab analyze --json`: {error}",
                path.display()
            )
        })?;
        for run in file.runs {
            match by_variant
                .iter_mut()
                .find(|(variant, _)| *variant == run.variant)
            {
                Some((_, shares)) => shares.push(run),
                None => by_variant.push((run.variant.clone(), vec![run])),
            }
        }
    }
    let runs: Vec<RunData> = by_variant
        .into_iter()
        .map(|(variant, shares)| {
            analyze::merge(shares)
                .with_context(|| format!("cannot merge the shares of '{variant}'"))
        })
        .collect::<Result<_>>()?;
    let reports: Vec<Report> = runs.iter().map(analyze::report).collect();
    if let Some(path) = &args.json {
        write_json(path, &runs, &reports)?;
    }
    finish(&reports, &args.out)
}

/// The progress bar: one part of one variant at a time.
struct Bar {
    bar: ProgressBar,
    variant: std::sync::Mutex<String>,
}

impl Bar {
    fn new() -> Bar {
        let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("{msg} {bar:30} {pos}/{len} [{elapsed_precise}]")
                .expect("a valid progress template"),
        );
        Bar {
            bar,
            variant: std::sync::Mutex::new(String::new()),
        }
    }

    fn variant(&self, name: &str) {
        *self.variant.lock().expect("variant lock") = name.to_string();
    }
}

impl RunProgress for Bar {
    fn begin(&self, part: &str, total: u64) {
        self.bar.reset();
        self.bar.set_length(total);
        let variant = self.variant.lock().expect("variant lock").clone();
        self.bar.set_message(format!("{variant}: {part}"));
    }

    fn step(&self) {
        self.bar.inc(1);
    }
}
