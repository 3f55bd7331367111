"""Epic Death! speed: the full odds table against icepool and sympy.stats, one odds query, the
numbers beside a choice (closed forms against the exact walk they are checked by), and complete
bot games per second.

The three odds tables are compared value by value before any time is reported: a fast wrong table
would not count. Our table is timed from a cold cache every repeat; icepool and sympy.stats get the
best of their repeats (sympy's own cache is cleared before each, so it recomputes like we do).
``--quick`` runs every row's code with one repeat each and a handful of calls, decisions and games.
"""

from __future__ import annotations

import statistics
import sys
import time
from fractions import Fraction

from timing import GAME_RUNS, ObservingRandomBot, best_of, cli, cpu_best_of, time_study

from toolkit.epic_death import odds
from toolkit.epic_death.cards import BOX
from toolkit.epic_death.rules import EpicDeathState
from toolkit.simulate import bot_seed, chance_rng, play

TABLE_TARGET_ICEPOOL = 10
TABLE_TARGET_SYMPY = 500
QUERY_TARGET_S = 1e-3
GAMES_TARGET_PER_S = 300


def seconds(value: float) -> str:
    return f"{value * 1e3:.2f} ms" if value >= 1e-3 else f"{value * 1e6:.0f} us"


def cold():
    odds._tails.cache_clear()
    odds.victories.cache_clear()
    odds.quest_odds.cache_clear()


def ours_table():
    cold()
    return odds.odds_table()


def icepool_table():
    import icepool

    rows = []
    for difficulty, faces in odds.FACES_WINNING.items():
        die = icepool.d6.map(lambda face, lowest=7 - faces: int(face >= lowest))
        for dice in range(1, BOX + 1):
            pool = dice @ die
            for needed in range(1, dice + 1):
                rows.append(
                    (
                        difficulty,
                        dice,
                        needed,
                        pool.probability(">=", needed),
                        pool.probability("==", needed),
                    )
                )
    return rows


def sympy_table():
    import sympy
    from sympy.core.cache import clear_cache
    from sympy.stats import Binomial, P

    clear_cache()
    rows = []
    for difficulty, faces in odds.FACES_WINNING.items():
        for dice in range(1, BOX + 1):
            victories = Binomial("X", dice, sympy.Rational(faces, 6))
            for needed in range(1, dice + 1):
                success = P(victories >= needed)
                exact = P(sympy.Eq(victories, needed))
                rows.append(
                    (
                        difficulty,
                        dice,
                        needed,
                        Fraction(int(success.p), int(success.q)),
                        Fraction(int(exact.p), int(exact.q)),
                    )
                )
    return rows


def table_rows(quick: bool = False) -> list[dict]:
    ours_s, ours = best_of(ours_table, 1 if quick else 7)
    icepool_s, by_icepool = best_of(icepool_table, 1 if quick else 3)
    sympy_s, by_sympy = best_of(sympy_table, 1 if quick else 2)
    if not ours == by_icepool == by_sympy:
        raise AssertionError("the odds tables differ: toolkit, icepool and sympy.stats disagree")
    entries = f"{len(ours)} (difficulty, dice, K) entries, identical exact values in all three"
    return [
        row(
            "full odds table",
            ours_s,
            "icepool 2.1",
            icepool_s,
            f"{entries}; cold cache; target >= {TABLE_TARGET_ICEPOOL}x",
            TABLE_TARGET_ICEPOOL,
        ),
        row(
            "full odds table",
            ours_s,
            "sympy.stats",
            sympy_s,
            f"the whole table, sympy cache cleared; target >= {TABLE_TARGET_SYMPY}x",
            TABLE_TARGET_SYMPY,
        ),
    ]


def median_call(function, calls: int) -> float:
    times = []
    for _ in range(calls):
        cold()
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def query_rows(quick: bool = False) -> list[dict]:
    import icepool

    def icepool_query():
        pool = 10 @ icepool.d6.map(lambda face: int(face >= 5))
        return pool.probability(">=", 3), pool.probability("==", 3)

    calls, few = (20, 20) if quick else (2000, 200)
    ours_s = median_call(lambda: odds.plain_odds(10, "mighty", 3), calls)
    if odds.plain_odds(10, "mighty", 3) != icepool_query():
        raise AssertionError("the single query differs from icepool's")
    icepool_s = median_call(icepool_query, few)
    met = "met" if ours_s < QUERY_TARGET_S else "MISSED"
    rows = [
        row(
            "one odds query (10 dice, mighty, K=3)",
            ours_s,
            "icepool 2.1",
            icepool_s,
            f"median of {calls} calls, cold cache each; target < 1 ms: {met}",
        )
    ]
    modifiers = odds.PoolModifiers(dice=-2, plus_d6=1, minus_d6=1, frenzy=True)
    mixed_s = median_call(lambda: odds.quest_odds(5, "mighty", modifiers), few)
    warm_s = best_of(lambda: odds.quest_odds(5, "mighty", modifiers), few)[0]
    rows.append(
        row(
            "one quest query (-2, +D6, -D6, Frenzy)",
            mixed_s,
            None,
            None,
            f"median of {few} calls, cold cache each ({seconds(warm_s)} warm); "
            f"{'under' if mixed_s < QUERY_TARGET_S else 'over'} 1 ms",
        )
    )
    return rows


def p95(times: list[float]) -> float:
    return statistics.quantiles(times, n=20)[-1]


def decision_rows(positions: int = 300) -> list[dict]:
    """decision_odds (closed forms) and the exact walk through the engine at the same decisions
    of seeded four-player games, every number equal before any time counts."""
    from itertools import islice

    from toolkit.epic_death.decisions import decision_odds, walked
    from toolkit.simulate import decision_points

    shown_s, walk_s = [], []
    for state in islice(decision_points("epic-death", 4, range(3)), positions):
        start = time.perf_counter()
        shown = decision_odds(state)
        middle = time.perf_counter()
        walk = walked(state)
        walk_s.append(time.perf_counter() - middle)
        shown_s.append(middle - start)
        for choice in shown.actions:
            if any(walk[choice.action][name] != value for name, value in choice.odds.items()):
                raise AssertionError(f"decision_odds differs from the walk at {choice.label}")
    met = "met" if p95(shown_s) < 0.1 else "MISSED"
    return [
        row(
            f"numbers beside a choice, {positions} decisions (95th percentile)",
            p95(shown_s),
            "the exact walk",
            p95(walk_s),
            f"every number equal to the walk's; target < 100 ms: {met}",
        )
    ]


def games_rows(quick: bool = False) -> list[dict]:
    rows = []
    for bots, games in (
        (("random", 5), ("greedy", 2)) if quick else (("random", 200), ("greedy", 40))
    ):
        seconds, per_second, note = time_study(
            "epic-death", 4, bots, games, runs=2 if quick else GAME_RUNS
        )
        if bots == "random":
            met = "met" if per_second >= GAMES_TARGET_PER_S else "MISSED"
            note += f"; target {GAMES_TARGET_PER_S}/s: {met}"
        rows.append(
            row(
                f"{games} four-player games, {bots} bots",
                seconds,
                "target 300 games/s" if bots == "random" else None,
                games / GAMES_TARGET_PER_S if bots == "random" else None,
                note,
            )
        )
    rows.insert(1, observed_games_row(5) if quick else observed_games_row())
    return rows


def observed_games_row(games: int = 200) -> dict:
    """The engine with every observation built: what a study of bots that look costs per move."""

    def study():
        for seed in range(games):
            bots = [ObservingRandomBot(bot_seed(seed, seat)) for seat in range(4)]
            play(EpicDeathState(seed=seed, players=4), bots, chance_rng(seed))

    seconds, _, _ = cpu_best_of(study, 3)
    return row(
        f"{games} four-player games, random bots handed observations",
        seconds,
        None,
        None,
        f"{games / seconds:.0f} games/s of CPU time; the random bot reads none, so the row above "
        "skips building them",
    )


def row(benchmark, ours_s, baseline, baseline_s, note, target=None) -> dict:
    ratio = baseline_s / ours_s if baseline_s is not None else None
    if target is not None:
        note += f" ({'met' if ratio >= target else 'MISSED'})"
    return {
        "benchmark": f"epic-death: {benchmark}",
        "ours_s": ours_s,
        "baseline": baseline,
        "baseline_s": baseline_s,
        "ratio": ratio,
        "note": note,
    }


def run(quick: bool = False) -> list[dict]:
    return (
        table_rows(quick)
        + query_rows(quick)
        + decision_rows(20 if quick else 300)
        + games_rows(quick)
    )


if __name__ == "__main__":
    sys.exit(cli(run))
