"""The observation tensor shared by :mod:`mancala.openspiel` and :mod:`mancala.pettingzoo`,
built in Rust (``State.observe``; its layout: docs/PYTHON.md, "Observations")."""

from __future__ import annotations

import numpy as np

import mancala

__all__ = ["observation", "observation_size"]


def observation(state: "mancala.State", player: int, relative: bool = False) -> np.ndarray:
    """The observation tensor of ``state`` for ``player`` (float32), seats counted from
    ``player`` with ``relative``."""
    return state.observe(player, relative=relative)


def observation_size(game: "mancala.Game") -> int:
    """The length of :func:`observation`'s tensor for ``game``."""
    return game.observation_size
