//! The shortest-game search's index of placements: for each placement met, its node and its
//! least known number of moves.
//!
//! The search waits on this index: most placements a move leads to are looked up in a table
//! far larger than the caches, and a lookup in the standard hash map costs two misses (its
//! control bytes, then the entry). Here a placement's slot holds its key and its value side by
//! side, found by linear probing from a home slot, so a lookup costs one miss; and the search
//! touches the home slots of all the placements one expansion leads to ([`Index::touch`])
//! before it looks any of them up, so that their misses overlap instead of coming one after
//! another. Touching reads only; what the index holds, and so every answer it gives, is what a
//! map would hold after the same insertions.

// A placement as the search stores it; `(0, 0)`, the empty board, is never one (a king is
// always there) and marks an empty slot.
use super::Stored;
use crate::start::search::hash::KeyHasher;
use std::hash::Hasher;

/// A placement's entry: its node, and the moves of that node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Seen {
    pub(super) node: u32,
    pub(super) moves: u8,
}

/// One slot of the table: a key (`(0, 0)` when empty) and its entry, 24 bytes.
#[derive(Clone, Copy, Default)]
struct Slot {
    key: Stored,
    seen: Seen,
}

/// The smallest table, in slots (a power of two).
const SMALLEST: usize = 1 << 12;

/// An open-addressing map from placements to [`Seen`], at most half full.
pub(super) struct Index {
    slots: Vec<Slot>,
    /// How many slots are taken.
    len: usize,
}

impl Index {
    pub(super) fn new() -> Index {
        Index {
            slots: vec![Slot::default(); SMALLEST],
            len: 0,
        }
    }

    /// The first slot to look in for `key`: the searches' own hash of its two words
    /// ([`KeyHasher`], whose low bits are well mixed), cut to the table's size.
    fn home(&self, (low, high): Stored) -> usize {
        let mut hasher = KeyHasher::default();
        hasher.write_u64(low);
        hasher.write_u64(high);
        hasher.finish() as usize & (self.slots.len() - 1)
    }

    /// The slot holding `key`, or the empty slot where it would go.
    fn slot_of(&self, key: Stored) -> usize {
        let mask = self.slots.len() - 1;
        let mut at = self.home(key);
        loop {
            let slot = &self.slots[at];
            if slot.key == key || slot.key == (0, 0) {
                return at;
            }
            at = (at + 1) & mask;
        }
    }

    /// Reads the home slots of `keys`, and nothing else: the reads do not wait for one another,
    /// so the cache misses of a whole expansion's lookups are paid at once rather than in turn.
    pub(super) fn touch(&self, keys: impl Iterator<Item = Stored>) {
        let folded = keys.fold(0u64, |acc, key| acc ^ self.slots[self.home(key)].key.0);
        std::hint::black_box(folded);
    }

    /// The entry of `key`, if it has one.
    pub(super) fn get_mut(&mut self, key: Stored) -> Option<&mut Seen> {
        let at = self.slot_of(key);
        let slot = &mut self.slots[at];
        (slot.key == key).then_some(&mut slot.seen)
    }

    /// Gives `key`, which has no entry yet, the entry `seen`.
    pub(super) fn insert_new(&mut self, key: Stored, seen: Seen) {
        debug_assert!(key != (0, 0), "the empty board is never a placement");
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let at = self.slot_of(key);
        debug_assert!(self.slots[at].key == (0, 0), "a placement inserted twice");
        self.slots[at] = Slot { key, seen };
        self.len += 1;
    }

    /// Doubles the table, every entry moved to its place in the larger one.
    fn grow(&mut self) {
        let larger = vec![Slot::default(); 2 * self.slots.len()];
        let old = std::mem::replace(&mut self.slots, larger);
        for slot in old.into_iter().filter(|s| s.key != (0, 0)) {
            let at = self.slot_of(slot.key);
            self.slots[at] = slot;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// The index answers as a map does, through growth: random keys (some repeated, some with
    /// equal low or high words), inserted when new and updated when not, each lookup compared
    /// with a `HashMap` given the same operations.
    #[test]
    fn the_index_answers_as_a_map() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut index = Index::new();
        let mut map: HashMap<Stored, Seen> = HashMap::new();
        for i in 0..200_000u32 {
            let r = next();
            // Few distinct words, so that keys repeat and share a word with others.
            let key = (r % 5_000 + 1, (r >> 32) % 7);
            index.touch([key].into_iter());
            let seen = Seen {
                node: i,
                moves: (r >> 40) as u8,
            };
            match (index.get_mut(key), map.get_mut(&key)) {
                (Some(got), Some(want)) => {
                    assert_eq!(*got, *want, "{key:?}");
                    *got = seen;
                    *want = seen;
                }
                (None, None) => {
                    index.insert_new(key, seen);
                    map.insert(key, seen);
                }
                (got, want) => panic!("{key:?}: the index has {got:?}, a map {want:?}"),
            }
        }
        assert!(
            map.len() > 2 * SMALLEST,
            "only {} keys: no growth",
            map.len()
        );
        for (key, want) in &map {
            assert_eq!(index.get_mut(*key), Some(&mut want.clone()));
        }
    }
}
