"""Timing helpers shared by the benchmark modules (``python benchmarks/run.py`` puts this folder on
the import path)."""

from __future__ import annotations

import argparse
import statistics
import time

from toolkit.bots import RandomBot
from toolkit.simulate import run_many


def best_of(function, repeats: int) -> tuple[float, object]:
    """The fastest of `repeats` timed calls, and the last result: the least disturbed measurement
    on a machine that is doing other things too."""
    best, result = float("inf"), None
    for _ in range(repeats):
        start = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - start)
    return best, result


# Runs of a whole-game benchmark. This machine's speed drifts by half within seconds: one process
# played the same 100 To the Death! games eight times in a row at 6.7 to 11.3 ms a game of CPU
# time. The best of seven runs is the engine's speed (as timeit advises, the others measure the
# machine); the median is printed beside it so the drift stays visible.
GAME_RUNS = 7


def cpu_times(function, repeats: int) -> tuple[list[float], float, object]:
    """The CPU times (``time.process_time``: this process on one core, whatever else the machine
    runs) of `repeats` calls, fastest first, the best wall time, and the last result. Games per
    second "on one core" are CPU time."""
    cpu, wall, result = [], float("inf"), None
    for _ in range(repeats):
        start_cpu, start_wall = time.process_time(), time.perf_counter()
        result = function()
        cpu.append(time.process_time() - start_cpu)
        wall = min(wall, time.perf_counter() - start_wall)
    return sorted(cpu), wall, result


def cpu_best_of(function, repeats: int) -> tuple[float, float, object]:
    """Best CPU time and best wall time of `repeats` calls, and the last result."""
    cpu, wall, result = cpu_times(function, repeats)
    return cpu[0], wall, result


def median_rate(games: int, cpu: list[float]) -> str:
    """The games a second of the median run, for the note beside the best."""
    return f"median run {games / statistics.median(cpu):.0f}/s"


class ObservingRandomBot(RandomBot):
    """A random bot that is handed an observation, as a bot that reads one would be: timing it
    beside the plain random bot shows what building observations costs a game."""

    reads_observation = True


def time_study(
    slug: str, players: int, bots: str, games: int, warm: int = 2, runs: int = GAME_RUNS
) -> tuple[float, float, str]:
    """Best CPU time of `runs` :func:`run_many` studies of `games` games (seeds 0, 1, ...), after
    `warm` games that load the cards and fill the caches; with games/s and a note that gives the
    median run, the wall-clock rate and the moves a game too."""
    run_many(slug, players, warm, seed=10_000, bots=bots, progress=False)
    cpu, wall, table = cpu_times(
        lambda: run_many(slug, players, games, seed=0, bots=bots, progress=False), runs
    )
    assert len(table) == games
    per_second = games / cpu[0]
    note = (
        f"{per_second:.0f} games/s of CPU time, best of {runs} ({median_rate(games, cpu)}; "
        f"{games / wall:.0f}/s wall clock), {table['moves'].mean():.0f} moves a game"
    )
    return cpu[0], per_second, note


def cli(run, argv: list[str] | None = None) -> int:
    """A benchmark module's command line: print the rows of ``run``, or with ``--quick`` those of
    ``run(quick=True)`` (the same code at tiny sizes, to see that it runs)."""
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--quick", action="store_true", help="the same code paths at tiny sizes: a few seconds"
    )
    args = parser.parse_args(argv)
    for row in run(quick=args.quick):
        print(row)
    return 0
