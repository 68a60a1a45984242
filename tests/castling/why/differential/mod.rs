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
//!
//! The plain computation is `plain.rs`; the form both sides give a reason in, and the library's
//! judgement read into it, `said.rs`; the positions, the moves tried and the tally are here.

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

mod plain;
mod said;

use plain::*;
use said::*;

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

/// A name the tally counts by: a string, compared first by where it lies. The same literal
/// mostly lies at one address, so that the tally's lookups (several for each of some thirty
/// million tries) rarely read the names' bytes; compared as plain strings, `memcmp` took about a
/// fifth of the test's samples. Equal exactly when the strings are, and hashed as the string.
#[derive(Clone, Copy, Eq)]
struct Name(&'static str);

impl PartialEq for Name {
    fn eq(&self, other: &Name) -> bool {
        std::ptr::eq(self.0, other.0) || self.0 == other.0
    }
}

impl std::hash::Hash for Name {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state)
    }
}

/// What one position showed: differences, and how often each reason and outcome was seen.
#[derive(Default)]
struct Tally {
    tries: usize,
    differences: Vec<String>,
    /// By a reason's kind or an outcome, and a castling reason's own kind ("" for the others).
    seen: FxHashMap<(Name, Name), usize>,
}

impl Tally {
    fn count(&mut self, seen: &'static str, detail: &'static str) {
        *self.seen.entry((Name(seen), Name(detail))).or_default() += 1;
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
            .map(|(&(Name(seen), Name(detail)), &n)| match detail {
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
