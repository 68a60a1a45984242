//! The UCI driver against real programs: Stockfish and the python-chess script agree with
//! cozy-chess on positions from seeded random Chess960 games, and fake engines that hang, crash,
//! refuse UCI_Chess960 or print garbage each give their typed error, quickly.
//!
//! The Stockfish tests look for `stockfish` on PATH and at Debian's `/usr/games/stockfish`, the
//! python-chess tests for `python3` with `import chess`; where one is missing, its tests print
//! why and pass, except under CI (`CI` set), where they fail (`.ci/run` installs both).

use crate::common;
use castle960::notation::uci::is_castling;
use castle960::referee::positions::{RandomGames, legal_moves};
use castle960::referee::{Engine, EngineConfig, EngineError, Perft, Stage};
use cozy_chess::{Board, Move};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A Debian-packaged engine's command, if it is installed (see [`common::debian_program`]).
fn debian_engine(name: &str) -> Option<EngineConfig> {
    common::debian_program(name).map(|program| EngineConfig::new(program, Vec::<String>::new()))
}

/// Stockfish's command, if it is installed.
fn stockfish() -> Option<EngineConfig> {
    debian_engine("stockfish")
}

/// The python-chess script's command, if python-chess is installed.
fn python_chess() -> Option<EngineConfig> {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/python_chess_uci.py");
    let works = Command::new("python3")
        .args(["-c", "import chess"])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if !works {
        assert!(
            std::env::var_os("CI").is_none(),
            "python-chess is missing under CI: .ci/run installs it (pip install chess)"
        );
        eprintln!("skipped: python3 cannot import chess (pip install chess)");
        return None;
    }
    Some(EngineConfig::new("python3", [script]))
}

/// A fake engine in one of its modes, with short time limits.
fn fake(mode: &str) -> EngineConfig {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/uci/fake_engine.sh");
    let mut config = EngineConfig::new("sh", [script, mode]);
    config.handshake_timeout = Duration::from_secs(2);
    config.position_timeout = Duration::from_millis(300);
    config
}

fn sorted(mut moves: Vec<Move>) -> Vec<Move> {
    moves.sort_unstable_by_key(|mv| (mv.from, mv.to, mv.promotion));
    moves
}

fn perft2(board: &Board) -> u64 {
    legal_moves(board)
        .into_iter()
        .map(|mv| {
            let mut after = board.clone();
            after.play_unchecked(mv);
            legal_moves(&after).len() as u64
        })
        .sum()
}

/// Checks an engine's depth-1 answer for `board` against cozy-chess's moves; true if the
/// position has a legal castling move.
fn check_against_cozy(board: &Board, perft: &Perft) -> bool {
    let fen = format!("{board:#}");
    let ours = sorted(legal_moves(board));
    let theirs = sorted(perft.moves.iter().map(|&(mv, _)| mv).collect());
    assert_eq!(theirs, ours, "moves of {fen}");
    assert!(perft.moves.iter().all(|&(_, count)| count == 1), "{fen}");
    assert_eq!(perft.nodes, ours.len() as u64, "total of {fen}");
    assert_eq!(
        perft.converted,
        [],
        "{fen}: castling written king-takes-rook"
    );
    ours.iter().any(|&mv| is_castling(board, mv))
}

/// Runs `engine` over `count` random-game positions and checks each against cozy-chess.
fn agrees_with_cozy(config: EngineConfig, seed: u64, count: usize) {
    let mut engine = Engine::start(config).unwrap();
    let mut checked = 0;
    let mut castling = 0;
    for answer in engine.perft_all(RandomGames::new(seed).take(count), 1) {
        let (board, perft) = answer.unwrap();
        checked += 1;
        castling += usize::from(check_against_cozy(&board, &perft));
    }
    assert_eq!(checked, count);
    // The positions are biased towards castling; a sample without any would test nothing.
    assert!(
        castling >= count / 10,
        "only {castling} of {count} positions can castle"
    );
    eprintln!(
        "{}: {count} positions agree, {castling} with castling",
        engine.name()
    );
}

#[test]
fn stockfish_agrees_with_cozy_chess_on_random_chess960_games() {
    let Some(config) = stockfish() else { return };
    agrees_with_cozy(config, 19, 600);
}

#[test]
fn fairy_stockfish_agrees_with_cozy_chess_on_random_chess960_games() {
    let Some(config) = debian_engine("fairy-stockfish") else {
        return;
    };
    agrees_with_cozy(config, 21, 300);
}

#[test]
fn stockfish_divides_at_depth_two() {
    let Some(config) = stockfish() else { return };
    let mut engine = Engine::start(config).unwrap();
    assert!(engine.name().starts_with("Stockfish"), "{}", engine.name());
    for board in RandomGames::new(7).step_by(7).take(20) {
        let perft = engine.perft(&board, 2).unwrap();
        assert_eq!(perft.nodes, perft2(&board), "{board:#}");
        assert_eq!(
            perft.moves.iter().map(|&(_, count)| count).sum::<u64>(),
            perft.nodes
        );
    }
}

#[test]
fn answers_left_by_a_stream_dropped_early_are_not_taken_for_later_ones() {
    let Some(config) = stockfish() else { return };
    let mut engine = Engine::start(config).unwrap();
    let mut boards = RandomGames::new(5).step_by(3);
    let first: Vec<Board> = boards.by_ref().take(30).collect();
    // Two answers read, up to EngineConfig::IN_FLIGHT more already asked for.
    let read = engine.perft_all(first, 1).take(2).count();
    assert_eq!(read, 2);
    for board in boards.take(5) {
        check_against_cozy(&board, &engine.perft(&board, 1).unwrap());
    }
}

#[test]
fn python_chess_agrees_with_cozy_chess_on_random_chess960_games() {
    let Some(config) = python_chess() else { return };
    agrees_with_cozy(config, 20, 200);
}

#[test]
fn python_chess_divides_at_depth_two() {
    let Some(config) = python_chess() else { return };
    let mut engine = Engine::start(config).unwrap();
    assert!(
        engine.name().starts_with("python-chess"),
        "{}",
        engine.name()
    );
    for board in RandomGames::new(8).step_by(11).take(5) {
        assert_eq!(
            engine.perft(&board, 2).unwrap().nodes,
            perft2(&board),
            "{board:#}"
        );
    }
}

/// The script reads X-FEN castling fields as well as Shredder-FEN ones (the driver sends only
/// Shredder-FEN): `KQ` names the outermost rooks, a file letter an inner one.
#[test]
fn python_chess_script_reads_x_fen_and_shredder_fen_alike() {
    let Some(config) = python_chess() else { return };
    let pairs = [
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1",
        ),
        (
            "4k3/8/8/8/8/8/8/RR2K1RR w KQ - 0 1",
            "4k3/8/8/8/8/8/8/RR2K1RR w HA - 0 1",
        ),
        (
            "4k3/8/8/8/8/8/8/RR2K1RR w GB - 0 1",
            "4k3/8/8/8/8/8/8/RR2K1RR w GB - 0 1",
        ),
    ];
    // One session for all of them: python-chess takes a while to import.
    let mut commands = String::from("uci\nsetoption name UCI_Chess960 value true\n");
    for fen in pairs
        .iter()
        .flat_map(|&(x_fen, shredder)| [x_fen, shredder])
    {
        commands += &format!("position fen {fen}\ngo perft 1\n");
    }
    commands += "quit\n";
    let output =
        common::run_with_input(Command::new(&config.program).args(&config.args), &commands);
    let output = String::from_utf8(output.stdout).unwrap();
    // Each answer's lines, sorted, up to and including its total.
    let mut answers = Vec::new();
    let mut answer = Vec::new();
    for line in output.lines().skip_while(|line| *line != "uciok").skip(1) {
        if !line.is_empty() {
            answer.push(line.to_string());
        }
        if line.starts_with("Nodes searched") {
            answer.sort();
            answers.push(std::mem::take(&mut answer));
        }
    }
    assert_eq!(answers.len(), 2 * pairs.len(), "{output}");
    for (answer, &(x_fen, shredder)) in answers.chunks(2).zip(&pairs) {
        assert_eq!(answer[0], answer[1], "{x_fen}");
        let board = Board::from_fen(shredder, true).unwrap();
        let castles = legal_moves(&board)
            .into_iter()
            .filter(|&mv| is_castling(&board, mv));
        for castle in castles {
            assert!(
                answer[0].contains(&format!("{castle}: 1")),
                "{x_fen}: {castle} missing"
            );
        }
    }
}

/// Runs `f`, checks it took less than two seconds, and returns its result.
fn quickly<T>(f: impl FnOnce() -> T) -> T {
    let started = Instant::now();
    let result = f();
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "took {:?}",
        started.elapsed()
    );
    result
}

fn start_position() -> Board {
    Board::chess960_startpos(518)
}

#[test]
fn an_engine_that_hangs_is_stopped_at_the_time_limit() {
    let mut engine = Engine::start(fake("hang")).unwrap();
    let error = quickly(|| engine.perft(&start_position(), 1).unwrap_err());
    assert!(
        matches!(&error, EngineError::Hung { stage: Stage::Perft { depth: 1, .. }, limit, .. }
            if *limit == Duration::from_millis(300)),
        "{error}"
    );
    assert!(
        error.to_string().contains("gave no answer within 0.3s"),
        "{error}"
    );
    // The engine is killed: every later call says so at once.
    let later = quickly(|| engine.perft(&start_position(), 1).unwrap_err());
    assert!(matches!(later, EngineError::Stopped { .. }), "{later}");
}

#[test]
fn a_pipelined_run_ends_with_the_hang_after_the_answers_before_it() {
    let mut engine = Engine::start(fake("hang-after-3")).unwrap();
    let boards = std::iter::repeat_n(start_position(), 10);
    let answers: Vec<_> = quickly(|| engine.perft_all(boards, 1).collect());
    assert_eq!(
        answers.len(),
        4,
        "three answers and the error, then nothing"
    );
    assert!(
        answers[..3]
            .iter()
            .all(|answer| answer.as_ref().is_ok_and(|(_, p)| p.nodes == 1))
    );
    assert!(matches!(answers[3], Err(EngineError::Hung { .. })));
}

/// Limits too long for the clock never run out instead of overflowing the deadline.
#[test]
fn the_longest_time_limits_never_run_out() {
    let mut config = fake("king-destination");
    config.handshake_timeout = Duration::MAX;
    config.position_timeout = Duration::MAX;
    let mut engine = Engine::start(config).unwrap();
    let boards = std::iter::repeat_n(start_position(), 3);
    let answers: Vec<_> = quickly(|| engine.perft_all(boards, 1).collect());
    assert_eq!(answers.len(), 3);
    assert!(answers.iter().all(Result::is_ok));
}

#[test]
fn an_engine_that_never_finishes_the_handshake_is_stopped() {
    let mut config = EngineConfig::new("sleep", ["30"]);
    config.handshake_timeout = Duration::from_millis(300);
    let error = quickly(|| Engine::start(config).err().unwrap());
    assert!(
        matches!(
            error,
            EngineError::Hung {
                stage: Stage::Handshake,
                ..
            }
        ),
        "{error}"
    );
}

#[test]
fn an_engine_that_crashes_reports_its_exit_status_and_standard_error() {
    let mut engine = Engine::start(fake("crash")).unwrap();
    let error = quickly(|| engine.perft(&start_position(), 1).unwrap_err());
    let EngineError::Crashed { status, stderr, .. } = &error else {
        panic!("not a crash: {error}");
    };
    assert_eq!(status.and_then(|status| status.code()), Some(3));
    assert_eq!(stderr.as_deref(), Some("fake engine: segmentation fault"));
    let message = error.to_string();
    assert!(message.contains("exited (exit status: 3)"), "{message}");
    assert!(message.contains("position fen rnbqkbnr/"), "{message}");
}

#[test]
fn an_engine_that_quits_at_once_crashes_in_the_handshake() {
    let error = quickly(|| {
        Engine::start(EngineConfig::new("true", Vec::<String>::new()))
            .err()
            .unwrap()
    });
    assert!(
        matches!(error, EngineError::Crashed { stage: Stage::Handshake, status: Some(s), .. } if s.success()),
        "{error}"
    );
}

/// An engine that exits while a child of its own still holds its standard output (so that the
/// output never ends) is reported as exited, with its status, soon after it exits, not as
/// silent until the time limit; and ending it ends the child too. (This test process becomes
/// a child subreaper, as the command line does, so that the orphaned child is reaped by the
/// engine driver rather than left as a zombie.)
#[test]
fn an_engine_that_exits_while_its_child_holds_its_output_is_reported_as_exited() {
    rustix::process::set_child_subreaper(Some(rustix::process::getpid())).unwrap();
    let forking = common::ForkingEngine::new();
    let command = forking.command("crash");
    let mut config = EngineConfig::new(&command[0], &command[1..]);
    config.position_timeout = Duration::from_secs(5);
    let mut engine = Engine::start(config).unwrap();
    let error = quickly(|| engine.perft(&start_position(), 1).unwrap_err());
    let EngineError::Crashed { status, stderr, .. } = &error else {
        panic!("not a crash: {error}");
    };
    assert_eq!(status.and_then(|status| status.code()), Some(3), "{error}");
    assert_eq!(stderr.as_deref(), Some("forking fake: gone"), "{error}");
    drop(engine);
    assert_eq!(forking.recorded().len(), 3);
    assert_eq!(forking.remaining(), [] as [u32; 0]);
}

#[test]
fn an_engine_without_uci_chess960_is_refused() {
    let error = quickly(|| Engine::start(fake("no960")).err().unwrap());
    assert!(
        matches!(&error, EngineError::NoChess960 { name, .. } if name == "fake no960"),
        "{error}"
    );
}

#[test]
fn an_engine_that_refuses_uci_chess960_is_quoted() {
    let error = quickly(|| Engine::start(fake("refuse")).err().unwrap());
    assert!(
        matches!(&error, EngineError::RefusesChess960 { line, .. } if line == "error: Chess960 is not supported"),
        "{error}"
    );
}

#[test]
fn an_engine_that_prints_garbage_is_quoted() {
    let mut engine = Engine::start(fake("garbage")).unwrap();
    let error = quickly(|| engine.perft(&start_position(), 1).unwrap_err());
    assert!(
        matches!(&error, EngineError::Unparseable { line, .. } if line == "bananas"),
        "{error}"
    );
    assert!(error.to_string().contains("printed \"bananas\""), "{error}");
}

#[test]
fn a_missing_engine_is_not_found() {
    let config = EngineConfig::new("/nonexistent/castle960-engine", ["--uci"]);
    let error = Engine::start(config).err().unwrap();
    assert!(matches!(error, EngineError::NotFound { .. }), "{error}");
    assert_eq!(
        error.to_string(),
        "engine \"/nonexistent/castle960-engine --uci\" not found: no such program (give a path \
         or a name on PATH)"
    );
}

#[test]
fn a_file_that_is_no_program_cannot_start() {
    let config = EngineConfig::new(env!("CARGO_MANIFEST_DIR"), Vec::<String>::new());
    let error = Engine::start(config).err().unwrap();
    assert!(matches!(error, EngineError::CannotStart { .. }), "{error}");
}

#[test]
fn castling_written_as_the_kings_destination_is_converted_and_listed() {
    let mut engine = Engine::start(fake("king-destination")).unwrap();
    let board = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", true).unwrap();
    let perft = engine.perft(&board, 1).unwrap();
    let mv = |text: &str| -> Move { text.parse().unwrap() };
    assert_eq!(
        perft.moves,
        [(mv("e1h1"), 1), (mv("e1a1"), 1), (mv("e1f1"), 1)]
    );
    assert_eq!(perft.converted, [mv("e1h1"), mv("e1a1")]);
}
