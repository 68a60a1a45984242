//! PGN export of White's lines as complete games that any Chess960-aware program replays.
//!
//! The model has Black absent, but a PGN game needs Black moves. Black therefore makes quiet
//! waiting moves with its knights, out to its sixth rank and back. White's lines keep to ranks
//! 1 to 5, so the knights' squares stay free, and White never gives check (Black's pawns shield
//! its king from everything but knights, and White's knights stay below rank 6). A black knight
//! on the sixth rank attacks ranks 4 and 5, where White's king sometimes walks, so each waiting
//! move is chosen to attack neither the square White's king stands on nor the one it moves to
//! next.

use crate::chess::arrangement::Arrangement;
use crate::chess::board::{Board, Line, Man, Move};
use crate::chess::piece::Piece;
use crate::chess::square::{Square, file_char};
use std::collections::HashMap;
use std::fmt::Write as _;

fn knight_reaches(from: Square, to: Square) -> bool {
    let df = (from.file() as i8 - to.file() as i8).abs();
    let dr = (from.rank() as i8 - to.rank() as i8).abs();
    (df == 1 && dr == 2) || (df == 2 && dr == 1)
}

/// Where one of Black's knights can be: at home on rank 8, or out on a sixth-rank square.
fn knight_places(home: Square) -> Vec<Square> {
    let mut places = vec![home];
    places.extend(
        [1i8, -1]
            .into_iter()
            .filter_map(|df| home.offset(df, -2))
            .filter(|q| q.rank() == 5),
    );
    places
}

/// Black's state during a PGN game: where each knight is (an index into its places), which
/// pawns have stepped from rank 7 to rank 6 (a bit per file), and for each knight's home square
/// which neighbour on rank 8 has stepped into it while the knight is out (0 none, 1 the left
/// one, 2 the right one).
type BlackState = (usize, usize, u8, u8, u8);

/// Black's waiting moves for a whole line. Each one moves a knight between home and a
/// sixth-rank square; or, when a knight is out, lets a queen or rook beside its home step into
/// it and back; or moves a pawn one square on a file away from Black's king (so no line to
/// the king opens). A search over these few states finds moves after which no black knight or
/// pawn attacks White's king, either where it stands or where it goes next; Black's other men
/// stay behind their pawns, so nothing else can attack it.
fn waiting_moves(arrangement: &Arrangement, line: &Line) -> Result<Vec<String>, NoWaitingMove> {
    let homes = arrangement.knight_files().map(|f| Square::new(f, 7));
    let places = homes.map(knight_places);
    let black_king = arrangement.king_file() as i8;
    let pawn_files: Vec<u8> = (0..8u8)
        .filter(|&f| (f as i8 - black_king).abs() > 1)
        .collect();
    // The rank-8 neighbours that can step sideways into a knight's home: [left, right]. Only a
    // queen or a rook: Black's king stays put, so no line White's pieces could open reaches it.
    let stepper = |home: Square, df: i8| -> Option<(Piece, Square)> {
        let from = home.offset(df, 0)?;
        let piece = arrangement.piece_on(from.file());
        matches!(piece, Piece::Queen | Piece::Rook).then_some((piece, from))
    };
    let steppers = homes.map(|h| [stepper(h, -1), stepper(h, 1)]);
    // White's king after each White move, and where the next White move takes it.
    let mut board = Board::start(arrangement);
    let mut guarded: Vec<Vec<Square>> = Vec::new();
    for (i, &mv) in line.moves.iter().enumerate() {
        board
            .play(mv)
            .expect("lines built by the searches are legal");
        let mut squares = vec![king_square(&board)];
        if let Some(&next) = line.moves.get(i + 1)
            && let Some(k) = king_destination(&board, next)
        {
            squares.push(k);
        }
        guarded.push(squares);
    }
    let waits = line.moves.len().saturating_sub(1);
    // What a pawn that stepped to rank 6 attacks: the two squares ahead of it, and, because it
    // left rank 7, every square on the diagonals through its old square from a bishop or queen
    // beside it on rank 8 (counted without blockers, to be safe).
    let rank8 = |s: BlackState, file: i8| -> Option<Piece> {
        if !(0..8).contains(&file) {
            return None;
        }
        let square = Square::new(file as u8, 7);
        for k in 0..2 {
            let side = if k == 0 { s.3 } else { s.4 };
            if side != 0 {
                let (piece, from) = steppers[k][side as usize - 1].expect("a stepper exists");
                if square == homes[k] {
                    return Some(piece);
                }
                if square == from {
                    return None;
                }
            }
        }
        let piece = arrangement.piece_on(file as u8);
        (piece != Piece::Knight || (homes[0] != square && homes[1] != square)).then_some(piece)
    };
    let pawn_attacks = |s: BlackState, file: u8, k: Square| {
        let f = file as i8;
        if k.rank() == 4 && (k.file() as i8 - f).abs() == 1 {
            return true;
        }
        [-1i8, 1].into_iter().any(|d| {
            matches!(rank8(s, f + d), Some(Piece::Bishop | Piece::Queen))
                && (1..7).any(|j| k.file() as i8 == f - d * j && k.rank() as i8 == 6 - j)
        })
    };
    let safe = |s: BlackState, i: usize| {
        let knights = [places[0][s.0], places[1][s.1]];
        let pawn_on = |q: Square| q.rank() == 5 && s.2 & (1 << q.file()) != 0;
        knights[0] != knights[1]
            && !knights.iter().any(|&q| pawn_on(q))
            && guarded[i].iter().all(|&k| {
                knights.iter().all(|&q| !knight_reaches(q, k))
                    && (0..8).all(|f| s.2 & (1 << f) == 0 || !pawn_attacks(s, f, k))
            })
    };
    let successors = |s: BlackState| {
        let mut out: Vec<BlackState> = Vec::new();
        // Knight moves: out from home, or back home if no neighbour stands there.
        for to in [1, 2] {
            if s.0 == 0 {
                out.push((to, s.1, s.2, s.3, s.4));
            }
            if s.1 == 0 {
                out.push((s.0, to, s.2, s.3, s.4));
            }
        }
        if s.0 != 0 && s.3 == 0 {
            out.push((0, s.1, s.2, s.3, s.4));
        }
        if s.1 != 0 && s.4 == 0 {
            out.push((s.0, 0, s.2, s.3, s.4));
        }
        // A neighbour steps into an empty knight home, or back. One piece can stand beside
        // both homes; it steps into at most one of them.
        let stepped = |k: usize, side: u8| {
            (side != 0)
                .then(|| steppers[k][side as usize - 1].map(|p| p.1))
                .flatten()
        };
        for side in [1u8, 2] {
            let candidate = |k: usize| steppers[k][side as usize - 1].map(|p| p.1);
            if s.0 != 0 && s.3 == 0 && candidate(0).is_some() && candidate(0) != stepped(1, s.4) {
                out.push((s.0, s.1, s.2, side, s.4));
            }
            if s.1 != 0 && s.4 == 0 && candidate(1).is_some() && candidate(1) != stepped(0, s.3) {
                out.push((s.0, s.1, s.2, s.3, side));
            }
        }
        if s.3 != 0 {
            out.push((s.0, s.1, s.2, 0, s.4));
        }
        if s.4 != 0 {
            out.push((s.0, s.1, s.2, s.3, 0));
        }
        for &f in &pawn_files {
            if s.2 & (1 << f) == 0 {
                out.push((s.0, s.1, s.2 | (1 << f), s.3, s.4));
            }
        }
        // Two knights whose homes are neighbours cannot both be stepped over at once.
        out.retain(|n| n.0 < places[0].len() && n.1 < places[1].len());
        out
    };
    // Breadth-first, layer by layer over the waiting moves, remembering each state's parent.
    let start: BlackState = (0, 0, 0, 0, 0);
    let mut layers: Vec<HashMap<BlackState, BlackState>> = vec![HashMap::from([(start, start)])];
    for i in 0..waits {
        let mut next_layer = HashMap::new();
        for &s in layers[i].keys() {
            for n in successors(s) {
                if safe(n, i) {
                    next_layer.entry(n).or_insert(s);
                }
            }
        }
        if next_layer.is_empty() {
            return Err(NoWaitingMove(i + 1));
        }
        layers.push(next_layer);
    }
    let mut state = *layers[waits]
        .keys()
        .min()
        .expect("the last layer is not empty");
    let mut states = vec![state];
    for i in (1..=waits).rev() {
        state = layers[i][&state];
        states.push(state);
    }
    states.reverse();
    Ok(states
        .windows(2)
        .map(|w| {
            let (a, b) = (w[0], w[1]);
            if a.2 != b.2 {
                let file = (b.2 ^ a.2).trailing_zeros() as u8;
                return Square::new(file, 5).to_string();
            }
            for k in 0..2 {
                let (before, after) = if k == 0 { (a.3, b.3) } else { (a.4, b.4) };
                if before != after {
                    let side = before.max(after) as usize - 1;
                    let (piece, square) = steppers[k][side].expect("a stepper exists");
                    let to = if after != 0 { homes[k] } else { square };
                    return format!("{}{to}", piece.letter());
                }
            }
            let (knight, from, to) = if a.0 != b.0 {
                (0, places[0][a.0], places[0][b.0])
            } else {
                (1, places[1][a.1], places[1][b.1])
            };
            let other = if knight == 0 {
                places[1][b.1]
            } else {
                places[0][b.0]
            };
            let qualifier = if knight_reaches(other, to) {
                if other.file() != from.file() {
                    file_char(from.file()).to_string()
                } else {
                    (from.rank() + 1).to_string()
                }
            } else {
                String::new()
            };
            format!("N{qualifier}{to}")
        })
        .collect())
}

/// White's king square on a board.
fn king_square(board: &Board) -> Square {
    Square::all()
        .find(|&s| board.man_on(s) == Some(Man::Piece(Piece::King)))
        .expect("White has a king")
}

/// Where White's king goes with `mv`, if it moves.
fn king_destination(board: &Board, mv: Move) -> Option<Square> {
    match mv {
        Move::Castle(side) => Some(Square::new(side.king_to(), 0)),
        Move::Normal { from, to } => {
            (board.man_on(from) == Some(Man::Piece(Piece::King))).then_some(to)
        }
    }
}

/// Why a line could not be written as a PGN game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no waiting move for Black keeps clear of White's king after White's move {0}")]
pub struct NoWaitingMove(pub usize);

/// A complete PGN game: headers naming the variant and the start FEN, White's line with Black's
/// waiting moves in between, and the result `*` (the game is not over).
pub fn game(arrangement: &Arrangement, line: &Line, event: &str) -> Result<String, NoWaitingMove> {
    let waits = waiting_moves(arrangement, line)?;
    let mut board = Board::start(arrangement);
    let mut movetext = Vec::new();
    for (i, &mv) in line.moves.iter().enumerate() {
        movetext.push(format!("{}. {}", i + 1, board.san(mv)));
        board
            .play(mv)
            .expect("lines built by the searches are legal");
        if let Some(wait) = waits.get(i) {
            movetext.push(wait.clone());
        }
    }
    movetext.push("*".to_string());
    let mut out = String::new();
    for (tag, value) in [
        ("Event", event.to_string()),
        ("Site", "castle960".to_string()),
        ("Date", "????.??.??".to_string()),
        ("Round", "-".to_string()),
        ("White", "castle960".to_string()),
        ("Black", "waiting moves".to_string()),
        ("Result", "*".to_string()),
        ("Variant", "Chess960".to_string()),
        ("SetUp", "1".to_string()),
        ("FEN", arrangement.fen()),
    ] {
        let _ = writeln!(out, "[{tag} \"{value}\"]");
    }
    out.push('\n');
    // Wrap movetext below 80 columns, as the PGN export format asks.
    let mut width = 0;
    for token in movetext {
        if width > 0 && width + 1 + token.len() > 79 {
            out.push('\n');
            width = 0;
        } else if width > 0 {
            out.push(' ');
            width += 1;
        }
        width += token.len();
        out.push_str(&token);
    }
    out.push('\n');
    Ok(out)
}
