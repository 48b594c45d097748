#!/usr/bin/env python3
"""Exact first-player values of the two-row variants on reduced boards (issue 3's table).

For each variant, width and seeds: when every position with up to the board's seeds fits in
MAX_POSITIONS, the whole game is solved by retrograde analysis (`mancala tablebase build` up to
the total seeds, then `tablebase probe` of the start): exact, cycles included. Otherwise the
search (`mancala solve --time BUDGET`) runs, probing the tables built so far. Prints a Markdown
table: the value (first player's final seed margin under perfect play), and how it was proven.

Usage: tools/first-player-table.py [--bin target/release/mancala] [--budget 600]
       [--max-positions 40000000] [--dir /tmp/fp-tables] [--variants warri,kale,kpo,oware]
"""
import argparse, json, math, os, subprocess, sys, time

ap = argparse.ArgumentParser()
ap.add_argument("--bin", default="target/release/mancala")
ap.add_argument("--budget", type=float, default=600.0)
ap.add_argument("--max-positions", type=int, default=40_000_000)
ap.add_argument("--dir", default="/tmp/fp-tables")
ap.add_argument("--variants", default="warri,kale,kpo,oware,kalah")
ap.add_argument("--widths", default="2,3,4,5,6")
ap.add_argument("--seeds", default="1,2,3")
args = ap.parse_args()


def run(cmd):
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"{' '.join(cmd)}: {out.stderr.strip()}")
    return json.loads(out.stdout)


def positions_up_to(stones, pits):
    return math.comb(stones + pits, pits)


rows = []
for v in args.variants.split(","):
    for w in map(int, args.widths.split(",")):
        d = os.path.join(args.dir, f"{v}-w{w}")
        for s in map(int, args.seeds.split(",")):
            total = 2 * w * s
            start = run([args.bin, "start", v, "--width", str(w), "--seeds", str(s), "--json"])
            pos = start["position"]
            t0 = time.time()
            if positions_up_to(total, 2 * w) <= args.max_positions:
                run([args.bin, "tablebase", "build", v, "--width", str(w),
                     "--max-stones", str(total), "--dir", d, "--json"])
                p = run([args.bin, "tablebase", "probe", v, "--position", pos, "--dir", d, "--json"])
                how, value, exact, best = "tables", p["value"], True, ",".join(p["best_moves"])
            else:
                cmd = [args.bin, "solve", v, "--position", pos, "--time", str(args.budget), "--json"]
                if os.path.isdir(d):
                    cmd += ["--tablebases", d]
                r = run(cmd)
                how, value, exact, best = "search", r["value"], r["exact"], r["best_move"] or "-"
            secs = time.time() - t0
            rows.append((v, w, s, value if exact else None, best, how, secs))
            shown = f"{value:+d}" if exact else "?"
            print(f"{v} {w}x{s}: {shown} best {best} by {how} in {secs:.1f} s", file=sys.stderr, flush=True)

print("| variant | width | seeds | value | best first moves | proven by | seconds |")
print("|---|---|---|---|---|---|---|")
for v, w, s, value, best, how, secs in rows:
    shown = "unproven" if value is None else f"{value:+d}"
    print(f"| {v} | {w} | {s} | {shown} | {best} | {how} | {secs:.1f} |")
