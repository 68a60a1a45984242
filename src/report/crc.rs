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
use crate::words;
use itertools::Itertools;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The default place of the CRC report, relative to the working directory.
pub const DEFAULT_PATH: &str = "output/crc_castling.csv";

/// The default place of the CRC analysis document.
pub const DOC_PATH: &str = "output/crc_analysis.md";

/// How the CRC report starts: its header is fixed, so it needs no mark of its own.
pub const CSV_SIGNATURE: &[u8] = b"index,candidate,array,";

/// One castling side of one CRC array.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
    pub castling: String,
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

/// `moves` in SAN, played from the array's start on White's ten-file board, each with whether
/// a pawn made it.
fn san_line(array: &CrcArray, moves: &[Move]) -> Vec<(String, bool)> {
    let mut board = TenWhiteBoard::start(array);
    moves
        .iter()
        .map(|&mv| {
            let pawn = board.piece_on(mv.from) == Some(Piece::Pawn);
            let san = board.san(mv);
            board
                .play(mv)
                .expect("the analysis's lines are legal on White's board");
            (san, pawn)
        })
        .collect()
}

/// The SANs of `line`, space separated; only the pawns' moves when `pawns_only`.
fn sans(line: &[(String, bool)], pawns_only: bool) -> String {
    line.iter()
        .filter(|(_, pawn)| *pawn || !pawns_only)
        .map(|(san, _)| san)
        .join(" ")
}

/// "1 file", "2 files": the pawn bound in words.
pub fn files(n: usize) -> String {
    words::count(n, "file", "files")
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
        let castle = san_line(a, &s.castle_line);
        CrcRow {
            index: a.index().expect("the analysed arrays are CRC arrays"),
            candidate: a.candidate(),
            array: a.to_string(),
            fen: a.fen(),
            later_rules: a.within_later_rules(),
            side,
            castling: side.san().to_string(),
            king: first_rank(c.king),
            king_to: first_rank(c.king_to),
            rook: first_rank(c.rook),
            rook_to: first_rank(c.rook_to),
            verdict: s.verdict,
            moves: s.no_pawn_moves,
            pawn_moves: sans(&castle, true),
            castle_line: sans(&castle, false),
            walk_line: s
                .walk_line
                .as_deref()
                .map(|w| sans(&san_line(a, w), false))
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

/// The rows of `analyses`, two per array (a-side first) in the analyses' order: what the CSV
/// report holds and the document counts.
pub fn rows(analyses: &[CrcAnalysis]) -> Vec<CrcRow> {
    analyses.iter().flat_map(CrcRow::both).collect()
}

/// The CSV report of `rows`.
pub fn to_csv(rows: &[CrcRow]) -> Vec<u8> {
    let mut writer = ::csv::Writer::from_writer(Vec::new());
    for row in rows {
        writer
            .serialize(row)
            .expect("writing to memory cannot fail");
    }
    writer.into_inner().expect("writing to memory cannot fail")
}

/// The rows of a CSV report as [`to_csv`] writes it (the committed report, for the tests).
pub fn read_csv(csv: &[u8]) -> Result<Vec<CrcRow>, ::csv::Error> {
    ::csv::Reader::from_reader(csv).deserialize().collect()
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
            "castles without a pawn move, after {} at the fewest",
            words::count(row.moves.unwrap_or(0), "White move", "White moves")
        ),
        Verdict::AfterPawnMove => "castles only after a pawn move, into a position that no \
                                   castle-free game reaches"
            .to_string(),
        Verdict::ArtificialOnly => "castles only after a pawn move, and every castled position \
                                    is also reached by walking king and rook there"
            .to_string(),
        Verdict::NotWithinBound => format!(
            "cannot castle with pawns moved on at most {}",
            files(row.pawn_files)
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
        "\nWhite {} reach a position that requires castling (pawns moved on at most {}).",
        if a.requires_castling { "can" } else { "cannot" },
        files(a.pawn_files)
    );
    out
}

/// The analysis document of the CRC arrays: the model, the answer and the tables, every figure
/// counted from `rows` (two per array, as [`rows`] gives them: all 21,836 arrays, or the sample
/// the run was asked for). It depends on the rows alone, so the tests rebuild it from the
/// committed CSV report.
///
/// `bound` is the pawn bound the analyses were made with (every row carries it too; the
/// document states it even when no array was analysed).
pub fn document(rows: &[CrcRow], bound: PawnBound) -> String {
    // An array's two rows: the a-side's, then the h-side's.
    let arrays: Vec<(&CrcRow, &CrcRow)> = rows.chunks(2).map(|p| (&p[0], &p[1])).collect();
    let later = arrays.iter().filter(|(a, _)| a.later_rules).count();
    let all_requiring = arrays.iter().filter(|(a, _)| a.requires_castling).count();
    let later_requiring = arrays
        .iter()
        .filter(|(a, _)| a.later_rules && a.requires_castling)
        .count();
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
         pawns moved on at most **{files}**: ranks 1 and 2 exact, the men beyond \
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
         (the README, \"Capablanca Random Chess arrays\", gives the runs and why the ten-file run stops at \
         {bound}).\n\n\
         Each positive claim has a witness game, which the tests replay on castle960's \
         two-colour ten-file board (itself checked move for move against Fairy-Stockfish); the \
         verdicts are checked against an independent plain search of the same model, and the \
         fewest moves without a pawn move against a plain search of the whole board.\n\n\
         ## The answer\n\n\
         White can reach a position that requires castling from **{all_requiring} of {n}** \
         arrays (pawns moved on at most {files}), and from {later_requiring} of \
         the {later_n} that pass the later restrictions.\n\n",
        n = arrays.len(),
        later_n = later,
        files = files(bound.files()),
    );
    // Verdicts by side.
    let _ = writeln!(out, "## The verdicts\n");
    let _ = writeln!(out, "| verdict | a-side (O-O-O) | h-side (O-O) |");
    let _ = writeln!(out, "|---|---:|---:|");
    for verdict in Verdict::ALL {
        let count = |side| {
            rows.iter()
                .filter(|r| r.side == side && r.verdict == verdict)
                .count()
        };
        let _ = writeln!(
            out,
            "| {verdict} | {} | {} |",
            count(CastlingSide::A),
            count(CastlingSide::H)
        );
    }
    // Arrays by the pair of verdicts, each with the first array that has it.
    let mut pairs: BTreeMap<(Verdict, Verdict), (usize, &CrcRow)> = BTreeMap::new();
    for &(a, h) in &arrays {
        pairs.entry((a.verdict, h.verdict)).or_insert((0, a)).0 += 1;
    }
    let _ = writeln!(out, "\n## Arrays by their two verdicts\n");
    let _ = writeln!(
        out,
        "| a-side | h-side | arrays | requires castling | first array |"
    );
    let _ = writeln!(out, "|---|---|---:|---|---|");
    for ((va, vh), (count, first)) in pairs {
        let _ = writeln!(
            out,
            "| {va} | {vh} | {count} | {} | {} {} |",
            if va.requires_castling() || vh.requires_castling() {
                "yes"
            } else {
                "no"
            },
            first.index,
            first.array
        );
    }
    // The fewest moves without a pawn move.
    let mut fewest: BTreeMap<usize, [usize; 2]> = BTreeMap::new();
    for r in rows {
        if let Some(m) = r.moves {
            fewest.entry(m).or_default()[usize::from(r.side == CastlingSide::H)] += 1;
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
