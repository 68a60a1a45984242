//! The squares castling on one side involves, worked out once per arrangement and side (as
//! shakmaty's `Castles::path`) and asked for everywhere else: the White-only board, the
//! searches, the rule, the explanations and the any-position castling rules all use this one
//! definition of the span. [`CastlingPath`] says it in files; [`Castling`] puts it on a colour's
//! back rank as squares and the two square sets the rules ask about.

use crate::chess::castling_side::CastlingSide;
use crate::chess::rule::{Geometry, Rule};
use cozy_chess::{BitBoard, Board, Color, File, Move, Rank, Square};
use serde::ser::{Serialize, SerializeStruct, Serializer};

/// One castling on one side: the king's and the rook's files before and after, the files that
/// must be empty and the files the king must not be attacked on, as a [`Rule`] gives them.
/// Files, not squares: the same path serves White on rank 1 and Black on rank 8.
///
/// ```
/// use castle960::{Arrangement, CastlingSide};
/// use castle960::chess::File;
/// let standard = Arrangement::from_sp(518).unwrap();
/// let long = standard.castling(CastlingSide::A);
/// assert_eq!((long.king_from(), long.rook_from()), (File::E, File::A));
/// assert_eq!((long.king_to(), long.rook_to()), (File::C, File::D));
/// assert_eq!(long.span(), (File::A, File::E)); // a1 to e1 must be empty but for king and rook
/// assert!(long.must_be_empty(File::C) && !long.must_be_empty(File::E));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CastlingPath {
    side: CastlingSide,
    king: File,
    rook: File,
    king_to: File,
    rook_to: File,
    /// The files that must be empty, a bit each (bit 0 the a-file).
    empty: u8,
    /// The files the king must not be attacked on, a bit each.
    safe: u8,
    naming: Naming,
}

/// How a castling is named in SAN, which depends on how many castlings its rule allows a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Naming {
    /// One castling per side: `O-O` (h-side) and `O-O-O` (a-side).
    Side,
    /// Several per side, told apart by the king's landing square: `K~g1` (seed 004's tilde
    /// notation for a castling king move).
    King,
    /// Several per side, the rook's landing square varying for one king landing square too:
    /// `K~g1/R~f1`.
    KingAndRook,
}

impl CastlingPath {
    /// Chess960 castling (FIDE Guidelines II) on `side` with the king on file `king` and that
    /// rook on file `rook`: the king to c or g, the rook to d or f.
    pub fn new(king: File, rook: File, side: CastlingSide) -> CastlingPath {
        debug_assert_eq!(CastlingSide::of(king, rook), side);
        Rule::CHESS960.paths(king, rook)[0]
    }

    /// The path of an eight-file `geometry` of a rule that names its castlings as `naming` says.
    pub fn of_geometry(geometry: Geometry, naming: Naming) -> CastlingPath {
        let file = |f: u8| File::index(f as usize);
        CastlingPath {
            side: geometry.side,
            king: file(geometry.king),
            rook: file(geometry.rook),
            king_to: file(geometry.king_to),
            rook_to: file(geometry.rook_to),
            empty: geometry.empty as u8,
            safe: geometry.safe as u8,
            naming,
        }
    }

    /// The same castling in file indices, as any board width speaks of it: the inverse of
    /// [`CastlingPath::of_geometry`] (the naming aside), for the start-position searches, which
    /// serve boards of eight and of ten files.
    pub const fn geometry(self) -> Geometry {
        Geometry {
            side: self.side,
            king: self.king as u8,
            rook: self.rook as u8,
            king_to: self.king_to as u8,
            rook_to: self.rook_to as u8,
            empty: self.empty as u16,
            safe: self.safe as u16,
        }
    }

    /// The same castling in the mirror image of the back rank ([`Geometry::mirrored`]), named
    /// the same way: every file `f` becomes `h - f`, so the side changes too.
    ///
    /// ```
    /// use castle960::chess::{CastlingPath, File, Naming, Rule};
    /// let free = Rule::FREE.paths(File::C, File::A);
    /// let image = free[0].mirrored();
    /// assert_eq!((image.king_from(), image.rook_from()), (File::F, File::H));
    /// assert_eq!(image.mirrored(), free[0]);
    /// ```
    pub fn mirrored(self) -> CastlingPath {
        CastlingPath::of_geometry(self.geometry().mirrored(8), self.naming)
    }

    /// The castling side.
    pub const fn side(self) -> CastlingSide {
        self.side
    }

    /// The king's file before castling.
    pub const fn king_from(self) -> File {
        self.king
    }

    /// The castling rook's file before castling.
    pub const fn rook_from(self) -> File {
        self.rook
    }

    /// The king's file after castling.
    pub const fn king_to(self) -> File {
        self.king_to
    }

    /// The rook's file after castling.
    pub const fn rook_to(self) -> File {
        self.rook_to
    }

    /// How the castling is named in SAN.
    pub const fn naming(self) -> Naming {
        self.naming
    }

    /// The same castling named as `O-O` / `O-O-O`: the key of tables that depend only on where
    /// king and rook go and what must be empty, so that rules sharing a castling share them.
    pub const fn unnamed(self) -> CastlingPath {
        CastlingPath {
            naming: Naming::Side,
            ..self
        }
    }

    /// The span: the files from the leftmost to the rightmost of king, rook and their
    /// destinations. Under a rule where king and rook slide, castling is legal only when it is
    /// empty apart from king and rook (FIDE Laws, Guidelines II).
    pub const fn span(self) -> (File, File) {
        let ends = [self.king, self.rook, self.king_to, self.rook_to];
        let mut lo = ends[0] as usize;
        let mut hi = lo;
        let mut i = 1;
        while i < ends.len() {
            let f = ends[i] as usize;
            if f < lo {
                lo = f;
            }
            if f > hi {
                hi = f;
            }
            i += 1;
        }
        (File::index_const(lo), File::index_const(hi))
    }

    /// Whether `file` must be empty for castling: never the king's nor the castling rook's own
    /// file. Under a sliding rule these are the files of the span; under fast castling only
    /// the destinations.
    pub const fn must_be_empty(self, file: File) -> bool {
        self.empty & (1 << file as u8) != 0
    }

    /// The files that must be empty plus the king's and the castling rook's: in a position
    /// where castling is legal, exactly these files of the back rank hold nothing but king and
    /// rook.
    pub const fn clear_files(self) -> u8 {
        self.empty | 1 << self.king as u8 | 1 << self.rook as u8
    }

    /// Whether the king must not be attacked on `file` (standing, crossing or landing).
    pub const fn must_be_safe(self, file: File) -> bool {
        self.safe & (1 << file as u8) != 0
    }

    /// This castling on `color`'s back rank, as squares.
    pub fn of_color(self, color: Color) -> Castling {
        Castling::on_back_rank(self, color)
    }

    /// Whether castling is open on a back rank where `occupied(file)` tells what stands where
    /// (king and rook, assumed unmoved, excepted).
    pub fn is_open(self, mut occupied: impl FnMut(File) -> bool) -> bool {
        File::ALL
            .into_iter()
            .all(|file| !self.must_be_empty(file) || !occupied(file))
    }

    /// The castling in SAN on `rank` (the castling colour's back rank): `O-O`, `O-O-O`, or with
    /// several castlings per side the tilde notation, `K~g1` or `K~g1/R~f1`.
    pub fn san(self, rank: Rank) -> String {
        match self.naming {
            Naming::Side => self.side.san().to_string(),
            Naming::King => format!("K~{}", Square::new(self.king_to, rank)),
            Naming::KingAndRook => format!(
                "K~{}/R~{}",
                Square::new(self.king_to, rank),
                Square::new(self.rook_to, rank)
            ),
        }
    }
}

/// The castling in file indices ([`CastlingPath::geometry`]).
impl From<CastlingPath> for Geometry {
    fn from(path: CastlingPath) -> Geometry {
        path.geometry()
    }
}

/// One castling move of one colour: king and rook squares before and after, and the square sets
/// the rules look at. It says nothing about legality; see [`crate::castling::explain`].
///
/// ```
/// use castle960::chess::Castling;
/// use castle960::CastlingSide;
/// use cozy_chess::{Color, File, Square};
/// // Chess960: king b1, rook a1, O-O-O: the king crosses nothing and lands on c1, the rook on d1.
/// let c = Castling::new(Color::White, CastlingSide::A, File::B, File::A);
/// assert_eq!(c.king_to, Square::C1);
/// assert_eq!(c.rook_to, Square::D1);
/// let empty: Vec<String> = c.must_be_empty.iter().map(|s| s.to_string()).collect();
/// assert_eq!(empty, ["c1", "d1"]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Castling {
    /// The colour that castles.
    pub color: Color,
    /// The side it castles on.
    pub side: CastlingSide,
    /// The king's square before castling.
    pub king: Square,
    /// The castling rook's square before castling.
    pub rook: Square,
    /// The king's square after castling (under Chess960's rule c1 or g1, c8 or g8).
    pub king_to: Square,
    /// The rook's square after castling (under Chess960's rule d1 or f1, d8 or f8).
    pub rook_to: Square,
    /// The squares that must be empty. Where king and rook slide (every rule but fast
    /// castling): from the king's square to its destination and from the rook's square to its
    /// destination, both inclusive, without the king's and the rook's own squares. Any man on
    /// one of them, own or enemy, forbids castling.
    pub must_be_empty: BitBoard,
    /// The squares the king stands on, crosses and lands on that must not be attacked
    /// (under fast castling only its start and landing squares).
    king_path_bits: BitBoard,
    /// The castling in files, as its rule gave it.
    pub path: CastlingPath,
}

/// JSON: `{"color", "side", "king", "rook", "king_to", "rook_to", "must_be_empty", "king_path"}`,
/// squares as `e1`, `must_be_empty` a1 to h8, `king_path` in the king's travel order.
impl Serialize for Castling {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let squares = |set: BitBoard| set.iter().map(|q| q.to_string()).collect::<Vec<_>>();
        let mut st = s.serialize_struct("Castling", 8)?;
        st.serialize_field("color", crate::words::color(self.color))?;
        st.serialize_field("side", &self.side)?;
        st.serialize_field("king", &self.king.to_string())?;
        st.serialize_field("rook", &self.rook.to_string())?;
        st.serialize_field("king_to", &self.king_to.to_string())?;
        st.serialize_field("rook_to", &self.rook_to.to_string())?;
        st.serialize_field("must_be_empty", &squares(self.must_be_empty))?;
        let path: Vec<String> = self.king_path().iter().map(|q| q.to_string()).collect();
        st.serialize_field("king_path", &path)?;
        st.end()
    }
}

impl Castling {
    /// The castling of `color` on `side` with the king on file `king` and the rook on file `rook`
    /// of the colour's back rank. The rook must stand on `side`'s side of the king (the caller
    /// knows it from a castling right or a game's start position).
    pub fn new(color: Color, side: CastlingSide, king: File, rook: File) -> Castling {
        debug_assert_eq!(CastlingSide::of(king, rook), side);
        CastlingPath::new(king, rook, side).of_color(color)
    }

    /// The castling along `path` on `color`'s back rank. The squares that must be empty are the
    /// path's ([`CastlingPath::must_be_empty`]): one definition of the span for both halves.
    fn on_back_rank(path: CastlingPath, color: Color) -> Castling {
        let rank = Rank::First.relative_to(color);
        let at = |file: File| Square::new(file, rank);
        let (king, rook) = (at(path.king_from()), at(path.rook_from()));
        let (king_to, rook_to) = (at(path.king_to()), at(path.rook_to()));
        let files = |keep: &dyn Fn(File) -> bool| -> BitBoard {
            File::ALL.into_iter().filter(|&f| keep(f)).map(at).collect()
        };
        let king_path_bits = files(&|f| path.must_be_safe(f));
        let must_be_empty = files(&|f| path.must_be_empty(f));
        let side = path.side();
        Castling {
            color,
            side,
            king,
            rook,
            king_to,
            rook_to,
            must_be_empty,
            king_path_bits,
            path,
        }
    }

    /// The castling a standing right of `board` allows: `color`'s king and the rook the right
    /// names. `None` when `color` has no right on `side`.
    pub fn of_right(board: &Board, color: Color, side: CastlingSide) -> Option<Castling> {
        let (king, rook) = Castling::right_files(board, color, side)?;
        Some(Castling::new(color, side, king, rook))
    }

    /// The files of `color`'s king and of the rook its standing right on `side` names in
    /// `board`; `None` when it has no right there.
    pub fn right_files(board: &Board, color: Color, side: CastlingSide) -> Option<(File, File)> {
        let rights = board.castle_rights(color);
        let rook = match side {
            CastlingSide::A => rights.long,
            CastlingSide::H => rights.short,
        }?;
        Some((board.king(color).file(), rook))
    }

    /// Every castling `rule` allows `color` on `side` by its standing right in `board`: the
    /// right names the rook's file, the king stands on its own square, and the rule says where
    /// they may land ([`Rule::paths`], in its order). Empty when `color` has no right on `side`
    /// or the rule allows no castling for these files.
    ///
    /// ```
    /// use castle960::chess::{Castling, Rule};
    /// use castle960::CastlingSide;
    /// use cozy_chess::{Board, Color};
    /// // The standard start under flexible castling: O-O-O as K~c1 or K~b1, O-O only as K~g1.
    /// let board = Board::default();
    /// let long = Castling::of_right_under(&board, Color::White, CastlingSide::A, Rule::FLEXIBLE);
    /// let kings: Vec<String> = long.iter().map(|c| c.king_to.to_string()).collect();
    /// assert_eq!(kings, ["c1", "b1"]);
    /// ```
    pub fn of_right_under(
        board: &Board,
        color: Color,
        side: CastlingSide,
        rule: Rule,
    ) -> Vec<Castling> {
        Castling::right_files(board, color, side).map_or_else(Vec::new, |(king, rook)| {
            Castling::of_files(color, king, rook, rule)
        })
    }

    /// Every castling `rule` allows `color`'s king on file `king` with its rook on file `rook`
    /// ([`Rule::paths`] on the colour's back rank).
    pub fn of_files(color: Color, king: File, rook: File, rule: Rule) -> Vec<Castling> {
        rule.paths(king, rook)
            .into_iter()
            .map(|path| path.of_color(color))
            .collect()
    }

    /// The squares the king stands on, crosses and lands on that must not be attacked, in the
    /// order it travels (its own square first, its destination last).
    pub fn king_path(&self) -> Vec<Square> {
        let mut path: Vec<Square> = self.king_path_bits.iter().collect();
        if self.king_to.file() < self.king.file() {
            path.reverse();
        }
        path
    }

    /// The same squares as a bit set.
    pub fn king_path_set(&self) -> BitBoard {
        self.king_path_bits
    }

    /// The castling move as cozy-chess and UCI_Chess960 write it: the king takes its own rook.
    pub fn king_takes_rook(&self) -> Move {
        Move {
            from: self.king,
            to: self.rook,
            promotion: None,
        }
    }

    /// Whether this is the standard geometry (king on the e-file, rook in its corner): the only
    /// one in which standard engines' form, the king moving two squares, exists and is not also
    /// a plain king move.
    pub fn is_standard_geometry(&self) -> bool {
        let corner = match self.side {
            CastlingSide::A => File::A,
            CastlingSide::H => File::H,
        };
        self.king.file() == File::E && self.rook.file() == corner
    }

    /// The castling move as standard engines write it (`e1g1`), where that form exists.
    pub fn standard_move(&self) -> Option<Move> {
        self.is_standard_geometry().then_some(Move {
            from: self.king,
            to: self.king_to,
            promotion: None,
        })
    }

    /// The occupied squares of the position after castling, without the king: the king and the
    /// rook lifted off their squares and the rook put on its destination. Attacks on the king's
    /// squares are judged on this board, so a line the castling rook used to block counts and an
    /// attack on the rook does not.
    pub fn occupied_after(&self, occupied: BitBoard) -> BitBoard {
        (occupied & !self.king.bitboard() & !self.rook.bitboard()) | self.rook_to.bitboard()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The squares from `a` to `b` inclusive, both on one rank.
    fn span(a: Square, b: Square) -> BitBoard {
        let (lo, hi) = if a.file() <= b.file() { (a, b) } else { (b, a) };
        cozy_chess::get_between_rays(lo, hi) | lo.bitboard() | hi.bitboard()
    }

    /// The squares the rules say must be empty (FIDE Guidelines II: from the king's square to
    /// its destination and from the rook's square to its destination, both inclusive, without
    /// king and rook) are exactly the path's span without king and rook: the two intervals
    /// always overlap. Checked for every king and rook file and both colours.
    #[test]
    fn the_span_is_the_union_of_the_king_and_rook_paths() {
        for color in Color::ALL {
            for king in File::ALL {
                for rook in File::ALL.into_iter().filter(|&rook| rook != king) {
                    let c = Castling::new(color, CastlingSide::of(king, rook), king, rook);
                    let by_rule = (span(c.king, c.king_to) | span(c.rook, c.rook_to))
                        & !c.king.bitboard()
                        & !c.rook.bitboard();
                    assert_eq!(c.must_be_empty, by_rule, "king {king}, rook {rook}");
                }
            }
        }
    }
}
