//! `castle960 show`: one arrangement explained in words a reader can follow on a board.

use crate::analysis::Analysis;
use crate::chess::arrangement::Arrangement;
use crate::chess::piece::Piece;
use crate::chess::side::Side;
use crate::chess::square::Square;
use crate::rule::RuleCase;
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
    pub verdict: VerdictExplanation,
}

/// The search's verdict on one side, the reason, and the games behind it.
#[derive(Clone, Debug, Serialize)]
pub struct VerdictExplanation {
    /// `no-pawn-move`, `after-pawn-move` or `artificial-only`.
    pub verdict: &'static str,
    /// The most files whose pawns the search moved.
    pub pawn_bound: usize,
    /// The closed-form rule's claim in the same words.
    pub rule_claim: &'static str,
    pub agrees: bool,
    pub reason: String,
    /// The pawn moves of the castling game, in SAN.
    pub pawn_moves: Vec<String>,
    /// The castling game in SAN.
    pub castle_line: String,
    /// For artificial-only, the castle-free game reaching the same placement.
    pub walk_line: Option<String>,
    pub castle_pgn: String,
    pub walk_pgn: Option<String>,
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
                                pgn_or_note(a, &c.line, &event)
                            }),
                            rule_agrees: analysis.rule_agrees_no_pawn(side),
                        }
                    },
                    verdict: verdict_explanation(analysis, side),
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
            let v = &side.verdict;
            let _ = writeln!(
                out,
                "  Verdict by search (pawns moved on at most {} files): {}; the rule claims {}: they {}.",
                v.pawn_bound,
                v.verdict,
                v.rule_claim,
                if v.agrees { "agree" } else { "DISAGREE" }
            );
            let _ = writeln!(out, "  {}", v.reason);
            if v.verdict != "no-pawn-move" && !v.castle_line.is_empty() {
                let _ = writeln!(out, "  Castling game: {}", v.castle_line);
            }
            if let Some(walk) = &v.walk_line {
                let _ = writeln!(out, "  Castle-free game to the same placement: {walk}");
            }
        }
        out
    }

    /// Every witness game as PGN, separated by blank lines: for each side the castling game
    /// (the shortest one when no pawn move is needed) and, for artificial-only, the walk.
    pub fn to_pgn(&self) -> String {
        self.sides
            .iter()
            .flat_map(|s| {
                let castle = if s.verdict.verdict == "no-pawn-move" {
                    s.no_pawn.pgn.clone()
                } else if s.verdict.castle_line.is_empty() {
                    None
                } else {
                    Some(s.verdict.castle_pgn.clone())
                };
                castle.into_iter().chain(s.verdict.walk_pgn.clone())
            })
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
    let path = a.castling(side);
    let (lo, hi) = path.span();
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
            let dir = crate::rule::common_direction(a, side)
                .expect("same-direction cases have a common direction");
            let way = if dir > 0 { "right" } else { "left" };
            let border_text = match crate::rule::border(a, dir) {
                b @ 0..=7 => format!("the bishop on {}", first_rank(b as u8)),
                _ => "the edge of the board".to_string(),
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

fn square_names(squares: impl IntoIterator<Item = Square>) -> String {
    join_words(
        &squares
            .into_iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>(),
    )
}

/// The pieces standing in a side's span at the start (other than king and castling rook).
fn span_occupants(a: &Arrangement, side: Side) -> Vec<String> {
    let path = a.castling(side);
    pieces_on(a, (0..8).filter(|&f| path.must_be_empty(f)))
}

/// The verdict in words, with the facts of the witness games.
fn verdict_explanation(analysis: &Analysis, side: Side) -> VerdictExplanation {
    use crate::chess::board::Man;
    use crate::search::pawn::Verdict;
    let a = &analysis.arrangement;
    let v = analysis.pawn.get(side);
    let pawn_moves = v.castle_line.pawn_moves(a);
    let event = |what: &str| format!("castle960 SP {} {}: {what}", a.sp(), side.name());
    let blockers = span_occupants(a, side);
    let blockers_text = if blockers.is_empty() {
        "nothing stands in the span".to_string()
    } else {
        format!("the span holds {}", join_words(&blockers))
    };
    // The real position right after castling, and what can never leave ranks 1-2 there.
    let board = crate::analysis::disagreement::castled_board(analysis, side);
    let holes: Vec<Square> = (0..8)
        .map(|f| Square::new(f, 1))
        .filter(|&s| board.man_on(s) != Some(Man::Pawn))
        .collect();
    let pawns_moved: Vec<Square> = (0..8)
        .filter(|&f| board.man_on(Square::new(f, 1)) != Some(Man::Pawn))
        .filter_map(|f| {
            (2..8)
                .map(|r| Square::new(f, r))
                .find(|&s| board.man_on(s) == Some(Man::Pawn))
        })
        .collect();
    let stuck: Vec<String> =
        crate::search::pawn::stuck_pieces(&crate::search::model::Pos::from_board(&board))
            .iter()
            .map(|p| p.name().to_string())
            .collect();
    let walk = v.walk_line.as_ref();
    let moves_of = |line: &crate::chess::board::Line, piece: char| -> String {
        line.san_moves(a)
            .into_iter()
            .filter(|m| m.starts_with(piece))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let reason = match v.verdict {
        Verdict::NoPawnMove => format!(
            "Castling needs no pawn move (fewest preparatory moves: {}). The castled position requires \
             castling: with every pawn at home, king and rook can only move along the first rank, \
             where they cannot pass each other, and castling has swapped them.",
            analysis.no_pawn.get(side).as_ref().map_or(0, |c| c.moves)
        ),
        Verdict::AfterPawnMove => format!(
            "Without a pawn move castling stays impossible ({blockers_text}). After the pawn moves {} \
             it becomes legal. Right after castling the pawns stand on {}, the holes on the second \
             rank are {}, and the pieces that can never leave the first two ranks are: {}. King and \
             rook have changed order; without castling one of them would have to leave the first \
             rank through a hole and come back on the other side, and the exhaustive search of \
             castle-free games finds no game reaching this placement: it requires castling.",
            pawn_moves.join(" "),
            square_names(pawns_moved),
            square_names(holes),
            join_words(&stuck),
        ),
        Verdict::ArtificialOnly => format!(
            "Without a pawn move castling stays impossible ({blockers_text}). Pawn moves make it \
             legal, but every castled position is also reached by a castle-free game (the search \
             examined {} castled cores one by one; where king and rook can always trade places by \
             walking, the swap lemma settles the rest). In the example below (pawn moves {}) the king walks {} and the \
             rooks go {}, reaching exactly the placement the castling game reaches.",
            v.cores,
            pawn_moves.join(" "),
            walk.map(|l| moves_of(l, 'K')).unwrap_or_default(),
            walk.map(|l| moves_of(l, 'R')).unwrap_or_default(),
        ),
        Verdict::NotWithinBound => format!(
            "Castling never becomes legal with pawns moved on at most {} files ({blockers_text}).",
            analysis.bound
        ),
    };
    VerdictExplanation {
        verdict: v.verdict.as_str(),
        pawn_bound: analysis.bound,
        rule_claim: analysis.rule.get(side).claim().as_str(),
        agrees: analysis.verdict_agrees(side),
        reason,
        pawn_moves,
        castle_line: v.castle_line.san(a),
        walk_line: walk.map(|l| l.san(a)),
        castle_pgn: pgn_or_note(a, &v.castle_line, &event("castling game")),
        walk_pgn: walk.map(|l| pgn_or_note(a, l, &event("castle-free game to the same placement"))),
    }
}

/// The line as a PGN game, or a PGN comment line saying why Black's waiting moves failed.
fn pgn_or_note(a: &Arrangement, line: &crate::chess::board::Line, event: &str) -> String {
    crate::chess::pgn::game(a, line, event).unwrap_or_else(|e| format!("; {event}: {e}\n"))
}
