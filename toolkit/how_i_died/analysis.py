"""Studies over many bot games: a tournament table, the value of each achievement, and how long
players live in real games (to set beside the exact model of :mod:`toolkit.how_i_died.odds`).

Every rate comes with a 95% Wilson interval; every study is seeded and so reproducible.
"""

from __future__ import annotations

from collections import Counter

import pandas as pd

from toolkit.how_i_died.achievements import ACHIEVEMENTS
from toolkit.simulate import run_many, wilson_interval

SLUG = "how-i-died"
TOURNAMENT_BOTS = ("glory-greedy", "reckless", "survivor", "lookahead")


def tournament(
    games: int = 1000, bots=TOURNAMENT_BOTS, seed: int = 0, executor=None, progress: bool = False
) -> pd.DataFrame:
    """Each bot takes each seat equally often (the seats rotate); one row per bot: games, wins,
    win rate with its interval, mean glory and mean turns alive."""
    players = len(bots)
    per_rotation = -(-games // players)
    rows = []
    for shift in range(players):
        order = list(bots[shift:]) + list(bots[:shift])
        table = run_many(
            SLUG,
            players,
            per_rotation,
            seed + shift * per_rotation,
            order,
            executor=executor,
            progress=progress,
        )
        for seat, bot in enumerate(order):
            rows.append(
                pd.DataFrame(
                    {
                        "bot": bot,
                        "win": table[f"return_{seat}"] >= 1,
                        "glory": table[f"glory_{seat}"],
                        "turns": table[f"turns_{seat}"],
                        "achievement": table[f"achievement_{seat}"],
                    }
                )
            )
    games_table = pd.concat(rows, ignore_index=True)
    summary = []
    for bot in bots:
        mine = games_table[games_table["bot"] == bot]
        wins, played = int(mine["win"].sum()), len(mine)
        low, high = wilson_interval(wins, played)
        summary.append(
            {
                "bot": bot,
                "games": played,
                "wins": wins,
                "win_rate": wins / played,
                "ci_low": low,
                "ci_high": high,
                "mean_glory": float(mine["glory"].mean()),
                "mean_turns_alive": float(mine["turns"].mean()),
                "achievement_rate": float((mine["achievement"] != "").mean()),
            }
        )
    return pd.DataFrame(summary).sort_values("win_rate", ascending=False, ignore_index=True)


def achievement_values(table: pd.DataFrame, players: int) -> pd.DataFrame:
    """From a :func:`toolkit.simulate.run_many` table: for each achievement, how often it was on
    the table and claimed, how often its claimer won, and its expected points per game in which it
    is shown (points x claim rate)."""
    shown = Counter(a for cell in table["shown"] for a in cell.split(",") if a)
    claimed, won = Counter(), Counter()
    for seat in range(players):
        for achievement, ret in zip(
            table[f"achievement_{seat}"], table[f"return_{seat}"], strict=True
        ):
            if achievement:
                claimed[achievement] += 1
                won[achievement] += ret >= 1
    rows = []
    for achievement, card in ACHIEVEMENTS.items():
        n, k, w = shown[achievement], claimed[achievement], won[achievement]
        low, high = wilson_interval(k, n)
        win_low, win_high = wilson_interval(w, k)
        rows.append(
            {
                "achievement": card.name,
                "points": card.glory,
                "source": card.source,
                "shown": n,
                "claimed": k,
                "claim_rate": k / n if n else 0.0,
                "claim_ci_low": low,
                "claim_ci_high": high,
                "claimer_win_rate": w / k if k else 0.0,
                "win_ci_low": win_low,
                "win_ci_high": win_high,
                "expected_points": card.glory * k / n if n else 0.0,
            }
        )
    return pd.DataFrame(rows).sort_values("expected_points", ascending=False, ignore_index=True)


def turns_alive(bot: str, games: int = 500, players: int = 4, seed: int = 0) -> pd.Series:
    """Share of players who died on their 1st, 2nd, ... turn, in games of `bot` against itself."""
    table = run_many(SLUG, players, games, seed, bot, progress=False)
    turns = pd.concat([table[f"turns_{seat}"] for seat in range(players)], ignore_index=True)
    return turns.value_counts(normalize=True).sort_index()
