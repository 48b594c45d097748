"""Type stubs of the compiled module ``mancala._native`` (``mancala.Game``,
``mancala.State``); ``perft``, ``solve``, ``analyze``, ``info`` and ``play_all`` of
``State`` are added by the package ``mancala`` in Python."""

from os import PathLike
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

from mancala import Analysis, Perft, SeatSolution, Solution

_Path = Union[str, PathLike[str]]
_Rules = Union[Mapping[str, Any], Sequence[str], None]

class Game:
    """A game: a variant with its board size and rule options.

    ``rules``: a dict ``{name: value}`` or a list of ``"name=value"`` (``mancala
    variants`` lists each variant's options). ``players``: 3 or 4 for kpo. ``counters``:
    the morris games. ``store``, ``max_hole``, ``phase``: the Isolo games' options.
    ``position``: the position text the game starts from. ``candidates``: the Isolo games
    offer only this many arrangements a move (the engines' game; needed for actions).
    Bad options raise ``ValueError`` with the command line's message.
    """

    def __init__(
        self,
        variant: str,
        *,
        width: Optional[int] = None,
        seeds: Optional[int] = None,
        rules: _Rules = None,
        players: Optional[int] = None,
        counters: Optional[int] = None,
        store: Optional[int] = None,
        max_hole: Optional[int] = None,
        phase: Optional[str] = None,
        position: Optional[str] = None,
        candidates: Optional[int] = None,
    ) -> None: ...
    @property
    def variant(self) -> str: ...
    @property
    def players(self) -> int: ...
    @property
    def family(self) -> str:
        """``two-row``, ``four-row``, ``morris``, ``isolo`` or ``seats`` (kpo for 3 or 4)."""
    @property
    def width(self) -> Optional[int]: ...
    @property
    def seeds(self) -> Optional[int]: ...
    @property
    def counters(self) -> Optional[int]: ...
    @property
    def rules(self) -> List[str]:
        """Every rule option of the game, ``name=value``."""
    @property
    def candidates(self) -> Optional[int]: ...
    @property
    def num_actions(self) -> int:
        """The size of the action space (docs/PYTHON.md, "Actions")."""
    @property
    def observation_size(self) -> int:
        """The length of ``State.observe``'s tensor."""
    def observe(
        self, states: Sequence[State], player: Optional[int] = None, *, relative: bool = False
    ) -> np.ndarray:
        """The observation tensors of ``states``, one float32 row each."""
    def legal_mask(self, states: Sequence[State]) -> np.ndarray:
        """The legal-action masks of ``states``, one int8 row of ``num_actions`` each."""
    def start(self) -> State:
        """The start position (or the ``position`` the game was made with)."""
    def state(self, text: str) -> State:
        """The state of position text ``text`` (docs/NOTATION.md)."""
    def playouts(self, state: State, games: int, *, max_plies: int = 10000, seed: int = 0) -> int:
        """Plies of ``games`` random playouts from ``state``, in Rust without the GIL."""
    def random_steps(self, states: Sequence[State], seed: int = 0) -> List[State]:
        """One random legal action in each state not over: many games a call."""

class State:
    """An immutable state of a game. Equal when their games (by options) and positions
    are."""

    @property
    def game(self) -> Game: ...
    @property
    def to_move(self) -> int:
        """The seat to move: 0 South (P1), 1 North (P2), 2 and 3 P3 and P4."""
    @property
    def is_over(self) -> bool: ...
    def text(self) -> str:
        """The position text (docs/NOTATION.md)."""
    def moves(self) -> List[str]:
        """The legal moves by name, in move order."""
    def play(self, move: str) -> State:
        """The state after ``move`` (``ValueError`` with the command line's message when
        it is not legal)."""
    def play_all(self, moves: Union[str, Sequence[str]]) -> State:
        """The state after ``moves`` in turn (a list, or names separated by spaces)."""
    def legal_actions(self) -> List[int]:
        """The legal moves as actions, ascending: each names the same move in every
        position (docs/PYTHON.md, "Actions")."""
    def apply_action(self, action: int) -> State: ...
    def step(self, action: int) -> Tuple[State, int]:
        """The state after ``action`` and its seat to move (-4 once the game is over)."""
    def observe(self, player: Optional[int] = None, *, relative: bool = False) -> np.ndarray:
        """The observation tensor (float32; docs/PYTHON.md, "Observations") for ``player``
        (by default the seat to move); ``relative`` counts the seats from him."""
    def observe_into(
        self, out: np.ndarray, player: Optional[int] = None, *, relative: bool = False
    ) -> None:
        """Writes ``observe``'s tensor into ``out`` (float32, ``observation_size``)."""
    def observe_list(self, player: Optional[int] = None, *, relative: bool = False) -> List[float]: ...
    def legal_mask(self) -> np.ndarray:
        """int8, ``game.num_actions`` values: 1 for each legal action."""
    def action_name(self, action: int) -> str: ...
    def action_of(self, name: str) -> int: ...
    def returns(self, metric: str = "wdl", *, adjudicate: bool = False) -> Optional[List[float]]:
        """Each seat's result once over (``None`` while the game goes on): ``wdl`` two
        players +1, -1 or 0, three or four the leaders share 1; ``margin`` the two-row
        games' seed margin, kpo's own seeds less the mean, the other games as ``wdl``.
        ``adjudicate``: of the game stopped here, by the seeds won so far."""
    def scores(self) -> List[int]:
        """Each seat's seeds taken so far, or once over its final score."""
    def draw(self) -> str:
        """The board drawn as ``mancala show`` draws it."""
    def info(self) -> Dict[str, Any]:
        """The ``mancala show --json`` object."""
    def perft(self, depth: int, divide: bool = False) -> Perft:
        """Move paths of ``depth`` plies, counted without the GIL."""
    def perft_raw(self, depth: int, divide: bool = False) -> Dict[str, Any]: ...
    def solve(
        self,
        *,
        time: Optional[float] = None,
        memory: Union[str, int, None] = None,
        threads: Optional[int] = None,
        tt_mb: Optional[int] = None,
        depth: Optional[int] = None,
        tablebases: Optional[_Path] = None,
        method: Optional[str] = None,
        proof: Optional[_Path] = None,
        progress: Optional[Callable[[str], Any]] = None,
    ) -> Union[Solution, SeatSolution]:
        """The exact value (``mancala solve``), without the GIL; Ctrl-C stops it."""
    def analyze(
        self,
        *,
        time: Optional[float] = None,
        memory: Union[str, int, None] = None,
        threads: Optional[int] = None,
        tt_mb: Optional[int] = None,
        tablebases: Optional[_Path] = None,
        progress: Optional[Callable[[str], Any]] = None,
    ) -> Analysis:
        """The exact value of every move (``mancala analyze``)."""
    def solve_raw(self, every_move: bool = False, **limits: Any) -> Dict[str, Any]: ...
    def engine_raw(
        self,
        spec: str,
        *,
        seed: int = 0,
        tablebases: Optional[_Path] = None,
        time: Optional[float] = None,
    ) -> Dict[str, Any]: ...
    def playouts(self, games: int, *, max_plies: int = 10000, seed: int = 0) -> int:
        """Plies of ``games`` random playouts from here, in Rust without the GIL."""

class Episode:
    """A game being played by a learning loop: the state, the actions played, the
    positions met; it ends by the rules, after ``max_plies`` plies, or with
    ``repetition`` at a repeated position."""

    def __init__(
        self,
        state: State,
        max_plies: int,
        repetition: bool = True,
        history: Optional[List[int]] = None,
        seen: Optional[List[State]] = None,
        player: Optional[int] = None,
    ) -> None: ...
    @property
    def state(self) -> State: ...
    @property
    def player(self) -> int:
        """The seat to move, or -4 once the game has ended."""
    @property
    def plies(self) -> int: ...
    def history(self) -> List[int]: ...
    def step(self, action: int) -> int:
        """Plays ``action``; the seat to move then (-4 once ended)."""
    def legal_actions(self, player: Optional[int] = None) -> List[int]: ...
    def observe_list(self, player: Optional[int] = None, *, relative: bool = False) -> List[float]: ...

def variants_raw() -> Dict[str, Any]: ...
def check_engine(spec: str) -> None: ...
def tablebase_build(
    game: Game,
    folder: _Path,
    *,
    max_stones: Optional[int] = None,
    threads: Optional[int] = None,
    progress: Optional[Callable[[str], Any]] = None,
) -> Dict[str, Any]: ...
def tablebase_probe(state: State, folder: _Path) -> Dict[str, Any]: ...
def tablebase_info(folder: _Path, verify: bool = False) -> Dict[str, Any]: ...
