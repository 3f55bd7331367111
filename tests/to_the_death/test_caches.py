"""The engine's kept values (working abilities, units in play, unit views) equal a fresh
computation, and the deck stays sorted.

The engine keeps the units and heroes in play until the abilities version changes, and the
working abilities until that version changes, a hero's health moves it to another box, or a turn
comes in which a temporary effect starts or has ended (an enemy's health, or a hero's that keeps
its box, changes no working ability), and each unit's view until the version changes (or, for a
view, the unit's own health, area, flags or attached cards). The deck is kept sorted, as a card
node's outcomes are the deck list itself. These seeded random games check, at every step, that
what was kept is what a computation from scratch gives: ``touch()`` marks a new version, which
forces one; the units in play are found again from every unit, independently of the engine's own
search.
"""

import random

import pytest

from toolkit.simulate import sample_outcome
from toolkit.to_the_death.rules import ToTheDeathState


def roster_from_scratch(game: ToTheDeathState):
    """Each side's heroes in play and enemies in play, and every unit in play, in the order the
    units came (the order the working abilities are listed in), found from the units alone."""
    in_play = [u for u in game.units.values() if not u["defeated"]]
    return [
        (
            [u for u in in_play if u["side"] == side and u["kind"] == "hero"],
            [u for u in in_play if u["side"] != side],
        )
        for side in (0, 1)
    ], in_play


def kept_and_fresh(game: ToTheDeathState):
    kept = (
        list(game.sources()),
        game.observation(0),
        game.observation(game.num_players - 1),
        game.deck,
        (
            [(game.heroes(side), game.enemies_of(side)) for side in (0, 1)],
            game.enemies_of(1) + game.enemies_of(0),
        ),
    )
    game.touch()
    fresh = (
        list(game.sources()),
        game.observation(0),
        game.observation(game.num_players - 1),
        sorted(game.deck),
        roster_from_scratch(game),
    )
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


def test_a_card_nodes_outcomes_are_the_deck_and_stay_as_handed_out():
    """A card node's outcomes are the deck itself, so a card swapped into the deck in place (as
    code outside the engine might do) is among them; and a draw makes a new deck list, so the
    outcomes handed out at an earlier node stay as they were."""
    game = ToTheDeathState(seed=0)
    rng = random.Random(0)
    while not (game.is_chance_node() and game.discard and len(game.deck) > 2):
        if game.is_chance_node():
            game.apply(sample_outcome(game.chance_outcomes(), rng))
        else:
            game.apply(rng.choice(game.legal_actions()))
    handed_out = game.legal_actions()
    before = list(handed_out)
    game.apply(handed_out[0])
    assert list(handed_out) == before and handed_out[0] not in game.deck
    assert game.deck == sorted(game.deck)
    while not game.is_chance_node():
        game.apply(game.legal_actions()[-1])
    swapped = game.discard[-1]
    game.discard[-1], game.deck[0] = game.deck[0], swapped
    assert not game.deck_top and swapped in game.legal_actions()


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
                if game.chance["kind"] == "card":
                    cards = game.legal_actions()
                    assert list(outcomes) == [(c, Fraction(1, len(cards))) for c in cards]
                game.apply(sample_outcome(outcomes, rng))
            else:
                game.apply(rng.choice(game.legal_actions()))
