#!/usr/bin/env python3
"""Writes tests/values/four-row.txt: the exact value and plies of the start of small
four-row boards, by a whole-graph solver of its own over the independent Python rules
(fourrow_ref.py), sharing nothing with the Rust code.

The solver enumerates every position reachable from the start (keyed by the full position:
board, side to move, counters), marks a position with no legal move lost for its mover in 0
plies ("a player who cannot move loses"), then level by level: a position is won in k plies
when a move reaches a position lost in k - 1 for the opponent (won in k - 1, when the same
side moves again, as in kanotta's setup), and lost in k when every move reaches a position
won for the opponent (lost for the mover) and the longest of those takes k - 1; what is
never marked is a draw (play that can go on for ever). The winner so takes the shortest win and the loser the longest
loss, the reading of docs/NOTATION.md's "plies".

    python3 make_fourrow_values.py [--max-positions N]
"""

import math
import pathlib
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))
from fourrow_ref import Game  # noqa: E402

# (variant, width, seeds a hole): the smallest boards of each removal game whose graph a
# Python solver walks in seconds.
BOARDS = [
    ("mulabalaba", 2, 1), ("mulabalaba", 2, 2),
    ("toka", 2, 1), ("toka", 2, 2),
    ("kanotta", 2, 1), ("kanotta", 3, 1), ("kanotta", 3, 2),
    ("nchuba", 2, 1), ("nchuba", 3, 1), ("nchuba", 4, 1), ("nchuba", 5, 1),
    ("nakabili", 2, 1), ("nakabili", 2, 2), ("nakabili", 3, 1),
    ("kabwanga", 2, 1), ("kabwanga", 2, 2), ("kabwanga", 3, 1),
    ("chisolo", 2, 1), ("chisolo", 2, 2),
    ("natatu", 2, 1), ("natatu", 2, 2),
]

MAX_POSITIONS = 200_000

# Checked through the tables too where every slice up to the start's seeds holds at most
# this many positions (arrangements of the seeds over the 4W holes).
TABLE_POSITIONS = 3_000_000


def solve(game, root, limit):
    """(value for the mover at root: 1, 0, -1; plies or None; positions)."""
    children = {}
    mover = {root.key(): root.to_move}
    order = [root]
    index = {root.key(): root}
    i = 0
    while i < len(order):
        p = order[i]
        i += 1
        kids = []
        for name, _ in game.legal_moves(p):
            c = game.play(p, name)
            k = c.key()
            if k not in index:
                index[k] = c
                mover[k] = c.to_move
                order.append(c)
                if len(order) > limit:
                    raise RuntimeError("more than %d positions" % limit)
            kids.append(k)
        children[p.key()] = kids
    value = {k: ("L", 0) for k, kids in children.items() if not kids}

    def seen_by(k, c):
        """The child c's value for the mover of k: the same when the same side moves again
        (kanotta's setup), else the opposite."""
        v = value.get(c)
        if v is None or mover[c] == mover[k]:
            return v
        return ("L" if v[0] == "W" else "W", v[1])

    level = 1
    while True:
        new = {}
        for k, kids in children.items():
            if k in value or not kids:
                continue
            seen = [seen_by(k, c) for c in kids]
            if ("W", level - 1) in seen:
                new[k] = ("W", level)
            elif all(v is not None and v[0] == "L" for v in seen) and \
                    max(v[1] for v in seen) == level - 1:
                new[k] = ("L", level)
        if not new:
            break
        value.update(new)
        level += 1
    v = value.get(root.key())
    if v is None:
        return 0, None, len(order)
    return (1 if v[0] == "W" else -1), v[1], len(order)


def main(argv):
    limit = MAX_POSITIONS
    if len(argv) == 2 and argv[0] == "--max-positions":
        limit = int(argv[1])
    lines = [
        "# Known values of four-row positions (the starts of small boards, as the reference",
        "# sets them out), checked by tests/values.rs through the search (`solve`) and through",
        "# the win/draw/loss tables (`tablebase build` up to the position's seeds, then",
        "# `tablebase probe`).",
        "#",
        "# variant | rules | width | position | value | plies | by | source",
        "#",
        "# value: +1, 0, -1 for the side to move (South at the start); plies: to the end under",
        "# perfect play, the winner taking the shortest win and the loser the longest loss",
        "# (\"-\" for a draw). Written by tools/reference/make_fourrow_values.py: a whole-graph",
        "# solver of its own over the independent Python rules (tools/reference/fourrow_ref.py).",
    ]
    for variant, width, seeds in BOARDS:
        # The reference's constructor takes the standard seed counts only; its start
        # pattern scales with `seeds` all the same (the same text as `mancala start`).
        game = Game(variant, width)
        game.seeds = seeds
        t0 = time.time()
        value, plies, n = solve(game, game.start(), limit)
        sys.stderr.write("%s %dx%d: %+d in %s plies, %d positions, %.1f s\n"
                         % (variant, width, seeds, value, plies, n, time.time() - t0))
        shown = "0" if value == 0 else "%+d" % value
        # The tables hold positions in play, not kanotta's setup phase (its start); and the
        # test builds every slice up to the position's seeds, so only where they are few.
        stones = sum(sum(r) for r in game.start().rows)
        small = math.comb(stones + 4 * width, 4 * width) <= TABLE_POSITIONS
        by = "search tables" if variant != "kanotta" and small else "search"
        lines.append("%s |  | %d | %s | %s | %s | %s | "
                     "independent Python whole-graph solver, %d positions"
                     % (variant, width, game.format(game.start()), shown,
                        "-" if plies is None else plies, by, n))
    out = ROOT / "tests" / "values" / "four-row.txt"
    out.write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
