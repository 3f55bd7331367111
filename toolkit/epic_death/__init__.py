"""Epic Death!: the rules engine, exact quest odds, an advisor, bots and notebook widgets."""

from toolkit.epic_death import cli
from toolkit.epic_death.bots import BOTS
from toolkit.epic_death.rules import EpicDeathState
from toolkit.games import GameSpec

GAME = GameSpec(
    slug="epic-death",
    title="Epic Death!",
    state_class=EpicDeathState,
    min_players=2,
    max_players=5,
    utility="constant_sum",
    information="imperfect",
    max_moves=5_000,
    bots=BOTS,
    cli=cli,
    decisions="decisions",  # the walk beside each choice; odds is the dice the engine reads
)
