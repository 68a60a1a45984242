//! `castle960 crc` end to end: `crc report` on a sample writes the CSV and the document, the
//! same bytes on one thread as on two; `crc show` explains an array as text and JSON, the
//! report's rows; bad input gets one line and exit code 2, with nothing written.

use crate::{castle960, rejected, stdout};

/// `crc report --step 500` into a fresh directory on `threads` threads: the CSV, the document.
fn sample_report(threads: &str) -> (Vec<u8>, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let (csv, doc) = (dir.path().join("c.csv"), dir.path().join("a.md"));
    let out = castle960(
        &[
            "crc",
            "report",
            "--step",
            "500",
            "--out",
            csv.to_str().unwrap(),
            "--analysis",
            doc.to_str().unwrap(),
        ],
        Some(threads),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The summary's first line: the lines after it name the (temporary) paths.
    let stdout = String::from_utf8(out.stdout).unwrap();
    (
        std::fs::read(&csv).unwrap(),
        std::fs::read_to_string(&doc).unwrap(),
        stdout.lines().next().unwrap_or_default().to_string(),
    )
}

#[test]
fn crc_report_writes_the_same_bytes_on_one_thread_and_on_two() {
    let (csv, doc, summary) = sample_report("1");
    assert!(csv.starts_with(b"index,candidate,array,fen,later_rules,side,"));
    // 44 arrays (0, 500, ..., 21,500), two rows each, and the header.
    assert_eq!(csv.iter().filter(|&&b| b == b'\n').count(), 1 + 2 * 44);
    assert!(doc.starts_with("<!-- Written by castle960 crc report"));
    assert!(doc.contains("analysis of 44 arrays"), "{doc}");
    assert!(
        summary.starts_with(
            "CRC arrays from which White can reach a position that requires castling: "
        ),
        "{summary}"
    );
    assert_eq!(sample_report("2"), (csv, doc, summary));
}

#[test]
fn crc_show_explains_an_array_as_its_report_rows() {
    let text = stdout(&["crc", "show", "RNBQCKABNR"]);
    assert!(
        text.starts_with("CRC array 3947 of 21,836: RNBQCKABNR"),
        "{text}"
    );
    assert!(
        text.contains("O-O-O (a-side: king f1-c1, rook a1-d1): "),
        "{text}"
    );
    let json = stdout(&["crc", "show", "--json", "3947", "0"]);
    let lines: Vec<serde_json::Value> = json
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["array"], "RNBQCKABNR");
    assert_eq!(lines[1]["index"], 0);
    // The h-side of array 0 (AQBBCNRNKR): the knight on h1 jumps away, and the king on i1
    // castles with the rook on j1.
    let h = &lines[1]["sides"][1];
    assert_eq!(h["verdict"], "no-pawn-move");
    assert_eq!(h["moves"], 1);
    assert_eq!(h["castle_line"], "Nhg3 O-O");
}

#[test]
fn bad_crc_input_gets_one_line_and_exit_code_2() {
    for (arg, says) in [
        ("21836", "\"21836\" is out of range"),
        ("RNABQKBCNR", "\"RNABQKBCNR\" is not a CRC start array"),
        ("x\u{1b}[2J", "\"x\\u{1b}[2J\" names no CRC array"),
    ] {
        let message = rejected(&["crc", "show", "0", arg]);
        assert!(message.contains(says), "{message}");
    }
    // clap's own usage errors keep its tip and usage lines (see tests/cli/safety/input.rs).
    let out = castle960(&["crc", "show", "--pawn-bound", "11", "0"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("11 is not in 1..=10"));
    // A report that cannot be written is refused before the analysis, and nothing is left.
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("c.csv");
    std::fs::write(&csv, "not castle960's").unwrap();
    let message = rejected(&[
        "crc",
        "report",
        "--step",
        "5000",
        "--out",
        csv.to_str().unwrap(),
        "--analysis",
        dir.path().join("a.md").to_str().unwrap(),
    ]);
    assert!(message.contains("--force"), "{message}");
    assert_eq!(std::fs::read_to_string(&csv).unwrap(), "not castle960's");
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        1,
        "nothing else written"
    );
}
