"""`mancala.pettingzoo`: PettingZoo's own `api_test` on every variant, and the rewards of
the end by the variant's metric."""

import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test  # noqa: E402

import mancala  # noqa: E402
import mancala.pettingzoo as mz  # noqa: E402

PLAYABLE = [v.id for v in mancala.variants() if v.playable]
CASES = [(v, {}) for v in PLAYABLE] + [
    ("kpo", {"players": 3, "width": 3}),
    ("kpo", {"players": 4, "width": 4}),
]


@pytest.mark.parametrize("variant,options", CASES, ids=[f"{v}{o or ''}" for v, o in CASES])
def test_pettingzoos_api_test(variant, options):
    api_test(mz.env(variant, **options), num_cycles=1000, verbose_progress=False)


def play_out(env, seed):
    """Plays random legal actions to the end; the rewards each agent got."""
    import numpy as np

    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    total = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        total[agent] += reward
        if term or trunc:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return total


def test_rewards_come_at_the_end_by_the_metric():
    e = mz.env("kalah", width=3, seeds=2)
    total = play_out(e, 1)
    final = e.state_.scores()
    assert e.state_.is_over
    assert total == {"player_0": final[0] - final[1], "player_1": final[1] - final[0]}
    e = mz.env("chisolo", width=3, seeds=1)
    total = play_out(e, 2)
    assert sorted(total.values()) == [-1.0, 1.0]
    e = mz.env("kpo", players=3, width=3, seeds=1)
    total = play_out(e, 3)
    assert abs(sum(total.values())) < 1e-9


def test_the_action_mask_is_the_legal_moves():
    e = mz.env("warri")
    e.reset()
    obs = e.observe("player_0")
    assert list(obs["action_mask"]) == [1] * 6
    assert list(e.observe("player_1")["action_mask"]) == [0] * 6


def test_a_truncated_game_is_rewarded_by_the_seeds_won():
    import numpy as np

    e = mz.env("oware", max_plies=40)
    rng = np.random.default_rng(3)
    e.reset(seed=0)
    total = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        total[agent] += reward
        if terminated or truncated:
            e.step(None)
        else:
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    won = e.state_.scores()
    assert not e.state_.is_over
    assert total == {"player_0": won[0] - won[1], "player_1": won[1] - won[0]}


def test_the_relative_view_puts_the_agents_seat_first():
    e = mz.env("oware", relative=True)
    e.reset(seed=0)
    e.step(2)
    obs = e.observe("player_1")["observation"]
    assert list(obs) == list(e.state_.observe(1, relative=True))
    assert list(obs[:6]) == [5, 4, 4, 4, 4, 4]
