//! The two castling sides and a container holding one value per side.

use cozy_chess::File;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Index, IndexMut};

/// A castling side, named after the corner its rook stands nearer to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum CastlingSide {
    /// O-O-O: the rook left of the king; the king ends on c1 and the rook on d1.
    #[serde(rename = "a")]
    A,
    /// O-O: the rook right of the king; the king ends on g1 and the rook on f1.
    #[serde(rename = "h")]
    H,
}

impl CastlingSide {
    /// Both sides, a-side first: the order of every per-side loop and of the report's columns.
    pub const BOTH: [CastlingSide; 2] = [CastlingSide::A, CastlingSide::H];

    /// The side a rook on `rook` castles on with the king on `king`: the a-side when the rook
    /// stands left of the king. (King and rook never share a file.)
    pub fn of(king: File, rook: File) -> CastlingSide {
        if rook < king {
            CastlingSide::A
        } else {
            CastlingSide::H
        }
    }

    /// The file the king stands on after castling (c or g), independent of where it started.
    pub const fn king_to_file(self) -> File {
        match self {
            CastlingSide::A => File::C,
            CastlingSide::H => File::G,
        }
    }

    /// The file the rook stands on after castling (d or f).
    pub const fn rook_to_file(self) -> File {
        match self {
            CastlingSide::A => File::D,
            CastlingSide::H => File::F,
        }
    }

    /// The castling move in SAN.
    pub const fn san(self) -> &'static str {
        match self {
            CastlingSide::A => "O-O-O",
            CastlingSide::H => "O-O",
        }
    }

    /// The side's letter, `a` or `h`: the file of the corner its rook stands nearer to.
    pub const fn letter(self) -> char {
        match self {
            CastlingSide::A => 'a',
            CastlingSide::H => 'h',
        }
    }

    /// The column-name prefix used in the report (`a` or `h`).
    pub const fn prefix(self) -> &'static str {
        match self {
            CastlingSide::A => "a",
            CastlingSide::H => "h",
        }
    }

    /// The name used in explanations.
    pub const fn name(self) -> &'static str {
        match self {
            CastlingSide::A => "a-side (O-O-O)",
            CastlingSide::H => "h-side (O-O)",
        }
    }
}

/// Shows the report's prefix (`a` or `h`), the short name used in lists such as "SP 9 h".
impl fmt::Display for CastlingSide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.prefix())
    }
}

/// One value per castling side, so that per-side work is written once and mapped over both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize)]
pub struct ByCastlingSide<T> {
    /// The a-side's value (O-O-O).
    pub a: T,
    /// The h-side's value (O-O).
    pub h: T,
}

impl<T> ByCastlingSide<T> {
    /// Builds both values by calling `f` for each side, a-side first.
    pub fn new(mut f: impl FnMut(CastlingSide) -> T) -> ByCastlingSide<T> {
        ByCastlingSide {
            a: f(CastlingSide::A),
            h: f(CastlingSide::H),
        }
    }

    /// The value of `side`; `by_side[side]` says the same.
    pub fn get(&self, side: CastlingSide) -> &T {
        match side {
            CastlingSide::A => &self.a,
            CastlingSide::H => &self.h,
        }
    }

    /// The value of `side`, to change it; `by_side[side] = ..` says the same.
    pub fn get_mut(&mut self, side: CastlingSide) -> &mut T {
        match side {
            CastlingSide::A => &mut self.a,
            CastlingSide::H => &mut self.h,
        }
    }

    /// A new per-side value from each side and its value, so per-side work is written once.
    pub fn map<U>(&self, mut f: impl FnMut(CastlingSide, &T) -> U) -> ByCastlingSide<U> {
        ByCastlingSide {
            a: f(CastlingSide::A, &self.a),
            h: f(CastlingSide::H, &self.h),
        }
    }

    /// The sides with their values, a-side first.
    pub fn iter(&self) -> impl Iterator<Item = (CastlingSide, &T)> {
        [(CastlingSide::A, &self.a), (CastlingSide::H, &self.h)].into_iter()
    }
}

/// `by_side[side]`: the value of one side, for code that loops over [`CastlingSide::BOTH`].
impl<T> Index<CastlingSide> for ByCastlingSide<T> {
    type Output = T;

    fn index(&self, side: CastlingSide) -> &T {
        self.get(side)
    }
}

/// `by_side[side] += 1`: counting or updating per side without a `match` on the side.
impl<T> IndexMut<CastlingSide> for ByCastlingSide<T> {
    fn index_mut(&mut self, side: CastlingSide) -> &mut T {
        self.get_mut(side)
    }
}
