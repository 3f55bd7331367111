"""How much better than its heuristic bot could a search play? ``PYTHONPATH=. python
benchmarks/headroom.py [--slug death-may-die] [--seed 5000] [--games 20] [--rounds 40] [--quick]``.

Plays one-investigator (or one-seat) games with a slow search at every decision: each move gets
`rounds` rounds of playouts by the heuristic bot on the same cards and dice, and a move other than
the heuristic's is played only where it beat the heuristic's by `confidence` standard errors.
Each such move is then measured again on `remeasure` fresh rounds against the heuristic's move, and
the gains a game are added up. By the performance difference lemma (Kakade and Langford 2002) the
mean of those sums over the search's own games is an unbiased estimate of how much more often the
search wins than the heuristic, with a far smaller error than counting wins: the paired rounds
cancel most of the luck. Not a test: a Death May Die game takes about a minute. ``--quick`` (and
``run(quick=True)``) plays one game with a handful of rounds: it shows the script runs, its estimate
means nothing.

Issue #16 (Death May Die), by this method before the script was tidied: over the greedy that ran to
the Elder One, 8.1 points of win rate a game (standard error 2.5, 30 games of seeds 5000-5015 and
5100-5113), which is how that mistake was found; over the greedy that waits for it, 2.7 points
(standard error 0.9, 92 games of seeds 5000-5060 and 5100-5130).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout's toolkit

from toolkit.bots import handed  # noqa: E402
from toolkit.games import get_game  # noqa: E402
from toolkit.search import SearchBot  # noqa: E402
from toolkit.simulate import bot_seed, chance_rng, play  # noqa: E402


def paired_returns(spec, view, moves, rounds: int, rng: random.Random, heuristic) -> list[list]:
    """The seat's return after each of `moves`, round by round: one determinisation and one
    seed a round for every move, the heuristic bot playing every seat after it."""
    seat = view.current_player()
    returns: list[list[float]] = [[] for _ in moves]
    for _ in range(rounds):
        deal, seed = view.determinise(rng), rng.getrandbits(32)
        for move, scores in zip(moves, returns, strict=True):
            state = deal.clone()
            state.apply(move)
            bots = [heuristic(other, seed + other) for other in range(state.num_players)]
            play(state, bots, random.Random(seed), spec.max_moves)
            scores.append(state.returns()[seat])
    return returns


class MeasuredSearch:
    """The slow search, noting for each move it plays against the heuristic's advice the gain
    measured afresh (in returns; a win and a loss are 2 apart)."""

    reads_view = True

    def __init__(self, spec, seat, seed, heuristic, rounds, confidence, remeasure):
        self.spec, self.heuristic, self.rounds, self.remeasure = spec, heuristic, rounds, remeasure
        self.rng = random.Random(seed)
        self.search = SearchBot(
            seat, seed, rollout=heuristic, favourite=heuristic, confidence=confidence, depth=1
        )
        self.gains: list[float] = []

    def choose(self, view, legal_actions):
        if len(legal_actions) == 1:
            return legal_actions[0]
        self.search.iterations = self.rounds * len(legal_actions)
        move = self.search.choose(view, legal_actions)
        advice = self.heuristic(view.current_player(), self.rng.getrandbits(32))
        advised = advice.choose(handed(advice, view, view.current_player()), legal_actions)
        if move != advised:
            mine, theirs = paired_returns(
                self.spec, view, [move, advised], self.remeasure, self.rng, self.heuristic
            )
            self.gains.append(statistics.fmean(mine) - statistics.fmean(theirs))
        return move


DEFAULTS = {"slug": "death-may-die", "heuristic": "greedy", "seed": 5000, "games": 20,
            "rounds": 40, "confidence": 2.0, "remeasure": 200}  # fmt: skip
QUICK = {"games": 1, "rounds": 2, "remeasure": 4}  # one game, a few rounds: the code runs


def headroom(args: argparse.Namespace, report=print) -> list[float]:
    """The measured gain, in win rate, of each of the search's games (seeds from ``args.seed``),
    each game reported as it ends."""
    spec = get_game(args.slug)
    heuristic = spec.bots[args.heuristic]
    per_game = []
    for seed in range(args.seed, args.seed + args.games):
        bot = MeasuredSearch(
            spec, 0, bot_seed(seed, 0), heuristic, args.rounds, args.confidence, args.remeasure
        )
        state = play(spec.new_state(1, seed), [bot], chance_rng(seed), spec.max_moves)
        per_game.append(sum(bot.gains) / 2)  # in win rate: a win and a loss are 2 apart
        report(f"seed {seed}: {state.winners is not None and bool(state.winners)}, "
               f"{len(bot.gains)} moves against the heuristic, gain {per_game[-1]:+.3f}")  # fmt: skip
    return per_game


def summary(per_game: list[float]) -> tuple[float, float]:
    """The mean gain a game and its standard error."""
    error = statistics.stdev(per_game) / len(per_game) ** 0.5 if len(per_game) > 1 else 0.0
    return statistics.fmean(per_game), error


def run(quick: bool = False) -> list[dict]:
    """One row for ``benchmarks/run.py``: the CPU seconds a searched game takes, with the estimated
    headroom in the note, at the command line's defaults (or :data:`QUICK`'s sizes)."""
    args = argparse.Namespace(**{**DEFAULTS, **(QUICK if quick else {})})
    start = time.process_time()
    per_game = headroom(args, report=lambda line: None)
    spent = time.process_time() - start
    mean, error = summary(per_game)
    return [
        {
            "benchmark": f"headroom: search over {args.heuristic}, {args.slug}, one seat "
            "(CPU, a game)",
            "ours_s": spent / len(per_game),
            "baseline": None,
            "baseline_s": None,
            "ratio": None,
            "note": f"{mean:+.3f} win rate a game (standard error {error:.3f}, "
            f"{len(per_game)} games, {args.rounds} rounds a move)",
        }
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for name, default in DEFAULTS.items():
        parser.add_argument(f"--{name}", type=type(default), default=default)
    parser.add_argument("--quick", action="store_true", help="; ".join(
        f"--{name} {value}" for name, value in QUICK.items()))  # fmt: skip
    args = parser.parse_args(argv)
    if args.quick:
        vars(args).update(QUICK)
    per_game = headroom(args, report=lambda line: print(line, flush=True))
    mean, error = summary(per_game)
    print(f"headroom over {args.heuristic}: {mean:+.3f} win rate a game "
          f"(standard error {error:.3f}, {len(per_game)} games)")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
