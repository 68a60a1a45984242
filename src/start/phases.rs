//! Where the analyses' time goes: the time spent in each costly phase, summed over every call on
//! every thread, for `measure phases` (`measure/src/bin/measure.rs`), which prints the phase table
//! of the README's "Measuring" section. Run on one thread (`RAYON_NUM_THREADS=1`) the sums are CPU
//! time and add up to the whole, as long as no phase runs inside another: the report builds every
//! table before its group searches (`analysis::groups::costliest_first`), but a lone `show` builds
//! a table inside the group search that first needs it, where the two would overlap. On several
//! threads the sums overlap in wall-clock time. Two clock readings per call, and the calls timed
//! are whole searches, so the bookkeeping costs nothing measurable.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// A costly phase of the analyses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The swap lemma's safe structures, one table per castling and bound
    /// ([`crate::start::search::swap::SafeStructures::of`]); the report's are worked out
    /// together ([`crate::start::search::swap::SafeStructures::prepare`], timed as one call, so
    /// that on several threads this phase counts wall-clock time, not the threads' sum).
    Tables,
    /// The castling games of the castling groups and the walks they ask for
    /// ([`crate::start::search::pawn::decide_group`]).
    GroupSearches,
    /// Each decided castling's witness, searched alone
    /// ([`crate::start::search::pawn::decided_witness`]).
    Witnesses,
    /// The exact shortest games the report shows ([`crate::start::search::shortest`]).
    ShortestGames,
}

impl Phase {
    /// Every phase, in the order the report first meets them.
    pub const ALL: [Phase; 4] = [
        Phase::Tables,
        Phase::GroupSearches,
        Phase::Witnesses,
        Phase::ShortestGames,
    ];

    /// The phase's name in the phase table.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Tables => "safe-structure tables",
            Phase::GroupSearches => "group searches",
            Phase::Witnesses => "witness searches",
            Phase::ShortestGames => "shortest games",
        }
    }
}

/// Nanoseconds spent so far, by phase.
static SPENT: [AtomicU64; Phase::ALL.len()] = [const { AtomicU64::new(0) }; Phase::ALL.len()];

/// Runs `f`, adding the time it takes to `phase`.
pub fn timed<T>(phase: Phase, f: impl FnOnce() -> T) -> T {
    let started = Instant::now();
    let result = f();
    let nanos = u64::try_from(started.elapsed().as_nanos()).unwrap_or(u64::MAX);
    SPENT[phase as usize].fetch_add(nanos, Ordering::Relaxed);
    result
}

/// The time spent in `phase` so far, over every thread.
pub fn spent(phase: Phase) -> Duration {
    Duration::from_nanos(SPENT[phase as usize].load(Ordering::Relaxed))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A timed call adds at least its own duration to its phase, and hands back what it made.
    #[test]
    fn a_timed_call_adds_its_time_to_its_phase() {
        let before = spent(Phase::ShortestGames);
        let pause = Duration::from_millis(5);
        let made = timed(Phase::ShortestGames, || {
            std::thread::sleep(pause);
            7
        });
        assert_eq!(made, 7);
        assert!(spent(Phase::ShortestGames) - before >= pause);
    }
}
