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

use crate::common;
use crate::plain::{Castling, model};

use castle960::chess::{File, Rule};
use castle960::start::analysis::Analysis;
use castle960::start::search::no_pawn;
use castle960::{Arrangement, CastlingSide};
use cozy_chess::{Board, Color, Rank, Square};
use rayon::prelude::*;
use std::collections::{BTreeMap, BTreeSet};

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
const REPORT: &str = include_str!("../../output/chess960_castling_rules.csv");

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

/// The plain whole-board search (`plain/whole_board.rs`, the one `no_pawn_plain.rs` runs on
/// Chess960's castling): pawns stay home, knights roam and come back, the queen and the free
/// rook move wherever chess lets them, the king and the castling rook never move.
mod whole_board {
    pub use crate::plain::whole_board::fewest;

    #[test]
    fn sanity() {
        // RNBQKBNR, e1 and h1: O-O needs Bf1 out of the way, which no move without a pawn move
        // does; fast castling's K~g1 needs g1 alone empty: Nf3 (or Nh3), one move.
        let chess960 = &super::plain_castlings("chess960", 4, 7);
        assert_eq!(fewest::<8>("RNBQKBNR", chess960), [None]);
        let fast = &super::plain_castlings("fast", 4, 7);
        assert_eq!(fast.iter().map(|c| c.king_to).collect::<Vec<_>>(), [5, 6]);
        assert_eq!(fewest::<8>("RNBQKBNR", fast), [None, Some(1)]);
    }
}

/// For every castling every rule allows on every side of all 960 arrangements, the fewest moves
/// without a pawn move of the plain whole-board search equal the library's search
/// (`no_pawn::search` along the rule type's castling with the same landing squares) and the
/// report's `moves` (a number exactly for the no-pawn-move rows).
#[test]
fn no_pawn_fewest_moves_equal_a_plain_search_under_every_rule() {
    let rows = report();
    let grouped = by_side(&rows);
    let rules: Vec<(&str, Rule)> = RULES.map(|r| (r, r.parse().unwrap())).to_vec();
    let checked: Vec<Result<usize, String>> = Arrangement::all()
        .collect::<Vec<_>>()
        .par_iter()
        .flat_map_iter(|a| {
            let back_rank = a.to_string();
            let grouped = &grouped;
            let rules = &rules;
            sides(&back_rank).map(move |(side, king, rook)| {
                // One search for the castlings of every rule on this side.
                let mut castlings: Vec<Castling> = RULES
                    .iter()
                    .flat_map(|rule| plain_castlings(rule, king, rook))
                    .collect();
                castlings.sort();
                castlings.dedup();
                let fewest = whole_board::fewest::<8>(&a.to_string(), &castlings);
                let plain = |c: &Castling| fewest[castlings.binary_search(c).unwrap()];
                let mut compared = 0;
                for (rule, typed) in rules {
                    let label = format!("{rule} SP {} {side}", a.sp());
                    let ours = plain_castlings(rule, king, rook);
                    for path in typed.paths(File::index(king), File::index(rook)) {
                        let at = (path.king_to() as usize, path.rook_to() as usize);
                        let c = ours
                            .iter()
                            .find(|c| (c.king_to, c.rook_to) == at)
                            .ok_or(format!("{label}: no plain castling lands on {at:?}"))?;
                        let library = no_pawn::search(a, path).map(|c| c.moves);
                        if library != plain(c) {
                            return Err(format!(
                                "{label} {at:?}: library {library:?}, plain {:?}",
                                plain(c)
                            ));
                        }
                    }
                    for row in grouped.get(&(*rule, a.sp(), side)).into_iter().flatten() {
                        let c = ours
                            .iter()
                            .find(|c| (c.king_to, c.rook_to) == row.landing());
                        let plain = c.and_then(plain);
                        let no_pawn = row.verdict == "no-pawn-move";
                        if row.moves != plain || no_pawn != plain.is_some() {
                            return Err(format!(
                                "{}: report {} {:?}, plain {plain:?}",
                                row.label(),
                                row.verdict,
                                row.moves
                            ));
                        }
                        compared += 1;
                    }
                }
                Ok(compared)
            })
        })
        .collect();
    let failures: Vec<&String> = checked.iter().filter_map(|r| r.as_ref().err()).collect();
    assert!(failures.is_empty(), "{failures:#?}");
    let compared: usize = checked.iter().map(|r| *r.as_ref().unwrap()).sum();
    assert_eq!(compared, rows.len());
}

// ------------------------------------------------------------------------------------------
// After a pawn move: a plain search of the abstract model (`plain/model.rs`, the one
// `model_oracle.rs` runs on Chess960's castling), given each rule's castlings.

/// A first-rank square's name, `g1`.
fn square_name(file: usize) -> String {
    format!("{}1", (b'a' + file as u8) as char)
}

/// The library's verdict (`castle960::start::rules::analyse`) on every castling of chess480,
/// free, flexible and fast castling on both sides of each of `sps`, with pawns moved on at most
/// `bound` files, against the plain model search's ([`model`]); castlings are matched by landing squares.
/// Chess960's castling is compared on the same plain sets too, with the verdict of the report's
/// own search (`Analysis`, as `model_oracle.rs` compares it): the sets are what takes the time.
/// Returns how many castlings of each rule got each verdict.
fn compare_with_model(sps: &[u16], bound: usize) -> BTreeMap<(&'static str, &'static str), usize> {
    let pawn_bound = castle960::start::bound::PawnBound::within::<8>(bound).unwrap();
    let results: Vec<Result<Vec<(&str, &str)>, String>> = sps
        .par_iter()
        .map(|&sp| {
            let a = Arrangement::from_sp(sp).unwrap();
            let back_rank = a.to_string();
            let start = model::start::<8>(&back_rank);
            let [(_, king, a_rook), (_, _, h_rook)] = sides(&back_rank);
            // Castle-free, and with each side's king and rook unmoved.
            let frozen = [vec![], vec![king, a_rook], vec![king, h_rook]];
            let explored: Vec<_> = frozen
                .par_iter()
                .map(|frozen| model::explore(start, frozen, bound))
                .collect();
            let analyses: Vec<_> = RULES[1..]
                .par_iter()
                .map(|rule| castle960::start::rules::analyse(rule.parse().unwrap(), a, pawn_bound))
                .collect();
            let mut verdicts = Vec::new();
            for (rule, analysis) in RULES[1..].iter().zip(&analyses) {
                for (((side, king, rook), before), library) in sides(&back_rank)
                    .into_iter()
                    .zip(&explored[1..])
                    .zip([&analysis.castlings.a, &analysis.castlings.h])
                {
                    let label = format!("{rule} SP {sp} {side}, pawns on at most {bound} files");
                    let ours = plain_castlings(rule, king, rook);
                    if ours.len() != library.len() {
                        return Err(format!(
                            "{label}: {} castlings, library {}",
                            ours.len(),
                            library.len()
                        ));
                    }
                    for c in &ours {
                        let at = (c.king_to, c.rook_to);
                        let theirs = library
                            .iter()
                            .find(|l| (l.path.king_to() as usize, l.path.rook_to() as usize) == at)
                            .ok_or(format!("{label}: the library has no castling to {at:?}"))?;
                        let plain = model::verdict(c, before, &explored[0]);
                        let library = theirs.verdict.verdict.as_str();
                        if plain != library {
                            return Err(format!(
                                "{label}, king to {}, rook to {}: library {library}, plain {plain}",
                                square_name(c.king_to),
                                square_name(c.rook_to)
                            ));
                        }
                        verdicts.push((*rule, plain));
                    }
                }
            }
            let chess960 = Analysis::with_bound(a, pawn_bound);
            for ((side, king, rook), before) in sides(&back_rank).into_iter().zip(&explored[1..]) {
                let [castling] = &plain_castlings("chess960", king, rook)[..] else {
                    panic!("chess960 has one castling a side");
                };
                let plain = model::verdict(castling, before, &explored[0]);
                let side = if side == "a" {
                    CastlingSide::A
                } else {
                    CastlingSide::H
                };
                let library = chess960.verdicts.get(side).verdict.as_str();
                if plain != library {
                    return Err(format!(
                        "chess960 SP {sp} {side}, pawns on at most {bound} files: report's search \
                         {library}, plain {plain}"
                    ));
                }
                verdicts.push(("chess960", plain));
            }
            Ok(verdicts)
        })
        .collect();
    let failures: Vec<&String> = results.iter().filter_map(|r| r.as_ref().err()).collect();
    assert!(failures.is_empty(), "{failures:#?}");
    let mut counts = BTreeMap::new();
    for v in results.into_iter().flat_map(Result::unwrap) {
        *counts.entry(v).or_insert(0) += 1;
    }
    counts
}

/// With pawns moved on at most one file, on every 13th arrangement (74 arrangements, 1,085
/// castlings under the other rules and 148 under Chess960's): the quick part of the comparison, run with every `cargo test`. Both verdicts that
/// need a pawn move occur under chess480 and under fast castling.
#[test]
fn pawn_verdicts_equal_a_plain_model_search_with_one_pawn_file() {
    let sps: Vec<u16> = (0..960).step_by(13).collect();
    let counts = compare_with_model(&sps, 1);
    for rule in ["chess480", "fast"] {
        for verdict in ["after-pawn-move", "artificial-only"] {
            assert!(
                counts.contains_key(&(rule, verdict)),
                "{rule} {verdict}: {counts:?}"
            );
        }
    }
}

/// Slow (about 15 s of CPU, and 0.7 GB): with pawns moved on at most two files the plain
/// castle-free set has millions of positions per arrangement, so this runs on one, the standard
/// array (26 castlings, and Chess960's two, which `model_oracle.rs` leaves to this test), where
/// fast castling has both verdicts that need a pawn move.
#[test]
#[ignore = "slow: run with `cargo test --release -- --include-ignored`"]
fn slow_pawn_verdicts_equal_a_plain_model_search_with_two_pawn_files() {
    let counts = compare_with_model(&[518], 2);
    for verdict in ["after-pawn-move", "artificial-only"] {
        assert!(
            counts.contains_key(&("fast", verdict)),
            "{verdict}: {counts:?}"
        );
    }
}

/// Fast castling is searched with pawns moved on at most `LEAP_BOUND` = 2 files, whose
/// documentation claims that three files change no verdict. The evidence: every fast castling of
/// every arrangement that needs a pawn move (1,186), searched again with pawns on at most three
/// files, gets the verdict the report gives it within two. The search is the one the report runs
/// (`pawn_outcomes`, the group search), called directly because `rules::analyse` caps the bound
/// of fast castling at `LEAP_BOUND`. Slow: about 20 s of CPU.
#[test]
#[ignore = "slow: run with `cargo test --release -- --include-ignored`"]
fn fast_castling_within_three_files_equals_within_two() {
    use castle960::start::analysis::pawn_outcomes;
    use castle960::start::rules::LEAP_BOUND;
    assert_eq!(LEAP_BOUND.files(), 2);
    let rows = report();
    let arrangements: Vec<Arrangement> = Arrangement::all().collect();
    let mut tasks = Vec::new();
    let mut reported = Vec::new();
    for row in rows.iter().filter(|r| r.rule == "fast") {
        assert_eq!(row.pawn_files, LEAP_BOUND.files(), "{}", row.label());
        if row.verdict == "no-pawn-move" {
            continue;
        }
        let a = &arrangements[row.sp as usize];
        let side = if row.side == "a" {
            castle960::CastlingSide::A
        } else {
            castle960::CastlingSide::H
        };
        let path = Rule::FAST
            .paths(a.king_file(), a.rook_file(side))
            .into_iter()
            .find(|p| (p.king_to() as usize, p.rook_to() as usize) == row.landing())
            .unwrap();
        tasks.push((row.sp as usize, path.unnamed()));
        reported.push(row);
    }
    let three = castle960::start::bound::PawnBound::within::<8>(3).unwrap();
    let outcomes = pawn_outcomes(&arrangements, &tasks, three, &|_| {});
    let differ: Vec<String> = reported
        .iter()
        .zip(&outcomes)
        .filter(|(row, outcome)| row.verdict != outcome.verdict.as_str())
        .map(|(row, outcome)| {
            let three = outcome.verdict;
            format!(
                "{}: within 2 files {}, within 3 {three}",
                row.label(),
                row.verdict
            )
        })
        .collect();
    assert!(differ.is_empty(), "{differ:#?}");
    let kinds: BTreeSet<&str> = reported.iter().map(|r| r.verdict.as_str()).collect();
    assert_eq!(
        kinds,
        BTreeSet::from(["after-pawn-move", "artificial-only"])
    );
}

// ------------------------------------------------------------------------------------------
// Every game of the report, replayed.

/// The castling a row's SAN names under `rule`, read with the plain rules: `O-O` (h-side) and
/// `O-O-O` (a-side) where a side has one castling (chess960, chess480), `K~g1` (the king's
/// landing square) under flexible and fast castling, `K~h1/R~e1` (both) under free castling.
fn named_castling(
    rule: &str,
    san: &str,
    side: &str,
    king: usize,
    rook: usize,
) -> Result<Castling, String> {
    let castlings = plain_castlings(rule, king, rook);
    let square = |s: &str| -> Result<usize, String> {
        let b = s.as_bytes();
        if b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && b[1] == b'1' {
            Ok((b[0] - b'a') as usize)
        } else {
            Err(format!("{san}: {s} is no first-rank square"))
        }
    };
    let named: Vec<&Castling> = match rule {
        "chess960" | "chess480" => {
            let wanted = if side == "h" { "O-O" } else { "O-O-O" };
            if san != wanted {
                return Err(format!("{san} is not {wanted}"));
            }
            castlings.iter().collect()
        }
        "flexible" | "fast" => {
            let to = square(san.strip_prefix("K~").ok_or(format!("{san} is not K~.."))?)?;
            castlings.iter().filter(|c| c.king_to == to).collect()
        }
        "free" => {
            let (k, r) = san
                .strip_prefix("K~")
                .and_then(|rest| rest.split_once("/R~"))
                .ok_or(format!("{san} is not K~../R~.."))?;
            let (k, r) = (square(k)?, square(r)?);
            castlings
                .iter()
                .filter(|c| (c.king_to, c.rook_to) == (k, r))
                .collect()
        }
        _ => panic!("no rule {rule}"),
    };
    match named[..] {
        [c] => Ok(c.clone()),
        _ => Err(format!(
            "{san} names {} castlings under {rule}",
            named.len()
        )),
    }
}

fn first_rank(file: usize) -> Square {
    Square::new(cozy_chess::File::index(file), Rank::First)
}

/// White's men on a board, by square (file + 8 * rank), `.` where none stands.
fn white_men(board: &Board) -> [u8; 64] {
    let mut men = [b'.'; 64];
    for sq in board.colors(Color::White) {
        men[sq as usize] = common::white_letter(board.piece_on(sq).unwrap()) as u8;
    }
    men
}

/// A FEN with White's men as `men` and Black's as on `board`, White to move, no castling
/// rights: the position after a castling cozy-chess cannot play.
fn fen_with(men: &[u8; 64], board: &Board) -> String {
    let placement = common::placement(|index| match men[index] {
        b'.' => {
            let sq = Square::index(index);
            (board.color_on(sq) == Some(Color::Black))
                .then(|| char::from(board.piece_on(sq).unwrap()))
        }
        white => Some(white as char),
    });
    format!("{placement} w - - 0 1")
}

fn is_castling(san: &str) -> bool {
    san.starts_with("O-O") || san.contains('~')
}

/// What replaying rows showed.
#[derive(Default)]
struct Replayed {
    rows: usize,
    walks: usize,
    /// Castling games that go on after castling (to the placement the walk reaches).
    continued: usize,
}

/// Replays one row's games (see [`every_game_of_the_rules_report_replays`]).
fn replay_row(row: &Row) -> Result<Replayed, String> {
    let a = Arrangement::from_sp(row.sp).unwrap();
    if a.to_string() != row.arrangement {
        return Err(format!("SP {} is {a}", row.sp));
    }
    let (_, king, rook) = sides(&row.arrangement)
        .into_iter()
        .find(|&(side, _, _)| side == row.side)
        .unwrap();
    let castling = named_castling(&row.rule, &row.castling, &row.side, king, rook)?;
    if (castling.king_to, castling.rook_to) != row.landing() {
        return Err(format!(
            "{} lands on {} and {}",
            row.castling,
            square_name(castling.king_to),
            square_name(castling.rook_to)
        ));
    }
    let fen = a.fen();
    let moves: Vec<&str> = row.castle_line.split(' ').collect();
    let castles: Vec<usize> = (0..moves.len())
        .filter(|&i| is_castling(moves[i]))
        .collect();
    let [at] = castles[..] else {
        return Err(format!("{} castlings", castles.len()));
    };
    if moves[at] != row.castling {
        return Err(format!("castles {}", moves[at]));
    }
    let (before, after) = (&moves[..at], &moves[at + 1..]);
    // Up to the castling move: cozy-chess, Black standing and passing.
    let pre = common::replay_white_line(&fen, before)?;
    if pre.last_castle.is_some() || pre.castled_before_last {
        return Err("castles before the castling move".into());
    }
    // The castling move, by the plain rule: king and rook never moved, the squares it needs
    // empty are empty.
    let (king_sq, rook_sq) = (first_rank(king), first_rank(rook));
    if pre.moved_from.contains(&king_sq) || pre.moved_from.contains(&rook_sq) {
        return Err("the king or the castling rook moved before castling".into());
    }
    let mut men = white_men(&pre.board);
    assert_eq!((men[king], men[rook]), (b'K', b'R'));
    if let Some(f) = castling
        .empty
        .iter()
        .find(|&&f| pre.board.piece_on(first_rank(f)).is_some())
    {
        return Err(format!("castles with {} occupied", square_name(*f)));
    }
    men[king] = b'.';
    men[rook] = b'.';
    men[castling.king_to] = b'K';
    men[castling.rook_to] = b'R';
    if row.rule == "chess960" {
        // cozy-chess plays Chess960's castling itself, to the same placement.
        let played = common::replay_white_line(&fen, &moves[..=at])?;
        if played.last_castle != row.side.chars().next() || white_men(&played.board) != men {
            return Err("cozy-chess castles otherwise".into());
        }
    }
    let mut replayed = Replayed {
        rows: 1,
        ..Replayed::default()
    };
    // After castling: artificial-only games may go on to the placement the walk reaches.
    let (end, later_pawn_moves) = if after.is_empty() {
        (men, 0)
    } else {
        if row.verdict != "artificial-only" {
            return Err("the game goes on after castling".into());
        }
        let rest = common::replay_white_line(&fen_with(&men, &pre.board), after)
            .map_err(|e| format!("after castling: {e}"))?;
        replayed.continued += 1;
        (white_men(&rest.board), rest.pawn_moves)
    };
    // The row's pawn moves are the game's: SAN names a pawn move by its file letter alone.
    let pawn_moves: Vec<&str> = moves
        .iter()
        .copied()
        .filter(|m| m.as_bytes()[0].is_ascii_lowercase())
        .collect();
    if pawn_moves.join(" ") != row.pawn_moves
        || pre.pawn_moves + later_pawn_moves != pawn_moves.len()
    {
        return Err(format!("pawn moves {pawn_moves:?}"));
    }
    let walk: Vec<&str> = row.walk_line.split_whitespace().collect();
    match row.verdict.as_str() {
        "no-pawn-move" => {
            if row.moves != Some(before.len()) || !pawn_moves.is_empty() || !walk.is_empty() {
                return Err(format!("{} moves before castling", before.len()));
            }
        }
        "after-pawn-move" => {
            if row.moves.is_some() || pawn_moves.is_empty() || !walk.is_empty() {
                return Err("castling needs a pawn move and has no walk".into());
            }
        }
        "artificial-only" => {
            if row.moves.is_some() || pawn_moves.is_empty() {
                return Err("castling needs a pawn move".into());
            }
            if walk.iter().any(|m| is_castling(m)) {
                return Err("the walk castles".into());
            }
            let walked =
                common::replay_white_line(&fen, &walk).map_err(|e| format!("walk: {e}"))?;
            if walked.last_castle.is_some() || walked.castled_before_last {
                return Err("the walk castles".into());
            }
            if white_men(&walked.board) != end {
                return Err("the walk ends elsewhere than the castling game".into());
            }
            replayed.walks += 1;
        }
        other => return Err(format!("verdict {other}")),
    }
    Ok(replayed)
}

/// Every row of the rules report: the castling game's moves before the castling move replay
/// as legal White moves with cozy-chess from the full start position (Black standing and
/// passing); the castling move is the row's castling in its rule's notation, names the row's
/// landing squares, is legal by the plain rule (king and castling rook never moved, the
/// squares the rule needs empty are empty) and is the game's only castling; for Chess960,
/// cozy-chess plays it too, to the same placement. The game ends with the castling move, except
/// artificial-only games under the other rules, which go on (replayed from the castled
/// position) to the placement the walk reaches. The row's pawn moves are exactly the game's;
/// a no-pawn-move row's moves count the moves before castling; an artificial-only row's walk
/// replays without castling to the castling game's final placement of White's men.
#[test]
fn every_game_of_the_rules_report_replays() {
    let rows = report();
    let results: Vec<Result<Replayed, String>> = rows
        .par_iter()
        .map(|row| replay_row(row).map_err(|e| format!("{}: {e}", row.label())))
        .collect();
    let failures: Vec<&String> = results.iter().filter_map(|r| r.as_ref().err()).collect();
    assert!(
        failures.is_empty(),
        "{} rows: {failures:#?}",
        failures.len()
    );
    let total = results
        .iter()
        .flatten()
        .fold(Replayed::default(), |t, r| Replayed {
            rows: t.rows + r.rows,
            walks: t.walks + r.walks,
            continued: t.continued + r.continued,
        });
    assert_eq!(total.rows, rows.len());
    let artificial = rows
        .iter()
        .filter(|r| r.verdict == "artificial-only")
        .count();
    assert_eq!(total.walks, artificial);
}

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
