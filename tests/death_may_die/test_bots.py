"""The Death May Die bots' remembered reroll advice."""

from __future__ import annotations

from toolkit.death_may_die.bots import _advice, roll_advice
from toolkit.simulate import decision_points


def rolls() -> list[dict]:
    return [
        state.observation(state.current_player())
        for state in decision_points("death-may-die", 1, [0, 1])
        if state.pending[0]["kind"] == "roll"
    ]


def test_remembered_advice_is_fresh_advice_whatever_the_order_of_the_dice():
    observations = rolls()
    assert observations
    for observation in observations:
        _advice.cache_clear()
        fresh = roll_advice(observation)
        observation["roll"]["faces"].reverse()
        assert roll_advice(observation) == fresh  # remembered, from the dice in another order
        assert _advice.cache_info().hits == 1
