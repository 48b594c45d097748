#!/usr/bin/env python3
"""Slow, plain reference implementation of the two Bemba games of Chaplin (1956):

* ``isolo``    Isolo I: 2xW (W 3..16), a fore-play with a store, the kucheleka
               (the winner of the fore-play arranges his row), then the main game;
* ``isolo-ii`` Isolo II: 4xW (W 2..16), a free arrangement of each player's seeds,
               then play with file captures that are sown again.

Written from the rules and notation contracts only (docs/RULES.md sections "isolo" and
"isolo-ii", docs/variants/isolo.md and isolo-ii.md, docs/NOTATION.md "Isolo and
isolo-ii") and Chaplin's text, without reading the Rust implementation, so that the two
can be cross-checked.

Written to be obviously correct, not fast:

* isolo: ``rows[SOUTH]`` and ``rows[NORTH]`` are each player's row in HIS OWN order
  (hole 1 = his left-hand hole, Chaplin's ``a``).  A player's hole i (1-based) faces the
  opponent's hole W + 1 - i; with 0-based indices, own index j faces opponent index
  W - 1 - j.  Text writes North's row reversed (as South sees it).
* isolo-ii: four lists in the order of the position text (North back, North front, South
  front, South back), each left to right as South sees it, so one file is one list index;
  each player's circuit is a list of (row, column) pairs b1..bW, fW..f1.
* seeds are sown one at a time; every move builds a fresh copy of the position.
* a move whose laps never end is detected exactly: every lap-start state of the move is
  kept in a set; a state seen twice means the move never ends (the rest of a move is a
  function of that state), and such a move is not legal.

Standard library only.  Run ``python3 isolo_ref.py --help``.
"""

import sys
import time

SOUTH = 0
NORTH = 1
SIDE_LETTER = {SOUTH: "S", NORTH: "N"}
LETTER_SIDE = {"S": SOUTH, "N": NORTH}

MAX_BOARD = 255          # "The board holds at most 255 seeds."
MAX_STORE = 65535        # store=S,N: at most 65,535
MAX_LIST = 10 ** 7       # moves / perft refuse to list more arrangements than this


class RefError(Exception):
    """Bad input: reported as one line on stderr, exit status 2."""


def compositions(total, parts, cap):
    """Every tuple of `parts` counts 0..cap summing to `total`, in lexicographic order."""
    if parts == 0:
        if total == 0:
            yield ()
        return
    rest_cap = cap * (parts - 1)
    for first in range(max(0, total - rest_cap), min(cap, total) + 1):
        for tail in compositions(total - first, parts - 1, cap):
            yield (first,) + tail


def count_compositions(total, parts, cap):
    """How many tuples `compositions` yields (a small dynamic programme)."""
    ways = [1] + [0] * total
    for _ in range(parts):
        new = [0] * (total + 1)
        for t in range(total + 1):
            if ways[t]:
                for k in range(0, min(cap, total - t) + 1):
                    new[t + k] += ways[t]
        ways = new
    return ways[total]


# ======================================================================== isolo


class IsoloPos:
    """rows: [South's row, North's row], each in its owner's order (hole 1 first).
    phase: 'fore', 'set' or 'main'.  store: [S, N], an int or None (unlimited); only
    meaningful in phase 'fore'."""

    def __init__(self, rows, to_move, phase, store=(None, None)):
        self.rows = [list(rows[0]), list(rows[1])]
        self.to_move = to_move
        self.phase = phase
        self.store = list(store)

    def copy(self):
        return IsoloPos(self.rows, self.to_move, self.phase, self.store)

    def key(self):
        store = tuple(self.store) if self.phase == "fore" else None
        return (tuple(self.rows[0]), tuple(self.rows[1]), self.to_move, self.phase, store)

    def __eq__(self, other):
        return self.key() == other.key()

    def __hash__(self):
        return hash(self.key())

    def __repr__(self):
        return "IsoloPos(%r)" % (self.key(),)


class Isolo:
    """Bemba Isolo I.  Options: width (3..16), seeds (the start and the loser's row in
    the kucheleka), store (None = unlimited, else each player's store seeds), rule
    main-first=loser|winner."""

    name = "isolo"

    def __init__(self, width=8, seeds=2, store=None, rules=None):
        if not (3 <= width <= 16):
            raise RefError("invalid --width %d: expected 3..16" % width)
        if seeds < 1 or 2 * width * seeds > MAX_BOARD:
            raise RefError("invalid --seeds %d: expected 1..%d at width %d"
                           % (seeds, MAX_BOARD // (2 * width), width))
        if store is not None and not (0 <= store <= MAX_STORE):
            raise RefError("invalid --store %d: expected 0..%d" % (store, MAX_STORE))
        self.width = width
        self.seeds = seeds
        self.store = store
        self.laps = 0            # laps sown so far (a measure of work, for the generator)
        self.main_first = "loser"
        for rule_name, value in (rules or {}).items():
            if rule_name != "main-first":
                raise RefError("unknown rule '%s' for isolo (expected main-first=loser|winner)"
                               % rule_name)
            if value not in ("loser", "winner"):
                raise RefError("invalid value '%s' for rule main-first (expected loser|winner)"
                               % value)
            self.main_first = value

    # ------------------------------------------------------------ start and text

    def start(self, phase="fore"):
        W, s = self.width, self.seeds
        if phase == "fore":
            pos = IsoloPos([[s] * W, [s] * W], SOUTH, "fore", [self.store, self.store])
            if not self.fore_moves(pos):
                # South, to move, has no fore-play move (--store 0): he has lost the
                # fore-play before it began; North arranges his row (our reading).
                return self.kucheleka(pos, winner=NORTH)
            return pos
        if phase == "main":
            return IsoloPos([[s] * W, [s] * W], SOUTH, "main")
        raise RefError("--phase %s needs --position (only fore and main have a start)" % phase)

    def format(self, pos):
        north = ",".join(str(n) for n in reversed(pos.rows[NORTH]))
        south = ",".join(str(n) for n in pos.rows[SOUTH])
        text = "%s/%s %s phase=%s" % (north, south, SIDE_LETTER[pos.to_move], pos.phase)
        if pos.phase == "fore":
            text += " store=%s" % ",".join("-" if n is None else str(n) for n in pos.store)
        return text

    def parse(self, text, phase_default="fore", width_given=False):
        tokens = text.split()
        if len(tokens) < 2:
            raise RefError("invalid position: expected '<North row>/<South row> <S|N> "
                           "phase=fore|set|main [store=S,N]'")
        row_texts = tokens[0].split("/")
        if len(row_texts) != 2:
            raise RefError("invalid position: %d rows, expected 2" % len(row_texts))
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
        if len(rows[1]) != width:
            raise RefError("invalid position: row 2 has %d holes, expected %d" % (len(rows[1]), width))
        if not (3 <= width <= 16):
            raise RefError("invalid position: width %d, expected 3..16" % width)
        if width_given and width != self.width:
            raise RefError("invalid position: rows have %d holes, but --width is %d"
                           % (width, self.width))
        self.width = width
        if tokens[1] not in LETTER_SIDE:
            raise RefError("invalid position: side to move is '%s', expected S or N" % tokens[1])
        north_row = list(reversed(rows[0]))
        south_row = rows[1]
        if sum(north_row) + sum(south_row) > MAX_BOARD:
            raise RefError("invalid position: the board holds %d seeds, at most %d"
                           % (sum(north_row) + sum(south_row), MAX_BOARD))
        fields = {}
        for field in tokens[2:]:
            if "=" not in field:
                raise RefError("invalid position: field '%s' is not key=value" % field)
            key, value = field.split("=", 1)
            if key not in ("phase", "store"):
                raise RefError("invalid position: unknown field '%s' for isolo "
                               "(expected phase=, store=)" % key)
            if key in fields:
                raise RefError("invalid position: field '%s' given twice" % key)
            fields[key] = value
        phase = fields.get("phase", phase_default)
        if phase not in ("fore", "set", "main"):
            raise RefError("invalid position: phase=%s, expected fore, set or main" % phase)
        store = [self.store, self.store]
        if "store" in fields:
            if phase != "fore":
                raise RefError("invalid position: store= is a field of phase=fore only")
            parts = fields["store"].split(",")
            if len(parts) != 2:
                raise RefError("invalid position: store=%s, expected store=<S>,<N>" % fields["store"])
            store = []
            for part in parts:
                if part == "-":
                    store.append(None)
                elif part.isdigit() and int(part) <= MAX_STORE:
                    store.append(int(part))
                else:
                    raise RefError("invalid position: store=%s, each a count 0..%d or -"
                                   % (fields["store"], MAX_STORE))
        pos = IsoloPos([south_row, north_row], LETTER_SIDE[tokens[1]], phase, store)
        if phase == "fore" and not self.fore_moves(pos):
            raise RefError("invalid position: phase=fore but %s, to move, has no fore-play move "
                           "(the fore-play is decided: give the kucheleka position, phase=set)"
                           % SIDE_LETTER[pos.to_move])
        return pos

    # ------------------------------------------------------------ the laps of a move

    def sow(self, rows, me, start, hand, events=None, trace=None):
        """The laps of a move (see _laps); `events` gets what happened in a move that ends,
        and only "never-ending" for one that does not."""
        local = set() if events is not None else None
        after = self._laps(rows, me, start, hand, local, trace)
        if events is not None:
            events.update(local if after is not None else {"never-ending"})
        return after

    def _laps(self, rows, me, start, hand, events=None, trace=None):
        """Play the laps of a move whose first lap has `hand` seeds to sow from own hole
        `start` (0-based) on `rows` (the lifted hole already emptied).  Returns the new rows,
        or None if the laps never end.  `events` (a set) collects what happened; `trace`
        (a list) gets one (kind, start hole, seeds, last hole, ending) per lap, holes 1-based,
        kind first / relay / resow."""
        W = self.width
        rows = [list(rows[0]), list(rows[1])]
        own = rows[me]
        other = rows[1 - me]
        relay = False        # is the current lap a relay lap (rule 6)?
        kind = "first"       # for events and traces only: first, relay or resow
        seen = set()

        def note(ending):
            if trace is not None:
                trace.append((kind, lap_start + 1, lap_hand, last + 1, ending))

        while True:
            # The rest of the move depends only on this lap-start state (a first lap and a
            # re-sowing behave alike: both re-sow a capture from hole a).
            state = (tuple(own), tuple(other), start, hand, relay)
            if state in seen:
                if events is not None:
                    events.add("never-ending")
                if trace is not None:
                    trace.append(("never-ending",))
                return None
            seen.add(state)
            self.laps += 1
            lap_start, lap_hand = start, hand
            # Sow the lap, one seed a hole, along the own row (no hole skipped).
            i = start
            while True:
                own[i] += 1
                hand -= 1
                if hand == 0:
                    break
                i = (i + 1) % W
            last = i
            if own[last] == 1:
                # "If the final bean is sown in an empty hole, the lap is finished and the
                # player 'sleeps.'"
                note("end")
                return rows
            facing = W - 1 - last          # own hole last+1 faces opponent's W - last
            if other[facing] > 0:
                # "If it lands in an occupied hole he can 'eat' his opponent's beans."
                n = other[facing]
                other[facing] = 0
                if events is not None:
                    events.add("capture")
                    if kind == "relay":
                        events.add("relay-capture")
                    elif kind == "resow":
                        events.add("resow-capture")
                if n == 1 and last == W - 2:
                    # Rule 3: a single bean in B (opponent's hole 2, facing own g = W-1)
                    # "on capture it is added to h; if A is also occupied the contents are
                    # captured, added to h and the total contents of h re-sown beginning at a."
                    own[W - 1] += 1
                    if other[0] > 0:
                        note("rule3-A")
                        own[W - 1] += other[0]
                        other[0] = 0
                        hand = own[W - 1]
                        own[W - 1] = 0
                        start, relay, kind = 0, False, "resow"
                        if events is not None:
                            events.add("rule3-A")
                        continue
                    note("rule3-end")
                    if events is not None:
                        events.add("rule3-end")
                    return rows          # our choice: A empty, the move ends
                if n == 1 and last == 1:
                    # Rule 4: a single bean in G (opponent's hole W-1, facing own b = 2)
                    # "on capture it is added to a; if H is occupied the contents are
                    # captured, added to a, and the total contents of a are re-sown
                    # beginning at b."
                    own[0] += 1
                    if other[W - 1] > 0:
                        note("rule4-H")
                        own[0] += other[W - 1]
                        other[W - 1] = 0
                        hand = own[0]
                        own[0] = 0
                        start, relay, kind = 1, False, "resow"
                        if events is not None:
                            events.add("rule4-H")
                        continue
                    note("rule4-end")
                    if events is not None:
                        events.add("rule4-end")
                    return rows          # our choice: H empty, the move ends
                # Rules 1, 2, 5: re-sown beginning at a; rule 6: after a relay lap,
                # "beginning at the hole next to that emptied to begin the lap" (which is
                # where that relay lap started).
                note("capture %d" % n)
                hand = n
                start = start if relay else 0
                relay, kind = False, "resow"
                continue
            # Rule 6: "ends in a hole already occupied, but the opposite hole is empty,
            # then he takes the contents of his own hole and continues sowing."
            note("relay")
            if events is not None:
                events.add("relay")
            hand = own[last]
            own[last] = 0
            start = (last + 1) % W
            relay, kind = True, "relay"

    # ------------------------------------------------------------ moves

    def fore_moves(self, pos, events=None):
        """[(hole 0-based, rows after the move)] of the fore-play moves of the side to move."""
        me = pos.to_move
        if pos.store[me] is not None and pos.store[me] == 0:
            return []
        if sum(pos.rows[0]) + sum(pos.rows[1]) >= MAX_BOARD:
            return []
        result = []
        for k in range(self.width):
            if pos.rows[me][k] > 0:
                after = self.fore_sow(pos, k, events)
                if after is not None:
                    result.append((k, after))
        return result

    def fore_sow(self, pos, k, events=None):
        """The rows after the fore-play move from own hole k (0-based, with seeds), or None
        if it never ends (store and board limit not checked here)."""
        me = pos.to_move
        W = self.width
        rows = [list(pos.rows[0]), list(pos.rows[1])]
        # "taking one of the store beans ... this is added to a hole and the entire
        # contents are removed and sowed anti-clockwise beginning at the left-hand hole
        # of his row."  Rule 7: "If the store bean is added to g, the contents of g are
        # re-sown beginning at h, not a."
        rows[me][k] += 1
        hand = rows[me][k]
        rows[me][k] = 0
        start = W - 1 if k == W - 2 else 0
        after = self.sow(rows, me, start, hand, events)
        if after is not None and events is not None and k == W - 2:
            events.add("rule7")
        return after

    def main_sow(self, pos, k, events=None):
        """The rows after the main-game move from own hole k (0-based, with seeds), or None
        if it never ends: "lift all seeds of an own non-empty hole, sow from the next hole"."""
        me = pos.to_move
        rows = [list(pos.rows[0]), list(pos.rows[1])]
        hand = rows[me][k]
        rows[me][k] = 0
        return self.sow(rows, me, (k + 1) % self.width, hand, events)

    def move_events(self, pos, name):
        """The events of one legal move (for choosing test positions)."""
        events = set()
        if pos.phase == "set":
            return {"set"}
        k = int(name) - 1
        if pos.phase == "fore":
            self.fore_sow(pos, k, events)
            if dict(self.legal_moves(pos))[name].phase == "set":
                events.add("kucheleka")
        else:
            self.main_sow(pos, k, events)
        return events

    def kucheleka(self, pos, winner):
        """The position of the kucheleka: the loser's row set to --seeds a hole, the
        winner to move and arrange his row (phase=set); the store leaves the position."""
        rows = [list(pos.rows[0]), list(pos.rows[1])]
        rows[1 - winner] = [self.seeds] * self.width
        return IsoloPos(rows, winner, "set")

    def set_arrangements(self, pos):
        """The arrangements open to the winner: every tuple of W counts using 1..B seeds,
        B = the seeds in his row, in order of the seeds used, then lexicographic.  Our
        choice: an arrangement may not take the board over 255 seeds."""
        me = pos.to_move
        B = sum(pos.rows[me])
        B = min(B, MAX_BOARD - sum(pos.rows[1 - me]))
        for used in range(1, B + 1):
            for counts in compositions(used, self.width, used):
                yield counts

    def count_set_moves(self, pos):
        me = pos.to_move
        B = min(sum(pos.rows[me]), MAX_BOARD - sum(pos.rows[1 - me]))
        return sum(count_compositions(used, self.width, used) for used in range(1, B + 1))

    def set_allowed(self, pos, counts):
        """Is `counts` an arrangement open to the winner (the test set_arrangements makes)?"""
        me = pos.to_move
        B = min(sum(pos.rows[me]), MAX_BOARD - sum(pos.rows[1 - me]))
        return (pos.phase == "set" and len(counts) == self.width
                and 1 <= sum(counts) <= B and min(counts) >= 0)

    def set_child(self, pos, counts):
        """The main-game position after the arrangement `counts` (his holes from his left)."""
        me = pos.to_move
        rows = [None, None]
        rows[me] = list(counts)
        rows[1 - me] = list(pos.rows[1 - me])
        first = 1 - me if self.main_first == "loser" else me
        return IsoloPos(rows, first, "main")

    def legal_moves(self, pos, events=None):
        """[(move name, child position)] in a fixed order: holes 1..W; arrangements in the
        order of set_arrangements."""
        me = pos.to_move
        opp = 1 - me
        result = []
        if pos.phase == "fore":
            for k, rows in self.fore_moves(pos, events):
                store = list(pos.store)
                if store[me] is not None:
                    store[me] -= 1
                child = IsoloPos(rows, opp, "fore", store)
                if not self.fore_moves(child):
                    # The opponent cannot make a fore-play move: he has lost the fore-play.
                    child = self.kucheleka(child, winner=me)
                    if events is not None:
                        events.add("kucheleka")
                result.append(("%d" % (k + 1), child))
        elif pos.phase == "set":
            if self.count_set_moves(pos) > MAX_LIST:
                raise RefError("the kucheleka here has %d arrangements, more than %d to list"
                               % (self.count_set_moves(pos), MAX_LIST))
            for counts in self.set_arrangements(pos):
                result.append((set_name(counts), self.set_child(pos, counts)))
            if events is not None and result:
                events.add("set")
        else:
            for k in range(self.width):
                if pos.rows[me][k] == 0:
                    continue
                after = self.main_sow(pos, k, events)
                if after is not None:
                    result.append(("%d" % (k + 1), IsoloPos(after, opp, "main")))
            if events is not None:
                events.add("main")
                if not result:
                    events.add("no-move")
        return result

    def total(self, pos):
        return sum(pos.rows[0]) + sum(pos.rows[1])


# ===================================================================== isolo-ii

N_BACK, N_FRONT, S_FRONT, S_BACK = 0, 1, 2, 3
BACK_ROW = {SOUTH: S_BACK, NORTH: N_BACK}
FRONT_ROW = {SOUTH: S_FRONT, NORTH: N_FRONT}


class IsoloIIPos:
    """rows: four lists in text order (North back, North front, South front, South back),
    each as South sees it.  phase 'setup' or 'play'."""

    def __init__(self, rows, to_move, phase):
        self.rows = [list(r) for r in rows]
        self.to_move = to_move
        self.phase = phase

    def copy(self):
        return IsoloIIPos(self.rows, self.to_move, self.phase)

    def key(self):
        return (tuple(tuple(r) for r in self.rows), self.to_move, self.phase)

    def __eq__(self, other):
        return self.key() == other.key()

    def __hash__(self):
        return hash(self.key())

    def __repr__(self):
        return "IsoloIIPos(%r)" % (self.key(),)


class IsoloII:
    """Bemba Isolo II.  Options: width (2..16), seeds (2), max_hole (12)."""

    name = "isolo-ii"

    def __init__(self, width=8, seeds=2, max_hole=12):
        if not (2 <= width <= 16):
            raise RefError("invalid --width %d: expected 2..16" % width)
        if seeds < 1 or 4 * width * seeds > MAX_BOARD:
            raise RefError("invalid --seeds %d: expected 1..%d at width %d"
                           % (seeds, MAX_BOARD // (4 * width), width))
        if max_hole < 1:
            raise RefError("invalid --max-hole %d: expected at least 1" % max_hole)
        self.width = width
        self.seeds = seeds
        self.max_hole = max_hole
        self.laps = 0            # laps sown so far (a measure of work, for the generator)

    # ------------------------------------------------------------ geometry

    def text_col(self, player, column):
        """Text column (0-based) of a player's column c (1..W from his own left)."""
        return column - 1 if player == SOUTH else self.width - column

    def ring(self, player):
        """The circuit b1..bW, fW..f1 as (row, text column) pairs."""
        W = self.width
        holes = [(BACK_ROW[player], self.text_col(player, c)) for c in range(1, W + 1)]
        holes += [(FRONT_ROW[player], self.text_col(player, c)) for c in range(W, 0, -1)]
        return holes

    def hole_name(self, player, row, col):
        c = col + 1 if player == SOUTH else self.width - col
        return ("b%d" if row == BACK_ROW[player] else "f%d") % c

    # ------------------------------------------------------------ start and text

    def start(self, phase="setup"):
        if phase not in ("setup", "play"):
            raise RefError("invalid --phase %s for isolo-ii: expected setup or play" % phase)
        return IsoloIIPos([[self.seeds] * self.width for _ in range(4)], SOUTH, phase)

    def format(self, pos):
        text = "/".join(",".join(str(n) for n in row) for row in pos.rows)
        return "%s %s phase=%s" % (text, SIDE_LETTER[pos.to_move], pos.phase)

    def parse(self, text, phase_default="setup", width_given=False):
        tokens = text.split()
        if len(tokens) < 2:
            raise RefError("invalid position: expected '<North back>/<North front>/<South front>/"
                           "<South back> <S|N> phase=setup|play'")
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
        if not (2 <= width <= 16):
            raise RefError("invalid position: width %d, expected 2..16" % width)
        if width_given and width != self.width:
            raise RefError("invalid position: rows have %d holes, but --width is %d"
                           % (width, self.width))
        self.width = width
        if sum(sum(r) for r in rows) > MAX_BOARD:
            raise RefError("invalid position: the board holds %d seeds, at most %d"
                           % (sum(sum(r) for r in rows), MAX_BOARD))
        if tokens[1] not in LETTER_SIDE:
            raise RefError("invalid position: side to move is '%s', expected S or N" % tokens[1])
        phase = phase_default
        seen = set()
        for field in tokens[2:]:
            if "=" not in field:
                raise RefError("invalid position: field '%s' is not key=value" % field)
            key, value = field.split("=", 1)
            if key != "phase":
                raise RefError("invalid position: unknown field '%s' for isolo-ii "
                               "(expected phase=)" % key)
            if key in seen:
                raise RefError("invalid position: field '%s' given twice" % key)
            seen.add(key)
            if value not in ("setup", "play"):
                raise RefError("invalid position: phase=%s, expected setup or play" % value)
            phase = value
        return IsoloIIPos(rows, LETTER_SIDE[tokens[1]], phase)

    # ------------------------------------------------------------ the laps of a move

    def sow(self, rows, me, start, hand, events=None, trace=None):
        """The laps of a move (see _laps); `events` gets what happened in a move that ends,
        and only "never-ending" for one that does not."""
        local = set() if events is not None else None
        after = self._laps(rows, me, start, hand, local, trace)
        if events is not None:
            events.update(local if after is not None else {"never-ending"})
        return after

    def _laps(self, rows, me, start, hand, events=None, trace=None):
        """Play the laps of a move: `hand` seeds to sow from ring index `start` of the
        mover's circuit on `rows` (the lifted hole already emptied).  Returns the rows
        after the move or None if its laps never end."""
        rows = [list(r) for r in rows]
        ring = self.ring(me)
        n = len(ring)
        opp = 1 - me
        back, front = BACK_ROW[me], FRONT_ROW[me]
        opp_back, opp_front = BACK_ROW[opp], FRONT_ROW[opp]
        seen = set()
        kind = "first"
        while True:
            # A capture is always re-sown from the start hole of the lap that made it, so
            # the state is the board, the start hole and the seeds in hand.
            state = (tuple(tuple(r) for r in rows), start, hand)
            if state in seen:
                if events is not None:
                    events.add("never-ending")
                if trace is not None:
                    trace.append(("never-ending",))
                return None
            seen.add(state)
            self.laps += 1
            lap_start, lap_hand = start, hand
            i = start
            while True:
                r, c = ring[i]
                rows[r][c] += 1
                hand -= 1
                if hand == 0:
                    break
                i = (i + 1) % n
            r, c = ring[i]
            name = self.hole_name(me, r, c)
            if rows[r][c] == 1:
                # "If the last bean lands in an empty hole, the lap ends."
                if trace is not None:
                    trace.append((kind, self.hole_name(me, *ring[lap_start]), lap_hand, name, "end"))
                return rows
            # "If the last bean lands in an occupied front and there are also beans in the
            # back row of this file, then he can 'eat' his opponent's opposite file,
            # provided there are beans in the front row."  (Judged after the last seed.)
            if r == front and rows[back][c] > 0 and rows[opp_front][c] > 0:
                taken = rows[opp_front][c] + rows[opp_back][c]
                rows[opp_front][c] = 0
                rows[opp_back][c] = 0
                if events is not None:
                    events.add("capture")
                    if kind == "relay":
                        events.add("relay-capture")
                    if kind == "resow":
                        events.add("resow-capture")
                if trace is not None:
                    trace.append((kind, self.hole_name(me, *ring[lap_start]), lap_hand, name,
                                  "capture %d" % taken))
                # "The captures are re-sown beginning at the hole next to that which was
                # emptied to begin the lap": the start hole of this lap (a re-sowing's own
                # start hole when the lap is a re-sowing).
                hand = taken
                kind = "resow"
                continue
            # Any other occupied hole: relay.
            if events is not None:
                events.add("relay")
            if trace is not None:
                trace.append((kind, self.hole_name(me, *ring[lap_start]), lap_hand, name, "relay"))
            hand = rows[r][c]
            rows[r][c] = 0
            start = (i + 1) % n
            kind = "relay"

    # ------------------------------------------------------------ moves

    def own_holes_named(self, player):
        """[(name, (row, col))] in the move order b1..bW, f1..fW."""
        W = self.width
        out = []
        for c in range(1, W + 1):
            out.append(("b%d" % c, (BACK_ROW[player], self.text_col(player, c))))
        for c in range(1, W + 1):
            out.append(("f%d" % c, (FRONT_ROW[player], self.text_col(player, c))))
        return out

    def count_setup_moves(self, pos):
        me = pos.to_move
        total = sum(pos.rows[BACK_ROW[me]]) + sum(pos.rows[FRONT_ROW[me]])
        return count_compositions(total, 2 * self.width, self.max_hole)

    def set_allowed(self, pos, counts):
        """Is `counts` (b1..bW, f1..fW) an arrangement open to the side to move?"""
        me = pos.to_move
        total = sum(pos.rows[BACK_ROW[me]]) + sum(pos.rows[FRONT_ROW[me]])
        return (pos.phase == "setup" and len(counts) == 2 * self.width and sum(counts) == total
                and min(counts) >= 0 and max(counts) <= self.max_hole)

    def setup_child(self, pos, counts):
        """The position after the arrangement `counts` (b1..bW, then f1..fW)."""
        me = pos.to_move
        rows = [list(r) for r in pos.rows]
        for (_, (r, c)), k in zip(self.own_holes_named(me), counts):
            rows[r][c] = k
        # South arranges first, then North; then South plays.
        if me == SOUTH:
            return IsoloIIPos(rows, NORTH, "setup")
        return IsoloIIPos(rows, SOUTH, "play")

    set_child = setup_child

    def play_sow(self, pos, hole, events=None):
        """The rows after lifting own hole (row, col) and sowing from the next circuit hole,
        or None if the move never ends."""
        me = pos.to_move
        ring = self.ring(me)
        r, c = hole
        rows = [list(x) for x in pos.rows]
        hand = rows[r][c]
        rows[r][c] = 0
        return self.sow(rows, me, (ring.index(hole) + 1) % len(ring), hand, events)

    def move_events(self, pos, name):
        if pos.phase == "setup":
            me = pos.to_move
            total = sum(pos.rows[BACK_ROW[me]]) + sum(pos.rows[FRONT_ROW[me]])
            return {"setup", "max-hole"} if total > self.max_hole else {"setup"}
        events = set()
        self.play_sow(pos, dict(self.own_holes_named(pos.to_move))[name], events)
        return events

    def legal_moves(self, pos, events=None):
        me = pos.to_move
        opp = 1 - me
        W = self.width
        result = []
        if pos.phase == "setup":
            count = self.count_setup_moves(pos)
            if count > MAX_LIST:
                raise RefError("the setup here has %d arrangements, more than %d to list"
                               % (count, MAX_LIST))
            total = sum(pos.rows[BACK_ROW[me]]) + sum(pos.rows[FRONT_ROW[me]])
            if events is not None and total > self.max_hole:
                events.add("max-hole")
            for counts in compositions(total, 2 * W, self.max_hole):
                result.append((set_name(counts), self.setup_child(pos, counts)))
            if events is not None and result:
                events.add("setup")
            return result
        for name, (r, c) in self.own_holes_named(me):
            if pos.rows[r][c] == 0:
                continue
            after = self.play_sow(pos, (r, c), events)
            if after is not None:
                result.append((name, IsoloIIPos(after, opp, "play")))
        if events is not None:
            events.add("play")
            if not result:
                events.add("no-move")
        return result

    def total(self, pos):
        return sum(sum(r) for r in pos.rows)


# ===================================================================== common


def set_name(counts):
    return "set(%s)" % ",".join(str(k) for k in counts)


def parse_set(name):
    """The counts of a move name set(c1,...,cn), or None if the name is not of that shape."""
    if not (name.startswith("set(") and name.endswith(")")):
        return None
    parts = name[4:-1].split(",")
    if not all(p.isdigit() for p in parts):
        return None
    return tuple(int(p) for p in parts)


def play(game, pos, name):
    """The position after the move `name`.  An arrangement is checked and applied directly
    (the same test as the enumeration), so that boards with very many arrangements can be
    played."""
    counts = parse_set(name)
    if counts is not None and pos.phase in ("set", "setup"):
        if game.set_allowed(pos, counts) and set_name(counts) == name:
            return game.set_child(pos, counts)
        raise RefError("illegal move '%s': not an arrangement of this position" % name)
    moves = game.legal_moves(pos)
    for move, child in moves:
        if move == name:
            return child
    if not moves:
        raise RefError("illegal move '%s': the game is over" % name)
    if name.startswith("set(") and len(moves) > 40:
        raise RefError("illegal move '%s' in %s" % (name, game.format(pos)))
    raise RefError("illegal move '%s' in %s (legal: %s)"
                   % (name, game.format(pos), " ".join(m for m, _ in moves)))


def perft(game, pos, depth, events=None):
    if depth == 0:
        return 1
    moves = game.legal_moves(pos, events)
    if depth == 1:
        return len(moves)
    return sum(perft(game, child, depth - 1, events) for _, child in moves)


def make_game(variant, width=None, seeds=None, store=None, max_hole=None, rules=None):
    """A game object; width None = the default (8)."""
    if variant == "isolo":
        if max_hole is not None:
            raise RefError("--max-hole is an option of isolo-ii only")
        return Isolo(8 if width is None else width, 2 if seeds is None else seeds, store, rules)
    if variant == "isolo-ii":
        if store is not None:
            raise RefError("--store is an option of isolo only")
        if rules:
            raise RefError("isolo-ii has no rule options")
        return IsoloII(8 if width is None else width, 2 if seeds is None else seeds,
                       12 if max_hole is None else max_hole)
    raise RefError("unknown variant '%s' (expected isolo or isolo-ii)" % variant)


def position_of(game, phase=None, text=None, width_given=False):
    if text is None:
        if phase is None:
            phase = "fore" if game.name == "isolo" else "setup"
        return game.start(phase)
    default = phase if phase is not None else ("fore" if game.name == "isolo" else "setup")
    return game.parse(text, default, width_given)


# ---------------------------------------------------------------- command line

USAGE = """usage:
  isolo_ref.py start <isolo|isolo-ii> [options]
  isolo_ref.py moves <isolo|isolo-ii> [options] [--play-each]
  isolo_ref.py play  <isolo|isolo-ii> [options] MOVE...
  isolo_ref.py perft <isolo|isolo-ii> [options] --depth D [--divide]
options: --width W (isolo 3..16, isolo-ii 2..16; default 8), --seeds S (2),
         --store N (isolo: each player's store; unlimited when not given),
         --max-hole M (isolo-ii: 12), --rule main-first=loser|winner (isolo),
         --phase fore|set|main (isolo) or setup|play (isolo-ii), --position "TEXT"
Without --position: isolo --phase fore (default) or main, isolo-ii --phase setup (default)
or play.  A position text's phase= field wins over --phase."""


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
            "store": None, "max_hole": None, "rules": {}, "phase": None, "position": None,
            "depth": None, "moves": [], "play_each": False, "divide": False}
    i = 2
    while i < len(argv):
        a = argv[i]
        if a in ("--width", "--seeds", "--store", "--max-hole", "--rule", "--phase",
                 "--position", "--depth"):
            if i + 1 >= len(argv):
                raise RefError("option %s needs a value" % a)
            value = argv[i + 1]
            i += 2
            if a == "--width":
                args["width"] = parse_int(value, "--width")
            elif a == "--seeds":
                args["seeds"] = parse_int(value, "--seeds")
            elif a == "--store":
                args["store"] = parse_int(value, "--store")
            elif a == "--max-hole":
                args["max_hole"] = parse_int(value, "--max-hole")
            elif a == "--depth":
                args["depth"] = parse_int(value, "--depth")
            elif a == "--phase":
                args["phase"] = value
            elif a == "--position":
                args["position"] = value
            else:
                if "=" not in value:
                    raise RefError("invalid rule '%s': expected name=value" % value)
                name, val = value.split("=", 1)
                if name in args["rules"]:
                    raise RefError("rule option '%s' given twice" % name)
                args["rules"][name] = val
        elif a == "--play-each":
            args["play_each"] = True
            i += 1
        elif a == "--divide":
            args["divide"] = True
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
    if args["phase"] is not None:
        allowed = ("fore", "set", "main") if args["variant"] == "isolo" else ("setup", "play")
        if args["phase"] not in allowed:
            raise RefError("invalid --phase %s: expected %s" % (args["phase"], "|".join(allowed)))
    return args


def main(argv):
    args = parse_args(argv)
    game = make_game(args["variant"], args["width"], args["seeds"], args["store"],
                     args["max_hole"], args["rules"])
    pos = position_of(game, args["phase"], args["position"], args["width"] is not None)
    command = args["command"]
    if command == "start":
        print(game.format(pos))
    elif command == "moves":
        moves = game.legal_moves(pos)
        if args["play_each"]:
            for name, child in moves:
                print("%s %s" % (name, game.format(child)))
        else:
            print(" ".join(name for name, _ in moves))
    elif command == "play":
        for number, name in enumerate(args["moves"]):
            try:
                pos = play(game, pos, name)
            except RefError as e:
                raise RefError("%s (move %d of %d)" % (e, number + 1, len(args["moves"])))
        print(game.format(pos))
        if not game.legal_moves(pos):
            print("game over: %s wins" % SIDE_LETTER[1 - pos.to_move])
    elif command == "perft":
        t0 = time.time()
        depth = args["depth"]
        if args["divide"] and depth >= 1:
            total = 0
            for name, child in game.legal_moves(pos):
                n = perft(game, child, depth - 1)
                total += n
                print("%s %d" % (name, n))
            print(total)
        else:
            print(perft(game, pos, depth))
        sys.stderr.write("%.2f s\n" % (time.time() - t0))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except RefError as e:
        sys.stderr.write("error: %s\n" % e)
        sys.exit(2)
