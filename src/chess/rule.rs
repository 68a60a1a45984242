//! Castling rules as data. A [`Rule`] says, for a king and one of its rooks on a back rank, which
//! castlings exist: where king and rook land, which squares must be empty and which squares the
//! king must not stand on, cross or land on while attacked ([`Geometry`]).
//!
//! This module is the one room a castling rule lives in. Everything else in castle960 (the
//! start-position searches, the any-position explanations, notation, the report) asks a rule for
//! its castlings and works with the [`Geometry`] (or its eight-file form,
//! [`crate::chess::CastlingPath`]) it gets back; nothing else looks at which rule it is. A new
//! rule is a new constant here and a line in [`Rule::ALL`]; its text and sources belong in the
//! README's table of rules.
//!
//! The rules (sources and the choices castle960 made where a text leaves a case open are in the
//! README, "Castling rules"):
//!
//! * [`Rule::CHESS960`]: FIDE Laws, Guidelines II. The king lands on the c- or g-file, the rook on
//!   the d- or f-file, whatever their start; everything between king and rook and their
//!   destinations empty. The default everywhere.
//! * [`Rule::CHESS480`]: Chess480's "Orthodox Castling" (John Kipling Lewis): the king moves two
//!   squares toward the rook (passing over or landing on the rook's square if it stands there),
//!   the rook lands on the square the king crossed; king and rook adjacent in a corner, where the
//!   king cannot move two squares, exchange squares.
//! * [`Rule::FREE`]: free (Roman) castling: the king moves one or more squares toward the rook, at
//!   most onto the rook's square, and the rook lands on any square the king left or crossed. The
//!   move may not give check.
//! * [`Rule::FLEXIBLE`]: Fergus Duniho's flexible castling: the king moves two or more squares
//!   toward the rook, stopping before the rook's square; the rook lands beside it on the side it
//!   came from.
//! * [`Rule::FAST`]: Kevin Pacey's fast castling (Wide Chess): the king leaps to any empty
//!   square toward the rook, short of the rook, and the rook leaps to the king's start square;
//!   the squares between need not be empty; the king's start and landing squares must not be
//!   attacked.
//!
//! Files are indices from the left edge (0 is the a-file) on a board `width` files wide, so that
//! the same rules serve boards of eight and of ten files.

use crate::chess::castling_path::{CastlingPath, Naming};
use crate::chess::castling_side::CastlingSide;
use cozy_chess::File;
use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// A castling rule: which castlings a king and a rook may make (see the module documentation).
/// Compare rules with `==`; they are small values, copied freely.
///
/// ```
/// use castle960::chess::Rule;
/// // Chess480 in the standard array: O-O moves the king from e1 to g1 and the rook from h1 to f1.
/// let castlings = Rule::CHESS480.castlings(8, 4, 7);
/// assert_eq!(castlings.len(), 1);
/// assert_eq!((castlings[0].king_to, castlings[0].rook_to), (6, 5));
/// // Free castling allows six: the king to f1, g1 or h1, the rook to any square it left or crossed.
/// assert_eq!(Rule::FREE.castlings(8, 4, 7).len(), 6);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rule {
    name: &'static str,
    title: &'static str,
    king: KingLands,
    rook: RookLands,
    path: PathKind,
    /// King and rook adjacent in a corner, with no castling otherwise, exchange squares.
    corner_exchange: bool,
    /// Whether the castling move may give check.
    may_give_check: bool,
    /// Where king and rook must stand for the rule to give any castling.
    homes: Homes,
}

/// Where king and rook must stand for a rule to give any castling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Homes {
    /// Anywhere on the back rank (the Chess960 family).
    Anywhere,
    /// ChessV's ten-file types: the king on the e- or f-file, the castling piece `edge` files
    /// from its edge of the board (0: in the corner; 1: on the b- or i-file).
    KingCentral { edge: u8 },
}

/// Where the king lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum KingLands {
    /// Nowhere: the rule has no castling (ChessV's "None").
    Nowhere,
    /// On one fixed file per side: `a` files from the left edge on the a-side, `h` files from
    /// the right edge on the h-side (Chess960: c and g, so 2 and 1).
    Fixed { a: u8, h: u8 },
    /// `min` to `max` squares toward the rook, as far as `reach` allows.
    Toward { min: u8, max: u8, reach: Reach },
}

/// How far toward its rook the king may go. (Each variant names where the king stops relative
/// to the rook, so the shared postfix is the point.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(clippy::enum_variant_names)]
enum Reach {
    /// Stopping before the rook's square.
    BeforeRook,
    /// Onto the rook's square at most.
    OntoRook,
    /// Over the rook's square to the edge of the board.
    PastRook,
}

/// Where the rook lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum RookLands {
    /// On one fixed file per side, counted like [`KingLands::Fixed`] (Chess960: d and f, so 3
    /// and 2).
    Fixed { a: u8, h: u8 },
    /// Beside the king, on the side it came from: the last square the king crossed.
    BesideKing,
    /// On any square the king left or crossed: its start square or one it passed over.
    AnyPassed,
    /// On the king's start square.
    KingStart,
}

/// What the move needs of the squares between.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum PathKind {
    /// King and rook slide: every square from each one's start to its destination, both
    /// inclusive, must be empty apart from king and rook, and the king must not stand on, cross
    /// or land on an attacked square.
    Slide,
    /// King and rook leap: only the destinations must be empty (apart from king and rook), and
    /// only the king's start and landing squares must not be attacked.
    Leap,
}

impl Rule {
    /// Chess960 castling, FIDE Laws of Chess, Guidelines II (castle960's default): the king ends
    /// on the c- or g-file and the rook on the d- or f-file, whatever their start.
    pub const CHESS960: Rule = Rule {
        name: "chess960",
        title: "Chess960 castling (FIDE Laws, Guidelines II)",
        king: KingLands::Fixed { a: 2, h: 1 },
        rook: RookLands::Fixed { a: 3, h: 2 },
        path: PathKind::Slide,
        corner_exchange: false,
        may_give_check: true,
        homes: Homes::Anywhere,
    };

    /// Chess480's Orthodox Castling (John Kipling Lewis): the king two squares toward the rook,
    /// the rook onto the square the king crossed; the corner exchange.
    pub const CHESS480: Rule = Rule {
        name: "chess480",
        title: "Chess480 orthodox castling (John Kipling Lewis)",
        king: KingLands::Toward {
            min: 2,
            max: 2,
            reach: Reach::PastRook,
        },
        rook: RookLands::BesideKing,
        path: PathKind::Slide,
        corner_exchange: true,
        may_give_check: true,
        homes: Homes::Anywhere,
    };

    /// Free castling, as played in Rome and Italy until the late 19th century: the king any
    /// number of squares toward the rook, at most onto its square; the rook onto any square the
    /// king left or crossed; not giving check.
    pub const FREE: Rule = Rule {
        name: "free",
        title: "free castling (the Roman rule)",
        king: KingLands::Toward {
            min: 1,
            max: u8::MAX,
            reach: Reach::OntoRook,
        },
        rook: RookLands::AnyPassed,
        path: PathKind::Slide,
        corner_exchange: false,
        may_give_check: false,
        homes: Homes::Anywhere,
    };

    /// Flexible castling (Fergus Duniho): the king two or more squares toward the rook, stopping
    /// before it; the rook beside the king on the side it came from.
    pub const FLEXIBLE: Rule = Rule {
        name: "flexible",
        title: "flexible castling (Fergus Duniho)",
        king: KingLands::Toward {
            min: 2,
            max: u8::MAX,
            reach: Reach::BeforeRook,
        },
        rook: RookLands::BesideKing,
        path: PathKind::Slide,
        corner_exchange: false,
        may_give_check: true,
        homes: Homes::Anywhere,
    };

    /// Fast castling (Kevin Pacey, Wide Chess): the king leaps to any empty, unattacked square
    /// toward the rook, short of it; the rook leaps to the king's start square.
    pub const FAST: Rule = Rule {
        name: "fast",
        title: "fast castling (Kevin Pacey)",
        king: KingLands::Toward {
            min: 1,
            max: u8::MAX,
            reach: Reach::BeforeRook,
        },
        rook: RookLands::KingStart,
        path: PathKind::Leap,
        corner_exchange: false,
        may_give_check: true,
        homes: Homes::Anywhere,
    };

    /// Janus Chess's castling (Werner Schöndorf, 1978), as Fairy-Stockfish plays it
    /// (`castlingKingsideFile = FILE_I`, `castlingQueensideFile = FILE_B` in its `variant.cpp`):
    /// on ten files the king lands on the b- or i-file and the rook beside it, on the c- or
    /// h-file. From the Janus array's king on e1 that is ChessV's "Long" type: three squares
    /// toward the a-file rook, four toward the j-file rook. A ten-file rule only: it is not in
    /// [`Rule::ALL`], whose rules the eight-file outputs list.
    pub const JANUS: Rule = Rule {
        name: "janus",
        title: "Janus Chess castling (king to b or i, as Fairy-Stockfish plays it)",
        king: KingLands::Fixed { a: 1, h: 1 },
        rook: RookLands::Fixed { a: 2, h: 2 },
        path: PathKind::Slide,
        corner_exchange: false,
        may_give_check: true,
        homes: Homes::Anywhere,
    };

    /// Embassy Chess's castling (Kevin Hill, 2005), as Fairy-Stockfish plays it
    /// (`castlingKingsideFile = FILE_H`, `castlingQueensideFile = FILE_B`): on ten files the
    /// king lands on the b- or h-file and the rook beside it, on the c- or g-file. From the
    /// Embassy array's king on e1 that is ChessV's "Standard" type: three squares either way.
    /// A ten-file rule only, as [`Rule::JANUS`].
    pub const EMBASSY: Rule = Rule {
        name: "embassy",
        title: "Embassy Chess castling (king to b or h, as Fairy-Stockfish plays it)",
        king: KingLands::Fixed { a: 1, h: 2 },
        rook: RookLands::Fixed { a: 2, h: 3 },
        path: PathKind::Slide,
        corner_exchange: false,
        may_give_check: true,
        homes: Homes::Anywhere,
    };

    /// The castling rules of ten-file variants that no eight-file question is asked under
    /// (kept out of [`Rule::ALL`] so that the eight-file outputs stay as they are). Capablanca
    /// Chess, Capablanca Random Chess and Gothic Chess need none of their own: on ten files
    /// [`Rule::CHESS960`] lands the king on the c- or i-file and the rook on the d- or h-file,
    /// which is their castling.
    pub const TEN_FILES: [Rule; 2] = [Rule::JANUS, Rule::EMBASSY];

    /// Every rule castle960 knows, Chess960's first: the order of every list and table of rules.
    pub const ALL: [Rule; 5] = [
        Rule::CHESS960,
        Rule::CHESS480,
        Rule::FREE,
        Rule::FLEXIBLE,
        Rule::FAST,
    ];

    /// The rules of `named` as `--rule` takes them: in [`Rule::ALL`]'s order, each once, and
    /// every rule when none is named.
    pub fn selected(named: &[Rule]) -> Vec<Rule> {
        (Rule::ALL.into_iter())
            .filter(|rule| named.is_empty() || named.contains(rule))
            .collect()
    }

    /// The rule's name on the command line and in the outputs (`chess960`, `chess480`, `free`,
    /// `flexible`, `fast`).
    pub const fn name(self) -> &'static str {
        self.name
    }

    /// The rule's name in prose, with its author or source.
    pub const fn title(self) -> &'static str {
        self.title
    }

    /// Whether the castling move may give check (free castling's may not).
    pub const fn may_give_check(self) -> bool {
        self.may_give_check
    }

    /// Whether king and rook slide (every square between must be empty and the king may cross
    /// no attacked square) rather than leap.
    pub const fn slides(self) -> bool {
        matches!(self.path, PathKind::Slide)
    }

    /// Whether a side can have more than one castling under this rule, so that `O-O` and
    /// `O-O-O` no longer say which one is meant.
    pub const fn several_per_side(self) -> bool {
        match self.king {
            KingLands::Nowhere | KingLands::Fixed { .. } => false,
            KingLands::Toward { min, max, .. } => min != max || self.rook_varies(),
        }
    }

    /// Whether the rook's landing square can differ for one landing square of the king (free
    /// castling), so that the king's destination alone does not name the castling.
    pub const fn rook_varies(self) -> bool {
        matches!(self.rook, RookLands::AnyPassed)
    }

    /// Every castling this rule allows a king on file `king` with a rook on file `rook` of a
    /// back rank `width` files wide, in a fixed order: the king's landing square nearest its
    /// start first, then the rook's landing square nearest the king's start first. Empty when
    /// the rule allows none (flexible castling with the rook within two squares, say).
    ///
    /// # Panics
    /// If `king` and `rook` are the same file or off the board.
    pub fn castlings(self, width: u8, king: u8, rook: u8) -> Vec<Geometry> {
        assert!(
            king != rook && king < width && rook < width,
            "king and rook files"
        );
        let side = if rook < king {
            CastlingSide::A
        } else {
            CastlingSide::H
        };
        let step = |from: u8, by: u8| -> Option<u8> {
            let to = match side {
                CastlingSide::A => from.checked_sub(by)?,
                CastlingSide::H => from.checked_add(by)?,
            };
            (to < width).then_some(to)
        };
        let distance = king.abs_diff(rook);
        if !self.homes.allow(width, king, rook) {
            return Vec::new();
        }
        let kings: Vec<u8> = match self.king {
            KingLands::Nowhere => Vec::new(),
            KingLands::Fixed { a, h } => vec![fixed(side, width, a, h)],
            KingLands::Toward { min, max, reach } => {
                let furthest = match reach {
                    Reach::BeforeRook => distance.saturating_sub(1),
                    Reach::OntoRook => distance,
                    Reach::PastRook => width,
                };
                (min..=max.min(furthest))
                    .map_while(|n| step(king, n))
                    .collect()
            }
        };
        let mut out = Vec::new();
        for &king_to in &kings {
            // `n` squares back from the king's landing square toward its start.
            let back = |n: u8| match side {
                CastlingSide::A => king_to + n,
                CastlingSide::H => king_to - n,
            };
            let rooks: Vec<u8> = match self.rook {
                RookLands::Fixed { a, h } => vec![fixed(side, width, a, h)],
                RookLands::BesideKing => vec![back(1)],
                RookLands::AnyPassed => (1..=king.abs_diff(king_to)).rev().map(back).collect(),
                RookLands::KingStart => vec![king],
            };
            for rook_to in rooks {
                if rook_to != king_to {
                    out.push(Geometry::new(self.path, side, king, rook, king_to, rook_to));
                }
            }
        }
        if out.is_empty()
            && self.corner_exchange
            && distance == 1
            && (rook == 0 || rook == width - 1)
        {
            out.push(Geometry::new(self.path, side, king, rook, rook, king));
        }
        out
    }
}

impl Rule {
    /// Every castling this rule allows on eight files, king on `king` and rook on `rook`, as
    /// paths ([`Rule::castlings`] on the standard board, in the same order).
    pub fn paths(self, king: File, rook: File) -> Vec<CastlingPath> {
        let naming = match (self.several_per_side(), self.rook_varies()) {
            (false, _) => Naming::Side,
            (true, false) => Naming::King,
            (true, true) => Naming::KingAndRook,
        };
        self.castlings(8, king as u8, rook as u8)
            .into_iter()
            .map(|g| CastlingPath::of_geometry(g, naming))
            .collect()
    }
}

impl Homes {
    /// Whether a king on file `king` and a rook on file `rook` of a rank `width` files wide
    /// stand where the rule castles from.
    fn allow(self, width: u8, king: u8, rook: u8) -> bool {
        match self {
            Homes::Anywhere => true,
            Homes::KingCentral { edge } => {
                (king == 4 || king == 5) && (rook == edge || rook + 1 + edge == width)
            }
        }
    }
}

/// The file `a` from the left edge on the a-side, `h` from the right edge on the h-side.
const fn fixed(side: CastlingSide, width: u8, a: u8, h: u8) -> u8 {
    match side {
        CastlingSide::A => a,
        CastlingSide::H => width - 1 - h,
    }
}

/// Chess960's rule, castle960's default everywhere.
impl Default for Rule {
    fn default() -> Rule {
        Rule::CHESS960
    }
}

/// The rule's name (`chess960`, ...).
impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// Serialised as its name.
impl Serialize for Rule {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name)
    }
}

/// A rule name that is none of [`Rule::ALL`]'s.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{} is no castling rule; the rules are {}",
    crate::error::quote(.0),
    Rule::ALL.map(|r| r.name()).join(", ")
)]
pub struct UnknownRule(pub String);

/// Reads a rule by its name, in any letter case.
impl FromStr for Rule {
    type Err = UnknownRule;

    fn from_str(s: &str) -> Result<Rule, UnknownRule> {
        Rule::ALL
            .into_iter()
            .find(|r| r.name.eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownRule(s.to_string()))
    }
}

/// One castling on one back rank, in file indices (0 is the a-file): king and rook before and
/// after, the files that must be empty and the files the king must not be attacked on. Colour
/// and rank are the caller's: the same geometry serves both colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Geometry {
    /// The side: the rook left of the king castles on the a-side.
    pub side: CastlingSide,
    /// The king's file before castling.
    pub king: u8,
    /// The castling rook's file before castling.
    pub rook: u8,
    /// The king's file after castling.
    pub king_to: u8,
    /// The rook's file after castling.
    pub rook_to: u8,
    /// The files that must be empty, a bit per file (bit 0 the a-file): every man there, own or
    /// enemy, forbids castling. Never the king's or the castling rook's own file.
    pub empty: u16,
    /// The files the king stands on, crosses or lands on that must not be attacked, a bit per
    /// file.
    pub safe: u16,
}

impl Geometry {
    fn new(path: PathKind, side: CastlingSide, king: u8, rook: u8, to: u8, rook_to: u8) -> Self {
        let bit = |f: u8| 1u16 << f;
        let (empty, safe) = match path {
            PathKind::Slide => (
                between(king, to) | between(rook, rook_to),
                between(king, to),
            ),
            PathKind::Leap => (bit(to) | bit(rook_to), bit(king) | bit(to)),
        };
        Geometry {
            side,
            king,
            rook,
            king_to: to,
            rook_to,
            empty: empty & !bit(king) & !bit(rook),
            safe,
        }
    }

    /// The files the king stands on, crosses and lands on that must not be attacked, in the
    /// order it travels (its start first, its destination last).
    pub fn safe_in_travel_order(&self) -> Vec<u8> {
        let mut files: Vec<u8> = (0..16).filter(|&f| self.safe & (1 << f) != 0).collect();
        if self.king_to < self.king {
            files.reverse();
        }
        files
    }

    /// The files that must be empty plus the king's and the castling rook's: in a position
    /// where castling is legal, exactly these files of the back rank hold nothing but king and
    /// rook.
    pub const fn clear_files(&self) -> u16 {
        self.empty | 1 << self.king | 1 << self.rook
    }

    /// The same castling in the mirror image of a back rank `width` files wide: every file `f`
    /// becomes `width - 1 - f`, so the side changes too. Chess480's castlings of the mirrored
    /// king and rook are the mirrors of its own (`chess480_castlings_mirror_with_the_array`);
    /// Chess960's are not (its king lands on c or g). The swap lemma's tables use it: a
    /// castling's table is its mirror image's, mirrored (`crate::start::search::swap`).
    pub fn mirrored(&self, width: u8) -> Geometry {
        let file = |f: u8| width - 1 - f;
        let files = |set: u16| set.reverse_bits() >> (16 - width);
        Geometry {
            side: match self.side {
                CastlingSide::A => CastlingSide::H,
                CastlingSide::H => CastlingSide::A,
            },
            king: file(self.king),
            rook: file(self.rook),
            king_to: file(self.king_to),
            rook_to: file(self.rook_to),
            empty: files(self.empty),
            safe: files(self.safe),
        }
    }

    /// Whether the king lands on the rook's square or crosses it.
    pub fn king_passes_rook(&self) -> bool {
        let (lo, hi) = (self.king.min(self.king_to), self.king.max(self.king_to));
        (lo..=hi).contains(&self.rook)
    }
}

/// The files from `a` to `b`, both inclusive, a bit each.
fn between(a: u8, b: u8) -> u16 {
    let (lo, hi) = (a.min(b), a.max(b));
    (lo..=hi).fold(0, |m, f| m | 1 << f)
}

mod chessv;
pub use chessv::UnknownTenFileRule;
#[cfg(test)]
mod tests;
