//! `mancala serve` as a process: its options refused with one line and exit status 2, and
//! requests over a real socket (plain HTTP/1.1 on localhost): the page, a body too large, the
//! tables folder probed.

mod common;

use common::{fails, ok, says, Served};
use serde_json::Value;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;

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
