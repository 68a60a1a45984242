//! The castling rules on hand-checked positions: each reason, each public bug family of issue 18,
//! and the mistakes of seeds 000 and 003, standard chess and Chess960. Every position is also
//! checked with the colours mirrored (Black in White's place), and the legality of every castling
//! asked about is refereed by cozy-chess and shakmaty.

use crate::castling_support;

use castle960::CastlingSide::{self, A, H};
use castle960::castling::{GameContext, Reason, Status, explain, explain_in_game};
use castle960::notation::uci::{UciError, is_castling, read_uci};
use castling_support::{
    board, cozy_castlings, mirror_fen, mirror_text, shakmaty_castlings, shakmaty_position,
};
use cozy_chess::{Board, Color, Move};
use shakmaty::{CastlingMode, Position};

/// Checks `color`'s castling on `side` in `fen`: its status and its reasons in words, in order.
/// Then the same with the colours mirrored. Both times cozy-chess and shakmaty must agree with the
/// status (castling among their legal moves now, or after a pass).
fn check(fen: &str, color: Color, side: CastlingSide, status: Status, reasons: &[&str]) {
    let mirrored: Vec<String> = reasons.iter().map(|r| mirror_text(r)).collect();
    let original: Vec<String> = reasons.iter().map(|r| r.to_string()).collect();
    for (fen, color, reasons) in [
        (fen.to_string(), color, original),
        (mirror_fen(fen), !color, mirrored),
    ] {
        let b = board(&fen);
        let e = explain(&b);
        let s = &e.sides[color][side];
        let words: Vec<String> = s.reasons.iter().map(|r| r.to_string()).collect();
        assert_eq!(words, reasons, "{fen} {color:?} {side}");
        assert_eq!(s.status, status, "{fen} {color:?} {side}");
        assert_referees_agree(&b, color, side, status);
    }
}

/// cozy-chess and shakmaty (Chess960 castling) agree with `status` on castling's legality.
fn assert_referees_agree(b: &Board, color: Color, side: CastlingSide, status: Status) {
    let (on_turn, legal) = if b.side_to_move() == color {
        (b.clone(), status == Status::LegalNow)
    } else {
        match b.null_move() {
            Some(passed) => (passed, status == Status::LegalOnTurn),
            None => return,
        }
    };
    assert_eq!(
        cozy_castlings(&on_turn).contains(&side),
        legal,
        "cozy-chess, {b:#}"
    );
    let shak = shakmaty_castlings(&shakmaty_position(&on_turn));
    assert_eq!(shak.contains(&side), legal, "shakmaty, {b:#}");
}

const WHITE: Color = Color::White;
const BLACK: Color = Color::Black;
use Status::{LegalNow, LegalOnTurn, NotLegal};

// ---- Each reason -------------------------------------------------------------------------

#[test]
fn right_gone_without_a_game_says_only_that_it_is_gone() {
    let gone = "the right to castle on this side is gone (the position's castling rights do not include it)";
    // Standard: White has only the a-side right.
    check(
        "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1",
        WHITE,
        H,
        NotLegal,
        &[gone],
    );
    // Chess960: king g1, rooks b1 and h1, only the h-side right.
    let fen = "1r4kr/8/8/8/8/8/8/1R4KR w Hh - 0 1";
    check(fen, WHITE, A, NotLegal, &[gone]);
    // Nothing else can be said: the rook's home is unknown.
    assert!(explain(&board(fen)).sides[WHITE][A].castling.is_none());
}

#[test]
fn men_on_squares_that_must_be_empty_are_named_own_and_enemy() {
    // Standard start: the bishop and the knight stand between king and rook.
    check(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        WHITE,
        H,
        NotLegal,
        &[
            "f1 must be empty, but the white bishop stands there",
            "g1 must be empty, but the white knight stands there",
        ],
    );
    // Standard: a knight on b1 is in the rook's way, not the king's: still not legal
    // (lila #15493 asked for these words in lichess's rules text).
    check(
        "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1",
        WHITE,
        A,
        NotLegal,
        &["b1 must be empty, but the white knight stands there"],
    );
    // Chess960: an enemy knight on c1, the king's destination, rook a1 king e1.
    check(
        "1k6/8/8/8/8/8/8/R1n1K3 w A - 0 1",
        WHITE,
        A,
        NotLegal,
        &["c1 must be empty, but the black knight stands there"],
    );
}

#[test]
fn a_king_in_check_names_every_checking_man() {
    // Standard: the bishop on b4 checks; both castlings are forbidden by the check alone.
    let fen = "r3k2r/8/8/8/1b6/8/8/R3K2R w KQkq - 0 1";
    let check_b4 = "the king is in check from the black bishop on b4";
    check(fen, WHITE, A, NotLegal, &[check_b4]);
    check(fen, WHITE, H, NotLegal, &[check_b4]);
    // Chess960, double check by a knight and a rook: king f1, rook h1.
    check(
        "5rk1/8/8/8/8/8/3n4/5K1R w H - 0 1",
        WHITE,
        H,
        NotLegal,
        &["the king is in check from the black knight on d2 and the black rook on f8"],
    );
}

#[test]
fn a_square_the_king_crosses_or_lands_on_is_attacked() {
    // Standard: the bishop on c4 attacks f1, which the king crosses; O-O-O is unaffected.
    let fen = "r3k2r/8/8/8/2b5/8/8/R3K2R w KQkq - 0 1";
    check(
        fen,
        WHITE,
        H,
        NotLegal,
        &["the king would cross f1, attacked by the black bishop on c4"],
    );
    check(fen, WHITE, A, LegalNow, &[]);
    // Standard: the bishop on c5 attacks g1, where the king lands.
    check(
        "r3k2r/8/8/2b5/8/8/8/R3K2R w KQkq - 0 1",
        WHITE,
        H,
        NotLegal,
        &["the king would land on g1, attacked by the black bishop on c5"],
    );
    // Chess960: king b1 crosses c1..f1 to g1 (rook h1); a knight on e3 attacks c2, d1, f1.
    check(
        "k7/8/8/8/8/4n3/8/1K5R w H - 0 1",
        WHITE,
        H,
        NotLegal,
        &[
            "the king would cross d1, attacked by the black knight on e3",
            "the king would cross f1, attacked by the black knight on e3",
        ],
    );
}

#[test]
fn castling_waits_for_its_turn() {
    // Standard, Black to move: White's castlings are legal on White's turn only.
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
    check(fen, WHITE, A, LegalOnTurn, &["it is Black's move"]);
    check(fen, WHITE, H, LegalOnTurn, &["it is Black's move"]);
    check(fen, BLACK, H, LegalNow, &[]);
    // Not legal even on its turn: the turn is one reason among others.
    check(
        "r3k2r/8/8/8/2b5/8/8/R3K2R b KQkq - 0 1",
        WHITE,
        H,
        NotLegal,
        &[
            "the king would cross f1, attacked by the black bishop on c4",
            "it is Black's move",
        ],
    );
}

#[test]
fn castling_out_of_check_stays_illegal_when_the_rook_would_block_the_check() {
    // Chess960: king b1, rook a1, enemy queen e1 checks along the rank. After O-O-O the rook
    // would stand on d1 between queen and king, but castling out of check is never legal.
    check(
        "7k/8/8/8/8/8/8/RK2q3 w A - 0 1",
        WHITE,
        A,
        NotLegal,
        &["the king is in check from the black queen on e1"],
    );
}

// ---- The rights in a game ---------------------------------------------------------------------

/// Plays UCI `moves` (with their SAN, for the explanation's words) from `start` and returns the
/// final position with the game's context.
fn play(start: &str, moves: &[(&str, &str)]) -> (Board, GameContext) {
    let mut b = board(start);
    let mut game = GameContext::new(&b);
    for (uci, san) in moves {
        let mv: Move = uci.parse().unwrap();
        game.play(&mut b, mv, Some(san)).unwrap();
    }
    (b, game)
}

fn reasons_in_game(b: &Board, game: &GameContext, color: Color, side: CastlingSide) -> Vec<String> {
    explain_in_game(b, game).sides[color][side]
        .reasons
        .iter()
        .map(|r| r.to_string())
        .collect()
}

const STANDARD: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn in_a_game_the_move_that_lost_the_right_is_named_and_the_king_not_home() {
    let (b, game) = play(
        STANDARD,
        &[
            ("e2e4", "e4"),
            ("e7e5", "e5"),
            ("e1e2", "Ke2"),
            ("e8e7", "Ke7"),
        ],
    );
    assert_eq!(
        reasons_in_game(&b, &game, WHITE, H),
        [
            "the right to castle on this side is gone: lost at move 2. Ke2 (ply 3): the king moved",
            "the king is not on its home square e1; it stands on e2",
        ]
    );
    assert_eq!(
        reasons_in_game(&b, &game, BLACK, A),
        [
            "the right to castle on this side is gone: lost at move 2... Ke7 (ply 4): the king moved",
            "the king is not on its home square e8; it stands on e7",
            "it is White's move",
        ]
    );
    // Back home, the right stays lost; the board's own reasons are given as well.
    let (b, game) = play(
        STANDARD,
        &[
            ("e2e4", "e4"),
            ("e7e5", "e5"),
            ("e1e2", "Ke2"),
            ("e8e7", "Ke7"),
            ("e2e1", "Ke1"),
            ("e7e8", "Ke8"),
        ],
    );
    assert_eq!(
        reasons_in_game(&b, &game, WHITE, H),
        [
            "the right to castle on this side is gone: lost at move 2. Ke2 (ply 3): the king moved",
            "f1 must be empty, but the white bishop stands there",
            "g1 must be empty, but the white knight stands there",
        ]
    );
}

#[test]
fn in_a_game_a_rook_that_moved_or_was_captured_is_named() {
    // 1. b3 g6 2. Bb2 a6 3. Bxh8: the bishop captures Black's h-side rook at home.
    let (b, game) = play(
        STANDARD,
        &[
            ("b2b3", "b3"),
            ("g7g6", "g6"),
            ("c1b2", "Bb2"),
            ("a7a6", "a6"),
            ("b2h8", "Bxh8"),
        ],
    );
    assert_eq!(
        reasons_in_game(&b, &game, BLACK, H),
        [
            "the right to castle on this side is gone: lost at move 3. Bxh8 (ply 5): the rook was captured",
            "the castling rook is not on its home square h8; the white bishop stands there",
        ]
    );
    // 3... Ra7: Black's a-side rook moves; the square it left is empty.
    let (b, game) = play(
        STANDARD,
        &[
            ("b2b3", "b3"),
            ("g7g6", "g6"),
            ("c1b2", "Bb2"),
            ("a7a6", "a6"),
            ("b2h8", "Bxh8"),
            ("a8a7", "Ra7"),
        ],
    );
    assert_eq!(
        reasons_in_game(&b, &game, BLACK, A),
        [
            "the right to castle on this side is gone: lost at move 3... Ra7 (ply 6): the rook moved",
            "the castling rook is not on its home square a8; the square is empty",
            "it is White's move",
        ]
    );
}

#[test]
fn in_a_game_castling_spends_both_rights() {
    let (b, game) = play(
        STANDARD,
        &[
            ("e2e4", "e4"),
            ("e7e5", "e5"),
            ("g1f3", "Nf3"),
            ("b8c6", "Nc6"),
            ("f1c4", "Bc4"),
            ("f8c5", "Bc5"),
            ("e1h1", "O-O"),
        ],
    );
    assert_eq!(
        reasons_in_game(&b, &game, WHITE, A),
        [
            "the right to castle on this side is gone: lost at move 4. O-O (ply 7): the king castled",
            "the king is not on its home square e1; it stands on g1",
            "it is Black's move",
        ]
    );
    assert_eq!(
        reasons_in_game(&b, &game, WHITE, H),
        [
            "the right to castle on this side is gone: lost at move 4. O-O (ply 7): the king castled",
            "the king is not on its home square e1; it stands on g1",
            "the castling rook is not on its home square h1; the square is empty",
            "it is Black's move",
        ]
    );
}

// ---- The public bug families of issue 18 ---------------------------------------------------

#[test]
fn lila_4625_a_second_rook_on_a_square_the_king_crosses_forbids_castling() {
    // The reported position: king g1, castling rook f1 (O-O-O), the other rook on e1, which the
    // king crosses on its way to c1. Lichess allowed 18. O-O-O.
    check(
        "4rrk1/pbbp2p1/1ppnp3/3n1pqp/3N1PQP/1PPNP3/PBBP2P1/4RRK1 w Ff - 10 18",
        WHITE,
        A,
        NotLegal,
        &["e1 must be empty, but the white rook stands there"],
    );
}

#[test]
fn bishop_6_king_already_on_g1_castles_with_the_rook_alone() {
    // The reported position (BBQNRNKR after 1. Ng3 Ng6): king g1, rook h1, f1 empty.
    let fen = "bbqnr1kr/pppppppp/6n1/8/8/6N1/PPPPPPPP/BBQNR1KR w HEhe - 2 2";
    check(fen, WHITE, H, LegalNow, &[]);
    let n = explain(&board(fen)).sides[WHITE][H]
        .notation
        .clone()
        .unwrap();
    assert_eq!(n.uci_chess960, "g1h1");
    assert_eq!(n.uci_standard, None);
    // The same with the rook already on its destination: king e1, rook d1, O-O-O.
    check("4k2r/8/8/8/8/8/8/3RK3 w Dh - 0 1", WHITE, A, LegalNow, &[]);
}

#[test]
fn bishop_11_an_attacked_castling_rook_does_not_forbid_castling() {
    // The reported position: king b1, rook a1 attacked by the queen on d4; O-O-O is legal.
    check(
        "rk2r2b/ppp2b1p/1n4p1/3p1p2/3q1P2/1P1QN3/P1P1P2P/RK2R1BB w EAea - 0 12",
        WHITE,
        A,
        LegalNow,
        &[],
    );
}

#[test]
fn kokopu_29_calvin_276_castling_into_a_check_the_castling_rook_used_to_block() {
    // Enemy rook a1 behind the castling rook b1, king e1 (the position of Stockfish #3605):
    // once the rook leaves b1, the king crosses d1 and lands on c1 in the rook's line.
    let revealed = "(only once the castling rook has left)";
    check(
        "4k3/8/8/8/8/8/8/rR2K1N1 w B - 0 1",
        WHITE,
        A,
        NotLegal,
        &[
            &format!("the king would cross d1, attacked by the black rook on a1 {revealed}"),
            &format!("the king would land on c1, attacked by the black rook on a1 {revealed}"),
        ],
    );
    // Enemy queen a1, castling rook b1, king c1: the king stays on c1, in check after castling.
    check(
        "7k/8/8/8/8/8/8/qRK5 w B - 0 1",
        WHITE,
        A,
        NotLegal,
        &[&format!(
            "the king would stay on c1, attacked by the black queen on a1 {revealed}"
        )],
    );
}

/// The moves of a SAN game (move numbers and comments removed), read with shakmaty and turned
/// into cozy-chess moves, with their SAN.
fn san_game(start: &str, sans: &str) -> Vec<(String, String)> {
    let mut pos = shakmaty_position(&board(start));
    let mut out = Vec::new();
    for san in sans.split_whitespace().filter(|t| !t.ends_with('.')) {
        let m = san
            .parse::<shakmaty::san::San>()
            .unwrap()
            .to_move(&pos)
            .unwrap_or_else(|e| panic!("{san}: {e}"));
        let uci = shakmaty::uci::UciMove::from_move(m, CastlingMode::Chess960).to_string();
        out.push((uci, san.to_string()));
        pos = pos.play(m).unwrap();
    }
    out
}

#[test]
fn cutechess_15_the_king_takes_rook_castling_with_the_king_on_g8_is_read_and_legal() {
    // The reported game: cutechess-cli declared Black's 15... g8h8 (O-O, king already on g8)
    // illegal.
    let start = "nqrnbbkr/pppppppp/8/8/8/8/PPPPPPPP/NQRNBBKR w HChc - 0 1";
    let moves = san_game(
        start,
        "1. d4 d5 2. c4 dxc4 3. e4 b5 4. Ne3 c5 5. dxc5 e5 6. b4 a5 7. bxa5 Bxc5 8. a4 bxa4 \
         9. Nac2 Nc7 10. Bb4 Bxb4 11. Nxb4 Qb5 12. Rxc4 Qxa5 13. Nbd5 Nxd5 14. Rxc8 Nxe3 15. fxe3",
    );
    let pairs: Vec<(&str, &str)> = moves
        .iter()
        .map(|(u, s)| (u.as_str(), s.as_str()))
        .collect();
    let (b, game) = play(start, &pairs);
    let e = explain_in_game(&b, &game);
    let castle = &e.sides[BLACK][H];
    assert_eq!(castle.status, LegalNow, "{castle}");
    // The engine's move, king takes rook, names this castling; the king-two-squares form does
    // not exist here.
    let mv = read_uci(&b, "g8h8").expect("g8h8 is Black's O-O");
    assert!(is_castling(&b, mv));
    assert_eq!(castle.castling.unwrap().king_takes_rook(), mv);
    let n = castle.notation.clone().unwrap();
    assert_eq!(
        (n.san.as_str(), n.uci_chess960.as_str(), n.uci_standard),
        ("O-O", "g8h8", None)
    );
    assert!(cozy_castlings(&b).contains(&H));
    // The game's lost rights, hand-checked: 12. Rxc4 moved White's c-rook, 14. Rxc8 took
    // Black's.
    let lost = |color: Color| match &e.sides[color][A].reasons[0] {
        Reason::RightGone { lost } => format!("{lost:?}"),
        other => panic!("{other:?}"),
    };
    assert!(
        lost(WHITE).contains("ply: 23") && lost(WHITE).contains("RookMoved"),
        "{}",
        lost(WHITE)
    );
    assert!(
        lost(BLACK).contains("ply: 27") && lost(BLACK).contains("RookCaptured"),
        "{}",
        lost(BLACK)
    );
}

#[test]
fn lila_2514_a_rook_on_the_b_file_castles_and_has_no_king_two_squares_form() {
    // The reported position: king e1, rooks b1 and h1; lichess's "move the king two squares"
    // filter hid O-O. Both castlings are legal; only O-O has the standard form.
    let fen = "1q3rk1/ppnp1b1p/1n4p1/2NP1p2/2P1p3/2Q1P2P/PP2BPP1/1R2K2R w HB - 3 15";
    check(fen, WHITE, A, LegalNow, &[]);
    check(fen, WHITE, H, LegalNow, &[]);
    let b = board(fen);
    let e = explain(&b);
    let (long, short) = (
        e.sides[WHITE][A].notation.clone().unwrap(),
        e.sides[WHITE][H].notation.clone().unwrap(),
    );
    assert_eq!(
        (long.uci_chess960.as_str(), long.uci_standard),
        ("e1b1", None)
    );
    assert_eq!(long.gui_standard, None);
    assert_eq!(
        (short.uci_chess960.as_str(), short.uci_standard.as_deref()),
        ("e1h1", Some("e1g1"))
    );
    assert_eq!(read_uci(&b, "e1g1").unwrap().to_string(), "e1h1");
    assert_eq!(read_uci(&b, "e1b1").unwrap().to_string(), "e1b1");
    assert!(
        matches!(
            read_uci(&b, "e1c1"),
            Err(UciError::NoStandardCastling { .. })
        ),
        "no two-squares form with the rook on b1"
    );
    // The game's next position: Black's O-O (14... O-O was played) is legal too.
    check(
        "1q2k2r/ppnp1b1p/1n4p1/2NP1p2/2P1p3/2Q1P2P/PP2BPP1/1R2K2R b HBh - 2 14",
        BLACK,
        H,
        LegalNow,
        &[],
    );
}

#[test]
fn the_king_may_cross_its_own_castling_rook() {
    // Chess960: king b1, rook c1, O-O: the king crosses c1 to g1, the rook goes to f1.
    check("7k/8/8/8/8/8/8/1KR5 w C - 0 1", WHITE, H, LegalNow, &[]);
}

// ---- The seeds' mistakes -----------------------------------------------------------------

/// Seed 000's attack test for O-O, ported as it is written (for `color`): enemy pawns on the
/// four squares in front of e1..h1, then every enemy rook, knight, bishop and queen that can
/// reach f1 or g1. Its `is_king_in_check` is not shown; modelled on the same pieces.
fn seed_000_can_castle_short(b: &Board, color: Color) -> bool {
    use cozy_chess::{File, Piece, Rank, Square};
    let back = Rank::First.relative_to(color);
    let second = Rank::Second.relative_to(color);
    let at = |f: File, r: Rank| Square::new(f, r);
    let enemy = !color;
    let seed_attacks = |square: Square, occupied: cozy_chess::BitBoard| {
        let them = b.colors(enemy);
        let reach = (cozy_chess::get_knight_moves(square) & b.pieces(Piece::Knight))
            | (cozy_chess::get_bishop_moves(square, occupied)
                & (b.pieces(Piece::Bishop) | b.pieces(Piece::Queen)))
            | (cozy_chess::get_rook_moves(square, occupied)
                & (b.pieces(Piece::Rook) | b.pieces(Piece::Queen)))
            | (cozy_chess::get_pawn_attacks(square, color) & b.pieces(Piece::Pawn));
        !(reach & them).is_empty()
    };
    let rights_ok = b.side_to_move() == color && b.castle_rights(color).short == Some(File::H);
    let shape_ok = b.king(color) == at(File::E, back)
        && b.piece_on(at(File::F, back)).is_none()
        && b.piece_on(at(File::G, back)).is_none()
        && b.colored_pieces(color, Piece::Rook).has(at(File::H, back));
    if !(rights_ok && shape_ok) || seed_attacks(at(File::E, back), b.occupied()) {
        return false;
    }
    let castled = b.occupied() ^ at(File::E, back).bitboard() ^ at(File::H, back).bitboard()
        | at(File::F, back).bitboard()
        | at(File::G, back).bitboard();
    if seed_attacks(at(File::G, back), castled) {
        return false;
    }
    let pawns_in_front = [File::E, File::F, File::G, File::H]
        .into_iter()
        .any(|f| b.colored_pieces(enemy, Piece::Pawn).has(at(f, second)));
    !pawns_in_front
        && !seed_attacks(at(File::F, back), b.occupied())
        && !seed_attacks(at(File::G, back), b.occupied())
}

#[test]
fn seed_000_missed_an_enemy_king_beside_f1_and_g1() {
    // The black king on g2 attacks f1 and g1; seed 000's test never counts a king.
    let fen = "8/8/8/8/8/8/6k1/4K2R w K - 0 1";
    check(
        fen,
        WHITE,
        H,
        NotLegal,
        &[
            "the king would cross f1, attacked by the black king on g2",
            "the king would land on g1, attacked by the black king on g2",
        ],
    );
    for (fen, color) in [(fen.to_string(), WHITE), (mirror_fen(fen), BLACK)] {
        assert!(
            seed_000_can_castle_short(&board(&fen), color),
            "the seed says yes: {fen}"
        );
    }
    // The port is faithful where the seed is right: a bishop on c4 attacking f1 is seen.
    assert!(!seed_000_can_castle_short(
        &board("4k3/8/8/8/2b5/8/8/4K2R w K - 0 1"),
        WHITE
    ));
}

/// Seed 003's castling test, ported as it is written: the squares from the rook's corner to the
/// king (a1..d1 or e1..h1, the rook's own square included) must not be attacked (its
/// `ColorThreatensSquare`, here shakmaty's attack sets), besides the king on e1 and the empty
/// squares.
fn seed_003_can_castle(b: &Board, color: Color, side: CastlingSide) -> bool {
    let pos = shakmaty_position(b);
    let (us, enemy) = match color {
        WHITE => (shakmaty::Color::White, shakmaty::Color::Black),
        BLACK => (shakmaty::Color::Black, shakmaty::Color::White),
    };
    let back = us.backrank();
    let files: &[usize] = match side {
        A => &[0, 1, 2, 3],
        H => &[7, 6, 5, 4],
    };
    let board = pos.board();
    let square = |f: usize| shakmaty::Square::from_coords(shakmaty::File::new(f as u32), back);
    let king_home = board.king_of(us) == Some(square(4));
    let rook_home = board.role_at(square(files[0])) == Some(shakmaty::Role::Rook);
    let empty = files[1..files.len() - 1]
        .iter()
        .all(|&f| board.piece_at(square(f)).is_none());
    let threatened = files
        .iter()
        .any(|&f| board.attacks_to(square(f), enemy, board.occupied()).any());
    b.side_to_move() == color && king_home && rook_home && empty && !threatened
}

#[test]
fn seed_003_wrongly_forbade_castling_when_the_rook_or_its_path_is_attacked() {
    // Standard: the bishop on e4 attacks h1 (the rook) and b1 (which only the rook crosses).
    // Both castlings are legal; seed 003 forbids both.
    let fen = "r3k2r/8/8/8/4b3/8/8/R3K2R w KQkq - 0 1";
    check(fen, WHITE, A, LegalNow, &[]);
    check(fen, WHITE, H, LegalNow, &[]);
    // The position of lila #9010: the bishop on f4 attacks b8; Black's O-O-O is legal.
    let lila_9010 = "r3k2r/pp2ppbp/2n3p1/3p3P/3P1B2/4P3/PP1K1PP1/R4B1R b kq - 0 1";
    check(lila_9010, BLACK, A, LegalNow, &[]);
    for (fen, color) in [
        (fen.to_string(), WHITE),
        (mirror_fen(fen), BLACK),
        (lila_9010.to_string(), BLACK),
        (mirror_fen(lila_9010), WHITE),
    ] {
        let b = board(&fen);
        assert!(
            !seed_003_can_castle(&b, color, A),
            "the seed says no: {fen}"
        );
    }
    assert!(!seed_003_can_castle(&board(fen), WHITE, H));
    // The port is faithful where the seed is right: with nothing attacked it allows castling.
    assert!(seed_003_can_castle(
        &board("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"),
        WHITE,
        A
    ));
}

// ---- Notation ----------------------------------------------------------------------------

#[test]
fn san_marks_a_castling_that_checks_or_mates() {
    let san = |fen: &str| {
        explain(&board(fen)).sides[WHITE][H]
            .notation
            .clone()
            .unwrap()
            .san
    };
    // The rook lands on f1 and checks the king on f8.
    assert_eq!(san("5k2/8/8/8/8/8/8/4K2R w K - 0 1"), "O-O+");
    // The king on f8 is boxed in by its own rooks and pawns: mate.
    assert_eq!(san("4rkr1/4p1p1/8/8/8/8/8/4K2R w K - 0 1"), "O-O#");
    // On Black's turn the mark is what castling would give after a pass.
    assert_eq!(san("4rkr1/4p1p1/8/8/8/8/8/4K2R b K - 0 1"), "O-O#");
    assert_eq!(san("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), "O-O");
}

#[test]
fn the_gui_instructions_say_where_to_drop_the_king() {
    let e = explain(&board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    let n = e.sides[BLACK][A].notation.clone().unwrap();
    assert_eq!(
        n.gui_chess960,
        "drop the king from e8 onto its own rook on a8"
    );
    assert_eq!(
        n.gui_standard.as_deref(),
        Some("move the king two squares, from e8 to c8; the rook on a8 follows to d8")
    );
    assert_eq!(n.uci_standard.as_deref(), Some("e8c8"));
}
