//! Every family through every computing endpoint under a short request time: each request is
//! answered (200, or a 4xx saying why it is refused) within its time and a small grace, the
//! memory bound holding where the family has one, and the job slot is free again after it.
//! The cases are the heaviest the audit of the server found: full-size boards, engines with
//! budgets far past the time, the morris tables built on demand, the Isolo arrangements.

use mancala_web::{handle, Config, State};
use serde_json::Value;
use std::time::{Duration, Instant};

/// The request's time, seconds.
const TIME: f64 = 0.5;
/// What an answer may take past the request's time: reading the clock between steps, the
/// last node or slice, printing.
const GRACE: Duration = Duration::from_millis(1500);

/// Variants of every family at their full size (the options a request names).
const GAMES: &[&str] = &[
    r#""variant":"kalah""#,
    r#""variant":"oware""#,
    r#""variant":"kpo""#,
    r#""variant":"mwambulula","rules":["capture=may"]"#,
    r#""variant":"toka""#,
    r#""variant":"nchuba""#,
    r#""variant":"kanotta""#,
    r#""variant":"chisolo""#,
    r#""variant":"mulabalaba-morris","counters":4"#,
    r#""variant":"nine-mens-morris","counters":4"#,
    r#""variant":"isolo""#,
    r#""variant":"isolo-ii""#,
    r#""variant":"isolo-ii","phase":"play""#,
];

/// The computing requests: endpoint and what the body adds.
const ASKS: &[(&str, &str)] = &[
    ("analyze", ""),
    ("solve", ""),
    ("engine", r#","engine":"alphabeta:nodes=5000000""#),
    ("engine", r#","engine":"mcts:iters=20000""#),
    ("engine", r#","engine":"perfect""#),
];

#[test]
fn every_family_and_endpoint_answers_within_its_time() {
    let state = State::new(Config {
        time: TIME,
        threads: 1,
        jobs: 1,
        memory: 256 << 20,
        ..Config::default()
    });
    let mut late = Vec::new();
    for game in GAMES {
        for (endpoint, more) in ASKS {
            let body = format!(r#"{{{game},"time":{TIME}{more}}}"#);
            let t = Instant::now();
            let r = handle(&state, "POST", &format!("/api/{endpoint}"), body.as_bytes());
            let took = t.elapsed();
            let v: Value = serde_json::from_slice(&r.body).expect("a JSON body");
            assert!(
                r.status == 200 || (400..500).contains(&r.status),
                "{endpoint} {body}: {} {v}",
                r.status
            );
            if r.status != 200 {
                let why = v["error"].as_str().expect("a reason");
                assert!(!why.contains('\n'), "{why}");
            }
            if took > Duration::from_secs_f64(TIME) + GRACE {
                late.push(format!("{endpoint} {body}: {took:?}"));
            }
            // One job slot: it is free again, or the next request would be answered 503.
            assert!(state.slot().is_some(), "{endpoint} {body} kept its slot");
        }
    }
    assert!(late.is_empty(), "past their time:\n{}", late.join("\n"));
}
