//! `ten::castling` checked independently: on positions of seeded random games of every variant,
//! the castlings it calls legal now are the move generator's castling moves and Fairy-Stockfish's
//! (`go perft 1`), every castling not legal has a reason, and every reason is recomputed here by
//! plain loops over a 10x8 array (their own attack test, no bitboards, no `Rule`); every
//! fewest-moves line replays to a legal castling.

use crate::perft::{engine, random_positions};
use castle960::castling::Status;
use castle960::chess::{CastlingSide, Rule};
use castle960::ten::castling::{TenCastling, TenLater, TenLimits, TenReason, explain};
use castle960::ten::{Board, Move, Piece, Square, Variant};
use cozy_chess::Color;
use std::collections::BTreeSet;

type Men = [Option<(Color, Piece)>; 80];

fn men(board: &Board) -> Men {
    std::array::from_fn(|i| board.man_on(Square::from_index(i as u8).unwrap()))
}

/// Whether the man `(color, piece)` on `from` attacks `to` on `men`: each kind's moves
/// written out by hand.
fn attacks(men: &Men, from: usize, to: usize, color: Color, piece: Piece) -> bool {
    let (fx, fy) = ((from % 10) as i32, (from / 10) as i32);
    let (tx, ty) = ((to % 10) as i32, (to / 10) as i32);
    let (dx, dy) = (tx - fx, ty - fy);
    let clear = |sx: i32, sy: i32| {
        let (mut x, mut y) = (fx + sx, fy + sy);
        while (x, y) != (tx, ty) {
            if men[(y * 10 + x) as usize].is_some() {
                return false;
            }
            x += sx;
            y += sy;
        }
        true
    };
    let knight = (dx.abs(), dy.abs()) == (1, 2) || (dx.abs(), dy.abs()) == (2, 1);
    let straight = (dx == 0) != (dy == 0) && clear(dx.signum(), dy.signum());
    let diagonal = dx != 0 && dx.abs() == dy.abs() && clear(dx.signum(), dy.signum());
    match piece {
        Piece::Pawn => dx.abs() == 1 && dy == if color == Color::White { 1 } else { -1 },
        Piece::Knight => knight,
        Piece::Bishop => diagonal,
        Piece::Rook => straight,
        Piece::Archbishop => knight || diagonal,
        Piece::Chancellor => knight || straight,
        Piece::Queen => straight || diagonal,
        Piece::King => dx.abs().max(dy.abs()) == 1,
    }
}

/// The squares of `color`'s enemies attacking `to` on `men`, in index order.
fn attackers(men: &Men, to: usize, color: Color) -> Vec<Square> {
    (0..80)
        .filter(|&i| men[i].is_some_and(|(c, p)| c != color && attacks(men, i, to, c, p)))
        .map(|i| Square::from_index(i as u8).unwrap())
        .collect()
}

/// Checks every reason of `c` in `board` by plain computation, and that the reasons are all
/// that stand: the plain verdict "legal apart from the turn" holds exactly when only the turn
/// is named.
fn check_reasons(board: &Board, c: &TenCastling, reasons: &[TenReason]) {
    let grid = men(board);
    let idx = |s: Square| s.index() as usize;
    let span = |a: Square, b: Square| {
        (a.file().min(b.file())..=a.file().max(b.file()))
            .map(move |f| Square::new(f, a.rank()).unwrap())
    };
    // The slide rule's squares, from the castling's four squares alone.
    let empty: BTreeSet<Square> = span(c.king, c.king_to)
        .chain(span(c.rook, c.rook_to))
        .filter(|&s| s != c.king && s != c.rook)
        .collect();
    let mut after = grid;
    after[idx(c.king)] = None;
    after[idx(c.rook)] = None;
    // The rook lands on its destination; a man standing there (an `occupied` reason) stays,
    // as the explainer keeps it, and still attacks.
    if after[idx(c.rook_to)].is_none() {
        after[idx(c.rook_to)] = Some((c.color, Piece::Rook));
    }
    let checkers = attackers(&grid, idx(c.king), c.color);
    let mut plain_blocked = !checkers.is_empty();
    for s in &empty {
        plain_blocked |= grid[idx(*s)].is_some();
    }
    for &s in &c.king_path {
        plain_blocked |= !attackers(&after, idx(s), c.color).is_empty();
    }
    for r in reasons {
        match r {
            TenReason::Occupied { man } => {
                assert!(empty.contains(&man.square), "{board}: {r}");
                assert_eq!(
                    grid[idx(man.square)],
                    Some((man.color, man.piece)),
                    "{board}: {r}"
                );
            }
            TenReason::InCheck { by } => {
                let named: Vec<Square> = by.iter().map(|m| m.square).collect();
                assert_eq!(named, checkers, "{board}: {r}");
            }
            TenReason::Attacked { square, by, .. } => {
                let mut plain = attackers(&after, idx(*square), c.color);
                if *square == c.king {
                    plain.retain(|s| !checkers.contains(s));
                }
                let named: Vec<Square> = by.iter().map(|a| a.man.square).collect();
                assert_eq!(named, plain, "{board}: {r}");
            }
            TenReason::NotYourTurn { to_move } => {
                assert_eq!(*to_move, board.side_to_move());
                assert_ne!(c.color, board.side_to_move());
            }
            other => panic!("{board}: a variant's own rule gave {other}"),
        }
    }
    let only_turn = reasons
        .iter()
        .all(|r| matches!(r, TenReason::NotYourTurn { .. }));
    assert_eq!(only_turn, !plain_blocked, "{board}: {c:?} {reasons:?}");
}

/// The castlings `explain` calls legal now, as king-takes-rook moves.
fn legal_now(board: &Board) -> BTreeSet<Move> {
    explain(board, board.variant().rule())
        .all()
        .filter(|e| e.status == Status::LegalNow)
        .map(|e| {
            let c = e.castling.as_ref().unwrap();
            Move {
                from: c.king,
                to: c.rook,
                promotion: None,
            }
        })
        .collect()
}

fn generator_castlings(board: &Board) -> BTreeSet<Move> {
    board
        .legal_moves()
        .into_iter()
        .filter(|&m| board.is_castling(m))
        .collect()
}

#[test]
fn legal_castlings_equal_the_move_generators_and_every_reason_is_recomputed() {
    let (mut legal, mut blocked, mut reasons) = (0, 0, 0);
    for (i, variant) in Variant::ALL.into_iter().enumerate() {
        for board in random_positions(variant, 400, 60, 2600 + i as u64) {
            let e = explain(&board, variant.rule());
            assert_eq!(legal_now(&board), generator_castlings(&board), "{board}");
            for entry in e.all() {
                match &entry.castling {
                    Some(c) => {
                        check_reasons(&board, c, &entry.reasons);
                        legal += usize::from(entry.status == Status::LegalNow);
                        blocked += usize::from(entry.status == Status::NotLegal);
                        reasons += entry.reasons.len();
                    }
                    None => {
                        assert_eq!(board.castling_right(entry.color, entry.side), None);
                        assert!(matches!(entry.reasons[0], TenReason::RightGone { .. }));
                    }
                }
                assert_eq!(entry.reasons.is_empty(), entry.status == Status::LegalNow);
            }
        }
    }
    // The games reach both verdicts often (figures of this seed, as a floor).
    assert!(
        legal >= 100 && blocked >= 2000 && reasons >= 5000,
        "{legal} {blocked} {reasons}"
    );
}

#[test]
fn legal_castlings_equal_fairy_stockfishs_on_a_sample() {
    let mut castlings = 0;
    for (i, variant) in Variant::ALL.into_iter().enumerate() {
        let mut engine = engine(variant);
        for board in random_positions(variant, 200, 40, 2700 + i as u64) {
            let theirs: BTreeSet<Move> = engine
                .perft(&board, 1)
                .unwrap_or_else(|e| panic!("{e}"))
                .moves
                .into_iter()
                .map(|(m, _)| m)
                .filter(|&m| board.is_castling(m))
                .collect();
            let ours = legal_now(&board);
            castlings += ours.len();
            assert_eq!(ours, theirs, "{variant} {board}");
        }
    }
    assert!(castlings >= 20, "the sample reaches castling: {castlings}");
}

/// Replays `line` from `board` (the castling colour passing in first if it is not its turn)
/// with passes between, and checks the castling is then legal.
fn replays(board: &Board, c: &TenCastling, line: &[String]) {
    let pass = |b: &Board| {
        let fen = b.to_string();
        let mut fields: Vec<&str> = fen.split(' ').collect();
        let side = if fields[1] == "w" { "b" } else { "w" };
        fields[1] = side;
        fields[3] = "-";
        Board::from_fen(&fields.join(" "), b.variant()).unwrap()
    };
    let mut b = if board.side_to_move() == c.color {
        board.clone()
    } else {
        pass(board)
    };
    for mv in line {
        let mv = Move::from_uci(mv, b.variant()).unwrap();
        assert!(b.is_legal(mv), "{board}: {mv}");
        b = pass(&b.play(mv));
    }
    let e = explain(&b, b.variant().rule());
    let side = if c.side == CastlingSide::A {
        &e.sides[c.color].a
    } else {
        &e.sides[c.color].h
    };
    assert_eq!(
        side[0].status,
        Status::LegalNow,
        "{board}: {line:?} ends at {b}"
    );
}

#[test]
fn every_fewest_moves_line_replays_to_a_legal_castling() {
    let limits = TenLimits {
        max_moves: 3,
        max_nodes: 5_000,
    };
    let mut found = 0;
    for board in random_positions(Variant::CAPARANDOM, 60, 30, 2800) {
        let e = explain(&board, Rule::CHESS960).with_later(&board, &limits);
        for entry in e.all() {
            if let (Some(c), Some(TenLater::Fewest { moves, line })) =
                (&entry.castling, &entry.later)
            {
                assert_eq!(*moves, line.len());
                assert_eq!(
                    *moves == 0,
                    matches!(entry.status, Status::LegalNow | Status::LegalOnTurn)
                );
                replays(&board, c, line);
                found += usize::from(*moves > 0);
            }
        }
    }
    assert!(found >= 20, "lines found: {found}");
}
