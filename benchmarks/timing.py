"""Timing helpers shared by the benchmark modules (``python benchmarks/run.py`` puts this folder on
the import path)."""

from __future__ import annotations

import time


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
