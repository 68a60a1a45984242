//! `castle960 show`: one arrangement explained in words a reader can follow on a board.

use crate::analysis::Analysis;
use crate::arrangement::Arrangement;
use crate::piece::Piece;
use crate::rule::RuleCase;
use crate::side::Side;
use crate::square::Square;
use serde::Serialize;
use std::fmt::Write as _;

/// The model every result is stated in.
pub const MODEL_NOTE: &str = "Model: Black is absent; only White's pieces stand on the board and \
White makes every move, so checks and captures never arise.";

/// The explanation of one arrangement, printable as text or JSON.
#[derive(Clone, Debug, Serialize)]
pub struct Explanation {
    pub sp: u16,
    pub arrangement: String,
    pub fen: String,
    pub model: &'static str,
    pub sides: Vec<SideExplanation>,
}

/// The explanation of one castling side.
#[derive(Clone, Debug, Serialize)]
pub struct SideExplanation {
    pub side: Side,
    pub castling_move: &'static str,
    pub king_from: String,
    pub king_to: String,
    pub rook_from: String,
    pub rook_to: String,
    pub rule: RuleExplanation,
    pub no_pawn: NoPawnExplanation,
}

/// What the exhaustive search found about castling without a pawn move.
#[derive(Clone, Debug, Serialize)]
pub struct NoPawnExplanation {
    pub possible: bool,
    /// Fewest White moves before castling.
    pub moves: Option<usize>,
    /// One shortest line in SAN, ending with the castling move.
    pub witness: Option<String>,
    /// The witness as a replayable PGN game.
    pub pgn: Option<String>,
    pub rule_agrees: bool,
}

/// The closed-form rule's verdict on one side with its reason.
#[derive(Clone, Debug, Serialize)]
pub struct RuleExplanation {
    pub right: bool,
    pub have: i8,
    pub need: i8,
    pub case: &'static str,
    pub claim: &'static str,
    pub reason: String,
}

impl Explanation {
    pub fn new(analysis: &Analysis) -> Explanation {
        let a = &analysis.arrangement;
        let sides = Side::BOTH
            .iter()
            .map(|&side| {
                let case = *analysis.rule.get(side);
                let (right, have, need) = case.seed_encoding();
                SideExplanation {
                    side,
                    castling_move: side.san(),
                    king_from: first_rank(a.king_file()),
                    king_to: first_rank(side.king_to()),
                    rook_from: first_rank(a.rook_file(side)),
                    rook_to: first_rank(side.rook_to()),
                    rule: RuleExplanation {
                        right,
                        have,
                        need,
                        case: case.label(),
                        claim: case.claim().as_str(),
                        reason: rule_reason(a, side, case),
                    },
                    no_pawn: {
                        let found = analysis.no_pawn.get(side).as_ref();
                        NoPawnExplanation {
                            possible: found.is_some(),
                            moves: found.map(|c| c.moves),
                            witness: found.map(|c| c.line.san(a)),
                            pgn: found.map(|c| {
                                let event = format!(
                                    "castle960 SP {} {}: castling without a pawn move",
                                    a.sp(),
                                    side.name()
                                );
                                crate::pgn::game(a, &c.line, &event)
                            }),
                            rule_agrees: analysis.rule_agrees_no_pawn(side),
                        }
                    },
                }
            })
            .collect();
        Explanation {
            sp: a.sp(),
            arrangement: a.to_string(),
            fen: a.fen(),
            model: MODEL_NOTE,
            sides,
        }
    }

    /// The human-readable text; `unicode` chooses chess symbols over plain letters.
    pub fn to_text(&self, arrangement: &Arrangement, unicode: bool) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "SP {}  {}", self.sp, self.arrangement);
        let _ = writeln!(out, "FEN {}", self.fen);
        let _ = writeln!(out, "{}", self.model);
        let _ = writeln!(out);
        out.push_str(&diagram(arrangement, unicode));
        for side in &self.sides {
            let _ = writeln!(out);
            let _ = writeln!(
                out,
                "{}: king {} -> {}, rook {} -> {}",
                side.side.name(),
                side.king_from,
                side.king_to,
                side.rook_from,
                side.rook_to
            );
            let _ = writeln!(
                out,
                "  Closed-form rule: right {}, have {}, need {} ({}) - claims {}.",
                side.rule.right, side.rule.have, side.rule.need, side.rule.case, side.rule.claim
            );
            let _ = writeln!(out, "  {}", side.rule.reason);
            let np = &side.no_pawn;
            match (&np.moves, &np.witness) {
                (Some(0), Some(line)) => {
                    let _ = writeln!(out, "  Search: castling is legal at once: {line}");
                }
                (Some(n), Some(line)) => {
                    let plural = if *n == 1 { "" } else { "s" };
                    let _ = writeln!(
                        out,
                        "  Search: castling without a pawn move after {n} move{plural} at the fewest: {line}"
                    );
                }
                _ => {
                    let _ = writeln!(
                        out,
                        "  Search: no sequence of non-pawn moves makes this castling legal."
                    );
                }
            }
            let _ = writeln!(
                out,
                "  Rule and search {} about castling without a pawn move.",
                if np.rule_agrees { "agree" } else { "DISAGREE" }
            );
        }
        out
    }

    /// Every witness as a PGN game, separated by blank lines.
    pub fn to_pgn(&self) -> String {
        self.sides
            .iter()
            .filter_map(|s| s.no_pawn.pgn.clone())
            .collect::<Vec<_>>()
            .join("\n")
    }
}

fn first_rank(file: u8) -> String {
    Square::new(file, 0).to_string()
}

/// White's first two ranks with file letters, as a reader sets them up on a board.
pub fn diagram(arrangement: &Arrangement, unicode: bool) -> String {
    let symbol = |piece: Piece| {
        if unicode {
            piece.white_symbol()
        } else {
            piece.letter()
        }
    };
    let pawn = if unicode { '♙' } else { 'P' };
    let mut out = String::new();
    let pawns = vec![pawn.to_string(); 8];
    let _ = writeln!(out, "  2  {}", pawns.join(" "));
    let pieces: Vec<String> = arrangement
        .pieces()
        .iter()
        .map(|&p| symbol(p).to_string())
        .collect();
    let _ = writeln!(out, "  1  {}", pieces.join(" "));
    let _ = writeln!(out, "     a b c d e f g h");
    out
}

/// The names of the pieces standing on the given files, e.g. "the bishop on c1".
fn pieces_on(arrangement: &Arrangement, files: impl IntoIterator<Item = u8>) -> Vec<String> {
    files
        .into_iter()
        .map(|f| {
            format!(
                "the {} on {}",
                arrangement.piece_on(f).name(),
                first_rank(f)
            )
        })
        .collect()
}

fn join_words(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {}", init.join(", "), last),
    }
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The rule's reasoning for one side, in words, naming the pieces and squares involved.
pub fn rule_reason(a: &Arrangement, side: Side, case: RuleCase) -> String {
    let king = a.king_file();
    let rook = a.rook_file(side);
    let (king_to, rook_to) = (side.king_to(), side.rook_to());
    let lo = king.min(rook).min(king_to).min(rook_to);
    let hi = king.max(rook).max(king_to).max(rook_to);
    let span = format!("{}-{}", first_rank(lo), first_rank(hi));
    let between = |f: u8| king.min(rook) < f && f < king.max(rook);
    match case {
        RuleCase::Blocked | RuleCase::BishopPair => {
            let blockers: Vec<u8> = (lo..=hi)
                .filter(|&f| {
                    let p = a.piece_on(f);
                    (p == Piece::Bishop && f != king && f != rook)
                        || (p == Piece::Queen && between(f))
                })
                .collect();
            let verb = if blockers.len() == 1 {
                "stands"
            } else {
                "stand"
            };
            let names = capitalise(&join_words(&pieces_on(a, blockers)));
            if case == RuleCase::Blocked {
                format!(
                    "{names} {verb} in the span {span} that king and rook need, and cannot leave the \
                     first rank while the pawns stand (code -9). Castling needs a pawn move; the \
                     rule says king and rook can then also walk there (artificial castling)."
                )
            } else {
                let partner = a
                    .bishop_files()
                    .into_iter()
                    .find(|&b| b < lo || b > hi)
                    .map(first_rank)
                    .unwrap_or_default();
                format!(
                    "{names} blocks an end point of the span {span}, and the other bishop stands \
                     right beside it on {partner}, outside the span (code -7). The rule says castling \
                     works after a pawn move lets the bishop out, while walking king and rook there \
                     is impossible."
                )
            }
        }
        RuleCase::Opposite => format!(
            "King ({} -> {}) and rook ({} -> {}) travel in opposite directions, so only knights can \
             stand between them, and knights jump out (code -8). The rule says castling works \
             without a pawn move.",
            first_rank(king),
            first_rank(king_to),
            first_rank(rook),
            first_rank(rook_to)
        ),
        RuleCase::SameDirection { have, need } | RuleCase::QueenPocket { have, need } => {
            let dir: i8 = if king_to > king || (king_to == king && rook_to > rook) {
                1
            } else {
                -1
            };
            let way = if dir > 0 { "right" } else { "left" };
            let border = a
                .bishop_files()
                .into_iter()
                .filter(|&b| (b as i8 - king as i8).signum() == dir)
                .min_by_key(|&b| (b as i8 - king as i8).abs());
            let border_text = match border {
                Some(b) => format!("the bishop on {}", first_rank(b)),
                None => "the edge of the board".to_string(),
            };
            let mut text = format!(
                "King and rook both travel {way}. need = {need}: the distance from the king on {} to \
                 the rook's destination {}. have = {have}: the knights between the king and the \
                 border ({border_text}); each knight that jumps out leaves a hole into which the \
                 queen or the other rook can shift. ",
                first_rank(king),
                first_rank(rook_to)
            );
            text.push_str(&match case {
                RuleCase::QueenPocket { .. } => format!(
                    "have < need, and the queen stands on the far end point {} with the border \
                     bishop right beside her (negated have/need). The rule says castling works \
                     after a pawn move lets the queen out, while walking king and rook there is \
                     impossible.",
                    first_rank(a.queen_file())
                ),
                _ if have >= need => {
                    "have >= need: the rule says castling works without a pawn move.".to_string()
                }
                _ => "have < need: the pieces in the way cannot all make room, so castling needs \
                      a pawn move; the rule says king and rook can then also walk there."
                    .to_string(),
            });
            text
        }
    }
}
