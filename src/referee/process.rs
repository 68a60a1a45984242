//! A child process spoken to line by line, where no wait can last longer than a deadline, and
//! which leaves nothing running behind it.
//!
//! Pipes block: a read from an engine that hangs never returns, and a write to an engine that
//! stopped reading blocks once the pipe is full. So no pipe is touched by the caller's thread.
//! One thread writes what [`Process::send`] queues, one reads standard output into a channel
//! that [`Process::receive`] waits on with a deadline, and one keeps the last lines of standard
//! error for error messages. When a deadline passes, the caller ends the child, which ends every
//! blocked read and write. The threads are never joined: a process that escaped the child's
//! process group could keep a pipe open, and the caller must not wait for it.
//!
//! # The whole process group
//!
//! An engine is often a shell script that starts the real program without `exec`, and an engine
//! may fork helpers of its own: killing the child alone would leave them running, holding the
//! pipes. So the child starts in a process group of its own, and ending it
//! ([`Process::kill`], on drop, after a hang, a crash or an interruption) sends `SIGKILL` to the
//! whole group, reaps the child, and then reaps every other member that has become a child of
//! this process: the ones whose parent died, when this process is a *child subreaper*
//! (`prctl(PR_SET_CHILD_SUBREAPER)`, which the command line sets; a library caller that does
//! not leaves them to its init process). A process that left the group (`setsid`) is beyond
//! reach.
//!
//! The child's exit is watched while waiting for output (without reaping it, so that its id,
//! the group's, cannot be reused before the group is killed): a child that exits while another
//! member still holds its standard output is reported as exited rather than as silent. A wait
//! also ends when the [`Interrupt`] given at the start is raised (by a signal, say).

use rustix::process::{Pid, Signal, WaitId, WaitIdOptions, WaitOptions};
use std::collections::VecDeque;
use std::ffi::OsStr;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt as _;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// The longest line kept; the rest of a longer line is dropped, so garbage without newlines
/// cannot exhaust memory.
const MAX_LINE: usize = 4096;

/// How many lines of standard error are kept for error messages.
const STDERR_LINES: usize = 3;

/// How long a child that closed its standard output gets to exit before it is killed; and how
/// long the output of a child that exited is still read (what it wrote just before exiting)
/// when another process holds its standard output open.
const EXIT_GRACE: Duration = Duration::from_millis(500);

/// How often a wait for output looks whether the child has exited or the wait was interrupted.
/// Output that arrives ends the wait at once; this only bounds how late an exit or an
/// interruption is noticed while the child is silent.
const POLL: Duration = Duration::from_millis(50);

/// A flag that ends the waits of the processes started with it: raised from another thread, or
/// from a signal handler (`signal_hook::flag::register_usize` sets [`Interrupt::flag`]), it
/// makes [`crate::referee::Engine`]'s current and later waits give up with
/// [`crate::referee::EngineError::Interrupted`] within a few tens of milliseconds.
///
/// ```
/// use castle960::referee::Interrupt;
/// let interrupt = Interrupt::new();
/// assert_eq!(interrupt.raised(), None);
/// interrupt.clone().raise(15);
/// assert_eq!(interrupt.raised(), Some(15));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Interrupt(Arc<AtomicUsize>);

impl Interrupt {
    /// A flag not raised yet.
    pub fn new() -> Interrupt {
        Interrupt::default()
    }

    /// Raises the flag with `reason`, any number but 0 (the command line gives the signal's).
    pub fn raise(&self, reason: usize) {
        self.0.store(reason, Ordering::SeqCst);
    }

    /// The reason it was raised with, once it is.
    pub fn raised(&self) -> Option<usize> {
        match self.0.load(Ordering::SeqCst) {
            0 => None,
            reason => Some(reason),
        }
    }

    /// The flag itself: 0 until raised, then the reason. For signal handlers, which may only
    /// store to an atomic.
    pub fn flag(&self) -> Arc<AtomicUsize> {
        Arc::clone(&self.0)
    }
}

/// Two interrupts are equal when they are one flag.
impl PartialEq for Interrupt {
    fn eq(&self, other: &Interrupt) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Interrupt {}

/// What waiting for the next line of standard output gave.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Received {
    /// One line, without its line ending.
    Line(String),
    /// Standard output is closed: the child exited or closed it.
    Closed,
    /// The deadline passed first.
    TimedOut,
    /// The [`Interrupt`] was raised.
    Interrupted,
}

/// A running child with piped standard input, output and error, in a process group of its own;
/// the group is killed and reaped on drop.
pub(crate) struct Process {
    child: Child,
    /// The child's process group: its own id.
    group: Pid,
    /// Set once the group is killed and the child reaped: the child's exit status, if it could
    /// be read.
    ended: Option<Option<ExitStatus>>,
    /// When the child was first seen to have exited while its output was still open.
    exited_at: Option<Instant>,
    interrupt: Interrupt,
    /// Queues text for the writer thread; `None` once the child is killed.
    input: Option<Sender<String>>,
    /// Batches of lines from the reader thread: all the complete lines one read brought, so a
    /// burst of output costs one wake-up, not one per line.
    output: Receiver<Vec<String>>,
    /// Lines of the last batch not handed out yet.
    unread: VecDeque<String>,
    stderr: Arc<Mutex<StderrTail>>,
}

/// The last lines of standard error, and whether it has ended.
#[derive(Default)]
struct StderrTail {
    lines: VecDeque<String>,
    closed: bool,
}

impl Process {
    /// Starts `program` with `args` in a process group of its own, its three standard streams
    /// piped to this process; its waits end when `interrupt` is raised.
    pub(crate) fn spawn<S: AsRef<OsStr>>(
        program: &OsStr,
        args: &[S],
        interrupt: &Interrupt,
    ) -> io::Result<Process> {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()?;
        let group = Pid::from_child(&child);
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let stderr = child.stderr.take().expect("stderr is piped");

        let (input, queued) = mpsc::channel();
        thread::spawn(move || write_all(stdin, queued));

        let (batches, output) = mpsc::channel();
        thread::spawn(move || read_batches(stdout, |batch| batches.send(batch).is_ok()));

        let tail = Arc::new(Mutex::new(StderrTail::default()));
        let kept = Arc::clone(&tail);
        thread::spawn(move || {
            let lock = || kept.lock().unwrap_or_else(|e| e.into_inner());
            read_lines(stderr, |line| {
                if !line.trim().is_empty() {
                    let mut kept = lock();
                    if kept.lines.len() == STDERR_LINES {
                        kept.lines.pop_front();
                    }
                    kept.lines.push_back(line);
                }
                true
            });
            lock().closed = true;
        });

        Ok(Process {
            child,
            group,
            ended: None,
            exited_at: None,
            interrupt: interrupt.clone(),
            input: Some(input),
            output,
            unread: VecDeque::new(),
            stderr: tail,
        })
    }

    /// Queues `text` for the child's standard input; never blocks. Text sent to a child that
    /// exited is lost, which the next [`receive`](Process::receive) reports as
    /// [`Received::Closed`].
    pub(crate) fn send(&self, text: String) {
        if let Some(input) = &self.input {
            // The writer thread has ended only if the child's stdin broke, i.e. the child is gone.
            let _ = input.send(text);
        }
    }

    /// The next line of standard output, waiting at most until `deadline` (`None`: for as
    /// long as it takes). A child that exited gives [`Received::Closed`] once what it wrote is
    /// read, even while another process holds its standard output open.
    pub(crate) fn receive(&mut self, deadline: Option<Instant>) -> Received {
        loop {
            if self.interrupt.raised().is_some() {
                return Received::Interrupted;
            }
            if let Some(line) = self.unread.pop_front() {
                return Received::Line(line);
            }
            let now = Instant::now();
            if self
                .exited_at
                .is_some_and(|exited| now >= exited + EXIT_GRACE)
            {
                return Received::Closed;
            }
            let wait = deadline.map_or(POLL, |deadline| {
                deadline.saturating_duration_since(now).min(POLL)
            });
            match self.output.recv_timeout(wait) {
                Ok(batch) => self.unread.extend(batch),
                Err(RecvTimeoutError::Disconnected) => return Received::Closed,
                Err(RecvTimeoutError::Timeout) => {
                    if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
                        return Received::TimedOut;
                    }
                    if self.exited_at.is_none() && self.has_exited() {
                        self.exited_at = Some(Instant::now());
                    }
                }
            }
        }
    }

    /// After [`Received::Closed`]: how the child ended. A child still running after a short
    /// grace period is killed, and `None` says it had not exited by itself. Either way the
    /// whole group is ended.
    pub(crate) fn exit_status(&mut self) -> Option<ExitStatus> {
        let grace = Instant::now() + EXIT_GRACE;
        let exited = loop {
            if self.has_exited() {
                break true;
            }
            if Instant::now() >= grace {
                break false;
            }
            thread::sleep(Duration::from_millis(5));
        };
        let status = self.end();
        status.filter(|_| exited)
    }

    /// Whether the child has exited (or is gone), without reaping it: its id stays taken, so
    /// the group cannot be mistaken for another until [`Process::end`] kills it.
    fn has_exited(&self) -> bool {
        if self.ended.is_some() {
            return true;
        }
        let options = WaitIdOptions::EXITED | WaitIdOptions::NOHANG | WaitIdOptions::NOWAIT;
        loop {
            match rustix::process::waitid(WaitId::Pid(self.group), options) {
                Err(rustix::io::Errno::INTR) => continue,
                // An error means there is no such child to wait for any more.
                result => return !matches!(result, Ok(None)),
            }
        }
    }

    /// The last few non-blank lines the child wrote to standard error, joined by " | ",
    /// waiting up to `wait` for standard error to end (a child that just exited may not have
    /// been read to the end yet).
    pub(crate) fn stderr_tail(&self, wait: Duration) -> Option<String> {
        let until = Instant::now() + wait;
        loop {
            let kept = self.stderr.lock().unwrap_or_else(|e| e.into_inner());
            if kept.closed || Instant::now() >= until {
                let lines = Vec::from(kept.lines.clone());
                return (!lines.is_empty()).then(|| lines.join(" | "));
            }
            drop(kept);
            thread::sleep(Duration::from_millis(2));
        }
    }

    /// Kills the child's whole process group and reaps it; idempotent.
    pub(crate) fn kill(&mut self) {
        self.end();
    }

    /// Kills the group, reaps the child and every member of the group that is a child of this
    /// process (see the module docs), and gives the child's exit status; idempotent.
    fn end(&mut self) -> Option<ExitStatus> {
        self.input = None;
        if let Some(status) = self.ended {
            return status;
        }
        // Fails only if no member is left, which is what is wanted.
        let _ = rustix::process::kill_process_group(self.group, Signal::KILL);
        let status = self.child.wait().ok();
        // Every member was sent SIGKILL, so each wait ends. A member whose parent in the group
        // is reaped here became this process's child before that parent could be reaped, so
        // the loop meets it too; it ends when no child of this process is left in the group.
        while let Ok(Some(_)) | Err(rustix::io::Errno::INTR) =
            rustix::process::waitpgid(self.group, WaitOptions::empty())
        {}
        self.ended = Some(status);
        status
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The writer thread: writes each queued text and flushes, until the queue closes or the
/// child's standard input breaks.
fn write_all(mut stdin: ChildStdin, queued: Receiver<String>) {
    for text in queued {
        if stdin
            .write_all(text.as_bytes())
            .and_then(|()| stdin.flush())
            .is_err()
        {
            return;
        }
    }
}

/// Reads `stream` line by line (lossy UTF-8, line endings and carriage returns removed, each
/// line cut at [`MAX_LINE`] bytes) and hands each to `each` until the stream ends, fails, or
/// `each` returns false.
fn read_lines(stream: impl Read, mut each: impl FnMut(String) -> bool) {
    read_batches(stream, |batch| batch.into_iter().all(&mut each));
}

/// Reads `stream` as [`read_lines`] does, handing out the lines in batches: all complete lines
/// that have arrived, handed out before any wait for more, so no line is held back.
fn read_batches(stream: impl Read, mut each: impl FnMut(Vec<String>) -> bool) {
    let mut reader = BufReader::new(stream);
    let mut line = Vec::new();
    let mut batch = Vec::new();
    loop {
        line.clear();
        let more = matches!(read_line_cut(&mut reader, &mut line), Ok(true));
        if more {
            while matches!(line.last(), Some(b'\n' | b'\r')) {
                line.pop();
            }
            batch.push(String::from_utf8_lossy(&line).into_owned());
        }
        // Hand the batch out unless another complete line is already buffered.
        if !more || !reader.buffer().contains(&b'\n') {
            if !batch.is_empty() && !each(std::mem::take(&mut batch)) {
                return;
            }
            if !more {
                return;
            }
        }
    }
}

/// Reads one line into `line`, keeping at most [`MAX_LINE`] bytes of it; false at the end of
/// the stream with nothing read.
fn read_line_cut(reader: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<bool> {
    let mut read_any = false;
    loop {
        let buffer = reader.fill_buf()?;
        if buffer.is_empty() {
            return Ok(read_any);
        }
        read_any = true;
        let (chunk, done) = match buffer.iter().position(|&b| b == b'\n') {
            Some(end) => (&buffer[..=end], true),
            None => (buffer, false),
        };
        let room = MAX_LINE.saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = chunk.len();
        reader.consume(used);
        if done {
            return Ok(true);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines_of(bytes: &[u8]) -> Vec<String> {
        let mut lines = Vec::new();
        read_lines(bytes, |line| {
            lines.push(line);
            true
        });
        lines
    }

    #[test]
    fn lines_lose_their_endings_and_keep_their_content() {
        assert_eq!(
            lines_of(b"uciok\r\n\nlast"),
            ["uciok", "", "last"].map(String::from)
        );
        assert_eq!(lines_of(b"a\xffb\n"), ["a\u{fffd}b"].map(String::from));
    }

    #[test]
    fn a_long_line_is_cut_and_the_next_one_is_whole() {
        let mut input = vec![b'x'; 3 * MAX_LINE];
        input.extend_from_slice(b"\nreadyok\n");
        let lines = lines_of(&input);
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].len(), MAX_LINE);
        assert_eq!(lines[1], "readyok");
    }

    #[test]
    fn a_silent_child_times_out_and_a_finished_one_closes() {
        let interrupt = Interrupt::new();
        let mut silent = Process::spawn(OsStr::new("sleep"), &["5"], &interrupt).unwrap();
        let started = Instant::now();
        let deadline = Some(started + Duration::from_millis(50));
        assert_eq!(silent.receive(deadline), Received::TimedOut);
        assert!(started.elapsed() < Duration::from_secs(2));
        silent.kill();

        let mut echo = Process::spawn(
            OsStr::new("sh"),
            &["-c", "echo hi; echo oops >&2; exit 3"],
            &interrupt,
        )
        .unwrap();
        let deadline = Some(Instant::now() + Duration::from_secs(5));
        assert_eq!(echo.receive(deadline), Received::Line("hi".into()));
        assert_eq!(echo.receive(deadline), Received::Closed);
        assert_eq!(echo.exit_status().and_then(|s| s.code()), Some(3));
        assert_eq!(
            echo.stderr_tail(Duration::from_secs(5)).as_deref(),
            Some("oops")
        );
    }
}
