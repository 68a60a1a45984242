//! The facts of `analysis.md`'s section on the four neighbouring published questions: our
//! figures from the report's analyses, the published ones beside them, and the arrangements or
//! ranks on which they differ, all computed here so that the template types no number.

use crate::chess::{CastlingSide, File};
use crate::report::template::Facts;
use crate::start::analysis::Analysis;
use crate::start::board::first_rank;
use crate::start::questions::{
    OfficerOrder, castled_ranks, fewest_any, intact_rights, officer_orders, other_rook,
};
use itertools::Itertools;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Adds the questions' facts to `f`.
pub fn facts(analyses: &[Analysis], f: &mut Facts) {
    for (name, title, url) in [
        ("fewest_any_source", "Chess SE 25256", fewest_any::SOURCE),
        ("intact_source", "Puzzling SE 122388", intact_rights::SOURCE),
        (
            "castled_source",
            "Puzzling SE 121794",
            castled_ranks::SOURCE,
        ),
        ("other_rook_source", "Chess SE 37082", other_rook::SOURCE),
    ] {
        f.insert(name.into(), format!("[{title}]({url})"));
    }
    fewest_any_facts(analyses, f);
    let count = |pred: &dyn Fn(&Analysis) -> bool| analyses.iter().filter(|a| pred(a)).count();
    // Question 2.
    f.insert(
        "intact_published".into(),
        intact_rights::PUBLISHED.to_string(),
    );
    f.insert(
        "intact_count".into(),
        count(&|a| a.questions.rights_provably_intact()).to_string(),
    );
    let intact: Vec<String> = analyses
        .iter()
        .filter(|a| a.questions.rights_provably_intact())
        .map(|a| a.arrangement.sp().to_string())
        .collect();
    f.insert("intact_sps".into(), intact.join(", "));
    let standard = analyses.iter().find(|a| a.arrangement.sp() == 518);
    f.insert(
        "intact_standard_line".into(),
        standard
            .and_then(|a| {
                a.questions
                    .rights_lost
                    .as_ref()
                    .map(|l| l.san(&a.arrangement))
            })
            .unwrap_or_default(),
    );
    // Question 4.
    let (published, alternative) = other_rook::PUBLISHED;
    f.insert("other_rook_published".into(), published.to_string());
    f.insert(
        "other_rook_published_alternative".into(),
        alternative.to_string(),
    );
    f.insert(
        "other_rook_count".into(),
        count(&|a| a.questions.keeps_other_rooks()).to_string(),
    );
    for side in CastlingSide::BOTH {
        f.insert(
            format!("{}_keeps_other_rook", side.prefix()),
            count(&|a| a.questions.keeping_other_rook[side].is_some()).to_string(),
        );
    }
    castled_rank_facts(analyses, f);
}

/// Question 1: the distribution table and the published patterns checked one by one.
// Longer than most functions here: a straight sequence of facts for one section of analysis.md, in the order the section uses them.
fn fewest_any_facts(analyses: &[Analysis], f: &mut Facts) {
    let mut by_moves: BTreeMap<usize, [usize; 2]> = BTreeMap::new();
    for a in analyses {
        for (i, side) in CastlingSide::BOTH.into_iter().enumerate() {
            by_moves
                .entry(a.questions.fewest_any[side].moves)
                .or_default()[i] += 1;
        }
    }
    let mut published: BTreeMap<usize, usize> = BTreeMap::new();
    for (n, _, count) in fewest_any::PUBLISHED_PATTERNS {
        *published.entry(n).or_default() += count;
    }
    let mut table = String::from(
        "| n(P) | moves before castling | a-side (O-O-O) | h-side (O-O) | published (h-side) |\n\
         |---|---|---|---|---|\n",
    );
    for (moves, [a, h]) in &by_moves {
        let n = moves + 1;
        let theirs = published.get(&n).map_or("-".to_string(), usize::to_string);
        let _ = writeln!(table, "| {n} | {moves} | {a} | {h} | {theirs} |");
    }
    f.insert("fewest_any_table".into(), table.trim_end().to_string());
    let h_at = |n: usize| by_moves.get(&(n - 1)).map_or(0, |c| c[1]);
    for (n, ours, theirs) in [
        (1, "fewest_any_h1", "fewest_any_published1"),
        (2, "fewest_any_h2", "fewest_any_published2"),
        (3, "fewest_any_h3", "fewest_any_published3"),
    ] {
        f.insert(ours.into(), h_at(n).to_string());
        f.insert(theirs.into(), published[&n].to_string());
    }
    // Each published pattern: the arrangements matching it, and the orders matching it when
    // the king need not stand between the rooks.
    let orders = officer_orders();
    let mut patterns = String::from(
        "| n(P) | pattern | published | arrangements matching | of them with this n(P) | orders matching, king anywhere |\n\
         |---|---|---|---|---|---|\n",
    );
    for (n, pattern, count) in fewest_any::PUBLISHED_PATTERNS {
        let matching: Vec<&Analysis> = analyses
            .iter()
            .filter(|a| fewest_any::matches(pattern, &a.arrangement.to_string()))
            .collect();
        let same = matching
            .iter()
            .filter(|a| a.questions.fewest_any[CastlingSide::H].moves + 1 == n)
            .count();
        let loose = orders
            .iter()
            .filter(|o| fewest_any::matches(pattern, o.as_str()))
            .count();
        let _ = writeln!(
            patterns,
            "| {n} | `{pattern}` | {count} | {} | {same} | {loose} |",
            matching.len()
        );
    }
    f.insert(
        "fewest_any_patterns".into(),
        patterns.trim_end().to_string(),
    );
    // Our h-side arrangements at each published n(P) that no published pattern of it covers,
    // grouped by what stands on the squares king and rook need.
    let mut unlisted = String::new();
    for n in published.keys() {
        let mut groups: BTreeMap<String, usize> = BTreeMap::new();
        for a in analyses {
            let rank = a.arrangement.to_string();
            let covered = fewest_any::PUBLISHED_PATTERNS
                .iter()
                .any(|&(m, p, _)| m == *n && fewest_any::matches(p, &rank));
            if a.questions.fewest_any[CastlingSide::H].moves + 1 != *n || covered {
                continue;
            }
            let path = a.arrangement.castling(CastlingSide::H);
            let (lo, hi) = path.span();
            let key = format!(
                "`{}` on {}-{}",
                &rank[lo as usize..=hi as usize],
                first_rank(lo),
                first_rank(hi)
            );
            *groups.entry(key).or_default() += 1;
        }
        let text = if groups.is_empty() {
            "none".to_string()
        } else {
            groups.iter().map(|(k, c)| format!("{k}: {c}")).join("; ")
        };
        let _ = writeln!(unlisted, "- n(P) = {n}: {text}");
    }
    f.insert(
        "fewest_any_unlisted".into(),
        unlisted.trim_end().to_string(),
    );
}

/// Question 3: every castled rank with the arrangements reaching it, grouped by bishop files,
/// and the published cell checked rank by rank.
fn castled_rank_facts(analyses: &[Analysis], f: &mut Facts) {
    let mut ranks: BTreeMap<OfficerOrder, Vec<u16>> = BTreeMap::new();
    for a in analyses {
        for &rank in &a.questions.castled_ranks {
            ranks.entry(rank).or_default().push(a.arrangement.sp());
        }
    }
    f.insert(
        "castled_published".into(),
        castled_ranks::PUBLISHED.to_string(),
    );
    f.insert("castled_count".into(), ranks.len().to_string());
    let mut by_bishops: BTreeMap<[File; 2], Vec<(&OfficerOrder, &Vec<u16>)>> = BTreeMap::new();
    for (rank, sps) in &ranks {
        by_bishops
            .entry(rank.bishop_files())
            .or_default()
            .push((rank, sps));
    }
    let mut list = String::new();
    for (bishops, members) in &by_bishops {
        let entries = members
            .iter()
            .map(|(rank, sps)| format!("`{rank}` {}", sps.iter().join(" ")))
            .join("; ");
        let _ = writeln!(
            list,
            "- bishops {} {} ({}): {}",
            first_rank(bishops[0]),
            first_rank(bishops[1]),
            members.len(),
            entries
        );
    }
    f.insert("castled_list".into(), list.trim_end().to_string());
    f.insert("castled_groups".into(), by_bishops.len().to_string());
    let (cell, cell_published) = castled_ranks::PUBLISHED_CELL;
    let candidates = castled_ranks::candidates(cell);
    let extra: Vec<String> = candidates
        .iter()
        .filter(|c| !ranks.contains_key(c))
        .map(|c| format!("`{c}`"))
        .collect();
    f.insert(
        "castled_cell".into(),
        format!("{} {}", first_rank(cell[0]), first_rank(cell[1])),
    );
    f.insert("castled_cell_published".into(), cell_published.to_string());
    let orders: Vec<String> = castled_ranks::PUBLISHED_CELL_ORDERS
        .iter()
        .map(|o| format!("`{o}`"))
        .collect();
    f.insert("castled_cell_orders".into(), orders.join(", "));
    f.insert(
        "castled_cell_candidates".into(),
        candidates.len().to_string(),
    );
    f.insert(
        "castled_cell_reached".into(),
        by_bishops.get(&cell).map_or(0, Vec::len).to_string(),
    );
    f.insert("castled_cell_extra_count".into(), extra.len().to_string());
    f.insert("castled_cell_extra".into(), extra.join(", "));
}
