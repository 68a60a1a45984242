//! Can castling become legal later? The fewest own moves until it is, with the opponent standing
//! still.
//!
//! # The model
//!
//! The colour that wants to castle ("we") makes moves; the opponent answers each with a pass
//! (a null move) and never moves a man. Precisely:
//!
//! * If it is the opponent's turn now, the opponent passes first. An opponent in check cannot
//!   pass, so the model does not apply: [`NeverWhy::OpponentInCheck`].
//! * Our moves are legal moves (out of check if we are in check now), captures included.
//! * No move of ours may give check: the opponent would have to answer it and could not stand
//!   still. (The castling move itself may give check; it ends the line.)
//! * Our king and the castling rook never move: moving either loses the right for good (a king
//!   or rook back on its square does not restore it, and promotions never do). Our other rook
//!   may move, losing the other side's right.
//! * The answer is the fewest own moves after which castling on that side is legal with us to
//!   move: 0 when it is legal now (or right after the opponent's pass), and one shortest line.
//!   Beyond [`Limits::max_moves`] (8 by default) the answer is "more than N".
//!
//! The start positions of Chess960 with Black at home and passing are positions of this model;
//! there, the fewest moves equal the report's `a_fewest_any`/`h_fewest_any` columns (a test
//! checks all 1,920 sides), since Black's men at home attack nothing our men need and no move of
//! a shortest line comes near Black's king.
//!
//! # The search
//!
//! Iterative-deepening A* (IDA*) with a transposition table on cozy-chess boards (the deepening
//! and the table are board-independent code, `src/castling/search.rs`, that the ten-file search
//! of [`crate::ten::castling::later`] runs too). Let `E` be the
//! squares that must be empty (the castling's [`Castling::must_be_empty`]) and `P` the king's
//! path (its squares from its own square to its destination). The lower bound of the moves still
//! needed is `h = max(S + B, A, G)`, infinite in the cases listed below, where
//!
//! * `S` is the number of occupied squares of `E`;
//! * `B` counts *shut-in* men: own men on `E` every one of whose first-step squares (the next
//!   square along each line for a slider, every target for a knight) holds an own man, these
//!   *blockers* all standing off `E`. `B` is the largest number of shut-in men with pairwise
//!   disjoint sets of blockers. (At the start position these are the first-rank bishops and
//!   queens behind their pawns: the shut-in-bishop bound of
//!   [`crate::start::questions::fewest_any`], generalised.)
//! * `G` is 1 when the rule forbids castling to give check ([`Rule::may_give_check`], free
//!   castling) and castling would give check now (judged on the board after castling, a
//!   discovered check included), else 0.
//! * `A` is about attacks on `P`, judged on the board after castling (see
//!   [`Castling::occupied_after`]), and about check, judged on the board as it stands:
//!   `A = max(M, 1 if some square of P is attacked or the king is in check)`, where `M` is the
//!   number of those attackers and checkers that are knights or pawns or sliders standing next to
//!   the square they attack; such attacks cannot be blocked, so each of these men must be captured.
//! * `h` is infinite when the enemy king stands on `E` or attacks a square of `P` (the opponent
//!   never moves and kings are not captured), or when a shut-in man's blockers are only our king
//!   and castling rook (it can never move).
//!
//! **Admissible.** Every occupied square of `E` must be vacated, which takes a move starting from
//! that square (an enemy man there must be captured first, and the capturer must then leave).
//! A shut-in man cannot move before one of its blockers has left its square, a move starting
//! from a square off `E`; blockers of different counted men are different men, so these moves
//! are distinct from each other and from the moves leaving `E`: at least `S + B` moves. No
//! castling is legal while `P` is attacked or the king in check, so at least one move is needed
//! then; each of the `M`
//! men must be captured (a knight's or pawn's attack and an attack from the next square cannot
//! be blocked, and the opponent never moves them away), one capture per move: at least `A`
//! moves. A castling that would give check where the rule forbids it is not legal now, so at
//! least `G` moves are needed. The greatest of lower bounds is one.
//!
//! **Consistent** (one move lowers `h` by at most one). A move starting on `E` lowers `S` by at
//! most one and leaves `B` as it was or larger: it is no blocker of a counted man, and a shut-in
//! man's first-step squares are all occupied, so no man can land on them and change its set of
//! blockers. A move starting off `E` does not lower `S` (a capture on `E` leaves the capturer
//! there) and frees at most one counted man of a largest disjoint family, the one whose blockers
//! include the mover; the rest of the family stays counted, so `B` drops by at most one.
//! A move captures at most one man, so `M` drops by at most one, and "some square attacked" can
//! only end when `M` is at most one (our king never moves, so a check ends only by a capture or a
//! block). `G` is 0 or 1. So each of `S + B`, `A` and `G` drops by at most one, and so does
//! their maximum. `h = 0` only if `E` is empty, `P` unattacked, the king not in check and
//! castling gives no check the rule forbids, that is, castling is legal.
//!
//! The search is the same under every castling rule: the rule only shapes the castling (its
//! `E` and `P`, [`crate::chess::Rule::castlings`]) and says whether it may give check. Under fast
//! castling `E` holds the two landing squares alone and `P` the king's start and landing
//! squares, so men between king and rook never count.
//!
//! IDA* therefore returns a shortest line, deepening the bound from `h(start)` one move at a
//! time. The transposition table remembers, for each position (its Zobrist hash), the largest
//! budget of remaining moves with which it was searched without success, or that it was proven
//! hopeless at any budget; a position met again with no larger budget is skipped. If a whole
//! iteration fails without the bound having cut any line, no line of any length exists:
//! [`NeverWhy::NoLine`]. A node budget ([`Limits::max_nodes`]) keeps a hopeless search in a
//! crowded middle game short; when it stops the search, the answer is "more than N" with `N` the
//! largest bound fully searched, and says so ([`Later::MoreThan::budget_exhausted`]).

use crate::chess::{CastlingSide, Rule};
use cozy_chess::{BitBoard, Board, Color, Move, Piece, Square};
use serde::Serialize;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

use super::json::{ser_moves, ser_square};
use super::legality::{attackers, castling_is_clear, checks_given};
use super::search::{self, Goal, StandStill};
use crate::chess::Castling;
use crate::notation::san::write_san;

/// How far the search goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Limits {
    /// The most own moves looked for; past it the answer is "more than `max_moves`".
    pub max_moves: usize,
    /// The most positions expanded before the search gives up (answering "more than N" for the
    /// largest N fully searched).
    pub max_nodes: u64,
}

impl Default for Limits {
    /// 8 moves (the most any Chess960 start position needs) and 200,000 positions. A position
    /// costs about 2 microseconds (its moves generated and bounded), so a hopeless search stops
    /// within about half a second; the slowest of the 1,920 start sides expands about 8,000.
    fn default() -> Limits {
        Limits {
            max_moves: 8,
            max_nodes: 200_000,
        }
    }
}

/// Whether, and how soon, castling can become legal in the model of the module documentation.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Later {
    /// Castling becomes legal after `moves` own moves (0: legal at our turn now), for example
    /// after `line`.
    Fewest {
        /// The fewest own moves.
        moves: usize,
        /// One shortest line of own moves, the opponent passing after each; castling follows.
        #[serde(serialize_with = "ser_moves")]
        line: Vec<Move>,
        /// The same line in SAN.
        san: Vec<String>,
    },
    /// No line of at most `moves` own moves exists.
    MoreThan {
        /// The largest number of moves proven not to suffice.
        moves: usize,
        /// Whether the node budget stopped the search before [`Limits::max_moves`].
        budget_exhausted: bool,
    },
    /// Castling can never become legal in this model.
    Never {
        /// Why.
        why: NeverWhy,
    },
}

/// Why castling can never become legal with the opponent standing still, naming squares `Q`:
/// cozy-chess's here, the ten-file board's in [`crate::ten::castling::TenNeverWhy`], so that
/// both boards' searches stop for the same reasons, in the same JSON and words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[serde(bound(serialize = "Q: fmt::Display"))]
pub enum NeverWhy<Q = Square> {
    /// The right is gone.
    RightGone,
    /// It is the opponent's turn and the opponent is in check, so it cannot pass: the model
    /// does not apply.
    OpponentInCheck,
    /// The enemy king stands on a square that must be empty.
    EnemyKingInTheWay {
        /// The enemy king's square.
        #[serde(serialize_with = "ser_square")]
        king: Q,
    },
    /// The enemy king attacks a square of our king's path.
    EnemyKingAttacks {
        /// The enemy king's square.
        #[serde(serialize_with = "ser_square")]
        king: Q,
        /// The attacked square.
        #[serde(serialize_with = "ser_square")]
        square: Q,
    },
    /// The search ran out of lines: every line ends where no further own move is allowed or
    /// helps (a man on a square that must be empty can never leave it).
    NoLine,
    /// The rule allows no castling for this king and rook.
    NoCastling,
}

/// The fewest own moves until `color` can castle on `side` in `board`, the opponent standing
/// still (see the module documentation for the model and the search).
///
/// ```
/// use castle960::castling::{fewest_moves, Later, Limits};
/// use castle960::CastlingSide;
/// use cozy_chess::{Board, Color};
/// // The standard start: O-O after three moves, e.g. e3, Nf3, Be2.
/// let later = fewest_moves(&Board::default(), Color::White, CastlingSide::H, &Limits::default());
/// let Later::Fewest { moves, line, san } = later else { panic!() };
/// assert_eq!((moves, line.len()), (3, 3));
/// assert_eq!(san.len(), 3); // e.g. ["e3", "Nf3", "Be2"]
/// ```
pub fn fewest_moves(board: &Board, color: Color, side: CastlingSide, limits: &Limits) -> Later {
    match Castling::of_right(board, color, side) {
        Some(castling) => fewest_moves_for(board, &castling, Rule::default(), limits),
        None => Later::Never {
            why: NeverWhy::RightGone,
        },
    }
}

/// The fewest own moves until `castling`, one of the castlings `rule` allows, is legal in
/// `board`, the opponent standing still; [`NeverWhy::RightGone`] when the castling colour's right
/// on that side does not name the castling's rook or its king has left the castling's square.
///
/// ```
/// use castle960::castling::{fewest_moves_for, Later, Limits};
/// use castle960::chess::{Castling, Rule};
/// use castle960::CastlingSide;
/// use cozy_chess::{Board, Color};
/// // Fast castling leaps: from the standard start the king leaps to f1 or g1 once that square is
/// // empty; the men between do not matter. K~g1 (the rook to e1) needs the knight gone, and e1
/// // then needs no empty square: one move, e.g. Nf3.
/// let board = Board::default();
/// let fast = Castling::of_right_under(&board, Color::White, CastlingSide::H, Rule::FAST);
/// let later = fewest_moves_for(&board, &fast[1], Rule::FAST, &Limits::default());
/// let Later::Fewest { moves, .. } = later else { panic!() };
/// assert_eq!(moves, 1);
/// ```
pub fn fewest_moves_for(board: &Board, castling: &Castling, rule: Rule, limits: &Limits) -> Later {
    let never = |why| Later::Never { why };
    let color = castling.color;
    let right = Castling::right_files(board, color, castling.side);
    if right != Some((castling.king.file(), castling.rook.file())) {
        return never(NeverWhy::RightGone);
    }
    let castling = *castling;
    let start = if board.side_to_move() == color {
        board.clone()
    } else {
        match board.null_move() {
            Some(passed) => passed,
            None => return never(NeverWhy::OpponentInCheck),
        }
    };
    let enemy_king = start.king(!color);
    if castling.must_be_empty.has(enemy_king) {
        return never(NeverWhy::EnemyKingInTheWay { king: enemy_king });
    }
    if let Some(square) = castling
        .king_path()
        .into_iter()
        .find(|&sq| cozy_chess::get_king_moves(sq).has(enemy_king))
    {
        return never(NeverWhy::EnemyKingAttacks {
            king: enemy_king,
            square,
        });
    }
    let problem = Goal { castling, rule };
    search::fewest(&problem, &start, limits)
}

/// The lower bound `h` of the module documentation for `castling` under `rule`; `None` for
/// infinity.
pub fn lower_bound(board: &Board, castling: &Castling, rule: Rule) -> Option<usize> {
    let frozen = castling.king.bitboard() | castling.rook.bitboard();
    let s_b = clearing_bound(board, castling, frozen)?;
    let a = attack_bound(board, castling)?;
    let g = usize::from(!rule.may_give_check() && !checks_given(board, castling).is_empty());
    Some(s_b.max(a).max(g))
}

/// `S + B`: the occupied squares that must be empty, plus the shut-in men with disjoint blockers.
fn clearing_bound(board: &Board, c: &Castling, frozen: BitBoard) -> Option<usize> {
    let occupied = board.occupied();
    let own = board.colors(c.color);
    let in_way = occupied & c.must_be_empty;
    let mut blocker_sets = [BitBoard::EMPTY; 8];
    let mut n = 0;
    for square in in_way & own {
        let targets = first_steps(board, square, occupied);
        if !(targets & !own).is_empty() {
            continue; // it can move now
        }
        let blockers = targets & !frozen;
        if blockers.is_empty() {
            return None; // only our king and castling rook could make room: never
        }
        if (blockers & c.must_be_empty).is_empty() {
            blocker_sets[n] = blockers;
            n += 1;
        }
    }
    Some(in_way.len() as usize + largest_disjoint(&blocker_sets[..n], BitBoard::EMPTY))
}

/// The squares a man on `square` could move to or capture on if they held no own man: the next
/// square along each line for a slider, every target for a knight. (Pawns never stand on a back
/// rank and the king is not asked about.)
fn first_steps(board: &Board, square: Square, occupied: BitBoard) -> BitBoard {
    match board.piece_on(square) {
        Some(Piece::Knight) => cozy_chess::get_knight_moves(square),
        Some(Piece::Bishop) => cozy_chess::get_bishop_moves(square, occupied),
        Some(Piece::Rook) => cozy_chess::get_rook_moves(square, occupied),
        Some(Piece::Queen) => {
            cozy_chess::get_bishop_moves(square, occupied)
                | cozy_chess::get_rook_moves(square, occupied)
        }
        _ => BitBoard::EMPTY,
    }
}

/// The largest number of pairwise disjoint sets among `sets` that are also disjoint from `used`
/// (at most six sets, so plain recursion).
fn largest_disjoint(sets: &[BitBoard], used: BitBoard) -> usize {
    let Some((&first, rest)) = sets.split_first() else {
        return 0;
    };
    let without = largest_disjoint(rest, used);
    if (first & used).is_empty() {
        without.max(1 + largest_disjoint(rest, used | first))
    } else {
        without
    }
}

/// `A`: attacks on the king's path on the board after castling; `None` if the enemy king is one
/// of the attackers.
fn attack_bound(board: &Board, c: &Castling) -> Option<usize> {
    let after = c.occupied_after(board.occupied());
    let enemy = !c.color;
    let leapers = board.pieces(Piece::Knight) | board.pieces(Piece::Pawn);
    // A check is judged on the board as it stands (the rook's destination may block it on the
    // board after castling without ending it).
    let checkers = attackers(board, c.king, enemy, board.occupied());
    let mut attacked = !checkers.is_empty();
    let mut must_capture = checkers & (leapers | cozy_chess::get_king_moves(c.king));
    for square in c.king_path_set() {
        let by = attackers(board, square, enemy, after);
        if by.is_empty() {
            continue;
        }
        if by.has(board.king(enemy)) {
            return None;
        }
        attacked = true;
        must_capture |= by & (leapers | cozy_chess::get_king_moves(square));
    }
    Some((must_capture.len() as usize).max(usize::from(attacked)))
}

/// The eight-file board's side of the search.
impl StandStill for Goal<Castling> {
    type Position = Board;
    type Move = Move;
    /// The Zobrist hash.
    type Key = u64;
    type Hasher = BuildHasherDefault<ZobristHasher>;
    type Answer = Later;

    fn clear(&self, board: &Board) -> bool {
        castling_is_clear(board, &self.castling, self.rule)
    }

    fn lower_bound(&self, board: &Board) -> Option<usize> {
        lower_bound(board, &self.castling, self.rule)
    }

    fn key(&self, board: &Board) -> u64 {
        board.hash()
    }

    fn children(&self, board: &Board) -> Vec<(usize, Move, Board)> {
        let mut children = Vec::with_capacity(48);
        // Our king and castling rook never move.
        let frozen = self.castling.king.bitboard() | self.castling.rook.bitboard();
        board.generate_moves_for(!frozen, |moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                // A check forces an answer: the opponent could not stand still.
                let Some(child) = child.null_move() else {
                    continue;
                };
                if let Some(h) = lower_bound(&child, &self.castling, self.rule) {
                    children.push((h, mv, child));
                }
            }
            false
        });
        children
    }

    fn fewest(&self, start: &Board, line: Vec<Move>) -> Later {
        Later::Fewest {
            moves: line.len(),
            san: san_line(start, &line),
            line,
        }
    }

    fn more_than(&self, moves: usize, budget_exhausted: bool) -> Later {
        Later::MoreThan {
            moves,
            budget_exhausted,
        }
    }

    fn no_line(&self) -> Later {
        Later::Never {
            why: NeverWhy::NoLine,
        }
    }
}

/// The transposition table's keys are Zobrist hashes already: use them as they are.
#[derive(Default)]
pub(crate) struct ZobristHasher(u64);

impl Hasher for ZobristHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// `line` in SAN, played from `start` with the opponent passing after each move (no move of
/// the line gives check, so every pass is legal).
fn san_line(start: &Board, line: &[Move]) -> Vec<String> {
    let mut board = start.clone();
    line.iter()
        .map(|&mv| {
            let san = write_san(&board, mv).expect("the search's moves are legal");
            board.play_unchecked(mv);
            board = board.null_move().expect("no move of the line gives check");
            san
        })
        .collect()
}

/// `after 3 own moves: e3 Nf3 Be2`, `more than 8 own moves`, `never: ...`.
impl fmt::Display for Later {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Later::Fewest { moves, san, .. } => write_fewest(f, *moves, san),
            Later::MoreThan {
                moves,
                budget_exhausted,
            } => write_more_than(f, *moves, *budget_exhausted),
            Later::Never { why } => write!(f, "{why}"),
        }
    }
}

/// `legal after 3 own moves with the opponent standing still, e.g. e3 Nf3 Be2` (`line` in the
/// board's notation: SAN on eight files, UCI on ten); both boards' [`fmt::Display`] of a later
/// answer.
pub(crate) fn write_fewest(
    f: &mut fmt::Formatter<'_>,
    moves: usize,
    line: &[String],
) -> fmt::Result {
    if moves == 0 {
        return f.write_str("legal at its turn now (0 own moves)");
    }
    let s = if moves == 1 { "" } else { "s" };
    write!(
        f,
        "legal after {moves} own move{s} with the opponent standing still, e.g. {}",
        line.join(" ")
    )
}

/// `not within 8 own moves`, and why the search stopped when its node budget did.
pub(crate) fn write_more_than(
    f: &mut fmt::Formatter<'_>,
    moves: usize,
    budget_exhausted: bool,
) -> fmt::Result {
    write!(f, "not within {moves} own moves")?;
    if budget_exhausted {
        f.write_str(" (the search stopped at its node budget)")?;
    }
    Ok(())
}

/// `never: the right is gone`, `never while the enemy king stands on d1`, ...: the words of
/// [`Later::Never`] on either board.
impl<Q: fmt::Display> fmt::Display for NeverWhy<Q> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NeverWhy::RightGone => f.write_str("never: the right is gone"),
            NeverWhy::OpponentInCheck => {
                f.write_str("not asked: the opponent is in check and cannot stand still")
            }
            NeverWhy::EnemyKingInTheWay { king } => {
                write!(f, "never while the enemy king stands on {king}")
            }
            NeverWhy::EnemyKingAttacks { king, square } => {
                write!(f, "never while the enemy king on {king} attacks {square}")
            }
            NeverWhy::NoLine => f.write_str("never: no sequence of own moves makes it legal"),
            NeverWhy::NoCastling => {
                f.write_str("never: the rule allows no castling for this king and rook")
            }
        }
    }
}
