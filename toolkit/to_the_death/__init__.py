"""To the Death!: the solo game against a monster deck and the two-player duel, with exact odds
from the cards a player cannot see."""

from toolkit.bots import RandomBot
from toolkit.games import GameSpec
from toolkit.to_the_death import odds
from toolkit.to_the_death.bots import GreedyBot, SearchBot
from toolkit.to_the_death.rules import ToTheDeathState


def summarize(table) -> dict:
    """The solo win rate with its 95% Wilson interval (the duel: seat 0's)."""
    from toolkit.simulate import wilson_interval

    wins = int((table["return_0"] >= 1).sum())
    low, high = wilson_interval(wins, len(table))
    return {
        "win_rate": wins / len(table),
        "win_rate_95": [low, high],
        "mean_hero_turns": float(table["hero_turns"].mean()),
    }


GAME = GameSpec(
    slug="to-the-death",
    title="To the Death!",
    state_class=ToTheDeathState,
    min_players=1,
    max_players=2,
    utility="zero_sum",
    information="imperfect",
    max_moves=100_000,
    bots={
        "random": lambda seat, seed: RandomBot(seed),
        "greedy": lambda seat, seed: GreedyBot(seed),
        "search": lambda seat, seed: SearchBot(seed),
    },
    add_odds_arguments=odds.add_odds_arguments,
    odds=odds.odds,
    summarize=summarize,
)

__all__ = ["GAME", "ToTheDeathState"]
