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
