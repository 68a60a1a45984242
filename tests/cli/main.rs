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

mod castle;
mod castle_ten;
mod gallery;
mod referee;
mod referee_ten;
mod report_and_show;
mod safety;
mod why;
