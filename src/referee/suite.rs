//! The castling test suite: a few thousand positions covering every castling rule family, both
//! colours, standard chess and Chess960, each with its legal castling moves in both UCI forms
//! and SAN, and perft(1) and perft(2). Engine authors run it with their own perft harness or with
//! `castle960 referee ENGINE --suite output/castling-suite.epd`.
//!
//! # Format
//!
//! One position a line, in the form perft suites use (chessprogramming's `perftsuite.epd`): the
//! full FEN (Shredder-FEN castling field, which names every castling rook unambiguously), then
//! `;`-separated fields: `D1` and `D2` (perft to depth 1 and 2), and castle960's own fields,
//! which perft harnesses skip: `castling` (the legal castling moves, king takes rook, as UCI
//! engines write them with `UCI_Chess960` on), `castling_standard` (the same in the standard
//! form `e1g1`, only where that form exists; `-` otherwise), `castling_san` and `families` (the
//! rule families the position exercises, see [`Family`]), and `id`:
//!
//! ```text
//! r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1 ;D1 26 ;D2 568 ;castling e1a1 e1h1 ;castling_standard e1c1 e1g1 ;castling_san O-O-O O-O ;families legal,standard ;id "castle960 0001"
//! ```
//!
//! The suite is deterministic: the same program writes the same bytes (a test regenerates it
//! and compares it with the committed file).

use super::ours;
use super::positions::RandomGames;
use crate::castling::{Reason, Status, attackers, explain_side};
use crate::chess::{ByColor, CastlingSide, Color, File};
use crate::notation::fen::read_fen;
use crate::notation::san::write_san;
use crate::notation::uci::{UciCastling, write_uci};
use cozy_chess::{Board, Move};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

/// The default place of the suite, relative to the working directory.
pub const DEFAULT_PATH: &str = "output/castling-suite.epd";

/// A castling rule family a position exercises, for the side to move (the suite takes its share
/// of each with White to move and with Black to move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Family {
    /// A castling is legal.
    Legal,
    /// Castling rights stand but no castling is legal.
    NoneLegal,
    /// An own man stands on a square that must be empty.
    OwnManInTheWay,
    /// An enemy man stands on a square that must be empty.
    EnemyManInTheWay,
    /// A second own rook stands on a square the king crosses or lands on.
    SecondRookInTheWay,
    /// The king is in check.
    InCheck,
    /// A square the king crosses is attacked.
    CrossesAttacked,
    /// The square the king lands on is attacked.
    LandsOnAttacked,
    /// The king stays on its destination, which is attacked once the rook has moved.
    StaysOnAttacked,
    /// An attack revealed only when the castling rook leaves its square.
    RevealedByTheRook,
    /// The castling rook, or a square only it crosses, is attacked, and castling is legal.
    RookAttackedStillLegal,
    /// The king already stands on its destination and castling is legal.
    KingOnItsDestination,
    /// The rook already stands on its destination and castling is legal.
    RookOnItsDestination,
    /// The king crosses its own castling rook's square and castling is legal.
    KingCrossesItsRook,
    /// The a-side rook stands on the b-file and castling is legal.
    RookOnTheBFile,
    /// Castling is legal and gives check.
    CastlingChecks,
    /// The standard geometry (king e1/e8, rooks in the corners).
    Standard,
}

impl Family {
    /// Every family, in the order the suite lists them.
    pub const ALL: [Family; 17] = [
        Family::Legal,
        Family::NoneLegal,
        Family::OwnManInTheWay,
        Family::EnemyManInTheWay,
        Family::SecondRookInTheWay,
        Family::InCheck,
        Family::CrossesAttacked,
        Family::LandsOnAttacked,
        Family::StaysOnAttacked,
        Family::RevealedByTheRook,
        Family::RookAttackedStillLegal,
        Family::KingOnItsDestination,
        Family::RookOnItsDestination,
        Family::KingCrossesItsRook,
        Family::RookOnTheBFile,
        Family::CastlingChecks,
        Family::Standard,
    ];

    /// The family's name in the suite's `families` field.
    pub const fn name(self) -> &'static str {
        match self {
            Family::Legal => "legal",
            Family::NoneLegal => "none_legal",
            Family::OwnManInTheWay => "own_man_in_the_way",
            Family::EnemyManInTheWay => "enemy_man_in_the_way",
            Family::SecondRookInTheWay => "second_rook_in_the_way",
            Family::InCheck => "in_check",
            Family::CrossesAttacked => "crosses_attacked",
            Family::LandsOnAttacked => "lands_on_attacked",
            Family::StaysOnAttacked => "stays_on_attacked",
            Family::RevealedByTheRook => "revealed_by_the_rook",
            Family::RookAttackedStillLegal => "rook_attacked_still_legal",
            Family::KingOnItsDestination => "king_on_its_destination",
            Family::RookOnItsDestination => "rook_on_its_destination",
            Family::KingCrossesItsRook => "king_crosses_its_rook",
            Family::RookOnTheBFile => "rook_on_the_b_file",
            Family::CastlingChecks => "castling_checks",
            Family::Standard => "standard",
        }
    }
}

/// One position of the suite with everything it says about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The position.
    pub board: Board,
    /// Its legal castling moves, king takes rook, a-side first.
    pub castling: Vec<Move>,
    /// The same in the standard form (`e1g1`) where it exists.
    pub castling_standard: Vec<String>,
    /// The same in SAN.
    pub castling_san: Vec<String>,
    /// Perft to depth 1 and 2.
    pub perft: [u64; 2],
    /// The families the position exercises.
    pub families: BTreeSet<Family>,
}

impl Entry {
    /// Works out everything the suite says about `board`.
    pub fn new(board: Board) -> Entry {
        let castling = ours::castling_moves(&board);
        Entry {
            castling_standard: castling
                .iter()
                .map(|&mv| write_uci(&board, mv, UciCastling::Standard))
                .filter(|text| castling.iter().all(|mv| mv.to_string() != *text))
                .collect(),
            castling_san: castling
                .iter()
                .map(|&mv| write_san(&board, mv).expect("castle960's castlings are legal"))
                .collect(),
            perft: [ours::perft(&board, 1), ours::perft(&board, 2)],
            families: families(&board),
            castling,
            board,
        }
    }

    /// The entry as one line of the suite (without its newline), `number` counting from 1.
    pub fn line(&self, number: usize) -> String {
        let list = |items: &[String]| {
            if items.is_empty() {
                "-".to_string()
            } else {
                items.join(" ")
            }
        };
        let castling: Vec<String> = self.castling.iter().map(|m| m.to_string()).collect();
        let families: Vec<&str> = self.families.iter().map(|f| f.name()).collect();
        let mut line = format!("{:#}", self.board);
        let _ = write!(
            line,
            " ;D1 {} ;D2 {} ;castling {} ;castling_standard {} ;castling_san {} ;families {} ;id \"castle960 {number:04}\"",
            self.perft[0],
            self.perft[1],
            list(&castling),
            list(&self.castling_standard),
            list(&self.castling_san),
            if families.is_empty() {
                "-".to_string()
            } else {
                families.join(",")
            },
        );
        line
    }
}

/// The families `board` exercises, for the side to move.
pub fn families(board: &Board) -> BTreeSet<Family> {
    let mut out = BTreeSet::new();
    let color = board.side_to_move();
    let mut any_right = false;
    let mut any_legal = false;
    for side in CastlingSide::BOTH {
        // The side to move's castlings alone: the suite scans millions of positions, and
        // the other colour's (and the position's FEN) would be worked out for nothing.
        let e = &explain_side(board, color, side, None);
        let Some(c) = e.castling else { continue };
        if e.reasons
            .iter()
            .any(|r| matches!(r, Reason::RightGone { .. }))
        {
            continue;
        }
        any_right = true;
        let corner = if side == CastlingSide::A {
            File::A
        } else {
            File::H
        };
        if c.king.file() == File::E && c.rook.file() == corner {
            out.insert(Family::Standard);
        }
        for reason in &e.reasons {
            match reason {
                Reason::Occupied { man } if man.color == color => {
                    out.insert(Family::OwnManInTheWay);
                    if man.piece == cozy_chess::Piece::Rook && c.king_path_set().has(man.square) {
                        out.insert(Family::SecondRookInTheWay);
                    }
                }
                Reason::Occupied { .. } => {
                    out.insert(Family::EnemyManInTheWay);
                }
                Reason::InCheck { .. } => {
                    out.insert(Family::InCheck);
                }
                Reason::Attacked { passage, by, .. } => {
                    use crate::castling::Passage;
                    out.insert(match passage {
                        Passage::Crosses => Family::CrossesAttacked,
                        Passage::LandsOn => Family::LandsOnAttacked,
                        Passage::StaysOn | Passage::StandsOn => Family::StaysOnAttacked,
                    });
                    if by.iter().any(|a| a.revealed) {
                        out.insert(Family::RevealedByTheRook);
                    }
                }
                _ => {}
            }
        }
        if e.status == Status::LegalNow {
            any_legal = true;
            if c.king == c.king_to {
                out.insert(Family::KingOnItsDestination);
            }
            if c.rook == c.rook_to {
                out.insert(Family::RookOnItsDestination);
            }
            if c.king_path_set().has(c.rook) {
                out.insert(Family::KingCrossesItsRook);
            }
            if side == CastlingSide::A && c.rook.file() == File::B {
                out.insert(Family::RookOnTheBFile);
            }
            // The rook's square and the squares only the rook crosses: attacks there do not
            // forbid castling.
            let rook_path = cozy_chess::get_between_rays(c.rook, c.rook_to)
                | c.rook.bitboard()
                | c.rook_to.bitboard();
            let attacked = (rook_path & !c.king_path_set())
                .iter()
                .any(|sq| !attackers(board, sq, !color, board.occupied()).is_empty());
            if attacked {
                out.insert(Family::RookAttackedStillLegal);
            }
            if e.notation
                .as_ref()
                .is_some_and(|n| n.san.ends_with(['+', '#']))
            {
                out.insert(Family::CastlingChecks);
            }
        }
    }
    if any_right {
        out.insert(if any_legal {
            Family::Legal
        } else {
            Family::NoneLegal
        });
    }
    out
}

/// How many positions of each family (with each colour to move) the suite takes at most.
const PER_FAMILY: usize = 120;

/// How many positions of random games the suite looks through at most.
const SCANNED: usize = 3_000_000;

/// The named positions from public bug reports that open the suite (see `tests/castling/rules.rs`
/// for the reports).
const NAMED: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1",
    "7k/8/8/8/8/8/8/qRK5 w B - 0 1",
    "1q3rk1/ppnp1b1p/1n4p1/2NP1p2/2P1p3/2Q1P2P/PP2BPP1/1R2K2R w HB - 3 15",
    "4k3/8/8/8/8/8/8/RR2K2R w HB - 0 1",
    "4k3/8/8/1b6/8/8/8/4K2R w H - 0 1",
];

/// The suite: the named positions, then positions of seeded random games taken while they add
/// a family (with the colour to move) that has fewer than its share, in the order met.
pub fn generate() -> Vec<Entry> {
    let mut entries: Vec<Entry> = NAMED
        .iter()
        .map(|fen| Entry::new(read_fen(fen).expect("the named positions are legal")))
        .collect();
    let mut seen: BTreeSet<String> = entries.iter().map(|e| format!("{:#}", e.board)).collect();
    // How many entries so far exercise each family, per colour to move.
    let mut counts: ByColor<BTreeMap<Family, usize>> = ByColor::default();
    for entry in &entries {
        for &f in &entry.families {
            *counts[entry.board.side_to_move()].entry(f).or_default() += 1;
        }
    }
    let count = |counts: &ByColor<BTreeMap<Family, usize>>, f: Family, c: Color| {
        counts[c].get(&f).copied().unwrap_or(0)
    };
    for board in RandomGames::new(0x0ca5_71e9).take(SCANNED) {
        let families = families(&board);
        let color = board.side_to_move();
        let wanted = families
            .iter()
            .any(|&f| count(&counts, f, color) < PER_FAMILY);
        if !wanted || !seen.insert(format!("{board:#}")) {
            continue;
        }
        for &f in &families {
            *counts[color].entry(f).or_default() += 1;
        }
        entries.push(Entry::new(board));
        let full = Family::ALL.iter().all(|&f| {
            Color::ALL
                .iter()
                .all(|&c| count(&counts, f, c) >= PER_FAMILY)
        });
        if full {
            break;
        }
    }
    entries
}

/// The suite as the text of its file.
pub fn render(entries: &[Entry]) -> String {
    let mut out = String::new();
    for (i, entry) in entries.iter().enumerate() {
        out.push_str(&entry.line(i + 1));
        out.push('\n');
    }
    out
}

/// One line of a suite file read back: the position (eight files by default, or a
/// [`crate::ten::Board`]) and the fields castle960 checks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteLine<B = Board> {
    /// The line's number in the file, from 1.
    pub number: usize,
    /// The position.
    pub board: B,
    /// `D1`, if given.
    pub d1: Option<u64>,
    /// `D2`, if given.
    pub d2: Option<u64>,
}

/// Why a suite file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum SuiteError {
    /// A line's FEN is no legal position.
    #[error("line {line}: {source}")]
    Fen {
        /// The line's number, from 1.
        line: usize,
        /// Why the FEN was refused.
        source: crate::notation::fen::FenError,
    },
    /// A line's FEN is no legal position of the ten-file variant asked for.
    #[error("line {line}: {source}")]
    TenFen {
        /// The line's number, from 1.
        line: usize,
        /// Why the FEN was refused.
        source: crate::ten::TenFenError,
    },
    /// A perft field is not a whole number.
    #[error("line {line}: {} is not a perft count", crate::error::quote(.field))]
    Count {
        /// The line's number, from 1.
        line: usize,
        /// The field as written.
        field: String,
    },
    /// No line of the suite is a position of the ten-file variant asked for.
    #[error("no line of the suite is a position of {variant} (its lines say `;variant NAME`)")]
    NoLineOf {
        /// The variant asked for.
        variant: crate::ten::Variant,
    },
}

/// Reads a suite (or any perft EPD file): each non-empty line's FEN and its `D1`/`D2` fields.
pub fn read(text: &str) -> Result<Vec<SuiteLine>, SuiteError> {
    read_lines(text, |fen, _, line| {
        read_fen(fen)
            .map(Some)
            .map_err(|source| SuiteError::Fen { line, source })
    })
}

/// Reads a ten-file suite for `variant`: the lines whose `variant` field names it, or that
/// have none (any perft EPD file of the variant); the lines of other variants are passed over.
/// None left is an error, so that a run never checks nothing.
pub fn read_ten(
    text: &str,
    variant: crate::ten::Variant,
) -> Result<Vec<SuiteLine<crate::ten::Board>>, SuiteError> {
    let lines = read_lines(text, |fen, named, line| {
        if named.is_some_and(|name| !name.eq_ignore_ascii_case(variant.name())) {
            return Ok(None);
        }
        crate::ten::Board::from_fen(fen, variant)
            .map(Some)
            .map_err(|source| SuiteError::TenFen { line, source })
    })?;
    if lines.is_empty() {
        return Err(SuiteError::NoLineOf { variant });
    }
    Ok(lines)
}

/// Reads each non-empty line: its `D1`, `D2` and `variant` fields, then its position with
/// `position(fen, variant field, line number)`, which passes a line over with `None`.
fn read_lines<B>(
    text: &str,
    position: impl Fn(&str, Option<&str>, usize) -> Result<Option<B>, SuiteError>,
) -> Result<Vec<SuiteLine<B>>, SuiteError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        let mut fields = line.split(';');
        let fen = fields.next().unwrap_or_default().trim();
        if fen.is_empty() {
            continue;
        }
        let (mut d1, mut d2, mut variant) = (None, None, None);
        for field in fields {
            let mut words = field.split_whitespace();
            let (Some(key), Some(value)) = (words.next(), words.next()) else {
                continue;
            };
            let slot = match key {
                "D1" => &mut d1,
                "D2" => &mut d2,
                "variant" => {
                    variant = Some(value);
                    continue;
                }
                _ => continue,
            };
            *slot = Some(value.parse().map_err(|_| SuiteError::Count {
                line: number,
                field: field.trim().to_string(),
            })?);
        }
        if let Some(board) = position(fen, variant, number)? {
            out.push(SuiteLine {
                number,
                board,
                d1,
                d2,
            });
        }
    }
    Ok(out)
}
