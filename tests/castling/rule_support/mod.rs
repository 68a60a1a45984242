//! An independent castling move generator for every rule, written from the rules' texts (the
//! README's "Castling rules" section quotes them) with plain loops over an 8x8 array: it does not
//! use castle960's `Rule`, `CastlingPath` or `Castling`, nor cozy-chess's attack tables. cozy-chess
//! only reads the position (men, castling rights, the colour to move). And random games under a
//! rule, for the differential test.

#![allow(dead_code)]

use castle960::castling::{GameMove, legal_moves};
use castle960::chess::Rule;
use cozy_chess::{Board, Color, File, Piece, Rank, Square};

/// The board as a plain array, `[rank][file]`.
pub type Plain = [[Option<(Piece, Color)>; 8]; 8];

/// The board's men as a plain array.
pub fn plain(board: &Board) -> Plain {
    let mut out = [[None; 8]; 8];
    for (r, row) in out.iter_mut().enumerate() {
        for (f, cell) in row.iter_mut().enumerate() {
            let sq = Square::new(File::index(f), Rank::index(r));
            *cell = board.piece_on(sq).zip(board.color_on(sq));
        }
    }
    out
}

/// Whether a man of colour `by` attacks (file `f`, rank `r`) on `b`: plain rays and steps.
pub fn attacked(b: &Plain, f: i8, r: i8, by: Color) -> bool {
    let at = |f: i8, r: i8| -> Option<(Piece, Color)> {
        if (0..8).contains(&f) && (0..8).contains(&r) {
            b[r as usize][f as usize]
        } else {
            None
        }
    };
    let is = |f: i8, r: i8, pieces: &[Piece]| matches!(at(f, r), Some((p, c)) if c == by && pieces.contains(&p));
    const KNIGHT: [(i8, i8); 8] = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    const AROUND: [(i8, i8); 8] = [
        (1, 0),
        (1, 1),
        (0, 1),
        (-1, 1),
        (-1, 0),
        (-1, -1),
        (0, -1),
        (1, -1),
    ];
    if KNIGHT
        .iter()
        .any(|&(df, dr)| is(f + df, r + dr, &[Piece::Knight]))
    {
        return true;
    }
    if AROUND
        .iter()
        .any(|&(df, dr)| is(f + df, r + dr, &[Piece::King]))
    {
        return true;
    }
    // A white pawn attacks the squares diagonally in front of it, so it stands a rank below.
    let pawn_rank = if by == Color::White { r - 1 } else { r + 1 };
    if is(f - 1, pawn_rank, &[Piece::Pawn]) || is(f + 1, pawn_rank, &[Piece::Pawn]) {
        return true;
    }
    for (df, dr) in AROUND {
        let sliders: &[Piece] = if df == 0 || dr == 0 {
            &[Piece::Rook, Piece::Queen]
        } else {
            &[Piece::Bishop, Piece::Queen]
        };
        let (mut x, mut y) = (f + df, r + dr);
        while (0..8).contains(&x) && (0..8).contains(&y) {
            if at(x, y).is_some() {
                if is(x, y, sliders) {
                    return true;
                }
                break;
            }
            x += df;
            y += dr;
        }
    }
    false
}

/// The rules as their texts state them, one arm each (paired with castle960's by name).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Text {
    /// FIDE Guidelines II: king to c or g, rook to d or f; every square from each one's start to
    /// its destination empty; no square the king stands on, crosses or lands on attacked.
    Chess960,
    /// Lewis: the king two squares toward the rook (over or onto its square), the rook to the
    /// square the king crossed; adjacent in a corner, exchange; no piece between king and rook
    /// (nor on the destinations); the king's squares unattacked.
    Chess480,
    /// Roman: the king any number of squares toward the rook, up to its square; the rook to any
    /// square the king passed over or left; all squares between empty; no check given.
    Free,
    /// Duniho: the king two or more squares toward the rook, stopping before it; the rook to the
    /// square on the king's other side; all squares between empty.
    Flexible,
    /// Pacey: a king not in check leaps to any unattacked empty square between it and the rook;
    /// the rook leaps to the king's start.
    Fast,
}

impl Text {
    /// The text of castle960's rule of the same name.
    pub fn of(rule: Rule) -> Text {
        match rule.name() {
            "chess960" => Text::Chess960,
            "chess480" => Text::Chess480,
            "free" => Text::Free,
            "flexible" => Text::Flexible,
            "fast" => Text::Fast,
            other => panic!("no text for {other}"),
        }
    }
}

/// One candidate castling: landing files, files that must be empty, files (on the board after
/// castling, king and rook lifted) the king must not be attacked on.
struct Candidate {
    king_to: i8,
    rook_to: i8,
    empty: Vec<i8>,
    safe: Vec<i8>,
}

/// The files from `a` to `b`, both included.
fn span(a: i8, b: i8) -> Vec<i8> {
    (a.min(b)..=a.max(b)).collect()
}

/// The files strictly between `a` and `b`.
fn between(a: i8, b: i8) -> Vec<i8> {
    (a.min(b) + 1..a.max(b)).collect()
}

/// The castlings `text` describes for a king on file `k` and its rook on file `r`.
fn candidates(text: Text, k: i8, r: i8) -> Vec<Candidate> {
    let dir = if r > k { 1 } else { -1 };
    let mut out = Vec::new();
    match text {
        Text::Chess960 => {
            let (king_to, rook_to) = if dir < 0 { (2, 3) } else { (6, 5) };
            let mut empty = span(k, king_to);
            empty.extend(span(r, rook_to));
            out.push(Candidate {
                king_to,
                rook_to,
                empty,
                safe: span(k, king_to),
            });
        }
        Text::Chess480 => {
            let two = k + 2 * dir;
            if (k - r).abs() == 1 && (r == 0 || r == 7) && !(0..8).contains(&two) {
                out.push(Candidate {
                    king_to: r,
                    rook_to: k,
                    empty: Vec::new(),
                    safe: vec![k, r],
                });
            } else {
                let mut empty = between(k, r);
                empty.extend([two, k + dir]);
                out.push(Candidate {
                    king_to: two,
                    rook_to: k + dir,
                    empty,
                    safe: span(k, two),
                });
            }
        }
        Text::Free => {
            let mut king_to = k + dir;
            loop {
                let mut rook_to = k;
                while rook_to != king_to {
                    out.push(Candidate {
                        king_to,
                        rook_to,
                        empty: between(k, r),
                        safe: span(k, king_to),
                    });
                    rook_to += dir;
                }
                if king_to == r {
                    break;
                }
                king_to += dir;
            }
        }
        Text::Flexible => {
            let mut king_to = k + 2 * dir;
            while (king_to - r) * dir < 0 {
                out.push(Candidate {
                    king_to,
                    rook_to: king_to - dir,
                    empty: between(k, r),
                    safe: span(k, king_to),
                });
                king_to += dir;
            }
        }
        Text::Fast => {
            let mut king_to = k + dir;
            while (king_to - r) * dir < 0 {
                // Not in check is asked apart; only the landing square must be safe.
                out.push(Candidate {
                    king_to,
                    rook_to: k,
                    empty: vec![king_to],
                    safe: vec![king_to],
                });
                king_to += dir;
            }
        }
    }
    out
}

/// Why a candidate castling failed, for the counts of the differential test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Refusal {
    /// A man on a square that must be empty.
    Occupied,
    /// The king in check.
    InCheck,
    /// A square of the king's attacked after castling.
    Attacked,
    /// Free castling giving check.
    GivesCheck,
}

/// The legal castlings of the side to move under `text`, as (king's landing square, rook's
/// landing square), a-side first; `refusals` gets every reason a candidate failed.
pub fn castlings(board: &Board, text: Text, refusals: &mut Vec<Refusal>) -> Vec<(Square, Square)> {
    let color = board.side_to_move();
    let rights = board.castle_rights(color);
    let b = plain(board);
    let rank = if color == Color::White { 0i8 } else { 7 };
    let king = board.king(color);
    let k = king.file() as i8;
    let sq = |f: i8| Square::new(File::index(f as usize), Rank::index(rank as usize));
    let mut out = Vec::new();
    for rook in [rights.long, rights.short].into_iter().flatten() {
        let r = rook as i8;
        for c in candidates(text, k, r) {
            let mut refused = Vec::new();
            if c.empty
                .iter()
                .any(|&f| f != k && f != r && b[rank as usize][f as usize].is_some())
            {
                refused.push(Refusal::Occupied);
            }
            if attacked(&b, k, rank, !color) {
                refused.push(Refusal::InCheck);
            }
            let mut lifted = b;
            lifted[rank as usize][k as usize] = None;
            lifted[rank as usize][r as usize] = None;
            lifted[rank as usize][c.rook_to as usize] = Some((Piece::Rook, color));
            if c.safe.iter().any(|&f| attacked(&lifted, f, rank, !color)) {
                refused.push(Refusal::Attacked);
            }
            if text == Text::Free {
                let mut after = lifted;
                after[rank as usize][c.king_to as usize] = Some((Piece::King, color));
                let their = board.king(!color);
                if attacked(&after, their.file() as i8, their.rank() as i8, color) {
                    refused.push(Refusal::GivesCheck);
                }
            }
            if refused.is_empty() {
                out.push((sq(c.king_to), sq(c.rook_to)));
            }
            refusals.extend(refused);
        }
    }
    out
}

/// Every position of seeded random games under `rule`: `games` games of at most `plies` plies
/// from each of the 960 start positions (Black's arrangement another one in odd games), each
/// position passed to `visit` with whether a castling has been played in the game so far. Moves
/// are drawn from castle960's legal moves under the rule, biased as the Chess960 differential's
/// games are (rights kept, back ranks crowded), castlings one time in six when there are any.
pub fn rule_game_positions(
    rule: Rule,
    games: u64,
    plies: usize,
    mut visit: impl FnMut(&Board, bool),
) {
    use crate::castling_support::{Rng, weight};
    for sp in 0..960u32 {
        for game in 0..games {
            let mut rng = Rng::new(u64::from(sp) * 999_983 + game * 7_919 + 11);
            let black_sp = if game % 2 == 0 {
                sp
            } else {
                (sp + 331 * game as u32) % 960
            };
            let mut board = Board::double_chess960_startpos(sp, black_sp);
            let mut castled = false;
            visit(&board, castled);
            for _ in 0..plies {
                let moves = legal_moves(&board, rule);
                if moves.is_empty() {
                    break;
                }
                let castles: Vec<GameMove> = moves
                    .iter()
                    .copied()
                    .filter(|m| matches!(m, GameMove::Castle(_)))
                    .collect();
                let mv = if !castles.is_empty() && rng.one_in(6) {
                    *rng.pick(&castles)
                } else {
                    let weights: Vec<u64> = moves
                        .iter()
                        .map(|m| match m {
                            GameMove::Plain(mv) => weight(&board, *mv),
                            GameMove::Castle(_) => 0,
                        })
                        .collect();
                    let total: u64 = weights.iter().sum();
                    if total == 0 {
                        break;
                    }
                    let mut pick = rng.next_u64() % total;
                    let mut chosen = moves[0];
                    for (m, w) in moves.iter().zip(&weights) {
                        if pick < *w {
                            chosen = *m;
                            break;
                        }
                        pick -= w;
                    }
                    chosen
                };
                castled |= matches!(mv, GameMove::Castle(_));
                mv.play_unchecked(&mut board);
                visit(&board, castled);
            }
        }
    }
}
