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
use xxhash_rust::xxh3::xxh3_64;

/// The first line of every certificate.
pub const MAGIC: &str = "mancala-proof 1";

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
        if !text.starts_with(MAGIC) {
            return Err(format!(
                "not a proof certificate (the first line is not '{MAGIC}')"
            ));
        }
        let body_end = match text.trim_end_matches('\n').rfind('\n') {
            Some(i) => i + 1,
            None => return Err("truncated: no checksum line".into()),
        };
        let last = text[body_end..].trim_end_matches('\n');
        let Some(sum) = last.strip_prefix("checksum xxh3-64:") else {
            return Err("truncated: the last line is not the checksum".into());
        };
        let want = u64::from_str_radix(sum, 16)
            .map_err(|_| format!("the checksum '{}' is not 16 hex digits", quoted(sum)))?;
        let got = xxh3_64(&text.as_bytes()[..body_end]);
        if want != got || sum.len() != 16 {
            return Err(format!(
                "corrupt: checksum xxh3-64:{got:016x} of the contents, the file says {}",
                quoted(sum)
            ));
        }
        let mut lines = text[..body_end].lines().enumerate().skip(1);
        let mut field = |name: &str| -> Result<String, String> {
            match lines.next() {
                Some((i, l)) => l
                    .strip_prefix(name)
                    .and_then(|r| r.strip_prefix(' ').or((r.is_empty()).then_some("")))
                    .map(str::to_string)
                    .ok_or_else(|| format!("line {}: expected '{name} ...'", i + 1)),
                None => Err(format!("truncated before the '{name}' line")),
            }
        };
        let variant = field("variant")?;
        let options: Vec<String> = field("options")?
            .split_whitespace()
            .map(str::to_string)
            .collect();
        let position = field("position")?;
        let winner = match field("winner")?.as_str() {
            "S" => Side::South,
            "N" => Side::North,
            w => return Err(format!("line 5: winner '{}' is neither S nor N", quoted(w))),
        };
        let count: usize = field("nodes")?
            .parse()
            .map_err(|_| "line 6: the node count is not a number".to_string())?;
        let mut nodes = Vec::new();
        for (i, l) in lines {
            let at = i + 1;
            let id = nodes.len();
            if id >= count {
                return Err(format!("line {at}: more nodes than the {count} announced"));
            }
            let mut moves = Vec::new();
            if l != "end" {
                for word in l.split(' ') {
                    let (m, j) = word
                        .rsplit_once('>')
                        .ok_or_else(|| format!("line {at}: '{}' is not move>node", quoted(word)))?;
                    let j: usize = j
                        .parse()
                        .map_err(|_| format!("line {at}: '{}' is not a node number", quoted(j)))?;
                    if j <= id || j >= count || m.is_empty() {
                        return Err(format!(
                            "line {at}: the move {} of node {id} leads to node {j}, not a later node of the {count}",
                            quoted(m)
                        ));
                    }
                    moves.push((m.to_string(), j));
                }
            }
            nodes.push(moves);
        }
        if nodes.len() != count {
            return Err(format!(
                "truncated: {} nodes of the {count} announced",
                nodes.len()
            ));
        }
        if count == 0 {
            return Err("the proof has no node".into());
        }
        Ok(Certificate {
            variant,
            options,
            position,
            winner,
            nodes,
        })
    }

    /// Replays the proof with `referee`, from its position as `root` (the referee's own
    /// text of it); the first node that fails is named with the reason.
    pub fn check(&self, referee: &dyn Referee, root: String) -> Result<Checked, String> {
        let n = self.nodes.len();
        let mut pos: Vec<Option<String>> = vec![None; n];
        pos[0] = Some(root);
        let mut depth = vec![0u32; n];
        for i in 0..n {
            let Some(text) = pos[i].take() else {
                return Err(format!("node {i}: no move of the proof leads to it"));
            };
            let kids = referee
                .children(&text)
                .map_err(|e| format!("node {i} ({text}): {e}"))?;
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
                    None => pos[*j] = Some(child.clone()),
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
}
