//! The abstract model of the pawn-move analysis: the first two ranks exactly, everything beyond
//! them as a *pool*, and the pawns as a per-file state.
//!
//! # What is modelled
//!
//! * The squares of ranks 1 and 2 are exact (16 on the standard board, 20 on ten files: every
//!   type here takes the board's width `F`, eight by default): each holds nothing, a pawn (rank
//!   2 only, while that file's pawn is at home) or one of White's pieces.
//! * A piece on rank 3 or beyond is *in the pool*: where exactly does not matter, because the open
//!   board above the pawns is large and connected, so a piece there can always get out of the way
//!   and reach any square from which it can come back (see `analysis.md` for the argument and
//!   `tests/start/pawn_witness.rs`, which replays the real games the model's lines are turned into).
//! * Each file's pawn is at home (rank 2), on rank 3 (a one-square move: it then blocks that
//!   rank-3 square) or beyond (a two-square move, or more moves: rank 3 is free again). At most
//!   [`Rules::bound`] files may have moved pawns. Promotions are out of scope.
//!
//! A piece *exits* to the pool by a move from rank 1 or 2 to a rank-3 square not blocked by a pawn
//! (a knight on rank 2 also reaches rank 4, which is always counted free; the archbishop and the
//! chancellor of ten files leave as a knight does); it *enters* by the reverse move. Every real move maps to a move of this model (or to nothing, if it stays in the
//! pool), so anything impossible here is impossible on the real board: the model over-approximates,
//! which makes its negative results sound. Its positive results are realized as real games.
//!
//! # Normal forms
//!
//! The searches do not try every order of moves; they follow normal forms that provably reach a
//! state of every component that any game reaches (the argument is in `analysis.md`):
//!
//! * Removing a piece from ranks 1-2 never makes another move illegal (moves only ever need empty
//!   squares). Hence a piece that will end in the pool may leave at its first chance and never
//!   return, and a piece that ends on the board leaves at most once and comes back at most once.
//! * So every non-knight piece decides at its first chance to leave: leave now, or *commit* to the
//!   board for good (it may still move there). A piece that comes back is committed.
//! * Knights leave at once. A knight that must end on the board stands on a square it can never
//!   leave again (a *dead* square: both rank-3 exits blocked by pawns, no free hole two files away).
//!   It may be placed there from the pool just before the event that kills the square, which
//!   frees the square for everyone else until then.
//! * The archbishop and the chancellor (ten files) leap like knights but also slide, so a square
//!   they can never leave need not be one they cannot move from: they follow the first-chance
//!   rule of every other piece, and come back by the reverse of any exit, onto rank 1 too.

mod cell;
mod pawns;
mod pos;
mod rules;
mod squares;

pub use cell::{
    ARCHBISHOP, BISHOP, CHANCELLOR, Cell, KING, KNIGHT, Kind, QUEEN, ROOK, kind_name, kind_of,
    kinds, leaps, piece_of,
};
pub use pawns::{
    BEYOND, HOME, Pawns, STRUCTURES, THIRD, moved_files, pawn_advances, structure_index,
    structure_pawns, structures,
};
pub use pos::{BackRank, PackedPos, Pos, PosKey};
pub use rules::{PLACED, Rules, Step, flat_destinations, flat_destinations_over};
pub use squares::{Sq, SquareSet, file_of, first_rank, is_light, row_of, sq};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{Arrangement, CastlingSide};

    /// A small deterministic generator for the tests: each call gives a number below `n`.
    fn xorshift(mut seed: u64) -> impl FnMut(u64) -> u64 {
        move |n| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        }
    }

    /// `successors` looks for new chances to leave only where one can have arisen (see
    /// [`Rules::close_among`]); every position it hands out must nevertheless be closed, which
    /// the full [`Rules::close`] confirms by handing it back unchanged with no exits. Checked
    /// along random games from many arrangements, under the castling game's rules (king and rook
    /// frozen) and the walking game's (knights eager, pawns anywhere).
    #[test]
    fn successors_are_closed() {
        let mut random = xorshift(0x9e37_79b9_7f4a_7c15);
        let mut next = |n: usize| random(n as u64) as usize;
        let mut checked = 0;
        for arrangement in Arrangement::all().step_by(7) {
            let king = arrangement.king_file();
            let castling = Rules {
                frozen: SquareSet::single(first_rank(king))
                    .with(first_rank(arrangement.rook_file(CastlingSide::A))),
                ..Rules::open(3)
            };
            let walking = Rules {
                eager: 1 << QUEEN,
                ..Rules::open(8)
            };
            for rules in [castling, walking] {
                let mut roots = Vec::new();
                rules.close(Pos::start(&arrangement), &mut Vec::new(), &mut |p, _| {
                    roots.push(p)
                });
                let mut pos = roots[next(roots.len())];
                for _ in 0..40 {
                    let mut out = Vec::new();
                    rules.successors(&pos, &mut |n, _, _| out.push(n));
                    for n in &out {
                        assert!(rules.is_closed(n), "{n:?} from {pos:?} is not closed");
                        checked += 1;
                    }
                    if out.is_empty() {
                        break;
                    }
                    pos = out[next(out.len())];
                }
            }
        }
        assert!(checked > 50_000, "only {checked} successors checked");
    }

    /// The packed form keeps everything a position holds: kinds, committed flags and pawns (the
    /// table's), and the key too; the uncommitted squares are found as the cells say, and pawns
    /// compared as the files say; on both board widths, every kind of each.
    #[test]
    fn packing_round_trips() {
        fn round_trips<const F: usize>(seed: u64) {
            let mut next = xorshift(seed);
            for _ in 0..10_000 {
                let mut pos = Pos::<F>::with_pawns([HOME; F]);
                for s in 0..2 * F as u8 {
                    let cell = Cell::piece(next(kinds::<F>().len() as u64 + 1) as u8);
                    pos.set(
                        s,
                        if !cell.is_empty() && next(2) == 1 {
                            cell.committed()
                        } else {
                            cell
                        },
                    );
                }
                for file in 0..F as u8 {
                    pos.set_pawn(file, next(3) as u8);
                }
                let packed = pos.packed();
                assert_eq!(Pos::unpacked(packed, *pos.pawns()), pos);
                let bare = PackedPos {
                    committed: SquareSet::EMPTY,
                    ..packed
                };
                assert_eq!(Pos::unpacked(bare, *pos.pawns()), pos.placement());
                assert_eq!(Pos::<F>::from_key(pos.key()), pos);
                let uncommitted: SquareSet = (0..2 * F as u8)
                    .filter(|&s| !pos.cell(s).is_empty() && !pos.cell(s).is_committed())
                    .collect();
                assert_eq!(pos.uncommitted(), uncommitted);
                let mut other = pos;
                other.set_pawn(next(F as u64) as u8, next(3) as u8);
                assert_eq!(pos.same_pawns(&other), pos.pawns() == other.pawns());
            }
        }
        round_trips::<8>(0x2545_f491_4f6c_dd1d);
        round_trips::<10>(0x9e37_79b9_7f4a_7c15);
    }
}
