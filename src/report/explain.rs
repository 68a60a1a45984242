//! `castle960 show`: one arrangement explained in words a reader can follow on a board.

use crate::chess::{
    Arrangement, ByCastlingSide, CastlingSide, Color, File, Piece, Rank, Square, piece,
};
use crate::report::csv::Row;
use crate::report::words;
use crate::start::analysis::Analysis;
use crate::start::analysis::disagreement::{self, Stuck};
use crate::start::board;
use crate::start::rule::RuleCase;
use crate::start::search::pawn::PawnScope;
use crate::start::verdict::Verdict;
use serde::Serialize;
use std::fmt::Write as _;

/// The model every result is stated in.
pub const MODEL_NOTE: &str = "Model: Black is absent; only White's pieces stand on the board and \
White makes every move, so checks and captures never arise.";

/// How many castled ranks the text names before it points to `--json` for the rest.
const SHOWN_RANKS: usize = 6;

/// The version of `show --json`'s layout; it changes whenever a field is renamed or removed.
pub const JSON_SCHEMA: u32 = 1;

/// The explanation of one arrangement, printable as text, JSON (see the README's table) or PGN.
/// Its facts are the report's [`Row`]; the words around them are rendered here.
#[derive(Clone, Debug)]
pub struct Explanation {
    /// The report's line for this arrangement: every per-side fact, named as in the CSV.
    pub row: Row,
    /// The most files whose pawns the pawn-move search moved.
    pub pawn_bound: usize,
    /// What the text says beyond the row, per side.
    pub details: ByCastlingSide<SideDetails>,
    /// The castled ranks (question 3) this arrangement reaches, in letter order.
    pub castled_ranks: Vec<String>,
}

/// What `show` says about one side beyond the report's columns: the moves of king and rook,
/// the reasons in words, and the games as PGN.
#[derive(Clone, Debug, Serialize)]
pub struct SideDetails {
    /// The castling move in SAN (`O-O-O` or `O-O`).
    pub castling_move: &'static str,
    /// The king's square before castling.
    pub king_from: String,
    /// The king's square after castling.
    pub king_to: String,
    /// The castling rook's square before castling.
    pub rook_from: String,
    /// The castling rook's square after castling.
    pub rook_to: String,
    /// The closed-form rule's case, e.g. `-9 blocked` or `have < need`.
    pub rule_case: &'static str,
    /// The rule's reasoning in words.
    pub rule_reason: String,
    /// The search's reason for its verdict in words.
    pub verdict_reason: String,
    /// The shortest no-pawn-move line as a PGN game (null when there is none).
    pub witness_pgn: Option<String>,
    /// The castling game as a PGN game (null when there is none).
    pub castle_pgn: Option<String>,
    /// The castle-free game as a PGN game (null unless artificial-only).
    pub walk_pgn: Option<String>,
}

impl Serialize for Explanation {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let row = &self.row;
        let mut out = serializer.serialize_map(None)?;
        out.serialize_entry("schema", &JSON_SCHEMA)?;
        out.serialize_entry("sp", &row.sp)?;
        out.serialize_entry("arrangement", &row.arrangement)?;
        out.serialize_entry("fen", &row.fen)?;
        out.serialize_entry("model", MODEL_NOTE)?;
        out.serialize_entry("pawn_bound", &self.pawn_bound)?;
        out.serialize_entry("rule_requires_castling", &row.rule_requires_castling)?;
        out.serialize_entry("requires_castling", &row.requires_castling)?;
        out.serialize_entry("rights_provably_intact", &row.rights_provably_intact)?;
        out.serialize_entry("rights_lost_line", &row.rights_lost_line)?;
        out.serialize_entry("castled_ranks_reached", &row.castled_ranks_reached)?;
        out.serialize_entry("castled_ranks", &self.castled_ranks)?;
        for side in CastlingSide::BOTH {
            out.serialize_entry(side.prefix(), &row.side(side))?;
        }
        out.serialize_entry("details", &self.details)?;
        out.end()
    }
}

impl Explanation {
    /// Explains one analysed arrangement.
    pub fn new(analysis: &Analysis) -> Explanation {
        let a = &analysis.arrangement;
        let details = ByCastlingSide::new(|side| {
            let case = analysis.rule[side];
            let event = |what: &str| format!("castle960 SP {} {}: {what}", a.sp(), side.name());
            let v = &analysis.verdicts[side];
            SideDetails {
                castling_move: side.san(),
                king_from: first_rank(a.king_file()),
                king_to: first_rank(side.king_to_file()),
                rook_from: first_rank(a.rook_file(side)),
                rook_to: first_rank(side.rook_to_file()),
                rule_case: case.label(),
                rule_reason: rule_reason(a, side, case),
                verdict_reason: verdict_reason(analysis, side),
                witness_pgn: analysis.no_pawn[side]
                    .as_ref()
                    .map(|c| pgn_or_note(a, &c.line, &event("castling without a pawn move"))),
                castle_pgn: (!v.castle_line.moves.is_empty())
                    .then(|| pgn_or_note(a, &v.castle_line, &event("castling game"))),
                walk_pgn: v
                    .walk_line
                    .as_ref()
                    .map(|l| pgn_or_note(a, l, &event("castle-free game to the same placement"))),
            }
        });
        Explanation {
            row: Row::new(analysis),
            pawn_bound: analysis.bound,
            details,
            castled_ranks: analysis.questions.castled_ranks.clone(),
        }
    }

    /// The human-readable text; `unicode` chooses chess symbols over plain letters.
    pub fn to_text(&self, arrangement: &Arrangement, unicode: bool) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "SP {}  {}", self.row.sp, self.row.arrangement);
        let _ = writeln!(out, "FEN {}", self.row.fen);
        out.push_str(&words::wrap(MODEL_NOTE, "", ""));
        let _ = writeln!(out);
        out.push_str(&diagram(arrangement, unicode));
        for side in CastlingSide::BOTH {
            let _ = writeln!(out);
            out.push_str(&self.side_text(side));
        }
        let _ = writeln!(out);
        out.push_str(&self.questions_text());
        let _ = writeln!(out);
        out.push_str(&words::wrap(
            "`castle960 show --pgn` prints these games as PGN (Variant Chess960, start FEN) to \
             paste into a chess GUI.",
            "",
            "",
        ));
        out
    }

    /// One side's part of [`Explanation::to_text`]: the verdict at a glance, then the rule,
    /// the search, and the games (the gallery shows it beside the board).
    pub fn side_text(&self, side: CastlingSide) -> String {
        let (d, row) = (&self.details[side], self.row.side(side));
        let (np, v) = (row.no_pawn, row.verdict);
        let mut out = String::new();
        let _ = writeln!(out, "{}", self.headline(side));
        let _ = writeln!(
            out,
            "  {}: king {} -> {}, rook {} -> {}",
            side.name(),
            d.king_from,
            d.king_to,
            d.rook_from,
            d.rook_to
        );
        let rule = format!(
            "Closed-form rule: right {}, have {}, need {} ({}), so it claims {}. {}",
            row.rule.rule_castle,
            row.rule.have,
            row.rule.need,
            d.rule_case,
            v.rule_verdict,
            d.rule_reason
        );
        out.push_str(&words::wrap(&rule, "  ", "    "));
        let search = match (np.moves, np.witness.as_str()) {
            (Some(0), line) => format!("Search: castling is legal at once: {line}"),
            (Some(n), line) => format!(
                "Search: castling without a pawn move after {} at the fewest: {line}",
                words::count(n, "move", "moves")
            ),
            _ => "Search: no sequence of non-pawn moves makes this castling legal.".to_string(),
        };
        out.push_str(&words::wrap(&search, "  ", "    "));
        let verdict = format!(
            "Verdict by search ({}): {}{}. {}",
            PawnScope::of(self.pawn_bound),
            v.verdict,
            if v.verdict == Verdict::NotWithinBound {
                " (undecided within the bound)"
            } else {
                ""
            },
            d.verdict_reason
        );
        out.push_str(&words::wrap(&verdict, "  ", "    "));
        out.push_str(&words::wrap(&self.agreement(side), "  ", "    "));
        if v.verdict != Verdict::NoPawnMove && !v.castle_line.is_empty() {
            let game = format!("Castling game: {}", v.castle_line);
            out.push_str(&words::wrap(&game, "  ", "    "));
        }
        if !v.walk_line.is_empty() {
            let game = format!("Castle-free game to the same placement: {}", v.walk_line);
            out.push_str(&words::wrap(&game, "  ", "    "));
        }
        out
    }

    /// The four neighbouring published questions, one line each (see `analysis.md`).
    fn questions_text(&self) -> String {
        let row = &self.row;
        let per_side = |f: &dyn Fn(CastlingSide) -> String| {
            CastlingSide::BOTH
                .into_iter()
                .map(|side| format!("{} {}", side.san(), f(side)))
                .collect::<Vec<_>>()
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
                format!("{} ({})", ranks.len(), ranks.join(", "))
            }
            ranks => format!(
                "{} ({}, ...; show --json lists all)",
                ranks.len(),
                ranks[..SHOWN_RANKS].join(", ")
            ),
        };
        let lines = [
            format!("Fewest moves before castling, pawn moves allowed (Chess SE 25256): {fewest}."),
            format!("Castling without ever moving the other rook (Chess SE 37082): {other_rook}."),
            format!(
                "Start position proves king and a rook unmoved (Puzzling SE 122388): {intact}."
            ),
            format!("Castled ranks reached without a pawn move (Puzzling SE 121794): {ranks}."),
        ];
        let mut out =
            "Neighbouring published questions (same model; see analysis.md):\n".to_string();
        for line in lines {
            out.push_str(&words::wrap(&line, "  ", "    "));
        }
        out
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
                    words::count(self.pawn_bound, "file", "files"),
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

    /// Every witness game as PGN, separated by blank lines: for each side the castling game
    /// (the shortest one when no pawn move is needed) and, for artificial-only, the walk.
    pub fn to_pgn(&self) -> String {
        CastlingSide::BOTH
            .into_iter()
            .flat_map(|side| {
                let d = &self.details[side];
                let castle = if self.row.verdict[side].verdict == Verdict::NoPawnMove {
                    d.witness_pgn.clone()
                } else {
                    d.castle_pgn.clone()
                };
                castle.into_iter().chain(d.walk_pgn.clone())
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// A first-rank square's name, e.g. "e1".
fn first_rank(file: File) -> String {
    board::first_rank(file).to_string()
}

/// White's first two ranks with file letters, as a reader sets them up on a board.
pub fn diagram(arrangement: &Arrangement, unicode: bool) -> String {
    let symbol = |p: Piece| {
        if unicode {
            piece::symbol(p, Color::White)
        } else {
            piece::letter(p, Color::White)
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
fn pieces_on(arrangement: &Arrangement, files: impl IntoIterator<Item = File>) -> Vec<String> {
    files
        .into_iter()
        .map(|f| {
            format!(
                "the {} on {}",
                piece::name(arrangement.piece_on(f)),
                first_rank(f)
            )
        })
        .collect()
}

/// The rule's reasoning for one side, in words, naming the pieces and squares involved.
// Longer than most functions here: one arm per case of the rule, each a paragraph of prose: the length is the text, kept together so that a reader sees every case's wording in one place.
pub fn rule_reason(a: &Arrangement, side: CastlingSide, case: RuleCase) -> String {
    let king = a.king_file();
    let rook = a.rook_file(side);
    let (king_to, rook_to) = (side.king_to_file(), side.rook_to_file());
    let path = a.castling(side);
    let (lo, hi) = path.span();
    let span = format!("{}-{}", first_rank(lo), first_rank(hi));
    match case {
        RuleCase::Blocked | RuleCase::BishopPair => {
            let blockers = crate::start::rule::blockers(a, side);
            let verb = if blockers.len() == 1 {
                "stands"
            } else {
                "stand"
            };
            let names = words::capitalise(&words::join(&pieces_on(a, blockers)));
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
            let dir = crate::start::rule::common_direction(a, side)
                .expect("same-direction cases have a common direction");
            let way = dir.word();
            let border_text = match crate::start::rule::border(a, dir) {
                Some(bishop) => format!("the bishop on {}", first_rank(bishop)),
                None => "the edge of the board".to_string(),
            };
            // One of the two may stay where it is; the direction is then the other one's.
            let travel = if king == king_to {
                format!(
                    "The rook travels {way}; the king stays on {}.",
                    first_rank(king)
                )
            } else if rook == rook_to {
                format!(
                    "The king travels {way}; the rook stays on {}.",
                    first_rank(rook)
                )
            } else {
                format!("King and rook both travel {way}.")
            };
            let mut text = format!(
                "{travel} need = {need}: the distance from the king on {} to the rook's \
                 destination {}. have = {have}: the knights between the king and the border \
                 ({border_text}); each knight that jumps out leaves a hole into which the queen or \
                 the other rook can shift. ",
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
    words::join(
        &squares
            .into_iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>(),
    )
}

/// The pieces standing in a side's span at the start (other than king and castling rook).
fn span_occupants(a: &Arrangement, side: CastlingSide) -> Vec<String> {
    let path = a.castling(side);
    pieces_on(a, File::ALL.into_iter().filter(|&f| path.must_be_empty(f)))
}

/// The pieces that can never leave ranks 1-2, with their squares: "the king on c1, the rooks
/// on d1 and h1"; where the search does not say which of two pieces is stuck, "one of the
/// rooks on a1 and d1".
pub fn describe_stuck(stuck: &[Stuck]) -> String {
    let groups: Vec<String> = stuck
        .iter()
        .map(|s| {
            let squares = square_names(s.squares.iter().copied());
            let name = piece::name(s.piece);
            match (s.count, s.squares.len()) {
                (1, 1) => format!("the {name} on {squares}"),
                (n, m) if n == m => format!("the {name}s on {squares}"),
                (1, _) => format!("one of the {name}s on {squares}"),
                (n, _) => format!("{n} of the {name}s on {squares}"),
            }
        })
        .collect();
    if groups.is_empty() {
        "none".to_string()
    } else {
        words::join(&groups)
    }
}

/// The search's reason for a side's verdict in words, with the facts of the witness games.
// Longer than most functions here: one arm per verdict, each a paragraph of prose built from the witness games; kept together for the same reason as rule_reason.
fn verdict_reason(analysis: &Analysis, side: CastlingSide) -> String {
    let a = &analysis.arrangement;
    let v = &analysis.verdicts[side];
    let pawn_moves = v.castle_line.pawn_moves(a).join(" ");
    let blockers = span_occupants(a, side);
    let blockers_text = if blockers.is_empty() {
        "nothing stands in the span".to_string()
    } else {
        format!("the span holds {}", words::join(&blockers))
    };
    match v.verdict {
        Verdict::NoPawnMove => format!(
            "Castling needs no pawn move (fewest preparatory moves: {}). The castled position \
             requires castling: with every pawn at home, king and rook can only move along the \
             first rank, where they cannot pass each other, and castling has swapped them.",
            analysis.no_pawn[side].as_ref().map_or(0, |c| c.moves)
        ),
        Verdict::AfterPawnMove => {
            // The real position right after castling, and what can never leave ranks 1-2 there.
            let board = disagreement::castled_board(analysis, side);
            let holes: Vec<Square> = File::ALL
                .into_iter()
                .map(|f| Square::new(f, Rank::Second))
                .filter(|&s| board.piece_on(s) != Some(Piece::Pawn))
                .collect();
            let pawns_moved: Vec<Square> = holes
                .iter()
                .filter_map(|hole| {
                    Rank::ALL[2..]
                        .iter()
                        .map(|&r| Square::new(hole.file(), r))
                        .find(|&s| board.piece_on(s) == Some(Piece::Pawn))
                })
                .collect();
            let holes_text = if holes.len() == 1 {
                format!("the hole on the second rank is {}", square_names(holes))
            } else {
                format!("the holes on the second rank are {}", square_names(holes))
            };
            format!(
                "Without a pawn move castling stays impossible ({blockers_text}). After the pawn \
                 moves {pawn_moves} it becomes legal. Right after castling the pawns stand on {}, \
                 {holes_text}, and the pieces that can never leave the first two ranks are {}. \
                 King and rook have changed order; without castling one of them would have to \
                 leave the first rank through a hole and come back on the other side, and the \
                 exhaustive search of castle-free games finds no game reaching this placement: \
                 it requires castling.",
                square_names(pawns_moved),
                describe_stuck(&disagreement::stuck_pieces(&board)),
            )
        }
        Verdict::ArtificialOnly => {
            let walk = v.walk_line.as_ref();
            let moves_of = |piece: char| -> String {
                walk.map(|l| {
                    l.san_moves(a)
                        .into_iter()
                        .filter(|m| m.starts_with(piece))
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .unwrap_or_default()
            };
            format!(
                "Without a pawn move castling stays impossible ({blockers_text}). Pawn moves make \
                 it legal, but every castled position is also reached by a castle-free game (the \
                 search examined {} one by one; where king and rook can always trade places by \
                 walking, the swap lemma settles the rest). In the example below (pawn moves \
                 {pawn_moves}) the king walks {} and the rooks go {}, reaching exactly the \
                 placement the castling game reaches.",
                words::count(v.cores, "castled core", "castled cores"),
                moves_of('K'),
                moves_of('R'),
            )
        }
        Verdict::NotWithinBound => format!(
            "Undecided: castling never becomes legal with pawns moved on at most {} \
             ({blockers_text}); more pawn moves might make it legal.",
            words::count(analysis.bound, "file", "files")
        ),
    }
}

/// The line as a PGN game, or a PGN comment line saying why Black's waiting moves failed.
fn pgn_or_note(a: &Arrangement, line: &crate::start::line::Line, event: &str) -> String {
    crate::notation::pgn::game(a, line, event).unwrap_or_else(|e| format!("; {event}: {e}\n"))
}
