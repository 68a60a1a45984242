//! Small helpers for English text: counts with the right noun form, lists joined with "and",
//! colour names, and paragraphs wrapped for a terminal. Every output of both halves shares them
//! so that no two word the same fact differently.

use cozy_chess::Color;

/// `white` or `black`.
pub const fn color(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// `White` or `Black`, to start a sentence.
pub const fn color_title(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// `n` and the noun in the number `n` asks for: "1 file", "3 files", "0 castled cores".
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The items as English lists them: "a", "a and b", "a, b and c".
pub fn join(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {}", init.join(", "), last),
    }
}

/// The text with its first letter in upper case, for a list that opens a sentence.
pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The width `show` and the summary wrap their paragraphs at when no terminal says otherwise:
/// reasons run to hundreds of characters.
pub const WIDTH: usize = 100;

/// The narrowest width text is wrapped at: narrower, the hanging indents and the longest
/// words (moves, square lists) would leave little room on a line.
pub const MIN_WIDTH: usize = 40;

/// `text` wrapped at `width` columns: the first line starts with `first`, the following ones
/// with `rest` (a hanging indent). Words are never split, so a word longer than a line gets a
/// line of its own. Every line ends with a newline.
pub fn wrap(text: &str, first: &str, rest: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = first.to_string();
    let mut empty = true;
    for word in text.split_whitespace() {
        if !empty && line.chars().count() + 1 + word.chars().count() > width {
            out.push_str(&line);
            out.push('\n');
            line = rest.to_string();
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(word);
        empty = false;
    }
    out.push_str(&line);
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_lists_and_wrapping() {
        assert_eq!(count(1, "file", "files"), "1 file");
        assert_eq!(count(2, "file", "files"), "2 files");
        assert_eq!(join(&["a".into(), "b".into(), "c".into()]), "a, b and c");
        let long = "word ".repeat(60);
        let wrapped = wrap(&long, "  ", "    ", WIDTH);
        assert!(wrapped.lines().all(|l| l.len() <= WIDTH));
        assert!(wrapped.lines().skip(1).all(|l| l.starts_with("    word")));
        assert_eq!(wrapped.split_whitespace().count(), 60);
        let narrow = wrap(&long, "", "  ", MIN_WIDTH);
        assert!(narrow.lines().all(|l| l.len() <= MIN_WIDTH));
        assert_eq!(narrow.split_whitespace().count(), 60);
    }
}
