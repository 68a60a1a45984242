//! The fewest-moves search tied to what the report already proves: for every Chess960 start
//! position (Black at home, passing), the fewest White moves before castling on each side equal
//! the committed report's `a_fewest_any` / `h_fewest_any`, and every line found replays.

use crate::castling_support;
use crate::common;

use castle960::castling::{Later, Limits, fewest_moves};
use cozy_chess::{Board, Color};

#[test]
fn fewest_moves_from_every_start_position_equal_the_reports_fewest_any_and_replay() {
    let sides = common::reported_sides();
    assert_eq!(sides.len(), 1920);
    let mut checked = 0;
    for reported in &sides {
        let sp = reported.arrangement.sp();
        let board = Board::chess960_startpos(u32::from(sp));
        let expected: usize = reported.field("fewest_any").parse().unwrap();
        let later = fewest_moves(&board, Color::White, reported.side, &Limits::default());
        let Later::Fewest { moves, line, san } = &later else {
            panic!(
                "SP {sp} {}: {later:?}, report says {expected}",
                reported.side
            );
        };
        assert_eq!(*moves, expected, "SP {sp} {}: line {later}", reported.side);
        assert_eq!((line.len(), san.len()), (*moves, *moves));
        castling_support::replay_with_passes(&board, Color::White, reported.side, line)
            .unwrap_or_else(|e| panic!("SP {sp} {}: {e}", reported.side));
        checked += 1;
    }
    assert_eq!(checked, 1920);
}
