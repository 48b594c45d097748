//! The build loop of the win/draw/loss tables: unit after unit, each solved by the family's
//! retrograde ([`WdlGame::solve_unit`]) and written, the finished ones kept.

use super::files::open_slice;
use super::{tally, BuildReport, Built, UnitReport, WdlGame};
use crate::driver::{write_gathered, Comm, Meter};
use crate::error::Error;
use crate::format;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Builds every slice of `game`'s units up to `max` (seeds on the board, or counters a side)
/// into `dir` with `threads` workers (at least 1), keeping the slices already there (opened
/// and checked): [`build_on`] in one process, with no deadline.
pub fn build<G: WdlGame>(
    game: &G,
    dir: &Path,
    max: u32,
    threads: usize,
    progress: &(dyn Fn(&UnitReport) + Sync),
) -> Result<BuildReport<UnitReport>, Error>
where
    G::Position: Send + Sync,
{
    build_on(
        &crate::driver::Single,
        game,
        dir,
        max,
        threads,
        None,
        progress,
    )
}

/// [`build`] on the ranks of `comm` (every rank calls it with the same arguments, the folder
/// shared; every round of a unit is computed by all of them, each its blocks, and the values
/// it changed sent to the others; rank 0 writes the files, the same bytes on any number of
/// ranks), stopped with [`Error::TimeLimit`] once `deadline` passes (the slices finished
/// before it are kept).
pub fn build_on<G: WdlGame>(
    comm: &dyn Comm,
    game: &G,
    dir: &Path,
    max: u32,
    threads: usize,
    deadline: Option<Instant>,
    progress: &(dyn Fn(&UnitReport) + Sync),
) -> Result<BuildReport<UnitReport>, Error>
where
    G::Position: Send + Sync,
{
    game.check_game()?;
    G::check_bound(max)?;
    if comm.rank() == 0 {
        crate::driver::create_folder(dir)?;
    }
    comm.barrier();
    let pool = crate::driver::thread_pool(threads)?;
    let t0 = Instant::now();
    let id = game.game_id();
    let mut built: Built = HashMap::new();
    let mut slices = Vec::new();
    for unit in G::units(max) {
        let t = Instant::now();
        let paths: Vec<PathBuf> = unit
            .iter()
            .map(|&s| dir.join(G::file_name(&id, s)))
            .collect();
        let mut rounds = 0;
        let mut held = 0;
        let mut meter = Meter::start(comm);
        let (skipped, files) = crate::driver::unit(
            comm,
            &paths,
            || {
                let u = game.solve_unit(&unit, &built, &pool, comm, deadline)?;
                meter.pass(comm);
                rounds = u.rounds;
                held = u.held;
                let mut at = 0;
                for (s, p) in unit.iter().zip(&paths) {
                    let len = G::slice_len(&game.slice(*s));
                    let header = format::wdl_header(id.clone(), *s, G::INDEX, len);
                    write_gathered(comm, u.part, &u.values, at..at + len, p, header)?;
                    at += len;
                }
                Ok(())
            },
            |i, p| open_slice(game, p, unit[i]),
        )?;
        let seconds = t.elapsed().as_secs_f64();
        let (mut exchange, mut memory) = if comm.ranks() > 1 {
            meter.finish(comm, held)
        } else {
            Default::default()
        };
        for ((s, p), f) in unit.iter().zip(&paths).zip(files) {
            let positions = G::slice_len(&game.slice(*s));
            let (counts, max_plies) = tally(&f.data()[..positions as usize]);
            let r = UnitReport {
                split: *s,
                positions,
                skipped,
                seconds,
                rounds,
                path: p.clone(),
                counts,
                max_plies,
                exchange: std::mem::take(&mut exchange),
                memory: std::mem::take(&mut memory),
            };
            progress(&r);
            slices.push(r);
            built.insert(*s, f);
        }
    }
    Ok(BuildReport {
        game: id,
        slices,
        threads: pool.current_num_threads(),
        seconds: t0.elapsed().as_secs_f64(),
    })
}
