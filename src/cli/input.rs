//! What the user gives castle960 to read, read with bounds: a file named on the command line
//! (`castle --pgn`, `why --pgn`, `referee --suite`) or standard input (`show -`).
//!
//! A stream can be endless (`/dev/zero`, `/dev/urandom`, `yes 518 | castle960 show -`): read to
//! its end, it would take all memory, or never end. So every read stops at a maximum size
//! (`--max-input`, default [`MAX_INPUT`]) and at a maximum line length (`--max-line`, default
//! [`MAX_LINE`]), and the run is refused there with exit 2 and one line naming the limit and
//! how to raise it. The defaults leave room for any real game or list: a game of 100,000 plies
//! with its whole movetext on one line takes under 1 MiB (4 MiB with a clock comment after every
//! move), and a PGN collection of tens of thousands of games fits in 64 MiB; a larger one can be
//! read with a larger `--max-input`.

use crate::cli::CliError;
use castle960::error::quote;
use clap::Args;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

/// The default bound on the size of what is read: 64 MiB.
pub const MAX_INPUT: u64 = 64 << 20;

/// The default bound on the length of one line: 16 MiB.
pub const MAX_LINE: u64 = 16 << 20;

/// The bounds on what a command reads, declared once for every command that reads a file or
/// standard input.
#[derive(Args, Clone, Copy, Debug)]
pub struct InputLimits {
    /// The most bytes read from a file (--pgn, --suite) or standard input (show -) before it
    /// is refused; a number with an optional K, M or G (KiB, MiB, GiB).
    #[arg(long, value_name = "BYTES", default_value = "64M", value_parser = bytes)]
    pub max_input: u64,
    /// The longest line read, in bytes, before the input is refused; a number with an optional
    /// K, M or G (KiB, MiB, GiB).
    #[arg(long, value_name = "BYTES", default_value = "16M", value_parser = bytes)]
    pub max_line: u64,
}

impl Default for InputLimits {
    fn default() -> InputLimits {
        InputLimits {
            max_input: MAX_INPUT,
            max_line: MAX_LINE,
        }
    }
}

/// The binary units, largest first: the power of two, the suffix the bounds' flags take, and
/// the name messages show.
const UNITS: [(u32, &str, &str); 4] = [
    (40, "T", "TiB"),
    (30, "G", "GiB"),
    (20, "M", "MiB"),
    (10, "K", "KiB"),
];

/// A byte count as the bounds' flags take it: digits and an optional suffix of [`UNITS`] (case
/// ignored); at least 1.
fn bytes(text: &str) -> Result<u64, String> {
    let digits = text.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let suffix = text[digits.len()..].to_ascii_uppercase();
    let shift = match UNITS.iter().find(|(_, unit, _)| *unit == suffix) {
        Some(&(shift, _, _)) => shift,
        None if suffix.is_empty() => 0,
        None => {
            return Err(
                "write a number of bytes, with K, M, G or T for KiB, MiB, GiB or TiB".into(),
            );
        }
    };
    let number: u64 = digits
        .parse()
        .map_err(|_| "write a whole number of bytes, like 1000, 64K or 16M".to_string())?;
    match number.checked_mul(1 << shift) {
        Some(0) => Err("the bound must be at least 1 byte".into()),
        Some(n) => Ok(n),
        None => Err("that is more bytes than castle960 can count".into()),
    }
}

/// `bytes` in the largest of [`UNITS`] that keeps it a whole number: the number, the unit's
/// suffix and its name; `None` below 1 KiB or when no unit divides it.
fn in_units(bytes: u64) -> Option<(u64, &'static str, &'static str)> {
    UNITS
        .iter()
        .find(|&&(shift, _, _)| bytes >= 1 << shift && bytes.is_multiple_of(1 << shift))
        .map(|&(shift, suffix, name)| (bytes >> shift, suffix, name))
}

/// A byte count as messages show it: `64 MiB`, or `1000 bytes`.
fn size(bytes: u64) -> String {
    in_units(bytes).map_or(format!("{bytes} bytes"), |(n, _, name)| {
        format!("{n} {name}")
    })
}

/// A byte count as the bounds' flags take it, for the example in a message: `128M`, or `2001`.
fn flag_value(bytes: u64) -> String {
    in_units(bytes).map_or(bytes.to_string(), |(n, suffix, _)| format!("{n}{suffix}"))
}

/// Which bound an input went past.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// `--max-input`: the whole input.
    Input,
    /// `--max-line`: one line.
    Line,
}

/// An input that went past a bound: what it was, which bound, and the bound's value.
#[derive(Debug, thiserror::Error)]
#[error(
    "{what} is longer than {}, the limit of {flag}; raise it with {flag} BYTES (for example {flag} {})",
    size(*.limit),
    flag_value(.limit.saturating_mul(2)),
    flag = .bound.flag()
)]
pub struct TooLong {
    /// The input or the line, as messages name it (`"game.pgn"`, `line 3 of standard input`).
    pub what: String,
    /// The bound passed.
    pub bound: Bound,
    /// Its value.
    pub limit: u64,
}

impl Bound {
    /// The flag that sets it.
    fn flag(self) -> &'static str {
        match self {
            Bound::Input => "--max-input",
            Bound::Line => "--max-line",
        }
    }
}

/// What went wrong while reading: the bounds, or the operating system.
#[derive(Debug)]
enum ReadError {
    TooLong(TooLong),
    Io(io::Error),
}

/// Hands each line of `reader` to `each` (with its number, from 1, and its bytes, line ending
/// included) until the end, refusing the input when it passes `limits`: nothing past a bound is
/// ever held in memory. `what` names the input in messages.
fn each_line(
    reader: impl Read,
    what: &str,
    limits: InputLimits,
    mut each: impl FnMut(usize, &[u8]) -> Result<(), CliError>,
) -> Result<(), Result<ReadError, CliError>> {
    // One byte past each bound is read, to tell an input that ends at the bound from one that
    // goes on.
    let mut reader = BufReader::new(reader.take(limits.max_input.saturating_add(1)));
    let mut line = Vec::new();
    let mut total: u64 = 0;
    for number in 1.. {
        line.clear();
        let read = (&mut reader)
            .take(limits.max_line.saturating_add(1))
            .read_until(b'\n', &mut line)
            .map_err(|e| Ok(ReadError::Io(e)))?;
        total += read as u64;
        if total > limits.max_input {
            return Err(Ok(ReadError::TooLong(TooLong {
                what: what.to_string(),
                bound: Bound::Input,
                limit: limits.max_input,
            })));
        }
        let content = line.strip_suffix(b"\n").unwrap_or(&line);
        if content.len() as u64 > limits.max_line {
            return Err(Ok(ReadError::TooLong(TooLong {
                what: format!("line {number} of {what}"),
                bound: Bound::Line,
                limit: limits.max_line,
            })));
        }
        if read == 0 {
            break;
        }
        each(number, &line).map_err(Err)?;
    }
    Ok(())
}

/// The whole text of the file at `path`, read within `limits`: a regular file larger than the
/// size bound is refused before it is read; anything else (a device, a pipe) is read up to the
/// bounds. Text that is not UTF-8 is refused as before the bounds existed.
pub fn read_file(path: &Path, limits: InputLimits) -> Result<String, CliError> {
    let what = quote(&path.display().to_string());
    let read_error = |source: io::Error| CliError::ReadFile {
        path: path.display().to_string(),
        source,
    };
    let file = std::fs::File::open(path).map_err(read_error)?;
    if let Ok(meta) = file.metadata()
        && meta.is_file()
        && meta.len() > limits.max_input
    {
        return Err(CliError::TooLong(TooLong {
            what,
            bound: Bound::Input,
            limit: limits.max_input,
        }));
    }
    let mut text = Vec::new();
    let read = each_line(file, &what, limits, |_, line| {
        text.extend_from_slice(line);
        Ok(())
    });
    match read {
        Ok(()) => String::from_utf8(text).map_err(|_| {
            read_error(io::Error::new(
                io::ErrorKind::InvalidData,
                "stream did not contain valid UTF-8",
            ))
        }),
        Err(Ok(ReadError::TooLong(e))) => Err(CliError::TooLong(e)),
        Err(Ok(ReadError::Io(e))) => Err(read_error(e)),
        Err(Err(e)) => Err(e),
    }
}

/// Hands each line of standard input to `each` (its number, from 1, and its text, line ending
/// removed, bytes that are not UTF-8 shown as U+FFFD) within `limits`.
pub fn stdin_lines(
    limits: InputLimits,
    mut each: impl FnMut(usize, &str) -> Result<(), CliError>,
) -> Result<(), CliError> {
    let read = each_line(
        std::io::stdin().lock(),
        "standard input",
        limits,
        |number, line| {
            let line = line.strip_suffix(b"\n").unwrap_or(line);
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            each(number, &String::from_utf8_lossy(line))
        },
    );
    match read {
        Ok(()) => Ok(()),
        Err(Ok(ReadError::TooLong(e))) => Err(CliError::TooLong(e)),
        Err(Ok(ReadError::Io(e))) => Err(CliError::Stdin(e)),
        Err(Err(e)) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_counts_take_binary_suffixes() {
        assert_eq!(bytes("1000"), Ok(1000));
        assert_eq!(bytes("64K"), Ok(64 << 10));
        assert_eq!(bytes("16m"), Ok(16 << 20));
        assert_eq!(bytes("2G"), Ok(2 << 30));
        for bad in ["", "0", "K", "-1", "1.5M", "12X", "99999999999T"] {
            assert!(bytes(bad).is_err(), "{bad}");
        }
        assert_eq!(size(64 << 20), "64 MiB");
        assert_eq!(size(1000), "1000 bytes");
        assert_eq!(flag_value(128 << 20), "128M");
        assert_eq!(flag_value(2001), "2001");
    }

    fn lines_of(text: &[u8], max_input: u64, max_line: u64) -> Result<Vec<String>, String> {
        let mut lines = Vec::new();
        let limits = InputLimits {
            max_input,
            max_line,
        };
        each_line(text, "the input", limits, |n, line| {
            lines.push(format!("{n}:{}", String::from_utf8_lossy(line)));
            Ok(())
        })
        .map_err(|e| match e {
            Ok(ReadError::TooLong(e)) => e.to_string(),
            _ => "other".to_string(),
        })?;
        Ok(lines)
    }

    /// An input or a line exactly at its bound is read; one byte more is refused, naming the
    /// bound.
    #[test]
    fn the_bounds_are_exact() {
        assert_eq!(
            lines_of(b"ab\ncd", 5, 2),
            Ok(vec!["1:ab\n".to_string(), "2:cd".to_string()])
        );
        let past = lines_of(b"ab\ncde", 6, 2).unwrap_err();
        assert!(
            past.starts_with("line 2 of the input is longer than 2 bytes, the limit of --max-line"),
            "{past}"
        );
        let past = lines_of(b"ab\ncd\n", 5, 2).unwrap_err();
        assert!(
            past.starts_with("the input is longer than 5 bytes, the limit of --max-input"),
            "{past}"
        );
        assert_eq!(lines_of(b"", 5, 2), Ok(vec![]));
    }
}
