"""The study command at a size the test leaves out: ``python benchmarks/sweep_studies.py
[--quick]``.

``tests/core/test_studies.py`` checks that ``death-toolkit study tpk`` writes its table (every bot,
its CSV headed by the command) with two games of two characters a bot, since TPK's planner and
search bot take seconds a game with three; this runs the same check with five games of three
characters (``--quick``: one game of two).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT, ROOT / "tests"):  # the checkout's toolkit, and the tests
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from core.test_studies import writes_its_table  # noqa: E402


def run(quick: bool = False) -> list[dict]:
    players, games = (2, 1) if quick else (3, 5)
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        table = writes_its_table(Path(folder) / "bots.csv", players, games)
    wins = ", ".join(f"{row.bot} {row.wins}/{row.games}" for row in table.itertuples())
    return [
        {
            "benchmark": f"death-toolkit study tpk, every bot, {games} games a bot of {players}",
            "ours_s": time.perf_counter() - start,
            "baseline": None,
            "baseline_s": None,
            "ratio": None,
            "note": f"table written with its command; wins: {wins}",
        }
    ]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="one game of two characters")
    for row in run(parser.parse_args().quick):
        print(f"{row['benchmark']}: {row['note']} ({row['ours_s']:.1f} s)")
