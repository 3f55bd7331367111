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

from collections.abc import Mapping, Sequence
from concurrent.futures import Executor

from toolkit.bots import check_bot_names
from toolkit.data import data_root
from toolkit.games import PACKAGES, get_game
from toolkit.html import Table
from toolkit.simulate import MAX_GAMES, Interrupted, run_many, wilson_interval

COLUMNS = ("bot", "against", "games", "wins", "win_rate", "low_95", "high_95", "mean_return")
WHOLE_TABLE = "(the whole table)"  # the `against` of a cooperative game's row


def pairings(
    slug: str, bots: Sequence[str], against: Sequence[str] | None = None, players: int = 2
) -> list[tuple[str, str | None]]:
    """(bot, the bot in the other seats) to play: each bot against each of `against` (every
    ordered pair of `bots`, a bot against itself included, unless given) in a game played against
    each other; each bot alone (None) in a cooperative one, or one of a single player, where there
    is no other seat to fill. Naming the opponents spares a table the costly pairings it does not
    need (a search bot against itself)."""
    if get_game(slug).utility == "cooperative" or players == 1:
        if against is not None:  # said, not ignored: the table would not be what was asked
            raise ValueError(
                "no bot plays against another here (a cooperative game, or one player): "
                "leave out --against"
            )
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
    delay: float = 0,
    options: Mapping | None = None,
):
    """A pandas table with :data:`COLUMNS`: each pairing's `games` games (seeds from `seed`, the
    game set up with `options`); `against` as :func:`pairings` takes it. With `progress`, a bar counts the games, drawn once
    they have run `delay` seconds."""
    import pandas as pd
    from tqdm.auto import tqdm

    spec = get_game(slug)
    check_bot_names(spec.bots, [*bots, *(against or ())])
    if not 1 <= games <= MAX_GAMES:  # here, not per seat: the number is the one asked for
        raise ValueError(f"a study plays 1 to {MAX_GAMES:,} games a pairing, not {games:,}")
    rows = []
    plan = pairings(slug, bots, against, players)
    done = 0  # games played so far (a disabled bar counts nothing)
    with tqdm(
        total=games * len(plan), disable=not progress, desc=f"{slug} bots", delay=delay
    ) as bar:
        for bot, other in plan:
            wins, total, games_played = 0, 0.0, 0
            for seat in range(1 if other is None else players):
                count = len(range(seat, games, players)) if other is not None else games
                if not count:
                    continue
                names = [bot if other is None or s == seat else other for s in range(players)]
                try:
                    table = run_many(
                        slug, players, count, seed, names, executor, progress=False, options=options
                    )
                except Interrupted as interrupt:
                    raise Interrupted(done + interrupt.played, games * len(plan)) from None
                bar.update(count)
                done += count
                returns = table[f"return_{seat}"]
                wins += int((returns > 0).sum())
                total += float(returns.sum())
                games_played += count
            rows.append(_row(bot, other or WHOLE_TABLE, games_played, wins, total))
    return pd.DataFrame(rows, columns=list(COLUMNS))


def _row(bot: str, against: str, games: int, wins: int, total_return: float) -> dict:
    """A pairing's row of :data:`COLUMNS`, from its counts: the rate, its interval, the mean."""
    low, high = wilson_interval(wins, games)
    return {
        "bot": bot,
        "against": against,
        "games": games,
        "wins": wins,
        "win_rate": wins / games,
        "low_95": low,
        "high_95": high,
        "mean_return": total_return / games,
    }


def committed_table(slug: str, players: int):
    """The game's committed bots table at `players` seats, and the commands that made it: every
    ``data/<game>/studies/bots_<players>p*.csv`` (a long study is run in parts on seeds apart,
    ``--seed`` at the first seed a part lacks), added up pairing by pairing, each interval made
    again from the sums."""
    import pandas as pd

    folder = data_root() / PACKAGES[slug].rsplit(".", 1)[-1] / "studies"
    files = sorted(folder.glob(f"bots_{players}p*.csv"))
    if not files:
        raise FileNotFoundError(f"no bots table for {players} players in {folder}")
    commands = [path.read_text().splitlines()[0].removeprefix("# made by: ") for path in files]
    parts = pd.concat(pd.read_csv(path, comment="#") for path in files)
    parts["total_return"] = parts.mean_return * parts.games
    sums = parts.groupby(["bot", "against"], sort=False)[["games", "wins", "total_return"]].sum()
    rows = [
        _row(bot, other, int(row.games), int(row.wins), row.total_return)
        for (bot, other), row in sums.iterrows()
    ]
    return pd.DataFrame(rows, columns=list(COLUMNS)), commands


def win_rate_grid(table):
    """A bots table as people read it: a row a bot, a column each bot it played against (or the
    whole table, in a cooperative game), each cell the win rate with its 95% interval, and the
    number of games a cell in the caption (in the cell where they differ); "not played" where a
    pairing was left out (`against`)."""
    same_count = table.games.nunique() == 1

    def text(row) -> str:
        rate = f"{row.win_rate:.1%} ({row.low_95:.1%} to {row.high_95:.1%})"
        return rate if same_count else f"{rate}, {row.games:,} games"

    cells = {(row.bot, row.against): text(row) for row in table.itertuples()}
    bots = list(dict.fromkeys(table.bot))
    opponents = list(dict.fromkeys(table.against))
    rows = [[bot, *(cells.get((bot, other), "not played") for other in opponents)] for bot in bots]
    caption = f"{table.games.iloc[0]:,} games a cell" if same_count else ""
    headers = [
        "bot",
        *(other if other == WHOLE_TABLE else f"against {other}" for other in opponents),
    ]
    return Table(headers, rows, caption)
