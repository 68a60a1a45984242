//! The binary end to end: the report it writes, `show`, and what bad input gets.

use crate::castle960;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;
use std::sync::OnceLock;

const COMMITTED_ANALYSIS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/analysis.md");
const COMMITTED_REPORT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/output/chess960_castling.csv");
const COMMITTED_GALLERY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/output/gallery.html");
const COMMITTED_RULES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/output/chess960_castling_rules.csv"
);

/// What one `report` run wrote and printed.
struct Report {
    csv: Vec<u8>,
    analysis: Vec<u8>,
    gallery: Vec<u8>,
    rules: Vec<u8>,
    stdout: String,
}

/// Runs `report` into `dir`, the analysis document and the gallery redirected there too so
/// that tests never write into the repository.
fn report_into(dir: &Path, name: &str, extra: &[&str], threads: Option<&str>) -> Report {
    let csv = dir.join(format!("{name}.csv"));
    let md = dir.join(format!("{name}.md"));
    let html = dir.join(format!("{name}.html"));
    let mut args = vec![
        "report",
        "--out",
        csv.to_str().unwrap(),
        "--analysis",
        md.to_str().unwrap(),
        "--gallery",
        html.to_str().unwrap(),
    ];
    args.extend(extra);
    let out = castle960(&args, threads);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Report {
        csv: std::fs::read(csv).unwrap(),
        analysis: std::fs::read(md).unwrap(),
        gallery: std::fs::read(html).unwrap(),
        // The rules report goes beside the CSV, named after it.
        rules: std::fs::read(dir.join(format!("{name}_rules.csv"))).unwrap(),
        stdout: String::from_utf8(out.stdout).unwrap(),
    }
}

/// The one full run of the report in the test suite: what it writes must be exactly the
/// committed files (the other tests read the committed report, and the gallery test opens the
/// committed gallery), and it prints the summary.
#[test]
fn report_equals_the_committed_files() {
    let dir = tempfile::tempdir().unwrap();
    let Report {
        csv,
        analysis: md,
        gallery,
        rules,
        stdout,
    } = report_into(dir.path(), "full", &[], None);
    let committed_rules =
        std::fs::read(COMMITTED_RULES).expect("output/chess960_castling_rules.csv is committed");
    assert!(
        rules == committed_rules,
        "output/chess960_castling_rules.csv is stale: run `cargo run --release` and commit it"
    );
    let committed =
        std::fs::read(COMMITTED_REPORT).expect("output/chess960_castling.csv is committed");
    assert!(
        csv == committed,
        "output/chess960_castling.csv is stale: run `cargo run --release` and commit it"
    );
    let analysis = std::fs::read(COMMITTED_ANALYSIS).expect("analysis.md is committed");
    assert!(
        md == analysis,
        "analysis.md is stale: run `cargo run --release` and commit it"
    );
    let committed_gallery =
        std::fs::read(COMMITTED_GALLERY).expect("output/gallery.html is committed");
    assert!(
        gallery == committed_gallery,
        "output/gallery.html is stale: run `cargo run --release` and commit it"
    );
    // Issue 20, item 8: the summary's long lists (48 disagreements) are wrapped.
    let longest = stdout.lines().map(|l| l.chars().count()).max().unwrap();
    assert!(
        longest <= 100,
        "a summary line of {longest} characters:\n{stdout}"
    );
    for expected in [
        "Arrangements the rule says require castling (right true on a side): 599 of 960",
        "Closed-form rule (published on Puzzling SE 122390; seed 001 in the project's notes)",
        "-7 bishop pair",
        "rule and search agree on",
        "Answer: White can reach a position that requires castling in",
        "the closed-form rule says 599",
        "Gallery written to",
    ] {
        assert!(
            stdout.contains(expected),
            "{expected:?} missing from:\n{stdout}"
        );
    }
}

/// The report at the quick pawn bound of one file, under every rule, on the default number of
/// threads: run once for the tests that compare other runs with it.
fn quick_report() -> &'static Report {
    static QUICK: OnceLock<Report> = OnceLock::new();
    QUICK.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        report_into(dir.path(), "default", &["--pawn-bound", "1"], None)
    })
}

/// Byte-identical output whatever the number of threads. The code path does not depend on the
/// pawn-move bound, so the quick bound of one file serves.
#[test]
fn report_ignores_thread_count() {
    let dir = tempfile::tempdir().unwrap();
    let default = quick_report();
    let single = report_into(dir.path(), "single", &["--pawn-bound", "1"], Some("1"));
    assert!(
        default.csv == single.csv,
        "the CSV depends on the thread count"
    );
    assert!(
        default.analysis == single.analysis,
        "the analysis depends on the thread count"
    );
    assert!(
        default.gallery == single.gallery,
        "the gallery depends on the thread count"
    );
    assert!(
        default.rules == single.rules,
        "the rules report depends on the thread count"
    );
}

/// `--rule` limits the rules analysed to those named (repeated or separated by commas, in any
/// letter case, each once, in the rules' order): the rules report holds exactly their rows of
/// the report under every rule, the gallery switches between them alone, analysis.md's table
/// has their columns, and the CSV report (Chess960's own analysis) is the same whatever is
/// named. A name that is no rule is refused in one line before anything is written.
#[test]
fn report_analyses_only_the_rules_named() {
    let all = quick_report();
    let dir = tempfile::tempdir().unwrap();
    let named = report_into(
        dir.path(),
        "named",
        &[
            "--pawn-bound",
            "1",
            "--rule",
            "fast",
            "--rule",
            "CHESS480,chess960,fast",
        ],
        None,
    );
    assert!(named.csv == all.csv, "the CSV depends on the rules named");
    let kept = ["rule,", "chess960,", "chess480,", "fast,"];
    let expected: String = String::from_utf8_lossy(&all.rules)
        .lines()
        .filter(|line| kept.iter().any(|start| line.starts_with(start)))
        .map(|line| format!("{line}\n"))
        .collect();
    let rules = String::from_utf8(named.rules).unwrap();
    assert!(
        rules == expected,
        "the rules report is not the named rules' rows of the full one"
    );
    let gallery = String::from_utf8(named.gallery).unwrap();
    let full_gallery = String::from_utf8_lossy(&all.gallery);
    for rule in ["chess960", "chess480", "free", "flexible", "fast"] {
        let switch = format!("name=\"rule\" value=\"{rule}\"");
        assert!(full_gallery.contains(&switch), "{rule}");
        let named = !matches!(rule, "free" | "flexible");
        assert_eq!(gallery.contains(&switch), named, "{rule}");
    }
    let analysis = String::from_utf8(named.analysis).unwrap();
    assert!(
        analysis.contains("\n| | chess960 | chess480 | fast |\n"),
        "analysis.md's table of the rules"
    );

    let never_made = dir.path().join("never");
    let out = castle960(
        &[
            "report",
            "--rule",
            "chess960,chess961",
            "--out-dir",
            never_made.to_str().unwrap(),
        ],
        None,
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(
        stderr,
        "castle960: --rule \"chess961\" is no castling rule; the rules are chess960, chess480, \
         free, flexible, fast\n"
    );
    assert!(!never_made.exists(), "nothing is written");
}

#[test]
fn show_by_number_back_rank_and_fen_agree() {
    let by_sp = castle960(&["show", "518"], None);
    assert!(by_sp.status.success());
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1";
    for other in ["RNBQKBNR", fen] {
        let out = castle960(&["show", other], None);
        assert!(out.status.success());
        assert_eq!(
            out.stdout, by_sp.stdout,
            "show {other} differs from show 518"
        );
    }
    let text = String::from_utf8(by_sp.stdout).unwrap();
    assert!(text.contains("SP 518  RNBQKBNR"));
    assert!(text.contains("♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖"));
    assert!(text.contains("the king goes from e1 to c1 and the rook from a1 to d1"));
    assert!(text.contains("Black is absent"));
    let ascii = String::from_utf8(castle960(&["show", "518", "--ascii"], None).stdout).unwrap();
    assert!(ascii.contains("R N B Q K B N R"));
}

#[test]
fn show_explains_the_search_and_prints_pgn() {
    let text = String::from_utf8(castle960(&["show", "3"], None).stdout).unwrap();
    assert!(
        text.contains("Search: castling is legal at once: O-O"),
        "{text}"
    );
    assert!(
        text.contains("after 2 moves at the fewest: Nd3 Ne3 O-O-O"),
        "{text}"
    );
    let pgn = String::from_utf8(castle960(&["show", "3", "--pgn"], None).stdout).unwrap();
    assert_eq!(pgn.matches("[Variant \"Chess960\"]").count(), 2, "{pgn}");
    assert!(pgn.contains("[FEN \"bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w GEge - 0 1\"]"));
    assert!(pgn.contains("1. O-O *"), "{pgn}");
}

#[test]
fn show_json_is_parseable_and_carries_rule_and_search() {
    let out = castle960(&["show", "0", "--json"], None);
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["sp"], 0);
    assert_eq!(json["arrangement"], "BBQNNRKR");
    assert_eq!(json["a"]["have"], -2);
    assert_eq!(json["a"]["need"], -3);
    assert_eq!(json["h"]["rule_castle"], true);
    assert_eq!(json["a"]["no_pawn_move"], false);
    assert_eq!(json["h"]["moves"], 2);
    assert_eq!(json["h"]["witness"], "Nd3 Re1 O-O");
    assert_eq!(json["details"]["h"]["castling_move"], "O-O");
}

/// Issue 10, item 13: `show --json` names its per-side fields exactly like the CSV columns
/// (without the `a_`/`h_` prefix), with the same types, and carries a schema number.
#[test]
fn show_json_fields_are_the_csv_columns() {
    use castle960::report::csv::Row;
    let json: serde_json::Value =
        serde_json::from_slice(&castle960(&["show", "9", "--json"], None).stdout).unwrap();
    assert_eq!(json["schema"], 1);
    let columns = Row::column_names();
    for side in ["a", "h"] {
        let prefix = format!("{side}_");
        let mut expected: Vec<&str> = columns
            .iter()
            .filter_map(|c| c.strip_prefix(prefix.as_str()))
            .collect();
        let mut keys: Vec<&str> = json[side]
            .as_object()
            .expect("one object per side")
            .keys()
            .map(String::as_str)
            .collect();
        expected.sort_unstable();
        keys.sort_unstable();
        assert_eq!(keys, expected, "side {side}");
    }
    for column in columns
        .iter()
        .filter(|c| !c.starts_with("a_") && !c.starts_with("h_"))
    {
        assert!(!json[column].is_null(), "top-level column {column} missing");
    }
    // Same types as the CSV: strings space-separated, not arrays.
    assert_eq!(json["h"]["pawn_moves"], "d3");
    assert_eq!(json["h"]["verdict"], "after-pawn-move");
    assert_eq!(json["h"]["rule_verdict"], "artificial-only");
    assert_eq!(json["h"]["verdict_agrees"], false);
    assert_eq!(json["h"]["walk_line"], "");
}

/// Issue 10, item 10: each side opens with its verdict at a glance, one statement says how rule
/// and search compare, no line runs past 100 columns, and the text ends with the `--pgn` hint.
#[test]
fn show_opens_each_side_with_the_verdict_and_wraps() {
    let text = String::from_utf8(castle960(&["show", "9"], None).stdout).unwrap();
    assert!(
        text.contains("\nO-O-O  artificial-only (pawns c3 f3)  rule agrees\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "\nO-O    after-pawn-move (pawn d3)  rule DISAGREES (claims artificial-only)\n"
        ),
        "{text}"
    );
    assert_eq!(text.matches("Rule and search").count(), 2, "{text}");
    assert!(
        !text.contains("about castling without a pawn move."),
        "{text}"
    );
    // Lines holding a FEN or a link are never broken (so that they can be copied whole).
    let longest = (text.lines())
        .filter(|l| !l.starts_with("FEN ") && !l.starts_with("lichess "))
        .map(|l| l.chars().count())
        .max()
        .unwrap();
    assert!(longest <= 100, "a line of {longest} characters:\n{text}");
    assert!(text.trim_end().ends_with("analysis board."), "{text}");
    assert!(text.contains("--pgn"), "{text}");
}

/// Issue 10, item 11: counts agree with their nouns, a piece that stays is not said to travel,
/// stuck pieces are named with their squares, and not-within-bound reads as undecided.
#[test]
fn show_words_fit_the_facts() {
    let text = String::from_utf8(castle960(&["show", "9"], None).stdout).unwrap();
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    // SP 9's a-side castles only in pawn structures the proved shortcut settles.
    assert!(
        flat.contains("The search had nothing to check one by one"),
        "{text}"
    );
    assert!(flat.contains("the hole on the second rank is d2"), "{text}");
    assert!(
        flat.contains("the king on g1, the rooks on e1 and f1"),
        "{text}"
    );
    assert!(
        flat.contains("The rook travels left; the king stays on g1."),
        "{text}"
    );
    assert!(!flat.contains("King and rook both travel left"), "{text}");
    let text =
        String::from_utf8(castle960(&["show", "9", "--pawn-bound", "1"], None).stdout).unwrap();
    assert!(text.contains("at most 1 file)"), "{text}");
    assert!(!text.contains("1 files"), "{text}");
    assert!(text.contains("undecided within the bound"), "{text}");
    let undecided = text.split("\n\n").find(|s| s.starts_with("O-O-O")).unwrap();
    assert!(!undecided.contains("DISAGREE"), "{undecided}");
}

/// clap checks the bound: its message names the option and the range, followed by clap's hint
/// to `--help`.
#[test]
fn the_pawn_bound_is_checked() {
    for bound in ["0", "9"] {
        let out = castle960(&["show", "518", "--pawn-bound", bound], None);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        let first = stderr.lines().next().unwrap_or_default();
        assert!(
            first.starts_with("castle960: invalid value") && first.contains("--pawn-bound"),
            "{stderr}"
        );
        assert!(first.contains("is not in 1..=8"), "{stderr}");
    }
}

fn assert_rejected(args: &[&str], expected: &str) {
    let out = castle960(args, None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{args:?} panicked: {stderr}");
    assert!(stderr.contains(expected), "{args:?}: {stderr}");
    assert_eq!(
        stderr.trim_end().lines().count(),
        1,
        "{args:?}: one line expected: {stderr}"
    );
}

/// A usage error (clap's): exit 2, the first line says what is wrong (clap's tip and usage line
/// may follow, issue 20 item 12).
fn assert_usage_error(args: &[&str], expected: &str) {
    let out = castle960(args, None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    let first = stderr.lines().next().unwrap_or_default();
    assert!(
        first.starts_with("castle960: ") && first.contains(expected),
        "{args:?}: {stderr}"
    );
}

#[test]
fn bad_input_exits_2_with_one_line() {
    assert_rejected(&["show", "960"], "0 to 959");
    assert_rejected(&["show", "-3"], "0 to 959");
    assert_rejected(&["show", "RNBQKBNX"], "not a piece letter");
    assert_rejected(&["show", "RNBKBQNR"], "dark squares");
    assert_rejected(&["show", "KRBQRBNN"], "between the rooks");
    assert_rejected(&["show", "RNBQQBNR"], "exactly one K");
    assert_rejected(&["show", "rnbqkbnr/pppppppp/8/8 w"], "malformed FEN");
    assert_rejected(
        &[
            "show",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w HAha - 0 1",
        ],
        "not a Chess960 start position",
    );
}

/// A rejected `report` with these paths, the analysis and the gallery kept out of the
/// repository.
fn assert_report_rejected(csv: &Path, md: &Path) {
    let gallery = md.with_file_name("gallery.html");
    assert_rejected(
        &[
            "report",
            "--force", // the old files here lack castle960's mark: what is refused is the path
            "--out",
            csv.to_str().unwrap(),
            "--analysis",
            md.to_str().unwrap(),
            "--gallery",
            gallery.to_str().unwrap(),
        ],
        "cannot write",
    );
}

#[test]
fn unwritable_output_leaves_existing_files_alone() {
    let dir = tempfile::tempdir().unwrap();
    let md = dir.path().join("analysis.md");
    std::fs::write(&md, b"old analysis").unwrap();
    // A path inside a directory that does not exist.
    assert_report_rejected(&dir.path().join("no/such/dir/report.csv"), &md);
    // A directory in place of a file.
    assert_report_rejected(dir.path(), &md);
    // A directory where nothing can be created, even by root.
    if Path::new("/proc/self").exists() {
        assert_report_rejected(Path::new("/proc/castle960.csv"), &md);
        // The CSV could be written but the analysis cannot: neither file changes.
        let csv = dir.path().join("report.csv");
        std::fs::write(&csv, b"old report").unwrap();
        assert_report_rejected(&csv, Path::new("/proc/castle960.md"));
        assert_eq!(std::fs::read(&csv).unwrap(), b"old report");
        std::fs::remove_file(&csv).unwrap();
    }
    assert_eq!(std::fs::read(&md).unwrap(), b"old analysis");
    // An existing report in a read-only directory stays as it was and gains no temporary file.
    let ro = dir.path().join("ro");
    std::fs::create_dir(&ro).unwrap();
    let existing = ro.join("report.csv");
    std::fs::write(&existing, b"old contents").unwrap();
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o555)).unwrap();
    let writable_anyway = tempfile::tempfile_in(&ro).is_ok(); // root ignores permissions
    if !writable_anyway {
        assert_report_rejected(&existing, &md);
    }
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o755)).unwrap();
    assert_eq!(std::fs::read(&existing).unwrap(), b"old contents");
    let entries: Vec<_> = std::fs::read_dir(&ro).unwrap().collect();
    assert_eq!(entries.len(), 1, "no temporary file is left behind");
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "temporary files left: {leftovers:?}");
}

#[test]
fn bad_input_never_touches_an_existing_report() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("report.csv");
    std::fs::write(&path, b"previous report").unwrap();
    let out = castle960(&["show", "1000"], None);
    assert_eq!(out.status.code(), Some(2));
    let out = castle960(
        &["report", "--out", path.to_str().unwrap(), "--bogus"],
        None,
    );
    assert_eq!(out.status.code(), Some(2), "unknown flags are usage errors");
    assert_eq!(std::fs::read(&path).unwrap(), b"previous report");
}

/// `show` takes several arrangements: a list, a range, or `-` for one per line on standard
/// input; text explanations are separated by a blank line, PGN games follow one another, and
/// `--json` prints JSON Lines, one compact object per arrangement.
#[test]
fn show_takes_lists_ranges_and_standard_input() {
    let single = |args: &[&str]| {
        let out = castle960(args, None);
        assert!(out.status.success(), "{args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let joined = |sps: &[&str], extra: &[&str]| {
        sps.iter()
            .map(|sp| single(&[&["show", sp][..], extra].concat()))
            .collect::<Vec<_>>()
    };
    let list = single(&["show", "0", "518", "959"]);
    assert!(
        list == joined(&["0", "518", "959"], &[]).join("\n"),
        "show 0 518 959 is not the three explanations separated by blank lines"
    );
    assert_eq!(list.matches("\n\nSP ").count(), 2);
    // A repeated arrangement is explained again, word for word, where it is asked for again.
    let repeated = single(&["show", "9", "16", "9", "518", "16"]);
    assert!(
        repeated == joined(&["9", "16", "9", "518", "16"], &[]).join("\n"),
        "show 9 16 9 518 16 is not the five explanations one after the other"
    );
    let pgn = single(&["show", "3-4", "--pgn"]);
    assert!(
        pgn == joined(&["3", "4"], &["--pgn"]).join("\n"),
        "show 3-4 --pgn is not the games of 3 and 4 separated by a blank line"
    );
    let json = single(&["show", "7-9", "--json"]);
    let lines: Vec<&str> = json.lines().collect();
    assert_eq!(lines.len(), 3, "{json}");
    for (line, sp) in lines.iter().zip([7, 8, 9]) {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(value["sp"], sp);
        assert_eq!(value["schema"], 1);
    }
    assert!(
        json == joined(&["7", "8", "9"], &["--json"]).concat(),
        "show 7-9 --json is not show 7, 8 and 9 one after the other"
    );

    let stdin = |input: &str, args: &[&str]| {
        crate::common::run_with_input(crate::command().args(args), input)
    };
    let out = stdin("518\n\nRNBQKBNR\r\n0-1\n", &["show", "9", "-"]);
    assert!(out.status.success());
    assert!(
        out.stdout == single(&["show", "9", "518", "518", "0", "1"]).as_bytes(),
        "show 9 - differs from the same arrangements given as arguments"
    );
    let out = stdin("518\nRNBQKBNX\n", &["show", "-"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.starts_with("castle960: line 2 of standard input: \"RNBQKBNX\""),
        "{stderr}"
    );
    assert!(
        out.stdout.is_empty(),
        "nothing is printed before all input is checked"
    );
    assert_rejected(&["show", "9-0"], "runs backwards");
    assert_rejected(&["show", "0", "960-961"], "0 to 959");
}

/// Shell completions and the manual page are printed to standard output.
#[test]
fn completions_and_man_page() {
    for (shell, expected) in [
        ("bash", "_castle960()"),
        ("zsh", "#compdef castle960"),
        ("fish", "complete -c castle960"),
    ] {
        let out = castle960(&["completions", shell], None);
        assert!(out.status.success(), "{shell}");
        let script = String::from_utf8(out.stdout).unwrap();
        assert!(script.contains(expected), "{shell}: {script}");
        assert!(
            script.contains("pawn-bound") && script.contains("out-dir"),
            "{shell}"
        );
    }
    let out = castle960(&["man"], None);
    assert!(out.status.success());
    let page = String::from_utf8(out.stdout).unwrap();
    assert!(
        page.starts_with(".ie \\n(.g .ds Aq") || page.contains(".TH castle960"),
        "{page}"
    );
    assert!(page.contains(".TH castle960"), "{page}");
    assert!(
        page.contains("completions") && page.contains("show"),
        "{page}"
    );
}

/// Issue 20, item 6: `show` speaks a Chess960 player's words. For an arrangement of each case of
/// the closed-form rule (and one where the king stays put), none of the rule's or the search's
/// private terms appears, the rule's special codes are never printed as counts, and a king that
/// stays is said to stay.
#[test]
fn show_uses_words_a_player_knows() {
    use castle960::start::rule::{RuleCase, evaluate_side};
    use castle960::{Arrangement, CastlingSide};
    let mut samples: Vec<(u16, String)> = Vec::new();
    type Case = fn(RuleCase) -> bool;
    let cases: [(&str, Case); 5] = [
        ("blocked", |c| c == RuleCase::Blocked),
        ("bishop pair", |c| c == RuleCase::BishopPair),
        ("opposite", |c| c == RuleCase::Opposite),
        ("same direction", |c| {
            matches!(c, RuleCase::SameDirection { .. })
        }),
        ("queen pocket", |c| {
            matches!(c, RuleCase::QueenPocket { .. })
        }),
    ];
    for (label, wanted) in cases {
        let sp = Arrangement::all()
            .find(|a| {
                CastlingSide::BOTH
                    .iter()
                    .any(|&s| wanted(evaluate_side(a, s)))
            })
            .unwrap_or_else(|| panic!("no arrangement of the case {label}"))
            .sp();
        samples.push((sp, label.to_string()));
    }
    samples.push((518, "standard".into()));
    samples.push((9, "king stays on g1".into()));
    for (sp, label) in &samples {
        let text = String::from_utf8(castle960(&["show", &sp.to_string()], None).stdout).unwrap();
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        for jargon in [
            "span",
            "border",
            "castled core",
            "swap lemma",
            "have -",
            "need -",
            " -> ",
            "right true",
            "right false",
        ] {
            assert!(
                !flat.contains(jargon),
                "SP {sp} ({label}): {jargon:?} in\n{text}"
            );
        }
    }
    let text = String::from_utf8(castle960(&["show", "9"], None).stdout).unwrap();
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("On the h-side (O-O) the king stays on g1 and the rook goes from h1 to f1."),
        "{text}"
    );
    assert!(!flat.contains("g1 to g1"), "{text}");
}

/// Issue 20, item 8: `show` wraps at `--width N` (40 or more), at the terminal's width when it
/// writes to a terminal, and at 100 columns otherwise. Only the lines that hold a FEN or a link
/// may be longer: they are never broken, so that they can be copied whole.
#[test]
fn show_wraps_at_the_width_asked_or_the_terminal_width() {
    let unbroken = |line: &str| line.starts_with("FEN ") || line.starts_with("lichess ");
    let longest = |text: &str| {
        text.lines()
            .filter(|l| !unbroken(l))
            .map(|l| l.chars().count())
            .max()
            .unwrap()
    };
    for width in [40, 57, 80, 120] {
        let out = castle960(&["show", "9", "--width", &width.to_string()], None);
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        let at = longest(&text);
        assert!(
            at <= width && at > width - 12,
            "--width {width}: {at}\n{text}"
        );
    }
    // Not a terminal: 100 columns.
    let text = String::from_utf8(castle960(&["show", "9"], None).stdout).unwrap();
    assert!((90..=100).contains(&longest(&text)), "{text}");
    assert_usage_error(&["show", "9", "--width", "39"], "--width");
    assert_usage_error(&["show", "9", "--width", "wide"], "--width");
    // In a terminal of 64 columns (a pseudo-terminal from util-linux's `script`).
    let exe = env!("CARGO_BIN_EXE_castle960");
    let out = Command::new("script")
        .args([
            "-qec",
            &format!("stty rows 40 cols 64; '{exe}' show 9"),
            "/dev/null",
        ])
        .output()
        .expect("util-linux's script runs the binary in a pseudo-terminal");
    let text = String::from_utf8(out.stdout).unwrap().replace('\r', "");
    assert!(text.contains("SP 9  QNNBBRKR"), "{text}");
    let at = longest(&text);
    assert!(
        (52..=64).contains(&at),
        "terminal of 64 columns: {at}\n{text}"
    );
}

/// Issue 20, items 10 and 13: every PGN game says why Black moves and links the start position in
/// lichess's analysis board; `show` gives the same link; `--xfen` writes the FEN as python-chess
/// does (castling field KQkq) in the text, the JSON and the PGN headers.
#[test]
fn show_links_lichess_and_writes_x_fen() {
    let link = "https://lichess.org/analysis/chess960/\
                bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR_w_KQkq_-_0_1";
    let pgn = String::from_utf8(castle960(&["show", "0", "--pgn"], None).stdout).unwrap();
    let games = pgn.matches("[Event ").count();
    assert!(games >= 2, "{pgn}");
    assert_eq!(
        pgn.matches(&format!("[Link \"{link}\"]")).count(),
        games,
        "{pgn}"
    );
    assert_eq!(
        pgn.matches("{Black is absent in castle960's model").count(),
        games,
        "{pgn}"
    );
    assert!(
        pgn.contains("waiting moves that never touch White's play"),
        "{pgn}"
    );
    assert!(pgn.contains("[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]"));
    assert!(
        pgn.lines().all(|l| l.starts_with('[') || l.len() < 80),
        "{pgn}"
    );
    let text = String::from_utf8(castle960(&["show", "0"], None).stdout).unwrap();
    assert!(
        text.contains(&format!("\nlichess analysis board: {link}\n")),
        "{text}"
    );
    assert!(text.contains("\nFEN bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\n"));

    let xfen = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1";
    let text = String::from_utf8(castle960(&["show", "0", "--xfen"], None).stdout).unwrap();
    assert!(text.contains(&format!("\nFEN {xfen}\n")), "{text}");
    let json: serde_json::Value =
        serde_json::from_slice(&castle960(&["show", "0", "--xfen", "--json"], None).stdout)
            .unwrap();
    assert_eq!(json["fen"], xfen);
    assert_eq!(json["lichess"], link);
    let pgn = String::from_utf8(castle960(&["show", "0", "--xfen", "--pgn"], None).stdout).unwrap();
    assert_eq!(
        pgn.matches(&format!("[FEN \"{xfen}\"]")).count(),
        games,
        "{pgn}"
    );
    // The X-FEN is read back as the same arrangement.
    let again = castle960(&["show", xfen, "--json"], None);
    let again: serde_json::Value = serde_json::from_slice(&again.stdout).unwrap();
    assert_eq!(again["sp"], 0);
}
