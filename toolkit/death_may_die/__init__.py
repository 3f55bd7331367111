"""Cthulhu: Death May Die: exact dice with optimal stress rerolls, maps as graphs, a playable
sample episode (constructed data, marked so)."""

from toolkit.death_may_die import odds
from toolkit.death_may_die.bots import BOTS
from toolkit.death_may_die.rules import DeathMayDieState
from toolkit.games import GameSpec


def summarize(table) -> dict:
    """Win rate, how games end, and their length, for ``simulate --json``."""
    wins = int((table["outcome"] == "win").sum())
    return {
        "wins": wins,
        "win_rate": wins / len(table),
        "mean_turns": float(table["turns"].mean()),
        "ritual_disrupted_rate": float(table["ritual_disrupted"].mean()),
        "endings": {str(k): int(v) for k, v in table["reason"].value_counts().items()},
    }


GAME = GameSpec(
    slug="death-may-die",
    title="Cthulhu: Death May Die",
    state_class=DeathMayDieState,
    min_players=1,
    max_players=4,
    utility="cooperative",
    information="imperfect",
    max_moves=5_000,
    bots=BOTS,
    add_odds_arguments=odds.add_odds_arguments,
    odds=odds.odds,
    summarize=summarize,
)

__all__ = ["GAME", "DeathMayDieState"]
