//! The Scharnagl numbering agrees with cozy-chess, and SP, back rank and FEN round-trip.

use castle960::Arrangement;
use castle960::chess::{File, Piece};
use castle960::notation::naming::parse_any;

fn cozy_back_rank(sp: u16) -> String {
    let board = cozy_chess::Board::chess960_startpos(sp as u32);
    (0..8)
        .map(|file| {
            let square =
                cozy_chess::Square::new(cozy_chess::File::index(file), cozy_chess::Rank::First);
            match board.piece_on(square).unwrap() {
                cozy_chess::Piece::King => 'K',
                cozy_chess::Piece::Queen => 'Q',
                cozy_chess::Piece::Rook => 'R',
                cozy_chess::Piece::Bishop => 'B',
                cozy_chess::Piece::Knight => 'N',
                cozy_chess::Piece::Pawn => 'P',
            }
        })
        .collect()
}

#[test]
fn numbering_matches_cozy_chess_for_all_960() {
    for sp in 0..960u16 {
        assert_eq!(
            Arrangement::from_sp(sp).unwrap().to_string(),
            cozy_back_rank(sp),
            "SP {sp}"
        );
    }
}

#[test]
fn fen_matches_cozy_chess_shredder_fen() {
    for sp in 0..960u16 {
        let ours = Arrangement::from_sp(sp).unwrap().fen();
        let board = cozy_chess::Board::from_fen(&ours, true).expect("cozy-chess reads our FEN");
        assert_eq!(
            board,
            cozy_chess::Board::chess960_startpos(sp as u32),
            "SP {sp}"
        );
        assert_eq!(
            format!("{board:#}"),
            ours,
            "SP {sp}: cozy-chess writes the same Shredder-FEN"
        );
    }
}

#[test]
fn sp_string_fen_round_trip_for_all_960() {
    let mut seen = std::collections::HashSet::new();
    for sp in 0..960u16 {
        let a = Arrangement::from_sp(sp).unwrap();
        let text = a.to_string();
        let b: Arrangement = text.parse().unwrap();
        let c = Arrangement::from_fen(&b.fen()).unwrap();
        assert_eq!(c.sp(), sp);
        assert_eq!(parse_any(&sp.to_string()).unwrap(), a);
        assert_eq!(parse_any(&text).unwrap(), a);
        assert_eq!(parse_any(&a.fen()).unwrap(), a);
        assert!(seen.insert(text), "SP {sp} repeats an arrangement");
    }
}

#[test]
fn known_numbers() {
    assert_eq!(Arrangement::from_sp(518).unwrap().to_string(), "RNBQKBNR");
    assert_eq!(Arrangement::from_sp(0).unwrap().to_string(), "BBQNNRKR");
    assert_eq!(
        Arrangement::from_sp(518).unwrap().fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
    );
    let a = Arrangement::from_sp(0).unwrap();
    assert_eq!(a.piece_on(File::C), Piece::Queen);
    assert_eq!(
        parse_any("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
            .unwrap()
            .sp(),
        518
    );
    assert_eq!(
        parse_any("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha -")
            .unwrap()
            .sp(),
        518
    );
}
