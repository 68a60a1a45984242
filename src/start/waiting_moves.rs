//! Black's waiting moves: the start half's model has Black absent, but a PGN game of White's
//! line needs Black moves between White's. Black therefore makes quiet waiting moves with its
//! knights, out to its sixth rank and back. White's lines keep to ranks 1 to 5, so the knights'
//! squares stay free, and White never gives check (Black's pawns shield its king from
//! everything but knights, and White's knights stay below rank 6). A black knight on the sixth
//! rank attacks ranks 4 and 5, where White's king sometimes walks, so each waiting move is
//! chosen to attack neither the square White's king stands on nor the one it moves to next.
//!
//! The search is the start half's: it knows the White-only board and its lines, and it answers
//! with the moves in SAN; [`crate::notation::pgn`] only writes them into the game.

use crate::chess::{Arrangement, File, Move, Piece, Rank, Square, piece};
use crate::start::board::{WhiteBoard, first_rank};
use crate::start::line::Line;
use itertools::Itertools;

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
            .filter_map(|df| home.try_offset(df, -2))
            .filter(|q| q.rank() == Rank::Sixth),
    );
    places
}

/// Black's state during a PGN game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct BlackState {
    /// Where each knight is: an index into its places (0 = at home).
    knights: [usize; 2],
    /// Which pawns have stepped from rank 7 to rank 6, a bit per file.
    pawns: u8,
    /// For each knight's home, which rank-8 neighbour has stepped into it while the knight is
    /// out: 0 none, 1 the left one, 2 the right one.
    stepped: [u8; 2],
}

impl BlackState {
    const START: BlackState = BlackState {
        knights: [0, 0],
        pawns: 0,
        stepped: [0, 0],
    };

    /// The state as 16 bits, ordered as the states are: two bits per knight (fewer than four
    /// places each), eight for the pawns, two per knight home's stepper (0 to 2).
    fn code(self) -> u16 {
        (self.knights[0] as u16) << 14
            | (self.knights[1] as u16) << 12
            | (self.pawns as u16) << 4
            | (self.stepped[0] as u16) << 2
            | self.stepped[1] as u16
    }

    fn from_code(code: u16) -> BlackState {
        BlackState {
            knights: [(code >> 14) as usize, (code >> 12 & 3) as usize],
            pawns: (code >> 4) as u8,
            stepped: [(code >> 2 & 3) as u8, (code & 3) as u8],
        }
    }

    fn pawn_moved(&self, file: u8) -> bool {
        self.pawns & (1 << file) != 0
    }
}

/// What Black has to wait with, fixed for a whole game: its knights' homes and places, the
/// pawns it may move and the neighbours that may step into an empty knight home.
struct Black<'a> {
    arrangement: &'a Arrangement,
    homes: [Square; 2],
    places: [Vec<Square>; 2],
    /// Files whose pawn may step: away from Black's king, so no line to the king opens.
    pawn_files: Vec<u8>,
    /// Per knight home, its [left, right] rank-8 neighbour if that is a queen or rook (Black's
    /// king stays put, so no line White's pieces could open reaches it), and where it stands.
    steppers: [[Option<(Piece, Square)>; 2]; 2],
}

impl<'a> Black<'a> {
    fn new(arrangement: &'a Arrangement) -> Black<'a> {
        let homes = arrangement
            .knight_files()
            .map(|f| Square::new(f, Rank::Eighth));
        let black_king = arrangement.king_file() as i8;
        let stepper = |home: Square, df: i8| -> Option<(Piece, Square)> {
            let from = home.try_offset(df, 0)?;
            let piece = arrangement.piece_on(from.file());
            matches!(piece, Piece::Queen | Piece::Rook).then_some((piece, from))
        };
        Black {
            arrangement,
            homes,
            places: homes.map(knight_places),
            pawn_files: (0..8u8)
                .filter(|&f| (f as i8 - black_king).abs() > 1)
                .collect(),
            steppers: homes.map(|h| [stepper(h, -1), stepper(h, 1)]),
        }
    }

    /// The neighbour that has stepped into knight home `k` in state `s`, if any.
    fn stepper_in(&self, s: BlackState, k: usize) -> Option<(Piece, Square)> {
        match s.stepped[k] {
            0 => None,
            side => Some(self.steppers[k][side as usize - 1].expect("a stepper exists")),
        }
    }

    /// The black piece on rank 8 of `file` in state `s` (knights out and steppers counted).
    fn rank8(&self, s: BlackState, file: i8) -> Option<Piece> {
        if !(0..8).contains(&file) {
            return None;
        }
        let square = Square::new(File::index(file as usize), Rank::Eighth);
        for k in 0..2 {
            if let Some((piece, from)) = self.stepper_in(s, k) {
                if square == self.homes[k] {
                    return Some(piece);
                }
                if square == from {
                    return None;
                }
            }
        }
        let piece = self.arrangement.piece_on(File::index(file as usize));
        (piece != Piece::Knight || !self.homes.contains(&square)).then_some(piece)
    }

    /// Whether the pawn that stepped to rank 6 on `file` attacks `k`: the two squares ahead of
    /// it, and, because it left rank 7, every square on the diagonals through its old square
    /// from a bishop or queen beside it on rank 8 (counted without blockers, to be safe).
    fn pawn_attacks(&self, s: BlackState, file: u8, k: Square) -> bool {
        let f = file as i8;
        if k.rank() == Rank::Fifth && (k.file() as i8 - f).abs() == 1 {
            return true;
        }
        [-1i8, 1].into_iter().any(|d| {
            matches!(self.rank8(s, f + d), Some(Piece::Bishop | Piece::Queen))
                && (1..7).any(|j| k.file() as i8 == f - d * j && k.rank() as i8 == 6 - j)
        })
    }

    /// Whether state `s` is a legal placement that attacks none of White's king squares.
    fn is_safe(&self, s: BlackState, king_squares: &[Square]) -> bool {
        let knights = [self.places[0][s.knights[0]], self.places[1][s.knights[1]]];
        let pawn_on = |q: Square| q.rank() == Rank::Sixth && s.pawn_moved(q.file() as u8);
        knights[0] != knights[1]
            && !knights.iter().any(|&q| pawn_on(q))
            && king_squares.iter().all(|&k| {
                knights.iter().all(|&q| !knight_reaches(q, k))
                    && (0..8).all(|f| !s.pawn_moved(f) || !self.pawn_attacks(s, f, k))
            })
    }

    /// The states one waiting move from `s`, into `out` (emptied first: the search reuses one
    /// list for every state).
    fn successors(&self, s: BlackState, out: &mut Vec<BlackState>) {
        out.clear();
        for k in 0..2 {
            // Knight moves: out from home, or back home if no neighbour stands there.
            if s.knights[k] == 0 {
                for to in 1..self.places[k].len() {
                    let mut n = s;
                    n.knights[k] = to;
                    out.push(n);
                }
            } else if s.stepped[k] == 0 {
                let mut n = s;
                n.knights[k] = 0;
                out.push(n);
            }
            // A neighbour steps into the empty home, or back. One piece can stand beside both
            // homes; it steps into at most one of them.
            if s.knights[k] != 0 && s.stepped[k] == 0 {
                let taken = self.stepper_in(s, 1 - k).map(|p| p.1);
                for side in [1u8, 2] {
                    let candidate = self.steppers[k][side as usize - 1].map(|p| p.1);
                    if candidate.is_some() && candidate != taken {
                        let mut n = s;
                        n.stepped[k] = side;
                        out.push(n);
                    }
                }
            }
            if s.stepped[k] != 0 {
                let mut n = s;
                n.stepped[k] = 0;
                out.push(n);
            }
        }
        for &f in &self.pawn_files {
            if !s.pawn_moved(f) {
                out.push(BlackState {
                    pawns: s.pawns | (1 << f),
                    ..s
                });
            }
        }
    }

    /// The SAN of Black's move from state `a` to state `b`.
    fn san(&self, a: BlackState, b: BlackState) -> String {
        if a.pawns != b.pawns {
            let file = (b.pawns ^ a.pawns).trailing_zeros() as u8;
            return Square::new(File::index(file as usize), Rank::Sixth).to_string();
        }
        for k in 0..2 {
            let (before, after) = (a.stepped[k], b.stepped[k]);
            if before != after {
                let side = before.max(after) as usize - 1;
                let (piece, square) = self.steppers[k][side].expect("a stepper exists");
                let to = if after != 0 { self.homes[k] } else { square };
                return format!("{}{to}", piece::san_letter(piece));
            }
        }
        let knight = if a.knights[0] != b.knights[0] { 0 } else { 1 };
        let from = self.places[knight][a.knights[knight]];
        let to = self.places[knight][b.knights[knight]];
        let other = self.places[1 - knight][b.knights[1 - knight]];
        let qualifier = if !knight_reaches(other, to) {
            String::new()
        } else if other.file() != from.file() {
            from.file().to_string()
        } else {
            from.rank().to_string()
        };
        format!("N{qualifier}{to}")
    }
}

/// For each White move of `line`, the squares Black must leave unattacked after it: where
/// White's king stands, and where the next White move takes it.
fn king_squares(arrangement: &Arrangement, line: &Line) -> Vec<Vec<Square>> {
    let mut board = line.start(arrangement);
    let mut guarded = Vec::with_capacity(line.moves.len());
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
    guarded
}

/// Black's waiting moves for a whole line. Each one moves a knight between home and a
/// sixth-rank square; or, when a knight is out, lets a queen or rook beside its home step into
/// it and back; or moves a pawn one square on a file away from Black's king. A breadth-first
/// search over these few states finds moves after which no black knight or pawn attacks
/// White's king, either where it stands or where it goes next; Black's other men stay behind
/// their pawns, so nothing else can attack it. Each layer is kept sorted by state and the
/// first parent found is kept, so the moves chosen are the same on every run.
pub fn waiting_moves(arrangement: &Arrangement, line: &Line) -> Result<Vec<String>, NoWaitingMove> {
    SCRATCH.with(|scratch| search(arrangement, line, &mut scratch.borrow_mut()))
}

thread_local! {
    /// Each thread's [`Scratch`], reused by every search it makes.
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch::new());
}

/// What [`waiting_moves`] knows of each state code, in tables indexed by the code. The gallery
/// and the PGN games search waiting moves for thousands of lines; tables cleared for each line
/// (and again whenever White's king moves) cost more than the searches themselves, so an entry
/// counts only when its stamp is the current one.
struct Scratch {
    /// Per state: the stamp of the king squares its safety was worked out for, and the answer.
    safe: Vec<(u32, bool)>,
    /// Per state: the stamp of the layer it was met in, and its first parent there.
    met: Vec<(u32, u16)>,
    /// The last stamp handed out. Stamps only grow between clears, and a search reserves the
    /// stamps it may need before it begins ([`Scratch::reserve`]), so no entry made under an
    /// older stamp is ever taken for a current one.
    stamp: u32,
}

impl Scratch {
    fn new() -> Scratch {
        Scratch {
            safe: vec![(0, false); 1 << 16],
            met: vec![(0, 0); 1 << 16],
            stamp: 0,
        }
    }

    /// Makes sure that `count` more stamps can be handed out without the stamps running out,
    /// clearing every entry and starting again if they would: a search asks for this before it
    /// begins, so that no stamp it holds is handed out again while it runs.
    fn reserve(&mut self, count: usize) {
        if u32::MAX - self.stamp < u32::try_from(count).unwrap_or(u32::MAX) {
            self.safe.fill((0, false));
            self.met.fill((0, 0));
            self.stamp = 0;
        }
    }

    /// A stamp no entry has yet (within what [`Scratch::reserve`] reserved).
    fn next_stamp(&mut self) -> u32 {
        self.stamp = self.stamp.checked_add(1).expect("stamps reserved");
        self.stamp
    }
}

/// [`waiting_moves`] with the thread's scratch tables.
fn search(
    arrangement: &Arrangement,
    line: &Line,
    scratch: &mut Scratch,
) -> Result<Vec<String>, NoWaitingMove> {
    let black = Black::new(arrangement);
    let guarded = king_squares(arrangement, line);
    let waits = line.moves.len().saturating_sub(1);
    // At most two stamps a layer: one for the layer, one for new king squares.
    scratch.reserve(2 * waits);
    // Layer by layer over the waiting moves: (state, parent) pairs sorted by state code, whose
    // order is the states' order. A state's parent is the first state of the layer before (in
    // that order) that leads to it.
    let start = BlackState::START.code();
    let mut layers: Vec<Vec<(u16, u16)>> = vec![vec![(start, start)]];
    // The stamp under which `scratch.safe` answers for the king squares of the layer in hand;
    // the king often stands still, so it is kept while they stay the same.
    let mut safe_stamp = 0;
    let mut safe_for: &[Square] = &[];
    let mut successors = Vec::new();
    for (i, king_squares) in guarded.iter().take(waits).enumerate() {
        if safe_stamp == 0 || king_squares.as_slice() != safe_for {
            safe_stamp = scratch.next_stamp();
            safe_for = king_squares;
        }
        let layer_stamp = scratch.next_stamp();
        let mut next_codes: Vec<u16> = Vec::new();
        for &(code, _) in &layers[i] {
            black.successors(BlackState::from_code(code), &mut successors);
            for &n in &successors {
                let n_code = n.code();
                let known = &mut scratch.safe[n_code as usize];
                if known.0 != safe_stamp {
                    *known = (safe_stamp, black.is_safe(n, king_squares));
                }
                let met = &mut scratch.met[n_code as usize];
                if known.1 && met.0 != layer_stamp {
                    *met = (layer_stamp, code);
                    next_codes.push(n_code);
                }
            }
        }
        if next_codes.is_empty() {
            return Err(NoWaitingMove(i + 1));
        }
        next_codes.sort_unstable();
        layers.push(
            (next_codes.iter())
                .map(|&n| (n, scratch.met[n as usize].1))
                .collect(),
        );
    }
    Ok(black.moves_back_from_first(&layers))
}

impl Black<'_> {
    /// The waiting moves to the first state of the last of `layers` (each sorted by state, with
    /// its parent in the layer before), in SAN, found by following the parents back.
    fn moves_back_from_first(&self, layers: &[Vec<(u16, u16)>]) -> Vec<String> {
        let last = layers.last().expect("a first layer");
        let mut state = last.first().expect("the last layer is not empty").0;
        let mut states = vec![BlackState::from_code(state)];
        for layer in layers[1..].iter().rev() {
            let at = layer
                .binary_search_by_key(&state, |&(n, _)| n)
                .expect("every state on the path is in its layer");
            state = layer[at].1;
            states.push(BlackState::from_code(state));
        }
        states.reverse();
        states
            .into_iter()
            .tuple_windows()
            .map(|(from, to)| self.san(from, to))
            .collect()
    }
}

/// White's king square on a board.
fn king_square(board: &WhiteBoard) -> Square {
    Square::ALL
        .into_iter()
        .find(|&s| board.piece_on(s) == Some(Piece::King))
        .expect("White has a king")
}

/// Where White's king goes with `mv`, if it moves.
fn king_destination(board: &WhiteBoard, mv: Move) -> Option<Square> {
    match board.castling_side(mv) {
        Some(side) => Some(first_rank(board.castling(side).king_to())),
        None => (board.piece_on(mv.from) == Some(Piece::King)).then_some(mv.to),
    }
}

/// Why a line could not be written as a PGN game: after White's move with this number (from 1),
/// no waiting move for Black keeps clear of White's king.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no waiting move for Black keeps clear of White's king after White's move {0}")]
pub struct NoWaitingMove(pub usize);

#[cfg(test)]
mod tests {
    use super::*;

    /// The search as it was first written, plainly: a table of every state's safety made anew
    /// for each line and cleared whenever White's king squares change, every successor of a
    /// layer pushed with its parent, then a stable sort by state and the duplicates dropped, so
    /// that each state keeps the first parent found.
    fn plain(arrangement: &Arrangement, line: &Line) -> Result<Vec<String>, NoWaitingMove> {
        let black = Black::new(arrangement);
        let guarded = king_squares(arrangement, line);
        let waits = line.moves.len().saturating_sub(1);
        let start = BlackState::START.code();
        let mut layers: Vec<Vec<(u16, u16)>> = vec![vec![(start, start)]];
        let mut safe = vec![0u8; 1 << 16];
        let mut safe_for: &[Square] = &[];
        let mut successors = Vec::new();
        for (i, king_squares) in guarded.iter().take(waits).enumerate() {
            if king_squares.as_slice() != safe_for {
                safe.fill(0);
                safe_for = king_squares;
            }
            let mut next_layer = Vec::new();
            for &(code, _) in &layers[i] {
                black.successors(BlackState::from_code(code), &mut successors);
                for &n in &successors {
                    let known = &mut safe[n.code() as usize];
                    if *known == 0 {
                        *known = if black.is_safe(n, king_squares) { 1 } else { 2 };
                    }
                    if *known == 1 {
                        next_layer.push((n.code(), code));
                    }
                }
            }
            if next_layer.is_empty() {
                return Err(NoWaitingMove(i + 1));
            }
            next_layer.sort_by_key(|&(n, _)| n);
            next_layer.dedup_by_key(|&mut (n, _)| n);
            layers.push(next_layer);
        }
        Ok(black.moves_back_from_first(&layers))
    }

    /// Every game of the committed report (the lines without a pawn move, the castling games
    /// and the walks, 6,300 of them) gets the same waiting moves from the search as from the
    /// plain one, twice over on one thread, so that the second search of each line starts from
    /// tables the first left behind.
    #[test]
    fn waiting_moves_equal_the_plain_searches_for_every_game_of_the_report() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/output/chess960_castling.csv");
        let mut reader = csv::Reader::from_path(path).expect("the committed report");
        let headers = reader.headers().expect("a header").clone();
        let mut games = 0;
        for record in reader.records() {
            let record = record.expect("a row");
            let sp = record[0].parse().expect("an SP");
            let arrangement = Arrangement::from_sp(sp).expect("an SP of the report");
            for (column, text) in headers.iter().zip(record.iter()) {
                let game = column.ends_with("_line") || column.ends_with("_witness");
                if !game || text.is_empty() {
                    continue;
                }
                let line = Line::from_san(&arrangement, text).expect("a line of the report");
                let want = plain(&arrangement, &line);
                assert!(want.is_ok(), "SP {sp} {column}: {want:?}");
                for _ in 0..2 {
                    assert_eq!(waiting_moves(&arrangement, &line), want, "SP {sp} {column}");
                }
                games += 1;
            }
        }
        assert!(games > 5_000, "only {games} games read");
    }

    /// A search that would run out of stamps clears the tables first and answers as the plain
    /// search does, however close to the end the stamps are.
    #[test]
    fn a_search_near_the_last_stamp_starts_afresh() {
        let standard = Arrangement::from_sp(518).unwrap();
        // The king walks, so the safety tables are stamped anew along the way.
        let line = Line::from_san(&standard, "e4 Ke2 Kd3 Ke2 Ke1 d4 Kd2 Ke1").unwrap();
        let want = plain(&standard, &line);
        assert!(want.is_ok());
        for left in 0..20 {
            let mut scratch = Scratch::new();
            scratch.stamp = u32::MAX - left;
            assert_eq!(
                search(&standard, &line, &mut scratch),
                want,
                "{left} stamps left"
            );
            assert_eq!(
                search(&standard, &line, &mut scratch),
                want,
                "{left}, again"
            );
        }
    }
}
