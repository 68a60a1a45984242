//! The plain model search's sets of states ([`super::model::explore`]): ranks 1-2 of a state
//! packed into one word ([`Cells`]), and a set of such words ([`KeySet`]) built for the one thing
//! the search does millions of times, looking up a state's successors.
//!
//! With pawns on two files the sets hold hundreds of thousands of states per pawn structure and
//! outgrow the processor's caches, so the search waits on memory. A state's key is one word
//! instead of 16 or 20 letters, and [`KeySet::insert_all`] loads the slots of all of a state's
//! successors before comparing any, so that the waits overlap. Together with the search's pawn
//! moves taken a structure at a time this took the two-file oracle from 17.4 to 12.7 s of CPU and
//! the CRC one from 14.9 to 10.3 s (`docs/performance.md`, the fifteenth pass); the states found
//! are the same, only kept differently.

/// The men's letters, each with its code in a [`Cells`] word: its index here (`.` for none).
const MEN_CODES: [u8; 8] = *b".KQRBNAC";

/// Ranks 1-2 of a state as one word, three bits a square, rank 1 first, file a first: at most
/// 20 squares (ten files), 60 bits.
pub type Cells = u64;

/// Each letter's code, by the letter's byte (8 for a byte that is no man's letter).
const CODE_OF: [u8; 256] = {
    let mut codes = [8; 256];
    let mut code = 0;
    while code < MEN_CODES.len() {
        codes[MEN_CODES[code] as usize] = code as u8;
        code += 1;
    }
    codes
};

/// Ranks 1-2 (`[row][file]`, a man's letter or `.` each) as a word.
pub fn pack<const W: usize>(cells: &[[u8; W]; 2]) -> Cells {
    const {
        assert!(
            W <= 10,
            "three bits a square of two ranks fit below the top bit"
        )
    };
    cells.as_flattened().iter().rev().fold(0, |key, &man| {
        let code = CODE_OF[usize::from(man)];
        assert!(code < 8, "a man's letter or '.'");
        key << 3 | Cells::from(code)
    })
}

/// The ranks 1-2 that [`pack`] made `key` of.
pub fn unpack<const W: usize>(mut key: Cells) -> [[u8; W]; 2] {
    let mut cells = [[b'.'; W]; 2];
    for cell in cells.as_flattened_mut() {
        *cell = MEN_CODES[(key & 7) as usize];
        key >>= 3;
    }
    cells
}

/// A set of [`Cells`]: open addressing with linear probing over one array of words, a key's slot
/// holding the key with the top bit set ([`TAKEN`]), an empty slot 0. At most half full, so that
/// probes stay short.
#[derive(Default)]
pub struct KeySet {
    slots: Vec<u64>,
    len: usize,
}

/// The bit that marks a slot taken; no key has it.
const TAKEN: u64 = 1 << 63;

/// A key's first slot in a table of `1 << bits` slots: the key mixed by SplitMix64's finaliser,
/// its top `bits` bits. (The key's low bits are rank 1's first squares, which many states share:
/// every bit must reach the ones that pick the slot.)
fn home(key: Cells, bits: u32) -> usize {
    let mut z = key;
    z = (z ^ z >> 30).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ z >> 27).wrapping_mul(0x94d0_49bb_1331_11eb);
    ((z ^ z >> 31) >> (64 - bits)) as usize
}

impl KeySet {
    fn bits(&self) -> u32 {
        self.slots.len().trailing_zeros()
    }

    pub fn contains(&self, key: Cells) -> bool {
        if self.slots.is_empty() {
            return false;
        }
        let mask = self.slots.len() - 1;
        let mut i = home(key, self.bits());
        loop {
            match self.slots[i] {
                0 => return false,
                slot if slot == key | TAKEN => return true,
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// Inserts `key`, probing from slot `i`; whether it was new. The set must have room.
    fn insert_from(&mut self, key: Cells, mut i: usize) -> bool {
        let mask = self.slots.len() - 1;
        loop {
            match self.slots[i] {
                0 => {
                    self.slots[i] = key | TAKEN;
                    self.len += 1;
                    return true;
                }
                slot if slot == key | TAKEN => return false,
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// Inserts each of `keys`, calling `on_new` with the index in `keys` of each that was not in
    /// the set, in order.
    pub fn insert_all(&mut self, keys: &[Cells], mut on_new: impl FnMut(usize)) {
        const AT_ONCE: usize = 32;
        self.reserve(keys.len());
        let bits = self.bits();
        for (chunk, keys) in keys.chunks(AT_ONCE).enumerate() {
            let mut homes = [0; AT_ONCE];
            for (at, &key) in homes.iter_mut().zip(keys) {
                *at = home(key, bits);
            }
            // The loads, independent of one another, before any comparison: the processor
            // fetches the slots at once. (`black_box` keeps the otherwise unused loads.)
            let loaded = homes[..keys.len()]
                .iter()
                .fold(0, |acc, &at| acc ^ self.slots[at]);
            std::hint::black_box(loaded);
            for (i, (&key, &at)) in keys.iter().zip(&homes).enumerate() {
                if self.insert_from(key, at) {
                    on_new(chunk * AT_ONCE + i);
                }
            }
        }
    }

    /// Makes room for `more` keys, the set staying at most half full.
    fn reserve(&mut self, more: usize) {
        if 2 * (self.len + more) <= self.slots.len() {
            return;
        }
        let size = (2 * (self.len + more)).next_power_of_two().max(64);
        let old = std::mem::replace(&mut self.slots, vec![0; size]);
        self.len = 0;
        let bits = self.bits();
        for slot in old.into_iter().filter(|&slot| slot != 0) {
            let key = slot & !TAKEN;
            self.insert_from(key, home(key, bits));
        }
    }

    /// Every key, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = Cells> + '_ {
        self.slots
            .iter()
            .filter(|&&slot| slot != 0)
            .map(|&slot| slot & !TAKEN)
    }

    pub fn len(&self) -> usize {
        self.len
    }
}

/// Random keys, many repeated, inserted in batches of random sizes: each insertion reports a
/// key new exactly when a `BTreeSet` does, and the set then holds exactly the `BTreeSet`'s keys
/// (through growth from empty to tens of thousands of slots). Keys of 60 bits, whole board
/// states, as well as small ones, all bits zero included.
#[test]
fn key_set_is_a_set() {
    use std::collections::BTreeSet;
    let mut rng = fastrand::Rng::with_seed(960);
    for range in [64, 100_000, 1 << 60] {
        let (mut ours, mut plain) = (KeySet::default(), BTreeSet::new());
        for _ in 0..2_000 {
            let keys: Vec<Cells> = (0..rng.usize(0..40)).map(|_| rng.u64(0..range)).collect();
            let mut new = Vec::new();
            ours.insert_all(&keys, |i| new.push(i));
            let expected: Vec<usize> = (0..keys.len()).filter(|&i| plain.insert(keys[i])).collect();
            assert_eq!(new, expected, "keys below {range}");
        }
        assert_eq!(ours.len(), plain.len());
        assert!(plain.iter().all(|&key| ours.contains(key)));
        assert!(
            (0..1_000)
                .map(|_| rng.u64(0..range))
                .all(|key| ours.contains(key) == plain.contains(&key))
        );
        let mut all: Vec<Cells> = ours.iter().collect();
        all.sort_unstable();
        assert!(all.iter().copied().eq(plain.iter().copied()));
    }
}

/// Packing undoes unpacking on ranks of men's letters, on eight files and on ten, and two
/// ranks that differ in one square pack differently.
#[test]
fn packing_round_trips() {
    let cells = [*b"RNBQKBNR", *b"..K.Q.N."];
    assert_eq!(unpack::<8>(pack(&cells)), cells);
    let ten = [*b"RNABQKBCNR", *b"ACR......C"];
    assert_eq!(unpack::<10>(pack(&ten)), ten);
    let moved = [*b"RNBQKBNR", *b"..K.Q..N"];
    assert_ne!(pack(&cells), pack(&moved));
}
