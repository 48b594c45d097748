#!/usr/bin/env python3
"""Writes the golden files of isolo and isolo-ii from the independent reference isolo_ref.py:

* tests/perft/isolo.perft and tests/perft/isolo-ii.perft (format: tests/perft/README.md);
* tests/isolo/play.txt, one move a line from seeded random games.

The perft format has no --seeds, --store or --max-hole: every position text spells out the
whole state except the seeds the kucheleka gives the loser of the fore-play, and the cap of
an isolo-ii hole; those are the defaults here (--seeds 2, --max-hole 12).  Positions whose
rows hold 1 seed a hole are just positions: their kucheleka still sets 2 a hole.

Depths go up while the next depth is predicted (from the branching so far) to stay under
MAX_NODES, and a depth whose search creates more than HARD_WORK positions is dropped; both
limits count nodes, not time, so the files do not depend on the machine.  Everything is
deterministic (fixed random seeds).

    python3 make_isolo_perft.py [--jobs N] [--perft-only | --play-only]
"""

import multiprocessing
import pathlib
import random
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))
from isolo_ref import (Isolo, IsoloII, NORTH, BACK_ROW, FRONT_ROW,  # noqa: E402
                       set_name, play)

MAX_NODES = 600_000      # estimated nodes of the next depth
HARD_WORK = 1_500_000    # positions a depth may create
MAX_DEPTH = 12
PROBES = 300             # random descents of the estimate
LAP_BUDGET = 4_000_000   # predicted laps of the next depth (a lap is a few microseconds)
HARD_LAPS = 10_000_000   # laps a depth may sow

FEATURE_WORDS = {
    "capture": "capture", "relay": "relay", "relay-capture": "relay-then-capture (rule 6)",
    "resow-capture": "capture ending a re-sowing (rule 5)",
    "rule3-A": "mwipinda B with A occupied (rule 3)", "rule3-end": "mwipinda B, A empty (rule 3)",
    "rule4-H": "mwipinda G with H occupied (rule 4)", "rule4-end": "mwipinda G, H empty (rule 4)",
    "rule7": "store seed added to g (rule 7)", "kucheleka": "fore-play decided",
    "set": "kucheleka arrangement", "main": "main game", "never-ending": "never-ending move",
    "no-move": "side without a move", "setup": "setup arrangement", "play": "play",
    "max-hole": "max-hole binds",
}
ISOLO_ORDER = ["rule7", "kucheleka", "set", "main", "capture", "relay", "relay-capture",
               "resow-capture", "rule3-A", "rule3-end", "rule4-H", "rule4-end",
               "never-ending", "no-move"]
ISOLO_II_ORDER = ["setup", "max-hole", "play", "capture", "relay", "relay-capture",
                  "resow-capture", "never-ending", "no-move"]


class TooMuch(Exception):
    pass


def make(variant, rules):
    if variant == "isolo":
        return Isolo(8, 2, None, rules)
    return IsoloII(8, 2, 12)


def perft_counted(game, pos, depth, events, work):
    """perft with a count of the positions created (work[0]); raises TooMuch past HARD_WORK."""
    if depth == 0:
        return 1
    if pos.phase == "set" and work[0] + game.count_set_moves(pos) > HARD_WORK:
        raise TooMuch()
    if pos.phase == "setup" and work[0] + game.count_setup_moves(pos) > HARD_WORK:
        raise TooMuch()
    moves = game.legal_moves(pos, events)
    work[0] += len(moves)
    if work[0] > HARD_WORK or game.laps - work[1] > HARD_LAPS:
        raise TooMuch()
    if depth == 1:
        return len(moves)
    return sum(perft_counted(game, child, depth - 1, events, work) for _, child in moves)


def move_count(game, pos):
    if pos.phase == "set":
        return game.count_set_moves(pos)
    if pos.phase == "setup":
        return game.count_setup_moves(pos)
    return len(game.legal_moves(pos))


def estimate(game, pos, depth, rng):
    """Knuth's unbiased estimate of perft(pos, depth): the mean, over random descents, of the
    product of the move counts along the path (a fixed seed keeps it deterministic)."""
    total = 0.0
    for _ in range(PROBES):
        product = 1.0
        p = pos
        for ply in range(depth):
            n = move_count(game, p)
            product *= n
            if n == 0:
                break
            if ply == depth - 1:
                break
            if p.phase == "set" and n > 2000:
                p = play(game, p, set_name(random_set(rng, game, p)))
            elif p.phase == "setup" and n > 2000:
                p = play(game, p, set_name(random_set(rng, game, p)))
            else:
                p = rng.choice(game.legal_moves(p))[1]
        total += product
    return total / PROBES


def perft_series(case):
    """[(depth, nodes)], the events seen below the position, seconds."""
    variant, rules, comment, text, fixed = case
    t0 = time.time()
    game = make(variant, rules)
    pos = game.parse(text)
    result = []
    events = set()
    depth = 1
    while depth <= (fixed or MAX_DEPTH):
        depth_events = set()
        work = [0, game.laps]
        try:
            nodes = perft_counted(game, pos, depth, depth_events, work)
        except TooMuch:
            break
        laps = game.laps - work[1]
        events |= depth_events
        result.append((depth, nodes))
        if nodes == 0:
            break
        if fixed is None:
            guess = estimate(game, pos, depth + 1, random.Random(depth))
            if guess > MAX_NODES or laps * guess / nodes > LAP_BUDGET:
                break
        depth += 1
    return result, events, time.time() - t0


# ---------------------------------------------------------------- random play


def random_set(rng, game, pos):
    """A random arrangement: the seeds used uniform in 1..B, then a uniform split."""
    me = pos.to_move
    if isinstance(game, Isolo):
        B = min(sum(pos.rows[me]), 255 - sum(pos.rows[1 - me]))
        used = rng.randint(1, B)
        parts = game.width
        cap = used
    else:
        used = sum(pos.rows[BACK_ROW[me]]) + sum(pos.rows[FRONT_ROW[me]])
        parts = 2 * game.width
        cap = game.max_hole
    while True:
        cuts = sorted(rng.randint(0, used) for _ in range(parts - 1))
        counts = tuple(b - a for a, b in zip([0] + cuts, cuts + [used]))
        if max(counts) <= cap:
            return counts


RARE = {"rule3-A", "rule3-end", "rule4-H", "rule4-end", "rule7", "relay-capture",
        "resow-capture", "kucheleka", "never-ending"}


def random_game(game, pos, rng, plies=60, bias=0.6, small_set=400):
    """A seeded random game: [(names so far, position, [(move, child, events)])].  With
    probability `bias` the move is drawn among those with a rare event, when there are any.
    Arrangements: enumerated when there are at most `small_set`, else drawn at random."""
    out = []
    names = []
    for _ in range(plies):
        if pos.phase in ("set", "setup"):
            count = game.count_set_moves(pos) if pos.phase == "set" else game.count_setup_moves(pos)
            if count == 0:
                break
            if count <= small_set:
                moves = game.legal_moves(pos)
                name, child = rng.choice(moves)
            else:
                counts = random_set(rng, game, pos)
                name = set_name(counts)
                child = play(game, pos, name)
            ev = game.move_events(pos, name)
            out.append((list(names), pos, [(name, child, ev)]))
        else:
            moves = game.legal_moves(pos)
            if not moves:
                out.append((list(names), pos, []))
                break
            triples = [(m, c, game.move_events(pos, m)) for m, c in moves]
            # never-ending moves are not in the list; note them on the position.
            all_events = set()
            game.legal_moves(pos, all_events)
            if "never-ending" in all_events:
                triples = [(m, c, e | {"never-ending-here"}) for m, c, e in triples]
            out.append((list(names), pos, triples))
            rare = [t for t in triples if t[2] & RARE]
            if rare and rng.random() < bias:
                name, child, _ = rng.choice(rare)
            else:
                name, child, _ = rng.choice(triples)
        names.append(name)
        pos = child
    return out


def pick(game, start, seed, wants, games=30, phase=None, min_ply=2):
    """One position per wanted event: a position of the given phase whose first ply shows
    it, nearest to ply 8 of the random games."""
    rng = random.Random(seed)
    seen = []
    for _ in range(games):
        seen.extend(random_game(game, start, rng))
    picked = []
    used = set()
    for want in wants:
        best = None
        for names, pos, triples in seen:
            if phase and pos.phase != phase:
                continue
            if len(names) < min_ply or game.format(pos) in used:
                continue
            if pos.phase in ("set", "setup"):
                continue
            evs = set()
            for _, _, e in triples:
                evs |= e
            if want == "never-ending":
                ok = "never-ending-here" in evs
            elif want == "no-move":
                ok = not triples
            else:
                ok = want in evs
            if ok and (best is None or abs(len(names) - 8) < abs(len(best[0]) - 8)):
                best = (names, pos)
        if best is not None:
            used.add(game.format(best[1]))
            picked.append((want, best[0], game.format(best[1])))
    return picked


def pick_set(game, start, seed, max_moves, count=2, games=40):
    """phase=set (or setup, North to move) positions with at most max_moves arrangements."""
    rng = random.Random(seed)
    out = []
    used = set()
    for _ in range(games):
        for names, pos, _ in random_game(game, start, rng):
            if isinstance(game, Isolo):
                ok = pos.phase == "set" and game.count_set_moves(pos) <= max_moves
            else:
                ok = (pos.phase == "setup" and pos.to_move == NORTH
                      and game.count_setup_moves(pos) <= max_moves)
            if ok and game.format(pos) not in used:
                used.add(game.format(pos))
                out.append((names, game.format(pos)))
                break
        if len(out) >= count:
            break
    return out


# ---------------------------------------------------------------- the cases


def isolo_cases():
    cases = []
    D = {}

    def fore_start(width, seeds, store):
        g = Isolo(width, seeds, store)
        return g.format(g.start())

    # Fore-play starts.
    for width, seeds, store in ((3, 2, 1), (3, 2, 3), (4, 2, 1), (4, 2, 2), (5, 2, 1),
                                (8, 2, 2), (8, 2, None), (3, 1, 2), (4, 1, 2)):
        label = "isolo width=%d seeds=%d store=%s: fore-play start" % (
            width, seeds, "-" if store is None else store)
        if seeds != 2:
            label += " (the kucheleka sets the loser's row to 2 a hole, the default --seeds)"
        cases.append(("isolo", {}, label, fore_start(width, seeds, store), None))
    # Hand-picked.
    cases.append(("isolo", {}, "isolo 2x8: the start after 7 (rule 7) and 8; South's h never "
                  "ends (its first repeated lap-start state comes after 10,813 laps)",
                  "0,0,2,0,2,1,3,3/5,1,4,4,3,3,0,3 S phase=fore store=-,-", None))
    cases.append(("isolo", {}, "isolo width=3 store=1: after 3 3, North won the fore-play "
                  "(South's store is empty) and arranges 1..7 seeds (119 arrangements)",
                  "1,3,3/2,2,2 N phase=set", None))
    cases.append(("isolo", {}, "isolo width=3 store=3: after 1, North's row was emptied; South "
                  "arranges 1..13 seeds (559 arrangements)", "2,2,2/4,8,1 S phase=set", None))
    # phase=set positions from random fore-play.
    cases.append(("isolo", {}, "isolo 2x8: South won the fore-play and arranges 1..3 seeds "
                  "(164 arrangements; hand-made)", "2,2,2,2,2,2,2,2/0,0,1,0,0,0,2,0 S phase=set",
                  None))
    for width, store, seed, max_moves in ((4, 2, 11, 400),):
        g = Isolo(width, 2, store)
        for names, text in pick_set(g, g.start(), seed, max_moves, count=1):
            cases.append(("isolo", {}, "isolo width=%d store=%d: random fore-play (seed %d), "
                          "moves %s: the kucheleka" % (width, store, seed, " ".join(names)),
                          text, None))
    # Main-game starts.
    for width in (4, 8):
        g = Isolo(width)
        cases.append(("isolo", {}, "isolo width=%d seeds=2: main-game start (--phase main)"
                      % width, g.format(g.start("main")), None))
    # Main-game positions from random play through the fore-play and the kucheleka.
    for width, store, seed, these in ((4, 2, 21, ["rule4-H", "no-move"]),
                                      (5, 3, 22, ["rule3-A", "never-ending"]),
                                      (8, None, 23, ["rule4-end", "resow-capture"])):
        g = Isolo(width, 2, store)
        for want, names, text in pick(g, g.start(), seed, these, phase="main"):
            cases.append(("isolo", {}, "isolo width=%d store=%s: random play (seed %d), %s, moves %s"
                          % (width, "-" if store is None else store, seed, FEATURE_WORDS[want],
                             " ".join(names)), text, None))
    # Fore-play positions from random play.
    for width, store, seed, these in ((4, None, 31, ["kucheleka"]), (5, 3, 32, ["rule7"])):
        g = Isolo(width, 2, store)
        for want, names, text in pick(g, g.start(), seed, these, phase="fore"):
            cases.append(("isolo", {}, "isolo width=%d store=%s: random fore-play (seed %d), %s, "
                          "moves %s" % (width, "-" if store is None else store, seed,
                                        FEATURE_WORDS[want], " ".join(names)), text, None))
    # main-first=winner.
    win = {"main-first": "winner"}
    cases.append(("isolo", win, "isolo width=3 store=2 main-first=winner: fore-play start",
                  fore_start(3, 2, 2), None))
    cases.append(("isolo", win, "isolo main-first=winner: the kucheleka above, North (the "
                  "winner) moves first in the main game", "1,3,3/2,2,2 N phase=set", None))
    return cases


def isolo_ii_cases():
    cases = []
    for width, seeds in ((2, 1), (2, 2), (3, 1), (4, 1), (2, 4)):
        g = IsoloII(width, seeds)
        label = "isolo-ii width=%d seeds=%d: setup start" % (width, seeds)
        if 4 * seeds > 12:
            label += " (max-hole 12 binds: %d seeds over %d holes)" % (2 * width * seeds, 2 * width)
        cases.append(("isolo-ii", {}, label, g.format(g.start()), None))
    # North to arrange: South's arrangement from random play.
    for width, seeds, seed in ((3, 1, 41), (2, 4, 43)):
        g = IsoloII(width, seeds)
        for names, text in pick_set(g, g.start(), seed, 10 ** 6, count=1):
            cases.append(("isolo-ii", {}, "isolo-ii width=%d seeds=%d: South arranged (%s), North "
                          "to arrange%s" % (width, seeds, " ".join(names),
                                            " (max-hole binds)" if 4 * seeds > 12 else ""),
                          text, None))
    for width in (3, 4):
        g = IsoloII(width)
        cases.append(("isolo-ii", {}, "isolo-ii width=%d seeds=2: play start (--phase play)"
                      % width, g.format(g.start("play")), None))
    cases.append(("isolo-ii", {}, "isolo-ii width=2: after b1 b2 f1 f2 from the play start; "
                  "South's b1 and f2 never end", "1,1/0,1/1,6/0,6 S phase=play", None))
    for width, seeds, seed, wants in ((2, 2, 51, ["resow-capture"]), (3, 2, 52, ["relay-capture"]),
                                      (4, 2, 53, ["capture"]), (4, 1, 54, ["never-ending"])):
        g = IsoloII(width, seeds)
        for want, names, text in pick(g, g.start(), seed, wants, phase="play", min_ply=4):
            cases.append(("isolo-ii", {}, "isolo-ii width=%d seeds=%d: random play (seed %d), "
                          "%s, moves %s" % (width, seeds, seed, FEATURE_WORDS[want],
                                            " ".join(names)), text, None))
    return cases


def write_perft(jobs):
    cases = isolo_cases() + isolo_ii_cases()
    t0 = time.time()
    # Longest first (the fore-play starts and the setups), for the pool.
    with multiprocessing.Pool(jobs) as pool:
        results = []
        for i, r in enumerate(pool.imap(perft_series, cases, chunksize=1)):
            sys.stderr.write("%3d %6.1fs %s %s\n" % (i, r[2], cases[i][3], r[0][-1:]))
            results.append(r)
    lines_total = 0
    for variant, order in (("isolo", ISOLO_ORDER), ("isolo-ii", ISOLO_II_ORDER)):
        out = [
            "# Perft golden file for %s (format: tests/perft/README.md)." % variant,
            "# Source: the independent Python reference tools/reference/isolo_ref.py, written from",
            "# docs/RULES.md, docs/variants/%s.md, docs/NOTATION.md and Chaplin (1956) without" % variant,
            "# the Rust code; regenerate with tools/reference/make_isolo_perft.py.",
            "# Every position spells out every field of the variant.  Not in the text, and the",
            "# defaults here: " + ("--seeds 2 (the loser's row after the kucheleka)."
                                   if variant == "isolo" else "--max-hole 12."),
            "# Each comment line names what happens below the position (in the perft tree).",
            "variant %s" % variant,
        ]
        current = None
        for case, (series, events, seconds) in zip(cases, results):
            if case[0] != variant or not series:
                continue
            _, rules, comment, text, _ = case
            words = [FEATURE_WORDS[e] for e in order if e in events]
            out.append("")
            out.append("# " + comment)
            out.append("# below: " + ", ".join(words))
            rule_words = ["%s=%s" % kv for kv in sorted(rules.items())]
            if rule_words != current:
                out.append("rules " + " ".join(rule_words) if rule_words else "rules")
                current = rule_words
            out.append("position " + text)
            # Depth 1 and the two deepest (the golden file stays short).
            for depth, nodes in series:
                if depth == 1 or depth >= series[-1][0] - 1:
                    out.append("perft %d %d" % (depth, nodes))
                    lines_total += 1
        path = ROOT / "tests" / "perft" / ("%s.perft" % variant)
        path.write_text("\n".join(out) + "\n")
    sys.stderr.write("perft: %d lines in %.0f s\n" % (lines_total, time.time() - t0))


# ---------------------------------------------------------------- play.txt


def write_play():
    lines = []
    rng = random.Random(2024)
    # (game, rules text, start, games, lines wanted)
    plan = []
    for width, store, rules in ((3, 2, {}), (4, 3, {}), (5, None, {}), (8, None, {}),
                                (8, 2, {}), (4, 2, {"main-first": "winner"})):
        g = Isolo(width, 2, store, rules)
        plan.append((g, rules, g.start(), 33))
    for width, seeds, phase in ((2, 2, "setup"), (3, 2, "setup"), (4, 2, "setup"),
                                (3, 1, "setup"), (4, 2, "play")):
        g = IsoloII(width, seeds)
        plan.append((g, {}, g.start(phase), 22))
    for game, rules, start, want in plan:
        rule_text = " ".join("%s=%s" % kv for kv in sorted(rules.items()))
        buckets = {"arrange": [], "fore": [], "rare": [], "common": []}
        seen = set()
        for _ in range(12):
            for names, pos, triples in random_game(game, start, rng, plies=40, bias=0.7,
                                                   small_set=0):
                for name, child, ev in triples:
                    line = "%s|%s|%s|%s|%s" % (game.name, rule_text, game.format(pos), name,
                                               game.format(child))
                    if line in seen:
                        continue
                    seen.add(line)
                    if pos.phase in ("set", "setup"):
                        buckets["arrange"].append(line)
                    elif ev & RARE:
                        buckets["rare"].append(line)
                    elif pos.phase == "fore":
                        buckets["fore"].append(line)
                    else:
                        buckets["common"].append(line)
        # Per game: a few arrangements, fore-play moves, moves with rare events, the rest.
        chosen = []
        for bucket, share in (("arrange", 0.15), ("fore", 0.25), ("rare", 0.45)):
            k = min(len(buckets[bucket]), int(want * share))
            chosen += rng.sample(buckets[bucket], k)
        rest = [x for b in ("rare", "fore", "common", "arrange") for x in buckets[b]
                if x not in chosen]
        chosen += rng.sample(rest, min(len(rest), want - len(chosen)))
        lines += chosen
    # Check every line once more through the text interface.
    for line in lines:
        variant, rule_text, before, move, after = line.split("|")
        rules = dict(w.split("=") for w in rule_text.split()) if rule_text else {}
        game = make(variant, rules)
        assert game.format(play(game, game.parse(before), move)) == after, line
    path = ROOT / "tests" / "isolo" / "play.txt"
    path.parent.mkdir(parents=True, exist_ok=True)
    header = [
        "# Moves of isolo and isolo-ii from seeded random games, one a line:",
        "#   variant|rules|position|move|resulting position",
        "# rules: space-separated name=value (empty: defaults).  Positions as docs/NOTATION.md.",
        "# Not in the text, and the defaults here: isolo --seeds 2 (the loser's row after the",
        "# kucheleka), isolo-ii --max-hole 12.  Source: tools/reference/isolo_ref.py",
        "# (regenerate with tools/reference/make_isolo_perft.py --play-only).",
    ]
    path.write_text("\n".join(header + lines) + "\n")
    sys.stderr.write("play: %d lines\n" % len(lines))


def main(argv):
    jobs = 2
    do_perft = do_play = True
    i = 0
    while i < len(argv):
        if argv[i] == "--jobs":
            jobs = int(argv[i + 1])
            i += 2
            continue
        if argv[i] == "--perft-only":
            do_play = False
        elif argv[i] == "--play-only":
            do_perft = False
        else:
            raise SystemExit("unknown argument %s" % argv[i])
        i += 1
    if do_play:
        write_play()
    if do_perft:
        write_perft(jobs)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
