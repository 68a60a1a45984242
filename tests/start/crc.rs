//! The Capablanca Random Chess arrays under the start-position model (`castle960::start::crc`):
//! every witness line replayed on the two-colour ten-file board (whose moves equal
//! Fairy-Stockfish's, `tests/ten/perft.rs`), with Black standing and passing by a knight's
//! shuttle; the verdicts against the plain model search of `plain/model.rs` on ten files; the
//! fewest moves without a pawn move against the plain whole-board search of
//! `plain/whole_board.rs` on ten files.

use crate::plain::{Castling, model, whole_board};
use castle960::CastlingSide;
use castle960::report::crc as report;
use castle960::start::bound::PawnBound;
use castle960::start::crc::{self, CrcAnalysis};
use castle960::start::verdict::Verdict;
use castle960::ten::{Board, CrcArray, Move, Piece, Square, TenWhiteBoard, arrays};
use cozy_chess::Color;
use rayon::prelude::*;

/// The arrays of the samples: every `step`-th CRC array.
fn sample(step: usize) -> Vec<CrcArray> {
    arrays().into_iter().step_by(step).collect()
}

/// White's men, square by square: what the placements of two games are compared by.
fn white_men(board: &Board) -> Vec<(Square, Piece)> {
    Square::all()
        .filter_map(|s| match board.man_on(s) {
            Some((Color::White, p)) => Some((s, p)),
            _ => None,
        })
        .collect()
}

/// What a replayed line showed.
struct Replayed {
    end: Board,
    pawn_moves: usize,
    /// The side of each castling move, in order.
    castled: Vec<CastlingSide>,
    /// Whether the last move castled.
    ends_castling: bool,
}

/// Replays White's `line` from the array's start with Black standing and waiting: a Black
/// knight steps out to the sixth rank and back, which White's men (kept to ranks 1-5) never
/// meet. Every move must be legal on the two-colour board.
fn replay(array: &CrcArray, line: &[Move]) -> Result<Replayed, String> {
    let mut board = array.board();
    let mut out_and_back: Option<Move> = None;
    let mut replayed = Replayed {
        end: board.clone(),
        pawn_moves: 0,
        castled: Vec::new(),
        ends_castling: false,
    };
    for (i, &mv) in line.iter().enumerate() {
        if !board.legal_moves().contains(&mv) {
            return Err(format!("move {} ({mv}) is illegal in {board}", i + 1));
        }
        let castles = board.is_castling(mv);
        if castles {
            let side = if mv.to.file() < mv.from.file() {
                CastlingSide::A
            } else {
                CastlingSide::H
            };
            replayed.castled.push(side);
        }
        replayed.ends_castling = castles;
        if board.man_on(mv.from).map(|(_, p)| p) == Some(Piece::Pawn) {
            replayed.pawn_moves += 1;
        }
        board = board.play(mv);
        // Black waits: a knight out to the sixth rank, or back to where it came from; either
        // is one of Black's legal moves, generated once for both.
        let legal = board.legal_moves();
        let wait = match out_and_back.take() {
            Some(out) => Move {
                from: out.to,
                to: out.from,
                promotion: None,
            },
            None => {
                let out = legal
                    .iter()
                    .copied()
                    .find(|m| {
                        board.man_on(m.from) == Some((Color::Black, Piece::Knight))
                            && m.to.rank() == 5
                    })
                    .ok_or_else(|| format!("Black has no waiting move in {board}"))?;
                out_and_back = Some(out);
                out
            }
        };
        if !legal.contains(&wait) {
            return Err(format!("Black's waiting move {wait} is illegal in {board}"));
        }
        board = board.play(wait);
    }
    replayed.end = board;
    Ok(replayed)
}

/// Checks every witness of one analysed array; the problems found, in words.
fn check(analysis: &CrcAnalysis) -> Vec<String> {
    let array = &analysis.array;
    let mut problems = Vec::new();
    for (side, s) in analysis.sides.iter() {
        match &s.realize_error {
            Some(e) => problems.push(format!("CRC {array} {side}: not realized: {e}")),
            None => problems.extend(check_side(
                array,
                side,
                s.verdict,
                &s.castle_line,
                s.walk_line.as_deref(),
                s.no_pawn_moves,
            )),
        }
    }
    problems
}

/// Checks one side's claim: its games replay on the two-colour board and show its verdict (for
/// no-pawn-move, in its fewest moves); the problems found, in words.
fn check_side(
    array: &CrcArray,
    side: CastlingSide,
    verdict: Verdict,
    castle_line: &[Move],
    walk_line: Option<&[Move]>,
    no_pawn_moves: Option<usize>,
) -> Vec<String> {
    let mut problems = Vec::new();
    let mut fail = |what: String| problems.push(format!("CRC {array} {side}: {what}"));
    let castle = match replay(array, castle_line) {
        Ok(r) => r,
        Err(e) => {
            fail(format!("castling game: {e}"));
            return problems;
        }
    };
    match verdict {
        Verdict::NoPawnMove => {
            if castle.pawn_moves > 0 || !castle.ends_castling || castle.castled != [side] {
                fail(
                    "the no-pawn-move line must castle at its end, on this side, with no pawn move"
                        .into(),
                );
            }
            if castle_line.len().checked_sub(1) != no_pawn_moves {
                fail("the line's length is not the fewest moves".into());
            }
        }
        Verdict::AfterPawnMove => {
            if castle.pawn_moves == 0 || !castle.ends_castling || castle.castled != [side] {
                fail("the after-pawn-move line must castle at its end, after a pawn move".into());
            }
        }
        Verdict::ArtificialOnly => match replay(array, walk_line.unwrap_or_default()) {
            Err(e) => fail(format!("walk: {e}")),
            Ok(w) => {
                if castle.castled != [side] || castle.pawn_moves == 0 {
                    fail(
                        "the castling game must castle once, on this side, after a pawn move"
                            .into(),
                    );
                }
                if !w.castled.is_empty() {
                    fail("the walk castles".into());
                }
                if white_men(&w.end) != white_men(&castle.end) {
                    fail("the walk ends elsewhere than the castling game".into());
                }
            }
        },
        Verdict::NotWithinBound => {
            if !castle_line.is_empty() {
                fail("a side that never castles has a line".into());
            }
        }
    }
    problems
}

/// Every witness of every 29th array, analysed together as the report analyses them, with pawns
/// on one file: each replays on the two-colour board, castles where and when its verdict says
/// and, for artificial-only, the walk ends where the castling game ends without castling.
#[test]
fn crc_witnesses_replay_on_the_ten_file_board() {
    let arrays = sample(29);
    let analyses = crc::analyse_all(&arrays, PawnBound::ONE, &|_| {});
    let problems: Vec<String> = analyses.par_iter().flat_map_iter(check).collect();
    assert!(problems.is_empty(), "{problems:#?}");
    // Every verdict occurs in the sample, so each branch above was exercised.
    for verdict in Verdict::ALL {
        let n = analyses
            .iter()
            .flat_map(|a| a.sides.iter().map(|(_, s)| s.verdict))
            .filter(|&v| v == verdict)
            .count();
        assert!(n > 0, "no side of the sample is {verdict}");
    }
}

/// The castling of `side` of a CRC array for the plain searches: king and rook files before and
/// after, and the files that must be empty.
fn plain_castling(array: &CrcArray, side: CastlingSide) -> Castling {
    let g = crc::castling(array, side);
    Castling {
        king: g.king as usize,
        rook: g.rook as usize,
        king_to: g.king_to as usize,
        rook_to: g.rook_to as usize,
        empty: (0..10).filter(|f| g.empty & 1 << f != 0).collect(),
    }
}

/// The CRC arrays with the king on file `king` (0 is the a-file).
fn arrays_with_king(king: usize) -> impl Iterator<Item = CrcArray> {
    arrays()
        .into_iter()
        .filter(move |a| a.back_rank()[king] == Piece::King)
}

/// With pawns on one file, the verdicts of two arrays (the first CRC array and Gothic Chess's
/// `RNBQCKABNR`) equal the plain model search's: every man may leave and come back at any time,
/// the castle-free reachable set is enumerated in full and every castled position is looked up
/// in it. On ten files that set holds millions of positions for each array (about 5 s of CPU
/// and 0.2 GB each), so the suite runs two; `CASTLE960_CRC_ORACLE_STEP=k`
/// adds every k-th array and one array for each king file (the run of the README, "CRC arrays",
/// used 4999: 13 arrays, 26 sides, no difference).
#[test]
fn crc_verdicts_equal_the_plain_model_search_with_one_pawn_file() {
    let gothic = arrays()
        .into_iter()
        .find(|a| a.to_string() == "RNBQCKABNR")
        .expect("Gothic Chess's array is a CRC array");
    let mut arrays = vec![arrays()[0], gothic];
    if let Some(step) = std::env::var("CASTLE960_CRC_ORACLE_STEP")
        .ok()
        .and_then(|s| s.parse::<usize>().ok())
    {
        arrays = sample(step);
        for king in 1..9 {
            let first = arrays_with_king(king)
                .next()
                .expect("every inner king file occurs");
            if !arrays.contains(&first) {
                arrays.push(first);
            }
        }
    }
    let mismatches: Vec<String> = arrays
        .par_iter()
        .flat_map_iter(|array| {
            let ours = CrcAnalysis::new(*array, PawnBound::ONE);
            let start = model::start::<10>(&array.to_string());
            let walks: model::Reachable<10> = model::explore(start, &[], 1);
            CastlingSide::BOTH
                .into_iter()
                .filter_map(|side| {
                    let castling = plain_castling(array, side);
                    let before = model::explore(start, &[castling.king, castling.rook], 1);
                    let plain = model::verdict(&castling, &before, &walks);
                    let ours = ours.sides[side].verdict.as_str();
                    (plain != ours)
                        .then(|| format!("CRC {array} {side}: search {ours}, plain {plain}"))
                })
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(mismatches.is_empty(), "{mismatches:#?}");
}

/// The fewest moves without a pawn move of every 97th array's sides equal the plain
/// whole-board search's (leapers roam and come back, sliders go wherever chess lets them) where
/// ours finds a line of at most four moves: the plain search, run to that depth, finds none
/// shorter and one as short. (On ten files four leapers roam the board, and the plain search
/// cannot run to exhaustion: the sides ours finds impossible are left to the argument in
/// `no_pawn.rs` and to the model oracle above.)
#[test]
fn crc_no_pawn_fewest_moves_equal_a_plain_whole_board_search() {
    let sides: Vec<(CrcArray, CastlingSide, usize)> = sample(97)
        .into_iter()
        .flat_map(|array| {
            let ours = CrcAnalysis::new(array, PawnBound::ONE);
            CastlingSide::BOTH
                .into_iter()
                .filter_map(move |side| Some((array, side, ours.sides[side].no_pawn_moves?)))
                .filter(|&(_, _, n)| n <= 4)
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(sides.len() > 100, "only {} sides compared", sides.len());
    assert!(
        sides.iter().any(|&(_, _, n)| n >= 3),
        "no side needs three moves"
    );
    let mismatches: Vec<String> = sides
        .par_iter()
        .filter_map(|&(array, side, ours)| {
            let plain = whole_board::fewest_within::<10>(
                &array.to_string(),
                &[plain_castling(&array, side)],
                ours,
            )[0];
            (plain != Some(ours))
                .then(|| format!("CRC {array} {side}: ours {ours}, plain {plain:?}"))
        })
        .collect();
    assert!(mismatches.is_empty(), "{mismatches:#?}");
}

/// The committed CRC report, parsed: a header and rows of fields.
fn committed_report() -> (csv::StringRecord, Vec<csv::StringRecord>) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/output/crc_castling.csv");
    let mut reader = csv::Reader::from_path(path).expect("output/crc_castling.csv is committed");
    let header = reader.headers().unwrap().clone();
    let rows = reader.records().map(Result::unwrap).collect();
    (header, rows)
}

/// The committed report is what the program writes now: every 250th array, analysed alone (as
/// `crc show` does), writes exactly its two committed rows; the report has both rows of every
/// array, in order. Run `castle960 crc report` after changing the analysis.
#[test]
fn committed_crc_rows_are_what_each_array_analysed_alone_writes() {
    let (_, rows) = committed_report();
    assert_eq!(rows.len(), 2 * arrays().len(), "two rows per array");
    for (i, pair) in rows.chunks(2).enumerate() {
        assert_eq!(pair[0][0], i.to_string());
        assert_eq!((&pair[0][5], &pair[1][5]), ("a", "h"));
    }
    let stale: Vec<String> = sample(250)
        .par_iter()
        .filter_map(|&array| {
            let fresh = report::to_csv(&report::rows(&[CrcAnalysis::new(
                array,
                crc::DEFAULT_BOUND,
            )]));
            let mut reader = csv::Reader::from_reader(fresh.as_slice());
            let fresh: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
            let at = 2 * usize::from(array.index().unwrap());
            (fresh[..] != rows[at..at + 2])
                .then(|| format!("{array}: {:?} != {:?}", fresh, &rows[at..at + 2]))
        })
        .collect();
    assert!(stale.is_empty(), "stale rows: {stale:#?}");
}

/// The committed analysis document's figures are the committed report's: the answer and the
/// table of verdicts, counted here from the CSV.
#[test]
fn committed_crc_document_counts_the_committed_rows() {
    let (header, rows) = committed_report();
    let column = |name: &str| header.iter().position(|h| h == name).unwrap();
    let (verdict, requires) = (column("verdict"), column("requires_castling"));
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/output/crc_analysis.md"
    ))
    .unwrap();
    let requiring = rows
        .iter()
        .step_by(2)
        .filter(|r| &r[requires] == "true")
        .count();
    let answer = format!("**{requiring} of {}**", rows.len() / 2);
    assert!(doc.contains(&answer), "the document gives {answer}");
    for v in Verdict::ALL {
        let count = |side: &str| {
            rows.iter()
                .filter(|r| &r[5] == side && &r[verdict] == v.as_str())
                .count()
        };
        let line = format!("| {v} | {} | {} |", count("a"), count("h"));
        assert!(doc.contains(&line), "the document has {line}");
    }
}

/// White's moves of a SAN line from the array's start, read on White's ten-file board: each
/// token must name exactly one legal move (a SAN that fits two moves is an error).
fn read_san(array: &CrcArray, line: &str) -> Result<Vec<Move>, String> {
    let mut board = TenWhiteBoard::start(array);
    let mut moves = Vec::new();
    for token in line.split_whitespace() {
        // The destination is the token's last two characters, but for castling (`None`: any
        // destination); read once rather than each legal move's written out (`Some(None)`: no
        // square, so no move).
        let to = (!token.starts_with("O-")).then(|| {
            token[token.len().saturating_sub(2)..]
                .parse::<Square>()
                .ok()
        });
        let found: Vec<Move> = board
            .legal_moves()
            .into_iter()
            .filter(|m| to.is_none_or(|to| to == Some(m.to)))
            .filter(|&m| board.san(m) == token)
            .collect();
        let [mv] = found[..] else {
            return Err(format!("{token:?} names {} moves in {board}", found.len()));
        };
        board.play(mv)?;
        moves.push(mv);
    }
    Ok(moves)
}

/// Every witness game of the committed report, all 21,836 arrays and both sides, read from its
/// SAN and replayed on the two-colour ten-file board: each castles where and when its verdict
/// says, the no-pawn-move games in the fewest moves the row gives, and each walk ends where its
/// castling game ends, without castling.
#[test]
fn every_witness_of_the_committed_crc_report_replays() {
    let (header, rows) = committed_report();
    let column = |name: &str| header.iter().position(|h| h == name).unwrap();
    let [verdict, moves, castle, walk] =
        ["verdict", "moves", "castle_line", "walk_line"].map(column);
    let all = arrays();
    let problems: Vec<String> = rows
        .par_iter()
        .enumerate()
        .flat_map_iter(|(i, row)| {
            let array = &all[i / 2];
            assert_eq!(row[2], array.to_string(), "row {i} is of array {}", i / 2);
            let side = if i % 2 == 0 {
                CastlingSide::A
            } else {
                CastlingSide::H
            };
            let v = Verdict::ALL
                .into_iter()
                .find(|v| v.as_str() == &row[verdict])
                .expect("a verdict");
            let games =
                read_san(array, &row[castle]).and_then(|c| Ok((c, read_san(array, &row[walk])?)));
            match games {
                Err(e) => vec![format!("CRC {array} {side}: {e}")],
                Ok((c, w)) => check_side(
                    array,
                    side,
                    v,
                    &c,
                    (v == Verdict::ArtificialOnly).then_some(&w[..]),
                    row[moves].parse().ok(),
                ),
            }
        })
        .collect();
    assert!(
        problems.is_empty(),
        "{} problems: {:#?}",
        problems.len(),
        &problems[..problems.len().min(20)]
    );
}

/// The committed analysis document is what `crc report` writes from the committed rows: the
/// document depends on the rows alone, so it is rebuilt from the CSV here, byte for byte (after
/// its first line, the mark).
#[test]
fn committed_crc_document_is_rebuilt_from_the_committed_rows() {
    let root = env!("CARGO_MANIFEST_DIR");
    let csv = std::fs::read(format!("{root}/output/crc_castling.csv")).unwrap();
    let rows = report::read_csv(&csv).expect("the committed report reads back");
    assert_eq!(
        report::to_csv(&rows),
        csv,
        "the rows write back the same bytes"
    );
    let committed = std::fs::read_to_string(format!("{root}/output/crc_analysis.md")).unwrap();
    let (mark, body) = committed.split_once('\n').unwrap();
    assert!(
        mark.starts_with("<!-- Written by castle960 crc report"),
        "{mark}"
    );
    assert_eq!(
        body,
        report::document(&rows, PawnBound::within::<10>(rows[0].pawn_files).unwrap()),
        "run `castle960 crc report`"
    );
}
