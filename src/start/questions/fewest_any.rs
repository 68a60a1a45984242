//! Question 1 (Chess Stack Exchange 25256, "Minimal number of moves before castling in
//! Chess960"): the fewest White moves before castling when pawn moves are allowed.
//!
//! **Definition.** For an arrangement and a side, `fewest_any` is the least number of White
//! moves, played from the start position, after which castling on that side is legal. The king
//! and the castling rook must not move (moving away and back loses the right); every other man,
//! pawns included, may. The castling move itself is not counted, so the question's n(P) is
//! `fewest_any + 1`. Model: Black is absent, White makes every move, so there are no checks and no
//! captures. White's men stay on ranks 1 to 5 (see below), so every line found is also a legal
//! game with Black's men standing at home and passing (the tests replay them that way).
//!
//! **Search.** Iterative-deepening A* (IDA*) on the real board. A position's *span* is the set of
//! first-rank squares from the king's start to its end and from the rook's start to its end,
//! without the king's and rook's own squares; castling is legal exactly when the span is empty.
//! The estimate of the moves still needed is
//!
//! `h = (men on span squares) + (bishops on span squares whose two forward diagonal squares
//! both hold pawns)`.
//!
//! *Admissible and consistent:* every man on a span square must move at least once. A bishop on
//! the first rank moves only diagonally forward, so while both squares diagonally in front of it
//! hold pawns it cannot move at all; pawns never come back to the second rank, so one of those
//! two pawns must move first (and that pawn move does not empty a span square). The two bishops
//! stand on squares of opposite colours, so the pawns in front of one are never diagonally in
//! front of the other: the pawn moves counted are distinct moves. One move changes `h` by at most
//! one: a man leaving the span lowers the first term by one and cannot be a shut-in bishop, a
//! pawn move lowers the second term by at most one (it stands diagonally in front of at most one
//! bishop), nothing else lowers either term. So `h` never overestimates, IDA* with bounds
//! `h(start), h(start)+1, ...` returns a shortest line, and `h = 0` is exactly "castling legal".
//! A man that may never move (see [`crate::start::questions::other_rook`]) on a span square makes `h`
//! infinite: castling can then never become legal.
//!
//! *Ranks 1 to 5.* Squares of ranks 7 and 8 would be captures with Black present, and a White
//! knight on rank 6 could give check. Keeping White to ranks 1-5 avoids both; a test checks, for
//! all 1,920 sides, that the fewest number of moves equals the one found with the whole board
//! open (so the restriction costs nothing).

/// Where the question and its published answer are.
pub const SOURCE: &str = "https://chess.stackexchange.com/questions/25256";
use crate::chess::{Arrangement, ByCastlingSide, CastlingSide, File, Move, Piece, Rank, Square};
use crate::start::board::{WhiteBoard, first_rank, plain_move};
use crate::start::line::Line;
use crate::start::search::hash::FastMap;
use std::collections::BTreeMap;
use std::ops::RangeInclusive;

/// The ranks White's men may use in the searches of this question: 1 to 5, so that the lines
/// are also games with Black's men standing and never in check.
pub const PLAYABLE_RANKS: RangeInclusive<Rank> = Rank::First..=Rank::Fifth;

/// A safety stop for the deepening, never reached: at most six men stand in a span, and each can
/// leave in two moves of its own file or diagonal (the pawn in front of it pushed, then off the
/// first rank), so twelve always suffice; the largest figure found is 8.
const MAX_DEPTH: usize = 16;

/// The published answer's table (Chess SE 25256, kingside only): for each n(P), the castling
/// move counted, first-rank patterns (`x` = any man) with the number of arrangements the answer
/// counts for each. Its totals are 90, 64 and 236 for n(P) = 1, 2, 3.
pub const PUBLISHED_PATTERNS: [(usize, &str, usize); 16] = [
    (1, "xxxxxKRx", 90),
    (2, "xxxxxKNR", 36),
    (2, "xxxxKNRx", 28),
    (3, "xxxxxQKR", 18),
    (3, "xxxxxBKR", 36),
    (3, "xxxxxRKR", 18),
    (3, "xxxxxKQR", 18),
    (3, "xxxxxKBR", 24),
    (3, "xxxxKNNR", 8),
    (3, "xxxKNNRx", 6),
    (3, "xxxKNRNx", 6),
    (3, "xxxKRNNx", 6),
    (3, "xxxxKBRx", 24),
    (3, "xxxxKQRx", 18),
    (3, "xxxxKRBx", 36),
    (3, "xxxxKRQx", 18),
];

/// Whether a back rank matches a pattern of [`PUBLISHED_PATTERNS`] (`x` matches any man).
pub fn matches(pattern: &str, rank: &str) -> bool {
    pattern.len() == rank.len()
        && pattern
            .chars()
            .zip(rank.chars())
            .all(|(p, r)| p == 'x' || p == r)
}

/// The fewest preparatory moves for one side, with one shortest game, so that the figure can be
/// checked on a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fewest {
    /// White moves before castling (0 = castle at once); the question's n(P) is one more.
    pub moves: usize,
    /// The preparatory moves followed by the castling move.
    pub line: Line,
}

/// The fewest White moves before castling on `side`, pawn moves allowed, and one shortest line.
///
/// ```
/// use castle960::{Arrangement, CastlingSide};
/// use castle960::start::questions::fewest_any::fewest_any;
/// let standard = Arrangement::from_sp(518).unwrap();
/// let h = fewest_any(&standard, CastlingSide::H);
/// assert_eq!(h.moves, 3); // e.g. e3 Nf3 Be2
/// ```
pub fn fewest_any(arrangement: &Arrangement, side: CastlingSide) -> Fewest {
    search(arrangement, side, false, PLAYABLE_RANKS)
        .expect("with pawn moves allowed every span can be cleared")
}

/// [`fewest_any`] with White allowed on the ranks `ranks` (0-based) instead of
/// [`PLAYABLE_RANKS`]: with `0..=7` it is the search of the Black-absent model on the whole
/// board, which the tests compare with [`fewest_any`] to show that keeping to ranks 1-5 costs no
/// move. `None` only if castling cannot be prepared within those ranks.
pub fn fewest_any_within(
    arrangement: &Arrangement,
    side: CastlingSide,
    ranks: RangeInclusive<Rank>,
) -> Option<Fewest> {
    search(arrangement, side, false, ranks)
}

/// [`fewest_any`] for both sides of all 960 arrangements, in SP order: the report's
/// `{side}_fewest_any` and `{side}_fewest_any_line` columns.
pub fn all() -> Vec<ByCastlingSide<Fewest>> {
    Arrangement::all()
        .map(|a| ByCastlingSide::new(|side| fewest_any(&a, side)))
        .collect()
}

/// How many arrangements need each number of preparatory moves on `side`: the table the
/// question asks for (add one to the key for its n(P)).
pub fn distribution(
    results: &[ByCastlingSide<Fewest>],
    side: CastlingSide,
) -> BTreeMap<usize, usize> {
    let mut table = BTreeMap::new();
    for r in results {
        *table.entry(r.get(side).moves).or_insert(0) += 1;
    }
    table
}

/// The shortest search itself. `keep_other_rook` forbids moving the rook of the other side too
/// (question 4); `ranks` are the ranks White may use. `None` when castling can never become legal
/// under these restrictions.
pub(crate) fn search(
    arrangement: &Arrangement,
    side: CastlingSide,
    keep_other_rook: bool,
    ranks: RangeInclusive<Rank>,
) -> Option<Fewest> {
    let path = arrangement.castling(side);
    let mut frozen = vec![first_rank(path.king_from()), first_rank(path.rook_from())];
    if keep_other_rook {
        let other = match side {
            CastlingSide::A => CastlingSide::H,
            CastlingSide::H => CastlingSide::A,
        };
        frozen.push(first_rank(arrangement.rook_file(other)));
    }
    let mut ida = Ida {
        span: File::ALL
            .into_iter()
            .filter(|&f| path.must_be_empty(f))
            .map(first_rank)
            .collect(),
        frozen,
        ranks,
        path: Vec::new(),
        failed: FastMap::default(),
    };
    let start = WhiteBoard::start(arrangement);
    let first = ida.estimate(&start)?;
    for bound in first..=MAX_DEPTH {
        if ida.dfs(&start, placement_of(&start), 0, bound) {
            let mut moves = std::mem::take(&mut ida.path);
            let count = moves.len();
            moves.push(start.castling_move(side));
            return Some(Fewest {
                moves: count,
                line: Line::new(moves, None),
            });
        }
    }
    None
}

/// The state of one iterative-deepening search.
struct Ida {
    /// The first-rank squares that must be empty for castling, king and rook squares excluded.
    span: Vec<Square>,
    /// Squares whose men never move: the king, the castling rook, maybe the other rook.
    frozen: Vec<Square>,
    ranks: RangeInclusive<Rank>,
    /// The moves of the current branch.
    path: Vec<Move>,
    /// Placements (see [`Placement`]) from which the search has found that castling cannot be
    /// made legal within some number of moves, with the largest such number: a placement met
    /// again with no more moves left is not searched again. Only subtrees without a solution are
    /// cut, so the first line found, and hence the line shown, is the one found without the
    /// table. (Independent moves reach one placement in every order; without the table the
    /// deepest bounds searched most placements many times.)
    failed: FastMap<Placement, u8>,
}

/// A placement of the whole board, four bits a square (0 for empty, else cozy-chess's piece
/// index plus one), kept up to date move by move: the key of [`Ida::failed`]. The placement is
/// all the search looks at (the estimate, the goal test and the moves read only squares, and
/// the frozen squares and ranks are the search's own), so it needs no other part of the board.
/// A tuple rather than an array: the searches' hasher ([`FastMap`]'s) takes a tuple's words one
/// at a time, an array's bytes one at a time.
type Placement = (u64, u64, u64, u64);

/// `placement` with `man` (or nothing) on `square`.
fn with(placement: Placement, square: Square, man: Option<Piece>) -> Placement {
    let mut words = [placement.0, placement.1, placement.2, placement.3];
    let (word, shift) = (square as usize / 16, 4 * (square as usize % 16));
    let code = man.map_or(0, |piece| piece as u64 + 1);
    words[word] = (words[word] & !(15 << shift)) | code << shift;
    (words[0], words[1], words[2], words[3])
}

/// The placement of `board`.
fn placement_of(board: &WhiteBoard) -> Placement {
    Square::ALL.into_iter().fold((0, 0, 0, 0), |p, square| {
        with(p, square, board.piece_on(square))
    })
}

impl Ida {
    /// The admissible estimate `h` of the module docs; `None` for infinity.
    fn estimate(&self, board: &WhiteBoard) -> Option<usize> {
        let mut h = 0;
        for &sq in &self.span {
            let Some(man) = board.piece_on(sq) else {
                continue;
            };
            if self.frozen.contains(&sq) {
                return None;
            }
            h += 1;
            if man == Piece::Bishop && shut_in(board, sq) {
                h += 1;
            }
        }
        Some(h)
    }

    /// Depth-first search below `bound`; on success the moves are left in `self.path`.
    /// `placement` is `board`'s ([`placement_of`]).
    fn dfs(&mut self, board: &WhiteBoard, placement: Placement, done: usize, bound: usize) -> bool {
        if board_is_open(self, board) {
            return true;
        }
        // Below two moves left the search is as quick as the table.
        let left = (bound - done) as u8;
        if left >= 2 && self.failed.get(&placement).is_some_and(|&l| l >= left) {
            return false;
        }
        for from in Square::ALL {
            let Some(man) = board.piece_on(from) else {
                continue;
            };
            if self.frozen.contains(&from) {
                continue;
            }
            let mut targets = [from; 32];
            let mut n = 0;
            board.each_destination_within(from, self.ranks.clone(), |to| {
                targets[n] = to;
                n += 1;
            });
            for &to in &targets[..n] {
                let mut next = board.clone();
                next.relocate(from, to, man);
                match self.estimate(&next) {
                    Some(h) if done + 1 + h <= bound => {}
                    _ => continue,
                }
                self.path.push(plain_move(from, to));
                let moved = with(with(placement, from, None), to, Some(man));
                if self.dfs(&next, moved, done + 1, bound) {
                    return true;
                }
                self.path.pop();
            }
        }
        if left >= 2 {
            let known = self.failed.entry(placement).or_insert(0);
            *known = (*known).max(left);
        }
        false
    }
}

/// Whether the span is empty, i.e. castling is legal (king and rook never move in the search).
fn board_is_open(ida: &Ida, board: &WhiteBoard) -> bool {
    ida.span.iter().all(|&sq| board.piece_on(sq).is_none())
}

/// Whether both squares diagonally in front of a first-rank square hold pawns, so that a bishop
/// there cannot move before one of those pawns does.
fn shut_in(board: &WhiteBoard, square: Square) -> bool {
    [-1, 1]
        .into_iter()
        .filter_map(|df| square.try_offset(df, 1))
        .all(|s| board.piece_on(s) == Some(Piece::Pawn))
}
