//! Every verdict that needs a pawn move is backed by real games that cozy-chess replays from the
//! full Chess960 start position (Black standing and passing): the castling game of every side,
//! and for artificial-only sides a castle-free game reaching the identical placement.
//!
//! The games are read from the committed report, which `tests/cli/report_and_show.rs` proves equal to what the
//! program writes, so the expensive analysis runs once in the test suite, not once per file.

use crate::common;

use castle960::start::line::Line;
use castle960::{Arrangement, CastlingSide};

/// One side's verdict and games as the report states them.
struct Reported {
    arrangement: Arrangement,
    side: CastlingSide,
    verdict: String,
    castle_line: Vec<String>,
    walk_line: Vec<String>,
    fewest_any: usize,
    fewest_any_line: String,
}

fn reported() -> Vec<Reported> {
    let moves =
        |text: &str| -> Vec<String> { text.split_whitespace().map(str::to_string).collect() };
    let out: Vec<Reported> = common::reported_sides()
        .into_iter()
        .map(|r| Reported {
            arrangement: r.arrangement,
            side: r.side,
            verdict: r.field("verdict").to_string(),
            castle_line: moves(r.field("castle_line")),
            walk_line: moves(r.field("walk_line")),
            fewest_any: r.field("fewest_any").parse().expect("a count"),
            fewest_any_line: r.field("fewest_any_line").to_string(),
        })
        .collect();
    assert_eq!(out.len(), 1920);
    out
}

#[test]
fn every_side_has_replayable_witness_games() {
    let mut walks = 0;
    for r in reported() {
        let label = format!("SP {} {} ({})", r.arrangement.sp(), r.side, r.verdict);
        let fen = r.arrangement.fen();
        let moves: Vec<&str> = r.castle_line.iter().map(String::as_str).collect();
        let castle_at = moves
            .iter()
            .position(|m| *m == r.side.san())
            .unwrap_or_else(|| panic!("{label}: the castling game never castles"));
        let until_castle = common::replay_white_line(&fen, &moves[..=castle_at])
            .unwrap_or_else(|e| panic!("{label}: {e}"));
        assert_eq!(until_castle.last_castle, Some(r.side.letter()), "{label}");
        assert!(!until_castle.castled_before_last, "{label}");
        let castle =
            common::replay_white_line(&fen, &moves).unwrap_or_else(|e| panic!("{label}: {e}"));
        match r.verdict.as_str() {
            "no-pawn-move" => {
                assert_eq!(until_castle.pawn_moves, 0, "{label}");
                assert!(r.walk_line.is_empty(), "{label}");
            }
            "after-pawn-move" => {
                assert!(
                    until_castle.pawn_moves > 0,
                    "{label}: castling needs a pawn move"
                );
                assert_eq!(
                    castle_at + 1,
                    moves.len(),
                    "{label}: the witness is the castled position"
                );
                assert!(r.walk_line.is_empty(), "{label}");
            }
            "artificial-only" => {
                assert!(
                    until_castle.pawn_moves > 0,
                    "{label}: castling needs a pawn move"
                );
                let walk_moves: Vec<&str> = r.walk_line.iter().map(String::as_str).collect();
                let walk = common::replay_white_line(&fen, &walk_moves)
                    .unwrap_or_else(|e| panic!("{label}: walk: {e}"));
                assert_eq!(walk.last_castle, None, "{label}: the walk castles");
                assert!(!walk.castled_before_last, "{label}: the walk castles");
                assert_eq!(
                    common::white_placement(&walk.board),
                    common::white_placement(&castle.board),
                    "{label}: the walk and the castling game end in different placements"
                );
                walks += 1;
            }
            other => panic!("{label}: unexpected verdict {other}"),
        }
    }
    assert!(walks > 0);
}

/// Our own `Line` for SAN moves, read by our board's SAN reader.
fn line_from_san(arrangement: &Arrangement, san: &[String]) -> Line {
    Line::from_san(arrangement, &san.join(" ")).expect("the report's lines are legal")
}

#[test]
fn every_witness_game_replays_as_pgn() {
    for r in reported() {
        for (what, san) in [("castle", &r.castle_line), ("walk", &r.walk_line)] {
            if san.is_empty() {
                continue;
            }
            let line = line_from_san(&r.arrangement, san);
            let pgn = castle960::notation::pgn::game(&r.arrangement, &line, "test")
                .unwrap_or_else(|e| panic!("SP {} {} {what}: {e}", r.arrangement.sp(), r.side));
            let board = common::replay_pgn(&pgn).unwrap_or_else(|e| {
                panic!("SP {} {} {what}: {e}\n{pgn}", r.arrangement.sp(), r.side)
            });
            assert_eq!(
                common::white_placement(&board),
                line.replay(&r.arrangement).unwrap().fen_placement(),
                "SP {} {} {what}",
                r.arrangement.sp(),
                r.side
            );
        }
    }
}

/// Issue 20, item 7: where the verdict lets the report choose (artificial-only: any castled
/// position serves), its castling game is the shortest of all, the one of `{side}_fewest_any_line`
/// (the fewest moves before castling with pawn moves allowed), and every game keeps White's men
/// on ranks 1-5.
#[test]
fn artificial_only_sides_show_the_shortest_castling_game() {
    let mut checked = 0;
    for r in reported() {
        let label = format!("SP {} {}", r.arrangement.sp(), r.side);
        for line in [&r.castle_line, &r.walk_line] {
            let moves: Vec<&str> = line.iter().map(String::as_str).collect();
            let end = common::replay_white_line(&r.arrangement.fen(), &moves)
                .unwrap()
                .board;
            let white = end.colors(cozy_chess::Color::White);
            assert!(
                white
                    .into_iter()
                    .all(|s| s.rank() <= cozy_chess::Rank::Fifth),
                "{label}: a man above rank 5"
            );
        }
        if r.verdict != "artificial-only" {
            continue;
        }
        assert_eq!(r.castle_line.join(" "), r.fewest_any_line, "{label}");
        assert_eq!(r.castle_line.len(), r.fewest_any + 1, "{label}");
        checked += 1;
    }
    assert!(checked > 1000, "only {checked} artificial-only sides");
}

/// Issue 20, item 7: the castle-free games of artificial-only sides are the shortest games from
/// the start to the castling game's placement with White's men on ranks 1-5, as an independent
/// search finds them: a plain breadth-first search from both ends (its own move rules, no
/// estimate, nothing shared with the library), on every 9th side whose walk takes at most 11
/// moves (about 90 sides; the search from both ends then goes up to 6 moves deep each way).
#[test]
fn walks_are_as_short_as_a_plain_breadth_first_search_finds() {
    let mut lengths = std::collections::BTreeMap::new();
    let walks: Vec<Reported> = reported()
        .into_iter()
        .filter(|r| r.verdict == "artificial-only" && r.walk_line.len() <= 11)
        .step_by(9)
        .collect();
    assert!(walks.len() > 80, "{} walks", walks.len());
    for r in walks {
        let label = format!("SP {} {}", r.arrangement.sp(), r.side);
        let fen = r.arrangement.fen();
        let start = common::replay_white_line(&fen, &[]).unwrap().board;
        let castle: Vec<&str> = r.castle_line.iter().map(String::as_str).collect();
        let goal = common::replay_white_line(&fen, &castle).unwrap().board;
        let shortest = bfs::shortest(bfs::cells(&start), bfs::cells(&goal), 6)
            .unwrap_or_else(|| panic!("{label}: no walk within 12 moves"));
        assert_eq!(
            r.walk_line.len(),
            shortest,
            "{label}: {}",
            r.walk_line.join(" ")
        );
        *lengths.entry(shortest).or_insert(0) += 1;
    }
    // The sample covers short and long walks alike.
    assert!(lengths.len() >= 4, "{lengths:?}");
}

/// With pawns moved on at most one file, the shortest castling game of SP 402's a-side (pawns
/// b3 and g3) is out of bounds: the side shows the fewest moves into the search's own castled
/// position instead (one pawn file), and the shortest walk to where that ends; both replay.
#[test]
fn within_a_pawn_bound_the_games_keep_to_it() {
    use castle960::Verdict;
    use castle960::start::analysis::{Analysis, Games};
    let a = Arrangement::from_sp(402).unwrap();
    let analysis = Analysis::with_bound(a, castle960::start::bound::PawnBound::ONE);
    let v = &analysis.verdicts[CastlingSide::A];
    assert_eq!(v.verdict, Verdict::ArtificialOnly);
    assert_eq!(v.games, Games::ShortestIntoWitness);
    assert_eq!(analysis.questions.fewest_any[CastlingSide::A].moves, 6);
    let castle = v.castle_line.san(&a);
    let walk = v.walk_line.as_ref().unwrap().san(&a);
    let fen = a.fen();
    let castled = common::replay_white_line(&fen, &castle.split(' ').collect::<Vec<_>>()).unwrap();
    assert_eq!(castled.last_castle, Some('a'), "{castle}");
    let files: std::collections::BTreeSet<char> = (castle.split(' '))
        .filter(|m| m.starts_with(|c: char| c.is_ascii_lowercase()) && !m.starts_with('O'))
        .map(|m| m.chars().next().unwrap())
        .collect();
    assert_eq!(files.len(), 1, "{castle}");
    let walked = common::replay_white_line(&fen, &walk.split(' ').collect::<Vec<_>>()).unwrap();
    assert_eq!(walked.last_castle, None);
    assert!(!walked.castled_before_last);
    assert_eq!(
        common::white_placement(&walked.board),
        common::white_placement(&castled.board)
    );
}

/// A plain breadth-first search over White-only placements of ranks 1-5, from both ends.
mod bfs {
    use super::common::{BISHOP_DIRS, KING_DIRS, ROOK_DIRS, white_letter};
    use cozy_chess::{Board, Color};
    use rustc_hash::FxHashMap;
    use std::collections::hash_map::Entry;

    /// White's men on a1..h5 (index file + 8 * rank), 0 for an empty square.
    pub type Cells = [u8; 40];

    use super::common::KNIGHT_JUMPS as KNIGHT;

    /// White's men of a cozy-chess board (all on ranks 1-5), Black ignored.
    pub fn cells(board: &Board) -> Cells {
        let mut cells = [0; 40];
        for square in board.colors(Color::White) {
            let index = square as usize;
            assert!(index < 40, "a white man above rank 5");
            cells[index] = white_letter(board.piece_on(square).unwrap()) as u8;
        }
        cells
    }

    fn at(file: i32, rank: i32) -> Option<usize> {
        ((0..8).contains(&file) && (0..5).contains(&rank)).then(|| (file + 8 * rank) as usize)
    }

    /// Every placement one move away: forwards (a move of the game) or backwards (the placement
    /// a move came from). Pieces move alike both ways; pawns push (two squares from rank 2)
    /// forwards and step back (two squares back to rank 2) backwards.
    fn neighbours(cells: &Cells, forwards: bool, out: &mut Vec<Cells>) {
        for from in 0..40 {
            let man = cells[from];
            if man == 0 {
                continue;
            }
            let (file, rank) = ((from % 8) as i32, (from / 8) as i32);
            let mut go = |to: usize| {
                let mut next = *cells;
                next[to] = man;
                next[from] = 0;
                out.push(next);
            };
            let (dirs, slide): (&[(i32, i32)], bool) = match man {
                b'N' => (&KNIGHT, false),
                b'K' => (&KING_DIRS, false),
                b'Q' => (&KING_DIRS, true),
                b'R' => (&ROOK_DIRS, true),
                b'B' => (&BISHOP_DIRS, true),
                _ => {
                    let step = if forwards { 1 } else { -1 };
                    let one = at(file, rank + step).filter(|&s| cells[s] == 0);
                    if let Some(one) = one.filter(|&s| s / 8 >= 1) {
                        go(one);
                        let double = if forwards { rank == 1 } else { rank == 3 };
                        if let Some(two) =
                            at(file, rank + 2 * step).filter(|&s| double && cells[s] == 0)
                        {
                            go(two);
                        }
                    }
                    continue;
                }
            };
            for &(df, dr) in dirs {
                let mut k = 1;
                while let Some(to) = at(file + k * df, rank + k * dr) {
                    if cells[to] != 0 {
                        break;
                    }
                    go(to);
                    if !slide {
                        break;
                    }
                    k += 1;
                }
            }
        }
    }

    /// The fewest moves from `start` to `goal`, searching at most `depth` moves from each end.
    pub fn shortest(start: Cells, goal: Cells, depth: usize) -> Option<usize> {
        if start == goal {
            return Some(0);
        }
        // Hashed with rustc-hash's fast hasher rather than std's SipHash, which took most of the
        // time of this test (the same maps either way).
        let mut seen: [FxHashMap<Cells, usize>; 2] = [
            FxHashMap::from_iter([(start, 0)]),
            FxHashMap::from_iter([(goal, 0)]),
        ];
        let mut frontier = [vec![start], vec![goal]];
        let mut reached = [0usize; 2];
        while reached[0] < depth || reached[1] < depth {
            // Widen the smaller frontier (the other if that end has gone deep enough) by one
            // whole layer; a placement the other end has seen joins the two searches.
            let side = if reached[1] >= depth
                || (reached[0] < depth && frontier[0].len() <= frontier[1].len())
            {
                0
            } else {
                1
            };
            let mut next = Vec::new();
            let mut best: Option<usize> = None;
            let mut moves = Vec::new();
            for cells in &frontier[side] {
                moves.clear();
                neighbours(cells, side == 0, &mut moves);
                for n in &moves {
                    let Entry::Vacant(new) = seen[side].entry(*n) else {
                        continue;
                    };
                    new.insert(reached[side] + 1);
                    if let Some(&other) = seen[1 - side].get(n) {
                        let total = reached[side] + 1 + other;
                        best = Some(best.map_or(total, |b| b.min(total)));
                    }
                    next.push(*n);
                }
            }
            reached[side] += 1;
            if best.is_some() {
                return best;
            }
            frontier[side] = next;
        }
        None
    }
}
