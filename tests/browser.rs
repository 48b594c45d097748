//! The analysis board in a real browser: `mancala serve` on localhost, the page driven by the
//! system's headless Chromium (Debian's `chromium`, which `.ci/run` installs; another browser
//! through the `CHROME` variable). The tests click pits and buttons and type as a player
//! would, and read what the page shows against what the command line says. Screenshots of
//! three boards are written to `target/screenshots/`.

mod common;

use headless_chrome::protocol::cdp::Page::CaptureScreenshotFormatOption;
use headless_chrome::{Browser, LaunchOptions, Tab};
use serde_json::Value;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Humpidge's example (a): A moves from till 3 holding 8 (docs/variants/warri.md).
const HUMPIDGE_A: &str = "4,1,2,1,2,1/2,0,8,1,3,2 S captured=10,11";
/// Its result under the default chain rule.
const HUMPIDGE_A_AFTER: &str = "4,0,0,0,0,0/2,0,0,2,4,3 N captured=22,11";
/// Humpidge's example (c), the endgame: A moves from till 5.
const HUMPIDGE_C: &str = "0,0,0,0,0,0/1,1,1,1,2,1 S captured=21,20";
/// Its position after `5`.
const HUMPIDGE_C_AFTER: &str = "0,0,0,0,0,1/1,1,1,1,0,2 N captured=21,20";

/// The longest a page may take to answer a step (an analysis has at most the request's time).
const PATIENCE: Duration = Duration::from_secs(60);

/// A test's server and browser, both ended when it drops (statics would outlive the test
/// binary and hold its output open).
struct World {
    browser: Browser,
    served: common::Served,
}

fn world() -> World {
    let served = common::serve(&["--time", "30", "--threads", "1"]);
    let path = headless_chrome::browser::default_executable().unwrap_or_else(|e| {
        panic!("no Chromium for the browser tests ({e}): apt-get install chromium, or set CHROME")
    });
    let options = LaunchOptions::default_builder()
        .path(Some(path))
        // Root (as CI runs) has no user namespaces for Chromium's sandbox.
        .sandbox(false)
        .window_size(Some((1280, 900)))
        .idle_browser_timeout(Duration::from_secs(300))
        .build()
        .expect("launch options");
    let browser = Browser::new(options).expect("Chromium starts headless");
    World { browser, served }
}

/// A new tab at the board with the query `query`, once the page has shown the position and
/// finished what it asks of the server.
fn open(w: &World, query: &str) -> Arc<Tab> {
    let tab = w.browser.new_tab().expect("a new tab");
    tab.set_default_timeout(PATIENCE);
    tab.navigate_to(&format!("{}/?{query}", w.served.url))
        .expect("navigates")
        .wait_until_navigated()
        .expect("the page loads");
    settle(&tab);
    tab
}

/// `value` as a query parameter.
fn q(value: &str) -> String {
    value
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The value of the JavaScript expression `js` in `tab`.
fn eval(tab: &Tab, js: &str) -> Value {
    tab.evaluate(js, false)
        .unwrap_or_else(|e| panic!("evaluating {js}: {e}"))
        .value
        .unwrap_or(Value::Null)
}

/// Waits until `js` is true in `tab`.
fn wait_for(tab: &Tab, js: &str) {
    let start = Instant::now();
    while eval(tab, js) != Value::Bool(true) {
        assert!(
            start.elapsed() < PATIENCE,
            "waited {PATIENCE:?} for {js}; the page shows: status {}, error {}",
            eval(tab, "document.getElementById('status').textContent"),
            eval(tab, "document.getElementById('error').textContent"),
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Waits until the page has no request in flight and has shown its answer.
fn settle(tab: &Tab) {
    wait_for(
        tab,
        "document.body.dataset.ready === 'done' && document.body.dataset.busy === '0'",
    );
}

/// The position text the page shows.
fn position(tab: &Tab) -> String {
    eval(tab, "document.getElementById('position').value")
        .as_str()
        .expect("a position text")
        .to_string()
}

/// Clicks the element of `selector`.
fn click(tab: &Tab, selector: &str) {
    tab.wait_for_element(selector)
        .unwrap_or_else(|e| panic!("no {selector}: {e}"))
        .click()
        .unwrap_or_else(|e| panic!("clicking {selector}: {e}"));
}

/// The move list the page shows: each move and its value (`None`: not proven).
fn shown_values(tab: &Tab) -> Vec<(String, Option<i64>)> {
    let rows = eval(
        tab,
        "JSON.stringify([...document.querySelectorAll('#moves tbody tr')]\
         .map(r => [r.dataset.move, r.dataset.value]))",
    );
    let rows: Vec<(String, String)> =
        serde_json::from_str(rows.as_str().expect("a JSON text")).expect("rows");
    rows.into_iter().map(|(m, v)| (m, v.parse().ok())).collect()
}

/// What `mancala analyze warri --position pos --json` gives each move.
fn cli_values(pos: &str) -> Vec<(String, Option<i64>)> {
    let out = common::ok(&["analyze", "warri", "--position", pos, "--json"]);
    let v: Value = serde_json::from_str(&out).expect("analyze --json");
    let mut moves: Vec<(String, Option<i64>)> = v["moves"]
        .as_object()
        .expect("moves")
        .iter()
        .map(|(m, x)| (m.clone(), x.as_i64()))
        .collect();
    moves.sort();
    moves
}

fn sorted(mut v: Vec<(String, Option<i64>)>) -> Vec<(String, Option<i64>)> {
    v.sort();
    v
}

#[test]
fn a_humpidge_example_is_played_by_a_click_and_undone() {
    let w = world();
    let tab = open(
        &w,
        &format!("variant=warri&auto=0&position={}", q(HUMPIDGE_A)),
    );
    assert_eq!(position(&tab), HUMPIDGE_A);
    let status = eval(&tab, "document.getElementById('status').textContent");
    assert!(
        status.as_str().unwrap().starts_with("South to move"),
        "{status}"
    );
    // Till 3 is South's third pit: the page names it S3.
    click(&tab, "button.pit[data-name='S3']");
    settle(&tab);
    assert_eq!(position(&tab), HUMPIDGE_A_AFTER);
    let status = eval(&tab, "document.getElementById('status').textContent");
    assert_eq!(
        status.as_str().unwrap(),
        "North to move. Captured: South 22, North 11."
    );
    assert!(eval(&tab, "location.search.includes('position=')") == Value::Bool(true));
    click(&tab, "#undo");
    settle(&tab);
    assert_eq!(position(&tab), HUMPIDGE_A);
    click(&tab, "#redo");
    settle(&tab);
    assert_eq!(position(&tab), HUMPIDGE_A_AFTER);
}

#[test]
fn the_values_shown_are_those_of_mancala_analyze() {
    let w = world();
    let tab = open(
        &w,
        &format!("variant=warri&time=20&position={}", q(HUMPIDGE_C)),
    );
    let shown = sorted(shown_values(&tab));
    assert_eq!(shown, cli_values(HUMPIDGE_C));
    assert!(shown.iter().all(|(_, v)| v.is_some()), "{shown:?}");
    // The best moves are marked, and each pit's badge carries its move's value.
    let best = eval(
        &tab,
        "[...document.querySelectorAll('#moves tr.best')].map(r => r.dataset.move).join(' ')",
    );
    assert_eq!(best, Value::from("5 6"));
    let badge = eval(
        &tab,
        "document.querySelector(\"button.pit[data-name='S5'] .badge\").textContent",
    );
    assert_eq!(badge, Value::from("+6"));
    // Humpidge plays till 5; the new position's values are North's.
    click(&tab, "button.pit[data-name='S5']");
    settle(&tab);
    assert_eq!(position(&tab), HUMPIDGE_C_AFTER);
    assert_eq!(sorted(shown_values(&tab)), cli_values(HUMPIDGE_C_AFTER));
}

#[test]
fn the_perfect_line_steps_through_the_solve() {
    let w = world();
    let tab = open(
        &w,
        &format!("variant=warri&auto=0&time=20&position={}", q(HUMPIDGE_C)),
    );
    let solve: Value = serde_json::from_str(&common::ok(&[
        "solve",
        "warri",
        "--position",
        HUMPIDGE_C,
        "--json",
    ]))
    .expect("solve --json");
    let pv: Vec<&str> = solve["pv"]
        .as_array()
        .expect("pv")
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert!(pv.len() >= 2, "{pv:?}");
    click(&tab, "#solve");
    settle(&tab);
    wait_for(&tab, "!document.getElementById('step').disabled");
    let shown = eval(&tab, "document.getElementById('pv').textContent");
    assert_eq!(shown, Value::from(format!("line: {}", pv.join(" "))));
    for k in 1..=2 {
        click(&tab, "#step");
        settle(&tab);
        let mut args = vec!["play", "warri", "--position", HUMPIDGE_C];
        args.extend(&pv[..k]);
        args.push("--json");
        let played: Value = serde_json::from_str(&common::ok(&args)).expect("play --json");
        assert_eq!(position(&tab), played["position"].as_str().unwrap());
    }
}

#[test]
fn a_bad_position_pasted_shows_its_error_and_keeps_the_board() {
    let w = world();
    let tab = open(&w, "variant=warri&auto=0");
    let start = position(&tab);
    assert_eq!(start, "4,4,4,4,4,4/4,4,4,4,4,4 S captured=0,0");
    let bad = "4,4,4/4,4,4,4,4,4 S";
    eval(&tab, "document.getElementById('position').value = ''");
    click(&tab, "#position");
    tab.type_str(bad).expect("types");
    tab.press_key("Enter").expect("presses Enter");
    wait_for(&tab, "!document.getElementById('error').hidden");
    settle(&tab);
    let shown = eval(&tab, "document.getElementById('error').textContent");
    let cli = common::mancala(&["show", "warri", "--position", bad]);
    assert_eq!(cli.status.code(), Some(2));
    let cli = String::from_utf8_lossy(&cli.stderr);
    let reason = cli.trim().trim_start_matches("error: ");
    assert!(
        shown.as_str().unwrap().contains(reason),
        "page: {shown}, command line: {cli}"
    );
    // The board still shows the game it had.
    assert_eq!(
        eval(&tab, "document.querySelectorAll('button.pit').length"),
        Value::from(12)
    );
    click(&tab, "button.pit[data-name='S1']");
    settle(&tab);
    assert_eq!(position(&tab), "4,4,4,4,4,4/0,5,5,5,5,4 N captured=0,0");
    assert_eq!(
        eval(&tab, "document.getElementById('error').hidden"),
        Value::Bool(true)
    );
}

#[test]
fn an_engine_answers_the_players_move() {
    let w = world();
    let tab = open(&w, "variant=warri&auto=0");
    eval(
        &tab,
        "document.getElementById('engine').value = 'alphabeta:depth=4';\
         const s = document.getElementById('engine-side'); s.value = 'N';\
         s.dispatchEvent(new Event('change'))",
    );
    click(&tab, "button.pit[data-name='S6']");
    // South's move, then North's answer: South to move again, two positions on.
    wait_for(
        &tab,
        "document.getElementById('status').dataset.toMove === 'S' && !document.getElementById('undo').disabled",
    );
    settle(&tab);
    let played: Value =
        serde_json::from_str(&common::ok(&["play", "warri", "6", "--json"])).expect("play --json");
    let after_south = played["position"].as_str().unwrap();
    let now = position(&tab);
    assert_ne!(now, after_south);
    assert!(now.contains(" S "), "{now}");
    click(&tab, "#undo");
    settle(&tab);
    assert_eq!(position(&tab), after_south);
}

#[test]
fn the_servers_external_engines_are_listed_and_play() {
    // The server inherits the engines file (no other test of this file names one).
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/engines/engines.toml");
    std::env::set_var("MANCALA_ENGINES", file);
    let w = world();
    let tab = open(&w, "variant=warri&auto=0");
    let listed = eval(
        &tab,
        "[...document.getElementById('engine').options].map((o) => o.value).join(' ')",
    );
    let listed = listed.as_str().unwrap().to_string();
    assert!(
        listed.ends_with("ext:greedy-py ext:random-sh ext:slow"),
        "{listed}"
    );
    assert!(listed.starts_with("random greedy"), "{listed}");
    eval(
        &tab,
        "document.getElementById('engine').value = 'ext:random-sh';\
         const s = document.getElementById('engine-side'); s.value = 'N';\
         s.dispatchEvent(new Event('change'))",
    );
    click(&tab, "button.pit[data-name='S6']");
    // South's move, then the shell engine's answer for North: South to move again.
    wait_for(
        &tab,
        "document.getElementById('status').dataset.toMove === 'S' && !document.getElementById('undo').disabled",
    );
    settle(&tab);
    assert_eq!(
        eval(&tab, "document.getElementById('error').hidden"),
        Value::Bool(true)
    );
}

/// Takes a screenshot of the board of `query` to `target/screenshots/name.png`.
fn screenshot(w: &World, name: &str, query: &str, pits: &str) {
    let tab = open(w, query);
    assert!(
        eval(
            &tab,
            &format!("document.querySelectorAll('{pits}').length > 0")
        ) == Value::Bool(true),
        "{name}: no {pits} drawn"
    );
    let png = tab
        .capture_screenshot(CaptureScreenshotFormatOption::Png, None, None, true)
        .expect("a screenshot");
    assert!(
        png.starts_with(b"\x89PNG") && png.len() > 10_000,
        "{name}: {} bytes",
        png.len()
    );
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    std::fs::create_dir_all(&dir).expect("target/screenshots");
    std::fs::write(dir.join(format!("{name}.png")), png).expect("the screenshot is written");
}

#[test]
fn screenshots_of_three_boards() {
    let w = world();
    screenshot(
        &w,
        "warri",
        &format!("variant=warri&time=20&position={}", q(HUMPIDGE_C)),
        "button.pit .badge",
    );
    screenshot(
        &w,
        "chisolo",
        "variant=chisolo&width=4&seeds=2&time=20",
        "button.pit .badge",
    );
    screenshot(
        &w,
        "mulabalaba-morris",
        "variant=mulabalaba-morris&counters=3&time=20",
        "svg.morris circle.movable",
    );
}

#[test]
fn a_kanotta_removal_is_played_on_the_opponents_hole() {
    let w = world();
    let tab = open(&w, "variant=kanotta&width=3&seeds=1&auto=0");
    // South's xB1 empties the hole of North's back row at South's left (columns of the
    // opponent's holes count from the mover's left), the one North calls b3.
    let pit = "button.pit[data-cell='0,0']";
    assert_eq!(
        eval(
            &tab,
            &format!("document.querySelector(\"{pit}\").dataset.name")
        ),
        Value::from("N b3")
    );
    assert_eq!(
        eval(
            &tab,
            &format!("document.querySelector(\"{pit}\").dataset.moves")
        ),
        Value::from("xB1")
    );
    click(&tab, pit);
    settle(&tab);
    let played = common::json(&[
        "play", "kanotta", "--width", "3", "--seeds", "1", "xB1", "--json",
    ]);
    assert_eq!(position(&tab), played["position"].as_str().unwrap());
    let count = format!("document.querySelector(\"{pit} .count\").textContent");
    assert_eq!(eval(&tab, &count), Value::from("0"));
}
