"""The differential check of every game at every decision: ``python benchmarks/sweep_differential.py
[--game SLUG] [--quick]``.

Each game's ``tests/<game>/test_decision_odds.py`` compares every number shown beside a decision
with the exact walk's (``tests/odds_check.py``). Its test takes a sample (every tenth or so of the
seeded decisions, about a hundred a game, so that the suite stays quick); this sweep runs that same
``differential`` at every decision, a thousand and more a game, and prints the counts (the book
quotes them). A number that differs raises AssertionError, as in the test. ``--quick`` takes every
hundredth decision of one game instead (Epic Death!'s, the quickest, unless ``--game`` names
another), to show that the sweep runs: each game's sample is its own test's.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
for path in (ROOT, TESTS):  # the checkout's toolkit, and the tests' shared helpers
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from toolkit.games import available, get_game  # noqa: E402

QUICK_STEP = 100  # every hundredth seeded decision (the stacked positions all)
QUICK_GAME = "epic-death"


def differential(slug: str):
    """The game's ``differential(step)`` from its test module (its folder on the path too, as
    the folder's conftest puts it for the game's own helpers)."""
    folder = slug.replace("-", "_")
    if str(TESTS / folder) not in sys.path:
        sys.path.insert(0, str(TESTS / folder))
    return importlib.import_module(f"{folder}.test_decision_odds").differential


def sweep(slug: str, quick: bool = False) -> dict:
    """One game's sweep as a benchmark row: how long it took and what it compared."""
    step = QUICK_STEP if quick else 1
    start = time.perf_counter()
    report = differential(slug)(step)
    return {
        "benchmark": f"{get_game(slug).title}: every number beside "
        + ("every 100th decision" if quick else "every decision")
        + " against the exact walk",
        "ours_s": time.perf_counter() - start,
        "baseline": None,
        "baseline_s": None,
        "ratio": None,
        "note": report.counts(),
    }


def run(quick: bool = False, games: list[str] | None = None) -> list[dict]:
    if not games:
        games = [QUICK_GAME] if quick else available()
    return [sweep(slug, quick) for slug in games]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--game",
        choices=available(),
        help="one game only (default: all five; Epic Death! with --quick)",
    )
    parser.add_argument("--quick", action="store_true", help="every 100th decision of one game")
    args = parser.parse_args(argv)
    for row in run(args.quick, [args.game] if args.game else None):
        print(f"{row['benchmark']}: {row['note']} ({row['ours_s']:.1f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
