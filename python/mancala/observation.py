"""The observation tensor shared by :mod:`mancala.openspiel` and :mod:`mancala.pettingzoo`
(its layout: :mod:`mancala.openspiel`'s docs)."""

from __future__ import annotations

from typing import List, Sequence, Tuple

import numpy as np

import mancala

__all__ = ["observation", "observation_size", "field_keys"]


def field_keys(text: str) -> List[Tuple[str, int]]:
    """The fields of position text ``text`` and the count of values of each."""
    fields = [f.split("=", 1) for f in text.split()[2:] if "=" in f]
    return [(k, len(v.split(","))) for k, v in fields]


def _number(v: str) -> float:
    try:
        return float(int(v))
    except ValueError:
        return 0.0


def observation(
    state: "mancala.State", player: int, keys: Sequence[Tuple[str, int]]
) -> np.ndarray:
    """The observation tensor of ``state`` for ``player`` (see the module's docs); ``keys``
    are the fields of the start position's text and their counts of values (a field the
    text leaves out counts zeros)."""
    text = state.text()
    parts = text.split()
    out: List[float] = []
    for row in parts[0].split("/"):
        if "," in row or row.isdigit():
            out.extend(_number(x) for x in row.split(","))
        else:
            out.extend(1.0 if c == "S" else -1.0 if c == "N" else 0.0 for c in row)
    fields = dict(f.split("=", 1) for f in parts[2:] if "=" in f)
    game = state.game
    for k, count in keys:
        values = fields[k].split(",") if k in fields else []
        values = (values + ["0"] * count)[:count]
        out.extend(_number(x) for x in values)
    n = game.players
    out.extend(float(x) for x in state.scores())
    mover = [0.0] * n
    if not state.is_over:
        mover[state.to_move] = 1.0
    out.extend(mover)
    me = [0.0] * n
    me[player] = 1.0
    out.extend(me)
    return np.asarray(out, dtype=np.float32)


def observation_size(game: "mancala.Game") -> int:
    """The length of :func:`observation`'s tensor for ``game``."""
    s = game.start()
    return len(observation(s, 0, field_keys(s.text())))




