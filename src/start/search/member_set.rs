//! Sets of the members of a castling game, a bit each: a `u64` for the games of one castling
//! (its arrangements), [`Wide`] (two or four words) for the games shared by several castlings of one king and rook
//! (pairs of arrangement and landing squares, see [`crate::start::search::castling_game`]).
//!
//! The game is generic over the set so that the common games keep their 8-byte sets (the
//! visited tables hold one per admitted variant) and only the shared ones pay for wider sets.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// A set of members of a castling game, indices below [`MemberSet::CAPACITY`].
pub trait MemberSet:
    Copy
    + Eq
    + BitOr<Output = Self>
    + BitAnd<Output = Self>
    + Not<Output = Self>
    + BitOrAssign
    + BitAndAssign
{
    /// How many members a set can hold.
    const CAPACITY: usize;
    /// No member.
    const EMPTY: Self;

    /// The set holding member `i` alone.
    fn single(i: usize) -> Self;

    /// The members in order.
    fn members(self) -> impl Iterator<Item = usize>;

    /// Whether the set holds no member.
    fn is_empty(self) -> bool {
        self == Self::EMPTY
    }

    /// The set of members `0..n`.
    fn first(n: usize) -> Self {
        (0..n).fold(Self::EMPTY, |set, i| set | Self::single(i))
    }
}

/// The bits of `word` in order, as indices offset by `base`.
fn bits_of(word: u64, base: usize) -> impl Iterator<Item = usize> {
    let mut left = word;
    std::iter::from_fn(move || {
        (left != 0).then(|| {
            let i = left.trailing_zeros() as usize;
            left &= left - 1;
            base + i
        })
    })
}

impl MemberSet for u64 {
    const CAPACITY: usize = 64;
    const EMPTY: u64 = 0;

    fn single(i: usize) -> u64 {
        1 << i
    }

    fn members(self) -> impl Iterator<Item = usize> {
        bits_of(self, 0)
    }
}

/// A set of up to `64 * N` members, as `N` words rather than a `u128` or wider, whose 16-byte
/// alignment would pad the visited tables' entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wide<const N: usize>([u64; N]);

impl<const N: usize> MemberSet for Wide<N> {
    const CAPACITY: usize = 64 * N;
    const EMPTY: Wide<N> = Wide([0; N]);

    fn single(i: usize) -> Wide<N> {
        let mut words = [0; N];
        words[i / 64] = 1 << (i % 64);
        Wide(words)
    }

    fn members(self) -> impl Iterator<Item = usize> {
        (0..N).flat_map(move |w| bits_of(self.0[w], 64 * w))
    }
}

impl<const N: usize> BitOr for Wide<N> {
    type Output = Wide<N>;
    fn bitor(self, other: Wide<N>) -> Wide<N> {
        Wide(std::array::from_fn(|w| self.0[w] | other.0[w]))
    }
}

impl<const N: usize> BitAnd for Wide<N> {
    type Output = Wide<N>;
    fn bitand(self, other: Wide<N>) -> Wide<N> {
        Wide(std::array::from_fn(|w| self.0[w] & other.0[w]))
    }
}

impl<const N: usize> Not for Wide<N> {
    type Output = Wide<N>;
    fn not(self) -> Wide<N> {
        Wide(self.0.map(|word| !word))
    }
}

impl<const N: usize> BitOrAssign for Wide<N> {
    fn bitor_assign(&mut self, other: Wide<N>) {
        *self = *self | other;
    }
}

impl<const N: usize> BitAndAssign for Wide<N> {
    fn bitand_assign(&mut self, other: Wide<N>) {
        *self = *self & other;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip<M: MemberSet>(indices: &[usize]) -> Vec<usize> {
        let set = indices.iter().fold(M::EMPTY, |set, &i| set | M::single(i));
        set.members().collect()
    }

    #[test]
    fn members_come_back_in_order_across_both_words() {
        assert_eq!(round_trip::<u64>(&[63, 0, 5]), vec![0, 5, 63]);
        assert_eq!(
            round_trip::<Wide<2>>(&[127, 64, 63, 0]),
            vec![0, 63, 64, 127]
        );
        assert_eq!(Wide::<2>::first(70).members().count(), 70);
        assert_eq!(Wide::<2>::first(70).members().last(), Some(69));
        assert!((Wide::<2>::first(70) & !Wide::<2>::first(70)).is_empty());
        assert_eq!(
            (!Wide::<4>::single(3) & Wide::<4>::first(5))
                .members()
                .collect::<Vec<_>>(),
            vec![0, 1, 2, 4]
        );
    }
}
