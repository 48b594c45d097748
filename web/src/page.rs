//! The page's static files and the variants' rules pages, built into the binary so that
//! the server reads no file to serve them.

use crate::state::Reply;

/// The page.
const INDEX: &str = include_str!("../static/index.html");
/// Its script.
const SCRIPT: &str = include_str!("../static/board.js");
/// Its style sheet.
const STYLE: &str = include_str!("../static/board.css");

/// Every variant's rules page (docs/variants), by id.
pub const RULES: &[(&str, &str)] = &[
    ("chisolo", include_str!("../../docs/variants/chisolo.md")),
    (
        "chisolo-ii",
        include_str!("../../docs/variants/chisolo-ii.md"),
    ),
    ("isolo", include_str!("../../docs/variants/isolo.md")),
    ("isolo-ii", include_str!("../../docs/variants/isolo-ii.md")),
    ("kabwanga", include_str!("../../docs/variants/kabwanga.md")),
    ("kalah", include_str!("../../docs/variants/kalah.md")),
    ("kale", include_str!("../../docs/variants/kale.md")),
    ("kanotta", include_str!("../../docs/variants/kanotta.md")),
    ("kpo", include_str!("../../docs/variants/kpo.md")),
    (
        "kpo-players",
        include_str!("../../docs/variants/kpo-players.md"),
    ),
    (
        "mulabalaba",
        include_str!("../../docs/variants/mulabalaba.md"),
    ),
    (
        "mulabalaba-morris",
        include_str!("../../docs/variants/mulabalaba-morris.md"),
    ),
    (
        "mwambulula",
        include_str!("../../docs/variants/mwambulula.md"),
    ),
    ("nakabili", include_str!("../../docs/variants/nakabili.md")),
    ("natatu", include_str!("../../docs/variants/natatu.md")),
    ("nchuba", include_str!("../../docs/variants/nchuba.md")),
    (
        "nine-mens-morris",
        include_str!("../../docs/variants/nine-mens-morris.md"),
    ),
    ("oware", include_str!("../../docs/variants/oware.md")),
    ("toka", include_str!("../../docs/variants/toka.md")),
    ("warri", include_str!("../../docs/variants/warri.md")),
];

/// Answers `GET path`.
pub fn get(path: &str) -> Reply {
    let file = |content_type, text: &str| Reply {
        status: 200,
        content_type,
        body: text.as_bytes().to_vec(),
    };
    match path {
        "/" | "/index.html" => file("text/html; charset=utf-8", INDEX),
        "/board.js" => file("text/javascript; charset=utf-8", SCRIPT),
        "/board.css" => file("text/css; charset=utf-8", STYLE),
        p => match p.strip_prefix("/rules/").and_then(rules) {
            Some(page) => file("text/html; charset=utf-8", &page),
            None => Reply::error(
                404,
                &format!(
                    "no page {}: the board is at /, the rules at /rules/<variant>",
                    mancala_analysis::error::shorten(p)
                ),
            ),
        },
    }
}

/// The rules page of the variant `id`: its Markdown, as written, in an HTML page.
pub fn rules(id: &str) -> Option<String> {
    let (_, text) = RULES.iter().find(|(v, _)| *v == id)?;
    Some(format!(
        "<!doctype html><meta charset=utf-8><title>{id}: rules</title>\
         <link rel=stylesheet href=/board.css><body class=rules><p><a href=\"/?variant={id}\">Back to the board</a></p>\
         <pre class=rules>{}</pre>",
        escape(text)
    ))
}

/// `text` with the characters HTML gives a meaning escaped.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_has_its_rules_page() {
        for v in mancala_solver::variant::VARIANTS {
            if matches!(v.status, mancala_solver::variant::Status::Playable) {
                let page = rules(v.id).unwrap_or_else(|| panic!("no rules page of {}", v.id));
                assert!(page.contains("<pre class=rules>"), "{}", v.id);
            }
        }
        assert_eq!(rules("nonesuch"), None);
        assert_eq!(escape("<a & \"b\">"), "&lt;a &amp; &quot;b&quot;&gt;");
    }
}
