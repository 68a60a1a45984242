//! Every game of the rules report, replayed move by move with cozy-chess: each castling written
//! by the rule's own text, the position it reaches and the verdict it backs.

use super::*;

/// The castling a row's SAN names under `rule`, read with the plain rules: `O-O` (h-side) and
/// `O-O-O` (a-side) where a side has one castling (chess960, chess480), `K~g1` (the king's
/// landing square) under flexible and fast castling, `K~h1/R~e1` (both) under free castling.
fn named_castling(
    rule: &str,
    san: &str,
    side: &str,
    king: usize,
    rook: usize,
) -> Result<Castling, String> {
    let castlings = plain_castlings(rule, king, rook);
    let square = |s: &str| -> Result<usize, String> {
        let b = s.as_bytes();
        if b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && b[1] == b'1' {
            Ok((b[0] - b'a') as usize)
        } else {
            Err(format!("{san}: {s} is no first-rank square"))
        }
    };
    let named: Vec<&Castling> = match rule {
        "chess960" | "chess480" => {
            let wanted = if side == "h" { "O-O" } else { "O-O-O" };
            if san != wanted {
                return Err(format!("{san} is not {wanted}"));
            }
            castlings.iter().collect()
        }
        "flexible" | "fast" => {
            let to = square(san.strip_prefix("K~").ok_or(format!("{san} is not K~.."))?)?;
            castlings.iter().filter(|c| c.king_to == to).collect()
        }
        "free" => {
            let (k, r) = san
                .strip_prefix("K~")
                .and_then(|rest| rest.split_once("/R~"))
                .ok_or(format!("{san} is not K~../R~.."))?;
            let (k, r) = (square(k)?, square(r)?);
            castlings
                .iter()
                .filter(|c| (c.king_to, c.rook_to) == (k, r))
                .collect()
        }
        _ => panic!("no rule {rule}"),
    };
    match named[..] {
        [c] => Ok(c.clone()),
        _ => Err(format!(
            "{san} names {} castlings under {rule}",
            named.len()
        )),
    }
}

fn first_rank(file: usize) -> Square {
    Square::new(cozy_chess::File::index(file), Rank::First)
}

/// White's men on a board, by square (file + 8 * rank), `.` where none stands.
fn white_men(board: &Board) -> [u8; 64] {
    let mut men = [b'.'; 64];
    for sq in board.colors(Color::White) {
        men[sq as usize] = common::white_letter(board.piece_on(sq).unwrap()) as u8;
    }
    men
}

/// A FEN with White's men as `men` and Black's as on `board`, White to move, no castling
/// rights: the position after a castling cozy-chess cannot play.
fn fen_with(men: &[u8; 64], board: &Board) -> String {
    let placement = common::placement(|index| match men[index] {
        b'.' => {
            let sq = Square::index(index);
            (board.color_on(sq) == Some(Color::Black))
                .then(|| char::from(board.piece_on(sq).unwrap()))
        }
        white => Some(white as char),
    });
    format!("{placement} w - - 0 1")
}

fn is_castling(san: &str) -> bool {
    san.starts_with("O-O") || san.contains('~')
}

/// What replaying rows showed.
#[derive(Default)]
struct Replayed {
    rows: usize,
    walks: usize,
    /// Castling games that go on after castling (to the placement the walk reaches).
    continued: usize,
}

/// Replays one row's games (see [`every_game_of_the_rules_report_replays`]).
fn replay_row(row: &Row) -> Result<Replayed, String> {
    let a = Arrangement::from_sp(row.sp).unwrap();
    if a.to_string() != row.arrangement {
        return Err(format!("SP {} is {a}", row.sp));
    }
    let (_, king, rook) = sides(&row.arrangement)
        .into_iter()
        .find(|&(side, _, _)| side == row.side)
        .unwrap();
    let castling = named_castling(&row.rule, &row.castling, &row.side, king, rook)?;
    if (castling.king_to, castling.rook_to) != row.landing() {
        return Err(format!(
            "{} lands on {} and {}",
            row.castling,
            square_name(castling.king_to),
            square_name(castling.rook_to)
        ));
    }
    let fen = a.fen();
    let moves: Vec<&str> = row.castle_line.split(' ').collect();
    let castles: Vec<usize> = (0..moves.len())
        .filter(|&i| is_castling(moves[i]))
        .collect();
    let [at] = castles[..] else {
        return Err(format!("{} castlings", castles.len()));
    };
    if moves[at] != row.castling {
        return Err(format!("castles {}", moves[at]));
    }
    let (before, after) = (&moves[..at], &moves[at + 1..]);
    // Up to the castling move: cozy-chess, Black standing and passing.
    let pre = common::replay_white_line(&fen, before)?;
    if pre.last_castle.is_some() || pre.castled_before_last {
        return Err("castles before the castling move".into());
    }
    // The castling move, by the plain rule: king and rook never moved, the squares it needs
    // empty are empty.
    let (king_sq, rook_sq) = (first_rank(king), first_rank(rook));
    if pre.moved_from.contains(&king_sq) || pre.moved_from.contains(&rook_sq) {
        return Err("the king or the castling rook moved before castling".into());
    }
    let mut men = white_men(&pre.board);
    assert_eq!((men[king], men[rook]), (b'K', b'R'));
    if let Some(f) = castling
        .empty
        .iter()
        .find(|&&f| pre.board.piece_on(first_rank(f)).is_some())
    {
        return Err(format!("castles with {} occupied", square_name(*f)));
    }
    men[king] = b'.';
    men[rook] = b'.';
    men[castling.king_to] = b'K';
    men[castling.rook_to] = b'R';
    if row.rule == "chess960" {
        // cozy-chess plays Chess960's castling itself, to the same placement.
        let played = common::replay_white_line(&fen, &moves[..=at])?;
        if played.last_castle != row.side.chars().next() || white_men(&played.board) != men {
            return Err("cozy-chess castles otherwise".into());
        }
    }
    let mut replayed = Replayed {
        rows: 1,
        ..Replayed::default()
    };
    // After castling: artificial-only games may go on to the placement the walk reaches.
    let (end, later_pawn_moves) = if after.is_empty() {
        (men, 0)
    } else {
        if row.verdict != "artificial-only" {
            return Err("the game goes on after castling".into());
        }
        let rest = common::replay_white_line(&fen_with(&men, &pre.board), after)
            .map_err(|e| format!("after castling: {e}"))?;
        replayed.continued += 1;
        (white_men(&rest.board), rest.pawn_moves)
    };
    // The row's pawn moves are the game's: SAN names a pawn move by its file letter alone.
    let pawn_moves: Vec<&str> = moves
        .iter()
        .copied()
        .filter(|m| m.as_bytes()[0].is_ascii_lowercase())
        .collect();
    if pawn_moves.join(" ") != row.pawn_moves
        || pre.pawn_moves + later_pawn_moves != pawn_moves.len()
    {
        return Err(format!("pawn moves {pawn_moves:?}"));
    }
    let walk: Vec<&str> = row.walk_line.split_whitespace().collect();
    match row.verdict.as_str() {
        "no-pawn-move" => {
            if row.moves != Some(before.len()) || !pawn_moves.is_empty() || !walk.is_empty() {
                return Err(format!("{} moves before castling", before.len()));
            }
        }
        "after-pawn-move" => {
            if row.moves.is_some() || pawn_moves.is_empty() || !walk.is_empty() {
                return Err("castling needs a pawn move and has no walk".into());
            }
        }
        "artificial-only" => {
            if row.moves.is_some() || pawn_moves.is_empty() {
                return Err("castling needs a pawn move".into());
            }
            if walk.iter().any(|m| is_castling(m)) {
                return Err("the walk castles".into());
            }
            let walked =
                common::replay_white_line(&fen, &walk).map_err(|e| format!("walk: {e}"))?;
            if walked.last_castle.is_some() || walked.castled_before_last {
                return Err("the walk castles".into());
            }
            if white_men(&walked.board) != end {
                return Err("the walk ends elsewhere than the castling game".into());
            }
            replayed.walks += 1;
        }
        other => return Err(format!("verdict {other}")),
    }
    Ok(replayed)
}

/// Every row of the rules report: the castling game's moves before the castling move replay
/// as legal White moves with cozy-chess from the full start position (Black standing and
/// passing); the castling move is the row's castling in its rule's notation, names the row's
/// landing squares, is legal by the plain rule (king and castling rook never moved, the
/// squares the rule needs empty are empty) and is the game's only castling; for Chess960,
/// cozy-chess plays it too, to the same placement. The game ends with the castling move, except
/// artificial-only games under the other rules, which go on (replayed from the castled
/// position) to the placement the walk reaches. The row's pawn moves are exactly the game's;
/// a no-pawn-move row's moves count the moves before castling; an artificial-only row's walk
/// replays without castling to the castling game's final placement of White's men.
#[test]
fn every_game_of_the_rules_report_replays() {
    let rows = report();
    let results: Vec<Result<Replayed, String>> = rows
        .par_iter()
        .map(|row| replay_row(row).map_err(|e| format!("{}: {e}", row.label())))
        .collect();
    let failures: Vec<&String> = results.iter().filter_map(|r| r.as_ref().err()).collect();
    assert!(
        failures.is_empty(),
        "{} rows: {failures:#?}",
        failures.len()
    );
    let total = results
        .iter()
        .flatten()
        .fold(Replayed::default(), |t, r| Replayed {
            rows: t.rows + r.rows,
            walks: t.walks + r.walks,
            continued: t.continued + r.continued,
        });
    assert_eq!(total.rows, rows.len());
    let artificial = rows
        .iter()
        .filter(|r| r.verdict == "artificial-only")
        .count();
    assert_eq!(total.walks, artificial);
}
