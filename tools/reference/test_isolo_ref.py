#!/usr/bin/env python3
"""Self-checks of isolo_ref.py: hand-worked moves for each rule of Chaplin's Isolo I and
Isolo II (each test quotes the sentence it checks), the fore-play decision and the
kucheleka, never-ending moves, notation round trips and errors, and seed conservation over
random games.

    python3 test_isolo_ref.py [-v]
"""

import pathlib
import random
import subprocess
import sys
import unittest

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from isolo_ref import (Isolo, IsoloII, IsoloPos, RefError, SOUTH,  # noqa: E402
                       count_compositions, perft, play)


def isolo_main(south, north, side=SOUTH, phase="main", store=(None, None)):
    """A position from each player's row in HIS OWN order (hole 1 first)."""
    return IsoloPos([list(south), list(north)], side, phase, store)


def isolo_trace(game, pos, hole):
    """(rows after, laps) of the main-game move from `hole` (1-based) of the side to move."""
    me = pos.to_move
    rows = [list(pos.rows[0]), list(pos.rows[1])]
    hand = rows[me][hole - 1]
    rows[me][hole - 1] = 0
    trace = []
    after = game.sow(rows, me, hole % game.width, hand, trace=trace)
    return after, trace


class IsoloRules(unittest.TestCase):
    """Isolo I, 2x8 unless said otherwise; rows written in each owner's order in the
    helpers (South a..h = holes 1..8; North A..H = his holes 1..8), text as NOTATION.md."""

    def setUp(self):
        self.g = Isolo(8)

    def check(self, text, move, expected_text, expected_laps=None):
        g = self.g
        pos = g.parse(text)
        child = play(g, pos, move)
        self.assertEqual(g.format(child), expected_text)
        self.assertEqual(g.total(child), g.total(pos) + (1 if pos.phase == "fore" else 0))
        if expected_laps is not None and pos.phase == "main":
            _, laps = isolo_trace(g, pos, int(move))
            self.assertEqual(laps, expected_laps)

    def test_geometry_and_text(self):
        # "A is opposite h and H opposite a": South's hole i faces North's hole W+1-i,
        # which the text writes in the same column (North's row as South sees it).
        g = self.g
        pos = isolo_main([1, 2, 3, 4, 5, 6, 7, 8], [10, 11, 12, 13, 14, 15, 16, 17])
        self.assertEqual(g.format(pos), "17,16,15,14,13,12,11,10/1,2,3,4,5,6,7,8 S phase=main")
        self.assertEqual(g.parse(g.format(pos)), pos)
        self.assertEqual(g.format(g.start()),
                         "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S phase=fore store=-,-")
        self.assertEqual(Isolo(3, 2, 3).format(Isolo(3, 2, 3).start()),
                         "2,2,2/2,2,2 S phase=fore store=3,3")

    def test_rule_1_capture_from_c_to_f(self):
        # "1. If the beans captured occupy holes C, D, E, F, they are re-sown beginning at a."
        # South lifts a (3): b, c, d; d was occupied and faces E (1 seed): E is taken and
        # its seed re-sown from a, which was emptied: the move ends.
        self.check("0,0,0,1,0,0,0,2/3,0,0,1,0,0,0,0 S phase=main", "1",
                   "0,0,0,0,0,0,0,2/1,1,1,2,0,0,0,0 N phase=main",
                   [("first", 2, 3, 4, "capture 1"), ("resow", 1, 1, 1, "end")])

    def test_rule_2_two_or_more_in_b(self):
        # "2. If there are two or more beans in holes A, B, G, H, they arc re-sown beginning
        # at a."  South lifts e (2): f, g; g faces B, which holds 2: both re-sown a, b.
        self.check("0,0,0,0,0,0,2,1/0,0,0,0,2,0,1,0 S phase=main", "5",
                   "0,0,0,0,0,0,0,1/1,1,0,0,0,1,2,0 N phase=main",
                   [("first", 6, 2, 7, "capture 2"), ("resow", 1, 2, 2, "end")])

    def test_rule_2_three_in_h(self):
        # Rule 2 with H: South lifts h (1) into a, which faces H (3): re-sown a, b, c.
        self.check("3,0,0,0,0,0,0,1/1,0,0,0,0,0,0,1 S phase=main", "8",
                   "0,0,0,0,0,0,0,1/3,1,1,0,0,0,0,0 N phase=main",
                   [("first", 1, 1, 1, "capture 3"), ("resow", 1, 3, 3, "end")])

    def test_single_in_h_is_rule_2_reading(self):
        # Our reading: a single seed captured from A or H (no rule names it) is re-sown like
        # any other, from a.  South lifts h (1) into a (1 -> 2), takes H's single seed and
        # re-sows it in a (2 -> 3); H is now empty: a relays, 3 seeds to b, c, d.
        self.check("1,0,0,0,0,0,0,1/1,0,0,0,0,0,0,1 S phase=main", "8",
                   "0,0,0,0,0,0,0,1/0,1,1,1,0,0,0,0 N phase=main",
                   [("first", 1, 1, 1, "capture 1"), ("resow", 1, 1, 1, "relay"),
                    ("relay", 2, 3, 4, "end")])

    def test_rule_3_single_in_b_with_a(self):
        # "3. If there is a single bean in B, on capture it is added to h; if A is also
        # occupied the contents arc captured, added to h and the tota1 contents of h
        # re-sown beginning at a."  South lifts f (1) into g (1 -> 2), facing B = 1: the seed
        # goes to h (2 -> 3), A's 2 join it (5), and h's 5 are sown a..e; e was empty.
        self.check("0,0,0,1,0,0,1,2/0,0,0,0,0,1,1,2 S phase=main", "6",
                   "0,0,0,1,0,0,0,0/1,1,1,1,1,0,2,0 N phase=main",
                   [("first", 7, 1, 7, "rule3-A"), ("resow", 1, 5, 5, "end")])

    def test_rule_3_single_in_b_a_empty(self):
        # Rule 3 with A empty (our choice): the single seed stays in h and the move ends.
        self.check("0,0,0,0,2,0,1,0/0,0,0,0,0,1,1,0 S phase=main", "6",
                   "0,0,0,0,2,0,0,0/0,0,0,0,0,0,2,1 N phase=main",
                   [("first", 7, 1, 7, "rule3-end")])

    def test_rule_4_single_in_g_with_h(self):
        # "4. If there is a single bean in G, on capture it is added to a; if H is occupied
        # the contents are captured, added to a, and the total contents of a are re-sown
        # beginning at b."  South lifts a (1) into b (1 -> 2), facing G = 1: the seed goes
        # to a (0 -> 1), H's 2 join it (3), and a's 3 are sown b, c, d; d was empty.
        self.check("2,1,0,0,0,1,0,0/1,1,0,0,0,0,0,0 S phase=main", "1",
                   "0,0,0,0,0,1,0,0/0,3,1,1,0,0,0,0 N phase=main",
                   [("first", 2, 1, 2, "rule4-H"), ("resow", 2, 3, 4, "end")])

    def test_rule_4_single_in_g_h_empty(self):
        # Rule 4 with H empty (our choice): the single seed stays in a and the move ends.
        self.check("0,1,0,0,0,1,0,0/1,1,0,0,0,0,0,0 S phase=main", "1",
                   "0,0,0,0,0,1,0,0/1,2,0,0,0,0,0,0 N phase=main",
                   [("first", 2, 1, 2, "rule4-end")])

    def test_rule_5_capture_ending_a_resowing(self):
        # "5. If any of the above re-sowings results in a further capture, the captured beans
        # are re-sown beginning at a."  South lifts c (1) into d, facing E = 2: re-sown a, b;
        # b faces G = 3 (not a single): re-sown from a again, a, b, c; c was emptied.
        self.check("0,3,0,2,0,0,0,1/0,1,1,1,0,0,0,0 S phase=main", "3",
                   "0,0,0,0,0,0,0,1/2,3,1,2,0,0,0,0 N phase=main",
                   [("first", 4, 1, 4, "capture 2"), ("resow", 1, 2, 2, "capture 3"),
                    ("resow", 1, 3, 3, "end")])

    def test_rule_6_relay_then_capture(self):
        # "6. If a player in sowing, or re-sowing, ends in a hole already occupied, but the
        # opposite hole is empty, then he takes the contents of his own hole and continues
        # sowing. If a capture now results, the captured beans are re-sown beginning at the
        # hole next to that emptied to begin the lap."  South lifts b (1) into c (2 -> 3),
        # facing F, empty: relay, c's 3 to d, e, f; f faces C = 4: the 4 are re-sown from d
        # (the hole after c), d, e, f, g; g was empty.
        self.check("1,0,0,0,0,4,0,1/0,1,2,0,0,1,0,0 S phase=main", "2",
                   "1,0,0,0,0,0,0,1/0,0,0,2,2,3,1,0 N phase=main",
                   [("first", 3, 1, 3, "relay"), ("relay", 4, 3, 6, "capture 4"),
                    ("resow", 4, 4, 7, "end")])

    def test_rule_6_subject_to_rule_3(self):
        # Rule 6: "... subject to the overriding provisions or (3) and (4) above."  A relay
        # lap ending in g with a single in B: the seed goes to h, A's 2 join it, and h is
        # re-sown from a, not from the hole after the relay's.
        self.check("1,0,0,0,0,0,1,2/0,0,1,2,0,0,1,0 S phase=main", "3",
                   "1,0,0,0,0,0,0,0/1,1,1,0,1,1,2,0 N phase=main",
                   [("first", 4, 1, 4, "relay"), ("relay", 5, 3, 7, "rule3-A"),
                    ("resow", 1, 3, 3, "end")])

    def test_rule_7_store_seed_added_to_g(self):
        # "7. If the store bean is added to g, the contents of g are re-sown beginning at h,
        # not a."  The start, South adds his nkonto to g (3) and sows h, a, b; b faces G (2):
        # re-sown a, b (first lap: from a); b faces G, now empty: relay, b's 4 to c, d, e, f;
        # f faces C (2): re-sown from c (the hole after b); d faces E (2): a re-sowing's
        # capture, re-sown from a: a, b; b was emptied.
        g = self.g
        self.check("2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S phase=fore store=-,-", "7",
                   "2,0,2,0,2,0,2,2/5,1,4,4,3,3,0,3 N phase=fore store=-,-")
        rows = [[2, 2, 2, 2, 2, 2, 3, 2], [2] * 8]
        rows[SOUTH][6] = 0
        trace = []
        g.sow(rows, SOUTH, 7, 3, trace=trace)
        self.assertEqual(trace, [("first", 8, 3, 2, "capture 2"), ("resow", 1, 2, 2, "relay"),
                                 ("relay", 3, 4, 6, "capture 2"), ("resow", 3, 2, 4, "capture 2"),
                                 ("resow", 1, 2, 2, "end")])

    def test_fore_play_sows_from_a(self):
        # "this is added to a hole and the entire contents are removed and sowed anti-clockwise
        # beginning at the left-hand hole of his row."  Width 3, store 3: South adds to c (3)
        # and sows a, b, c; c was emptied: he sleeps.  His store goes down by one.
        g = Isolo(3, 2, 3)
        self.assertEqual(g.format(play(g, g.start(), "3")), "2,2,2/3,3,1 N phase=fore store=2,3")
        # Width 3: hole 2 is g, so rule 7 sows it from h (3): 3, 1, 2 ... (here it captures).
        moves = dict((m, g.format(c)) for m, c in g.legal_moves(g.start()))
        self.assertEqual(sorted(moves), ["1", "2", "3"])

    def test_fore_play_from_a_itself(self):
        # Lifting a, the sowing starts in a itself (its first seed goes back where it came from).
        g = Isolo(4, 2, 5)
        pos = g.parse("0,0,0,1/1,0,0,0 S phase=fore store=5,5")
        # a: 1 + 1 = 2, sown a (0 -> 1), b (0 -> 1): b was empty, the move ends.
        self.assertEqual(g.format(play(g, pos, "1")), "0,0,0,1/1,1,0,0 N phase=fore store=4,5")


class IsoloForePlayDecision(unittest.TestCase):
    """'When the fore-play results in a decision, the loser sets two beans in each hole. The
    winner arranges his beans in the way he thinks most to his advantage with no limitations
    as to number of beans used or holes occupied. This is called kucheleka.'"""

    def test_store_runs_out(self):
        # Width 3, store 1: South plays 3, North plays 3; South, to move, has an empty store:
        # he has lost the fore-play.  His row is set to 2 a hole, North arranges his 7 seeds.
        g = Isolo(3, 2, 1)
        pos = play(g, g.start(), "3")
        self.assertEqual(g.format(pos), "2,2,2/3,3,1 N phase=fore store=0,1")
        pos = play(g, pos, "3")
        self.assertEqual(g.format(pos), "1,3,3/2,2,2 N phase=set")
        moves = g.legal_moves(pos)
        # Any arrangement of 1..7 seeds over 3 holes: C(7 + 3, 3) - 1 = 119.
        self.assertEqual(len(moves), 119)
        self.assertEqual(len(set(m for m, _ in moves)), 119)
        self.assertEqual(moves[0][0], "set(0,0,1)")
        child = dict(moves)["set(7,0,0)"]
        # The loser moves first in the main game (our choice).
        self.assertEqual(g.format(child), "0,0,7/2,2,2 S phase=main")
        winner_first = Isolo(3, 2, 1, {"main-first": "winner"})
        child = dict(winner_first.legal_moves(pos))["set(7,0,0)"]
        self.assertEqual(winner_first.format(child), "0,0,7/2,2,2 N phase=main")

    def test_loser_row_emptied(self):
        # Width 3, store 3: South adds to a (3), sows a, b, c; c faces A (2): re-sown a, b;
        # b faces B (2): re-sown a, b; b faces B, now empty: relay ... North's row ends empty,
        # so North has no fore-play move: South has won.  North's row is set to 2 a hole.
        g = Isolo(3, 2, 3)
        pos = play(g, g.start(), "1")
        self.assertEqual(g.format(pos), "2,2,2/4,8,1 S phase=set")
        # South arranges 1..13 seeds over 3 holes: C(13 + 3, 3) - 1 = 559.
        self.assertEqual(len(g.legal_moves(pos)), 559)

    def test_loser_row_gets_seeds(self):
        # "the loser sets two beans in each hole": --seeds a hole (here 1).
        g = Isolo(3, 1, 1)
        pos = g.start()
        self.assertEqual(g.format(pos), "1,1,1/1,1,1 S phase=fore store=1,1")
        pos = play(g, pos, "3")     # c: 2, sown a, b; b was occupied and faces B (1) ...
        pos = play(g, pos, "3")
        self.assertEqual(pos.phase, "set")
        self.assertEqual(pos.rows[1 - pos.to_move], [1, 1, 1])

    def test_store_zero_start(self):
        # Our reading: with --store 0 South cannot make the first fore-play move: he has lost
        # the fore-play at once; North arranges his row.
        g = Isolo(3, 2, 0)
        self.assertEqual(g.format(g.start()), "2,2,2/2,2,2 N phase=set")

    def test_refused_fore_position(self):
        # A phase=fore position whose side to move has no fore-play move is refused
        # (NOTATION.md): empty store, empty row, a full board.
        g = Isolo(3)
        for text in ("2,2,2/2,2,2 S phase=fore store=0,3",
                     "2,2,2/0,0,0 S phase=fore store=3,3",
                     "100,100,49/2,2,2 S phase=fore"):
            with self.assertRaises(RefError):
                Isolo(3).parse(text)
        self.assertEqual(g.format(g.parse("2,2,2/2,2,2 N phase=fore store=0,3")),
                         "2,2,2/2,2,2 N phase=fore store=0,3")

    def test_board_limit(self):
        # "The board holds at most 255 seeds": a fore-play move that fills the board to 255
        # leaves the opponent without a fore-play move, so the mover has won the fore-play.
        g = Isolo(3)
        pos = g.parse("100,100,48/2,2,2 S phase=fore")
        self.assertEqual(g.total(pos), 254)
        for _, child in g.legal_moves(pos):
            self.assertEqual(child.phase, "set")
            self.assertEqual(child.to_move, SOUTH)

    def test_set_count_formula(self):
        # C(B + W, W) - 1 arrangements (NOTATION / isolo.md).
        from math import comb
        for W in (3, 4, 5):
            g = Isolo(W)
            for B in range(1, 9):
                south = [0] * W
                south[0] = B
                pos = isolo_main(south, [2] * W, SOUTH, "set")
                moves = g.legal_moves(pos)
                self.assertEqual(len(moves), comb(B + W, W) - 1)
                self.assertEqual(len(set(m for m, _ in moves)), len(moves))


class NeverEnding(unittest.TestCase):
    """'A move whose laps never end is not legal' (RULES.md); detected by the set of
    lap-start states.  Each example is checked by a plain simulation as well: a move that
    has not ended after many laps, whose lap-start state after N laps comes back."""

    def laps_repeat(self, game, rows, me, start, hand, laps=50000):
        # A second, plainer simulation: False if the move ends within `laps` laps, True if a
        # lap-start state comes back.
        W = game.width
        rows = [list(rows[0]), list(rows[1])]
        own, other = rows[me], rows[1 - me]
        relay = False
        history = {}
        for lap in range(laps):
            state = (tuple(own), tuple(other), start, hand, relay)
            if state in history:
                return True
            history[state] = lap
            i = start
            for _ in range(hand):
                own[i] += 1
                last = i
                i = (i + 1) % W
            if own[last] == 1:
                return False
            f = W - 1 - last
            if other[f]:
                n = other[f]
                other[f] = 0
                if n == 1 and last == W - 2:
                    own[W - 1] += 1
                    if not other[0]:
                        return False
                    own[W - 1] += other[0]
                    other[0] = 0
                    hand, own[W - 1], start, relay = own[W - 1], 0, 0, False
                    continue
                if n == 1 and last == 1:
                    own[0] += 1
                    if not other[W - 1]:
                        return False
                    own[0] += other[W - 1]
                    other[W - 1] = 0
                    hand, own[0], start, relay = own[0], 0, 1, False
                    continue
                hand, start, relay = n, (start if relay else 0), False
                continue
            hand, own[last], start, relay = own[last], 0, (last + 1) % W, True
        raise AssertionError("neither ended nor repeated in %d laps" % laps)

    def test_main_small(self):
        # Width 3, South 0,1,2 against an empty row: c's 2 go to a, b; b relays its 2 to c,
        # a; a relays 2 to b, c; c relays 2 to a, b: the lap from c comes back.
        g = Isolo(3)
        pos = isolo_main([0, 1, 2], [0, 0, 0])
        self.assertEqual([m for m, _ in g.legal_moves(pos)], ["2"])
        self.assertTrue(self.laps_repeat(g, [[0, 1, 0], [0, 0, 0]], SOUTH, 0, 2))

    def test_fore_play_from_the_start(self):
        # Found by search: the standard 2x8 start, South 7 (rule 7), North 8; now South's
        # hole h never ends (hole g is empty), so South has the moves 1..6 only.  The laps
        # of h: 4 seeds from a, ... the first repeated lap-start state comes after 10,813
        # laps.
        g = Isolo(8)
        pos = play(g, play(g, g.start(), "7"), "8")
        self.assertEqual(g.format(pos), "0,0,2,0,2,1,3,3/5,1,4,4,3,3,0,3 S phase=fore store=-,-")
        self.assertEqual([m for m, _ in g.legal_moves(pos)], ["1", "2", "3", "4", "5", "6"])
        rows = [list(pos.rows[0]), list(pos.rows[1])]
        rows[SOUTH][7] = 0
        self.assertIsNone(g.sow(rows, SOUTH, 0, 4))
        self.assertTrue(self.laps_repeat(g, rows, SOUTH, 0, 4))

    def test_fore_play_width_3(self):
        # Found by search: width 3, South 3, North 3, then South's 2 (rule 7) never ends.
        g = Isolo(3, 2, 2)
        pos = play(g, play(g, g.start(), "3"), "3")
        self.assertEqual(g.format(pos), "1,3,3/3,3,1 S phase=fore store=1,1")
        self.assertEqual([m for m, _ in g.legal_moves(pos)], ["1", "3"])
        rows = [[3, 0, 1], [3, 3, 1]]
        self.assertTrue(self.laps_repeat(g, rows, SOUTH, 2, 4))


class IsoloIIRules(unittest.TestCase):
    """Isolo II, 4x3 unless said otherwise.  Text rows: North back, North front, South front,
    South back, North's as South sees them; South's circuit b1 b2 b3 f3 f2 f1."""

    def setUp(self):
        self.g = IsoloII(3)

    def check(self, text, move, expected):
        g = self.g
        pos = g.parse(text)
        child = play(g, pos, move)
        self.assertEqual(g.format(child), expected)
        self.assertEqual(g.total(child), g.total(pos))
        return child

    def test_back_hole_empty_relay(self):
        # "If the last bean lands in an occupied front and there are also beans in the back
        # row of this file, then he can 'eat' ..."  South lifts b3 (2): f3, f2; f2 was
        # occupied but b2 is empty: no capture, a relay: f2's 2 to f1, b1; b1 was empty.
        self.check("1,1,1/0,3,0/0,1,0/0,0,2 S phase=play", "b3",
                   "1,1,1/0,3,0/1,0,1/1,0,0 N phase=play")

    def test_back_hole_emptied_to_begin_the_lap(self):
        # "Holds seeds" is judged after the last seed landed: b3 lifted (1) into f3, which
        # was occupied; b3 is now empty, so no capture although F3 holds 2: relay f3's 2 to
        # f2, f1.
        self.check("1,1,1/1,1,2/0,0,1/0,0,1 S phase=play", "b3",
                   "1,1,1/1,1,2/1,1,0/0,0,0 N phase=play")

    def test_opponent_front_empty_relay(self):
        # "... provided there are beans in the front row."  As the first test, but b2 holds a
        # seed and North's front hole of the file is empty (his back hole holds 3): relay.
        self.check("1,3,1/0,0,0/0,1,0/0,1,2 S phase=play", "b3",
                   "1,3,1/0,0,0/1,0,1/1,1,0 N phase=play")

    def test_capture_and_resowing_start(self):
        # "The captures are re-sown beginning at the hole next to that which was emptied to
        # begin the lap."  South lifts b2 (2): b3, f3; f3 was occupied, b3 holds a seed (the
        # one just sown), F3 holds 2: he takes F3 and B3 (2 + 1) and re-sows them from b3
        # (the hole after b2): b3, f3, f2; f2 was empty.
        self.check("1,1,1/1,1,2/0,0,1/0,2,0 S phase=play", "b2",
                   "1,1,0/1,1,0/0,1,3/0,0,2 N phase=play")

    def test_relay_lap_capture(self):
        # A relay lap's capture is re-sown from the hole after the one emptied to begin the
        # relay: South lifts b1 (1) into b2 (occupied back hole: relay), b2's 2 to b3, f3; f3
        # was occupied, b3 holds a seed, F3 holds 1: taken and re-sown from b3 (after b2), which
        # relays its 2 to f3, f2; f2 was empty.
        self.check("1,1,0/1,1,1/0,0,1/1,1,0 S phase=play", "b1",
                   "1,1,0/1,1,0/0,1,3/0,0,0 N phase=play")

    def test_resowing_capture_chain(self):
        # "... and so on with further captures": a re-sowing's capture is re-sown from where
        # that re-sowing began.  South lifts b1 (3): b2, b3, f3; takes F3 + B3 (3 + 1), re-sows
        # from b2: b2, b3, f3, f2; f2 was occupied, b2 holds seeds, F2 holds 4: takes F2 + B2
        # (4 + 1), re-sows from b2 again: b2, b3, f3, f2, f1; f1 was empty.
        self.check("1,1,1/1,4,3/0,1,1/3,0,0 S phase=play", "b1",
                   "1,0,0/1,0,0/1,3,4/0,3,3 N phase=play")

    def test_north_geometry(self):
        # North's circuit seen from South: his b1 is the top row's right-hand hole.  North
        # lifts his b3 (the top row's left-hand hole, 2): f3, f2 (the second row's left-hand
        # and middle holes); f2 was occupied, his b2 holds a seed, South's f2 (facing) holds
        # 1: he takes South's f2 and b2 and re-sows them (1 + 2) from f3: f3 (1 -> 2), f2
        # (2 -> 3), f1; f1 was empty.
        self.check("2,1,0/0,1,0/0,1,0/0,2,0 N phase=play", "b3",
                   "0,1,0/2,3,1/0,0,0/0,0,0 S phase=play")

    def test_setup(self):
        # "Then each man fills his holes as he likes, with a maximum of 12 beans in any one
        # hole": South first, then North, every seed used; then South plays.
        g = IsoloII(2, 1)
        pos = g.start()
        self.assertEqual(g.format(pos), "1,1/1,1/1,1/1,1 S phase=setup")
        moves = g.legal_moves(pos)
        self.assertEqual(len(moves), 35)           # 4 seeds over 4 holes
        pos = dict(moves)["set(4,0,0,0)"]
        self.assertEqual(g.format(pos), "1,1/1,1/0,0/4,0 N phase=setup")
        pos = dict(g.legal_moves(pos))["set(1,0,0,3)"]
        # North's b1 is the top row's right-hand hole, his f2 the second row's left-hand.
        self.assertEqual(g.format(pos), "0,1/3,0/0,0/4,0 S phase=play")
        self.assertEqual(len(IsoloII(2, 1, 2).legal_moves(IsoloII(2, 1, 2).start())), 19)
        # max-hole binds: 16 seeds over 4 holes, at most 12 each: C(19,3) - 4 C(6,3) = 889.
        g4 = IsoloII(2, 4)
        self.assertEqual(len(g4.legal_moves(g4.start())), 889)

    def test_never_ending(self):
        # "A move whose laps never end is not legal" (RULES.md).  Found by search, the
        # smallest: 4x2, South b2 = 1, f1 = 1, f2 = 3, North empty.  f2 (3): f1, b1, b2; b2
        # relays 2: f2, f1; f1 relays 3: b1, b2, f2; f2 relays 2: f1, b1; b1 relays 3: b2, f2,
        # f1; f1 relays 2: b1, b2; b2 relays 3: f2, f1, b1; b1 relays 2: b2, f2; f2 relays 3
        # from f1 with b1 = 0, b2 = 1, f1 = 1: the first lap's state again, after 8 laps.
        # b2 (1) into f2, occupied, but b2 was emptied: relay 4: f1, b1, b2, f2; f2 was
        # emptied: ends.  f1 (1) into b1, empty: ends.
        g = IsoloII(2)
        pos = g.parse("0,0/0,0/1,3/0,1 S phase=play")
        self.assertEqual([m for m, _ in g.legal_moves(pos)], ["b2", "f1"])
        self.assertEqual(g.format(play(g, pos, "b2")), "0,0/0,0/2,1/1,1 N phase=play")
        trace = []
        rows = [list(r) for r in pos.rows]
        rows[2][1] = 0
        self.assertIsNone(g.sow(rows, SOUTH, 3, 3, trace=trace))
        self.assertEqual(len(trace), 9)     # eight laps, then the repeated state
        # Reachable: 4x2 from the start of play, b1 b2 f1 f2; South's b1 and f2 never end.
        pos = g.start("play")
        for name in ("b1", "b2", "f1", "f2"):
            pos = play(g, pos, name)
        self.assertEqual(g.format(pos), "1,1/0,1/1,6/0,6 S phase=play")
        self.assertEqual([m for m, _ in g.legal_moves(pos)], ["b2", "f1"])


class Notation(unittest.TestCase):
    def test_round_trips(self):
        g = Isolo(5)
        for text in ("1,2,3,4,5/6,7,8,9,0 N phase=main", "1,2,3,4,5/6,7,8,9,0 S phase=set",
                     "1,2,3,4,5/6,7,8,9,0 S phase=fore store=3,-"):
            self.assertEqual(g.format(g.parse(text)), text)
        g2 = IsoloII(2)
        for text in ("1,2/3,4/5,6/7,8 N phase=setup", "1,2/3,4/5,6/7,8 S phase=play"):
            self.assertEqual(g2.format(g2.parse(text)), text)

    def test_errors(self):
        for text in ("1,2/3,4 S phase=main",              # width 2
                     "1,2,3/4,5,6 X phase=main",
                     "1,2,3/4,5,6 S phase=main store=1,1",
                     "1,2,3/4,5,6 S phase=play",
                     "1,2,3/4,5,6 S phase=main phase=main",
                     "1,2,3/4,5 S phase=main",
                     "1,2,3/4,5,6 S foo=1"):
            with self.assertRaises(RefError):
                Isolo(3).parse(text)
        for text in ("1/1/1/1 S phase=play", "1,1/1,1/1,1 S phase=play",
                     "1,1/1,1/1,1/1,1 S phase=main", "1,1/1,1/1,1/1,1 S store=1,1"):
            with self.assertRaises(RefError):
                IsoloII(2).parse(text)

    def test_cli(self):
        def run(*args):
            out = subprocess.run([sys.executable, str(HERE / "isolo_ref.py")] + list(args),
                                 capture_output=True, text=True)
            return out.returncode, out.stdout.strip()
        self.assertEqual(run("start", "isolo", "--width", "3", "--store", "3"),
                         (0, "2,2,2/2,2,2 S phase=fore store=3,3"))
        self.assertEqual(run("play", "isolo", "--width", "3", "--store", "1", "3", "3"),
                         (0, "1,3,3/2,2,2 N phase=set"))
        self.assertEqual(run("perft", "isolo", "--width", "3", "--store", "3", "--depth", "2"),
                         (0, "565"))
        self.assertEqual(run("moves", "isolo-ii", "--width", "2", "--phase", "play"),
                         (0, "b1 b2 f1 f2"))
        self.assertEqual(run("play", "isolo", "--width", "3", "9")[0], 2)


class RandomGames(unittest.TestCase):
    def test_conservation_isolo(self):
        rng = random.Random(3)
        for W in (3, 4, 5, 8):
            for store in (1, 3, None):
                g = Isolo(W, 2, store)
                for _ in range(15):
                    pos = g.start()
                    for _ in range(60):
                        if pos.phase == "set":
                            if g.count_set_moves(pos) > 20000:
                                break
                        moves = g.legal_moves(pos)
                        if not moves:
                            break
                        name, child = rng.choice(moves)
                        if pos.phase == "fore" and child.phase == "fore":
                            self.assertEqual(g.total(child), g.total(pos) + 1)
                            me = pos.to_move
                            if pos.store[me] is not None:
                                self.assertEqual(child.store[me], pos.store[me] - 1)
                        elif pos.phase == "main":
                            self.assertEqual(g.total(child), g.total(pos))
                        self.assertEqual(g.parse(g.format(child)) if child.phase != "fore"
                                         or g.fore_moves(child) else child, child)
                        pos = child

    def test_conservation_isolo_ii(self):
        rng = random.Random(4)
        for W in (2, 3, 4):
            g = IsoloII(W, 2 if W < 4 else 1)
            for _ in range(20):
                pos = g.start("play")
                for _ in range(80):
                    moves = g.legal_moves(pos)
                    if not moves:
                        break
                    _, child = rng.choice(moves)
                    self.assertEqual(g.total(child), g.total(pos))
                    self.assertEqual(g.parse(g.format(child)), child)
                    pos = child

    def test_perft_small(self):
        g = IsoloII(2, 1)
        self.assertEqual(perft(g, g.start(), 2), 35 * 35)
        self.assertEqual(count_compositions(4, 4, 12), 35)
        # Depth 2 of the 3-hole fore-play, store 3: South's 1 wins the fore-play at once
        # (559 arrangements follow), his 2 and 3 leave North 3 moves each.
        g = Isolo(3, 2, 3)
        self.assertEqual(perft(g, g.start(), 2), 559 + 3 + 3)


class GoldenFiles(unittest.TestCase):
    def test_small_lines(self):
        # The cheap lines of the golden files (a regression check of this reference).
        for name in ("isolo", "isolo-ii"):
            path = HERE.parent.parent / "tests" / "perft" / ("%s.perft" % name)
            if not path.exists():
                continue
            rules = {}
            pos = None
            for line in path.read_text().splitlines():
                words = line.split(None, 1)
                if not words or words[0].startswith("#"):
                    continue
                if words[0] == "rules":
                    rules = dict(w.split("=") for w in words[1].split()) if len(words) > 1 else {}
                elif words[0] == "position":
                    g = Isolo(8, 2, None, rules) if name == "isolo" else IsoloII(8)
                    pos = g.parse(words[1])
                elif words[0] == "perft":
                    depth, nodes = map(int, words[1].split())
                    if nodes <= 3000:
                        self.assertEqual(perft(g, pos, depth), nodes, (name, g.format(pos), depth))


if __name__ == "__main__":
    unittest.main()
