//! Proof certificates through the command line: `solve --proof FILE` writes one that
//! `proof check FILE` accepts, and every kind of bad file (a changed byte, a cut file, a
//! changed move with a good checksum, a FIFO, a folder, a game scored by seeds, junk) is
//! refused with one line that names the file and the reason.

mod common;

use common::*;
use mancala_solver::proof::cert::Certificate;

/// A certificate of kanotta 4x3 (2 seeds): North wins from the start in a proof of some
/// hundred positions.
fn written(dir: &std::path::Path) -> (String, String) {
    let file = dir.join("k.proof");
    let f = file.to_str().unwrap().to_string();
    let j = json(&[
        "solve", "kanotta", "--width", "3", "--seeds", "2", "--proof", &f, "--json",
    ]);
    assert_eq!(j["exact"], true, "{j}");
    assert_eq!(j["certificate"].as_str(), Some(f.as_str()), "{j}");
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(
        j["certificate_checksum"].as_str(),
        Certificate::checksum_of(&text),
        "{j}"
    );
    (f, text)
}

#[test]
fn a_written_certificate_checks_and_names_its_value() {
    let dir = tempfile::tempdir().unwrap();
    let (f, text) = written(dir.path());
    let out = ok(&["proof", "check", &f]);
    says(
        &out,
        &[
            "proof valid: kanotta",
            "nodes",
            "wins",
            "from the start of kanotta 4x3",
        ],
    );
    let c = json(&["proof", "check", &f, "--json"]);
    assert_eq!(c["valid"], true);
    assert_eq!(c["standard_start"], true, "{c}");
    // A position after the first move is not the start, and the check says so.
    let later = dir.path().join("later.proof");
    let later = later.to_str().unwrap();
    ok(&[
        "solve",
        "kanotta",
        "--width",
        "3",
        "--seeds",
        "2",
        "--position",
        "0,2,2/2,2,2/2,2,2/2,2,2 S captured=2,0 removed=1,0",
        "--proof",
        later,
    ]);
    let l = json(&["proof", "check", later, "--json"]);
    assert_eq!(l["standard_start"], false, "{l}");
    says(
        &ok(&["proof", "check", later]),
        &["from a position other than the start of kanotta 4x3"],
    );
    let solved = json(&["solve", "kanotta", "--width", "3", "--seeds", "2", "--json"]);
    assert_eq!(c["value"], solved["value"], "{c} {solved}");
    let parsed = Certificate::parse(&text).unwrap();
    assert_eq!(c["nodes"].as_u64(), Some(parsed.nodes.len() as u64));
    // The same bytes again: the proof is deterministic.
    let again = dir.path().join("again.proof");
    ok(&[
        "solve",
        "kanotta",
        "--width",
        "3",
        "--seeds",
        "2",
        "--threads",
        "1",
        "--proof",
        again.to_str().unwrap(),
    ]);
    assert_eq!(std::fs::read_to_string(&again).unwrap(), text);
}

#[test]
fn bad_certificates_are_refused_with_the_file_and_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let (_, text) = written(dir.path());
    let write = |name: &str, body: &[u8]| {
        let p = dir.path().join(name);
        std::fs::write(&p, body).unwrap();
        p.to_str().unwrap().to_string()
    };
    // One byte changed, in the body.
    let mut b = text.clone().into_bytes();
    let at = text.find("nodes").unwrap() + 10;
    b[at] = if b[at] == b'1' { b'2' } else { b'1' };
    let p = write("byte.proof", &b);
    says(&fails(&["proof", "check", &p]), &[&p, "corrupt: checksum"]);
    // Cut short.
    let p = write("cut.proof", &text.as_bytes()[..text.len() / 2]);
    says(&fails(&["proof", "check", &p]), &[&p, "truncated"]);
    // Not a certificate at all.
    let p = write("junk.proof", b"\x00\xff garbage");
    says(
        &fails(&["proof", "check", &p]),
        &[&p, "not a proof certificate"],
    );
    let p = write("empty.proof", b"");
    says(
        &fails(&["proof", "check", &p]),
        &[&p, "not a proof certificate"],
    );
    // A good checksum over a wrong proof: a reply of the loser dropped, or a move that is
    // not legal, each named by its node.
    let c = Certificate::parse(&text).unwrap();
    let mut bad = c.clone();
    let i = (0..bad.nodes.len())
        .find(|&i| bad.nodes[i].len() > 1)
        .unwrap();
    bad.nodes[i].pop();
    let p = write("reply.proof", bad.to_text().as_bytes());
    says(
        &fails(&["proof", "check", &p]),
        &[
            "proof invalid",
            &p,
            &format!("node {i} "),
            "is not answered",
        ],
    );
    let mut bad = c.clone();
    bad.nodes[0][0].0 = "b9".into();
    let p = write("move.proof", bad.to_text().as_bytes());
    says(
        &fails(&["proof", "check", &p]),
        &["proof invalid", "node 0 ", "b9 is not a legal move"],
    );
    // The other side named the winner.
    let mut bad = c.clone();
    bad.winner = bad.winner.opponent();
    let p = write("winner.proof", bad.to_text().as_bytes());
    says(&fails(&["proof", "check", &p]), &["proof invalid", &p]);
    // A game scored by seeds has no certificate.
    let mut bad = c.clone();
    bad.variant = "oware".into();
    bad.options = vec![];
    bad.position = "4,4,4,4,4,4/4,4,4,4,4,4 S captured=0,0".into();
    let p = write("oware.proof", bad.to_text().as_bytes());
    says(&fails(&["proof", "check", &p]), &[&p, "scored by seeds"]);
    // A FIFO and a folder: refused at once.
    let fifo = dir.path().join("fifo.proof");
    mkfifo(&fifo);
    let fifo = fifo.to_str().unwrap();
    says(
        &fails_promptly(&["proof", "check", fifo]),
        &[fifo, "not a regular file"],
    );
    let d = dir.path().to_str().unwrap();
    says(
        &fails_promptly(&["proof", "check", d]),
        &[d, "not a regular file"],
    );
    let missing = dir.path().join("missing.proof");
    says(
        &fails(&["proof", "check", missing.to_str().unwrap()]),
        &["missing.proof"],
    );
}

#[test]
fn the_proof_option_is_refused_where_no_proof_search_runs() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("x.proof");
    let f = f.to_str().unwrap();
    says(
        &fails(&["solve", "chisolo-ii", "--method", "search", "--proof", f]),
        &["--proof", "proof-number"],
    );
    says(
        &fails(&["solve", "chisolo-ii", "--method", "quick"]),
        &["--method 'quick'", "auto, search, graph or proof"],
    );
    says(
        &fails(&["solve", "oware", "--method", "proof"]),
        &["--method", "win/draw/loss"],
    );
    says(
        &fails(&["solve", "kalah", "--width", "2", "--proof", f]),
        &["--proof", "win/draw/loss"],
    );
    // --proof alone takes the proof search in the Isolo and morris games too.
    let j = json(&[
        "solve", "isolo", "--width", "3", "--seeds", "2", "--proof", f, "--json",
    ]);
    assert_eq!(j["method"], "proof-number", "{j}");
    says(&ok(&["proof", "check", f]), &["proof valid: isolo"]);
    says(
        &fails(&["analyze", "chisolo-ii", "--method", "proof"]),
        &["analyze: --method is for solve"],
    );
    let nowhere = dir.path().join("no/such/folder/x.proof");
    says(
        &fails_promptly(&["solve", "chisolo-ii", "--proof", nowhere.to_str().unwrap()]),
        &["--proof", "does not exist"],
    );
}

#[test]
fn outputs_that_are_not_regular_files_are_refused_before_any_work() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    mkfifo(&fifo);
    let f = fifo.to_str().unwrap();
    let d = dir.path().to_str().unwrap();
    let missing = dir.path().join("no/such.proof");
    let m = missing.to_str().unwrap();
    // The proof search of chisolo-ii 4x4 takes seconds: each is refused before it starts.
    let solve =
        |file: &str| fails_promptly(&["solve", "chisolo-ii", "--width", "4", "--proof", file]);
    says(&solve(f), &["--proof", f, "not a regular file"]);
    says(&solve(d), &["--proof", d, "a folder, not a file"]);
    says(&solve(m), &["--proof", m, "does not exist"]);
    // A FIFO where the temporary file goes.
    let beside = dir.path().join("p.proof");
    mkfifo(&dir.path().join("p.proof.part"));
    says(
        &solve(beside.to_str().unwrap()),
        &["p.proof.part", "in the way"],
    );
    // The folders the other commands write.
    says(
        &fails_promptly(&["report", "tablebase", "--budget", "tiny", "--out", f]),
        &["--out", f, "not a folder"],
    );
    says(
        &fails_promptly(&[
            "tablebase",
            "build",
            "oware",
            "--max-stones",
            "2",
            "--dir",
            f,
        ]),
        &["--dir", f, "not a folder"],
    );
    let meta = std::fs::metadata(&fifo).unwrap();
    assert!(meta.file_type().is_fifo(), "the FIFO is left as it was");
    assert!(!beside.exists());
}

#[test]
fn proof_check_refuses_what_is_out_of_its_bounds() {
    use mancala_solver::Side;
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, c: &Certificate| {
        let p = dir.path().join(name);
        std::fs::write(&p, c.to_text()).unwrap();
        p.to_str().unwrap().to_string()
    };
    let base = Certificate {
        variant: "chisolo-ii".into(),
        options: vec!["--width".into(), "4".into()],
        position: "3,3,3,3/3,3,3,3/3,3,3,3/3,3,3,3 S".into(),
        winner: Side::South,
        nodes: vec![vec![("b4".into(), 1)], vec![]],
    };
    // A number past its type is refused, never wrapped (2^32 + 3 is not 3).
    let mut c = base.clone();
    c.options.extend(["--seeds".into(), "4294967299".into()]);
    says(
        &fails_promptly(&["proof", "check", &write("seeds.proof", &c)]),
        &["--seeds '4294967299'", "0..=4294967295"],
    );
    // A node whose moves are too many to list: Isolo II's first arrangement.
    let c = Certificate {
        variant: "isolo-ii".into(),
        options: vec![],
        position: "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S phase=setup"
            .into(),
        ..base.clone()
    };
    says(
        &fails_promptly(&["proof", "check", &write("setup.proof", &c)]),
        &[
            "proof invalid",
            "node 0",
            "721927335909 arrangements",
            "at one node",
        ],
    );
    // More nodes claimed than the memory allows, refused before they are read.
    let text = base
        .to_text()
        .replace("nodes 2\n", "nodes 999999999999999\n");
    let p = dir.path().join("claims.proof");
    std::fs::write(&p, text).unwrap();
    let p = p.to_str().unwrap();
    says(
        &fails_promptly(&["proof", "check", p, "--memory", "64M"]),
        &[p, "claims 999999999999999 nodes", "64 MiB"],
    );
    // A large file that is not a certificate is refused by its first bytes.
    let big = dir.path().join("sparse.proof");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(5 << 30)
        .unwrap();
    let big = big.to_str().unwrap();
    says(
        &fails_promptly(&["proof", "check", big]),
        &[big, "not a proof certificate"],
    );
    says(
        &fails_promptly(&["proof", "check", big, "--memory", "1024T"]),
        &["--memory", "more than", "this process may take"],
    );
}
