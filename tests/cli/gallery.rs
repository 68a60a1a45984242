//! The gallery page opened in headless Chromium.
//!
//! The page opened is the committed `output/gallery.html`, which `tests/cli/report_and_show.rs` proves to be
//! what `castle960 report` writes; so this test needs no analysis of all 960 arrangements and
//! takes seconds. It is checked against the committed report: cell colours, the answer, the
//! search box, and the board replaying games.
//! The browser is driven through the Chrome DevTools Protocol over `--remote-debugging-pipe`
//! (JSON messages ended by NUL on file descriptors 3 and 4), so no driver library is needed.
//! Chromium must be installed (`/usr/bin/chromium` or on the `PATH`, or the path in `CHROMIUM`):
//! without it the test fails with one message naming the missing tool and how to install it; it
//! never skips. The README's test command (`--no-fail-fast`) still runs every other test.
//! Screenshots go to `target/gallery-*.png`; `docs/gallery.png` in the README is a copy of
//! `target/gallery-overview.png`.

use crate::common;

use castle960::CastlingSide;
use castle960::chess::Rule;
use castle960::chess::arrangement::Arrangement;
use castle960::notation::naming::parse_any;
use castle960::report::explain::Explanation;
use castle960::report::gallery;
use castle960::start::analysis::Analysis;
use castle960::start::bound::PawnBound;
use castle960::start::rules::{self, RuleAnalysis};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

const COMMITTED_REPORT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/output/chess960_castling.csv");
const COMMITTED_GALLERY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/output/gallery.html");
const TIMEOUT: Duration = Duration::from_secs(60);

/// A headless Chromium and one page in it, spoken to over the DevTools pipe.
struct Browser {
    child: Child,
    input: ChildStdin,
    output: Receiver<Value>,
    next_id: u64,
    session: String,
    /// Events received while waiting for answers, oldest first.
    events: Vec<Value>,
    _profile: tempfile::TempDir,
}

impl Browser {
    fn launch() -> Browser {
        let exe = chromium().unwrap_or_else(|| {
            panic!(
                "missing tool: Chromium, which the gallery test needs, is not installed (not at \
                 $CHROMIUM, /usr/bin/chromium, or chromium or chromium-browser on PATH); \
                 install it with `apt-get install chromium` (Debian; .ci/run does so) or set \
                 CHROMIUM to its path"
            )
        });
        let profile = tempfile::tempdir().unwrap();
        let log = std::fs::File::create(target_dir().join("gallery-chromium.log")).unwrap();
        // The shell hands our pipes to Chromium as descriptors 3 (commands) and 4 (answers).
        let mut child = Command::new("sh")
            .arg("-c")
            .arg("exec \"$0\" \"$@\" 3<&0 4>&1 </dev/null >/dev/null")
            .arg(&exe)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-extensions",
                "--hide-scrollbars",
                "--remote-debugging-pipe",
                "--window-size=1280,900",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg("about:blank")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(log)
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start Chromium ({exe}): {e}"));
        let input = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, output) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut message = Vec::new();
                match reader.read_until(0, &mut message) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        message.pop();
                        let value: Value = serde_json::from_slice(&message)
                            .unwrap_or_else(|e| panic!("bad DevTools message: {e}"));
                        if tx.send(value).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let mut browser = Browser {
            child,
            input,
            output,
            next_id: 0,
            session: String::new(),
            events: Vec::new(),
            _profile: profile,
        };
        let target = browser.call_browser("Target.createTarget", json!({"url": "about:blank"}));
        let target_id = target["targetId"].as_str().unwrap().to_string();
        let attached = browser.call_browser(
            "Target.attachToTarget",
            json!({"targetId": target_id, "flatten": true}),
        );
        browser.session = attached["sessionId"].as_str().unwrap().to_string();
        for domain in ["Page.enable", "Runtime.enable", "Log.enable"] {
            browser.call(domain, json!({}));
        }
        browser
    }

    fn receive(&mut self, deadline: Instant) -> Value {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.output.recv_timeout(left) {
            Ok(v) => v,
            Err(RecvTimeoutError::Timeout) => panic!("Chromium did not answer within {TIMEOUT:?}"),
            Err(RecvTimeoutError::Disconnected) => panic!(
                "Chromium closed the DevTools pipe (see target/gallery-chromium.log): {:?}",
                self.child.try_wait()
            ),
        }
    }

    fn send(&mut self, session: Option<String>, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({"id": id, "method": method, "params": params});
        if let Some(s) = session {
            message["sessionId"] = json!(s);
        }
        let mut bytes = serde_json::to_vec(&message).unwrap();
        bytes.push(0);
        self.input.write_all(&bytes).expect("write to Chromium");
        self.input.flush().unwrap();
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let reply = self.receive(deadline);
            if reply["id"] == json!(id) {
                if let Some(error) = reply.get("error") {
                    panic!("{method} failed: {error}");
                }
                return reply["result"].clone();
            }
            self.events.push(reply);
        }
    }

    fn call_browser(&mut self, method: &str, params: Value) -> Value {
        self.send(None, method, params)
    }

    /// A command to the page.
    fn call(&mut self, method: &str, params: Value) -> Value {
        let session = self.session.clone();
        self.send(Some(session), method, params)
    }

    /// Waits for an event of the page, returning it (and dropping it from the event list).
    fn wait_event(&mut self, method: &str) -> Value {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            if let Some(at) = self.events.iter().position(|e| e["method"] == method) {
                return self.events.remove(at);
            }
            let event = self.receive(deadline);
            self.events.push(event);
        }
    }

    /// Evaluates a JavaScript expression in the page and returns its value.
    fn eval(&mut self, expression: &str) -> Value {
        let result = self.call(
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true, "awaitPromise": true}),
        );
        if let Some(details) = result.get("exceptionDetails") {
            panic!("{expression}\nthrew {details}");
        }
        result["result"]["value"].clone()
    }

    fn navigate(&mut self, url: &str) {
        self.events.retain(|e| e["method"] != "Page.loadEventFired");
        self.call("Page.navigate", json!({"url": url}));
        self.wait_event("Page.loadEventFired");
    }

    /// Presses a key as a user does: down and up, at whatever has the focus.
    fn press(&mut self, key: &str) {
        let (code, text) = match key {
            "ArrowLeft" => (37, ""),
            "ArrowUp" => (38, ""),
            "ArrowRight" => (39, ""),
            "ArrowDown" => (40, ""),
            "Home" => (36, ""),
            "End" => (35, ""),
            "Enter" => (13, "\r"),
            "Escape" => (27, ""),
            _ => panic!("no key code for {key}"),
        };
        let mut down = json!({"type": "keyDown", "key": key, "code": key,
            "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code});
        if !text.is_empty() {
            down["text"] = json!(text);
        }
        self.call("Input.dispatchKeyEvent", down);
        self.call(
            "Input.dispatchKeyEvent",
            json!({"type": "keyUp", "key": key, "code": key,
                "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code}),
        );
    }

    /// Lets queued tasks run (a hash change routes in a `hashchange` task).
    fn settle(&mut self) {
        self.eval("new Promise(r => setTimeout(r, 30))");
    }

    /// Sets the URL fragment and waits for the page to route.
    fn hash(&mut self, fragment: &str) {
        self.eval(&format!(
            "location.hash = {}",
            serde_json::to_string(fragment).unwrap()
        ));
        self.settle();
    }

    fn viewport(&mut self, width: u32, height: u32, mobile: bool) {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}),
        );
    }

    fn screenshot(&mut self, path: &Path) {
        let shot = self.call("Page.captureScreenshot", json!({"format": "png"}));
        let png = base64_decode(shot["data"].as_str().unwrap());
        assert!(png.starts_with(b"\x89PNG"), "a PNG screenshot");
        std::fs::write(path, png).unwrap();
    }

    /// Everything the page reported as an error so far: console errors, uncaught exceptions,
    /// and browser log entries of level error (such as a failed load).
    fn errors(&self) -> Vec<String> {
        self.events
            .iter()
            .filter(|e| {
                (e["method"] == "Runtime.consoleAPICalled"
                    && matches!(e["params"]["type"].as_str(), Some("error" | "assert")))
                    || e["method"] == "Runtime.exceptionThrown"
                    || (e["method"] == "Log.entryAdded" && e["params"]["entry"]["level"] == "error")
            })
            .map(|e| e.to_string())
            .collect()
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Where Chromium is: `$CHROMIUM` if set (and there), else `/usr/bin/chromium`, else `chromium`
/// or `chromium-browser` on the `PATH`.
fn chromium() -> Option<String> {
    if let Some(exe) = std::env::var_os("CHROMIUM") {
        return Path::new(&exe)
            .is_file()
            .then(|| exe.to_string_lossy().into_owned());
    }
    let on_path = std::env::var_os("PATH")
        .map(|path| std::env::split_paths(&path).collect::<Vec<_>>())
        .unwrap_or_default();
    std::iter::once(PathBuf::from("/usr/bin/chromium"))
        .chain(
            on_path
                .iter()
                .flat_map(|dir| ["chromium", "chromium-browser"].map(|name| dir.join(name))),
        )
        .find(|exe| exe.is_file())
        .map(|exe| exe.display().to_string())
}

fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut bits, mut n) = (0u32, 0);
    for &c in text.as_bytes().iter().filter(|&&c| c != b'=') {
        bits = bits << 6 | value(c) as u32;
        n += 6;
        if n >= 8 {
            n -= 8;
            out.push((bits >> n) as u8);
        }
    }
    out
}

fn target_dir() -> PathBuf {
    let dir = PathBuf::from(
        std::env::var("CARGO_TARGET_DIR")
            .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/target").to_string()),
    );
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The committed report, one map of column to value per SP.
fn committed_rows() -> Vec<HashMap<String, String>> {
    let mut reader = csv::Reader::from_path(COMMITTED_REPORT).expect("the committed report");
    reader
        .deserialize()
        .map(|r| r.expect("a report row"))
        .collect()
}

/// White's placement after the White moves of `line` (SAN, space separated) from the SP's
/// start, replayed by cozy-chess with Black passing.
fn placement_after(row: &HashMap<String, String>, line: &str) -> String {
    let moves: Vec<&str> = line.split(' ').collect();
    let replay = common::replay_white_line(&row["fen"], &moves).expect("the report's line replays");
    common::white_placement(&replay.board)
}

/// White's placement on the page's big board, read from the glyphs on its squares.
const BOARD_PLACEMENT: &str = r#"(() => {
  const glyph = {'♔':'K','♕':'Q','♖':'R','♗':'B','♘':'N','♙':'P'};
  const rows = [];
  for (let r = 8; r >= 1; r--) {
    let row = '', empty = 0;
    for (const f of 'abcdefgh') {
      const man = glyph[document.querySelector('#board [data-sq="' + f + r + '"]').textContent];
      if (man) { if (empty) row += empty; empty = 0; row += man; } else empty++;
    }
    rows.push(row + (empty || ''));
  }
  return rows.join('/');
})()"#;

/// Opens `#sp=N&side=S` and steps through the chosen game with the right-arrow key, returning
/// how many steps the page allowed and White's placement at the end.
fn step_through(browser: &mut Browser, sp: usize, side: char, walk: bool) -> (usize, String) {
    browser.hash(&format!("sp={sp}&side={side}"));
    let title = browser.eval("document.getElementById('v-title').textContent");
    assert!(
        title.as_str().unwrap().starts_with(&format!("SP {sp} ")),
        "{title}"
    );
    if walk {
        browser.eval("document.querySelector('input[name=game][value=walk]').click()");
    }
    // Keys go to the page, not to the radio buttons.
    browser.eval("document.getElementById('v-title').focus()");
    let mut steps = 0;
    while browser.eval("document.getElementById('fwd1').disabled") == json!(false) {
        browser.press("ArrowRight");
        steps += 1;
        assert!(steps < 200, "the stepping never ends");
    }
    (
        steps,
        browser.eval(BOARD_PLACEMENT).as_str().unwrap().to_string(),
    )
}

fn search(browser: &mut Browser, text: &str) -> (String, String) {
    browser.hash("");
    browser.eval("(() => { const q = document.getElementById('q'); q.value = ''; q.focus(); })()");
    browser.call("Input.insertText", json!({"text": text}));
    browser.press("Enter");
    browser.settle();
    let hash = browser.eval("location.hash");
    let message = browser.eval("document.getElementById('q-msg').textContent");
    (
        hash.as_str().unwrap().to_string(),
        message.as_str().unwrap().to_string(),
    )
}

/// Whether the page loads nothing from anywhere: no remote scripts, styles, images or frames.
/// The only address in it is lichess's analysis board, a link the reader may follow (and the
/// PGN games' `[Link]` tags, which the page's script writes from it).
fn assert_loads_nothing(html: &str) {
    for forbidden in [
        "http://", "//cdn", "<link", "src=\"", "url(", "@import", "fetch(",
    ] {
        assert!(
            !html.contains(forbidden),
            "the page must not load anything: {forbidden}"
        );
    }
    for (at, _) in html.match_indices("https://") {
        assert!(
            html[at..].starts_with(castle960::notation::lichess::ANALYSIS),
            "an address other than lichess's analysis board: {}",
            &html[at..(at + 60).min(html.len())]
        );
    }
}

fn analysis_of(sp: u16) -> Analysis {
    Analysis::new(Arrangement::from_sp(sp).unwrap())
}

/// The analyses of `analyses`' arrangements under every rule, one list per rule in
/// [`Rule::ALL`]'s order (Chess960's included, as `report` passes it).
fn under_rules(analyses: &[Analysis]) -> Vec<Vec<RuleAnalysis>> {
    Rule::ALL
        .iter()
        .map(|&rule| {
            analyses
                .iter()
                .map(|a| rules::analyse(rule, a.arrangement, a.bound))
                .collect()
        })
        .collect()
}

/// The same analyses render to the same bytes (Black's waiting moves in the PGN games
/// included), and the page loads nothing from anywhere.
#[test]
fn gallery_render_is_byte_deterministic_and_self_contained() {
    let analyses: Vec<Analysis> = [0, 9, 518, 959].into_iter().map(analysis_of).collect();
    let rules = under_rules(&analyses);
    let html = gallery::render(&analyses, &rules).expect("the page template is complete");
    assert!(
        html == gallery::render(&analyses, &rules).unwrap(),
        "two renders differ"
    );
    let explanations: Vec<Explanation> = analyses.iter().map(Explanation::new).collect();
    assert!(html == gallery::render_explained(&analyses, &explanations, &rules).unwrap());
    assert_loads_nothing(&html);
    // The rule switch offers every rule, Chess960's chosen; without other rules there is none.
    for rule in Rule::ALL {
        assert!(
            html.contains(&format!("name=\"rule\" value=\"{rule}\"")),
            "{rule} in the switch"
        );
    }
    assert!(html.contains("value=\"chess960\" checked>"));
    let alone = gallery::render(&analyses, &[]).unwrap();
    assert!(!alone.contains("name=\"rule\""), "a switch without rules");
}

#[test]
fn gallery_in_headless_chromium() {
    let started = Instant::now();
    let html =
        std::fs::read_to_string(COMMITTED_GALLERY).expect("output/gallery.html is committed");
    eprintln!("page {} bytes", html.len());
    assert!(html.len() < 2_000_000, "the page is {} bytes", html.len());
    assert_loads_nothing(&html);
    let rows = committed_rows();
    assert_eq!(rows.len(), 960);

    let url = format!("file://{COMMITTED_GALLERY}");
    let mut browser = Browser::launch();
    browser.viewport(1280, 900, false);
    browser.navigate(&url);
    // castle960's mark, an HTML comment, comes before the doctype: the page must still render
    // in standards mode, not quirks mode.
    assert_eq!(browser.eval("document.compatMode"), "CSS1Compat");

    // Load time, as the browser measured it.
    let timing = browser.eval(
        "(() => { const n = performance.getEntriesByType('navigation')[0];
           const p = Object.fromEntries(performance.getEntriesByType('paint').map(e => [e.name, e.startTime]));
           const r = performance.getEntriesByName('gallery-ready')[0];
           return {dcl: n.domContentLoadedEventEnd, load: n.loadEventEnd, ready: r && r.startTime,
                   fp: p['first-paint'], fcp: p['first-contentful-paint']}; })()",
    );
    eprintln!("load timing (ms): {timing}");
    let ready = timing["ready"]
        .as_f64()
        .expect("the script marked gallery-ready");
    assert!(ready < 5000.0, "the page took {ready} ms to be ready");

    // The overview: 960 strips, and the numbers at the top from the data.
    assert_eq!(
        browser.eval("document.querySelectorAll('#grid .cell').length"),
        json!(960)
    );
    let answer = rows
        .iter()
        .filter(|r| r["requires_castling"] == "true")
        .count();
    assert_eq!(answer, 629, "the committed report's answer");
    assert_eq!(
        browser.eval("document.getElementById('answer').textContent"),
        json!(answer.to_string())
    );
    let rule_answer = rows
        .iter()
        .filter(|r| r["rule_requires_castling"] == "true")
        .count();
    assert_eq!(
        browser.eval("document.getElementById('rule-answer').textContent"),
        json!(rule_answer.to_string())
    );
    for side in ["a", "h"] {
        for verdict in ["no-pawn-move", "after-pawn-move", "artificial-only"] {
            let n = rows
                .iter()
                .filter(|r| r[&format!("{side}_verdict")] == verdict)
                .count();
            let shown = browser.eval(&format!(
                "document.querySelector('#table-{side} tfoot td[data-verdict=\"{verdict}\"]').textContent"
            ));
            assert_eq!(shown, json!(n.to_string()), "{side}-side {verdict} total");
        }
    }
    assert_eq!(
        browser.eval("document.getElementById('count').textContent"),
        json!("Showing 960 of 960 arrangements")
    );
    assert_eq!(
        browser.eval(
            "document.getElementById('table-a').getBoundingClientRect().top < \
             document.getElementById('grid').getBoundingClientRect().top"
        ),
        json!(true),
        "wide screen: the tables come first"
    );

    // Verdict colours: the colour of each half of a strip's bar is the legend's colour for the
    // verdict the report gives, for 50 SPs spread over the range (and SP 9, a disagreement).
    let legend = browser.eval(
        "Object.fromEntries([...document.querySelectorAll('#legend li')].filter(li => li.querySelector('b'))
           .map(li => [li.querySelector('b').textContent, getComputedStyle(li.querySelector('.chip')).backgroundColor]))",
    );
    let colour = |verdict: &str| legend[verdict].as_str().unwrap().to_string();
    let colours: Vec<String> = ["no-pawn-move", "after-pawn-move", "artificial-only"]
        .iter()
        .map(|v| colour(v))
        .collect();
    assert!(
        colours[0] != colours[1] && colours[1] != colours[2] && colours[0] != colours[2],
        "three distinct verdict colours: {colours:?}"
    );
    let mut sample: Vec<usize> = (0..50).map(|i| (i * 389 + 9) % 960).collect();
    sample.push(9);
    for &sp in &sample {
        let cell = browser.eval(&format!(
            "(() => {{ const c = document.getElementById('c{sp}'); const s = c.querySelectorAll('.bar span');
               return {{label: c.getAttribute('aria-label'), a: getComputedStyle(s[0]).backgroundColor,
                        h: getComputedStyle(s[1]).backgroundColor, ax: s[0].classList.contains('x'),
                        hx: s[1].classList.contains('x'), rank: c.querySelector('.n span').textContent}}; }})()"
        ));
        let row = &rows[sp];
        assert_eq!(cell["rank"], json!(row["arrangement"]), "SP {sp}");
        for side in ["a", "h"] {
            let verdict = &row[&format!("{side}_verdict")];
            assert_eq!(
                cell[side],
                json!(colour(verdict)),
                "SP {sp} {side}-side colour"
            );
            let disagrees = row[&format!("{side}_verdict_agrees")] == "false";
            assert_eq!(
                cell[format!("{side}x")],
                json!(disagrees),
                "SP {sp} {side} mark"
            );
        }
    }
    assert_eq!(
        browser.eval("document.querySelectorAll('#grid .bar .x').length"),
        json!(
            rows.iter()
                .map(|r| ["a", "h"]
                    .iter()
                    .filter(|s| r[&format!("{s}_verdict_agrees")] == "false")
                    .count())
                .sum::<usize>()
        ),
        "every disagreement is marked"
    );

    // Filters: disagreements only, then the h-side's after-pawn-move sides.
    browser.eval("document.getElementById('fr').value = 'disagree'; document.getElementById('fr').dispatchEvent(new Event('change', {bubbles: true}))");
    let disagreeing = rows
        .iter()
        .filter(|r| r["a_verdict_agrees"] == "false" || r["h_verdict_agrees"] == "false")
        .count();
    assert_eq!(
        browser.eval("document.querySelectorAll('#grid .cell:not([hidden])').length"),
        json!(disagreeing)
    );
    browser.screenshot(&target_dir().join("gallery-overview-filtered.png"));
    // Issue 20, item 9: the filters go into the URL fragment, so that the view can be shared.
    assert_eq!(browser.eval("location.hash"), json!("#fr=disagree"));
    browser.eval("document.getElementById('filters').reset()");
    browser.settle();
    assert_eq!(
        browser.eval("document.querySelectorAll('#grid .cell:not([hidden])').length"),
        json!(960)
    );
    assert_eq!(browser.eval("location.hash"), json!(""));
    // A shared fragment restores the filters it names: the h-side's after-pawn-move sides
    // among those where rule and search disagree, opened in a fresh page.
    browser.navigate(&format!("{url}?shared#fh=1&fr=disagree"));
    let shared = rows
        .iter()
        .filter(|r| r["h_verdict"] == "after-pawn-move")
        .filter(|r| r["a_verdict_agrees"] == "false" || r["h_verdict_agrees"] == "false")
        .count();
    assert!(
        shared > 0 && shared < disagreeing,
        "{shared} of {disagreeing}"
    );
    assert_eq!(
        browser.eval("[document.getElementById('fh').value, document.getElementById('fr').value]"),
        json!(["1", "disagree"])
    );
    assert_eq!(
        browser.eval("document.querySelectorAll('#grid .cell:not([hidden])').length"),
        json!(shared)
    );
    // Opening one arrangement and pressing Escape comes back to the same filtered view.
    browser.hash("sp=9&side=h");
    browser.eval("document.getElementById('v-title').focus()");
    browser.press("Escape");
    browser.settle();
    assert_eq!(browser.eval("location.hash"), json!("#fh=1&fr=disagree"));
    assert_eq!(
        browser.eval("document.querySelectorAll('#grid .cell:not([hidden])').length"),
        json!(shared)
    );
    // A value no filter offers is left out rather than hiding everything.
    browser.hash("fa=bogus&fq=1");
    assert_eq!(
        browser.eval("[document.getElementById('fa').value, document.getElementById('fq').value]"),
        json!(["", "1"])
    );
    browser.navigate(&url);
    assert_eq!(
        browser.eval("document.querySelectorAll('#grid .cell:not([hidden])').length"),
        json!(960)
    );
    browser.eval("scrollTo(0, 0)");
    browser.screenshot(&target_dir().join("gallery-overview.png"));

    // The page names arrangements as parse_any does: every SP's number from its back rank,
    // and the same answer or the same message for good and bad input.
    assert_eq!(
        browser.eval(
            "(() => { for (let sp = 0; sp < 960; sp++) if (castle960.spOf(castle960.rankOf(sp)) !== sp) return sp; return -1; })()"
        ),
        json!(-1)
    );
    let fen518 = rows[518]["fen"].clone();
    let inputs = [
        "518".to_string(),
        " 0 ".to_string(),
        "+7".to_string(),
        "960".to_string(),
        "-1".to_string(),
        "99999".to_string(),
        "RNBQKBNR".to_string(),
        "rnbqkbnr".to_string(),
        "QNNBBRKR".to_string(),
        "RNBQKBN".to_string(),
        "RNBQKBNX".to_string(),
        "RNBQKQNR".to_string(),
        "RNBBKQNR".to_string(),
        "KRNBQBNR".to_string(),
        "SP518".to_string(),
        "sp 7".to_string(),
        "SP960".to_string(),
        "SP-1".to_string(),
        "SPX".to_string(),
        "SP5.5".to_string(),
        "0960".to_string(),
        "+960".to_string(),
        "-0".to_string(),
        "518.0".to_string(),
        "5e2".to_string(),
        "1 000".to_string(),
        ".5".to_string(),
        "-RNBQKBNR".to_string(),
        "RNB\nQKBNR".to_string(),
        "RNB\u{1b}[2JQKBNR".to_string(),
        "RNB'\"QKBNR".to_string(),
        "R\u{e9}BQKBNR".to_string(),
        "x".repeat(100),
        "".to_string(),
        fen518.clone(),
        fen518.replace("HAha", "KQkq"),
        fen518.replace("HAha", "AHah"),
        fen518.replace("HAha", "HAh"),
        fen518.replace(" w ", " b "),
        fen518.replace(" 0 1", ""),
        fen518.replace(" 0 1", " 0 2"),
        fen518.replace("8/8/8/8", "8/8/4P3/8"),
        fen518.replace("/8/8/8/8/", "/8/8/8/"),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha".to_string(),
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1".to_string(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w HAha - 0 1".to_string(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w HAha - 0 1".to_string(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w HAha - 0 1".to_string(),
        "rnbqkbnr/ppppppp1/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1".to_string(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - +0 1".to_string(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w H\"ha - 0 1".to_string(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha e3 0 1".to_string(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x HAha - 0 1".to_string(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 x".to_string(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w HAha - 0 1".to_string(),
        "nrbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1".to_string(),
        "rnbqkbnr pppppppp".to_string(),
    ];
    for input in &inputs {
        let expected = match parse_any(input) {
            Ok(a) => json!({"sp": a.sp()}),
            Err(e) => json!({"error": e.to_string()}),
        };
        let got = browser.eval(&format!(
            "(() => {{ try {{ return {{sp: castle960.parseAny({})}}; }} catch (e) {{ return {{error: String(e)}}; }} }})()",
            serde_json::to_string(input).unwrap()
        ));
        assert_eq!(got, expected, "parse {input:?}");
    }

    // The search box finds SP 518 by number, by back rank and by FEN, and says what is wrong.
    for query in [
        "518",
        "RNBQKBNR",
        fen518.as_str(),
        &fen518.replace("HAha", "KQkq"),
    ] {
        let (hash, _) = search(&mut browser, query);
        assert_eq!(hash, "#sp=518", "search {query:?}");
        let title = browser.eval("document.getElementById('v-title').textContent");
        assert_eq!(title, json!("SP 518 RNBQKBNR"));
    }
    let (hash, message) = search(&mut browser, "RNBQRBNK");
    assert_eq!(hash, "");
    assert_eq!(message, parse_any("RNBQRBNK").unwrap_err().to_string());

    // Keyboard in the grid: arrows move between strips, Enter opens one.
    browser.hash("");
    browser.eval("document.getElementById('c0').focus()");
    browser.press("ArrowRight");
    browser.press("ArrowDown");
    let focused = browser.eval("document.activeElement.id");
    let cols = browser.eval(
        "(() => { const c = [...document.querySelectorAll('#grid .cell')]; return c.filter(x => x.offsetTop === c[0].offsetTop).length; })()",
    );
    assert_eq!(focused, json!(format!("c{}", 1 + cols.as_u64().unwrap())));
    browser.press("Enter");
    browser.settle();
    assert_eq!(
        browser.eval("location.hash"),
        json!(format!("#sp={}", 1 + cols.as_u64().unwrap()))
    );
    browser.press("Escape");
    browser.settle();
    assert_eq!(
        browser.eval("document.getElementById('view').hidden"),
        json!(true)
    );

    // SP 9: stepping through each side's castling game (and the a-side's walk) ends on the
    // placement the report's lines reach.
    let row = &rows[9];
    for (side, walk, column) in [
        ('h', false, "h_castle_line"),
        ('a', false, "a_castle_line"),
        ('a', true, "a_walk_line"),
    ] {
        let line = &row[column];
        assert!(!line.is_empty(), "SP 9 {column}");
        let (steps, placement) = step_through(&mut browser, 9, side, walk);
        assert_eq!(
            steps,
            line.split(' ').count(),
            "SP 9 {column}: one step per move"
        );
        assert_eq!(placement, placement_after(row, line), "SP 9 {column}");
    }
    // Left arrow steps back, Home returns to the start.
    browser.press("ArrowLeft");
    assert_eq!(
        browser.eval("document.querySelector('#moves [aria-current=step]').dataset.ply"),
        json!(
            row["a_walk_line"]
                .split(' ')
                .count()
                .saturating_sub(1)
                .to_string()
        )
    );
    browser.press("Home");
    assert_eq!(
        browser.eval(BOARD_PLACEMENT),
        json!("8/8/8/8/8/8/PPPPPPPP/QNNBBRKR")
    );
    // The reasons and the PGN are castle960 show's.
    let analysis = analysis_of(9);
    let explanation = Explanation::new(&analysis);
    let mut pgn = Vec::new();
    for side in ['a', 'h'] {
        browser.hash(&format!("sp=9&side={side}"));
        pgn.push(browser.eval("document.getElementById('pgn').value"));
    }
    let page_pgn = format!("{}\n{}", pgn[0].as_str().unwrap(), pgn[1].as_str().unwrap());
    assert_eq!(
        page_pgn,
        explanation.to_pgn(),
        "the page's PGN is `show 9 --pgn`"
    );
    for game in page_pgn.split("\n\n[").map(|g| g.trim_start_matches('[')) {
        common::replay_pgn(&format!("[{game}")).expect("the page's PGN replays");
    }
    // Issue 20, item 9: the reasons are `show`'s paragraphs, each flowing as one paragraph of
    // prose (not a paragraph per 100-column line), and the page's count of castled positions
    // examined is `show`'s: SP 518, 896, 345, 777 and 9, whose counts once differed by one.
    let flat = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    for sp in [9, 518, 896, 345, 777] {
        let analysis = analysis_of(sp);
        let explanation = Explanation::new(&analysis);
        for side in [CastlingSide::A, CastlingSide::H] {
            browser.hash(&format!("sp={sp}&side={}", side.prefix()));
            let why =
                browser.eval("[...document.querySelectorAll('#why p')].map(p => p.textContent)");
            let page: Vec<String> = why
                .as_array()
                .unwrap()
                .iter()
                .map(|p| flat(p.as_str().unwrap()))
                .collect();
            // HTML collapses runs of spaces (the headline's columns), so both are compared so.
            let show: Vec<String> = explanation
                .side_paragraphs(side)
                .iter()
                .map(|p| flat(&p.text))
                .collect();
            assert_eq!(page, show, "SP {sp} {side}: the page's reasons are show's");
            assert!(page.len() >= 6, "SP {sp} {side}: {page:?}");
            // Every paragraph of show's text, its wrapped lines joined, is one of the page's.
            let text = explanation.to_text(&analysis.arrangement, true);
            let block = text
                .split("\n\n")
                .find(|b| b.starts_with(side.san()) && b[side.san().len()..].starts_with(' '))
                .unwrap();
            let mut paragraphs: Vec<String> = Vec::new();
            for line in block.lines() {
                if line.starts_with("    ") {
                    let last = paragraphs.last_mut().unwrap();
                    *last = format!("{last} {}", line.trim());
                } else {
                    paragraphs.push(line.trim().to_string());
                }
            }
            let paragraphs: Vec<String> = paragraphs.iter().map(|p| flat(p)).collect();
            assert_eq!(paragraphs, show, "SP {sp} {side}: show's text");
        }
    }
    browser.hash("sp=9&side=h");
    let why = browser.eval("document.getElementById('why').innerText");
    assert!(why.as_str().unwrap().contains("rule DISAGREES"), "{why}");
    // The link to lichess's analysis board, as show gives it.
    assert_eq!(
        browser.eval("document.getElementById('v-lichess').href"),
        json!(explanation.lichess)
    );
    browser.hash("sp=9&side=h");
    browser.eval("document.getElementById('v-title').focus()");
    for _ in 0..5 {
        browser.press("ArrowRight");
    }
    browser.screenshot(&target_dir().join("gallery-board.png"));

    // #sp=N opens the board view straight from the URL, also at phone width.
    browser.viewport(375, 740, true);
    browser.navigate(&format!("{url}?phone#sp=9&side=a"));
    assert_eq!(
        browser.eval("document.getElementById('view').hidden"),
        json!(false)
    );
    let overflow = browser.eval("document.documentElement.scrollWidth");
    assert!(
        overflow.as_u64().unwrap() <= 375,
        "board view scrolls sideways: {overflow}"
    );
    browser.screenshot(&target_dir().join("gallery-board-375.png"));
    browser.navigate(&format!("{url}?phone-overview"));
    let overflow = browser.eval("document.documentElement.scrollWidth");
    assert!(
        overflow.as_u64().unwrap() <= 375,
        "overview scrolls sideways: {overflow}"
    );
    // Issue 20, item 9: on a phone the grid comes before the long tables; on a wide screen the
    // tables come first, as in the page's source.
    const GRID_FIRST: &str = "document.getElementById('grid').getBoundingClientRect().top < \
        document.getElementById('table-a').getBoundingClientRect().top";
    assert_eq!(browser.eval(GRID_FIRST), json!(true), "phone: grid first");
    assert_eq!(
        browser.eval(
            "document.getElementById('answer').getBoundingClientRect().top < \
             document.getElementById('grid').getBoundingClientRect().top"
        ),
        json!(true),
        "phone: the answer still opens the page"
    );
    browser.screenshot(&target_dir().join("gallery-overview-375.png"));

    let errors = browser.errors();
    assert!(errors.is_empty(), "the page reported errors: {errors:#?}");
    eprintln!("gallery test in the browser: {:.1?}", started.elapsed());
}

const COMMITTED_RULES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/output/chess960_castling_rules.csv"
);

/// The committed rules report, one map of column to value per castling.
fn committed_rule_rows() -> Vec<HashMap<String, String>> {
    let mut reader = csv::Reader::from_path(COMMITTED_RULES).expect("the committed rules report");
    reader
        .deserialize()
        .map(|r| r.expect("a rules report row"))
        .collect()
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
