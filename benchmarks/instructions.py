"""Instructions a game, counted by valgrind: ``python benchmarks/instructions.py GAME [options]``.

Seconds on a shared machine vary from minute to minute; instruction counts do not, so engine
speed work is measured here. The script runs itself twice under ``valgrind --tool=callgrind``:
once playing the warm-up games alone, once playing them and then the measured ones. The
difference, over the measured games, is the steady-state cost of a game, with start-up, imports
and first-call caches left out. Seeds, bots and chance draws are those of
:func:`toolkit.simulate.play_seeded`, so a refactor that changes no game (the fingerprints test)
is compared on the very same games.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="a game's slug, e.g. to-the-death")
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--bot", default="random")
    parser.add_argument("--warm", type=int, default=30, help="games played first, not counted")
    parser.add_argument("--games", type=int, default=20, help="games counted")
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.inside:  # under valgrind: just play
        play(args.game, args.players, args.bot, 0, args.warm + args.games)
        return 0
    base, total = instructions(args, 0), instructions(args, args.games)
    per_game = (total - base) / args.games
    print(
        f"{args.game}, {args.players} players, {args.bot} bots: {per_game / 1e6:.2f} M instructions "
        f"a game (seeds {args.warm}-{args.warm + args.games - 1}, after {args.warm} warm-up games)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
