//! `castle960 referee ENGINE [ARGS...]`: a UCI engine's castling against castle960's.

use crate::cli::CliError;
use crate::cli::input::{self, InputLimits};
use crate::cli::output::Stdout;
use castle960::error::quote;
use castle960::referee::judge::judge;
use castle960::referee::positions::RandomGames;
use castle960::referee::suite::{self, SuiteLine};
use castle960::referee::tally::Tally;
use castle960::referee::{Engine, EngineConfig, EngineError, Interrupt, Position};
use castle960::ten::Variant;
use clap::Args;
use std::ffi::OsString;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The arguments of `referee`.
#[derive(Args)]
pub struct RefereeArgs {
    /// The engine's program (a path, or a name on PATH) and its arguments, e.g. `stockfish` or
    /// `python3 scripts/python_chess_uci.py`. Everything after it goes to the engine, so give
    /// castle960's options before it.
    #[arg(required = true, num_args = 1.., trailing_var_arg = true, allow_hyphen_values = true,
          value_name = "ENGINE")]
    engine: Vec<OsString>,
    /// How many positions of seeded random games to check.
    #[arg(long, default_value_t = 10_000)]
    positions: usize,
    /// The seed of the random games (the same seed, the same positions).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Check the positions of this suite file instead (`castle960 suite` writes one; any perft
    /// EPD with `;D1 n ;D2 n` fields will do).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["positions", "seed"])]
    suite: Option<PathBuf>,
    /// Also compare perft 2 (the engine's total against castle960's).
    #[arg(long)]
    depth2: bool,
    /// Referee a ten-file variant instead of Chess960: capablanca, caparandom (Capablanca
    /// Random Chess, random CRC arrays), gothic, embassy or janus, set with the engine's
    /// UCI_Variant (Fairy-Stockfish plays them all).
    #[arg(long, value_name = "VARIANT")]
    variant: Option<String>,
    /// The longest wait for one position's answer, in seconds: at least 0.001; `inf`, or a
    /// limit too long for the clock (1e19, say), never runs out.
    #[arg(long, default_value_t = 5.0, value_name = "SECONDS")]
    time_limit: f64,
    /// Print at most this many differences (all are counted).
    #[arg(long, default_value_t = 20)]
    show: usize,
    #[command(flatten)]
    limits: InputLimits,
}

/// The shortest `--time-limit` taken: a millisecond. Below it no engine can answer through two
/// pipes, and a shorter limit would show as "within 0s" in the message of a hang.
const SHORTEST_TIME_LIMIT: f64 = 0.001;

/// `--time-limit` as a duration: refused unless it is a number of seconds of at least
/// [`SHORTEST_TIME_LIMIT`]; any longer limit is taken, one beyond what a `Duration` holds as
/// `Duration::MAX` (the engine driver then waits without a deadline), so that no number the
/// argument parser accepts can panic.
fn time_limit(seconds: f64) -> Result<Duration, CliError> {
    // NaN is no number of seconds: it compares as neither shorter nor longer.
    if seconds.is_nan() || seconds < SHORTEST_TIME_LIMIT {
        return Err(CliError::TimeLimit(seconds));
    }
    Ok(Duration::try_from_secs_f64(seconds).unwrap_or(Duration::MAX))
}

/// Exit code when some positions differ.
pub const DIFFERENCES: u8 = 1;

/// Runs the engine over the positions and reports agreements and differences: Chess960
/// positions, or with `--variant` those of a ten-file variant.
pub fn run(args: &RefereeArgs) -> Result<u8, CliError> {
    let position_timeout = time_limit(args.time_limit)?;
    let variant: Option<Variant> = args
        .variant
        .as_deref()
        .map(str::parse)
        .transpose()
        .map_err(CliError::Variant)?;
    // The positions are streamed to the engine, never all held at once: a million-position run
    // needs no more memory than a short one. A suite's lines are few, and read first so that a
    // bad line is reported before the engine starts.
    let text = match &args.suite {
        Some(path) => Some(input::read_file(path, args.limits)?),
        None => None,
    };
    match variant {
        None => {
            let lines = text.as_deref().map(suite::read).transpose()?;
            let games = || RandomGames::new(args.seed);
            referee(args, position_timeout, lines, games, Engine::start)
        }
        Some(variant) => {
            let lines = text.map(|t| suite::read_ten(&t, variant)).transpose()?;
            let games = || RandomGames::ten(variant, args.seed);
            let start = |config| Engine::start_variant(config, variant);
            referee(args, position_timeout, lines, games, start)
        }
    }
}

/// The run on positions of `P`: the suite's `lines` if a suite was given, else the random
/// `games`; the engine started with `start`.
fn referee<P: Position, G: Iterator<Item = P>>(
    args: &RefereeArgs,
    position_timeout: Duration,
    suite_lines: Option<Vec<SuiteLine<P>>>,
    games: impl FnOnce() -> G,
    start: impl FnOnce(EngineConfig) -> Result<Engine<P>, EngineError>,
) -> Result<u8, CliError> {
    let total = suite_lines.as_ref().map_or(args.positions, Vec::len);
    let label = |i: usize| match &suite_lines {
        Some(lines) => format!("line {} of the suite", lines[i].number),
        None => format!("position {} of {total}", i + 1),
    };
    let boards: Box<dyn Iterator<Item = P>> = match &suite_lines {
        Some(lines) => Box::new(lines.iter().map(|l| l.board.clone())),
        None => Box::new(games().take(args.positions)),
    };
    let (program, engine_args) = args.engine.split_first().expect("clap requires ENGINE");
    let mut config = EngineConfig::new(program.clone(), engine_args.iter().cloned());
    config.position_timeout = position_timeout;
    config.interrupt = interruptions()?;
    reap_orphans();
    let interrupt = config.interrupt.clone();
    let depth = if args.depth2 { 2 } else { 1 };
    let started = Instant::now();
    let mut out = Stdout::lock();
    let mut tally = Tally::default();
    let (name, command) = match start(config) {
        Ok(mut engine) => {
            let names = (engine.name().to_string(), engine.command().to_string());
            for (i, answer) in engine.perft_all(boards, depth).enumerate() {
                let (board, perft) = match answer {
                    Ok(answer) => answer,
                    Err(EngineError::Interrupted { .. }) => break,
                    Err(error) => return Err(error.into()),
                };
                let difference = judge(&board, &perft, depth);
                tally.count(difference.as_ref());
                if let Some(d) = difference
                    && tally.differences() <= args.show
                {
                    out.print(format!("{}: {d}", label(i)))?;
                }
            }
            // Dropping the engine here ends its process group before the summary is printed.
            names
        }
        Err(EngineError::Interrupted { command, .. }) => (String::new(), command),
        Err(error) => return Err(error.into()),
    };
    let seconds = started.elapsed().as_secs_f64();
    let of_variant = args
        .variant
        .as_deref()
        .map(|v| format!(" of {}", v.to_ascii_lowercase()))
        .unwrap_or_default();
    let source = match &args.suite {
        Some(path) => format!(
            "positions{of_variant} of the suite {}",
            quote(&path.display().to_string())
        ),
        None => format!("positions of random games{of_variant} (seed {})", args.seed),
    };
    let engine = if name.is_empty() {
        command
    } else {
        format!("{name} ({command})")
    };
    let checked = tally.checked;
    let signal = interrupt.raised();
    let interrupted = signal
        .map(|signal| {
            format!(
                "; interrupted by {} after {checked} of {total} positions",
                signal_name(signal)
            )
        })
        .unwrap_or_default();
    out.print(format!(
        "Referee: {engine} on {checked} {source}, perft {depth}: {tally}; {:.0} positions per \
         second{interrupted}\n",
        checked as f64 / seconds.max(1e-9),
    ))?;
    out.finish()?;
    Ok(match signal {
        // 128 plus the signal's number, as a shell reports a command the signal ended.
        Some(signal) => 128 + signal as u8,
        None if tally.differences() > 0 => DIFFERENCES,
        None => 0,
    })
}

/// An interrupt that SIGINT (Ctrl-C), SIGTERM and SIGHUP (the terminal closed) raise with their
/// number, instead of ending castle960 at once: the engine driver then stops waiting, and the
/// run ends the engine's processes, prints the summary of the positions checked so far and
/// exits with 128 plus the signal's number (130, 143, 129). (The engine runs in a process
/// group of its own, so a Ctrl-C in the terminal reaches castle960 only.)
fn interruptions() -> Result<Interrupt, CliError> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let interrupt = Interrupt::new();
    for signal in [SIGINT, SIGTERM, SIGHUP] {
        signal_hook::flag::register_usize(signal, interrupt.flag(), signal as usize)
            .map_err(CliError::Signals)?;
    }
    Ok(interrupt)
}

/// Makes castle960 the child subreaper of the engine's processes (Linux): a process the engine
/// started and left behind, killed with the engine's process group, becomes castle960's child
/// when its parent dies, and the engine driver reaps it, instead of leaving it to an init
/// process that may never reap (as in some containers). Best effort: without it, the processes
/// are still killed.
fn reap_orphans() {
    #[cfg(target_os = "linux")]
    let _ = rustix::process::set_child_subreaper(Some(rustix::process::getpid()));
}

/// A signal's name, for the summary.
fn signal_name(signal: usize) -> String {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    match i32::try_from(signal) {
        Ok(SIGINT) => "SIGINT".to_string(),
        Ok(SIGTERM) => "SIGTERM".to_string(),
        Ok(SIGHUP) => "SIGHUP".to_string(),
        _ => format!("signal {signal}"),
    }
}
