//! The closed-form rule of seed 001, restated over named concepts.
//!
//! The seed decides per side whether White can castle without a pawn move by looking only at the
//! back rank: which pieces stand in the *span* (every square from the king's and the rook's start
//! to their ends), which way king and rook travel, and how many knight "holes" there are. Its
//! output is a castling right plus two numbers, `have` and `need`, which also carry special codes.
//! [`RuleCase`] names each case; [`RuleCase::seed_encoding`] gives back the seed's numbers, and a
//! test checks them against the seed's own output for all 960 arrangements.

use crate::chess::{Arrangement, ByCastlingSide, CastlingSide, File, Piece};

/// Where the closed-form rule was published: with its program and its answer, 599, on the
/// question it answers, Puzzling Stack Exchange 122390 ("Chess 960 and Castling #2": for how
/// many Chess960 start positions can White play into a position that requires castling?). The
/// project's notes keep the post as seed 001.
pub const SOURCE: &str = "https://puzzling.stackexchange.com/questions/122390";

/// How explanations name the rule and its source, in brackets after "closed-form rule".
pub const SOURCE_NAME: &str = "published on Puzzling SE 122390";
use crate::start::verdict::Verdict;

/// A way along the first rank: the direction king and rook travel in when castling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards the a-file.
    Left,
    /// Towards the h-file.
    Right,
}

impl Direction {
    /// The way from `from` to `to`, `None` when they are the same file.
    pub fn between(from: File, to: File) -> Option<Direction> {
        match to.cmp(&from) {
            std::cmp::Ordering::Less => Some(Direction::Left),
            std::cmp::Ordering::Equal => None,
            std::cmp::Ordering::Greater => Some(Direction::Right),
        }
    }

    /// One file this way, as a step of file index.
    pub const fn step(self) -> i8 {
        match self {
            Direction::Left => -1,
            Direction::Right => 1,
        }
    }

    /// The word for explanations.
    pub const fn word(self) -> &'static str {
        match self {
            Direction::Left => "left",
            Direction::Right => "right",
        }
    }
}

/// What the closed-form rule says about one castling side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleCase {
    /// Code -9: a bishop stands in the span, or the queen stands between king and rook. Neither
    /// can leave the back rank while the pawns stand, so castling needs a pawn move. The seed
    /// claims that walking king and rook there (artificial castling) is then always possible.
    Blocked,
    /// Code -7: a bishop blocks an end point of the span (the king's or the rook's destination)
    /// and the other bishop stands right beside it, just outside the span, with the queen not
    /// between king and rook. The seed claims castling works after a pawn move while walking
    /// king and rook there is impossible.
    BishopPair,
    /// Code -8: king and rook travel in opposite directions, so the span lies between them and
    /// only knights can stand in it; they jump out and castling needs no pawn move.
    Opposite,
    /// King and rook travel the same way. The non-knight pieces on the far side of the king, up
    /// to the next bishop (the *border*), must fit into the squares beyond the destinations.
    /// That works exactly when `have >= need`.
    SameDirection {
        /// Knights between the king and the border: each one that jumps out leaves a hole.
        have: i8,
        /// Squares from the king to the rook's destination that must be cleared.
        need: i8,
    },
    /// `need > have`, but the queen stands on the far end point with the border bishop right
    /// beside her (the seed's negated have/need). The seed claims castling works after a pawn
    /// move (the queen leaves through the opened file) while artificial castling is impossible.
    QueenPocket {
        /// Knights between the king and the border (the seed prints it negated).
        have: i8,
        /// Squares from the king to the rook's destination (printed negated).
        need: i8,
    },
}

impl RuleCase {
    /// The seed's `(right, have, need)` triple, special codes and negations included.
    pub const fn seed_encoding(self) -> (bool, i8, i8) {
        match self {
            RuleCase::Blocked => (false, -9, -9),
            RuleCase::BishopPair => (true, -7, -7),
            RuleCase::Opposite => (true, -8, -8),
            RuleCase::SameDirection { have, need } => (have >= need, have, need),
            RuleCase::QueenPocket { have, need } => (true, -have, -need),
        }
    }

    /// The castling right the seed reports.
    pub const fn right(self) -> bool {
        self.seed_encoding().0
    }

    /// What the rule claims about how castling can come about on this side.
    pub const fn claim(self) -> Verdict {
        match self {
            RuleCase::Opposite => Verdict::NoPawnMove,
            RuleCase::SameDirection { have, need } if have >= need => Verdict::NoPawnMove,
            RuleCase::BishopPair | RuleCase::QueenPocket { .. } => Verdict::AfterPawnMove,
            RuleCase::Blocked | RuleCase::SameDirection { .. } => Verdict::ArtificialOnly,
        }
    }

    /// The kind of case, what summaries count by.
    pub const fn kind(self) -> CaseKind {
        match self {
            RuleCase::Blocked => CaseKind::Blocked,
            RuleCase::BishopPair => CaseKind::BishopPair,
            RuleCase::Opposite => CaseKind::Opposite,
            RuleCase::SameDirection { have, need } if have >= need => CaseKind::HaveEnough,
            RuleCase::SameDirection { .. } => CaseKind::HaveTooFew,
            RuleCase::QueenPocket { .. } => CaseKind::QueenPocket,
        }
    }

    /// A short name of the case for summaries.
    pub const fn label(self) -> &'static str {
        self.kind().label()
    }
}

/// A [`RuleCase`] without its numbers, but for the two outcomes of [`RuleCase::SameDirection`]:
/// what the report's summary counts sides by. Declared in the order the summary lists the
/// kinds, which is that of their labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CaseKind {
    /// [`RuleCase::BishopPair`], code -7.
    BishopPair,
    /// [`RuleCase::Opposite`], code -8.
    Opposite,
    /// [`RuleCase::Blocked`], code -9.
    Blocked,
    /// [`RuleCase::SameDirection`] with `have < need`.
    HaveTooFew,
    /// [`RuleCase::SameDirection`] with `have >= need`.
    HaveEnough,
    /// [`RuleCase::QueenPocket`].
    QueenPocket,
}

impl CaseKind {
    /// Every kind, in order.
    pub const ALL: [CaseKind; 6] = [
        CaseKind::BishopPair,
        CaseKind::Opposite,
        CaseKind::Blocked,
        CaseKind::HaveTooFew,
        CaseKind::HaveEnough,
        CaseKind::QueenPocket,
    ];

    /// A short name of the kind for summaries.
    pub const fn label(self) -> &'static str {
        match self {
            CaseKind::BishopPair => "-7 bishop pair",
            CaseKind::Opposite => "-8 opposite directions",
            CaseKind::Blocked => "-9 blocked",
            CaseKind::HaveTooFew => "have < need",
            CaseKind::HaveEnough => "have >= need",
            CaseKind::QueenPocket => "negated: queen pocket",
        }
    }
}

/// The rule's verdict for both sides of an arrangement.
pub fn evaluate(arrangement: &Arrangement) -> ByCastlingSide<RuleCase> {
    ByCastlingSide::new(|side| evaluate_side(arrangement, side))
}

/// The number of arrangements for which the rule says castling is required (its right is true
/// on at least one side). The seed prints 599.
pub fn requires_castling(cases: &ByCastlingSide<RuleCase>) -> bool {
    cases.a.right() || cases.h.right()
}

/// The direction king and rook both travel in when castling on `side`, or `None` when they
/// travel in opposite directions. A piece that stays put takes the direction of the other one
/// (king and rook never both stay).
pub fn common_direction(arrangement: &Arrangement, side: CastlingSide) -> Option<Direction> {
    let path = arrangement.castling(side);
    let king_dir = Direction::between(path.king_from(), path.king_to());
    let rook_dir = Direction::between(path.rook_from(), path.rook_to());
    match (king_dir, rook_dir) {
        (Some(king), Some(rook)) if king != rook => None,
        _ => king_dir.or(rook_dir),
    }
}

/// The *border* in direction `dir`: the file of the nearest bishop beyond the king that way,
/// or `None` when there is none and the edge of the board is the border.
pub fn border(arrangement: &Arrangement, dir: Direction) -> Option<File> {
    let king = arrangement.king_file();
    arrangement
        .bishop_files()
        .into_iter()
        .filter(|&b| Direction::between(king, b) == Some(dir))
        .min_by_key(|&b| (b as i8 - king as i8).abs())
}

/// The files of the pieces that, for the rule, stop castling without a pawn move (codes -9 and
/// -7): bishops in the span (neither can leave the first rank while the pawns stand) and the
/// queen between king and rook (she cannot get past either of them), left to right.
pub fn blockers(arrangement: &Arrangement, side: CastlingSide) -> Vec<File> {
    let path = arrangement.castling(side);
    let (king, rook) = (path.king_from(), path.rook_from());
    File::ALL
        .into_iter()
        .filter(|&f| match arrangement.piece_on(f) {
            Piece::Bishop => path.must_be_empty(f),
            Piece::Queen => king.min(rook) < f && f < king.max(rook),
            _ => false,
        })
        .collect()
}

/// The rule for one side. Inside, files are counted 0 (a) to 7 (h), and -1 and 8 stand for
/// the edges beyond a and h, as the seed counts them.
pub fn evaluate_side(arrangement: &Arrangement, side: CastlingSide) -> RuleCase {
    let king = arrangement.king_file() as i8;
    let rook = arrangement.rook_file(side) as i8;
    let queen = arrangement.queen_file() as i8;
    let bishops = arrangement.bishop_files().map(|f| f as i8);
    let knights = arrangement.knight_files().map(|f| f as i8);
    let (king_to, rook_to) = (side.king_to_file() as i8, side.rook_to_file() as i8);

    let strictly_between = |x: i8, a: i8, b: i8| a.min(b) < x && x < a.max(b);
    let queen_between = strictly_between(queen, king, rook);
    let path = arrangement.castling(side);
    let (span_lo, span_hi) = path.span();
    let (span_lo, span_hi) = (span_lo as i8, span_hi as i8);

    if !blockers(arrangement, side).is_empty() {
        // The -7 pattern: a bishop on an end point that is a destination, its partner just
        // outside the span beside it. Then a pawn move lets the end-point bishop out.
        let pair_at = |end: i8, outside: i8| {
            (end == king_to || end == rook_to)
                && bishops.contains(&end)
                && bishops.contains(&outside)
        };
        if !queen_between && (pair_at(span_hi, span_hi + 1) || pair_at(span_lo, span_lo - 1)) {
            return RuleCase::BishopPair;
        }
        return RuleCase::Blocked;
    }

    let Some(dir) = common_direction(arrangement, side) else {
        return RuleCase::Opposite;
    };
    let border = match border(arrangement, dir) {
        Some(bishop) => bishop as i8,
        None => match dir {
            Direction::Left => -1,
            Direction::Right => 8,
        },
    };
    let dir = dir.step();
    let have = knights
        .iter()
        .filter(|&&n| strictly_between(n, king, border))
        .count() as i8;
    let need = (rook_to - king).abs();
    if have >= need {
        return RuleCase::SameDirection { have, need };
    }
    // The far end point in the direction of travel, and the queen-pocket exception.
    let far_end = if dir > 0 {
        king_to.max(rook_to)
    } else {
        king_to.min(rook_to)
    };
    if queen == far_end && border == far_end + dir {
        return RuleCase::QueenPocket { have, need };
    }
    RuleCase::SameDirection { have, need }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The summary lists the kinds in their order, which keeps the order it had when it grouped
    /// by the labels themselves.
    #[test]
    fn kinds_are_declared_in_the_order_of_their_labels() {
        let labels = CaseKind::ALL.map(CaseKind::label);
        let mut sorted = labels;
        sorted.sort_unstable();
        assert_eq!(labels, sorted);
        assert!(CaseKind::ALL.is_sorted());
    }
}
