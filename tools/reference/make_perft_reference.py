#!/usr/bin/env python3
"""Generate perft-reference.txt with mancala_ref.py.

    python3 make_perft_reference.py [--budget SECONDS] [--jobs N] [--variants V,V] > perft-reference.txt

With --variants, only those variants' lines are computed; the other variants' lines are copied
from the current perft-reference.txt.

Each line: `<variant> [<rule>=<value> ...] width=<W> seeds=<S> | <position> | <depth> <nodes> ...`
Depths go up while the whole line is predicted to stay under the budget
(default 15 s of Python time).  Lines starting with '#' are comments; the
comment before each mid-game line gives the moves that reach it from the start.
"""

import multiprocessing
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mancala_ref import Game, VARIANT_RULES  # noqa: E402

MAX_DEPTH = 30


def configurations():
    """(variant, rules) with the defaults, then one option changed at a time."""
    for variant, options in VARIANT_RULES.items():
        yield variant, {}
        for name, values in options:
            for value in values[1:]:
                yield variant, {name: value}


def sizes(variant):
    return [(6, 4), (4, 3), (3, 2)]


def midgame(game, salt, length):
    """Play `length` moves from the start, picking moves by a fixed rule.

    Returns (moves, position) or None when the game ends too soon.
    """
    pos = game.start()
    played = []
    state = salt
    for _ in range(length):
        moves = game.legal_moves(pos)
        if not moves:
            return None
        state = (state * 1103515245 + 12345) % (2 ** 31)
        name, pos = moves[(state >> 16) % len(moves)]
        played.append(name)
    if game.perft(pos, 4) == 0:
        return None  # over within four plies: too short to be useful
    return played, pos


def two_midgames(game):
    found = []
    salt = 1
    while len(found) < 2 and salt < 500:
        length = 8 if not found else 10
        r = midgame(game, salt, length)
        if r is None and length > 6:
            r = midgame(game, salt, 6)
        if r is not None and all(game.format(r[1]) != game.format(f[1]) for f in found):
            found.append(r)
        salt += 1
    return found


# Hand-picked positions (variant, rules, width, seeds, position text, comment): rules that
# random play from the start seldom reaches.
EXTRA = [
    ("warri", {}, 6, 4, "3,0,0,0,0,0/1,0,0,0,0,0 S captured=0,0",
     "four seeds on the board, finished (Humpidge rule 6)"),
    ("warri", {}, 6, 4, "0,0,1,0,1,0/0,0,0,1,1,2 S captured=19,22",
     "six seeds; South's 6 takes two and ends the game at four"),
    ("warri", {}, 2, 1, "1,1/1,1 S captured=0,0",
     "the start holds four seeds, finished"),
    ("oware", {}, 6, 4, "0,0,0,0,1,1/0,0,0,2,0,2 S captured=20,22",
     "South's 6 would be a grand slam (illegal by default)"),
    ("oware", {"grandslam": "forfeit"}, 6, 4, "0,0,0,0,1,1/0,0,0,2,0,2 S captured=20,22",
     "South's 6 is played and captures nothing"),
    ("oware", {}, 6, 4, "0,0,0,0,1,1/0,0,0,0,0,2 S captured=22,22",
     "South's only move is a grand slam: he has seeds but no legal move"),
]


def label(variant, rules, width, seeds):
    parts = [variant]
    for name, value in rules.items():
        parts.append("%s=%s" % (name, value))
    parts.append("width=%d" % width)
    parts.append("seeds=%d" % seeds)
    return " ".join(parts)


def run_line(task):
    variant, rules, width, seeds, text, budget = task
    game = Game(variant, width, seeds, rules)
    pos = game.parse(text, width_given=True)
    results = []
    spent = 0.0
    previous_time = None
    for depth in range(1, MAX_DEPTH + 1):
        if previous_time is not None:
            growth = 1.0
            if len(results) >= 2 and results[-2][1] > 0:
                growth = max(1.0, results[-1][1] / results[-2][1])
            if spent + previous_time * growth * 1.2 > budget:
                break
        t0 = time.time()
        nodes = game.perft(pos, depth)
        previous_time = time.time() - t0
        spent += previous_time
        results.append((depth, nodes))
        if nodes == 0:
            break
    line = "%s | %s | %s" % (label(variant, rules, width, seeds), text,
                             " ".join("%d %d" % r for r in results))
    return line, spent


def main():
    budget = 15.0
    jobs = 2
    only = None
    args = sys.argv[1:]
    while args:
        if args[0] == "--budget":
            budget = float(args[1])
            args = args[2:]
        elif args[0] == "--jobs":
            jobs = int(args[1])
            args = args[2:]
        elif args[0] == "--variants":
            only = set(args[1].split(","))
            args = args[2:]
        else:
            sys.exit("unknown argument %s" % args[0])
    # Lines kept from the current file for the variants not recomputed: (comment, line).
    kept = {}
    if only is not None:
        comment = None
        here = os.path.dirname(os.path.abspath(__file__))
        with open(os.path.join(here, "perft-reference.txt")) as f:
            for line in f.read().splitlines():
                if line.startswith("# ") and ":" in line:
                    comment = line
                elif line and not line.startswith("#"):
                    kept.setdefault(line.split()[0], []).append((comment, line))
                    comment = None
    tasks = []
    comments = []
    order = []
    for variant, rules in configurations():
        if variant not in order:
            order.append(variant)
        if only is not None and variant not in only:
            continue
        for width, seeds in sizes(variant):
            game = Game(variant, width, seeds, rules)
            tasks.append((variant, rules, width, seeds, game.format(game.start()), budget))
            comments.append(None)
            for moves, pos in two_midgames(game):
                tasks.append((variant, rules, width, seeds, game.format(pos), budget))
                comments.append("# %s: from the start, moves %s"
                                % (label(variant, rules, width, seeds), " ".join(moves)))
        if not rules:
            for v, r, width, seeds, text, comment in EXTRA:
                if v == variant:
                    tasks.append((v, r, width, seeds, text, budget))
                    comments.append("# %s: %s" % (label(v, r, width, seeds), comment))
    t0 = time.time()
    with multiprocessing.Pool(jobs) as pool:
        results = pool.map(run_line, tasks, chunksize=1)
    computed = {}
    for comment, (line, spent) in zip(comments, results):
        computed.setdefault(line.split()[0], []).append((comment, line))
        sys.stderr.write("%6.1fs %s\n" % (spent, line[:100]))
    print("# Perft reference counts from tools/reference/mancala_ref.py (independent Python reference).")
    print("# <variant> [<rule>=<value> ...] width=<W> seeds=<S> | <position text> | <depth> <nodes> ...")
    print("# perft(p,0)=1; a finished game counts 0; a kalah extra turn is one ply.")
    for variant in order:
        for comment, line in computed.get(variant, kept.get(variant, [])):
            if comment:
                print(comment)
            print(line)
    sys.stderr.write("total %.0fs wall\n" % (time.time() - t0))


if __name__ == "__main__":
    main()
