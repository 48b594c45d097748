#!/usr/bin/env python3
"""Independent reference of mulabalaba, the Lozi three-in-a-row game (Chaplin 1956), written
from docs/RULES.md ("mulabalaba-morris") and docs/NOTATION.md without the Rust code.

The board is built from Chaplin's description, "a pattern of three squares one inside the
other with the corners and midpoints of the sides joined by straight lines": points are grid
coordinates (x, y) around the centre, the squares at distance 1, 2 and 3; the lines of three
are the sides of the squares and the straight lines through the three squares' midpoints and
corners. Two points are adjacent when they stand next to each other on a line.

    python3 morris_ref.py start [--counters N] [--variant nine-mens-morris]
    python3 morris_ref.py moves [--position "TEXT"] [--rule protect=on] [--json]
    python3 morris_ref.py play  [--position "TEXT"] MOVE... [--json]
    python3 morris_ref.py perft [--position "TEXT"] --depth D [--json]

Position text: the three squares outer/middle/inner, each eight points from its bottom-left
corner up the left side and round clockwise ('S', 'N' or '.'), the side to move, then
hand=S,N and captured=S,N.  Moves: d2, d2-d3, with xg7 for a removal.

Rules (--rule NAME=VALUE): protect=off|on, blocked=loss|draw, diagonals=on|off,
corners=fly|step, fly=never|three. --variant nine-mens-morris starts from Gasser's rules
instead ("When a player has only three stones left, she may jump a stone to any vacant
point"; "any opponent's stone which is not part of a mill may be removed"): diagonals=off,
corners=step, fly=three, protect=on, nine counters.
"""

import json
import sys

# The side of square k runs through these offsets, from its bottom-left corner clockwise:
# corner, midpoint, corner, ... (the order of the position text).
RING = [(-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1)]
SQUARES = [3, 2, 1]  # outer, middle, inner


def name(pt):
    x, y = pt
    return "abcdefg"[x + 3] + str(y + 4)


POINTS = [(k * dx, k * dy) for k in SQUARES for dx, dy in RING]
NAMES = [name(p) for p in POINTS]


def build_lines(diagonals=True):
    lines = []
    for k in SQUARES:
        ring = [(k * dx, k * dy) for dx, dy in RING]
        for i in range(0, 8, 2):
            lines.append([ring[i], ring[i + 1], ring[(i + 2) % 8]])
    for dx, dy in RING:
        is_corner = dx != 0 and dy != 0
        if is_corner and not diagonals:
            continue
        lines.append([(k * dx, k * dy) for k in SQUARES])
    return [[name(p) for p in line] for line in lines]


def build_adjacency(lines):
    adj = {n: set() for n in NAMES}
    for a, b, c in lines:
        adj[a].add(b)
        adj[b].add(a)
        adj[b].add(c)
        adj[c].add(b)
    return adj


LINES = build_lines()
ADJ = build_adjacency(LINES)
# Nine men's morris: the board without the corner diagonals.
PLAIN_LINES = build_lines(diagonals=False)
PLAIN_ADJ = build_adjacency(PLAIN_LINES)

DEFAULTS = {
    "mulabalaba-morris": {"protect": "off", "blocked": "loss", "diagonals": "on",
                          "corners": "fly", "fly": "never"},
    "nine-mens-morris": {"protect": "on", "blocked": "loss", "diagonals": "off",
                         "corners": "step", "fly": "three"},
}
COUNTERS = {"mulabalaba-morris": 12, "nine-mens-morris": 9}


def effective(rules):
    """The rules in force: the variant's defaults (rules["variant"], mulabalaba unless
    given) overlaid with the options given."""
    rules = dict(rules or {})
    variant = rules.pop("variant", "mulabalaba-morris")
    out = dict(DEFAULTS[variant])
    for k, v in rules.items():
        if k not in out:
            raise RefError("unknown rule %r" % k)
        out[k] = v
    return out
OUTSIDE_CORNERS = {name((3 * dx, 3 * dy)) for dx, dy in RING if dx and dy}


class RefError(Exception):
    pass


class Pos:
    def __init__(self, board, to_move, hand, captured):
        self.board = dict(board)  # name -> 'S' | 'N' | '.'
        self.to_move = to_move
        self.hand = list(hand)
        self.captured = list(captured)

    def copy(self):
        return Pos(self.board, self.to_move, self.hand, self.captured)


def other(side):
    return "N" if side == "S" else "S"


def idx(side):
    return 0 if side == "S" else 1


def start(counters):
    return Pos({n: "." for n in NAMES}, "S", [counters, counters], [0, 0])


def fmt(pos):
    squares = ["".join(pos.board[n] for n in NAMES[8 * s:8 * s + 8]) for s in range(3)]
    return "%s %s hand=%d,%d captured=%d,%d" % (
        "/".join(squares), pos.to_move, pos.hand[0], pos.hand[1],
        pos.captured[0], pos.captured[1])


def parse(text, counters=None):
    words = text.split()
    if not words:
        raise RefError("empty position")
    squares = words[0].split("/")
    if len(squares) != 3 or any(len(s) != 8 for s in squares):
        raise RefError("the board is three squares of eight points")
    board = {}
    for s, sq in enumerate(squares):
        for i, c in enumerate(sq):
            if c not in "SN.":
                raise RefError("bad cell %r" % c)
            board[NAMES[8 * s + i]] = c
    if len(words) < 2 or words[1] not in ("S", "N"):
        raise RefError("side to move missing")
    hand = captured = None
    for w in words[2:]:
        k, _, v = w.partition("=")
        a, b = (int(x) for x in v.split(","))
        if k == "hand":
            hand = [a, b]
        elif k == "captured":
            captured = [a, b]
        else:
            raise RefError("unknown field %r" % w)
    if captured is None:
        captured = [0, 0]
    if hand is None:
        hand = [counters or 12] * 2
    return Pos(board, words[1], hand, captured)


def line_made(board, point, side, lines=LINES):
    return any(point in line and all(board[p] == side for p in line) for line in lines)


def game_over(pos):
    """None while play goes on, else the winner ('S', 'N') or 'draw'."""
    if pos.hand != [0, 0]:
        return None
    for side in (pos.to_move, other(pos.to_move)):
        if sum(1 for v in pos.board.values() if v == side) < 3:
            return other(side)
    return None


def moves(pos, rules=None):
    rules = effective(rules)
    lines, adj = (LINES, ADJ) if rules["diagonals"] == "on" else (PLAIN_LINES, PLAIN_ADJ)
    if game_over(pos) is not None:
        return []
    me, them = pos.to_move, other(pos.to_move)
    empty = [n for n in NAMES if pos.board[n] == "."]
    plays = []
    if pos.hand[idx(me)] > 0:
        plays = [(None, e) for e in empty]
    else:
        mine = [p for p in NAMES if pos.board[p] == me]
        flies = rules["fly"] == "three" and len(mine) == 3
        for p in mine:
            corner = rules["corners"] == "fly" and p in OUTSIDE_CORNERS
            for e in empty:
                if flies or corner or e in adj[p]:
                    plays.append((p, e))
    out = []
    for src, dst in plays:
        board = dict(pos.board)
        if src is not None:
            board[src] = "."
        board[dst] = me
        text = dst if src is None else "%s-%s" % (src, dst)
        if not line_made(board, dst, me, lines):
            out.append(text)
            continue
        theirs = [p for p in NAMES if board[p] == them]
        if rules.get("protect") == "on":
            free = [p for p in theirs if not line_made(board, p, them, lines)]
            if free:
                theirs = free
        if not theirs:
            out.append(text)
        for t in theirs:
            out.append("%sx%s" % (text, t))
    return out


def play(pos, text, rules=None):
    legal = moves(pos, rules)
    if text not in legal:
        raise RefError("illegal move %r in %s" % (text, fmt(pos)))
    return after(pos, text)


def after(pos, text):
    """The position after `text`, a move `moves` listed (not checked again)."""
    p = pos.copy()
    me = pos.to_move
    body, _, take = text.partition("x")
    if "-" in body:
        src, dst = body.split("-")
        p.board[src] = "."
    else:
        dst = body
        p.hand[idx(me)] -= 1
    p.board[dst] = me
    if take:
        p.board[take] = "."
        p.captured[idx(me)] += 1
    p.to_move = other(me)
    return p


def perft(pos, depth, rules=None):
    if depth == 0:
        return 1
    ms = moves(pos, rules)
    if depth == 1:
        return len(ms)
    return sum(perft(play(pos, m, rules), depth - 1, rules) for m in ms)


def main(argv):
    if not argv:
        print(__doc__)
        return 2
    cmd, rest = argv[0], argv[1:]
    counters, text, depth, rules, as_json, played = None, None, None, {}, False, []
    i = 0
    while i < len(rest):
        a = rest[i]
        if a == "--variant":
            rules["variant"] = rest[i + 1]
            i += 2
            continue
        if a in ("--counters", "--position", "--depth", "--rule"):
            v = rest[i + 1]
            i += 2
            if a == "--counters":
                counters = int(v)
            elif a == "--position":
                text = v
            elif a == "--depth":
                depth = int(v)
            else:
                k, _, val = v.partition("=")
                rules[k] = val
        elif a == "--json":
            as_json = True
            i += 1
        else:
            played.append(a)
            i += 1
    if counters is None:
        counters = COUNTERS[rules.get("variant", "mulabalaba-morris")]
    pos = start(counters) if text is None else parse(text, counters)
    if cmd == "start":
        print(fmt(pos))
    elif cmd == "moves":
        ms = moves(pos, rules)
        print(json.dumps({"position": fmt(pos), "moves": ms}) if as_json else " ".join(ms))
    elif cmd == "play":
        for m in played:
            pos = play(pos, m, rules)
        print(fmt(pos))
    elif cmd == "perft":
        print(perft(pos, depth, rules))
    else:
        raise RefError("unknown command %r" % cmd)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except RefError as e:
        sys.stderr.write("error: %s\n" % e)
        sys.exit(2)
