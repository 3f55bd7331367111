"""toolkit.actions: a list of actions read by index without being built reads as the built list."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from toolkit.actions import ActionBlocks
from toolkit.bots import RandomBot

CARDS = [("fighter:2",), ("mender:5",), ("champion:8",)]
BLOCKS = [
    (("attack", "hero-1", "melee"), CARDS),
    (("ability", "hero-1", "heal"), []),  # no card pays for it: the block lists nothing
    (("rest", "hero-1"), CARDS[:1]),
    ((), [("feat", "hero-1", "rest", "a", "b", "c")]),  # ready-made actions
    ((), [("end",)]),
]
BUILT = [head + item for head, items in BLOCKS for item in items]


def test_reads_as_the_built_list():
    actions = ActionBlocks(BLOCKS)
    assert len(actions) == len(BUILT) == 6
    assert [actions[i] for i in range(len(actions))] == BUILT
    assert [actions[-i] for i in range(1, 7)] == BUILT[::-1]
    assert list(actions) == BUILT and actions == BUILT and BUILT == actions
    assert actions[1:3] == BUILT[1:3]
    assert ("rest", "hero-1", "fighter:2") in actions
    assert ("rest", "hero-1", "mender:5") not in actions
    assert actions.index(("end",)) == 5


def test_out_of_range_and_empty():
    with pytest.raises(IndexError):
        ActionBlocks(BLOCKS)[6]
    with pytest.raises(IndexError):
        ActionBlocks(BLOCKS)[-7]
    empty = ActionBlocks([(("rest", "hero-1"), [])])
    assert len(empty) == 0 and list(empty) == [] and not empty


def test_copies_share_the_list():
    actions = ActionBlocks(BLOCKS)
    assert copy.copy(actions) is actions and copy.deepcopy({"a": actions})["a"] is actions


def test_a_random_bot_picks_the_same_action_as_from_the_built_list():
    actions = ActionBlocks(BLOCKS)
    for seed in range(20):
        assert RandomBot(seed).choose({}, actions) == RandomBot(seed).choose({}, BUILT)


@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 4)), max_size=8), st.randoms())
def test_any_blocks_read_as_built(shapes, rng: random.Random):
    blocks = [
        (("h", n), [(f"c{i}",) * width for i in range(n)])
        for n, width in ((n, max(w, 1)) for n, w in shapes)
    ]
    built = [head + item for head, items in blocks for item in items]
    actions = ActionBlocks(blocks)
    assert len(actions) == len(built)
    if built:
        index = rng.randrange(len(built))
        assert actions[index] == built[index]
    assert list(actions) == built
