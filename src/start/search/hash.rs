//! The hash tables of the searches, keyed by packed positions.

use crate::start::search::model::PosKey;
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// A fast hasher for the model's packed keys. The keys are bit fields (a nibble per square, two
/// bits per pawn); a multiply-rotate mix spreads them over the table, which the default SipHash
/// would do too, only several times slower. No table is ever iterated to decide what is
/// printed, so the order it gives does not matter.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        // Fold the well-mixed high bits down: the table indexes by the low ones.
        self.0 ^ (self.0 >> 29)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(23) ^ v).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    fn write_u128(&mut self, v: u128) {
        self.write_u64(v as u64);
        self.write_u64((v >> 64) as u64);
    }
}

/// A map from `K` (a packed key of some kind) to `V`, hashed by [`KeyHasher`].
pub type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<KeyHasher>>;
/// A map from positions to `V`.
pub type KeyMap<V> = FastMap<PosKey, V>;
/// A set of positions.
pub type KeySet = HashSet<PosKey, BuildHasherDefault<KeyHasher>>;
/// A map from packed placements ([`crate::start::search::model::PackedPos::placement`]) to `V`.
pub type PlacementMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;
