//! The reasons in prose: the closed-form rule's reasoning and the search's, naming the pieces
//! and squares involved.

use super::first_rank;
use crate::chess::{Arrangement, CastlingSide, File, Piece, Rank, Square, piece};
use crate::start::analysis::disagreement::{self, Stuck};
use crate::start::analysis::{Analysis, Games};
use crate::start::board::WhiteBoard;
use crate::start::line::Line;
use crate::start::rule::RuleCase;
use crate::start::verdict::Verdict;
use crate::words;

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

/// The squares castling on `side` needs empty, in words: "the squares king and rook cross or
/// land on (a1 to e1)". The closed-form rule calls them the *span*; the words say what it is.
fn crossed(a: &Arrangement, side: CastlingSide) -> String {
    let (lo, hi) = a.castling(side).span();
    format!(
        "the squares king and rook cross or land on ({} to {})",
        first_rank(lo),
        first_rank(hi)
    )
}

/// The rule's reasoning for one side, in words, naming the pieces and squares involved.
// Longer than most functions here: one arm per case of the rule, each a paragraph of prose: the length is the text, kept together so that a reader sees every case's wording in one place.
pub fn rule_reason(a: &Arrangement, side: CastlingSide, case: RuleCase) -> String {
    let king = a.king_file();
    let rook = a.rook_file(side);
    let (king_to, rook_to) = (side.king_to_file(), side.rook_to_file());
    let path = a.castling(side);
    let (lo, hi) = path.span();
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
                    "{names} {verb} on {}, and cannot leave the first rank while the pawns \
                     stand. Castling needs a pawn move; the rule says king and rook can then also \
                     walk there (artificial castling).",
                    crossed(a, side)
                )
            } else {
                let partner = a
                    .bishop_files()
                    .into_iter()
                    .find(|&b| b < lo || b > hi)
                    .map(first_rank)
                    .unwrap_or_default();
                format!(
                    "{names} stands where king or rook must land, and the other bishop stands \
                     right beside it on {partner}, outside {}. The rule says castling works after \
                     a pawn move lets the bishop out, while walking king and rook there is \
                     impossible.",
                    crossed(a, side)
                )
            }
        }
        RuleCase::Opposite => format!(
            "King ({} to {}) and rook ({} to {}) travel in opposite directions, so only knights \
             can stand between them, and knights jump out. The rule says castling works without \
             a pawn move.",
            first_rank(king),
            first_rank(king_to),
            first_rank(rook),
            first_rank(rook_to)
        ),
        RuleCase::SameDirection { have, need } | RuleCase::QueenPocket { have, need } => {
            let dir = crate::start::rule::common_direction(a, side)
                .expect("same-direction cases have a common direction");
            let way = dir.word();
            let bishop = match crate::start::rule::border(a, dir) {
                Some(bishop) => format!("the nearest bishop that way, on {}", first_rank(bishop)),
                None => format!("the edge of the board (no bishop stands {way} of the king)"),
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
                 destination {}. have = {have}: the knights between the king and {bishop}; each \
                 knight that jumps out leaves a hole into which the queen or the other rook can \
                 shift. ",
                first_rank(king),
                first_rank(rook_to)
            );
            text.push_str(&match case {
                RuleCase::QueenPocket { .. } => format!(
                    "have < need, and the queen stands on {}, the far square king or rook must \
                     land on, with that bishop right beside her. The rule says castling works \
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

/// What the pawn-move search checked one by one, in words. Its castled *cores* are groups of
/// castled positions that reach each other without a pawn move; the lemma of
/// [`crate::start::search::swap`] settles the pawn structures where king and rook can always
/// walk past each other.
fn checked(cores: usize) -> String {
    match cores {
        0 => "The search had nothing to check one by one: castling becomes legal only in pawn \
              structures in which king and rook can always walk past each other, which a proved \
              shortcut settles at once."
            .to_string(),
        n => format!(
            "The search checked {} one by one (a group: castled positions that reach each other \
             without a pawn move); pawn structures in which king and rook can always walk past \
             each other are settled at once by a proved shortcut.",
            words::count(
                n,
                "group of castled positions",
                "groups of castled positions"
            )
        ),
    }
}

/// How many different men of `piece`'s kind the line moves (a man keeps its identity as it
/// moves from square to square).
fn men_moved(a: &Arrangement, line: &Line, piece: Piece) -> usize {
    let mut board = WhiteBoard::start(a);
    let mut moved: Vec<Square> = Vec::new(); // where each man moved so far now stands
    for &mv in &line.moves {
        if board.piece_on(mv.from) == Some(piece) && board.castling_side(mv).is_none() {
            match moved.iter_mut().find(|s| **s == mv.from) {
                Some(at) => *at = mv.to,
                None => moved.push(mv.to),
            }
        }
        board
            .play(mv)
            .expect("lines built by the searches are legal");
    }
    moved.len()
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
    let blockers_text = match blockers.len() {
        0 => format!("nothing stands on {}", crossed(a, side)),
        1 => format!("{} stands on {}", words::join(&blockers), crossed(a, side)),
        _ => format!("{} stand on {}", words::join(&blockers), crossed(a, side)),
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
                "Without a pawn move castling stays impossible: {blockers_text}. After the pawn \
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
            let moves_of = |piece: char| -> Vec<String> {
                walk.map(|l| {
                    l.san_moves(a)
                        .into_iter()
                        .filter(|m| m.starts_with(piece))
                        .collect()
                })
                .unwrap_or_default()
            };
            let (king, rooks) = (moves_of('K'), moves_of('R'));
            let rooks_text = match walk.map_or(0, |l| men_moved(a, l, Piece::Rook)) {
                1 => format!("the rook goes {}", rooks.join(" ")),
                _ => format!("the rooks go {}", rooks.join(" ")),
            };
            let walked = match (king.is_empty(), rooks.is_empty()) {
                (false, false) => format!("the king walks {} and {rooks_text}", king.join(" ")),
                (false, true) => format!("the king walks {}", king.join(" ")),
                _ => rooks_text,
            };
            let before_castling = v.castle_line.moves.len().saturating_sub(1);
            let games = match v.games {
                Games::Shortest => format!(
                    "Below, the shortest castling game ({} before {}) and the shortest game \
                     without castling that puts every man on the same square ({}; pieces keep \
                     to ranks 1-5): in it {walked}.",
                    words::count(before_castling, "move", "moves"),
                    side.san(),
                    words::count(walk.map_or(0, |l| l.moves.len()), "move", "moves"),
                ),
                Games::ShortestIntoWitness => format!(
                    "Below, the shortest castling game into the search's example castled \
                     position ({} before {}; the shortest castling game of all moves pawns on \
                     more files than the bound allows) and the shortest game without castling \
                     that puts every man on the same square ({}; pieces keep to ranks 1-5): in \
                     it {walked}.",
                    words::count(before_castling, "move", "moves"),
                    side.san(),
                    words::count(walk.map_or(0, |l| l.moves.len()), "move", "moves"),
                ),
                Games::NotProvedShortest | Games::Witness => format!(
                    "Below, a castling game (pawn moves {pawn_moves}) and a game without castling \
                     that puts every man on the same square, in which {walked}; they are the \
                     search's own example, not proved shortest."
                ),
            };
            format!(
                "Without a pawn move castling stays impossible: {blockers_text}. Pawn moves make \
                 it legal, but every position right after castling is also reached by a game \
                 without castling, king and rook walking there. {} {games}",
                checked(v.cores),
            )
        }
        Verdict::NotWithinBound => format!(
            "Undecided: castling never becomes legal with pawns moved on at most {} \
             ({blockers_text}); more pawn moves might make it legal.",
            words::count(analysis.bound.files(), "file", "files")
        ),
    }
}
