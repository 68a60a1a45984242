//! Differential test of `why`: on 232,263 positions of seeded random games from all 960 start
//! positions, and on 30,000 constructed en passant positions (pins along the pawns' rank and
//! diagonals are rare in games), every move a man of the side to move could make on an empty
//! board (blocked or not, promotions included), every en passant a pawn could try, every
//! castling right, and random impossible moves of either colour are judged. For each:
//! * "legal now" is exactly cozy-chess's and shakmaty's legality (and "legal on its turn" their
//!   legality after a pass), with 0 differences;
//! * "not legal" comes with at least one reason;
//! * every reason, and no other, is what a plain computation written here finds: an 8x8 array,
//!   attack rays walked square by square, the board after the move built by hand; none of the
//!   library's attack tables or its judge.

use crate::castling_support::{Rng, random_game_positions, shakmaty_position};
use castle960::castling::Status;
use castle960::notation::fen::read_fen;
use castle960::notation::uci::is_castling;
use castle960::why::{Judgement, MoveReason, Past, Reason, Rule, Tried, judge};
use cozy_chess::{Board, Color, Move, Piece, Square};
use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};
use shakmaty::Position;
use std::collections::BTreeMap;

/// A man on the plain board.
type PlainMan = (Color, Piece);

/// The board as 64 squares, a1 = 0, b1 = 1, ..., h8 = 63.
#[derive(Clone)]
struct Plain([Option<PlainMan>; 64]);

fn file(s: usize) -> i32 {
    (s % 8) as i32
}

fn rank(s: usize) -> i32 {
    (s / 8) as i32
}

/// The rank `r` (0 = first) as `color` counts it.
fn own_rank(color: Color, r: i32) -> i32 {
    match color {
        Color::White => r,
        Color::Black => 7 - r,
    }
}

fn forward(color: Color) -> i32 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

impl Plain {
    fn of(board: &Board) -> Plain {
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
    fn between(a: usize, b: usize) -> impl Iterator<Item = usize> {
        let (df, dr) = (file(b) - file(a), rank(b) - rank(a));
        let lined = (df == 0 || dr == 0 || df.abs() == dr.abs()) && a != b;
        let (sf, sr) = (df.signum(), dr.signum());
        let distance = if lined { df.abs().max(dr.abs()) } else { 0 };
        (1..distance).map(move |i| ((rank(a) + i * sr) * 8 + file(a) + i * sf) as usize)
    }

    /// Whether the man on `from` attacks `target`.
    fn attacks(&self, from: usize, target: usize) -> bool {
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
    fn attackers(&self, target: usize, by: Color) -> Squares {
        self.attackers_among(target, by, 0..64)
    }

    /// The squares of the men of `by` attacking `target`, looking only on the squares `among`,
    /// where every man of `by` stands: [`Plain::attackers`] looking only where the men can be.
    fn attackers_among(
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

    fn king(&self, color: Color) -> usize {
        (0..64)
            .find(|&s| self.0[s] == Some((color, Piece::King)))
            .expect("a king")
    }
}

/// How `piece` of `color` moves on an empty board from `from` to `to`: `Ok`, or the rule's name.
fn movement(color: Color, piece: Piece, from: usize, to: usize) -> Result<(), &'static str> {
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

fn name(s: usize) -> String {
    Square::index(s).to_string()
}

/// A set of squares as a reason lists them (a bit per square, a1 = bit 0), with how many were
/// listed, so that a square listed twice is not lost in the set.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Squares {
    set: u64,
    listed: u8,
}

impl Squares {
    fn is_empty(self) -> bool {
        self.listed == 0
    }

    fn contains(self, s: usize) -> bool {
        self.set & 1 << s != 0
    }

    /// The squares, a1 to h8.
    fn iter(self) -> impl Iterator<Item = usize> {
        let mut left = self.set;
        std::iter::from_fn(move || {
            (left != 0).then(|| {
                let s = left.trailing_zeros() as usize;
                left &= left - 1;
                s
            })
        })
    }

    /// The squares of `self` for which `keep` holds.
    fn only(self, keep: impl Fn(usize) -> bool) -> Squares {
        self.iter().filter(|&s| keep(s)).collect()
    }
}

impl FromIterator<usize> for Squares {
    fn from_iter<I: IntoIterator<Item = usize>>(squares: I) -> Squares {
        squares
            .into_iter()
            .fold(Squares::default(), |acc, s| Squares {
                set: acc.set | 1 << s,
                listed: acc.listed + 1,
            })
    }
}

/// The squares' names in alphabetical order (file, then rank), joined by commas; a square
/// listed more than once is marked.
impl std::fmt::Display for Squares {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let mut v: Vec<String> = self.iter().map(name).collect();
        v.sort_unstable();
        write!(f, "{}", v.join(","))?;
        if self.listed as u32 != self.set.count_ones() {
            write!(f, " ({} listed)", self.listed)?;
        }
        Ok(())
    }
}

/// One reason as both sides state it: its kind, the square it names on its own (`no_man`,
/// `not_beside`, `no_double_step`, `king_attacked`), the squares it lists (`blocked`,
/// `in_check`, `pinned`, `en_passant_exposes_king`, `king_attacked`), and a word (the rule of
/// `cannot_move`, whether `en_passant_exposes_king`'s two pawns leave the king's rank, a
/// castling reason's kind). Compared as values rather than as strings: the test compares some
/// ten million tries, and building two lists of strings for each was half its time.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Said {
    kind: &'static str,
    square: Option<u8>,
    squares: Squares,
    word: &'static str,
}

impl Said {
    fn new(kind: &'static str) -> Said {
        Said {
            kind,
            square: None,
            squares: Squares::default(),
            word: "",
        }
    }

    fn at(self, square: usize) -> Said {
        Said {
            square: Some(square as u8),
            ..self
        }
    }

    fn listing(self, squares: Squares) -> Said {
        Said { squares, ..self }
    }

    fn word(self, word: &'static str) -> Said {
        Said { word, ..self }
    }
}

/// `kind square squares word`, each part only when the reason has it: `blocked d1,e1`,
/// `king_attacked e4 d5`, `en_passant_exposes_king a4 true`.
impl std::fmt::Debug for Said {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{}", self.kind)?;
        if let Some(s) = self.square {
            write!(f, " {}", name(s as usize))?;
        }
        if !self.squares.is_empty() {
            write!(f, " {}", self.squares)?;
        }
        if !self.word.is_empty() {
            write!(f, " {}", self.word)?;
        }
        Ok(())
    }
}

/// What every try on one position shares: the plain board, the side to move, the en passant
/// target square, each colour's king square with the enemy men attacking it before any move,
/// and each colour's squares a1 to h8 (found once a position rather than once a try). A move
/// puts no man of the other colour on a new square, so after it the enemy's men all stand on
/// their squares of before: looking for attackers there alone finds every one.
struct Before {
    plain: Plain,
    to_move: Color,
    ep: Option<usize>,
    kings: [(usize, Squares); 2],
    men: [Vec<usize>; 2],
}

impl Before {
    fn new(plain: Plain, to_move: Color, ep: Option<usize>) -> Before {
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
fn expected(
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

fn squares_of(men: &[castle960::chess::Man]) -> Squares {
    men.iter().map(|m| m.square as usize).collect()
}

fn rule_name(rule: Rule) -> &'static str {
    match rule {
        Rule::StaysPut => "stays_put",
        Rule::Knight => "knight",
        Rule::Bishop => "bishop",
        Rule::Rook => "rook",
        Rule::Queen => "queen",
        Rule::King => "king",
        Rule::PawnNotForward => "pawn_not_forward",
        Rule::PawnDoubleStep => "pawn_double_step",
        Rule::Pawn => "pawn",
        Rule::MustPromote => "must_promote",
        Rule::CannotPromote => "cannot_promote",
    }
}

/// The library's reasons in the plain computation's form, into `out` (emptied first).
fn found(j: &Judgement, out: &mut Vec<Said>) {
    out.clear();
    out.extend(j.reasons.iter().map(|r| {
        match r {
            Reason::Castling(r) => Said::new("castling").word(r.kind()),
            Reason::Move(r) => match r {
                MoveReason::NotYourTurn { .. } => Said::new("not_your_turn"),
                MoveReason::NoMan { square, .. } => {
                    let said = Said::new("no_man");
                    square.map_or(said, |s| said.at(s as usize))
                }
                MoveReason::CannotMove { rule, .. } => {
                    Said::new("cannot_move").word(rule_name(*rule))
                }
                MoveReason::NotBeside { pawn, .. } => {
                    Said::new("not_beside").at(pawn.square as usize)
                }
                MoveReason::Blocked { man, by } => {
                    // Nearest first, as documented.
                    let d = |m: &castle960::chess::Man| {
                        let (a, b) = (man.square as usize, m.square as usize);
                        (file(a) - file(b)).abs().max((rank(a) - rank(b)).abs())
                    };
                    assert!(by.windows(2).all(|w| d(&w[0]) < d(&w[1])), "{by:?}");
                    Said::new("blocked").listing(squares_of(by))
                }
                MoveReason::OwnManOnTarget { .. } => Said::new("own_man_on_target"),
                MoveReason::CapturesKing { .. } => Said::new("captures_king"),
                MoveReason::CapturesNothing { .. } => Said::new("captures_nothing"),
                MoveReason::NoDoubleStep { pawn, .. } => {
                    Said::new("no_double_step").at(pawn.square as usize)
                }
                MoveReason::InCheck { by } => Said::new("in_check").listing(squares_of(by)),
                MoveReason::Pinned { by, .. } => Said::new("pinned").listing(squares_of(by)),
                MoveReason::EnPassantExposesKing {
                    by,
                    both_leave_rank,
                    ..
                } => Said::new("en_passant_exposes_king")
                    .listing(squares_of(by))
                    .word(if *both_leave_rank { "true" } else { "false" }),
                MoveReason::KingAttacked { square, by } => Said::new("king_attacked")
                    .at(*square as usize)
                    .listing(squares_of(by)),
                MoveReason::NotTheCastlingRook { .. } => Said::new("not_the_castling_rook"),
                other => Said::new("unexpected").word(other.kind()),
            },
        }
    }));
}

/// The legal moves of a position by shakmaty, in cozy-chess's form (castling as the king taking
/// its rook), each with whether it castles.
fn shakmaty_legal_set(board: &Board) -> FxHashSet<(Move, bool)> {
    let piece = |role: shakmaty::Role| match role {
        shakmaty::Role::Queen => Piece::Queen,
        shakmaty::Role::Rook => Piece::Rook,
        shakmaty::Role::Bishop => Piece::Bishop,
        shakmaty::Role::Knight => Piece::Knight,
        shakmaty::Role::Pawn => Piece::Pawn,
        shakmaty::Role::King => Piece::King,
    };
    shakmaty_position(board)
        .legal_moves()
        .iter()
        .map(|m| {
            let mv = Move {
                from: Square::index(u32::from(m.from().expect("no drops")) as usize),
                to: Square::index(u32::from(m.to()) as usize),
                promotion: m.promotion().map(piece),
            };
            (mv, m.is_castle())
        })
        .collect()
}

/// The legal moves of a position as (from, to, promotion, castling), by cozy-chess.
fn cozy_legal(board: &Board) -> FxHashSet<(Move, bool)> {
    let mut out = FxHashSet::default();
    board.generate_moves(|moves| {
        for mv in moves {
            out.insert((mv, is_castling(board, mv)));
        }
        false
    });
    out
}

/// The tries on one position: for the side to move, every empty-board move of every man (with
/// every promotion choice on the last rank), every en passant a pawn could try; for the other
/// colour every empty-board move onto the side to move's king, and in one position in eight
/// every empty-board move (without promotions); 8 random moves of either colour from any square
/// to any square.
fn tries(board: &Board, plain: &Plain, rng: &mut Rng) -> Vec<(Color, Move)> {
    let color = board.side_to_move();
    let mut out = Vec::new();
    let promotions = [
        None,
        Some(Piece::Queen),
        Some(Piece::Rook),
        Some(Piece::Bishop),
        Some(Piece::Knight),
    ];
    for from in 0..64 {
        let Some((c, piece)) = plain.0[from] else {
            continue;
        };
        if c != color {
            continue;
        }
        for to in 0..64 {
            let ep_like = piece == Piece::Pawn
                && own_rank(color, rank(to)) == 5
                && plain.0[(to as i32 - 8 * forward(color)) as usize]
                    == Some((!color, Piece::Pawn));
            if movement(color, piece, from, to).is_err() && !ep_like {
                continue;
            }
            let last = piece == Piece::Pawn && own_rank(color, rank(to)) == 7;
            let choices: &[Option<Piece>] = if last { &promotions } else { &[None] };
            for &promotion in choices {
                out.push((
                    color,
                    Move {
                        from: Square::index(from),
                        to: Square::index(to),
                        promotion,
                    },
                ));
            }
        }
    }
    // The other colour: every move onto the side to move's king, and now and then every move.
    let king = (0..64)
        .find(|&s| plain.0[s] == Some((color, Piece::King)))
        .expect("a king");
    let all_of_them = rng.one_in(8);
    for from in 0..64 {
        let Some((c, piece)) = plain.0[from] else {
            continue;
        };
        if c == color {
            continue;
        }
        for to in 0..64 {
            if (to == king || all_of_them) && movement(!color, piece, from, to).is_ok() {
                out.push((
                    !color,
                    Move {
                        from: Square::index(from),
                        to: Square::index(to),
                        promotion: None,
                    },
                ));
            }
        }
    }
    for _ in 0..8 {
        let color = if rng.one_in(2) {
            Color::White
        } else {
            Color::Black
        };
        out.push((
            color,
            Move {
                from: Square::index(rng.below(64)),
                to: Square::index(rng.below(64)),
                promotion: *rng.pick(&promotions),
            },
        ));
    }
    out
}

/// Constructed en passant positions: a pawn of the side to move beside an enemy pawn that has
/// just made its double step, the kings, enemy sliders and a few other men at random; only those
/// `read_fen` and shakmaty accept.
fn en_passant_positions(count: usize) -> Vec<Board> {
    let mut rng = Rng::new(0xE9);
    let mut out = Vec::new();
    let letters = ['q', 'r', 'b', 'n', 'p'];
    while out.len() < count {
        let color = if rng.one_in(2) {
            Color::White
        } else {
            Color::Black
        };
        let mut squares: [Option<char>; 64] = [None; 64];
        let case = |c: char, white: bool| if white { c.to_ascii_uppercase() } else { c };
        let own_white = color == Color::White;
        let r5 = if own_white { 4 } else { 3 };
        let f = rng.below(8) as i32;
        let g = if f == 0 || (f < 7 && rng.one_in(2)) {
            f + 1
        } else {
            f - 1
        };
        let at = |f: i32, r: i32| (r * 8 + f) as usize;
        squares[at(f, r5)] = Some(case('p', own_white));
        squares[at(g, r5)] = Some(case('p', !own_white));
        let r6 = if own_white { 5 } else { 2 };
        let r7 = if own_white { 6 } else { 1 };
        let reserved = [at(g, r6), at(g, r7)];
        let place = |c: char, squares: &mut [Option<char>; 64], rng: &mut Rng, on: Option<i32>| {
            for _ in 0..20 {
                let s = match on {
                    Some(r) => at(rng.below(8) as i32, r),
                    None => rng.below(64),
                };
                let pawn_edge = c.eq_ignore_ascii_case(&'p') && !(8..56).contains(&s);
                if squares[s].is_none() && !reserved.contains(&s) && !pawn_edge {
                    squares[s] = Some(c);
                    return;
                }
            }
        };
        let king_rank = if rng.one_in(2) { Some(r5) } else { None };
        place(case('k', own_white), &mut squares, &mut rng, king_rank);
        place(case('k', !own_white), &mut squares, &mut rng, None);
        for _ in 0..1 + rng.below(3) {
            let slider = *rng.pick(&['q', 'r', 'b']);
            let on = if rng.one_in(2) { Some(r5) } else { None };
            place(case(slider, !own_white), &mut squares, &mut rng, on);
        }
        for _ in 0..rng.below(4) {
            let white = rng.one_in(2);
            place(
                case(*rng.pick(&letters), white),
                &mut squares,
                &mut rng,
                None,
            );
        }
        let fen = crate::common::placement(|s| squares[s]);
        let ep = name(at(g, r6));
        let side = if own_white { 'w' } else { 'b' };
        let fen = format!("{fen} {side} - {ep} 0 30");
        let Ok(board) = read_fen(&fen) else {
            continue;
        };
        let accepted = format!("{board:#}")
            .parse::<shakmaty::fen::Fen>()
            .ok()
            .and_then(|f| {
                f.into_position::<shakmaty::Chess>(shakmaty::CastlingMode::Chess960)
                    .ok()
            });
        if accepted.is_some() {
            out.push(board);
        }
    }
    out
}

/// What one position showed: differences, and how often each reason and outcome was seen.
#[derive(Default)]
struct Tally {
    tries: usize,
    differences: Vec<String>,
    /// By a reason's kind or an outcome, and a castling reason's own kind ("" for the others).
    seen: FxHashMap<(&'static str, &'static str), usize>,
}

impl Tally {
    fn count(&mut self, seen: &'static str, detail: &'static str) {
        *self.seen.entry((seen, detail)).or_default() += 1;
    }

    fn merge(mut self, other: Tally) -> Tally {
        self.tries += other.tries;
        self.differences.extend(other.differences);
        for (k, v) in other.seen {
            *self.seen.entry(k).or_default() += v;
        }
        self
    }

    /// What was seen, by name (`castling` joined to its kind), in order.
    fn named(&self) -> BTreeMap<String, usize> {
        self.seen
            .iter()
            .map(|(&(seen, detail), &n)| match detail {
                "" => (seen.to_string(), n),
                _ => (format!("{seen} {detail}"), n),
            })
            .collect()
    }
}

/// Every try on `board`, checked.
fn check_position(board: &Board, seed: u64) -> Tally {
    let mut tally = Tally::default();
    let mut rng = Rng::new(seed);
    let plain = Plain::of(board);
    let past = Past::of_position(board);
    let to_move = board.side_to_move();
    let ep = board
        .en_passant()
        .map(|f| Square::new(f, cozy_chess::Rank::Sixth.relative_to(to_move)) as usize);
    let passed = board.null_move();
    let legal_now = cozy_legal(board);
    let legal_after_pass = passed.as_ref().map(cozy_legal);
    let shak_now = shakmaty_legal_set(board);
    let shak_after_pass = passed.as_ref().map(shakmaty_legal_set);
    let mut tried: Vec<Tried> = tries(board, &plain, &mut rng)
        .into_iter()
        .map(|(color, mv)| Tried::from_squares(board, Some(color), mv))
        .collect();
    let before = Before::new(plain, to_move, ep);
    for color in [Color::White, Color::Black] {
        for side in castle960::CastlingSide::BOTH {
            tried.push(Tried::Castling {
                color,
                side,
                rook: None,
            });
        }
    }
    let (mut found_now, mut want) = (Vec::new(), Vec::new());
    for t in tried {
        tally.tries += 1;
        let j = judge(board, &t, &past);
        let (color, castling) = match t {
            Tried::Move { color, .. } => (color, false),
            Tried::Castling { color, .. } => (color, true),
            Tried::Missing { .. } => unreachable!("squares name no piece"),
        };
        let mut diff = |what: String| tally.differences.push(format!("{board:#} {t:?}: {what}"));
        // Legality against cozy-chess and shakmaty, now or after a pass.
        let mv: Option<Move> = j.uci.as_ref().map(|u| u.parse().unwrap());
        let (cozy, shak) = match (color == to_move, mv) {
            (_, None) => (false, false),
            (true, Some(mv)) => (
                legal_now.contains(&(mv, castling)),
                shak_now.contains(&(mv, castling)),
            ),
            (false, Some(mv)) => match (&legal_after_pass, &shak_after_pass) {
                (Some(cozy), Some(shak)) => (
                    cozy.contains(&(mv, castling)),
                    shak.contains(&(mv, castling)),
                ),
                // The side to move is in check: no pass; the turn alone must then stand.
                _ => (
                    j.status == Status::LegalOnTurn,
                    j.status == Status::LegalOnTurn,
                ),
            },
        };
        let mine = match color == to_move {
            true => j.status == Status::LegalNow,
            false => j.status == Status::LegalOnTurn,
        };
        if mine != cozy || mine != shak {
            diff(format!(
                "status {:?}, cozy-chess {cozy}, shakmaty {shak}: {:?}",
                j.status, j.reasons
            ));
        }
        if j.status == Status::NotLegal && j.reasons.is_empty() {
            diff("not legal without a reason".to_string());
        }
        found(&j, &mut found_now);
        if let Tried::Move {
            color,
            from,
            to,
            promotion,
        } = t
        {
            expected(
                &before,
                color,
                from as usize,
                to as usize,
                promotion,
                &mut want,
            );
            if found_now != want {
                diff(format!("reasons {found_now:?}, plain computation {want:?}"));
            }
        }
        for said in &found_now {
            match (said.kind, said.word) {
                ("en_passant_exposes_king", "true") => {
                    tally.count("en_passant_exposes_king (rank)", "")
                }
                ("en_passant_exposes_king", _) => {
                    tally.count("en_passant_exposes_king (diagonal)", "")
                }
                ("castling", kind) => tally.count("castling", kind),
                (kind, _) => tally.count(kind, ""),
            }
        }
        let outcome = match (j.status, j.en_passant, castling) {
            (Status::LegalNow, true, _) => "legal en passant",
            (Status::LegalNow, _, true) => "legal castling",
            (Status::LegalNow, _, _) => "legal",
            (Status::LegalOnTurn, _, _) => "legal on its turn",
            (Status::NotLegal, _, _) => "not legal",
        };
        tally.count(outcome, "");
    }
    tally
}

#[test]
fn why_says_legal_exactly_when_cozy_chess_and_shakmaty_do_and_every_reason_is_found_plainly() {
    let mut boards = Vec::new();
    random_game_positions(4, 60, |b| boards.push(b.clone()));
    let from_games = boards.len();
    boards.extend(en_passant_positions(30_000));
    let tally = boards
        .par_iter()
        .enumerate()
        .map(|(i, b)| check_position(b, i as u64))
        .reduce(Tally::default, Tally::merge);
    let seen = tally.named();
    eprintln!(
        "{from_games} positions of random games and {} constructed en passant positions, {} moves \
         judged; reasons and outcomes seen: {:#?}",
        boards.len() - from_games,
        tally.tries,
        seen
    );
    assert!(from_games >= 200_000, "only {from_games} positions");
    assert!(
        tally.differences.is_empty(),
        "{} differences, first: {:#?}",
        tally.differences.len(),
        &tally.differences[..tally.differences.len().min(10)]
    );
    for kind in [
        "legal",
        "legal en passant",
        "legal castling",
        "legal on its turn",
        "not_your_turn",
        "no_man",
        "cannot_move",
        "not_beside",
        "blocked",
        "own_man_on_target",
        "captures_king",
        "captures_nothing",
        "no_double_step",
        "pinned",
        "en_passant_exposes_king (rank)",
        "en_passant_exposes_king (diagonal)",
        "in_check",
        "king_attacked",
    ] {
        assert!(
            seen.get(kind).copied().unwrap_or(0) > 0,
            "never seen: {kind}: {seen:?}"
        );
    }
}
