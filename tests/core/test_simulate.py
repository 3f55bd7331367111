"""toolkit.simulate: exact sampling, reproducible studies on any executor, Wilson intervals."""

from __future__ import annotations

import os
import random
import sys
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from pathlib import Path

import pandas as pd
import pytest

from toolkit.bots import RandomBot, below
from toolkit.dist import Dist, binomial
from toolkit.epic_death.rules import EpicDeathState, dice_outcomes
from toolkit.simulate import play, run_many, sample_outcome, wilson_interval, win_rates
from toolkit.state import ChanceOutcomes, UniformOutcomes

ROOT = Path(__file__).resolve().parents[2]
# the 0.9999 quantile of chi-square for up to 12 degrees of freedom is below 40: a correct sampler
# fails this at most once in ten thousand seeds, and the seeds here are fixed
CHI_SQUARE_LIMIT = 40


def chi_square(counts: Counter, dist: Dist, draws: int) -> tuple[float, int]:
    """Pearson's statistic, cells with fewer than 5 expected draws merged into one."""
    statistic, small_expected, small_observed, cells = 0.0, 0.0, 0, 0
    for outcome, p in dist.pmf().items():
        expected = float(p) * draws
        if expected < 5:
            small_expected += expected
            small_observed += counts[outcome]
            continue
        statistic += (counts[outcome] - expected) ** 2 / expected
        cells += 1
    if small_expected:
        statistic += (small_observed - small_expected) ** 2 / small_expected
        cells += 1
    assert sum(counts.values()) == draws and set(counts) <= set(dist)
    return statistic, cells - 1


def test_sample_outcome_frequencies_match_exact_probabilities():
    outcomes = [
        ("a", Fraction(1, 2)),
        ("b", Fraction(1, 3)),
        ("c", Fraction(1, 7)),
        ("d", Fraction(1, 42)),
    ]
    rng = random.Random(11)
    draws = 42_000
    counts = Counter(sample_outcome(outcomes, rng) for _ in range(draws))
    statistic, df = chi_square(counts, Dist.from_probs(dict(outcomes)), draws)
    assert df == 3 and statistic < CHI_SQUARE_LIMIT


def test_sampled_epic_death_rolls_match_the_binomial():
    """The engine's roll node (plain Victories, sixes) sampled, then counted as Victories."""
    outcomes = dice_outcomes("roll", 10, "mighty")
    assert isinstance(outcomes, ChanceOutcomes)
    rng = random.Random(5)
    draws = 30_000
    counts = Counter(sum(sample_outcome(outcomes, rng)[1:]) for _ in range(draws))
    statistic, df = chi_square(counts, binomial(10, Fraction(1, 3)), draws)
    assert df >= 6 and statistic < CHI_SQUARE_LIMIT


def test_sample_outcome_is_seeded_and_never_draws_impossible_outcomes():
    outcomes = ChanceOutcomes([("x", Fraction(0)), ("y", Fraction(2, 3)), ("z", Fraction(1, 3))])
    first = [sample_outcome(outcomes, random.Random(9)) for _ in range(3)]
    assert first == [sample_outcome(outcomes, random.Random(9)) for _ in range(3)]
    assert "x" not in {sample_outcome(outcomes, random.Random(s)) for s in range(300)}
    with pytest.raises(ValueError, match="do not sum to 1"):
        sample_outcome([("a", Fraction(1, 2)), ("b", Fraction(1, 3))], random.Random(0))


def study(**kwargs) -> pd.DataFrame:
    return run_many("epic-death", 2, 4, seed=3, progress=False, **kwargs)


def test_run_many_is_deterministic_for_a_seed():
    table = study()
    pd.testing.assert_frame_equal(table, study())
    assert list(table["seed"]) == [3, 4, 5, 6]
    assert {"moves", "return_0", "return_1", "turns", "score_0", "score_1"} <= set(table.columns)
    assert (table["return_0"] + table["return_1"] >= 1).all()  # someone wins every game
    other = run_many("epic-death", 2, 4, seed=4, progress=False)
    assert list(other["seed"]) == [4, 5, 6, 7]
    pd.testing.assert_frame_equal(
        other.iloc[:3].reset_index(drop=True), table.iloc[1:].reset_index(drop=True)
    )
    assert len(win_rates(table, 2)) == 2


def test_run_many_on_a_thread_pool_equals_serial():
    with ThreadPoolExecutor(max_workers=2) as pool:
        threaded = study(executor=pool, chunk=1)
    pd.testing.assert_frame_equal(threaded, study())


def test_run_many_with_mixed_bots_and_a_wrong_bot_count():
    table = run_many("epic-death", 2, 2, seed=0, bots=["random", "greedy"], progress=False)
    assert len(table) == 2
    with pytest.raises(ValueError, match="3 bots named for 2 players"):
        run_many("epic-death", 2, 1, bots=["random"] * 3, progress=False)


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_run_many_on_a_local_dask_cluster_equals_serial(monkeypatch):
    distributed = pytest.importorskip("dask.distributed")
    # worker processes must import this checkout's toolkit
    monkeypatch.setenv(
        "PYTHONPATH", os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    )
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        spread = study(executor=client.get_executor(), chunk=1)
    pd.testing.assert_frame_equal(spread, study())


def test_wilson_interval():
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(0, 20)
    assert low == 0.0 and 0 < high < 0.2
    low, high = wilson_interval(20, 20)
    assert high == 1.0 and 0.8 < low < 1
    for successes, trials in [(1, 10), (37, 90), (999, 1000)]:
        low, high = wilson_interval(successes, trials)
        assert 0 <= low < successes / trials < high <= 1
    narrow = wilson_interval(300, 1000)
    wide = wilson_interval(30, 100)
    assert narrow[1] - narrow[0] < wide[1] - wide[0]


class SpyBot(RandomBot):
    """Records what it is handed."""

    def __init__(self, reads: bool):
        super().__init__(seed=0)
        self.reads_observation = reads
        self.handed: list = []

    def choose(self, observation, legal_actions):
        self.handed.append(observation)
        return super().choose(observation, legal_actions)


def test_play_hands_observations_only_to_bots_that_read_them():
    state = EpicDeathState(seed=4, players=2)
    reader, ignorer = SpyBot(reads=True), SpyBot(reads=False)
    play(state, [reader, ignorer], random.Random(1))
    assert reader.handed and all(isinstance(seen, dict) for seen in reader.handed)
    assert all(seen["seat"] == 0 for seen in reader.handed)
    assert ignorer.handed and all(seen is None for seen in ignorer.handed)


def test_below_draws_exactly_what_randrange_and_choice_draw():
    """Bots and chance draws use `below` for speed; seeded games must not notice."""
    ours, theirs = random.Random(7), random.Random(7)
    for n in [1, 2, 3, 5, 6, 7, 8, 31, 32, 33, 1000, 2**40 + 1] * 20:
        assert below(ours, n) == theirs.randrange(n)
    options = ["a", "b", "c", "d", "e"]
    bot, reference = RandomBot(seed=3), random.Random(3)
    assert [bot.choose(None, options) for _ in range(200)] == [
        reference.choice(options) for _ in range(200)
    ]


def test_below_refuses_an_empty_choice():
    with pytest.raises(ValueError, match="nothing to choose from"):
        below(random.Random(0), 0)
    with pytest.raises(ValueError):
        RandomBot(seed=0).choose(None, [])


def test_uniform_outcomes_read_and_sample_as_their_pairs_do():
    """UniformOutcomes makes its pairs only when read; it must read, compare and sample exactly
    as the same pairs in a ChanceOutcomes (seeded games depend on the sampling)."""
    cards = ["champion:2", "fighter:5", "mender:0", "magician:8", "fighter:7"]
    lazy = UniformOutcomes(cards)
    pairs = ChanceOutcomes((card, Fraction(1, 5)) for card in cards)
    assert lazy == pairs and pairs == lazy and list(lazy) == list(pairs)
    assert lazy[1] == ("fighter:5", Fraction(1, 5)) and lazy[1:3] == list(pairs[1:3])
    assert len(lazy) == 5 and lazy.actions == frozenset(cards)
    ours, theirs = random.Random(11), random.Random(11)
    assert [sample_outcome(lazy, ours) for _ in range(300)] == [
        sample_outcome(pairs, theirs) for _ in range(300)
    ]
    with pytest.raises(ValueError, match="at least one outcome"):
        UniformOutcomes([])


@pytest.mark.parametrize(
    "slug, players",
    [
        ("epic-death", 4),
        ("to-the-death", 1),
        ("to-the-death", 2),
        ("how-i-died", 3),
        ("death-may-die", 2),
        ("tpk", 3),
    ],
)
def test_play_applies_listed_moves_as_apply_would(slug, players):
    """`play` applies chance outcomes and the random bot's moves without apply's legality check
    (they come from the state's own lists): the games must be those of checked moves, and every
    move must have been legal."""
    from toolkit.games import get_game

    spec = get_game(slug)
    for seed in range(3):
        fast = play(spec.new_state(players, seed), make_bots(spec, players, seed), chance(seed))
        checked, bots, rng = (
            spec.new_state(players, seed),
            make_bots(spec, players, seed),
            chance(seed),
        )
        while not checked.is_terminal():
            if checked.is_chance_node():
                checked.apply(sample_outcome(checked.chance_outcomes(), rng))
            else:
                seat = checked.current_player()
                checked.apply(bots[seat].choose(None, checked.legal_actions()))
        assert fast.history == checked.history and fast.returns() == checked.returns()


def make_bots(spec, players, seed):
    return [spec.bots["random"](seat, seed * 101 + seat) for seat in range(players)]


def chance(seed):
    return random.Random(f"chance-{seed}")


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_simulate_on_local_workers_prints_what_the_serial_study_prints(monkeypatch, capsys):
    """``simulate --workers 2`` starts a dask LocalCluster of two processes; the summary is the
    serial one, seed for seed."""
    pytest.importorskip("dask.distributed")
    from toolkit.cli import main

    monkeypatch.setenv(
        "PYTHONPATH", os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    )
    command = ["simulate", "how-i-died", "--players", "3", "--games", "30", "--json"]
    assert main(command) == 0
    serial = capsys.readouterr().out
    assert main([*command, "--workers", "2"]) == 0
    assert capsys.readouterr().out == serial
    assert main([*command, "--workers", "2", "--scheduler", "tcp://127.0.0.1:1"]) == 2


def test_run_many_keeps_few_chunks_in_flight(monkeypatch):
    """A long study on an executor is sent a window of chunks at a time, not all of them: the
    futures (and their rows) waiting to be collected do not grow with the number of games."""
    import toolkit.simulate as simulate

    monkeypatch.setattr(simulate, "IN_FLIGHT", 3)
    sent = collected = most = 0
    results = simulate._chunk_results

    class Counting(ThreadPoolExecutor):
        def submit(self, *args):
            nonlocal sent, most
            sent += 1
            most = max(most, sent - collected)
            return super().submit(*args)

    def counted(*args):
        nonlocal collected
        for rows in results(*args):
            collected += 1
            yield rows

    monkeypatch.setattr(simulate, "_chunk_results", counted)
    with Counting(max_workers=2) as pool:
        table = run_many("tpk", 3, 40, executor=pool, progress=False, chunk=2)
    assert (sent, collected, most) == (20, 20, 3)
    assert table.equals(run_many("tpk", 3, 40, progress=False, chunk=2))


@pytest.mark.timeout(120)
def test_a_scheduler_that_cannot_be_reached_is_one_line(monkeypatch, capsys):
    """It used to end, after the connect timeout, in dask's traceback."""
    pytest.importorskip("dask.distributed")
    from toolkit.cli import main

    monkeypatch.setattr("toolkit.simulate.CONNECT", "1s")
    status = main(["simulate", "epic-death", "--games", "2", "--scheduler", "tcp://127.0.0.1:1"])
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1, err
    assert err.startswith("death-toolkit simulate epic-death: error: cannot reach the dask")
    assert "tcp://127.0.0.1:1" in err


@pytest.mark.parametrize("option", [["--workers", "2"], ["--scheduler", "tcp://127.0.0.1:1"]])
def test_workers_without_dask_installed_say_what_to_install(monkeypatch, capsys, option):
    """dask is not among the package's dependencies (the README's `--workers 2` needs it): its
    absence used to end in ModuleNotFoundError's traceback."""
    from toolkit.cli import main

    monkeypatch.setitem(sys.modules, "dask.distributed", None)  # an import of it fails
    monkeypatch.setitem(sys.modules, "distributed", None)
    assert main(["simulate", "epic-death", "--games", "2", *option]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pip install" in err and "dask[distributed]" in err, err
