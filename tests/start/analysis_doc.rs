//! analysis.md's template carries no result typed by hand, and every fact the program computes is
//! shown. (That the committed analysis.md is exactly what the program renders is checked in
//! tests/cli/report_and_show.rs, with the one full run of the report the test suite makes.)

use castle960::chess::Rule;
use castle960::report::analysis_doc::{self, TEMPLATE};
use castle960::report::template::Facts;
use castle960::start::analysis::analyse_all_with;
use castle960::start::bound::PawnBound;
use castle960::start::rules;

#[test]
fn every_fact_is_used_and_every_placeholder_known() {
    let analyses = analyse_all_with(PawnBound::ONE, &|_| {});
    let under_rules = rules::analyse_all(&Rule::ALL, &analyses, PawnBound::ONE, &|_| {});
    let facts = analysis_doc::facts(&analyses, &under_rules);
    for name in facts.names() {
        assert!(
            TEMPLATE.contains(&format!("{{{{{name}}}}}")),
            "fact {name} is never shown"
        );
    }
    assert!(facts.fill(TEMPLATE).is_ok());
    let empty = Facts::new();
    assert!(empty.fill("a {{nope}} b").is_err());
    assert!(empty.fill("a {{unclosed").is_err());
}

/// Numbers in the template's prose must come from placeholders. Allowed by hand: square names
/// (c1), names (Chess960), rank names (rank 5, ranks 3-5), rank and file counts of the board's geometry, SAN fragments, the seed's fixed codes and
/// file names. Anything else is a result typed by hand and fails here.
#[test]
fn template_prose_has_no_hand_typed_results() {
    // The seed's codes and the seeds' numbers, the FIDE guideline, and the board's geometry (16
    // squares of ranks 1-2, 8 files).
    let allowed = [
        "-7", "-8", "-9", "001", "004", "II", "3", "8", "1", "2", "0", "16",
    ];
    let mut offenders = Vec::new();
    let mut rest = TEMPLATE;
    let mut text = String::new();
    // Drop placeholders and code spans, which hold names, not results.
    while let Some(start) = rest.find("{{") {
        text.push_str(&rest[..start]);
        rest = &rest[start + rest[start..].find("}}").unwrap() + 2..];
    }
    text.push_str(rest);
    let text: String = text.split('`').step_by(2).collect::<Vec<_>>().join(" ");
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_digit() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let number: String = chars[start..i].iter().collect();
            // Square names (c1) and names such as Chess960: digits glued to a letter.
            let after_square_letter = start > 0 && chars[start - 1].is_ascii_alphabetic();
            // Rank names and ranges of them: "rank 5", "ranks 3-5", "rank-3 square".
            let before: String = chars[start.saturating_sub(6)..start].iter().collect();
            let rank_name = before.ends_with("rank ")
                || before.ends_with("ranks ")
                || before.ends_with("rank-")
                || (start >= 2 && chars[start - 1] == '-' && chars[start - 2].is_ascii_digit());
            let negative = start > 0 && chars[start - 1] == '-';
            let token = if negative {
                format!("-{number}")
            } else {
                number.clone()
            };
            let token = if rank_name { number.clone() } else { token };
            if !after_square_letter && !rank_name && !allowed.contains(&token.as_str()) {
                let context: String = chars[start.saturating_sub(30)..(i + 10).min(chars.len())]
                    .iter()
                    .collect();
                offenders.push(format!("{token} in \"{context}\""));
            }
        } else {
            i += 1;
        }
    }
    assert!(
        offenders.is_empty(),
        "hand-typed numbers in the template: {offenders:#?}"
    );
}

/// Every repository path that a document or a doc comment names (`src/...`, `tests/...`,
/// `docs/...`, ...) exists, so that no reader is pointed at a file a restructuring moved: the
/// analysis template, the README, `docs/`, and every source, test, benchmark, measuring program
/// and script.
#[test]
fn every_path_the_documents_and_sources_name_exists() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("README.md"), root.join(".ci/run")];
    for dir in ["src", "tests", "measure", "scripts", "docs"] {
        collect_text_files(&root.join(dir), &mut files);
    }
    let mut named = 0;
    let mut missing = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for path in repository_paths(&text) {
            named += 1;
            if !root.join(path).exists() {
                missing.push(format!("{} names {path}", file.display()));
            }
        }
    }
    assert!(missing.is_empty(), "paths that do not exist: {missing:#?}");
    assert!(
        named >= 50,
        "only {named} paths named: the scan finds nothing"
    );
    assert_eq!(
        repository_paths("see `tests/start/main.rs`, src/lib.rs. src/ and mydocs/no"),
        ["tests/start/main.rs", "src/lib.rs"]
    );
}

/// The text files below `dir` (sources, documents, scripts), recursively.
fn collect_text_files(dir: &std::path::Path, files: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect_text_files(&path, files);
        } else if path.extension().is_some_and(|e| {
            ["rs", "md", "sh", "py", "js", "css", "html"].contains(&e.to_str().unwrap())
        }) {
            files.push(path);
        }
    }
}

/// The repository paths in `text`: a top-level folder of the repository (`src/`, `tests/`, ...)
/// at the start of a word, then path characters, without a trailing full stop or slash; a bare
/// folder (`src/`) is not counted.
/// `target/release/measure` (a built program) is not a repository path and is skipped.
fn repository_paths(text: &str) -> Vec<&str> {
    const TOPS: [&str; 6] = ["src/", "tests/", "measure/", "scripts/", "docs/", "output/"];
    let is_path_char = |c: char| c.is_ascii_alphanumeric() || "_./-".contains(c);
    let mut paths = Vec::new();
    for (at, _) in text.char_indices() {
        let before = text[..at].chars().next_back();
        if before.is_some_and(is_path_char) || !TOPS.iter().any(|top| text[at..].starts_with(top)) {
            continue;
        }
        let len = text[at..]
            .find(|c: char| !is_path_char(c))
            .unwrap_or(text.len() - at);
        let path = text[at..at + len].trim_end_matches(['.', '/', '-']);
        if path.contains('/') {
            paths.push(path);
        }
    }
    paths
}
