use castle960::chess::Rule;
use castle960::start::analysis::analyse_all;
use castle960::start::rules;
use std::time::Instant;
fn main() {
    let t = Instant::now();
    let chess960 = analyse_all();
    eprintln!("chess960 {:.2}s", t.elapsed().as_secs_f64());
    let t = Instant::now();
    let all = rules::analyse_all(&Rule::ALL, &chess960, 8, |_| {});
    eprintln!("rules {:.2}s", t.elapsed().as_secs_f64());
    let t = Instant::now();
    let csv = castle960::report::rules_csv::to_csv(&all);
    eprintln!("rules csv {:.2}s {} bytes", t.elapsed().as_secs_f64(), csv.len());
}
