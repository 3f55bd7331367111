"""Exact odds of an Epic Death! quest.

A die is a Victory on 4+ (Trivial), 5+ (Mighty) or 6 (Exalted), so the Victories of a fixed pool are
binomial. Fate cards make the pool itself random (+/- D6 dice), which is a mixture of binomials, and a
Frenzy card lets a pool smaller than the target roll, with each 6 counting as two Victories.
Everything is computed with integer weights and returned as exact fractions.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb, gcd

from toolkit.dist import Dist, binomial
from toolkit.epic_death.cards import BASE_POOL, BOX
from toolkit.html import chance, table

FACES_WINNING = {"trivial": 3, "mighty": 2, "exalted": 1}  # faces out of six that score a Victory
DIFFICULTIES = tuple(FACES_WINNING)


def victory_chance(difficulty: str) -> Fraction:
    return Fraction(FACES_WINNING[check_difficulty(difficulty)], 6)


def check_difficulty(difficulty: str) -> str:
    if difficulty not in FACES_WINNING:
        raise ValueError(f"difficulty must be one of {', '.join(DIFFICULTIES)}, not {difficulty!r}")
    return difficulty


@cache
def victories(dice: int, difficulty: str, frenzy: bool = False) -> Dist:
    """Victories rolled with `dice` dice; under Frenzy a 6 counts as two."""
    if not 0 <= dice <= BOX:
        raise ValueError(f"a pool holds 0 to {BOX} dice, not {dice}")
    if not frenzy:
        return binomial(dice, victory_chance(difficulty))
    if dice == 0:
        return Dist.constant(0)
    plain = FACES_WINNING[check_difficulty(difficulty)] - 1  # winning faces other than the 6
    one_die = Dist({0: 6 - plain - 1, 1: plain, 2: 1})
    # one die more than the pool one smaller: a random pool (D6 cards) asks for a run of sizes,
    # and each then costs one small convolution
    return victories(dice - 1, difficulty, True) + one_die


@cache
def roll_outcomes(dice: int, difficulty: str) -> Dist:
    """(plain Victories, sixes) of one roll: what the engine's chance node draws.

    Plain Victories are winning faces other than 6, so re-rolls and Frenzy can treat sixes apart.
    """
    plain = FACES_WINNING[check_difficulty(difficulty)] - 1
    one_die = Dist({(0, 0): 6 - plain - 1, (1, 0): plain, (0, 1): 1})
    result = Dist.constant((0, 0))
    for _ in range(dice):
        result = result.combine(one_die, lambda a, b: (a[0] + b[0], a[1] + b[1]))
    return result


@dataclass(frozen=True)
class PoolModifiers:
    """What the Fate cards on a quest did to the pool before the roll.

    `dice` is the net fixed change (+2 and -1 cards give 1); `plus_d6` and `minus_d6` count the D6
    cards whose die is not rolled yet.
    """

    dice: int = 0
    plus_d6: int = 0
    minus_d6: int = 0
    frenzy: bool = False

    def pool(self, base: int = BASE_POOL) -> Dist:
        """The pool size, clamped to 0..BOX once every modifier is in."""
        d6 = Dist.die()
        total = Dist.constant(base + self.dice) + d6.repeat(self.plus_d6) - d6.repeat(self.minus_d6)
        return total.map(lambda n: min(max(n, 0), BOX))


@dataclass(frozen=True)
class QuestOdds:
    """The answer for one quest: exact P(success), P(exactly the target) and the Victory distribution.

    `victories` counts a pool below the target (without Frenzy) as 0 Victories: the quest fails
    without a roll. `no_roll` is the chance of that.
    """

    needed: int
    difficulty: str
    success: Fraction
    exact: Fraction
    no_roll: Fraction
    victories: Dist

    def _repr_html_(self) -> str:
        rows = [
            (f"success (at least {self.needed})", chance(self.success)),
            (f"exactly {self.needed} (EPIC DEATH on an Epic Quest)", chance(self.exact)),
            ("fails without rolling", chance(self.no_roll)),
        ]
        return table(["event", "chance"], rows, caption=f"{self.difficulty} quest")


@cache
def quest_odds(
    needed: int, difficulty: str, modifiers: PoolModifiers | None = None, base: int = BASE_POOL
) -> QuestOdds:
    """Odds of a quest needing `needed` Victories at `difficulty`, given the pool's modifiers.

    Kept once worked out: a greedy bot or the advisor asks the same few questions again and again
    (a few hundred distinct ones in a game), and the answer is immutable."""
    if not 1 <= needed <= BOX:
        raise ValueError(f"a quest needs 1 to {BOX} Victories, not {needed}")
    check_difficulty(difficulty)
    modifiers = modifiers or PoolModifiers()
    pool = modifiers.pool(base)

    def rolled(dice: int) -> Dist:
        if modifiers.frenzy:
            return victories(max(dice, 1), difficulty, True)
        return victories(dice, difficulty) if dice >= needed else Dist.constant(0)

    result = pool.bind(rolled)
    no_roll = Fraction(0) if modifiers.frenzy else pool.probability(lambda n: n < needed)
    return QuestOdds(
        needed, difficulty, result.at_least(needed), result.exactly(needed), no_roll, result
    )


@cache
def _tails(dice: int, difficulty: str) -> tuple[tuple[int, ...], int]:
    """Integer weights of P(X >= k) for k = 0..dice+1, and their common denominator: the odds
    table's hot path. A die's odds are reduced first (Trivial is 1:1, not 3:3), which keeps the
    integers, and so the Fractions made from them, small."""
    win = FACES_WINNING[difficulty]
    lose = 6 - win
    common = gcd(win, lose)
    win, lose = win // common, lose // common
    weights = [comb(dice, k) * win**k * lose ** (dice - k) for k in range(dice + 1)]
    tails = [0] * (dice + 2)
    for k in range(dice, -1, -1):
        tails[k] = tails[k + 1] + weights[k]
    return tuple(tails), (win + lose) ** dice


def plain_odds(dice: int, difficulty: str, needed: int) -> tuple[Fraction, Fraction]:
    """(P(at least `needed`), P(exactly `needed`)) for a fixed pool: the CLI's and the table's query."""
    if not 0 <= dice <= BOX:
        raise ValueError(f"a pool holds 0 to {BOX} dice, not {dice}")
    if needed < 1:
        raise ValueError(f"a quest needs at least 1 Victory, not {needed}")
    check_difficulty(difficulty)
    if needed > dice:
        return Fraction(0), Fraction(0)
    tails, total = _tails(dice, difficulty)
    return Fraction(tails[needed], total), Fraction(tails[needed] - tails[needed + 1], total)


def odds_table() -> list[tuple[str, int, int, Fraction, Fraction]]:
    """Every (difficulty, dice 1-BOX, target 1-dice) with P(success) and P(EPIC DEATH)."""
    rows = []
    for difficulty in DIFFICULTIES:
        for dice in range(1, BOX + 1):
            tails, total = _tails(dice, difficulty)
            for needed in range(1, dice + 1):
                at_least, beyond = tails[needed], tails[needed + 1]
                rows.append(
                    (
                        difficulty,
                        dice,
                        needed,
                        Fraction(at_least, total),
                        Fraction(at_least - beyond, total),
                    )
                )
    return rows
