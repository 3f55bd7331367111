"""The numbers beside a decision, per game: how long a widget waits for them.

Each game's ``odds.decision_odds`` is timed at the decisions of seeded random games (the
positions the differential tests compare, :func:`toolkit.simulate.decision_points`), and, side by
side where the game keeps one, its exact walk (``odds.walk_odds``), which the shown numbers are
checked against: what the fast forms buy. The target is the issue's: under 100 ms at the 95th
percentile, per game.
"""

from __future__ import annotations

import importlib
import statistics
import time

from toolkit.games import PACKAGES, available, get_game
from toolkit.simulate import decision_points

TARGET_P95_S = 0.1
POSITIONS = 300


def p95(times: list[float]) -> float:
    return statistics.quantiles(times, n=20)[-1]


def timed(function, states) -> list[float]:
    times = []
    for state in states:
        start = time.process_time()
        function(state)
        times.append(time.process_time() - start)
    return times


def game_row(slug: str) -> dict:
    spec = get_game(slug)
    states = []
    for state in decision_points(slug, spec.max_players, range(100)):
        states.append(state)
        if len(states) == POSITIONS:
            break
    ours = timed(spec.decision_odds, states)
    walk = getattr(importlib.import_module(f"{PACKAGES[slug]}.odds"), "walk_odds", None)
    baseline = timed(walk, states) if walk else None
    met = "met" if p95(ours) < TARGET_P95_S else "MISSED"
    return {
        "benchmark": f"{spec.title}: numbers beside a decision (95th percentile)",
        "ours_s": p95(ours),
        "baseline": "the exact walk" if walk else None,
        "baseline_s": p95(baseline) if baseline else None,
        "ratio": p95(baseline) / p95(ours) if baseline else None,
        "note": f"{len(states)} decisions of {spec.max_players}-player random games; "
        f"slowest {max(ours) * 1e3:.0f} ms; target < {TARGET_P95_S * 1e3:.0f} ms: {met}",
    }


def run() -> list[dict]:
    return [game_row(slug) for slug in available()]
