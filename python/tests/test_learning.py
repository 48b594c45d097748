"""The learning interface: observations and masks built in Rust (every field encoded, the
relative view, the batched calls), returns of games stopped early, value semantics."""

import pickle
import random

import numpy as np
import pytest

import mancala
from mancala import Game  # noqa: F401  (the games' repr names it)

FAMILIES = [
    ("oware", {}),
    ("kalah", {"width": 4, "seeds": 3}),
    ("chisolo", {"width": 4, "seeds": 2}),
    ("natatu", {}),
    ("kanotta", {"width": 4}),
    ("mwambulula", {"width": 4}),
    ("nine-mens-morris", {}),
    ("isolo", {"candidates": 8}),
    ("isolo-ii", {"candidates": 8}),
    ("kpo", {"players": 3, "width": 3}),
]


def _random_states(game, games, plies, seed):
    rng = random.Random(seed)
    for _ in range(games):
        s = game.start()
        yield s
        for _ in range(plies):
            if s.is_over:
                break
            s = s.apply_action(rng.choice(s.legal_actions()))
            yield s


@pytest.mark.parametrize("variant,options", FAMILIES)
def test_the_observation_tells_positions_apart(variant, options):
    """Equal observations (from one seat) are equal positions: every field is encoded
    (a finished game shows no seat to move)."""
    game = mancala.Game(variant, **options)
    seen = {}
    for s in _random_states(game, 12, 120, 1):
        obs = s.observe(0)
        assert obs.dtype == np.float32 and obs.shape == (game.observation_size,)
        if s.is_over:
            continue
        key = obs.tobytes()
        assert seen.setdefault(key, s.text()) == s.text(), variant


def test_natatus_direction_and_isolos_phase_are_observed():
    g = mancala.Game("natatu")
    text = g.start().text()
    cw, ccw = g.state(text.replace("dir=-", "dir=cw")), g.state(text.replace("dir=-", "dir=ccw"))
    assert not np.array_equal(cw.observe(0), ccw.observe(0))
    fore = mancala.Game("isolo", phase="fore").start()
    main = mancala.Game("isolo", phase="main").start()
    assert fore.observe(0)[16:19].tolist() == [1, 0, 0]
    assert main.observe(0)[16:19].tolist() == [0, 0, 1]


def test_the_two_row_layout_and_the_relative_view():
    g = mancala.Game("kalah", width=3, seeds=2)
    s = g.start().play("2")  # South: 2,0,3 store 1; North 2,2,2; South again
    assert s.observe(1).tolist() == [2, 0, 3, 2, 2, 2, 1, 0, 1, 0, 0, 1]
    # North's view: his pits first, his store first, then South's.
    assert s.observe(1, relative=True).tolist() == [2, 2, 2, 2, 0, 3, 0, 1, 0, 1, 1, 0]
    n = s.play("3")  # North to move
    a, r = n.observe(), n.observe(relative=True)
    assert a[-4:].tolist() == [0, 1, 0, 1] and r[-4:].tolist() == [1, 0, 1, 0]
    assert r[:3].tolist() == a[3:6].tolist() and r[3:6].tolist() == a[:3].tolist()


@pytest.mark.parametrize("variant,options", FAMILIES)
def test_batched_observations_and_masks_agree_with_each_states(variant, options):
    game = mancala.Game(variant, **options)
    states = list(_random_states(game, 2, 30, 2))
    obs = game.observe(states)
    assert obs.shape == (len(states), game.observation_size)
    for row, s in zip(obs, states):
        assert np.array_equal(row, s.observe())
    rel = game.observe(states, 0, relative=True)
    assert all(np.array_equal(r, s.observe(0, relative=True)) for r, s in zip(rel, states))
    masks = game.legal_mask(states)
    for m, s in zip(masks, states):
        legal = [] if s.is_over else s.legal_actions()
        assert np.flatnonzero(m).tolist() == sorted(legal)
        assert np.array_equal(m, s.legal_mask())
    out = np.zeros(game.observation_size, np.float32)
    states[-1].observe_into(out, 0)
    assert np.array_equal(out, states[-1].observe(0))
    with pytest.raises(ValueError):
        states[-1].observe_into(np.zeros(3, np.float32))
    with pytest.raises(ValueError):
        states[-1].observe(game.players)


def test_a_game_stopped_early_is_scored_by_the_seeds_won():
    g = mancala.Game("oware")
    rng = random.Random(3)
    s = g.start()
    for _ in range(60):
        s = s.apply_action(rng.choice(s.legal_actions()))
    assert not s.is_over and s.returns() is None
    won = s.scores()
    margin = s.returns("margin", adjudicate=True)
    assert margin == [won[0] - won[1], won[1] - won[0]]
    sign = (won[0] > won[1]) - (won[0] < won[1])
    assert s.returns(adjudicate=True) == [sign, -sign]
    # The win/draw/loss games carry no margin before their end: a draw.
    m = mancala.Game("nine-mens-morris").start().play_all("a1 d7")
    assert m.returns("margin", adjudicate=True) == [0, 0]
    kpo = mancala.Game("kpo", players=3, width=3).state("0,1,0/2,0,3 P1 captured=4,0,6")
    assert kpo.returns(adjudicate=True) == [0, 0, 1]
    assert kpo.returns("margin", adjudicate=True) == pytest.approx([2 / 3, -10 / 3, 8 / 3])
    with pytest.raises(ValueError):
        s.returns("seeds")


@pytest.mark.parametrize("variant", ["kalah", "oware", "warri"])
def test_returns_agree_with_solve_where_the_game_ends(variant):
    g = mancala.Game(variant, width=3, seeds=2)
    for s in _random_states(g, 20, 200, 4):
        if s.is_over:
            value = s.solve().value
            mover = s.to_move
            assert s.returns("margin")[mover] == value, s.text()
            assert s.returns()[mover] == (value > 0) - (value < 0), s.text()


def test_states_and_games_compare_by_value():
    g = mancala.Game("oware", width=4, seeds=2)
    s = g.start().play("2")
    assert repr(g) == "Game(\"oware\", width=4, seeds=2, rules=['grandslam=illegal'])"
    assert eval(repr(g)) == g and hash(eval(repr(g))) == hash(g)
    assert eval(repr(s)) == s
    copies = [pickle.loads(pickle.dumps(s)) for _ in range(3)]
    assert all(c == s for c in copies) and len(set(copies + [s])) == 1
    assert g.random_steps(copies, 1)[0].game == g
    assert mancala.Game("oware", width=4, seeds=3) != g
    assert mancala.Game("oware", width=4, seeds=3).start() != g.start()


def test_ctrl_c_stops_a_full_oware_solve_within_a_second(capfd):
    import os
    import signal
    import threading
    import time

    fired = []

    def interrupt():
        fired.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    # No time limit: the table build sends thousands of progress messages a second.
    threading.Timer(0.5, interrupt).start()
    with pytest.raises(KeyboardInterrupt):
        mancala.Game("oware").start().solve(threads=1)
    assert time.monotonic() - fired[0] < 1.0
    # A search cut short by the stop ends quietly: no panic message.
    threading.Timer(0.5, interrupt).start()
    s = mancala.Game("oware").start().play_all("3 4 2 1 5")
    with pytest.raises(KeyboardInterrupt):
        mancala.engine("perfect").move(s)
    assert time.monotonic() - fired[1] < 1.0
    assert "panicked" not in capfd.readouterr().err


@pytest.mark.parametrize("variant,options", [
    ("chisolo", {}), ("natatu", {}), ("kanotta", {"width": 4}), ("nakabili", {"width": 4}),
    ("nchuba", {"width": 4}), ("mwambulula", {"width": 4}), ("nine-mens-morris", {}),
])
def test_an_action_id_names_the_same_move_everywhere(variant, options):
    game = mancala.Game(variant, **options)
    name_of, id_of = {}, {}
    for s in _random_states(game, 10, 150, 5):
        if s.is_over:
            continue
        acts = s.legal_actions()
        assert acts == sorted(set(acts)) and all(0 <= a < game.num_actions for a in acts)
        for a in acts:
            n = s.action_name(a)
            assert name_of.setdefault(a, n) == n, (variant, a)
            assert id_of.setdefault(n, a) == a, (variant, n)
    assert len(name_of) > 5


def test_the_action_space_sizes_follow_the_formulas():
    from math import comb

    def four(l, dirs, k):
        return l * dirs * sum(comb(l, j) for j in range(k + 1)) + l + 1

    assert mancala.Game("chisolo").num_actions == four(10, 1, 1)
    assert mancala.Game("natatu").num_actions == four(14, 3, 1)
    assert mancala.Game("nchuba").num_actions == four(32, 1, 3)
    assert mancala.Game("mulabalaba").num_actions == four(12, 1, 0)
    assert mancala.Game("nine-mens-morris").num_actions == 25 * 24 * 25


def test_bad_actions_and_players_raise_value_error():
    s = mancala.Game("oware").start()
    for bad in (-1, 6, 10**6):
        with pytest.raises(ValueError):
            s.apply_action(bad)
        with pytest.raises(ValueError):
            s.action_name(bad)
    with pytest.raises(ValueError):
        s.observe(-1)


def test_a_registered_state_unpickles_in_a_fresh_process():
    import subprocess
    import sys

    pyspiel = pytest.importorskip("pyspiel")
    import mancala.openspiel  # noqa: F401

    state = pyspiel.load_game("mancala_oware").new_initial_state()
    state.apply_action(2)
    code = "import pickle, sys; s = pickle.loads(sys.stdin.buffer.read()); print(s)"
    out = subprocess.run([sys.executable, "-c", code], input=pickle.dumps(state),
                         capture_output=True, check=True)
    assert out.stdout.decode().strip() == str(state)
