#!/usr/bin/env python3
"""Writes the independently computed known values of tests/values/: four-row.csv,
isolo.csv, morris.csv and players.csv, each row the exact value (and plies) of a position by
a solver of its own over the independent Python rules (fourrow_ref.py, isolo_ref.py,
morris_ref.py, kpo_players_ref.py), sharing nothing with the Rust code.
(tests/values/two-row.csv holds published values and is written by hand.)

Three solvers:

* whole graph (four-row boards, Isolo I and II): every position reachable from the root
  (keyed by the full position) is listed; a position with no legal move is lost for its
  mover in 0 plies ("a player who cannot move loses"); then level by level, a position is
  won in k plies when a move reaches a position lost in k - 1 for the opponent (won in
  k - 1, when the same side moves again, as in kanotta's setup), and lost in k when every
  move reaches a position won for the opponent and the longest of those takes k - 1; what
  is never marked is a draw (play that can go on for ever).
* bounded (the morris games, whose whole graph is too large for Python): "the mover wins
  within k plies" and "the mover loses within k plies whatever he plays", for k = 0, 1, ...
  until one holds; proves decisive values only.

The first two give the winner the shortest win and the loser the longest loss, the reading
of docs/NOTATION.md's "plies".

* paranoid (kpo for three and four players): each player's paranoid value, the most seeds
  he can guarantee against all the others together, a game that goes on for ever sharing
  the seeds left equally (docs/variants/kpo-players.md). For each threshold t, the positions
  from which he forces at least t are found slice by slice (the seeds on the board, fewest
  first; a capture leaves the slice, so every cycle lies in one): in a slice where endless
  play is worth at least t to him, the positions where he can keep play in the slice or
  leave it for a won position (a greatest fixpoint), and then the attractor of those and of
  the won positions below; his value is the largest t the root reaches.

    python3 make_values.py [four-row] [isolo] [morris] [players]     (default: all four)
"""

import csv
import fractions
import math
import pathlib
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))
import fourrow_ref  # noqa: E402
import isolo_ref  # noqa: E402
import kpo_players_ref  # noqa: E402
import morris_ref  # noqa: E402

# The full-size starts the project proved (docs/FULL-SIZE.md), kept after the computed rows:
# not computed here, checked by the proof search and by their committed certificates.
FULL_SIZE_ROWS = [
    ["chisolo-ii", "", "", "+1", "7", "", "",
     "solve proof certificate:reports/proofs/chisolo-ii-4x5.proof",
     "the full 4x5 game: this project's proof-number search, certificate replayed by the "
     "reference rules"],
    ["chisolo", "", "", "+1", "", "", "", "certificate:reports/proofs/chisolo-4x5.proof",
     "the full 4x5 game: this project's proof-number search (17732-position proof), "
     "certificate replayed by the reference rules"],
    ["natatu", "--width 7", "", "+1", "", "", "", "certificate:reports/proofs/natatu-4x7.proof",
     "the full 4x7 game: this project's proof-number search (100382-position proof), "
     "certificate replayed by the reference rules"],
]

HEADER = ["variant", "options", "position", "value", "plies", "best", "moves", "by", "source"]

# (variant, width, seeds a hole): the smallest boards of each removal game whose graph a
# Python solver walks in seconds.
FOUR_ROW = [
    ("mulabalaba", 2, 1), ("mulabalaba", 2, 2),
    ("toka", 2, 1), ("toka", 2, 2),
    ("kanotta", 2, 1), ("kanotta", 3, 1), ("kanotta", 3, 2),
    ("nchuba", 2, 1), ("nchuba", 3, 1), ("nchuba", 4, 1), ("nchuba", 5, 1),
    ("nakabili", 2, 1), ("nakabili", 2, 2), ("nakabili", 3, 1),
    ("kabwanga", 2, 1), ("kabwanga", 2, 2), ("kabwanga", 3, 1),
    ("chisolo", 2, 1), ("chisolo", 2, 2),
    ("natatu", 2, 1), ("natatu", 2, 2),
]

# (variant, width, seeds a hole, store, phase): the starts of small Isolo boards.
ISOLO = [
    ("isolo", 3, 2, None, "main"),
    ("isolo", 4, 2, None, "main"),
    ("isolo", 3, 2, 1, "fore"),
    ("isolo", 3, 2, 2, "fore"),
    ("isolo", 3, 2, 3, "fore"),
    ("isolo-ii", 2, 1, None, "setup"),
    ("isolo-ii", 2, 2, None, "setup"),
]

# A line of play of each morris game from the start of the three-counter game (any line
# will do: the values are the reference's own); the positions before its last `MORRIS_LAST`
# moves are the rows.
MORRIS_LINES = {
    "mulabalaba-morris": (6, "a1 a7 g1 d1 g7 g4 a1-f6 a7-e5 g7-b6 g4-g7 g1-d6xg7"),
    "nine-mens-morris": (4, "a4 a1 b4 c4 b2 b6 b4-f2 a1-d2 b2-f6 c4-f4 f2-b4 f4-c4 b4-a7 "
                            "c4-a1 a4-g7 b6-d7 a7-d6 a1-b6 d6-g4 d7-g1 g7-f4 g1-a1 g4-f2xa1"),
}

# (players, width, seeds a pit, rule options): small kpo boards of three and four players.
PLAYERS = [
    (3, 3, 1, []), (3, 3, 2, []), (3, 6, 1, []),
    (4, 2, 1, []), (4, 2, 2, []), (4, 4, 1, []),
    (3, 3, 1, ["empty=ends"]), (3, 3, 2, ["squeeze=never"]), (4, 4, 1, ["squeeze=always"]),
]

MAX_POSITIONS = 300_000

# Four-row boards are checked through the tables too where every slice up to the start's
# seeds holds at most this many positions (arrangements of the seeds over the 4W holes).
TABLE_POSITIONS = 3_000_000


def reachable(children, key, root, limit=MAX_POSITIONS):
    """(position by key, child keys by key) of every position reachable from root."""
    pos = {key(root): root}
    order = [root]
    kids = {}
    while len(kids) < len(order):
        p = order[len(kids)]
        ks = []
        for c in children(p):
            k = key(c)
            if k not in pos:
                pos[k] = c
                order.append(c)
                if len(order) > limit:
                    raise RuntimeError("more than %d positions" % limit)
            ks.append(k)
        kids[key(p)] = ks
    return pos, kids


def whole_graph(children, key, mover, root, limit=MAX_POSITIONS):
    """(value for the mover at root: 1, 0, -1; plies or None; positions). `children(p)` is
    the list of (move, child) of p."""
    pos, kids = reachable(lambda p: [c for _, c in children(p)], key, root, limit)
    who = {k: mover(p) for k, p in pos.items()}
    value = {k: ("L", 0) for k, ks in kids.items() if not ks}

    def seen_by(k, c):
        """The child c's value for the mover of k: the same when the same side moves again
        (kanotta's setup), else the opposite."""
        v = value.get(c)
        if v is None or who[c] == who[k]:
            return v
        return ("L" if v[0] == "W" else "W", v[1])

    level = 1
    while True:
        new = {}
        for k, ks in kids.items():
            if k in value or not ks:
                continue
            seen = [seen_by(k, c) for c in ks]
            if ("W", level - 1) in seen:
                new[k] = ("W", level)
            elif all(v is not None and v[0] == "L" for v in seen) and \
                    max(v[1] for v in seen) == level - 1:
                new[k] = ("L", level)
        if not new:
            break
        value.update(new)
        level += 1
    v = value.get(key(root))
    if v is None:
        return 0, None, len(pos)
    return (1 if v[0] == "W" else -1), v[1], len(pos)


def bounded(children, key, result, root, max_plies):
    """(value for the mover at root: 1 or -1; plies; positions visited) by "wins within k" /
    "loses within k" for k = 0, 1, ...; `result(p)` is the value of a position with no move
    for its mover. None for the value when neither holds within `max_plies`."""
    memo = {}

    def within(p, k):
        mk = (key(p), k)
        if mk in memo:
            return memo[mk]
        ks = children(p)
        if not ks:
            r = result(p)
        elif k == 0:
            r = None
        else:
            r = -1
            for c in ks:
                v = within(c, k - 1)
                if v == -1:
                    r = 1
                    break
                if v != 1:
                    r = None
        memo[mk] = r
        return r

    for k in range(max_plies + 1):
        r = within(root, k)
        if r is not None:
            return r, k, len(memo)
    return None, None, len(memo)


def shown(value):
    return "0" if value == 0 else "%+d" % value


def plies_text(plies):
    return "" if plies is None else str(plies)


def log(what, value, plies, n, t0):
    sys.stderr.write("%s: %s in %s plies, %d positions, %.1f s\n"
                     % (what, shown(value), plies, n, time.time() - t0))


def four_row_rows():
    rows = []
    for variant, width, seeds in FOUR_ROW:
        # The reference's constructor takes the standard seed counts only; its start
        # pattern scales with `seeds` all the same (the same text as `mancala start`).
        game = fourrow_ref.Game(variant, width)
        game.seeds = seeds
        t0 = time.time()
        value, plies, n = whole_graph(
            lambda p: [(m, game.play(p, m)) for m, _ in game.legal_moves(p)],
            lambda p: p.key(), lambda p: p.to_move, game.start())
        log("%s %dx%d" % (variant, width, seeds), value, plies, n, t0)
        # The tables hold positions in play, not kanotta's setup phase (its start); and the
        # test builds every slice up to the position's seeds, so only where they are few.
        stones = sum(sum(r) for r in game.start().rows)
        small = math.comb(stones + 4 * width, 4 * width) <= TABLE_POSITIONS
        by = "solve tables proof" if variant != "kanotta" and small else "solve proof"
        rows.append([variant, "--width %d" % width, game.format(game.start()), shown(value),
                     plies_text(plies), "", "", by,
                     "independent Python whole-graph solver, %d positions" % n])
    return rows + FULL_SIZE_ROWS


def isolo_rows():
    rows = []
    for variant, width, seeds, store, phase in ISOLO:
        game = isolo_ref.make_game(variant, width, seeds, store)
        root = isolo_ref.position_of(game, phase)
        t0 = time.time()
        value, plies, n = whole_graph(game.legal_moves, lambda p: p.key(),
                                      lambda p: p.to_move, root)
        log(game.format(root), value, plies, n, t0)
        options = "--width %d --seeds %d" % (width, seeds)
        if store is not None:
            options += " --store %d" % store
        rows.append([variant, options, game.format(root), shown(value), plies_text(plies),
                     "", "", "solve proof",
                     "independent Python whole-graph solver, %d positions" % n])
    return rows


def morris_rows():
    rows = []
    for variant, (last, line) in MORRIS_LINES.items():
        rules = {"variant": variant}
        moves = line.split()

        def children(p):
            return [morris_ref.after(p, m) for m in morris_ref.moves(p, rules)]

        def result(p):
            winner = morris_ref.game_over(p)
            if winner is None:
                return -1  # blocked: "blocked=loss"
            return 0 if winner == "draw" else (1 if winner == p.to_move else -1)

        pos = morris_ref.start(3)
        for i, m in enumerate(moves):
            if len(moves) - i <= last:
                t0 = time.time()
                value, plies, n = bounded(children, morris_ref.fmt, result, pos,
                                          len(moves) - i + 2)
                log(morris_ref.fmt(pos), value, plies, n, t0)
                if value is None:
                    raise RuntimeError("no value within the bound: %s" % morris_ref.fmt(pos))
                by = "solve tables proof" if pos.hand == [0, 0] else "solve proof"
                rows.append([variant, "--counters 3", morris_ref.fmt(pos), shown(value),
                             plies_text(plies), "", "", by,
                             "independent Python bounded search, %d positions" % n])
            pos = morris_ref.play(pos, m, rules)
    return rows


def forces(pos, kids, me, t, final, endless):
    """The positions from which player `me` forces a final score of at least t, or endless
    play worth at least t (`final`, `endless`: his score in either case)."""
    seeds = {k: sum(p.pits) for k, p in pos.items()}
    won = set()
    for b in sorted(set(seeds.values())):
        layer = [k for k in kids if seeds[k] == b]
        won |= {k for k in layer if not kids[k] and final(k) >= t}
        inner = [k for k in layer if kids[k]]

        def reaches(k, good):
            ok = [c in good or c in won for c in kids[k]]
            return any(ok) if pos[k].to_move == me else all(ok)

        keep = {k for k in inner if endless(k) >= t}
        changed = True
        while changed:
            changed = False
            for k in list(keep):
                if not reaches(k, keep):
                    keep.discard(k)
                    changed = True
        changed = True
        while changed:
            changed = False
            for k in inner:
                if k not in keep and reaches(k, keep):
                    keep.add(k)
                    changed = True
        won |= keep
    return won


def paranoid(game, root):
    """(each player's paranoid value from root on, as a Fraction; positions)."""
    n = game.players
    pos, kids = reachable(lambda p: [game.apply(p, m) for m in game.legal_moves(p)],
                          lambda p: (tuple(p.pits), tuple(p.taken), p.to_move), root)
    rk = (tuple(root.pits), tuple(root.taken), root.to_move)
    total = n * (sum(root.taken) + sum(root.pits))
    values = []
    for me in range(n):
        # Scores in 1/n seed, so that an equal share of the seeds left is whole.
        def final(k):
            return n * game.final_score(pos[k])[me]

        def endless(k):
            return n * pos[k].taken[me] + sum(pos[k].pits)

        # Forcing t forces every smaller threshold: the first t he cannot force ends it.
        best = 0
        while best < total and rk in forces(pos, kids, me, best + 1, final, endless):
            best += 1
        values.append(fractions.Fraction(best - n * root.taken[me], n))
    return values, len(pos)


def players_rows():
    rows = []
    for players, width, seeds, rules in PLAYERS:
        game = kpo_players_ref.Game(players, width, seeds, rules)
        t0 = time.time()
        values, n = paranoid(game, game.start())
        text = " ".join(str(v) for v in values)
        sys.stderr.write("kpo %d players %dx%d %s: paranoid %s, %d positions, %.1f s\n"
                         % (players, width, seeds, rules, text, n, time.time() - t0))
        options = "--players %d --width %d --seeds %d" % (players, width, seeds)
        options += "".join(" --rule %s" % r for r in rules)
        rows.append(["kpo", options, game.format(game.start()), text, "", "", "", "solve",
                     "independent Python paranoid solver, %d positions" % n])
    return rows


FILES = {
    "four-row": (four_row_rows, "the starts of small four-row boards"),
    "isolo": (isolo_rows, "the starts of small Isolo I and II boards"),
    "morris": (morris_rows, "positions of the three-counter morris games"),
    "players": (players_rows, "the paranoid values of small kpo boards of three and four"),
}


def main(argv):
    for name in argv or list(FILES):
        make, what = FILES[name]
        out = ROOT / "tests" / "values" / ("%s.csv" % name)
        with out.open("w", newline="") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow(HEADER)
            w.writerows(make())
        sys.stderr.write("wrote %s (%s)\n" % (out, what))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
