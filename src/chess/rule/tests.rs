//! The rules' castlings on hand-checked cases.

use super::*;

/// The castlings of `rule` for king and rook on the named files of eight, as
/// `(king_to, rook_to, empty, safe)` with files as letters.
fn castlings(rule: Rule, king: char, rook: char) -> Vec<(char, char, String, String)> {
    let file = |c: char| c as u8 - b'a';
    let letters = |mask: u16| {
        (0..8u8)
            .filter(|f| mask & 1 << f != 0)
            .map(|f| (b'a' + f) as char)
            .collect()
    };
    rule.castlings(8, file(king), file(rook))
        .into_iter()
        .map(|g| {
            let letter = |f: u8| (b'a' + f) as char;
            (
                letter(g.king_to),
                letter(g.rook_to),
                letters(g.empty),
                letters(g.safe),
            )
        })
        .collect()
}

fn one(king_to: char, rook_to: char, empty: &str, safe: &str) -> (char, char, String, String) {
    (king_to, rook_to, empty.to_string(), safe.to_string())
}

#[test]
fn chess960_lands_on_c_d_and_g_f_whatever_the_start() {
    let r = Rule::CHESS960;
    assert_eq!(castlings(r, 'e', 'h'), [one('g', 'f', "fg", "efg")]);
    assert_eq!(castlings(r, 'e', 'a'), [one('c', 'd', "bcd", "cde")]);
    // King b1, rook a1: the king crosses nothing and lands on c1, the rook on d1.
    assert_eq!(castlings(r, 'b', 'a'), [one('c', 'd', "cd", "bc")]);
    // King g1, rook h1: the king stays, the rook goes to f1.
    assert_eq!(castlings(r, 'g', 'h'), [one('g', 'f', "f", "g")]);
    // King e1, rook f1: the king passes over its rook, which stays.
    assert_eq!(castlings(r, 'e', 'f'), [one('g', 'f', "g", "efg")]);
    assert!(!r.several_per_side() && r.may_give_check() && r.slides());
}

#[test]
fn chess480_moves_the_king_two_squares_and_exchanges_in_the_corner() {
    let r = Rule::CHESS480;
    assert_eq!(castlings(r, 'e', 'h'), [one('g', 'f', "fg", "efg")]);
    assert_eq!(castlings(r, 'e', 'a'), [one('c', 'd', "bcd", "cde")]);
    // The king passes over the rook on f1, which is already on the square it crossed.
    assert_eq!(castlings(r, 'e', 'f'), [one('g', 'f', "g", "efg")]);
    // The king lands on the rook's square; the rook goes to the square it crossed.
    assert_eq!(castlings(r, 'f', 'h'), [one('h', 'g', "g", "fgh")]);
    assert_eq!(castlings(r, 'c', 'a'), [one('a', 'b', "b", "abc")]);
    // King and rook adjacent in a corner: the king cannot move two squares; they exchange.
    assert_eq!(castlings(r, 'g', 'h'), [one('h', 'g', "", "gh")]);
    assert_eq!(castlings(r, 'b', 'a'), [one('a', 'b', "", "ab")]);
    // Adjacent but not in a corner: the king passes over the rook instead.
    assert_eq!(castlings(r, 'c', 'b'), [one('a', 'b', "a", "abc")]);
    assert!(!r.several_per_side());
}

/// Chess480 is the same in mirror-image arrays (hence 480 = 960 / 2): mirroring king and rook
/// mirrors every castling.
#[test]
fn chess480_castlings_mirror_with_the_array() {
    let m = |f: u8| 7 - f;
    let mut pairs = 0;
    for king in 0..8 {
        for rook in (0..8).filter(|&r| r != king) {
            let here = Rule::CHESS480.castlings(8, king, rook);
            let there = Rule::CHESS480.castlings(8, m(king), m(rook));
            let mirrored: Vec<Geometry> = there.iter().map(|g| g.mirrored(8)).collect();
            assert_eq!(here, mirrored, "king {king}, rook {rook}");
            assert_eq!(here[0].mirrored(8).mirrored(8), here[0]);
            assert_eq!(here.len(), 1);
            pairs += 1;
        }
    }
    assert_eq!(pairs, 56);
    // Chess960's castlings do not mirror: the king lands on c1 but on g1, not f1.
    assert_ne!(
        Rule::CHESS960.castlings(8, 4, 0)[0].king_to,
        7 - Rule::CHESS960.castlings(8, 3, 7)[0].king_to
    );
}

#[test]
fn free_castling_lets_the_king_go_into_the_corner_and_the_rook_onto_any_square_it_left() {
    let r = Rule::FREE;
    assert_eq!(
        castlings(r, 'e', 'h'),
        [
            one('f', 'e', "fg", "ef"),
            one('g', 'e', "fg", "efg"),
            one('g', 'f', "fg", "efg"),
            one('h', 'e', "fg", "efgh"),
            one('h', 'f', "fg", "efgh"),
            one('h', 'g', "fg", "efgh"),
        ]
    );
    // King and rook adjacent: the king steps onto the rook's square, the rook onto the king's.
    assert_eq!(castlings(r, 'e', 'f'), [one('f', 'e', "", "ef")]);
    assert!(r.several_per_side() && r.rook_varies() && !r.may_give_check());
}

#[test]
fn flexible_castling_stops_before_the_rook() {
    let r = Rule::FLEXIBLE;
    assert_eq!(castlings(r, 'e', 'h'), [one('g', 'f', "fg", "efg")]);
    assert_eq!(
        castlings(r, 'e', 'a'),
        [one('c', 'd', "bcd", "cde"), one('b', 'c', "bcd", "bcde")]
    );
    // The rook within two squares: the king cannot move two squares and stop before it.
    assert!(castlings(r, 'e', 'g').is_empty());
    assert!(castlings(r, 'b', 'a').is_empty());
    assert!(r.several_per_side() && !r.rook_varies());
}

#[test]
fn fast_castling_leaps_and_needs_only_the_landing_square_empty() {
    let r = Rule::FAST;
    assert_eq!(
        castlings(r, 'e', 'h'),
        [one('f', 'e', "f", "ef"), one('g', 'e', "g", "eg")]
    );
    assert_eq!(
        castlings(r, 'd', 'a'),
        [one('c', 'd', "c", "cd"), one('b', 'd', "b", "bd")]
    );
    // The rook beside the king: no square between to leap to.
    assert!(castlings(r, 'g', 'h').is_empty());
    assert!(!r.slides());
}

#[test]
fn rules_read_by_name_in_any_case_and_name_the_rules_when_unknown() {
    for rule in Rule::ALL {
        assert_eq!(rule.name().parse::<Rule>(), Ok(rule));
        assert_eq!(rule.name().to_uppercase().parse::<Rule>(), Ok(rule));
    }
    let err = "roman".parse::<Rule>().unwrap_err().to_string();
    assert_eq!(
        err,
        "\"roman\" is no castling rule; the rules are chess960, chess480, free, flexible, fast"
    );
}

/// Every castling of every rule swaps the order of king and rook on the rank: the rook ends
/// on the side of the king it did not start on. The start-position half relies on it (on a
/// first rank full of pawns' neighbours no piece passes another, so a castled position
/// reached without a pawn move always required castling).
#[test]
fn every_castling_swaps_king_and_rook() {
    for rule in Rule::ALL.into_iter().chain(Rule::TEN_FILES) {
        for width in [8u8, 10] {
            for king in 0..width {
                for rook in (0..width).filter(|&r| r != king) {
                    for g in rule.castlings(width, king, rook) {
                        assert_eq!((g.rook < g.king), (g.rook_to > g.king_to), "{rule} {g:?}");
                        assert_eq!(g.empty & (1 << g.king | 1 << g.rook), 0);
                        assert_ne!(g.safe & 1 << g.king, 0, "the king's own square");
                        assert_ne!(g.safe & 1 << g.king_to, 0, "the king's landing square");
                    }
                }
            }
        }
    }
}

/// The ten-file castlings as Fairy-Stockfish's `variant.cpp` sets them: the king on
/// `castlingKingsideFile` or `castlingQueensideFile`, the rook beside it toward the centre.
#[test]
fn ten_file_rules_land_where_fairy_stockfish_lands_them() {
    let ten = |rule: Rule, king: u8, rook: u8| {
        let g = rule.castlings(10, king, rook);
        assert_eq!(g.len(), 1, "{rule}: one castling per side");
        (g[0].king_to, g[0].rook_to)
    };
    let (a, b, c, d, e, f, g, h, i, j) = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
    // Capablanca, Gothic and CRC: FILE_C and FILE_I, as Chess960's rule gives on ten files.
    assert_eq!(ten(Rule::CHESS960, f, j), (i, h));
    assert_eq!(ten(Rule::CHESS960, f, a), (c, d));
    // Janus (king e1): FILE_B and FILE_I.
    assert_eq!(ten(Rule::JANUS, e, j), (i, h));
    assert_eq!(ten(Rule::JANUS, e, a), (b, c));
    // Embassy (king e1): FILE_B and FILE_H, three squares either way.
    assert_eq!(ten(Rule::EMBASSY, e, j), (h, g));
    assert_eq!(ten(Rule::EMBASSY, e, a), (b, c));
    for rule in Rule::TEN_FILES {
        assert!(!Rule::ALL.contains(&rule) && !rule.several_per_side());
    }
}
