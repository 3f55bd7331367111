"""The engine's kept values (:class:`toolkit.to_the_death.rules.Kept`: the units in play, the
working abilities, the unit views) equal a fresh computation, and the deck is an immutable,
sorted tuple.

These seeded random games check, at every step, that what the engine kept is what a copy of the
game that has forgotten every kept value works out from scratch, and that the units in play are
what a search of every unit finds. The game itself is only read, so it goes on exactly as it
would have.
"""

import random

import pytest

from toolkit.simulate import sample_outcome
from toolkit.to_the_death.rules import ToTheDeathState


def roster_from_scratch(game: ToTheDeathState):
    """Each side's heroes in play and enemies in play, found from the units alone."""
    in_play = [u for u in game.units.values() if not u["defeated"]]
    return [
        (
            [u for u in in_play if u["side"] == side and u["kind"] == "hero"],
            [u for u in in_play if u["side"] != side],
        )
        for side in (0, 1)
    ]


def looked_up(game: ToTheDeathState):
    return (
        list(game.sources()),
        game.observation(0),
        game.observation(game.num_players - 1),
        [(game.heroes(side), game.enemies_of(side)) for side in (0, 1)],
    )


@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize("seed", range(12))
def test_kept_values_equal_fresh_ones_in_random_games(seed, players):
    game = ToTheDeathState(seed=seed, players=players, max_turns=40)
    rng = random.Random(seed)
    while not game.is_terminal():
        kept = looked_up(game)
        fresh = game.clone()
        fresh.kept.forget()
        assert kept == looked_up(fresh), f"seed {seed}, move {len(game.history)}"
        assert kept[3] == roster_from_scratch(game)
        assert isinstance(game.deck, tuple) and list(game.deck) == sorted(game.deck)
        if game.is_chance_node():
            game.apply(sample_outcome(game.chance_outcomes(), rng))
        else:
            game.apply(rng.choice(game.legal_actions()))


def test_a_card_nodes_outcomes_are_the_deck_and_stay_as_handed_out():
    """A card node's outcomes are the deck tuple itself; a draw makes a new deck, so the outcomes
    handed out at an earlier node stay as they were."""
    game = ToTheDeathState(seed=0)
    rng = random.Random(0)
    while not (game.is_chance_node() and game.discard and len(game.deck) > 2):
        if game.is_chance_node():
            game.apply(sample_outcome(game.chance_outcomes(), rng))
        else:
            game.apply(rng.choice(game.legal_actions()))
    handed_out = game.legal_actions()
    assert handed_out is game.deck
    before = list(handed_out)
    game.apply(handed_out[0])
    assert list(handed_out) == before and handed_out[0] not in game.deck


def test_draws_read_as_fresh_pairs_in_random_games():
    """A draw's outcomes are made when read (:class:`UniformOutcomes` over the kept cards): they
    equal (card, 1/n) pairs made fresh at every card node of seeded games."""
    from fractions import Fraction

    for seed in range(4):
        game = ToTheDeathState(seed=seed, max_turns=30)
        rng = random.Random(seed)
        while not game.is_terminal():
            if game.is_chance_node():
                outcomes = game.chance_outcomes()
                if game.chance.kind == "card":
                    cards = game.legal_actions()
                    assert list(outcomes) == [(c, Fraction(1, len(cards))) for c in cards]
                game.apply(sample_outcome(outcomes, rng))
            else:
                game.apply(rng.choice(game.legal_actions()))
