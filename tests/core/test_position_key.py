"""A position's key is derived from its fields (``GameState.position_key``): equal for a copy,
different for any two positions that differ in a field that can change in play, in every game."""

import itertools

import pytest

from toolkit.games import available, get_game
from toolkit.simulate import chance_rng, sample_outcome
from toolkit.state import CHANCE, TERMINAL, frozen


def keyed_fields(state) -> dict:
    """The fields the key reads, objects (a deck) opened into their own fields to compare."""
    skip = state.UNKEYED.union(state.NOT_IN_KEY)
    return {name: opened(value) for name, value in vars(state).items() if name not in skip}


def opened(value):
    if isinstance(value, dict):
        return {key: opened(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [opened(item) for item in value]
    if hasattr(value, "__dict__") and not callable(value):
        return (type(value), opened(vars(value)))
    return value


def positions(slug: str, players: int, moves: int = 150):
    """Every position of one random game, chance nodes too."""
    state = get_game(slug).new_state(players, 5)
    rng = chance_rng(5)
    for _ in range(moves):
        yield state.clone()
        seat = state.current_player()
        if seat == TERMINAL:
            return
        if seat == CHANCE:
            state.apply_listed(sample_outcome(state.chance_outcomes(), rng))
        else:
            state.apply(rng.choice(list(state.legal_actions())))


@pytest.mark.parametrize("slug", available())
def test_a_key_tells_positions_apart_exactly(slug):
    spec = get_game(slug)
    seen: dict = {}
    for state in itertools.chain(
        *(positions(slug, n) for n in (spec.min_players, spec.max_players))
    ):
        key = state.position_key()
        assert state.clone().position_key() == key
        if key in seen:  # the same key: every field that can change is the same
            assert keyed_fields(seen[key]) == keyed_fields(state)
        seen[key] = state
    assert len(seen) > 5


def test_a_field_read_instead_or_left_out():
    state = get_game("death-may-die").new_state(1, 0)
    whole = dict(state.position_key())
    without = dict(state.position_key(fire=None, turn=7))
    assert "fire" in whole and "fire" not in without and without["turn"] == 7


def test_frozen_is_equal_exactly_when_the_values_are():
    assert frozen({"a": [1, {2}], "b": None}) == frozen({"b": None, "a": [1, {2}]})
    assert frozen([1, 2]) != frozen([2, 1])
    assert hash(frozen({"x": {"y": [1, 2]}}))
