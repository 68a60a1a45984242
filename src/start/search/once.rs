//! Values worked out once per key for the whole run, shared by every thread: the swap lemma's
//! tables by castling, and the castling games' first castle-legal positions by arrangement and
//! castling squares.

use std::collections::BTreeMap;
use std::sync::{Mutex, OnceLock};

/// A value worked out once per key for the whole run and shared by every thread: the first
/// caller works it out (another asking for the same key meanwhile waits for it), later ones get
/// it at once. The map's lock is held only to find the key's cell, never while working out.
/// Cells are leaked on purpose: the keys are few (the castlings of the 960 arrangements under
/// the rules, times the bounds) and live as long as the program.
pub(crate) trait OncePer<K, V: 'static> {
    /// The value of `key`, worked out by `work_out` by the first caller.
    fn once_per(&'static self, key: K, work_out: impl FnOnce() -> V) -> &'static V;
}

impl<K: Ord, V: 'static> OncePer<K, V> for Mutex<BTreeMap<K, &'static OnceLock<V>>> {
    fn once_per(&'static self, key: K, work_out: impl FnOnce() -> V) -> &'static V {
        let cell = {
            let mut map = self.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            let entry: &mut &'static OnceLock<V> = map
                .entry(key)
                .or_insert_with(|| Box::leak(Box::new(OnceLock::new())));
            Clone::clone(entry)
        };
        cell.get_or_init(work_out)
    }
}
