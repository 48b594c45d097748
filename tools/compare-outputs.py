#!/usr/bin/env python3
"""Runs the same command lines through two `mancala` binaries and compares what they print.

Usage: tools/compare-outputs.py OLD NEW [--list FILE] [--filter WORD]

Each line of the list (tools/compare-outputs.txt by default) is one command line, `{T}` a
fresh folder (the same path for both binaries, emptied between them). A line `setup: ...`
is run once by the old binary before any comparison (tables the other lines read; a build
keeps the slices already there, so a second run is quick). Standard output,
standard error and the exit status must agree byte for byte once wall-clock figures are
masked: the values of JSON keys that hold seconds or rates, and `N.NNs`-style durations in
text. Prints one line per difference and a count; exits 1 when any differs.
"""
import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys

TIMING_KEY = re.compile(
    r'("[a-z_]*(?:seconds|per_second|per_move|elapsed|_ms)[a-z_]*"\s*:\s*)(-?[0-9.eE+-]+|null)'
)
TIMING_TEXT = re.compile(
    r"\b[0-9]+(?:\.[0-9]+)?\s?(?:s|ms|µs|us|min)\b"
    r"|\b[0-9.]+ ?[kMG]? ?[a-z]+/s(?:econd)?\b"
    r"|(?:Nodes/second|Seconds): [0-9.]+"
)


def mask(text: str) -> str:
    text = TIMING_KEY.sub(lambda m: m.group(1) + "T", text)
    return TIMING_TEXT.sub("T", text)


def run(binary: str, line: str, folder: str):
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    argv = [binary] + [w.replace("{T}", folder) for w in shlex.split(line)]
    p = subprocess.run(argv, capture_output=True, timeout=900)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def main() -> int:
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--list", default=os.path.join(here, "compare-outputs.txt"))
    ap.add_argument("--filter", default="")
    a = ap.parse_args()
    folder = os.path.join("/tmp", f"compare-outputs-{os.getpid()}")
    every = [l.strip() for l in open(a.list, encoding="utf-8")]
    for l in every:
        if l.startswith("setup:"):
            argv = [a.old] + shlex.split(l[len("setup:"):])
            subprocess.run(argv, capture_output=True, check=True, timeout=900)
    lines = [
        l
        for l in every
        if l and not l.startswith(("#", "setup:")) and a.filter in l
    ]
    bad = 0
    for line in lines:
        old = run(a.old, line, folder)
        new = run(a.new, line, folder)
        names = ("exit status", "stdout", "stderr")
        diff = [n for n, o, w in zip(names, old, new) if mask(str(o)) != mask(str(w))]
        if diff:
            bad += 1
            print(f"DIFFERS ({', '.join(diff)}): {line}")
            for n, o, w in zip(names, old, new):
                if mask(str(o)) != mask(str(w)):
                    print(f"  old {n}: {mask(str(o))[:400]!r}")
                    print(f"  new {n}: {mask(str(w))[:400]!r}")
    shutil.rmtree(folder, ignore_errors=True)
    print(f"{len(lines)} command lines, {len(lines) - bad} identical, {bad} differ")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
