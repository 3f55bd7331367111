"""Instructions a game, counted by valgrind: ``python benchmarks/instructions.py GAME [options]``
(``--quick``: one warm-up game and one counted).

Seconds on a shared machine vary from minute to minute; instruction counts do not, so engine
speed work is measured here. The script runs itself twice under ``valgrind --tool=callgrind``:
once playing the warm-up games alone, once playing them and then the measured ones. The
difference, over the measured games, is the steady-state cost of a game, with start-up, imports
and first-call caches left out. Seeds, bots and chance draws are those of
:func:`toolkit.simulate.play_seeded`, so a refactor that changes no game (the fingerprints test)
is compared on the very same games.

``run()`` counts every game at its fewest players for ``benchmarks/run.py --only instructions``;
``run(quick=True)`` counts one two-player TPK game after one warm-up (mostly valgrind starting
Python twice: it shows the script runs). Both need valgrind (:data:`REQUIRES`).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REQUIRES = ("valgrind",)  # programs this module runs; tests skip it where one is missing
WARM, GAMES = 30, 20


def play(game: str, players: int, bot: str, first: int, count: int) -> None:
    sys.path.insert(0, str(ROOT))  # the checkout's toolkit
    from toolkit.simulate import play_seeded

    for seed in range(first, first + count):
        play_seeded(game, players, [bot] * players, seed)


def instructions(args: argparse.Namespace, games: int) -> int:
    """Instructions of one process that plays the warm-up games and then `games` more."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        command = [
            "valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
            sys.executable, __file__, args.game, f"--players={args.players}",
            f"--bot={args.bot}", f"--warm={args.warm}", f"--games={games}", "--inside",
        ]  # fmt: skip
        env = {**os.environ, "PYTHONHASHSEED": "0"}  # set iteration orders stay put
        subprocess.run(command, check=True, env=env, capture_output=True)
        summary = re.search(r"^summary:\s*(\d+)", out.read_text(), re.MULTILINE)
        return int(summary.group(1))


def per_game(args: argparse.Namespace) -> float:
    """Instructions a counted game: the two processes' difference over ``args.games``."""
    if shutil.which("valgrind") is None:
        raise RuntimeError("valgrind is not installed: instruction counts need it")
    with ThreadPoolExecutor(2) as pool:  # two processes, each counting only itself
        base, total = pool.map(partial(instructions, args), (0, args.games))
    return (total - base) / args.games


def describe(args: argparse.Namespace, count: float) -> str:
    return (
        f"{args.game}, {args.players} players, {args.bot} bots: {count / 1e6:.2f} M instructions "
        f"a game (seeds {args.warm}-{args.warm + args.games - 1}, after {args.warm} warm-up games)"
    )


def run(quick: bool = False) -> list[dict]:
    """One row a game, the count a game under ``instructions`` and in the note (a count is not
    seconds: ``ours_s`` is None)."""
    sys.path.insert(0, str(ROOT))
    from toolkit.games import available, get_game

    slugs = ["tpk"] if quick else available()
    rows = []
    for slug in slugs:
        args = argparse.Namespace(
            game=slug, players=get_game(slug).min_players, bot="random",
            warm=1 if quick else WARM, games=1 if quick else GAMES,
        )  # fmt: skip
        count = per_game(args)
        rows.append(
            {
                "benchmark": f"instructions: {slug}, {args.players} players, random bots",
                "instructions": count,
                "ours_s": None,
                "baseline": None,
                "baseline_s": None,
                "ratio": None,
                "note": describe(args, count),
            }
        )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="a game's slug, e.g. to-the-death")
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--bot", default="random")
    parser.add_argument("--warm", type=int, default=WARM, help="games played first, not counted")
    parser.add_argument("--games", type=int, default=GAMES, help="games counted")
    parser.add_argument("--quick", action="store_true", help="--warm 1 --games 1")
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.inside:  # under valgrind: just play
        play(args.game, args.players, args.bot, 0, args.warm + args.games)
        return 0
    if args.quick:
        args.warm, args.games = 1, 1
    print(describe(args, per_game(args)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
