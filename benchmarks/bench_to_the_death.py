"""To the Death! speed: one P(hit) query, a monster turn's exact damage distribution, and complete
random-bot solo games (as run, with no observation built, and with every observation built, which
is what a bot that looks pays).

Results are checked before they are timed: the monster turn must equal a brute-force enumeration
of every order of explicit cards (with the same blocking rule), and the P(hit) query must equal
icepool's answer for a die made of the unseen cards' values. ``--quick`` runs every row's code with
a few repeats and a few games.
"""

from __future__ import annotations

import random
import sys
from fractions import Fraction
from pathlib import Path

from timing import GAME_RUNS, ObservingRandomBot, best_of, cli, cpu_best_of, cpu_times, median_rate

import toolkit.to_the_death.odds as odds
from toolkit.bots import RandomBot
from toolkit.simulate import play
from toolkit.to_the_death.cards import catalog, value_of
from toolkit.to_the_death.rules import ToTheDeathState

MONSTER_TURN_TARGET_S = 0.1
P_HIT_TARGET = 10.0  # times icepool's speed
GAMES_TARGET_PER_S = 100
HAND = ["mender:2", "magician:7", "champion:8", "fighter:6", "champion:3"]


def stacked(monster: str, extra=()) -> ToTheDeathState:
    game = ToTheDeathState(seed=0, monsters=["gladiator", "goblins", "gryphon", "zombie"])
    for card in [*HAND, monster, *extra]:
        game.apply(card)
    return game


def brute_force(game):
    """Every order of the unseen cards, through the test-suite's independent enumeration."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "to_the_death"))
    from test_odds import brute_force_for

    return brute_force_for(game)


def bench_p_hit(repeats: int = 200, icepool_repeats: int = 50) -> dict:
    import icepool

    seen = ["fighter:5", "champion:7", "magician:0", "mender:2", "magician:7"]
    ours_s, ours = best_of(lambda: odds.p_hit(2, 6, 2, seen), repeats)
    values = [value_of(c) for c in catalog().arsenal if c not in seen]
    base_s, theirs = best_of(
        lambda: (icepool.Die(values) + 4 >= 6).probability(True), icepool_repeats
    )
    assert ours == Fraction(theirs), (ours, theirs)
    return {
        "benchmark": "to-the-death: P(hit) from 27 unseen cards",
        "ours_s": ours_s,
        "baseline": "icepool 2.1 Die of unseen values",
        "baseline_s": base_s,
        "ratio": base_s / ours_s,
        "note": f"equal: {ours}; {'meets' if base_s / ours_s >= P_HIT_TARGET else 'MISSES'} "
        f"the {P_HIT_TARGET:g}x icepool target",
    }


def bench_monster_turn(monster: str, extra=(), kill=0, check=True) -> dict:
    game = stacked(monster, extra)
    for unit in game.monster_units()[:kill]:
        unit["defeated"] = True
    game.touch()
    weapons = sum(len(game.weapons(u)) for u in game.monster_units())
    ours_s, wall_s, ours = cpu_best_of(lambda: odds.monster_turn(game), 3)
    row = {
        "benchmark": f"to-the-death: monster turn, {monster}, {weapons} weapons, blocks (CPU)",
        "ours_s": ours_s,
        "baseline": None,
        "baseline_s": None,
        "ratio": None,
    }
    if check:
        base_s, theirs = best_of(lambda: brute_force(game), 1)
        assert ours["joint"].pmf() == theirs
        row.update(
            baseline="brute force over card orders", baseline_s=base_s, ratio=base_s / ours_s
        )
    verdict = "meets" if ours_s < MONSTER_TURN_TARGET_S else "MISSES"
    row["note"] = (
        f"{verdict} the {MONSTER_TURN_TARGET_S * 1e3:.0f} ms target (wall {wall_s * 1e3:.0f} ms)"
    )
    return row


def bench_games(
    n: int = 100, bot=RandomBot, what: str = "random-bot solo game", runs: int = GAME_RUNS
) -> dict:
    """Complete solo games, the best of `runs` (:data:`timing.GAME_RUNS`) runs of CPU time: this
    machine's speed drifts."""
    ToTheDeathState(seed=0)  # load the cards once, outside the timing

    def games():
        for seed in range(n):
            play(ToTheDeathState(seed=seed), [bot(seed)], random.Random(seed))

    cpu, _, _ = cpu_times(games, runs)
    per_game = cpu[0] / n
    rate = 1 / per_game
    note = f"{rate:.0f} games/s, best of {runs} ({median_rate(n, cpu)})"
    if bot is RandomBot:  # the target is for the random bot, which reads no observation
        verdict = "meets" if rate >= GAMES_TARGET_PER_S else "MISSES"
        note += f"; {verdict} the {GAMES_TARGET_PER_S}/s target"
    return {
        "benchmark": f"to-the-death: {what} (CPU time, one core)",
        "ours_s": per_game,
        "baseline": None,
        "baseline_s": None,
        "ratio": None,
        "note": note,
    }


def run(quick: bool = False) -> list[dict]:
    games = {"n": 5, "runs": 2} if quick else {}
    return [
        bench_p_hit(5, 5) if quick else bench_p_hit(),
        bench_monster_turn("gladiator"),
        bench_monster_turn("gryphon"),
        bench_monster_turn(
            "goblins", ["fighter:2", "mender:3", "champion:4", "magician:5"], kill=2, check=False
        ),
        bench_games(**games),
        bench_games(
            bot=ObservingRandomBot, what="random-bot solo game, observations built", **games
        ),
    ]


if __name__ == "__main__":
    sys.exit(cli(run))
