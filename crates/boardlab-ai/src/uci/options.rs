//! The spec of an external engine: `uci:PATH[,param=value…]`, read into [`UciOptions`] and
//! the move [`Limits`].

use crate::bot::Limits;
use crate::spec::{SpecError, parse_duration};
use std::path::Path;
use std::time::Duration;

/// The parameters of `uci:PATH`, for error messages.
pub const VALID: &str = "time (e.g. 100ms, sent as go movetime; in a timed game the clock is sent instead), depth, nodes, timeout (the longest wait for a move in an untimed game), variant (UCI_Variant, default the game id), variantpath (Fairy-Stockfish's variant file), notation (fsf or boardlab), option.NAME=VALUE (any engine option, e.g. option.Hash=16)";

/// Which text an engine is spoken to in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// Fairy-Stockfish's FEN and move text (the default where a game has a dialect).
    Fsf,
    /// Our own position and move text (SPEC.md), for engines built on boardlab.
    Boardlab,
}

/// How to run and talk to an external engine. The default has no path: such an engine fails
/// to start, with a report that says so.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UciOptions {
    /// The program (looked up on `PATH` when it has no `/`).
    pub path: String,
    /// The `UCI_Variant` to set; the game id when not given.
    pub variant: Option<String>,
    /// The `VariantPath` to set (a Fairy-Stockfish variant file), if any.
    pub variant_path: Option<String>,
    /// The text to speak; the game's default when not given (see
    /// [`EngineNotation::FSF_DIALECT`](boardlab_core::EngineNotation::FSF_DIALECT)).
    pub notation: Option<Notation>,
    /// Engine options to set, in order, as `(name, value)`.
    pub options: Vec<(String, String)>,
    /// The longest wait for a move in an untimed game; by default the move time plus as
    /// much again (at least one second), or a minute for moves limited by depth or nodes
    /// only. In a timed game the wait is the time left on the engine's clock plus
    /// [`CLOCK_GRACE`].
    pub timeout: Option<Duration>,
}

/// How long past the end of its clock an engine in a timed game is waited for before it is
/// taken to have hung (it has lost on time by then anyway).
pub const CLOCK_GRACE: Duration = Duration::from_secs(1);

impl UciOptions {
    /// How long to wait for `bestmove` under `limits`.
    pub fn move_timeout(&self, limits: &Limits) -> Duration {
        self.timeout.unwrap_or(match limits.time {
            Some(time) => time + time.max(Duration::from_secs(1)),
            None => Duration::from_secs(60),
        })
    }
}

/// Reads the text after `uci:`: the engine path, then parameters separated by `,`.
pub fn parse(text: &str) -> Result<(UciOptions, Limits), SpecError> {
    let mut parts = text.split(',').map(str::trim);
    let path = parts.next().unwrap_or_default();
    if path.is_empty() {
        return Err(SpecError::NoEnginePath);
    }
    if path.contains('/') && !Path::new(path).is_file() {
        return Err(SpecError::EngineNotFound {
            path: path.to_string(),
        });
    }
    let mut options = UciOptions {
        path: path.to_string(),
        variant: None,
        variant_path: None,
        notation: None,
        options: Vec::new(),
        timeout: None,
    };
    let mut limits = Limits::default();
    for param in parts.filter(|p| !p.is_empty()) {
        let Some((key, value)) = param.split_once('=') else {
            return Err(SpecError::ParameterWithoutValue {
                bot: "uci",
                name: param.to_string(),
            });
        };
        let (key, value) = (key.trim(), value.trim());
        let bad = |expected: &'static str| SpecError::BadValue {
            bot: "uci",
            name: key.to_string(),
            value: value.to_string(),
            expected,
        };
        let positive = |expected| {
            value
                .parse::<u64>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| bad(expected))
        };
        match key {
            "time" => {
                limits.time =
                    Some(parse_duration(value).ok_or_else(|| bad("a duration like 100ms or 1s"))?)
            }
            "timeout" => {
                options.timeout =
                    Some(parse_duration(value).ok_or_else(|| bad("a duration like 5s"))?)
            }
            "depth" => {
                limits.depth = Some(
                    positive("a depth from 1 to 200")
                        .ok()
                        .filter(|&d| d <= 200)
                        .ok_or_else(|| bad("a depth from 1 to 200"))? as u32,
                )
            }
            "nodes" => limits.nodes = Some(positive("a positive number of nodes")?),
            "variant" if !value.is_empty() && !value.contains(char::is_whitespace) => {
                options.variant = Some(value.to_string())
            }
            "variant" => return Err(bad("a variant name without spaces, like obsidian")),
            "variantpath" => {
                if !Path::new(value).is_file() {
                    return Err(bad("an existing file (Fairy-Stockfish's variant .ini)"));
                }
                options.variant_path = Some(value.to_string());
            }
            "notation" => {
                options.notation = Some(match value {
                    "fsf" => Notation::Fsf,
                    "boardlab" => Notation::Boardlab,
                    _ => {
                        return Err(bad(
                            "fsf (Fairy-Stockfish's FEN and moves) or boardlab (our own text)",
                        ));
                    }
                })
            }
            _ => match key.strip_prefix("option.") {
                Some(name) if !name.trim().is_empty() => options
                    .options
                    .push((name.trim().to_string(), value.to_string())),
                _ => {
                    return Err(SpecError::UnknownParameter {
                        bot: "uci",
                        name: key.to_string(),
                        valid: VALID,
                    });
                }
            },
        }
    }
    if limits == Limits::default() {
        limits.time = Some(Duration::from_secs(1));
    }
    Ok((options, limits))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_are_read() {
        let (options, limits) = parse(
            "/bin/sh, time=100ms,option.Hash=16,option.Threads=1,variant=daisy,notation=boardlab",
        )
        .unwrap();
        assert_eq!(options.path, "/bin/sh");
        assert_eq!(limits.time, Some(Duration::from_millis(100)));
        assert_eq!(
            options.options,
            [
                ("Hash".to_string(), "16".to_string()),
                ("Threads".to_string(), "1".to_string())
            ]
        );
        assert_eq!(options.variant.as_deref(), Some("daisy"));
        assert_eq!(options.notation, Some(Notation::Boardlab));
        assert_eq!(options.move_timeout(&limits), Duration::from_millis(1100));
        let (options, limits) = parse("engine-on-path,depth=8,timeout=5s").unwrap();
        assert_eq!((limits.depth, limits.time), (Some(8), None));
        assert_eq!(options.move_timeout(&limits), Duration::from_secs(5));
        let (_, limits) = parse("engine").unwrap();
        assert_eq!(
            limits.time,
            Some(Duration::from_secs(1)),
            "the default limit"
        );
    }

    #[test]
    fn errors_say_what_is_allowed() {
        let cases = [
            ("", "no engine path"),
            ("/no/such/engine", "not found"),
            ("/bin/sh,time=fast", "a duration like 100ms"),
            ("/bin/sh,depth=0", "a depth from 1 to 200"),
            (
                "/bin/sh,notation=xboard",
                "fsf (Fairy-Stockfish's FEN and moves) or boardlab",
            ),
            ("/bin/sh,variantpath=/no/such.ini", "an existing file"),
            ("/bin/sh,ponder=on", "unknown parameter 'ponder'"),
            ("/bin/sh,option.=3", "unknown parameter 'option.'"),
            ("/opt/my,engine", "a PATH containing ',' is not supported"),
            (
                "/bin/sh,engine",
                "parameter 'engine' of bot uci has no value",
            ),
        ];
        for (text, expected) in cases {
            let err = parse(text).unwrap_err().to_string();
            assert!(err.contains(expected), "{text}: {err}");
        }
    }
}
