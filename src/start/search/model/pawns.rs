//! The pawns of the model: each file's pawn is at home, on rank 3, or beyond, and the 6,561
//! pawn structures these states make.

/// A file's pawn stands on rank 2.
pub const HOME: u8 = 0;
/// A file's pawn made a one-square move and stands on rank 3, blocking that square.
pub const THIRD: u8 = 1;
/// A file's pawn went further (a two-square move, or more moves): rank 3 is free again.
pub const BEYOND: u8 = 2;

/// The pawn state of every file, the a-file first.
pub type Pawns = [u8; 8];

/// The number of pawn structures: each file's pawn is home, on rank 3 or beyond.
pub const STRUCTURES: usize = 6561;

/// A pawn structure's index below [`STRUCTURES`] (base 3, a digit a file, the a-file first).
pub fn structure_index(pawns: &Pawns) -> usize {
    pawns.iter().fold(0, |code, &p| code * 3 + p as usize)
}

/// The inverse of [`structure_index`].
pub fn structure_pawns(mut index: usize) -> Pawns {
    let mut pawns = [HOME; 8];
    for p in pawns.iter_mut().rev() {
        *p = (index % 3) as u8;
        index /= 3;
    }
    pawns
}

/// The number of files whose pawn has moved.
pub fn moved_files(pawns: &Pawns) -> usize {
    pawns.iter().filter(|&&p| p != HOME).count()
}

/// The states a file's pawn can advance to from `state` in one move; from home only while
/// another file may still start (`may_start`: fewer files moved than the bound allows).
pub fn pawn_advances(state: u8, may_start: bool) -> &'static [u8] {
    match state {
        HOME if may_start => &[THIRD, BEYOND],
        THIRD => &[BEYOND],
        _ => &[],
    }
}
