#!/usr/bin/env python3
"""Slow, plain reference implementation of Kpo for three and four players.

Written from RULES.md (section "kpo for three and four players"), Culin's text
and docs/NOTATION-KPO-PLAYERS.md only, without the Rust code, so that the Rust
rules can be checked against it (perft golden files in tests/perft/players/).

Style, on purpose far from a bit-packed engine:

* the board is a plain list of pit counts in circuit order: index 0..W-1 is
  South's row from South's left to right, index W..2W-1 North's row from
  South's right to left (so index W is the North pit above South's rightmost);
* the owner of every index is computed once into a list;
* seeds are sown one at a time; every move copies the position.

Standard library only.  Run ``python3 kpo_players_ref.py --help``.
"""

import sys

OPTIONS = [("squeeze", ["mixed", "always", "never"]), ("empty", ["passes", "ends"])]


class RefError(Exception):
    """Bad input: one line on stderr, exit status 2."""


class Position:
    """Pits in circuit order, seeds taken by each player, the player to move (0-based)."""

    def __init__(self, pits, taken, to_move):
        self.pits = list(pits)
        self.taken = list(taken)
        self.to_move = to_move

    def copy(self):
        return Position(self.pits, self.taken, self.to_move)

    def __eq__(self, other):
        return (self.pits, self.taken, self.to_move) == (other.pits, other.taken, other.to_move)

    def __repr__(self):
        return "Position(%r, %r, %r)" % (self.pits, self.taken, self.to_move)


class Game:
    def __init__(self, players, width=None, seeds=None, rules=None):
        if players not in (3, 4):
            raise RefError("players must be 3 or 4, got %r" % players)
        self.players = players
        self.width = 6 if width is None else width
        self.seeds = 3 if seeds is None else seeds
        w = self.width
        if players == 3 and (w % 3 != 0 or w < 3 or w > 6):
            raise RefError("three players need a width of 3 or 6, got %d" % w)
        if players == 4 and (w % 2 != 0 or w < 2 or w > 8):
            raise RefError("four players need a width of 2, 4, 6 or 8, got %d" % w)
        if self.seeds < 1 or 2 * w * self.seeds > 255:
            raise RefError("bad seeds %d" % self.seeds)
        self.rules = {name: values[0] for name, values in OPTIONS}
        for text in rules or []:
            if "=" not in text:
                raise RefError("rule option %r is not name=value" % text)
            name, value = text.split("=", 1)
            allowed = dict(OPTIONS).get(name)
            if allowed is None:
                raise RefError("unknown rule option %r" % name)
            if value not in allowed:
                raise RefError("bad value %r for %s" % (value, name))
            self.rules[name] = value
        self.n = 2 * w
        # owner[i]: the player owning circuit index i.
        self.owner = []
        for i in range(self.n):
            if players == 3:
                # Columns as South sees them: index i < W is column i, else 2W-1-i.
                column = i if i < w else 2 * w - 1 - i
                self.owner.append(column // (w // 3))
            else:
                self.owner.append(i // (w // 2))
        # own[p]: player p's circuit indices in increasing order (his pits 1, 2, ...).
        self.own = [[i for i in range(self.n) if self.owner[i] == p] for p in range(players)]

    # ---------------------------------------------------------------- text

    def start(self):
        return Position([self.seeds] * self.n, [0] * self.players, 0)

    def format(self, pos):
        w = self.width
        north = [pos.pits[2 * w - 1 - c] for c in range(w)]
        south = [pos.pits[c] for c in range(w)]
        return "%s/%s P%d captured=%s" % (
            ",".join(map(str, north)),
            ",".join(map(str, south)),
            pos.to_move + 1,
            ",".join(map(str, pos.taken)),
        )

    def parse(self, text):
        words = text.split()
        if not words:
            raise RefError("empty position")
        rows = words[0].split("/")
        if len(rows) != 2:
            raise RefError("expected two rows")
        cells = []
        for row in rows:
            r = [int(x) for x in row.split(",")]
            if len(r) != self.width:
                raise RefError("a row has %d pits, expected %d" % (len(r), self.width))
            if any(x < 0 for x in r):
                raise RefError("negative count")
            cells.append(r)
        north, south = cells
        pits = [0] * self.n
        for c in range(self.width):
            pits[c] = south[c]
            pits[2 * self.width - 1 - c] = north[c]
        if len(words) < 2 or not words[1].startswith("P"):
            raise RefError("missing seat to move")
        seat = int(words[1][1:]) - 1
        if not 0 <= seat < self.players:
            raise RefError("no such seat %s" % words[1])
        taken = [0] * self.players
        for field in words[2:]:
            key, _, value = field.partition("=")
            if key != "captured":
                raise RefError("unknown field %r" % key)
            taken = [int(x) for x in value.split(",")]
            if len(taken) != self.players:
                raise RefError("captured needs %d counts" % self.players)
        if sum(pits) > 255:
            raise RefError("too many seeds")
        return self.settle(Position(pits, taken, seat))

    # ---------------------------------------------------------------- rules

    def holds(self, pos, player):
        return sum(pos.pits[i] for i in self.own[player])

    def settle(self, pos):
        """The turn passes on from pos.to_move while the rules say so.

        "A player with no seed in his pits passes": with empty=passes the turn goes
        to the next player in order who has seeds, unless the game is over.
        """
        if self.is_over(pos):
            return pos
        while self.holds(pos, pos.to_move) == 0:
            pos.to_move = (pos.to_move + 1) % self.players
        return pos

    def is_over(self, pos):
        # "The game ends when, at the start of a turn, at most one player has seeds."
        with_seeds = sum(1 for p in range(self.players) if self.holds(pos, p) > 0)
        if with_seeds <= 1:
            return True
        # empty=ends: the game ends as soon as the player to move has no seed.
        if self.rules["empty"] == "ends" and self.holds(pos, pos.to_move) == 0:
            return True
        return False

    def final_score(self, pos):
        """Each player takes the seeds in his own pits."""
        return [pos.taken[p] + self.holds(pos, p) for p in range(self.players)]

    def legal_moves(self, pos):
        """Move names in the fixed order: pit 1 ccw, pit 1 cw, pit 2 ccw, ..."""
        if self.is_over(pos):
            return []
        out = []
        for k, i in enumerate(self.own[pos.to_move]):
            if pos.pits[i] > 0:
                out.append("%d+ccw" % (k + 1))
                out.append("%d+cw" % (k + 1))
        return out

    def apply(self, pos, name):
        if name not in self.legal_moves(pos):
            raise RefError("illegal move %r in %s" % (name, self.format(pos)))
        number, direction = name.split("+")
        step = 1 if direction == "ccw" else -1
        mover = pos.to_move
        origin = self.own[mover][int(number) - 1]
        child = pos.copy()
        hand = child.pits[origin]
        child.pits[origin] = 0
        here = origin
        # "His play ends when the pieces first taken up are played": one lap, and the
        # origin gets a seed like any other pit when the lap comes round to it.
        while hand > 0:
            here = (here + step) % self.n
            child.pits[here] += 1
            hand -= 1
        # "He wins when the number in the last hole is increased to two or to three."
        if child.pits[here] in (2, 3):
            child.taken[mover] += child.pits[here]
            child.pits[here] = 0
            # "he takes those in the next hole forward" ... "this can only be done when
            # one of the pieces is in one of the player's own cups and the other one or
            # two in that of an opponent".
            nxt = (here + step) % self.n
            squeeze = self.rules["squeeze"]
            mine_last = self.owner[here] == mover
            mine_next = self.owner[nxt] == mover
            if squeeze == "always" or (squeeze == "mixed" and mine_last != mine_next):
                child.taken[mover] += child.pits[nxt]
                child.pits[nxt] = 0
        child.to_move = (mover + 1) % self.players
        return self.settle(child)

    def perft(self, pos, depth):
        if depth == 0:
            return 1
        total = 0
        for m in self.legal_moves(pos):
            total += self.perft(self.apply(pos, m), depth - 1)
        return total


def parse_args(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        print("usage: kpo_players_ref.py start|moves|play|perft --players 3|4 [--width W]"
              " [--seeds S] [--rule name=value]... [--position TEXT] [--depth D] [MOVE...]")
        sys.exit(0)
    cmd = argv[0]
    opts = {"players": None, "width": None, "seeds": None, "rules": [], "position": None,
            "depth": None, "moves": []}
    i = 1
    while i < len(argv):
        a = argv[i]
        if a in ("--players", "--width", "--seeds", "--depth"):
            opts[a[2:]] = int(argv[i + 1])
            i += 2
        elif a == "--rule":
            opts["rules"].append(argv[i + 1])
            i += 2
        elif a == "--position":
            opts["position"] = argv[i + 1]
            i += 2
        else:
            opts["moves"].append(a)
            i += 1
    return cmd, opts


def main(argv):
    try:
        cmd, o = parse_args(argv)
        width = o["width"]
        if o["position"] and width is None:
            width = len(o["position"].split()[0].split("/")[0].split(","))
        g = Game(o["players"], width, o["seeds"], o["rules"])
        pos = g.parse(o["position"]) if o["position"] else g.start()
        if cmd == "start":
            print(g.format(pos))
        elif cmd == "moves":
            print(" ".join(g.legal_moves(pos)))
        elif cmd == "play":
            for m in o["moves"]:
                pos = g.apply(pos, m)
            print(g.format(pos))
            if g.is_over(pos):
                print(" ".join("P%d=%d" % (p + 1, s) for p, s in enumerate(g.final_score(pos))))
        elif cmd == "perft":
            print(g.perft(pos, o["depth"]))
        else:
            raise RefError("unknown command %r" % cmd)
    except (RefError, ValueError, IndexError) as e:
        sys.stderr.write("error: %s\n" % e)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
