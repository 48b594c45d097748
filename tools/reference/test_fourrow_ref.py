#!/usr/bin/env python3
"""Self-checks of the four-row reference: python3 test_fourrow_ref.py

Every rule test is worked by hand on a small board (width 2..4) before being
written down; the expected positions are literal text, not re-computed.
Reminder of the geometry (fourrow_ref.py): rows are North back / North front /
South front / South back, each left to right as South sees it; South's ring is
b1..bW then fW..f1 (anti-clockwise), North's column c is text column W+1-c.
"""

import os
import random
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fourrow_ref import Game, RefError, SOUTH, NORTH, CCW, VARIANTS  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def moves_of(game, text):
    return [m for m, _ in game.legal_moves(game.parse(text))]


def play(game, text, *names):
    pos = game.parse(text)
    for name in names:
        pos = game.play(pos, name)
    return game.format(pos)


class Notation(unittest.TestCase):
    def test_start_positions(self):
        expected = {
            "mulabalaba": "2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2 S captured=0,0",
            "kanotta": "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S "
                       "captured=0,0 removed=0,0",
            # "the front left-hand hole which is left empty, and the hole on the right of
            # this which has one bean only" -- North's left is South's right.
            "nakabili": "2,2,2,2,2,2,2,2/2,2,2,2,2,2,1,0/0,1,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S "
                        "captured=0,0 captures=0,0",
            # "two beans in the front right-hand hole, one bean in the hole next to this"
            "kabwanga": "2,2,2,2,2,2,2,2/2,1,0,0,0,0,0,0/0,0,0,0,0,0,1,2/2,2,2,2,2,2,2,2 S "
                        "captured=0,0",
            # "The two rightmost holes of a player's inner row remain empty. The adjacent
            # hole contains one stone, the next one two stones and the remaining holes three"
            "natatu": "3,3,3,3,3,3,3/0,0,1,2,3,3,3/3,3,3,2,1,0,0/3,3,3,3,3,3,3 S captured=0,0 dir=-",
            "chisolo-ii": "3,3,3,3,3/3,3,3,3,3/3,3,3,3,3/3,3,3,3,3 S",
            # "the front rows are at once cleared to make a store"
            "mwambulula": "2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/2,2,2,2,2,2,2,2 S "
                          "stores=16,16 emptied=0,0",
        }
        for variant, text in expected.items():
            g = Game(variant)
            self.assertEqual(g.format(g.start()), text, variant)
        g = Game("nchuba")
        self.assertEqual(g.format(g.start()).split()[0].split("/")[1], ",".join(["0"] * 16))
        g = Game("mulabalaba", width=8, seeds=3)
        self.assertEqual(g.format(g.start()), "/".join([",".join(["3"] * 8)] * 4) + " S captured=0,0")

    def test_round_trip_and_defaults(self):
        g = Game("natatu")
        text = "1,2,1/0,3,0/0,0,0/0,3,0 N captured=1,2 dir=cw"
        self.assertEqual(g.format(g.parse(text)), text)
        g = Game("mwambulula")
        self.assertEqual(g.format(g.parse("1,1,1/0,0,0/0,0,0/1,1,1 S")),
                         "1,1,1/0,0,0/0,0,0/1,1,1 S stores=6,6 emptied=0,0")
        g = Game("nchuba")
        self.assertEqual(g.format(g.parse("1,1/0,0/0,0/1,1 N captures=2,1 captured=3,4")),
                         "1,1/0,0/0,0/1,1 N captured=3,4 captures=2,1")

    def test_bad_input(self):
        for variant, bad in [("mulabalaba", "1,1/1,1/1,1 S"), ("mulabalaba", "1,1/1,1/1,1/1 S"),
                             ("mulabalaba", "1,1/1,1/1,1/1,1 X"), ("mulabalaba", "1,1/1,1/1,a/1,1 S"),
                             ("mulabalaba", "1,1/1,1/1,1/1,1 S stores=1,1"),
                             ("chisolo-ii", "1,1/1,1/1,1/1,1 S captured=0,0"),
                             ("natatu", "1,1/1,1/1,1/1,1 S dir=up"),
                             ("kanotta", "1,1/1,1/1,1/1,1 N removed=2,0"),
                             ("kanotta", "1,1/1,1/1,1/1,1 S removed=4,1"),
                             ("kanotta", "1,1/1,1/1,1/1,1 S removed=5,0"),
                             ("mwambulula", "1,1/1,1/1,1/1,1 S emptied=2,0"),
                             ("nchuba", "1,1/1,1/1,1/1,1 S captured=1"),
                             ("nchuba", "1,1/1,1/1,1/1,1 S captured=1,1 captured=1,1")]:
            with self.assertRaises(RefError, msg=bad):
                Game(variant).parse(bad)
        with self.assertRaises(RefError):
            Game("mwambulula", rules={"resow": "sometimes"})
        with self.assertRaises(RefError):
            Game("toka", rules={"resow": "end"})

    def test_move_names_any_order_no_duplicates(self):
        g = Game("nchuba")
        text = "1,1,1,1/1,1,3,1/0,0,0,0/0,0,0,2 S captured=0,0 captures=0,0"
        self.assertEqual(play(g, text, "b4x(F4,B1,B2)"), play(g, text, "b4x(B1,B2,F4)"))
        with self.assertRaises(RefError):
            play(g, text, "b4x(B1,B1,F4)")

    def test_cli(self):
        r = subprocess.run([sys.executable, os.path.join(HERE, "fourrow_ref.py"), "moves", "toka",
                            "--position", "1,1/1,1/1 S"], capture_output=True, text=True)
        self.assertEqual(r.returncode, 2)
        self.assertEqual(len(r.stderr.strip().splitlines()), 1)
        r = subprocess.run([sys.executable, os.path.join(HERE, "fourrow_ref.py"), "play",
                            "mulabalaba", "--position", "1,1,1/0,3,0/0,0,0/2,1,1 S", "b1"],
                           capture_output=True, text=True)
        self.assertEqual(r.stdout, "1,0,1/0,0,0/0,1,1/0,2,0 N captured=4,0\n")


class LoziCore(unittest.TestCase):
    def test_relay(self):
        # Chaplin (Lozi): "if the last bean falls in a hole already occupied, that hole
        # is emptied and its total contents sown."
        # South b1 (2): b2 1->2, b3 1->2 (occupied: relay 2), f3 0->1, f2 0->1: empty,
        # North's front hole of that file is empty: the move ends.
        g = Game("mulabalaba")
        self.assertEqual(play(g, "1,1,1/0,0,0/0,0,0/2,1,1 S", "b1"),
                         "1,1,1/0,0,0/0,1,1/0,2,0 N captured=0,0")

    def test_capture_of_a_file(self):
        # Chaplin: "If the last bean falls in an empty hole of the front row, and the
        # opponent's front hole of that file is occupied, then the opponent's beans in
        # the whole file are captured and removed from the board."
        # Same sowing, ending in f2; North's front (3) and back (1) of that file go.
        g = Game("mulabalaba")
        self.assertEqual(play(g, "1,1,1/0,3,0/0,0,0/2,1,1 S", "b1"),
                         "1,0,1/0,0,0/0,1,1/0,2,0 N captured=4,0")

    def test_lap_passes_the_origin(self):
        # docs/RULES.md: "Sowing never skips a hole: a lap of 2W or more seeds passes the
        # starting hole and drops a seed in it."  W = 2, b1 (4): b2, f2, f1, b1; b1 was
        # emptied by the lift, so the last seed falls in an empty hole: the move ends.
        g = Game("mulabalaba")
        self.assertEqual(play(g, "1,1/0,0/0,0/4,0 S", "b1"), "1,1/0,0/1,1/1,1 N captured=0,0")

    def test_north_sows_anticlockwise_from_his_left(self):
        # North's b1 is South's top-right hole; his ring runs b1..bW (right to left as
        # South sees it), then fW..f1.  North b1 (2): b2 0->1, b3 0->1 empty, back row.
        g = Game("mulabalaba")
        self.assertEqual(play(g, "0,0,2/0,0,0/1,0,0/1,0,0 N", "b1"),
                         "1,1,0/0,0,0/1,0,0/1,0,0 S captured=0,0")

    def test_singletons(self):
        # Chaplin: "When a player has only single beans in his holes, he must if possible
        # sow a single bean into an adjacent hole that is occupied, lifting them both and
        # sowing accordingly."
        # South singles in b1, b3, f1: only f1's next hole (b1) is occupied.
        g = Game("mulabalaba")
        self.assertEqual(moves_of(g, "1,1,1/0,0,0/1,0,0/1,0,1 S"), ["f1"])
        # Singles in b1, b3: no next hole occupied: any single may move.
        self.assertEqual(moves_of(g, "1,1,1/0,0,0/0,0,0/1,0,1 S"), ["b1", "b3"])
        # With a hole of two the Lozi game allows any hole.
        self.assertEqual(moves_of(g, "1,1,1/0,0,0/0,0,0/2,0,1 S"), ["b1", "b3"])

    def test_never_ending_sowing_is_illegal(self):
        # docs/RULES.md: "A move whose sowing never ends (relay laps that repeat a state) is
        # not legal."  W = 2, South's ring b1,b2,f2,f1 holds 0,2,1,2 (North's front
        # rows empty, so no capture).  f1 (2), lap states [b1,b2,f2,f1] + hand:
        # [0,2,1,0]+2 -> [1,0,1,0]+3 -> [0,0,2,1]+2 -> [0,1,0,1]+3 -> [1,0,0,2]+2
        # -> [1,0,1,0]+3 at b1 -> [2,1,0,0]+2 -> [0,1,0,1]+3 at b2 -> [0,2,1,0]+2 at b1,
        # the first state again: f1 never ends.  b2 (2): f2 2, f1 3, relay: b1 1, b2 1,
        # f2 3, relay: f1 1 ... ends; f2 (1) is also legal (b2 has two).
        g = Game("mulabalaba")
        text = "1,1/0,0/2,1/0,2 S"
        self.assertEqual(moves_of(g, text), ["b2", "f2"])
        # A cross-check with a different method: a naive sowing with a step limit
        # does not end f1 within 10000 laps.
        ring = [2 - 2, 2, 1, 2]     # b1, b2, f2, f1
        hand, ring[3], here, laps = ring[3], 0, 0, 0
        while laps < 10000:
            while hand:
                ring[here] += 1
                hand -= 1
                last, here = here, (here + 1) % 4
            if ring[last] == 1:
                break
            hand, ring[last], laps = ring[last], 0, laps + 1
        self.assertEqual(laps, 10000)

    def test_no_move_loses(self):
        g = Game("mulabalaba")
        self.assertEqual(moves_of(g, "1,1/0,0/0,0/0,0 S"), [])
        r = subprocess.run([sys.executable, os.path.join(HERE, "fourrow_ref.py"), "play",
                            "mulabalaba", "--position", "1,1/0,0/0,0/0,0 S", "--json"],
                           capture_output=True, text=True)
        self.assertIn('"winner": "N"', r.stdout)


class Extras(unittest.TestCase):
    def test_chisolo_one_other_hole(self):
        # Chaplin (Tonga Chisolo I): "besides capturing the contents of the opponent's
        # file, the player may also take and discard the contents of any one other hole."
        # b1 and b2 both end in f2 (file 2: F2=3, B2=2); the other non-empty North holes
        # are B1 and F3.  b3 (1) ends in f3 at once: file 3 (F3=4), others B1, B2, F2.
        g = Game("chisolo")
        self.assertEqual(moves_of(g, "1,2,0/0,3,4/0,0,0/2,1,1 S captured=0,0"),
                         ["b1x(B1)", "b1x(F3)", "b2x(B1)", "b2x(F3)",
                          "b3x(B1)", "b3x(B2)", "b3x(F2)"])
        self.assertEqual(play(g, "1,2,0/0,3,4/0,0,0/2,1,1 S captured=0,0", "b3x(F2)"),
                         "1,2,0/0,0,0/0,0,1/2,1,0 N captured=7,0")

    def test_kanotta_two_other_holes_or_all(self):
        # Chaplin (Lunda): "he may also remove the contents of any other two of his
        # opponent's holes."  docs/RULES.md: "non-empty ones; all if fewer".
        g = Game("kanotta")
        self.assertEqual(moves_of(g, "0,1,1/0,3,1/0,0,0/2,1,1 S captured=0,0 removed=4,4"),
                         ["b1x(B3,F3)", "b2x(B3,F3)", "b3x(B2,F2)"])
        self.assertEqual(moves_of(g, "0,0,1/0,3,0/0,0,0/2,1,1 S captured=0,0 removed=4,4"),
                         ["b1x(B3)", "b2x(B3)", "b3"])
        self.assertEqual(moves_of(g, "0,0,0/0,3,0/0,0,0/2,1,1 S captured=0,0 removed=4,4"),
                         ["b1", "b2", "b3"])

    def test_nchuba_three_two_one(self):
        # Chaplin (Tumbuka): "When X 'eats' ... for the first time, he takes the
        # opponent's file, also three other holes; when he 'eats' for the second time he
        # takes the file and any two other holes. After third and subsequent captures he
        # removes the contents of the file and any one other hole."
        # b4 (2): f4, f3 (empty, facing F3=3): file 3; six other North holes non-empty.
        g = Game("nchuba")
        text = "1,1,1,1/1,1,3,1/0,0,0,0/0,0,0,2 S captured=0,0 captures=%s"
        self.assertEqual(len(moves_of(g, text % "0,0")), 20)   # C(6,3)
        self.assertEqual(len(moves_of(g, text % "1,0")), 15)   # C(6,2)
        self.assertEqual(len(moves_of(g, text % "2,0")), 6)    # C(6,1)
        self.assertEqual(len(moves_of(g, text % "5,3")), 6)
        self.assertEqual(play(g, text % "0,0", "b4x(B1,B2,F4)"),
                         "0,0,0,1/1,1,0,0/0,0,1,1/0,0,0,0 N captured=7,0 captures=1,0")

    def test_nchuba_no_singles_while_a_two(self):
        # Chaplin: "While there are two beans in any hole on your side you may not move
        # singles."  (The Lozi game allows b3 here.)
        text = "1,1,1/0,0,0/0,0,0/2,0,1 S"
        self.assertEqual(moves_of(Game("nchuba"), text), ["b1"])
        self.assertEqual(moves_of(Game("mulabalaba"), text), ["b1", "b3"])

    def test_nakabili_two_then_one(self):
        # Chaplin (Bantu Botatwe): "When X 'eats' for the first time he removes the
        # contents of Y's file plus the contents of two other holes. ... On the second
        # and subsequent captures he removes the opponent's file plus one other hole."
        g = Game("nakabili")
        text = "1,1,1,1/1,1,3,1/0,0,0,0/0,0,0,2 S captured=0,0 captures=%s"
        self.assertEqual(len(moves_of(g, text % "0,0")), 15)
        self.assertEqual(len(moves_of(g, text % "1,0")), 6)


class Mutwi(unittest.TestCase):
    def test_mutwi(self):
        # Chaplin (Nakabili): "If all the holes have singles except one which just two,
        # this is called mutwi (the head) and must be moved."  Kabwanga: "The movement of
        # the mutwi mentioned in the previous Bantu Botatwe game also applies to this."
        text = "1,1,1/0,0,0/0,1,0/2,1,1 S"
        self.assertEqual(moves_of(Game("nakabili"), text + " captured=0,0 captures=0,0"), ["b1"])
        self.assertEqual(moves_of(Game("kabwanga"), text), ["b1"])
        self.assertEqual(moves_of(Game("mulabalaba"), text), ["b1", "b2", "b3", "f2"])
        # Reading R16 (FOURROW-READINGS.md): the restriction is fixed by the counts.  Here
        # the mutwi f3 never ends; the other holes would, but South may not fall back on
        # them, so he has no legal move.
        text = "0,1,0,0,1/1,0,0,0,1/1,1,2,1,1/0,1,0,1,0 S captured=9,5"
        self.assertEqual(moves_of(Game("kabwanga"), text), [])
        self.assertEqual(moves_of(Game("mulabalaba"), text), ["b2", "b4", "f1", "f2", "f3", "f4", "f5"])
        # Two holes of two: no mutwi.
        self.assertEqual(moves_of(Game("kabwanga"), "1,1,1/0,0,0/0,1,0/2,2,1 S"),
                         ["b1", "b2", "b3", "f2"])


class Kabwanga(unittest.TestCase):
    def test_another_lap(self):
        # Chaplin: "If you end your lap in an empty hole and the hole ahead of it (i.e.
        # to the left of it) has two or more beans in it, then you have another lap; if
        # the following hole has only one bean in it, this advantage cannot be taken."
        # b1 (2): b2 1, b3 1 (empty, back row); ahead f3 holds 3: lift, f2 1, f1 1, b1 1
        # (empty); ahead b2 holds 1: the move ends.
        g = Game("kabwanga")
        self.assertEqual(play(g, "1,1,1/0,0,0/0,0,3/2,0,0 S", "b1"),
                         "1,1,1/0,0,0/1,1,0/1,1,1 N captured=0,0")
        # The Lozi game stops in b3.
        self.assertEqual(play(Game("mulabalaba"), "1,1,1/0,0,0/0,0,3/2,0,0 S", "b1"),
                         "1,1,1/0,0,0/0,0,3/0,1,1 N captured=0,0")
        # Ahead holds only one: no other lap.
        self.assertEqual(play(g, "1,1,1/0,0,0/0,0,1/2,0,0 S", "b1"),
                         "1,1,1/0,0,0/0,0,1/0,1,1 N captured=0,0")


class Natatu(unittest.TestCase):
    def test_south_sows_clockwise_and_singles_wait(self):
        # Mancala World: "The first player sows clockwise"; a hole "must contain at
        # least two stones".  South's clockwise ring from b1: f1, f2, f3, b3, b2.
        # b1 (2): f1 1, f2 1 (empty front, North's F2 empty): ends.  b2 (single) may not
        # move while b1 holds two.
        g = Game("natatu")
        text = "1,1,1/0,0,0/0,0,0/2,1,0 S"
        self.assertEqual(moves_of(g, text), ["b1"])
        self.assertEqual(play(g, text, "b1"), "1,1,1/0,0,0/1,1,0/0,1,0 N captured=0,0 dir=-")

    def test_north_chooses_a_direction_and_singles_into_empty(self):
        # Mancala World: "the second player chooses a direction in his first turn,
        # which he must then maintain throughout the game." and "When a player has only
        # singletons, he is permitted to move them, but only in empty holes."
        # North's singles b1, b2, b3 (text columns 3, 2, 1).  Clockwise b1 -> f1 is
        # empty; anti-clockwise b3 -> f3 is empty (and captures South's file 1: f1 = 1,
        # then one other hole, B2 or F2).
        g = Game("natatu")
        text = "1,1,1/0,0,0/1,1,0/0,1,0 N"
        self.assertEqual(moves_of(g, text), ["b1+cw", "b3+ccwx(B2)", "b3+ccwx(F2)"])
        self.assertEqual(play(g, text, "b1+cw"), "1,1,0/0,0,1/1,1,0/0,1,0 S captured=0,0 dir=cw")
        # Once chosen, no suffix and only that direction.
        self.assertEqual(moves_of(g, "1,1,1/0,0,0/1,1,0/0,1,0 N dir=cw"), ["b1"])

    def test_capture_file_and_one_other(self):
        # Mancala World: "If the last stone falls into an empty hole of the inner row
        # and the opposite hole of his opponent's inner row has got stones, these enemy
        # stones and, in addition, any stones in the opponent's hole of the same file in
        # the outer row are captured ... The player is then entitled to capture the
        # contents of any one other enemy hole".
        # South b2 (3) clockwise: b1 1, f1 1, f2 1 (empty, F2=3): file 2 (3+2) + B1 or B3.
        g = Game("natatu")
        text = "1,2,1/0,3,0/0,0,0/0,3,0 S captured=0,0 dir=ccw"
        self.assertEqual(moves_of(g, text), ["b2x(B1)", "b2x(B3)"])
        self.assertEqual(play(g, text, "b2x(B1)"), "0,0,1/0,0,0/1,1,0/1,0,0 N captured=6,0 dir=ccw")


class Resowing(unittest.TestCase):
    def test_chisolo_ii_capture_and_resow(self):
        # Chaplin (Chisolo II): "if the last is sown into an already occupied front
        # hole, the opponent's file opposite to this may be captured provided he has
        # beans in the front hole of the file ... The captured beans are re-sown into
        # the capturer's rows, the re-sowing beginning at the hole next to the hole the
        # filling of which enabled the capture to be made."
        # b1 (3): b2 1, b3 1, f3 1->2 (occupied, F3=2): file 3 (2+1) re-sown from f2:
        # f2 1, f1 1, b1 1 (empty): ends.
        g = Game("chisolo-ii")
        self.assertEqual(play(g, "1,1,1/1,0,2/0,0,1/3,0,0 S", "b1"), "1,1,0/1,0,0/1,1,2/1,1,1 N")

    def test_chisolo_ii_chain_of_captures(self):
        # docs/RULES.md: "the re-sowing is a lap like any other".  b2 (2): b3 1, f3 1->2, F3
        # holds 1: file 3 (1+0) re-sown from f2: f2 1->2, F2 holds 2: file 2 (2+1) re-sown
        # from f1: f1 1, b1 1, b2 1 (emptied at the start, so empty): ends.
        g = Game("chisolo-ii")
        self.assertEqual(play(g, "1,1,0/0,2,1/0,1,1/0,2,0 S", "b2"), "1,0,0/0,0,0/1,2,2/1,1,1 N")

    def test_chisolo_ii_relay_when_file_empty(self):
        # Chaplin: "If sowing results in the last bean landing in a full hole and no
        # capture is possible as the opponent's file is empty, then the contents of the
        # hole are removed and re-sown."  f3 1->2, F3 empty: relay 2: f2 1, f1 1.
        g = Game("chisolo-ii")
        self.assertEqual(play(g, "1,1,1/1,0,0/0,0,1/3,0,0 S", "b1"), "1,1,1/1,0,0/1,1,0/0,1,1 N")

    def test_mwambulula_capture_resow_from_origin(self):
        # Chaplin (Mwambulula): "If a player lands in a full hole he may 'eat' his
        # opponent's opposite file provided that the front hole has beans. If he is
        # unable to 'eat,' the contents of the hole are re-sown. The captured beans are
        # re-entered, the sowing beginning at the hole from which the 'eating' move
        # commenced."
        # b1 (2): b2 1, b3 1->2 (occupied back hole; North's F3 = 1): file 3 (1+2)
        # re-sown from b1: b1 1, b2 2, b3 3.  resow=continue: b3 is occupied, F3 now
        # empty: relay 3: f3 1, f2 1, f1 1 (empty): ends.  resow=end: the move ends.
        text = "1,2,2/0,0,1/0,0,0/2,0,1 S stores=6,6 emptied=0,0"
        self.assertEqual(play(Game("mwambulula"), text, "b1"),
                         "1,2,0/0,0,0/1,1,1/1,2,0 N stores=6,6 emptied=0,0")
        self.assertEqual(play(Game("mwambulula", rules={"resow": "end"}), text, "b1"),
                         "1,2,0/0,0,0/0,0,0/1,2,3 N stores=6,6 emptied=0,0")

    def test_mwambulula_store(self):
        # Chaplin: "At any time during the game when your own beans are running short you
        # may empty your store and add one bean to each of your holes."  docs/RULES.md: "Once
        # per game, as a whole move".
        g = Game("mwambulula")
        text = "1,2,2/0,0,1/0,0,0/2,0,1 S stores=6,6 emptied=0,0"
        self.assertEqual(moves_of(g, text), ["b1", "b3", "store"])
        after = play(g, text, "store")
        self.assertEqual(after, "1,2,2/0,0,1/1,1,1/3,1,2 N stores=0,6 emptied=1,0")
        self.assertNotIn("store", moves_of(g, "1,2,2/0,0,1/1,1,1/3,1,2 S stores=0,6 emptied=1,0"))
        # A player with no seed on the board can still make his store move.
        self.assertEqual(moves_of(g, "1,1,1/0,0,0/0,0,0/0,0,0 S stores=6,6 emptied=0,0"), ["store"])


class Kanotta(unittest.TestCase):
    def test_setup(self):
        # Chaplin (Lunda): "Before play properly begins X takes the contents of four of
        # Y's holes, and Y takes the same number from X."  South's four removals (turn
        # stays with South), then North's four, then South plays.
        g = Game("kanotta", width=3)
        start = g.format(g.start())
        self.assertEqual(len(moves_of(g, start)), 6)
        after_south = play(g, start, "xB1", "xF3", "xB2", "xF1")
        self.assertEqual(after_south, "0,0,2/0,2,0/2,2,2/2,2,2 N captured=8,0 removed=4,0")
        self.assertEqual(moves_of(g, after_south), ["xB1", "xB2", "xB3", "xF1", "xF2", "xF3"])
        after_north = play(g, after_south, "xB1", "xB2", "xB3", "xF1")
        self.assertEqual(after_north, "0,0,2/0,2,0/2,2,0/0,0,0 S captured=8,8 removed=4,4")
        self.assertEqual(moves_of(g, after_north), ["f1", "f2"])
        # An empty hole cannot be chosen.
        with self.assertRaises(RefError):
            play(g, start, "xB1", "xB1")


class Conservation(unittest.TestCase):
    def test_random_games(self):
        rng = random.Random(20261129)
        cases = []
        for variant in VARIANTS:
            for width in (2, 3, 4, 5):
                cases.append((variant, width, {}))
        cases.append(("mwambulula", 3, {"resow": "end"}))
        cases.append(("mwambulula", 4, {"resow": "end"}))
        cases.append(("mulabalaba", 6, {}))
        cases.append(("natatu", 7, {}))
        for variant, width, rules in cases:
            g = Game(variant, width=width, rules=rules)
            for game_no in range(6):
                pos = g.start()
                total = g.total_seeds(pos)
                for ply in range(60):
                    moves = g.legal_moves(pos)
                    if not moves:
                        break
                    names = [m for m, _ in moves]
                    self.assertEqual(len(set(names)), len(names), (variant, g.format(pos)))
                    name, child = rng.choice(moves)
                    self.assertEqual(g.total_seeds(child), total, (variant, g.format(pos), name))
                    for row in child.rows:
                        self.assertTrue(all(n >= 0 for n in row))
                    # Text round trip, and play() by name gives the same child.
                    self.assertEqual(g.parse(g.format(child)), child)
                    self.assertEqual(g.play(pos, name), child)
                    in_setup = variant == "kanotta" and pos.removed != [4, 4]
                    if not in_setup:
                        self.assertNotEqual(child.to_move, pos.to_move)
                    pos = child


class RuleOptions(unittest.TestCase):
    """The options for the readings left open (FOURROW-READINGS.md 11, 12, 13, 16)."""

    def test_kabwanga_ahead(self):
        # "If you end your lap in an empty hole and the hole ahead of it (i.e. to the left
        # of it) has two or more beans in it, then you have another lap"
        text = "1,1,1/1,1,1/0,0,0/1,0,3 S captured=0,0"
        circuit = Game("kabwanga", width=3)
        front = Game("kabwanga", width=3, rules={"ahead": "front"})
        self.assertEqual(play(circuit, text, "b1"), "0,1,1/0,1,1/1,1,1/0,1,0 N captured=2,0")
        self.assertEqual(play(front, text, "b1"), "1,1,1/1,1,1/0,0,0/0,1,3 N captured=0,0")

    def test_capture_may(self):
        # "the opponent's file opposite to this may be captured provided he has beans in
        # the front hole of the file"
        text = "0,2,0/0,1,0/0,1,1/0,0,0 S"
        must = Game("chisolo-ii", width=3)
        may = Game("chisolo-ii", width=3, rules={"capture": "may"})
        self.assertEqual(moves_of(must, text), ["f3"])
        self.assertEqual(moves_of(may, text), ["f3:c", "f3:r"])
        self.assertEqual(play(may, text, "f3:c"), play(must, text, "f3"))
        self.assertEqual(play(may, text, "f3:r"), "0,2,0/0,1,0/1,0,0/1,0,0 N")
        # "he may 'eat' his opponent's opposite file provided that the front hole has beans"
        text = "0,0,0/0,1,0/0,1,1/0,0,0 S stores=0,0 emptied=1,1"
        may = Game("mwambulula", width=3, rules={"capture": "may"})
        self.assertEqual(moves_of(may, text), ["f3:c", "f3:r"])
        self.assertEqual(play(may, text, "f3:c"), "0,0,0/0,0,0/0,2,1/0,0,0 N stores=0,0 emptied=1,1")

    def test_possible(self):
        # "he must if possible sow a single bean into an adjacent hole that is occupied"
        text = "0,9/9,1/0,1/0,1 S"
        self.assertEqual(moves_of(Game("chisolo-ii", width=2), text), ["f2"])
        self.assertEqual(moves_of(Game("chisolo-ii", width=2, rules={"possible": "board"}), text), [])

    def test_bad_option_values(self):
        for variant, rules in (("chisolo-ii", {"capture": "sometimes"}),
                               ("mulabalaba", {"ahead": "front"}),
                               ("natatu", {"possible": "board"})):
            with self.assertRaises(RefError):
                Game(variant, rules=rules)


if __name__ == "__main__":
    unittest.main()
