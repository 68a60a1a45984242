//! The gallery's switch of castling rules in headless Chromium: each rule's bars, counts and
//! explanations against the committed rules report.

use super::*;

const COMMITTED_RULES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/output/chess960_castling_rules.csv"
);

/// The committed rules report, one map of column to value per castling.
fn committed_rule_rows() -> Vec<HashMap<String, String>> {
    csv_rows(COMMITTED_RULES)
}

/// What the rules report says of one rule: per SP and side its castlings' rows.
struct RuleFacts<'a> {
    castlings: Vec<[Vec<&'a HashMap<String, String>>; 2]>,
}

impl<'a> RuleFacts<'a> {
    fn new(rows: &'a [HashMap<String, String>], rule: Rule) -> RuleFacts<'a> {
        let mut castlings: Vec<[Vec<&HashMap<String, String>>; 2]> =
            (0..960).map(|_| [Vec::new(), Vec::new()]).collect();
        for row in rows.iter().filter(|r| r["rule"] == rule.name()) {
            let sp: usize = row["sp"].parse().unwrap();
            castlings[sp][usize::from(row["side"] == "h")].push(row);
        }
        RuleFacts { castlings }
    }

    /// The verdict of a side: the best of its castlings' (`None`: no castling).
    fn side_verdict(&self, sp: usize, side: usize) -> Option<&'a str> {
        const ORDER: [&str; 4] = [
            "no-pawn-move",
            "after-pawn-move",
            "artificial-only",
            "not-within-bound",
        ];
        self.castlings[sp][side]
            .iter()
            .map(|r| r["verdict"].as_str())
            .min_by_key(|v| ORDER.iter().position(|o| o == v).expect("a verdict"))
    }

    /// The fewest moves of a side's castlings that need no pawn move.
    fn fewest(&self, sp: usize, side: usize) -> Option<usize> {
        self.castlings[sp][side]
            .iter()
            .filter_map(|r| r["moves"].parse().ok())
            .min()
    }

    fn requires_castling(&self, sp: usize) -> bool {
        (0..2).any(|side| {
            matches!(
                self.side_verdict(sp, side),
                Some("no-pawn-move" | "after-pawn-move")
            )
        })
    }

    /// The chip a side shows: `N2`, `P`, `A`, `?`, or a dash for no castling.
    fn chip(&self, sp: usize, side: usize) -> String {
        match self.side_verdict(sp, side) {
            None => "\u{2013}".into(),
            Some("no-pawn-move") => format!("N{}", self.fewest(sp, side).unwrap()),
            Some("after-pawn-move") => "P".into(),
            Some("artificial-only") => "A".into(),
            Some(_) => "?".into(),
        }
    }
}

/// The class of a bar's half for a side's verdict (`None`: no castling).
fn bar_class(verdict: Option<&str>) -> &'static str {
    match verdict {
        None => "vn",
        Some("no-pawn-move") => "v0",
        Some("after-pawn-move") => "v1",
        Some("artificial-only") => "v2",
        Some(_) => "v3",
    }
}

/// The grid's bars, all 960: per SP the class and text of each half.
const BARS: &str = "[...document.querySelectorAll('#grid .cell')].map(c => \
    [...c.querySelectorAll('.bar span')].map(s => [s.className, s.textContent]))";

/// Counts the visible strips.
const SHOWN: &str = "document.querySelectorAll('#grid .cell:not([hidden])').length";

/// Issue 25: the gallery switches castling rules. Under each rule the grid's colours, the
/// numbers at the top, the puzzle count and the filters are the committed rules report's; the
/// fragment keeps the rule across a reload; one arrangement lists every castling of each side
/// with its verdict and games, and its board replays them to the library's placements.
#[test]
fn gallery_switches_castling_rules_in_headless_chromium() {
    let html =
        std::fs::read_to_string(COMMITTED_GALLERY).expect("output/gallery.html is committed");
    let rows = committed_rule_rows();
    let url = format!("file://{COMMITTED_GALLERY}");
    let mut browser = Browser::launch();
    browser.viewport(1280, 900, false);
    browser.navigate(&url);
    assert!(html.contains("name=\"rule\""), "the page has a rule switch");
    assert_eq!(
        browser.eval("document.querySelector('input[name=rule]:checked').value"),
        json!("chess960")
    );
    let chess960_bars = browser.eval(BARS);
    // The look of "no castling" differs from every verdict's.
    let looks = browser.eval(
        "Object.fromEntries([...document.querySelectorAll('#legend .chip')].map(c => [c.className, \
           getComputedStyle(c).backgroundColor + ' ' + getComputedStyle(c).backgroundImage]))",
    );
    let looks = looks.as_object().unwrap();
    let none_look = &looks["chip vn"];
    for verdict in ["chip v0", "chip v1", "chip v2"] {
        assert_ne!(
            &looks[verdict], none_look,
            "{verdict} looks like no castling"
        );
    }

    // The radio buttons take the keyboard: from chess960, the right arrow chooses each next rule.
    browser.eval("document.querySelector('input[name=rule][value=chess960]').focus()");
    for rule in &Rule::ALL[1..] {
        browser.press("ArrowRight");
        browser.settle();
        let name = rule.name();
        assert_eq!(
            browser.eval("document.querySelector('input[name=rule]:checked').value"),
            json!(name),
            "the arrow key chose {name}"
        );
        assert_eq!(
            browser.eval("location.hash"),
            json!(format!("#rule={name}"))
        );
        let facts = RuleFacts::new(&rows, *rule);
        let puzzle = (0..960).filter(|&sp| facts.requires_castling(sp)).count();
        // The numbers at the top: only this rule's are shown.
        let shown = browser.eval(&format!(
            "(() => {{ const a = document.querySelector('.answer[data-rule={name}]');
               return {{visible: !a.hidden && a.offsetParent !== null, answer: a.querySelector('strong').textContent,
                        chess960: document.querySelector('.answer[data-rule=chess960]').offsetParent !== null,
                        tables: document.getElementById('table-a').offsetParent !== null,
                        puzzle: document.querySelector('[data-puzzle={name}]').textContent}}; }})()"
        ));
        assert_eq!(
            shown,
            json!({"visible": true, "answer": puzzle.to_string(), "chess960": false,
                   "tables": false, "puzzle": puzzle.to_string()}),
            "{name}: the answer"
        );
        for (side, prefix) in ["a", "h"].iter().enumerate() {
            let table = format!("#table-{name}-{prefix}");
            for verdict in ["no-pawn-move", "after-pawn-move", "artificial-only"] {
                let sides = (0..960)
                    .filter(|&sp| facts.side_verdict(sp, side) == Some(verdict))
                    .count();
                let castlings = facts
                    .castlings
                    .iter()
                    .flat_map(|s| &s[side])
                    .filter(|r| r["verdict"] == verdict)
                    .count();
                let got = browser.eval(&format!(
                    "[...document.querySelectorAll('{table} td[data-sides=\"{verdict}\"], {table} td[data-castlings=\"{verdict}\"]')]
                       .map(td => td.textContent)"
                ));
                assert_eq!(
                    got,
                    json!([sides.to_string(), castlings.to_string()]),
                    "{name} {prefix}-side {verdict}"
                );
            }
            let none = (0..960)
                .filter(|&sp| facts.castlings[sp][side].is_empty())
                .count();
            let got = browser.eval(&format!(
                "(() => {{ const td = document.querySelector('{table} td[data-sides=none]'); return td ? td.textContent : '0'; }})()"
            ));
            assert_eq!(got, json!(none.to_string()), "{name} {prefix}-side none");
        }
        // Every strip's colours and chips.
        let bars = browser.eval(BARS);
        let expected: Vec<Value> = (0..960)
            .map(|sp| {
                json!(
                    (0..2)
                        .map(|side| {
                            json!([
                                bar_class(facts.side_verdict(sp, side)),
                                facts.chip(sp, side)
                            ])
                        })
                        .collect::<Vec<_>>()
                )
            })
            .collect();
        for sp in 0..960 {
            assert_eq!(bars[sp], expected[sp], "{name}: SP {sp}'s strip");
        }
        assert_ne!(bars, chess960_bars, "{name}: the grid changed");
        // The computed colours: the legend's for each verdict, the hatching for none.
        let painted = browser.eval(
            "(() => { const out = {}; for (const s of document.querySelectorAll('#grid .bar span')) {
                const k = s.className, st = getComputedStyle(s); out[k] = st.backgroundColor + ' ' + st.backgroundImage; }
              return out; })()",
        );
        for (class, look) in painted.as_object().unwrap() {
            assert_eq!(
                Some(look),
                looks.get(&format!("chip {class}")),
                "{name}: {class}"
            );
        }
        assert_eq!(
            browser.eval("document.getElementById('count').textContent"),
            json!("Showing 960 of 960 arrangements")
        );
        // The filters follow the rule: requires castling, then no castling on the a-side.
        browser.eval("document.getElementById('fq').value = '1'; document.getElementById('fq').dispatchEvent(new Event('change', {bubbles: true}))");
        assert_eq!(
            browser.eval(SHOWN),
            json!(puzzle),
            "{name}: requires castling"
        );
        assert_eq!(
            browser.eval("location.hash"),
            json!(format!("#rule={name}&fq=1"))
        );
        browser.eval("document.getElementById('filters').reset()");
        browser.settle();
        let a_none = (0..960)
            .filter(|&sp| facts.castlings[sp][0].is_empty())
            .count();
        let offered =
            browser.eval("[...document.getElementById('fa').options].some(o => o.value === '4')");
        assert_eq!(offered, json!(a_none > 0), "{name}: 'no castling' offered");
        if a_none > 0 {
            browser.eval("document.getElementById('fa').value = '4'; document.getElementById('fa').dispatchEvent(new Event('change', {bubbles: true}))");
            assert_eq!(
                browser.eval(SHOWN),
                json!(a_none),
                "{name}: no a-side castling"
            );
            browser.eval("document.getElementById('filters').reset()");
            browser.settle();
        }
        // The closed-form rule is Chess960's: its filter is not offered.
        assert_eq!(
            browser.eval("document.getElementById('fr').offsetParent === null"),
            json!(true)
        );
        browser.eval(&format!(
            "document.querySelector('input[name=rule][value={name}]').focus()"
        ));
    }

    // The page's data holds every castling of the rules report, games included: all of them,
    // read as the detail view reads them, equal the report's rows.
    const FIELDS: [&str; 8] = [
        "side",
        "castling",
        "king_to",
        "rook_to",
        "verdict",
        "moves",
        "castle_line",
        "walk_line",
    ];
    for rule in &Rule::ALL[1..] {
        let name = rule.name();
        let page = browser.eval(&format!(
            "(() => {{ const out = []; for (let sp = 0; sp < 960; sp++)
               for (const c of castle960.ruleCastlings('{name}', sp)) out.push([String(sp), {}]);
               return out; }})()",
            FIELDS.map(|f| format!("c.{f}")).join(", ")
        ));
        let report: Vec<Value> = rows
            .iter()
            .filter(|r| r["rule"] == name)
            .map(|r| {
                json!(
                    std::iter::once(&r["sp"])
                        .chain(FIELDS.iter().map(|f| &r[*f]))
                        .collect::<Vec<_>>()
                )
            })
            .collect();
        let page = page.as_array().unwrap();
        assert_eq!(page.len(), report.len(), "{name}: castlings");
        for (got, want) in page.iter().zip(&report) {
            assert_eq!(got, want, "{name}");
        }
    }

    // The fragment keeps the rule (and its filters) across a reload.
    let free = RuleFacts::new(&rows, Rule::FREE);
    let free_puzzle = (0..960).filter(|&sp| free.requires_castling(sp)).count();
    browser.hash("rule=free&fq=1");
    browser
        .events
        .retain(|e| e["method"] != "Page.loadEventFired");
    browser.call("Page.reload", json!({}));
    browser.wait_event("Page.loadEventFired");
    assert_eq!(browser.eval("location.hash"), json!("#rule=free&fq=1"));
    assert_eq!(
        browser.eval("document.querySelector('input[name=rule]:checked').value"),
        json!("free")
    );
    assert_eq!(browser.eval(SHOWN), json!(free_puzzle));
    browser.eval("scrollTo(0, 0)");
    browser.screenshot(&target_dir().join("gallery-overview-free.png"));
    assert_eq!(
        browser.eval(BARS)[518][1][0],
        json!(bar_class(free.side_verdict(518, 1)))
    );
    // A strip links to its arrangement under the rule; Escape comes back to the same view.
    assert_eq!(
        browser.eval("document.getElementById('c518').getAttribute('href')"),
        json!("#sp=518&rule=free")
    );

    // One arrangement under free castling: every castling of the report, with its verdict,
    // landing squares, fewest moves and games; the board replays each to the library's end.
    for sp in [518usize, 9, 2] {
        let arrangement = Arrangement::from_sp(sp as u16).unwrap();
        let analysis = rules::analyse(Rule::FREE, arrangement, PawnBound::ALL_EIGHT);
        for (side, prefix) in ["a", "h"].iter().enumerate() {
            browser.hash(&format!("sp={sp}&side={prefix}&rule=free"));
            let listed = browser.eval(
                "[...document.querySelectorAll('#castlings tbody tr')].map(tr => [tr.dataset.castling,
                   tr.dataset.verdict, tr.children[1].textContent, tr.children[3].textContent,
                   tr.querySelector('.castle-line').textContent,
                   (tr.querySelector('.walk-line') || {textContent: ''}).textContent])",
            );
            let report: Vec<Value> = free.castlings[sp][side]
                .iter()
                .map(|r| {
                    json!([
                        r["castling"],
                        r["verdict"],
                        format!("{}, {}", r["king_to"], r["rook_to"]),
                        r["moves"],
                        r["castle_line"],
                        r["walk_line"]
                    ])
                })
                .collect();
            assert!(
                !report.is_empty(),
                "SP {sp} {prefix}: free castling allows some"
            );
            assert_eq!(
                listed,
                json!(report),
                "SP {sp} {prefix}-side under free castling"
            );
            let verdict = browser.eval("document.getElementById('v-verdict').textContent");
            assert!(
                verdict
                    .as_str()
                    .unwrap()
                    .contains(free.side_verdict(sp, side).unwrap()),
                "{verdict}"
            );
            assert_eq!(
                browser.eval("document.getElementById('why-box').offsetParent === null"),
                json!(true),
                "Chess960's reasons are not shown under free castling"
            );
            let castlings = &analysis.castlings[if side == 0 {
                CastlingSide::A
            } else {
                CastlingSide::H
            }];
            assert_eq!(castlings.len(), report.len());
            for (i, castling) in castlings.iter().enumerate() {
                browser.eval(&format!(
                    "document.querySelectorAll('#castlings input[name=castling]')[{i}].click()"
                ));
                for (walk, line) in [
                    (false, Some(&castling.verdict.castle_line)),
                    (true, castling.verdict.walk_line.as_ref()),
                ] {
                    let Some(line) = line else { continue };
                    if walk {
                        browser
                            .eval("document.querySelector('input[name=game][value=walk]').click()");
                    }
                    browser.eval("document.getElementById('v-title').focus()");
                    browser.press("End");
                    let end = line
                        .replay(&arrangement)
                        .expect("the line replays")
                        .fen_placement();
                    assert_eq!(
                        browser.eval(BOARD_PLACEMENT),
                        json!(end),
                        "SP {sp} {prefix} castling {i} (walk: {walk})"
                    );
                    assert_eq!(
                        browser.eval("document.querySelectorAll('#moves button').length"),
                        json!(line.moves.len())
                    );
                }
            }
        }
    }
    browser.screenshot(&target_dir().join("gallery-rule-free.png"));
    browser.eval("document.getElementById('v-title').focus()");
    browser.press("Escape");
    browser.settle();
    assert_eq!(browser.eval("location.hash"), json!("#rule=free&fq=1"));

    // Under flexible castling, an arrangement with no castling on a side says so.
    let flexible = RuleFacts::new(&rows, Rule::FLEXIBLE);
    let sp = (0..960)
        .find(|&sp| flexible.castlings[sp][0].is_empty() && !flexible.castlings[sp][1].is_empty())
        .expect("an arrangement without flexible castling on the a-side");
    browser.hash(&format!("sp={sp}&rule=flexible"));
    let view = browser.eval(
        "({verdict: document.getElementById('v-verdict').textContent,
           tab: document.getElementById('tab-a').textContent,
           rows: document.querySelectorAll('#castlings tbody tr').length,
           step: document.getElementById('step').textContent,
           selected: document.getElementById('tab-h').getAttribute('aria-selected')})",
    );
    assert_eq!(
        view["selected"],
        json!("true"),
        "opens the side that castles: {view}"
    );
    browser.hash(&format!("sp={sp}&side=a&rule=flexible"));
    let view = browser.eval(
        "({verdict: document.getElementById('v-verdict').textContent,
           tab: document.getElementById('tab-a').textContent,
           rows: document.querySelectorAll('#castlings tbody tr').length,
           step: document.getElementById('step').textContent})",
    );
    assert!(
        view["verdict"].as_str().unwrap().contains("no castling"),
        "SP {sp}: {view}"
    );
    assert_eq!(view["tab"], json!("a-side (O-O-O)\u{2013}"));
    assert_eq!(view["rows"], json!(0));
    assert_eq!(view["step"], json!("No game to show for this side."));
    browser.screenshot(&target_dir().join("gallery-rule-flexible-none.png"));
    // The rule links of the view lead back to Chess960's, as it was.
    browser.eval("[...document.querySelectorAll('#v-rule a')].find(a => a.textContent === 'chess960').click()");
    browser.settle();
    assert_eq!(
        browser.eval("location.hash"),
        json!(format!("#sp={sp}&side=a"))
    );
    assert_eq!(
        browser.eval("[document.getElementById('why-box').offsetParent !== null, document.getElementById('castlings').hidden]"),
        json!([true, true])
    );
    browser.hash("");
    assert_eq!(
        browser.eval(BARS),
        chess960_bars,
        "Chess960's grid as before"
    );

    // At phone width, the switch, the grid and the list of castlings fit without scrolling
    // sideways.
    browser.viewport(375, 740, true);
    // (A query of its own each: a new fragment alone navigates within the page, loading nothing.)
    for (n, fragment) in ["rule=free", "sp=518&side=h&rule=free"].iter().enumerate() {
        browser.navigate(&format!("{url}?phone{n}#{fragment}"));
        let width = browser.eval("document.documentElement.scrollWidth");
        assert!(
            width.as_u64().unwrap() <= 375,
            "#{fragment} scrolls sideways: {width}"
        );
    }
    browser.screenshot(&target_dir().join("gallery-rule-free-375.png"));

    let errors = browser.errors();
    assert!(errors.is_empty(), "the page reported errors: {errors:#?}");
}
