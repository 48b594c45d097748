"""OpenSpiel's MCTS bot against the perfect bot, on a registered game (default: warri 4x2).

    python python/examples/mcts_vs_perfect.py [--game "mancala_warri(width=4,seeds=2)"]
        [--games 10] [--simulations 1000] [--seed 1]

Half the games MCTS moves first. Prints each game's returns and the totals; perfect play
never does worse than the position's solved value, which it prints too. Warri 4x2 is a
draw (8 seeds each) with perfect play: MCTS draws or loses.
"""

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots, mcts

import mancala.openspiel as mo


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="mancala_warri(width=4,seeds=2)")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--simulations", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    mo.register()
    game = pyspiel.load_game(a.game)
    start = game.new_initial_state()
    value = start.state.solve().value
    print(f"{a.game}: value {value} for the first player (seed margin; 0 a draw)")
    rng = np.random.RandomState(a.seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    score = {"mcts": 0.0, "perfect": 0.0}
    for i in range(a.games):
        mcts_seat = i % 2
        m = mcts.MCTSBot(game, 1.4, a.simulations, evaluator, random_state=rng)
        p = mo.PerfectBot(game, 1 - mcts_seat)
        bots = [m, p] if mcts_seat == 0 else [p, m]
        r = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        score["mcts"] += r[mcts_seat]
        score["perfect"] += r[1 - mcts_seat]
        first = "mcts" if mcts_seat == 0 else "perfect"
        print(f"game {i + 1}: {first} first, returns {r} (mcts {r[mcts_seat]:+.0f})")
    print(f"total over {a.games} games: mcts {score['mcts']:+.0f}, perfect {score['perfect']:+.0f}")


if __name__ == "__main__":
    main()
