"""The package `mancala`: games, states, moves, play, perft, solve, analyze, engines and
tablebases, checked against slow references written here in Python."""

import functools
import pickle

import pytest

import mancala

TWO_PLAYER = [v.id for v in mancala.variants() if v.playable]


def small(variant):
    """A small game of `variant` (the Isolo games offer 48 arrangements a move)."""
    if variant in ("mulabalaba-morris", "nine-mens-morris"):
        return mancala.Game(variant, counters=3)
    if variant.startswith("isolo"):
        return mancala.Game(variant, candidates=48)
    return mancala.Game(variant)


def perft_by_play(state, depth):
    """Perft by walking `moves()` and `play()`: the reference for `State.perft`."""
    if depth == 0:
        return 1
    if state.is_over:
        return 0
    return sum(perft_by_play(state.play(m), depth - 1) for m in state.moves())


def test_the_catalogue_lists_every_variant_with_its_rules():
    vs = mancala.variants()
    ids = [v.id for v in vs]
    assert {"warri", "kale", "kpo", "oware", "kalah", "nine-mens-morris"} <= set(ids)
    warri = vs[ids.index("warri")]
    assert [r["name"] for r in warri.rules] == ["chain", "starved"]
    kpo = vs[ids.index("kpo")]
    assert kpo.players["counts"] == [2, 3, 4]


@pytest.mark.parametrize("variant", [v for v in TWO_PLAYER if not v.startswith("isolo")])
def test_perft_agrees_with_moves_and_play(variant):
    g = small(variant)
    s = g.start()
    # The four-row games list hundreds of capture choices a move: two plies suffice.
    for depth in range(4 if g.family in ("two-row", "morris") else 3):
        assert s.perft(depth).nodes == perft_by_play(s, depth), (variant, depth)


def test_kpo_for_three_and_four_players_plays_and_counts():
    for players, width in [(3, 3), (4, 4)]:
        g = mancala.Game("kpo", players=players, width=width, seeds=2)
        s = g.start()
        assert g.players == players and s.to_move == 0
        assert s.perft(3).nodes == perft_by_play(s, 3)
        after = s.play(s.moves()[0])
        assert after.to_move == 1
        assert s.text().split()[1] == "P1" and after.text().split()[1] == "P2"


def test_text_round_trips_and_states_compare_by_position():
    g = mancala.Game("oware")
    s = g.start().play_all("3 4 2")
    assert g.state(s.text()) == s
    assert hash(g.state(s.text())) == hash(s)
    # `mancala play oware 3 4 2` prints the same text.
    assert s.text() == "5,5,0,4,4,6/5,0,1,6,6,6 N captured=0,0"
    assert pickle.loads(pickle.dumps(s)).text() == s.text()


def test_actions_name_the_moves():
    for variant in TWO_PLAYER:
        g = small(variant)
        s = g.start()
        acts = s.legal_actions()
        assert all(0 <= a < g.num_actions for a in acts), variant
        names = [s.action_name(a) for a in acts]
        assert acts == sorted(acts) and sorted(names) == sorted(s.moves()), variant
        for a, n in zip(acts, names):
            assert s.action_of(n) == a
            assert s.apply_action(a) == s.play(n)


def test_bad_input_raises_the_command_lines_message():
    with pytest.raises(ValueError, match="^unknown variant 'wari': expected one of warri"):
        mancala.Game("wari")
    with pytest.raises(ValueError, match="invalid move '7': expected a pit number 1..6"):
        mancala.Game("warri").start().play("7")
    with pytest.raises(ValueError, match="unknown rule option"):
        mancala.Game("warri", rules={"chains": "mixed"})
    with pytest.raises(ValueError, match="invalid --time 0"):
        mancala.Game("kalah", width=2, seeds=1).start().solve(time=0)
    with pytest.raises(ValueError, match="invalid --memory '12Q'"):
        mancala.Game("kalah", width=2, seeds=1).start().solve(memory="12Q")
    with pytest.raises(ValueError, match="unknown engine"):
        mancala.engine("minimax")
    with pytest.raises(ValueError, match="not legal"):
        mancala.Game("kalah").start().apply_action(9)
    with pytest.raises(ValueError):
        mancala.Game("kalah").state("4,4,4/4,4 S")


def negamax(state, memo):
    """The exact final margin for the side to move, by plain negamax over `play()`: the
    reference for `solve` on small margin games."""
    key = state.text()
    if key in memo:
        return memo[key]
    if state.is_over:
        s = state.scores()
        mover = state.to_move
        v = s[mover] - s[1 - mover]
    else:
        best = None
        for m in state.moves():
            c = state.play(m)
            x = negamax(c, memo)
            x = x if c.to_move == state.to_move else -x
            best = x if best is None else max(best, x)
        v = best
    memo[key] = v
    return v


@pytest.mark.parametrize("width,seeds", [(3, 1), (3, 2), (4, 1)])
def test_solve_and_analyze_agree_with_negamax(width, seeds):
    # Kalah cannot repeat a position (seeds only move on towards the stores), so plain
    # negamax ends; the games that can repeat are checked against the tables instead.
    g = mancala.Game("kalah", width=width, seeds=seeds)
    s = g.start()
    memo = {}
    want = negamax(s, memo)
    sol = s.solve(threads=1)
    assert sol.exact and sol.metric == "margin"
    assert sol.value == want
    an = s.analyze(threads=1)
    assert an.value == want
    for m, v in an.moves.items():
        c = s.play(m)
        x = negamax(c, memo)
        assert v == (x if c.to_move == s.to_move else -x), m
    assert sol.best_move in an.best_moves


def test_solve_hears_progress_and_reports_wdl_games():
    g = mancala.Game("chisolo", width=3, seeds=1)
    sol = g.start().solve(threads=1)
    assert sol.metric == "wdl" and sol.exact and sol.value in (-1, 0, 1)
    assert sol.pv and sol.pv[0] == sol.best_move


def test_kpo_players_solve_gives_each_players_value():
    g = mancala.Game("kpo", players=3, width=3, seeds=1)
    sol = g.start().solve(threads=1)
    assert isinstance(sol, mancala.SeatSolution)
    assert set(sol.paranoid) == {"P1", "P2", "P3"}
    with pytest.raises(ValueError, match="analyze: not available for kpo with 3 players"):
        g.start().analyze()


def test_engines_choose_legal_moves_and_perfect_plays_the_solved_move():
    s = mancala.Game("kalah", width=3, seeds=2).start()
    for spec in ["random", "greedy", "alphabeta:depth=4", "mcts:iters=50"]:
        assert mancala.engine(spec).move(s, seed=3) in s.moves()
    best = s.analyze(threads=1).best_moves
    assert mancala.engine("perfect").move(s) in best
    # Deterministic: the same seed, the same move.
    e = mancala.engine("mcts:iters=100")
    assert e.move(s, seed=5) == e.move(s, seed=5)


@pytest.mark.parametrize("variant", ["kalah", "oware", "warri", "kale", "kpo"])
def test_tablebases_build_and_probe_agree_with_analyze(tmp_path, variant):
    g = mancala.Game(variant, width=3, seeds=1)
    lines = []
    tb = mancala.Tablebases(tmp_path)
    built = tb.build(g, 6, progress=lines.append)
    assert built["max_stones"] == 6 and len(lines) == 7
    s = g.start()
    p = tb.probe(s)
    an = s.analyze(threads=1)
    assert p.value == an.value
    assert p.moves == an.moves
    assert tb.verify()


def test_playouts_count_plies_like_a_python_loop():
    g = mancala.Game("warri")
    s = g.start()
    plies = s.playouts(20, seed=1)
    assert plies > 20 * 10
    assert g.playouts(s, 20, seed=1) == plies
    steps = g.random_steps([s] * 8, seed=1)
    assert all(x.text() != s.text() for x in steps)


def test_ctrl_c_ends_a_long_solve_at_once():
    import os
    import signal
    import threading
    import time

    s = mancala.Game("warri").start()
    # The solve stops by itself after 4 s; Ctrl-C comes after 0.3 s.
    threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
    t = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        s.solve(time=4, threads=1, memory="64M")
    assert time.monotonic() - t < 2


def test_ctrl_c_stops_the_computation_itself():
    import os
    import signal
    import threading
    import time

    from mancala import _native

    s = mancala.Game("warri").start()
    # No time limit: the solve would run for hours; Ctrl-C after 0.3 s stops it, not only
    # the call.
    threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
    t = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        s.solve(threads=1, memory="64M")
    assert time.monotonic() - t < 6
    end = time.monotonic() + 5
    while _native._running() and time.monotonic() < end:
        time.sleep(0.05)
    assert _native._running() == 0
    # The stop is withdrawn: the next computation runs to its end.
    assert mancala.Game("kalah", width=2, seeds=2).start().solve().exact


def test_long_work_releases_the_gil():
    import threading

    s = mancala.Game("oware").start()
    out = []
    # 18 million paths: a tenth of a second or more, while Python goes on.
    t = threading.Thread(target=lambda: out.append(s.perft(10).nodes))
    t.start()
    ticks = 0
    while t.is_alive():
        ticks += 1  # Python runs here while the count goes on
    t.join()
    assert out == [18137964] and ticks > 1000


def test_seat_engines_play_kpo_for_three_and_four():
    for players, width in [(3, 3), (4, 4)]:
        s = mancala.Game("kpo", players=players, width=width, seeds=2).start()
        for spec in ["random", "greedy", "maxn:depth=3", "paranoid:depth=3", "mcts:iters=50"]:
            chosen = mancala.engine(spec).choose(s, seed=2)
            assert chosen.move in s.moves(), spec
            assert chosen.after == s.play(chosen.move).text()
        with pytest.raises(ValueError, match="unknown engine"):
            mancala.engine("perfect").move(s)
