#!/usr/bin/env python3
"""Writes tests/perft/mulabalaba-morris.perft and tests/perft/nine-mens-morris.perft from the
independent Python reference morris_ref.py (written from docs/RULES.md and Gasser's rules
without the Rust code).

Positions: the start for every counter count 3..12, and positions reached by seeded random
play (placement, the first moves after every counter is entered, corner flights, removals,
endgames with three counters a side), under each rule option. Depths go up while the count
stays below MAX_NODES (the Python counts every leaf).

    python3 make_morris_perft.py
"""

import pathlib
import random
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))
import morris_ref as R  # noqa: E402

MAX_NODES = 1_500_000
MAX_DEPTH = 8


def depths(pos, rules):
    """Perft by depth while the next count, guessed from the last branching factor, stays
    within MAX_NODES leaves."""
    out = []
    prev = 1
    for d in range(1, MAX_DEPTH + 1):
        n = R.perft(pos, d, rules)
        out.append((d, n))
        if n == 0 or n * max(1, n // prev) > MAX_NODES:
            break
        prev = n
    return out


def random_position(counters, seed, plies, rules):
    """The position after `plies` random moves from the start (fewer if the game ends)."""
    rules = dict(rules)
    rng = random.Random(seed)
    pos = R.start(counters)
    played = []
    for _ in range(plies):
        ms = R.moves(pos, rules)
        if not ms:
            break
        m = rng.choice(sorted(ms))
        played.append(m)
        pos = R.play(pos, m, rules)
    return pos, played


def write(variant, counts, plan, note):
    """The golden file of `variant`: the start for each of `counts`, then the positions of
    `plan` ((counters, seed, plies, rules) of random play)."""
    lines = [
        "# Perft golden file for %s (format: tests/perft/README.md)." % variant,
        "# Source: the independent Python reference tools/reference/morris_ref.py, written from",
        "# %s without the Rust code; regenerate with tools/reference/make_morris_perft.py." % note,
        "# The counters a side are read from each position (on the board, in hand and taken).",
        "variant " + variant,
        "",
    ]
    with_variant = lambda rules: dict(rules, variant=variant)  # noqa: E731
    cases = []
    for n in counts:
        cases.append(("start, %d counters" % n, {}, R.start(n), []))
    for counters, seed, plies, rules in plan:
        pos, played = random_position(counters, seed, plies, with_variant(rules))
        cases.append(("%d counters, random play (seed %d): %s" % (counters, seed, " ".join(played)),
                      rules, pos, played))
    last_rules = None
    for what, rules, pos, _ in cases:
        lines.append("# " + what)
        rules_text = " ".join("%s=%s" % kv for kv in sorted(rules.items()))
        if rules_text != last_rules:
            lines.append(("rules " + rules_text).rstrip())
            last_rules = rules_text
        lines.append("position " + R.fmt(pos))
        for d, n in depths(pos, with_variant(rules)):
            lines.append("perft %d %d" % (d, n))
        lines.append("")
        sys.stderr.write(what[:60] + "\n")
    out = ROOT / "tests" / "perft" / ("%s.perft" % variant)
    out.write_text("\n".join(lines))


def main():
    which = sys.argv[1:] or ["mulabalaba-morris", "nine-mens-morris"]
    if "mulabalaba-morris" in which:
        write("mulabalaba-morris", range(3, 13), [
            # (counters, seed, plies, rules): into the movement phase and its endgames.
            (3, 1, 6, {}), (3, 2, 9, {}), (4, 3, 8, {}), (4, 4, 14, {}), (5, 5, 10, {}),
            (6, 6, 12, {}), (6, 7, 20, {}), (9, 8, 18, {}), (9, 9, 30, {}), (12, 10, 23, {}),
            (12, 11, 24, {}), (12, 12, 40, {}), (5, 13, 16, {"protect": "on"}),
            (9, 14, 22, {"protect": "on"}), (12, 15, 30, {"protect": "on"}),
            (4, 16, 12, {"blocked": "draw"}),
        ], "docs/RULES.md")
    if "nine-mens-morris" in which:
        write("nine-mens-morris", [3, 9], [
            # Nine men's morris, then each of its options turned back towards mulabalaba.
            (9, 21, 18, {}), (9, 22, 26, {}), (9, 23, 40, {}), (9, 24, 60, {}),
            (4, 25, 10, {}), (5, 26, 16, {}), (6, 27, 30, {}),
            (9, 28, 30, {"protect": "off"}), (9, 29, 30, {"diagonals": "on"}),
            (9, 30, 30, {"corners": "fly"}), (6, 31, 24, {"fly": "never"}),
        ], "Gasser's rules (docs/variants/nine-mens-morris.md)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
