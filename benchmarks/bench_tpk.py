"""TPK speed: complete bot games per second, the perfect-coordination search on the largest
levels, the exact level-1 winnability of every party size, and the numbers beside a decision,
against the issue's targets (200 three-player games per second on one core; a level-7,
five-character deal decided in under a second; the exact chance over every level-1 deal in under
60 s per party size; the widget's budget of 100 ms at the 95th percentile, with how many choices
got a number).

There is no outside program that plays TPK, so the baselines are the targets themselves: the ratio
says how many times inside the target we are. Times are CPU seconds of this process
(``time.process_time``), so other work on a shared machine does not count against us.
``--quick`` runs every row's code on a few games, a few deals and the two smallest parties.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from bench_decision_odds import decision_row
from timing import GAME_RUNS, cli, cpu_times, median_rate

from toolkit.simulate import play_one
from toolkit.tpk.coordination import clearable
from toolkit.tpk.odds import exact_clearable
from toolkit.tpk.rules import DEFAULT_PARTIES, MAX_PLAYERS, MIN_PLAYERS, TPKState
from toolkit.tpk.winnability import winnability

GAMES = 200
TARGET_GAMES_PER_S = 200
SEARCH_DEALS = 200
TARGET_SEARCH_S = 1.0
TARGET_EXACT_S = 60.0


def games_row(bots: str, games: int = GAMES, runs: int = GAME_RUNS) -> dict:
    """Seeds 0 to `games` - 1, the best of `runs` runs of CPU time (:data:`timing.GAME_RUNS`):
    this machine's speed drifts."""
    play_one("tpk", 3, [bots] * 3, 10_000)  # load the cards outside the timing

    def play_all():
        for seed in range(games):
            play_one("tpk", 3, [bots] * 3, seed)

    cpu, _, _ = cpu_times(play_all, runs)
    per_game = cpu[0] / games
    target = 1 / TARGET_GAMES_PER_S
    rate = 1 / per_game
    verdict = "meets" if rate >= TARGET_GAMES_PER_S else "MISSES"
    return {
        "benchmark": f"tpk: one complete 3-player game, {bots} bots (CPU time)",
        "ours_s": per_game,
        "baseline": f"target {TARGET_GAMES_PER_S} games/s",
        "baseline_s": target,
        "ratio": target / per_game,
        "note": f"{rate:,.0f} games/s, best of {runs} runs of {games} games "
        f"({median_rate(games, cpu)}; moves, observations, bots); {verdict} the target",
    }


def search_rows(players: int, level: int, deals: int = SEARCH_DEALS) -> list[dict]:
    times, clear = [], 0
    for seed in range(deals):
        state = TPKState(seed=seed, players=players, first_level=level)
        start = time.process_time()
        clear += clearable(state) is not None
        times.append(time.process_time() - start)
    worst = max(times)
    return [
        {
            "benchmark": f"tpk: coordination search, level {level}, {players} characters (median)",
            "ours_s": statistics.median(times),
            "baseline": "target",
            "baseline_s": TARGET_SEARCH_S,
            "ratio": TARGET_SEARCH_S / statistics.median(times),
            "note": f"{deals} deals, {clear} clearable",
        },
        {
            "benchmark": f"tpk: coordination search, level {level}, {players} characters (worst)",
            "ours_s": worst,
            "baseline": "target",
            "baseline_s": TARGET_SEARCH_S,
            "ratio": TARGET_SEARCH_S / worst,
            "note": f"worst of {deals} deals",
        },
    ]


def exact_rows(level: int = 1, most: int = MAX_PLAYERS) -> list[dict]:
    """The exact chance over every fresh deal, one row per party size up to `most` (the default
    party). Two characters also time the direct enumeration (odds.exact_clearable), which refuses
    more."""
    rows = []
    for players in range(MIN_PLAYERS, most + 1):
        party = list(DEFAULT_PARTIES[players])
        start = time.process_time()
        count = winnability(level, party)
        spent = time.process_time() - start
        baseline, baseline_s = "target", TARGET_EXACT_S
        if players == 2:
            start = time.process_time()
            assert exact_clearable(level, party) == count.chance
            baseline, baseline_s = "odds.exact_clearable", time.process_time() - start
        chance = count.chance
        rows.append(
            {
                "benchmark": f"tpk: exact winnability, level {level}, {players} characters",
                "ours_s": spent,
                "baseline": baseline,
                "baseline_s": baseline_s,
                "ratio": baseline_s / spent,
                "note": (
                    f"{chance} = {float(chance):.4%} over {count.deals:,} deals; "
                    f"{count.rows:,} rows of {count.kinds} kinds -> {count.shapes:,} shapes"
                    + ("" if players == 2 else f"; target {TARGET_EXACT_S:.0f} s")
                ),
            }
        )
    return rows


def run(quick: bool = False) -> list[dict]:
    random.seed(0)
    games, deals = (10, 3) if quick else (GAMES, SEARCH_DEALS)
    runs = 2 if quick else GAME_RUNS
    rows = [games_row("random", games, runs), games_row("convention", games, runs)]
    rows += search_rows(5, 7, deals)
    rows += search_rows(3, 7, deals)
    rows += exact_rows(1, MIN_PLAYERS + 1 if quick else MAX_PLAYERS)
    rows += [
        decision_row("tpk", 2, "random", range(2 if quick else 40), limit=None),
        decision_row("tpk", 3, "convention", range(1 if quick else 6), limit=None),
    ]
    return rows


if __name__ == "__main__":
    sys.exit(cli(run))
