//! Differential test of the castling rules: on positions from seeded, biased random games from
//! all 960 start positions, the castlings `castling::explain` calls legal are exactly the legal
//! castling moves of cozy-chess and of shakmaty (Chess960 castling mode), for the colour to move
//! and, after a pass, for the other colour; "legal" always comes with no reason and "not legal"
//! with at least one; and the fast path [`legal_castlings`] says what `explain` says.

use crate::castling_support;

use castle960::CastlingSide;
use castle960::castling::{Reason, Status, explain, legal_castlings};
use castle960::chess::Rule;
use castling_support::{
    cozy_castlings, random_game_positions, shakmaty_castlings, shakmaty_position,
};
use cozy_chess::{Board, Color};
use std::collections::BTreeMap;

/// The sides `color` may castle on in `board` by `status`.
fn sides_with(board: &Board, color: Color, status: Status) -> Vec<CastlingSide> {
    let e = explain(board);
    CastlingSide::BOTH
        .into_iter()
        .filter(|&side| e.sides[color][side].status == status)
        .collect()
}

#[test]
fn legal_castlings_equal_cozy_chess_and_shakmaty_on_positions_of_random_games() {
    let mut positions = 0usize;
    let mut differences = Vec::new();
    // How often each reason stood on a side whose right stands, and how many castlings were legal:
    // printed, and checked to be present, so the games are known to exercise every rule.
    let mut seen: BTreeMap<&'static str, usize> = BTreeMap::new();
    random_game_positions(4, 60, |board| {
        positions += 1;
        let e = explain(board);
        for side_e in e.iter() {
            match side_e.status {
                Status::LegalNow | Status::LegalOnTurn => {
                    // The Chess960 geometries the rules must get right, among legal castlings.
                    if let Some(c) = &side_e.castling {
                        if c.king == c.king_to {
                            *seen.entry("legal_king_already_on_destination").or_default() += 1;
                        }
                        if c.rook == c.rook_to {
                            *seen.entry("legal_rook_already_on_destination").or_default() += 1;
                        }
                        if c.king_path_set().has(c.rook) {
                            *seen.entry("legal_king_crosses_its_rook").or_default() += 1;
                        }
                    }
                    assert!(
                        side_e
                            .reasons
                            .iter()
                            .all(|r| matches!(r, Reason::NotYourTurn { .. })),
                        "{board:#}: {side_e}"
                    );
                    *seen
                        .entry(if side_e.status == Status::LegalNow {
                            "legal_now"
                        } else {
                            "legal_on_turn"
                        })
                        .or_default() += 1;
                }
                Status::NotLegal => assert!(!side_e.reasons.is_empty(), "{board:#}"),
            }
            if side_e.castling.is_some() {
                for r in &side_e.reasons {
                    *seen.entry(r.kind()).or_default() += 1;
                    if let Reason::Attacked { by, .. } = r
                        && by.iter().any(|a| a.revealed)
                    {
                        *seen.entry("attacked_revealed").or_default() += 1;
                    }
                }
            }
        }
        let to_move = board.side_to_move();
        let mine = sides_with(board, to_move, Status::LegalNow);
        // The fast path the referee uses says the same as the explanation.
        let fast: Vec<CastlingSide> = legal_castlings(board, Rule::CHESS960)
            .iter()
            .map(|c| c.side)
            .collect();
        if fast != mine {
            differences.push(format!(
                "{board:#}: explain {mine:?} legal_castlings {fast:?}"
            ));
        }
        let cozy = cozy_castlings(board);
        let shak = shakmaty_castlings(&shakmaty_position(board));
        if mine != cozy || mine != shak {
            differences.push(format!(
                "{board:#}: mine {mine:?} cozy {cozy:?} shakmaty {shak:?}"
            ));
        }
        // The other colour, after a pass (when the colour to move is not in check).
        if let Some(passed) = board.null_move() {
            let mine = sides_with(board, !to_move, Status::LegalOnTurn);
            let mine_after_pass = sides_with(&passed, !to_move, Status::LegalNow);
            let cozy = cozy_castlings(&passed);
            let shak = shakmaty_castlings(&shakmaty_position(&passed));
            if mine != mine_after_pass || mine != cozy || mine != shak {
                differences.push(format!(
                    "{board:#} (other colour): mine {mine:?} after pass {mine_after_pass:?} cozy {cozy:?} shakmaty {shak:?}"
                ));
            }
        }
    });
    eprintln!("{positions} positions; reasons and statuses seen: {seen:?}");
    assert!(positions >= 200_000, "only {positions} positions");
    assert!(
        differences.is_empty(),
        "{} differences, first: {:#?}",
        differences.len(),
        &differences[..differences.len().min(10)]
    );
    for kind in [
        "legal_now",
        "legal_on_turn",
        "legal_king_already_on_destination",
        "legal_rook_already_on_destination",
        "legal_king_crosses_its_rook",
        "occupied",
        "in_check",
        "attacked",
        "attacked_revealed",
        "not_your_turn",
    ] {
        assert!(
            seen.get(kind).copied().unwrap_or(0) > 0,
            "no {kind} in the random games: {seen:?}"
        );
    }
}
