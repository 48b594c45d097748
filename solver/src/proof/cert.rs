//! Proof certificates: a proven win written as text that anyone can replay, and the replay.
//!
//! The file (docs/PROOF-FORMAT.md):
//!
//! ```text
//! mancala-proof 1
//! variant chisolo-ii
//! options --width 5
//! position 2,2,2,2,2/2,2,2,2,2/2,2,2,2,2/2,2,2,2,2 S captured=0,0
//! winner S
//! nodes 3
//! F1>1
//! B2>2 B3>2
//! end
//! checksum xxh3-64:0123456789abcdef
//! ```
//!
//! Node 0 is the position; each later line is one node, in an order where every move leads
//! to a later node (so the proof has no cycle): the winner's one move at his nodes, every
//! legal reply at the other's, `end` where the game is over. Positions are not written: the
//! checker finds them by playing the moves. The checksum is the XXH3-64 of every byte
//! before its line.
//!
//! The check ([`Certificate::check`]) replays the moves with a [`Referee`] (the slow
//! reference rules of the family, not the fast move generator): every node reached, the
//! same position by every path that reaches it, one legal move at the winner's nodes, all
//! the legal replies and no other at the loser's, and every end won by the winner.

use crate::side::Side;
use crate::text;
use std::collections::HashSet;
use std::io::BufRead;
use xxhash_rust::xxh3::{xxh3_64, Xxh3};

/// The first line of every certificate.
pub const MAGIC: &str = "mancala-proof 1";

/// The longest line [`Certificate::read`] takes (a node line lists every reply of the loser:
/// at most [`MAX_CHILDREN`] moves).
pub const MAX_LINE: usize = 64 << 20;

/// The most moves a check lists at one node; a node with more (an Isolo arrangement phase of
/// millions of arrangements) makes the certificate invalid. A referee whose moves can be
/// counted before they are listed refuses such a node without listing them.
pub const MAX_CHILDREN: usize = 1 << 20;

/// Bytes a node takes to read and check, past its moves' names: its list of moves and, in
/// the check, its position's slot and depth.
const NODE_CHECKED: usize = 2 * std::mem::size_of::<Vec<u8>>() + 4;

/// Bytes a move of a node takes, past its name.
const MOVE_HELD: usize = std::mem::size_of::<(String, usize)>();

/// The line that refuses `n` nodes over `memory` bytes.
fn over_memory(n: usize, memory: usize) -> String {
    format!(
        "{n} nodes: more than the {} MiB the check may use (about {NODE_CHECKED} bytes a node and {MOVE_HELD} a move, past the names)",
        memory >> 20
    )
}

/// A line of a certificate as [`Lines`] reads it: its bytes (without the line end), or a
/// line past the bound asked for (its bytes hashed and dropped).
enum Line {
    Text(Vec<u8>),
    Long,
}

/// The lines of a streamed file, each hashed once the next is read (the last line, the
/// checksum's, is never hashed).
struct Lines<R> {
    input: R,
    hasher: Xxh3,
    /// The bytes of the line last read (its line end too), not hashed yet.
    unhashed: Vec<u8>,
    /// The 1-based number of the line last read.
    number: usize,
}

impl<R: BufRead> Lines<R> {
    fn new(input: R) -> Lines<R> {
        Lines {
            input,
            hasher: Xxh3::new(),
            unhashed: Vec::new(),
            number: 0,
        }
    }

    /// Reads the first line, no further than a short bound; true when it is [`MAGIC`]'s
    /// (and no longer than the bound).
    fn first(&mut self) -> Result<bool, String> {
        const MOST: usize = MAGIC.len() + 64;
        let n = std::io::Read::take(&mut self.input, MOST as u64)
            .read_until(b'\n', &mut self.unhashed)
            .map_err(|e| format!("cannot read: {e}"))?;
        self.number = 1;
        let whole = self.unhashed.ends_with(b"\n") || n < MOST;
        Ok(whole && self.unhashed.starts_with(MAGIC.as_bytes()))
    }

    /// The next line, held to `most` bytes; `None` at the end of the input.
    fn next(&mut self, most: usize) -> Result<Option<Line>, String> {
        let read = |e: std::io::Error| format!("cannot read: {e}");
        // The end of the input leaves the last line unhashed.
        if self.input.fill_buf().map_err(read)?.is_empty() {
            return Ok(None);
        }
        self.hasher.update(&self.unhashed);
        self.unhashed.clear();
        std::io::Read::take(&mut self.input, most as u64 + 2)
            .read_until(b'\n', &mut self.unhashed)
            .map_err(read)?;
        self.number += 1;
        let mut text = self.unhashed.as_slice();
        text = text.strip_suffix(b"\n").unwrap_or(text);
        text = text.strip_suffix(b"\r").unwrap_or(text);
        if text.len() <= most {
            return Ok(Some(Line::Text(text.to_vec())));
        }
        // Too long: hashed as it streams to its end, never held whole.
        let mut ended = self.unhashed.ends_with(b"\n");
        self.hasher.update(&self.unhashed);
        self.unhashed.clear();
        while !ended {
            let buf = self.input.fill_buf().map_err(read)?;
            if buf.is_empty() {
                break;
            }
            let (take, done) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (buf.len(), false),
            };
            self.hasher.update(&buf[..take]);
            self.input.consume(take);
            ended = done;
        }
        Ok(Some(Line::Long))
    }
}

/// The certificate's lines after the first, parsed as they come: the first malformed one
/// kept (reported once the checksum is known good), what the nodes take counted against a
/// memory bound.
struct Body {
    memory: usize,
    used: usize,
    fields: Vec<String>,
    count: usize,
    nodes: Vec<Vec<(String, usize)>>,
    error: Option<String>,
}

/// The header lines after the first, in order.
const FIELDS: [&str; 5] = ["variant", "options", "position", "winner", "nodes"];

impl Body {
    fn new(memory: usize) -> Body {
        Body {
            memory,
            used: 0,
            fields: Vec::new(),
            count: 0,
            nodes: Vec::new(),
            error: None,
        }
    }

    /// Takes line `at`; an error only for a claim or a size past the memory bound.
    fn take(&mut self, at: usize, line: Line) -> Result<(), String> {
        if self.error.is_some() {
            return Ok(());
        }
        match self.line(at, line) {
            Ok(()) => Ok(()),
            Err(Bad::Memory(e)) => Err(e),
            Err(Bad::Line(e)) => {
                self.error = Some(e);
                // Only the checksum is still wanted.
                self.nodes = Vec::new();
                Ok(())
            }
        }
    }

    fn line(&mut self, at: usize, line: Line) -> Result<(), Bad> {
        let Line::Text(bytes) = line else {
            return Err(Bad::Line(format!(
                "line {at}: longer than {MAX_LINE} bytes"
            )));
        };
        let l = std::str::from_utf8(&bytes)
            .map_err(|_| Bad::Line(format!("line {at}: not UTF-8 text")))?;
        if let Some(name) = FIELDS.get(self.fields.len()) {
            let value = l
                .strip_prefix(name)
                .and_then(|r| r.strip_prefix(' ').or((r.is_empty()).then_some("")))
                .ok_or_else(|| Bad::Line(format!("line {at}: expected '{name} ...'")))?;
            self.fields.push(value.to_string());
            if *name == "winner" && !matches!(value, "S" | "N") {
                return Err(Bad::Line(format!(
                    "line 5: winner '{}' is neither S nor N",
                    quoted(value)
                )));
            }
            if *name == "nodes" {
                self.count = value
                    .parse()
                    .map_err(|_| Bad::Line("line 6: the node count is not a number".into()))?;
                if self.count.saturating_mul(NODE_CHECKED) > self.memory {
                    return Err(Bad::Memory(format!(
                        "the certificate claims {}",
                        over_memory(self.count, self.memory)
                    )));
                }
                self.nodes = Vec::with_capacity(self.count);
            }
            return Ok(());
        }
        let (id, count) = (self.nodes.len(), self.count);
        if id >= count {
            return Err(Bad::Line(format!(
                "line {at}: more nodes than the {count} announced"
            )));
        }
        let mut moves = Vec::new();
        if l != "end" {
            for word in l.split(' ') {
                let (m, j) = word.rsplit_once('>').ok_or_else(|| {
                    Bad::Line(format!("line {at}: '{}' is not move>node", quoted(word)))
                })?;
                let j: usize = j.parse().map_err(|_| {
                    Bad::Line(format!("line {at}: '{}' is not a node number", quoted(j)))
                })?;
                if j <= id || j >= count || m.is_empty() {
                    return Err(Bad::Line(format!(
                        "line {at}: the move {} of node {id} leads to node {j}, not a later node of the {count}",
                        quoted(m)
                    )));
                }
                self.used += MOVE_HELD + m.len();
                moves.push((m.to_string(), j));
            }
        }
        if self.used.saturating_add(count.saturating_mul(NODE_CHECKED)) > self.memory {
            return Err(Bad::Memory(format!(
                "line {at}: the moves of the nodes so far take more than the {} MiB the check may use",
                self.memory >> 20
            )));
        }
        self.nodes.push(moves);
        Ok(())
    }

    /// The certificate, or the first malformed line, or what is missing.
    fn end(self) -> Result<Certificate, String> {
        if let Some(e) = self.error {
            return Err(e);
        }
        if let Some(name) = FIELDS.get(self.fields.len()) {
            return Err(format!("truncated before the '{name}' line"));
        }
        if self.nodes.len() != self.count {
            return Err(format!(
                "truncated: {} nodes of the {} announced",
                self.nodes.len(),
                self.count
            ));
        }
        if self.count == 0 {
            return Err("the proof has no node".into());
        }
        let mut f = self.fields.into_iter();
        let mut next = || f.next().unwrap_or_default();
        let variant = next();
        let options = next().split_whitespace().map(str::to_string).collect();
        let position = next();
        let winner = if next() == "S" {
            Side::South
        } else {
            Side::North
        };
        Ok(Certificate {
            variant,
            options,
            position,
            winner,
            nodes: self.nodes,
        })
    }
}

/// Why a line stops the reading: a malformed line (reported once the checksum is good), or
/// a size past the memory bound (at once).
enum Bad {
    Line(String),
    Memory(String),
}

/// The rules a certificate is replayed with: position text in, moves by name out.
pub trait Referee {
    /// The side to move in `text`.
    fn mover(&self, text: &str) -> Side;
    /// Every legal move of `text` by name, with the text of the position it leads to;
    /// empty when the game is over. An error when the rules cannot tell.
    fn children(&self, text: &str) -> Result<Vec<(String, String)>, String>;
    /// The winner of the finished game `text` (`None`: a draw).
    fn winner(&self, text: &str) -> Option<Side>;
}

/// A proven win, as written to a file.
///
/// # Example
///
/// ```
/// use mancala_solver::fourrow::reference::Reference;
/// use mancala_solver::fourrow::Kind;
/// use mancala_solver::proof::{self, cert::Certificate, Bounds};
/// use mancala_solver::{FourRow, Game, Notation};
///
/// // Prove a small mulabalaba, write the certificate, read it back and replay it with the
/// // slow reference rules.
/// let game = FourRow::new(Kind::Mulabalaba, 2, 1, Default::default())?;
/// let bounds = Bounds { memory: 16 << 20, deadline: None, threads: 1 };
/// let (winner, proof) = proof::value(&game, &game.start(), bounds, &mut |_, _| {}).proof.unwrap();
/// let options = ["--width", "2", "--seeds", "1"].map(String::from).to_vec();
/// let text = proof.certificate(&game, winner, options).to_text();
/// assert!(text.starts_with("mancala-proof 1\nvariant mulabalaba\n"));
/// let cert = Certificate::parse(&text)?;
/// let referee = Reference::new("mulabalaba", 2, &[]);
/// let checked = cert.check(&referee, game.format_position(&game.start()))?;
/// assert_eq!(checked.plies, 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    /// The variant id.
    pub variant: String,
    /// The command-line options that set the game up (`--width 5`, `--rule capture=may`).
    pub options: Vec<String>,
    /// The position proven, as position text.
    pub position: String,
    /// The side that wins by force.
    pub winner: Side,
    /// Each node's moves, by name, with the node each leads to (empty: an end).
    pub nodes: Vec<Vec<(String, usize)>>,
}

/// A valid certificate's summary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// Nodes replayed.
    pub nodes: usize,
    /// The longest line of the proof, in plies.
    pub plies: u32,
}

fn side_letter(s: Side) -> char {
    match s {
        Side::South => 'S',
        Side::North => 'N',
    }
}

impl Certificate {
    /// The file's text, checksum line included.
    pub fn to_text(&self) -> String {
        let mut t = String::new();
        t.push_str(MAGIC);
        t.push('\n');
        t.push_str(&format!("variant {}\n", self.variant));
        t.push_str(&format!("options {}\n", self.options.join(" ")));
        t.push_str(&format!("position {}\n", self.position));
        t.push_str(&format!("winner {}\n", side_letter(self.winner)));
        t.push_str(&format!("nodes {}\n", self.nodes.len()));
        for n in &self.nodes {
            if n.is_empty() {
                t.push_str("end");
            }
            for (k, (m, j)) in n.iter().enumerate() {
                if k > 0 {
                    t.push(' ');
                }
                t.push_str(&format!("{m}>{j}"));
            }
            t.push('\n');
        }
        let sum = xxh3_64(t.as_bytes());
        t.push_str(&format!("checksum xxh3-64:{sum:016x}\n"));
        t
    }

    /// The checksum line's value of a text written by [`Certificate::to_text`].
    pub fn checksum_of(text: &str) -> Option<&str> {
        text.lines()
            .last()
            .and_then(|l| l.strip_prefix("checksum "))
    }

    /// Reads a certificate, refusing a wrong first line, a bad checksum (a corrupt or
    /// truncated file), and malformed lines, each named by its line number.
    pub fn parse(text: &str) -> Result<Certificate, String> {
        Certificate::read(text.as_bytes(), usize::MAX).map(|(c, _)| c)
    }

    /// Reads a certificate from `input` as it streams in, each line at most [`MAX_LINE`]
    /// bytes, with its checksum line's value: as [`Certificate::parse`], and refused as soon
    /// as it claims (its node count) or takes more than about `memory` bytes to hold and
    /// check. A malformed line is reported once the checksum is known good, so that a corrupt
    /// file is called corrupt; a first line that is not [`MAGIC`] is refused at once.
    pub fn read(input: impl BufRead, memory: usize) -> Result<(Certificate, String), String> {
        let mut lines = Lines::new(input);
        if !lines.first()? {
            return Err(format!(
                "not a proof certificate (the first line is not '{MAGIC}')"
            ));
        }
        let mut body = Body::new(memory);
        // A line is the body's once another follows it: the last is the checksum.
        let mut held: Option<(usize, Line)> = None;
        while let Some(line) = lines.next(MAX_LINE)? {
            if let Some((at, l)) = held.take() {
                body.take(at, l)?;
            }
            held = Some((lines.number, line));
        }
        let want = match held {
            None => return Err("truncated: no checksum line".into()),
            Some((_, Line::Long)) => {
                return Err("truncated: the last line is not the checksum".into())
            }
            Some((_, Line::Text(t))) => t,
        };
        let last = String::from_utf8_lossy(&want);
        let Some(sum) = last.strip_prefix("checksum xxh3-64:") else {
            return Err("truncated: the last line is not the checksum".into());
        };
        let value = u64::from_str_radix(sum, 16)
            .map_err(|_| format!("the checksum '{}' is not 16 hex digits", quoted(sum)))?;
        let got = lines.hasher.digest();
        if value != got || sum.len() != 16 {
            return Err(format!(
                "corrupt: checksum xxh3-64:{got:016x} of the contents, the file says {}",
                quoted(sum)
            ));
        }
        let c = body.end()?;
        Ok((c, last.strip_prefix("checksum ").unwrap_or("").to_string()))
    }

    /// Replays the proof with `referee`, from its position as `root` (the referee's own
    /// text of it); the first node that fails is named with the reason.
    pub fn check(&self, referee: &dyn Referee, root: String) -> Result<Checked, String> {
        self.check_within(referee, root, usize::MAX)
    }

    /// [`Certificate::check`], refused as soon as the positions it holds (those reached and
    /// not yet replayed) take more than about `memory` bytes, and at a node with more than
    /// [`MAX_CHILDREN`] moves.
    pub fn check_within(
        &self,
        referee: &dyn Referee,
        root: String,
        memory: usize,
    ) -> Result<Checked, String> {
        let n = self.nodes.len();
        let mut held = n.saturating_mul(NODE_CHECKED);
        if held > memory {
            return Err(over_memory(n, memory));
        }
        let mut pos: Vec<Option<String>> = vec![None; n];
        held += root.len();
        pos[0] = Some(root);
        let mut depth = vec![0u32; n];
        for i in 0..n {
            let Some(text) = pos[i].take() else {
                return Err(format!("node {i}: no move of the proof leads to it"));
            };
            held -= text.len();
            let kids = referee
                .children(&text)
                .map_err(|e| format!("node {i} ({text}): {e}"))?;
            if kids.len() > MAX_CHILDREN {
                return Err(format!(
                    "node {i} ({text}): {} moves, more than the {MAX_CHILDREN} a check lists at one node",
                    kids.len()
                ));
            }
            let moves = &self.nodes[i];
            if kids.is_empty() {
                if !moves.is_empty() {
                    return Err(format!(
                        "node {i} ({text}): the game is over, yet the proof plays on"
                    ));
                }
                if referee.winner(&text) != Some(self.winner) {
                    return Err(format!(
                        "node {i} ({text}): the game ends without a win for {}",
                        side_word(self.winner)
                    ));
                }
                continue;
            }
            if moves.is_empty() {
                return Err(format!(
                    "node {i} ({text}): the proof ends here, yet the game goes on"
                ));
            }
            let winner_moves = referee.mover(&text) == self.winner;
            if winner_moves && moves.len() != 1 {
                return Err(format!(
                    "node {i} ({text}): {} to move, and the proof gives {} moves, not one",
                    side_word(self.winner),
                    moves.len()
                ));
            }
            if !winner_moves {
                let listed: HashSet<&str> = moves.iter().map(|m| m.0.as_str()).collect();
                if listed.len() != moves.len() {
                    return Err(format!("node {i} ({text}): a reply listed twice"));
                }
                if let Some((m, _)) = kids.iter().find(|k| !listed.contains(k.0.as_str())) {
                    return Err(format!("node {i} ({text}): the reply {m} is not answered"));
                }
            }
            for (m, j) in moves {
                let Some((_, child)) = kids.iter().find(|k| &k.0 == m) else {
                    return Err(format!("node {i} ({text}): {m} is not a legal move"));
                };
                depth[*j] = depth[*j].max(depth[i] + 1);
                match &pos[*j] {
                    Some(t) if t != child => {
                        return Err(format!(
                            "node {j}: reached as {t} and, by {m} from node {i}, as {child}"
                        ))
                    }
                    Some(_) => {}
                    None => {
                        held += child.len();
                        if held > memory {
                            return Err(format!(
                                "node {j}: the positions reached and not yet replayed take more than the {} MiB the check may use",
                                memory >> 20
                            ));
                        }
                        pos[*j] = Some(child.clone())
                    }
                }
            }
        }
        Ok(Checked {
            nodes: n,
            plies: depth.into_iter().max().unwrap_or(0),
        })
    }
}

/// "South" or "North".
pub fn side_word(s: Side) -> &'static str {
    match s {
        Side::South => "South",
        Side::North => "North",
    }
}

/// A word of the file as an error quotes it: escaped as Rust writes a string (so that a quote
/// in it cannot end the quotation), then at most 40 characters of it and `...` ([`text::clip`]).
fn quoted(word: &str) -> String {
    text::clip(&word.escape_debug().to_string(), 43)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Certificate {
        Certificate {
            variant: "toy".into(),
            options: vec!["--width".into(), "2".into()],
            position: "a S".into(),
            winner: Side::South,
            nodes: vec![vec![("m".into(), 1)], vec![]],
        }
    }

    #[test]
    fn a_certificate_reads_back_and_refuses_any_changed_byte() {
        let c = sample();
        let t = c.to_text();
        assert_eq!(Certificate::parse(&t), Ok(c));
        for i in 0..t.len() - 1 {
            let mut b = t.clone().into_bytes();
            b[i] ^= 1;
            let Ok(s) = String::from_utf8(b) else {
                continue;
            };
            assert!(
                Certificate::parse(&s).is_err(),
                "byte {i} changed and accepted"
            );
        }
        for cut in [0, 10, t.len() / 2, t.len() - 2] {
            assert!(
                Certificate::parse(&t[..cut]).is_err(),
                "cut at {cut} accepted"
            );
        }
    }

    #[test]
    fn reading_is_held_to_its_memory_and_line_bounds() {
        let c = sample();
        let t = c.to_text();
        let (read, sum) = Certificate::read(t.as_bytes(), 1 << 20).unwrap();
        assert_eq!(read, c);
        assert_eq!(
            Some(format!("checksum {sum}")),
            t.lines().last().map(str::to_string)
        );
        // Two nodes need 2 * NODE_CHECKED bytes and a move MOVE_HELD more.
        let e = Certificate::read(t.as_bytes(), NODE_CHECKED).unwrap_err();
        assert!(e.contains("claims 2 nodes"), "{e}");
        let e = Certificate::read(t.as_bytes(), 2 * NODE_CHECKED + MOVE_HELD).unwrap_err();
        assert!(e.contains("line 7: the moves"), "{e}");
        // A malformed line under a good checksum is named; under a bad one, the file is
        // corrupt.
        let mut bad = c.clone();
        bad.nodes[0][0].1 = 0;
        let e = Certificate::parse(&bad.to_text()).unwrap_err();
        assert!(
            e.contains("line 7: the move m of node 0 leads to node 0"),
            "{e}"
        );
        let broken = t.replace("m>1", "m>0");
        let e = Certificate::parse(&broken).unwrap_err();
        assert!(e.starts_with("corrupt"), "{e}");
        // A first line of other bytes is refused without reading further.
        let e = Certificate::parse(&"x".repeat(1 << 20)).unwrap_err();
        assert!(e.starts_with("not a proof certificate"), "{e}");
    }
}
