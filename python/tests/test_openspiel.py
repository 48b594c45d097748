"""`mancala.openspiel`: every variant passes OpenSpiel's own checks, plays move for move
like OpenSpiel's `oware` and `mancala` (Kalah), and the perfect bot plays the solved moves."""

import pickle
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

import mancala  # noqa: E402
import mancala.openspiel as mo  # noqa: E402

NAMES = mo.register()


def test_every_playable_variant_is_registered():
    playable = [v.id for v in mancala.variants() if v.playable]
    assert NAMES == [mo.game_name(v) for v in playable]
    assert "mancala_nine_mens_morris" in pyspiel.registered_names()


# The slow four-row games (long random games, many capture choices) at a smaller width.
SIMS = [n for n in NAMES if n not in ("mancala_mwambulula", "mancala_nchuba", "mancala_toka")]
SIMS += [
    "mancala_mwambulula(width=4)",
    "mancala_nchuba(width=4)",
    "mancala_toka(width=6)",
    "mancala_kpo(players=3,width=3)",
    "mancala_kpo(players=4,width=4)",
    "mancala_warri(width=4,seeds=3,chain=uniform)",
]


@pytest.mark.parametrize("name", SIMS)
def test_openspiels_random_simulation_test(name):
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("name", ["mancala_warri", "mancala_kpo(players=3,width=3)",
                                  "mancala_nine_mens_morris", "mancala_isolo_ii"])
def test_games_and_states_serialize_and_pickle(name):
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    rng = random.Random(1)
    for _ in range(12):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(game, state)
    g2, s2 = pyspiel.deserialize_game_and_state(text)
    assert str(g2) == str(game)
    assert str(s2) == str(state)
    assert s2.history() == state.history()
    assert str(pickle.loads(pickle.dumps(state))) == str(state)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    clone = state.clone()
    assert str(clone) == str(state) and clone.history() == state.history()


def test_observation_tensor_is_the_documented_one():
    game = pyspiel.load_game("mancala_kalah(width=3,seeds=2)")
    state = game.new_initial_state()
    state.apply_action(1)  # pit 2: the last seed in the store, South again
    obs = state.observation_tensor(1)
    # South's pits from his left, North's from his, stores, to move, observer.
    assert obs == [2, 0, 3, 2, 2, 2, 1, 0, 1, 0, 0, 1]
    assert len(obs) == game.observation_tensor_size()


def _their_rows(kind, st):
    lines = str(st).splitlines()
    if kind == "oware":
        nums = [x for x in lines if x.split() and all(t.isdigit() for t in x.split())]
        top, bottom = ([int(t) for t in r.split()] for r in nums[:2])
        sc = [int(x.split("=")[1].split()[0]) for x in lines if "score" in x]
        return top, bottom, [sc[1], sc[0]]  # Player 1's line comes first
    top = [int(t) for t in lines[0].strip("-").split("-")]
    mid = lines[1].split("-")
    bottom = [int(t) for t in lines[2].strip("-").split("-")]
    return top, bottom, [int(mid[-1]), int(mid[0])]


def _our_rows(s):
    parts = s.text().split()
    top, bottom = ([int(t) for t in r.split(",")] for r in parts[0].split("/"))
    f = dict(x.split("=") for x in parts[2:])
    return top, bottom, [int(t) for t in (f.get("captured") or f.get("stores")).split(",")]


@pytest.mark.parametrize("kind,theirs,ours,rules", [
    # OpenSpiel's oware lets a grand slam be played and capture nothing.
    ("oware", "oware", "oware", {"grandslam": "forfeit"}),
    # OpenSpiel's Kalah captures from an own empty pit only when the opposite one holds seeds.
    ("kalah", "mancala", "kalah", {"capture": "nonempty"}),
])
def test_plays_openspiels_own_game_move_for_move(kind, theirs, ours, rules):
    their_game = pyspiel.load_game(theirs)
    ended_apart = 0
    for seed in range(150):
        rng = random.Random(seed)
        th = their_game.new_initial_state()
        s = mancala.Game(ours, rules=rules).start()
        plies = 0
        while not th.is_terminal():
            p = th.current_player()
            assert s.to_move == p and not s.is_over, (seed, plies)
            # OpenSpiel's Kalah numbers South's pits 1..6 and North's 8..13.
            shift = 0 if kind == "oware" else (1 if p == 0 else 8)
            assert sorted(a + shift for a in s.legal_actions()) == th.legal_actions()
            assert _our_rows(s) == _their_rows(kind, th), (seed, plies)
            a = rng.choice(th.legal_actions())
            th.apply_action(a)
            s = s.apply_action(a - shift)
            plies += 1
        if s.is_over:
            # The final scores: OpenSpiel's Kalah leaves the last seeds on their owner's row.
            top, bottom, sc = _their_rows(kind, th)
            assert s.scores() == [sc[0] + sum(bottom), sc[1] + sum(top)], seed
            assert s.returns() == th.returns(), seed
        else:
            # OpenSpiel ends oware once a player holds a majority or a row is empty, each
            # player taking his own row's seeds; the toolkit plays on by the Awari rules.
            assert kind == "oware", seed
            top, bottom, sc = _our_rows(s)
            assert [sc[0] + sum(bottom), sc[1] + sum(top)] == _their_rows(kind, th)[2]
            ended_apart += 1
    assert ended_apart < 150


def test_perfect_bot_plays_a_solved_best_move():
    game = pyspiel.load_game("mancala_kalah(width=3,seeds=2)")
    state = game.new_initial_state()
    bot = mo.PerfectBot(game, 0)
    a = bot.step(state)
    best = mancala.Game("kalah", width=3, seeds=2).start().analyze(threads=1).best_moves
    assert state.action_to_string(0, a) in best


def test_perfect_bot_with_a_time_limit_answers_in_time():
    import time

    game = pyspiel.load_game("mancala_oware")
    state = game.new_initial_state()
    for a in [2, 3, 1, 0, 4, 5]:
        state.apply_action(a)
    bot = mo.PerfectBot(game, state.current_player(), time=0.3)
    t = time.monotonic()
    a = bot.step(state)
    assert time.monotonic() - t < 2.0
    assert a in state.legal_actions()


def test_mcts_and_evaluate_bots_run_unchanged():
    from open_spiel.python.algorithms import evaluate_bots, mcts

    game = pyspiel.load_game("mancala_warri(width=3,seeds=2)")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=2, random_state=None)
    rng = __import__("numpy").random.RandomState(7)
    bots = [
        mcts.MCTSBot(game, 1.4, 50, evaluator, random_state=rng),
        mo.PerfectBot(game, 1),
    ]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert len(returns) == 2 and returns[0] == -returns[1]
    # Perfect play never loses a game whose value for it is not a loss.
    start = mancala.Game("warri", width=3, seeds=2).start().solve(threads=1)
    assert returns[1] >= (-1 if start.value > 0 else 0)


def test_a_game_cut_at_max_plies_returns_the_seeds_won():
    game = pyspiel.load_game("mancala_oware(max_plies=60)")
    margin = pyspiel.load_game("mancala_oware(max_plies=60,returns=margin)")
    for seed in range(5):
        rng = random.Random(seed)
        s, m = game.new_initial_state(), margin.new_initial_state()
        while not s.is_terminal():
            a = rng.choice(s.legal_actions())
            s.apply_action(a)
            m.apply_action(a)
        won = s.state.scores()
        sign = (won[0] > won[1]) - (won[0] < won[1])
        if not s.state.is_over:
            assert s.returns() == [sign, -sign], str(s)
            assert m.returns() == [won[0] - won[1], won[1] - won[0]], str(s)


def test_a_repeated_position_ends_the_game():
    # A small oware goes round and round under random play: a repetition stops it, as in
    # `mancala match`, scored by the seeds won.
    game = pyspiel.load_game("mancala_oware(width=3,seeds=2)")
    repeated = 0
    for seed in range(20):
        rng = random.Random(seed)
        s = game.new_initial_state()
        texts = [str(s)]
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
            texts.append(str(s))
        if not s.state.is_over:
            assert texts[-1] in texts[:-1]
            assert s.returns() == s.state.returns(adjudicate=True)
            repeated += 1
        c = s.clone()
        assert c.history() == s.history() and c._ep is not s._ep
    assert repeated > 0


def test_utilities_follow_the_players_and_the_metric():
    u = pyspiel.GameType.Utility
    kpo2 = pyspiel.load_game("mancala_kpo")
    assert kpo2.get_type().utility == u.ZERO_SUM
    kpo3 = pyspiel.load_game("mancala_kpo(players=3,width=3)")
    assert kpo3.get_type().utility == u.CONSTANT_SUM
    assert (kpo3.min_utility(), kpo3.max_utility(), kpo3.utility_sum()) == (0, 1, 1)
    oware = pyspiel.load_game("mancala_oware(returns=margin)")
    assert (oware.min_utility(), oware.max_utility()) == (-48, 48)


def test_the_relative_observer_counts_seats_from_the_player():
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game("mancala_kalah(width=3,seeds=2)")
    state = game.new_initial_state()
    state.apply_action(1)
    obs = make_observation(game, params={"relative": True})
    obs.set_from(state, 1)
    assert obs.tensor.tolist() == [2, 2, 2, 2, 0, 3, 0, 1, 0, 1, 1, 0]


def test_nine_mens_morris_is_a_drop_in_for_openspiels():
    """The same action ids for the same moves, the same player, end and returns."""
    ours = pyspiel.load_game("mancala_nine_mens_morris")
    theirs = pyspiel.load_game("nine_mens_morris")
    assert ours.num_distinct_actions() == theirs.num_distinct_actions() == 600
    plies = 0
    for seed in range(12):
        rng = random.Random(seed)
        a, b = ours.new_initial_state(), theirs.new_initial_state()
        while not b.is_terminal():
            assert not a.is_terminal()
            assert a.legal_actions() == b.legal_actions(), (seed, str(a))
            assert a.current_player() == b.current_player()
            x = rng.choice(b.legal_actions())
            a.apply_action(x)
            b.apply_action(x)
            plies += 1
        assert a.is_terminal() and a.returns() == b.returns()
        assert a.history() == b.history()
    assert plies > 1000
