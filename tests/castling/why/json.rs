//! `why`'s JSON: one answer against its hand-written expectation (field order and words), and
//! the README's schema (`### why --json`) against what the library writes: the answer's and a
//! move's fields in order, each reason kind with exactly its fields, every rule name, both kinds
//! of last move.

use crate::castling_support::board;
use castle960::notation::san::write_san;
use castle960::why::{MOVE_REASON_KINDS, Past, Rule, why};
use cozy_chess::{Board, Move};
use std::collections::BTreeMap;

const EXPECTED: &str = r#"{
  "schema": 1,
  "fen": "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1",
  "to_move": "white",
  "input": "Nf3",
  "last_move": {
    "kind": "fen_field",
    "en_passant": null
  },
  "status": "not_legal",
  "moves": [
    {
      "color": "white",
      "man": {
        "color": "white",
        "piece": "knight",
        "square": "d2"
      },
      "from": "d2",
      "to": "f3",
      "promotion": null,
      "uci": "d2f3",
      "san": null,
      "captures": null,
      "en_passant": false,
      "castling": null,
      "status": "not_legal",
      "reasons": [
        {
          "kind": "pinned",
          "man": {
            "color": "white",
            "piece": "knight",
            "square": "d2"
          },
          "king": "e1",
          "by": [
            {
              "color": "black",
              "piece": "bishop",
              "square": "b4"
            }
          ]
        }
      ]
    }
  ]
}"#;

#[test]
fn the_json_of_a_pinned_knight_is_the_documented_one_field_by_field() {
    let b = board("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1");
    let answer = why(&b, "Nf3", &Past::of_position(&b)).unwrap();
    assert_eq!(serde_json::to_string_pretty(&answer).unwrap(), EXPECTED);
}

/// The keys of the outermost object in `json`, in order (strings followed by `:` at depth 1).
fn top_keys(json: &str) -> Vec<String> {
    let (mut depth, mut keys, mut chars) = (0, Vec::new(), json.chars().peekable());
    while let Some(c) = chars.next() {
        match c {
            '{' | '[' => depth += 1,
            '}' | ']' => depth -= 1,
            '"' => {
                let mut s = String::new();
                for c in chars.by_ref() {
                    if c == '"' {
                        break;
                    }
                    s.push(c);
                }
                while chars.peek() == Some(&' ') {
                    chars.next();
                }
                if depth == 1 && chars.peek() == Some(&':') {
                    keys.push(s);
                }
            }
            _ => {}
        }
    }
    keys
}

/// The README's `why --json` schema block.
fn readme_schema() -> String {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let section = &readme[readme.find("### `why --json`").expect("the section")..];
    let start = section.find("```text\n").unwrap() + "```text\n".len();
    section[start..start + section[start..].find("```").unwrap()].to_string()
}

/// An answer's JSON for `input` in `fen` (a FEN alone).
fn answer_json(fen: &str, input: &str) -> serde_json::Value {
    let b = board(fen);
    serde_json::to_value(why(&b, input, &Past::of_position(&b)).unwrap()).unwrap()
}

/// A game from the standard start in UCI moves: the final position and its past.
fn game(moves: &[&str]) -> (Board, Past) {
    let mut board = Board::default();
    let mut played = Vec::new();
    for uci in moves {
        let mv: Move = uci.parse().unwrap();
        played.push((mv, write_san(&board, mv).unwrap()));
        board.play(mv);
    }
    Past::of_game(&Board::default(), &played).unwrap()
}

#[test]
fn the_readme_schema_names_every_field_the_library_writes() {
    let schema = readme_schema();
    // The answer and a move: their fields, in order.
    let answer = {
        let b = board("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1");
        serde_json::to_string(&why(&b, "Nf3", &Past::of_position(&b)).unwrap()).unwrap()
    };
    let documented_answer = &schema[..schema.find("STATUS =").unwrap()];
    assert_eq!(top_keys(documented_answer), top_keys(&answer));
    let move_text = &schema[schema.find("MOVE = {").unwrap() + "MOVE = ".len()..];
    let move_text = &move_text[..=move_text.find('}').unwrap()];
    // The first move's own text, as the library writes it (serde_json's Value would sort keys).
    let judged = &answer[answer.find("\"moves\":[").unwrap() + "\"moves\":[".len()..];
    assert_eq!(top_keys(move_text), top_keys(judged));
    // Every reason kind: documented once, with exactly the fields an instance of it has.
    let documented: BTreeMap<String, Vec<String>> = schema
        .lines()
        .filter(|l| l.trim_start().starts_with("{ \"kind\": \""))
        .filter(|l| !l.contains("fen_field") && !l.contains("in_game"))
        .map(|l| {
            let kind = l.split('"').nth(3).unwrap().to_string();
            (kind, top_keys(l.trim()))
        })
        .collect();
    let kinds: Vec<&str> = documented.keys().map(String::as_str).collect();
    let mut expected = MOVE_REASON_KINDS.to_vec();
    expected.sort();
    assert_eq!(kinds, expected);
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let mut instances = vec![
        answer_json(start, "e7e5"),
        answer_json(start, "e3e4"),
        answer_json(start, "g1g3"),
        answer_json(start, "e2d3"),
        answer_json(start, "f1b5"),
        answer_json(start, "Qxd2"),
        answer_json("4k3/8/8/1B6/8/8/8/4K3 b - - 0 1", "white Bxe8"),
        answer_json("4k3/8/8/8/8/8/8/RR2K3 w A - 0 1", "e1b1"),
        answer_json(
            "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3",
            "exd6",
        ),
        answer_json("4k3/8/8/3p4/4P3/8/8/4K3 w - d6 0 2", "e4d6"),
        answer_json("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1", "Nf3"),
        answer_json("4k3/8/8/KPp4r/8/8/8/8 w - c6 0 2", "bxc6"),
        answer_json("4k3/8/8/8/1b6/8/8/R3K3 w - - 0 1", "Ra2"),
        answer_json("4r1k1/8/8/8/8/8/4K3/8 w - - 0 1", "Ke1"),
    ];
    let (b, past) = game(&["e2e4", "g8f6", "e4e5", "d7d5", "b1c3", "b8c6"]);
    let game_answer = why(&b, "exd6", &past).unwrap();
    instances.push(serde_json::to_value(&game_answer).unwrap());
    let mut seen = BTreeMap::new();
    for answer in &instances {
        for reason in answer["moves"][0]["reasons"].as_array().unwrap() {
            let kind = reason["kind"].as_str().unwrap().to_string();
            if let Some(fields) = documented.get(&kind) {
                let mut have: Vec<String> = top_keys(&reason.to_string());
                let mut want = fields.clone();
                have.sort();
                want.sort();
                assert_eq!(have, want, "{kind}");
                seen.insert(kind, ());
            }
        }
    }
    assert_eq!(seen.len(), MOVE_REASON_KINDS.len(), "instances of {seen:?}");
    // The rules' names.
    let rules_text = &schema[schema.find("RULE =").unwrap()..];
    let documented_rules: Vec<&str> = rules_text.split('"').skip(1).step_by(2).collect();
    let all = [
        Rule::StaysPut,
        Rule::Knight,
        Rule::Bishop,
        Rule::Rook,
        Rule::Queen,
        Rule::King,
        Rule::PawnNotForward,
        Rule::PawnDoubleStep,
        Rule::Pawn,
        Rule::MustPromote,
        Rule::CannotPromote,
    ];
    let names: Vec<String> = all
        .iter()
        .map(|r| {
            serde_json::to_value(r)
                .unwrap()
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(documented_rules, names);
    // Both kinds of last move.
    let last_lines: Vec<&str> = schema
        .lines()
        .filter(|l| l.contains("\"fen_field\"") || l.contains("\"in_game\""))
        .collect();
    let from_fen = answer_json(start, "e4")["last_move"].to_string();
    let from_game = serde_json::to_value(&game_answer).unwrap()["last_move"].to_string();
    let mut want_fen = top_keys(&from_fen);
    let mut want_game = top_keys(&from_game);
    want_fen.sort();
    want_game.sort();
    let mut doc_fen = top_keys(&format!("{{{}", last_lines[0].split('{').nth(1).unwrap()));
    let mut doc_game = top_keys(&format!("{{{}", last_lines[1].split('{').nth(1).unwrap()));
    doc_fen.sort();
    doc_game.sort();
    assert_eq!((doc_fen, doc_game), (want_fen, want_game));
    // Castling carries castle's reasons: a castling answer's reasons are castle's kinds.
    let castling = answer_json(
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "O-O",
    );
    assert_eq!(castling["moves"][0]["reasons"][0]["kind"], "occupied");
    assert_eq!(castling["moves"][0]["castling"]["side"], "h");
}
