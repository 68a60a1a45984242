//! The CRC arrays: the numbering against a plain enumeration, the counts against the published
//! figures, and hand-checked arrays.

use super::*;
use std::collections::BTreeSet;

/// Every distinct ordering of the ten men, by plain recursion over the letters left.
fn permutations(left: &mut Vec<char>, rank: &mut String, out: &mut BTreeSet<String>) {
    if left.is_empty() {
        out.insert(rank.clone());
        return;
    }
    for i in 0..left.len() {
        let c = left.remove(i);
        rank.push(c);
        permutations(left, rank, out);
        rank.pop();
        left.insert(i, c);
    }
}

/// Rules 1 and 2 read straight off a back rank's letters.
fn rules_1_and_2(rank: &str) -> bool {
    let at = |c: char| -> Vec<usize> { rank.match_indices(c).map(|(i, _)| i).collect() };
    let (b, r, k) = (at('B'), at('R'), at('K')[0]);
    let (q, a) = (at('Q')[0], at('A')[0]);
    b[0] % 2 != b[1] % 2 && q % 2 != a % 2 && r[0] < k && k < r[1]
}

#[test]
fn the_numbering_gives_every_candidate_of_rules_1_and_2_once() {
    let mut all = BTreeSet::new();
    permutations(
        &mut "KQACRRBBNN".chars().collect(),
        &mut String::new(),
        &mut all,
    );
    assert_eq!(all.len(), 453_600, "10! / (2! 2! 2!) orderings");
    let wanted: BTreeSet<String> = all.into_iter().filter(|r| rules_1_and_2(r)).collect();
    let numbered: Vec<String> = candidates().map(|a| a.to_string()).collect();
    assert_eq!(numbered.len(), 48_000, "Scharnagl's count");
    assert_eq!(numbered.iter().cloned().collect::<BTreeSet<_>>(), wanted);
    assert!(CrcArray::candidate_from_number(48_000).is_none());
}

#[test]
fn the_numbering_follows_the_drawing_steps() {
    // Every digit 0: the queen on the first light square (b1), the archbishop on the first
    // dark square (a1), the bishops on the next light and dark squares (d1, c1), the chancellor
    // on the first square left (e1), the knights on the next two (f1, g1), then R K R.
    assert_eq!(
        CrcArray::candidate_from_number(0).unwrap().to_string(),
        "AQBBCNNRKR"
    );
    // The last: the archbishop first, on j1; the queen on i1; bishops h1, g1; the chancellor on
    // the sixth square left (f1); the knights on the fourth and fifth left (d1, e1); R K R on a-c.
    assert_eq!(
        CrcArray::candidate_from_number(47_999).unwrap().to_string(),
        "RKRNNCBBQA"
    );
}

#[test]
fn crc_has_21836_arrays_and_12118_under_the_later_rules() {
    let crc = arrays();
    assert_eq!(crc.len(), 21_836);
    for (i, a) in crc.iter().enumerate() {
        assert_eq!(a.index(), Some(i as u16));
        assert!(rules_1_and_2(&a.to_string()) && a.pawns_protected());
    }
    assert!(crc.windows(2).all(|w| w[0].candidate() < w[1].candidate()));
    // Wikipedia's figure for the six restrictions (Scharnagl's three, split in four, plus the
    // two added later).
    assert_eq!(
        crc.iter().filter(|a| a.within_later_rules()).count(),
        12_118
    );
}

fn find(rank: &str) -> Option<CrcArray> {
    candidates().find(|a| a.to_string() == rank)
}

#[test]
fn hand_checked_arrays() {
    // Gothic Chess's array is a CRC array under Scharnagl's rules, excluded by the later ones.
    let gothic = find("RNBQCKABNR").unwrap();
    assert!(gothic.pawns_protected() && !gothic.within_later_rules());
    // Capablanca's own array puts queen (e1) and archbishop (c1) on dark squares: no candidate.
    assert!(find("RNABQKBCNR").is_none());
    // ABBCNNRKRQ: the pawn on e2 is defended by nothing (the knights on e1 and f1 reach c2,
    // g2, d2, h2; the chancellor on d1 reaches d2, b2, f2; the bishop on c1 b2, d2).
    let open = find("ABBCNNRKRQ").unwrap();
    assert!(!open.pawns_protected());
    assert!(!arrays().iter().any(|a| a.candidate() == open.candidate()));
    // Rights on the rooks' files, h-side first, and a legal position.
    assert_eq!(
        gothic.fen(),
        "rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w JAja - 0 1"
    );
    assert_eq!(gothic.board().to_string(), gothic.fen());
}

#[test]
fn an_array_is_read_by_number_or_back_rank() {
    use super::CrcArrayError;
    let gothic: CrcArray = "RNBQCKABNR".parse().unwrap();
    assert_eq!(gothic.to_string(), "RNBQCKABNR");
    let index = gothic.index().expect("read from the list");
    assert_eq!(index.to_string().parse::<CrcArray>().unwrap(), gothic);
    assert_eq!(" rnbqckabnr ".parse::<CrcArray>().unwrap(), gothic);
    assert_eq!("0".parse::<CrcArray>().unwrap(), arrays()[0]);
    assert_eq!("21835".parse::<CrcArray>().unwrap(), arrays()[21_835]);
    assert!(matches!(
        "21836".parse::<CrcArray>(),
        Err(CrcArrayError::OutOfRange(_))
    ));
    assert!(matches!(
        "99999999999999999999".parse::<CrcArray>(),
        Err(CrcArrayError::OutOfRange(_))
    ));
    // Capablanca's own array puts queen and archbishop on dark squares: no CRC array.
    assert!(matches!(
        "RNABQKBCNR".parse::<CrcArray>(),
        Err(CrcArrayError::NotAnArray(_))
    ));
    for bad in ["", "-1", "RNBQKBNR", "RNBQCKABN1", "é"] {
        assert!(
            matches!(bad.parse::<CrcArray>(), Err(CrcArrayError::Unreadable(_))),
            "{bad:?}"
        );
    }
}
