//! Running the `boardlab` binary from the CLI tests.

#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `boardlab` with `args` and no input.
pub fn boardlab(args: &[&str]) -> Output {
    boardlab_with_input(args, "")
}

/// Runs `boardlab` with `args`, typing `input` on its standard input.
pub fn boardlab_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("boardlab runs");
    // The program may stop before reading its input (a bad argument): that is no test failure.
    let _ = child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input.as_bytes());
    child.wait_with_output().expect("boardlab ends")
}

/// Bytes of output as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("output is UTF-8")
}
