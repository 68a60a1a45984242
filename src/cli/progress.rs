//! Progress on stderr while the report runs.

use crate::cli::error::to_stderr;
use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::Instant;

/// Progress on stderr while the report runs, shown only on a terminal, only after a second,
/// and never going backwards.
pub struct Progress {
    start: Instant,
    shown: Mutex<Monotone>,
    enabled: bool,
    /// What is being analysed, as the progress line names it.
    what: &'static str,
}

impl Progress {
    /// Progress that starts counting now; `quiet` (or stderr not being a terminal) shows none.
    pub fn new(quiet: bool) -> Progress {
        Progress {
            start: Instant::now(),
            shown: Mutex::new(Monotone::default()),
            enabled: !quiet && std::io::stderr().is_terminal(),
            what: "the 960 arrangements",
        }
    }

    /// The same progress, naming `what` is analysed ("the 21,836 CRC arrays").
    pub fn of(self, what: &'static str) -> Progress {
        Progress { what, ..self }
    }

    /// Shows `share` (0 to 1) of the work as done. Called from many threads, whose reports
    /// arrive out of order: a share below one already shown is not shown. The check and the
    /// printing happen under one lock, so two threads cannot print in the opposite order of
    /// their checks; a thread that finds the lock taken skips its update (a later one follows).
    pub fn update(&self, share: f64) {
        if !self.enabled || self.start.elapsed().as_secs_f64() <= 1.0 {
            return;
        }
        let Ok(mut shown) = self.shown.try_lock() else {
            return;
        };
        if let Some(percent) = shown.advance(share) {
            to_stderr(&format!("\ranalysing {}: {percent:3}%", self.what));
        }
    }

    /// Clears the progress line, if one was shown.
    pub fn finish(&self) {
        let shown = self.shown.lock().unwrap_or_else(|e| e.into_inner());
        if shown.last.is_some() {
            to_stderr(&format!("\r{:<40}\r", ""));
        }
    }
}

/// The whole percentage last shown, which only grows.
#[derive(Default)]
struct Monotone {
    last: Option<u32>,
}

impl Monotone {
    /// The percentage of `share` (0 to 1) if it is more than the last one shown, which it
    /// becomes; `None` when it would repeat the last one or go back.
    fn advance(&mut self, share: f64) -> Option<u32> {
        let percent = (share.clamp(0.0, 1.0) * 100.0).round() as u32;
        if self.last.is_some_and(|last| percent <= last) {
            return None;
        }
        self.last = Some(percent);
        Some(percent)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_arriving_out_of_order_never_go_back() {
        let mut m = Monotone::default();
        let shown: Vec<u32> = [0.10, 0.61, 0.60, 0.605, 0.99, 0.98, 0.994, 1.0, 0.5]
            .iter()
            .filter_map(|&s| m.advance(s))
            .collect();
        assert_eq!(shown, [10, 61, 99, 100]);
    }

    /// Many threads reporting through one `Progress`-like lock: what is shown, in the order it
    /// is shown, strictly increases whatever order the threads' shares arrive in.
    #[test]
    fn threads_show_a_strictly_increasing_sequence() {
        let shown = Mutex::new((Monotone::default(), Vec::new()));
        let done = std::sync::atomic::AtomicUsize::new(0);
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| {
                    for _ in 0..1000 {
                        let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                        let mut guard = shown.lock().unwrap();
                        let (monotone, printed) = &mut *guard;
                        if let Some(p) = monotone.advance(n as f64 / 4000.0) {
                            printed.push(p);
                        }
                    }
                });
            }
        });
        let printed = shown.into_inner().unwrap().1;
        assert!(printed.windows(2).all(|w| w[0] < w[1]), "{printed:?}");
        assert_eq!(printed.last(), Some(&100));
    }
}
