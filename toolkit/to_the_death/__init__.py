"""To the Death!: the solo game against a monster deck and the two-player duel, with exact odds
from the cards a player cannot see."""

from toolkit.games import GameSpec
from toolkit.to_the_death import cli
from toolkit.to_the_death.bots import BOTS
from toolkit.to_the_death.rules import DEFAULT_TURNS, MOVES_PER_TURN, ToTheDeathState

GAME = GameSpec(
    slug="to-the-death",
    title="To the Death!",
    state_class=ToTheDeathState,
    min_players=1,
    max_players=2,
    utility="zero_sum",
    information="imperfect",
    max_moves=MOVES_PER_TURN * max(DEFAULT_TURNS.values()),  # a game at its default hero-turn cap
    bots=BOTS,
    cli=cli,
)
