#!/usr/bin/env python3
"""Writes tests/perft/<variant>.perft for the ten four-row variants.

The counts come from the independent Python reference fourrow_ref.py (written
from docs/RULES.md, docs/NOTATION.md and the sources, without the Rust
code).  For each variant and option: the start position of the default board
(and of each optional width / seed count), the start of a reduced board, and
mid-game positions reached by seeded random play, chosen so that they exercise
the variant's special rules (captures with extra holes, relays, singletons,
mutwi, kanotta's setup, natatu's direction choice, mwambulula's store).

Depths go up while a depth takes at most about BUDGET seconds of Python (each
depth runs in its own process, killed at the limit), so the deepest depth of a
position depends on the machine; the counts do not.

    python3 make_fourrow_perft.py [--jobs N] [--budget SECONDS] [variant ...]
"""

import concurrent.futures
import json
import os
import pathlib
import random
import subprocess
import sys
import threading
import time

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))
from fourrow_ref import Game, SOUTH, NORTH  # noqa: E402

BUDGET = 8.0          # seconds a depth may take
MAX_NODES = 2_000_000  # stop deepening beyond this many nodes (Rust CI time)
MAX_DEPTH = 24         # endgames with few moves would otherwise go very deep

# (variant, rules, [(width, seeds) of start boards: default first, options, reduced last])
GROUPS = [
    ("mulabalaba", {}, [(6, 2), (8, 2), (6, 3), (8, 3), (4, 2), (3, 3)]),
    ("toka", {}, [(12, 2), (16, 2), (4, 2)]),
    ("kanotta", {}, [(8, 2), (4, 2)]),
    ("nchuba", {}, [(16, 2), (4, 2)]),
    ("nakabili", {}, [(8, 2), (4, 2)]),
    ("kabwanga", {}, [(8, 2), (4, 2)]),
    ("chisolo", {}, [(5, 3), (3, 3)]),
    ("natatu", {}, [(7, 3), (8, 3), (9, 3), (10, 3), (5, 3)]),
    ("chisolo-ii", {}, [(5, 3), (3, 3)]),
    ("mwambulula", {"resow": "continue"}, [(8, 2), (4, 2)]),
    ("mwambulula", {"resow": "end"}, [(8, 2), (4, 2)]),
]

# Start positions computed to a fixed depth beyond the time budget (a depth that covers the
# first captures with their extra-hole choices, or a long never-ending sowing).
START_DEPTH = {("nakabili", 8): 2, ("natatu", 7): 3, ("chisolo-ii", 5): 4}

# Extra hand-picked positions: (variant, rules, comment, position text, fixed depth or None).
# The re-sowing ones were found by random play (seed 77): a move there captures several files
# in one move, each capture's re-sowing ending in another capture.
CHAIN = "re-sowing chain: a move here captures %d files in one move"
EXTRA = [
    ("chisolo-ii", {}, CHAIN % 3, "11,3,8,2,0/1,1,7,7,11/0,0,1,1,7/0,0,0,0,0 N", None),
    ("chisolo-ii", {}, CHAIN % 4, "4,1,0,1/4,1,0,1/5,8,8,2/1,1,3,8 N", None),
    ("mwambulula", {"resow": "continue"}, CHAIN % 2,
     "0,3,0,2,2,2,2,2/1,1,1,0,0,0,0,0/0,0,0,0,1,1,0,2/2,2,2,0,1,0,1,4 N stores=16,16 emptied=0,0", None),
    ("mwambulula", {"resow": "continue"}, CHAIN % 4,
     "3,0,2,2/1,0,0,0/1,1,1,2/2,0,1,0 N stores=8,8 emptied=0,0", None),
    ("mwambulula", {"resow": "end"}, "the previous position under resow=end",
     "3,0,2,2/1,0,0,0/1,1,1,2/2,0,1,0 N stores=8,8 emptied=0,0", None),
    ("kabwanga", {}, "reading R16: the mutwi f3 (forced) never ends; other holes would end, but "
     "the restriction is not lifted, so South has no legal move", "0,1,0,0,1/1,0,0,0,1/1,1,2,1,1/0,1,0,1,0 S captured=9,5", 1),
    ("chisolo-ii", {}, "a never-ending move in a position 3 plies from the start: North's f4 relays "
     "into a cycle of 3198875 laps after 8 (f4 must be absent; Python needs about 40 s)",
     "6,1,0,5,0/1,2,0,5,0/5,9,0,9,9/1,1,4,2,0 N", 1),
]


# Rule options for the readings left open (FOURROW-READINGS.md 11, 12, 13, 16): the start of
# a reduced board and positions from seeded random play under the option, then hand-worked
# positions where the option changes the moves.  They come after the default cases, so the
# lines above them do not move.
# (variant, rules, (width, seeds) of the reduced board)
OPTION_GROUPS = [
    ("kabwanga", {"ahead": "front"}, (4, 2)),
    ("kabwanga", {"possible": "board"}, (4, 2)),
    ("mulabalaba", {"possible": "board"}, (4, 2)),
    ("chisolo-ii", {"capture": "may"}, (3, 3)),
    ("chisolo-ii", {"singles": "free"}, (3, 3)),
    ("chisolo-ii", {"possible": "board"}, (3, 3)),
    ("mwambulula", {"capture": "may"}, (4, 2)),
    ("mwambulula", {"capture": "may", "resow": "end"}, (4, 2)),
]
OPTION_EXTRA = [
    ("kabwanga", {"ahead": "front"}, "ahead=front: b1 ends in b2 (back row), no lap from b3",
     "1,1,1/1,1,1/0,0,0/1,0,3 S captured=0,0", None),
    ("kabwanga", {"ahead": "circuit"}, "the same position under ahead=circuit: b1 captures",
     "1,1,1/1,1,1/0,0,0/1,0,3 S captured=0,0", None),
    ("chisolo-ii", {"capture": "may"}, "capture=may: f3 may capture (c) or relay (r)",
     "0,2,0/0,1,0/0,1,1/0,0,0 S", None),
    ("chisolo-ii", {"possible": "board"}, "possible=board: the one preferred single b2 never "
     "ends, so South has no move", "0,9/9,1/0,1/0,1 S", None),
    ("chisolo-ii", {"possible": "legal"}, "the same position under possible=legal: f2 may move",
     "0,9/9,1/0,1/0,1 S", None),
    ("mwambulula", {"capture": "may"}, "capture=may: f3 may capture (c) or relay (r)",
     "0,0,0/0,1,0/0,1,1/0,0,0 S stores=0,0 emptied=1,1", None),
]


def features(game, pos, moves):
    """Set of feature words of a position (what its first ply exercises)."""
    v = game.variant
    mover = pos.to_move
    found = set()
    for name, child in moves:
        if "x(" in name:
            found.add("extra")
        if v in ("chisolo-ii", "mwambulula"):
            if game.seeds_on_side(child, 1 - mover) < game.seeds_on_side(pos, 1 - mover):
                found.add("capture")
        elif child.captured[mover] > pos.captured[mover] and not name.startswith("x"):
            found.add("capture")
        if name == "store":
            found.add("store")
        if "+" in name:
            found.add("direction")
        if name.startswith("x"):
            found.add("setup")
    ring = game.ring(mover)
    counts = [pos.rows[r][c] for r, c in ring]
    seeded = [n for n in counts if n > 0]
    if seeded and max(seeded) == 1:
        found.add("singles")
    if sorted(seeded)[-2:] == [1, 2] and seeded.count(2) == 1:
        found.add("mutwi")
    if seeded and max(seeded) >= 2 and 1 in seeded:
        found.add("mixed")
    if v == "mwambulula" and pos.emptied != [0, 0]:
        found.add("emptied")
    if v in ("nchuba", "nakabili") and max(pos.captures) >= 1:
        found.add("counted")
    return found


# Features wanted per variant, in order of preference (each picks one position).
WANTED = {
    "mulabalaba": ["capture", "singles", "mixed"],
    "toka": ["capture", "singles"],
    "kanotta": ["setup", "extra", "singles"],
    "nchuba": ["extra", "counted", "singles"],
    "nakabili": ["extra", "counted", "mutwi", "singles"],
    "kabwanga": ["capture", "mutwi", "singles"],
    "chisolo": ["extra", "singles"],
    "natatu": ["direction", "extra", "singles"],
    "chisolo-ii": ["capture", "singles"],
    "mwambulula": ["capture", "emptied", "singles"],
}


def random_games(game, seed, count=40, plies=200):
    """Seeded random games from the start: list of (moves so far, position, feature set)."""
    rng = random.Random(seed)
    seen = []
    for _ in range(count):
        pos = game.start()
        names = []
        for _ in range(plies):
            moves = game.legal_moves(pos)
            if not moves:
                break
            seen.append((list(names), pos, features(game, pos, moves)))
            name, pos = rng.choice(moves)
            names.append(name)
    return seen


def pick_positions(variant, rules, width, seeds, how_many, seed):
    game = Game(variant, width=width, seeds=seeds, rules=rules)
    candidates = random_games(game, seed)
    picked = []
    used = set()
    for want in WANTED[variant]:
        if len(picked) >= how_many:
            break
        # Prefer positions a few plies in, and not too late (short move lists).
        best = None
        for names, pos, feats in candidates:
            if want not in feats or game.format(pos) in used:
                continue
            if not names or (want not in ("setup", "direction") and len(names) < 4):
                continue
            # Prefer mid-game positions (about ply 10) over very early or late ones.
            if best is None or abs(len(names) - 10) < abs(len(best[0]) - 10):
                best = (names, pos, feats)
        if best is None:
            continue
        used.add(game.format(best[1]))
        picked.append((want, best[0], game.format(best[1])))
    # kanotta: also the position where North's removals begin and where play begins.
    if variant == "kanotta":
        for plies, want in ((5, "North's setup"), (8, "play begins")):
            for names, pos, feats in candidates:
                if len(names) == plies and game.format(pos) not in used:
                    used.add(game.format(pos))
                    picked.append((want, names, game.format(pos)))
                    break
    return picked


def perft_series(variant, rules, text, budget, max_depth=None):
    """[(depth, nodes)] as deep as the budget allows; each depth in its own process."""
    result = []
    depth = 1
    total = 0
    forced = max_depth is not None     # a fixed depth: no prediction, no node limit
    if not forced:
        max_depth = MAX_DEPTH
    while depth <= max_depth:
        cmd = [sys.executable, str(HERE / "fourrow_ref.py"), "perft", variant, "--position", text,
               "--depth", str(depth), "--json"]
        for name, value in rules.items():
            cmd += ["--rule", "%s=%s" % (name, value)]
        try:
            out = subprocess.run(cmd, capture_output=True, text=True, timeout=budget, check=True)
        except subprocess.TimeoutExpired:
            break
        except subprocess.CalledProcessError as e:
            raise SystemExit("perft failed on %s: %s" % (text, e.stderr.strip()))
        report = json.loads(out.stdout)
        nodes = report["nodes"]
        elapsed = max(report["seconds"], 0.002)   # the perft itself, without the start-up
        result.append((depth, nodes))
        total += nodes
        if nodes == 0 or (total > MAX_NODES and not forced):
            break
        # Predict the next depth from the branching seen so far.
        if len(result) >= 2 and result[-2][1] > 0:
            branching = nodes / result[-2][1]
        else:
            branching = nodes
        if not forced and (elapsed * max(branching, 1.0) > budget * 1.5
                           or nodes * branching > MAX_NODES):
            break
        depth += 1
    return result


def main(argv):
    jobs = 2
    budget = BUDGET
    only = []
    i = 0
    while i < len(argv):
        if argv[i] == "--jobs":
            jobs = int(argv[i + 1])
            i += 2
        elif argv[i] == "--budget":
            budget = float(argv[i + 1])
            i += 2
        else:
            only.append(argv[i])
            i += 1

    # Collect the cases: (variant, rules, comment, text, max_depth).
    cases = []
    for group_no, (variant, rules, boards) in enumerate(GROUPS):
        if only and variant not in only:
            continue
        rule_text = " ".join("%s=%s" % kv for kv in sorted(rules.items()))
        for board_no, (width, seeds) in enumerate(boards):
            game = Game(variant, width=width, seeds=seeds, rules=rules)
            label = "%s%s width=%d seeds=%d" % (variant, (" " + rule_text) if rule_text else "",
                                                width, seeds)
            cases.append((variant, rules, label + ": start", game.format(game.start()),
                          START_DEPTH.get((variant, width))))
            # Mid-game positions from the default board and the reduced board.
            if board_no == 0 or board_no == len(boards) - 1:
                how_many = 3 if board_no == 0 else 2
                seed = 1000 * group_no + board_no
                for want, names, text in pick_positions(variant, rules, width, seeds, how_many, seed):
                    comment = "%s: random play (seed %d), %s, moves %s" % (
                        label, seed, want, " ".join(names) if names else "(none)")
                    cases.append((variant, rules, comment, text, None))
    for variant, rules, comment, text, max_depth in EXTRA:
        if only and variant not in only:
            continue
        cases.append((variant, rules, comment, text, max_depth))
    for group_no, (variant, rules, (width, seeds)) in enumerate(OPTION_GROUPS):
        if only and variant not in only:
            continue
        rule_text = " ".join("%s=%s" % kv for kv in sorted(rules.items()))
        game = Game(variant, width=width, seeds=seeds, rules=rules)
        label = "%s %s width=%d seeds=%d" % (variant, rule_text, width, seeds)
        cases.append((variant, rules, label + ": start", game.format(game.start()), None))
        seed = 9000 + group_no
        for want, names, text in pick_positions(variant, rules, width, seeds, 2, seed):
            comment = "%s: random play (seed %d), %s, moves %s" % (
                label, seed, want, " ".join(names) if names else "(none)")
            cases.append((variant, rules, comment, text, None))
    for variant, rules, comment, text, max_depth in OPTION_EXTRA:
        if only and variant not in only:
            continue
        cases.append((variant, rules, comment, text, max_depth))

    # Results are cached (by variant, rules and position) in a scratch file so that an
    # interrupted run can be resumed; delete it to recompute everything.
    cache_path = pathlib.Path(os.environ.get("FOURROW_PERFT_CACHE", "/tmp/fourrow-perft-cache.json"))
    cache = json.loads(cache_path.read_text()) if cache_path.exists() else {}
    lock = threading.Lock()

    def run(case):
        variant, rules, comment, text, max_depth = case
        key = "%s %s %s %s" % (variant, json.dumps(rules, sort_keys=True), text, max_depth)
        if key in cache:
            return [tuple(x) for x in cache[key]]
        limit = budget if max_depth is None else 600
        t0 = time.time()
        series = perft_series(variant, rules, text, limit, max_depth)
        sys.stderr.write("%-10s %5.1fs %s %s\n" % (variant, time.time() - t0, text, series[-1:]))
        with lock:
            cache[key] = series
            cache_path.write_text(json.dumps(cache))
        return series

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(run, cases))

    by_variant = {}
    for case, series in zip(cases, results):
        by_variant.setdefault(case[0], []).append((case, series))
    for variant, entries in by_variant.items():
        out = [
            "# Perft golden file for %s (format: tests/perft/README.md)." % variant,
            "# Source: the independent Python reference tools/reference/fourrow_ref.py, written from",
            "# docs/RULES.md, docs/NOTATION.md and the sources without the Rust code;",
            "# regenerate with tools/reference/make_fourrow_perft.py (readings: FOURROW-READINGS.md).",
            "# Every position spells out every field of the variant.",
            "variant %s" % variant,
        ]
        current = None
        for (v, rules, comment, text, _), series in entries:
            if not series:
                continue
            rule_words = ["%s=%s" % kv for kv in sorted(rules.items())]
            out.append("")
            out.append("# " + comment)
            if rule_words != current:
                out.append("rules " + " ".join(rule_words) if rule_words else "rules")
                current = rule_words
            out.append("position " + text)
            for depth, nodes in series:
                out.append("perft %d %d" % (depth, nodes))
        (ROOT / "tests" / "perft" / ("%s.perft" % variant)).write_text("\n".join(out) + "\n")
        print(variant, len(entries))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
