//! Driving a UCI engine through `go perft`: the engine-facing half of the referee.
//!
//! An [`Engine`] starts a program (Stockfish, Fairy-Stockfish, `python3
//! scripts/python_chess_uci.py`, any engine that answers `go perft`), does the UCI handshake,
//! switches `UCI_Chess960` on and then, for each position, sends
//!
//! ```text
//! position fen <Shredder-FEN>
//! go perft <depth>
//! ```
//!
//! and reads the engine's divide (`e1h1: 1` per move) up to its `Nodes searched: N` line into a
//! [`Perft`]. Positions are written as Shredder-FENs (castling field `HAha`, the rooks' files):
//! every engine studied reads them, and unlike X-FEN's `KQkq` they name an inner castling rook
//! without a special case (docs/engines.md has the transcripts).
//!
//! # Never a hang
//!
//! Every wait has a deadline: the handshake gets [`EngineConfig::handshake_timeout`], each
//! position [`EngineConfig::position_timeout`], counted from when the engine could start on it
//! (sent, and the answer before it read). An engine that misses one is killed and the call
//! returns [`EngineError::Hung`]; one that exits gives [`EngineError::Crashed`] with its exit
//! status and last lines of standard error, even when a process it started still holds its
//! output open. Raising the [`EngineConfig::interrupt`] ends any wait with
//! [`EngineError::Interrupted`]. After any error the engine is killed and every later call
//! returns [`EngineError::Stopped`].
//!
//! # Nothing left running
//!
//! The engine runs in a process group of its own, and every way out (an error, or dropping the
//! [`Engine`] when done) kills the whole group and reaps it: a shell script that starts the real
//! engine without `exec`, and any helper the engine forks, end with it. Helpers orphaned by the
//! kill are reaped too when the caller is a child subreaper, as the command line makes itself
//! (see the private `process` module's docs).
//!
//! # Pipelining
//!
//! Stockfish answers `go perft 1` in microseconds; a round trip through two pipes, three
//! threads and the scheduler costs far more. [`Engine::perft_all`] therefore keeps up to
//! [`EngineConfig::in_flight`] positions sent ahead of the answers it has read, so the engine is
//! never waiting for the next command. UCI engines read commands in order and answer them in
//! order, so the n-th answer belongs to the n-th position. (Stockfish answers `isready` without
//! waiting for a running perft, so `readyok` cannot mark the end of an answer; the `Nodes
//! searched` line does.)
//!
//! # Castling notation
//!
//! With `UCI_Chess960` on, castling is written king-takes-rook (`e1h1`), cozy-chess's own form.
//! An engine that writes the king's destination instead (`e1g1`, the standard-chess form) has
//! such moves converted when the literal move is illegal and the castling it stands for is
//! legal; [`Perft::converted`] lists them, so a referee can report the notation.

use super::process::{Interrupt, Process, Received};
use crate::chess::CastlingSide;
use crate::error::quote;
use cozy_chess::{Board, Move, Square};
use itertools::Itertools;
use std::collections::VecDeque;
use std::ffi::OsString;
use std::fmt;
use std::io;
use std::process::ExitStatus;
use std::time::{Duration, Instant};
use thiserror::Error;

/// How long an engine that exited gets to finish writing to standard error before the error
/// message is made without the rest.
const STDERR_WAIT: Duration = Duration::from_secs(1);

/// What to start and how long to wait for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineConfig {
    /// The program: a path, or a name looked up on `PATH`.
    pub program: OsString,
    /// Its arguments.
    pub args: Vec<OsString>,
    /// The longest wait for `uciok` after `uci`, and again for `readyok` after setting
    /// `UCI_Chess960` (Stockfish loads its network then).
    pub handshake_timeout: Duration,
    /// The longest wait for one position's answer, from when the engine could start on it.
    pub position_timeout: Duration,
    /// How many positions [`Engine::perft_all`] sends ahead of the answers read (at least 1).
    pub in_flight: usize,
    /// Raised, it ends every wait for the engine ([`EngineError::Interrupted`]): how a signal
    /// handler stops a run without waiting for a time limit.
    pub interrupt: Interrupt,
}

impl EngineConfig {
    /// The default handshake timeout.
    pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);
    /// The default per-position timeout.
    pub const POSITION_TIMEOUT: Duration = Duration::from_secs(5);
    /// The default number of positions in flight; docs/engines.md has the measurement behind it.
    pub const IN_FLIGHT: usize = 16;

    /// `program` with `args` and the default timeouts and pipelining.
    ///
    /// ```
    /// use castle960::referee::EngineConfig;
    /// let config = EngineConfig::new("python3", ["scripts/python_chess_uci.py"]);
    /// assert_eq!(config.command_line(), "python3 scripts/python_chess_uci.py");
    /// ```
    pub fn new<S: Into<OsString>>(
        program: impl Into<OsString>,
        args: impl IntoIterator<Item = S>,
    ) -> EngineConfig {
        EngineConfig {
            program: program.into(),
            args: args.into_iter().map(Into::into).collect(),
            handshake_timeout: Self::HANDSHAKE_TIMEOUT,
            position_timeout: Self::POSITION_TIMEOUT,
            in_flight: Self::IN_FLIGHT,
            interrupt: Interrupt::new(),
        }
    }

    /// The program and its arguments joined by spaces, as error messages show them.
    pub fn command_line(&self) -> String {
        std::iter::once(&self.program)
            .chain(&self.args)
            .map(|word| word.to_string_lossy())
            .join(" ")
    }
}

/// One engine's answer to `go perft N` for one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Perft {
    /// Each move the engine listed with its count (1 at depth 1), in the engine's order;
    /// castling as king-takes-rook.
    pub moves: Vec<(Move, u64)>,
    /// The total from the engine's `Nodes searched: N` line.
    pub nodes: u64,
    /// The castling moves the engine wrote as the king's destination (`e1g1`) although
    /// `UCI_Chess960` is on, in king-takes-rook form; they are in [`moves`](Perft::moves) too.
    pub converted: Vec<Move>,
}

/// What the engine was asked when something went wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stage {
    /// `uci`, waiting for `uciok`.
    Handshake,
    /// `setoption name UCI_Chess960 value true` and `isready`, waiting for `readyok`.
    Chess960,
    /// `position fen FEN` and `go perft DEPTH`, waiting for the answer.
    Perft {
        /// The position, as sent.
        fen: String,
        /// The depth asked for.
        depth: u32,
    },
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stage::Handshake => f.write_str("in the handshake (`uci`, waiting for `uciok`)"),
            Stage::Chess960 => f.write_str(
                "after `setoption name UCI_Chess960 value true` (waiting for `readyok`)",
            ),
            Stage::Perft { fen, depth } => {
                write!(f, "on `go perft {depth}` after `position fen {fen}`")
            }
        }
    }
}

/// Why an engine could not be used, one variant per way it fails.
#[derive(Debug, Error)]
pub enum EngineError {
    /// The program does not exist.
    #[error("engine {} not found: no such program (give a path or a name on PATH)", quote(.command))]
    NotFound {
        /// The command line tried.
        command: String,
    },
    /// The program exists but could not be started.
    #[error("cannot start engine {}: {source}", quote(.command))]
    CannotStart {
        /// The command line tried.
        command: String,
        /// What the operating system said.
        source: io::Error,
    },
    /// The engine exited, or closed its output, before answering.
    #[error(
        "engine {} {} {stage}{}",
        quote(.command),
        ended(.status),
        stderr_note(.stderr)
    )]
    Crashed {
        /// The command line.
        command: String,
        /// What it was asked.
        stage: Stage,
        /// How it exited; `None` if it closed its output and had to be killed.
        status: Option<ExitStatus>,
        /// Its last lines of standard error, if any.
        stderr: Option<String>,
    },
    /// The engine gave no answer within the time limit and was killed.
    #[error("engine {} gave no answer within {} {stage}; it was stopped", quote(.command), seconds(.limit))]
    Hung {
        /// The command line.
        command: String,
        /// What it was asked.
        stage: Stage,
        /// The limit it missed.
        limit: Duration,
    },
    /// The engine's option list has no `UCI_Chess960`.
    #[error(
        "engine {} ({}) offers no UCI_Chess960 option, so it cannot be asked about Chess960 castling",
        quote(.command),
        quote(.name)
    )]
    NoChess960 {
        /// The command line.
        command: String,
        /// The engine's `id name`.
        name: String,
    },
    /// The engine answered `setoption name UCI_Chess960 value true` with a complaint.
    #[error("engine {} refused UCI_Chess960: it printed {}", quote(.command), quote(.line))]
    RefusesChess960 {
        /// The command line.
        command: String,
        /// The complaint.
        line: String,
    },
    /// The engine printed a line that is not part of the expected answer.
    #[error("engine {} printed {} {stage}; expected {expected}", quote(.command), quote(.line))]
    Unparseable {
        /// The command line.
        command: String,
        /// What it was asked.
        stage: Stage,
        /// The line.
        line: String,
        /// What would have been understood.
        expected: &'static str,
    },
    /// The run was interrupted ([`EngineConfig::interrupt`] raised) and the engine stopped.
    #[error("engine {} was stopped {stage}: the run was interrupted", quote(.command))]
    Interrupted {
        /// The command line.
        command: String,
        /// What it was asked.
        stage: Stage,
    },
    /// An earlier error stopped the engine.
    #[error("engine {} was stopped after an earlier error", quote(.command))]
    Stopped {
        /// The command line.
        command: String,
    },
}

fn ended(status: &Option<ExitStatus>) -> String {
    match status {
        Some(status) => format!("exited ({status})"),
        None => "closed its output".to_string(),
    }
}

fn stderr_note(stderr: &Option<String>) -> String {
    stderr
        .as_deref()
        .map(|tail| format!("; its standard error ended with {}", quote(tail)))
        .unwrap_or_default()
}

fn seconds(limit: &Duration) -> String {
    format!("{}s", limit.as_secs_f64())
}

/// What one line of a perft answer says.
#[derive(Debug, PartialEq, Eq)]
enum PerftLine {
    /// A blank or `info` line, which says nothing here.
    Nothing,
    /// `e2e4: 1`: a move and its count.
    Move(Move, u64),
    /// `Nodes searched: 20`: the total, which ends the answer.
    Total(u64),
}

/// What [`PerftLine::parse`] understands, for error messages.
const PERFT_LINE: &str = "a move and its count like \"e2e4: 1\", or \"Nodes searched: N\"";

impl PerftLine {
    /// Reads one line of a perft answer; `None` if it is none of the three kinds.
    fn parse(line: &str) -> Option<PerftLine> {
        let line = line.trim();
        if line.is_empty() || line == "info" || line.starts_with("info ") {
            return Some(PerftLine::Nothing);
        }
        if let Some(total) = line.strip_prefix("Nodes searched:") {
            return total.trim().parse().ok().map(PerftLine::Total);
        }
        let (mv, count) = line.split_once(':')?;
        Some(PerftLine::Move(
            mv.trim().parse().ok()?,
            count.trim().parse().ok()?,
        ))
    }
}

/// `mv` in king-takes-rook form if the engine wrote a castling move as the king's destination:
/// the king's move to the c- or g-file is illegal as written, and castling with a rook the
/// side to move may castle with, whose king ends there, is legal.
fn king_takes_rook(board: &Board, mv: Move) -> Option<Move> {
    let king = board.king(board.side_to_move());
    if mv.from != king || mv.to.rank() != king.rank() || board.is_legal(mv) {
        return None;
    }
    let rights = board.castle_rights(board.side_to_move());
    [rights.long, rights.short]
        .into_iter()
        .flatten()
        .filter(|&rook| CastlingSide::of(king.file(), rook).king_to_file() == mv.to.file())
        .map(|rook| Move {
            from: king,
            to: Square::new(rook, king.rank()),
            promotion: None,
        })
        .find(|&castle| board.is_legal(castle))
}

/// A position sent whose answer is not read yet.
struct Pending {
    board: Board,
    depth: u32,
    sent: Instant,
}

/// A running UCI engine with `UCI_Chess960` on, answering `go perft`.
///
/// ```no_run
/// use castle960::referee::{Engine, EngineConfig};
/// use cozy_chess::Board;
///
/// let mut stockfish = Engine::start(EngineConfig::new("stockfish", Vec::<String>::new()))?;
/// let perft = stockfish.perft(&Board::chess960_startpos(0), 1)?;
/// assert_eq!(perft.nodes, 20);
/// # Ok::<(), castle960::referee::EngineError>(())
/// ```
pub struct Engine {
    process: Process,
    command: String,
    name: String,
    position_timeout: Duration,
    in_flight: usize,
    pending: VecDeque<Pending>,
    /// When the last answer was read: the engine starts on the next position no earlier.
    last_answer: Instant,
    stopped: bool,
}

impl Engine {
    /// Starts the engine, does the handshake and switches `UCI_Chess960` on.
    pub fn start(config: EngineConfig) -> Result<Engine, EngineError> {
        let command = config.command_line();
        let process =
            Process::spawn(&config.program, &config.args, &config.interrupt).map_err(|source| {
                if source.kind() == io::ErrorKind::NotFound {
                    EngineError::NotFound {
                        command: command.clone(),
                    }
                } else {
                    EngineError::CannotStart {
                        command: command.clone(),
                        source,
                    }
                }
            })?;
        let mut engine = Engine {
            process,
            command,
            name: String::new(),
            position_timeout: config.position_timeout,
            in_flight: config.in_flight.max(1),
            pending: VecDeque::new(),
            last_answer: Instant::now(),
            stopped: false,
        };
        engine.handshake(config.handshake_timeout)?;
        Ok(engine)
    }

    /// The engine's `id name` (empty if it gave none).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The command line it was started with.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// The engine's divide of `board` to `depth` plies.
    ///
    /// # Panics
    ///
    /// If `depth` is 0: `go perft 0` is no perft to Stockfish, which starts an endless search.
    pub fn perft(&mut self, board: &Board, depth: u32) -> Result<Perft, EngineError> {
        self.drain()?;
        self.submit(board.clone(), depth);
        self.receive().map(|(_, perft)| perft)
    }

    /// The engine's divide of every position of `boards` to `depth` plies, in order, with up
    /// to [`EngineConfig::in_flight`] positions sent ahead. The iterator ends after the first
    /// error, which stops the engine.
    ///
    /// # Panics
    ///
    /// If `depth` is 0, as [`Engine::perft`].
    pub fn perft_all<I: IntoIterator<Item = Board>>(
        &mut self,
        boards: I,
        depth: u32,
    ) -> PerftStream<'_, I::IntoIter> {
        assert!(depth >= 1, "go perft 0 is no perft");
        PerftStream {
            engine: self,
            boards: boards.into_iter(),
            depth,
            started: false,
            done: false,
        }
    }

    /// `uci` up to `uciok`, then `UCI_Chess960` on, confirmed by `readyok`.
    fn handshake(&mut self, timeout: Duration) -> Result<(), EngineError> {
        self.process.send("uci\n".to_string());
        let deadline = deadline_after(Instant::now(), timeout);
        let mut chess960 = false;
        loop {
            let line = self.next_line(deadline, timeout, || Stage::Handshake)?;
            let line = line.trim();
            if line == "uciok" {
                break;
            }
            // Banners, blank lines and anything else before `uciok` carry no meaning here.
            if let Some(name) = line.strip_prefix("id name ") {
                self.name = name.trim().to_string();
            } else if option_name(line)
                .is_some_and(|name| name.eq_ignore_ascii_case("UCI_Chess960"))
            {
                chess960 = true;
            }
        }
        if !chess960 {
            return Err(self.fail(EngineError::NoChess960 {
                command: self.command.clone(),
                name: self.name.clone(),
            }));
        }
        self.process
            .send("setoption name UCI_Chess960 value true\nisready\n".to_string());
        let deadline = deadline_after(Instant::now(), timeout);
        loop {
            let line = self.next_line(deadline, timeout, || Stage::Chess960)?;
            match PerftLine::parse(&line) {
                _ if line.trim() == "readyok" => return Ok(()),
                Some(PerftLine::Nothing) => {}
                _ => {
                    return Err(self.fail(EngineError::RefusesChess960 {
                        command: self.command.clone(),
                        line,
                    }));
                }
            }
        }
    }

    /// Sends one position.
    fn submit(&mut self, board: Board, depth: u32) {
        assert!(depth >= 1, "go perft 0 is no perft");
        self.process
            .send(format!("position fen {board:#}\ngo perft {depth}\n"));
        self.pending.push_back(Pending {
            board,
            depth,
            sent: Instant::now(),
        });
    }

    /// Reads the answer to the oldest position sent.
    fn receive(&mut self) -> Result<(Board, Perft), EngineError> {
        if self.stopped {
            return Err(EngineError::Stopped {
                command: self.command.clone(),
            });
        }
        let Pending { board, depth, sent } =
            self.pending.pop_front().expect("receive follows submit");
        let stage = || Stage::Perft {
            fen: format!("{board:#}"),
            depth,
        };
        let deadline = deadline_after(sent.max(self.last_answer), self.position_timeout);
        let mut perft = Perft {
            moves: Vec::new(),
            nodes: 0,
            converted: Vec::new(),
        };
        loop {
            let line = self.next_line(deadline, self.position_timeout, stage)?;
            match PerftLine::parse(&line) {
                Some(PerftLine::Nothing) => {}
                Some(PerftLine::Move(mv, count)) => {
                    let mv = match king_takes_rook(&board, mv) {
                        Some(castle) => {
                            perft.converted.push(castle);
                            castle
                        }
                        None => mv,
                    };
                    perft.moves.push((mv, count));
                }
                Some(PerftLine::Total(nodes)) => {
                    perft.nodes = nodes;
                    self.last_answer = Instant::now();
                    return Ok((board, perft));
                }
                None => {
                    return Err(self.fail(EngineError::Unparseable {
                        command: self.command.clone(),
                        stage: stage(),
                        line,
                        expected: PERFT_LINE,
                    }));
                }
            }
        }
    }

    /// Reads and drops the answers to positions sent but not read (a [`PerftStream`] dropped
    /// early leaves some).
    fn drain(&mut self) -> Result<(), EngineError> {
        while !self.pending.is_empty() {
            self.receive()?;
        }
        if self.stopped {
            return Err(EngineError::Stopped {
                command: self.command.clone(),
            });
        }
        Ok(())
    }

    /// The next line of output before `deadline` (`None`: no deadline), or the error for a hang
    /// or an exit.
    fn next_line(
        &mut self,
        deadline: Option<Instant>,
        limit: Duration,
        stage: impl Fn() -> Stage,
    ) -> Result<String, EngineError> {
        read_line(&mut self.process, &self.command, deadline, limit, stage)
            .map_err(|error| self.fail(error))
    }

    /// Kills the engine for good and passes `error` on.
    fn fail(&mut self, error: EngineError) -> EngineError {
        self.stopped = true;
        self.pending.clear();
        self.process.kill();
        error
    }
}

/// The next line `process` (started as `command`) writes before `deadline` (`None`: no
/// deadline), or the error for a hang, an interruption or an exit, after which the process is
/// killed: the one way every engine driver (this one, [`crate::ten::uci`]'s) waits for a line.
pub(crate) fn read_line(
    process: &mut Process,
    command: &str,
    deadline: Option<Instant>,
    limit: Duration,
    stage: impl Fn() -> Stage,
) -> Result<String, EngineError> {
    let error = match process.receive(deadline) {
        Received::Line(line) => return Ok(line),
        Received::TimedOut => EngineError::Hung {
            command: command.to_string(),
            stage: stage(),
            limit,
        },
        Received::Interrupted => EngineError::Interrupted {
            command: command.to_string(),
            stage: stage(),
        },
        Received::Closed => {
            let status = process.exit_status();
            let stderr = process.stderr_tail(STDERR_WAIT);
            EngineError::Crashed {
                command: command.to_string(),
                stage: stage(),
                status,
                stderr,
            }
        }
    };
    process.kill();
    Err(error)
}

/// When a wait of `limit` from `start` ends; `None` when that instant is past what the clock
/// can represent (a limit of `Duration::MAX`, or `--time-limit 1e19`), so that any limit a
/// caller gives works and simply never runs out, instead of overflowing.
pub(crate) fn deadline_after(start: Instant, limit: Duration) -> Option<Instant> {
    start.checked_add(limit)
}

/// The name in an `option name NAME type ...` line (names may contain spaces).
pub(crate) fn option_name(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("option name ")?;
    Some(
        rest.split_once(" type ")
            .map_or(rest, |(name, _)| name)
            .trim(),
    )
}

/// The answers of [`Engine::perft_all`]: each position with the engine's [`Perft`], in order.
pub struct PerftStream<'e, I> {
    engine: &'e mut Engine,
    boards: I,
    depth: u32,
    started: bool,
    done: bool,
}

impl<I: Iterator<Item = Board>> Iterator for PerftStream<'_, I> {
    type Item = Result<(Board, Perft), EngineError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        if !self.started {
            self.started = true;
            if let Err(error) = self.engine.drain() {
                self.done = true;
                return Some(Err(error));
            }
        }
        while self.engine.pending.len() < self.engine.in_flight {
            match self.boards.next() {
                Some(board) => self.engine.submit(board, self.depth),
                None => break,
            }
        }
        if self.engine.pending.is_empty() {
            self.done = true;
            return None;
        }
        let answer = self.engine.receive();
        self.done = answer.is_err();
        Some(answer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_lines_are_moves_totals_or_nothing() {
        let e2e4: Move = "e2e4".parse().unwrap();
        let promotion: Move = "a7a8n".parse().unwrap();
        assert_eq!(PerftLine::parse("e2e4: 1"), Some(PerftLine::Move(e2e4, 1)));
        assert_eq!(
            PerftLine::parse("a7a8n: 402\r"),
            Some(PerftLine::Move(promotion, 402))
        );
        assert_eq!(
            PerftLine::parse("Nodes searched: 20"),
            Some(PerftLine::Total(20))
        );
        for nothing in ["", "  ", "info string NNUE evaluation enabled", "info"] {
            assert_eq!(PerftLine::parse(nothing), Some(PerftLine::Nothing));
        }
        for garbage in [
            "bananas",
            "e2e4 1",
            "e2e4: one",
            "O-O: 1",
            "Nodes searched: many",
            "information: 3",
            "readyok",
        ] {
            assert_eq!(PerftLine::parse(garbage), None, "{garbage}");
        }
    }

    #[test]
    fn option_names_may_contain_spaces() {
        assert_eq!(
            option_name("option name UCI_Chess960 type check default false"),
            Some("UCI_Chess960")
        );
        assert_eq!(
            option_name("option name Clear Hash type button"),
            Some("Clear Hash")
        );
        assert_eq!(option_name("id name Stockfish 15.1"), None);
    }

    fn board(fen: &str) -> Board {
        Board::from_fen(fen, true).unwrap()
    }

    fn mv(text: &str) -> Move {
        text.parse().unwrap()
    }

    #[test]
    fn king_destination_castling_becomes_king_takes_rook() {
        let standard = board("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
        assert_eq!(king_takes_rook(&standard, mv("e1g1")), Some(mv("e1h1")));
        assert_eq!(king_takes_rook(&standard, mv("e1c1")), Some(mv("e1a1")));
        // Ordinary king moves and king-takes-rook stay as they are.
        for kept in ["e1f1", "e1d2", "e1h1", "e1a1", "a1b1"] {
            assert_eq!(king_takes_rook(&standard, mv(kept)), None, "{kept}");
        }
        // Black to move: the black king's squares.
        let black = board("r3k2r/8/8/8/8/8/8/R3K2R b HAha - 0 1");
        assert_eq!(king_takes_rook(&black, mv("e8c8")), Some(mv("e8a8")));
        assert_eq!(king_takes_rook(&black, mv("e1g1")), None);
    }

    #[test]
    fn a_legal_king_step_to_the_castling_square_is_not_castling() {
        // King f1, rook h1: f1g1 is the king's step, and castling is written f1h1.
        let chess960 = board("4k3/8/8/8/8/8/8/5K1R w H - 0 1");
        assert_eq!(king_takes_rook(&chess960, mv("f1g1")), None);
        // King b1, rook a1: castling ends with the king on c1, which is also its step.
        let a_side = board("4k3/8/8/8/8/8/8/RK6 w A - 0 1");
        assert_eq!(king_takes_rook(&a_side, mv("b1c1")), None);
    }

    #[test]
    fn no_conversion_without_the_right_or_when_castling_is_illegal() {
        let no_rights = board("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
        assert_eq!(king_takes_rook(&no_rights, mv("e1g1")), None);
        // The f1 square is attacked by the rook on f8: O-O is illegal.
        let attacked = board("4kr2/8/8/8/8/8/8/R3K2R w HA - 0 1");
        assert_eq!(king_takes_rook(&attacked, mv("e1g1")), None);
        assert_eq!(king_takes_rook(&attacked, mv("e1c1")), Some(mv("e1a1")));
    }

    #[test]
    fn messages_name_the_engine_the_stage_and_the_line() {
        let error = EngineError::Unparseable {
            command: "fake engine".into(),
            stage: Stage::Perft {
                fen: "4k3/8/8/8/8/8/8/4K3 w - - 0 1".into(),
                depth: 1,
            },
            line: "ba\tnanas".into(),
            expected: PERFT_LINE,
        };
        assert_eq!(
            error.to_string(),
            "engine \"fake engine\" printed \"ba\\tnanas\" on `go perft 1` after `position fen \
             4k3/8/8/8/8/8/8/4K3 w - - 0 1`; expected a move and its count like \"e2e4: 1\", \
             or \"Nodes searched: N\""
        );
    }
}
