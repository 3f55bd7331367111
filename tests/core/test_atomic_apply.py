"""Nothing a caller holds can change a state, and a legal action that fails part-way through
leaves the state exactly as it was."""

from __future__ import annotations

import random

import pytest

from toolkit.actions import ActionBlocks
from toolkit.games import available, get_game
from toolkit.state import CHANCE, TERMINAL, IllegalAction
from toolkit.to_the_death.rules import ToTheDeathState


def play_until(state, moves: int, rng: random.Random):
    """Play random legal moves and chance outcomes, at most `moves` of them."""
    for _ in range(moves):
        seat = state.current_player()
        if seat == TERMINAL:
            break
        if seat == CHANCE:
            outcomes = state.chance_outcomes()
            state.apply(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply(rng.choice(list(state.legal_actions())))
    return state


def test_the_listed_blocks_cannot_be_changed_to_make_an_action_legal():
    """The attack: insert a block that pays a focus with a card not in the hand."""
    state = play_until(ToTheDeathState(seed=3), 40, random.Random(3))
    while not isinstance(state.legal_actions(), ActionBlocks):
        play_until(state, 1, random.Random(len(state.history)))
    legal = state.legal_actions()
    forged = ((), (("focus", ("no-such-card",)),))
    with pytest.raises((AttributeError, TypeError)):
        legal.blocks.insert(0, forged)
    with pytest.raises((AttributeError, TypeError)):
        legal.blocks = [forged]
    with pytest.raises((AttributeError, TypeError)):
        legal.blocks[0][1].append(("no-such-card",))
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(("focus", ("no-such-card",)))
    assert state.to_json() == before and state.legal_actions() == legal


@pytest.mark.parametrize("slug", available())
@pytest.mark.parametrize("failure", [RuntimeError, KeyboardInterrupt])
def test_a_legal_action_that_fails_part_way_leaves_the_state_as_it_was(slug, failure, monkeypatch):
    spec = get_game(slug)
    for seed in range(7, 100):  # a random game that is at a seat's decision after a few moves
        rng = random.Random(seed)
        state = play_until(spec.new_state(spec.min_players, seed), 8, rng)
        while state.current_player() == CHANCE:
            play_until(state, 1, rng)
        if not state.is_terminal():
            break
    action = rng.choice(list(state.legal_actions()))
    twin = state.clone()
    kind = type(state)
    engine_step = kind._apply

    def fail_after_the_step(self, act):
        engine_step(self, act)  # the whole step has changed the state: then it fails
        raise failure("injected")

    monkeypatch.setattr(kind, "_apply", fail_after_the_step)
    with pytest.raises(failure):
        state.apply(action)
    monkeypatch.setattr(kind, "_apply", engine_step)
    assert state.to_json() == twin.to_json()
    assert list(state.legal_actions()) == list(twin.legal_actions())
    # the same moves from here play the same game to its end
    state.apply(action)
    twin.apply(action)
    play_until(state, 400, random.Random(1))
    play_until(twin, 400, random.Random(1))
    assert state.history == twin.history
    assert state.result_summary() == twin.result_summary()
