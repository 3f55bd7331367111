"""And That's How I Died speed: complete four-player bot games per second (target 300/s on one
core, the lookahead bot excepted), the exact Legendary-availability odds (target < 10 ms) against a
full search, and the turns-until-death distribution from a cold cache.

The Legendary odds are compared with the full search before any time is reported. ``--quick`` runs
every row's code on a few tables, one repeat and a few games of each bot.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from timing import GAME_RUNS, best_of, cli, time_study

from toolkit.how_i_died import odds
from toolkit.how_i_died.cards import ALL_IDS

GAMES_TARGET_PER_S = 300
LEGENDARY_TARGET_S = 10e-3


def row(benchmark, ours_s, baseline, baseline_s, note) -> dict:
    ratio = baseline_s / ours_s if baseline_s is not None else None
    return {
        "benchmark": benchmark,
        "ours_s": ours_s,
        "baseline": baseline,
        "baseline_s": baseline_s,
        "ratio": ratio,
        "note": note,
    }


def games_rows(quick: bool = False) -> list[dict]:
    rows = []
    for bots, games in (
        ("random", 300),
        ("glory-greedy", 300),
        ("reckless", 300),
        ("survivor", 300),
        ("lookahead", 100),
    ):
        if quick:
            games = 3
        runs = 2 if quick else GAME_RUNS
        cpu, per_second, note = time_study("how-i-died", 4, bots, games, warm=3, runs=runs)
        note += ", one process"
        targeted = bots != "lookahead"
        if targeted:
            note += f"; target {GAMES_TARGET_PER_S}/s: "
            note += "met" if per_second >= GAMES_TARGET_PER_S else "MISSED"
        rows.append(
            row(
                f"{games} four-player games, {bots} bots (CPU time)",
                cpu,
                f"target {GAMES_TARGET_PER_S} games/s" if targeted else None,
                games / GAMES_TARGET_PER_S if targeted else None,
                note,
            )
        )
    return rows


def legendary_rows(tables: int = 200) -> list[dict]:
    rng = random.Random(0)
    positions = []
    for _ in range(tables):
        cards = list(ALL_IDS)
        rng.shuffle(cards)
        positions.append((cards[:6], cards[6:12], cards[12:]))
    times = []
    for hand, pool, unseen in positions:
        start = time.perf_counter()
        odds.legendary_chance(hand, pool, unseen)
        times.append(time.perf_counter() - start)
    ours_s = statistics.median(times)
    worst = max(times)
    hand, pool, unseen = positions[0][0], positions[0][1], positions[0][2][:12]
    ours_short = odds.legendary_chance(hand, pool, unseen)
    search_s, searched = best_of(lambda: odds.legendary_chance_by_search(hand, pool, unseen), 1)
    if searched != ours_short:
        raise AssertionError("the Legendary odds differ from the full search")
    met = "met" if worst < LEGENDARY_TARGET_S else "MISSED"
    return [
        row(
            "P(Legendary now), full 78-card deck",
            ours_s,
            "target 10 ms",
            LEGENDARY_TARGET_S,
            f"median of {tables} random tables; slowest {worst * 1e3:.2f} ms; "
            f"target < 10 ms: {met}",
        ),
        row(
            "P(Legendary now), 12-card deck",
            best_of(lambda: odds.legendary_chance(hand, pool, unseen), min(tables, 50))[0],
            "full search",
            search_s,
            "same exact Fraction from both",
        ),
    ]


def turns_rows(repeats: int = 5) -> list[dict]:
    def cold_turns():
        odds.turns_until_death.cache_clear()
        odds.damage_per_adventure.cache_clear()
        odds.ends_in_table.cache_clear()
        return [odds.turns_until_death(15, strategy) for strategy in odds.STRATEGIES]

    seconds, _ = best_of(cold_turns, repeats)
    return [row("turns-until-death, 3 strategies, exact", seconds, None, None, "cold cache")]


def run(quick: bool = False) -> list[dict]:
    if quick:
        return legendary_rows(10) + turns_rows(1) + games_rows(quick=True)
    return legendary_rows() + turns_rows() + games_rows()


if __name__ == "__main__":
    sys.exit(cli(run))
