#!/usr/bin/env python3
"""Writes tests/perft/players/kpo-3.perft and kpo-4.perft (format: tests/perft/README.md,
plus a `players N` line) from the independent Python reference kpo_players_ref.py.

Cases: the start of every board the project analyses (three players: widths 3 and 6;
four players: widths 2, 4, 6 and 8) at 1 to 3 seeds a pit, under the default rules; then,
for each rule option on one board of each kind, the start and mid-game positions reached
by seeded random play, picked so that they exercise the rules (a player without seeds who
passes, captures with a squeeze). Depths go up while a line stays under MAX_NODES nodes
(so the Rust harness stays quick); the counts do not depend on the machine.

    python3 make_kpo_players_perft.py [--jobs N]
"""

import concurrent.futures
import pathlib
import random
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))
from kpo_players_ref import Game  # noqa: E402

MAX_NODES = 400_000       # nodes of one line, all depths together
MAX_START_NODES = 1_500_000
MAX_DEPTH = 12

RULE_SETS = [[], ["squeeze=always"], ["squeeze=never"], ["empty=ends"],
             ["squeeze=always", "empty=ends"]]

# (players, width, seeds) of the default-rule start lines.
STARTS = {
    3: [(6, 3), (6, 2), (6, 1), (3, 3), (3, 2), (3, 1)],
    4: [(6, 3), (6, 1), (4, 3), (4, 2), (4, 1), (2, 3), (2, 2), (2, 1), (8, 3)],
}
# Boards on which every rule set gets mid-game positions.
OPTION_BOARDS = {3: [(6, 3), (3, 2)], 4: [(4, 3), (6, 2), (2, 3)]}


def depths(game, pos, cap):
    out, total = [], 0
    for d in range(1, MAX_DEPTH + 1):
        n = game.perft(pos, d)
        out.append((d, n))
        total += n
        if n == 0 or total * 6 > cap:
            break
    return out


def midgame(game, rng):
    """Positions from random play: one where a player has no seed (a pass or an end
    comes from it), one where a capture has been made."""
    picked = {}
    for _ in range(200):
        pos = game.start()
        for ply in range(200):
            moves = game.legal_moves(pos)
            if not moves:
                break
            pos = game.apply(pos, rng.choice(moves))
            empty = any(game.holds(pos, p) == 0 for p in range(game.players))
            if ply >= 6 and game.legal_moves(pos):
                if empty and "pass" not in picked:
                    picked["pass"] = (pos.copy(), ply + 1)
                elif sum(pos.taken) > 0 and "capture" not in picked:
                    picked["capture"] = (pos.copy(), ply + 1)
        if len(picked) == 2:
            break
    return [(k, picked[k]) for k in ("capture", "pass") if k in picked]


def case(job):
    players, width, seeds, rules, kind, seed = job
    g = Game(players, width, seeds, rules)
    lines = []
    if kind == "start":
        p = g.start()
        lines.append(("start", g.format(p), depths(g, p, MAX_START_NODES if not rules else MAX_NODES)))
    else:
        rng = random.Random(seed)
        for what, (p, ply) in midgame(g, rng):
            note = "after %d random plies (seed %d), %s" % (
                ply, seed, "a player has no seed" if what == "pass" else "seeds captured")
            lines.append((note, g.format(p), depths(g, p, MAX_NODES)))
    return job, lines


def main():
    jobs = 2
    if "--jobs" in sys.argv:
        jobs = int(sys.argv[sys.argv.index("--jobs") + 1])
    work = []
    for players in (3, 4):
        for width, seeds in STARTS[players]:
            work.append((players, width, seeds, [], "start", 0))
        for width, seeds in OPTION_BOARDS[players]:
            for k, rules in enumerate(RULE_SETS):
                if rules:
                    work.append((players, width, seeds, rules, "start", 0))
                work.append((players, width, seeds, rules, "mid", 1000 * players + 10 * width + k))
    with concurrent.futures.ProcessPoolExecutor(jobs) as ex:
        results = list(ex.map(case, work))
    out_dir = ROOT / "tests" / "perft" / "players"
    out_dir.mkdir(parents=True, exist_ok=True)
    for players in (3, 4):
        out = [
            "# Perft golden file for kpo with %d players (format: tests/perft/README.md, and" % players,
            "# `players N` before the positions). Source: the independent Python reference",
            "# tools/reference/kpo_players_ref.py, written from RULES.md without the Rust code;",
            "# regenerate with tools/reference/make_kpo_players_perft.py.",
            "variant kpo",
            "players %d" % players,
        ]
        current = None
        for (p, width, seeds, rules, kind, seed), lines in results:
            if p != players:
                continue
            for note, text, counts in lines:
                out.append("")
                out.append("# width %d, %d seeds a pit, %s: %s" % (
                    width, seeds, " ".join(rules) if rules else "default rules", note))
                if rules != current:
                    out.append("rules " + " ".join(rules) if rules else "rules")
                    current = rules
                out.append("position " + text)
                out.extend("perft %d %d" % dn for dn in counts)
        (out_dir / ("kpo-%d.perft" % players)).write_text("\n".join(out) + "\n")
        print("kpo-%d.perft" % players, file=sys.stderr)


if __name__ == "__main__":
    main()
