//! analysis.md is exactly what the program renders from its own results, and its template
//! carries no result typed by hand.

use castle960::analysis::analyse_all;
use castle960::analysis_doc::{self, TEMPLATE};
use std::collections::BTreeMap;

const COMMITTED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/analysis.md");

#[test]
fn committed_analysis_is_current() {
    let rendered = analysis_doc::render(&analyse_all()).unwrap();
    let committed = std::fs::read_to_string(COMMITTED).expect("analysis.md is committed");
    assert!(
        rendered == committed,
        "analysis.md is stale: run `cargo run --release` and commit it"
    );
}

#[test]
fn every_fact_is_used_and_every_placeholder_known() {
    let facts = analysis_doc::facts(&analyse_all());
    for name in facts.keys() {
        assert!(
            TEMPLATE.contains(&format!("{{{{{name}}}}}")),
            "fact {name} is never shown"
        );
    }
    assert!(analysis_doc::fill(TEMPLATE, &facts).is_ok());
    let empty = BTreeMap::new();
    assert!(analysis_doc::fill("a {{nope}} b", &empty).is_err());
    assert!(analysis_doc::fill("a {{unclosed", &empty).is_err());
}

/// Numbers in the template's prose must come from placeholders. Allowed by hand: square names
/// (c1) and names (Chess960), rank and file counts of the board's geometry, SAN fragments, the seed's fixed codes and
/// file names. Anything else is a result typed by hand and fails here.
#[test]
fn template_prose_has_no_hand_typed_results() {
    let allowed = ["-7", "-8", "-9", "001", "II", "3", "8", "1", "2", "0"];
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
            let negative = start > 0 && chars[start - 1] == '-';
            let token = if negative {
                format!("-{number}")
            } else {
                number.clone()
            };
            if !after_square_letter && !allowed.contains(&token.as_str()) {
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
