//! The text of `mancala tablebase build|probe|stats|verify|info`.

use super::json::{
    BuildFields, FourBuild, FourProbe, FourStats, Info, InfoFile, MorrisBuild, TableBuild,
    TableProbe, TableStats, Tablebase, TablebaseBuild, TablebaseProbe, TablebaseStats, Verify,
};
use mancala_solver::fourrow::retro::Wdl;
use std::fmt;

/// The summary line of a two-row or four-row build of `slices` slices.
fn build_line(f: &mut fmt::Formatter<'_>, slices: usize, b: &BuildFields) -> fmt::Result {
    writeln!(
        f,
        "{slices} slices, {} positions of {} in {:.3} s ({} threads)",
        b.positions, b.game, b.seconds, b.threads
    )
}

impl fmt::Display for TableBuild {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        build_line(f, self.slices.len(), &self.build)
    }
}

impl fmt::Display for FourBuild {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        build_line(f, self.slices.len(), &self.build)
    }
}

impl fmt::Display for MorrisBuild {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let b = &self.build;
        writeln!(
            f,
            "{} slices, {} positions of {} up to {} counters a side in {:.3} s ({} threads)",
            self.slices.len(),
            b.positions,
            b.game,
            self.counters,
            b.seconds,
            b.threads
        )
    }
}

impl fmt::Display for TablebaseBuild {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TablebaseBuild::Two(b) => b.fmt(f),
            TablebaseBuild::Four(b) => b.fmt(f),
            TablebaseBuild::Morris(b) => b.fmt(f),
        }
    }
}

impl fmt::Display for TableProbe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "value {:+} (future {:+})", self.value, self.future)?;
        for (m, v) in &self.moves {
            writeln!(f, "{m:>3}  {v:+}")?;
        }
        Ok(())
    }
}

/// A win or loss with its distance, or `draw`.
fn wdl_text(v: Wdl) -> String {
    match v.plies() {
        Some(d) => format!("{} in {d} plies", v.word()),
        None => "draw".to_string(),
    }
}

impl fmt::Display for FourProbe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "value {} ({:+}) for {}",
            wdl_text(self.wdl),
            self.wdl.value(),
            self.to_move
        )?;
        for (m, v) in &self.listed {
            writeln!(
                f,
                "{m:>8}  {}",
                v.map_or("not in the tables".to_string(), wdl_text)
            )?;
        }
        Ok(())
    }
}

impl fmt::Display for TablebaseProbe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TablebaseProbe::Two(p) => p.fmt(f),
            TablebaseProbe::Wdl(p) => p.fmt(f),
        }
    }
}

impl fmt::Display for TableStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} positions with {} stones",
            self.positions, self.stones
        )?;
        for (v, c) in &self.by_value {
            writeln!(f, "{v:>+4} {c}")?;
        }
        Ok(())
    }
}

impl fmt::Display for FourStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for s in &self.slices {
            writeln!(
                f,
                "m={} o={}  win {} draw {} loss {}  longest {} plies",
                s.split[0], s.split[1], s.win, s.draw, s.loss, s.max_plies
            )?;
        }
        Ok(())
    }
}

impl fmt::Display for TablebaseStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TablebaseStats::Two(s) => s.fmt(f),
            TablebaseStats::Wdl(s) => s.fmt(f),
        }
    }
}

impl fmt::Display for Tablebase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tablebase::Build(b) => b.fmt(f),
            Tablebase::Probe(p) => p.fmt(f),
            Tablebase::Stats(s) => s.fmt(f),
            Tablebase::Verify(v) => v.fmt(f),
            Tablebase::Info(i) => i.fmt(f),
        }
    }
}

impl fmt::Display for Verify {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "ok: {} files, {} positions verified in {:.3} s",
            self.files, self.positions, self.seconds
        )
    }
}

impl fmt::Display for Info {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.files.is_empty() {
            writeln!(f, "no tablebase files (.mtb, .ftb, .mrb) in {}", self.dir)?;
        }
        for file in &self.files {
            match file {
                InfoFile::Sound {
                    file,
                    bytes,
                    positions,
                    ..
                } => writeln!(
                    f,
                    "{}  {positions} positions  {bytes} bytes  checksums ok",
                    file.as_deref().unwrap_or_default()
                )?,
                InfoFile::Refused { file, error, .. } => writeln!(
                    f,
                    "{}  refused: {}",
                    file.as_deref().unwrap_or_default(),
                    error.as_deref().unwrap_or("")
                )?,
            }
        }
        Ok(())
    }
}
