"""Win-rate studies: the starter party against each starter monster and the starter king.

An encounter is one round against one monster card (``encounter=`` option of the state): the
party wins by defeating it and loses when every hero is defeated. Games are seeded, so a study
replays exactly.
"""

from __future__ import annotations

from toolkit.simulate import bot_seed, chance_rng, play, wilson_interval
from toolkit.to_the_death import GAME
from toolkit.to_the_death.rules import STARTER_KING, STARTER_MONSTERS

OPPONENTS = (*STARTER_MONSTERS, STARTER_KING)


def encounter_row(monster: str, bot: str, seed: int) -> dict:
    state = GAME.state_class(seed=seed, encounter=monster)
    play(state, [GAME.bots[bot](0, bot_seed(seed, 0))], chance_rng(seed))
    return {
        "opponent": monster,
        "seed": seed,
        "won": state.returns()[0] > 0,
        "draw": state.returns()[0] == 0,
        **state.summary(),
    }


def win_rates(bot: str = "greedy", games: int = 1000, seed: int = 0, opponents=OPPONENTS):
    """A pandas table: opponent, games, wins, win rate and its 95% Wilson interval."""
    import pandas as pd

    rows = []
    for monster in opponents:
        results = [encounter_row(monster, bot, s) for s in range(seed, seed + games)]
        wins = sum(r["won"] for r in results)
        low, high = wilson_interval(wins, games)
        rows.append(
            {
                "opponent": monster,
                "bot": bot,
                "games": games,
                "wins": wins,
                "win_rate": wins / games,
                "low_95": low,
                "high_95": high,
                "draws": sum(r["draw"] for r in results),
                "mean_hero_turns": sum(r["hero_turns"] for r in results) / games,
            }
        )
    return pd.DataFrame(rows)


__all__ = ["OPPONENTS", "encounter_row", "win_rates"]
