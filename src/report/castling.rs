//! `castle960 castle`: castling in any position, and through a game, in words a club player
//! understands. The facts come from [`crate::castling`]; this module only words and lays them
//! out (the JSON is the library's own serialisation).

use crate::castling::timeline::{RuleTimeline, Standing, Stretch, Timeline};
use crate::castling::{
    Explanation, Later, NeverWhy, Reason, RuleExplanation, RuleNotation, SideExplanation, Status,
};
use crate::chess::{CastlingSide, Color, Rule};
use crate::notation::fen::{CastlingNotation, to_fen};
use crate::notation::pgn_import::Game;
use crate::notation::uci::castling_uci_words;
use crate::report::diagram;
use crate::words;
use cozy_chess::Board;
use itertools::Itertools;
use serde::Serialize;
use std::fmt::{self, Write as _};

/// The version of `castle960 castle --pgn --json`'s layout; it changes whenever a field is
/// renamed, removed or changes meaning.
pub const GAME_SCHEMA: u32 = 1;

/// The version of the layout of `castle960 castle --rule RULE --pgn --json` under a rule other
/// than Chess960's (every castling of a side in a list, as in the position's schema 2).
pub const RULE_GAME_SCHEMA: u32 = 2;

/// The explanation of one position: its FEN, whose move it is, the board, and the four
/// castlings, each with its verdict, every reason, when it can come later, and how to play it.
pub fn position_text(
    board: &Board,
    explanation: &Explanation,
    unicode: bool,
    width: usize,
) -> String {
    let mut out = position_head(board, None, explanation.to_move, unicode);
    for side in explanation.iter() {
        out.push('\n');
        out.push_str(&side_text(side, width));
    }
    out
}

/// The explanation of one position under a rule: as [`position_text`], with the rule named and
/// every castling of a side in a block of its own, headed by its SAN.
pub fn rule_position_text(
    board: &Board,
    explanation: &RuleExplanation,
    unicode: bool,
    width: usize,
) -> String {
    let mut out = position_head(board, Some(explanation.rule), explanation.to_move, unicode);
    for castling in explanation.iter() {
        out.push('\n');
        out.push_str(&rule_side_text(castling, width));
    }
    out
}

/// The FEN, the rule (when not Chess960's), whose move it is and the board.
fn position_head(board: &Board, rule: Option<Rule>, to_move: Color, unicode: bool) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "FEN {}", to_fen(board, CastlingNotation::XFen));
    let shredder = to_fen(board, CastlingNotation::Shredder);
    if shredder != to_fen(board, CastlingNotation::XFen) {
        let _ = writeln!(out, "Shredder-FEN {shredder}");
    }
    if let Some(rule) = rule {
        let _ = writeln!(out, "Castling rule {rule}: {}.", rule.title());
    }
    let _ = writeln!(out, "{} to move.", words::color_title(to_move));
    out.push('\n');
    out.push_str(&diagram::position(board, unicode));
    out
}

/// One colour's castling on one side: the verdict line, then the details indented.
pub fn side_text(e: &SideExplanation, width: usize) -> String {
    let heading = format!("{} ({}-side)", e.side.san(), e.side.prefix());
    let how = e.notation.as_ref().map(|n| {
        let mut how = format!(
            "How to play it: {} in SAN; {} in UCI with UCI_Chess960 (the king takes its own rook)",
            n.san, n.uci_chess960
        );
        if let Some(standard) = &n.uci_standard {
            let _ = write!(how, ", {standard} for standard engines");
        }
        let _ = write!(how, "; in a Chess960 GUI, {}", n.gui_chess960);
        if let Some(gui) = &n.gui_standard {
            let _ = write!(how, "; in a standard GUI, {gui}");
        }
        how.push('.');
        how
    });
    castling_text(e, &heading, how, width)
}

/// One castling of a side under a rule: as [`side_text`], headed by the castling's SAN (`White
/// K~b1 (a-side): ...`; the side's SAN where no castling is known), with the rule's SAN and UCI
/// form.
pub fn rule_side_text(e: &SideExplanation<RuleNotation>, width: usize) -> String {
    let name = e
        .notation
        .as_ref()
        .map_or(e.side.san(), RuleNotation::san_without_mark);
    let heading = format!("{name} ({}-side)", e.side.prefix());
    let how = e.notation.as_ref().zip(e.castling.as_ref()).map(|(n, c)| {
        format!(
            "How to play it: {} in SAN; {} in UCI (castle960's form for this rule: {}).",
            n.san,
            n.uci,
            castling_uci_words(c)
        )
    });
    castling_text(e, &heading, how, width)
}

/// The verdict line `White <heading>: <status>`, then the castling's squares, the reasons, the
/// later answer and `how` to play it (left out once the right is gone), indented.
fn castling_text<N>(
    e: &SideExplanation<N>,
    heading: &str,
    how: Option<String>,
    width: usize,
) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} {heading}: {}",
        words::color_title(e.color),
        e.status.words()
    );
    let mut para = |text: String| out.push_str(&words::wrap(&text, "  ", "    ", width));
    if let Some(c) = &e.castling {
        para(moves_sentence([c.king, c.king_to], [c.rook, c.rook_to]));
    }
    if !e.reasons.is_empty() {
        let why = if e.status == Status::LegalOnTurn {
            "Legal as soon as it is its move:"
        } else {
            "Why not:"
        };
        para(why.to_string());
        for reason in &e.reasons {
            out.push_str(&words::wrap(
                &format!("- {reason}"),
                "    ",
                "      ",
                width,
            ));
        }
    }
    if let Some(later) = &e.later {
        out.push_str(&words::wrap(
            &format!("Later: {}", later_text(later, e.color)),
            "  ",
            "    ",
            width,
        ));
    }
    let right_gone = matches!(e.reasons.first(), Some(Reason::RightGone { .. }));
    if let Some(how) = how.filter(|_| !right_gone) {
        out.push_str(&words::wrap(&how, "  ", "    ", width));
    }
    out
}

/// `Castling: the king goes e1 -> g1, the rook goes h1 -> f1.` (`stays on` for a man already
/// on its destination): the castling's two moves, from and to, on any board, so that the
/// ten-file text ([`crate::ten::castling::text`]) says them in the same words.
pub(crate) fn moves_sentence<Q: fmt::Display + PartialEq>(king: [Q; 2], rook: [Q; 2]) -> String {
    let leg = |man: &str, [from, to]: [Q; 2]| {
        if from == to {
            format!("the {man} stays on {from}")
        } else {
            format!("the {man} goes {from} -> {to}")
        }
    };
    format!("Castling: {}, {}.", leg("king", king), leg("rook", rook))
}

/// Whether and how soon castling can come, in words.
fn later_text(later: &Later, color: Color) -> String {
    let opponent = words::color_title(!color);
    match later {
        Later::Fewest { moves: 0, .. } => {
            "nothing to prepare: legal as soon as it is its move.".to_string()
        }
        Later::Fewest { moves, san, .. } => format!(
            "the right stands. With {opponent} standing still, castling becomes legal after {} \
             at the fewest, e.g. {}.",
            words::count(*moves, "own move", "own moves"),
            san.join(", ")
        ),
        Later::MoreThan {
            moves,
            budget_exhausted,
        } => format!(
            "the right stands, but with {opponent} standing still no line of {} or fewer makes \
             castling legal{}.",
            words::count(*moves, "own move", "own moves"),
            if *budget_exhausted {
                " (the search stopped at its limit; it may need more)"
            } else {
                ""
            }
        ),
        Later::Never { why } => match why {
            NeverWhy::RightGone => "never: the right is gone for good.".to_string(),
            NeverWhy::OpponentInCheck => {
                format!("not worked out: {opponent} is in check and cannot stand still.")
            }
            NeverWhy::EnemyKingInTheWay { king } => format!(
                "not while {opponent}'s king stands on {king}, a square that must be empty \
                 ({opponent} standing still)."
            ),
            NeverWhy::EnemyKingAttacks { king, square } => format!(
                "not while {opponent}'s king on {king} attacks {square}, a square the king \
                 must cross or land on ({opponent} standing still)."
            ),
            NeverWhy::NoLine => format!(
                "never with {opponent} standing still: no sequence of own moves (king and \
                 castling rook staying put) makes it legal."
            ),
            NeverWhy::NoCastling => {
                "never: the rule allows no castling for this king and rook.".to_string()
            }
        },
    }
}

/// The game's castling timeline: for each colour and side, its stretches with the moves that
/// open and close them.
pub fn timeline_text(game: &Game, timeline: &Timeline, width: usize) -> String {
    let mut out = timeline_head(game, timeline.plies);
    for color in Color::ALL {
        for side in CastlingSide::BOTH {
            out.push('\n');
            let _ = writeln!(
                out,
                "{} {} ({}-side):",
                words::color_title(color),
                side.san(),
                side.prefix()
            );
            out.push_str(&stretches_text(game, &timeline.sides[color][side], width));
        }
    }
    out
}

/// The timeline of a game under a rule: as [`timeline_text`], the rule named, one block per
/// castling the rule allows, headed by its SAN.
pub fn rule_timeline_text(game: &Game, timeline: &RuleTimeline, width: usize) -> String {
    let mut out = timeline_head(game, timeline.plies);
    let _ = writeln!(
        out,
        "Castling rule {}: {}.",
        timeline.rule,
        timeline.rule.title()
    );
    for color in Color::ALL {
        for side in CastlingSide::BOTH {
            for castling in &timeline.sides[color][side] {
                out.push('\n');
                let _ = writeln!(
                    out,
                    "{} {} ({}-side):",
                    words::color_title(color),
                    castling.san.as_deref().unwrap_or(side.san()),
                    side.prefix()
                );
                out.push_str(&stretches_text(game, &castling.stretches, width));
            }
        }
    }
    out
}

/// `castle --pgn`: the game's timeline ([`timeline_text`]) and, when `at` gives a ply, the
/// position after it explained in full ([`position_text`]).
pub fn game_text(
    game: &Game,
    timeline: &Timeline,
    at: Option<(usize, &Board, &Explanation)>,
    unicode: bool,
    width: usize,
) -> String {
    let at = at.map(|(ply, board, e)| (ply, position_text(board, e, unicode, width)));
    with_ply(game, timeline_text(game, timeline, width), at)
}

/// `castle --pgn` under a rule: as [`game_text`], with [`rule_timeline_text`] and
/// [`rule_position_text`].
pub fn rule_game_text(
    game: &Game,
    timeline: &RuleTimeline,
    at: Option<(usize, &Board, &RuleExplanation)>,
    unicode: bool,
    width: usize,
) -> String {
    let at = at.map(|(ply, board, e)| (ply, rule_position_text(board, e, unicode, width)));
    with_ply(game, rule_timeline_text(game, timeline, width), at)
}

/// The timeline's text, then the position's after a blank line and its heading, `At the start
/// (ply 0):` or `After 6... Bb4+ (ply 12):`.
fn with_ply(game: &Game, mut timeline: String, at: Option<(usize, String)>) -> String {
    if let Some((ply, position)) = at {
        match ply {
            0 => timeline.push_str("\nAt the start (ply 0):\n"),
            _ => {
                let label = game.moves[ply - 1].label();
                let _ = writeln!(timeline, "\nAfter {label} (ply {ply}):");
            }
        }
        timeline.push_str(&position);
    }
    timeline
}

/// `White - Black: 16 plies from <FEN>`.
fn timeline_head(game: &Game, plies: usize) -> String {
    let title = |name: &str| game.tag(name).filter(|v| !v.is_empty() && *v != "?");
    let players = match (title("White"), title("Black")) {
        (Some(w), Some(b)) => format!("{w} - {b}"),
        _ => format!("game {}", game.number),
    };
    format!(
        "{players}: {} from {}\n",
        words::count(plies, "ply", "plies"),
        to_fen(&game.start, CastlingNotation::XFen)
    )
}

/// One castling's stretches, a wrapped line each.
fn stretches_text(game: &Game, stretches: &[Stretch], width: usize) -> String {
    let mut out = String::new();
    for stretch in stretches {
        let when = stretch_span(game, stretch.from_ply, stretch.to_ply);
        let what = match &stretch.standing {
            Standing::Legal => "legal on its move".to_string(),
            Standing::Blocked { reasons } => {
                format!("not legal: {}", reasons.iter().join("; "))
            }
            Standing::RightGone { lost } => {
                let gone: Reason = Reason::RightGone { lost: lost.clone() };
                gone.to_string()
            }
        };
        out.push_str(&words::wrap(
            &format!("{when}: {what}"),
            "  ",
            "      ",
            width,
        ));
    }
    out
}

/// `at the start`, `after 14. Bxf7`, `from 3. Bc4 to 6. cxd4`: the positions of a stretch,
/// named by the moves that lead to them.
fn stretch_span(game: &Game, from: usize, to: usize) -> String {
    let position = |ply: usize| match ply {
        0 => "the start".to_string(),
        _ => game.moves[ply - 1].label(),
    };
    match (from, to) {
        (0, 0) => "at the start".to_string(),
        (from, to) if from == to => format!("after {}", position(from)),
        (from, to) => format!("from {} to {}", position(from), position(to)),
    }
}

/// `castle960 castle --pgn --json`: the game's timeline, and the position at the chosen ply.
/// Under Chess960's rule `T` is a [`Timeline`] and `E` an [`Explanation`] (schema
/// [`GAME_SCHEMA`], no `rule` field); under another rule `--rule RULE` gives a [`RuleTimeline`]
/// and a [`RuleExplanation`] (schema [`RULE_GAME_SCHEMA`], the rule after the schema).
#[derive(Serialize)]
pub struct GameJson<'a, T = Timeline, E = Explanation> {
    /// [`GAME_SCHEMA`] or [`RULE_GAME_SCHEMA`].
    pub schema: u32,
    /// The castling rule, written only under a rule other than Chess960's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<Rule>,
    /// The game's tags, in the file's order (an object: a game names each tag once).
    #[serde(serialize_with = "tags_in_order")]
    pub tags: Vec<(&'a str, &'a str)>,
    /// The start position (Shredder-FEN).
    pub start: String,
    /// The moves in SAN, as in the file.
    pub moves: Vec<&'a str>,
    /// Each castling through the game.
    pub timeline: &'a T,
    /// The position after `ply` plies explained, when asked for.
    pub position: Option<PlyJson<'a, E>>,
}

/// The explained position of a chosen ply.
#[derive(Serialize)]
pub struct PlyJson<'a, E = Explanation> {
    /// The ply (0 is the start).
    pub ply: usize,
    /// The explanation, as `castle960 castle [--rule RULE] FEN --json` writes it.
    pub explanation: &'a E,
}

/// The tags as one JSON object whose keys keep the file's order.
fn tags_in_order<S: serde::Serializer>(tags: &[(&str, &str)], s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = s.serialize_map(Some(tags.len()))?;
    for (name, value) in tags {
        map.serialize_entry(name, value)?;
    }
    map.end()
}

impl<'a, T, E> GameJson<'a, T, E> {
    /// The JSON of `game` with its `timeline`, and the explanation of one ply if given.
    fn of(
        game: &'a Game,
        schema: u32,
        rule: Option<Rule>,
        timeline: &'a T,
        position: Option<(usize, &'a E)>,
    ) -> GameJson<'a, T, E> {
        GameJson {
            schema,
            rule,
            tags: game
                .tags
                .iter()
                .map(|(k, v)| (k.as_str(), v.as_str()))
                .collect(),
            start: to_fen(&game.start, CastlingNotation::Shredder),
            moves: game.moves.iter().map(|m| m.san.as_str()).collect(),
            timeline,
            position: position.map(|(ply, explanation)| PlyJson { ply, explanation }),
        }
    }
}

impl<'a> GameJson<'a> {
    /// The JSON of `game` under Chess960's rule.
    pub fn new(
        game: &'a Game,
        timeline: &'a Timeline,
        position: Option<(usize, &'a Explanation)>,
    ) -> GameJson<'a> {
        GameJson::of(game, GAME_SCHEMA, None, timeline, position)
    }
}

impl<'a> GameJson<'a, RuleTimeline, RuleExplanation> {
    /// The JSON of `game` under the rule of `timeline`.
    pub fn under_rule(
        game: &'a Game,
        timeline: &'a RuleTimeline,
        position: Option<(usize, &'a RuleExplanation)>,
    ) -> Self {
        GameJson::of(
            game,
            RULE_GAME_SCHEMA,
            Some(timeline.rule),
            timeline,
            position,
        )
    }
}
