"""What the silence costs: one level dealt many times, decided by the perfect-coordination search
and played by silent bots, side by side.

Every deal is a seeded fresh deal (see :mod:`toolkit.tpk.odds`), so a study is reproducible and the
same deals are used for both answers: the gap between them is the price of not talking (plus the
bots' own mistakes), measured deal by deal.
"""

from __future__ import annotations

from toolkit.simulate import run_many, wilson_interval
from toolkit.tpk.bots import BOTS
from toolkit.tpk.cli import summarize
from toolkit.tpk.coordination import clearable
from toolkit.tpk.odds import party
from toolkit.tpk.rules import TPKState


def play_level(state: TPKState, bots: str, seed: int) -> bool:
    """Play the current level of `state` with silent bots; True if they clear it."""
    level = state.level
    seats = [BOTS[bots](seat, seed * 101 + seat) for seat in range(state.num_players)]
    while state.level == level and state.result is None:
        seat = state.current_player()
        state.apply(seats[seat].choose(state.observation(seat), state.legal_actions()))
    return state.result == "won" or state.level > level


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
