"""A learning agent plays kalah 3x2 against itself and is rated against perfect play.

The agent is a small value network in numpy (the observation of ``State.observe`` from the
mover's side, one hidden layer, the mover's expected final margin out) that picks the move
whose resulting position it values most, as TD-Gammon did. It learns from games against
itself (a random move one time in five; every other game from a random position of the
game, so that it meets them all), each position's target the final margin from its mover.
Every so often it is rated against the exact values: the share of the positions reachable
from the start, among those where some move is worse than the best, in which its chosen
move is not a best one (the endgame tables give every move's value). The rate falls from
about 0.64 to below 0.2 in half a minute on one core.

    python python/examples/learn_kalah.py [--games 12000] [--every 1000] [--seed 1]
"""

import argparse
import tempfile

import numpy as np

import mancala


def reachable(game):
    """Every position reachable from the start, the finished ones left out."""
    seen, front = {game.start()}, [game.start()]
    while front:
        nxt = []
        for s in front:
            if s.is_over:
                continue
            for a in s.legal_actions():
                t = s.apply_action(a)
                if t not in seen:
                    seen.add(t)
                    nxt.append(t)
        front = nxt
    return [s for s in seen if not s.is_over]


class Value:
    """observation (from the mover's side) -> tanh hidden layer -> the mover's expected
    final margin, in seeds."""

    def __init__(self, inputs, hidden, rng):
        self.w1 = rng.normal(0, 1 / np.sqrt(inputs), (inputs, hidden))
        self.b1 = np.zeros(hidden)
        self.w2 = rng.normal(0, 1 / np.sqrt(hidden), hidden)
        self.b2 = 0.0

    def __call__(self, x):
        return np.tanh(x @ self.w1 + self.b1) @ self.w2 + self.b2

    def fit(self, x, target, lr):
        """One gradient step of the squared error on a batch."""
        h = np.tanh(x @ self.w1 + self.b1)
        err = (h @ self.w2 + self.b2 - target) / len(target)
        dh = np.outer(err, self.w2) * (1 - h * h)
        self.w2 -= lr * h.T @ err
        self.b2 -= lr * err.sum()
        self.w1 -= lr * x.T @ dh
        self.b1 -= lr * dh.sum(axis=0)


# The network's values are margins in units of this many seeds.
SCALE = 4


def features(states):
    return np.stack([s.observe(relative=True) for s in states]) / 4


def move_values(value, s):
    """Each legal action's value for the mover: the exact margin of a finished game, else
    the network's value of the position after it (negated when the opponent moves next:
    a kalah move that ends in the store moves again)."""
    acts = s.legal_actions()
    after = [s.apply_action(a) for a in acts]
    live = [t for t in after if not t.is_over]
    guess = iter(value(features(live)) if live else [])
    out = []
    for t in after:
        if t.is_over:
            out.append(t.returns("margin")[s.to_move] / SCALE)
        else:
            v = next(guess)
            out.append(v if t.to_move == s.to_move else -v)
    return acts, out


def play(start, value, rng, explore):
    """A self-play game from `start`, greedy on the values but for a random move with
    chance `explore`: each position met and the final margins."""
    s = start
    seen = []
    while not s.is_over:
        acts, vals = move_values(value, s)
        a = acts[int(rng.integers(len(acts)))] if rng.random() < explore else acts[int(np.argmax(vals))]
        seen.append(s)
        s = s.apply_action(a)
    return seen, s.returns("margin")


def error_rate(value, rated):
    """The share of `rated` positions where the preferred move is not a best one."""
    wrong = 0
    for s, best in rated:
        acts, vals = move_values(value, s)
        wrong += acts[int(np.argmax(vals))] not in best
    return wrong / len(rated)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=12000)
    ap.add_argument("--every", type=int, default=1000)
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--explore", type=float, default=0.2, help="chance of a random move")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = np.random.default_rng(a.seed)
    game = mancala.Game("kalah", width=3, seeds=2)
    rated = []
    with tempfile.TemporaryDirectory(prefix="mancala-learn-") as folder:
        tables = mancala.Tablebases(folder)
        tables.build(game, 2 * 3 * 2)
        for s in reachable(game):
            probe = tables.probe(s)
            if len(set(probe.moves.values())) > 1:
                rated.append((s, {s.action_of(m) for m in probe.best_moves}))
    print(f"{len(rated)} positions where a move can be a mistake")
    value = Value(game.observation_size, 64, rng)
    print(f"{'games':>6} {'error rate':>10}")
    print(f"{0:6} {error_rate(value, rated):10.3f}")
    positions = reachable(game)
    for g in range(1, a.games + 1):
        # Exploring starts: every other game from a random position of the game.
        odd = g % 2 == 1
        start = positions[int(rng.integers(len(positions)))] if odd else game.start()
        seen, margin = play(start, value, rng, a.explore)
        # Monte Carlo targets: the final margin from each position's mover.
        value.fit(features(seen), np.array([margin[s.to_move] for s in seen]) / SCALE, a.lr)
        if g % a.every == 0:
            print(f"{g:6} {error_rate(value, rated):10.3f}")


if __name__ == "__main__":
    main()
