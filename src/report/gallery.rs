//! `output/gallery.html`: one self-contained page showing all 960 arrangements as back-rank
//! strips coloured by verdict, with filters, a search box, and a board that replays each side's
//! castling game and castle-free walk; a switch shows the same under the other castling rules
//! ([`Rule`]), every castling of each side with its verdict and games.
//!
//! The page works offline from disk: styles, script and data are inline, nothing is fetched.
//! The summary numbers at the top are rendered here from the analyses; the grid and the board
//! view are drawn by the page's script from a compact data block. Texts, PGN games and move
//! lists share one word dictionary (words by frequency, then alphabetically), so the page stays
//! small and its bytes depend only on the analyses.
//!
//! Chess960's view is drawn from the [`Analysis`] of each arrangement (the shortest games,
//! `show`'s reasons and PGN); every other rule's from its [`RuleAnalysis`]: per castling its
//! landing squares, verdict, fewest moves and games in SAN, which the page replays on its board
//! itself (it reads the SAN, and moves king and rook to the landing squares given).
//!
//! Pieces are drawn as Unicode chess symbols (no piece art, no licence involved).

use crate::chess::{Arrangement, CastlingPath, CastlingSide, File, Rank, Rule, Square};
use crate::notation::lichess;
use crate::report::explain::{Explanation, MODEL_NOTE};
use crate::report::template::{Facts, UnknownPlaceholder};
use crate::start::analysis::{Analysis, Tally};
use crate::start::board::WhiteBoard;
use crate::start::bound::PawnBound;
use crate::start::line::Line;
use crate::start::rules::RuleAnalysis;
use crate::start::search::pawn::PawnScope;
use crate::start::verdict::Verdict;
use itertools::Itertools;
use rayon::prelude::*;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The default place of the gallery, relative to the working directory.
pub const DEFAULT_PATH: &str = "output/gallery.html";

const PAGE: &str = include_str!("gallery/page.html");
const CSS: &str = include_str!("gallery/page.css");
const JS: &str = include_str!("gallery/page.js");

/// The verdict words, in the order of the codes the page uses (0 to 3).
const VERDICTS: [&str; 4] = [
    Verdict::ALL[0].as_str(),
    Verdict::ALL[1].as_str(),
    Verdict::ALL[2].as_str(),
    Verdict::ALL[3].as_str(),
];

/// The characters of the word codes: printable ASCII without `"`, `\`, `<`, `>` and `&`, so an
/// encoded text is safe inside a JSON string inside a `<script>` element.
const ALPHABET: &str =
    "!#$%'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_`abcdefghijklmnopqrstuvwxyz{|}~";

/// The page's code (0 to 3) for a verdict: its place in [`Verdict::ALL`] and [`VERDICTS`].
fn verdict_code(verdict: Verdict) -> u8 {
    Verdict::ALL
        .iter()
        .position(|&v| v == verdict)
        .expect("every verdict is listed") as u8
}

/// Everything the page's script reads, serialized as one JSON object.
#[derive(Serialize)]
struct Data {
    /// The most files whose pawns the pawn-move search moved (null for an empty run).
    bound: Option<PawnBound>,
    verdicts: [&'static str; 4],
    /// The word-code alphabet and how many of its characters are one-character codes.
    alphabet: &'static str,
    single: usize,
    /// The dictionary: code i stands for `words[i]`.
    words: Vec<String>,
    /// The same for the PGN games, whose words (FENs, move numbers, headers) are their own.
    pgn_single: usize,
    pgn_words: Vec<String>,
    /// The back ranks in SP order, eight letters each, concatenated.
    ranks: String,
    /// Per SP: `[a verdict, h verdict, a agrees, h agrees, a fewest moves, h fewest moves,
    /// requires castling]`; fewest moves is -1 where castling needs a pawn move.
    cells: Vec<[i16; 7]>,
    /// Per SP and side (a first): the details of the board view, word-encoded.
    sides: Vec<[SideData; 2]>,
    /// Where lichess's analysis board for Chess960 lives; the page adds the start X-FEN.
    lichess: &'static str,
    /// What stands for that link in the PGN games (the page puts the link back in): one word
    /// instead of 960 different links in the PGN dictionary.
    lichess_placeholder: &'static str,
    /// The other castling rules the page can switch to (Chess960's is the fields above).
    rules: Vec<RuleData>,
}

/// One castling rule other than Chess960's, for the page's rule switch.
#[derive(Serialize)]
struct RuleData {
    /// The rule's name (`free`), as in the URL fragment and on the command line.
    name: &'static str,
    /// The rule's name in prose.
    title: &'static str,
    /// The most files whose pawns the pawn-move search moved under this rule.
    bound: PawnBound,
    /// How the rule's castlings are written, the same for all ([`Naming`]): `side` (`O-O`,
    /// `O-O-O`), `king` (`K~g1`) or `king-rook` (`K~h1/R~e1`).
    naming: &'static str,
    /// Per SP: every castling of both sides (a-side first, each side in the rule's order), three
    /// fields each, all separated by single spaces: a head, its castling game and its
    /// castle-free walk (empty unless artificial-only). The head is the side (`a` or `h`), the
    /// files where king and rook land (`g`, `f`), the verdict code, and the fewest moves when it
    /// castles without a pawn move (`hgf02`). The games are [`Delta`]s: the castling game
    /// against the side's castling game before it (the first against none), the walk after `0`
    /// against its own castling game, after `1` against the side's walk before it. Empty where
    /// the rule allows no castling on either side.
    castlings: Vec<String>,
}

/// How the page writes the castlings of a rule, as [`CastlingPath::san`] does: by their side,
/// by the king's landing square, or by the king's and the rook's.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Naming {
    Side,
    King,
    KingRook,
}

impl Naming {
    const ALL: [Naming; 3] = [Naming::Side, Naming::King, Naming::KingRook];

    fn name(self) -> &'static str {
        match self {
            Naming::Side => "side",
            Naming::King => "king",
            Naming::KingRook => "king-rook",
        }
    }

    /// The castling's SAN as the page writes it.
    fn san(self, path: CastlingPath) -> String {
        let at = |file| Square::new(file, Rank::First);
        match self {
            Naming::Side => path.side().san().to_string(),
            Naming::King => format!("K~{}", at(path.king_to())),
            Naming::KingRook => format!("K~{}/R~{}", at(path.king_to()), at(path.rook_to())),
        }
    }

    /// The one naming that writes every castling of `list` as castle960 does.
    ///
    /// # Panics
    /// If none does: the page could not name the rule's castlings.
    fn of(list: &[RuleAnalysis]) -> Naming {
        let paths = || {
            list.iter()
                .flat_map(|a| CastlingSide::BOTH.map(|side| &a.castlings[side]))
                .flatten()
                .map(|c| c.path)
        };
        Naming::ALL
            .into_iter()
            .find(|naming| paths().all(|p| naming.san(p) == p.san(Rank::First)))
            .expect("the page names every castling of a rule one way")
    }
}

/// A line of words written against a reference line: the reference's first `prefix` words,
/// then `middle`, then its last `suffix` words. The lines of one side's castlings differ in a
/// few moves (the castling, the king's and rook's walk), so the page stores those only.
#[derive(Debug, PartialEq)]
struct Delta {
    prefix: usize,
    suffix: usize,
    middle: String,
}

impl Delta {
    /// `line` against `reference`, sharing as many words at both ends as a one-character count
    /// allows.
    fn new(reference: &[String], line: &[String]) -> Delta {
        let most = ALPHABET.len() - 1;
        let prefix = reference
            .iter()
            .zip(line)
            .take_while(|(r, l)| r == l)
            .count()
            .min(most);
        let suffix = reference[prefix..]
            .iter()
            .rev()
            .zip(line[prefix..].iter().rev())
            .take_while(|(r, l)| r == l)
            .count()
            .min(most);
        Delta {
            prefix,
            suffix,
            middle: line[prefix..line.len() - suffix].join(" "),
        }
    }

    /// The page's field: the two counts as alphabet characters, then the middle word-encoded.
    fn encode(&self, dictionary: &Dictionary) -> String {
        let alphabet = ALPHABET.as_bytes();
        format!(
            "{}{}{}",
            alphabet[self.prefix] as char,
            alphabet[self.suffix] as char,
            dictionary.encode(&self.middle)
        )
    }

    /// The cost of the middle, for choosing between references.
    fn len(&self) -> usize {
        self.middle.len()
    }
}

/// See [`Data::lichess_placeholder`].
const LICHESS_PLACEHOLDER: &str = "%LICHESS%";

/// One side of one arrangement for the board view. Texts are word-encoded.
#[derive(Serialize)]
struct SideData {
    /// The rule's claim (a verdict code).
    rule: u8,
    /// The castling game as coordinate moves (`b1c3`, `O-O`).
    castle: String,
    /// The castle-free walk as coordinate moves (artificial-only only).
    walk: String,
    /// The castling game in SAN.
    castle_san: String,
    walk_san: String,
    /// The side's part of `castle960 show`, a paragraph a line (unwrapped: the page flows it).
    text: String,
    /// The PGN of the castling game (as `show --pgn` writes it) and of the walk, coded with
    /// the PGN dictionary.
    castle_pgn: String,
    walk_pgn: String,
}

/// The texts of one side before encoding, in the order of [`SideData`]'s text fields.
type SideTexts = [String; 7];

/// The page for the given analyses (all 960 in SP order for the real gallery) and the same
/// arrangements under other castling rules: one list per rule, each in the order of `analyses`
/// (as [`crate::start::rules::analyse_all`] returns them; a list under Chess960's rule is left
/// out, its view is drawn from `analyses`). The page's rule switch offers Chess960's and these,
/// in this order. Identical input gives identical bytes. Explains every arrangement, in
/// parallel; a caller that has the explanations already passes them to [`render_explained`].
///
/// # Panics
/// If a list of `rules` does not hold the arrangements of `analyses` in the same order.
pub fn render(
    analyses: &[Analysis],
    rules: &[Vec<RuleAnalysis>],
) -> Result<String, UnknownPlaceholder> {
    let explanations: Vec<Explanation> = analyses.par_iter().map(Explanation::new).collect();
    render_explained(analyses, &explanations, rules)
}

/// The page for the given analyses and their explanations (one each, in the same order), and
/// the same arrangements under other rules (as for [`render`]). Identical input gives identical
/// bytes.
///
/// # Panics
/// If the explanations or a list of `rules` do not match `analyses` one for one.
// Longer than most functions here: a straight assembly of the page's data block, field by field in the order the page script reads them.
pub fn render_explained(
    analyses: &[Analysis],
    explanations: &[Explanation],
    rules: &[Vec<RuleAnalysis>],
) -> Result<String, UnknownPlaceholder> {
    assert_eq!(
        analyses.len(),
        explanations.len(),
        "one explanation per analysis"
    );
    let rules: Vec<&[RuleAnalysis]> = rules
        .iter()
        .map(Vec::as_slice)
        .filter(|list| list.first().is_some_and(|a| a.rule != Rule::CHESS960))
        .collect();
    for list in &rules {
        assert!(
            list.len() == analyses.len()
                && list
                    .iter()
                    .zip(analyses)
                    .all(|(r, a)| r.arrangement == a.arrangement && r.rule == list[0].rule),
            "one analysis under the rule per arrangement, in the same order"
        );
    }
    // Every text first in plain words, to build the dictionaries over all of them.
    let plain: Vec<[SideTexts; 2]> = analyses
        .par_iter()
        .zip(explanations)
        .map(|(analysis, explanation)| {
            CastlingSide::BOTH.map(|side| side_texts(analysis, explanation, side))
        })
        .collect();
    // Every castling of every other rule: its head and its games in SAN, as deltas.
    let rule_texts: Vec<Vec<Vec<CastlingTexts>>> = rules
        .iter()
        .map(|list| list.par_iter().map(castling_texts).collect())
        .collect();
    // The two dictionaries are independent of each other: built side by side.
    let (dictionary, pgn_dictionary) = rayon::join(
        || {
            Dictionary::new(
                (plain.iter().flatten())
                    .flat_map(|t| t[..5].iter())
                    .chain(
                        (rule_texts.iter().flatten().flatten())
                            .flat_map(|c| {
                                std::iter::once(&c.castle).chain(c.walk.as_ref().map(|w| &w.1))
                            })
                            .map(|delta| &delta.middle),
                    )
                    .map(String::as_str),
            )
        },
        || {
            Dictionary::new(
                (plain.iter().flatten())
                    .flat_map(|t| t[5..].iter())
                    .map(String::as_str),
            )
        },
    );
    let sides = explanations
        .par_iter()
        .zip(&plain)
        .map(|(explanation, texts)| {
            let [a, h] = texts;
            [(CastlingSide::A, a), (CastlingSide::H, h)].map(|(side, t)| SideData {
                rule: verdict_code(explanation.row.verdict[side].rule_verdict),
                castle: dictionary.encode(&t[0]),
                walk: dictionary.encode(&t[1]),
                castle_san: dictionary.encode(&t[2]),
                walk_san: dictionary.encode(&t[3]),
                text: dictionary.encode(&t[4]),
                castle_pgn: pgn_dictionary.encode(&t[5]),
                walk_pgn: pgn_dictionary.encode(&t[6]),
            })
        })
        .collect();
    let cells = explanations
        .iter()
        .map(|e| {
            let row = &e.row;
            let v = |side: CastlingSide| verdict_code(row.verdict[side].verdict) as i16;
            let agrees = |side: CastlingSide| row.verdict[side].verdict_agrees as i16;
            let moves = |side: CastlingSide| row.no_pawn[side].moves.map_or(-1, |m| m as i16);
            [
                v(CastlingSide::A),
                v(CastlingSide::H),
                agrees(CastlingSide::A),
                agrees(CastlingSide::H),
                moves(CastlingSide::A),
                moves(CastlingSide::H),
                row.requires_castling as i16,
            ]
        })
        .collect();
    let data = Data {
        bound: analyses.first().map(|a| a.bound),
        verdicts: VERDICTS,
        alphabet: ALPHABET,
        single: dictionary.single,
        words: dictionary.words.clone(),
        pgn_single: pgn_dictionary.single,
        pgn_words: pgn_dictionary.words.clone(),
        ranks: explanations
            .iter()
            .map(|e| e.row.arrangement.as_str())
            .collect(),
        cells,
        sides,
        lichess: lichess::ANALYSIS,
        lichess_placeholder: LICHESS_PLACEHOLDER,
        rules: rules
            .iter()
            .zip(&rule_texts)
            .filter_map(|(list, texts)| {
                let first = list.first()?;
                Some(RuleData {
                    name: first.rule.name(),
                    title: first.rule.title(),
                    bound: first.bound,
                    naming: Naming::of(list).name(),
                    castlings: texts
                        .iter()
                        .map(|castlings| {
                            castlings
                                .iter()
                                .map(|c| {
                                    let walk = c.walk.as_ref().map_or(String::new(), |(r, w)| {
                                        format!("{r}{}", w.encode(&dictionary))
                                    });
                                    format!("{} {} {walk}", c.head, c.castle.encode(&dictionary))
                                })
                                .join(" ")
                        })
                        .collect(),
                })
            })
            .collect(),
    };
    // `<` only occurs inside JSON strings; escaped, no `</script>` can end the block early.
    let json = serde_json::to_string(&data)
        .expect("the gallery data serializes")
        .replace('<', "\\u003c");
    let mut parts = Facts::new();
    parts.insert("CSS".into(), CSS.into());
    parts.insert("RULES".into(), rule_switch(analyses, &rules));
    let mut summaries = summary(analyses);
    for list in &rules {
        summaries.push_str(&rule_summary(list));
    }
    parts.insert("SUMMARY".into(), summaries);
    parts.insert("MODEL".into(), escape(MODEL_NOTE));
    parts.insert("JS".into(), JS.into());
    parts.insert("DATA".into(), json);
    parts.fill(PAGE)
}

/// One side's texts in plain words: the games as coordinates and in SAN (the report's), the
/// side's part of `show`, and the PGN games `show --pgn` prints.
fn side_texts(analysis: &Analysis, explanation: &Explanation, side: CastlingSide) -> SideTexts {
    let line = &analysis.verdicts[side];
    let (verdict, details) = (&explanation.row.verdict[side], &explanation.details[side]);
    let castle_pgn = if verdict.verdict == Verdict::NoPawnMove {
        details.witness_pgn.clone()
    } else {
        details.castle_pgn.clone()
    };
    [
        coordinates(&analysis.arrangement, &line.castle_line),
        line.walk_line
            .as_ref()
            .map(|walk| coordinates(&analysis.arrangement, walk))
            .unwrap_or_default(),
        verdict.castle_line.clone(),
        verdict.walk_line.clone(),
        explanation
            .side_paragraphs(side)
            .iter()
            .map(|p| &p.text)
            .join("\n"),
        castle_pgn
            .unwrap_or_default()
            .replace(&explanation.lichess, LICHESS_PLACEHOLDER),
        (details.walk_pgn.clone().unwrap_or_default())
            .replace(&explanation.lichess, LICHESS_PLACEHOLDER),
    ]
}

/// One castling of one arrangement under a rule other than Chess960's, before encoding.
struct CastlingTexts {
    /// The head of the page's fields (see [`RuleData::castlings`]).
    head: String,
    /// The castling game against the side's castling game before it.
    castle: Delta,
    /// The castle-free walk, against its castling game (`'0'`) or the side's walk before it
    /// (`'1'`), whichever leaves less to write.
    walk: Option<(char, Delta)>,
}

/// Every castling of `analysis`, a-side first, each side in the rule's order.
fn castling_texts(analysis: &RuleAnalysis) -> Vec<CastlingTexts> {
    let a = &analysis.arrangement;
    let file = |f: File| (b'a' + f as u8) as char;
    let words = |line: &Line| -> Vec<String> { line.san_moves(a) };
    let mut out = Vec::new();
    for side in CastlingSide::BOTH {
        let (mut castle_before, mut walk_before) = (Vec::new(), None::<Vec<String>>);
        for c in &analysis.castlings[side] {
            let v = &c.verdict;
            let castle = words(&v.castle_line);
            let walk = v.walk_line.as_ref().map(|line| {
                let walk = words(line);
                let own = ('0', Delta::new(&castle, &walk));
                let other = walk_before
                    .as_ref()
                    .map(|before| ('1', Delta::new(before, &walk)));
                walk_before = Some(walk);
                match other {
                    Some(other) if other.1.len() < own.1.len() => other,
                    _ => own,
                }
            });
            out.push(CastlingTexts {
                head: format!(
                    "{}{}{}{}{}",
                    side.prefix(),
                    file(c.path.king_to()),
                    file(c.path.rook_to()),
                    verdict_code(v.verdict),
                    c.no_pawn_moves.map_or(String::new(), |m| m.to_string())
                ),
                castle: Delta::new(&castle_before, &castle),
                walk,
            });
            castle_before = castle;
        }
    }
    out
}

/// The moves in coordinate notation separated by spaces, as the page replays them: `g1f3`,
/// and castling as `O-O` or `O-O-O` (the page moves king and rook itself).
fn coordinates(arrangement: &Arrangement, line: &Line) -> String {
    let mut board = WhiteBoard::start(arrangement);
    line.moves
        .iter()
        .map(|&mv| {
            let text = match board.castling_side(mv) {
                Some(side) => side.san().to_string(),
                None => mv.to_string(),
            };
            board
                .play(mv)
                .expect("lines built by the searches are legal");
            text
        })
        .join(" ")
}

/// A word dictionary: texts split at single spaces, each word replaced by a code of one
/// character (the most frequent words) or two.
struct Dictionary {
    words: Vec<String>,
    codes: BTreeMap<String, String>,
    single: usize,
}

impl Dictionary {
    fn new<'a>(texts: impl Iterator<Item = &'a str>) -> Dictionary {
        let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
        for text in texts.filter(|t| !t.is_empty()) {
            for word in text.split(' ') {
                *counts.entry(word).or_default() += 1;
            }
        }
        let mut words: Vec<(&str, usize)> = counts.into_iter().collect();
        words.sort_by(|x, y| y.1.cmp(&x.1).then(x.0.cmp(y.0)));
        let base = ALPHABET.len();
        // As many one-character codes as leave room for the rest in two characters.
        let single = (base * base)
            .saturating_sub(words.len())
            .checked_div(base - 1)
            .unwrap_or(0)
            .min(base - 1);
        assert!(
            single + (base - single) * base >= words.len(),
            "the gallery dictionary holds at most {} words",
            base * base
        );
        let alphabet: Vec<char> = ALPHABET.chars().collect();
        let codes = words
            .iter()
            .enumerate()
            .map(|(i, (word, _))| {
                let code = if i < single {
                    alphabet[i].to_string()
                } else {
                    let j = i - single;
                    format!("{}{}", alphabet[single + j / base], alphabet[j % base])
                };
                (word.to_string(), code)
            })
            .collect();
        Dictionary {
            words: words.into_iter().map(|(w, _)| w.to_string()).collect(),
            codes,
            single,
        }
    }

    fn encode(&self, text: &str) -> String {
        if text.is_empty() {
            return String::new();
        }
        text.split(' ').map(|w| self.codes[w].as_str()).collect()
    }
}

/// Escapes text for HTML element content and attribute values.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

/// The answer and the per-side tables of rule claim against search verdict, as HTML.
fn summary(analyses: &[Analysis]) -> String {
    let mut out = String::new();
    let tally = Tally::of(analyses);
    let (total, answer, rule) = (tally.arrangements, tally.answer, tally.rule_answer);
    let scope = tally.scope();
    let _ = writeln!(
        out,
        "<p class=\"answer\" data-rule=\"chess960\">White can reach a position that requires \
         castling in <strong id=\"answer\">{answer}</strong> of {total} arrangements \
         <span class=\"aside\">(the closed-form rule says <span id=\"rule-answer\">{rule}</span>; \
         search over {scope})</span>.</p>"
    );
    out.push_str("<div class=\"tables\" data-rule=\"chess960\">\n");
    for side in CastlingSide::BOTH {
        let s = &tally.sides[side];
        let count = |rule: Option<Verdict>, found: Verdict| match rule {
            Some(claim) => s.count(claim, found),
            None => s.found(found),
        };
        let shown: Vec<Verdict> = Verdict::ALL
            .into_iter()
            .filter(|&v| v != Verdict::NotWithinBound || count(None, v) > 0)
            .collect();
        let _ = write!(
            out,
            "<table class=\"verdicts\" id=\"table-{}\"><caption>{} <span class=\"aside\">\
             rows: the rule's claim, columns: the search's verdict</span></caption>\n<thead><tr>\
             <th scope=\"col\">rule \\ search</th>",
            side.prefix(),
            escape(side.name())
        );
        for v in &shown {
            let _ = write!(
                out,
                "<th scope=\"col\"><span class=\"key v{}\" aria-hidden=\"true\"></span>{v}</th>",
                verdict_code(*v)
            );
        }
        out.push_str("</tr></thead>\n<tbody>");
        for claim in Verdict::THREE {
            let _ = write!(out, "<tr><th scope=\"row\">{claim}</th>");
            for &found in &shown {
                let n = count(Some(claim), found);
                let class = if claim == found { "" } else { " class=\"off\"" };
                let _ = write!(out, "<td{class}>{n}</td>");
            }
            out.push_str("</tr>");
        }
        out.push_str("</tbody>\n<tfoot><tr><th scope=\"row\">search total</th>");
        for &found in &shown {
            let _ = write!(
                out,
                "<td data-verdict=\"{found}\">{}</td>",
                count(None, found)
            );
        }
        out.push_str("</tr></tfoot></table>\n");
    }
    out.push_str("</div>\n");
    let disagreements = tally.verdict_disagreements.len();
    let _ = writeln!(
        out,
        "<p class=\"offdiag\" data-rule=\"chess960\">Off the diagonal (shaded): the rule and the \
         search disagree, on <strong id=\"disagreements\">{disagreements}</strong> sides.</p>"
    );
    out
}

/// The rule switch: a radio button per rule (Chess960's first and chosen), each with the number
/// of arrangements where White can reach a position that requires castling under it. Empty when
/// there is no other rule to switch to.
fn rule_switch(analyses: &[Analysis], rules: &[&[RuleAnalysis]]) -> String {
    if rules.is_empty() {
        return String::new();
    }
    let mut out = String::from(
        "<fieldset class=\"rules\" id=\"rules\"><legend>Castling rule <span class=\"aside\">\
         (the number: arrangements where White can reach a position that requires castling)\
         </span></legend>\n<div class=\"seg\">",
    );
    let chess960 = (
        Rule::CHESS960,
        analyses.iter().filter(|a| a.requires_castling()).count(),
    );
    let others = rules.iter().map(|list| {
        (
            list[0].rule,
            list.iter().filter(|a| a.requires_castling()).count(),
        )
    });
    for (rule, puzzle) in std::iter::once(chess960).chain(others) {
        let checked = if rule == Rule::CHESS960 {
            " checked"
        } else {
            ""
        };
        let _ = write!(
            out,
            "<label title=\"{}\"><input type=\"radio\" name=\"rule\" value=\"{rule}\"{checked}>\
             <span class=\"name\">{rule}</span> <span class=\"puzzle\" data-puzzle=\"{rule}\">\
             {puzzle}</span></label>",
            escape(rule.title())
        );
    }
    out.push_str("</div>\n</fieldset>\n");
    out
}

/// The answer and, per side, the counts of sides by their best castling and of castlings by
/// verdict under one rule other than Chess960's, as HTML hidden until the rule is chosen.
fn rule_summary(list: &[RuleAnalysis]) -> String {
    let Some(first) = list.first() else {
        return String::new();
    };
    let (rule, total) = (first.rule, list.len());
    let mut out = String::new();
    let answer = list.iter().filter(|a| a.requires_castling()).count();
    let _ = writeln!(
        out,
        "<p class=\"answer\" data-rule=\"{rule}\" hidden>Under {}, White can reach a position \
         that requires castling in <strong class=\"rule-answer\">{answer}</strong> of {total} \
         arrangements <span class=\"aside\">(search over {})</span>.</p>",
        escape(rule.title()),
        PawnScope::of(first.bound)
    );
    let _ = writeln!(out, "<div class=\"tables\" data-rule=\"{rule}\" hidden>");
    for side in CastlingSide::BOTH {
        let sides = |verdict: Option<Verdict>| {
            list.iter()
                .filter(|a| a.side_verdict(side) == verdict)
                .count()
        };
        let castlings = |verdict: Verdict| {
            list.iter()
                .flat_map(|a| &a.castlings[side])
                .filter(|c| c.verdict.verdict == verdict)
                .count()
        };
        let _ = write!(
            out,
            "<table class=\"verdicts\" id=\"table-{rule}-{}\"><caption>{} <span class=\"aside\">\
             sides by their best castling; every castling</span></caption>\n<thead><tr>\
             <th scope=\"col\">verdict</th><th scope=\"col\">sides</th>\
             <th scope=\"col\">castlings</th></tr></thead>\n<tbody>",
            side.prefix(),
            escape(side.name())
        );
        for v in Verdict::ALL {
            let (s, c) = (sides(Some(v)), castlings(v));
            if v == Verdict::NotWithinBound && s + c == 0 {
                continue;
            }
            let _ = write!(
                out,
                "<tr><th scope=\"row\"><span class=\"key v{}\" aria-hidden=\"true\"></span>{v}\
                 </th><td data-sides=\"{v}\">{s}</td><td data-castlings=\"{v}\">{c}</td></tr>",
                verdict_code(v)
            );
        }
        let none = sides(None);
        if none > 0 {
            let _ = write!(
                out,
                "<tr><th scope=\"row\"><span class=\"key vn\" aria-hidden=\"true\"></span>\
                 no castling</th><td data-sides=\"none\">{none}</td><td></td></tr>"
            );
        }
        let all: usize = list.iter().map(|a| a.castlings[side].len()).sum();
        let _ = write!(
            out,
            "</tbody>\n<tfoot><tr><th scope=\"row\">total</th><td>{total}</td>\
             <td data-castlings=\"all\">{all}</td></tr></tfoot></table>\n"
        );
    }
    out.push_str("</div>\n");
    out
}
