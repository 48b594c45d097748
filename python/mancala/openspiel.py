"""Every variant as a Python game of OpenSpiel (``pyspiel``), and a perfect-play bot.

>>> import pyspiel, mancala.openspiel
>>> mancala.openspiel.register()
>>> game = pyspiel.load_game("mancala_warri(width=4,seeds=2)")

:func:`register` registers ``mancala_<variant>`` for every playable variant (hyphens become
underscores: ``mancala_nine_mens_morris``), with these parameters:

- ``width``, ``seeds`` (pits a side and seeds a pit; the variant's own by default),
  ``counters`` (the morris games), ``players`` (kpo: 2, 3 or 4), ``candidates`` (the Isolo
  games: the arrangements offered a move, default 48), ``max_plies`` (default 1000: a game
  still going then ends, a draw);
- one string parameter per rule option, underscores for hyphens (``chain="uniform"``).

Actions are ``mancala.State.legal_actions()``'s: two-row games, the mover's pit from his
left (0-based); kpo for three or four, ``2 * (pit - 1) + clockwise``; the other families,
the index of the move in the legal move list. Returns: two players +1, -1 or 0 (draw);
three or four players, the leaders share 1.

The observation tensor (the same for every player but for its last part), float32:

1. every pit of the position text's rows, in the text's order (North's rows first, each
   row as South sees it), its seed count; on the morris board every point, +1 for
   South's counter, -1 for North's, 0 empty;
2. the values of the position text's fields (``captured=``, ``stores=``, ``hand=`` ...; a
   value that is not a number counts 0), the fields and their counts of values those of
   the start position's text (a field left out counts zeros);
3. each seat's seeds taken so far (``State.scores()``);
4. one-hot, the seat to move (all zero once the game is over);
5. one-hot, the observing player.
"""

from __future__ import annotations


from typing import Any, Dict, List, Optional, Sequence, Tuple

import math
import tempfile

import numpy as np
import pyspiel

import mancala
from mancala.observation import field_keys as _field_keys, observation, observation_size

__all__ = ["register", "game_name", "PerfectBot", "observation", "observation_size"]

_MAX_PLIES = 1000
_registered: Dict[str, Any] = {}
_variants: Dict[str, Any] = {}
_setups: Dict[Any, "_Setup"] = {}


class _Setup:
    """What a registered game with given parameters plays: the ``mancala.Game``, the ply
    limit and the observation's fields (kept here, not on the pyspiel object, which C++
    may hand back as another wrapper)."""

    def __init__(self, variant: "mancala.Variant", params: Dict[str, Any]) -> None:
        self.game = mancala.Game(variant.id, **_options(variant, params))
        self.max_plies = int(params["max_plies"])
        start = self.game.start()
        self.field_keys = _field_keys(start.text())
        self.obs_size = len(observation(start, 0, self.field_keys))


def _setup(name: str, variant: "mancala.Variant", params: Dict[str, Any]) -> _Setup:
    key = (name, tuple(sorted((k, str(x)) for k, x in params.items())))
    if key not in _setups:
        _setups[key] = _Setup(variant, params)
    return _setups[key]


def _setup_of(game) -> _Setup:
    name = game.get_type().short_name
    v, spec = _variants[name]
    full = dict(spec)
    full.update(game.get_parameters())
    return _setup(name, v, full)


def game_name(variant: str) -> str:
    """The pyspiel name of ``variant``: ``mancala_`` and the id, underscores for hyphens."""
    return "mancala_" + variant.replace("-", "_")


def _options(variant: "mancala.Variant", params: Dict[str, Any]) -> Dict[str, Any]:
    """The ``mancala.Game`` keyword arguments of pyspiel parameters ``params``."""
    kw: Dict[str, Any] = {}
    rules = []
    names = {r["name"].replace("-", "_"): r["name"] for r in variant.rules}
    if variant.players:
        names.update({r["name"].replace("-", "_"): r["name"] for r in variant.players["rules"]})
    for k, v in params.items():
        if k in ("width", "seeds", "counters", "players", "candidates"):
            kw[k] = v
        elif k in names:
            rules.append(f"{names[k]}={v}")
    if kw.get("players") == 2:
        del kw["players"]
    if kw.get("players") is not None:
        rules = [r for r in rules if r.split("=")[0] in {x["name"] for x in variant.players["rules"]}]
    else:
        rules = [r for r in rules if r.split("=")[0] in {x["name"] for x in variant.rules}]
    kw["rules"] = rules
    return kw


def _register_one(v: "mancala.Variant") -> None:
    name = game_name(v.id)
    default = mancala.Game(v.id, **({"candidates": 48} if v.id.startswith("isolo") else {}))
    spec: Dict[str, Any] = {"max_plies": _MAX_PLIES}
    if default.width is not None and default.family != "morris":
        spec["width"] = default.width
    if default.seeds is not None:
        spec["seeds"] = default.seeds
    if default.counters is not None:
        spec["counters"] = default.counters
    if default.candidates is not None:
        spec["candidates"] = default.candidates
    for r in v.rules:
        spec[r["name"].replace("-", "_")] = str(r["default"])
    if v.players:
        spec["players"] = 2
        for r in v.players["rules"]:
            spec.setdefault(r["name"].replace("-", "_"), str(r["default"]))
    max_players = 4 if v.players else 2
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"mancala {v.id} ({v.people})",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if not v.players else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max_players,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec,
    )

    class MancalaGame(pyspiel.Game):
        """One variant of the mancala toolkit as an OpenSpiel game."""

        def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
            full = dict(spec)
            full.update(params or {})
            setup = _setup(name, v, full)
            n = setup.game.players
            info = pyspiel.GameInfo(
                num_distinct_actions=setup.game.num_actions,
                max_chance_outcomes=0,
                num_players=n,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=None if v.players else 0.0,
                max_game_length=setup.max_plies,
            )
            super().__init__(game_type, info, params or dict())

        def new_initial_state(self) -> "MancalaState":
            return MancalaState(self)

        def make_py_observer(self, iig_obs_type=None, params=None):
            return _Observer(self, params)

    # A module attribute of its own name, so that games and states pickle.
    MancalaGame.__name__ = MancalaGame.__qualname__ = "Game_" + name
    globals()[MancalaGame.__name__] = MancalaGame

    _variants[name] = (v, spec)
    pyspiel.register_game(game_type, MancalaGame)
    _registered[name] = MancalaGame


class MancalaState(pyspiel.State):
    """A state of a registered game: a ``mancala.State`` and the plies played."""

    def __init__(self, game) -> None:
        super().__init__(game)
        self._setup = _setup_of(game)
        self.state: mancala.State = self._setup.game.start()
        self.plies = 0

    def current_player(self) -> int:
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return self.state.to_move

    def _legal_actions(self, player: int) -> List[int]:
        return sorted(self.state.legal_actions())

    def _apply_action(self, action: int) -> None:
        self.state = self.state.apply_action(action)
        self.plies += 1

    def _action_to_string(self, player: int, action: int) -> str:
        return self.state.action_name(action)

    def is_terminal(self) -> bool:
        return self.state.is_over or self.plies >= self._setup.max_plies

    def returns(self) -> List[float]:
        r = self.state.returns()
        return r if r is not None else [0.0] * self._setup.game.players

    def __str__(self) -> str:
        return self.state.text()


class _Observer:
    """The observation of the module's docs (``make_py_observer``)."""

    def __init__(self, game, params) -> None:
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        self.setup = _setup_of(game)
        self.tensor = np.zeros(self.setup.obs_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: MancalaState, player: int) -> None:
        self.tensor[:] = observation(state.state, player, self.setup.field_keys)

    def string_from(self, state: MancalaState, player: int) -> str:
        return state.state.text()


def register(variants: Optional[Sequence[str]] = None) -> List[str]:
    """Registers every playable variant (or those of ``variants``) as ``mancala_<variant>``
    in pyspiel; registering again is a no-op. Returns the names."""
    names = []
    for v in mancala.variants():
        if not v.playable or (variants is not None and v.id not in variants):
            continue
        name = game_name(v.id)
        if name not in _registered:
            _register_one(v)
        names.append(name)
    return names


class PerfectBot(pyspiel.Bot):
    """Plays the exact solver's best move (the toolkit's ``perfect`` engine) from the
    endgame tables of ``tablebases`` when given. A two-row game small enough (at most
    ``max_positions`` positions with up to its seeds) gets its whole tables built first,
    in a temporary folder, so that every move is a probe; otherwise each move is a search,
    for positions small enough to solve."""

    def __init__(self, game, player_id: int, *, tt_mb: int = 64,
                 tablebases: Optional[str] = None, max_positions: int = 5_000_000) -> None:
        pyspiel.Bot.__init__(self)
        self.player_id = player_id
        setup = _setup_of(game)
        if tablebases is None and setup.game.family == "two-row":
            pits = 2 * setup.game.width
            seeds = sum(setup.game.start().scores()) + _seeds_on_board(setup.game.start())
            if math.comb(seeds + pits, pits) <= max_positions:
                self._folder = tempfile.TemporaryDirectory(prefix="mancala-tables-")
                tablebases = self._folder.name
                mancala.Tablebases(tablebases).build(setup.game, seeds)
        self.engine = mancala.engine(f"perfect:tt={tt_mb}", tablebases=tablebases)

    def restart_at(self, state) -> None:
        pass

    def step(self, state: MancalaState) -> int:
        name = self.engine.move(state.state)
        return state.state.action_of(name)

    def provides_policy(self) -> bool:
        return False


def _seeds_on_board(state: "mancala.State") -> int:
    rows = state.text().split()[0].split("/")
    return sum(int(x) for r in rows for x in r.split(","))
