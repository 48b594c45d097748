#!/usr/bin/env python3
"""Writes tests/perft/<variant>.perft from tools/reference/perft-reference.txt.

The counts come from the independent Python reference (mancala_ref.py), which was written from
docs/RULES.md without reading the Rust code; the oware start line is also OpenSpiel's published
perft. Lines whose total node count would make the Rust harness slow in CI are cut at
MAX_NODES nodes (the deeper figures stay in perft-reference.txt).
"""
import collections
import pathlib

MAX_NODES = 3_000_000
here = pathlib.Path(__file__).resolve().parent
root = here.parent.parent
blocks = collections.OrderedDict()
comment = None
for line in (here / "perft-reference.txt").read_text().splitlines():
    if line.startswith("#"):
        comment = line[1:].strip()
        continue
    if not line.strip():
        continue
    head, position, counts = [p.strip() for p in line.split("|")]
    words = head.split()
    variant = words[0]
    rules = [w for w in words[1:] if not w.startswith(("width=", "seeds="))]
    nums = list(map(int, counts.split()))
    pairs = list(zip(nums[::2], nums[1::2]))
    kept, total = [], 0
    for d, n in pairs:
        total += n
        if total > MAX_NODES and kept:
            break
        kept.append((d, n))
    blocks.setdefault(variant, []).append((rules, position, kept, comment))
    comment = None

for variant, entries in blocks.items():
    out = [
        f"# Perft golden file for {variant} (format: tests/perft/README.md).",
        "# Source: the independent Python reference tools/reference/mancala_ref.py, written from",
        "# docs/RULES.md and docs/DECISIONS-TWO-ROW.md without the Rust code; regenerate with",
        "# tools/reference/make_perft_files.py.",
    ]
    if variant == "oware":
        out.append("# The start position's counts also equal OpenSpiel's published oware perft")
        out.append("# (6, 36, 190, 1014, 5219, 27332, 139157, 711414).")
    out.append(f"variant {variant}")
    current = None
    for rules, position, kept, comment in entries:
        out.append("")
        if comment:
            out.append(f"# {comment}")
        if rules != current:
            out.append("rules " + " ".join(rules) if rules else "rules")
            current = rules
        out.append(f"position {position}")
        out.extend(f"perft {d} {n}" for d, n in kept)
    (root / "tests" / "perft" / f"{variant}.perft").write_text("\n".join(out) + "\n")
    print(variant, len(entries))
