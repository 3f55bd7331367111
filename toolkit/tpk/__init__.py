"""TPK: Total Party Kill: a cooperative dungeon crawl played in silence.

``GAME`` registers it with the shared tools: ``death-toolkit simulate tpk`` (bots ``random``,
``convention`` and ``planner``) and ``death-toolkit odds tpk`` (how often a fresh deal of a level
could be cleared by a perfectly coordinated party). ``python -m toolkit.tpk.analysis`` sets the
silent bots beside that perfect party on the same deals.
"""

from toolkit.games import GameSpec
from toolkit.tpk import cli
from toolkit.tpk.bots import BOTS
from toolkit.tpk.rules import MAX_PLAYERS, MIN_PLAYERS, TPKState

GAME = GameSpec(
    slug="tpk",
    title="TPK: Total Party Kill",
    state_class=TPKState,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    utility="cooperative",
    information="imperfect",
    max_moves=1_000,
    bots=BOTS,
    cli=cli,
)
