//! The 960 arrangements under every castling rule (chess960, chess480, free, flexible, fast),
//! checked the way Chess960's answers are (issue 25):
//!
//! * the castlings each rule allows, read from the rule texts, against the report and the rule
//!   type;
//! * Chess480's mirror symmetry in the numbers;
//! * the fewest moves without a pawn move against a plain search of the whole board;
//! * the verdicts after a pawn move against a plain search of the abstract model;
//! * fast castling's pawn bound (`LEAP_BOUND`): three files decide as two;
//! * every game of the report, replayed.
//!
//! Nothing independent here asks the library's rule type which castlings exist: each rule is
//! written again below ([`plain_castlings`]) from its text, as the squares king and rook land on
//! and the squares that must be empty. The library's rule type and searches are only ever the
//! thing compared.
//!
//! The answers under every rule are read from `output/chess960_castling_rules.csv`, which
//! `tests/cli/report_and_show.rs` proves equal to what `castle960 report` writes: so these tests
//! check the program's output without running the analysis of 960 arrangements under five rules
//! once more.
//!
//! The rule texts, the report's rows and the checks on them are here; the comparisons with plain
//! searches are in `plain_searches.rs`, the replay of every game in `replay.rs`.

use crate::common;
use crate::plain::{Castling, model};

use castle960::chess::{File, Rule};
use castle960::start::analysis::Analysis;
use castle960::start::search::no_pawn;
use castle960::{Arrangement, CastlingSide};
use cozy_chess::{Board, Color, Rank, Square};
use rayon::prelude::*;
use std::collections::{BTreeMap, BTreeSet};

mod plain_searches;
mod replay;

/// The rules, in the report's order.
const RULES: [&str; 5] = ["chess960", "chess480", "free", "flexible", "fast"];

/// The files from `a` to `b`, both included.
fn files(a: usize, b: usize) -> std::ops::RangeInclusive<usize> {
    a.min(b)..=a.max(b)
}

/// Every castling `rule` allows a king on file `king` with the rook on file `rook`, written from
/// the rule texts (README, "Castling rules"; the texts are quoted below).
fn plain_castlings(rule: &str, king: usize, rook: usize) -> Vec<Castling> {
    assert_ne!(king, rook);
    // The file `n` squares from the king toward the rook, if on the board.
    let toward = |n: usize| -> Option<usize> {
        if rook > king {
            Some(king + n).filter(|&f| f < 8)
        } else {
            king.checked_sub(n)
        }
    };
    let distance = king.abs_diff(rook);
    let mut landings: Vec<(usize, usize)> = Vec::new();
    match rule {
        // FIDE Guidelines II: "after c-side castling ... the king is on the c-square ... and the
        // rook is on the d-square ... After g-side castling ... the king is on the g-square ...
        // and the rook is on the f-square", whatever their start.
        "chess960" => landings.push(if rook > king { (6, 5) } else { (2, 3) }),
        // Lewis, Orthodox Castling: "the King is transferred from its original square two
        // squares in the direction of the Rook (which may move the King over or into the Rook's
        // original square), then that Rook is transferred to the square the King has just
        // crossed (if it is not already there). If the King and Rook are adjacent in a corner and
        // the King can not move two spaces towards the Rook, then the King and Rook exchange
        // squares."
        "chess480" => match toward(2) {
            Some(to) => landings.push((to, toward(1).unwrap())),
            None if distance == 1 && (rook == 0 || rook == 7) => landings.push((rook, king)),
            None => {}
        },
        // Free (Roman) castling: "the king could move as many spaces toward the rook as desired,
        // including all the way into the corner, and the rook could move to any square passed
        // over, including the king's starting square" (seed 004).
        "free" => {
            for n in 1..=distance {
                for m in 0..n {
                    landings.push((toward(n).unwrap(), toward(m).unwrap()));
                }
            }
        }
        // Duniho: "The King would move two or more spaces toward the Rook, and the Rook would
        // leap over the King to the immediately adjacent space"; the king "must stop before the
        // square the rook occupies" (Strong).
        "flexible" => {
            for n in 2..distance {
                landings.push((toward(n).unwrap(), toward(n - 1).unwrap()));
            }
        }
        // Pacey: the king can "'leap' ... to any unattacked empty square between it and an
        // unmoved rook, followed by said rook 'leaping' to the king's initial square ... It does
        // not matter if any squares in between are occupied".
        "fast" => {
            for n in 1..distance {
                landings.push((toward(n).unwrap(), king));
            }
        }
        _ => panic!("no rule {rule}"),
    }
    landings
        .into_iter()
        .map(|(king_to, rook_to)| {
            let mut empty: BTreeSet<usize> = if rule == "fast" {
                // Only the square the king leaps to; the rook leaps to the one the king leaves.
                BTreeSet::from([king_to])
            } else {
                // King and rook slide: no man between them (FIDE Laws 3.8.2.2, and each text's
                // "between"), and "all the squares between the king's initial and final squares
                // (including the final square) and all the squares between the rook's initial and
                // final squares (including the final square) must be vacant except for the king
                // and castling rook" (FIDE Guidelines II).
                files(king, rook)
                    .chain(files(king, king_to))
                    .chain(files(rook, rook_to))
                    .collect()
            };
            empty.remove(&king);
            empty.remove(&rook);
            Castling {
                king,
                rook,
                king_to,
                rook_to,
                empty: empty.into_iter().collect(),
            }
        })
        .collect()
}

/// The two sides of a back rank: `("a", king, left rook)` and `("h", king, right rook)`.
fn sides(back_rank: &str) -> [(&'static str, usize, usize); 2] {
    let king = back_rank.find('K').unwrap();
    let rooks: Vec<usize> = back_rank.match_indices('R').map(|(f, _)| f).collect();
    [("a", king, rooks[0]), ("h", king, rooks[1])]
}

/// The file of a first-rank square written `g1`.
fn file_of(square: &str) -> usize {
    let b = square.as_bytes();
    assert!(
        b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && b[1] == b'1',
        "{square} is no first-rank square"
    );
    (b[0] - b'a') as usize
}

/// One row of `output/chess960_castling_rules.csv`.
#[derive(Debug, serde::Deserialize)]
struct Row {
    rule: String,
    sp: u16,
    arrangement: String,
    side: String,
    castling: String,
    king_to: String,
    rook_to: String,
    verdict: String,
    moves: Option<usize>,
    pawn_moves: String,
    castle_line: String,
    walk_line: String,
    pawn_files: usize,
}

impl Row {
    fn label(&self) -> String {
        format!(
            "{} SP {} {} {}",
            self.rule, self.sp, self.side, self.castling
        )
    }

    fn landing(&self) -> (usize, usize) {
        (file_of(&self.king_to), file_of(&self.rook_to))
    }
}

/// The rules report as the program writes it (proved by tests/cli/report_and_show.rs).
const REPORT: &str = include_str!("../../../output/chess960_castling_rules.csv");

/// Every row of the rules report.
fn report() -> Vec<Row> {
    csv::Reader::from_reader(REPORT.as_bytes())
        .deserialize()
        .map(|r| r.unwrap())
        .collect()
}

/// The report's rows by rule, SP and side, each list in the report's order.
fn by_side(rows: &[Row]) -> BTreeMap<(&str, u16, &str), Vec<&Row>> {
    let mut out: BTreeMap<(&str, u16, &str), Vec<&Row>> = BTreeMap::new();
    for row in rows {
        out.entry((row.rule.as_str(), row.sp, row.side.as_str()))
            .or_default()
            .push(row);
    }
    out
}

// ------------------------------------------------------------------------------------------
// The castlings each rule allows.

/// Over all 960 arrangements and every rule, the castlings read from the rule texts are the
/// report's rows (landing squares, and so their number per side) and the library's rule type's
/// castlings (landing squares and the squares that must be empty).
#[test]
fn plain_castlings_are_the_reports_and_the_rule_types() {
    let rows = report();
    let grouped = by_side(&rows);
    let mut compared = 0;
    for rule in RULES {
        let typed: Rule = rule.parse().unwrap();
        for a in Arrangement::all() {
            let back_rank = a.to_string();
            for (side, king, rook) in sides(&back_rank) {
                let label = format!("{rule} SP {} {side}", a.sp());
                let ours = plain_castlings(rule, king, rook);
                let mut landings: Vec<(usize, usize)> =
                    ours.iter().map(|c| (c.king_to, c.rook_to)).collect();
                landings.sort_unstable();
                let reported = grouped.get(&(rule, a.sp(), side));
                let mut theirs: Vec<(usize, usize)> = reported
                    .into_iter()
                    .flatten()
                    .map(|r| {
                        assert_eq!(r.arrangement, back_rank, "{label}");
                        r.landing()
                    })
                    .collect();
                theirs.sort_unstable();
                assert_eq!(
                    landings, theirs,
                    "{label}: landing squares, ours then the report's"
                );
                let mut library: Vec<Castling> = typed
                    .paths(File::index(king), File::index(rook))
                    .into_iter()
                    .map(|p| Castling {
                        king: p.king_from() as usize,
                        rook: p.rook_from() as usize,
                        king_to: p.king_to() as usize,
                        rook_to: p.rook_to() as usize,
                        empty: (0..8)
                            .filter(|&f| p.must_be_empty(File::index(f)))
                            .collect(),
                    })
                    .collect();
                library.sort();
                let mut ours = ours;
                ours.sort();
                assert_eq!(ours, library, "{label}: ours, then the rule type's");
                compared += landings.len();
            }
        }
    }
    // Every row of the report was one of ours.
    assert_eq!(compared, rows.len());
}

// ------------------------------------------------------------------------------------------
// Chess480's mirror symmetry.

/// Chess480's rule is stated relative to the king (two squares toward the rook, the square it
/// crossed, the corner), so an arrangement and its mirror image (the back rank read from h1 to
/// a1) must get the same answers: each castling of one's a-side has the verdict and fewest moves
/// of the mirrored castling of the other's h-side. Free, flexible and fast castling are stated
/// relative to the king too and must show the same. Chess960's rule is not (c1 and d1 mirror to
/// f1 and e1, not to g1 and f1), and its answers must differ somewhere, or this test could not
/// fail.
#[test]
fn chess480_answers_equal_the_mirror_images_answers() {
    let rows = report();
    let grouped = by_side(&rows);
    let sp_of: BTreeMap<&str, u16> = rows
        .iter()
        .map(|r| (r.arrangement.as_str(), r.sp))
        .collect();
    assert_eq!(sp_of.len(), 960);
    for rule in RULES {
        let (mut differ, mut castlings) = (Vec::new(), 0);
        for (&back_rank, &sp) in &sp_of {
            let mirror: String = back_rank.chars().rev().collect();
            let mirror_sp = sp_of[mirror.as_str()];
            assert_ne!(sp, mirror_sp, "no arrangement is its own mirror image");
            let here = grouped.get(&(rule, sp, "a")).cloned().unwrap_or_default();
            let there = grouped
                .get(&(rule, mirror_sp, "h"))
                .cloned()
                .unwrap_or_default();
            let answers = |rows: &[&Row]| -> Vec<(String, Option<usize>)> {
                rows.iter().map(|r| (r.verdict.clone(), r.moves)).collect()
            };
            if rule != "chess960" {
                // Castling by castling in the report's order: mirrored landing squares.
                let mirrored: Vec<(usize, usize)> = there
                    .iter()
                    .map(|r| (7 - r.landing().0, 7 - r.landing().1))
                    .collect();
                let landings: Vec<(usize, usize)> = here.iter().map(|r| r.landing()).collect();
                assert_eq!(landings, mirrored, "{rule} SP {sp} a, SP {mirror_sp} h");
                castlings += here.len();
            }
            if answers(&here) != answers(&there) {
                differ.push(format!(
                    "SP {sp} a {:?}, SP {mirror_sp} h {:?}",
                    answers(&here),
                    answers(&there)
                ));
            }
        }
        if rule == "chess960" {
            assert!(
                !differ.is_empty(),
                "chess960's answers are the mirror image's"
            );
        } else {
            assert!(differ.is_empty(), "{rule}: {differ:#?}");
            // Every row was compared: each a-side with a mirror image's h-side.
            let all = rows.iter().filter(|r| r.rule == rule).count();
            assert_eq!(2 * castlings, all, "{rule}");
        }
    }
}

// ------------------------------------------------------------------------------------------
// Without a pawn move: a plain search of the whole board.

/// One arrangement analysed alone under a rule (what `castle960 show --rule` prints) is the
/// report's rows of that arrangement, games and all: the report's shared analysis of all 960
/// (Chess960's own castling reused, castlings shared between rules decided once) answers
/// nothing a single analysis would answer otherwise. Every 16th arrangement, every rule.
#[test]
fn one_arrangement_analysed_alone_is_the_reports_rows() {
    let header = REPORT.lines().next().unwrap();
    let mut expected: BTreeMap<(String, u16), Vec<&str>> = BTreeMap::new();
    for line in REPORT.lines().skip(1) {
        let mut fields = line.split(',');
        let rule = fields.next().unwrap().to_string();
        let sp: u16 = fields.next().unwrap().parse().unwrap();
        expected.entry((rule, sp)).or_default().push(line);
    }
    let sps: Vec<u16> = (0..960).step_by(16).collect();
    let mismatches: Vec<String> = RULES
        .iter()
        .flat_map(|rule| sps.iter().map(move |&sp| (*rule, sp)))
        .collect::<Vec<_>>()
        .par_iter()
        .filter_map(|&(rule, sp)| {
            let a = Arrangement::from_sp(sp).unwrap();
            let analysis = castle960::start::rules::analyse(
                rule.parse().unwrap(),
                a,
                castle960::start::bound::PawnBound::ALL_EIGHT,
            );
            let csv = castle960::report::rules_csv::to_csv(&[vec![analysis]]);
            let csv = String::from_utf8(csv).unwrap();
            // The header comes with the first row (none when the rule allows no castling).
            let got: Vec<&str> = csv.lines().filter(|&line| line != header).collect();
            let want = expected
                .get(&(rule.to_string(), sp))
                .cloned()
                .unwrap_or_default();
            (got != want).then(|| format!("{rule} SP {sp}: {got:?} vs {want:?}"))
        })
        .collect();
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

/// A first-rank square's name, `g1`.
fn square_name(file: usize) -> String {
    format!("{}1", (b'a' + file as u8) as char)
}
