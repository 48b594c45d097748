//! `serve`: the analysis board on a local web server (docs/SERVE.md).

use clap::Args;
use mancala_analysis::error::{Fail, Res};
use mancala_web::{http, Config, Limits, Server};
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
    /// Seconds a request's head and body have to arrive (and its answer to be taken), 1..=3600;
    /// a slower one is answered 408.
    #[arg(long, value_name = "SECONDS", default_value_t = http::REQUEST_TIMEOUT.as_secs())]
    request_timeout: u64,
    /// Connections open at once, 1..=4096; one more is answered 503.
    #[arg(long, value_name = "N", default_value_t = http::MAX_CONNECTIONS)]
    max_connections: usize,
}

/// Serves the board until the process is stopped.
pub(crate) fn run(a: &ServeArgs) -> Res {
    let (time, memory, tables) = (a.time, a.memory.clone(), a.tablebases.clone());
    let config = Config::checked(tables, time, memory, a.tt_mb, a.threads, a.jobs)?;
    let limits = Limits::checked(a.request_timeout, a.max_connections)?;
    let server = Server::bind(SocketAddr::new(a.bind, a.port), config, limits).map_err(Fail)?;
    let addr = server.addr().map_or("?".to_string(), |s| s.to_string());
    println!("mancala serve: the board is at http://{addr}/ (Ctrl-C stops it)");
    // The first line tells a script where to connect; a pipe must not hold it back.
    let _ = std::io::Write::flush(&mut std::io::stdout());
    server.run();
    Ok(())
}
