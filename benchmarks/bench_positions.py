"""The round trip of described positions: ``python benchmarks/bench_positions.py [--game SLUG]
[--quick]``.

At 1,000 decisions of seeded random-bot games a game (every table size in turn), the seat to act
describes its position, a state is built from the description, and the numbers beside every
choice of the built state must be exactly those of the real one (``tests/position_check.py``; a
difference raises AssertionError). The suite's position tests take a sample; ``--quick`` takes
ten a game, to show that the sweep runs. Games without a position module yet are left out.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT, ROOT / "tests"):  # the checkout's toolkit, and the tests' shared helpers
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from position_check import positions, round_trip  # noqa: E402

from toolkit.games import available, get_game  # noqa: E402

FULL, QUICK = 1000, 10


def sweep(slug: str, quick: bool = False) -> dict:
    count = QUICK if quick else FULL
    start = time.perf_counter()
    checked = sum(1 for state in positions(slug, count) if round_trip(slug, state))
    return {
        "benchmark": f"{get_game(slug).title}: described positions give the same numbers",
        "ours_s": time.perf_counter() - start,
        "baseline": None,
        "baseline_s": None,
        "ratio": None,
        "note": f"{checked} positions, every number equal",
    }


def run(quick: bool = False, games: list[str] | None = None) -> list[dict]:
    return [
        sweep(slug, quick) for slug in games or available() if get_game(slug).describes_positions
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=available(), help="one game only (default: all)")
    parser.add_argument("--quick", action="store_true", help=f"{QUICK} positions a game only")
    args = parser.parse_args(argv)
    for row in run(args.quick, [args.game] if args.game else None):
        print(f"{row['benchmark']}: {row['note']} ({row['ours_s']:.1f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
