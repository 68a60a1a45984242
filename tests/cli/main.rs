//! The binary end to end: the report it writes and keeps safe, `show`, `castle`, the gallery in
//! headless Chromium, and what bad input gets. One test binary; every module launches the binary
//! through [`castle960`] or [`command`].

use std::process::{Command, Output};

#[path = "../common/mod.rs"]
mod common;

/// The binary under test, as a command to add arguments to.
pub fn command() -> Command {
    Command::new(env!("CARGO_BIN_EXE_castle960"))
}

/// Runs the binary with `args`, on `threads` rayon threads when given, and waits for it.
pub fn castle960(args: &[&str], threads: Option<&str>) -> Output {
    let mut command = command();
    command.args(args);
    if let Some(n) = threads {
        command.env("RAYON_NUM_THREADS", n);
    }
    command.output().expect("the binary runs")
}

/// The standard output of a run that succeeds with nothing on standard error.
pub fn stdout(args: &[&str]) -> String {
    let out = castle960(args, None);
    assert!(
        out.status.success(),
        "castle960 {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stderr.is_empty());
    String::from_utf8(out.stdout).unwrap()
}

/// The text with every run of white space one space: wrapped lines read as one.
pub fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Bad input: exit code 2, nothing on standard output, and the one line on standard error,
/// returned.
pub fn rejected(args: &[&str]) -> String {
    let out = castle960(args, None);
    assert_eq!(out.status.code(), Some(2), "castle960 {args:?}");
    assert!(out.stdout.is_empty(), "nothing on stdout for {args:?}");
    let message = String::from_utf8(out.stderr).unwrap();
    assert_eq!(message.lines().count(), 1, "one line: {message}");
    message
}

mod castle;
mod castle_ten;
mod crc;
mod gallery;
mod referee;
mod referee_ten;
mod report_and_show;
mod safety;
mod why;
