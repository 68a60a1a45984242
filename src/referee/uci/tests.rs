//! The engine driver's line reading and messages.

use super::*;
use cozy_chess::Move;

#[test]
fn perft_lines_are_moves_totals_or_nothing() {
    let e2e4: Move = "e2e4".parse().unwrap();
    let promotion: Move = "a7a8n".parse().unwrap();
    let parse = |line| PerftLine::parse(line, |text| text.parse::<Move>().ok());
    assert_eq!(parse("e2e4: 1"), Some(PerftLine::Move(e2e4, 1)));
    assert_eq!(parse("a7a8n: 402\r"), Some(PerftLine::Move(promotion, 402)));
    assert_eq!(parse("Nodes searched: 20"), Some(PerftLine::Total(20)));
    for nothing in ["", "  ", "info string NNUE evaluation enabled", "info"] {
        assert_eq!(parse(nothing), Some(PerftLine::Nothing));
    }
    for garbage in [
        "bananas",
        "e2e4 1",
        "e2e4: one",
        "O-O: 1",
        "Nodes searched: many",
        "information: 3",
        "readyok",
    ] {
        assert_eq!(parse(garbage), None, "{garbage}");
    }
}

#[test]
fn option_names_may_contain_spaces() {
    assert_eq!(
        option_name("option name UCI_Chess960 type check default false"),
        Some("UCI_Chess960")
    );
    assert_eq!(
        option_name("option name Clear Hash type button"),
        Some("Clear Hash")
    );
    assert_eq!(option_name("id name Stockfish 15.1"), None);
}

#[test]
fn messages_name_the_engine_the_stage_and_the_line() {
    let error = EngineError::Unparseable {
        command: "fake engine".into(),
        stage: Stage::Perft {
            fen: "4k3/8/8/8/8/8/8/4K3 w - - 0 1".into(),
            depth: 1,
        },
        line: "ba\tnanas".into(),
        expected: PERFT_LINE,
    };
    assert_eq!(
        error.to_string(),
        "engine \"fake engine\" printed \"ba\\tnanas\" on `go perft 1` after `position fen \
         4k3/8/8/8/8/8/8/4K3 w - - 0 1`; expected a move and its count like \"e2e4: 1\", \
         or \"Nodes searched: N\""
    );
}
