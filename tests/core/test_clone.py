"""A copy of a game (``GameState.clone``) is made field by field as its class's ``COPY`` table
says. At positions of every game, of each seat's view of them and of positions set up from a
description, the copy is the same position (its key, its legal actions, the same future under
the same seeds) and shares nothing the game changes: emptying every list, dict and set of the copy
leaves the original as it was, and so does playing the copy to the end."""

import dataclasses
import random
import types

import pytest

from toolkit.games import get_game
from toolkit.how_i_died.view import turn_view
from toolkit.simulate import sample_outcome
from toolkit.state import (
    CHANCE,
    FORGOTTEN,
    FRESH,
    SCALARS,
    SHARED,
    copy_table,
    copying,
    frozen,
)
from toolkit.steps import StepMachine

CASES = [("epic-death", 3), ("to-the-death", 1), ("to-the-death", 2), ("tpk", 3),
         ("how-i-died", 3), ("death-may-die", 2)]  # fmt: skip
IDS = [f"{slug}-{players}" for slug, players in CASES]


def play_one(state, rng: random.Random) -> None:
    """A chance outcome drawn, or a random choice made."""
    if state.current_player() == CHANCE:
        state.apply_listed(sample_outcome(state.chance_outcomes(), rng))
    else:
        state.apply_listed(rng.choice(list(state.legal_actions())))


def positions(slug: str, players: int, seed: int, every: int = 7):
    """Every `every`-th position of a random game, chance nodes too, each handed out as the live
    state (a check that changed it would change the rest of the game)."""
    state = get_game(slug).new_state(players, seed)
    rng = random.Random(seed)
    for move in range(400):
        if state.is_terminal():
            return
        if move % every == 0:
            yield state
        play_one(state, rng)


def played_on(state, seed: int, moves: int = 300) -> list:
    """The moves `state` plays on with random choices and chance from `seed`."""
    rng = random.Random(seed)
    start = len(state.history)
    for _ in range(moves):
        if state.is_terminal():
            break
        play_one(state, rng)
    return state.history[start:]


def changing(state) -> list[str]:
    """The fields a copy must not share: every field its class does not declare shared."""
    table = copy_table(type(state))
    return [name for name in vars(state) if table[name] is not SHARED]


def snapshot(state) -> dict:
    """Every field of `state` as a value (the generator by its state), but the read-only tables
    (shared and left out of the key) and caches (the legal actions kept, a copy's fresh or
    forgotten fields)."""
    table = copy_table(type(state))
    return {
        name: value.getstate() if isinstance(value, random.Random) else frozen(value)
        for name, value in vars(state).items()
        if name not in ("_legal", "_legal_at")
        and table[name] not in (FRESH, FORGOTTEN)
        and not (name in state.NOT_IN_KEY and table[name] is SHARED)
    }


NOT_MUTABLE = (types.FunctionType, types.BuiltinFunctionType, types.MethodType, type, frozenset)


def is_value(value) -> bool:
    """A frozen dataclass: made anew, never changed."""
    return dataclasses.is_dataclass(value) and value.__dataclass_params__.frozen


def parts(value, found: dict, field: str = "") -> dict:
    """Every object inside `value` that can change (lists, dicts, sets, objects with fields), by
    id. A step's arguments on the stack are values (never changed in place: see
    :class:`toolkit.steps.StepMachine`), so only the stack's list is taken."""
    if isinstance(value, (*SCALARS, *NOT_MUTABLE)):
        return found
    if isinstance(value, tuple) or is_value(value):
        for item in vars(value).values() if is_value(value) else value:
            parts(item, found)
        return found
    if id(value) in found:
        return found
    found[id(value)] = value
    if field == "stack":
        return found
    if isinstance(value, dict):
        items = list(value.values())
    elif isinstance(value, list | set):
        items = list(value)
    elif hasattr(value, "__dict__"):
        items = list(vars(value).values())
    else:
        items = [getattr(value, name, None) for name in getattr(type(value), "__slots__", ())]
    for item in items:
        parts(item, found)
    return found


def emptied(value, field: str = "") -> None:
    """Empty every list, dict and set inside `value`, as a careless walk might (a step's
    arguments on the stack left as they are: values)."""
    if isinstance(value, tuple) or field == "stack":
        if field == "stack":
            value.clear()
        return
    if isinstance(value, dict):
        for item in list(value.values()):
            emptied(item)
        value.clear()
    elif isinstance(value, list):
        for item in value:
            emptied(item)
        value.clear()
    elif isinstance(value, set):
        value.clear()
    elif hasattr(value, "__dict__") and not isinstance(value, (*NOT_MUTABLE, random.Random)):
        for item in vars(value).values():
            emptied(item)


def check_copy(state, seed: int, future: bool) -> None:
    before = snapshot(state)
    twin = state.clone()
    assert type(twin) is type(state)
    assert twin.position_key() == state.position_key()
    assert twin.current_player() == state.current_player()
    assert list(twin.legal_actions()) == list(state.legal_actions())
    assert snapshot(twin) == before
    mine, theirs = {}, {}
    for name in changing(state):
        if name != "rng":  # a generator is shared only where nothing it draws matters
            parts(getattr(state, name), mine, name)
            parts(getattr(twin, name), theirs, name)
    shared = set(mine) & set(theirs)
    assert not shared, f"the copy shares {[mine[i] for i in shared][:2]}"
    if future:
        again = state.clone()
        assert played_on(twin, seed) == played_on(again, seed)
        assert snapshot(state) == before
    for name in changing(state):
        if name != "rng":
            emptied(getattr(twin, name), name)
    assert snapshot(state) == before


@pytest.mark.parametrize(("slug", "players"), CASES, ids=IDS)
def test_a_copy_is_the_same_position_and_shares_nothing_that_changes(slug, players):
    for seed in (1, 2):
        for state in positions(slug, players, seed):
            check_copy(state, seed, future=True)


@pytest.mark.parametrize(("slug", "players"), CASES, ids=IDS)
def test_a_copy_of_a_seats_view_shares_nothing_that_changes(slug, players):
    for state in positions(slug, players, 3, every=11):
        seat = max(state.current_player(), 0)
        check_copy(state.players_view(seat), 3, future=False)
        if slug == "how-i-died" and state.current_player() >= 0:
            check_copy(turn_view(state, seat), 3, future=False)


@pytest.mark.parametrize(("slug", "players"), CASES, ids=IDS)
def test_a_copy_of_a_described_position_is_the_same_position(slug, players):
    spec = get_game(slug)
    if not spec.describes_positions:
        pytest.skip(f"{slug} describes no positions")
    for state in positions(slug, players, 4, every=23):
        if state.current_player() >= 0:
            check_copy(spec.position(spec.describe(state)), 4, future=True)


def test_a_field_no_table_declares_is_refused_not_shared():
    class Noted(StepMachine):
        COPY = copying(copied=("notes",))

        def __init__(self):
            super().__init__(0)
            self.notes, self.extra = [], []

        @property
        def num_players(self):
            return 1

        def returns(self):
            return [0.0]

        def observation(self, player):
            return {}

    with pytest.raises(TypeError, match="'extra'"):
        Noted().clone()
    with pytest.raises(ValueError, match="'notes' is declared twice"):
        copying(shared=("notes",), copied=("notes",))
