"""Every variant as a PettingZoo AEC environment.

>>> import mancala.pettingzoo
>>> env = mancala.pettingzoo.env("warri")
>>> env.reset(seed=0)
>>> obs, reward, terminated, truncated, info = env.last()
>>> env.step(int(obs["action_mask"].nonzero()[0][0]))

``env(variant, **options)`` takes ``mancala.Game``'s options (``width``, ``seeds``,
``rules``, ``players``, ``counters``, ``candidates`` ...; the Isolo games offer 48
arrangements a move unless ``candidates`` says otherwise), ``max_plies`` (default 1000:
a game still going then is truncated) and ``render_mode`` (``"human"`` or ``"ansi"``).

- Agents: ``player_0`` (South, P1), ``player_1`` (North, P2), ``player_2`` and
  ``player_3`` for kpo with three or four players.
- Actions: ``Discrete(game.num_actions)``, ``mancala.State.legal_actions()``'s numbers.
- Observations: a dict of ``observation`` (the tensor of :mod:`mancala.openspiel`'s docs,
  from the agent's seat) and ``action_mask`` (1 for each legal action of the agent to
  move; all 0 for the others).
- Rewards, at the end only, by the variant's metric (``State.returns``): the two-row games
  (metric ``margin``) the final seed margin, own score less the opponent's; the
  win/draw/loss games (four-row, Isolo, morris) +1, -1 or 0; kpo for three or four, own
  final seeds less the mean of every player's. A game truncated at ``max_plies`` is scored
  by the seeds won so far (those still in play going to nobody), as ``mancala match``
  and the solver score endless play.
- ``relative=True``: observations with the seats counted from the observing agent (his
  own pits first), for one network shared by every seat.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import mancala

__all__ = ["env", "raw_env"]

_MAX_PLIES = 1000


def env(variant: str, **options: Any) -> "raw_env":
    """The AEC environment of ``variant`` (see the module's docs)."""
    return raw_env(variant, **options)


class raw_env(AECEnv):
    """One variant of the mancala toolkit as an AEC environment."""

    metadata = {"render_modes": ["human", "ansi"], "name": "mancala_v0", "is_parallelizable": False}

    def __init__(
        self,
        variant: str,
        *,
        max_plies: int = _MAX_PLIES,
        relative: bool = False,
        render_mode: Optional[str] = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if variant.startswith("isolo"):
            options.setdefault("candidates", 48)
        self.game = mancala.Game(variant, **options)
        self.metadata = dict(self.metadata, name=f"mancala_{variant.replace('-', '_')}_v0")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: expected human or ansi")
        self.render_mode = render_mode
        self.max_plies = max_plies
        self.metric = "margin" if self.game.family in ("two-row", "seats") else "wdl"
        n = self.game.players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        start = self.game.start()
        self.relative = relative
        size = self.game.observation_size
        high = np.finfo(np.float32).max
        obs = spaces.Dict({
            "observation": spaces.Box(low=0.0, high=high, shape=(size,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(self.game.num_actions,), dtype=np.int8),
        })
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.game.num_actions) for a in self.possible_agents}
        self.state_: mancala.State = start

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        s = self.state_
        if not s.is_over and s.to_move == seat and self.plies < self.max_plies:
            mask = s.legal_mask()
        else:
            mask = np.zeros(self.game.num_actions, dtype=np.int8)
        return {"observation": s.observe(seat, relative=self.relative), "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        self.agents = list(self.possible_agents)
        self.state_ = self.game.start()
        self.plies = 0
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[self.state_.to_move]

    def _final_rewards(self) -> List[float]:
        # A truncated game is scored by the seeds won so far (``State.returns``).
        return self.state_.returns(self.metric, adjudicate=True)

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state_ = self.state_.apply_action(int(action))
        self.plies += 1
        self.rewards = {a: 0.0 for a in self.agents}
        if self.state_.is_over or self.plies >= self.max_plies:
            for a, r in zip(self.possible_agents, self._final_rewards()):
                self.rewards[a] = r
            if self.state_.is_over:
                self.terminations = {a: True for a in self.agents}
            else:
                self.truncations = {a: True for a in self.agents}
        if self.state_.is_over or self.plies >= self.max_plies:
            # Every agent sees the end in turn, the last mover first.
            self.agent_selection = agent
        else:
            self.agent_selection = self.agents[self.state_.to_move]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        text = self.state_.draw()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
