"""The plain-roll fast path against the general one, over every pool the box can roll.

A roll with no stress to spend is answered from each die's polynomial (``dice.roll_counts``,
``rerolls.plain_score``) instead of the reroll decision process. These tests compare the two over
the whole range the fast path serves: every pool up to the box's dice, every objective and
tie-break, every number of successes needed; and the joint distribution against the die-by-die
product of single-die distributions. Successes alone are also checked against the binomial
formula: three of the six sides of either die show a success.
"""

from fractions import Fraction
from math import comb

import pytest

from toolkit.death_may_die import rerolls
from toolkit.death_may_die.cli import MAX_BLACK, MAX_GREEN
from toolkit.death_may_die.dice import add_results, load_dice, roll_counts, roll_distribution
from toolkit.dist import Dist

POOLS = [(b, g) for b in range(MAX_BLACK + 1) for g in range(MAX_GREEN + 1)]
OBJECTIVES = [
    rerolls.Objective(name, tie_break=tie_break)
    for name in rerolls.OBJECTIVES
    if name not in ("at_least", "survive")
    for tie_break in rerolls.TIE_BREAKS
]


def die_by_die(black: int, green: int) -> Dist:
    """The joint distribution one die at a time, each die's six sides as a :class:`Dist`."""
    dice = load_dice()
    result = Dist.constant((0, 0, 0))
    for colour, number in (("black", black), ("green", green)):
        for _ in range(number):
            result = result.combine(dice[colour].distribution(), add_results)
    return result


def test_the_box_is_eight_black_and_six_green():
    assert (MAX_BLACK, MAX_GREEN) == (8, 6)
    assert len(POOLS) == 63


@pytest.mark.parametrize("black,green", POOLS)
def test_joint_distribution_equals_die_by_die_product(black, green):
    roll_distribution.cache_clear()
    assert roll_distribution(black, green) == die_by_die(black, green)
    assert sum(roll_counts(black, green).values()) == 6 ** (black + green)


@pytest.mark.parametrize("black,green", POOLS)
def test_successes_alone_equal_the_binomial_and_the_decision_process(black, green):
    dice = black + green
    for need in range(-1, dice + 2):
        binomial = Fraction(sum(comb(dice, k) for k in range(max(need, 0), dice + 1)), 2**dice)
        for tie_break in rerolls.TIE_BREAKS:
            for name in ("at_least", "survive"):
                objective = rerolls.Objective(name, max(need, 0), tie_break)
                fast = rerolls.plain_score(black, green, objective)
                assert fast == rerolls.solved_score(black, green, 0, objective)
        if need >= 0:
            assert rerolls.p_at_least(black, green, need, 0) == binomial


@pytest.mark.parametrize("black,green", POOLS)
def test_every_other_objective_equals_the_decision_process(black, green):
    for objective in OBJECTIVES:
        fast = rerolls.plain_score(black, green, objective)
        assert fast == rerolls.solved_score(black, green, 0, objective), objective
        assert rerolls.expected_score(black, green, 0, objective) == fast


def test_joint_questions_read_from_the_fast_distribution():
    # 3 black: no tentacle on any die (4 of 6 sides each), and at least 2 successes with no
    # tentacle (successes without a tentacle are 2 of the 4 tentacle-free sides).
    three = roll_distribution(3, 0)
    assert three.probability(lambda r: r[1] == 0) == Fraction(8, 27)
    two_clean = sum(comb(3, k) * 2**k * 2 ** (3 - k) for k in (2, 3))
    assert three.probability(lambda r: r[0] >= 2 and r[1] == 0) == Fraction(two_clean, 6**3)


def test_negative_dice_are_refused_on_the_fast_path():
    with pytest.raises(ValueError, match="cannot be negative"):
        rerolls.p_at_least(-1, 0, 1, 0)
    with pytest.raises(ValueError, match="cannot be negative"):
        roll_counts(0, -2)
