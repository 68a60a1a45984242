//! Hand-checked ten-file positions: each castling case of the variants' rules, en passant,
//! promotion, and every FEN rule's message; and mutated FENs, which must never panic.

use castle960::ten::fen::CastlingNotation;
use castle960::ten::{Board, Move, Variant};

fn board(fen: &str, variant: Variant) -> Board {
    Board::from_fen(fen, variant).unwrap_or_else(|e| panic!("{e}"))
}

fn mv(text: &str, variant: Variant) -> Move {
    Move::from_uci(text, variant).unwrap()
}

/// The legal castlings, as UCI king-takes-rook moves.
fn castlings(b: &Board) -> Vec<String> {
    b.legal_moves()
        .into_iter()
        .filter(|&m| b.is_castling(m))
        .map(|m| m.to_string())
        .collect()
}

const CRC: Variant = Variant::CAPARANDOM;

#[test]
fn crc_castling_lands_on_c_and_d_or_i_and_h() {
    // King e1, rooks a1 and j1, nothing between: both castlings.
    let b = board("r3k4r/10/10/10/10/10/10/R3K4R w JAja - 0 1", CRC);
    assert_eq!(castlings(&b), ["e1a1", "e1j1"]);
    let long = b.play(mv("e1a1", CRC));
    assert_eq!(
        long.fen(CastlingNotation::Shredder),
        "r3k4r/10/10/10/10/10/10/2KR5R b ja - 1 1"
    );
    let short = b.play(mv("e1j1", CRC));
    assert_eq!(
        short.to_string(),
        "r3k4r/10/10/10/10/10/10/R6RK1 b ja - 1 1"
    );
}

#[test]
fn crc_castling_with_the_king_standing_still_or_passing_its_rook() {
    // King c1, rook a1: the king stays on c1, the rook goes to d1; b1 and d1 must be empty.
    let b = board("4k5/10/10/10/10/10/10/R1K7 w A - 0 1", CRC);
    assert_eq!(castlings(&b), ["c1a1"]);
    assert_eq!(
        b.play(mv("c1a1", CRC)).to_string(),
        "4k5/10/10/10/10/10/10/2KR6 b - - 1 1"
    );
    // A knight on b1, which the rook must cross: no castling.
    let b = board("4k5/10/10/10/10/10/10/RNK7 w A - 0 1", CRC);
    assert!(castlings(&b).is_empty());
    // King g1, rook h1: the king crosses its rook's square to i1, the rook stays on h1.
    let b = board("4k5/10/10/10/10/10/10/6KR2 w H - 0 1", CRC);
    assert_eq!(
        b.play(mv("g1h1", CRC)).to_string(),
        "4k5/10/10/10/10/10/10/7RK1 b - - 1 1"
    );
}

#[test]
fn crc_castling_is_refused_through_an_attacked_square_and_judged_with_the_rook_lifted() {
    // A black rook on g8 attacks g1, which the king crosses from e1 to i1.
    let b = board("4k1r3/10/10/10/10/10/10/R3K4R w JA - 0 1", CRC);
    assert_eq!(castlings(&b), ["e1a1"]);
    // A black queen on a1's side behind the castling rook on b1: with the rook lifted she
    // attacks c1, where the king would land.
    let b = board("4k5/10/10/10/10/10/10/qR2K5 w B - 0 1", CRC);
    assert!(castlings(&b).is_empty());
    // A bishop on g4 attacking the castling rook on j1, a square only the rook leaves:
    // castling stands.
    let b = board("4k5/10/10/10/6b3/10/10/4K4R w J - 0 1", CRC);
    assert_eq!(castlings(&b), ["e1j1"]);
    // In check: no castling.
    let b = board("2k1r5/10/10/10/10/10/10/R3K4R w JA - 0 1", CRC);
    assert!(castlings(&b).is_empty());
}

#[test]
fn janus_and_embassy_castle_to_their_own_squares() {
    let janus = Variant::JANUS;
    let b = board("r3k4r/10/10/10/10/10/10/R3K4R w JAja - 0 1", janus);
    assert_eq!(
        b.play(mv("e1a1", janus)).to_string(),
        "r3k4r/10/10/10/10/10/10/1KR6R b ja - 1 1"
    );
    assert_eq!(
        b.play(mv("e1j1", janus)).to_string(),
        "r3k4r/10/10/10/10/10/10/R6RK1 b ja - 1 1"
    );
    let embassy = Variant::EMBASSY;
    let b = board("r3k4r/10/10/10/10/10/10/R3K4R w JAja - 0 1", embassy);
    assert_eq!(
        b.play(mv("e1a1", embassy)).to_string(),
        "r3k4r/10/10/10/10/10/10/1KR6R b ja - 1 1"
    );
    assert_eq!(
        b.play(mv("e1j1", embassy)).to_string(),
        "r3k4r/10/10/10/10/10/10/R5RK2 b ja - 1 1"
    );
}

#[test]
fn en_passant_and_promotion_to_every_piece_of_the_variant() {
    let b = board("4k5/10/10/3pP5/10/10/10/4K5 w - d6 0 2", CRC);
    assert!(b.legal_moves().contains(&mv("e5d6", CRC)));
    assert_eq!(
        b.play(mv("e5d6", CRC)).to_string(),
        "4k5/10/3P6/10/10/10/10/4K5 b - - 0 2"
    );
    // A double step leaves the square it crossed as the en passant square.
    let b = board("4k5/3p6/10/4P5/10/10/10/4K5 b - - 0 1", CRC);
    assert_eq!(
        b.play(mv("d7d5", CRC)).en_passant(),
        Some("d6".parse().unwrap())
    );
    let promotions = |variant: Variant| -> Vec<String> {
        let b = board("4k5/P9/10/10/10/10/10/4K5 w - - 0 1", variant);
        b.legal_moves()
            .into_iter()
            .filter(|m| m.promotion.is_some())
            .map(|m| m.uci(variant))
            .collect()
    };
    assert_eq!(
        promotions(CRC),
        ["a7a8q", "a7a8c", "a7a8a", "a7a8r", "a7a8b", "a7a8n"]
    );
    assert_eq!(
        promotions(Variant::JANUS),
        ["a7a8q", "a7a8j", "a7a8r", "a7a8b", "a7a8n"]
    );
}

#[test]
fn castling_fields_read_shredder_and_x_fen_and_write_either() {
    let shredder = board(
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w JAja - 0 1",
        CRC,
    );
    let xfen = board(
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
        CRC,
    );
    assert_eq!(shredder, xfen);
    assert!(xfen.fen(CastlingNotation::XFen).contains(" w KQkq - "));
    // An inner rook's right is written with its file letter in X-FEN too.
    let inner = board("4k5/10/10/10/10/10/10/R1R1K4R w CJ - 0 1", CRC);
    assert!(inner.fen(CastlingNotation::XFen).contains(" w KC - "));
}

#[test]
fn every_fen_rule_has_its_one_line_message() {
    let err = |fen: &str, variant: Variant| Board::from_fen(fen, variant).unwrap_err().to_string();
    let cases = [
        ("", "FEN \"\" has 0 field(s)"),
        ("10/10/10/10/10/10/10 w - -", "has 7 rank(s)"),
        ("4k5/10/10/10/10/10/10/4K4 w - -", "rank 1 covers 9 files"),
        ("4k5/10/10/10/10/10/10/4K0 w - -", "rank 1 covers 5 files"),
        (
            "4k5/10/10/10/10/10/10/4K4X w - -",
            "'X' is no piece of caparandom",
        ),
        ("4k5/10/10/10/10/10/10/4K5 x - -", "side to move \"x\""),
        ("4k5/10/10/10/10/10/10/4KK4 w - -", "has 2 white king(s)"),
        ("4k5/10/10/10/10/10/10/P3K5 w - -", "has a pawn on a1"),
        (
            "4k5/4R5/10/10/10/10/10/4K5 w - -",
            "the side not to move is in check",
        ),
        (
            "4k5/10/10/10/10/10/10/4K5 w K -",
            "no rook of that colour stands right of the king",
        ),
        (
            "4k5/10/10/10/10/10/10/4K5 w A -",
            "no rook of that colour stands on that file",
        ),
        (
            "4k5/10/10/10/10/10/10/R1R1K5 w AC -",
            "already has a castling right",
        ),
        (
            "4k5/10/10/10/10/10/4K5/R9 w A -",
            "the king is not on its back rank",
        ),
        (
            "4k5/10/10/10/10/10/10/4K5 w Z -",
            "'Z' is not a castling right",
        ),
        (
            "4k5/10/10/10/10/10/10/4K5 w - e3",
            "on the sixth rank with White to move",
        ),
        (
            "4k5/10/10/10/10/10/10/4K5 w - e6",
            "no pawn stands in front of it",
        ),
        (
            "4k5/10/10/10/10/10/10/4K5 w - - x 1",
            "halfmove clock \"x\"",
        ),
    ];
    for (fen, part) in cases {
        let message = err(fen, CRC);
        assert!(message.contains(part), "{fen}: {message}");
        assert!(!message.contains('\n'), "{message}");
    }
    assert!(
        err("4k5/10/10/10/10/10/10/4K4C w - -", Variant::JANUS)
            .contains("'C' is no piece of janus: use PNBRJQK")
    );
    // Input is quoted escaped and cut.
    let long = format!("{} w - -", "\u{1b}".repeat(500));
    let message = err(&long, CRC);
    assert!(message.contains("\\u{1b}") && message.contains('…') && message.len() < 400);
}

/// 20,000 FENs with a character changed, inserted or removed: each is refused with a message
/// or read into a board that writes back to itself; none panics.
#[test]
fn mutated_fens_never_panic() {
    let seeds = [
        Variant::CAPARANDOM.start_fen(),
        "r3k4r/pp1ppp1ppp/10/2pP6/10/10/PPP1PPPPPP/R3K4R w JAja c6 0 9",
        "4k5/P9/10/10/10/10/10/4K5 w - - 0 1",
    ];
    let alphabet: Vec<char> = "0123456789/ -abcdefghijkKQRBNACJPpqrbnacjwx\u{e9}"
        .chars()
        .collect();
    let mut state = 26u64;
    let mut next = |n: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 33) % n as u64) as usize
    };
    let mut read = 0;
    for i in 0..20_000 {
        let mut chars: Vec<char> = seeds[i % seeds.len()].chars().collect();
        let at = next(chars.len());
        match next(3) {
            0 => chars[at] = alphabet[next(alphabet.len())],
            1 => chars.insert(at, alphabet[next(alphabet.len())]),
            _ => {
                chars.remove(at);
            }
        }
        let fen: String = chars.into_iter().collect();
        for variant in [Variant::CAPARANDOM, Variant::JANUS] {
            if let Ok(b) = Board::from_fen(&fen, variant) {
                read += 1;
                assert_eq!(
                    Board::from_fen(&b.to_string(), variant).as_ref(),
                    Ok(&b),
                    "{fen}"
                );
                let _ = b.legal_moves();
            }
        }
    }
    assert!(read > 1_000, "some mutations stay legal positions: {read}");
}
