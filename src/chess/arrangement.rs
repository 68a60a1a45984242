//! Chess960 starting arrangements: the Scharnagl numbering, back-rank strings and start FENs.
//!
//! The core knows arrangements and writes them; reading one from what a user typed (a start
//! FEN, or any of the forms `show` accepts) is notation's: [`crate::notation::start_fen`] and
//! [`crate::notation::naming`].

use crate::chess::castling_path::CastlingPath;
use crate::chess::castling_side::CastlingSide;
use crate::chess::piece;
use crate::error::ArrangementError;
use cozy_chess::{Color, File, Piece};
use std::fmt;
use std::str::FromStr;

/// The number of Chess960 starting arrangements.
pub const COUNT: u16 = 960;

/// The knight placements of the Scharnagl numbering: for each digit 0..9, the two positions the
/// knights take among the five squares still empty after bishops and queen are placed.
pub(crate) const KNIGHT_PAIRS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// How many pieces of a kind a Chess960 back rank holds.
const fn count_in_back_rank(piece: Piece) -> usize {
    match piece {
        Piece::King | Piece::Queen => 1,
        Piece::Rook | Piece::Bishop | Piece::Knight => 2,
        Piece::Pawn => 0,
    }
}

/// White's back rank in a Chess960 start position. Black mirrors it and all pawns stand at home.
///
/// Always valid: the bishops stand on opposite colours and the king between the rooks.
///
/// ```
/// use castle960::Arrangement;
/// let standard = Arrangement::from_sp(518).unwrap();
/// assert_eq!(standard.to_string(), "RNBQKBNR");
/// assert_eq!("BBQNNRKR".parse::<Arrangement>().unwrap().sp(), 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Arrangement {
    rank: [Piece; 8],
}

impl Arrangement {
    /// The arrangement with Scharnagl number `sp` (0..959), numbered as in cozy-chess
    /// `Board::chess960_startpos` and the Chess960 literature: the light-squared bishop, then the
    /// dark-squared bishop, the queen, the knights, and finally R K R on the three squares left.
    pub fn from_sp(sp: u16) -> Result<Arrangement, ArrangementError> {
        if sp >= COUNT {
            return Err(ArrangementError::SpOutOfRange(sp.to_string()));
        }
        let mut rank: [Option<Piece>; 8] = [None; 8];
        let n = sp as usize;
        let (n, light) = (n / 4, n % 4);
        let (n, dark) = (n / 4, n % 4);
        let (knights, queen) = (n / 6, n % 6);
        rank[2 * light + 1] = Some(Piece::Bishop);
        rank[2 * dark] = Some(Piece::Bishop);
        let empty = |rank: &[Option<Piece>; 8]| -> Vec<usize> {
            (0..8).filter(|&f| rank[f].is_none()).collect()
        };
        rank[empty(&rank)[queen]] = Some(Piece::Queen);
        let free = empty(&rank);
        let (first, second) = KNIGHT_PAIRS[knights];
        rank[free[first]] = Some(Piece::Knight);
        rank[free[second]] = Some(Piece::Knight);
        for (slot, piece) in empty(&rank)
            .into_iter()
            .zip([Piece::Rook, Piece::King, Piece::Rook])
        {
            rank[slot] = Some(piece);
        }
        Ok(Arrangement {
            rank: rank.map(|p| p.expect("all eight files are filled")),
        })
    }

    /// All 960 arrangements in SP order.
    pub fn all() -> impl Iterator<Item = Arrangement> {
        (0..COUNT).map(|sp| Arrangement::from_sp(sp).expect("sp is in range"))
    }

    /// The Scharnagl number, the inverse of [`Arrangement::from_sp`].
    pub fn sp(&self) -> u16 {
        // Light squares of the first rank are the odd files b, d, f, h; dark ones a, c, e, g.
        let [light, dark] = [1, 0].map(|parity| {
            let file = self
                .bishop_files()
                .into_iter()
                .find(|&f| f as usize % 2 == parity)
                .unwrap();
            file as usize / 2
        });
        let without_bishops: Vec<Piece> = self
            .rank
            .iter()
            .copied()
            .filter(|&p| p != Piece::Bishop)
            .collect();
        let queen = without_bishops
            .iter()
            .position(|&p| p == Piece::Queen)
            .unwrap();
        let rest: Vec<Piece> = without_bishops
            .into_iter()
            .filter(|&p| p != Piece::Queen)
            .collect();
        let knight_slots: Vec<usize> = (0..5).filter(|&i| rest[i] == Piece::Knight).collect();
        let knights = KNIGHT_PAIRS
            .iter()
            .position(|&(a, b)| a == knight_slots[0] && b == knight_slots[1])
            .unwrap();
        (((knights * 6 + queen) * 4 + dark) * 4 + light) as u16
    }

    /// The piece on a back-rank file.
    pub fn piece_on(&self, file: File) -> Piece {
        self.rank[file as usize]
    }

    /// The back rank, a-file first.
    pub fn pieces(&self) -> [Piece; 8] {
        self.rank
    }

    fn files_of(&self, piece: Piece) -> impl Iterator<Item = File> + '_ {
        File::ALL
            .into_iter()
            .filter(move |&f| self.rank[f as usize] == piece)
    }

    /// The mirror image: the back rank read from h1 to a1. Still an arrangement (the bishops
    /// keep opposite colours, the king stays between the rooks); its a-side is this one's h-side.
    ///
    /// ```
    /// use castle960::Arrangement;
    /// let a = Arrangement::from_sp(0).unwrap();
    /// assert_eq!(a.to_string(), "BBQNNRKR");
    /// assert_eq!(a.mirrored().to_string(), "RKRNNQBB");
    /// assert_eq!(a.mirrored().mirrored(), a);
    /// ```
    pub fn mirrored(&self) -> Arrangement {
        let mut rank = self.rank;
        rank.reverse();
        Arrangement { rank }
    }

    /// The king's file.
    pub fn king_file(&self) -> File {
        self.files_of(Piece::King).next().unwrap()
    }

    /// The queen's file.
    pub fn queen_file(&self) -> File {
        self.files_of(Piece::Queen).next().unwrap()
    }

    /// The file of the rook that castles on `side`: the one left of the king for the a-side.
    pub fn rook_file(&self, side: CastlingSide) -> File {
        let mut rooks = self.files_of(Piece::Rook);
        let left = rooks.next().unwrap();
        let right = rooks.next().unwrap();
        match side {
            CastlingSide::A => left,
            CastlingSide::H => right,
        }
    }

    /// Castling on `side` in this arrangement: where king and rook start and end, and the span.
    pub fn castling(&self, side: CastlingSide) -> CastlingPath {
        CastlingPath::new(self.king_file(), self.rook_file(side), side)
    }

    /// The bishops' files, left one first.
    pub fn bishop_files(&self) -> [File; 2] {
        let mut it = self.files_of(Piece::Bishop);
        [it.next().unwrap(), it.next().unwrap()]
    }

    /// The knights' files, left one first.
    pub fn knight_files(&self) -> [File; 2] {
        let mut it = self.files_of(Piece::Knight);
        [it.next().unwrap(), it.next().unwrap()]
    }

    /// The full start position as a Shredder-FEN, whose castling field names the rooks' files
    /// (h-side rook first, as in `HAha`), so that it is unambiguous in every arrangement.
    pub fn fen(&self) -> String {
        let white: String = self.to_string();
        let black = white.to_lowercase();
        let castling = self.shredder_castling();
        format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w {castling} - 0 1")
    }

    /// The start position's four castling rights in Shredder-FEN, the rooks' files with the
    /// h-side first and White's in upper case (`HAha`), as [`Arrangement::fen`] writes them.
    pub(crate) fn shredder_castling(&self) -> String {
        let files = [CastlingSide::H, CastlingSide::A].map(|side| char::from(self.rook_file(side)));
        files
            .iter()
            .map(char::to_ascii_uppercase)
            .chain(files)
            .collect()
    }

    /// The full start position as an X-FEN, as python-chess writes it (`Board.fen()`): the
    /// castling field is `KQkq`, since in a start position both rooks are the outermost ones on
    /// their side of the king, where X-FEN writes `K`/`Q` rather than a file letter.
    ///
    /// ```
    /// use castle960::Arrangement;
    /// let sp0 = Arrangement::from_sp(0).unwrap();
    /// assert_eq!(sp0.xfen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    /// assert_eq!(sp0.fen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
    /// ```
    pub fn xfen(&self) -> String {
        let white: String = self.to_string();
        let black = white.to_lowercase();
        format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1")
    }
}

/// Parses an 8-letter back rank such as `RNBQKBNR` (upper or lower case).
impl FromStr for Arrangement {
    type Err = ArrangementError;

    fn from_str(input: &str) -> Result<Arrangement, ArrangementError> {
        let upper = input.to_ascii_uppercase();
        let letters: Vec<char> = upper.chars().collect();
        if letters.len() != 8 {
            return Err(ArrangementError::WrongLength {
                input: input.to_string(),
                len: letters.len(),
            });
        }
        let mut rank = [Piece::King; 8];
        for (file, &letter) in letters.iter().enumerate() {
            rank[file] = piece::from_letter(letter)
                .map(|(piece, _)| piece)
                .filter(|&piece| piece != Piece::Pawn)
                .ok_or(ArrangementError::UnknownLetter {
                    input: input.to_string(),
                    letter: input.chars().nth(file).unwrap(),
                    file: char::from(File::index(file)),
                })?;
        }
        let wrong: Vec<String> = piece::OFFICERS
            .iter()
            .filter_map(|&piece| {
                let n = rank.iter().filter(|&&p| p == piece).count();
                (n != count_in_back_rank(piece))
                    .then(|| format!("{n} {}", piece::letter(piece, Color::White)))
            })
            .collect();
        if !wrong.is_empty() {
            return Err(ArrangementError::WrongPieceCounts {
                input: input.to_string(),
                found: wrong.join(", "),
            });
        }
        let bishops: Vec<usize> = (0..8).filter(|&f| rank[f] == Piece::Bishop).collect();
        if bishops[0] % 2 == bishops[1] % 2 {
            return Err(ArrangementError::BishopsSameColour {
                input: input.to_string(),
                // a1 is dark, so even files are dark on the first rank.
                colour: if bishops[0].is_multiple_of(2) {
                    "dark"
                } else {
                    "light"
                },
            });
        }
        let rooks: Vec<usize> = (0..8).filter(|&f| rank[f] == Piece::Rook).collect();
        let king = (0..8).find(|&f| rank[f] == Piece::King).unwrap();
        if !(rooks[0] < king && king < rooks[1]) {
            return Err(ArrangementError::KingNotBetweenRooks {
                input: input.to_string(),
            });
        }
        Ok(Arrangement { rank })
    }
}

/// The back rank as eight upper-case letters, a-file first.
impl fmt::Display for Arrangement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for piece in self.rank {
            write!(f, "{}", piece::letter(piece, Color::White))?;
        }
        Ok(())
    }
}
