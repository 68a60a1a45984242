//! A child process spoken to line by line, where no wait can last longer than a deadline.
//!
//! Pipes block: a read from an engine that hangs never returns, and a write to an engine that
//! stopped reading blocks once the pipe is full. So no pipe is touched by the caller's thread.
//! One thread writes what [`Process::send`] queues, one reads standard output into a channel
//! that [`Process::receive`] waits on with a deadline, and one keeps the last lines of standard
//! error for error messages. When a deadline passes, the caller kills the child, which ends every
//! blocked read and write. The threads are never joined: a grandchild that inherited a pipe (an
//! engine started through a shell script) could keep one open, and the caller must not wait for
//! it.

use std::collections::VecDeque;
use std::ffi::OsStr;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// The longest line kept; the rest of a longer line is dropped, so garbage without newlines
/// cannot exhaust memory.
const MAX_LINE: usize = 4096;

/// How many lines of standard error are kept for error messages.
const STDERR_LINES: usize = 3;

/// How long a child that closed its standard output gets to exit before it is killed.
const EXIT_GRACE: Duration = Duration::from_millis(500);

/// What waiting for the next line of standard output gave.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Received {
    /// One line, without its line ending.
    Line(String),
    /// Standard output is closed: the child exited or closed it.
    Closed,
    /// The deadline passed first.
    TimedOut,
}

/// A running child with piped standard input, output and error; killed and reaped on drop.
pub(crate) struct Process {
    child: Child,
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
    /// Starts `program` with `args`, its three standard streams piped to this process.
    pub(crate) fn spawn<S: AsRef<OsStr>>(program: &OsStr, args: &[S]) -> io::Result<Process> {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
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
    /// long as it takes).
    pub(crate) fn receive(&mut self, deadline: Option<Instant>) -> Received {
        loop {
            if let Some(line) = self.unread.pop_front() {
                return Received::Line(line);
            }
            let batch = match deadline {
                Some(deadline) => self
                    .output
                    .recv_timeout(deadline.saturating_duration_since(Instant::now())),
                None => self
                    .output
                    .recv()
                    .map_err(|_| RecvTimeoutError::Disconnected),
            };
            match batch {
                Ok(batch) => self.unread.extend(batch),
                Err(RecvTimeoutError::Timeout) => return Received::TimedOut,
                Err(RecvTimeoutError::Disconnected) => return Received::Closed,
            }
        }
    }

    /// After [`Received::Closed`]: how the child ended. A child still running after a short
    /// grace period is killed, and `None` says it had not exited by itself.
    pub(crate) fn exit_status(&mut self) -> Option<ExitStatus> {
        let grace = Instant::now() + EXIT_GRACE;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Some(status),
                Ok(None) if Instant::now() < grace => thread::sleep(Duration::from_millis(5)),
                _ => {
                    self.kill();
                    return None;
                }
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

    /// Kills the child and reaps it; idempotent.
    pub(crate) fn kill(&mut self) {
        self.input = None;
        // Both fail only if the child is already gone and reaped, which is what is wanted.
        let _ = self.child.kill();
        let _ = self.child.wait();
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
        let mut silent = Process::spawn(OsStr::new("sleep"), &["5"]).unwrap();
        let started = Instant::now();
        let deadline = Some(started + Duration::from_millis(50));
        assert_eq!(silent.receive(deadline), Received::TimedOut);
        assert!(started.elapsed() < Duration::from_secs(2));
        silent.kill();

        let mut echo =
            Process::spawn(OsStr::new("sh"), &["-c", "echo hi; echo oops >&2; exit 3"]).unwrap();
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
