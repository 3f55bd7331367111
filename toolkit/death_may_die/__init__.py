"""Cthulhu: Death May Die: exact dice with optimal stress rerolls, maps as graphs, two playable
sample episodes, an easy one to learn on and a hard one (constructed data, marked so)."""

from toolkit.death_may_die import cli
from toolkit.death_may_die.bots import BOTS
from toolkit.death_may_die.rules import DeathMayDieState
from toolkit.games import GameSpec

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
    cli=cli,
)
