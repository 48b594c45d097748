#!/usr/bin/env python3
"""Self-checks of the reference implementation: python3 test_mancala_ref.py"""

import os
import random
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mancala_ref import Game, RefError, SOUTH, NORTH  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


class Notation(unittest.TestCase):
    def test_start_text(self):
        g = Game("warri")
        self.assertEqual(g.format(g.start()), "4,4,4,4,4,4/4,4,4,4,4,4 S captured=0,0")
        g = Game("kalah")
        self.assertEqual(g.format(g.start()), "4,4,4,4,4,4/4,4,4,4,4,4 S stores=0,0")

    def test_north_row_is_reversed(self):
        g = Game("oware")
        pos = g.parse("1,2,3,4,5,6/7,8,9,10,11,12 N captured=3,5")
        self.assertEqual(pos.pits, [7, 8, 9, 10, 11, 12, 6, 5, 4, 3, 2, 1])
        self.assertEqual(pos.taken, [3, 5])
        self.assertEqual(pos.to_move, NORTH)
        self.assertEqual(g.format(pos), "1,2,3,4,5,6/7,8,9,10,11,12 N captured=3,5")

    def test_omitted_field(self):
        g = Game("kalah")
        pos = g.parse("1,0/0,2 S")
        self.assertEqual(g.width, 2)
        self.assertEqual(pos.taken, [0, 0])
        self.assertEqual(g.format(g.parse("1,0/0,2 S captured=1,2")), "1,0/0,2 S stores=1,2")

    def test_bad_input(self):
        g = Game("warri")
        for bad in ["4,4/4,4,4 S", "4,4/4,4 X", "4,4/4,4", "4,a/4,4 S", "4,4/4,4 S stores=1,2",
                    "4,4/4,4 S captured=1", "4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4 S"]:
            with self.assertRaises(RefError, msg=bad):
                Game("warri").parse(bad)
        with self.assertRaises(RefError):
            g.parse("4,4/4,4 S", width_given=True)  # width 6 expected
        with self.assertRaises(RefError):
            Game("warri", rules={"chain": "zigzag"})
        with self.assertRaises(RefError):
            Game("kpo", rules={"chain": "on"})

    def test_cli_error_is_one_line(self):
        r = subprocess.run([sys.executable, os.path.join(HERE, "mancala_ref.py"), "moves", "warri",
                            "--position", "4,4/4,4,4 S"], capture_output=True, text=True)
        self.assertNotEqual(r.returncode, 0)
        self.assertEqual(len(r.stderr.strip().splitlines()), 1)

    def test_cli_play(self):
        r = subprocess.run([sys.executable, os.path.join(HERE, "mancala_ref.py"), "play", "warri",
                            "--position", "0,0,0,0,0,0/0,0,0,0,0,16 S", "6"],
                           capture_output=True, text=True)
        self.assertEqual(r.returncode, 0)
        self.assertEqual(r.stdout, "1,0,0,0,0,0/1,1,1,1,1,0 N captured=10,0\n")


class Oware(unittest.TestCase):
    def test_openspiel_perft(self):
        g = Game("oware")
        expected = [6, 36, 190, 1014, 5219, 27332]
        for depth, nodes in enumerate(expected, start=1):
            self.assertEqual(g.perft(g.start(), depth), nodes)

    def test_grand_slam(self):
        # South pit 6 holds 2: sows North 1 and 2, each 1 -> 2: that is all of North.
        # By default the grand slam is not legal: South has seeds but no legal move, and
        # "the mover takes all the seeds left on the board".
        text = "0,0,0,0,1,1/0,0,0,0,0,2 S"
        g = Game("oware")
        self.assertEqual(g.legal_moves(g.parse(text)), [])
        self.assertTrue(g.is_over(g.parse(text)))
        self.assertEqual(g.final_score(g.parse(text)), [4, 0])
        # grandslam=forfeit: played, captures nothing.
        g2 = Game("oware", rules={"grandslam": "forfeit"})
        child = g2.play(g2.parse(text), "6")
        self.assertEqual(g2.format(child), "0,0,0,0,2,2/0,0,0,0,0,0 N captured=0,0")

    def test_must_feed(self):
        g = Game("oware")
        pos = g.parse("0,0,0,0,0,0/1,0,0,0,0,1 S")
        self.assertEqual([m for m, _ in g.legal_moves(pos)], ["6"])
        # South cannot reach North: he takes all the seeds left.
        pos = g.parse("0,0,0,0,0,0/1,0,0,0,0,0 S captured=3,4")
        self.assertTrue(g.is_over(pos))
        self.assertEqual(g.final_score(pos), [4, 4])
        # South has no seed: North takes the seeds left.
        pos = g.parse("0,0,0,2,0,0/0,0,0,0,0,0 S captured=3,4")
        self.assertTrue(g.is_over(pos))
        self.assertEqual(g.final_score(pos), [3, 6])


class Warri(unittest.TestCase):
    def test_humpidge_till_3_with_8(self):
        g = Game("warri")
        pos = g.parse("4,4,4,4,4,4/4,4,8,4,4,4 S")
        child, info = g.apply(pos, 3)
        self.assertEqual(info.last_pit, g.pit_index(NORTH, 5))  # Humpidge's till 11
        self.assertEqual(info.last_pit + 1, 11)

    def test_humpidge_sixteen(self):
        g = Game("warri")
        pos = g.parse("0,0,0,0,0,0/0,0,0,0,0,16 S")
        child, info = g.apply(pos, 6)
        self.assertEqual(info.last_pit, g.pit_index(NORTH, 5))
        self.assertEqual(info.seeds_taken, 10)
        self.assertEqual(child.pits, [1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 1])
        self.assertEqual(child.taken, [10, 0])

    def test_chain_uniform(self):
        # South pit 6 with 3 sows North 1,2,3 -> 3,2,2 : mixed takes 7, uniform takes 4.
        text = "9,9,9,1,1,2/0,0,0,0,0,3 S"
        mixed = Game("warri")
        child = mixed.play(mixed.parse(text), "6")
        self.assertEqual(child.taken, [7, 0])
        uniform = Game("warri", rules={"chain": "uniform"})
        child = uniform.play(uniform.parse(text), "6")
        self.assertEqual(child.taken, [4, 0])

    def test_exhaustion(self):
        g = Game("warri")
        pos = g.parse("0,0,1,0,1,0/0,0,0,0,1,2 S captured=19,23")
        child = g.play(pos, "6")  # sows N1 (0 -> 1) and N2 (1 -> 2): takes 2, 3 left
        self.assertEqual(g.format(child), "0,0,0,0,0,0/0,0,0,0,0,0 N captured=22,25")
        self.assertTrue(g.is_over(child))
        self.assertEqual(g.final_score(child), [22, 25])

    def test_four_or_fewer_however_it_arose(self):
        # "The game is finished when there are four or fewer pieces on the board": a
        # position given as text, or the start of a reduced board, is finished too.
        g = Game("warri")
        pos = g.parse("3,0,0,0,0,0/1,0,0,0,0,0 S")
        self.assertTrue(g.is_over(pos))
        self.assertEqual(g.perft(pos, 1), 0)
        self.assertEqual(g.final_score(pos), [1, 3])
        small = Game("warri", width=2, seeds=1)
        self.assertTrue(small.is_over(small.start()))
        self.assertEqual(small.final_score(small.start()), [2, 2])

    def test_starved(self):
        # (b) South has seeds but no move leaves North a seed.
        text = "0,0,0,0,0,0/1,1,1,1,1,0 S captured=10,10"
        ta = Game("warri")
        pos = ta.parse(text)
        self.assertTrue(ta.is_over(pos))
        self.assertEqual(ta.final_score(pos), [10, 15])
        ow = Game("warri", rules={"starved": "owner"})
        self.assertEqual(ow.final_score(ow.parse(text)), [15, 10])
        # (a) the mover has no seed: he takes everything.
        text = "1,1,1,1,1,1/0,0,0,0,0,0 S captured=0,0"
        self.assertEqual(ta.final_score(ta.parse(text)), [6, 0])
        self.assertEqual(ow.final_score(ow.parse(text)), [0, 6])


class Kale(unittest.TestCase):
    def test_capture_uses_counts_before_move(self):
        g = Game("kale")
        # South pit 5 with 3: S6, N1, N2; N2 held 2 before -> takes 3.
        pos = g.parse("0,0,0,0,2,1/0,0,0,0,3,0 S")
        child = g.play(pos, "5")
        self.assertEqual(child.taken, [3, 0])
        self.assertEqual(child.pits[g.pit_index(NORTH, 1)], 2)
        on = Game("kale", rules={"chain": "on"})
        child = on.play(on.parse("0,0,0,0,2,1/0,0,0,0,3,0 S"), "5")
        self.assertEqual(child.taken, [5, 0])

    def test_single_from_rightmost_exception(self):
        g = Game("kale")
        child = g.play(g.parse("0,0,0,0,0,1/0,0,0,0,0,1 S"), "6")
        self.assertEqual(child.taken, [0, 0])
        child = g.play(g.parse("0,0,0,0,0,1/0,0,0,0,2,0 S"), "5")
        self.assertEqual(child.taken, [2, 0])

    def test_end_not_counted(self):
        g = Game("kale")
        pos = g.parse("3,0,0,0,0,0/0,0,0,0,0,0 S captured=5,6")
        self.assertTrue(g.is_over(pos))
        self.assertEqual(g.final_score(pos), [5, 6])


class Kpo(unittest.TestCase):
    def test_capture_either_side(self):
        g = Game("kpo")
        child = g.play(g.parse("0,0,0,0,0,0/1,0,0,0,1,1 S"), "5")  # S6 1->2: taken
        self.assertEqual(child.taken, [2, 0])
        child = g.play(g.parse("0,0,0,0,0,2/0,0,0,0,0,1 S"), "6")  # N1 2->3
        self.assertEqual(child.taken, [3, 0])

    def test_no_origin_skip(self):
        g = Game("kpo", width=1)
        child, info = g.apply(g.parse("0/2 S"), 1)  # N1, then back into S1
        self.assertEqual(child.pits, [1, 1])
        self.assertEqual(info.last_pit, 0)


class Kalah(unittest.TestCase):
    def test_extra_turn(self):
        g = Game("kalah")
        child = g.play(g.start(), "3")
        self.assertEqual(g.format(child), "4,4,4,4,4,4/4,4,0,5,5,5 S stores=1,0")

    def test_capture_empty(self):
        g = Game("kalah")
        pos = g.parse("1,1,1,1,1,1/1,0,0,0,0,1 S")  # S1 -> S2 (empty), opposite N5 holds 1
        self.assertEqual(g.format(g.play(pos, "1")), "1,0,1,1,1,1/0,0,0,0,0,1 N stores=2,0")
        pos = g.parse("1,1,1,1,1,1/1,0,0,0,0,0 S")  # same, and South's side is left empty
        self.assertEqual(g.format(g.play(pos, "1")), "0,0,0,0,0,0/0,0,0,0,0,0 N stores=2,5")
        pos = g.parse("1,0,1,1,1,1/1,0,0,0,0,1 S")  # opposite of S2 (North's 5) is empty
        self.assertEqual(g.format(g.play(pos, "1")), "1,0,1,1,1,1/0,0,0,0,0,1 N stores=1,0")
        ne = Game("kalah", rules={"capture": "nonempty"})
        self.assertEqual(ne.format(ne.play(ne.parse("1,0,1,1,1,1/1,0,0,0,0,1 S"), "1")),
                         "1,0,1,1,1,1/0,1,0,0,0,1 N stores=0,0")

    def test_north_store(self):
        g = Game("kalah")
        pos = g.parse("1,0,0,0,0,0/1,1,1,1,1,1 N")  # North's pit 6 is his rightmost
        child = g.play(pos, "6")
        self.assertEqual(g.format(child), "0,0,0,0,0,0/0,0,0,0,0,0 S stores=6,1")
        self.assertTrue(g.is_over(child))


class Invariants(unittest.TestCase):
    def test_seed_conservation_random_games(self):
        rng = random.Random(1)
        configs = [("kalah", {}), ("kalah", {"capture": "nonempty"}), ("oware", {}),
                   ("oware", {"grandslam": "forfeit"}), ("warri", {}), ("warri", {"chain": "uniform"}),
                   ("warri", {"starved": "owner"}), ("kale", {}), ("kale", {"chain": "on"}), ("kpo", {})]
        for variant, rules in configs:
            for width in range(1, 9):
                for seeds in (1, 2, 3, 4, 6):
                    g = Game(variant, width, seeds, rules)
                    pos = g.start()
                    total = 2 * width * seeds
                    for _ in range(300):
                        moves = g.legal_moves(pos)
                        if not moves:
                            score = g.final_score(pos)
                            if variant != "kale":
                                self.assertEqual(sum(score), total)
                            break
                        _, pos = rng.choice(moves)
                        self.assertEqual(sum(pos.pits) + sum(pos.taken), total)
                        self.assertEqual(g.parse(g.format(pos)), pos)


if __name__ == "__main__":
    unittest.main()
