//! The plain computation the differential test compares `why` with: an 8x8 array, attack rays
//! walked square by square, the board after a move built by hand, and every reason found that
//! way; none of the library's attack tables or its judge.

use super::*;

/// A man on the plain board.
pub(super) type PlainMan = (Color, Piece);

/// The board as 64 squares, a1 = 0, b1 = 1, ..., h8 = 63.
#[derive(Clone)]
pub(super) struct Plain(pub(super) [Option<PlainMan>; 64]);

pub(super) fn file(s: usize) -> i32 {
    (s % 8) as i32
}

pub(super) fn rank(s: usize) -> i32 {
    (s / 8) as i32
}

/// The rank `r` (0 = first) as `color` counts it.
pub(super) fn own_rank(color: Color, r: i32) -> i32 {
    match color {
        Color::White => r,
        Color::Black => 7 - r,
    }
}

pub(super) fn forward(color: Color) -> i32 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

impl Plain {
    pub(super) fn of(board: &Board) -> Plain {
        let mut squares = [None; 64];
        for (i, square) in squares.iter_mut().enumerate() {
            let sq = Square::index(i);
            *square = board
                .piece_on(sq)
                .zip(board.color_on(sq))
                .map(|(p, c)| (c, p));
        }
        Plain(squares)
    }

    /// The squares strictly between `a` and `b` on a rank, file or diagonal (none otherwise),
    /// walked square by square from `a` (without collecting them: the attack test below walks
    /// them for every man and every try).
    pub(super) fn between(a: usize, b: usize) -> impl Iterator<Item = usize> {
        let (df, dr) = (file(b) - file(a), rank(b) - rank(a));
        let lined = (df == 0 || dr == 0 || df.abs() == dr.abs()) && a != b;
        let (sf, sr) = (df.signum(), dr.signum());
        let distance = if lined { df.abs().max(dr.abs()) } else { 0 };
        (1..distance).map(move |i| ((rank(a) + i * sr) * 8 + file(a) + i * sf) as usize)
    }

    /// Whether the man on `from` attacks `target`.
    pub(super) fn attacks(&self, from: usize, target: usize) -> bool {
        let Some((color, piece)) = self.0[from] else {
            return false;
        };
        let (df, dr) = (file(target) - file(from), rank(target) - rank(from));
        let clear = || Plain::between(from, target).all(|s| self.0[s].is_none());
        let straight = (df == 0) != (dr == 0);
        let diagonal = df != 0 && df.abs() == dr.abs();
        match piece {
            Piece::Knight => matches!((df.abs(), dr.abs()), (1, 2) | (2, 1)),
            Piece::King => df.abs().max(dr.abs()) == 1,
            Piece::Pawn => dr == forward(color) && df.abs() == 1,
            Piece::Bishop => diagonal && clear(),
            Piece::Rook => straight && clear(),
            Piece::Queen => (straight || diagonal) && clear(),
        }
    }

    /// The squares of the men of `by` attacking `target`.
    pub(super) fn attackers(&self, target: usize, by: Color) -> Squares {
        self.attackers_among(target, by, 0..64)
    }

    /// The squares of the men of `by` attacking `target`, looking only on the squares `among`,
    /// where every man of `by` stands: [`Plain::attackers`] looking only where the men can be.
    pub(super) fn attackers_among(
        &self,
        target: usize,
        by: Color,
        among: impl IntoIterator<Item = usize>,
    ) -> Squares {
        among
            .into_iter()
            .filter(|&s| self.0[s].is_some_and(|(c, _)| c == by) && self.attacks(s, target))
            .collect()
    }

    pub(super) fn king(&self, color: Color) -> usize {
        (0..64)
            .find(|&s| self.0[s] == Some((color, Piece::King)))
            .expect("a king")
    }
}

/// How `piece` of `color` moves on an empty board from `from` to `to`: `Ok`, or the rule's name.
pub(super) fn movement(
    color: Color,
    piece: Piece,
    from: usize,
    to: usize,
) -> Result<(), &'static str> {
    let (df, dr) = (file(to) - file(from), rank(to) - rank(from));
    if from == to {
        return Err("stays_put");
    }
    let straight = (df == 0) != (dr == 0);
    let diagonal = df.abs() == dr.abs();
    let (ok, name) = match piece {
        Piece::Knight => (matches!((df.abs(), dr.abs()), (1, 2) | (2, 1)), "knight"),
        Piece::Bishop => (diagonal, "bishop"),
        Piece::Rook => (straight, "rook"),
        Piece::Queen => (straight || diagonal, "queen"),
        Piece::King => (df.abs().max(dr.abs()) == 1, "king"),
        Piece::Pawn => {
            let ahead = dr * forward(color);
            return match (ahead, df.abs()) {
                (..=0, _) => Err("pawn_not_forward"),
                (1, 0 | 1) => Ok(()),
                (2, 0) if own_rank(color, rank(from)) == 1 => Ok(()),
                (2, 0) => Err("pawn_double_step"),
                _ => Err("pawn"),
            };
        }
    };
    if ok { Ok(()) } else { Err(name) }
}

pub(super) fn name(s: usize) -> String {
    Square::index(s).to_string()
}

/// What every try on one position shares: the plain board, the side to move, the en passant
/// target square, each colour's king square with the enemy men attacking it before any move,
/// and each colour's squares a1 to h8 (found once a position rather than once a try). A move
/// puts no man of the other colour on a new square, so after it the enemy's men all stand on
/// their squares of before: looking for attackers there alone finds every one.
pub(super) struct Before {
    pub(super) plain: Plain,
    pub(super) to_move: Color,
    pub(super) ep: Option<usize>,
    pub(super) kings: [(usize, Squares); 2],
    pub(super) men: [Vec<usize>; 2],
}

impl Before {
    pub(super) fn new(plain: Plain, to_move: Color, ep: Option<usize>) -> Before {
        let kings = [Color::White, Color::Black].map(|c| {
            let king = plain.king(c);
            (king, plain.attackers(king, !c))
        });
        let men = [Color::White, Color::Black].map(|c| {
            (0..64)
                .filter(|&s| plain.0[s].is_some_and(|(o, _)| o == c))
                .collect()
        });
        Before {
            plain,
            to_move,
            ep,
            kings,
            men,
        }
    }
}

/// Every reason the plain computation finds against `color`'s man on `from` going to `to`, in
/// the documented order, into `out` (emptied first).
pub(super) fn expected(
    before: &Before,
    color: Color,
    from: usize,
    to: usize,
    promotion: Option<Piece>,
    out: &mut Vec<Said>,
) {
    out.clear();
    let Before {
        plain, to_move, ep, ..
    } = before;
    let (to_move, ep) = (*to_move, *ep);
    if color != to_move {
        out.push(Said::new("not_your_turn"));
    }
    let Some((_, piece)) = plain.0[from].filter(|(c, _)| *c == color) else {
        out.push(Said::new("no_man").at(from));
        return;
    };
    let enemy = !color;
    let df = file(to) - file(from);
    // The enemy pawn an en passant capture would take: a pawn going to an empty square of its
    // sixth rank on another file, with an enemy pawn on the fifth rank behind that square.
    let behind = (to as i32 - 8 * forward(color)) as usize;
    let prey = (piece == Piece::Pawn
        && own_rank(color, rank(to)) == 5
        && df != 0
        && plain.0[to].is_none()
        && plain.0[behind] == Some((enemy, Piece::Pawn)))
    .then_some(behind);
    let moves = movement(color, piece, from, to);
    match moves {
        Err(_) if prey.is_some() => out.push(Said::new("not_beside").at(behind)),
        Err(rule) => out.push(Said::new("cannot_move").word(rule)),
        Ok(()) => {
            let last_rank = piece == Piece::Pawn && own_rank(color, rank(to)) == 7;
            match (last_rank, promotion) {
                (true, None) => out.push(Said::new("cannot_move").word("must_promote")),
                (false, Some(_)) => out.push(Said::new("cannot_move").word("cannot_promote")),
                _ => {}
            }
        }
    }
    let straight_pawn = piece == Piece::Pawn && df == 0;
    let mut taken = None;
    if moves.is_ok() {
        let passed = match piece {
            Piece::Knight | Piece::King => None,
            _ => Some(Plain::between(from, to)),
        };
        let landing = straight_pawn.then_some(to);
        let blockers: Squares = passed
            .into_iter()
            .flatten()
            .chain(landing)
            .filter(|&s| plain.0[s].is_some())
            .collect();
        if !blockers.is_empty() {
            out.push(Said::new("blocked").listing(blockers));
        }
        if !straight_pawn {
            match plain.0[to] {
                Some((c, _)) if c == color => out.push(Said::new("own_man_on_target")),
                Some((_, Piece::King)) => out.push(Said::new("captures_king")),
                Some(_) => taken = Some(to),
                None if piece == Piece::Pawn && prey.is_none() => {
                    out.push(Said::new("captures_nothing"))
                }
                None => taken = prey,
            }
        }
    }
    if let Some(prey) = prey
        && !(color == to_move && ep == Some(to))
    {
        out.push(Said::new("no_double_step").at(prey));
    }
    if moves.is_err() || plain.0[to] == Some((color, Piece::King)) {
        return;
    }
    // The board after the move, by hand.
    let mut after = plain.clone();
    after.0[from] = None;
    if let Some(t) = taken {
        after.0[t] = None;
    }
    after.0[to] = Some((color, piece));
    if piece == Piece::King {
        // Every enemy man that would attack the king on its new square.
        let by = after.attackers_among(to, enemy, before.men[enemy as usize].iter().copied());
        if !by.is_empty() {
            out.push(Said::new("king_attacked").at(to).listing(by));
        }
        return;
    }
    let (king, now) = before.kings[color as usize];
    let enemies = || before.men[enemy as usize].iter().copied();
    let then = after.attackers_among(king, enemy, enemies());
    let still = now.only(|s| then.contains(s));
    if !still.is_empty() {
        out.push(Said::new("in_check").listing(still));
    }
    let mut lifted = plain.clone();
    lifted.0[from] = None;
    let shielded_by_man = lifted.attackers_among(king, enemy, enemies());
    let opened = then.only(|s| !now.contains(s));
    let pinners = opened.only(|s| shielded_by_man.contains(s));
    if !pinners.is_empty() {
        out.push(Said::new("pinned").listing(pinners));
    }
    let exposed = opened.only(|s| !pinners.contains(s));
    if !exposed.is_empty() {
        let both_leave_rank = if rank(king) == rank(from) {
            "true"
        } else {
            "false"
        };
        out.push(
            Said::new("en_passant_exposes_king")
                .listing(exposed)
                .word(both_leave_rank),
        );
    }
}
