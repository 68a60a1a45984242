//! The JSON of an explanation under a variant's rule (schema 2): the documented layout field by
//! field and in order, on a hand-checked position; the reasons only rules give (`gives_check`,
//! `no_castling`) and the never-answer `no_castling`; the same bytes on every run.

use crate::castling_support::board;

use castle960::CastlingSide::H;
use castle960::castling::{Limits, explain_rule};
use castle960::chess::Rule;
use cozy_chess::Color;
use serde_json::json;

/// Free castling, White to move: king e1, rook f1, the black king on e8. The only h-side
/// castling puts the king on f1 and the rook on e1, where it would check the black king along
/// the open e-file: free castling forbids that, and no white man could ever block the file.
/// No other right stands.
const FEN: &str = "4k3/8/8/8/8/8/8/4KR2 w F - 0 1";

const EXPECTED: &str = r#"{
  "schema": 2,
  "rule": "free",
  "fen": "4k3/8/8/8/8/8/8/4KR2 w F - 0 1",
  "to_move": "white",
  "sides": {
    "white": {
      "a": [
        {
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
        }
      ],
      "h": [
        {
          "color": "white",
          "side": "h",
          "status": "not_legal",
          "castling": {
            "color": "white",
            "side": "h",
            "king": "e1",
            "rook": "f1",
            "king_to": "f1",
            "rook_to": "e1",
            "must_be_empty": [],
            "king_path": [
              "e1",
              "f1"
            ]
          },
          "notation": {
            "san": "K~f1/R~e1",
            "uci": "e1f1,f1e1"
          },
          "reasons": [
            {
              "kind": "gives_check",
              "rule": "free",
              "king": {
                "color": "black",
                "piece": "king",
                "square": "e8"
              },
              "by": [
                {
                  "color": "white",
                  "piece": "rook",
                  "square": "e1"
                }
              ]
            }
          ],
          "later": {
            "kind": "never",
            "why": {
              "kind": "no_line"
            }
          }
        }
      ]
    },
    "black": {
      "a": [
        {
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
        }
      ],
      "h": [
        {
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
      ]
    }
  }
}"#;

#[test]
fn the_rule_json_follows_the_documented_schema_field_by_field_and_in_order() {
    let b = board(FEN);
    let e = explain_rule(&b, Rule::FREE).with_later(&b, &Limits::default());
    let text = serde_json::to_string_pretty(&e).unwrap();
    assert_eq!(text, EXPECTED);
    let again = explain_rule(&b, Rule::FREE).with_later(&b, &Limits::default());
    assert_eq!(serde_json::to_string_pretty(&again).unwrap(), text);
}

#[test]
fn a_side_the_rule_allows_no_castling_says_so_in_json() {
    // Flexible castling, king f1, rook h1: the king cannot move two squares and stop before it.
    let b = board("4k3/8/8/8/8/8/8/5K1R w H - 0 1");
    let e = explain_rule(&b, Rule::FLEXIBLE).with_later(&b, &Limits::default());
    assert_eq!(
        serde_json::to_value(&e.sides[Color::White][H]).unwrap(),
        json!([{
            "color": "white", "side": "h", "status": "not_legal", "castling": null,
            "notation": null,
            "reasons": [{"kind": "no_castling", "rule": "flexible", "king": "f1", "rook": "h1"}],
            "later": {"kind": "never", "why": {"kind": "no_castling"}}
        }])
    );
}

/// The library writes schema 2 under every rule, Chess960's included; `castle960 castle` keeps
/// schema 1 for Chess960's rule (tests/cli/castle.rs).
#[test]
fn explain_rule_writes_schema_2_with_the_rules_name_under_every_rule() {
    let b = board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for rule in Rule::ALL {
        let text = serde_json::to_string_pretty(&explain_rule(&b, rule)).unwrap();
        let head = format!(
            "{{\n  \"schema\": 2,\n  \"rule\": \"{rule}\",\n  \"fen\": \"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1\",\n  \"to_move\": \"white\",\n  \"sides\": {{"
        );
        assert!(text.starts_with(&head), "{text}");
    }
}
