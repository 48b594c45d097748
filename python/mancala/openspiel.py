"""Every variant as a Python game of OpenSpiel (``pyspiel``), and a perfect-play bot.

>>> import pyspiel, mancala.openspiel     # registers every playable variant
>>> game = pyspiel.load_game("mancala_warri(width=4,seeds=2)")

:func:`register` registers ``mancala_<variant>`` for every playable variant (hyphens become
underscores: ``mancala_nine_mens_morris``), with these parameters:

- ``width``, ``seeds`` (pits a side and seeds a pit; the variant's own by default),
  ``counters`` (the morris games), ``players`` (kpo: 2, 3 or 4), ``candidates`` (the Isolo
  games: the arrangements offered a move, default 48), ``max_plies`` (default 1000),
  ``returns`` (``wdl``, the default, or ``margin``);
- one string parameter per rule option, underscores for hyphens (``chain="uniform"``).

Actions are ``mancala.State.legal_actions()``'s (docs/PYTHON.md, "Actions"). A game ends by
the rules, at ``max_plies`` plies, or when a position (board, seeds won, seat to move)
repeats, as in ``mancala match``; a game stopped early is scored by the seeds won so far
(``State.returns(adjudicate=True)``). Returns ``wdl``: two players +1, -1 or 0 (zero-sum);
kpo for three or four, the leaders share 1 (constant-sum, utilities in [0, 1]). Returns
``margin``: the two-row games the seed margin; kpo for three or four own seeds less the
mean (zero-sum); the win/draw/loss games as ``wdl``.

The observation tensor is ``mancala.State.observe``'s (its layout: docs/PYTHON.md,
"Observations"), built in Rust; ``make_py_observer(params={"relative": True})`` counts the
seats from the observing player.
"""

from __future__ import annotations


from typing import Any, Dict, List, Optional, Sequence

import math
import tempfile

import numpy as np
import pyspiel

import mancala
from mancala.observation import observation, observation_size

__all__ = ["register", "game_name", "PerfectBot", "observation", "observation_size"]

_MAX_PLIES = 1000
_registered: Dict[str, Any] = {}
_variants: Dict[str, Any] = {}
_setups: Dict[Any, "_Setup"] = {}


class _Setup:
    """What a registered game with given parameters plays: the ``mancala.Game``, the ply
    limit (kept here, not on the pyspiel object, which C++
    may hand back as another wrapper)."""

    def __init__(self, variant: "mancala.Variant", params: Dict[str, Any]) -> None:
        self.game = mancala.Game(variant.id, **_options(variant, params))
        self.max_plies = int(params["max_plies"])
        self.morris = self.game.family == "morris"
        self.repetition = params["repetition"] in (True, "true", "True", 1)
        self.obs_size = self.game.observation_size + (2 * 24 if self.morris else 0)
        self.metric = str(params.get("returns", "wdl"))
        if self.metric not in ("wdl", "margin"):
            raise ValueError(f"returns={self.metric}: expected wdl or margin")


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
    # OpenSpiel's own nine men's morris plays on through repetitions and stops, a draw,
    # after 200 moves (captures not counted): the registration is its drop-in.
    nine = v.id == "nine-mens-morris"
    spec: Dict[str, Any] = {"max_plies": 200 if nine else _MAX_PLIES, "returns": "wdl",
                            "repetition": not v.id.endswith("morris")}
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

    def game_type(utility=pyspiel.GameType.Utility.ZERO_SUM) -> "pyspiel.GameType":
        return pyspiel.GameType(
            short_name=name,
            long_name=f"mancala {v.id} ({v.people})",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
            information=pyspiel.GameType.Information.PERFECT_INFORMATION,
            utility=utility,
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
            lo, hi, total = _utilities(setup)
            utility = pyspiel.GameType.Utility
            info = pyspiel.GameInfo(
                num_distinct_actions=_MORRIS_ACTIONS if setup.morris else setup.game.num_actions,
                max_chance_outcomes=0,
                num_players=n,
                min_utility=lo,
                max_utility=hi,
                utility_sum=total,
                max_game_length=setup.max_plies,
            )
            kind = utility.CONSTANT_SUM if total else utility.ZERO_SUM
            super().__init__(game_type(kind), info, params or dict())

        def new_initial_state(self) -> "MancalaState":
            if _setup_of(self).morris:
                return MorrisState(self)
            return MancalaState(self)

        def make_py_observer(self, iig_obs_type=None, params=None):
            return _Observer(self, params)

    # A module attribute of its own name, so that games and states pickle.
    MancalaGame.__name__ = MancalaGame.__qualname__ = "Game_" + name
    globals()[MancalaGame.__name__] = MancalaGame

    _variants[name] = (v, spec)
    pyspiel.register_game(game_type(), MancalaGame)
    _registered[name] = MancalaGame


def _utilities(setup: _Setup):
    """The least and greatest return and the sum of returns (0 zero-sum; 1 for kpo with
    three or four players scored win/draw/loss: the leaders share 1)."""
    g, n = setup.game, setup.game.players
    if setup.metric == "margin" and g.family in ("two-row", "seats"):
        start = g.start()
        # The board and the seeds won: the observation less its two one-hot blocks.
        total = float(start.observe(0)[: g.observation_size - 2 * n].sum())
        if n == 2:
            return -total, total, 0.0
        return -total / n, total * (n - 1) / n, 0.0
    if n > 2 and setup.metric == "wdl":
        return 0.0, 1.0, 1.0
    return -1.0, 1.0, 0.0


class MancalaState(pyspiel.State):
    """A state of a registered game: a ``mancala.State`` and the plies played."""

    def __init__(self, game) -> None:
        super().__init__(game)
        self._setup = _setup_of(game)
        # The state, the actions played, the positions met and the end: one Rust call a step.
        setup = self._setup
        self._ep = mancala._native.Episode(setup.game.start(), setup.max_plies, setup.repetition)

    @property
    def state(self) -> "mancala.State":
        """The ``mancala.State`` now."""
        return self._ep.state

    @property
    def plies(self) -> int:
        """The plies played."""
        return self._ep.plies

    # The calls of a Python loop are answered here, without OpenSpiel's C++ round trip (which
    # calls back into Python several times a call); C++ callers reach the same code through
    # `_legal_actions` and `_apply_action`. A game ends by the rules, at the ply limit, or
    # when a position repeats.
    def current_player(self) -> int:
        return self._ep.player

    def is_terminal(self) -> bool:
        return self._ep.player < 0

    def legal_actions(self, player: Optional[int] = None) -> List[int]:
        """The legal actions, ascending (none for another player, or once the game ends)."""
        return self._ep.legal_actions(player)

    def _legal_actions(self, player: int) -> List[int]:
        return self._ep.legal_actions(player)

    def observation_tensor(self, player: Optional[int] = None) -> List[float]:
        """The observation tensor of ``player`` (by default the player to move)."""
        return self._ep.observe_list(player)

    def apply_action(self, action: int) -> None:
        """Plays ``action`` (a ``ValueError`` when it is not legal)."""
        self._ep.step(action)

    _apply_action = apply_action

    def history(self) -> List[int]:
        return self._ep.history()

    def serialize(self) -> str:
        return "".join(f"{a}\n" for a in self._ep.history())

    def _action_to_string(self, player: int, action: int) -> str:
        return self.state.action_name(action)

    def returns(self) -> List[float]:
        # A game stopped by the ply limit or a repetition is scored by the seeds won so far.
        r = self._ep.state.returns(self._setup.metric, adjudicate=self._ep.player < 0)
        return r if r is not None else [0.0] * self._setup.game.players

    def __str__(self) -> str:
        return self.state.text()


# OpenSpiel's `nine_mens_morris` numbers the points row by row from the top left.
_MORRIS_POINTS = ["a7", "d7", "g7", "b6", "d6", "f6", "c5", "d5", "e5", "a4", "b4", "c4",
                  "e4", "f4", "g4", "c3", "d3", "e3", "b2", "d2", "f2", "a1", "d1", "g1"]
_MORRIS_ID = {p: i for i, p in enumerate(_MORRIS_POINTS)}
# The observation's point order (docs/PYTHON.md, "Observations").
_OWN_POINTS = ["a1", "a4", "a7", "d7", "g7", "g4", "g1", "d1", "b2", "b4", "b6", "d6",
               "f6", "f4", "f2", "d2", "c3", "c4", "c5", "d5", "e5", "e4", "e3", "d3"]
_OWN_ID = {p: i for i, p in enumerate(_OWN_POINTS)}
_MORRIS_ACTIONS = 24 + 24 * 24


def _morris_head(name: str) -> int:
    """OpenSpiel's action of the placement or move of the move ``name`` (``[from-]to[xtake]``):
    the point placed on, or ``24 + 24 * from + to``."""
    head = name.split("x")[0]
    if "-" in head:
        a, b = head.split("-")
        return 24 + 24 * _MORRIS_ID[a] + _MORRIS_ID[b]
    return _MORRIS_ID[head]


class MorrisState(MancalaState):
    """A state of the morris games in OpenSpiel's encoding of ``nine_mens_morris``: 600
    actions, a point (0..23, row by row from the top left) to place on or to take, or
    ``24 + 24 * from + to`` a move; a move that makes a line of three is one ply and the
    counter taken the next, by the same player. While a take is due, the observation's
    last 48 values (each 24 points in the observation's order) show the move made: the
    point left and the point played to (a placement: the point alone)."""

    def __init__(self, game) -> None:
        super().__init__(game)
        self._os_history: List[int] = []
        self._head: Optional[int] = None
        self._takes: Dict[int, str] = {}

    def _heads(self) -> Dict[int, List[str]]:
        heads: Dict[int, List[str]] = {}
        for name in self.state.moves():
            heads.setdefault(_morris_head(name), []).append(name)
        return heads

    def legal_actions(self, player: Optional[int] = None) -> List[int]:
        p = self._ep.player
        if p < 0 or (player is not None and player != p):
            return []
        if self._head is not None:
            return sorted(self._takes)
        return sorted(self._heads())

    def _legal_actions(self, player: int) -> List[int]:
        return self.legal_actions(player)

    def apply_action(self, action: int) -> None:
        if self._ep.player < 0:
            raise ValueError("the game has ended: no action is legal")
        if self._head is not None:
            name = self._takes.get(action)
            if name is None:
                raise ValueError(f"action {action} is not a counter to take here")
            self._head, self._takes = None, {}
        else:
            names = self._heads().get(action)
            if names is None:
                raise ValueError(f"action {action} is not legal in this position")
            if "x" in names[0]:
                self._head = action
                self._takes = {_MORRIS_ID[n.split("x")[1]]: n for n in names}
                self._os_history.append(action)
                return
            name = names[0]
        self._ep.step(self.state.action_of(name))
        self._os_history.append(action)

    _apply_action = apply_action

    def _action_to_string(self, player: int, action: int) -> str:
        if action < 24:
            verb = "take" if self._head is not None else "place"
            return f"{verb} {_MORRIS_POINTS[action]}"
        a, b = divmod(action - 24, 24)
        return f"{_MORRIS_POINTS[a]}-{_MORRIS_POINTS[b]}"

    def observation_tensor(self, player: Optional[int] = None, relative: bool = False) -> List[float]:
        extra = [0.0] * 48
        if self._head is not None:
            if self._head < 24:
                extra[24 + _OWN_ID[_MORRIS_POINTS[self._head]]] = 1.0
            else:
                a, b = divmod(self._head - 24, 24)
                extra[_OWN_ID[_MORRIS_POINTS[a]]] = 1.0
                extra[24 + _OWN_ID[_MORRIS_POINTS[b]]] = 1.0
        return self._ep.observe_list(player, relative=relative) + extra

    def history(self) -> List[int]:
        return list(self._os_history)

    def serialize(self) -> str:
        return "".join(f"{a}\n" for a in self._os_history)

    def __str__(self) -> str:
        text = self.state.text()
        if self._head is not None:
            return f"{text} (a take due after {self._action_to_string(0, self._head)})"
        return text


class _Observer:
    """The observation of docs/PYTHON.md (``make_py_observer``); the parameter
    ``relative=True`` counts the seats from the observing player."""

    def __init__(self, game, params) -> None:
        params = dict(params or {})
        self.relative = bool(params.pop("relative", False))
        if params:
            raise ValueError(f"observation parameters: only 'relative' is supported; passed {params}")
        self.setup = _setup_of(game)
        self.tensor = np.zeros(self.setup.obs_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: MancalaState, player: int) -> None:
        if self.setup.morris:
            self.tensor[:] = state.observation_tensor(player, relative=self.relative)
        else:
            state.state.observe_into(self.tensor, player, relative=self.relative)

    def string_from(self, state: MancalaState, player: int) -> str:
        return state.state.text()


def register(variants: Optional[Sequence[str]] = None) -> List[str]:
    """Registers every playable variant (or those of ``variants``) as ``mancala_<variant>``
    in pyspiel (importing this module registers them all); registering again is a no-op.
    Returns the names."""
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
    for positions small enough to solve. With ``time`` (seconds a move), a search that has
    not proven its value by then plays the solver's best move from its last finished
    iteration (the deepening alpha-beta's move, not proven exact); a probe answers at
    once."""

    def __init__(self, game, player_id: int, *, tt_mb: int = 64,
                 tablebases: Optional[str] = None, max_positions: int = 5_000_000,
                 time: Optional[float] = None) -> None:
        pyspiel.Bot.__init__(self)
        self.player_id = player_id
        self.time = time
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
        name = self.engine.move(state.state, time=self.time)
        return state.state.action_of(name)

    def provides_policy(self) -> bool:
        return False


def _seeds_on_board(state: "mancala.State") -> int:
    rows = state.text().split()[0].split("/")
    return sum(int(x) for r in rows for x in r.split(","))


# Registered on import, so that pickled games and states load in a fresh process (a worker
# of a pool) that imports this module.
register()
