//! The stop asked of the whole process ([`stop::request`]), in a test binary of its own: it
//! stops every computation of the process, so no other test may run beside it.

use mancala_solver::search::{Limits, Solver};
use mancala_solver::{stop, Game, Kind, TwoRow};
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};

#[test]
fn a_requested_stop_ends_a_search_without_deadline_and_is_withdrawn() {
    assert!(!stop::passed(None));
    // Oware 2x6 with 4 seeds is far beyond a test's time without a deadline.
    let g = TwoRow::standard(Kind::Oware);
    let (tx, rx) = channel();
    let worker = std::thread::spawn(move || {
        let r = Solver::new(&g, Limits::default()).solve(&g.start());
        tx.send(r.exact).unwrap();
    });
    std::thread::sleep(Duration::from_millis(200));
    let asked = Instant::now();
    stop::request();
    assert!(stop::requested() && stop::passed(None));
    let exact = rx
        .recv_timeout(Duration::from_secs(30))
        .expect("the search stops once asked");
    worker.join().unwrap();
    assert!(!exact, "a stopped search proves nothing");
    assert!(asked.elapsed() < Duration::from_secs(30));
    stop::clear();
    assert!(!stop::passed(None));
    // Withdrawn: a small search runs to its proof.
    let small = TwoRow::new(Kind::Kalah, 2, 2, Default::default()).unwrap();
    assert!(
        Solver::new(&small, Limits::default())
            .solve(&small.start())
            .exact
    );
}
