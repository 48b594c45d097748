#!/usr/bin/env python3
"""Slow, plain reference implementation of the two-row mancala variants.

Variants: kalah, oware, warri, kale, kpo (see docs/DECISIONS-TWO-ROW.md).

This file is written to be obviously correct, not fast:

* the board is a plain Python list of pit counts in sowing order
  (index 0..W-1 = South's pits 1..W, index W..2W-1 = North's pits 1..W);
* seeds are sown one at a time in a loop;
* every move builds a fresh copy of the position.

It uses the standard library only.  Run ``python3 mancala_ref.py --help``.
"""

import json
import sys
import time

SOUTH = 0
NORTH = 1
SIDE_LETTER = {SOUTH: "S", NORTH: "N"}
LETTER_SIDE = {"S": SOUTH, "N": NORTH}

# Options of each variant: (name, [allowed values, default first]).
VARIANT_RULES = {
    "kalah": [("capture", ["empty", "nonempty"])],
    "oware": [("grandslam", ["illegal", "forfeit"])],
    "warri": [("chain", ["mixed", "uniform"]), ("starved", ["takes-all", "owner"])],
    "kale": [("chain", ["off", "on"])],
    "kpo": [],
}

MIN_WIDTH, MAX_WIDTH = 1, 8
MIN_SEEDS, MAX_SEEDS = 1, 6


class RefError(Exception):
    """Bad input: reported as one line on stderr with a non-zero exit."""


class Position:
    """A position: pits in sowing order, seeds taken per player, side to move.

    ``taken[p]`` is player p's captured count (capture variants) or his store
    (kalah).
    """

    def __init__(self, pits, taken, to_move):
        self.pits = list(pits)
        self.taken = list(taken)
        self.to_move = to_move

    def copy(self):
        return Position(self.pits, self.taken, self.to_move)

    def __eq__(self, other):
        return (self.pits == other.pits and self.taken == other.taken
                and self.to_move == other.to_move)

    def __repr__(self):
        return "Position(%r, %r, %r)" % (self.pits, self.taken, self.to_move)


class MoveInfo:
    """What happened during one move (for tests and for the Humpidge checks)."""

    def __init__(self):
        self.last_pit = None       # index of the pit (or -1 for a store) where the last seed fell
        self.seeds_taken = 0       # seeds captured by the mover in this move
        self.grand_slam = False    # oware: the capture would have taken the whole opposing side
        self.extra_turn = False    # kalah: last seed in own store, game not over
        self.ended_in_move = False # warri exhaustion / kalah empty side
        self.opponent_left = None  # seeds on the opponent's side after sowing and capture


class Game:
    def __init__(self, variant, width=None, seeds=None, rules=None):
        if variant not in VARIANT_RULES:
            raise RefError("unknown variant '%s' (expected one of: %s)"
                           % (variant, ", ".join(VARIANT_RULES)))
        self.variant = variant
        self.width = 6 if width is None else width
        self.seeds = 4 if seeds is None else seeds
        if not (MIN_WIDTH <= self.width <= MAX_WIDTH):
            raise RefError("invalid width %d: expected %d..%d" % (self.width, MIN_WIDTH, MAX_WIDTH))
        if not (MIN_SEEDS <= self.seeds <= MAX_SEEDS):
            raise RefError("invalid seeds %d: expected %d..%d" % (self.seeds, MIN_SEEDS, MAX_SEEDS))
        self.rules = {}
        for name, values in VARIANT_RULES[variant]:
            self.rules[name] = values[0]
        for name, value in (rules or {}).items():
            allowed = dict(VARIANT_RULES[variant])
            if name not in allowed:
                raise RefError("unknown rule '%s' for %s" % (name, variant))
            if value not in allowed[name]:
                raise RefError("invalid value '%s' for rule %s (expected %s)"
                               % (value, name, "|".join(allowed[name])))
            self.rules[name] = value

    # ------------------------------------------------------------ geometry

    def owner(self, index):
        """Who owns the pit at this index (SOUTH or NORTH)."""
        if index < self.width:
            return SOUTH
        return NORTH

    def side_indices(self, player):
        """Indices of a player's pits, his pit 1 first."""
        first = player * self.width
        return list(range(first, first + self.width))

    def pit_index(self, player, number):
        """Index of a player's pit number (1..W, counted from his own left)."""
        return player * self.width + (number - 1)

    def opposite(self, index):
        """The pit facing this one across the board."""
        return 2 * self.width - 1 - index

    def side_total(self, pits, player):
        total = 0
        for i in self.side_indices(player):
            total += pits[i]
        return total

    # ------------------------------------------------------------ positions

    def start(self):
        return Position([self.seeds] * (2 * self.width), [0, 0], SOUTH)

    def field_name(self):
        if self.variant == "kalah":
            return "stores"
        return "captured"

    def format(self, pos):
        W = self.width
        north = [pos.pits[i] for i in self.side_indices(NORTH)]
        north.reverse()  # North's pit W first, as South sees the row
        south = [pos.pits[i] for i in self.side_indices(SOUTH)]
        return "%s/%s %s %s=%d,%d" % (
            ",".join(str(n) for n in north),
            ",".join(str(n) for n in south),
            SIDE_LETTER[pos.to_move],
            self.field_name(), pos.taken[SOUTH], pos.taken[NORTH])

    def parse(self, text, width_given=False):
        """Parse position text.  Sets self.width from the rows.

        If ``width_given`` the rows must have that width.
        """
        tokens = text.split()
        if len(tokens) < 2:
            raise RefError("invalid position: expected '<north row>/<south row> <S|N> [key=value ...]'")
        rows = tokens[0].split("/")
        if len(rows) != 2:
            raise RefError("invalid position: %d rows, expected 2" % len(rows))
        counts = []
        for r, row in enumerate(rows):
            cells = row.split(",")
            values = []
            for c, cell in enumerate(cells):
                if not cell.isdigit():
                    raise RefError("invalid position: row %d pit %d is '%s', not a count" % (r + 1, c + 1, cell))
                values.append(int(cell))
            counts.append(values)
        width = len(counts[0])
        if len(counts[1]) != width:
            raise RefError("invalid position: row 2 has %d pits, expected %d" % (len(counts[1]), width))
        if width_given and width != self.width:
            raise RefError("invalid position: rows have %d pits, but --width is %d" % (width, self.width))
        if not (MIN_WIDTH <= width <= MAX_WIDTH):
            raise RefError("invalid position: width %d, expected %d..%d" % (width, MIN_WIDTH, MAX_WIDTH))
        self.width = width
        north_as_seen = counts[0]
        south = counts[1]
        north = list(north_as_seen)
        north.reverse()  # now North's pit 1 first
        pits = south + north
        side = tokens[1]
        if side not in LETTER_SIDE:
            raise RefError("invalid position: side to move is '%s', expected S or N" % side)
        taken = [0, 0]
        seen = set()
        for field in tokens[2:]:
            if "=" not in field:
                raise RefError("invalid position: field '%s' is not key=value" % field)
            key, value = field.split("=", 1)
            allowed = ["captured"]
            if self.variant == "kalah":
                allowed = ["stores", "captured"]
            if key not in allowed:
                raise RefError("invalid position: unknown field '%s' for %s" % (key, self.variant))
            if "taken" in seen:
                raise RefError("invalid position: field '%s' given twice" % key)
            seen.add("taken")
            parts = value.split(",")
            if len(parts) != 2 or not parts[0].isdigit() or not parts[1].isdigit():
                raise RefError("invalid position: field %s=%s, expected %s=<S>,<N>" % (key, value, key))
            taken = [int(parts[0]), int(parts[1])]
        return Position(pits, taken, LETTER_SIDE[side])

    # ------------------------------------------------------------ one move

    def apply(self, pos, number):
        """Play the mover's pit `number` (1..W) without the legality filter.

        Returns (new position, MoveInfo).  The pit must hold seeds.
        """
        if self.variant == "kalah":
            return self._apply_kalah(pos, number)
        return self._apply_capture_game(pos, number)

    def _sow_around(self, pits, origin, skip_origin):
        """Sow the seeds of `origin` one by one anti-clockwise; return last index."""
        seeds = pits[origin]
        pits[origin] = 0
        here = origin
        while seeds > 0:
            here = here + 1
            if here == 2 * self.width:
                here = 0
            if here == origin and skip_origin:
                continue  # a lap of 2W or more passes over the origin pit
            pits[here] = pits[here] + 1
            seeds = seeds - 1
        return here

    def _apply_capture_game(self, pos, number):
        variant = self.variant
        mover = pos.to_move
        opponent = 1 - mover
        origin = self.pit_index(mover, number)
        before = list(pos.pits)       # counts before the move (kale looks at them)
        pits = list(pos.pits)
        taken = list(pos.taken)
        info = MoveInfo()
        seeds_lifted = pits[origin]
        assert seeds_lifted > 0

        skip_origin = variant in ("oware", "warri", "kale")
        last = self._sow_around(pits, origin, skip_origin)
        info.last_pit = last

        to_take = []  # indices of pits the mover captures
        if variant in ("oware", "warri"):
            if self.owner(last) == opponent and pits[last] in (2, 3):
                uniform = variant == "warri" and self.rules["chain"] == "uniform"
                first_opp = self.pit_index(opponent, 1)
                i = last
                while True:
                    if uniform and pits[i] != pits[last]:
                        break
                    if pits[i] not in (2, 3):
                        break
                    to_take.append(i)
                    if i == first_opp:
                        break
                    i = i - 1
            if variant == "oware" and to_take:
                captured_total = 0
                for i in to_take:
                    captured_total += pits[i]
                if captured_total == self.side_total(pits, opponent):
                    # Grand slam: the move is played but captures nothing.
                    info.grand_slam = True
                    to_take = []
        elif variant == "kale":
            exception = (seeds_lifted == 1 and number == self.width
                         and last == self.pit_index(opponent, 1))
            if (self.owner(last) == opponent and before[last] in (1, 2)
                    and not exception):
                to_take.append(last)
                if self.rules["chain"] == "on":
                    first_opp = self.pit_index(opponent, 1)
                    i = last
                    while i != first_opp:
                        i = i - 1
                        if before[i] in (1, 2):
                            to_take.append(i)
                        else:
                            break
        elif variant == "kpo":
            if pits[last] in (2, 3):
                to_take.append(last)

        for i in to_take:
            taken[mover] += pits[i]
            info.seeds_taken += pits[i]
            pits[i] = 0

        info.opponent_left = self.side_total(pits, opponent)

        if variant == "warri":
            on_board = 0
            for n in pits:
                on_board += n
            if on_board <= 4:
                # End by exhaustion: each player takes the seeds on his side.
                for i in range(2 * self.width):
                    taken[self.owner(i)] += pits[i]
                    pits[i] = 0
                info.ended_in_move = True

        return Position(pits, taken, opponent), info

    def _apply_kalah(self, pos, number):
        W = self.width
        mover = pos.to_move
        opponent = 1 - mover
        origin = self.pit_index(mover, number)
        pits = list(pos.pits)
        taken = list(pos.taken)
        info = MoveInfo()
        STORE = -1
        # The mover's sowing circuit: all pits in order with his own store
        # after his own pit W; the opponent's store is not in it.
        circuit = []
        for i in range(2 * W):
            circuit.append(i)
            if i == self.pit_index(mover, W):
                circuit.append(STORE)
        step = circuit.index(origin)
        seeds = pits[origin]
        assert seeds > 0
        pits[origin] = 0
        while seeds > 0:
            step = step + 1
            if step == len(circuit):
                step = 0
            slot = circuit[step]
            if slot == STORE:
                taken[mover] += 1
            else:
                pits[slot] += 1
            seeds = seeds - 1
        last = circuit[step]
        info.last_pit = last

        if last != STORE and self.owner(last) == mover and pits[last] == 1:
            facing = self.opposite(last)
            if self.rules["capture"] == "empty" or pits[facing] > 0:
                gain = pits[last] + pits[facing]
                taken[mover] += gain
                info.seeds_taken = gain
                pits[last] = 0
                pits[facing] = 0

        game_over = False
        if self.side_total(pits, SOUTH) == 0 or self.side_total(pits, NORTH) == 0:
            # The player whose side is not empty puts its seeds in his store.
            for i in range(2 * W):
                taken[self.owner(i)] += pits[i]
                pits[i] = 0
            game_over = True
            info.ended_in_move = True

        if last == STORE and not game_over:
            info.extra_turn = True
            next_player = mover
        else:
            next_player = opponent
        return Position(pits, taken, next_player), info

    # ------------------------------------------------------------ legality

    def legal_moves(self, pos):
        """List of (move name, child position), in increasing pit order.

        Empty exactly when the game is over at the start of this turn.
        """
        mover = pos.to_move
        opponent = 1 - mover
        result = []
        if self.variant == "warri" and sum(pos.pits) <= 4:
            # "The game is finished when there are four or fewer pieces on the board":
            # however the position arose.
            return result
        for number in range(1, self.width + 1):
            if pos.pits[self.pit_index(mover, number)] == 0:
                continue
            child, info = self.apply(pos, number)
            if self.variant == "oware":
                if self.rules["grandslam"] == "illegal" and info.grand_slam:
                    continue
                if self.side_total(child.pits, opponent) == 0:
                    continue
            elif self.variant == "warri":
                if not self._warri_feeds(pos, number, info, child):
                    continue
            result.append((str(number), child))
        return result

    def _warri_feeds(self, pos, number, info, child):
        """Does this warri move leave the opponent a seed?

        Judged on the board after sowing and capture, before an end by
        exhaustion moves the last seeds off the board.
        """
        return info.opponent_left > 0

    def play(self, pos, name):
        for move, child in self.legal_moves(pos):
            if move == name:
                return child
        legal = [m for m, _ in self.legal_moves(pos)]
        if not legal:
            raise RefError("illegal move '%s': the game is over" % name)
        raise RefError("illegal move '%s' in %s (legal: %s)"
                       % (name, self.format(pos), " ".join(legal)))

    # ------------------------------------------------------------ end of game

    def is_over(self, pos):
        return len(self.legal_moves(pos)) == 0

    def final_score(self, pos):
        """Final seed totals [S, N] of a finished game (the position where the
        player to move cannot move)."""
        assert self.is_over(pos)
        mover = pos.to_move
        opponent = 1 - mover
        score = list(pos.taken)
        on_side = [self.side_total(pos.pits, SOUTH), self.side_total(pos.pits, NORTH)]
        if self.variant in ("kalah", "kpo"):
            score[SOUTH] += on_side[SOUTH]
            score[NORTH] += on_side[NORTH]
        elif self.variant == "oware":
            # No seed: the opponent takes the seeds left. Seeds but no legal move: the
            # mover takes all the seeds left.
            remaining = on_side[SOUTH] + on_side[NORTH]
            if on_side[mover] == 0:
                score[opponent] += remaining
            else:
                score[mover] += remaining
        elif self.variant == "kale":
            pass  # seeds left on the board are not counted
        elif self.variant == "warri":
            if self.rules["starved"] == "owner" or sum(pos.pits) <= 4:
                score[SOUTH] += on_side[SOUTH]
                score[NORTH] += on_side[NORTH]
            else:
                remaining = on_side[SOUTH] + on_side[NORTH]
                if on_side[mover] == 0:
                    score[mover] += remaining      # (a) the mover has no seed
                else:
                    score[opponent] += remaining   # (b) no move leaves the opponent a seed
        return score

    # ------------------------------------------------------------ perft

    def perft(self, pos, depth):
        if depth == 0:
            return 1
        moves = self.legal_moves(pos)
        if depth == 1:
            return len(moves)
        total = 0
        for _, child in moves:
            total += self.perft(child, depth - 1)
        return total


# ---------------------------------------------------------------- command line

USAGE = """usage:
  mancala_ref.py perft <variant> [--width W] [--seeds S] [--rule name=value ...] [--position TEXT] --depth D [--json]
  mancala_ref.py play  <variant> [--width W] [--seeds S] [--rule name=value ...] [--position TEXT] MOVE... [--json]
  mancala_ref.py moves <variant> [--width W] [--seeds S] [--rule name=value ...] [--position TEXT] [--json]
variants: kalah (capture=empty|nonempty), oware (grandslam=illegal|forfeit),
          warri (chain=mixed|uniform, starved=takes-all|owner), kale (chain=off|on), kpo"""


def parse_int(text, what):
    if not text.isdigit():
        raise RefError("invalid %s '%s': expected a number" % (what, text))
    return int(text)


def parse_args(argv):
    if len(argv) < 2 or argv[0] in ("-h", "--help"):
        print(USAGE)
        sys.exit(0 if argv and argv[0] in ("-h", "--help") else 2)
    command = argv[0]
    if command not in ("perft", "play", "moves"):
        raise RefError("unknown command '%s' (expected perft, play or moves)" % command)
    args = {"command": command, "variant": argv[1], "width": None, "seeds": None,
            "rules": {}, "position": None, "depth": None, "moves": [], "json": False}
    i = 2
    while i < len(argv):
        a = argv[i]
        if a in ("--width", "--seeds", "--rule", "--position", "--depth"):
            if i + 1 >= len(argv):
                raise RefError("option %s needs a value" % a)
            value = argv[i + 1]
            i += 2
            if a == "--width":
                args["width"] = parse_int(value, "width")
            elif a == "--seeds":
                args["seeds"] = parse_int(value, "seeds")
            elif a == "--depth":
                args["depth"] = parse_int(value, "depth")
            elif a == "--position":
                args["position"] = value
            elif a == "--rule":
                if "=" not in value:
                    raise RefError("invalid rule '%s': expected name=value" % value)
                name, val = value.split("=", 1)
                args["rules"][name] = val
        elif a == "--json":
            args["json"] = True
            i += 1
        elif a.startswith("--"):
            raise RefError("unknown option '%s'" % a)
        else:
            args["moves"].append(a)
            i += 1
    if command != "play" and args["moves"]:
        raise RefError("unexpected argument '%s'" % args["moves"][0])
    if command == "perft" and args["depth"] is None:
        raise RefError("perft needs --depth D")
    return args


def setup(args):
    game = Game(args["variant"], args["width"], args["seeds"], args["rules"])
    if args["position"] is None:
        pos = game.start()
    else:
        pos = game.parse(args["position"], width_given=args["width"] is not None)
    return game, pos


def main(argv):
    args = parse_args(argv)
    game, pos = setup(args)
    if args["command"] == "perft":
        t0 = time.time()
        nodes = game.perft(pos, args["depth"])
        if args["json"]:
            print(json.dumps({"variant": game.variant, "depth": args["depth"], "nodes": nodes,
                              "seconds": round(time.time() - t0, 3)}))
        else:
            print(nodes)
    elif args["command"] == "moves":
        moves = [m for m, _ in game.legal_moves(pos)]
        if args["json"]:
            print(json.dumps({"variant": game.variant, "position": game.format(pos), "moves": moves}))
        else:
            print(" ".join(moves))
    elif args["command"] == "play":
        for name in args["moves"]:
            pos = game.play(pos, name)
        over = game.is_over(pos)
        result = None
        if over:
            score = game.final_score(pos)
            winner = None
            if score[SOUTH] > score[NORTH]:
                winner = "S"
            elif score[NORTH] > score[SOUTH]:
                winner = "N"
            result = {"winner": winner, "score": {"S": score[SOUTH], "N": score[NORTH]}}
        if args["json"]:
            print(json.dumps({"variant": game.variant, "position": game.format(pos),
                              "to_move": SIDE_LETTER[pos.to_move],
                              "captured": {"S": pos.taken[SOUTH], "N": pos.taken[NORTH]},
                              "game_over": over, "result": result}))
        else:
            print(game.format(pos))
            if over:
                print("S=%d N=%d" % (result["score"]["S"], result["score"]["N"]))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except RefError as e:
        sys.stderr.write("error: %s\n" % e)
        sys.exit(1)
