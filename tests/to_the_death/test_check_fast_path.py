"""P(hit) counted straight from the arsenal's values, against the distribution of the unseen cards.

``odds.check_at_least`` (behind ``p_hit`` and ``p_skill``) counts the unseen cards at or above the
value a check needs; the general path builds ``check_values(seen)``, the distribution of the next
check, and reads its tail. They are compared over every set of up to three seen cards (every
multiset of up to three seen values, each in every suit combination) for every needed value from
below the lowest card to above the highest, over seeded random larger sets, over a grid of weapon,
armor, bonus and focus, and on every impossible list, where both must refuse alike.
"""

import random
from fractions import Fraction
from itertools import combinations

import pytest

from toolkit.to_the_death.cards import catalog, value_of
from toolkit.to_the_death.odds import check_at_least, check_values, p_hit, p_skill

ARSENAL = tuple(catalog().arsenal)
NEEDED = range(-2, 12)  # values run 0 to 8: below, through and above every one


def general(needed, seen):
    return check_values(seen).at_least(needed)


@pytest.mark.parametrize("size", [0, 1, 2, 3])
def test_every_small_seen_set_and_every_needed_value(size):
    for seen in combinations(ARSENAL, size):
        dist = check_values(seen)
        for needed in NEEDED:
            assert check_at_least(needed, seen) == dist.at_least(needed), (seen, needed)


def test_random_larger_seen_sets():
    rng = random.Random(0)
    for _ in range(600):
        seen = rng.sample(ARSENAL, rng.randint(4, len(ARSENAL) - 1))
        for needed in NEEDED:
            assert check_at_least(needed, seen) == general(needed, seen), (seen, needed)


def test_p_hit_and_p_skill_over_weapon_armor_bonus_and_focus():
    seen = ["fighter:5", "champion:7", "magician:0", "mender:2", "magician:7"]
    dist = check_values(seen)
    for weapon in range(0, 7):
        for armor in range(0, 15):
            for bonus in range(-3, 5):
                for focus in (0, 1, 2):
                    expected = dist.at_least(armor - weapon - bonus - focus)
                    assert p_hit(weapon, armor, bonus, seen, focus) == expected
                    assert p_skill(weapon, armor, bonus, seen, focus) == expected


def test_the_rulebook_example_by_counting():
    # weapon 2 with +2 against armor 6 needs a check of 2 or more: all but the four 0s
    assert p_hit(2, 6, 2) == Fraction(28, 32)
    seen = ["fighter:5", "champion:7", "magician:0", "mender:2", "magician:7"]
    left = [c for c in ARSENAL if c not in seen]
    assert p_hit(2, 6, 2, seen) == Fraction(sum(value_of(c) >= 2 for c in left), len(left))


@pytest.mark.parametrize(
    "seen",
    [["fighter:5", "fighter:5"], ["fighter:9"], list(ARSENAL), ["nobody:1", "fighter:5"]],
)
def test_impossible_seen_lists_are_refused_alike(seen):
    with pytest.raises(ValueError) as general_error:
        check_values(seen)
    with pytest.raises(ValueError) as fast_error:
        p_hit(2, 6, 0, seen)
    assert str(fast_error.value) == str(general_error.value)
