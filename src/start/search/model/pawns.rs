//! The pawns of the model: each file's pawn is at home, on rank 3, or beyond, and the pawn
//! structures these states make (3^8 = 6,561 on the standard board, 3^10 = 59,049 on ten files).

/// A file's pawn stands on rank 2.
pub const HOME: u8 = 0;
/// A file's pawn made a one-square move and stands on rank 3, blocking that square.
pub const THIRD: u8 = 1;
/// A file's pawn went further (a two-square move, or more moves): rank 3 is free again.
pub const BEYOND: u8 = 2;

/// The pawn state of every file of a board `F` files wide, the a-file first.
pub type Pawns<const F: usize = 8> = [u8; F];

/// The number of pawn structures of the standard board: each file's pawn is home, on rank 3 or
/// beyond.
pub const STRUCTURES: usize = structures(8);

/// The number of pawn structures of a board `files` wide: `3^files`.
pub const fn structures(files: usize) -> usize {
    3usize.pow(files as u32)
}

/// A pawn structure's index below [`structures`] (base 3, a digit a file, the a-file first).
pub fn structure_index<const F: usize>(pawns: &Pawns<F>) -> usize {
    pawns.iter().fold(0, |code, &p| code * 3 + p as usize)
}

/// What one step of `file`'s pawn adds to [`structure_index`]: the place value of its digit,
/// 3^(F - 1 - file), the a-file being the most significant. A pawn move changes one digit, so
/// the searches work out the new index from the old one.
pub fn file_digit<const F: usize>(file: usize) -> usize {
    /// 3^i for i below ten, the most files of a board.
    const POWERS: [usize; 10] = {
        let mut powers = [1; 10];
        let mut i = 1;
        while i < 10 {
            powers[i] = 3 * powers[i - 1];
            i += 1;
        }
        powers
    };
    POWERS[F - 1 - file]
}

/// The inverse of [`structure_index`].
pub fn structure_pawns<const F: usize>(mut index: usize) -> Pawns<F> {
    let mut pawns = [HOME; F];
    for p in pawns.iter_mut().rev() {
        *p = (index % 3) as u8;
        index /= 3;
    }
    pawns
}

/// The number of files whose pawn has moved.
pub fn moved_files<const F: usize>(pawns: &Pawns<F>) -> usize {
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
