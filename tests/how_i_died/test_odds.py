"""Exact odds, each checked against an independent method."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from toolkit.how_i_died.cards import ALL_IDS, BANNER, DAMAGE, TYPE, TYPES, adventure_glory
from toolkit.how_i_died.odds import (
    damage_per_adventure,
    legendary_chance,
    legendary_chance_by_search,
    mean_adventure_glory,
    turns_until_death,
)


def random_position(rng, unseen_size):
    cards = list(ALL_IDS)
    rng.shuffle(cards)
    return cards[:6], cards[6:12], cards[12 : 12 + unseen_size]


@pytest.mark.parametrize("seed", range(40))
def test_legendary_chance_matches_a_full_search(seed):
    rng = random.Random(seed)
    hand, pool, unseen = random_position(rng, rng.choice([0, 1, 2, 8, 14]))
    if seed % 2:  # make a Legendary likely to matter: seed the hand with one banner
        banner = rng.choice(["red", "blue", "green", "purple", "yellow"])
        same = [c for c in ALL_IDS if BANNER[c] == banner and c not in pool + unseen]
        hand = rng.sample(same, 3) + [c for c in hand if c not in same][:3]
    assert legendary_chance(hand, pool, unseen) == legendary_chance_by_search(hand, pool, unseen)


def test_legendary_chance_counts_both_refills():
    hand = ["spied-on", "betrayed", "the-hungry", "hydra", "slime", "cursed"]
    pool = ["the-soulless", "insulted", "the-giant", "troll", "mocked", "the-frozen"]
    unseen = [c for c in ALL_IDS if c not in hand + pool]
    # Purple needs its end from the one refill after the middle: 6/78. Red does better: its
    # beginning is in the Pool, so the first refill may be a red end, and if not, the middle from
    # the Pool gives a second chance.
    expected = Fraction(6, 78) + Fraction(72, 78) * Fraction(6, 77)
    assert legendary_chance(hand, pool, unseen) == expected
    # The same position with a short deck, small enough for the full search.
    short = ["skeleton", "dwarf", "the-lonely", "bit", "wraith"]
    assert legendary_chance(hand, pool, short) == legendary_chance_by_search(hand, pool, short)


def test_legendary_chance_refuses_bad_input():
    with pytest.raises(ValueError, match="unknown card id 'zombie'"):
        legendary_chance(["zombie"], [])
    # the command's user has no list of ids at hand: the refusal says how one is made
    with pytest.raises(ValueError, match="name in lower case, words joined by hyphens"):
        legendary_chance(["The Soulless"], [])
    with pytest.raises(ValueError, match="in both hand and pool"):
        legendary_chance(["hydra"], ["hydra"])


def sample_strategy_damage(strategy, rng):
    while True:
        table = rng.sample(ALL_IDS, 12)
        if {TYPE[c] for c in table} == set(TYPES):
            ends = [DAMAGE[c] for c in table if TYPE[c] == "III"]
            return {"reckless": max, "survivor": min, "random": rng.choice}[strategy](ends)


@pytest.mark.parametrize("strategy", ["reckless", "survivor"])
def test_damage_per_adventure_matches_monte_carlo(strategy):
    rng = random.Random(strategy)
    n = 20_000
    counts = {}
    for _ in range(n):
        damage = sample_strategy_damage(strategy, rng)
        counts[damage] = counts.get(damage, 0) + 1
    exact = damage_per_adventure(strategy)
    for damage, p in exact.pmf().items():
        sd = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(counts.get(damage, 0) / n - float(p)) < 4 * sd + 1e-9, damage


def test_random_strategy_damage_is_the_ends_printed_damage():
    damage = damage_per_adventure("random")
    assert damage.mean() == Fraction(sum(DAMAGE[c] for c in ALL_IDS if TYPE[c] == "III"), 30)


@pytest.mark.parametrize("strategy", ["reckless", "survivor", "random"])
def test_turns_until_death_matches_a_renewal_simulation(strategy):
    step = damage_per_adventure(strategy)
    outcomes, weights = zip(*step.weights.items(), strict=True)
    rng = random.Random(1)
    n = 20_000
    counts = {}
    for _ in range(n):
        damage = turns = 0
        while damage < 15:
            damage += rng.choices(outcomes, weights)[0]
            turns += 1
        counts[turns] = counts.get(turns, 0) + 1
    exact = turns_until_death(15, strategy)
    assert sum(exact.pmf().values()) == 1
    for turns, p in exact.pmf().items():
        sd = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(counts.get(turns, 0) / n - float(p)) < 4 * sd + 1e-9


def test_turns_until_death_small_cases_by_hand():
    # Any end deals 2 to 7, so one more adventure always kills with 2 damage of room left.
    assert turns_until_death(2, "random").pmf() == {1: 1}
    assert turns_until_death(3, "random").pmf() == {1: Fraction(5, 6), 2: Fraction(1, 6)}


def test_mean_adventure_glory_by_enumeration():
    by_type = [[c for c in ALL_IDS if TYPE[c] == kind] for kind in TYPES]
    total = sum(
        adventure_glory((a, b, c)) for a in by_type[0] for b in by_type[1] for c in by_type[2]
    )
    assert mean_adventure_glory() == Fraction(total, 27_000)
