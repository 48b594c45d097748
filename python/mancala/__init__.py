"""The mancala games of Africa from Python: rules, perft, exact values, tablebases, engines.

Everything is computed by the toolkit's Rust crates (the ``mancala`` command line's own
functions), so values, move names, position text and error messages are the command line's
(docs/NOTATION.md). Bad input raises ``ValueError`` with the command line's message.

>>> import mancala
>>> game = mancala.Game("kalah", width=3, seeds=2)
>>> state = game.start()
>>> state.moves()
['1', '2', '3']
>>> state.play("2").text()
'2,2,2/2,0,3 S stores=1,0'

Submodules: :mod:`mancala.openspiel` (every variant as a pyspiel game) and
:mod:`mancala.pettingzoo` (every variant as an AEC environment).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from os import PathLike
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Union

from . import _native

__all__ = [
    "Variant",
    "variants",
    "Game",
    "State",
    "Perft",
    "Solution",
    "Analysis",
    "SeatSolution",
    "EngineMove",
    "Engine",
    "engine",
    "Probe",
    "Tablebases",
]

Game = _native.Game
State = _native.State
Path = Union[str, "PathLike[str]"]


def _make_game(variant: str, kwargs: Dict[str, Any]) -> Game:
    """``Game(variant, **kwargs)``: how a pickled game is made again."""
    return Game(variant, **kwargs)


@dataclass(frozen=True)
class Variant:
    """One variant of the catalogue (``mancala variants``)."""

    id: str
    people: str
    source: str
    board: str
    status: str
    rules: List[Dict[str, Any]]
    """Its rule options: name, values and default of each."""
    players: Optional[Dict[str, Any]] = None
    """For kpo: the player counts it takes (2, 3, 4) and their rule options."""

    @property
    def playable(self) -> bool:
        """True when the toolkit plays it."""
        return self.status == "playable"


def variants() -> List[Variant]:
    """Every variant of the catalogue, the playable ones first."""
    raw = _native.variants_raw()["variants"]
    return [Variant(**v) for v in raw]


@dataclass(frozen=True)
class Perft:
    """A perft count (``mancala perft --json``)."""

    depth: int
    nodes: int
    seconds: float
    divide: Optional[Dict[str, int]] = None
    """With ``divide=True``: the count under each first move, by move name."""


def _perft(self: State, depth: int, divide: bool = False) -> Perft:
    """Counts the move paths of ``depth`` plies (without the GIL; Ctrl-C stops the wait)."""
    raw = self.perft_raw(depth, divide)
    return Perft(raw["depth"], raw["nodes"], raw["seconds"], raw.get("divide"))


@dataclass(frozen=True)
class Solution:
    """The exact value of a two-player position (``mancala solve --json``).

    ``value`` is from the side to move's view: the final seed margin (metric ``margin``)
    or +1/0/-1 (metric ``wdl``). ``raw`` keeps every field of the command's JSON.
    """

    variant: str
    position: str
    value: Optional[int]
    exact: bool
    metric: str
    best_move: Optional[str]
    pv: List[str]
    method: Optional[str]
    seconds: float
    raw: Dict[str, Any] = field(repr=False, compare=False)


@dataclass(frozen=True)
class Analysis:
    """The exact value of every move (``mancala analyze --json``): ``moves`` maps each move
    name to its value from the mover's view (``None``: not proven within the limits)."""

    variant: str
    position: str
    value: Optional[int]
    exact: bool
    metric: str
    moves: Dict[str, Optional[int]]
    best_moves: List[str]
    seconds: float
    raw: Dict[str, Any] = field(repr=False, compare=False)


@dataclass(frozen=True)
class SeatSolution:
    """The exact analysis of kpo for three or four players (``mancala solve kpo --players
    N --json``): each player's paranoid value in seeds, the max^n equilibria and more in
    ``raw``."""

    variant: str
    position: str
    players: int
    paranoid: Dict[str, float]
    seconds: float
    raw: Dict[str, Any] = field(repr=False, compare=False)


_Progress = Optional[Callable[[str], Any]]


def _limits(kw: Mapping[str, Any]) -> Dict[str, Any]:
    out = dict(kw)
    for k in ("tablebases", "proof"):
        if out.get(k) is not None:
            out[k] = str(out[k])
    if out.get("memory") is not None:
        out["memory"] = str(out["memory"])
    return out


def _solve(
    self: State,
    *,
    time: Optional[float] = None,
    memory: Union[str, int, None] = None,
    threads: Optional[int] = None,
    tt_mb: Optional[int] = None,
    depth: Optional[int] = None,
    tablebases: Optional[Path] = None,
    method: Optional[str] = None,
    proof: Optional[Path] = None,
    progress: _Progress = None,
) -> Union[Solution, SeatSolution]:
    """Solves this position exactly, with ``mancala solve``'s limits: ``time`` (seconds),
    ``memory`` (e.g. ``"512M"``, a plain number is MiB), ``threads``, ``tt_mb``, ``depth``,
    ``tablebases`` (a folder), ``method`` and ``proof`` (a certificate's file);
    ``progress(message)`` hears its progress. Runs without the GIL; Ctrl-C stops it."""
    kw = _limits(
        dict(time=time, memory=memory, threads=threads, tt_mb=tt_mb, depth=depth,
             tablebases=tablebases, method=method, proof=proof)
    )
    raw = self.solve_raw(False, progress=progress, **kw)
    if "paranoid" in raw:
        return SeatSolution(raw["variant"], raw["position"], raw["players"],
                            raw["paranoid"], raw["seconds"], raw)
    return Solution(
        raw["variant"], raw["position"], raw.get("value"), raw["exact"], raw["metric"],
        raw.get("best_move"), raw.get("pv") or [], raw.get("method"), raw["seconds"], raw,
    )


def _analyze(
    self: State,
    *,
    time: Optional[float] = None,
    memory: Union[str, int, None] = None,
    threads: Optional[int] = None,
    tt_mb: Optional[int] = None,
    tablebases: Optional[Path] = None,
    progress: _Progress = None,
) -> Analysis:
    """The exact value of every legal move, with ``mancala analyze``'s limits (see
    :meth:`State.solve`). Runs without the GIL; Ctrl-C stops it."""
    kw = _limits(dict(time=time, memory=memory, threads=threads, tt_mb=tt_mb,
                      tablebases=tablebases))
    raw = self.solve_raw(True, progress=progress, **kw)
    return Analysis(
        raw["variant"], raw["position"], raw.get("value"), raw["exact"], raw["metric"],
        raw["moves"], raw.get("best_moves") or [], raw["seconds"], raw,
    )


def _play_all(self: State, moves: Union[str, Sequence[str]]) -> State:
    """The state after the moves ``moves`` (a list, or names separated by spaces)."""
    if isinstance(moves, str):
        moves = moves.split()
    s = self
    for m in moves:
        s = s.play(m)
    return s


State.perft = _perft
State.solve = _solve
State.analyze = _analyze
State.play_all = _play_all


@dataclass(frozen=True)
class EngineMove:
    """The move an engine chose: its name, the position after it, the work it took."""

    move: str
    after: str
    engine: str
    nodes: int
    seconds: float


class Engine:
    """A built-in engine (``mancala match``'s): ``random``, ``greedy``,
    ``alphabeta[:depth=D|:nodes=N|:time=MS]``, ``mcts[:iters=N][:c=C]``,
    ``perfect[:tt=MB][:time=MS]`` (docs/ENGINES.md); for kpo with three or four players
    the seat engines of ``match --engines``: ``random``, ``greedy``,
    ``maxn[:depth=D|:nodes=N][:tie=...]``, ``paranoid[:depth=D|:nodes=N]``,
    ``mcts[:iters=N][:c=C]``."""

    def __init__(self, spec: str, *, tablebases: Optional[Path] = None) -> None:
        self.spec = spec
        self.tablebases = None if tablebases is None else str(tablebases)

    def choose(self, state: State, *, seed: int = 0, time: Optional[float] = None) -> EngineMove:
        """The engine's choice in ``state`` (a game not over), its random choices drawn
        from ``seed``; with ``time`` (seconds) the best move it has when the time runs out."""
        raw = state.engine_raw(self.spec, seed=seed, tablebases=self.tablebases, time=time)
        return EngineMove(raw["move"], raw["after"], raw["engine"], raw["nodes"],
                          raw["seconds"])

    def move(self, state: State, *, seed: int = 0, time: Optional[float] = None) -> str:
        """The name of the move the engine chooses in ``state``."""
        return self.choose(state, seed=seed, time=time).move

    def __repr__(self) -> str:
        return f"Engine({self.spec!r})"


def engine(spec: str, *, tablebases: Optional[Path] = None) -> Engine:
    """The engine ``spec`` names (see :class:`Engine`); a bad spec raises ``ValueError``."""
    _native.check_engine(spec)
    return Engine(spec, tablebases=tablebases)


@dataclass(frozen=True)
class Probe:
    """A tablebase probe (``mancala tablebase probe --json``): the position's value and
    each move's, from the mover's view."""

    position: str
    value: Optional[int]
    moves: Dict[str, Optional[int]]
    best_moves: List[str]
    raw: Dict[str, Any] = field(repr=False, compare=False)


class Tablebases:
    """A folder of endgame tables (``mancala tablebase``)."""

    def __init__(self, folder: Path) -> None:
        self.folder = str(folder)

    def build(
        self,
        game: Game,
        max_stones: Optional[int] = None,
        *,
        threads: Optional[int] = None,
        progress: _Progress = None,
    ) -> Dict[str, Any]:
        """Builds every slice of ``game`` up to ``max_stones`` seeds on the board (the
        morris games: ``Game(counters=...)``) into the folder; ``progress(line)`` hears
        each finished slice. Returns the ``tablebase build --json`` object. Runs without
        the GIL; Ctrl-C stops it."""
        return _native.tablebase_build(game, self.folder, max_stones=max_stones,
                                       threads=threads, progress=progress)

    def probe(self, state: State) -> Probe:
        """The value of ``state`` and of each of its moves, from the tables."""
        raw = _native.tablebase_probe(state, self.folder)
        moves = raw.get("moves", {})
        return Probe(raw["position"], raw.get("value"), moves, raw.get("best_moves") or [], raw)

    def info(self) -> Dict[str, Any]:
        """``tablebase info --json``: every table of the folder, each file checked whole."""
        return _native.tablebase_info(self.folder, False)

    def verify(self) -> Dict[str, Any]:
        """``tablebase verify --json``: checksums, then every value from its successors."""
        return _native.tablebase_info(self.folder, True)

    def __repr__(self) -> str:
        return f"Tablebases({self.folder!r})"
