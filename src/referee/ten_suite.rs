//! The ten-file castling suite (`output/castling-suite-10.epd`): positions of every supported
//! ten-file variant chosen to exercise castling (each variant's geometry, rights, men in the
//! way, check, attacked squares, attacks revealed by the rook leaving, the king on its
//! destination or crossing its rook), with castle960's perft 1 and 2 and legal castlings, for
//! `castle960 referee --variant V --suite FILE ENGINE` or any perft harness.
//!
//! # Format
//!
//! The eight-file suite's ([`super::suite`]): the FEN (Shredder castling field), `D1`, `D2`,
//! `castling` (king takes rook, as Fairy-Stockfish writes it with `UCI_Chess960` on),
//! `families`, then `variant` (the `UCI_Variant` name, which `referee --variant` selects lines
//! by) and `id`:
//!
//! ```text
//! rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w JAja - 0 1 ;D1 28 ;D2 784 ;castling - ;families none_legal,own_man_in_the_way ;variant capablanca ;id "castle960-10 0001"
//! ```
//!
//! Deterministic: a test regenerates it and compares it with the committed file.

use super::position::Position;
use super::positions::RandomGames;
use super::ten::{Obstacle, obstacles};
use crate::chess::{ByColor, CastlingSide, Color};
use crate::ten::{Board, Move, Variant, perft};
use std::collections::{BTreeMap, BTreeSet};

/// The default place of the suite, relative to the working directory.
pub const DEFAULT_PATH: &str = "output/castling-suite-10.epd";

/// A castling rule family a ten-file position exercises, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TenFamily {
    /// A castling is legal.
    Legal,
    /// Castling rights stand but no castling is legal.
    NoneLegal,
    /// An own man stands on a square that must be empty.
    OwnManInTheWay,
    /// An enemy man stands on a square that must be empty.
    EnemyManInTheWay,
    /// The king is in check.
    InCheck,
    /// A square the king crosses is attacked.
    CrossesAttacked,
    /// The square the king lands on is attacked.
    LandsOnAttacked,
    /// An attack on the king's path revealed only when the castling rook leaves its square.
    RevealedByTheRook,
    /// The king already stands on its destination and castling is legal.
    KingOnItsDestination,
    /// The rook already stands on its destination and castling is legal.
    RookOnItsDestination,
    /// The king crosses its own castling rook's square and castling is legal.
    KingCrossesItsRook,
}

impl TenFamily {
    /// Every family, in the order the suite lists them.
    pub const ALL: [TenFamily; 11] = [
        TenFamily::Legal,
        TenFamily::NoneLegal,
        TenFamily::OwnManInTheWay,
        TenFamily::EnemyManInTheWay,
        TenFamily::InCheck,
        TenFamily::CrossesAttacked,
        TenFamily::LandsOnAttacked,
        TenFamily::RevealedByTheRook,
        TenFamily::KingOnItsDestination,
        TenFamily::RookOnItsDestination,
        TenFamily::KingCrossesItsRook,
    ];

    /// The family's name in the suite's `families` field (the eight-file suite's names).
    pub const fn name(self) -> &'static str {
        match self {
            TenFamily::Legal => "legal",
            TenFamily::NoneLegal => "none_legal",
            TenFamily::OwnManInTheWay => "own_man_in_the_way",
            TenFamily::EnemyManInTheWay => "enemy_man_in_the_way",
            TenFamily::InCheck => "in_check",
            TenFamily::CrossesAttacked => "crosses_attacked",
            TenFamily::LandsOnAttacked => "lands_on_attacked",
            TenFamily::RevealedByTheRook => "revealed_by_the_rook",
            TenFamily::KingOnItsDestination => "king_on_its_destination",
            TenFamily::RookOnItsDestination => "rook_on_its_destination",
            TenFamily::KingCrossesItsRook => "king_crosses_its_rook",
        }
    }
}

/// The families `board` exercises, for the side to move: judged on each castling whose right
/// stands, from the reasons ([`obstacles`]) that stand against it.
pub fn families(board: &Board) -> BTreeSet<TenFamily> {
    let us = board.side_to_move();
    let king = board.king(us);
    let mut out = BTreeSet::new();
    let mut legal = None;
    for side in CastlingSide::BOTH {
        let Some(file) = board.castling_right(us, side) else {
            continue;
        };
        let rook = crate::ten::Square::new(file, king.rank()).expect("a back-rank file");
        let mv = Move {
            from: king,
            to: rook,
            promotion: None,
        };
        let found = obstacles(board, mv);
        for obstacle in &found {
            let family = match *obstacle {
                Obstacle::InCheck(_) => TenFamily::InCheck,
                Obstacle::Occupied(square) => match board.man_on(square) {
                    Some((color, _)) if color == us => TenFamily::OwnManInTheWay,
                    _ => TenFamily::EnemyManInTheWay,
                },
                Obstacle::Attacked { square, .. } => {
                    let unlifted = board.occupied() & !king.bit();
                    if board.attackers(square, !us, unlifted) == 0 {
                        out.insert(TenFamily::RevealedByTheRook);
                    }
                    let g = board.castling_geometry(us, file).expect("a castling");
                    if square.file() == g.king_to {
                        TenFamily::LandsOnAttacked
                    } else {
                        TenFamily::CrossesAttacked
                    }
                }
                Obstacle::NoRight | Obstacle::NoRule => continue,
            };
            out.insert(family);
        }
        legal = Some(legal.unwrap_or(false) || found.is_empty());
        if found.is_empty() {
            let g = board.castling_geometry(us, file).expect("a castling");
            let (lo, hi) = (king.file().min(g.king_to), king.file().max(g.king_to));
            let legal_families = [
                (g.king_to == king.file(), TenFamily::KingOnItsDestination),
                (g.rook_to == file, TenFamily::RookOnItsDestination),
                ((lo..=hi).contains(&file), TenFamily::KingCrossesItsRook),
            ];
            out.extend(legal_families.iter().filter(|(b, _)| *b).map(|&(_, f)| f));
        }
    }
    match legal {
        Some(true) => out.insert(TenFamily::Legal),
        Some(false) => out.insert(TenFamily::NoneLegal),
        None => false,
    };
    out
}

/// One position of the suite with what the suite says about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TenEntry {
    /// The position (its variant included).
    pub board: Board,
    /// Its legal castlings, king takes rook, a-side first.
    pub castling: Vec<Move>,
    /// Perft to depth 1 and 2.
    pub perft: [u64; 2],
    /// The families it exercises.
    pub families: BTreeSet<TenFamily>,
}

impl TenEntry {
    /// Works out what the suite says about `board`.
    pub fn new(board: Board) -> TenEntry {
        TenEntry {
            castling: board.castling_moves(),
            perft: [perft(&board, 1), perft(&board, 2)],
            families: families(&board),
            board,
        }
    }

    /// The entry as one line of the suite (without its newline), `number` counting from 1.
    pub fn line(&self, number: usize) -> String {
        let or_dash = |items: Vec<String>, separator: &str| {
            if items.is_empty() {
                "-".to_string()
            } else {
                items.join(separator)
            }
        };
        format!(
            "{} ;D1 {} ;D2 {} ;castling {} ;families {} ;variant {} ;id \"castle960-10 {number:04}\"",
            self.board,
            self.perft[0],
            self.perft[1],
            or_dash(self.castling.iter().map(|m| m.to_string()).collect(), " "),
            or_dash(
                self.families.iter().map(|f| f.name().to_string()).collect(),
                ","
            ),
            self.board.variant(),
        )
    }
}

/// How many positions of each family, with each colour to move, the suite takes per variant.
const PER_FAMILY: usize = 12;

/// How many positions of random games the suite looks through per variant at most.
const SCANNED: usize = 60_000;

/// The suite: for each variant in [`Variant::ALL`]'s order, its start position, then
/// positions of seeded random games of the variant taken while they add a family (with the
/// colour to move) that has fewer than its share, in the order met.
pub fn generate() -> Vec<TenEntry> {
    let mut entries = Vec::new();
    for variant in Variant::ALL {
        let start = Board::from_fen(variant.start_fen(), variant).expect("a start position");
        let mut seen = BTreeSet::from([start.to_string()]);
        let mut counts: ByColor<BTreeMap<TenFamily, usize>> = ByColor::default();
        let first = TenEntry::new(start);
        for &f in &first.families {
            *counts[first.board.side_to_move()].entry(f).or_default() += 1;
        }
        entries.push(first);
        for board in RandomGames::ten(variant, 0x0ca5_71e9).take(SCANNED) {
            let families = families(&board);
            let color = board.side_to_move();
            let short = |f: &TenFamily| counts[color].get(f).copied().unwrap_or(0) < PER_FAMILY;
            if !families.iter().any(short) || !seen.insert(board.to_string()) {
                continue;
            }
            for &f in &families {
                *counts[color].entry(f).or_default() += 1;
            }
            entries.push(TenEntry::new(board));
            let full = Color::ALL.iter().all(|&c| {
                TenFamily::ALL
                    .iter()
                    .all(|f| counts[c].get(f).copied().unwrap_or(0) >= PER_FAMILY)
            });
            if full {
                break;
            }
        }
    }
    entries
}

/// The suite as the text of its file.
pub fn render(entries: &[TenEntry]) -> String {
    entries
        .iter()
        .enumerate()
        .map(|(i, entry)| entry.line(i + 1) + "\n")
        .collect()
}
