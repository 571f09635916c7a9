//! How the commands write to standard output and standard error without panicking when
//! nobody reads them (`boardlab perft … | head -1`), which `println!` and `eprintln!` do:
//! those two are linted out of this crate (`clippy::print_stdout`, `clippy::print_stderr`).
//!
//! - A command's results go to standard output with `writeln!(std::io::stdout(), …)?`: the
//!   error comes back to `main`, which ends quietly, with status 0, when it is a broken
//!   pipe (the reader has gone away).
//! - Notes on the way (progress, timings) go to standard error with [`note!`]: a note that
//!   nobody reads is no failure, and the work goes on (its results may still be wanted).

/// Writes a line to standard error, as `eprintln!` does, but without panicking when standard
/// error is closed: the note is then lost and the command goes on.
macro_rules! note {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}
