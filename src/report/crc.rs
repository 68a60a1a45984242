//! What the CRC analysis writes ([`crate::start::crc`]): the CSV report of the 21,836 Capablanca
//! Random Chess arrays (one row per array and castling side), its analysis document, and one
//! array explained as text or JSON (`castle960 crc show`). Every figure about the arrays'
//! castling is counted here from the analyses; none is typed in by hand.

use crate::chess::CastlingSide;
use crate::start::bound::PawnBound;
use crate::start::crc::CrcAnalysis;
use crate::start::verdict::Verdict;
use crate::ten::square::Square;
use crate::ten::{CrcArray, Move, Piece, TenWhiteBoard};
use itertools::Itertools;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The default place of the CRC report, relative to the working directory.
pub const DEFAULT_PATH: &str = "output/crc_castling.csv";

/// The default place of the CRC analysis document.
pub const DOC_PATH: &str = "output/crc_analysis.md";

/// How the CRC report starts: its header is fixed, so it needs no mark of its own.
pub const CSV_SIGNATURE: &[u8] = b"index,candidate,array,";

/// One castling side of one CRC array.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CrcRow {
    /// The array's place among the 21,836 (0 to 21,835): [`CrcArray::index`].
    pub index: u16,
    /// The array's candidate number among the 48,000 of rules 1 and 2: [`CrcArray::candidate`].
    pub candidate: u16,
    /// White's back rank, a1 to j1 (`A` archbishop, `C` chancellor).
    pub array: String,
    /// The start position (both colours, Shredder-FEN castling rights).
    pub fen: String,
    /// Whether the array also passes the two restrictions added later (12,118 arrays).
    pub later_rules: bool,
    /// `a` (the rook left of the king) or `h` (right).
    pub side: CastlingSide,
    /// `O-O-O` or `O-O`.
    pub castling: &'static str,
    /// The king's square before castling.
    pub king: String,
    /// The king's square after castling.
    pub king_to: String,
    /// The castling rook's square before castling.
    pub rook: String,
    /// The rook's square after castling.
    pub rook_to: String,
    /// `no-pawn-move`, `after-pawn-move`, `artificial-only` or `not-within-bound`.
    pub verdict: Verdict,
    /// For no-pawn-move: the fewest White moves before castling.
    pub moves: Option<usize>,
    /// The pawn moves of the castling game in SAN, space separated.
    pub pawn_moves: String,
    /// The witness castling game in SAN, White's moves only, ending with castling (for
    /// artificial-only, on to the placement the walk reaches).
    pub castle_line: String,
    /// For artificial-only: a castle-free game reaching the same placement.
    pub walk_line: String,
    /// The most files with moved pawns searched.
    pub pawn_files: usize,
    /// Whether the array lets White reach a position that requires castling (either side).
    pub requires_castling: bool,
}

/// `moves` in SAN, played from the array's start on White's ten-file board.
fn san_line(array: &CrcArray, moves: &[Move]) -> Vec<String> {
    let mut board = TenWhiteBoard::start(array);
    moves
        .iter()
        .map(|&mv| {
            let san = board.san(mv);
            board
                .play(mv)
                .expect("the analysis's lines are legal on White's board");
            san
        })
        .collect()
}

/// The pawn moves of `moves` in SAN.
fn pawn_moves(array: &CrcArray, moves: &[Move]) -> Vec<String> {
    let mut board = TenWhiteBoard::start(array);
    moves
        .iter()
        .filter_map(|&mv| {
            let pawn = board.piece_on(mv.from) == Some(Piece::Pawn);
            let san = pawn.then(|| board.san(mv));
            board
                .play(mv)
                .expect("the analysis's lines are legal on White's board");
            san
        })
        .collect()
}

/// A first-rank square by file.
fn first_rank(file: u8) -> String {
    Square::new(file, 0)
        .expect("a file of the board")
        .to_string()
}

impl CrcRow {
    /// The row of `side` of `analysis`.
    pub fn new(analysis: &CrcAnalysis, side: CastlingSide) -> CrcRow {
        let a = &analysis.array;
        let s = &analysis.sides[side];
        let c = s.castle;
        CrcRow {
            index: a.index().expect("the analysed arrays are CRC arrays"),
            candidate: a.candidate(),
            array: a.to_string(),
            fen: a.fen(),
            later_rules: a.within_later_rules(),
            side,
            castling: side.san(),
            king: first_rank(c.king),
            king_to: first_rank(c.king_to),
            rook: first_rank(c.rook),
            rook_to: first_rank(c.rook_to),
            verdict: s.verdict,
            moves: s.no_pawn_moves,
            pawn_moves: pawn_moves(a, &s.castle_line).join(" "),
            castle_line: san_line(a, &s.castle_line).join(" "),
            walk_line: s
                .walk_line
                .as_deref()
                .map(|w| san_line(a, w).join(" "))
                .unwrap_or_default(),
            pawn_files: analysis.bound.files(),
            requires_castling: analysis.requires_castling(),
        }
    }

    /// Both rows of `analysis`, a-side first.
    pub fn both(analysis: &CrcAnalysis) -> [CrcRow; 2] {
        CastlingSide::BOTH.map(|side| CrcRow::new(analysis, side))
    }
}

/// The CSV report of `analyses`, two rows per array in the analyses' order.
pub fn to_csv(analyses: &[CrcAnalysis]) -> Vec<u8> {
    let mut writer = ::csv::Writer::from_writer(Vec::new());
    for row in analyses.iter().flat_map(CrcRow::both) {
        writer
            .serialize(row)
            .expect("writing to memory cannot fail");
    }
    writer.into_inner().expect("writing to memory cannot fail")
}

/// One array explained as JSON (one line): the array and its two rows.
pub fn to_json_line(analysis: &CrcAnalysis) -> String {
    let [a, h] = CrcRow::both(analysis);
    let mut line = serde_json::to_string(&serde_json::json!({
        "index": a.index,
        "array": a.array,
        "fen": a.fen,
        "later_rules": a.later_rules,
        "requires_castling": a.requires_castling,
        "pawn_files": a.pawn_files,
        "sides": [side_json(&a), side_json(&h)],
    }))
    .expect("rows serialize");
    line.push('\n');
    line
}

fn side_json(row: &CrcRow) -> serde_json::Value {
    serde_json::json!({
        "side": row.side,
        "castling": row.castling,
        "king": row.king, "king_to": row.king_to, "rook": row.rook, "rook_to": row.rook_to,
        "verdict": row.verdict,
        "moves": row.moves,
        "pawn_moves": row.pawn_moves,
        "castle_line": row.castle_line,
        "walk_line": row.walk_line,
    })
}

/// What a verdict means, in a sentence for `side`'s castling.
fn meaning(row: &CrcRow) -> String {
    match row.verdict {
        Verdict::NoPawnMove => format!(
            "castles without a pawn move, after {} White move{} at the fewest",
            row.moves.unwrap_or(0),
            if row.moves == Some(1) { "" } else { "s" }
        ),
        Verdict::AfterPawnMove => "castles only after a pawn move, into a position that no \
                                   castle-free game reaches"
            .to_string(),
        Verdict::ArtificialOnly => "castles only after a pawn move, and every castled position \
                                    is also reached by walking king and rook there"
            .to_string(),
        Verdict::NotWithinBound => format!(
            "cannot castle with pawns moved on at most {} file{}",
            row.pawn_files,
            if row.pawn_files == 1 { "" } else { "s" }
        ),
    }
}

/// One array explained as text: what it is, and each side's verdict with its witness games.
pub fn to_text(analysis: &CrcAnalysis) -> String {
    let [a, h] = CrcRow::both(analysis);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "CRC array {} of 21,836: {} (candidate {})",
        a.index, a.array, a.candidate
    );
    let _ = writeln!(out, "FEN: {}", a.fen);
    let _ = writeln!(
        out,
        "Under the later restrictions too: {}",
        if a.later_rules { "yes" } else { "no" }
    );
    for row in [&a, &h] {
        let _ = writeln!(
            out,
            "\n{} ({}-side: king {}-{}, rook {}-{}): {}.",
            row.castling, row.side, row.king, row.king_to, row.rook, row.rook_to, row.verdict
        );
        let _ = writeln!(out, "  It {}.", meaning(row));
        if !row.castle_line.is_empty() {
            let _ = writeln!(out, "  Castling game: {}", row.castle_line);
        }
        if !row.walk_line.is_empty() {
            let _ = writeln!(out, "  Walking game:  {}", row.walk_line);
        }
    }
    let _ = writeln!(
        out,
        "\nWhite {} reach a position that requires castling (pawns moved on at most {} file{}).",
        if a.requires_castling { "can" } else { "cannot" },
        a.pawn_files,
        if a.pawn_files == 1 { "" } else { "s" }
    );
    out
}

/// The analysis document of the CRC arrays: the model, the answer and the tables, every figure
/// counted from `analyses` (all 21,836 arrays, or the sample the run was asked for).
///
/// `bound` is the pawn bound the analyses were made with (every analysis carries it too; the
/// document states it even when no array was analysed).
pub fn document(analyses: &[CrcAnalysis], bound: PawnBound) -> String {
    let later: Vec<&CrcAnalysis> = analyses
        .iter()
        .filter(|a| a.array.within_later_rules())
        .collect();
    let requiring =
        |set: &mut dyn Iterator<Item = &CrcAnalysis>| set.filter(|a| a.requires_castling()).count();
    let all_requiring = requiring(&mut analyses.iter());
    let later_requiring = requiring(&mut later.iter().copied());
    let mut out = String::new();
    let _ = write!(
        out,
        "# Castling from the Capablanca Random Chess arrays\n\n\
         Written by `castle960 crc report` from its own analysis of {n} arrays; every figure \
         below is counted from the analyses, and `output/crc_castling.csv` holds every row.\n\n\
         ## The question\n\n\
         For how many start arrays of Capablanca Random Chess (CRC, ten files) can White reach \
         a position that requires castling, that is, a position right after castling that no \
         castle-free game reaches? The same question as the 960's puzzle (see `analysis.md`), \
         under the same model, on ten files.\n\n\
         ## The arrays\n\n\
         Reinhard Scharnagl's rules (his CRC page, <https://www.chessvariants.com/contests/10/crc.html>): \
         White's back rank holds K, Q, A (archbishop: bishop and knight), C (chancellor: rook \
         and knight), two rooks, two bishops and two knights; the bishops stand on squares of \
         both colours, and so do the queen and the archbishop; the king stands between the \
         rooks; every pawn of the second rank is protected by a man of the first. That gives \
         21,836 arrays (48,000 without the last rule). Two restrictions were added later (no \
         array within two changes of Gothic Chess's RNBQCKABNR; no neighbouring bishops): \
         12,118 arrays pass them, and the figures are given for them too.\n\n\
         ## Castling\n\n\
         CRC castles as Chess960 does, on ten files: the king goes to the c-file (a-side, \
         O-O-O) or the i-file (h-side, O-O) and the rook beside it, to the d- or h-file; every \
         square either passes over or lands on must be empty but for the two; the king must not \
         be in check or pass through an attacked square.\n\n\
         ## The model\n\n\
         As for the 960 (`analysis.md`, \"The model\"): Black is absent and White makes every \
         move, so there are no captures and no checks; a castling side is decided by searching \
         White's games. Castling *without a pawn move* is searched on the first rank, exactly \
         (the fewest moves). Otherwise the pawn-move search runs over every pawn structure with \
         pawns moved on at most **{bound} file{plural}**: ranks 1 and 2 exact, the men beyond \
         in a pool, each pawn home, on its third rank or beyond; a side is *after-pawn-move* \
         when some castled position is reached by no castle-free game, *artificial-only* when \
         castling becomes legal but every castled position is also walked to, and \
         *not-within-bound* when castling never becomes legal within the bound. A side \
         castling without a pawn move, or after one, is a proof whatever the bound (pawns never \
         go back, so a walk to the same position moves the same pawns); artificial-only and \
         not-within-bound hold within the bound only, so the count below is a lower bound for \
         every pawn structure. On the standard board, where every bound can be run, one pawn \
         file already finds every side that castles after a pawn move and so the same answer \
         as all eight files; sides it leaves not-within-bound castle there only artificially \
         (the README, \"CRC arrays\", gives the runs and why the ten-file run stops at \
         {bound}).\n\n\
         Each positive claim has a witness game, which the tests replay on castle960's \
         two-colour ten-file board (itself checked move for move against Fairy-Stockfish); the \
         verdicts are checked against an independent plain search of the same model, and the \
         fewest moves without a pawn move against a plain search of the whole board.\n\n\
         ## The answer\n\n\
         White can reach a position that requires castling from **{all_requiring} of {n}** \
         arrays (pawns moved on at most {bound} file{plural}), and from {later_requiring} of \
         the {later_n} that pass the later restrictions.\n\n",
        n = analyses.len(),
        later_n = later.len(),
        plural = if bound == PawnBound::ONE { "" } else { "s" },
    );
    // Verdicts by side.
    let _ = writeln!(out, "## The verdicts\n");
    let _ = writeln!(out, "| verdict | a-side (O-O-O) | h-side (O-O) |");
    let _ = writeln!(out, "|---|---:|---:|");
    for verdict in Verdict::ALL {
        let count = |side| {
            analyses
                .iter()
                .filter(|a| a.sides[side].verdict == verdict)
                .count()
        };
        let _ = writeln!(
            out,
            "| {verdict} | {} | {} |",
            count(CastlingSide::A),
            count(CastlingSide::H)
        );
    }
    // Arrays by the pair of verdicts.
    let pairs = analyses
        .iter()
        .map(|a| {
            (
                a.sides[CastlingSide::A].verdict,
                a.sides[CastlingSide::H].verdict,
            )
        })
        .counts();
    let _ = writeln!(out, "\n## Arrays by their two verdicts\n");
    let _ = writeln!(
        out,
        "| a-side | h-side | arrays | requires castling | first array |"
    );
    let _ = writeln!(out, "|---|---|---:|---|---|");
    for ((va, vh), count) in pairs.into_iter().sorted() {
        let first = analyses
            .iter()
            .find(|a| {
                a.sides[CastlingSide::A].verdict == va && a.sides[CastlingSide::H].verdict == vh
            })
            .expect("a pair counted is a pair seen");
        let _ = writeln!(
            out,
            "| {va} | {vh} | {count} | {} | {} {} |",
            if va.requires_castling() || vh.requires_castling() {
                "yes"
            } else {
                "no"
            },
            first.array.index().unwrap_or_default(),
            first.array
        );
    }
    // The fewest moves without a pawn move.
    let mut fewest: BTreeMap<usize, [usize; 2]> = BTreeMap::new();
    for a in analyses {
        for (i, side) in CastlingSide::BOTH.into_iter().enumerate() {
            if let Some(m) = a.sides[side].no_pawn_moves {
                fewest.entry(m).or_default()[i] += 1;
            }
        }
    }
    let _ = writeln!(out, "\n## Castling without a pawn move: the fewest moves\n");
    let _ = writeln!(out, "| moves before castling | a-side | h-side |");
    let _ = writeln!(out, "|---:|---:|---:|");
    for (moves, [a, h]) in fewest {
        let _ = writeln!(out, "| {moves} | {a} | {h} |");
    }
    let _ = writeln!(
        out,
        "\nThe 960's answer under the same model is in `analysis.md`; \
         `castle960 crc show N` explains any array with its games."
    );
    out
}
