#!/usr/bin/env python3
"""Slow, plain reference implementation of the four-row games of Zambia.

Variants (docs/RULES.md, section "Four-row games of Zambia"; Chaplin 1956;
Mancala World for natatu): mulabalaba, toka, kanotta, nchuba, nakabili,
kabwanga, chisolo, natatu, chisolo-ii, mwambulula.

Written from the rules and notation contracts (docs/RULES.md, docs/NOTATION.md
with its four-row conventions) and the source texts only, without reading the
Rust implementation, so that the two can be cross-checked.  The readings taken where those texts leave a choice open are
listed in FOURROW-READINGS.md beside this file.

This file is written to be obviously correct, not fast:

* the board is four Python lists in the order of the position text (North
  back, North front, South front, South back), each left to right as South
  sees it, so a *file* (a column) is simply the same list index in all four
  rows;
* each player's sowing ring is a list of (row, column) pairs in his
  anti-clockwise order (own back row from his left to his right, then own
  front row from his right to his left); clockwise sowing walks the same list
  backwards;
* seeds are sown one at a time; every move builds a fresh copy of the
  position.

Standard library only.  Run ``python3 fourrow_ref.py --help``.
"""

import itertools
import json
import sys
import time

SOUTH = 0
NORTH = 1
SIDE_LETTER = {SOUTH: "S", NORTH: "N"}
LETTER_SIDE = {"S": SOUTH, "N": NORTH}

# Text rows.
N_BACK, N_FRONT, S_FRONT, S_BACK = 0, 1, 2, 3
BACK_ROW = {SOUTH: S_BACK, NORTH: N_BACK}
FRONT_ROW = {SOUTH: S_FRONT, NORTH: N_FRONT}

CCW = 1    # the normal ("anti-clockwise") direction: forwards along the ring
CW = -1    # clockwise: backwards along the ring
DIR_NAME = {CCW: "ccw", CW: "cw"}

# Default width, allowed widths of the source (for --width), seeds per full hole.
VARIANTS = {
    "mulabalaba": {"width": 6, "widths": [6, 8], "seeds": 2, "seeds_options": [2, 3]},
    "toka": {"width": 12, "widths": [12, 16], "seeds": 2},
    "kanotta": {"width": 8, "widths": [8], "seeds": 2},
    "nchuba": {"width": 16, "widths": [16], "seeds": 2},
    "nakabili": {"width": 8, "widths": [8], "seeds": 2},
    "kabwanga": {"width": 8, "widths": [8], "seeds": 2},
    "chisolo": {"width": 5, "widths": [5], "seeds": 3},
    "natatu": {"width": 7, "widths": [7, 8, 9, 10], "seeds": 3},
    "chisolo-ii": {"width": 5, "widths": [5], "seeds": 3},
    "mwambulula": {"width": 8, "widths": [8], "seeds": 2},
}
# Rule options (name, [values, default first]).
# "possible": how the singleton rule's "if possible" is read (FOURROW-READINGS.md 16):
# legal = a preferred single counts only if some sowing from it ends (else any single),
# board = the preferred singles are fixed from the counts (no fallback).
# "capture" (chisolo-ii, mwambulula): Chaplin's "may": must (always capture) or may
# (the mover chooses at each chance; declining relays).  "ahead" (kabwanga): the hole
# ahead is the next ring hole after any empty ending (circuit) or only a front hole's
# left-hand neighbour in the front row (front).
POSSIBLE = ("possible", ["legal", "board"])
VARIANT_RULES = {
    "mulabalaba": [POSSIBLE],
    "toka": [POSSIBLE],
    "kanotta": [POSSIBLE],
    "nchuba": [POSSIBLE],
    "nakabili": [POSSIBLE],
    "kabwanga": [("ahead", ["circuit", "front"]), POSSIBLE],
    "chisolo": [POSSIBLE],
    "chisolo-ii": [("singles", ["lozi", "free"]), ("capture", ["must", "may"]), POSSIBLE],
    "mwambulula": [("resow", ["continue", "end"]), ("singles", ["lozi", "free"]),
                   ("capture", ["must", "may"]), POSSIBLE],
}
# Under capture=may a move records at most this many choices; later chances capture.
MAX_CHOICES = 31
# Reduced boards: any width in this range is accepted (scaled start patterns,
# and positions given as text).
MIN_WIDTH, MAX_WIDTH = 2, 16

# The Lozi family: a lap ending in an occupied hole relays; in an empty hole
# it ends the move, with a capture (removed from the board) when the hole is
# an own front hole facing an occupied opponent front hole.
LOZI_FAMILY = ["mulabalaba", "toka", "kanotta", "nchuba", "nakabili", "kabwanga",
               "chisolo", "natatu"]
# Variants whose position text has a captured= field.
REMOVAL_GAMES = LOZI_FAMILY


class RefError(Exception):
    """Bad input: reported as one line on stderr with a non-zero exit."""


class Position:
    """A four-row position.

    rows      four lists (North back, North front, South front, South back),
              each left to right as South sees it
    to_move   SOUTH or NORTH
    captured  [S, N] seeds removed from the board by each player
    captures  [S, N] captures made so far (nchuba, nakabili)
    removed   [S, N] holes emptied in kanotta's setup phase
    direction natatu: North's chosen direction, CW, CCW or None (not chosen)
    stores    [S, N] mwambulula's stores
    emptied   [S, N] 1 once the player has made his store move (mwambulula)
    """

    def __init__(self, rows, to_move, captured=(0, 0), captures=(0, 0), removed=(0, 0),
                 direction=None, stores=(0, 0), emptied=(0, 0)):
        self.rows = [list(r) for r in rows]
        self.to_move = to_move
        self.captured = list(captured)
        self.captures = list(captures)
        self.removed = list(removed)
        self.direction = direction
        self.stores = list(stores)
        self.emptied = list(emptied)

    def copy(self):
        return Position(self.rows, self.to_move, self.captured, self.captures, self.removed,
                        self.direction, self.stores, self.emptied)

    def key(self):
        return (tuple(tuple(r) for r in self.rows), self.to_move, tuple(self.captured),
                tuple(self.captures), tuple(self.removed), self.direction,
                tuple(self.stores), tuple(self.emptied))

    def __eq__(self, other):
        return self.key() == other.key()

    def __repr__(self):
        return "Position(%r)" % (self.key(),)


class Game:
    def __init__(self, variant, width=None, seeds=None, rules=None):
        if variant not in VARIANTS:
            raise RefError("unknown variant '%s' (expected one of: %s)"
                           % (variant, ", ".join(VARIANTS)))
        self.variant = variant
        info = VARIANTS[variant]
        self.width = info["width"] if width is None else width
        if not (MIN_WIDTH <= self.width <= MAX_WIDTH):
            raise RefError("invalid width %d: expected %d..%d" % (self.width, MIN_WIDTH, MAX_WIDTH))
        self.seeds = info["seeds"] if seeds is None else seeds
        if seeds is not None and seeds not in info.get("seeds_options", [info["seeds"]]):
            raise RefError("invalid seeds %d for %s" % (seeds, variant))
        self.rules = {}
        for name, values in VARIANT_RULES.get(variant, []):
            self.rules[name] = values[0]
        for name, value in (rules or {}).items():
            allowed = dict(VARIANT_RULES.get(variant, []))
            if name not in allowed:
                raise RefError("unknown rule '%s' for %s" % (name, variant))
            if value not in allowed[name]:
                raise RefError("invalid value '%s' for rule %s (expected %s)"
                               % (value, name, "|".join(allowed[name])))
            self.rules[name] = value

    # ------------------------------------------------------------ geometry

    def text_col(self, player, column):
        """Text column (0-based, as South sees it) of a player's column c (1..W,
        counted from that player's own left)."""
        if player == SOUTH:
            return column - 1
        return self.width - column

    def own_column(self, player, col):
        """Inverse of text_col: column 1..W counted from player's left."""
        if player == SOUTH:
            return col + 1
        return self.width - col

    def ring(self, player):
        """The player's holes in anti-clockwise sowing order: b1..bW, fW..f1."""
        holes = []
        for c in range(1, self.width + 1):
            holes.append((BACK_ROW[player], self.text_col(player, c)))
        for c in range(self.width, 0, -1):
            holes.append((FRONT_ROW[player], self.text_col(player, c)))
        return holes

    def hole_name(self, mover, row, col):
        """Name of a hole as seen from the mover's seat (f3, b1, F3, B5)."""
        c = self.own_column(mover, col)
        if row == FRONT_ROW[mover]:
            return "f%d" % c
        if row == BACK_ROW[mover]:
            return "b%d" % c
        if row == FRONT_ROW[1 - mover]:
            return "F%d" % c
        return "B%d" % c

    def hole_sort_key(self, mover, row, col):
        """Canonical order of opponent holes in a name: B holes by column, then F holes."""
        c = self.own_column(mover, col)
        if row == BACK_ROW[1 - mover]:
            return (0, c)
        return (1, c)

    def seeds_on_side(self, pos, player):
        total = 0
        for row in (BACK_ROW[player], FRONT_ROW[player]):
            total += sum(pos.rows[row])
        return total

    def total_seeds(self, pos):
        total = sum(sum(r) for r in pos.rows)
        if self.variant in REMOVAL_GAMES:
            total += pos.captured[SOUTH] + pos.captured[NORTH]
        if self.variant == "mwambulula":
            total += pos.stores[SOUTH] + pos.stores[NORTH]
        return total

    # ------------------------------------------------------------ start

    def start_row_pattern(self, player_front):
        """Back and front rows of one player in HIS OWN column order (c = 1..W).

        Returns (back, front).  Chaplin / Mancala World, scaled to width W.
        """
        W = self.width
        s = self.seeds
        v = self.variant
        back = [s] * W
        front = [s] * W
        if v == "nchuba":
            # "Two beans in each hole of the back row only."
            front = [0] * W
        elif v == "nakabili":
            # "Two beans in each hole except the front left-hand hole which is left
            # empty, and the hole on the right of this which has one bean only."
            front[0] = 0
            front[1] = 1
        elif v == "kabwanga":
            # "two beans in the front right-hand hole, one bean in the hole next to
            # this, the remainder of the front row empty."
            front = [0] * W
            front[W - 1] = 2
            front[W - 2] = 1
        elif v == "natatu":
            # "The two rightmost holes of a player's inner row remain empty. The
            # adjacent hole contains one stone, the next one two stones and the
            # remaining holes three stones."
            from_right = [0, 0, 1, 2]
            for i in range(W):
                c = W - 1 - i      # i-th hole counted from the player's right
                front[c] = from_right[i] if i < len(from_right) else s
        elif v == "mwambulula":
            # "the front rows are at once cleared to make a store."
            front = [0] * W
        return back, front

    def start(self):
        rows = [[0] * self.width for _ in range(4)]
        stores = [0, 0]
        for p in (SOUTH, NORTH):
            back, front = self.start_row_pattern(p)
            for c in range(1, self.width + 1):
                rows[BACK_ROW[p]][self.text_col(p, c)] = back[c - 1]
                rows[FRONT_ROW[p]][self.text_col(p, c)] = front[c - 1]
            if self.variant == "mwambulula":
                stores[p] = self.seeds * self.width
        return Position(rows, SOUTH, stores=stores)

    # ------------------------------------------------------------ text

    def format(self, pos):
        text = "/".join(",".join(str(n) for n in row) for row in pos.rows)
        text += " " + SIDE_LETTER[pos.to_move]
        v = self.variant
        if v in REMOVAL_GAMES:
            text += " captured=%d,%d" % tuple(pos.captured)
        if v in ("nchuba", "nakabili"):
            text += " captures=%d,%d" % tuple(pos.captures)
        if v == "kanotta":
            text += " removed=%d,%d" % tuple(pos.removed)
        if v == "natatu":
            text += " dir=%s" % ("-" if pos.direction is None else DIR_NAME[pos.direction])
        if v == "mwambulula":
            text += " stores=%d,%d" % tuple(pos.stores)
            text += " emptied=%d,%d" % tuple(pos.emptied)
        return text

    def fields_of_variant(self):
        v = self.variant
        fields = []
        if v in REMOVAL_GAMES:
            fields.append("captured")
        if v in ("nchuba", "nakabili"):
            fields.append("captures")
        if v == "kanotta":
            fields.append("removed")
        if v == "natatu":
            fields.append("dir")
        if v == "mwambulula":
            fields += ["stores", "emptied"]
        return fields

    def parse(self, text, width_given=False):
        """Parse position text; sets self.width from the rows."""
        tokens = text.split()
        if len(tokens) < 2:
            raise RefError("invalid position: expected '<row>/<row>/<row>/<row> <S|N> [key=value ...]'")
        row_texts = tokens[0].split("/")
        if len(row_texts) != 4:
            raise RefError("invalid position: %d rows, expected 4" % len(row_texts))
        rows = []
        for r, row in enumerate(row_texts):
            values = []
            for c, cell in enumerate(row.split(",")):
                if not cell.isdigit():
                    raise RefError("invalid position: row %d hole %d is '%s', not a count"
                                   % (r + 1, c + 1, cell))
                values.append(int(cell))
            rows.append(values)
        width = len(rows[0])
        for r in range(1, 4):
            if len(rows[r]) != width:
                raise RefError("invalid position: row %d has %d holes, expected %d"
                               % (r + 1, len(rows[r]), width))
        if not (MIN_WIDTH <= width <= MAX_WIDTH):
            raise RefError("invalid position: width %d, expected %d..%d" % (width, MIN_WIDTH, MAX_WIDTH))
        if width_given and width != self.width:
            raise RefError("invalid position: rows have %d holes, but --width is %d" % (width, self.width))
        self.width = width
        if tokens[1] not in LETTER_SIDE:
            raise RefError("invalid position: side to move is '%s', expected S or N" % tokens[1])
        pos = self.start()        # fresh-game values of the fields
        pos.rows = rows
        pos.to_move = LETTER_SIDE[tokens[1]]
        allowed = self.fields_of_variant()
        seen = set()
        for field in tokens[2:]:
            if "=" not in field:
                raise RefError("invalid position: field '%s' is not key=value" % field)
            key, value = field.split("=", 1)
            if key not in allowed:
                raise RefError("invalid position: unknown field '%s' for %s" % (key, self.variant))
            if key in seen:
                raise RefError("invalid position: field '%s' given twice" % key)
            seen.add(key)
            if key == "dir":
                if value == "-":
                    pos.direction = None
                elif value == "cw":
                    pos.direction = CW
                elif value == "ccw":
                    pos.direction = CCW
                else:
                    raise RefError("invalid position: dir=%s, expected cw, ccw or -" % value)
                continue
            parts = value.split(",")
            if len(parts) != 2 or not parts[0].isdigit() or not parts[1].isdigit():
                raise RefError("invalid position: field %s=%s, expected %s=<S>,<N>" % (key, value, key))
            pair = [int(parts[0]), int(parts[1])]
            if key == "removed" and (pair[0] > 4 or pair[1] > 4):
                raise RefError("invalid position: removed=%s, each must be 0..4" % value)
            if key == "emptied" and (pair[0] > 1 or pair[1] > 1):
                raise RefError("invalid position: emptied=%s, each must be 0 or 1" % value)
            setattr(pos, key, pair)
        if self.variant == "kanotta":
            # Setup order: South's four removals, then North's four, then play.
            if pos.removed[SOUTH] < 4:
                if pos.removed[NORTH] != 0 or pos.to_move != SOUTH:
                    raise RefError("invalid position: in kanotta's setup South removes first "
                                   "(removed=%d,%d with %s to move)"
                                   % (pos.removed[0], pos.removed[1], SIDE_LETTER[pos.to_move]))
            elif pos.removed[NORTH] < 4 and pos.to_move != NORTH:
                raise RefError("invalid position: in kanotta's setup North removes after South "
                               "(removed=%d,%d with S to move)" % tuple(pos.removed))
        return pos

    # ------------------------------------------------------------ sowing

    def sow(self, pos, player, start, direction):
        """Play the whole sowing that starts by lifting ring hole `start`.

        Returns None if the sowing never ends, else (rows, capture_made,
        seeds_removed): the board after the sowing (and, in the removal games,
        after the file capture), whether a capture was made, and how many
        seeds the file capture took off the board.

        Never-ending sowings.  The rest of a sowing is fully determined by
        the "lap state" at the start of each lap: the whole board, the hole
        that receives the next seed, and the number of seeds in hand (the
        mover, variant, direction and origin hole are fixed during a move).
        The board only ever holds the seeds of the position, so there are
        finitely many lap states: either the sowing ends, or a lap state comes
        back, and then (the process being deterministic) it comes back for
        ever.  We record every lap state and declare the move never-ending
        the first time one repeats.  This is exact: no step limit, no guess.

        Two economies, both exact: (1) between two captures only the mover's
        own holes change, so the recorded state is the mover's ring, the next
        hole and the seeds in hand; (2) a capture (chisolo-ii, mwambulula,
        where the move goes on after it) strictly lowers the seeds on the
        opponent's side, which no sowing ever raises again, so no state
        recorded before a capture can recur after it: the record is cleared
        at each capture.  Cycles can be long (a chisolo-ii sowing with a
        3.2-million-lap cycle is in tests/perft/chisolo-ii.perft), so the
        state is packed into bytes when every count fits in one.
        """
        v = self.variant
        rows = [list(r) for r in pos.rows]
        ring = self.ring(player)
        n = len(ring)
        opponent = 1 - player

        def step(i):
            return (i + direction) % n

        def count(i):
            r, c = ring[i]
            return rows[r][c]

        def set_count(i, value):
            r, c = ring[i]
            rows[r][c] = value

        hand = count(start)
        set_count(start, 0)
        here = step(start)           # the hole that receives the next seed
        capture_made = False
        seeds_removed = 0
        seen = set()
        while True:
            state = [count(i) for i in range(n)] + [here, hand]
            if max(state) < 256:
                state = bytes(state)
            else:
                state = tuple(state)
            if state in seen:
                return None          # the sowing never ends: the move is not legal
            seen.add(state)
            # Sow one lap, one seed a hole, never skipping a hole.
            last = None
            while hand > 0:
                set_count(here, count(here) + 1)
                hand -= 1
                last = here
                here = step(here)
            row, col = ring[last]
            in_front = row == FRONT_ROW[player]
            opp_front = FRONT_ROW[opponent]
            opp_back = BACK_ROW[opponent]
            was_empty = count(last) == 1
            if v in LOZI_FAMILY:
                if not was_empty:
                    # Relay: "if the last bean falls in a hole already occupied,
                    # that hole is emptied and its total contents sown."
                    hand = count(last)
                    set_count(last, 0)
                    here = step(last)
                    continue
                if in_front and rows[opp_front][col] > 0:
                    # "the opponent's beans in the whole file are captured and
                    # removed from the board."
                    seeds_removed = rows[opp_front][col] + rows[opp_back][col]
                    rows[opp_front][col] = 0
                    rows[opp_back][col] = 0
                    capture_made = True
                    return rows, capture_made, seeds_removed
                if v == "kabwanga":
                    ahead = step(last)
                    ahead_in_front = ring[ahead][0] == FRONT_ROW[player]
                    allowed = self.rules["ahead"] == "circuit" or (in_front and ahead_in_front)
                    if allowed and count(ahead) >= 2:
                        # "If you end your lap in an empty hole and the hole ahead
                        # of it ... has two or more beans in it, then you have
                        # another lap"
                        hand = count(ahead)
                        set_count(ahead, 0)
                        here = step(ahead)
                        continue
                return rows, capture_made, seeds_removed
            elif v == "chisolo-ii":
                if was_empty:
                    # "To land in an empty hole finishes the lap and you cannot 'eat.'"
                    return rows, capture_made, 0
                if in_front and rows[opp_front][col] > 0:
                    # Capture the file and re-sow it from the hole after this one.
                    hand = rows[opp_front][col] + rows[opp_back][col]
                    rows[opp_front][col] = 0
                    rows[opp_back][col] = 0
                    capture_made = True
                    seen = set()
                    here = step(last)
                    continue
                hand = count(last)
                set_count(last, 0)
                here = step(last)
                continue
            elif v == "mwambulula":
                if was_empty:
                    return rows, capture_made, 0
                if rows[opp_front][col] > 0:
                    # "The captured beans are re-entered, the sowing beginning at
                    # the hole from which the 'eating' move commenced."
                    hand = rows[opp_front][col] + rows[opp_back][col]
                    rows[opp_front][col] = 0
                    rows[opp_back][col] = 0
                    capture_made = True
                    seen = set()
                    here = start
                    if self.rules["resow"] == "end":
                        # The re-sowing ends the move wherever it ends.
                        while hand > 0:
                            set_count(here, count(here) + 1)
                            hand -= 1
                            here = step(here)
                        return rows, capture_made, 0
                    continue
                hand = count(last)
                set_count(last, 0)
                here = step(last)
                continue
            raise AssertionError("unknown variant")

    def sow_choosing(self, pos, player, start, direction):
        """capture=may (chisolo-ii, mwambulula): every way the sowing from ring
        hole `start` can go.  Chaplin writes that the file "may be captured"
        (chisolo-ii) and that the player "may 'eat'" (mwambulula); here each
        lap ending where a capture is possible is a choice: capture ("c") or
        decline ("r": the hole is lifted and relayed, as when no capture is
        possible).  Returns [(choices, rows)], choices a string of c/r.

        A way is dropped when (a) between two choices its laps repeat a lap
        state (board, next hole, seeds in hand): then they repeat for ever,
        or (b) it meets a choice point (board, hole of the last seed) that it
        met before: the loop adds no position that the shorter way does not
        reach.  At most MAX_CHOICES choices are recorded; later chances to
        capture are taken."""
        v = self.variant
        ring = self.ring(player)
        n = len(ring)
        opponent = 1 - player
        opp_front = FRONT_ROW[opponent]
        opp_back = BACK_ROW[opponent]
        found = []

        def frozen(rows):
            return tuple(tuple(r) for r in rows)

        def follow(rows, here, hand, choices, marks):
            seen = set()
            while True:
                state = (frozen(rows), here, hand)
                if state in seen:
                    return                      # (a): never ends
                seen.add(state)
                last = None
                while hand > 0:
                    r, c = ring[here]
                    rows[r][c] += 1
                    hand -= 1
                    last = here
                    here = (here + direction) % n
                row, col = ring[last]
                if rows[row][col] == 1:
                    found.append((choices, rows))   # an empty hole: the move ends
                    return
                in_front = row == FRONT_ROW[player]
                can_capture = rows[opp_front][col] > 0 and (v == "mwambulula" or in_front)
                options = ["r"]
                if can_capture:
                    options = ["c", "r"] if len(choices) < MAX_CHOICES else ["c"]
                if len(options) == 2:
                    mark = (frozen(rows), last)
                    if mark in marks:
                        return                  # (b)
                    for letter in options:
                        branch = [list(r) for r in rows]
                        step_on = take(branch, letter, row, col, last)
                        if step_on is None:
                            found.append((choices + letter, branch))
                        else:
                            follow(branch, step_on[0], step_on[1], choices + letter,
                                   marks | {mark})
                    return
                step_on = take(rows, options[0], row, col, last)
                if step_on is None:
                    found.append((choices, rows))
                    return
                here, hand = step_on

        def take(rows, letter, row, col, last):
            """Apply the lap ending: capture ("c") or relay ("r"). Returns
            (next hole, seeds in hand), or None when the move ends."""
            if letter == "r":
                got = rows[row][col]
                rows[row][col] = 0
                return ((last + direction) % n, got)
            got = rows[opp_front][col] + rows[opp_back][col]
            rows[opp_front][col] = 0
            rows[opp_back][col] = 0
            if v == "chisolo-ii":
                return ((last + direction) % n, got)
            if self.rules["resow"] == "end":
                here = start
                while got > 0:
                    r, c = ring[here]
                    rows[r][c] += 1
                    got -= 1
                    here = (here + direction) % n
                return None
            return (start, got)

        rows = [list(r) for r in pos.rows]
        r0, c0 = ring[start]
        hand = rows[r0][c0]
        rows[r0][c0] = 0
        follow(rows, (start + direction) % n, hand, "", frozenset())
        return found

    # ------------------------------------------------------------ move rules

    def extra_holes_allowed(self, pos, player):
        """How many other opponent holes a capture takes (besides the file)."""
        v = self.variant
        if v == "kanotta":
            return 2
        if v in ("chisolo", "natatu"):
            return 1
        if v == "nchuba":
            made = pos.captures[player]
            if made == 0:
                return 3
            if made == 1:
                return 2
            return 1
        if v == "nakabili":
            if pos.captures[player] == 0:
                return 2
            return 1
        return 0

    def allowed_starts(self, pos, player, direction):
        """(starts, fallback): ring indices the player may start a move from,
        by the counts alone (singleton rule, nchuba's rule, mutwi, natatu's
        rule); whether the sowing ends is checked afterwards.  `fallback` is
        None, or (singleton rule under possible=legal) the holes to use instead
        when no move from `starts` ends."""
        ring = self.ring(player)
        n = len(ring)
        seeded = []
        for i in range(n):
            r, c = ring[i]
            if pos.rows[r][c] > 0:
                seeded.append(i)

        def cnt(i):
            r, c = ring[i]
            return pos.rows[r][c]

        big = [i for i in seeded if cnt(i) >= 2]
        singles = [i for i in seeded if cnt(i) == 1]
        if self.variant == "natatu":
            # "must contain at least two stones"; "When a player has only
            # singletons, he is permitted to move them, but only in empty holes."
            if big:
                return big, None
            return [i for i in singles if cnt((i + direction) % n) == 0], None
        if seeded and not big and self.rules.get("singles", "lozi") == "lozi":
            # Lozi: "When a player has only single beans in his holes, he must if
            # possible sow a single bean into an adjacent hole that is occupied"
            into_occupied = [i for i in singles if cnt((i + direction) % n) > 0]
            if into_occupied:
                if self.rules["possible"] == "legal":
                    # Preferred only if some sowing from them ends (checked by the caller).
                    return into_occupied, singles
                return into_occupied, None
            return singles, None
        if self.variant in ("nakabili", "kabwanga"):
            # Mutwi: "If all the holes have singles except one which just two,
            # this is called mutwi (the head) and must be moved."
            if len(big) == 1 and cnt(big[0]) == 2:
                return big, None
        if self.variant == "nchuba":
            # "While there are two beans in any hole on your side you may not move singles."
            return big, None
        return seeded, None

    def moves_from(self, pos, starts, direction, suffix):
        """The moves (name, child) that start from the ring holes `starts`."""
        v = self.variant
        mover = pos.to_move
        opponent = 1 - mover
        result = []
        ring = self.ring(mover)
        # Order of the list: back row by column, then front row by column.
        named = []
        for i in starts:
            r, c = ring[i]
            named.append(((0 if r == BACK_ROW[mover] else 1, self.own_column(mover, c)), i))
        named.sort()
        for _, i in named:
            r, c = ring[i]
            name = self.hole_name(mover, r, c) + suffix
            if self.rules.get("capture") == "may":
                # capture=may: one move per way of choosing, named <hole>:<c|r>...
                for choices, rows in self.sow_choosing(pos, mover, i, direction):
                    child = pos.copy()
                    child.rows = rows
                    child.to_move = opponent
                    result.append((name + (":" + choices if choices else ""), child))
                continue
            outcome = self.sow(pos, mover, i, direction)
            if outcome is None:
                continue
            rows, capture_made, seeds_removed = outcome
            child = pos.copy()
            child.rows = rows
            child.to_move = opponent
            if v == "natatu" and mover == NORTH and pos.direction is None:
                child.direction = direction
            if v in REMOVAL_GAMES and capture_made:
                child.captured[mover] += seeds_removed
                if v in ("nchuba", "nakabili"):
                    child.captures[mover] += 1
                k = self.extra_holes_allowed(pos, mover)
                candidates = []
                if k > 0:
                    for row in (BACK_ROW[opponent], FRONT_ROW[opponent]):
                        for col in range(self.width):
                            if rows[row][col] > 0:
                                candidates.append((self.hole_sort_key(mover, row, col), row, col))
                    candidates.sort()
                if not candidates:
                    result.append((name, child))
                    continue
                take = min(k, len(candidates))
                for chosen in itertools.combinations(candidates, take):
                    grand = child.copy()
                    for _, row, col in chosen:
                        grand.captured[mover] += grand.rows[row][col]
                        grand.rows[row][col] = 0
                    names = [self.hole_name(mover, row, col) for _, row, col in chosen]
                    result.append(("%sx(%s)" % (name, ",".join(names)), grand))
            else:
                result.append((name, child))
        return result

    def legal_moves(self, pos):
        """List of (move name, child position).  Empty exactly when the player
        to move cannot move (he has lost)."""
        v = self.variant
        mover = pos.to_move
        opponent = 1 - mover
        result = []

        if v == "kanotta" and (pos.removed[SOUTH] < 4 or pos.removed[NORTH] < 4):
            # Setup: "Before play properly begins X takes the contents of four of
            # Y's holes, and Y takes the same number from X."
            targets = []
            for row in (BACK_ROW[opponent], FRONT_ROW[opponent]):
                for col in range(self.width):
                    if pos.rows[row][col] > 0:
                        targets.append((self.hole_sort_key(mover, row, col), row, col))
            targets.sort()
            for _, row, col in targets:
                child = pos.copy()
                child.captured[mover] += child.rows[row][col]
                child.rows[row][col] = 0
                child.removed[mover] += 1
                if child.removed[mover] == 4:
                    child.to_move = opponent
                result.append(("x" + self.hole_name(mover, row, col), child))
            return result

        # Directions to try: natatu South sows clockwise; North chooses on his
        # first move and keeps it.  Everybody else sows anti-clockwise.
        if v == "natatu":
            if mover == SOUTH:
                directions = [(CW, "")]
            elif pos.direction is None:
                directions = [(CW, "+cw"), (CCW, "+ccw")]
            else:
                directions = [(pos.direction, "")]
        else:
            directions = [(CCW, "")]

        ring = self.ring(mover)
        for direction, suffix in directions:
            starts, fallback = self.allowed_starts(pos, mover, direction)
            found = self.moves_from(pos, starts, direction, suffix)
            if not found and fallback is not None:
                # possible=legal: no preferred single may move, so any single may.
                found = self.moves_from(pos, fallback, direction, suffix)
            result.extend(found)

        if v == "mwambulula" and pos.emptied[mover] == 0 and pos.stores[mover] > 0:
            # "At any time during the game when your own beans are running short
            # you may empty your store and add one bean to each of your holes."
            child = pos.copy()
            seeds = child.stores[mover]
            child.stores[mover] = 0
            child.emptied[mover] = 1
            i = 0
            while seeds > 0:
                r, c = ring[i]
                child.rows[r][c] += 1
                seeds -= 1
                i = (i + 1) % len(ring)
            child.to_move = opponent
            result.append(("store", child))
        return result

    # ------------------------------------------------------------ move names

    def move_key(self, name):
        """Canonical key of a move name: (start part, frozenset of extra holes).
        Raises RefError for a malformed name or duplicate extra holes."""
        if "x(" in name:
            head, rest = name.split("x(", 1)
            if not rest.endswith(")"):
                raise RefError("invalid move '%s': missing ')'" % name)
            extras = rest[:-1].split(",")
            if len(set(extras)) != len(extras):
                raise RefError("invalid move '%s': an extra hole is listed twice" % name)
            return (head, frozenset(extras))
        return (name, frozenset())

    def play(self, pos, name):
        key = self.move_key(name)
        moves = self.legal_moves(pos)
        for move, child in moves:
            if self.move_key(move) == key:
                return child
        if not moves:
            raise RefError("illegal move '%s': the game is over" % name)
        raise RefError("illegal move '%s' in %s (legal: %s)"
                       % (name, self.format(pos), " ".join(m for m, _ in moves)))

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
  fourrow_ref.py perft <variant> [--width W] [--seeds S] [--rule name=value ...] [--position TEXT] --depth D [--json]
  fourrow_ref.py play  <variant> [--width W] [--seeds S] [--rule name=value ...] [--position TEXT] MOVE... [--json]
  fourrow_ref.py moves <variant> [--width W] [--seeds S] [--rule name=value ...] [--position TEXT] [--json]
  fourrow_ref.py start <variant> [--width W] [--seeds S]
variants: mulabalaba (--width 6|8, --seeds 2|3), toka (--width 12|16), kanotta, nchuba,
          nakabili, kabwanga, chisolo, natatu (--width 7..10), chisolo-ii,
          mwambulula; rule options: possible=legal|board (all but natatu),
          kabwanga ahead=circuit|front, chisolo-ii and mwambulula singles=lozi|free and
          capture=must|may, mwambulula resow=continue|end; reduced boards: any --width 2..16"""


def parse_int(text, what):
    if not text.isdigit():
        raise RefError("invalid %s '%s': expected a number" % (what, text))
    return int(text)


def parse_args(argv):
    if len(argv) < 2 or argv[0] in ("-h", "--help"):
        print(USAGE)
        sys.exit(0 if argv and argv[0] in ("-h", "--help") else 2)
    command = argv[0]
    if command not in ("perft", "play", "moves", "start"):
        raise RefError("unknown command '%s' (expected perft, play, moves or start)" % command)
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
            else:
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


def main(argv):
    args = parse_args(argv)
    game = Game(args["variant"], args["width"], args["seeds"], args["rules"])
    if args["position"] is None:
        pos = game.start()
    else:
        pos = game.parse(args["position"], width_given=args["width"] is not None)
    if args["command"] == "start":
        print(game.format(pos))
    elif args["command"] == "perft":
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
        over = len(game.legal_moves(pos)) == 0
        result = None
        if over:
            # "A player who cannot move ... loses."  No scores (metric wdl).
            winner = SIDE_LETTER[1 - pos.to_move]
            result = {"winner": winner, "score": {"S": 1 if winner == "S" else 0,
                                                  "N": 1 if winner == "N" else 0}}
        if args["json"]:
            print(json.dumps({"variant": game.variant, "position": game.format(pos),
                              "to_move": SIDE_LETTER[pos.to_move],
                              "captured": {"S": pos.captured[SOUTH], "N": pos.captured[NORTH]},
                              "game_over": over, "result": result}))
        else:
            print(game.format(pos))
            if over:
                print("winner %s" % result["winner"])
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except RefError as e:
        sys.stderr.write("error: %s\n" % e)
        sys.exit(2)
