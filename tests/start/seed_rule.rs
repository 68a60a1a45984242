//! The closed-form rule reproduces the seed's own output for every arrangement, codes included.

use castle960::Arrangement;
use castle960::start::rule;

#[test]
fn all_960_rows_match_the_seed_output() {
    let tsv = include_str!("../data/seed_closed_form.tsv");
    let mut lines = tsv.lines();
    assert_eq!(
        lines.next().unwrap(),
        "sp\tarrangement\ta_castle\ta_have\ta_need\th_castle\th_have\th_need"
    );
    let mut rows = 0;
    for line in lines {
        let f: Vec<&str> = line.split('\t').collect();
        let sp: u16 = f[0].parse().unwrap();
        let arrangement = Arrangement::from_sp(sp).unwrap();
        assert_eq!(arrangement.to_string(), f[1], "arrangement of SP {sp}");
        let cases = rule::evaluate(&arrangement);
        let (a_right, a_have, a_need) = cases.a.seed_encoding();
        let (h_right, h_have, h_need) = cases.h.seed_encoding();
        let ours = format!("{a_right}\t{a_have}\t{a_need}\t{h_right}\t{h_have}\t{h_need}");
        assert_eq!(ours, f[2..].join("\t"), "SP {sp} {}", f[1]);
        rows += 1;
    }
    assert_eq!(rows, 960);
}

#[test]
fn the_rule_counts_599_arrangements() {
    let count = Arrangement::all()
        .filter(|a| rule::requires_castling(&rule::evaluate(a)))
        .count();
    assert_eq!(count, 599);
}
