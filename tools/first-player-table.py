#!/usr/bin/env python3
"""Exact first-player values of the two-row variants on reduced boards (docs/FIRST-PLAYER.md).

A thin caller of `mancala solve <variant> --width W --seeds S --json`: the solve planner picks
the method (whole-game retrograde analysis, the search with tables, the search alone) and says
which in its "method" field. Prints a Markdown table of value, best first moves, method, wall
seconds of each cell (measured around each solve) and the seconds of its table builds and of
its searches (from the solve's "phases"), and with --csv also a CSV file.

Usage: tools/first-player-table.py [--bin target/release/mancala] [--variants warri,kale,kpo,oware]
       [--widths 2,3,4,5,6] [--seeds 1,2,3] [--cells oware:5x3,warri:6x2]
       [--time SECONDS] [--memory SIZE] [--threads T] [--tablebases DIR] [--csv FILE]
"""
import argparse, json, subprocess, sys, time

ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
ap.add_argument("--bin", default="target/release/mancala")
ap.add_argument("--variants", default="warri,kale,kpo,oware")
ap.add_argument("--widths", default="2,3,4,5,6")
ap.add_argument("--seeds", default="1,2,3")
ap.add_argument("--cells", default=None,
                help="variant:WxS,... instead of the --variants x --widths x --seeds product")
ap.add_argument("--time", default=None, help="--time of each solve (seconds)")
ap.add_argument("--memory", default=None, help="--memory of each solve (e.g. 8G)")
ap.add_argument("--threads", default=None, help="--threads of each solve")
ap.add_argument("--tablebases", default=None, help="--tablebases cache folder of each solve")
ap.add_argument("--csv", default=None, help="also write the rows to this CSV file")
args = ap.parse_args()


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


extra = []
for opt in ("time", "memory", "threads", "tablebases"):
    if getattr(args, opt):
        extra += [f"--{opt}", str(getattr(args, opt))]

rows = []
for v, w, s in cells():
    cmd = [args.bin, "solve", v, "--width", str(w), "--seeds", str(s), "--json"] + extra
    t0 = time.time()
    out = subprocess.run(cmd, capture_output=True, text=True)
    secs = time.time() - t0
    if out.returncode != 0:
        sys.exit(f"{' '.join(cmd)}: {out.stderr.strip()}")
    r = json.loads(out.stdout)
    best = r["best_moves"] if r.get("best_moves") is not None else [r["best_move"] or "-"]
    build = sum(p["seconds"] for p in r["phases"] if p["phase"] == "build")
    search = sum(p["seconds"] for p in r["phases"] if p["phase"] == "search")
    rows.append((v, w, s, r["value"], r["exact"], " ".join(best), r["method"], secs, build,
                 search))
    shown = f"{r['value']:+d}" if r["exact"] else f"? (estimate {r['value']:+d})"
    print(f"{v} {w}x{s}: {shown} best {' '.join(best)} by {r['method']} in {secs:.1f} s",
          file=sys.stderr, flush=True)

print("| variant | width | seeds | value | best first moves | method | seconds | of which builds | searches |")
print("|---|---|---|---|---|---|---|---|---|")
for v, w, s, value, exact, best, how, secs, build, search in rows:
    shown = (f"{value:+d}" if value else "0") if exact else f"unproven (estimate {value:+d})"
    print(f"| {v} | {w} | {s} | {shown} | {best} | {how} | {secs:.1f} | {build:.1f} | {search:.1f} |")
if args.csv:
    with open(args.csv, "w") as f:
        f.write("variant,width,seeds,value,exact,best,method,seconds,build_seconds,search_seconds\n")
        for v, w, s, value, exact, best, how, secs, build, search in rows:
            f.write(f"{v},{w},{s},{value},{str(exact).lower()},{best},{how},{secs:.2f},"
                    f"{build:.2f},{search:.2f}\n")
