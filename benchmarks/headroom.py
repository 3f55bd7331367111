"""How much better than its heuristic bot could a search play? ``PYTHONPATH=. python
benchmarks/headroom.py [--slug death-may-die] [--seed 5000] [--games 20] [--rounds 40]``.

Plays one-investigator (or one-seat) games with a slow search at every decision: each move gets
`rounds` rounds of playouts by the heuristic bot on the same cards and dice, and a move other than
the heuristic's is played only where it beat the heuristic's by `confidence` standard errors.
Each such move is then measured again on `remeasure` fresh rounds against the heuristic's move, and
the gains a game are added up. By the performance difference lemma (Kakade and Langford 2002) the
mean of those sums over the search's own games is an unbiased estimate of how much more often the
search wins than the heuristic, with a far smaller error than counting wins: the paired rounds
cancel most of the luck. Not a test: a Death May Die game takes about a minute.

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slug", default="death-may-die")
    parser.add_argument("--heuristic", default="greedy")
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--confidence", type=float, default=2.0)
    parser.add_argument("--remeasure", type=int, default=200)
    args = parser.parse_args()
    spec = get_game(args.slug)
    heuristic = spec.bots[args.heuristic]
    per_game = []
    for seed in range(args.seed, args.seed + args.games):
        bot = MeasuredSearch(
            spec, 0, bot_seed(seed, 0), heuristic, args.rounds, args.confidence, args.remeasure
        )
        state = play(spec.new_state(1, seed), [bot], chance_rng(seed), spec.max_moves)
        per_game.append(sum(bot.gains) / 2)  # in win rate: a win and a loss are 2 apart
        print(f"seed {seed}: {state.winners is not None and bool(state.winners)}, "
              f"{len(bot.gains)} moves against the heuristic, gain {per_game[-1]:+.3f}",
              flush=True)  # fmt: skip
    error = statistics.stdev(per_game) / len(per_game) ** 0.5 if len(per_game) > 1 else 0.0
    print(f"headroom over {args.heuristic}: {statistics.fmean(per_game):+.3f} win rate a game "
          f"(standard error {error:.3f}, {len(per_game)} games)")  # fmt: skip


if __name__ == "__main__":
    main()
