//! One value per colour, so that per-colour work is written once and mapped over both.

use cozy_chess::Color;
use serde::Serialize;
use std::ops::{Index, IndexMut};

/// One value per colour (White first), the colour twin of
/// [`ByCastlingSide`](crate::chess::ByCastlingSide).
///
/// ```
/// use castle960::chess::ByColor;
/// use cozy_chess::Color;
/// let back_rank = ByColor::new(|color| if color == Color::White { 1 } else { 8 });
/// assert_eq!(back_rank[Color::Black], 8);
/// assert_eq!(back_rank.map(|_, rank| rank * 10).white, 10);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize)]
pub struct ByColor<T> {
    /// White's value.
    pub white: T,
    /// Black's value.
    pub black: T,
}

impl<T> ByColor<T> {
    /// Builds both values by calling `f` for each colour, White first.
    pub fn new(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        ByColor {
            white: f(Color::White),
            black: f(Color::Black),
        }
    }

    /// The value of `color`; `by_color[color]` says the same.
    pub fn get(&self, color: Color) -> &T {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// The value of `color`, to change it.
    pub fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }

    /// A new per-colour value from each colour and its value.
    pub fn map<U>(&self, mut f: impl FnMut(Color, &T) -> U) -> ByColor<U> {
        ByColor {
            white: f(Color::White, &self.white),
            black: f(Color::Black, &self.black),
        }
    }

    /// The colours with their values, White first.
    pub fn iter(&self) -> impl Iterator<Item = (Color, &T)> {
        [(Color::White, &self.white), (Color::Black, &self.black)].into_iter()
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;

    fn index(&self, color: Color) -> &T {
        self.get(color)
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    fn index_mut(&mut self, color: Color) -> &mut T {
        self.get_mut(color)
    }
}
