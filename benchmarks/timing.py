"""Timing helpers shared by the benchmark modules (``python benchmarks/run.py`` puts this folder on
the import path)."""

from __future__ import annotations

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


def cpu_best_of(function, repeats: int) -> tuple[float, float, object]:
    """Best CPU time (``time.process_time``: this process on one core, whatever else the machine
    runs) and best wall time of `repeats` calls, and the last result. Games per second "on one
    core" are CPU time."""
    cpu, wall, result = float("inf"), float("inf"), None
    for _ in range(repeats):
        start_cpu, start_wall = time.process_time(), time.perf_counter()
        result = function()
        cpu = min(cpu, time.process_time() - start_cpu)
        wall = min(wall, time.perf_counter() - start_wall)
    return cpu, wall, result


class ObservingRandomBot(RandomBot):
    """A random bot that is handed an observation, as a bot that reads one would be: timing it
    beside the plain random bot shows what building observations costs a game."""

    reads_observation = True


def time_study(
    slug: str, players: int, bots: str, games: int, warm: int = 2
) -> tuple[float, float, str]:
    """Best CPU time of three :func:`run_many` studies of `games` games (seeds 0, 1, ...), after
    `warm` games that load the cards and fill the caches; with games/s and a note that gives
    the wall-clock rate and the moves a game too."""
    run_many(slug, players, warm, seed=10_000, bots=bots, progress=False)
    cpu, wall, table = cpu_best_of(
        lambda: run_many(slug, players, games, seed=0, bots=bots, progress=False), 3
    )
    assert len(table) == games
    per_second = games / cpu
    note = (
        f"{per_second:.0f} games/s of CPU time ({games / wall:.0f}/s wall clock), "
        f"{table['moves'].mean():.0f} moves a game"
    )
    return cpu, per_second, note
