//! A headless Chromium driven over the Chrome DevTools Protocol on `--remote-debugging-pipe`
//! (JSON messages ended by NUL on file descriptors 3 and 4), so that no driver library is needed.

use super::*;

const TIMEOUT: Duration = Duration::from_secs(60);

/// A headless Chromium and one page in it, spoken to over the DevTools pipe.
pub(super) struct Browser {
    child: Child,
    input: ChildStdin,
    output: Receiver<Value>,
    next_id: u64,
    session: String,
    /// Events received while waiting for answers, oldest first.
    pub(super) events: Vec<Value>,
    _profile: tempfile::TempDir,
}

impl Browser {
    pub(super) fn launch() -> Browser {
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
    pub(super) fn call(&mut self, method: &str, params: Value) -> Value {
        let session = self.session.clone();
        self.send(Some(session), method, params)
    }

    /// Waits for an event of the page, returning it (and dropping it from the event list).
    pub(super) fn wait_event(&mut self, method: &str) -> Value {
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
    pub(super) fn eval(&mut self, expression: &str) -> Value {
        let result = self.call(
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true, "awaitPromise": true}),
        );
        if let Some(details) = result.get("exceptionDetails") {
            panic!("{expression}\nthrew {details}");
        }
        result["result"]["value"].clone()
    }

    pub(super) fn navigate(&mut self, url: &str) {
        self.events.retain(|e| e["method"] != "Page.loadEventFired");
        self.call("Page.navigate", json!({"url": url}));
        self.wait_event("Page.loadEventFired");
    }

    /// Presses a key as a user does: down and up, at whatever has the focus.
    pub(super) fn press(&mut self, key: &str) {
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
    pub(super) fn settle(&mut self) {
        self.eval("new Promise(r => setTimeout(r, 30))");
    }

    /// Sets the URL fragment and waits for the page to route.
    pub(super) fn hash(&mut self, fragment: &str) {
        self.eval(&format!(
            "location.hash = {}",
            serde_json::to_string(fragment).unwrap()
        ));
        self.settle();
    }

    pub(super) fn viewport(&mut self, width: u32, height: u32, mobile: bool) {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}),
        );
    }

    pub(super) fn screenshot(&mut self, path: &Path) {
        let shot = self.call("Page.captureScreenshot", json!({"format": "png"}));
        let png = base64_decode(shot["data"].as_str().unwrap());
        assert!(png.starts_with(b"\x89PNG"), "a PNG screenshot");
        std::fs::write(path, png).unwrap();
    }

    /// Everything the page reported as an error so far: console errors, uncaught exceptions,
    /// and browser log entries of level error (such as a failed load).
    pub(super) fn errors(&self) -> Vec<String> {
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
