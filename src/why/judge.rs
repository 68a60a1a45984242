//! Judging one tried move: every rule that stands in the way, in a fixed order (turn; the man;
//! how it moves; its path and target; en passant; its king's safety). Castling is judged by
//! [`crate::castling::explain_side`], whose reasons are carried unchanged.
//!
//! The king's safety (pins, checks, attacked squares) is judged on the board after the move
//! whenever the man can move like that on an empty board, even if its way is blocked or an own
//! man stands on the target: "even with the way clear, the knight is pinned" is a reason that
//! stands. The board after the move lifts the man from its square, puts it on the target and
//! removes what it takes (en passant: the pawn beside it).

use super::en_passant;
use super::past::Past;
use super::reason::{MoveReason, Reason, Rule};
use crate::castling::{SideExplanation, Status, attackers, explain_side};
use crate::chess::{CastlingSide, Man};
use crate::notation::san::write_san;
use cozy_chess::{
    BitBoard, Board, Color, File, Move, Piece, Rank, Square, get_between_rays, get_bishop_rays,
    get_king_moves, get_knight_moves, get_rook_rays,
};
use serde::Serialize;

use super::json::{ser_color, ser_opt_piece, ser_opt_square};
use itertools::Itertools;

/// A move as tried, with the man it means settled: what [`judge`] judges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tried {
    /// The man on `from` (if it is `color`'s) to `to`.
    Move {
        /// Whose move it is meant to be.
        color: Color,
        /// Where it starts.
        from: Square,
        /// Where it ends.
        to: Square,
        /// The piece a pawn becomes.
        promotion: Option<Piece>,
    },
    /// Castling on `side`; `rook` is the rook named when the move was written as the king taking
    /// its own rook.
    Castling {
        /// Whose castling.
        color: Color,
        /// The side.
        side: CastlingSide,
        /// The rook named, if any.
        rook: Option<Square>,
    },
    /// A SAN naming no man of `color`: a `piece` (on `file`, `rank` if named) to `to`.
    Missing {
        /// Whose move it is meant to be.
        color: Color,
        /// The piece named.
        piece: Piece,
        /// The origin's file, if named.
        file: Option<File>,
        /// The origin's rank, if named.
        rank: Option<Rank>,
        /// The target.
        to: Square,
    },
}

impl Tried {
    /// The move written square to square (UCI) as meant on `board`: the king taking its own
    /// rook on their back rank is castling on that side, and the king moving two squares from
    /// its e-file home to the c- or g-file is castling in the standard form, where that form
    /// exists (no right on that side, or the right's rook in the corner). `color` is the colour
    /// the text named, if any; else the man on `from` says, else the side to move.
    ///
    /// ```
    /// use castle960::why::Tried;
    /// use castle960::CastlingSide;
    /// use cozy_chess::{Board, Color};
    /// let board: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
    /// let castle = Tried::Castling { color: Color::White, side: CastlingSide::H, rook: None };
    /// assert_eq!(Tried::from_squares(&board, None, "e1g1".parse().unwrap()), castle);
    /// let black = Tried::from_squares(&board, None, "a8a1".parse().unwrap());
    /// assert!(matches!(black, Tried::Move { color: Color::Black, .. }));
    /// ```
    pub fn from_squares(board: &Board, color: Option<Color>, mv: Move) -> Tried {
        let color = color
            .or(board.color_on(mv.from))
            .unwrap_or(board.side_to_move());
        let back = Rank::First.relative_to(color);
        let own_king = board.colored_pieces(color, Piece::King).has(mv.from);
        if own_king && mv.promotion.is_none() && mv.from.rank() == back && mv.to.rank() == back {
            let side = CastlingSide::of(mv.from.file(), mv.to.file());
            if board.colored_pieces(color, Piece::Rook).has(mv.to) {
                return Tried::Castling {
                    color,
                    side,
                    rook: Some(mv.to),
                };
            }
            let standard_form = mv.from.file() == File::E
                && mv.to.file() == side.king_to_file()
                && board.color_on(mv.to) != Some(color);
            let rights = board.castle_rights(color);
            let right = match side {
                CastlingSide::A => rights.long,
                CastlingSide::H => rights.short,
            };
            let corner = match side {
                CastlingSide::A => File::A,
                CastlingSide::H => File::H,
            };
            if standard_form && right.is_none_or(|file| file == corner) {
                return Tried::Castling {
                    color,
                    side,
                    rook: None,
                };
            }
        }
        Tried::Move {
            color,
            from: mv.from,
            to: mv.to,
            promotion: mv.promotion,
        }
    }
}

/// One tried move, judged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Judgement {
    /// Whose move it is meant to be.
    #[serde(serialize_with = "ser_color")]
    pub color: Color,
    /// The man that would move (for castling, the king); `None` when there is none.
    pub man: Option<Man>,
    /// Where the move starts, when known.
    #[serde(serialize_with = "ser_opt_square")]
    pub from: Option<Square>,
    /// Where it ends, in cozy-chess's form (castling: the castling rook's square), when known.
    #[serde(serialize_with = "ser_opt_square")]
    pub to: Option<Square>,
    /// The piece a pawn becomes.
    #[serde(serialize_with = "ser_opt_piece")]
    pub promotion: Option<Piece>,
    /// The move in UCI, castling as the king taking its own rook, when known.
    pub uci: Option<String>,
    /// The move in SAN (with `+` or `#`), when it is legal now or on its turn.
    pub san: Option<String>,
    /// The enemy man it would take (en passant: the pawn beside), if any.
    pub captures: Option<Man>,
    /// Whether it is an en passant capture (legal or not).
    pub en_passant: bool,
    /// For castling, the castling explained as `castle960 castle` explains it.
    pub castling: Option<SideExplanation>,
    /// Legal now, legal on its turn, or not legal.
    pub status: Status,
    /// Every reason that stands, in a fixed order.
    pub reasons: Vec<Reason>,
}

/// The status a list of reasons implies: legal now with none, legal on its turn with the turn
/// alone.
pub fn status_of(reasons: &[Reason]) -> Status {
    match reasons {
        [] => Status::LegalNow,
        [only] if only.is_turn() => Status::LegalOnTurn,
        _ => Status::NotLegal,
    }
}

/// Judges a tried move on `board`, reached as `past` says.
///
/// ```
/// use castle960::why::{judge, Past, Tried, Reason, MoveReason};
/// use cozy_chess::{Board, Color, Square};
/// // The horizontal pin: king a5, pawns b5 (White) and c5 (Black, just double-stepped), rook h5.
/// let board: Board = "4k3/8/8/KPp4r/8/8/8/8 w - c6 0 2".parse().unwrap();
/// let tried = Tried::Move { color: Color::White, from: Square::B5, to: Square::C6, promotion: None };
/// let j = judge(&board, &tried, &Past::of_position(&board));
/// assert!(j.en_passant);
/// let [Reason::Move(MoveReason::EnPassantExposesKing { both_leave_rank: true, .. })] = &j.reasons[..]
/// else { panic!("{:?}", j.reasons) };
/// assert!(j.reasons[0].to_string().starts_with("both pawns would leave rank 5 at once"));
/// ```
pub fn judge(board: &Board, tried: &Tried, past: &Past) -> Judgement {
    match *tried {
        Tried::Move {
            color,
            from,
            to,
            promotion,
        } => judge_move(board, color, from, to, promotion, past),
        Tried::Castling { color, side, rook } => judge_castling(board, color, side, rook, past),
        Tried::Missing {
            color,
            piece,
            file,
            rank,
            to,
        } => {
            let mut reasons = turn(board, color);
            let square = file.zip(rank).map(|(f, r)| Square::new(f, r));
            reasons.push(Reason::Move(MoveReason::NoMan {
                color,
                piece: Some(piece),
                square,
                file: file.filter(|_| square.is_none()),
                rank: rank.filter(|_| square.is_none()),
            }));
            Judgement {
                color,
                man: None,
                from: square,
                to: Some(to),
                promotion: None,
                uci: None,
                san: None,
                captures: None,
                en_passant: false,
                castling: None,
                status: status_of(&reasons),
                reasons,
            }
        }
    }
}

/// The turn, when it is not `color`'s.
fn turn(board: &Board, color: Color) -> Vec<Reason> {
    let to_move = board.side_to_move();
    if to_move == color {
        Vec::new()
    } else {
        vec![Reason::Move(MoveReason::NotYourTurn { to_move })]
    }
}

/// Castling, as the castling module explains it, and the rook named if it is not the castling
/// rook.
fn judge_castling(
    board: &Board,
    color: Color,
    side: CastlingSide,
    rook: Option<Square>,
    past: &Past,
) -> Judgement {
    let explained = explain_side(board, color, side, past.castling.as_ref());
    let castling_rook = explained.castling.map(|c| c.rook);
    let mut reasons = Vec::new();
    if let (Some(named), Some(castling_rook)) = (rook, castling_rook)
        && named != castling_rook
        && let Some(rook) = Man::on(board, named)
    {
        reasons.push(Reason::Move(MoveReason::NotTheCastlingRook {
            rook,
            castling_rook,
        }));
    }
    reasons.extend(explained.reasons.iter().cloned().map(Reason::Castling));
    let from = board.king(color);
    let to = rook.or(castling_rook);
    let status = status_of(&reasons);
    let san = match status {
        Status::NotLegal => None,
        _ => explained.notation.as_ref().map(|n| n.san.clone()),
    };
    Judgement {
        color,
        man: Man::on(board, from),
        from: Some(from),
        to,
        promotion: None,
        uci: to.map(|to| {
            Move {
                from,
                to,
                promotion: None,
            }
            .to_string()
        }),
        san,
        captures: None,
        en_passant: false,
        castling: Some(explained),
        status,
        reasons,
    }
}

/// Whether `man` moves from its square to `to` on an empty board, as its piece moves (a pawn:
/// a step, a double step, a diagonal step; castling apart), and the rule broken if not.
fn movement(man: &Man, to: Square) -> Result<(), Rule> {
    let from = man.square;
    if from == to {
        return Err(Rule::StaysPut);
    }
    let (ok, rule) = match man.piece {
        Piece::Knight => (get_knight_moves(from).has(to), Rule::Knight),
        Piece::Bishop => (get_bishop_rays(from).has(to), Rule::Bishop),
        Piece::Rook => (get_rook_rays(from).has(to), Rule::Rook),
        Piece::Queen => (
            (get_bishop_rays(from) | get_rook_rays(from)).has(to),
            Rule::Queen,
        ),
        Piece::King => (get_king_moves(from).has(to), Rule::King),
        Piece::Pawn => return pawn_movement(man, to),
    };
    if ok { Ok(()) } else { Err(rule) }
}

/// A pawn's movement: forward only, one square (two from its starting rank), or one square
/// diagonally forward.
fn pawn_movement(man: &Man, to: Square) -> Result<(), Rule> {
    let from = man.square;
    let forward = to.rank().relative_to(man.color) as i8 - from.rank().relative_to(man.color) as i8;
    let sideways = (to.file() as i8 - from.file() as i8).abs();
    match (forward, sideways) {
        (..=0, _) => Err(Rule::PawnNotForward),
        (1, 0 | 1) => Ok(()),
        (2, 0) if from.rank().relative_to(man.color) == Rank::Second => Ok(()),
        (2, 0) => Err(Rule::PawnDoubleStep),
        _ => Err(Rule::Pawn),
    }
}

/// The promotion rule: a pawn reaching the last rank names what it becomes; nothing else does.
fn promotion_rule(man: &Man, to: Square, promotion: Option<Piece>) -> Option<Rule> {
    let reaches_last = man.piece == Piece::Pawn && to.rank() == Rank::Eighth.relative_to(man.color);
    match (reaches_last, promotion) {
        (true, None) => Some(Rule::MustPromote),
        (false, Some(_)) => Some(Rule::CannotPromote),
        _ => None,
    }
}

/// The men on `squares`, in the order met going from `from` (nearest first).
fn men_from(board: &Board, squares: BitBoard, from: Square) -> Vec<Man> {
    let distance = |s: Square| {
        (s.file() as i8 - from.file() as i8)
            .abs()
            .max((s.rank() as i8 - from.rank() as i8).abs())
    };
    squares
        .iter()
        .filter_map(|s| Man::on(board, s))
        .sorted_by_key(|m| (distance(m.square), m.square as u8))
        .collect()
}

/// The men on `squares` as `color` sees the board, its own first rank first, files a to h: the
/// order [`crate::castling`] lists attackers in.
fn men(board: &Board, squares: BitBoard, color: Color) -> Vec<Man> {
    squares
        .iter()
        .filter_map(|s| Man::on(board, s))
        .sorted_by_key(|m| m.square.relative_to(color))
        .collect()
}

/// A move that is not castling, judged.
fn judge_move(
    board: &Board,
    color: Color,
    from: Square,
    to: Square,
    promotion: Option<Piece>,
    past: &Past,
) -> Judgement {
    let mut reasons = turn(board, color);
    let uci = Some(
        Move {
            from,
            to,
            promotion,
        }
        .to_string(),
    );
    let Some(man) = Man::on(board, from).filter(|m| m.color == color) else {
        reasons.push(Reason::Move(MoveReason::NoMan {
            color,
            piece: None,
            square: Some(from),
            file: None,
            rank: None,
        }));
        return Judgement {
            color,
            man: None,
            from: Some(from),
            to: Some(to),
            promotion,
            uci,
            san: None,
            captures: None,
            en_passant: false,
            castling: None,
            status: status_of(&reasons),
            reasons,
        };
    };
    let mut add = |r: MoveReason| reasons.push(Reason::Move(r));
    let victim = en_passant::victim(board, &man, to);
    let moves_so = movement(&man, to);
    match moves_so {
        Err(_) if victim.is_some() => add(MoveReason::NotBeside {
            man,
            pawn: victim.expect("checked"),
        }),
        Err(rule) => add(MoveReason::CannotMove { man, to, rule }),
        Ok(()) => {
            if let Some(rule) = promotion_rule(&man, to, promotion) {
                add(MoveReason::CannotMove { man, to, rule });
            }
        }
    }
    let there = Man::on(board, to);
    let pawn_straight = man.piece == Piece::Pawn && from.file() == to.file();
    let mut captures = None;
    if moves_so.is_ok() {
        let mut in_way = get_between_rays(from, to) & board.occupied();
        if pawn_straight && there.is_some() {
            in_way |= to.bitboard();
        }
        if !in_way.is_empty() {
            add(MoveReason::Blocked {
                man,
                by: men_from(board, in_way, from),
            });
        }
        match there {
            _ if pawn_straight => {}
            Some(there) if there.color == color => add(MoveReason::OwnManOnTarget { man, there }),
            Some(there) if there.piece == Piece::King => {
                add(MoveReason::CapturesKing { king: there })
            }
            Some(there) => captures = Some(there),
            None if man.piece == Piece::Pawn && victim.is_none() => {
                add(MoveReason::CapturesNothing { man, square: to })
            }
            None => captures = victim,
        }
    }
    if let Some(pawn) = victim {
        en_passant::moment_reasons(board, color, to, pawn, past, &mut add);
    }
    let own_king_on_target = there.is_some_and(|t| t.color == color && t.piece == Piece::King);
    if moves_so.is_ok() && !own_king_on_target {
        let taken = captures.map_or(BitBoard::EMPTY, |m| m.square.bitboard());
        safety(board, &man, to, taken, &mut add);
    }
    let status = status_of(&reasons);
    let mv = Move {
        from,
        to,
        promotion,
    };
    let san = match status {
        Status::LegalNow => write_san(board, mv).ok(),
        Status::LegalOnTurn => board.null_move().and_then(|b| write_san(&b, mv).ok()),
        Status::NotLegal => None,
    };
    Judgement {
        color,
        man: Some(man),
        from: Some(from),
        to: Some(to),
        promotion,
        uci,
        san,
        captures,
        en_passant: victim.is_some(),
        castling: None,
        status,
        reasons,
    }
}

/// The king's safety after `man` goes to `to` taking the men on `taken`: for the king, the
/// square it lands on; for any other man, a check it leaves standing, a pin, and en passant's
/// exposed lines.
fn safety(board: &Board, man: &Man, to: Square, taken: BitBoard, add: &mut impl FnMut(MoveReason)) {
    let color = man.color;
    let enemy = !color;
    let occupied = board.occupied();
    let from = man.square.bitboard();
    if man.piece == Piece::King {
        // With the king gone from its square: a slider's line through it reaches the target.
        let by = attackers(board, to, enemy, occupied & !from) & !taken;
        if !by.is_empty() {
            add(MoveReason::KingAttacked {
                square: to,
                by: men(board, by, color),
            });
        }
        return;
    }
    let king = board.king(color);
    let after = (occupied & !from & !taken) | to.bitboard();
    let now = attackers(board, king, enemy, occupied);
    let then = attackers(board, king, enemy, after) & !taken & !to.bitboard();
    let still = now & then;
    if !still.is_empty() {
        add(MoveReason::InCheck {
            by: men(board, still, color),
        });
    }
    let opened = then & !now;
    let pinners = opened & attackers(board, king, enemy, occupied & !from);
    if !pinners.is_empty() {
        add(MoveReason::Pinned {
            man: *man,
            king,
            by: men(board, pinners, color),
        });
    }
    let exposed = opened & !pinners;
    if !exposed.is_empty() {
        add(MoveReason::EnPassantExposesKing {
            king,
            by: men(board, exposed, color),
            both_leave_rank: king.rank() == man.square.rank(),
        });
    }
}
