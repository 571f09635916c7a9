//! Every error that carries a system error (or another error) says it once: either in its
//! own message or as its `source()`, never both, so that a chain of causes printed whole
//! (as `anyhow`'s `{:#}` does for the command line) does not repeat it.

use boardlab_ai::solver::SolveError;
use boardlab_ai::uci::EngineError;
use boardlab_core::OracleError;
use std::error::Error;

/// The message and every cause after it, joined as `anyhow` prints a chain.
fn chain(error: &dyn Error) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(next) = cause {
        text += &format!(": {next}");
        cause = next.source();
    }
    text
}

fn not_a_directory() -> std::io::Error {
    std::io::Error::from_raw_os_error(20)
}

#[test]
fn a_nested_system_error_appears_once() {
    let errors: Vec<Box<dyn Error>> = vec![
        Box::new(EngineError::Start {
            path: "/bin/x/engine".into(),
            error: not_a_directory(),
        }),
        Box::new(EngineError::Write {
            error: not_a_directory(),
        }),
        Box::new(SolveError::Oracle(OracleError(format!(
            "tb/w1-b1-1.values: {}",
            not_a_directory()
        )))),
    ];
    for error in &errors {
        let text = chain(error.as_ref());
        assert_eq!(text.matches("os error 20").count(), 1, "{text}");
    }
}
