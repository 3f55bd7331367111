"""The odds a player asks for: rolls, attacks, fire, and what tentacles do to the sanity track.

Built on :mod:`dice` (exact joint distributions) and :mod:`rerolls` (the optimal stress policy).
Everything here answers in exact Fractions or :class:`~toolkit.dist.Dist` objects. The numbers
beside each choice of a game in play (:func:`decision_odds`, what the widget and ``death-toolkit
analyse`` show) are the engine's own, walked in :mod:`toolkit.death_may_die.decisions`.
"""

from __future__ import annotations

from fractions import Fraction

from toolkit.death_may_die import rerolls
from toolkit.death_may_die.cards import SanityTrack
from toolkit.death_may_die.decisions import decision_odds
from toolkit.death_may_die.dice import add_results, face_symbols, marginal, roll_distribution
from toolkit.dist import Dist

STANDARD_DICE = 3  # "make a roll" always throws three black dice
__all__ = [
    "SanityTrack",
    "attack_summary",
    "decision_odds",
    "fire_roll",
    "rest_of_throw",
    "tentacles_distribution",
]


def rest_of_throw(step: dict) -> Dist:
    """The (successes, tentacles, elder signs) a throw in progress shows once its last die is
    down, before any reroll: the faces showing plus every die still to roll (or the one being
    rerolled). `step` is the engine's roll step."""
    showing = (0, 0, 0)
    to_roll = {"black": step["black"], "green": step["green"]}
    for index, (colour, face) in enumerate(step["faces"]):
        if index != step["reroll"]:
            to_roll[colour] -= 1
            showing = add_results(showing, face_symbols(face))
    return roll_distribution(to_roll["black"], to_roll["green"]).map(
        lambda result: add_results(result, showing)
    )


def tentacles_distribution(black: int, green: int = 0) -> Dist:
    return marginal(roll_distribution(black, green), "tentacle")


def fire_roll(tokens: int) -> Dist:
    """Joint (wounds, sanity lost, elders) of the fire roll: one black die per fire token."""
    return roll_distribution(tokens, 0)


def attack_summary(black: int, green: int, stress: int) -> dict[str, Fraction]:
    """An enemy attack against you, each number with the best rerolls for that aim."""
    aim = rerolls.Objective
    return {
        "expected_wounds_no_reroll": rerolls.value(black, green, 0, aim("fewest_wounds")),
        "expected_wounds": rerolls.value(black, green, stress, aim("fewest_wounds")),
        "expected_sanity_loss": rerolls.value(black, green, stress, aim("fewest_tentacles")),
        "expected_harm": rerolls.value(black, green, stress, aim("fewest_harm")),
    }
