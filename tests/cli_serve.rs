//! `mancala serve` as a process: its options refused with one line and exit status 2, and
//! requests over a real socket (plain HTTP/1.1 on localhost): the page, a body too large, the
//! tables folder probed; and the HTTP layer's bounds: requests too large or malformed, clients
//! that stall, connections past the cap.

mod common;

use common::{fails, ok, says, Served};
use mancala_web::http::{MAX_HEADER_BYTES, MAX_REQUEST_LINE};
use serde_json::Value;
use std::io::{Read, Write};
use std::net::{Shutdown, TcpStream};
use std::path::Path;
use std::time::Duration;

fn serve(args: &[&str]) -> Served {
    common::serve(&[&["--threads", "1"], args].concat())
}

/// Sends one request; returns the status and the body.
fn request(s: &Served, method: &str, path: &str, body: &[u8]) -> (u16, String) {
    let mut tcp = TcpStream::connect(&s.addr).expect("connects");
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        s.addr,
        body.len()
    );
    tcp.write_all(head.as_bytes()).unwrap();
    // The server may answer a body it refuses before reading it all.
    let _ = tcp.write_all(body);
    let mut answer = Vec::new();
    tcp.read_to_end(&mut answer).expect("an answer");
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let status = answer
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("no status in {answer:?}"));
    let body = answer
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

/// Sends `bytes` as they are (as much as the server takes), ends the sending side and returns
/// the whole answer.
fn raw(s: &Served, bytes: &[u8]) -> String {
    let mut tcp = TcpStream::connect(&s.addr).expect("connects");
    tcp.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let _ = tcp.write_all(bytes);
    let _ = tcp.shutdown(Shutdown::Write);
    let mut answer = Vec::new();
    let _ = tcp.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer).into_owned()
}

/// The status of an answer that starts with a status line, and its body.
fn parts(answer: &str) -> (u16, String) {
    let status = answer
        .strip_prefix("HTTP/1.1 ")
        .and_then(|a| a.get(..3))
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("no status line in {answer:?}"));
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    (status, body.to_string())
}

/// An answer that is `status` with a one-line JSON error; its message.
fn refusal(answer: &str, status: u16) -> String {
    let (got, body) = parts(answer);
    assert_eq!(got, status, "{answer}");
    let message = json(&body)["error"].as_str().unwrap().to_string();
    assert!(
        !message.is_empty() && !body.trim_end().contains('\n'),
        "{body}"
    );
    message
}

/// The threads of process `pid`.
fn threads(pid: u32) -> usize {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("Threads:")).unwrap();
    line[8..].trim().parse().unwrap()
}

fn json(body: &str) -> Value {
    serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body}"))
}

#[test]
fn bad_options_are_refused_with_one_line() {
    says(&fails(&["serve", "--time", "0"]), &["time"]);
    says(&fails(&["serve", "--tt-mb", "0"]), &["tt-mb"]);
    says(&fails(&["serve", "--jobs", "0"]), &["--jobs 0"]);
    says(&fails(&["serve", "--memory", "lots"]), &["lots"]);
    says(&fails(&["serve", "--threads", "0"]), &["threads"]);
    says(
        &fails(&["serve", "--tablebases", "/no/such/folder"]),
        &["/no/such/folder", "not a folder"],
    );
    says(&fails(&["serve", "--bind", "localhost:80"]), &["bind"]);
    for t in ["0", "3601"] {
        says(
            &fails(&["serve", "--request-timeout", t]),
            &["--request-timeout", t],
        );
    }
    for n in ["0", "4097"] {
        says(
            &fails(&["serve", "--max-connections", n]),
            &["--max-connections", n],
        );
    }
}

#[test]
fn requests_over_http() {
    let s = serve(&[]);
    let (status, page) = request(&s, "GET", "/", b"");
    assert_eq!(status, 200);
    assert!(page.contains("mancala analysis board"));
    let (status, body) = request(
        &s,
        "POST",
        "/api/play",
        br#"{"variant":"warri","moves":["1","1"]}"#,
    );
    assert_eq!(status, 200, "{body}");
    let cli = common::json(&["play", "warri", "1", "1", "--json"]);
    assert_eq!(json(&body), cli);
    let big = vec![b' '; mancala_web::MAX_BODY + 1];
    let (status, body) = request(&s, "POST", "/api/play", &big);
    assert_eq!(status, 413, "{body}");
    says(json(&body)["error"].as_str().unwrap(), &["over"]);
    let (status, body) = request(&s, "GET", "/../Cargo.toml", b"");
    assert_eq!(status, 404, "{body}");
}

#[test]
fn the_tables_folder_is_probed() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    ok(&[
        "tablebase",
        "build",
        "oware",
        "--max-stones",
        "6",
        "--dir",
        d,
        "--threads",
        "1",
    ]);
    let s = serve(&["--tablebases", d]);
    let pos = "0,0,0,0,1,1/0,0,2,0,1,1 S captured=20,22";
    let (status, body) = request(
        &s,
        "POST",
        "/api/probe",
        format!(r#"{{"variant":"oware","position":"{pos}"}}"#).as_bytes(),
    );
    assert_eq!(status, 200, "{body}");
    let cli = common::json(&[
        "tablebase",
        "probe",
        "oware",
        "--position",
        pos,
        "--dir",
        d,
        "--json",
    ]);
    assert_eq!(json(&body), cli);
    // A position past the tables is refused, naming what is missing.
    let (status, body) = request(&s, "POST", "/api/probe", br#"{"variant":"oware"}"#);
    assert_eq!(status, 400, "{body}");
    assert!(!json(&body)["error"].as_str().unwrap().is_empty());
    // The server wrote nothing into the folder it was given.
    let files = |p: &Path| std::fs::read_dir(p).unwrap().count();
    assert_eq!(files(dir.path()), 7);
}

#[test]
fn requests_past_the_bounds_are_refused_and_the_server_goes_on() {
    let s = serve(&[]);
    // A claimed length the server must not allocate.
    let huge = b"POST /api/moves HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000000000\r\n\r\n{}";
    says(&refusal(&raw(&s, huge), 413), &["over"]);
    let (status, _) = request(&s, "GET", "/api/variants", b"");
    assert_eq!(status, 200);
    let header = "a".repeat(1 << 20);
    let big = format!("GET / HTTP/1.1\r\nHost: x\r\nX-Big: {header}\r\n\r\n");
    says(
        &refusal(&raw(&s, big.as_bytes()), 431),
        &[&MAX_HEADER_BYTES.to_string()],
    );
    let url = format!("GET /{} HTTP/1.1\r\nHost: x\r\n\r\n", "a".repeat(100 << 10));
    says(
        &refusal(&raw(&s, url.as_bytes()), 414),
        &[&MAX_REQUEST_LINE.to_string()],
    );
    let malformed: &[&[u8]] = &[
        b"\x00\x01\x02\xff\xfe garbage\r\n\r\n",
        b"\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03",
        b"GET /\r\nHost: x\r\n\r\n",
        b"GET / HTTP/9.9\r\nHost: x\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost x\r\n\r\n",
        b"GET /\xff\xfe HTTP/1.1\r\nHost: x\r\n\r\n",
        b"POST /api/moves HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
        b"POST /api/moves HTTP/1.1\r\nHost: x\r\nContent-Length: ten\r\n\r\n",
        b"POST /api/moves HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
        b"POST /api/moves HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n{}",
        b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n",
        b"\r\n",
        b"GET / HTTP/1.1\r\nHost: x\r\n",
        b"POST /api/moves HTTP/1.1\r\nHost: x\r\nContent-Length: 19\r\n\r\n{",
        b"GET / HTTP/1.1\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n",
        b"POST /api/start HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n 2\r\n{}\r\n0\r\n\r\n",
    ];
    for m in malformed {
        refusal(&raw(&s, m), 400);
    }
    let (status, _) = request(&s, "GET", "/board.css", b"");
    assert_eq!(status, 200);
}

#[test]
fn stalled_clients_do_not_hold_the_others() {
    let s = serve(&[]);
    let head = b"POST /api/moves HTTP/1.1\r\nHost: x\r\nContent-Length: 19\r\n\r\n{";
    // More than the six workers the server once had, each stalled in its body.
    let mut stalled: Vec<TcpStream> = (0..10)
        .map(|_| {
            let mut tcp = TcpStream::connect(&s.addr).unwrap();
            tcp.write_all(head).unwrap();
            tcp
        })
        .collect();
    let mut tcp = TcpStream::connect(&s.addr).unwrap();
    tcp.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    tcp.write_all(b"GET /api/variants HTTP/1.1\r\nHost: x\r\n\r\n")
        .unwrap();
    let mut answer = Vec::new();
    tcp.read_to_end(&mut answer)
        .expect("an answer within 5 s while the stalled clients wait");
    assert_eq!(parts(&String::from_utf8_lossy(&answer)).0, 200);
    // They were still open: each finishes its body and is answered.
    for tcp in &mut stalled {
        tcp.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        tcp.write_all(br#""variant":"warri"}"#).unwrap();
        let mut answer = Vec::new();
        tcp.read_to_end(&mut answer).unwrap();
        assert_eq!(parts(&String::from_utf8_lossy(&answer)).0, 200);
    }
}

#[test]
fn idle_connections_give_way_and_busy_ones_past_the_cap_get_503() {
    const CAP: usize = 8;
    let s = serve(&[
        "--max-connections",
        &CAP.to_string(),
        "--request-timeout",
        "30",
    ]);
    let connect = || {
        let tcp = TcpStream::connect(&s.addr).unwrap();
        tcp.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        tcp
    };
    // Twice the cap of idle connections: each past the cap takes the place of the oldest,
    // which is closed unanswered, and a request is answered at once.
    let idle: Vec<TcpStream> = (0..2 * CAP).map(|_| connect()).collect();
    let (status, body) = request(&s, "GET", "/api/variants", b"");
    assert_eq!(status, 200, "{body}");
    for mut tcp in idle.into_iter().take(CAP) {
        let mut answer = Vec::new();
        let _ = tcp.read_to_end(&mut answer);
        assert!(answer.is_empty(), "{}", String::from_utf8_lossy(&answer));
    }
    let n = threads(s.pid());
    assert!(n <= 2 * CAP + 16, "{n} threads for {CAP} connections");
    // Connections whose heads came (their bodies stalled) keep their places: one more is
    // answered 503, read whole first, so it gets the answer rather than a reset.
    let head = b"POST /api/moves HTTP/1.1\r\nHost: x\r\nContent-Length: 19\r\n\r\n{";
    let mut busy: Vec<TcpStream> = (0..CAP)
        .map(|_| {
            let mut tcp = connect();
            tcp.write_all(head).unwrap();
            tcp
        })
        .collect();
    // Each is read by its thread before the next connection comes.
    std::thread::sleep(Duration::from_millis(300));
    for _ in 0..5 {
        let (status, body) = request(&s, "GET", "/api/variants", b"");
        assert_eq!(status, 503, "{body}");
        says(json(&body)["error"].as_str().unwrap(), &["connections"]);
    }
    for tcp in &mut busy {
        tcp.write_all(br#""variant":"warri"}"#).unwrap();
        let mut answer = Vec::new();
        tcp.read_to_end(&mut answer).unwrap();
        assert_eq!(parts(&String::from_utf8_lossy(&answer)).0, 200);
    }
    // Closed by the clients, their places come free (the server reads to their end first).
    drop(busy);
    let t0 = std::time::Instant::now();
    loop {
        let (status, body) = request(&s, "GET", "/api/variants", b"");
        if status == 200 {
            break;
        }
        assert!(t0.elapsed() < Duration::from_secs(5), "{status} {body}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_request_is_answered_within_2_s_while_500_idle_connections_are_held() {
    let s = serve(&[]);
    let idle: Vec<TcpStream> = (0..500)
        .map(|_| TcpStream::connect(&s.addr).unwrap())
        .collect();
    let t0 = std::time::Instant::now();
    let mut tcp = TcpStream::connect(&s.addr).unwrap();
    tcp.set_read_timeout(Some(Duration::from_secs(2))).unwrap();
    tcp.write_all(b"GET /api/variants HTTP/1.1\r\nHost: x\r\n\r\n")
        .unwrap();
    let mut answer = Vec::new();
    tcp.read_to_end(&mut answer)
        .expect("an answer within 2 s while 500 idle connections are held");
    assert_eq!(parts(&String::from_utf8_lossy(&answer)).0, 200);
    assert!(t0.elapsed() < Duration::from_secs(2), "{:?}", t0.elapsed());
    drop(idle);
}
