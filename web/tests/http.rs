//! The HTTP layer over a real local socket, in process ([`mancala_web::Server`] on port 0):
//! framings the command line's tests do not send (chunked bodies, HEAD, `Expect`), a client
//! too slow, and random and mutated requests, each answered with a status line and the server
//! answering the next.

use mancala_web::http::{Limits, MAX_CHUNK_LINE};
use mancala_web::{Config, Server, MAX_BODY};
use proptest::prelude::*;
use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpStream};
use std::sync::OnceLock;
use std::time::Duration;

/// The server of this test binary, started once (its thread ends with the process).
fn server() -> SocketAddr {
    static ADDR: OnceLock<SocketAddr> = OnceLock::new();
    *ADDR.get_or_init(|| {
        let config = Config {
            threads: 1,
            time: 5.0,
            ..Config::default()
        };
        let limits = Limits {
            request_timeout: Duration::from_secs(2),
            ..Limits::default()
        };
        let s = Server::bind("127.0.0.1:0".parse().unwrap(), config, limits).unwrap();
        let addr = s.addr().unwrap();
        std::thread::spawn(move || s.run());
        addr
    })
}

/// Sends `bytes`, ends the sending side, and returns everything answered.
fn exchange(bytes: &[u8]) -> Vec<u8> {
    let mut tcp = TcpStream::connect(server()).unwrap();
    tcp.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    // The server may answer and close before taking all of a refused request.
    let _ = tcp.write_all(bytes);
    let _ = tcp.shutdown(Shutdown::Write);
    let mut answer = Vec::new();
    let _ = tcp.read_to_end(&mut answer);
    answer
}

/// The status of an answer, checked to start with a status line.
fn status(answer: &[u8]) -> u16 {
    let text = String::from_utf8_lossy(answer);
    let code = text
        .strip_prefix("HTTP/1.1 ")
        .and_then(|t| t.get(..3))
        .filter(|c| c.bytes().all(|b| b.is_ascii_digit()))
        .unwrap_or_else(|| panic!("no status line: {text:?}"));
    code.parse().unwrap()
}

/// The body of an answer.
fn body(answer: &[u8]) -> String {
    let text = String::from_utf8_lossy(answer);
    text.split_once("\r\n\r\n")
        .map_or("", |(_, b)| b)
        .to_string()
}

/// An answer that is a one-line JSON error of `code`.
fn refused(answer: &[u8], code: u16) {
    assert_eq!(status(answer), code, "{}", String::from_utf8_lossy(answer));
    let v: serde_json::Value = serde_json::from_str(&body(answer)).expect("a JSON body");
    let message = v["error"].as_str().expect("an error message");
    assert!(!message.is_empty() && !message.contains('\n'));
}

fn chunked(path: &str, chunks: &[&[u8]]) -> Vec<u8> {
    let mut out = format!("POST {path} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        .into_bytes();
    for c in chunks {
        out.extend(format!("{:x}\r\n", c.len()).bytes());
        out.extend(*c);
        out.extend(b"\r\n");
    }
    out.extend(b"0\r\n\r\n");
    out
}

#[test]
fn chunked_bodies_are_read_and_counted() {
    let moves = chunked("/api/moves", &[br#"{"variant":"#, br#""warri"}"#]);
    let answer = exchange(&moves);
    assert_eq!(status(&answer), 200, "{}", String::from_utf8_lossy(&answer));
    assert!(body(&answer).contains(r#""moves":["1","2","3","4","5","6"]"#));
    // Past the cap in chunks each within it: refused as the count passes it.
    let piece = vec![b' '; MAX_BODY / 4];
    let over = chunked("/api/moves", &[&piece, &piece, &piece, &piece, b"{}"]);
    refused(&exchange(&over), 413);
    // A chunk claiming more than the cap is refused before it is read.
    refused(
        &exchange(b"POST /api/moves HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nffffffffff\r\n"),
        413,
    );
    let bad = [
        b"POST /api/moves HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n".to_vec(),
        b"POST /api/moves HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}xx\r\n0\r\n\r\n"
            .to_vec(),
        b"POST /api/moves HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}".to_vec(),
        [
            b"POST /api/moves HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n1;".to_vec(),
            vec![b'x'; MAX_CHUNK_LINE + 1],
        ]
        .concat(),
        b"POST /api/moves HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n".to_vec(),
    ];
    for b in bad {
        refused(&exchange(&b), 400);
    }
}

#[test]
fn head_is_answered_without_a_body_and_expect_is_met() {
    let answer = exchange(b"HEAD /board.css HTTP/1.1\r\nHost: x\r\n\r\n");
    assert_eq!(status(&answer), 200);
    let text = String::from_utf8_lossy(&answer);
    assert!(text.contains("Content-Type: text/css"), "{text}");
    assert!(text.contains("Cache-Control: no-store"), "{text}");
    assert!(text.contains("X-Content-Type-Options: nosniff"), "{text}");
    assert!(!text.contains("Content-Length: 0\r\n"), "{text}");
    assert_eq!(body(&answer), "");
    // A client that waits for 100 Continue gets it before the answer.
    let mut tcp = TcpStream::connect(server()).unwrap();
    tcp.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let json = br#"{"variant":"warri"}"#;
    let head = format!(
        "POST /api/start HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: {}\r\n\r\n",
        json.len()
    );
    tcp.write_all(head.as_bytes()).unwrap();
    let mut first = [0; 25];
    tcp.read_exact(&mut first).unwrap();
    assert_eq!(&first, b"HTTP/1.1 100 Continue\r\n\r\n");
    tcp.write_all(json).unwrap();
    let mut answer = Vec::new();
    tcp.read_to_end(&mut answer).unwrap();
    assert_eq!(status(&answer), 200);
    // One that would send too much is refused before it sends it.
    let big = b"POST /api/start HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 70000\r\n\r\n";
    refused(&exchange(big), 413);
}

#[test]
fn a_request_past_its_time_is_answered_408() {
    let mut tcp = TcpStream::connect(server()).unwrap();
    tcp.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    tcp.write_all(b"POST /api/start HTTP/1.1\r\nHost: x\r\nContent-Length: 19\r\n\r\n{")
        .unwrap();
    // The rest of the body never comes; the server's limit here is 2 s.
    let mut answer = Vec::new();
    let _ = tcp.read_to_end(&mut answer);
    refused(&answer, 408);
    // A connection that sends nothing is closed unanswered.
    let mut idle = TcpStream::connect(server()).unwrap();
    idle.set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let mut answer = Vec::new();
    let _ = idle.read_to_end(&mut answer);
    assert!(answer.is_empty(), "{}", String::from_utf8_lossy(&answer));
}

/// Requests that are answered 200 as they are.
const VALID: &[&[u8]] = &[
    b"GET / HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET /rules/warri HTTP/1.0\r\n\r\n",
    b"HEAD /board.js HTTP/1.1\r\nHost: x\r\nAccept: */*\r\n\r\n",
    b"GET /api/variants?x=1 HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n",
    b"GET http://localhost:8080/api/variants HTTP/1.1\r\nHost: localhost:8080\r\n\r\n",
    b"POST /api/moves HTTP/1.1\r\nHost: x\r\nContent-Length: 19\r\n\r\n{\"variant\":\"warri\"}",
    b"POST /api/play HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 35\r\n\r\n{\"variant\":\"oware\",\"moves\":[\"1\"]}  ",
    b"POST /api/start HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n13\r\n{\"variant\":\"kalah\"}\r\n0\r\n\r\n",
];

#[test]
fn the_valid_requests_are_answered_200() {
    for v in VALID {
        let answer = exchange(v);
        assert_eq!(status(&answer), 200, "{}", String::from_utf8_lossy(v));
    }
}

#[test]
fn hosts_are_one_for_http_1_1_and_chunk_sizes_plain_hex() {
    refused(&exchange(b"GET /api/variants HTTP/1.1\r\n\r\n"), 400);
    refused(
        &exchange(b"GET /api/variants HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"),
        400,
    );
    for size in [" 13", "13 ", "1 3"] {
        let body = format!(
            "POST /api/start HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n{size}\r\n{{\"variant\":\"kalah\"}}\r\n0\r\n\r\n"
        );
        refused(&exchange(body.as_bytes()), 400);
    }
}

/// `bytes` with each edit applied: (0) a byte replaced, (1) a byte inserted, (2) a byte
/// removed, (3) the rest cut off, at the position given modulo the length.
fn mutate(bytes: &[u8], edits: &[(u8, usize, u8)]) -> Vec<u8> {
    let mut out = bytes.to_vec();
    for &(kind, at, byte) in edits {
        let at = at % (out.len() + 1);
        match kind {
            0 if at < out.len() => out[at] = byte,
            1 => out.insert(at, byte),
            2 if at < out.len() => {
                out.remove(at);
            }
            3 => out.truncate(at),
            _ => {}
        }
    }
    out
}

fn bytes() -> impl Strategy<Value = Vec<u8>> {
    let edits = proptest::collection::vec((0u8..4, any::<usize>(), any::<u8>()), 1..4);
    let sample = proptest::sample::select(VALID);
    prop_oneof![
        1 => proptest::collection::vec(any::<u8>(), 0..600),
        // Text of the request's alphabet, more likely to get past the first line.
        1 => "(GET|POST|HEAD|PUT|PRI) [ -~]{0,40}( HTTP/1\\.[01]| HTTP/2\\.0)?(\r?\n[ -~]{0,30}){0,6}(\r\n){0,2}[ -~]{0,40}"
            .prop_map(String::into_bytes),
        2 => (sample, edits).prop_map(|(v, e)| mutate(v, &e)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Every request sent whole is answered with a status line, never a 5xx but 503 (the
    /// cap); nothing sent, nothing answered; and the server answers the next request.
    #[test]
    fn any_bytes_get_a_status_line(bytes in bytes()) {
        let answer = exchange(&bytes);
        if bytes.is_empty() {
            prop_assert!(answer.is_empty());
        } else {
            let code = status(&answer);
            prop_assert!(
                (400..500).contains(&code) || code == 200 || code == 503,
                "{code} for {:?}",
                String::from_utf8_lossy(&bytes)
            );
        }
        let next = exchange(b"GET /board.css HTTP/1.1\r\nHost: x\r\n\r\n");
        prop_assert_eq!(status(&next), 200);
    }
}
