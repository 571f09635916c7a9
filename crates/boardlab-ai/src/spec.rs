//! Bot specs: the command-line text that names a bot and its limits
//! (`random`, `alphabeta:depth=6`, `alphabeta:time=1s`, `mcts:playouts=20000`,
//! `mcts:time=500ms`), and `level:N`, which each game turns into its own bot
//! ([`levels`](crate::levels)).

use crate::bot::{Bot, Limits};
use crate::learning::network::NetworkChoice;
use crate::levels::{self, TOP_LEVEL};
use crate::search::alphabeta::{
    AlphaBeta, AlphaBetaOptions, MAX_THREADS, Noise, ParamChanges, ParamError,
};
use crate::search::mcts::{Mcts, MctsOptions, PlayoutKind};
use crate::search::random::RandomBot;
use crate::solver::PerfectBot;
use crate::uci::{UciBot, UciOptions};
use boardlab_core::{Evaluate, Tunable, quoted};
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;
use thiserror::Error;

/// The largest `chances` margin a spec may give alpha-beta: ten of the game's pieces.
const MAX_CHANCES: i32 = 1000;

/// The largest deliberate evaluation error a spec may give alpha-beta: fifty pieces.
const MAX_NOISE: i32 = 5000;

/// The positions a perfect player searches a move before it falls back (Sprint's start
/// takes about 300,000).
pub const PERFECT_NODES: u64 = 50_000_000;

/// A bot spec that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SpecError {
    /// The bot's name is not one of the bots.
    #[error(
        "unknown bot {}; valid bots: random, alphabeta, mcts (e.g. alphabeta:time=1s), level:1 to level:{TOP_LEVEL}, perfect (exact play where solved), or uci:PATH for an external engine",
        quoted(given)
    )]
    UnknownBot {
        /// The name given.
        given: String,
    },
    /// A search parameter (`param.NAME=V`, or a line of a `params=FILE`) that is unknown
    /// or out of its range.
    #[error("{0}")]
    BadParam(ParamError),
    /// A parameter the bot does not have.
    #[error(
        "unknown parameter {} for bot {bot}; valid parameters: {valid}",
        quoted(name)
    )]
    UnknownParameter {
        /// The bot.
        bot: &'static str,
        /// The parameter given.
        name: String,
        /// The valid parameters.
        valid: &'static str,
    },
    /// A parameter value that does not suit it.
    #[error(
        "bad value {} for parameter {} of bot {bot}: expected {expected}",
        quoted(value),
        quoted(name)
    )]
    BadValue {
        /// The bot.
        bot: &'static str,
        /// The parameter.
        name: String,
        /// The value given.
        value: String,
        /// What is allowed.
        expected: &'static str,
    },
    /// `uci:` without the engine's path.
    #[error(
        "uci: no engine path; write uci:PATH[,param=value…], e.g. uci:/usr/local/bin/fairy-stockfish,time=100ms"
    )]
    NoEnginePath,
    /// An engine path that names no file.
    #[error(
        "uci: engine {} not found (no such file); give the path of a UCI engine, or a program name on PATH (a PATH containing ',' is not supported: spec parameters are split on ',')",
        quoted(path)
    )]
    EngineNotFound {
        /// The path given.
        path: String,
    },
    /// A parameter without `=VALUE`.
    #[error(
        "parameter {} of bot {bot} has no value; write NAME=VALUE (spec parameters are split on ',', so a PATH containing ',' is not supported)",
        quoted(name)
    )]
    ParameterWithoutValue {
        /// The bot.
        bot: &'static str,
        /// The text given.
        name: String,
    },
    /// A weights file that does not suit the game.
    #[error("the weights file does not suit {game}: {reason}")]
    BadWeights {
        /// The game.
        game: &'static str,
        /// What is wrong with the file.
        reason: String,
    },
    /// A network file that cannot be read or does not suit the game.
    #[error("{}network: {reason}", game.map(|g| format!("the {g} ")).unwrap_or_default())]
    BadNetwork {
        /// The game, once known.
        game: Option<&'static str>,
        /// What is wrong.
        reason: String,
    },
    /// A level outside 1 to [`TOP_LEVEL`].
    #[error("unknown level {level}; levels are 1 (weakest) to {TOP_LEVEL} (strongest)")]
    UnknownLevel {
        /// The level given.
        level: u8,
    },
}

/// The kinds of bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotKind {
    /// [`RandomBot`].
    Random,
    /// [`AlphaBeta`].
    AlphaBeta,
    /// [`Mcts`].
    Mcts,
    /// [`UciBot`]: an external engine.
    Uci,
    /// A strength level (`level:N`), which stands for a bot of the game's own
    /// [level table](crate::levels) once the game is known.
    Level,
    /// [`PerfectBot`]: exact play where the solver or tablebases reach, the top level
    /// elsewhere.
    Perfect,
}

impl BotKind {
    /// The kind's name in specs.
    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::AlphaBeta => "alphabeta",
            BotKind::Mcts => "mcts",
            BotKind::Uci => "uci",
            BotKind::Level => "level",
            BotKind::Perfect => "perfect",
        }
    }

    /// The parameters the kind accepts, for error messages.
    fn valid(self) -> &'static str {
        match self {
            BotKind::Random => "seed",
            BotKind::AlphaBeta => {
                "depth, time, nodes, hash (table size as a power of two, 10-26), chances (0-1000), threads (1-64), noise (a deliberate evaluation error, 0-5000, for weaker bots), seed, weights (a weights file), net (a network file from `boardlab train`, none for the hand-made evaluation, or shipped), off (search features to switch off, joined by +: nmp, lmr, futility, aspiration, check, see, history, improving, iir, singular, correction, or all), param.NAME (a search parameter, e.g. param.futility_base=120; `boardlab spsa --list` lists them), params (a search parameters file)"
            }
            BotKind::Mcts => "playouts, time, c (exploration), playout (random or eval), seed",
            BotKind::Uci => crate::uci::options::VALID,
            BotKind::Level => "none (level:N takes only its number)",
            BotKind::Perfect => {
                "tablebases (a folder), nodes (the search's budget a move), time (the fallback's time a move), seed"
            }
        }
    }
}

/// A bot named by its kind and parameters; [`build`](BotSpec::build) makes the bot for a game.
#[derive(Clone, Debug, PartialEq)]
pub struct BotSpec {
    /// Which bot.
    pub kind: BotKind,
    /// Its limits per move.
    pub limits: Limits,
    /// A fixed seed (random, MCTS, alpha-beta's noise); otherwise the caller's seed is used.
    pub seed: Option<u64>,
    /// MCTS tuning.
    pub mcts: MctsOptions,
    /// Alpha-beta's table size and practical chances.
    pub alphabeta: AlphaBetaOptions,
    /// The level's number ([`BotKind::Level`] only).
    pub level: Option<u8>,
    /// The external engine and how to talk to it ([`BotKind::Uci`] only).
    /// (Boxed: a spec is passed around by value, and most are not engines.)
    pub uci: Option<Box<UciOptions>>,
    /// The text of a weights file for the evaluation (`weights=FILE`), read when the spec
    /// was; `None` uses the game's shipped weights.
    pub weights: Option<String>,
    /// The tablebase folder of a perfect player ([`BotKind::Perfect`] only).
    pub tablebases: Option<PathBuf>,
    text: String,
}

impl BotSpec {
    /// The spec as it was written (normalised: no spaces).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The spec for game `P`: a level (`level:N`) becomes that game's bot of the level
    /// (named `level:N (SPEC)`); any other spec stays as it is.
    pub fn for_game<P: Evaluate>(&self) -> BotSpec {
        match self.level {
            Some(level) if self.kind == BotKind::Level => {
                let mut spec = levels::level_spec::<P>(level)
                    .or_else(|_| levels::level_spec::<P>(TOP_LEVEL))
                    .expect("the top level exists");
                spec.text = format!("level:{level} ({})", spec.text);
                spec
            }
            _ => self.clone(),
        }
    }

    /// The bot for game `P`, seeded with `seed` unless the spec fixes its own.
    pub fn build<P: Evaluate>(&self, seed: u64) -> Box<dyn Bot<P>> {
        if self.kind == BotKind::Level {
            return self.for_game::<P>().build::<P>(seed);
        }
        let seed = self.seed.unwrap_or(seed);
        match self.kind {
            BotKind::Random => Box::new(RandomBot::new(self.text.clone(), seed)),
            BotKind::AlphaBeta => Box::new(AlphaBeta::<P>::with_options(
                self.text.clone(),
                self.limits,
                self.weights_for::<P>().unwrap_or_default(),
                AlphaBetaOptions {
                    noise: Noise {
                        seed,
                        ..self.alphabeta.noise
                    },
                    ..self.alphabeta
                },
            )),
            BotKind::Mcts => Box::new(Mcts::<P>::new(
                self.text.clone(),
                self.limits,
                self.mcts,
                seed,
            )),
            BotKind::Uci => Box::new(UciBot::<P>::new(
                self.text.clone(),
                self.uci.as_deref().cloned().unwrap_or_default(),
                self.limits,
            )),
            BotKind::Perfect => {
                let mut fallback =
                    levels::level_spec::<P>(TOP_LEVEL).expect("the top level exists");
                if let Some(time) = self.limits.time {
                    fallback.limits.time = Some(time);
                    fallback.text = format!("level:{TOP_LEVEL} at {time:?} a move");
                }
                Box::new(PerfectBot::<P>::new(
                    self.text.clone(),
                    self.tablebases.clone(),
                    self.limits.nodes.unwrap_or(PERFECT_NODES),
                    fallback.build::<P>(seed),
                ))
            }
            BotKind::Level => unreachable!("a level is turned into its game's bot above"),
        }
    }

    /// The evaluation weights the spec asks for in game `P`: those of its weights file, or
    /// the game's shipped ones. Check this before [`build`](BotSpec::build), which falls
    /// back to the shipped weights when the file does not suit the game.
    pub fn weights_for<P: Evaluate>(&self) -> Result<P::Weights, SpecError> {
        let mut weights = P::Weights::default();
        if let Some(text) = &self.weights {
            weights
                .read_text(text)
                .map_err(|err| SpecError::BadWeights {
                    game: P::ENGINE,
                    reason: err.to_string(),
                })?;
        }
        Ok(weights)
    }

    /// Checks that the spec's weights file and network suit game `P`; call it before
    /// [`build`](BotSpec::build), which falls back to the game's own evaluation instead.
    pub fn check_for<P: Evaluate>(&self) -> Result<(), SpecError> {
        if self.kind == BotKind::Level {
            return self.for_game::<P>().check_for::<P>();
        }
        self.weights_for::<P>()?;
        self.alphabeta
            .network
            .resolve::<P>()
            .map_err(|err| SpecError::BadNetwork {
                game: Some(P::ENGINE),
                reason: err.to_string(),
            })?;
        Ok(())
    }

    /// Whether the bot's moves in game `P` depend on nothing but the position, the game and
    /// the seed (no time limit), so that games between such bots repeat exactly.
    pub fn is_deterministic<P: Evaluate>(&self) -> bool {
        match (self.kind, self.level) {
            (BotKind::Level, Some(level)) => levels::is_untimed(&P::LEVELS, level),
            _ => self.limits.time.is_none() && self.kind != BotKind::Uci,
        }
    }
}

/// Reads a duration: `500ms`, `1s`, `1.5s`, `2m`.
pub fn parse_duration(text: &str) -> Option<Duration> {
    let text = text.trim();
    let (number, unit) = text.split_at(text.find(|c: char| c.is_ascii_alphabetic())?);
    let value: f64 = number.parse().ok()?;
    let seconds = match unit {
        "ms" => value / 1000.0,
        "s" => value,
        "m" | "min" => value * 60.0,
        _ => return None,
    };
    (seconds.is_finite() && seconds > 0.0 && seconds < 1e6)
        .then(|| Duration::from_secs_f64(seconds))
}

impl FromStr for BotSpec {
    type Err = SpecError;

    /// Reads `NAME[:PARAM=VALUE[,PARAM=VALUE…]]`, or `level:N` / `levelN`, or
    /// `uci:PATH[,PARAM=VALUE…]` (spaces are kept there, for paths and option names).
    fn from_str(text: &str) -> Result<BotSpec, SpecError> {
        let trimmed = text.trim();
        if trimmed
            .get(..4)
            .is_some_and(|prefix| prefix.eq_ignore_ascii_case("uci:"))
        {
            let (options, limits) = crate::uci::options::parse(&trimmed[4..])?;
            return Ok(BotSpec {
                kind: BotKind::Uci,
                limits,
                seed: None,
                mcts: MctsOptions::default(),
                alphabeta: AlphaBetaOptions::default(),
                level: None,
                uci: Some(Box::new(options)),
                weights: None,
                tablebases: None,
                text: trimmed.to_string(),
            });
        }
        let text: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let (name, params) = text.split_once(':').unwrap_or((&text, ""));
        let lower = name.to_ascii_lowercase();
        if let Some(level) = lower.strip_prefix("level") {
            let level = if level.is_empty() { params } else { level };
            return match level.parse::<u8>() {
                Ok(n) if (1..=TOP_LEVEL).contains(&n) => Ok(BotSpec {
                    kind: BotKind::Level,
                    limits: Limits::default(),
                    seed: None,
                    mcts: MctsOptions::default(),
                    alphabeta: AlphaBetaOptions::default(),
                    level: Some(n),
                    uci: None,
                    weights: None,
                    tablebases: None,
                    text: format!("level:{n}"),
                }),
                Ok(n) => Err(SpecError::UnknownLevel { level: n }),
                Err(_) => Err(SpecError::UnknownBot {
                    given: text.clone(),
                }),
            };
        }
        let kind = match lower.as_str() {
            "random" => BotKind::Random,
            "alphabeta" | "ab" => BotKind::AlphaBeta,
            "mcts" => BotKind::Mcts,
            "perfect" => BotKind::Perfect,
            _ => {
                return Err(SpecError::UnknownBot {
                    given: name.to_string(),
                });
            }
        };
        let mut spec = BotSpec {
            kind,
            limits: Limits::default(),
            seed: None,
            mcts: MctsOptions::default(),
            alphabeta: AlphaBetaOptions::default(),
            level: None,
            uci: None,
            weights: None,
            tablebases: None,
            text: text.clone(),
        };
        for param in params.split(',').filter(|p| !p.is_empty()) {
            let (key, value) = param.split_once('=').unwrap_or((param, ""));
            let bad = |expected: &'static str| SpecError::BadValue {
                bot: kind.name(),
                name: key.to_string(),
                value: value.to_string(),
                expected,
            };
            let count = |expected| {
                value
                    .parse::<u64>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| bad(expected))
            };
            match (kind, key) {
                (BotKind::Perfect, "tablebases") => {
                    let dir = PathBuf::from(value);
                    if !dir.is_dir() {
                        return Err(bad("an existing folder of tablebases"));
                    }
                    spec.tablebases = Some(dir);
                }
                (BotKind::Perfect, "nodes") => {
                    spec.limits.nodes = Some(count("a positive number of positions")?)
                }
                (BotKind::AlphaBeta | BotKind::Mcts | BotKind::Perfect, "time") => {
                    spec.limits.time = Some(
                        parse_duration(value)
                            .ok_or_else(|| bad("a duration like 500ms or 1.5s"))?,
                    );
                }
                (BotKind::AlphaBeta, "depth") => {
                    let depth = count("a depth from 1 to 60")?;
                    if depth > 60 {
                        return Err(bad("a depth from 1 to 60"));
                    }
                    spec.limits.depth = Some(depth as u32);
                }
                (BotKind::AlphaBeta, "nodes") => {
                    spec.limits.nodes = Some(count("a positive number of nodes")?)
                }
                (BotKind::AlphaBeta, "hash") => {
                    spec.alphabeta.tt_bits = value
                        .parse::<u32>()
                        .ok()
                        .filter(|b| (10..=26).contains(b))
                        .ok_or_else(|| bad("a power of two from 10 to 26"))?;
                }
                (BotKind::AlphaBeta, "chances") => {
                    spec.alphabeta.chances = Some(
                        value
                            .parse::<i32>()
                            .ok()
                            .filter(|c| (0..=MAX_CHANCES).contains(c))
                            .ok_or_else(|| bad("a margin from 0 (pure minimax) to 1000"))?,
                    );
                }
                (BotKind::AlphaBeta, "weights") => {
                    spec.weights = Some(
                        std::fs::read_to_string(value)
                            .map_err(|_| bad("a readable weights file (see `boardlab tune`)"))?,
                    );
                }
                (BotKind::AlphaBeta, "noise") => {
                    spec.alphabeta.noise.amount = value
                        .parse::<i32>()
                        .ok()
                        .filter(|n| (0..=MAX_NOISE).contains(n))
                        .ok_or_else(|| bad("an evaluation error from 0 (none) to 5000"))?;
                }
                (BotKind::AlphaBeta, "threads") => {
                    let threads = count("a number of threads from 1 to 64")?;
                    if threads > MAX_THREADS as u64 {
                        return Err(bad("a number of threads from 1 to 64"));
                    }
                    spec.alphabeta.threads = threads as usize;
                }
                (BotKind::AlphaBeta, "net") => {
                    spec.alphabeta.network = match value {
                        "none" => NetworkChoice::Off,
                        "shipped" => NetworkChoice::Shipped,
                        path => NetworkChoice::load(path)
                            .map_err(|reason| SpecError::BadNetwork { game: None, reason })?,
                    };
                }
                (BotKind::AlphaBeta, "params") => {
                    let text = std::fs::read_to_string(value).map_err(|_| {
                        bad("a readable search parameters file (NAME = VALUE lines, as `boardlab spsa` writes)")
                    })?;
                    let changes = ParamChanges::read(&text).map_err(SpecError::BadParam)?;
                    spec.alphabeta.params.merge(&changes);
                }
                (BotKind::AlphaBeta, param) if param.starts_with("param.") => {
                    spec.alphabeta
                        .params
                        .set(&param["param.".len()..], value)
                        .map_err(SpecError::BadParam)?;
                }
                (BotKind::AlphaBeta, "off") => {
                    spec.alphabeta
                        .features
                        .switch_off(value)
                        .map_err(|_| bad("search features joined by '+' (nmp, lmr, futility, aspiration, check, see, history, improving, iir, singular, correction), or all"))?;
                }
                (BotKind::Mcts, "playouts") => {
                    spec.limits.playouts = Some(count("a positive number of playouts")?)
                }
                (BotKind::Mcts, "c") => {
                    spec.mcts.exploration = value
                        .parse::<f64>()
                        .ok()
                        .filter(|c| c.is_finite() && *c >= 0.0)
                        .ok_or_else(|| bad("a number of 0 or more"))?;
                }
                (BotKind::Mcts, "playout") => {
                    spec.mcts.playout = match value {
                        "random" => PlayoutKind::Random,
                        "eval" => PlayoutKind::Eval,
                        _ => return Err(bad("random or eval")),
                    };
                }
                (
                    BotKind::Random | BotKind::Mcts | BotKind::AlphaBeta | BotKind::Perfect,
                    "seed",
                ) => {
                    spec.seed = Some(value.parse().map_err(|_| bad("a whole number"))?);
                }
                _ => {
                    return Err(SpecError::UnknownParameter {
                        bot: kind.name(),
                        name: key.to_string(),
                        valid: kind.valid(),
                    });
                }
            }
        }
        if !matches!(kind, BotKind::Random | BotKind::Perfect) && spec.limits == Limits::default() {
            spec.limits.time = Some(Duration::from_secs(1));
        }
        Ok(spec)
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_parameters_are_set_by_name_or_by_file() {
        let spec: BotSpec = "alphabeta:depth=4,param.futility_base=150,param.lmr_base=20"
            .parse()
            .unwrap();
        let set: Vec<_> = spec.alphabeta.params.iter().collect();
        assert_eq!(set, [("futility_base", 150), ("lmr_base", 20)]);
        let file = std::env::temp_dir().join(format!("params-{}.txt", std::process::id()));
        std::fs::write(&file, "# tuned\nnull_move_base = 4\n").unwrap();
        let spec: BotSpec = format!("alphabeta:params={},param.lmr_base=20", file.display())
            .parse()
            .unwrap();
        let set: Vec<_> = spec.alphabeta.params.iter().collect();
        assert_eq!(set, [("null_move_base", 4), ("lmr_base", 20)]);
        std::fs::write(&file, "null_move_base = 40\n").unwrap();
        let error = format!("alphabeta:params={}", file.display())
            .parse::<BotSpec>()
            .unwrap_err()
            .to_string();
        assert_eq!(error, "search parameter null_move_base is 1 to 6, not 40");
        std::fs::remove_file(&file).unwrap();
        let error = "alphabeta:param.nope=1"
            .parse::<BotSpec>()
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("'nope'") && error.contains("lmr_base"),
            "{error}"
        );
    }

    #[test]
    fn specs_are_read() {
        let spec: BotSpec = "alphabeta:depth=6".parse().unwrap();
        assert_eq!(
            (spec.kind, spec.limits.depth),
            (BotKind::AlphaBeta, Some(6))
        );
        let spec: BotSpec = "alphabeta:time=1s".parse().unwrap();
        assert_eq!(spec.limits.time, Some(Duration::from_secs(1)));
        let spec: BotSpec = "mcts:playouts=20000".parse().unwrap();
        assert_eq!(spec.limits.playouts, Some(20000));
        let spec: BotSpec = "mcts:time=500ms".parse().unwrap();
        assert_eq!(spec.limits.time, Some(Duration::from_millis(500)));
        let spec: BotSpec = "alphabeta:time=1s,chances=0".parse().unwrap();
        assert_eq!(spec.alphabeta.chances, Some(0));
        let spec: BotSpec = "alphabeta:depth=4".parse().unwrap();
        assert_eq!(spec.alphabeta.chances, None, "the game's default");
        let spec: BotSpec = "alphabeta:depth=4,off=nmp+lmr".parse().unwrap();
        assert_eq!(spec.alphabeta.features.to_string(), "nmp+lmr");
        assert_eq!("random".parse::<BotSpec>().unwrap().kind, BotKind::Random);
        let level: BotSpec = "level:1".parse().unwrap();
        assert_eq!((level.kind, level.level), (BotKind::Level, Some(1)));
        assert_eq!("level3".parse::<BotSpec>().unwrap().text(), "level:3");
    }

    #[test]
    fn errors_name_the_problem_and_the_choices() {
        let err = "minimax".parse::<BotSpec>().unwrap_err().to_string();
        assert!(
            err.contains("unknown bot 'minimax'") && err.contains("alphabeta"),
            "{err}"
        );
        let err = "alphabeta:playouts=5"
            .parse::<BotSpec>()
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("unknown parameter 'playouts'") && err.contains("depth"),
            "{err}"
        );
        let err = "mcts:time=fast".parse::<BotSpec>().unwrap_err().to_string();
        assert!(err.contains("500ms"), "{err}");
        for bad in [
            "alphabeta:chances=-1",
            "alphabeta:chances=1001",
            "alphabeta:chances=x",
        ] {
            let err = bad.parse::<BotSpec>().unwrap_err().to_string();
            assert!(err.contains("from 0 (pure minimax) to 1000"), "{err}");
        }
        let err = "alphabeta:off=nmp+magic"
            .parse::<BotSpec>()
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("'nmp+magic'") && err.contains("aspiration"),
            "{err}"
        );
        assert!("level:0".parse::<BotSpec>().is_err());
        let err = format!("level:{}", TOP_LEVEL + 1)
            .parse::<BotSpec>()
            .unwrap_err()
            .to_string();
        assert!(
            err.contains(&format!("levels are 1 (weakest) to {TOP_LEVEL}")),
            "{err}"
        );
    }

    #[test]
    fn external_engines_are_read() {
        let spec: BotSpec = " UCI:/bin/sh, time=100ms, option.Skill Level=3"
            .parse()
            .unwrap();
        assert_eq!(spec.kind, BotKind::Uci);
        assert_eq!(spec.limits.time, Some(Duration::from_millis(100)));
        let uci = spec.uci.as_ref().unwrap();
        assert_eq!(uci.path, "/bin/sh");
        assert_eq!(uci.options, [("Skill Level".to_string(), "3".to_string())]);
        assert_eq!(spec.text(), "UCI:/bin/sh, time=100ms, option.Skill Level=3");
        assert!(!spec.is_deterministic::<boardlab_games::Obsidian>());
        let err = "uci:".parse::<BotSpec>().unwrap_err().to_string();
        assert!(err.contains("no engine path"), "{err}");
        let err = "uci:/bin/sh,hash=16"
            .parse::<BotSpec>()
            .unwrap_err()
            .to_string();
        assert!(err.contains("option.NAME=VALUE"), "{err}");
    }
}
