//! How many positions per second a referee loop checks against a UCI engine.
//!
//! ```sh
//! cargo build --release -p castle960-measure --bin referee_speed
//! target/release/referee_speed                        # Stockfish, 20,000 positions, 3 runs
//! target/release/referee_speed 50000 5 /usr/games/fairy-stockfish
//! target/release/referee_speed 2000 3 python3 scripts/python_chess_uci.py
//! ```
//!
//! Arguments: POSITIONS (default 20,000), RUNS (default 3), then the engine command (default
//! `stockfish`, or `/usr/games/stockfish` where Debian puts it off `PATH`). The positions come
//! from seeded random games from Chess960 start positions (`castle960::referee::positions`),
//! generated before the clock starts. Each run starts the engine, then, for every position,
//! reads the engine's `go perft 1` and compares its moves with cozy-chess's (the stand-in for
//! castle960's own side); it prints the median positions per second for each number of
//! positions in flight, the unpipelined loop (1 in flight) being the baseline the others are
//! divided by, and the number of positions where the two sides differ.

use castle960::referee::positions::{RandomGames, legal_moves};
use castle960::referee::{Engine, EngineConfig, EngineError};
use std::process::ExitCode;
use std::time::Instant;

/// The numbers of positions in flight measured; 1 is the baseline.
const IN_FLIGHT: [usize; 5] = [1, 4, 16, 64, EngineConfig::IN_FLIGHT];

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("referee_speed: {message}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if matches!(args.first().map(String::as_str), Some("--help" | "-h")) {
        println!("usage: referee_speed [POSITIONS] [RUNS] [ENGINE COMMAND...]");
        return Ok(());
    }
    let number = |i: usize, default: usize| {
        args.get(i).map_or(Ok(default), |s| {
            s.parse::<usize>().map_err(|e| format!("{s:?}: {e}"))
        })
    };
    let positions = number(0, 20_000)?;
    let runs = number(1, 3)?.max(1);
    let command: Vec<String> = match args.get(2..) {
        Some(command) if !command.is_empty() => command.to_vec(),
        _ => vec![default_stockfish()],
    };

    let started = Instant::now();
    let boards: Vec<_> = RandomGames::new(2024).take(positions).collect();
    eprintln!(
        "{positions} positions generated in {:.2}s; engine: {}",
        started.elapsed().as_secs_f64(),
        command.join(" ")
    );

    let mut in_flight: Vec<usize> = IN_FLIGHT.to_vec();
    in_flight.sort_unstable();
    in_flight.dedup();
    let mut baseline = None;
    for window in in_flight {
        let mut rates = Vec::new();
        let mut differences = 0;
        for _ in 0..runs {
            let mut config = EngineConfig::new(&command[0], &command[1..]);
            config.in_flight = window;
            let (rate, differ) = referee_loop(config, &boards).map_err(|e| e.to_string())?;
            rates.push(rate);
            differences = differ;
        }
        rates.sort_by(f64::total_cmp);
        let median = rates[rates.len() / 2];
        let baseline = *baseline.get_or_insert(median);
        println!(
            "in flight {window:>3}: median {median:>9.0} positions/s over {runs} runs \
             ({:.1}x the unpipelined loop), {differences} differences",
            median / baseline
        );
    }
    Ok(())
}

/// One referee loop: positions per second (engine start-up excluded) and how many positions'
/// moves differ between the engine and cozy-chess.
fn referee_loop(
    config: EngineConfig,
    boards: &[cozy_chess::Board],
) -> Result<(f64, usize), EngineError> {
    let mut engine = Engine::start(config)?;
    let started = Instant::now();
    let mut differences = 0;
    for answer in engine.perft_all(boards.iter().cloned(), 1) {
        let (board, perft) = answer?;
        let mut ours = legal_moves(&board);
        let mut theirs: Vec<_> = perft.moves.iter().map(|&(mv, _)| mv).collect();
        ours.sort_unstable_by_key(|mv| (mv.from, mv.to, mv.promotion));
        theirs.sort_unstable_by_key(|mv| (mv.from, mv.to, mv.promotion));
        if ours != theirs || perft.nodes != ours.len() as u64 {
            differences += 1;
        }
    }
    Ok((
        boards.len() as f64 / started.elapsed().as_secs_f64(),
        differences,
    ))
}

/// `stockfish` if it is on `PATH`, else Debian's `/usr/games/stockfish`.
fn default_stockfish() -> String {
    let on_path = std::env::var_os("PATH").is_some_and(|path| {
        std::env::split_paths(&path).any(|dir| dir.join("stockfish").is_file())
    });
    if on_path {
        "stockfish".to_string()
    } else {
        "/usr/games/stockfish".to_string()
    }
}
