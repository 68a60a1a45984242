//! Lines: games of White's moves from an arrangement's start, as the searches find them, with
//! the clean-up that removes what shows the reader nothing (cycles and needless excursions).

use crate::chess::{Arrangement, CastlingPath, Move, Piece};
use crate::start::board::{IllegalMove, WhiteBoard};

/// A game of White's moves from the start position of an arrangement.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Line {
    /// White's moves in order (Black, absent in the model, makes none).
    pub moves: Vec<Move>,
    /// Where its castling move takes king and rook when that is not Chess960's castling: the
    /// line is a game under another rule ([`crate::chess::Rule`]). `None` for Chess960.
    pub along: Option<CastlingPath>,
}

impl Line {
    /// A line of `moves` whose castling, if any, goes along `along` (`None`: Chess960's).
    pub fn new(moves: Vec<Move>, along: Option<CastlingPath>) -> Line {
        Line { moves, along }
    }

    /// The empty line of a game castling along `path` in `arrangement` ([`Line::along`] is
    /// `None` when that is Chess960's castling).
    pub fn castling_along(arrangement: &Arrangement, path: CastlingPath) -> Line {
        let chess960 = arrangement.castling(path.side());
        Line::new(Vec::new(), (path != chess960).then_some(path))
    }

    /// The start position of `arrangement`, castling as this line castles.
    pub fn start(&self, arrangement: &Arrangement) -> WhiteBoard {
        let board = WhiteBoard::start(arrangement);
        match self.along {
            Some(path) => board.along(path),
            None => board,
        }
    }

    /// Replays the line from the start and returns the final position.
    pub fn replay(&self, arrangement: &Arrangement) -> Result<WhiteBoard, IllegalMove> {
        let mut board = self.start(arrangement);
        for &mv in &self.moves {
            board.play(mv)?;
        }
        Ok(board)
    }

    /// The moves in SAN.
    pub fn san_moves(&self, arrangement: &Arrangement) -> Vec<String> {
        let mut board = self.start(arrangement);
        self.moves
            .iter()
            .map(|&mv| {
                let san = board.san(mv);
                board
                    .play(mv)
                    .expect("lines built by the searches are legal");
                san
            })
            .collect()
    }

    /// The moves in SAN separated by single spaces, as in the report.
    pub fn san(&self, arrangement: &Arrangement) -> String {
        self.san_moves(arrangement).join(" ")
    }

    /// The pawn moves of the line in SAN, in order: the report lists them beside the verdict.
    pub fn pawn_moves(&self, arrangement: &Arrangement) -> Vec<String> {
        let mut board = self.start(arrangement);
        let mut out = Vec::new();
        for &mv in &self.moves {
            if board.piece_on(mv.from) == Some(Piece::Pawn) {
                out.push(board.san(mv));
            }
            board
                .play(mv)
                .expect("lines built by the searches are legal");
        }
        out
    }

    /// The line with every round trip cut out: each stretch of moves after which the whole
    /// [`WhiteBoard`] (placement *and* the unmoved flags of king and rooks) is what it was before the
    /// stretch. The searches find their lines piece by piece and may send a piece out and back
    /// (`Kd2 Ke3 Kd2`); such a stretch shows the reader nothing. Since the board after the
    /// stretch equals the board before it, the moves after it stay legal, and the result ends
    /// in exactly the position the line ends in. A stretch that returns a king or rook to its
    /// home square but has moved it is kept: the board differs in its unmoved flag.
    ///
    /// Greedy from the start: at each position the line jumps to the last later moment it is in
    /// that same position again, so every cycle, nested or overlapping, disappears in one pass.
    ///
    /// # Panics
    /// If the line is not legal from the start of `arrangement`.
    pub fn without_cycles(&self, arrangement: &Arrangement) -> Line {
        let mut boards = vec![self.start(arrangement)];
        for &mv in &self.moves {
            let mut next = boards.last().expect("starts with one board").clone();
            next.play(mv)
                .expect("lines built by the searches are legal");
            boards.push(next);
        }
        let mut last_seen = std::collections::HashMap::new();
        for (i, board) in boards.iter().enumerate() {
            last_seen.insert(board, i);
        }
        let mut moves = Vec::with_capacity(self.moves.len());
        let mut at = 0;
        while at < self.moves.len() {
            let again = last_seen[&boards[at]];
            if again > at {
                at = again;
            } else {
                moves.push(self.moves[at]);
                at += 1;
            }
        }
        Line {
            moves,
            along: self.along,
        }
    }

    /// The line with every excursion of a piece that changes nothing cut out: a run of one
    /// piece's moves that brings it back to the square it left (`Rhb1 .. Rh1`, `Ke3 .. Kd2`)
    /// is dropped whenever the other moves stay legal without it and the line still ends in
    /// the same placement. (Unmoved flags do not count: a walk never castles, and the castling
    /// game never moves its king or castling rook before castling, so a dropped excursion can
    /// only keep a flag set that was set.) The searches find their lines piece by piece and
    /// leave such excursions behind; they show the reader nothing. [`Line::without_cycles`]
    /// runs first; then excursions are dropped one at a time, the earliest first, until none is
    /// left.
    ///
    /// # Panics
    /// If the line is not legal from the start of `arrangement`.
    pub fn without_round_trips(&self, arrangement: &Arrangement) -> Line {
        let mut line = self.without_cycles(arrangement);
        while let Some(shorter) = line.first_needless_excursion(arrangement) {
            line = shorter;
        }
        line
    }

    /// The line without the earliest excursion (see [`Line::without_round_trips`]) whose removal
    /// keeps it legal and ending in the same placement, if there is one.
    fn first_needless_excursion(&self, arrangement: &Arrangement) -> Option<Line> {
        // The board before each move, and whether the move castles (replayed, since a king
        // move onto its rook's home square is castling only while that rook stands there): an
        // excursion from move `i` on leaves the moves before it as they are, so each try
        // replays only from there.
        let mut boards = vec![self.start(arrangement)];
        let mut castles = Vec::with_capacity(self.moves.len());
        for &mv in &self.moves {
            let mut board = boards.last().expect("starts with one board").clone();
            castles.push(board.castling_side(mv).is_some());
            board
                .play(mv)
                .expect("lines built by the searches are legal");
            boards.push(board);
        }
        let end = boards.last().expect("starts with one board");
        for (i, &mv) in self.moves.iter().enumerate() {
            if castles[i] {
                continue;
            }
            let (home, to) = (mv.from, mv.to);
            // Follow the piece: its next move is the next one leaving the square it stands on
            // (nothing else can land there meanwhile); castling ends the trail.
            let mut at = to;
            let mut trail = vec![i];
            for (j, &later) in self.moves.iter().enumerate().skip(i + 1) {
                if castles[j] {
                    break;
                }
                if later.from != at {
                    continue;
                }
                trail.push(j);
                at = later.to;
                if at != home {
                    continue;
                }
                let rest = (self.moves.iter().enumerate().skip(i))
                    .filter(|(k, _)| !trail.contains(k))
                    .map(|(_, &m)| m);
                let mut board = boards[i].clone();
                let replayed = rest.clone().try_for_each(|m| board.play(m));
                if replayed.is_ok() && board.same_placement(end) {
                    let mut moves = self.moves[..i].to_vec();
                    moves.extend(rest);
                    return Some(Line {
                        moves,
                        along: self.along,
                    });
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{CastlingSide, Square};
    use crate::start::board::plain_move;

    fn sq(name: &str) -> Square {
        name.parse().expect("test squares are named right")
    }

    fn line(arrangement: &Arrangement, moves: &[(&str, &str)]) -> Line {
        let line = Line::new(
            moves
                .iter()
                .map(|(from, to)| plain_move(sq(from), sq(to)))
                .collect(),
            None,
        );
        line.replay(arrangement).expect("test lines are legal");
        line
    }

    fn standard() -> Arrangement {
        Arrangement::from_sp(518).unwrap()
    }

    #[test]
    fn a_round_trip_of_a_moved_piece_is_cut() {
        let a = standard();
        // e3 Ke2 Kd3 Ke2 Kd3 Kc4: after Ke2 the king has moved; Kd3 Ke2 returns to that board.
        let full = line(
            &a,
            &[
                ("e2", "e3"),
                ("e1", "e2"),
                ("e2", "d3"),
                ("d3", "e2"),
                ("e2", "d3"),
                ("d3", "c4"),
            ],
        );
        let cut = full.without_cycles(&a);
        assert_eq!(cut.san(&a), "e3 Ke2 Kd3 Kc4");
        assert_eq!(cut.replay(&a).unwrap(), full.replay(&a).unwrap());
    }

    #[test]
    fn nested_and_knight_cycles_are_cut() {
        let a = standard();
        // Nf3 Ng1 returns to the start board (the knight has no unmoved flag); then
        // Nc3 Nb5 Nc3 Nb1 returns again: the whole line is a cycle.
        let full = line(
            &a,
            &[
                ("g1", "f3"),
                ("f3", "g1"),
                ("b1", "c3"),
                ("c3", "b5"),
                ("b5", "c3"),
                ("c3", "b1"),
            ],
        );
        assert!(full.without_cycles(&a).moves.is_empty());
    }

    #[test]
    fn a_return_that_differs_in_an_unmoved_flag_is_kept() {
        let a = standard();
        // The rook goes out and back: same placement, but it has moved, so O-O would no longer
        // be legal; cutting the stretch would change the position.
        let full = line(&a, &[("g1", "f3"), ("h1", "g1"), ("g1", "h1")]);
        let cut = full.without_cycles(&a);
        assert_eq!(cut, full);
        // The same for the king.
        let full = line(&a, &[("e2", "e3"), ("e1", "e2"), ("e2", "e1")]);
        assert_eq!(full.without_cycles(&a), full);
    }

    #[test]
    fn a_line_without_cycles_is_unchanged() {
        let a = standard();
        let full = line(&a, &[("g1", "f3"), ("e2", "e3"), ("f1", "e2")]);
        let mut castles = full.clone();
        castles
            .moves
            .push(WhiteBoard::start(&a).castling_move(CastlingSide::H));
        assert_eq!(castles.without_cycles(&a), castles);
    }

    fn from_san(arrangement: &Arrangement, san: &str) -> Line {
        Line::from_san(arrangement, san).expect("test lines are legal")
    }

    /// The walks the report once showed for SP 518 and SP 9 (a-side), with the round trips
    /// `Ke3 .. Kd2`, `Rg1 Rh1` and `Rhb1 Rh1` that changed nothing: they go, the moves that
    /// matter stay, and each walk still ends where it ended.
    #[test]
    fn needless_excursions_are_dropped() {
        for (sp, walk, gone, kept) in [
            (
                518,
                "Nc3 Nd5 Nh3 Ng5 d3 Bd2 Ba5 Qd2 Qe3 Qe5 Kd2 Ke3 Rg1 Rh1 Rd1 Kd2 Kc1 Qc3",
                &["Ke3", "Rg1", "Rh1"][..],
                "Kd2 Rd1 Kc1",
            ),
            (
                9,
                "Nc3 Nd5 Nd3 Ne5 f3 Bf2 Bc5 e3 Be2 Bb5 Qd1 Qe2 Qd3 Qf5 Ra1 Kf2 Kg3 Rhb1 Rh1 Rae1",
                &["Rhb1", "Rh1"][..],
                "Kf2 Kg3 Rae1",
            ),
        ] {
            let a = Arrangement::from_sp(sp).unwrap();
            let full = from_san(&a, walk);
            let cut = full.without_round_trips(&a);
            let san = cut.san(&a);
            for move_gone in gone {
                assert!(!san.split(' ').any(|m| m == *move_gone), "SP {sp}: {san}");
            }
            assert!(san.contains(kept), "SP {sp}: {san}");
            assert_eq!(
                cut.replay(&a).unwrap().fen_placement(),
                full.replay(&a).unwrap().fen_placement()
            );
        }
    }

    /// An excursion that makes room for another piece stays: in SP 9's walk the queen steps
    /// from d1 to e2 so that the rook can pass d1 on its way to a1, and comes back later.
    #[test]
    fn excursions_that_make_room_stay() {
        let a = Arrangement::from_sp(9).unwrap();
        let walk = "Nc3 Nd5 Nd3 Ne5 f3 Bf2 Bc5 e3 Be2 Bb5 Qd1 Qe2 Ra1 Kf2 Kg3 Rae1 Qd1 Qa1";
        let full = from_san(&a, walk);
        assert_eq!(full.without_round_trips(&a), full);
    }
}
