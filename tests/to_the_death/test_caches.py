"""The engine's kept values (working abilities, unit views) equal a fresh computation.

The engine keeps the working abilities and each unit's view until the version changes (or, for
a view, the unit's own health, area, flags or attached cards). These seeded random games check,
at every step, that what was kept is what a computation from scratch gives: ``touch()`` marks a
new version, which forces one.
"""

import random

import pytest

from toolkit.simulate import sample_outcome
from toolkit.to_the_death.rules import ToTheDeathState


def kept_and_fresh(game: ToTheDeathState):
    kept = (list(game.sources()), game.observation(0), game.observation(game.num_players - 1))
    game.touch()
    fresh = (list(game.sources()), game.observation(0), game.observation(game.num_players - 1))
    return kept, fresh


@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize("seed", range(12))
def test_kept_values_equal_fresh_ones_in_random_games(seed, players):
    game = ToTheDeathState(seed=seed, players=players, max_turns=40)
    rng = random.Random(seed)
    while not game.is_terminal():
        kept, fresh = kept_and_fresh(game)
        assert kept == fresh, f"seed {seed}, move {len(game.history)}"
        if game.is_chance_node():
            game.apply(sample_outcome(game.chance_outcomes(), rng))
        else:
            game.apply(rng.choice(game.legal_actions()))
