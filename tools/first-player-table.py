#!/usr/bin/env python3
"""Exact first-player values of the two-row variants on reduced boards (issue 3's table).

For each variant, width and seeds (or each cell of --cells): when every position with up to the
board's seeds fits in MAX_POSITIONS, the whole game is solved by retrograde analysis
(`mancala tablebase build` up to the total seeds, then `tablebase probe` of the start): exact,
cycles included. Otherwise the search (`mancala solve --time BUDGET`) runs, probing the tables
built so far in the cell's folder; with --table-stones N, tables up to N seeds at that width are
built first (their build time is counted in the cell's seconds). Prints a Markdown table: the
value (first player's final seed margin under perfect play), and how it was proven, with the
wall and CPU seconds of the cell (CPU: user + system time of the mancala processes it ran).

Tables live in DIR/<variant>-w<width> and are kept (a later cell of the same variant and width
reuses them, and a killed build resumes); delete DIR when done.

Usage: tools/first-player-table.py [--bin target/release/mancala] [--budget 600]
       [--max-positions 40000000] [--dir /tmp/fp-tables] [--variants warri,kale,kpo,oware]
       [--widths 2,3,4,5,6] [--seeds 1,2,3] [--cells oware:5x3,warri:6x2]
       [--table-stones N] [--threads T] [--tt-mb M] [--csv FILE]

Examples (docs/FIRST-PLAYER.md):
  tools/first-player-table.py --cells oware:5x3 --max-positions 900000000 --threads 2
  tools/first-player-table.py --cells oware:6x3 --table-stones 24 --budget 600 --threads 2 \\
      --tt-mb 2048
"""
import argparse, json, math, os, resource, subprocess, sys, time

ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
ap.add_argument("--bin", default="target/release/mancala")
ap.add_argument("--budget", type=float, default=600.0, help="seconds of search a cell")
ap.add_argument("--max-positions", type=int, default=40_000_000,
                help="solve a board whole by tables when its positions up to its seeds fit")
ap.add_argument("--dir", default="/tmp/fp-tables")
ap.add_argument("--variants", default="warri,kale,kpo,oware,kalah")
ap.add_argument("--widths", default="2,3,4,5,6")
ap.add_argument("--seeds", default="1,2,3")
ap.add_argument("--cells", default=None,
                help="variant:WxS,... instead of the --variants x --widths x --seeds product")
ap.add_argument("--table-stones", type=int, default=None,
                help="before a search, build tables up to this many seeds at the board's width")
ap.add_argument("--threads", type=int, default=None, help="threads of builds and searches")
ap.add_argument("--tt-mb", type=int, default=None, help="transposition table of the search")
ap.add_argument("--csv", default=None, help="also write the rows to this CSV file")
args = ap.parse_args()


def run(cmd):
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"{' '.join(cmd)}: {out.stderr.strip()}")
    return json.loads(out.stdout)


def positions_up_to(stones, pits):
    return math.comb(stones + pits, pits)


def cpu_seconds():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def cells():
    if args.cells:
        for cell in args.cells.split(","):
            try:
                v, board = cell.split(":")
                w, s = board.lower().split("x")
                yield v, int(w), int(s)
            except ValueError:
                sys.exit(f"--cells: bad cell {cell!r} (expected variant:WxS, e.g. oware:5x3)")
    else:
        for v in args.variants.split(","):
            for w in map(int, args.widths.split(",")):
                for s in map(int, args.seeds.split(",")):
                    yield v, w, s


threads = ["--threads", str(args.threads)] if args.threads else []
rows = []
for v, w, s in cells():
    d = os.path.join(args.dir, f"{v}-w{w}")
    total = 2 * w * s
    start = run([args.bin, "start", v, "--width", str(w), "--seeds", str(s), "--json"])
    pos = start["position"]
    t0, c0 = time.time(), cpu_seconds()
    if positions_up_to(total, 2 * w) <= args.max_positions:
        run([args.bin, "tablebase", "build", v, "--width", str(w),
             "--max-stones", str(total), "--dir", d, "--json"] + threads)
        p = run([args.bin, "tablebase", "probe", v, "--position", pos, "--dir", d, "--json"])
        how, value, exact, best = f"tables to {total}", p["value"], True, ",".join(p["best_moves"])
    else:
        if args.table_stones:
            run([args.bin, "tablebase", "build", v, "--width", str(w),
                 "--max-stones", str(args.table_stones), "--dir", d, "--json"] + threads)
        cmd = [args.bin, "solve", v, "--position", pos, "--time", str(args.budget), "--json"]
        cmd += threads
        if args.tt_mb:
            cmd += ["--tt-mb", str(args.tt_mb)]
        if os.path.isdir(d):
            cmd += ["--tablebases", d]
        r = run(cmd)
        how = "search" + (f" + tables to {args.table_stones}" if args.table_stones else "")
        value, exact, best = r["value"], r["exact"], r["best_move"] or "-"
    secs, cpu = time.time() - t0, cpu_seconds() - c0
    rows.append((v, w, s, value, exact, best, how, secs, cpu))
    shown = f"{value:+d}" if exact else f"? (estimate {value:+d})"
    print(f"{v} {w}x{s}: {shown} best {best} by {how} in {secs:.1f} s wall, {cpu:.1f} s CPU",
          file=sys.stderr, flush=True)

print("| variant | width | seeds | value | best first moves | proven by | seconds | CPU seconds |")
print("|---|---|---|---|---|---|---|---|")
for v, w, s, value, exact, best, how, secs, cpu in rows:
    shown = f"{value:+d}" if exact else f"unproven (estimate {value:+d})"
    print(f"| {v} | {w} | {s} | {shown} | {best} | {how} | {secs:.1f} | {cpu:.1f} |")
if args.csv:
    with open(args.csv, "w") as f:
        f.write("variant,width,seeds,value,exact,best,proven_by,seconds,cpu_seconds\n")
        for v, w, s, value, exact, best, how, secs, cpu in rows:
            f.write(f"{v},{w},{s},{value},{str(exact).lower()},{best.replace(',', ' ')},"
                    f"{how},{secs:.1f},{cpu:.1f}\n")
