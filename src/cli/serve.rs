//! `serve`: the analysis board on a local web server (docs/SERVE.md).

use clap::Args;
use mancala_analysis::error::{Fail, Res};
use mancala_analysis::options;
use mancala_web::{Config, Server};
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;

/// Options of `mancala serve`.
#[derive(Args)]
pub(crate) struct ServeArgs {
    /// Port to listen on (0: one the system picks; the first line printed names it).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Address to listen on (another than 127.0.0.1 opens the board to the network).
    #[arg(long, default_value = "127.0.0.1")]
    bind: IpAddr,
    /// The folder of endgame tables the analyses probe (two-row games: where they write the
    /// tables they build); no request reads or writes any other file.
    #[arg(long, value_name = "DIR")]
    tablebases: Option<PathBuf>,
    /// The most seconds a request computes (and its default), below 1e9.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    time: f64,
    /// Memory an analysis may take, e.g. 512M, 2G.
    #[arg(long, value_name = "SIZE", default_value = "1G")]
    memory: String,
    /// Transposition table of a search, MiB, 1..=65536.
    #[arg(long, default_value_t = 64)]
    tt_mb: usize,
    /// Threads of a search, 1..=256 (default: all cores, at most 256).
    #[arg(long)]
    threads: Option<usize>,
    /// Analyses run at once (solve, analyze, engine); one more is answered 503.
    #[arg(long, default_value_t = 2)]
    jobs: usize,
}

/// Serves the board until the process is stopped.
pub(crate) fn run(a: &ServeArgs) -> Res {
    if !(a.time > 0.0 && a.time < 1e9) {
        return Err(options::Invalid::Time(a.time).into());
    }
    options::memory(&a.memory)?;
    if a.tt_mb == 0 || a.tt_mb > 1 << 16 {
        return Err(options::Invalid::TtMb(a.tt_mb).into());
    }
    if a.jobs == 0 || a.jobs > 64 {
        return Err(Fail(format!("invalid --jobs {}: expected 1..=64", a.jobs)));
    }
    if let Some(dir) = a.tablebases.as_ref().filter(|d| !d.is_dir()) {
        return Err(Fail(format!(
            "--tablebases: {} is not a folder",
            dir.display()
        )));
    }
    let config = Config {
        tablebases: a.tablebases.clone(),
        time: a.time,
        memory: a.memory.clone(),
        tt_mb: a.tt_mb,
        threads: options::threads(a.threads)?,
        jobs: a.jobs,
    };
    let server = Server::bind(SocketAddr::new(a.bind, a.port), config).map_err(Fail)?;
    let addr = server.addr().map_or("?".to_string(), |s| s.to_string());
    println!("mancala serve: the board is at http://{addr}/ (Ctrl-C stops it)");
    // The first line tells a script where to connect; a pipe must not hold it back.
    use std::io::Write;
    let _ = std::io::stdout().flush();
    server.run(a.jobs + 4);
    Ok(())
}
