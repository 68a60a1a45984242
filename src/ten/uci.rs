//! Fairy-Stockfish (or any UCI engine with a `UCI_Variant` option) asked for `go perft` on ten
//! files.
//!
//! The engine is started, supervised and ended by the referee's machinery
//! ([`crate::referee`]'s process plumbing: its own process group, every wait with a deadline,
//! nothing left running) and its errors are the referee's [`EngineError`]s. The handshake
//! differs: after `uciok` the engine must list the variant among its `UCI_Variant` choices; then
//!
//! ```text
//! setoption name UCI_Variant value caparandom
//! setoption name UCI_Chess960 value true
//! isready
//! ```
//!
//! so that castling is written king-takes-rook and Shredder-FEN castling fields are read, for
//! every variant alike. Each position is sent as `position fen <Shredder-FEN>` and
//! `go perft N`, and the divide is read up to `Nodes searched: N`, each move in the variant's
//! UCI letters ([`Move::from_uci`]).

use super::board::{Board, Move};
use super::variant::Variant;
use crate::error::quote;
use crate::referee::process::Process;
use crate::referee::uci::{deadline_after, option_name, read_line};
use crate::referee::{EngineConfig, EngineError, Stage};
use std::io;
use std::time::{Duration, Instant};
use thiserror::Error;

/// An engine's divide of one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TenPerft {
    /// Each move with its count, in the engine's order; castling as king-takes-rook.
    pub moves: Vec<(Move, u64)>,
    /// The total from `Nodes searched: N`.
    pub nodes: u64,
}

/// Why a ten-file engine could not be used.
#[derive(Debug, Error)]
pub enum TenEngineError {
    /// Any way an engine fails the referee (not found, crashed, hung, nonsense).
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// The engine offers no `UCI_Variant` choice of that name (or no `UCI_Variant`, or no
    /// `UCI_Chess960`).
    #[error("engine {} ({}) does not offer the variant {variant} through UCI_Variant and UCI_Chess960; Fairy-Stockfish does (Debian package fairy-stockfish)", quote(.command), quote(.name))]
    NoVariant {
        /// The command line.
        command: String,
        /// The engine's `id name`.
        name: String,
        /// The variant asked for, by name.
        variant: &'static str,
    },
    /// The engine answered the options with something other than `info` lines and `readyok`.
    #[error("engine {} refused the variant {variant}: it printed {}", quote(.command), quote(.line))]
    Refused {
        /// The command line.
        command: String,
        /// The variant asked for, by name.
        variant: &'static str,
        /// What it printed.
        line: String,
    },
}

/// A running engine playing one ten-file variant, answering `go perft`.
pub struct TenEngine {
    process: Process,
    command: String,
    name: String,
    variant: Variant,
    position_timeout: Duration,
}

impl TenEngine {
    /// Starts the engine, checks it offers `variant` and switches it (and `UCI_Chess960`) on.
    pub fn start(config: EngineConfig, variant: Variant) -> Result<TenEngine, TenEngineError> {
        let command = config.command_line();
        let process =
            Process::spawn(&config.program, &config.args, &config.interrupt).map_err(|source| {
                match source.kind() {
                    io::ErrorKind::NotFound => EngineError::NotFound {
                        command: command.clone(),
                    },
                    _ => EngineError::CannotStart {
                        command: command.clone(),
                        source,
                    },
                }
            })?;
        let mut engine = TenEngine {
            process,
            command,
            name: String::new(),
            variant,
            position_timeout: config.position_timeout,
        };
        engine.handshake(config.handshake_timeout)?;
        Ok(engine)
    }

    /// The engine's `id name`.
    pub fn name(&self) -> &str {
        &self.name
    }

    fn line(
        &mut self,
        deadline: Option<Instant>,
        limit: Duration,
        stage: impl Fn() -> Stage,
    ) -> Result<String, EngineError> {
        read_line(&mut self.process, &self.command, deadline, limit, stage)
    }

    fn handshake(&mut self, timeout: Duration) -> Result<(), TenEngineError> {
        self.process.send("uci\n".to_string());
        let deadline = deadline_after(Instant::now(), timeout);
        let (mut offered, mut chess960) = (false, false);
        loop {
            let line = self.line(deadline, timeout, || Stage::Handshake)?;
            let line = line.trim();
            if line == "uciok" {
                break;
            }
            if let Some(name) = line.strip_prefix("id name ") {
                self.name = name.trim().to_string();
            }
            match option_name(line) {
                Some(n) if n.eq_ignore_ascii_case("UCI_Variant") => {
                    let mut words = line.split_whitespace();
                    offered = std::iter::from_fn(|| words.next())
                        .collect::<Vec<_>>()
                        .windows(2)
                        .any(|w| w[0] == "var" && w[1] == self.variant.name());
                }
                Some(n) if n.eq_ignore_ascii_case("UCI_Chess960") => chess960 = true,
                _ => {}
            }
        }
        if !(offered && chess960) {
            self.process.kill();
            return Err(TenEngineError::NoVariant {
                command: self.command.clone(),
                name: self.name.clone(),
                variant: self.variant.name(),
            });
        }
        self.process.send(format!(
            "setoption name UCI_Variant value {}\nsetoption name UCI_Chess960 value true\nisready\n",
            self.variant.name()
        ));
        let deadline = deadline_after(Instant::now(), timeout);
        loop {
            let line = self.line(deadline, timeout, || Stage::Chess960)?;
            let trimmed = line.trim();
            if trimmed == "readyok" {
                return Ok(());
            }
            if !(trimmed.is_empty() || trimmed == "info" || trimmed.starts_with("info ")) {
                self.process.kill();
                return Err(TenEngineError::Refused {
                    command: self.command.clone(),
                    variant: self.variant.name(),
                    line,
                });
            }
        }
    }

    /// The engine's divide of `board` to `depth` plies (at least 1).
    ///
    /// # Panics
    /// If `depth` is 0 (`go perft 0` is no perft to Stockfish's family) or the board is of
    /// another variant than the engine's.
    pub fn perft(&mut self, board: &Board, depth: u32) -> Result<TenPerft, EngineError> {
        assert!(depth >= 1, "go perft 0 is no perft");
        assert_eq!(board.variant(), self.variant, "the engine's variant");
        let fen = board.to_string();
        self.process
            .send(format!("position fen {fen}\ngo perft {depth}\n"));
        let stage = || Stage::Perft {
            fen: fen.clone(),
            depth,
        };
        let limit = self.position_timeout;
        let deadline = deadline_after(Instant::now(), limit);
        let mut moves = Vec::new();
        loop {
            let line = self.line(deadline, limit, stage)?;
            let trimmed = line.trim();
            if trimmed.is_empty() || trimmed == "info" || trimmed.starts_with("info ") {
                continue;
            }
            if let Some(total) = trimmed.strip_prefix("Nodes searched:") {
                if let Ok(nodes) = total.trim().parse() {
                    return Ok(TenPerft { moves, nodes });
                }
            } else if let Some((mv, count)) = trimmed.split_once(':')
                && let (Some(mv), Ok(count)) = (
                    Move::from_uci(mv.trim(), self.variant),
                    count.trim().parse(),
                )
            {
                moves.push((mv, count));
                continue;
            }
            self.process.kill();
            return Err(EngineError::Unparseable {
                command: self.command.clone(),
                stage: stage(),
                line,
                expected: "a move and its count like \"e2e4: 1\", or \"Nodes searched: N\"",
            });
        }
    }
}
