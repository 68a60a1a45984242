//! The reasons in prose: the closed-form rule's reasoning and the search's, naming the pieces
//! and squares involved.

use super::first_rank;
use crate::chess::{Arrangement, CastlingSide, File, Piece, Rank, Square, piece};
use crate::report::words;
use crate::start::analysis::Analysis;
use crate::start::analysis::disagreement::{self, Stuck};
use crate::start::rule::RuleCase;
use crate::start::verdict::Verdict;

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
pub(crate) fn verdict_reason(analysis: &Analysis, side: CastlingSide) -> String {
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
