"""TPK: Total Party Kill: a cooperative dungeon crawl played in silence.

``GAME`` registers it with the shared tools (CLI ``death-toolkit simulate tpk``, ``odds tpk``).
"""

from toolkit.bots import RandomBot
from toolkit.games import GameSpec
from toolkit.tpk.rules import TPKState

GAME = GameSpec(
    slug="tpk",
    title="TPK: Total Party Kill",
    state_class=TPKState,
    min_players=2,
    max_players=5,
    bots={"random": lambda seat, seed: RandomBot(seed)},
)
