"""Exact odds for And That's How I Died.

* :func:`legendary_chance`: the chance that a Legendary Adventure (three cards of one banner) can be
  built this turn from a hand and the Pool, counting the Pool refills, which you see before you pick
  the next card. A best player commits to a banner with the beginning, and then always takes a
  needed card from the Pool rather than the hand when both hold one: the Pool card is useless to the
  rest of the adventure, and its replacement might be the card still missing. So the chance is the
  best over banners of a short sum over at most two refills, grouped by (type, banner). The tests
  check it against a search over every refill card and every play, with no such shortcut.
* :func:`decision_odds`: the numbers beside every choice of a turn, by the exact walk of the rest
  of the turn from the player's view (:mod:`toolkit.how_i_died.turn_odds`).
* :func:`damage_per_adventure` and :func:`turns_until_death`: how fast a strategy kills you. The
  model: each turn the twelve cards of hand and Pool are a fresh random twelve of the 90 (with at
  least one card of each type, as the mulligan ensures), and the strategy picks the end with the
  most damage (``reckless``), the least (``survivor``), or any end at random (``random``). Turns
  are independent under the model; the book compares it with played games.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from functools import cache
from math import comb

from toolkit.dist import Dist
from toolkit.how_i_died.cards import (
    ALL_IDS,
    BANNER,
    BANNERS,
    CARDS,
    DAMAGE,
    DEATH_AT,
    GLORY,
    HAND_SIZE,
    POOL_SIZE,
    TYPE,
    TYPES,
    listed_twice,
)
from toolkit.how_i_died.turn_odds import decision_odds as decision_odds  # the shared entry point

STRATEGIES = ("reckless", "survivor", "random")
TABLE_CARDS = HAND_SIZE + POOL_SIZE
ID_HINT = "a card's name in lower case, words joined by hyphens: spied-on, the-soulless"


def check_ids(cards: Iterable[str], what: str) -> list[str]:
    cards = list(cards)
    for card in cards:
        if card not in CARDS:
            raise ValueError(f"{what}: unknown card id {card!r} (an id is {ID_HINT})")
    twice = listed_twice(cards)
    if twice is not None:
        raise ValueError(f"{what}: {twice} is listed twice (each card is in the game once)")
    return cards


def legendary_chance(
    hand: Iterable[str], pool: Iterable[str], unseen: Iterable[str] | None = None
) -> Fraction:
    """P(a Legendary Adventure can be built now from `hand` and `pool`), playing as well as possible.

    `unseen` is what a Pool refill may be (each card equally likely); by default every card that
    is not in the hand or the Pool.
    """
    return max(legendary_chance_by_banner(hand, pool, unseen).values())


def legendary_chance_by_banner(
    hand: Iterable[str], pool: Iterable[str], unseen: Iterable[str] | None = None
) -> dict[str, Fraction]:
    """For each banner, the chance of a Legendary Adventure of that banner this turn, playing as
    well as possible: the odds of each choice of beginning."""
    hand, pool = check_ids(hand, "hand"), check_ids(pool, "pool")
    if set(hand) & set(pool):
        raise ValueError(f"card {sorted(set(hand) & set(pool))[0]!r} is in both hand and pool")
    if unseen is None:
        visible = set(hand) | set(pool)
        unseen = [card for card in ALL_IDS if card not in visible]
    unseen = check_ids(unseen, "unseen")
    if set(unseen) & (set(hand) | set(pool)):
        raise ValueError("an unseen card is in the hand or the pool")
    in_hand = Counter((TYPE[c], BANNER[c]) for c in hand)
    in_pool = Counter((TYPE[c], BANNER[c]) for c in pool)
    deck = Counter((TYPE[c], BANNER[c]) for c in unseen)
    return {b: _chance_for_banner(b, in_hand, in_pool, deck, len(unseen)) for b in BANNERS}


def _chance_for_banner(banner, in_hand, in_pool, deck, size) -> Fraction:
    one, two, three = ("I", banner), ("II", banner), ("III", banner)
    if not (in_hand[one] or in_pool[one]):
        return Fraction(0)
    has_two = in_hand[two] or in_pool[two]
    has_three = in_hand[three] or in_pool[three]

    def finish(two_from_pool: bool, drawn: int, extra_three: bool) -> Fraction:
        """Chance of an end, given the middle is played (from the Pool or not) after `drawn`
        refills so far; `extra_three` if a refill already brought a matching end."""
        if has_three or extra_three:
            return Fraction(1)
        left = size - drawn
        if not two_from_pool or left <= 0:
            return Fraction(0)
        return Fraction(deck[three], left)

    if not in_pool[one] or size == 0:  # the beginning comes from the hand: no refill yet
        if not has_two:
            return Fraction(0)
        return finish(bool(in_pool[two]), 0, False)
    total = Fraction(0)
    others = size - deck[two] - deck[three]
    if deck[two]:  # the refill is the middle: take it from the Pool
        total += Fraction(deck[two], size) * finish(True, 1, False)
    if deck[three] and has_two:  # the refill is the end
        total += Fraction(deck[three], size)
    if others and has_two:
        total += Fraction(others, size) * finish(bool(in_pool[two]), 1, False)
    return total


# -- how fast a strategy kills you -------------------------------------------------------------
def end_damages() -> list[int]:
    return sorted(DAMAGE[c] for c in ALL_IDS if TYPE[c] == "III")


@cache
def ends_in_table() -> Dist:
    """Number of ends among the twelve cards of hand and Pool, given every type is there."""
    per_type = {kind: sum(1 for c in ALL_IDS if TYPE[c] == kind) for kind in TYPES}
    a, b, c = per_type["I"], per_type["II"], per_type["III"]
    weights = {}
    for ends in range(1, TABLE_CARDS - 1):
        weights[ends] = sum(
            comb(a, first) * comb(b, TABLE_CARDS - ends - first) * comb(c, ends)
            for first in range(1, TABLE_CARDS - ends)
        )
    return Dist(weights)


@cache
def damage_per_adventure(strategy: str = "random") -> Dist:
    """Damage of the end a strategy plays from a fresh table (see the module docstring)."""
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r} (choose from {', '.join(STRATEGIES)})")
    damages = end_damages()
    if strategy == "random":
        return Dist.uniform(damages)
    values = sorted(set(damages))
    total = len(damages)

    def given(ends: int) -> Dist:
        weights = {}
        for value in values:
            at_most = sum(1 for d in damages if d <= value)
            below = sum(1 for d in damages if d < value)
            if strategy == "reckless":  # P(max = value)
                weights[value] = comb(at_most, ends) - comb(below, ends)
            else:  # P(min = value)
                weights[value] = comb(total - below, ends) - comb(total - at_most, ends)
        return Dist(weights)

    return ends_in_table().bind(given)


@cache
def turns_until_death(room: int = DEATH_AT, strategy: str = "random") -> Dist:
    """Adventures until the damage taken reaches `room` (15 from the start of a game), each
    adventure's damage drawn independently from :func:`damage_per_adventure`."""
    if room < 1:
        raise ValueError(f"room must be at least 1, got {room}")
    step = damage_per_adventure(strategy).pmf()
    alive = {0: Fraction(1)}  # damage so far -> probability, among those still alive
    turns: dict[int, Fraction] = {}
    count = 0
    while alive:
        count += 1
        following: dict[int, Fraction] = {}
        for taken, p in alive.items():
            for damage, q in step.items():
                total = taken + damage
                if total >= room:
                    turns[count] = turns.get(count, Fraction(0)) + p * q
                else:
                    following[total] = following.get(total, Fraction(0)) + p * q
        alive = following
    return Dist.from_probs(turns)


@cache
def mean_adventure_glory() -> Fraction:
    """Exact mean glory of an adventure of three random cards (one per type), Legendary doubling
    included: each of the 27,000 combinations equally likely."""
    by_type = {kind: [c for c in ALL_IDS if TYPE[c] == kind] for kind in TYPES}
    combos = 1
    for cards in by_type.values():
        combos *= len(cards)
    plain = sum(Fraction(sum(GLORY[c] for c in cards), len(cards)) for cards in by_type.values())
    bonus = 0
    for banner in BANNERS:
        same = [[c for c in by_type[kind] if BANNER[c] == banner] for kind in TYPES]
        for index, cards in enumerate(same):
            others = 1
            for j, other in enumerate(same):
                if j != index:
                    others *= len(other)
            bonus += sum(GLORY[c] for c in cards) * others
    return plain + Fraction(bonus, combos)


def legendary_chance_by_search(hand, pool, unseen) -> Fraction:
    """The same chance as :func:`legendary_chance`, by searching every play from hand or Pool and
    averaging over every possible refill card, with no shortcut about which play is best: slow,
    and independent of the fast method, so tests and benchmarks check one against the other."""

    def value(built, hand, pool, unseen):
        if len(built) == 3:
            return Fraction(int(len({BANNER[c] for c in built}) == 1))
        kind = TYPES[len(built)]
        best = Fraction(0)
        for card in hand:
            if TYPE[card] == kind:
                rest = [c for c in hand if c != card]
                best = max(best, value(built + [card], rest, pool, unseen))
        for card in pool:
            if TYPE[card] == kind:
                index = pool.index(card)
                if not unseen:
                    chance = value(built + [card], hand, pool[:index] + pool[index + 1 :], unseen)
                else:
                    chance = sum(
                        value(
                            built + [card],
                            hand,
                            pool[:index] + [new] + pool[index + 1 :],
                            [c for c in unseen if c != new],
                        )
                        for new in unseen
                    ) / len(unseen)
                best = max(best, chance)
        return best

    return value([], list(hand), list(pool), list(unseen))
