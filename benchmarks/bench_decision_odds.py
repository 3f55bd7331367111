"""The numbers beside a decision, per game: how long a widget waits for them, and how many
choices get a number within that budget (a question too large is refused with a note).

Each game's ``odds.decision_odds`` is timed at the decisions of seeded random games at the most
players (:func:`toolkit.simulate.decision_points`). The target is the issue's: under 100 ms at the
95th percentile, per game. Where a game answers with closed forms instead of walking the engine,
its own benchmark times the two side by side (Epic Death!'s in bench_epic_death.py).
``--quick`` times the first few decisions of two games instead.
"""

from __future__ import annotations

import statistics
import sys
import time

from timing import cli

from toolkit.games import available, get_game
from toolkit.simulate import decision_points

TARGET_P95_S = 0.1
POSITIONS = 300


def p95(times: list[float]) -> float:
    return statistics.quantiles(times, n=20)[-1]


def decision_row(
    slug: str,
    players: int,
    bots: str = "random",
    seeds: range = range(100),
    limit: int | None = POSITIONS,
) -> dict:
    """The 95th percentile of `slug`'s decision_odds over the decisions of seeded games of
    `players` `bots` (the first `limit` of them, or all), and how many choices got numbers."""
    spec = get_game(slug)
    times, shown, choices = [], 0, 0
    for state in decision_points(slug, players, seeds, bots):
        start = time.process_time()
        odds = spec.decision_odds(state)
        times.append(time.process_time() - start)
        shown += sum(1 for row in odds.actions if row.odds)
        choices += len(odds.actions)
        if len(times) == limit:
            break
    met = "met" if p95(times) < TARGET_P95_S else "MISSED"
    return {
        "benchmark": f"{spec.title}: numbers beside a decision, {players} players, {bots} bots "
        "(95th percentile)",
        "ours_s": p95(times),
        "baseline": "target",
        "baseline_s": TARGET_P95_S,
        "ratio": TARGET_P95_S / p95(times),
        "note": f"{len(times)} decisions; slowest {max(times) * 1e3:.0f} ms; "
        f"{shown} of {choices} choices got numbers; {met}",
    }


def run(quick: bool = False) -> list[dict]:
    sizes = {"seeds": range(2), "limit": 20} if quick else {}
    return [decision_row(slug, get_game(slug).max_players, **sizes) for slug in available()]


if __name__ == "__main__":
    sys.exit(cli(run))
