//! The verifier of the win/draw/loss tables: every value re-derived from its children's
//! stored values with the game's own move generator, not the builder's edges.

use super::files::{list, open_slice, stored};
use super::{bellman, decode, words, Built, Checked, WdlGame};
use crate::error::Error;
use crate::files::GameId;
use crate::format::Header;
use mancala_solver::wdl::Wdl;
use rayon::prelude::*;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Checks every table of the family `G` in `dir`: checksums, then every position's value
/// from its children's stored values ([`bellman`]; a position without a move is worth
/// [`WdlGame::blocked`]). Since distances strictly decrease along the equations, a table
/// satisfying them everywhere (with its children's slices correct) is exact. A folder
/// without the family's files is an error (nothing verified is not a pass).
pub fn verify<G: WdlGame>(dir: &Path) -> Result<Checked, Error>
where
    G::Position: Send + Sync,
{
    let t0 = Instant::now();
    let (mut files, mut positions) = (0, 0);
    for (id, list) in by_game(dir, list::<G>(dir)?, G::FAMILY, G::EXTENSION)? {
        let game = G::game_of(&id, &list[0].0)?;
        let mut built: Built = HashMap::new();
        for (p, s) in &list {
            built.insert(*s, open_slice(&game, p, *s)?);
        }
        let want = |pos: &G::Position| -> Result<Wdl, Error> {
            let kids = game
                .legal_moves(pos)
                .iter()
                .map(|&m| stored(&game, &built, &game.play(pos, m)).map(decode))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(if kids.is_empty() {
                game.blocked()
            } else {
                bellman(&kids)
            })
        };
        for (p, s) in &list {
            let slice = game.slice(*s);
            let len = G::slice_len(&slice);
            let unrank = |i| game.unrank(&slice, i);
            let show = |pos: &G::Position| game.format_position(pos);
            check_slice(p, built[s].data(), len, &unrank, &want, &show)?;
            files += 1;
            positions += len;
        }
    }
    Ok(Checked {
        files,
        positions,
        seconds: t0.elapsed().as_secs_f64(),
    })
}

/// `e`, a slice missing while the file `p` was verified, said of that file.
fn missing_at(e: Error, p: &Path) -> Error {
    match e {
        Error::MissingSlice {
            reason: r, need, ..
        } => Error::MissingSlice {
            path: p.to_path_buf(),
            reason: format!("{}: {r}", p.display()),
            need,
        },
        e => e,
    }
}

/// The table files of a folder (`listed`, as a family lists them) grouped by game, each
/// game's slices in building order (fewest seeds or counters first). No file is an error:
/// nothing verified is not a pass (`family` names the files in the message).
#[allow(clippy::type_complexity)]
fn by_game(
    dir: &Path,
    listed: Vec<(PathBuf, Header)>,
    family: &str,
    extension: &str,
) -> Result<BTreeMap<GameId, Vec<(PathBuf, [u32; 2])>>, Error> {
    if listed.is_empty() {
        return Err(Error::NoTables {
            dir: dir.to_path_buf(),
            reason: format!("holds no {family} tablebase files (*.{extension}): nothing to verify"),
            need: None,
        });
    }
    let mut by_game: BTreeMap<GameId, Vec<(PathBuf, [u32; 2])>> = BTreeMap::new();
    for (p, h) in listed {
        let s = h.split.expect("listed files have a split");
        by_game.entry(h.game_id()).or_default().push((p, s));
    }
    for list in by_game.values_mut() {
        list.sort_by_key(|(_, s)| (s[0] + s[1], s[0]));
    }
    Ok(by_game)
}

/// Checks one slice file's values (`data`, `len` positions; position `i` is `unrank(i)`)
/// against the Bellman equation: `want` gives a position's value from its children's stored
/// values. The first position that differs is refused with the file's name, the position
/// (`show`) and both values.
fn check_slice<P>(
    path: &Path,
    data: &[u8],
    len: u64,
    unrank: &(dyn Fn(u64) -> P + Sync),
    want: &(dyn Fn(&P) -> Result<Wdl, Error> + Sync),
    show: &dyn Fn(&P) -> String,
) -> Result<(), Error> {
    let bad = (0..len)
        .into_par_iter()
        .map(|i| -> Result<Option<u64>, Error> {
            Ok((decode(data[i as usize]) != want(&unrank(i))?).then_some(i))
        })
        .collect::<Result<Vec<_>, Error>>()
        .map_err(|e| missing_at(e, path))?;
    let Some(i) = bad.into_iter().flatten().next() else {
        return Ok(());
    };
    let pos = unrank(i);
    Err(Error::Unsound {
        path: Some(path.to_path_buf()),
        reason: format!(
            "position {i} ({}) stores {}, its moves give {}",
            show(&pos),
            words(decode(data[i as usize])),
            want(&pos).map_or("a missing child".into(), words)
        ),
    })
}
