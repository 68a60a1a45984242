//! Can a ten-file castling become legal later? The fewest own moves until it is, with the
//! opponent standing still: the model of the eight-file [`crate::castling::later`], searched on
//! the ten-file board.
//!
//! # The model
//!
//! The castling colour ("we") moves; the opponent answers each move with a pass and never
//! moves a man. If it is the opponent's turn now, the opponent passes first (an opponent in
//! check cannot pass: [`TenNeverWhy::OpponentInCheck`]). Our moves are legal moves, captures
//! included; none may give check (the opponent could not then stand still; the castling move
//! itself may); our king and the castling rook never move (that would lose the right). The
//! answer is the fewest own moves after which the castling is legal with us to move, and one
//! shortest line (UCI), or "more than N" past [`TenLimits::max_moves`] or when the node budget
//! ([`TenLimits::max_nodes`]) runs out, or "never" when the enemy king stands on a square that
//! must be empty or attacks a square of the king's path (it never moves and is never taken).
//!
//! # The search
//!
//! Iterative-deepening A* with a transposition table, as on eight files, with the simpler lower
//! bound `h = max(S, A, G)`: `S` the occupied squares that must be empty, `A` 1 when the king
//! is in check or a square of its path is attacked (on the board after castling), `G` 1 when
//! the rule forbids castling to give check and it would. **Admissible**: each occupied square
//! that must be empty needs a move starting from it (a capture there leaves the capturer
//! there), one square per move, so at least `S` moves; while the king is in check, a path
//! square attacked or a forbidden check given, the castling is not legal, so at least one move;
//! and `h = 0` exactly when the castling is legal. IDA* with an admissible bound finds a
//! shortest line; the table keeps, per position (clocks set aside), the largest budget searched
//! without success, or that no line exists at any budget, as on eight files.

use super::{TenCastling, reasons};
use crate::chess::Rule;
use crate::ten::{Board, Square, attacks};
use serde::Serialize;
use std::collections::HashMap;
use std::fmt;

use super::reason::ser_square;

/// How far the search goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TenLimits {
    /// The most own moves looked for.
    pub max_moves: usize,
    /// The most positions expanded before the search gives up.
    pub max_nodes: u64,
}

impl Default for TenLimits {
    /// 8 moves, as on eight files, and 20,000 positions: a ten-file position costs tens of
    /// microseconds (its legal moves made by playing every move), so a hopeless search stops
    /// within about a second.
    fn default() -> TenLimits {
        TenLimits {
            max_moves: 8,
            max_nodes: 20_000,
        }
    }
}

/// Whether, and how soon, a castling can become legal with the opponent standing still.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TenLater {
    /// Legal after `moves` own moves (0: at our turn now), e.g. after `line` (UCI).
    Fewest {
        /// The fewest own moves.
        moves: usize,
        /// One shortest line, in UCI as the variant's engine writes it.
        line: Vec<String>,
    },
    /// No line of at most `moves` own moves exists.
    MoreThan {
        /// The largest number of moves proven not to suffice.
        moves: usize,
        /// Whether the node budget stopped the search before [`TenLimits::max_moves`].
        budget_exhausted: bool,
    },
    /// Never, in this model.
    Never {
        /// Why.
        why: TenNeverWhy,
    },
}

/// Why a castling can never become legal with the opponent standing still (the eight-file
/// [`crate::castling::NeverWhy`]'s kinds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TenNeverWhy {
    /// The right is gone.
    RightGone,
    /// The opponent is to move and in check, so it cannot pass.
    OpponentInCheck,
    /// The enemy king stands on a square that must be empty.
    EnemyKingInTheWay {
        /// Its square.
        #[serde(serialize_with = "ser_square")]
        king: Square,
    },
    /// The enemy king attacks a square of our king's path.
    EnemyKingAttacks {
        /// Its square.
        #[serde(serialize_with = "ser_square")]
        king: Square,
        /// The attacked square.
        #[serde(serialize_with = "ser_square")]
        square: Square,
    },
    /// No sequence of own moves makes it legal.
    NoLine,
    /// The rule allows no castling for this king and rook.
    NoCastling,
}

/// `board` after a pass: the other side to move, no en passant square; `None` if the side to
/// move is in check (it cannot pass).
fn pass(board: &Board) -> Option<Board> {
    if board.in_check(board.side) {
        return None;
    }
    let mut next = board.clone();
    next.side = !board.side;
    next.en_passant = None;
    Some(next)
}

/// The lower bound `h` of the module documentation.
fn lower_bound(board: &Board, c: &TenCastling, rule: Rule) -> usize {
    let occupied = board.occupied();
    let s = (occupied & c.empty_set()).count_ones() as usize;
    let after = c.occupied_after(occupied);
    let attacked = board.in_check(c.color)
        || c.king_path
            .iter()
            .any(|&sq| board.attackers(sq, !c.color, after) != 0);
    let g = !rule.may_give_check() && c.play(board).in_check(!c.color);
    s.max(usize::from(attacked)).max(usize::from(g))
}

/// The fewest own moves until `castling` (one `rule` allows) is legal in `board`, the
/// opponent standing still; [`TenNeverWhy::RightGone`] when the position's right does not
/// name the castling's rook or its king has left.
pub fn fewest_moves(
    board: &Board,
    castling: &TenCastling,
    rule: Rule,
    limits: &TenLimits,
) -> TenLater {
    let never = |why| TenLater::Never { why };
    let c = castling;
    if board.castling_right(c.color, c.side) != Some(c.rook.file()) || board.king(c.color) != c.king
    {
        return never(TenNeverWhy::RightGone);
    }
    let start = if board.side_to_move() == c.color {
        board.clone()
    } else {
        match pass(board) {
            Some(passed) => passed,
            None => return never(TenNeverWhy::OpponentInCheck),
        }
    };
    let enemy_king = start.king(!c.color);
    if c.empty_set() & enemy_king.bit() != 0 {
        return never(TenNeverWhy::EnemyKingInTheWay { king: enemy_king });
    }
    if let Some(&square) = c
        .king_path
        .iter()
        .find(|&&sq| attacks::king(sq) & enemy_king.bit() != 0)
    {
        return never(TenNeverWhy::EnemyKingAttacks {
            king: enemy_king,
            square,
        });
    }
    Search {
        castling: c.clone(),
        rule,
        limits: *limits,
        nodes: 0,
        table: HashMap::new(),
        line: Vec::new(),
    }
    .run(&start)
}

enum Outcome {
    Found,
    Failed { cut: bool },
    OutOfNodes,
}

const HOPELESS: u8 = u8::MAX;

struct Search {
    castling: TenCastling,
    rule: Rule,
    limits: TenLimits,
    nodes: u64,
    /// Position (clocks zeroed) -> largest budget searched without success, or [`HOPELESS`].
    table: HashMap<Board, u8>,
    /// The line found, last move first.
    line: Vec<String>,
}

impl Search {
    fn clear(&self, board: &Board) -> bool {
        reasons(board, &self.castling, self.rule).is_empty()
    }

    fn run(mut self, start: &Board) -> TenLater {
        if self.clear(start) {
            return TenLater::Fewest {
                moves: 0,
                line: Vec::new(),
            };
        }
        let first = lower_bound(start, &self.castling, self.rule).max(1);
        let mut proven = first - 1;
        for bound in first..=self.limits.max_moves {
            match self.dfs(start, 0, bound) {
                Outcome::Found => {
                    self.line.reverse();
                    return TenLater::Fewest {
                        moves: self.line.len(),
                        line: self.line,
                    };
                }
                Outcome::Failed { cut: false } => {
                    return TenLater::Never {
                        why: TenNeverWhy::NoLine,
                    };
                }
                Outcome::Failed { cut: true } => proven = bound,
                Outcome::OutOfNodes => {
                    return TenLater::MoreThan {
                        moves: proven,
                        budget_exhausted: true,
                    };
                }
            }
        }
        TenLater::MoreThan {
            moves: proven,
            budget_exhausted: false,
        }
    }

    fn dfs(&mut self, board: &Board, done: usize, bound: usize) -> Outcome {
        if done > 0 && self.clear(board) {
            return Outcome::Found;
        }
        self.nodes += 1;
        if self.nodes > self.limits.max_nodes {
            return Outcome::OutOfNodes;
        }
        let budget = bound - done;
        let mut key = board.clone();
        key.halfmove = 0;
        key.fullmove = 1;
        match self.table.get(&key) {
            Some(&HOPELESS) => return Outcome::Failed { cut: false },
            Some(&searched) if usize::from(searched) >= budget => {
                return Outcome::Failed { cut: true };
            }
            _ => {}
        }
        let frozen = self.castling.king.bit() | self.castling.rook.bit();
        let us = board.side_to_move();
        let mut children: Vec<(usize, String, Board)> = board
            .legal_moves()
            .into_iter()
            .filter(|mv| frozen & mv.from.bit() == 0)
            .filter_map(|mv| {
                let played = board.play(mv);
                if played.in_check(!us) {
                    return None; // a check forces an answer: no standing still
                }
                let child = pass(&played)?;
                let h = lower_bound(&child, &self.castling, self.rule);
                Some((h, mv.uci(board.variant()), child))
            })
            .collect();
        children.sort_by_key(|(h, _, _)| *h);
        let mut cut = false;
        for (h, mv, child) in &children {
            if done + 1 + h > bound {
                cut = true;
                break;
            }
            match self.dfs(child, done + 1, bound) {
                Outcome::Found => {
                    self.line.push(mv.clone());
                    return Outcome::Found;
                }
                Outcome::Failed { cut: c } => cut |= c,
                Outcome::OutOfNodes => return Outcome::OutOfNodes,
            }
        }
        let entry = if cut {
            u8::try_from(budget).unwrap_or(HOPELESS - 1)
        } else {
            HOPELESS
        };
        self.table.insert(key, entry);
        Outcome::Failed { cut }
    }
}

/// `legal after 3 own moves with the opponent standing still, e.g. e2e3 g1f3 f1e2`, ...
impl fmt::Display for TenLater {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TenLater::Fewest { moves: 0, .. } => f.write_str("legal at its turn now (0 own moves)"),
            TenLater::Fewest { moves, line } => {
                let s = if *moves == 1 { "" } else { "s" };
                write!(
                    f,
                    "legal after {moves} own move{s} with the opponent standing still, e.g. {}",
                    line.join(" ")
                )
            }
            TenLater::MoreThan {
                moves,
                budget_exhausted,
            } => {
                write!(f, "not within {moves} own moves")?;
                if *budget_exhausted {
                    f.write_str(" (the search stopped at its node budget)")?;
                }
                Ok(())
            }
            TenLater::Never { why } => match why {
                TenNeverWhy::RightGone => f.write_str("never: the right is gone"),
                TenNeverWhy::OpponentInCheck => {
                    f.write_str("not asked: the opponent is in check and cannot stand still")
                }
                TenNeverWhy::EnemyKingInTheWay { king } => {
                    write!(f, "never while the enemy king stands on {king}")
                }
                TenNeverWhy::EnemyKingAttacks { king, square } => {
                    write!(f, "never while the enemy king on {king} attacks {square}")
                }
                TenNeverWhy::NoLine => {
                    f.write_str("never: no sequence of own moves makes it legal")
                }
                TenNeverWhy::NoCastling => {
                    f.write_str("never: the rule allows no castling for this king and rook")
                }
            },
        }
    }
}
