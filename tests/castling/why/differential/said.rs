//! A reason in the form both sides of the differential test give it (kind, the square named, the
//! squares listed, a word), and the library's judgement read into that form.

use super::*;

/// A set of squares as a reason lists them (a bit per square, a1 = bit 0), with how many were
/// listed, so that a square listed twice is not lost in the set.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Squares {
    pub(super) set: u64,
    pub(super) listed: u8,
}

impl Squares {
    pub(super) fn is_empty(self) -> bool {
        self.listed == 0
    }

    pub(super) fn contains(self, s: usize) -> bool {
        self.set & 1 << s != 0
    }

    /// The squares, a1 to h8.
    pub(super) fn iter(self) -> impl Iterator<Item = usize> {
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
    pub(super) fn only(self, keep: impl Fn(usize) -> bool) -> Squares {
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
pub(super) struct Said {
    pub(super) kind: &'static str,
    pub(super) square: Option<u8>,
    pub(super) squares: Squares,
    pub(super) word: &'static str,
}

impl Said {
    pub(super) fn new(kind: &'static str) -> Said {
        Said {
            kind,
            square: None,
            squares: Squares::default(),
            word: "",
        }
    }

    pub(super) fn at(self, square: usize) -> Said {
        Said {
            square: Some(square as u8),
            ..self
        }
    }

    pub(super) fn listing(self, squares: Squares) -> Said {
        Said { squares, ..self }
    }

    pub(super) fn word(self, word: &'static str) -> Said {
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

pub(super) fn squares_of(men: &[castle960::chess::Man]) -> Squares {
    men.iter().map(|m| m.square as usize).collect()
}

pub(super) fn rule_name(rule: Rule) -> &'static str {
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
pub(super) fn found(j: &Judgement, out: &mut Vec<Said>) {
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
