#!/usr/bin/env python3
"""Self-checks of kpo_players_ref.py: hand-worked moves, one for each rule, and seed
conservation over random games of every board and option.  Run: python3 test_kpo_players_ref.py
"""

import random
import unittest

from kpo_players_ref import Game, RefError, OPTIONS


def play(game, text, move):
    return game.format(game.apply(game.parse(text), move))


class HandWorked(unittest.TestCase):
    def test_start(self):
        # "when three or four play three beans are put in each hole"
        self.assertEqual(Game(3).format(Game(3).start()), "3,3,3,3,3,3/3,3,3,3,3,3 P1 captured=0,0,0")
        self.assertEqual(Game(4, 4).format(Game(4, 4).start()), "3,3,3,3/3,3,3,3 P1 captured=0,0,0,0")

    def test_ownership(self):
        # "when three play, each takes four holes, two on each side, dividing the board
        # transversely into three parts"
        g = Game(3)
        self.assertEqual(g.own, [[0, 1, 10, 11], [2, 3, 8, 9], [4, 5, 6, 7]])
        # "when four play, each takes three holes"
        self.assertEqual(Game(4).own, [[0, 1, 2], [3, 4, 5], [6, 7, 8], [9, 10, 11]])

    def test_capture_of_two_opponents_pits_is_not_squeezed_when_mixed(self):
        # Last seed makes P2's pit 2; the next pit forward is P2's too: no squeeze.
        text = "0,0,0,0,0,0/0,1,1,2,0,3 P1"
        self.assertEqual(play(Game(3), text, "2+ccw"), "0,0,0,0,0,0/0,0,0,2,0,3 P2 captured=2,0,0")
        # squeeze=always takes the next pit anyway, and then only P3 has seeds: the end.
        g = Game(3, rules=["squeeze=always"])
        pos = g.apply(g.parse(text), "2+ccw")
        self.assertEqual(g.format(pos), "0,0,0,0,0,0/0,0,0,0,0,3 P2 captured=4,0,0")
        self.assertTrue(g.is_over(pos))
        self.assertEqual(g.final_score(pos), [4, 0, 3])

    def test_own_pit_and_opponents_next_pit_are_squeezed(self):
        # Last seed makes P1's own pit 2; the next pit forward (P2's) holds 3: taken too.
        text = "0,0,0,1,0,0/1,1,3,0,0,2 P1"
        self.assertEqual(play(Game(3), text, "1+ccw"), "0,0,0,1,0,0/0,0,0,0,0,2 P2 captured=5,0,0")
        g = Game(3, rules=["squeeze=never"])
        self.assertEqual(play(g, text, "1+ccw"), "0,0,0,1,0,0/0,0,3,0,0,2 P2 captured=2,0,0")

    def test_clockwise_and_a_pass(self):
        # "they may be dropped in either direction"; P2 has no seed and passes.
        text = "0,0,0,0,0,1/1,0,0,0,0,0 P1"
        self.assertEqual(play(Game(3), text, "1+cw"), "1,0,0,0,0,1/0,0,0,0,0,0 P3 captured=0,0,0")
        g = Game(3, rules=["empty=ends"])
        pos = g.apply(g.parse(text), "1+cw")
        self.assertEqual(g.format(pos), "1,0,0,0,0,1/0,0,0,0,0,0 P2 captured=0,0,0")
        self.assertTrue(g.is_over(pos))
        self.assertEqual(g.final_score(pos), [1, 0, 1])

    def test_a_long_lap_drops_a_seed_in_its_origin(self):
        # 7 seeds on a ring of 6: the origin gets one, the last lands on P2's pit.
        self.assertEqual(play(Game(3, 3), "0,0,4/7,0,0 P1", "1+ccw"), "1,1,5/1,0,1 P2 captured=2,0,0")

    def test_bad_moves_are_refused(self):
        g = Game(3)
        pos = g.parse("0,0,0,0,0,1/1,0,0,0,0,0 P1")
        for m in ["2+ccw", "5+ccw", "1", "1+up"]:
            with self.assertRaises(RefError):
                g.apply(pos, m)


class RandomGames(unittest.TestCase):
    def test_seeds_are_conserved_and_games_end(self):
        rng = random.Random(7)
        boards = [(3, 3), (3, 6), (4, 2), (4, 4), (4, 6), (4, 8)]
        for players, width in boards:
            for squeeze in OPTIONS[0][1]:
                for empty in OPTIONS[1][1]:
                    g = Game(players, width, rng.choice([1, 2, 3]),
                             ["squeeze=" + squeeze, "empty=" + empty])
                    total = 2 * width * g.seeds
                    for _ in range(20):
                        pos = g.start()
                        for _ in range(300):
                            moves = g.legal_moves(pos)
                            if not moves:
                                break
                            self.assertGreater(g.holds(pos, pos.to_move), 0)
                            pos = g.apply(pos, rng.choice(moves))
                            self.assertEqual(sum(pos.pits) + sum(pos.taken), total)
                            self.assertEqual(g.parse(g.format(pos)), pos)
                        if g.is_over(pos):
                            self.assertEqual(sum(g.final_score(pos)), total)


if __name__ == "__main__":
    unittest.main()
