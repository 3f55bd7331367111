"""How strong each bot is: a table of seeded bot games, one row a pairing, with Wilson intervals.

In a game played against each other, a bot takes one seat and another bot every other seat, and
the seat it takes turns round with the games (a first player's edge is shared out evenly); it wins
a game when its return is above zero (it is among the winners). In a cooperative game a bot plays
every seat and the table wins or loses together. Games are seeded as
:func:`toolkit.simulate.play_seeded` seeds them, and played by :func:`toolkit.simulate.run_many`,
so a table is the same whatever executor plays it (local processes or a dask cluster). Each seat's
games of a pairing use the same seeds: the same deals and dice, with the bot in another seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor

from toolkit.games import get_game
from toolkit.simulate import run_many, wilson_interval

COLUMNS = ("bot", "against", "games", "wins", "win_rate", "low_95", "high_95", "mean_return")


def pairings(
    slug: str, bots: Sequence[str], against: Sequence[str] | None = None
) -> list[tuple[str, str | None]]:
    """(bot, the bot in the other seats) to play: each bot against each of `against` (every
    ordered pair of `bots`, a bot against itself included, unless given) in a game played against
    each other; each bot alone (None) in a cooperative one. Naming the opponents spares a table
    the costly pairings it does not need (a search bot against itself)."""
    if get_game(slug).utility == "cooperative":
        return [(bot, None) for bot in bots]
    return [(bot, other) for bot in bots for other in (bots if against is None else against)]


def bots_table(
    slug: str,
    players: int,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    executor: Executor | None = None,
    progress: bool = False,
    against: Sequence[str] | None = None,
):
    """A pandas table with :data:`COLUMNS`: each pairing's `games` games (seeds from `seed`);
    `against` as :func:`pairings` takes it."""
    import pandas as pd
    from tqdm.auto import tqdm

    spec = get_game(slug)
    unknown = [bot for bot in [*bots, *(against or ())] if bot not in spec.bots]
    if unknown:
        raise ValueError(f"unknown bot {unknown[0]!r} (choose from {', '.join(spec.bots)})")
    rows = []
    plan = pairings(slug, bots, against)
    bar = tqdm(total=games * len(plan), disable=not progress, desc=f"{slug} bots")
    for bot, other in plan:
        wins, total, games_played = 0, 0.0, 0
        for seat in range(1 if other is None else players):
            count = len(range(seat, games, players)) if other is not None else games
            if not count:
                continue
            names = [bot if other is None or s == seat else other for s in range(players)]
            table = run_many(slug, players, count, seed, names, executor, progress=False)
            bar.update(count)
            returns = table[f"return_{seat}"]
            wins += int((returns > 0).sum())
            total += float(returns.sum())
            games_played += count
        low, high = wilson_interval(wins, games_played)
        rows.append(
            {
                "bot": bot,
                "against": other or "(the whole table)",
                "games": games_played,
                "wins": wins,
                "win_rate": wins / games_played,
                "low_95": low,
                "high_95": high,
                "mean_return": total / games_played,
            }
        )
    bar.close()
    return pd.DataFrame(rows, columns=list(COLUMNS))
