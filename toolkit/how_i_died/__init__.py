"""And That's How I Died: race to die gloriously, with exact odds of a Legendary Adventure.

``GAME`` registers the game as ``how-i-died`` for the CLI, the simulations and the notebooks; a
save of the storytelling variant (its config says ``"variant": "story"``) loads as a
:class:`~toolkit.how_i_died.story.StoryState`.
"""

from toolkit.games import GameSpec
from toolkit.how_i_died import cli
from toolkit.how_i_died.bots import BOTS
from toolkit.how_i_died.rules import MAX_PLAYERS, MIN_PLAYERS, HowIDiedState
from toolkit.how_i_died.story import StoryState

GAME = GameSpec(
    slug="how-i-died",
    title="And That's How I Died",
    state_class=HowIDiedState,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    utility="constant_sum",
    information="imperfect",
    max_moves=2_000,
    bots=BOTS,
    cli=cli,
    variants={"story": StoryState},
)
