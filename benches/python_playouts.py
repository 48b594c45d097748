"""Random playouts through the Python binding (`mancala`), plies a second, against the same
playouts in Rust (`State.playouts`, no Python in the loop) and the batch step
(`Game.random_steps`, many games a call). One core: the loops run on this thread.

    python benches/python_playouts.py [--games N] [--variants warri,oware,...]

Figures: BENCHMARKS.md ("Python binding").
"""

import argparse
import random
import time

import mancala

# A game still going after this many plies stops (oware and warri can go round forever).
MAX_PLIES = 1000


def python_loop(game, games, seed):
    """Plies a second of a Python loop: `legal_actions()`, a random choice, `apply_action`."""
    rng = random.Random(seed)
    start = game.start()
    plies = 0
    t = time.perf_counter()
    for _ in range(games):
        s, n = start, 0
        while not s.is_over and n < MAX_PLIES:
            n += 1
            acts = s.legal_actions()
            s = s.apply_action(acts[rng.randrange(len(acts))])
            plies += 1
    return plies, time.perf_counter() - t


def python_by_name(game, games, seed):
    """The same loop by move names: `moves()` and `play(name)`."""
    rng = random.Random(seed)
    start = game.start()
    plies = 0
    t = time.perf_counter()
    for _ in range(games):
        s, n = start, 0
        while not s.is_over and n < MAX_PLIES:
            n += 1
            s = s.play(rng.choice(s.moves()))
            plies += 1
    return plies, time.perf_counter() - t


def batch(game, games, seed):
    """Plies a second of `Game.random_steps` stepping `games` games at once to their ends."""
    states = [game.start()] * games
    plies = 0
    t = time.perf_counter()
    step = 0
    while step < MAX_PLIES:
        live = [s for s in states if not s.is_over]
        if not live:
            break
        states = game.random_steps(live, seed + step)
        plies += len(live)
        step += 1
    return plies, time.perf_counter() - t


def rust(game, games, seed):
    """Plies a second of the same playouts in Rust (`State.playouts`)."""
    t = time.perf_counter()
    plies = game.start().playouts(games, max_plies=MAX_PLIES, seed=seed)
    return plies, time.perf_counter() - t


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--variants", default="warri,kale,kpo,oware,kalah")
    a = ap.parse_args()
    print(f"{'variant':10} {'python loop':>14} {'by name':>14} {'batch':>14} {'rust':>14}  plies/s")
    for v in a.variants.split(","):
        g = mancala.Game(v)
        row = []
        for f in (python_loop, python_by_name, batch, rust):
            n = a.games * (20 if f is rust else 1)
            plies, secs = f(g, n, 1)
            row.append(plies / secs)
        print(f"{v:10} " + " ".join(f"{x:14,.0f}" for x in row))


if __name__ == "__main__":
    main()
