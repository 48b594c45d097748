//! The JSON API answered in process ([`mancala_web::handle`]): each endpoint's answer, and a
//! 4xx with one line for every kind of bad request.

use mancala_web::{handle, Config, Reply, State};
use proptest::prelude::*;
use serde_json::{json, Value};

fn state() -> State {
    State::new(Config {
        time: 20.0,
        threads: 1,
        ..Config::default()
    })
}

fn post(s: &State, endpoint: &str, body: &str) -> Reply {
    handle(s, "POST", &format!("/api/{endpoint}"), body.as_bytes())
}

/// A request that must succeed: its JSON.
fn ok(s: &State, endpoint: &str, body: &str) -> Value {
    let r = post(s, endpoint, body);
    assert_eq!(r.status, 200, "{endpoint} {body}: {}", r.text());
    assert_eq!(r.content_type, "application/json");
    serde_json::from_slice(&r.body).expect("a JSON body")
}

/// A request that must be refused with `status`: its one-line message.
fn refused(r: Reply, status: u16) -> String {
    assert_eq!(r.status, status, "{}", r.text());
    let v: Value = serde_json::from_slice(&r.body).expect("a JSON error body");
    let message = v["error"].as_str().expect("an error message").to_string();
    assert!(
        !message.is_empty() && !message.contains('\n'),
        "{message:?}"
    );
    message
}

#[test]
fn variants_lists_every_variant_with_its_options() {
    let v: Value =
        serde_json::from_slice(&handle(&state(), "GET", "/api/variants", b"").body).unwrap();
    let ids: Vec<&str> = v["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["id"].as_str().unwrap())
        .collect();
    for id in [
        "warri",
        "oware",
        "kalah",
        "chisolo",
        "mulabalaba-morris",
        "isolo",
    ] {
        assert!(ids.contains(&id), "{id} missing from {ids:?}");
    }
}

#[test]
fn start_moves_and_play_answer_the_commands_shapes() {
    let s = state();
    let start = ok(&s, "start", r#"{"variant":"warri"}"#);
    assert_eq!(start["position"], "4,4,4,4,4,4/4,4,4,4,4,4 S captured=0,0");
    let moves = ok(&s, "moves", r#"{"variant":"warri"}"#);
    assert_eq!(
        moves["moves"],
        serde_json::json!(["1", "2", "3", "4", "5", "6"])
    );
    // Humpidge's example (a), docs/variants/warri.md.
    let played = ok(
        &s,
        "play",
        r#"{"variant":"warri","position":"4,1,2,1,2,1/2,0,8,1,3,2 S captured=10,11","moves":["3"]}"#,
    );
    assert_eq!(
        played["position"],
        "4,0,0,0,0,0/2,0,0,2,4,3 N captured=22,11"
    );
    let uniform = ok(
        &s,
        "play",
        r#"{"variant":"warri","rules":["chain=uniform"],"position":"4,1,2,1,2,1/2,0,8,1,3,2 S captured=10,11","moves":["3"]}"#,
    );
    assert_eq!(
        uniform["position"],
        "4,0,3,2,3,2/2,0,0,2,4,3 N captured=12,11"
    );
    let small = ok(&s, "start", r#"{"variant":"chisolo","width":4,"seeds":2}"#);
    assert_eq!(
        small["position"],
        "2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 S captured=0,0"
    );
    let morris = ok(
        &s,
        "start",
        r#"{"variant":"mulabalaba-morris","counters":3}"#,
    );
    assert_eq!(
        morris["position"],
        "......../......../........ S hand=3,3 captured=0,0"
    );
}

#[test]
fn analyze_and_solve_give_exact_values_within_the_time() {
    let s = state();
    // Humpidge's endgame (c): both feeding moves win by 6.
    let body = r#"{"variant":"warri","position":"0,0,0,0,0,0/1,1,1,1,2,1 S captured=21,20"}"#;
    let a = ok(&s, "analyze", body);
    assert_eq!(a["exact"], true);
    assert_eq!(a["moves"], serde_json::json!({"5": 6, "6": 6}));
    let solved = ok(&s, "solve", body);
    assert_eq!(solved["value"], 6);
    assert_eq!(solved["pv"][0], "5");
    let four = ok(
        &s,
        "analyze",
        r#"{"variant":"chisolo","width":4,"seeds":2}"#,
    );
    assert_eq!(four["metric"], "wdl");
    assert!(four["moves"]
        .as_object()
        .unwrap()
        .values()
        .all(|v| v.is_i64()));
}

#[test]
fn a_position_too_big_for_the_time_is_answered_not_proven() {
    let s = state();
    let a = ok(&s, "analyze", r#"{"variant":"oware","time":0.2}"#);
    assert_eq!(a["exact"], false);
    assert!(
        a["moves"]
            .as_object()
            .unwrap()
            .values()
            .any(|v| v.is_null()),
        "{a}"
    );
}

#[test]
fn analyze_and_solve_of_a_morris_game_past_its_time_agree() {
    // Five counters a side: the tables that would answer are being built when the time
    // runs out, and both answer "not proven" rather than one of them refusing.
    let s = state();
    let body = r#"{"variant":"mulabalaba-morris","counters":5,"time":0.5}"#;
    for endpoint in ["analyze", "solve"] {
        let a = ok(&s, endpoint, body);
        assert_eq!(a["exact"], false, "{endpoint}: {a}");
    }
}

#[test]
fn engines_move_within_the_bounds() {
    let s = state();
    let m = ok(
        &s,
        "engine",
        r#"{"variant":"warri","engine":"alphabeta:depth=3","seed":1}"#,
    );
    let after = ok(
        &s,
        "play",
        &format!(
            r#"{{"variant":"warri","moves":["{}"]}}"#,
            m["move"].as_str().unwrap()
        ),
    );
    assert_eq!(m["after"], after["position"]);
    let perfect = ok(
        &s,
        "engine",
        r#"{"variant":"warri","position":"0,0,0,0,0,0/1,1,1,1,2,1 S captured=21,20","engine":"perfect"}"#,
    );
    assert!(
        ["5", "6"].contains(&perfect["move"].as_str().unwrap()),
        "{perfect}"
    );
    assert!(perfect["engine"].as_str().unwrap().starts_with("perfect"));
    let m = refused(
        post(
            &s,
            "engine",
            r#"{"variant":"warri","engine":"alphabeta:depth=30"}"#,
        ),
        400,
    );
    assert!(m.contains("depth 30"), "{m}");
    let m = refused(
        post(
            &s,
            "engine",
            r#"{"variant":"warri","engine":"mcts:iters=999999"}"#,
        ),
        400,
    );
    assert!(m.contains("iters"), "{m}");
    let m = refused(
        post(&s, "engine", r#"{"variant":"warri","engine":"deep-blue"}"#),
        400,
    );
    assert!(m.contains("deep-blue"), "{m}");
    let m = refused(post(&s, "engine", r#"{"variant":"warri"}"#), 400);
    assert!(m.contains("no engine"), "{m}");
    let over = r#"{"variant":"warri","position":"0,0,0,0,0,0/0,0,0,0,0,0 S captured=24,24","engine":"random"}"#;
    let m = refused(post(&s, "engine", over), 400);
    assert!(m.contains("over"), "{m}");
}

#[test]
fn bad_requests_get_a_4xx_and_one_line() {
    let s = state();
    let cases: &[(&str, &str, &str, u16, &str)] = &[
        (
            "POST",
            "/api/play",
            "{not json",
            400,
            "invalid request body",
        ),
        (
            "POST",
            "/api/play",
            r#"{"variant":"warri","colour":"red"}"#,
            400,
            "colour",
        ),
        (
            "POST",
            "/api/play",
            r#"{"variant":"nonesuch"}"#,
            400,
            "nonesuch",
        ),
        (
            "POST",
            "/api/play",
            r#"{"variant":"warri","position":"1,2/3 S"}"#,
            400,
            "position",
        ),
        (
            "POST",
            "/api/play",
            r#"{"variant":"warri","moves":["7"]}"#,
            400,
            "7",
        ),
        (
            "POST",
            "/api/play",
            r#"{"variant":"warri","rules":["chain=sideways"]}"#,
            400,
            "sideways",
        ),
        (
            "POST",
            "/api/play",
            r#"{"variant":"warri","width":99}"#,
            400,
            "99",
        ),
        (
            "POST",
            "/api/moves",
            r#"{"variant":"isolo","phase":"fore\nmain"}"#,
            400,
            "fore\\nmain",
        ),
        (
            "POST",
            "/api/start",
            r#"{"variant":"kpo","players":3}"#,
            400,
            "players",
        ),
        (
            "POST",
            "/api/analyze",
            r#"{"variant":"warri","time":0}"#,
            400,
            "time",
        ),
        (
            "POST",
            "/api/analyze",
            r#"{"variant":"warri","time":21}"#,
            400,
            "server's limit",
        ),
        (
            "POST",
            "/api/probe",
            r#"{"variant":"warri"}"#,
            400,
            "tables folder",
        ),
        ("GET", "/api/play", "", 405, "POST"),
        ("POST", "/api/variants", "", 405, "GET"),
        ("POST", "/api/nonesuch", "{}", 404, "nonesuch"),
        ("DELETE", "/", "", 405, "DELETE"),
        ("GET", "/nonesuch.html", "", 404, "nonesuch"),
        ("GET", "/rules/../../etc/passwd", "", 404, "no page"),
        ("GET", "/rules/nonesuch", "", 404, "no page"),
    ];
    for &(method, url, body, status, says) in cases {
        let m = refused(handle(&s, method, url, body.as_bytes()), status);
        assert!(m.contains(says), "{method} {url} {body}: {m}");
    }
    let many = format!(
        r#"{{"variant":"warri","moves":[{}]}}"#,
        vec!["\"1\""; mancala_web::api::MAX_MOVES + 1].join(",")
    );
    let m = refused(post(&s, "play", &many), 400);
    assert!(m.contains("at most"), "{m}");
}

#[test]
fn analyses_past_the_jobs_allowed_are_answered_503() {
    let s = State::new(Config {
        jobs: 1,
        threads: 1,
        ..Config::default()
    });
    let held = s.slot().expect("a free slot");
    let m = refused(
        post(&s, "analyze", r#"{"variant":"kalah","width":2,"seeds":1}"#),
        503,
    );
    assert!(m.contains("try again"), "{m}");
    // The rules work without a slot; an analysis gets one once it is given back.
    ok(&s, "moves", r#"{"variant":"kalah"}"#);
    drop(held);
    ok(&s, "analyze", r#"{"variant":"kalah","width":2,"seeds":1}"#);
}

#[test]
fn the_page_and_rules_are_served() {
    let s = state();
    let page = handle(&s, "GET", "/?variant=warri", b"");
    assert_eq!(page.status, 200);
    assert!(page.content_type.starts_with("text/html"));
    assert!(page.text().contains("<script src=\"/board.js\">"));
    for (path, kind) in [("/board.js", "text/javascript"), ("/board.css", "text/css")] {
        let r = handle(&s, "GET", path, b"");
        assert_eq!(
            (r.status, r.content_type.split(';').next().unwrap()),
            (200, kind)
        );
    }
    let rules = handle(&s, "GET", "/rules/warri", b"");
    assert_eq!(rules.status, 200);
    assert!(rules.text().contains("Humpidge"));
}

/// Numbers a request's counts may be given, with edges: zero, negative, huge, fractional.
fn number() -> impl Strategy<Value = Value> {
    proptest::sample::select(vec![
        json!(0),
        json!(1),
        json!(2),
        json!(3),
        json!(4),
        json!(6),
        json!(12),
        json!(255),
        json!(256),
        json!(65536),
        json!(4294967296u64),
        json!(u64::MAX),
        json!(-1),
        json!(1.5),
        json!(1e300),
    ])
}

/// Texts a request's names, positions, moves and rules may be given, right and wrong.
fn text() -> impl Strategy<Value = Value> {
    let known = proptest::sample::select(vec![
        "",
        "warri",
        "oware",
        "kalah",
        "chisolo",
        "isolo",
        "mulabalaba-morris",
        "1",
        "6",
        "a1",
        "b2",
        "store",
        "chain=mixed",
        "nonesuch=1",
        "setup",
        "alphabeta:depth=4",
        "4,4,4,4,4,4/4,4,4,4,4,4 S captured=0,0",
        "0,0,0,0,0,0/0,0,0,0,0,0 N captured=24,24",
        "1,2/3 S",
        "\u{0}\n\u{fffd}",
    ])
    .prop_map(|s| json!(s));
    prop_oneof![4 => known, 1 => "[ -~]{0,24}".prop_map(Value::String)]
}

/// Any JSON value: the wrong type for a field, or nesting.
fn value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        number(),
        text(),
    ];
    leaf.prop_recursive(2, 12, 4, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            proptest::collection::btree_map("[a-z]{1,6}", inner, 0..3)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// A value for the request field `name`: mostly of its type, now and then any.
fn field(name: &'static str) -> BoxedStrategy<Value> {
    let typed = match name {
        "rules" | "moves" => proptest::collection::vec(text(), 0..6)
            .prop_map(Value::Array)
            .boxed(),
        "variant" | "phase" | "position" | "engine" => text().boxed(),
        "bogus" => value().boxed(),
        _ => number().boxed(),
    };
    prop_oneof![9 => typed, 1 => value()].boxed()
}

/// A request object: a real variant and up to four of the request's fields (or others).
fn object() -> impl Strategy<Value = Vec<u8>> {
    const FIELDS: [&str; 15] = [
        "variant", "width", "seeds", "counters", "store", "max_hole", "phase", "rules", "position",
        "players", "moves", "time", "engine", "seed", "bogus",
    ];
    let variants: Vec<&str> = mancala_solver::variant::VARIANTS
        .iter()
        .map(|v| v.id)
        .collect();
    let named = proptest::sample::select(&FIELDS[..]).prop_flat_map(|k| (Just(k), field(k)));
    (
        proptest::sample::select(variants),
        proptest::collection::vec(named, 0..5),
    )
        .prop_map(|(variant, fields)| {
            let mut m = serde_json::Map::new();
            m.insert("variant".into(), json!(variant));
            for (k, v) in fields {
                m.insert(k.into(), v);
            }
            Value::Object(m).to_string().into_bytes()
        })
}

/// A request body: mostly a request object; or its text cut short; or any JSON value; or
/// bytes that are no JSON.
fn body() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        6 => object(),
        1 => (object(), any::<usize>()).prop_map(|(b, cut)| b[..cut % (b.len() + 1)].to_vec()),
        1 => value().prop_map(|v| v.to_string().into_bytes()),
        1 => proptest::collection::vec(any::<u8>(), 0..64),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Whatever the body, the rules endpoints answer 200 or a 4xx, always one JSON object,
    /// never a 500.
    #[test]
    fn any_body_gets_a_json_answer(endpoint in proptest::sample::select(vec!["moves", "play", "start"]), body in body()) {
        let r = handle(&state(), "POST", &format!("/api/{endpoint}"), &body);
        prop_assert!(
            r.status == 200 || (400..500).contains(&r.status),
            "{endpoint} {}: {} {}",
            String::from_utf8_lossy(&body),
            r.status,
            r.text()
        );
        let v: Value = serde_json::from_slice(&r.body).expect("a JSON body");
        prop_assert!(v.is_object());
        if r.status != 200 {
            let message = v["error"].as_str().unwrap_or("");
            prop_assert!(!message.is_empty() && !message.contains('\n'), "{}", r.text());
        }
    }
}

#[test]
fn external_engines_come_only_from_the_servers_engines_file() {
    let s = state();
    for engine in [
        "cmd:sh -c 'echo hi'",
        "ext:x@/etc/passwd",
        " cmd:true",
        "cmd[time=5]:sh",
    ] {
        let body = format!(r#"{{"variant":"oware","engine":{engine:?}}}"#);
        let m = refused(post(&s, "engine", &body), 400);
        assert!(m.contains("engines file"), "{engine}: {m}");
    }
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/engines/engines.toml"
    );
    // The server reads the file its environment names (no other test names one).
    std::env::set_var("MANCALA_ENGINES", file);
    let v: Value = serde_json::from_slice(&handle(&s, "GET", "/api/engines", b"").body).unwrap();
    assert_eq!(
        v["engines"],
        json!(["ext:greedy-py", "ext:random-sh", "ext:slow"])
    );
    let m = ok(
        &s,
        "engine",
        r#"{"variant":"oware","position":"1,1,1,4,4,4/4,4,4,4,4,4 S captured=0,0","engine":"ext:greedy-py","seed":1}"#,
    );
    // Sowing pit 6 ends in North's pit 4, making 2: the only capture.
    assert_eq!(m["move"], "6", "{m}");
    assert_eq!(m["engine"], "ext:greedy-py");
    // A name the file lacks: refused without showing the server's file to the client.
    let m = refused(
        post(&s, "engine", r#"{"variant":"oware","engine":"ext:nosuch"}"#),
        400,
    );
    assert!(m.contains("no such engine"), "{m}");
    assert!(
        !m.contains("engines.toml") && !m.contains("examples"),
        "{m}"
    );
}
