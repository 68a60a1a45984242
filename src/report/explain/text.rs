//! `show`'s text: the verdict at a glance, the rule, the search and the games, as paragraphs
//! wrapped to the terminal's width (the gallery shows the same paragraphs as flowing prose).

use super::{Explanation, MODEL_NOTE, SHOWN_RANKS};
use crate::chess::{Arrangement, CastlingSide};
use crate::report::diagram;
use crate::start::rule;
use crate::start::search::pawn::PawnScope;
use crate::start::verdict::Verdict;
use crate::words;
use itertools::Itertools;
use std::fmt::Write as _;

/// One paragraph of `show`'s text, unwrapped: how far it is indented, and its words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paragraph {
    /// Spaces before the first line; following lines get two more.
    pub indent: usize,
    /// The paragraph's text on one line.
    pub text: String,
}

impl Paragraph {
    fn new(indent: usize, text: impl Into<String>) -> Paragraph {
        Paragraph {
            indent,
            text: text.into(),
        }
    }

    /// The paragraph wrapped at `width` columns with a hanging indent. A headline whose
    /// columns are aligned with runs of spaces keeps them when it fits.
    fn wrapped(&self, width: usize) -> String {
        let first = " ".repeat(self.indent);
        if first.len() + self.text.chars().count() <= width {
            return format!("{first}{}\n", self.text);
        }
        words::wrap(&self.text, &first, &" ".repeat(self.indent + 2), width)
    }
}

impl Explanation {
    /// The human-readable text at the default width ([`words::WIDTH`], 100 columns); `unicode`
    /// chooses chess symbols over plain letters.
    pub fn to_text(&self, arrangement: &Arrangement, unicode: bool) -> String {
        self.to_text_width(arrangement, unicode, words::WIDTH)
    }

    /// The human-readable text with paragraphs wrapped at `width` columns. Lines holding a FEN
    /// or a link are never broken, so that they can be copied whole.
    pub fn to_text_width(&self, arrangement: &Arrangement, unicode: bool, width: usize) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "SP {}  {}", self.row.sp, self.row.arrangement);
        let _ = writeln!(out, "FEN {}", self.fen);
        let _ = writeln!(out, "lichess analysis board: {}", self.lichess);
        out.push_str(&words::wrap(MODEL_NOTE, "", "", width));
        let _ = writeln!(out);
        out.push_str(&diagram::start(arrangement, unicode));
        for side in CastlingSide::BOTH {
            let _ = writeln!(out);
            for paragraph in self.side_paragraphs(side) {
                out.push_str(&paragraph.wrapped(width));
            }
        }
        let _ = writeln!(out);
        out.push_str(&words::wrap(
            "Neighbouring published questions (same model; see analysis.md):",
            "",
            "",
            width,
        ));
        for paragraph in self.questions_paragraphs() {
            out.push_str(&paragraph.wrapped(width));
        }
        let _ = writeln!(out);
        out.push_str(&words::wrap(
            "`castle960 show --pgn` prints these games as PGN (Variant Chess960, start FEN) to \
             paste into a chess GUI; the link above opens the start position in lichess's \
             analysis board.",
            "",
            "",
            width,
        ));
        out
    }

    /// One side's part of the text, paragraph by paragraph: the verdict at a glance, then the
    /// rule, the search, and the games. The gallery shows the same paragraphs beside the board.
    pub fn side_paragraphs(&self, side: CastlingSide) -> Vec<Paragraph> {
        let (d, row) = (&self.details[side], self.row.side(side));
        let (np, v) = (row.no_pawn, row.verdict);
        let mut out = vec![Paragraph::new(0, self.headline(side))];
        let moves = match (d.king_from == d.king_to, d.rook_from == d.rook_to) {
            (true, _) => format!(
                "the king stays on {} and the rook goes from {} to {}",
                d.king_from, d.rook_from, d.rook_to
            ),
            (_, true) => format!(
                "the king goes from {} to {} and the rook stays on {}",
                d.king_from, d.king_to, d.rook_from
            ),
            _ => format!(
                "the king goes from {} to {} and the rook from {} to {}",
                d.king_from, d.king_to, d.rook_from, d.rook_to
            ),
        };
        out.push(Paragraph::new(
            2,
            format!("On the {} {moves}.", side.name()),
        ));
        out.push(Paragraph::new(
            2,
            format!(
                "Closed-form rule ({}): {}, so it claims {}. {}",
                rule::SOURCE_NAME,
                d.rule_summary,
                v.rule_verdict,
                d.rule_reason
            ),
        ));
        let search = match (np.moves, np.witness.as_str()) {
            (Some(0), line) => format!("Search: castling is legal at once: {line}"),
            (Some(n), line) => format!(
                "Search: castling without a pawn move after {} at the fewest: {line}",
                words::count(n, "move", "moves")
            ),
            _ => "Search: no sequence of non-pawn moves makes this castling legal.".to_string(),
        };
        out.push(Paragraph::new(2, search));
        out.push(Paragraph::new(
            2,
            format!(
                "Verdict by search ({}): {}{}. {}",
                PawnScope::of(self.pawn_bound),
                v.verdict,
                if v.verdict == Verdict::NotWithinBound {
                    " (undecided within the bound)"
                } else {
                    ""
                },
                d.verdict_reason
            ),
        ));
        out.push(Paragraph::new(2, self.agreement(side)));
        if v.verdict != Verdict::NoPawnMove && !v.castle_line.is_empty() {
            let label = match (v.verdict, d.games) {
                (_, "shortest") => "Castling game (the shortest)",
                (Verdict::AfterPawnMove, "shortest-into-witness") => {
                    "Castling game (the shortest into such a position)"
                }
                (_, "shortest-into-witness") => "Castling game (the shortest into this position)",
                _ => "Castling game",
            };
            out.push(Paragraph::new(2, format!("{label}: {}", v.castle_line)));
        }
        if !v.walk_line.is_empty() {
            let label = if d.games == "witness" {
                "Game without castling to the same squares"
            } else {
                "Shortest game without castling to the same squares"
            };
            out.push(Paragraph::new(2, format!("{label}: {}", v.walk_line)));
        }
        out
    }

    /// The four neighbouring published questions, one paragraph each (see `analysis.md`).
    fn questions_paragraphs(&self) -> Vec<Paragraph> {
        let row = &self.row;
        let per_side = |f: &dyn Fn(CastlingSide) -> String| {
            CastlingSide::BOTH
                .into_iter()
                .map(|side| format!("{} {}", side.san(), f(side)))
                .join("; ")
        };
        let fewest = per_side(&|side| {
            let q = &row.questions[side];
            format!("{} ({})", q.fewest_any, q.fewest_any_line)
        });
        let other_rook = per_side(&|side| {
            let keeps = row.questions[side].keeps_other_rook;
            if keeps { "yes" } else { "no" }.to_string()
        });
        let intact = if row.rights_provably_intact {
            "yes".to_string()
        } else {
            format!(
                "no, this game returns to it with the king or both rooks moved: {}",
                row.rights_lost_line
            )
        };
        let ranks = match self.castled_ranks.as_slice() {
            [] => "0".to_string(),
            ranks if ranks.len() <= SHOWN_RANKS => {
                format!("{} ({})", ranks.len(), ranks.iter().join(", "))
            }
            ranks => format!(
                "{} ({}, ...; show --json lists all)",
                ranks.len(),
                ranks[..SHOWN_RANKS].iter().join(", ")
            ),
        };
        [
            format!("Fewest moves before castling, pawn moves allowed (Chess SE 25256): {fewest}."),
            format!("Castling without ever moving the other rook (Chess SE 37082): {other_rook}."),
            format!(
                "Start position proves king and a rook unmoved (Puzzling SE 122388): {intact}."
            ),
            format!("Castled ranks reached without a pawn move (Puzzling SE 121794): {ranks}."),
        ]
        .into_iter()
        .map(|text| Paragraph::new(2, text))
        .collect()
    }

    /// The verdict at a glance, e.g. `O-O-O  after-pawn-move (pawn b3)  rule agrees`.
    fn headline(&self, side: CastlingSide) -> String {
        let (d, row) = (&self.details[side], self.row.side(side));
        let v = row.verdict;
        let pawns: Vec<&str> = v.pawn_moves.split_whitespace().collect();
        let what = match (row.no_pawn.moves, pawns.as_slice()) {
            (Some(0), _) => "castles at once".to_string(),
            (Some(n), _) => format!("castles after {}", words::count(n, "move", "moves")),
            _ if v.verdict == Verdict::NotWithinBound => {
                return format!(
                    "{:<5}  undecided within the bound (pawns on at most {})  rule not checked",
                    d.castling_move,
                    words::count(self.pawn_bound.files(), "file", "files"),
                );
            }
            (None, [one]) => format!("pawn {one}"),
            (None, many) => format!("pawns {}", many.join(" ")),
        };
        let rule = if v.verdict_agrees {
            "rule agrees".to_string()
        } else {
            format!("rule DISAGREES (claims {})", v.rule_verdict)
        };
        format!("{:<5}  {} ({what})  {rule}", d.castling_move, v.verdict)
    }

    /// Rule against search in one statement: about castling without a pawn move and about the
    /// verdict.
    fn agreement(&self, side: CastlingSide) -> String {
        let row = self.row.side(side);
        let (np, v) = (row.no_pawn, row.verdict);
        let pawn = if np.no_pawn_move {
            "castling needs no pawn move"
        } else {
            "castling needs a pawn move"
        };
        if v.verdict == Verdict::NotWithinBound {
            let no_pawn = if np.rule_agrees {
                format!("Rule and search agree that {pawn}")
            } else {
                format!(
                    "Rule and search DISAGREE about castling without a pawn move (the search finds that {pawn})"
                )
            };
            return format!(
                "{no_pawn}; whether the rule's {} holds is undecided within the bound, which \
                 neither confirms nor contradicts it.",
                v.rule_verdict
            );
        }
        match (np.rule_agrees, v.verdict_agrees) {
            (_, true) => format!("Rule and search agree: {pawn}, and both say {}.", v.verdict),
            (true, false) => format!(
                "Rule and search agree that {pawn}, but DISAGREE on the verdict: the rule claims \
                 {}, the search finds {}.",
                v.rule_verdict, v.verdict
            ),
            (false, false) => format!(
                "Rule and search DISAGREE: the rule claims {}, the search finds {} ({pawn}).",
                v.rule_verdict, v.verdict
            ),
        }
    }
}
