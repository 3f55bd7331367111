"""Epic Death! exact odds against independent methods: icepool 2.1 for every plain query, and
brute-force enumeration of every die (pool dice and rolled dice) for D6 modifiers and Frenzy.

Pool rules as the engine reads them (see book/rules-notes/epic_death.md): the D6 dice change the
pool, which is then clamped to 0..16; without Frenzy a pool below the target fails without a roll
(0 Victories); with Frenzy the pool rolls even when cut to one die (or to none: then one die), and a
6 counts as two Victories.
"""

from __future__ import annotations

import importlib
import itertools
from collections import Counter
from fractions import Fraction
from functools import cache
from math import comb

import icepool
import pytest

from toolkit.dist import Dist

# `toolkit.epic_death.odds` the attribute is the CLI's odds() function; the module is imported by name
odds = importlib.import_module("toolkit.epic_death.odds")

WINNING_FACES = {"trivial": 3, "mighty": 2, "exalted": 1}


def icepool_victories(dice: int, difficulty: str, frenzy: bool = False):
    lowest_win = 7 - WINNING_FACES[difficulty]
    die = icepool.d6.map(
        lambda face: (2 if frenzy and face == 6 else 1) if face >= lowest_win else 0
    )
    return dice @ die


def as_dist(pool) -> Dist:
    return Dist({int(outcome): int(weight) for outcome, weight in pool.items()})


@pytest.mark.parametrize("difficulty", WINNING_FACES)
@pytest.mark.parametrize("dice", range(1, 17))
def test_plain_odds_equal_icepool(difficulty, dice):
    pool = icepool_victories(dice, difficulty)
    for needed in range(1, dice + 1):
        success, epic_death = odds.plain_odds(dice, difficulty, needed)
        assert success == pool.probability(">=", needed)
        assert epic_death == pool.probability("==", needed)
        assert isinstance(success, Fraction) and isinstance(epic_death, Fraction)
    assert odds.plain_odds(dice, difficulty, dice + 1) == (0, 0)
    assert odds.victories(dice, difficulty) == as_dist(pool)


@pytest.mark.parametrize("difficulty", WINNING_FACES)
@pytest.mark.parametrize("dice", [1, 2, 5, 10, 16])
def test_frenzy_victories_equal_icepool(difficulty, dice):
    assert odds.victories(dice, difficulty, True) == as_dist(
        icepool_victories(dice, difficulty, True)
    )


def test_odds_table_is_every_query_once():
    odds._tails.cache_clear()
    odds.victories.cache_clear()
    table = odds.odds_table()
    assert len(table) == 3 * sum(range(1, 17))
    assert len({row[:3] for row in table}) == len(table)
    pools = {}
    for difficulty, dice, needed, success, epic_death in table:
        pool = pools.setdefault((difficulty, dice), icepool_victories(dice, difficulty))
        assert (success, epic_death) == (
            pool.probability(">=", needed),
            pool.probability("==", needed),
        )


@pytest.mark.parametrize("dice", [1, 3, 8, 16])
def test_roll_outcomes_split_plain_victories_and_sixes(dice):
    for difficulty in WINNING_FACES:
        split = odds.roll_outcomes(dice, difficulty)
        assert split.map(lambda ps: ps[0] + ps[1]) == odds.victories(dice, difficulty)
        assert split.map(lambda ps: ps[0] + 2 * ps[1]) == odds.victories(dice, difficulty, True)
        assert split.map(lambda ps: ps[1]) == as_dist(dice @ icepool.d6.map(lambda f: int(f == 6)))


# -- D6 modifiers and Frenzy, every die enumerated -------------------------------------------------
@cache
def enumerated_roll(dice: int, difficulty: str, frenzy: bool) -> dict[int, Fraction]:
    """Victories over all 6**dice face sequences."""
    lowest_win = 7 - WINNING_FACES[difficulty]
    counts = Counter(
        sum((2 if frenzy and f == 6 else 1) if f >= lowest_win else 0 for f in faces)
        for faces in itertools.product(range(1, 7), repeat=dice)
    )
    return {k: Fraction(c, 6**dice) for k, c in counts.items()}


def enumerated_pools(base: int, dice: int, plus: int, minus: int) -> Counter:
    """Pool size (clamped to 0..16) over every face of every D6 card's die."""
    pools: Counter = Counter()
    for faces in itertools.product(range(1, 7), repeat=plus + minus):
        size = base + dice + sum(faces[:plus]) - sum(faces[plus:])
        pools[min(max(size, 0), 16)] += Fraction(1, 6 ** (plus + minus))
    return pools


def brute_quest(needed, difficulty, base, dice, plus, minus, frenzy, roll=enumerated_roll):
    victories: Counter = Counter()
    no_roll = Fraction(0)
    for pool, chance in enumerated_pools(base, dice, plus, minus).items():
        if frenzy:
            pool = max(pool, 1)
        elif pool < needed:
            victories[0] += chance
            no_roll += chance
            continue
        for k, p in roll(pool, difficulty, frenzy).items():
            victories[k] += chance * p
    return {k: p for k, p in victories.items() if p}, no_roll


SMALL_POOLS = [  # (base, dice, plus_d6, minus_d6): pools of at most six dice, so every roll enumerates
    (0, 0, 1, 0),
    (3, 0, 0, 1),
    (1, 0, 1, 1),
    (0, -6, 2, 1),
    (4, 2, 0, 0),
    (2, -3, 0, 0),
]


@pytest.mark.parametrize("frenzy", [False, True])
@pytest.mark.parametrize("difficulty", WINNING_FACES)
@pytest.mark.parametrize("base, dice, plus, minus", SMALL_POOLS)
def test_quest_odds_equal_enumeration(base, dice, plus, minus, difficulty, frenzy):
    modifiers = odds.PoolModifiers(dice=dice, plus_d6=plus, minus_d6=minus, frenzy=frenzy)
    for needed in range(1, 6):
        result = odds.quest_odds(needed, difficulty, modifiers, base=base)
        expected, no_roll = brute_quest(needed, difficulty, base, dice, plus, minus, frenzy)
        assert result.victories.pmf() == expected
        assert result.success == sum(p for k, p in expected.items() if k >= needed)
        assert result.exact == expected.get(needed, 0)
        assert result.no_roll == no_roll
        assert (result.needed, result.difficulty) == (needed, difficulty)


def formula_roll(dice: int, difficulty: str, frenzy: bool) -> dict[int, Fraction]:
    """Victories by counting sixes and other winning faces with binomial coefficients."""
    plain = WINNING_FACES[difficulty] - 1
    result: Counter = Counter()
    for sixes in range(dice + 1):
        for wins in range(dice - sixes + 1):
            ways = (
                comb(dice, sixes)
                * comb(dice - sixes, wins)
                * plain**wins
                * (5 - plain) ** (dice - sixes - wins)
            )
            result[wins + sixes * (2 if frenzy else 1)] += Fraction(ways, 6**dice)
    return result


@pytest.mark.parametrize("frenzy", [False, True])
@pytest.mark.parametrize(
    "base, dice, plus, minus",
    [(10, 0, 2, 0), (10, 3, 1, 1), (10, -2, 1, 2), (16, 0, 0, 1), (10, 0, 0, 2)],
)
def test_quest_odds_of_large_pools_equal_counting(base, dice, plus, minus, frenzy):
    """Pools up to and clamped at 16 dice: pool sizes enumerated, each roll counted by formula."""
    modifiers = odds.PoolModifiers(dice=dice, plus_d6=plus, minus_d6=minus, frenzy=frenzy)
    for difficulty in WINNING_FACES:
        for needed in (1, 4, 9, 13, 16):
            result = odds.quest_odds(needed, difficulty, modifiers, base=base)
            expected, no_roll = brute_quest(
                needed, difficulty, base, dice, plus, minus, frenzy, roll=formula_roll
            )
            assert result.victories.pmf() == expected
            assert result.no_roll == no_roll


def test_pool_is_clamped_to_the_box():
    assert odds.PoolModifiers(dice=9).pool() == Dist.constant(16)
    assert odds.PoolModifiers(dice=-12).pool() == Dist.constant(0)
    assert odds.PoolModifiers(plus_d6=1).pool().pmf() == {n: Fraction(1, 6) for n in range(11, 17)}
    assert odds.PoolModifiers(dice=6, plus_d6=1).pool() == Dist.constant(16)


def test_unmodified_quest_odds_equal_plain_odds():
    for difficulty in WINNING_FACES:
        for needed in range(1, 11):
            result = odds.quest_odds(needed, difficulty)
            assert (result.success, result.exact) == odds.plain_odds(10, difficulty, needed)
            assert result.no_roll == 0
    html = odds.quest_odds(3, "mighty")._repr_html_()
    assert "<table" in html and "<td>impossible</td>" in html  # never fails without rolling


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: odds.plain_odds(17, "mighty", 3), "0 to 16 dice, not 17"),
        (lambda: odds.plain_odds(-1, "mighty", 3), "not -1"),
        (lambda: odds.plain_odds(10, "mighty", 0), "at least 1 Victory"),
        (lambda: odds.plain_odds(10, "hard", 3), "'hard'"),
        (lambda: odds.quest_odds(0, "mighty"), "1 to 16 Victories, not 0"),
        (lambda: odds.quest_odds(17, "mighty"), "not 17"),
        (lambda: odds.quest_odds(3, "epic"), "'epic'"),
        (lambda: odds.victories(17, "trivial"), "not 17"),
    ],
)
def test_bad_queries_are_refused(call, message):
    with pytest.raises(ValueError, match=message):
        call()
