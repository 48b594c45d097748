"""Random playouts through the Python binding (`mancala`), plies a second, against the same
playouts in Rust (`State.playouts`, no Python in the loop) and the batch step
(`Game.random_steps`, many games a call); then the learning loop (legal actions, an
observation, a move) through OpenSpiel, against OpenSpiel's own `oware` in the same run,
and through PettingZoo. One core: the loops run on this thread (CPU time).

    python benches/python_playouts.py [--games N] [--variants warri,oware,...] [--steps N]

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


def openspiel_loop(name, steps, seed):
    """Steps a second of OpenSpiel's loop: `observation_tensor`, `legal_actions`, a random
    choice, `apply_action`, new games as they end."""
    import pyspiel

    game = pyspiel.load_game(name)
    rng = random.Random(seed)
    n = 0
    t = time.process_time()
    while n < steps:
        s = game.new_initial_state()
        while not s.is_terminal() and n < steps:
            s.observation_tensor(s.current_player())
            acts = s.legal_actions()
            s.apply_action(acts[rng.randrange(len(acts))])
            n += 1
    return n / (time.process_time() - t)


def pettingzoo_loop(variant, steps, seed):
    """Steps a second of PettingZoo's AEC loop: `last()` (observation and mask), a random
    legal action, `step`."""
    import numpy as np

    import mancala.pettingzoo

    env = mancala.pettingzoo.env(variant)
    rng = np.random.default_rng(seed)
    n = 0
    t = time.process_time()
    while n < steps:
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            n += 1
            if n >= steps:
                break
    return n / (time.process_time() - t)


def learning(steps, rounds=3):
    """The learning loop's table: each loop run `rounds` times, interleaved, its best rate;
    OpenSpiel's `oware` first, each figure also as a fraction of it."""
    try:
        import pyspiel  # noqa: F401

        import mancala.openspiel
    except ImportError:
        print("(OpenSpiel is not installed: no learning loop)")
        return
    mancala.openspiel.register()
    rows = [
        ("openspiel oware (native)", lambda: openspiel_loop("oware", steps, 1)),
        ("openspiel mancala_oware", lambda: openspiel_loop("mancala_oware", steps, 1)),
        ("openspiel mancala_chisolo", lambda: openspiel_loop("mancala_chisolo", steps, 1)),
        ("pettingzoo oware", lambda: pettingzoo_loop("oware", steps, 1)),
    ]
    best = [0.0] * len(rows)
    for _ in range(rounds):
        for i, (_, f) in enumerate(rows):
            best[i] = max(best[i], f())
    print(f"\n{'learning loop (best of ' + str(rounds) + ')':28} {'steps/s':>12} {'of native':>10}")
    for (name, _), rate in zip(rows, best):
        print(f"{name:28} {rate:12,.0f} {rate / best[0]:10.2f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--variants", default="warri,kale,kpo,oware,kalah")
    ap.add_argument("--steps", type=int, default=200_000, help="steps of each learning loop")
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
    learning(a.steps)


if __name__ == "__main__":
    main()
