"""What the silence costs: one level dealt many times, decided by the perfect-coordination search
and played by silent bots, side by side.

Every deal is a seeded fresh deal (see :mod:`toolkit.tpk.odds`), so a study is reproducible and the
same deals are used for both answers: the gap between them is the price of not talking (plus the
bots' own mistakes), measured deal by deal.
"""

from __future__ import annotations

import argparse
import csv
import sys

from toolkit.simulate import bot_seed, run_many, wilson_interval
from toolkit.tpk.bots import BOTS
from toolkit.tpk.cli import summarize
from toolkit.tpk.coordination import clearable
from toolkit.tpk.odds import party
from toolkit.tpk.rules import DEFAULT_PARTIES, TPKState


def play_level(state: TPKState, bots: str, seed: int) -> bool:
    """Play the current level of `state` with silent bots; True if they clear it."""
    level = state.level
    seats = [BOTS[bots](seat, bot_seed(seed, seat)) for seat in range(state.num_players)]
    while state.level == level and state.outcome is None:
        seat = state.current_player()
        state.apply(
            seats[seat].choose(state.observation(seat), state.legal_actions()), atomic=False
        )
    return state.won or state.level > level


def level_study(
    level: int, characters, deals: int = 200, seed: int = 0, bots: str = "convention"
) -> dict:
    """Clear rates of the perfect party and of silent bots over the same deals, with Wilson 95%
    intervals, the gap, and the treasures a clearing party picks up on the way."""
    members = party(characters)
    perfect = silent = treasures = 0
    for index in range(deals):
        state = TPKState(
            seed=seed + index, players=len(members), characters=members, first_level=level
        )
        plan = clearable(state)
        if plan is not None:
            perfect += 1
            treasures += sum(state.threats[card][2] for card in state.row)
        silent += play_level(state, bots, seed + index)
    return {
        "level": level,
        "party": ",".join(members),
        "players": len(members),
        "deals": deals,
        "perfect": perfect / deals,
        "perfect_low": wilson_interval(perfect, deals)[0],
        "perfect_high": wilson_interval(perfect, deals)[1],
        "silent": silent / deals,
        "silent_low": wilson_interval(silent, deals)[0],
        "silent_high": wilson_interval(silent, deals)[1],
        "gap": (perfect - silent) / deals,
        "treasures_if_cleared": treasures / perfect if perfect else 0.0,
    }


def study_table(levels, parties, deals: int = 200, seed: int = 0, bots: str = "convention"):
    """A pandas table of :func:`level_study` rows, one per (level, party)."""
    import pandas as pd

    return pd.DataFrame(
        [level_study(level, members, deals, seed, bots) for members in parties for level in levels]
    )


def whole_games(players: int, games: int = 200, seed: int = 0, bots: str = "convention") -> dict:
    """Complete games with silent bots: win rate (Wilson interval), levels, treasures escaped with."""
    table = run_many("tpk", players, games, seed, bots, progress=False)
    return {"players": players, "games": games, **summarize(table)}


def bots_against_perfect(levels, player_counts, bots, deals: int, seed: int = 0, chunk: int = 50):
    """Each silent bot beside the perfect party on the same deals, for the default party of each
    size, in chunks of `chunk` seeded deals (a long study can be stopped and still be read): one
    row per (chunk, party size, level, bot) with how many of its deals the perfect party and the
    bot clear. Add the chunks up for the rates (:func:`bots_table`)."""
    for first in range(seed, seed + deals, chunk):
        size = min(chunk, seed + deals - first)
        for players in player_counts:
            for level in levels:
                for name in bots:
                    row = level_study(level, DEFAULT_PARTIES[players], size, first, name)
                    yield {
                        "bots": name,
                        "players": players,
                        "level": level,
                        "seed": first,
                        "deals": size,
                        "perfect": round(row["perfect"] * size),
                        "silent": round(row["silent"] * size),
                    }


def bots_table(rows):
    """Chunks of :func:`bots_against_perfect` that every bot played, added up (a chunk two runs
    both made counts once; one a stopped run left half played, not at all): clear rates with
    Wilson 95% intervals, and the share of the first bot's gap to the perfect party that each
    bot closes."""
    import pandas as pd

    chunks = pd.DataFrame(rows).drop_duplicates(["bots", "players", "level", "seed"])
    played_by = chunks.groupby(["players", "level", "seed"])["bots"].transform("size")
    chunks = chunks[played_by == chunks["bots"].nunique()]  # the same deals for every bot
    table = chunks.groupby(["players", "level", "bots"], sort=False)
    totals = table[["deals", "perfect", "silent"]].sum().reset_index()
    out = []
    for (players, level), group in totals.groupby(["players", "level"], sort=False):
        base = group.iloc[0]
        for row in group.itertuples():
            gap = (base.perfect - base.silent) / base.deals
            out.append(
                {
                    "characters": players,
                    "level": level,
                    "bots": row.bots,
                    "deals": row.deals,
                    "perfect": row.perfect / row.deals,
                    "silent": row.silent / row.deals,
                    "silent 95% low": wilson_interval(row.silent, row.deals)[0],
                    "silent 95% high": wilson_interval(row.silent, row.deals)[1],
                    "gap closed": (row.silent - base.silent) / row.deals / gap if gap else 0.0,
                }
            )
    return pd.DataFrame(out)


def main(argv=None) -> None:
    """``python -m toolkit.tpk.analysis --csv FILE``: :func:`bots_against_perfect` as a CSV whose
    first line is the command that made it, written chunk by chunk (a long run: use ``nice``)."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--levels", default="3")
    parser.add_argument("--players", default="4,5")
    parser.add_argument("--bots", default="convention,planner")
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--chunk", type=int, default=50)
    parser.add_argument("--csv", required=True, help="write the rows here")
    args = parser.parse_args(argv)
    command = "python -m toolkit.tpk.analysis " + " ".join(sys.argv[1:] if argv is None else argv)
    rows = bots_against_perfect(
        [int(n) for n in args.levels.split(",")],
        [int(n) for n in args.players.split(",")],
        args.bots.split(","),
        args.deals,
        args.seed,
        args.chunk,
    )
    with open(args.csv, "w", newline="") as out:
        out.write(f"# {command}\n")
        writer = None
        for row in rows:
            if writer is None:
                writer = csv.DictWriter(out, fieldnames=list(row))
                writer.writeheader()
            writer.writerow(row)
            out.flush()


if __name__ == "__main__":
    main()
