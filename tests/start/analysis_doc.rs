//! analysis.md's template carries no result typed by hand, and every fact the program computes is
//! shown. (That the committed analysis.md is exactly what the program renders is checked in
//! tests/cli.rs, with the one full run of the report the test suite makes.)

use castle960::report::analysis_doc::{self, TEMPLATE};
use castle960::report::template::Facts;
use castle960::start::analysis::analyse_all_with;

#[test]
fn every_fact_is_used_and_every_placeholder_known() {
    let facts = analysis_doc::facts(&analyse_all_with(1, |_| {}));
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
    // The seed's codes and file name, the FIDE guideline, and the board's geometry (16 squares of
    // ranks 1-2, 8 files).
    let allowed = ["-7", "-8", "-9", "001", "II", "3", "8", "1", "2", "0", "16"];
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

/// Every source file or folder the template names (`src/...`) exists, so the document never
/// points a reader at a path a restructuring moved.
#[test]
fn every_source_path_the_template_names_exists() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut named = 0;
    for span in TEMPLATE.split('`').skip(1).step_by(2) {
        if let Some(path) = span.strip_prefix("src/") {
            assert!(
                root.join("src").join(path).exists(),
                "analysis_doc.md names {span}, which does not exist"
            );
            named += 1;
        }
    }
    assert!(named >= 5, "only {named} source paths named");
}
