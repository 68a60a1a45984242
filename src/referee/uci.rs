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

pub use super::error::{EngineError, Stage};
use super::position::Position;
use super::process::{Interrupt, Process, Received};
use cozy_chess::Board;
use itertools::Itertools;
use std::collections::VecDeque;
use std::ffi::OsString;
use std::io;
use std::time::{Duration, Instant};

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

/// One engine's answer to `go perft N` for one position; `M` is the board's move (eight files
/// by default, [`crate::ten::Move`] on ten).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Perft<M = cozy_chess::Move> {
    /// Each move the engine listed with its count (1 at depth 1), in the engine's order;
    /// castling as king-takes-rook.
    pub moves: Vec<(M, u64)>,
    /// The total from the engine's `Nodes searched: N` line.
    pub nodes: u64,
    /// The castling moves the engine wrote as the king's destination (`e1g1`) although
    /// `UCI_Chess960` is on, in king-takes-rook form; they are in [`moves`](Perft::moves) too.
    pub converted: Vec<M>,
}

/// What one line of a perft answer says.
#[derive(Debug, PartialEq, Eq)]
enum PerftLine<M> {
    /// A blank or `info` line, which says nothing here.
    Nothing,
    /// `e2e4: 1`: a move and its count.
    Move(M, u64),
    /// `Nodes searched: 20`: the total, which ends the answer.
    Total(u64),
}

/// What [`PerftLine::parse`] understands, for error messages.
const PERFT_LINE: &str = "a move and its count like \"e2e4: 1\", or \"Nodes searched: N\"";

impl<M> PerftLine<M> {
    /// Reads one line of a perft answer, its move with `read_move`; `None` if it is none of the
    /// three kinds.
    fn parse(line: &str, read_move: impl FnOnce(&str) -> Option<M>) -> Option<PerftLine<M>> {
        let line = line.trim();
        if line.is_empty() || line == "info" || line.starts_with("info ") {
            return Some(PerftLine::Nothing);
        }
        if let Some(total) = line.strip_prefix("Nodes searched:") {
            return total.trim().parse().ok().map(PerftLine::Total);
        }
        let (mv, count) = line.split_once(':')?;
        Some(PerftLine::Move(
            read_move(mv.trim())?,
            count.trim().parse().ok()?,
        ))
    }
}

/// A position sent whose answer is not read yet.
struct Pending<P> {
    board: P,
    depth: u32,
    sent: Instant,
}

/// A running UCI engine with `UCI_Chess960` on (and on ten files the variant's `UCI_Variant`),
/// answering `go perft` for positions of `P`: eight files by default ([`Engine::start`]), ten
/// with [`Engine::start_variant`].
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
pub struct Engine<P: Position = Board> {
    process: Process,
    command: String,
    name: String,
    position_timeout: Duration,
    in_flight: usize,
    pending: VecDeque<Pending<P>>,
    /// When the last answer was read: the engine starts on the next position no earlier.
    last_answer: Instant,
    stopped: bool,
}

impl Engine<Board> {
    /// Starts the engine, does the handshake and switches `UCI_Chess960` on.
    pub fn start(config: EngineConfig) -> Result<Engine, EngineError> {
        Engine::launch(config, None)
    }
}

impl Engine<crate::ten::Board> {
    /// Starts the engine for the ten-file `variant`: the handshake, then `UCI_Variant` set to
    /// the variant's name (which the engine must list among its choices) and `UCI_Chess960` on,
    /// so that castling is written king-takes-rook and Shredder castling fields are read in
    /// every variant alike.
    pub fn start_variant(
        config: EngineConfig,
        variant: crate::ten::Variant,
    ) -> Result<Engine<crate::ten::Board>, EngineError> {
        Engine::launch(config, Some(variant.name()))
    }
}

impl<P: Position> Engine<P> {
    /// Starts the engine, does the handshake and switches `UCI_Variant` (if a variant is named)
    /// and `UCI_Chess960` on.
    fn launch(config: EngineConfig, variant: Option<&'static str>) -> Result<Self, EngineError> {
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
        engine.handshake(config.handshake_timeout, variant)?;
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
    pub fn perft(&mut self, board: &P, depth: u32) -> Result<Perft<P::Move>, EngineError> {
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
    pub fn perft_all<I: IntoIterator<Item = P>>(
        &mut self,
        boards: I,
        depth: u32,
    ) -> PerftStream<'_, P, I::IntoIter> {
        assert!(depth >= 1, "go perft 0 is no perft");
        PerftStream {
            engine: self,
            boards: boards.into_iter(),
            depth,
            started: false,
            done: false,
        }
    }

    /// `uci` up to `uciok`, then `UCI_Variant` (if `variant` names one) and `UCI_Chess960` on,
    /// confirmed by `readyok`.
    fn handshake(
        &mut self,
        timeout: Duration,
        variant: Option<&'static str>,
    ) -> Result<(), EngineError> {
        self.process.send("uci\n".to_string());
        let deadline = deadline_after(Instant::now(), timeout);
        let mut chess960 = false;
        // Without a variant to ask for, none needs offering.
        let mut offered = variant.is_none();
        loop {
            let line = self.next_line(deadline, timeout, || Stage::Handshake)?;
            let line = line.trim();
            if line == "uciok" {
                break;
            }
            // Banners, blank lines and anything else before `uciok` carry no meaning here.
            if let Some(name) = line.strip_prefix("id name ") {
                self.name = name.trim().to_string();
            } else if let Some(name) = option_name(line) {
                chess960 |= name.eq_ignore_ascii_case("UCI_Chess960");
                if name.eq_ignore_ascii_case("UCI_Variant")
                    && let Some(variant) = variant
                {
                    offered = offers(line, variant);
                }
            }
        }
        if let (false, Some(variant)) = (offered && chess960, variant) {
            return Err(self.fail(EngineError::NoVariant {
                command: self.command.clone(),
                name: self.name.clone(),
                variant: variant.to_string(),
            }));
        }
        if !chess960 {
            return Err(self.fail(EngineError::NoChess960 {
                command: self.command.clone(),
                name: self.name.clone(),
            }));
        }
        let set_variant = variant.map(|v| format!("setoption name UCI_Variant value {v}\n"));
        self.process.send(format!(
            "{}setoption name UCI_Chess960 value true\nisready\n",
            set_variant.unwrap_or_default()
        ));
        let deadline = deadline_after(Instant::now(), timeout);
        loop {
            let line = self.next_line(deadline, timeout, || Stage::Chess960)?;
            match PerftLine::<()>::parse(&line, |_| None) {
                _ if line.trim() == "readyok" => return Ok(()),
                Some(PerftLine::Nothing) => {}
                _ => {
                    return Err(self.fail(EngineError::RefusesChess960 {
                        command: self.command.clone(),
                        asked: variant.map_or("UCI_Chess960".to_string(), |v| {
                            format!("UCI_Variant {v} or UCI_Chess960")
                        }),
                        line,
                    }));
                }
            }
        }
    }

    /// Sends one position.
    fn submit(&mut self, board: P, depth: u32) {
        assert!(depth >= 1, "go perft 0 is no perft");
        self.process
            .send(format!("position fen {}\ngo perft {depth}\n", board.fen()));
        self.pending.push_back(Pending {
            board,
            depth,
            sent: Instant::now(),
        });
    }

    /// Reads the answer to the oldest position sent.
    fn receive(&mut self) -> Result<(P, Perft<P::Move>), EngineError> {
        if self.stopped {
            return Err(EngineError::Stopped {
                command: self.command.clone(),
            });
        }
        let Pending { board, depth, sent } =
            self.pending.pop_front().expect("receive follows submit");
        let stage = || Stage::Perft {
            fen: board.fen(),
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
            match PerftLine::parse(&line, |text| board.read_move(text)) {
                Some(PerftLine::Nothing) => {}
                Some(PerftLine::Move(mv, count)) => {
                    let mv = match board.castling_from_destination(mv) {
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
/// killed.
fn read_line(
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
fn deadline_after(start: Instant, limit: Duration) -> Option<Instant> {
    start.checked_add(limit)
}

/// Whether the `option name UCI_Variant type combo ... var NAME ...` line lists `variant` among
/// its choices.
fn offers(line: &str, variant: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.windows(2).any(|w| w[0] == "var" && w[1] == variant)
}

/// The name in an `option name NAME type ...` line (names may contain spaces).
fn option_name(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("option name ")?;
    Some(
        rest.split_once(" type ")
            .map_or(rest, |(name, _)| name)
            .trim(),
    )
}

/// The answers of [`Engine::perft_all`]: each position with the engine's [`Perft`], in order.
pub struct PerftStream<'e, P: Position, I> {
    engine: &'e mut Engine<P>,
    boards: I,
    depth: u32,
    started: bool,
    done: bool,
}

impl<P: Position, I: Iterator<Item = P>> Iterator for PerftStream<'_, P, I> {
    type Item = Result<(P, Perft<P::Move>), EngineError>;

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
mod tests;
