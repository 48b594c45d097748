#!/usr/bin/env python3
"""Side by side: our Kalah search and tables against the public Kalah solvers.

Runs each cell alternately with the peer's program and ours (one thread, then two), each a
whole process timed from start to exit, and prints a Markdown table of medians and the ratio
ours (one thread) / peer. Values are checked to agree. The peers are built by hand from their
sources (how: BENCHMARKS.md, "Against other solvers"):

  --irving DIR    Irving's kalah built with PITS 6 (DIR holds kalah-s and generator)
  --irving5 DIR   the same built with PITS 5 (for the width-5 cell)
  --cmancala EXE  CMancala's Mancala program (non-empty capture; scripted on stdin)

Cells without their peer are skipped. Example:

  benches/peers.py --irving /tmp/peers/irving --irving5 /tmp/peers/irving5 \\
      --cmancala /tmp/peers/cmancala/build/Mancala --runs 3
"""

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

# name: (what, peer, peer settings)
CELLS = {
    "k64e": ("Kalah(6,4) empty capture, cold", "irving"),
    "k54e": ("Kalah(5,4) empty, cold", "irving5"),
    "k63e": ("Kalah(6,3) empty, cold", "irving"),
    "eg20": ("endgame tables to 20 seeds, width 6", "irving"),
    "k64e-t20": ("Kalah(6,4) empty, tables to 20 prebuilt", "irving"),
    "k64n": ("Kalah(6,4) **non-empty** capture, cold", "cmancala"),
    "k63n": ("Kalah(6,3) non-empty, cold", "cmancala"),
}

# Irving's table: 2^t entries of 16 bytes, the same bytes as our default table at these seeds
# (plan::default_tt_mb: 64 MiB at 36 seeds, 128 MiB at 40, 1 GiB at 48).
IRVING_T = {"k64e": 26, "k54e": 23, "k63e": 22, "k64e-t20": 26}
# CMancala's table: 2^c entries of 6 bytes (its default is 24).
CMANCALA_C = {"k64n": 25, "k63n": 24}


def timed(cmd, stdin=None, cwd=None):
    """Runs `cmd`, returns (wall seconds, stdout); a failure stops the benchmark."""
    t = time.perf_counter()
    p = subprocess.run(cmd, input=stdin, capture_output=True, text=True, cwd=cwd)
    secs = time.perf_counter() - t
    if p.returncode != 0:
        sys.exit(f"peers.py: {' '.join(cmd)} failed ({p.returncode}): {p.stderr.strip()[-300:]}")
    return secs, p.stdout


def irving_value(out):
    m = re.search(r"Move: .*\br (-?\d+)", out)
    return int(m.group(1)) if m else None


def cmancala_value(out):
    m = re.search(r"Evaluation: (-?\d+)", out)
    return int(m.group(1)) if m else None


class Bench:
    def __init__(self, a):
        self.a = a
        self.work = tempfile.mkdtemp(prefix="peers-")
        self.ours_tables = os.path.join(self.work, "ours20")
        self.irving_tables = os.path.join(self.work, "irving20.dat")

    def ours_solve(self, cell, threads):
        seeds = 3 if cell.startswith("k63") else 4
        width = 5 if cell == "k54e" else 6
        cmd = [self.a.ours, "solve", "kalah", "--width", str(width), "--seeds", str(seeds),
               "--threads", str(threads), "--json"]
        if cell.endswith("n"):
            cmd += ["--rule", "capture=nonempty"]
        if cell == "k64e-t20":
            cmd += ["--tablebases", self.ours_tables]
        secs, out = timed(cmd)
        return secs, json.loads(out)["value"]

    def ours_build(self, threads, keep):
        d = os.path.join(self.work, f"build{threads}")
        shutil.rmtree(d, ignore_errors=True)
        cmd = [self.a.ours, "tablebase", "build", "kalah", "--max-stones", "20", "--dir", d,
               "--threads", str(threads)]
        secs, _ = timed(cmd)
        if keep:
            shutil.rmtree(self.ours_tables, ignore_errors=True)
            os.rename(d, self.ours_tables)
        else:
            shutil.rmtree(d)
        return secs, None

    def peer(self, cell):
        if cell == "eg20":
            gen = os.path.join(self.a.irving, "generator")
            if os.path.exists(self.irving_tables):
                os.remove(self.irving_tables)
            return timed([gen, self.irving_tables], stdin="4\nc 20\nq\n")[0], None
        if CELLS[cell][1] == "cmancala":
            seeds = 3 if cell == "k63n" else 4
            script = (f"stones {seeds}\ntime 0\ndepth 0\ncache {CMANCALA_C[cell]}\nplayer 1 ai\n"
                      "player 2 human\nautoplay false\nprogress false\nstart\nstep\nlast\nquit\n")
            secs, out = timed([self.a.cmancala], stdin=script)
            return secs, cmancala_value(out)
        d = self.a.irving5 if cell == "k54e" else self.a.irving
        empty = os.path.join(self.work, "empty5.dat" if cell == "k54e" else "empty6.dat")
        if not os.path.exists(empty):
            timed([os.path.join(d, "generator"), empty], stdin="4\nq\n")
        seeds = 3 if cell == "k63e" else 4
        db, e = (self.irving_tables, "20") if cell == "k64e-t20" else (empty, "0")
        cmd = [os.path.join(d, "kalah-s"), "-t", str(IRVING_T[cell]), "-e", e, "-E", db,
               "s", str(seeds)]
        secs, out = timed(cmd)
        return secs, irving_value(out)

    def has_peer(self, cell):
        p = CELLS[cell][1]
        return bool(getattr(self.a, p))

    def run(self, cell):
        peer, one, two, values = [], [], [], set()
        for r in range(self.a.runs):
            if cell == "eg20":
                peer.append(self.peer(cell)[0])
                one.append(self.ours_build(1, False)[0])
                two.append(self.ours_build(2, r == self.a.runs - 1)[0])
                continue
            for out, f in ((peer, lambda: self.peer(cell)),
                           (one, lambda: self.ours_solve(cell, 1)),
                           (two, lambda: self.ours_solve(cell, 2))):
                s, v = f()
                out.append(s)
                values.add(v)
        if len(values) > 1:
            sys.exit(f"peers.py: {cell}: the values disagree: {sorted(values, key=str)}")
        return peer, one, two, values

    def close(self):
        shutil.rmtree(self.work, ignore_errors=True)


def fmt(xs):
    m = statistics.median(xs)
    if len(xs) == 1:
        return f"{m:.2f} s"
    return f"{m:.2f} s ({min(xs):.2f}–{max(xs):.2f})"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--ours", default="target/release/mancala")
    ap.add_argument("--irving")
    ap.add_argument("--irving5")
    ap.add_argument("--cmancala")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--cells", default=",".join(CELLS), help="comma-separated: " + ", ".join(CELLS))
    a = ap.parse_args()
    cells = a.cells.split(",")
    for c in cells:
        if c not in CELLS:
            sys.exit(f"peers.py: --cells: unknown cell {c!r} (known: {', '.join(CELLS)})")
    if "k64e-t20" in cells and "eg20" not in cells:
        sys.exit("peers.py: --cells: k64e-t20 needs eg20 (it probes the tables eg20 builds)")
    if a.runs < 1:
        sys.exit("peers.py: --runs: expected 1 or more")
    b = Bench(a)
    names = {"irving": "Irving", "irving5": "Irving", "cmancala": "CMancala"}
    print(f"runs: {a.runs} of each, alternating; medians (range); whole processes, wall time")
    print()
    print("| work | value | peer | peer | ours, 1 thread | ours, 2 threads | ratio ours/peer (1 thread) |")
    print("|---|---:|---|---:|---:|---:|---:|")
    try:
        for c in cells:
            if not b.has_peer(c):
                print(f"peers.py: {c}: no --{CELLS[c][1]}, skipped", file=sys.stderr)
                continue
            peer, one, two, values = b.run(c)
            v = next(iter(values), None)
            value = "—" if v is None else f"{v:+d}"
            ratio = statistics.median(one) / statistics.median(peer)
            print(f"| {CELLS[c][0]} | {value} | {names[CELLS[c][1]]} | {fmt(peer)} | {fmt(one)} "
                  f"| {fmt(two)} | {ratio:.2f} |", flush=True)
    finally:
        b.close()


if __name__ == "__main__":
    main()
