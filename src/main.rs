//! The `castle960` command line. `main` only dispatches: [`cli`] parses the arguments, each
//! command lives in a module of its own, and every failure maps to one exit code and one line.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::run()
}
