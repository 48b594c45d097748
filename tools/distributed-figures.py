#!/usr/bin/env python3
"""Per-rank figures of `mancala tablebase build --distributed` at 1, 2, 3 and 4 ranks.

Builds the tables of VARIANT up to MAX seeds from empty folders, once on one process and once
on each rank count under `mpirun --oversubscribe` (one thread a rank), checks that every
folder holds the bytes of the single-process one, and prints a Markdown table: for the largest
slice and for the whole build, the passes, the bytes each rank sent and received (the largest
rank's), what each rank held (values and bitmaps, from the report) and its peak resident memory
(`VmHWM`, from the report; for a binary without those fields, the largest process as
`/usr/bin/time` saw it), wall and CPU seconds.

    tools/distributed-figures.py target/release/mancala oware 18 [--ranks 1,2,3,4] [--work DIR]
"""

import argparse
import filecmp
import json
import os
import shutil
import subprocess
import sys
import tempfile


def run(cmd, ranks, threads):
    """Runs one build; its JSON report and (wall, user, max RSS in bytes) from /usr/bin/time."""
    t = tempfile.NamedTemporaryFile(delete=False)
    t.close()
    full = ["/usr/bin/time", "-f", "%e %U %S %M", "-o", t.name]
    if ranks > 1:
        full += ["mpirun", "--oversubscribe", "--allow-run-as-root", "-np", str(ranks)]
    full += cmd + ["--threads", str(threads), "--json"]
    if ranks > 1:
        full.append("--distributed")
    out = subprocess.run(full, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True)
    wall, user, system, rss = open(t.name).read().split()[-4:]
    os.unlink(t.name)
    return json.loads(out.stdout), (float(wall), float(user) + float(system), int(rss) * 1024)


def mb(x):
    return f"{x / 1e6:,.1f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("binary")
    ap.add_argument("variant")
    ap.add_argument("max", type=int)
    ap.add_argument("--ranks", default="1,2,3,4")
    ap.add_argument(
        "--work", default=None, help="folder for the tables and the JSON reports (a temporary one)"
    )
    ap.add_argument("--label", default="", help="a name for the binary in the table")
    a = ap.parse_args()
    work = a.work or tempfile.mkdtemp()
    rows = []
    reference = None
    for ranks in [int(r) for r in a.ranks.split(",")]:
        d = os.path.join(work, f"{a.variant}-{ranks}")
        shutil.rmtree(d, ignore_errors=True)
        cmd = [a.binary, "tablebase", "build", a.variant, "--max-stones", str(a.max), "--dir", d]
        threads = 2 if ranks == 1 else 1
        j, (wall, cpu, rss) = run(cmd, ranks, threads)
        with open(os.path.join(work, f"{a.variant}-{ranks}.json"), "w") as f:
            json.dump(j, f)
        if reference is None:
            reference = d
        else:
            cmp = filecmp.dircmp(reference, d)
            same = not cmp.left_only and not cmp.right_only and not cmp.diff_files
            files = sorted(os.listdir(reference))
            _, mismatch, errors = filecmp.cmpfiles(reference, d, files, shallow=False)
            if not same or mismatch or errors:
                sys.exit(f"{d} differs from {reference}: {mismatch} {errors}")
        last = j["slices"][-1]
        x = last.get("exchange") or {}
        allx = [s.get("exchange") or {} for s in j["slices"]]

        def most(key, xs=(x,)):
            per = [sum(v) for v in zip(*[e[key] for e in xs if key in e])] if any(
                key in e for e in xs) else []
            return max(per) if per else 0

        held = max(x.get("held", [0]))
        peak = max(x.get("peak_rss", [0])) or rss
        rows.append(
            [
                a.label,
                str(ranks),
                str(x.get("passes", "")),
                mb(most("sent")),
                mb(most("received")),
                mb(most("sent", allx)),
                mb(held) if held else "",
                mb(peak),
                f"{last['seconds']:.1f}",
                f"{wall:.1f}",
                f"{cpu:.1f}",
            ]
        )
    head = [
        "binary",
        "ranks",
        f"passes, slice {a.max}",
        f"sent a rank, slice {a.max} (MB)",
        f"received a rank, slice {a.max} (MB)",
        "sent a rank, whole build (MB)",
        "held a rank (MB)",
        "peak RSS a rank (MB)",
        f"slice {a.max} (s)",
        "wall (s)",
        "CPU (s)",
    ]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for r in rows:
        print("| " + " | ".join(r) + " |")
    if not a.work:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
