//! The ten-file castling suite: the committed file is what the program writes, and it covers
//! each variant's castling families with both colours to move. (Its numbers are
//! Fairy-Stockfish's: `tests/cli/referee_ten.rs` referees every line to depth 2.)

use castle960::referee::ten_suite::{self, TenFamily};
use castle960::ten::Variant;
use cozy_chess::Color;
use std::collections::BTreeMap;

const COMMITTED: &str = include_str!("../../output/castling-suite-10.epd");

#[test]
fn the_committed_ten_file_suite_is_what_the_program_writes() {
    let text = ten_suite::render(&ten_suite::generate());
    assert!(
        text == COMMITTED,
        "output/castling-suite-10.epd is stale: run `castle960 suite --ten-files`"
    );
}

/// Each variant has at least 12 positions of each family it can reach with White and with
/// Black to move. The variants with a fixed start array (king and rooks in their corners, the
/// king never on its destination) cannot reach the last four families; CRC reaches them all.
#[test]
fn every_variants_families_are_covered_with_white_and_black_to_move() {
    let mut counts: BTreeMap<(&str, TenFamily, bool), usize> = BTreeMap::new();
    for entry in ten_suite::generate() {
        let white = entry.board.side_to_move() == Color::White;
        for family in entry.families {
            *counts
                .entry((entry.board.variant().name(), family, white))
                .or_default() += 1;
        }
    }
    let fixed_array_cannot = [
        TenFamily::RevealedByTheRook,
        TenFamily::KingOnItsDestination,
        TenFamily::RookOnItsDestination,
        TenFamily::KingCrossesItsRook,
    ];
    for variant in Variant::ALL {
        for family in TenFamily::ALL {
            let reachable = variant == Variant::CAPARANDOM || !fixed_array_cannot.contains(&family);
            for white in [true, false] {
                let n = counts
                    .get(&(variant.name(), family, white))
                    .copied()
                    .unwrap_or(0);
                assert_eq!(
                    n >= 12,
                    reachable,
                    "{variant} {} white to move {white}: {n}",
                    family.name()
                );
            }
        }
    }
}
