//! The HTTP/1.1 layer of `mancala serve`: a blocking server over `std::net`, one thread per
//! connection, requests parsed by `httparse`, every read held to a bound.
//!
//! A connection carries one request and is closed after the answer (`Connection: close`).
//! Each limit has its own status, and every refusal is one line of JSON
//! ([`Reply::error`]) as the rest of the API answers:
//!
//! - the request line at most [`MAX_REQUEST_LINE`] bytes (414), the header section at most
//!   [`MAX_HEADER_BYTES`] bytes and [`MAX_HEADERS`] headers (431), the body at most
//!   [`MAX_BODY`] bytes (413, from the `Content-Length` before any of it is read, or as a
//!   chunked body is read); nothing is allocated by a length the client claims;
//! - a malformed request (request line, header, `Content-Length`, a `Transfer-Encoding` other
//!   than `chunked`, another HTTP version than 1.0 and 1.1, a URL not UTF-8) is answered 400;
//! - an HTTP/1.1 request names one `Host` (400 without, or with two); a URL in absolute form
//!   (`http://host/path`) is read as its path;
//! - the first byte of a request must arrive within [`FIRST_BYTE`] of the connection's start
//!   (else it is closed unanswered, as a browser's unused spare connection expects), its
//!   head and body within [`Limits::request_timeout`] (408 after), and the answer must be
//!   taken within as long again;
//! - at most [`Limits::max_connections`] connections are open at once. At the cap, a new one
//!   takes the place of the oldest whose request head has not all arrived (that one is closed
//!   unanswered), so that idle or dribbling clients cannot hold the server; when every open
//!   connection has sent its head (their answers are being computed), the new one is
//!   answered 503 by the accepting thread without waiting on the client, and what it sent is
//!   read and dropped on one thread of its own ([`Drain`]) so that the client gets the 503
//!   rather than a reset.
//!
//! It replaced tiny_http, which allocated a body by its claimed length, read headers and URLs
//! of any size and had no read timeout, so that a handful of stalled clients held every worker.

use crate::state::{Config, Reply, State, MAX_BODY};
use mancala_analysis::error::{shorten, Fail};
use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// The longest request line read (method, URL and version, with its line end); a longer one
/// is answered 414 without reading the rest.
pub const MAX_REQUEST_LINE: usize = 8 * 1024;

/// The longest header section read (every header line after the request line, and the empty
/// line that ends them); a longer one is answered 431.
pub const MAX_HEADER_BYTES: usize = 16 * 1024;

/// The most header lines a request may have; one more is answered 431.
pub const MAX_HEADERS: usize = 64;

/// The longest line of a chunked body's framing (a chunk's size with its extensions).
pub const MAX_CHUNK_LINE: usize = 1024;

/// The default of [`Limits::request_timeout`] (`serve --request-timeout`).
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);

/// The default of [`Limits::max_connections`] (`serve --max-connections`).
pub const MAX_CONNECTIONS: usize = 64;

/// The time the first byte of a request has to arrive from the connection's start (at most
/// [`Limits::request_timeout`]); a connection silent so long is closed unanswered.
pub const FIRST_BYTE: Duration = Duration::from_secs(3);

/// The most refused connections whose input is read and dropped at once after their 503
/// ([`Drain`]); past it the oldest is closed.
pub const MAX_DRAINED: usize = 256;

/// After an answer, the longest the server reads and drops what the client still sends (a
/// body it refused unread), so that the client reads the answer rather than a reset.
pub const LINGER: Duration = Duration::from_secs(2);

/// The most bytes dropped so after an answer.
pub const LINGER_BYTES: usize = 4 << 20;

/// The connection bounds of a [`Server`] (`serve --request-timeout`, `--max-connections`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// The time a request's head and body have to arrive from the connection's start (and
    /// its answer to be taken from the answer's start).
    pub request_timeout: Duration,
    /// Connections open at once; one more is answered 503 and closed.
    pub max_connections: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            request_timeout: REQUEST_TIMEOUT,
            max_connections: MAX_CONNECTIONS,
        }
    }
}

impl Limits {
    /// The limits of `serve --request-timeout SECONDS` (1..=3600) and `--max-connections N`
    /// (1..=4096).
    pub fn checked(request_timeout: u64, max_connections: usize) -> Result<Limits, Fail> {
        if !(1..=3600).contains(&request_timeout) {
            return Err(Fail(format!(
                "invalid --request-timeout {request_timeout}: expected 1..=3600 seconds"
            )));
        }
        if !(1..=4096).contains(&max_connections) {
            return Err(Fail(format!(
                "invalid --max-connections {max_connections}: expected 1..=4096"
            )));
        }
        Ok(Limits {
            request_timeout: Duration::from_secs(request_timeout),
            max_connections,
        })
    }
}

/// The HTTP server: a listening socket, the handlers' state and the connection bounds.
pub struct Server {
    listener: TcpListener,
    state: Arc<State>,
    limits: Limits,
    open: Arc<Conns>,
}

impl Server {
    /// Listens on `addr` (port 0: one the system picks).
    pub fn bind(addr: SocketAddr, config: Config, limits: Limits) -> Result<Server, String> {
        let listener =
            TcpListener::bind(addr).map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        Ok(Server {
            listener,
            state: Arc::new(State::new(config)),
            limits,
            open: Arc::new(Conns::new(limits.max_connections)),
        })
    }

    /// The address it listens on.
    pub fn addr(&self) -> Option<SocketAddr> {
        self.listener.local_addr().ok()
    }

    /// Accepts connections until the process ends, each served on a thread of its own.
    pub fn run(self) {
        let drain = Drain::start();
        for stream in self.listener.incoming() {
            let Ok(stream) = stream else {
                // Out of descriptors, most likely: wait for some to close rather than spin.
                std::thread::sleep(Duration::from_millis(10));
                continue;
            };
            let Some(open) = Conns::admit(&self.open, &stream) else {
                refuse(stream, self.limits.max_connections, drain.as_deref());
                continue;
            };
            let (state, limits) = (self.state.clone(), self.limits);
            // A thread that cannot start drops the connection, closing it, and its count.
            let _ = std::thread::Builder::new()
                .name("mancala-http".into())
                .spawn(move || serve(stream, open, &state, &limits));
        }
    }
}

/// The connections open, oldest first, each with whether its request head is still awaited
/// (and a handle on its socket, to close it when a newer one takes its place).
struct Conns {
    most: usize,
    list: Mutex<Vec<Entry>>,
    next: AtomicU64,
}

/// One open connection of [`Conns`].
struct Entry {
    id: u64,
    waiting: bool,
    stream: TcpStream,
}

impl Conns {
    fn new(most: usize) -> Conns {
        Conns {
            most,
            list: Mutex::new(Vec::new()),
            next: AtomicU64::new(0),
        }
    }

    /// A place for `stream`: a free one, else the place of the oldest connection whose head
    /// has not all arrived, which is closed; `None` when every open connection has sent its
    /// head.
    fn admit(conns: &Arc<Conns>, stream: &TcpStream) -> Option<Open> {
        let handle = stream.try_clone().ok()?;
        let mut list = conns.list.lock().unwrap_or_else(|e| e.into_inner());
        if list.len() >= conns.most {
            let oldest = list.iter().position(|e| e.waiting)?;
            // Its thread's read ends at once, and finds its place gone.
            let shed = list.remove(oldest);
            let _ = shed.stream.shutdown(Shutdown::Both);
        }
        let id = conns.next.fetch_add(1, Ordering::Relaxed);
        list.push(Entry {
            id,
            waiting: true,
            stream: handle,
        });
        Some(Open {
            conns: conns.clone(),
            id,
        })
    }
}

/// A connection's place among the [`Limits::max_connections`], given back on drop.
struct Open {
    conns: Arc<Conns>,
    id: u64,
}

impl Open {
    /// Marks the request's head as arrived, so that the connection keeps its place; false
    /// when a newer connection has already taken it.
    fn headed(&self) -> bool {
        let mut list = self.conns.list.lock().unwrap_or_else(|e| e.into_inner());
        list.iter_mut()
            .find(|e| e.id == self.id)
            .map(|e| e.waiting = false)
            .is_some()
    }
}

impl Drop for Open {
    fn drop(&mut self) {
        let mut list = self.conns.list.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = list.iter().position(|e| e.id == self.id) {
            list.remove(i);
        }
    }
}

/// Answers a connection past the cap 503 on the accepting thread: a write that would block
/// is dropped, so no client can hold that thread. What the client sends is then read and
/// dropped by the [`Drain`] (closing a socket with unread input would reset it, and the
/// client would lose the answer).
fn refuse(stream: TcpStream, most: usize, drain: Option<&Drain>) {
    let reply = Reply::error(
        503,
        &format!(
            "the server has {most} connections open, its most, each computing an answer; \
             try again when one closes"
        ),
    );
    if stream.set_nonblocking(true).is_ok() {
        let _ = (&stream).write(&response(&reply, false));
        let _ = stream.shutdown(Shutdown::Write);
        if let Some(d) = drain {
            d.add(stream);
        }
    }
}

/// The refused connections whose input is read and dropped for [`LINGER`] after their 503,
/// at most [`MAX_DRAINED`] at once, on one thread that polls them (non-blocking sockets).
struct Drain {
    list: Mutex<Vec<(TcpStream, Instant)>>,
    wake: Condvar,
}

impl Drain {
    /// The drain and its thread; `None` when the thread cannot start (refused connections
    /// are then closed at once).
    fn start() -> Option<Arc<Drain>> {
        let d = Arc::new(Drain {
            list: Mutex::new(Vec::new()),
            wake: Condvar::new(),
        });
        let mine = d.clone();
        std::thread::Builder::new()
            .name("mancala-http-drain".into())
            .spawn(move || mine.run())
            .ok()?;
        Some(d)
    }

    fn add(&self, stream: TcpStream) {
        let mut list = self.list.lock().unwrap_or_else(|e| e.into_inner());
        if list.len() >= MAX_DRAINED {
            list.remove(0);
        }
        list.push((stream, Instant::now() + LINGER));
        self.wake.notify_one();
    }

    fn run(&self) {
        let mut scratch = vec![0u8; 16 * 1024];
        loop {
            let mut list = self.list.lock().unwrap_or_else(|e| e.into_inner());
            while list.is_empty() {
                list = self.wake.wait(list).unwrap_or_else(|e| e.into_inner());
            }
            let now = Instant::now();
            list.retain(|(stream, until)| {
                if now >= *until {
                    return false;
                }
                loop {
                    match (&*stream).read(&mut scratch) {
                        Ok(0) => return false,
                        Ok(_) => {}
                        Err(e) if e.kind() == ErrorKind::Interrupted => {}
                        Err(e) => return e.kind() == ErrorKind::WouldBlock,
                    }
                }
            });
            drop(list);
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

/// Reads one request from `stream`, answers it and closes the connection, giving back its
/// place among the [`Limits::max_connections`].
fn serve(stream: TcpStream, open: Open, state: &State, limits: &Limits) {
    let start = Instant::now();
    let mut conn = Conn {
        open,
        stream,
        deadline: start + FIRST_BYTE.min(limits.request_timeout),
        start,
        timeout: limits.request_timeout,
        buf: Vec::new(),
        pos: 0,
    };
    let _ = conn.stream.set_nodelay(true);
    let (reply, head_only) = match conn.request() {
        Ok(r) => (
            crate::handle(state, &r.method, &r.url, &r.body),
            r.method == "HEAD",
        ),
        Err(Refused::Answer(reply)) => (reply, false),
        Err(Refused::Gone) => return,
    };
    conn.deadline = Instant::now() + limits.request_timeout;
    if conn.send(&response(&reply, head_only)).is_ok() {
        conn.linger(LINGER.min(limits.request_timeout));
    }
}

/// The bytes of `reply` on the wire, without its body when `head_only` (HEAD).
fn response(reply: &Reply, head_only: bool) -> Vec<u8> {
    let mut out = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\n\
         Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n",
        reply.status,
        reason(reply.status),
        reply.content_type,
        reply.body.len()
    )
    .into_bytes();
    if !head_only {
        out.extend_from_slice(&reply.body);
    }
    out
}

/// The reason phrase of the statuses the server gives.
fn reason(status: u16) -> &'static str {
    match status {
        100 => "Continue",
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        413 => "Content Too Large",
        414 => "URI Too Long",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        _ => "",
    }
}

/// A request read whole.
struct Request {
    method: String,
    url: String,
    body: Vec<u8>,
}

/// Why no request was read: an answer to send, or a connection gone (or silent) to close.
enum Refused {
    Answer(Reply),
    Gone,
}

fn refused(status: u16, message: impl AsRef<str>) -> Refused {
    Refused::Answer(Reply::error(status, message.as_ref()))
}

/// How a read ended short.
enum Short {
    Eof,
    Late,
    Broken,
}

/// The head of a request and how its body is framed.
struct Head {
    method: String,
    url: String,
    length: u64,
    chunked: bool,
    expect_continue: bool,
}

/// A connection being read: what has come and not been consumed (`buf[pos..]`), under the
/// request's deadline.
struct Conn {
    // Dropped before the stream, so that a client that sees the connection closed finds its
    // place free.
    open: Open,
    stream: TcpStream,
    buf: Vec<u8>,
    pos: usize,
    deadline: Instant,
    /// When the connection was accepted.
    start: Instant,
    timeout: Duration,
}

impl Conn {
    /// Reads at most `most` more bytes into the buffer, by the deadline.
    fn fill(&mut self, most: usize) -> Result<usize, Short> {
        // What was consumed is dropped, so the buffer holds only what is still to be read.
        self.buf.drain(..self.pos);
        self.pos = 0;
        loop {
            let left = self.deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(Short::Late);
            }
            self.stream
                .set_read_timeout(Some(left))
                .map_err(|_| Short::Broken)?;
            let start = self.buf.len();
            self.buf.resize(start + most, 0);
            let read = self.stream.read(&mut self.buf[start..]);
            self.buf.truncate(start + *read.as_ref().unwrap_or(&0));
            return match read {
                Ok(0) => Err(Short::Eof),
                Ok(n) => Ok(n),
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                    Err(Short::Late)
                }
                Err(_) => Err(Short::Broken),
            };
        }
    }

    /// Writes all of `bytes` by the deadline.
    fn send(&mut self, mut bytes: &[u8]) -> Result<(), Short> {
        while !bytes.is_empty() {
            let left = self.deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(Short::Late);
            }
            self.stream
                .set_write_timeout(Some(left))
                .map_err(|_| Short::Broken)?;
            match self.stream.write(bytes) {
                Ok(0) => return Err(Short::Broken),
                Ok(n) => bytes = &bytes[n..],
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(_) => return Err(Short::Broken),
            }
        }
        Ok(())
    }

    /// Ends the answer and drops what the client still sends, for at most `time` and
    /// [`LINGER_BYTES`], so that closing with unread input does not reset the connection
    /// before the client has read the answer.
    fn linger(mut self, time: Duration) {
        let _ = self.stream.shutdown(Shutdown::Write);
        self.deadline = Instant::now() + time;
        let mut dropped = 0;
        while dropped < LINGER_BYTES {
            self.pos = self.buf.len();
            match self.fill(16 * 1024) {
                Ok(n) => dropped += n,
                Err(_) => break,
            }
        }
    }

    /// The message of a request not read in time.
    fn late(&self) -> Refused {
        refused(
            408,
            format!(
                "the request did not arrive within {} s",
                self.timeout.as_secs_f64()
            ),
        )
    }

    /// Reads one request: its head, then its body, answering `100 Continue` where asked.
    fn request(&mut self) -> Result<Request, Refused> {
        let head = self.head()?;
        if !self.open.headed() {
            return Err(Refused::Gone);
        }
        if head.length > MAX_BODY as u64 {
            return Err(refused(413, format!("request body over {MAX_BODY} bytes")));
        }
        if head.expect_continue && (head.chunked || head.length > 0) {
            self.send(b"HTTP/1.1 100 Continue\r\n\r\n")
                .map_err(|_| Refused::Gone)?;
        }
        let body = if head.chunked {
            self.chunked()?
        } else {
            self.exact(head.length as usize)?
        };
        Ok(Request {
            method: head.method,
            url: head.url,
            body,
        })
    }

    /// Reads the request line and headers, within their limits.
    fn head(&mut self) -> Result<Head, Refused> {
        let cap = MAX_REQUEST_LINE + MAX_HEADER_BYTES;
        let mut fresh = 0..0;
        loop {
            // A head ends, or shows itself malformed, at a line end; the first bytes are
            // parsed at once so that garbage is refused before the buffer fills.
            let ended = fresh.start == 0 || self.buf[fresh.clone()].contains(&b'\n');
            if !self.buf.is_empty() && ended {
                if let Some(head) = parse(&self.buf)? {
                    self.pos = head.1;
                    return Ok(head.0);
                }
            }
            sizes(&self.buf, cap)?;
            let start = self.buf.len();
            match self.fill(cap - start) {
                Ok(n) => {
                    // The first bytes came: the whole head has the request's time.
                    self.deadline = self.start + self.timeout;
                    fresh = start..start + n
                }
                Err(Short::Eof) if self.buf.is_empty() => return Err(Refused::Gone),
                Err(Short::Eof) => {
                    let Some((head, n)) = parse(&self.buf)? else {
                        return Err(refused(
                            400,
                            "the connection closed before the request's head ended",
                        ));
                    };
                    self.pos = n;
                    return Ok(head);
                }
                // A connection that never sent a byte is closed silently, as a browser's
                // unused spare connection expects.
                Err(Short::Late) if self.buf.is_empty() => return Err(Refused::Gone),
                Err(Short::Late) => return Err(self.late()),
                Err(Short::Broken) => return Err(Refused::Gone),
            }
        }
    }

    /// Reads a body of `length` bytes (at most [`MAX_BODY`], checked before).
    fn exact(&mut self, length: usize) -> Result<Vec<u8>, Refused> {
        while self.buf.len() - self.pos < length {
            let want = length - (self.buf.len() - self.pos);
            match self.fill(want.min(64 * 1024)) {
                Ok(_) => {}
                Err(Short::Eof) => {
                    return Err(refused(
                        400,
                        format!("the connection closed before the body's {length} bytes came"),
                    ))
                }
                Err(Short::Late) => return Err(self.late()),
                Err(Short::Broken) => return Err(Refused::Gone),
            }
        }
        let body = self.buf[self.pos..self.pos + length].to_vec();
        self.pos += length;
        Ok(body)
    }

    /// Reads one line of the chunked framing, without its line end; `None` when it runs past
    /// `most` bytes.
    fn line(&mut self, most: usize) -> Result<Option<Vec<u8>>, Refused> {
        loop {
            let rest = &self.buf[self.pos..];
            if let Some(i) = rest.iter().position(|&b| b == b'\n') {
                let line = rest[..i].strip_suffix(b"\r").unwrap_or(&rest[..i]).to_vec();
                self.pos += i + 1;
                return Ok((line.len() <= most).then_some(line));
            }
            if rest.len() > most + 1 {
                return Ok(None);
            }
            match self.fill(most + 2 - rest.len()) {
                Ok(_) => {}
                Err(Short::Eof) => {
                    return Err(refused(
                        400,
                        "the connection closed before the chunked body ended",
                    ))
                }
                Err(Short::Late) => return Err(self.late()),
                Err(Short::Broken) => return Err(Refused::Gone),
            }
        }
    }

    /// Reads a chunked body, counting its bytes as they come against [`MAX_BODY`].
    fn chunked(&mut self) -> Result<Vec<u8>, Refused> {
        let mut body = Vec::new();
        loop {
            let line = self.line(MAX_CHUNK_LINE)?.ok_or_else(|| {
                refused(
                    400,
                    format!("a chunk size line over {MAX_CHUNK_LINE} bytes"),
                )
            })?;
            let line = String::from_utf8_lossy(&line);
            let size = chunk_size(&line).ok_or_else(|| {
                let hex = line.split(';').next().unwrap_or("");
                refused(400, format!("invalid chunk size {:?}", shorten(hex)))
            })?;
            if size == 0 {
                break;
            }
            if body.len() as u64 + size > MAX_BODY as u64 {
                return Err(refused(413, format!("request body over {MAX_BODY} bytes")));
            }
            body.extend(self.exact(size as usize)?);
            if self.line(0)?.is_none() {
                return Err(refused(400, "a chunk longer than its size line says"));
            }
        }
        // The trailer fields are read and dropped, held to the header section's bound.
        let mut trailers = 0;
        loop {
            let line = self.line(MAX_HEADER_BYTES)?;
            if line.as_ref().is_some_and(|l| l.is_empty()) {
                return Ok(body);
            }
            trailers += line.map_or(MAX_HEADER_BYTES, |l| l.len()) + 2;
            if trailers > MAX_HEADER_BYTES {
                return Err(refused(
                    431,
                    format!("trailer fields over {MAX_HEADER_BYTES} bytes"),
                ));
            }
        }
    }
}

/// The head parsed from `buf` and its length, if it is all there; a malformed head or one
/// past [`MAX_HEADERS`] refused.
fn parse(buf: &[u8]) -> Result<Option<(Head, usize)>, Refused> {
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut req = httparse::Request::new(&mut headers);
    let n = match req.parse(buf) {
        Ok(httparse::Status::Complete(n)) => n,
        Ok(httparse::Status::Partial) => return Ok(None),
        Err(httparse::Error::TooManyHeaders) => {
            return Err(refused(431, format!("more than {MAX_HEADERS} headers")))
        }
        Err(httparse::Error::Version) => {
            return Err(refused(
                400,
                "malformed request: expected HTTP/1.1 or HTTP/1.0 after the URL",
            ))
        }
        Err(e) => return Err(refused(400, format!("malformed request: {e}"))),
    };
    sizes(&buf[..n], usize::MAX)?;
    let mut length: Option<u64> = None;
    let (mut chunked, mut expect_continue, mut hosts) = (false, false, 0);
    for h in req.headers.iter() {
        let value = String::from_utf8_lossy(h.value);
        let value = value.trim();
        if h.name.eq_ignore_ascii_case("host") {
            hosts += 1;
        } else if h.name.eq_ignore_ascii_case("content-length") {
            if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
                return Err(refused(
                    400,
                    format!(
                        "invalid Content-Length {:?}: expected a number of bytes",
                        shorten(value)
                    ),
                ));
            }
            // Digits past u64 are a length past any bound, refused as such.
            let n = value.parse().unwrap_or(u64::MAX);
            if length.is_some_and(|m| m != n) {
                return Err(refused(400, "two different Content-Length headers"));
            }
            length = Some(n);
        } else if h.name.eq_ignore_ascii_case("transfer-encoding") {
            if !value.eq_ignore_ascii_case("chunked") || chunked {
                return Err(refused(
                    400,
                    format!(
                        "unsupported Transfer-Encoding {:?}: only chunked, once, is read",
                        shorten(value)
                    ),
                ));
            }
            chunked = true;
        } else if h.name.eq_ignore_ascii_case("expect") {
            expect_continue = value.eq_ignore_ascii_case("100-continue");
        }
    }
    if chunked && length.is_some() {
        return Err(refused(
            400,
            "both Content-Length and Transfer-Encoding: the body's length is ambiguous",
        ));
    }
    if chunked && req.version == Some(0) {
        return Err(refused(400, "Transfer-Encoding in an HTTP/1.0 request"));
    }
    // RFC 9112, 3.2: an HTTP/1.1 request without a Host, or any with two, is answered 400.
    if hosts > 1 || (hosts == 0 && req.version == Some(1)) {
        let why = if hosts > 1 {
            "two Host headers"
        } else {
            "no Host header"
        };
        return Err(refused(400, format!("an HTTP/1.1 request with {why}")));
    }
    let head = Head {
        method: req.method.unwrap_or_default().to_string(),
        url: origin_form(req.path.unwrap_or_default()),
        length: length.unwrap_or(0),
        chunked,
        expect_continue: expect_continue && req.version == Some(1),
    };
    Ok(Some((head, n)))
}

/// The path and query of a request target: an absolute-form URL (`http://host:8080/p?q`, RFC
/// 9112, 3.2.2, which a server must accept) as the origin form `/p?q`; any other as it is.
fn origin_form(target: &str) -> String {
    let scheme = ["http://", "https://"].iter().find(|s| {
        target
            .get(..s.len())
            .is_some_and(|t| t.eq_ignore_ascii_case(s))
    });
    let Some(scheme) = scheme else {
        return target.to_string();
    };
    let rest = &target[scheme.len()..];
    match rest.find(['/', '?']) {
        Some(i) if rest[i..].starts_with('/') => rest[i..].to_string(),
        Some(i) => format!("/{}", &rest[i..]),
        None => "/".to_string(),
    }
}

/// A chunk's size from its size line (`1a`, `1a;name=value`): hex digits with nothing
/// before them, and after them only the line's end or an extension (RFC 9112, 7.1).
fn chunk_size(line: &str) -> Option<u64> {
    let digits = line.bytes().take_while(u8::is_ascii_hexdigit).count();
    let rest = line[digits..].trim_start_matches([' ', '\t']);
    let ends = line.len() == digits || rest.starts_with(';');
    if digits == 0 || digits > 16 || !ends {
        return None;
    }
    u64::from_str_radix(&line[..digits], 16).ok()
}

/// Refuses a head (or its start, in `buf`) past the request line's or the header section's
/// bound, or past `cap` bytes in all.
fn sizes(buf: &[u8], cap: usize) -> Result<(), Refused> {
    // Empty lines before the request line are skipped, as the parser skips them.
    let skip = buf
        .iter()
        .take_while(|&&b| b == b'\r' || b == b'\n')
        .count();
    let line_end = buf[skip..].iter().position(|&b| b == b'\n');
    let too_long = || refused(414, format!("request line over {MAX_REQUEST_LINE} bytes"));
    match line_end {
        None if buf.len() - skip > MAX_REQUEST_LINE || buf.len() >= cap => Err(too_long()),
        Some(i) if i + 1 > MAX_REQUEST_LINE => Err(too_long()),
        Some(i) if buf.len() - (skip + i + 1) > MAX_HEADER_BYTES || buf.len() >= cap => Err(
            refused(431, format!("header section over {MAX_HEADER_BYTES} bytes")),
        ),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn status(head: &[u8]) -> Option<u16> {
        match parse(head) {
            Ok(Some(_)) => Some(200),
            Ok(None) => None,
            Err(Refused::Answer(r)) => Some(r.status),
            Err(Refused::Gone) => Some(0),
        }
    }

    #[test]
    fn heads_are_parsed_or_refused_by_status() {
        assert_eq!(status(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n"), Some(200));
        assert_eq!(status(b"GET / HTTP/1.1\r\nHost: x\r\n"), None);
        assert_eq!(status(b"GET / HTTP/1.1\r\n\r\n"), Some(400));
        assert_eq!(
            status(b"GET / HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n"),
            Some(400)
        );
        assert_eq!(status(b"GET / HTTP/1.0\r\n\r\n"), Some(200));
        assert_eq!(status(b"GET / HTTP/9.9\r\n\r\n"), Some(400));
        assert_eq!(status(b"GET /\r\n\r\n"), Some(400));
        assert_eq!(status(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"), Some(400));
        assert_eq!(
            status(b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03"),
            Some(400)
        );
        assert_eq!(status(b"GET / HTTP/1.1\r\nNo colon\r\n\r\n"), Some(400));
        assert_eq!(status(b"GET /\xff\xfe HTTP/1.1\r\n\r\n"), Some(400));
        for length in ["-1", "ten", "", "1 2", "0x10", "+5"] {
            let head = format!("POST / HTTP/1.1\r\nContent-Length: {length}\r\n\r\n");
            assert_eq!(status(head.as_bytes()), Some(400), "{length}");
        }
        let two = b"POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n";
        assert_eq!(status(two), Some(400));
        let same = b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n";
        assert_eq!(status(same), Some(200));
        let gzip = b"POST / HTTP/1.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n";
        assert_eq!(status(gzip), Some(400));
        let both = b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\nContent-Length: 2\r\n\r\n";
        assert_eq!(status(both), Some(400));
        let many = format!(
            "GET / HTTP/1.1\r\n{}\r\n",
            "A: b\r\n".repeat(MAX_HEADERS + 1)
        );
        assert_eq!(status(many.as_bytes()), Some(431));
        let huge = b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n";
        let Ok(Some((head, _))) = parse(huge) else {
            panic!("a huge length parses, to be refused 413")
        };
        assert_eq!(head.length, u64::MAX);
    }

    #[test]
    fn absolute_urls_are_read_as_their_path() {
        assert_eq!(
            origin_form("http://localhost:8080/api/variants"),
            "/api/variants"
        );
        assert_eq!(origin_form("HTTP://x/a?b=c"), "/a?b=c");
        assert_eq!(origin_form("https://x"), "/");
        assert_eq!(origin_form("http://x?q"), "/?q");
        assert_eq!(origin_form("/rules/warri"), "/rules/warri");
        assert_eq!(origin_form("ftp://x/y"), "ftp://x/y");
        let Ok(Some((head, _))) = parse(b"GET http://h:1/api/variants HTTP/1.1\r\nHost: h\r\n\r\n")
        else {
            panic!("an absolute-form request parses")
        };
        assert_eq!(head.url, "/api/variants");
    }

    #[test]
    fn chunk_sizes_are_hex_digits_alone() {
        assert_eq!(chunk_size("1a"), Some(26));
        assert_eq!(chunk_size("0"), Some(0));
        assert_eq!(chunk_size("1a;x=y"), Some(26));
        assert_eq!(chunk_size("1a ;x"), Some(26));
        for bad in [
            " 1a",
            "1a ",
            "1 a",
            "",
            ";x",
            "g",
            "+1",
            "0x1",
            "11111111111111111",
        ] {
            assert_eq!(chunk_size(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn sizes_are_held_to_their_bounds() {
        let cap = MAX_REQUEST_LINE + MAX_HEADER_BYTES;
        let url = vec![b'a'; MAX_REQUEST_LINE + 1];
        assert!(matches!(sizes(&url, cap), Err(Refused::Answer(r)) if r.status == 414));
        let mut head = b"GET / HTTP/1.1\r\nX: ".to_vec();
        head.extend(vec![b'a'; MAX_HEADER_BYTES]);
        assert!(matches!(sizes(&head, cap), Err(Refused::Answer(r)) if r.status == 431));
        assert!(sizes(b"\r\n\r\nGET / HTTP/1.1\r\nX: y\r\n", cap).is_ok());
    }
}
