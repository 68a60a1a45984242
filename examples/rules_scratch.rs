use castle960::chess::{CastlingSide, Rule, CastlingPath, File};
use castle960::start::search::{no_pawn, pawn};
use castle960::Arrangement;
use std::collections::BTreeMap;
use std::time::Instant;
fn main() {
    let rule: Rule = std::env::args().nth(1).unwrap().parse().unwrap(); let bound: usize = std::env::var("BOUND").map(|b| b.parse().unwrap()).unwrap_or(8);
    let only: Option<(char,char)> = std::env::args().nth(2).map(|s| { let c: Vec<char> = s.chars().collect(); (c[0], c[1]) });
    let mut groups: BTreeMap<CastlingPath, Vec<Arrangement>> = BTreeMap::new();
    for a in Arrangement::all() {
        for side in CastlingSide::BOTH {
            for p in rule.paths(a.king_file(), a.rook_file(side)) {
                if let Some((k, t)) = only { if p.king_from() != File::index((k as u8 - b'a') as usize) || p.king_to() != File::index((t as u8 - b'a') as usize) { continue; } }
                if no_pawn::search(&a, p).is_none() { groups.entry(p.unnamed()).or_default().push(a); }
            }
        }
    }
    let mut total = 0.0;
    for (path, members) in &groups {
        let t = Instant::now();
        let safe = castle960::start::search::swap::SafeStructures::of(*path, bound).count();
        let t_tab = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let d = pawn::decide_group(members, *path, bound);
        let t_dec = t.elapsed().as_secs_f64();
        let t = Instant::now();
        for (a, dec) in members.iter().zip(&d) { let _ = if dec.unwalkable { pawn::analyse(a, *path, bound) } else { pawn::witness(a, *path, bound) }; }
        let t_wit = t.elapsed().as_secs_f64();
        total += t_tab + t_dec + t_wit;
        let unw = d.iter().filter(|x| x.unwalkable).count();
        println!("K{:?} R{:?} -> K{:?} R{:?} n={} safe={} unwalkable={} tables {:.2}s decide {:.2}s witness {:.2}s", path.king_from(), path.rook_from(), path.king_to(), path.rook_to(), members.len(), safe, unw, t_tab, t_dec, t_wit);
    }
    println!("total {total:.1}s");
}
