//! `castle960 referee ENGINE [ARGS...]`: a UCI engine's castling against castle960's.

use crate::cli::CliError;
use crate::cli::output::Stdout;
use castle960::error::quote;
use castle960::referee::judge::judge;
use castle960::referee::positions::RandomGames;
use castle960::referee::suite::{self, SuiteLine};
use castle960::referee::{Engine, EngineConfig};
use clap::Args;
use cozy_chess::Board;
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
    /// The longest wait for one position's answer, in seconds: at least 0.001; `inf`, or a
    /// limit too long for the clock (1e19, say), never runs out.
    #[arg(long, default_value_t = 5.0, value_name = "SECONDS")]
    time_limit: f64,
    /// Print at most this many differences (all are counted).
    #[arg(long, default_value_t = 20)]
    show: usize,
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

/// Runs the engine over the positions and reports agreements and differences.
pub fn run(args: &RefereeArgs) -> Result<u8, CliError> {
    let position_timeout = time_limit(args.time_limit)?;
    // The positions are streamed to the engine, never all held at once: a million-position run
    // needs no more memory than a short one. A suite's lines are few, and read first so that a
    // bad line is reported before the engine starts.
    let suite_lines: Option<Vec<SuiteLine>> = match &args.suite {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|source| CliError::ReadFile {
                path: path.display().to_string(),
                source,
            })?;
            Some(suite::read(&text)?)
        }
        None => None,
    };
    let total = suite_lines.as_ref().map_or(args.positions, Vec::len);
    let label = |i: usize| match &suite_lines {
        Some(lines) => format!("line {} of the suite", lines[i].number),
        None => format!("position {} of {total}", i + 1),
    };
    let boards: Box<dyn Iterator<Item = Board>> = match &suite_lines {
        Some(lines) => Box::new(lines.iter().map(|l| l.board.clone())),
        None => Box::new(RandomGames::new(args.seed).take(args.positions)),
    };
    let (program, engine_args) = args.engine.split_first().expect("clap requires ENGINE");
    let mut config = EngineConfig::new(program.clone(), engine_args.iter().cloned());
    config.position_timeout = position_timeout;
    let started = Instant::now();
    let mut engine = Engine::start(config)?;
    let name = engine.name().to_string();
    let mut out = Stdout::lock();
    let (mut checked, mut differ, mut misnamed) = (0usize, 0usize, 0usize);
    let depth = if args.depth2 { 2 } else { 1 };
    let stream = engine.perft_all(boards, depth);
    for (i, answer) in stream.enumerate() {
        let (board, perft) = answer?;
        checked += 1;
        let difference = judge(&board, &perft, depth);
        if let Some(d) = difference {
            if d.moves_differ() {
                differ += 1;
            } else {
                misnamed += 1;
            }
            if differ + misnamed <= args.show {
                out.print(format!("{}: {d}", label(i)))?;
            }
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    let source = match &args.suite {
        Some(path) => format!(
            "positions of the suite {}",
            quote(&path.display().to_string())
        ),
        None => format!("positions of random games (seed {})", args.seed),
    };
    out.print(format!(
        "Referee: {name} ({}) on {checked} {source}, perft {depth}: {} agree, {differ} differ, \
         {misnamed} agree but write castling as the king's destination; {:.0} positions per second\n",
        engine.command(),
        checked - differ - misnamed,
        checked as f64 / seconds.max(1e-9),
    ))?;
    out.finish()?;
    Ok(if differ + misnamed > 0 {
        DIFFERENCES
    } else {
        0
    })
}
