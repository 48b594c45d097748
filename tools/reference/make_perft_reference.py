#!/usr/bin/env python3
"""Generate perft-reference.txt with mancala_ref.py.

    python3 make_perft_reference.py [--budget SECONDS] [--jobs N] > perft-reference.txt

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
    args = sys.argv[1:]
    while args:
        if args[0] == "--budget":
            budget = float(args[1])
            args = args[2:]
        elif args[0] == "--jobs":
            jobs = int(args[1])
            args = args[2:]
        else:
            sys.exit("unknown argument %s" % args[0])
    tasks = []
    comments = []
    for variant, rules in configurations():
        for width, seeds in sizes(variant):
            game = Game(variant, width, seeds, rules)
            tasks.append((variant, rules, width, seeds, game.format(game.start()), budget))
            comments.append(None)
            for moves, pos in two_midgames(game):
                tasks.append((variant, rules, width, seeds, game.format(pos), budget))
                comments.append("# %s: from the start, moves %s"
                                % (label(variant, rules, width, seeds), " ".join(moves)))
    t0 = time.time()
    with multiprocessing.Pool(jobs) as pool:
        results = pool.map(run_line, tasks, chunksize=1)
    print("# Perft reference counts from tools/reference/mancala_ref.py (independent Python reference).")
    print("# <variant> [<rule>=<value> ...] width=<W> seeds=<S> | <position text> | <depth> <nodes> ...")
    print("# perft(p,0)=1; a finished game counts 0; a kalah extra turn is one ply.")
    for comment, (line, spent) in zip(comments, results):
        if comment:
            print(comment)
        print(line)
        sys.stderr.write("%6.1fs %s\n" % (spent, line[:100]))
    sys.stderr.write("total %.0fs wall\n" % (time.time() - t0))


if __name__ == "__main__":
    main()
