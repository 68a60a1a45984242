//! Progress on stderr while the report runs.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Progress on stderr while the report runs, shown only on a terminal and only after a second.
pub struct Progress {
    start: Instant,
    shown: AtomicBool,
    enabled: bool,
}

impl Progress {
    /// Progress that starts counting now.
    pub fn new() -> Progress {
        Progress {
            start: Instant::now(),
            shown: AtomicBool::new(false),
            enabled: std::io::stderr().is_terminal(),
        }
    }

    /// Shows `share` (0 to 1) of the work as done.
    pub fn update(&self, share: f64) {
        if self.enabled && self.start.elapsed().as_secs_f64() > 1.0 {
            self.shown.store(true, Ordering::Relaxed);
            eprint!("\ranalysing the 960 arrangements: {:3.0}%", share * 100.0);
        }
    }

    /// Clears the progress line, if one was shown.
    pub fn finish(&self) {
        if self.shown.load(Ordering::Relaxed) {
            eprintln!("\r{:<40}", "");
        }
    }
}
