//! Measures this machine's memory latency as the transposition table sees it: a pointer
//! chase through a buffer of `MIB` MiB in a random cyclic order, one 64-byte line a load
//! (`cargo run --release -p mancala-solver --example latency -- 16 1024`; each size with
//! 2 MiB pages asked for and with 4 KiB pages). Every load waits for the one before, so the
//! time a load is the latency of a miss at that size (figures in BENCHMARKS.md).

use std::time::Instant;

const LINE: usize = 64;
const WORDS: usize = LINE / 8;
const LOADS: usize = 20_000_000;

fn chase(mib: usize, huge: bool) -> f64 {
    let lines = (mib << 20) / LINE;
    // One extra line so that the chase can start on a 64-byte boundary.
    let mut buf = vec![0usize; (lines + 1) * WORDS];
    let start = buf.as_ptr() as usize;
    let skip = (start.next_multiple_of(LINE) - start) / 8;
    advise(&buf, huge);
    // A random cyclic order of the lines (xorshift, Fisher-Yates).
    let mut order: Vec<usize> = (0..lines).collect();
    let mut s = 0x9E37_79B9_7F4A_7C15u64;
    for i in (1..lines).rev() {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        order.swap(i, (s % (i as u64 + 1)) as usize);
    }
    for k in 0..lines {
        buf[skip + order[k] * WORDS] = skip + order[(k + 1) % lines] * WORDS;
    }
    let mut at = skip + order[0] * WORDS;
    let t = Instant::now();
    for _ in 0..LOADS {
        at = buf[at];
    }
    let ns = t.elapsed().as_nanos() as f64 / LOADS as f64;
    std::hint::black_box(at);
    ns
}

#[cfg(target_os = "linux")]
fn advise(buf: &[usize], huge: bool) {
    const HUGE: usize = 2 << 20;
    let start = buf.as_ptr() as usize;
    let end = start + std::mem::size_of_val(buf);
    let (lo, hi) = (start.next_multiple_of(HUGE), end / HUGE * HUGE);
    if hi > lo {
        let advice = if huge {
            libc::MADV_HUGEPAGE
        } else {
            libc::MADV_NOHUGEPAGE
        };
        // SAFETY: `[lo, hi)` lies inside `buf`'s allocation; the advice changes only how the
        // pages are backed, never their contents.
        unsafe {
            libc::madvise(lo as *mut libc::c_void, hi - lo, advice);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise(_buf: &[usize], _huge: bool) {}

fn main() {
    let sizes: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("sizes in MiB"))
        .collect();
    let sizes = if sizes.is_empty() {
        vec![1, 4, 16, 128, 1024]
    } else {
        sizes
    };
    for mib in sizes {
        println!(
            "{mib:6} MiB: {:6.1} ns a load with 2 MiB pages, {:6.1} ns with 4 KiB pages",
            chase(mib, true),
            chase(mib, false)
        );
    }
}
