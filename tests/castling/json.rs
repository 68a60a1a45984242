//! The explanation's JSON: the documented schema (schema 1), field order and words, checked on
//! hand-written expectations; the same bytes on every run.

use crate::castling_support;

use castle960::CastlingSide::{A, H};
use castle960::castling::{GameContext, Limits, explain, explain_in_game};
use castling_support::board;
use cozy_chess::Color;
use serde_json::json;

/// White to move; White's only right is O-O, which the knight on g1 blocks and which one move
/// (Nf3, the knight's only move: e2 and h3 hold pawns) makes legal. Black has no right.
const FEN: &str = "4k3/8/8/8/8/7P/4P3/4K1NR w K - 0 1";

const EXPECTED: &str = r#"{
  "schema": 1,
  "fen": "4k3/8/8/8/8/7P/4P3/4K1NR w H - 0 1",
  "to_move": "white",
  "sides": {
    "white": {
      "a": {
        "color": "white",
        "side": "a",
        "status": "not_legal",
        "castling": null,
        "notation": null,
        "reasons": [
          {
            "kind": "right_gone",
            "lost": {
              "kind": "not_in_position"
            }
          }
        ],
        "later": {
          "kind": "never",
          "why": {
            "kind": "right_gone"
          }
        }
      },
      "h": {
        "color": "white",
        "side": "h",
        "status": "not_legal",
        "castling": {
          "color": "white",
          "side": "h",
          "king": "e1",
          "rook": "h1",
          "king_to": "g1",
          "rook_to": "f1",
          "must_be_empty": [
            "f1",
            "g1"
          ],
          "king_path": [
            "e1",
            "f1",
            "g1"
          ]
        },
        "notation": {
          "san": "O-O",
          "uci_chess960": "e1h1",
          "uci_standard": "e1g1",
          "gui_chess960": "drop the king from e1 onto its own rook on h1",
          "gui_standard": "move the king two squares, from e1 to g1; the rook on h1 follows to f1"
        },
        "reasons": [
          {
            "kind": "occupied",
            "man": {
              "color": "white",
              "piece": "knight",
              "square": "g1"
            }
          }
        ],
        "later": {
          "kind": "fewest",
          "moves": 1,
          "line": [
            "g1f3"
          ],
          "san": [
            "Nf3"
          ]
        }
      }
    },
    "black": {
      "a": {
        "color": "black",
        "side": "a",
        "status": "not_legal",
        "castling": null,
        "notation": null,
        "reasons": [
          {
            "kind": "right_gone",
            "lost": {
              "kind": "not_in_position"
            }
          },
          {
            "kind": "not_your_turn",
            "to_move": "white"
          }
        ],
        "later": {
          "kind": "never",
          "why": {
            "kind": "right_gone"
          }
        }
      },
      "h": {
        "color": "black",
        "side": "h",
        "status": "not_legal",
        "castling": null,
        "notation": null,
        "reasons": [
          {
            "kind": "right_gone",
            "lost": {
              "kind": "not_in_position"
            }
          },
          {
            "kind": "not_your_turn",
            "to_move": "white"
          }
        ],
        "later": {
          "kind": "never",
          "why": {
            "kind": "right_gone"
          }
        }
      }
    }
  }
}"#;

#[test]
fn the_json_follows_the_documented_schema_field_by_field_and_in_order() {
    let b = board(FEN);
    let e = explain(&b).with_later(&b, &Limits::default());
    let text = serde_json::to_string_pretty(&e).unwrap();
    assert_eq!(text, EXPECTED);
    // Same bytes again (no map order or other state leaks into the output).
    let again = explain(&b).with_later(&b, &Limits::default());
    assert_eq!(serde_json::to_string_pretty(&again).unwrap(), text);
}

#[test]
fn attacks_revealed_by_the_rook_are_flagged_in_json() {
    let e = explain(&board("4k3/8/8/8/8/8/8/rR2K1N1 w B - 0 1"));
    let reasons = serde_json::to_value(&e.sides[Color::White][A].reasons).unwrap();
    let rook_a1 = json!({"color": "black", "piece": "rook", "square": "a1", "revealed": true});
    assert_eq!(
        reasons,
        json!([
            {"kind": "attacked", "square": "d1", "passage": "crosses", "by": [rook_a1]},
            {"kind": "attacked", "square": "c1", "passage": "lands_on", "by": [rook_a1]},
        ])
    );
}

#[test]
fn check_and_a_game_s_lost_right_in_json() {
    let e = explain(&board("r3k2r/8/8/8/1b6/8/8/R3K2R w KQkq - 0 1"));
    assert_eq!(
        serde_json::to_value(&e.sides[Color::White][H].reasons).unwrap(),
        json!([{"kind": "in_check", "by": [{"color": "black", "piece": "bishop", "square": "b4"}]}])
    );
    let mut b = board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let mut game = GameContext::new(&b);
    for (uci, san) in [("e2e4", "e4"), ("e7e5", "e5"), ("e1e2", "Ke2")] {
        game.play(&mut b, uci.parse().unwrap(), Some(san)).unwrap();
    }
    let e = explain_in_game(&b, &game);
    assert_eq!(
        serde_json::to_value(&e.sides[Color::White][A].reasons).unwrap(),
        json!([
            {"kind": "right_gone", "lost": {"kind": "in_game", "ply": 3, "fullmove": 2,
                "mover": "white", "move": "e1e2", "san": "Ke2", "how": "king_moved"}},
            {"kind": "king_not_home", "home": "e1", "now": "e2"},
            {"kind": "not_your_turn", "to_move": "black"},
        ])
    );
}
