//! The notation layer against shakmaty (GPL-3.0, a dev-dependency that referees the tests):
//! on positions from seeded random games from all 960 start positions, plus the same positions
//! with a rook added outside a castling rook (so that X-FEN must name an inner rook by its
//! file), castle960's FEN writing (Shredder-FEN and X-FEN) and reading, and its SAN writing and
//! reading, agree with shakmaty's in Chess960 castling mode. On 100,000 mutated FENs (the fuzz
//! test's), the two readers accept and refuse the same inputs but for the choices each
//! documents. Every difference is listed; the tests assert there are none and print the counts
//! (`cargo test --release --test notation_differential -- --nocapture`).

use crate::notation_support;

use castle960::notation::fen::{
    CastlingNotation, FenError, PositionError, SyntaxError, read_fen, to_fen,
};
use castle960::notation::san::{read_san, write_san};
use cozy_chess::{Board, BoardBuilder, Color, Piece, Rank, Square};
use notation_support::{
    FEN_CHARS, FEN_TOKENS, Rng, fen_corpus, legal_moves, mutate, mutate_position, positions,
    random_game,
};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};
use std::collections::BTreeMap;

#[derive(Default)]
struct Tally {
    positions: usize,
    inner_rook_positions: usize,
    moves: usize,
    castlings: usize,
    differences: Vec<String>,
}

impl Tally {
    fn differ(&mut self, what: String) {
        self.differences.push(what);
    }
}

/// The castling rooks' squares of a board, as shakmaty keeps them (a bit set).
fn rights_squares(board: &Board) -> u64 {
    let mut set = 0u64;
    for color in Color::ALL {
        let rights = board.castle_rights(color);
        for file in [rights.short, rights.long].into_iter().flatten() {
            set |= 1 << Square::new(file, Rank::First.relative_to(color)) as u64;
        }
    }
    set
}

fn compare(board: &Board, tally: &mut Tally) {
    tally.positions += 1;
    let xfen = to_fen(board, CastlingNotation::XFen);
    let shredder = to_fen(board, CastlingNotation::Shredder);
    if xfen
        .split(' ')
        .nth(2)
        .is_some_and(|f| f.chars().any(|c| !"KQkq-".contains(c)))
    {
        tally.inner_rook_positions += 1;
    }
    // shakmaty reads both of our FENs as the same position and writes our X-FEN back.
    let read = |fen: &str| -> Result<Chess, String> {
        let parsed: Fen = fen.parse().map_err(|e| format!("{e}"))?;
        parsed
            .into_position(CastlingMode::Chess960)
            .map_err(|e| format!("{e}"))
    };
    let (pos, from_shredder) = match (read(&xfen), read(&shredder)) {
        (Ok(a), Ok(b)) => (a, b),
        (a, b) => {
            return tally.differ(format!(
                "shakmaty refuses {xfen} ({:?}) or {shredder} ({:?})",
                a.err(),
                b.err()
            ));
        }
    };
    let theirs = Fen::from_position(&pos, EnPassantMode::Always).to_string();
    if theirs != xfen {
        tally.differ(format!("X-FEN: castle960 writes {xfen}, shakmaty {theirs}"));
    }
    if Fen::from_position(&from_shredder, EnPassantMode::Always).to_string() != theirs {
        tally.differ(format!("shakmaty reads {shredder} and {xfen} apart"));
    }
    if pos.castles().castling_rights().0 != rights_squares(board) {
        tally.differ(format!("castling rooks differ in {shredder}"));
    }
    // castle960 reads shakmaty's FEN as the board it came from.
    if read_fen(&theirs).as_ref() != Ok(board) {
        tally.differ(format!("castle960 reads shakmaty's {theirs} differently"));
    }

    // SAN of every legal move, both ways.
    let ours = legal_moves(board);
    if ours.len() != pos.legal_moves().len() {
        tally.differ(format!(
            "{xfen}: {} legal moves here, {} in shakmaty",
            ours.len(),
            pos.legal_moves().len()
        ));
    }
    for mv in ours {
        tally.moves += 1;
        let uci = mv.to_string();
        let Ok(their_move) = uci
            .parse::<UciMove>()
            .map_err(|_| ())
            .and_then(|u| u.to_move(&pos).map_err(|_| ()))
        else {
            tally.differ(format!("{xfen}: shakmaty refuses {uci}"));
            continue;
        };
        if their_move.is_castle() {
            tally.castlings += 1;
        }
        let our_san = write_san(board, mv).expect("legal");
        let their_san = SanPlus::from_move(pos.clone(), their_move).to_string();
        if our_san != their_san {
            tally.differ(format!(
                "{xfen} {uci}: castle960 writes {our_san}, shakmaty {their_san}"
            ));
            continue;
        }
        if read_san(board, &their_san) != Ok(mv) {
            tally.differ(format!(
                "{xfen}: castle960 reads {their_san} as {:?}",
                read_san(board, &their_san)
            ));
        }
        let back = their_san
            .parse::<SanPlus>()
            .ok()
            .and_then(|s| s.san.to_move(&pos).ok());
        if back != Some(their_move) {
            tally.differ(format!("{xfen}: shakmaty reads {our_san} as {back:?}"));
        }
    }
}

/// The board with a rook of a colour holding a castling right added on an empty first-rank
/// square further out than its castling rook (one of its pawns taken off: the rook is a
/// promoted pawn), when that is a legal position: X-FEN must then name the castling rook by its
/// file.
fn with_outer_rook(board: &Board, rng: &mut Rng) -> Option<Board> {
    let color = if rng.one_in(2) {
        Color::White
    } else {
        Color::Black
    };
    let rights = board.castle_rights(color);
    let back_rank = Rank::First.relative_to(color);
    let outside: Vec<Square> = back_rank
        .bitboard()
        .iter()
        .filter(|square| !board.occupied().has(*square))
        .filter(|square| {
            rights.short.is_some_and(|f| square.file() > f)
                || rights.long.is_some_and(|f| square.file() < f)
        })
        .collect();
    if outside.is_empty() {
        return None;
    }
    let mut builder = BoardBuilder::from_board(board);
    *builder.square_mut(*rng.pick(&outside)) = Some((Piece::Rook, color));
    let pawns: Vec<Square> = board.colored_pieces(color, Piece::Pawn).iter().collect();
    if !pawns.is_empty() {
        *builder.square_mut(*rng.pick(&pawns)) = None;
    }
    builder.build().ok()
}

#[test]
fn fen_and_san_agree_with_shakmaty() {
    let mut rng = Rng::new(518);
    let mut tally = Tally::default();
    for sp in 0..960 {
        let start = Board::chess960_startpos(sp);
        // Castling taken only one time in 8 when legal, so that rights last and castling
        // moves come up in many positions.
        let moves = random_game(&start, 70, 8, &mut rng);
        for board in positions(&start, &moves) {
            compare(&board, &mut tally);
            if let Some(outer) = with_outer_rook(&board, &mut rng) {
                compare(&outer, &mut tally);
            }
        }
    }
    println!(
        "shakmaty differential: {} positions from 960 start positions ({} with an inner castling rook in X-FEN), {} legal moves ({} castlings) written and read in SAN: {} differences",
        tally.positions,
        tally.inner_rook_positions,
        tally.moves,
        tally.castlings,
        tally.differences.len()
    );
    for difference in tally.differences.iter().take(20) {
        println!("  {difference}");
    }
    assert!(tally.positions >= 50_000);
    assert!(tally.inner_rook_positions >= 1_000);
    assert!(tally.castlings >= 5_000);
    assert!(tally.differences.is_empty());
}

/// shakmaty's reading of a FEN as a Chess960 position.
fn shakmaty_reads(text: &str) -> Result<Chess, String> {
    let fen: Fen = text.parse().map_err(|e| format!("{e}"))?;
    fen.into_position(CastlingMode::Chess960)
        .map_err(|e| format!("{e}"))
}

#[test]
fn fen_acceptance_agrees_with_shakmaty_but_for_documented_choices() {
    let mut rng = Rng::new(0x5AC);
    let corpus = fen_corpus(&mut rng);
    let mut allowed = BTreeMap::<&str, usize>::new();
    let mut differences = Vec::new();
    let (mut both_accept, mut both_refuse) = (0, 0);
    let total = 100_000;
    for n in 0..total {
        let mut text = rng.pick(&corpus).clone();
        for _ in 0..1 + rng.below(3) {
            text = if n % 2 == 0 {
                mutate_position(&text, &mut rng)
            } else {
                mutate(&text, FEN_CHARS, FEN_TOKENS, &mut rng)
            };
        }
        let why = match (read_fen(&text), shakmaty_reads(&text)) {
            (Ok(ours), Ok(theirs)) => {
                both_accept += 1;
                // Same position: shakmaty writes castle960's X-FEN back, but for the halfmove
                // clock, which castle960 caps at 100 as cozy-chess does.
                let written = Fen::from_position(&theirs, EnPassantMode::Always).to_string();
                let capped: Vec<String> = written
                    .split(' ')
                    .enumerate()
                    .map(|(i, field)| match (i, field.parse::<u64>()) {
                        (4, Ok(clock)) => clock.min(100).to_string(),
                        _ => field.to_string(),
                    })
                    .collect();
                if capped.join(" ") != to_fen(&ours, CastlingNotation::XFen) {
                    differences.push(format!("{text:?}: read as {written}"));
                }
                continue;
            }
            (Err(_), Err(_)) => {
                both_refuse += 1;
                continue;
            }
            // castle960 separates fields by any whitespace, shakmaty by spaces (and `_`).
            _ if text.contains(['\t', '\n', '\r']) => {
                "tabs or newlines separate fields for castle960, not for shakmaty"
            }
            // shakmaty's documented leniencies: repeated castling letters ignored, missing
            // fields filled in, move numbers up to 2^32 (cozy-chess keeps 16 bits) and clocks
            // read leniently.
            (Err(FenError::Position(PositionError::CastlingTwice { .. })), Ok(_)) => {
                "castle960 refuses a castling right named twice"
            }
            (Err(FenError::Syntax(SyntaxError::MissingFields { .. })), Ok(_)) => {
                "castle960 refuses a FEN of fewer than 4 fields"
            }
            (
                Err(FenError::Syntax(
                    SyntaxError::MoveNumber { .. } | SyntaxError::HalfmoveClock { .. },
                )),
                Ok(_),
            ) => "castle960 refuses a clock shakmaty reads",
            // shakmaty reads a part after an eighth '/' as a Crazyhouse pocket.
            (Err(FenError::Syntax(SyntaxError::RankCount { found: 9, .. })), Ok(_)) => {
                "castle960 refuses a ninth rank, shakmaty reads it as a Crazyhouse pocket"
            }
            (ours, theirs) => {
                differences.push(format!(
                    "{text:?}: castle960 {:?}, shakmaty {:?}",
                    ours.err(),
                    theirs.err()
                ));
                continue;
            }
        };
        *allowed.entry(why).or_default() += 1;
    }
    println!(
        "FEN acceptance against shakmaty: {total} mutated FENs, {both_accept} accepted by both (same position), {both_refuse} refused by both, {} other differences; by documented choice:",
        differences.len()
    );
    for (why, count) in &allowed {
        println!("  {why}: {count}");
    }
    for difference in differences.iter().take(20) {
        println!("  {difference}");
    }
    assert!(both_accept > 10_000 && both_refuse > 10_000);
    assert!(differences.is_empty());
}
