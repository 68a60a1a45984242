//! The safe structures of the swap lemma (module docs of [`crate::start::search::swap`]), one
//! table per castling and pawn bound: which structures are robust and lead only to robust ones.
//! Worked out once per run and shared, by castling pairs that mirror each other too.

use super::robust;
use crate::chess::{CastlingPath, Geometry, Naming};
use crate::start::bound::PawnBound;
use crate::start::phases::{self, Phase};
use crate::start::search::model::{
    self, BEYOND, STRUCTURES, THIRD, moved_files, structure_index, structure_pawns,
};
use crate::start::search::once::OncePer;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Mutex, OnceLock};

/// How many pawn structures have pawns moved on at most `bound` files: the structures a
/// search within that bound may enter.
pub fn structures_within(bound: PawnBound) -> usize {
    (0..STRUCTURES)
        .filter(|&i| moved_files(&structure_pawns::<8>(i)) <= bound.files())
        .count()
}

/// The pawn structures in which every castled position of a side is walkable from the position
/// before castling, now and after any further pawn moves within the bound.
pub struct SafeStructures {
    pub(super) safe: Vec<bool>,
}

impl SafeStructures {
    /// The safe structures of castling along `path`, with pawns moved on at most `bound` files.
    /// Worked out once per castling and bound and shared by every arrangement with the same
    /// king and rook files (and by every rule with the same castling); the mirror of its mirror
    /// image's table when that one is worked out already (the module docs of
    /// [`crate::start::search::swap`]).
    pub fn of(path: CastlingPath, bound: PawnBound) -> &'static SafeStructures {
        if bound > PawnBound::ALL_EIGHT {
            return SafeStructures::none();
        }
        let path = path.unnamed();
        Self::tables().once_per((path, bound), || {
            phases::timed(Phase::Tables, || {
                match Self::worked_out(path.mirrored(), bound) {
                    Some(image) => image.mirrored(),
                    None => SafeStructures::work_out(path, bound.files()),
                }
            })
        })
    }

    /// The table of `path` (unnamed) and `bound` if some caller has worked it out already.
    fn worked_out(path: CastlingPath, bound: PawnBound) -> Option<&'static SafeStructures> {
        let cell = *Self::tables()
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .get(&(path, bound))?;
        cell.get()
    }

    /// The table of the mirror-image castling ([`CastlingPath::mirrored`]): each structure's
    /// flag moved to the mirror-image structure.
    fn mirrored(&self) -> SafeStructures {
        let mut safe = vec![false; self.safe.len()];
        for (index, &flag) in self.safe.iter().enumerate() {
            safe[mirrored_structure(index)] = flag;
        }
        SafeStructures { safe }
    }

    /// Works out the tables of every castling of `paths` (named alike, see
    /// [`CastlingPath::unnamed`]) with `bound` that no one has asked for yet, all at once, so
    /// that [`SafeStructures::of`] then finds them ready. Each pawn structure is one task (or a
    /// few, in a level of few structures), which tests it for every castling in turn on the
    /// structure's component cache (`SharedComponents`): one table after another, each thread
    /// on its own castling, the threads would ask for the same structures at the same moment
    /// and mostly start from empty caches. The tasks run in parallel, one level of pawn
    /// advancement after another, most advanced first, since a structure's safety needs its
    /// successors'. The tables are the same as one castling at a time gives. Of two castlings
    /// that mirror each other only one is worked out ([`crate::start::search::swap`]), which
    /// halves the work for the rules whose castlings mirror with the array.
    pub fn prepare(paths: &[CastlingPath], bound: PawnBound) {
        if bound > PawnBound::ALL_EIGHT {
            return;
        }
        let mut paths: Vec<CastlingPath> = (paths.iter())
            .map(|path| path.unnamed())
            .filter(|&path| Self::worked_out(path, bound).is_none())
            .collect();
        paths.sort();
        paths.dedup();
        // A castling whose mirror image is worked out already, or comes earlier in the list,
        // takes the mirror of that table; only the others are worked out here.
        let (images, paths): (Vec<CastlingPath>, Vec<CastlingPath>) =
            paths.iter().partition(|&&path| {
                let image = path.mirrored();
                image < path && paths.binary_search(&image).is_ok()
                    || Self::worked_out(image, bound).is_some()
            });
        phases::timed(Phase::Tables, || {
            let safe = Self::work_out_together(&paths, bound.files());
            for (path, safe) in paths.into_iter().zip(safe) {
                Self::tables().once_per((path, bound), || safe);
            }
            for path in images {
                Self::tables().once_per((path, bound), || {
                    let image = Self::worked_out(path.mirrored(), bound);
                    image.expect("the mirror image's table is ready").mirrored()
                });
            }
        });
    }

    /// The tables of `paths` with pawns moved on at most `bound` files, each structure one task
    /// that tests it for every castling in turn ([`SafeStructures::prepare`]; a structure of a
    /// level of few, for a share of them), one level of pawn advancement after another, most
    /// advanced first.
    pub(super) fn work_out_together(paths: &[CastlingPath], bound: usize) -> Vec<SafeStructures> {
        let mut safe = vec![vec![false; STRUCTURES]; paths.len()];
        let robustness: Vec<Robustness> = paths.iter().map(|&path| Robustness::of(path)).collect();
        for level in within_by_level(bound).iter().rev() {
            // A level of few structures (the most and the least advanced) is split by castlings
            // too, so that no thread waits while another tests its one or two structures.
            let parts = (4 * rayon::current_num_threads()).div_ceil(level.len());
            let chunk = paths.len().div_ceil(parts).max(1);
            let tasks: Vec<(usize, Range<usize>)> = (level.iter())
                .flat_map(|&index| {
                    (0..paths.len())
                        .step_by(chunk)
                        .map(move |from| (index, from..(from + chunk).min(paths.len())))
                })
                .collect();
            let flags: Vec<Vec<bool>> = tasks
                .par_iter()
                .map(|(index, castlings)| {
                    (safe[castlings.clone()]
                        .iter()
                        .zip(&robustness[castlings.clone()]))
                    .map(|(table, robustness)| {
                        successors_safe(table, *index, bound) && robustness.cached(*index)
                    })
                    .collect()
                })
                .collect();
            for ((index, castlings), flags) in tasks.into_iter().zip(flags) {
                for (table, flag) in safe[castlings].iter_mut().zip(flags) {
                    table[index] = flag;
                }
            }
        }
        safe.into_iter()
            .map(|safe| SafeStructures { safe })
            .collect()
    }

    /// The safe structures of `castle` on a board `F` files wide: [`SafeStructures::of`] on the
    /// standard board, none on ten files, where the lemma is not worked out (its adversary
    /// places the queen, the other rook, the bishops and the knights; the archbishop and the
    /// chancellor are not among them), so that every castled position is examined one by one.
    pub fn of_width<const F: usize>(castle: Geometry, bound: PawnBound) -> &'static SafeStructures {
        if F == 8 {
            SafeStructures::of(CastlingPath::of_geometry(castle, Naming::Side), bound)
        } else {
            SafeStructures::none()
        }
    }

    /// The tables worked out so far.
    fn tables() -> &'static Tables {
        static TABLES: Tables = Mutex::new(BTreeMap::new());
        &TABLES
    }

    /// No structure safe: the search without the shortcut.
    pub fn none() -> &'static SafeStructures {
        static NONE: SafeStructures = SafeStructures { safe: Vec::new() };
        &NONE
    }

    /// Whether the structure of these pawns is safe (for the tests; the searches ask by index).
    #[cfg(test)]
    pub(crate) fn contains(&self, pawns: &[u8; 8]) -> bool {
        self.contains_index(structure_index(pawns))
    }

    /// Whether the structure with this index (`structure_index`) is safe.
    pub fn contains_index(&self, index: usize) -> bool {
        self.safe.get(index).copied().unwrap_or(false)
    }

    /// A flag per structure index, `true` where safe (empty for [`SafeStructures::none`]).
    pub fn flags(&self) -> &[bool] {
        &self.safe
    }

    /// How many structures are safe.
    pub fn count(&self) -> usize {
        self.safe.iter().filter(|&&s| s).count()
    }

    /// Robustness of every structure within the bound, then safety from the most advanced
    /// structures down: pawn moves only ever advance, so a structure's successors are settled
    /// before it.
    pub(super) fn work_out(path: CastlingPath, bound: usize) -> SafeStructures {
        let mut safe = vec![false; STRUCTURES];
        let robustness = Robustness::of(path);
        for &index in within_by_level(bound).iter().rev().flatten() {
            safe[index] = successors_safe(&safe, index, bound) && robustness.cached(index);
        }
        SafeStructures { safe }
    }
}

/// The index of the structure that mirrors structure `index`: the files' pawns in reverse.
fn mirrored_structure(index: usize) -> usize {
    let mut pawns = structure_pawns::<8>(index);
    pawns.reverse();
    structure_index(&pawns)
}

/// The structures with pawns moved on at most `bound` files, by level of advancement (the sum
/// of the pawns' states), least advanced first. A pawn move raises the level by one or two, so
/// a structure's successors are all on later levels.
fn within_by_level(bound: usize) -> Vec<Vec<usize>> {
    let mut levels: Vec<Vec<usize>> = Vec::new();
    for index in 0..STRUCTURES {
        let pawns = structure_pawns::<8>(index);
        if moved_files(&pawns) <= bound {
            let level = pawns.iter().map(|&s| s as usize).sum::<usize>();
            if levels.len() <= level {
                levels.resize(level + 1, Vec::new());
            }
            levels[level].push(index);
        }
    }
    levels
}

/// Whether every structure the pawns of structure `index` can reach in one move within the
/// bound is safe by `safe` (settled already: they are more advanced).
fn successors_safe(safe: &[bool], index: usize, bound: usize) -> bool {
    let pawns = structure_pawns::<8>(index);
    (0..8).all(|file| {
        let options = model::pawn_advances(pawns[file], moved_files(&pawns) < bound);
        options.iter().all(|&to| {
            let mut next = pawns;
            next[file] = to;
            safe[structure_index(&next)]
        })
    })
}

/// The safe structures worked out so far, by castling (named alike, see
/// [`CastlingPath::unnamed`]) and bound.
type Tables = Mutex<BTreeMap<(CastlingPath, PawnBound), &'static OnceLock<SafeStructures>>>;
/// Robustness of each structure, by castling: unknown, no or yes.
type Known = Mutex<BTreeMap<CastlingPath, &'static OnceLock<Vec<AtomicU8>>>>;

/// [`robust`] of one castling, remembered per structure: the tables for different bounds share
/// it. Taken once per table ([`Robustness::of`]), so that the tests of its structures, run in
/// parallel, take no lock.
struct Robustness {
    path: CastlingPath,
    /// Per structure: unknown, no or yes.
    known: &'static [AtomicU8],
}

impl Robustness {
    const UNKNOWN: u8 = 0;
    const NO: u8 = 1;
    const YES: u8 = 2;

    /// The memory of `path`'s robustness tests (named alike), shared by every caller.
    fn of(path: CastlingPath) -> Robustness {
        static KNOWN: Known = Mutex::new(BTreeMap::new());
        let known = KNOWN.once_per(path.unnamed(), || {
            (0..STRUCTURES)
                .map(|_| AtomicU8::new(Self::UNKNOWN))
                .collect()
        });
        Robustness { path, known }
    }

    /// Whether the structure with index `structure` is robust.
    ///
    /// Robustness only grows when a pawn goes on from rank 3: that frees its rank-3 square and
    /// changes nothing else, so the holes, the spots and hence the castle-legal placements stay
    /// the same, every move of the model stays a move (there are only more ways off the board
    /// and back), and components can only merge. So a structure is robust if the same structure
    /// with every moved pawn on rank 3 (the most walled) is; that one is asked first, and it
    /// answers for all `2^moved` structures of its files at once.
    fn cached(&self, structure: usize) -> bool {
        let pawns = structure_pawns::<8>(structure);
        if pawns.contains(&BEYOND) {
            let walled = pawns.map(|state| if state == BEYOND { THIRD } else { state });
            if self.known(structure_index(&walled)) {
                return true;
            }
        }
        self.known(structure)
    }

    /// [`robust`] of one structure, remembered.
    fn known(&self, structure: usize) -> bool {
        match self.known[structure].load(Ordering::Relaxed) {
            Self::UNKNOWN => {
                let result = robust(self.path, &structure_pawns::<8>(structure));
                let value = if result { Self::YES } else { Self::NO };
                self.known[structure].store(value, Ordering::Relaxed);
                result
            }
            value => value == Self::YES,
        }
    }
}
