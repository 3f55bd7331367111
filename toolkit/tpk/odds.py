"""How winnable is a level? The chance that a perfectly coordinated party could clear a fresh deal.

A fresh deal: the whole threat deck (45 cards, no treasure taken yet) shuffled, the row laid out,
every character drawing from their full equipment deck. :func:`clearable_probability` estimates the
chance by Monte Carlo over seeded deals, each decided exactly by :mod:`toolkit.tpk.coordination`,
with a Wilson interval; :func:`exact_clearable` enumerates every deal when the counts allow
(level 1 with two characters; three take hours), as an exact Fraction.
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from itertools import combinations, product

from toolkit.simulate import wilson_interval
from toolkit.tpk.cards import catalog
from toolkit.tpk.coordination import clearable, solve
from toolkit.tpk.rules import (
    DEFAULT_PARTIES,
    TPKState,
    amulet_sides,
    covers,
    covers_both,
    half_of_x2,
    item_table,
    starting_deck,
    threat_table,
)

EXACT_BUDGET = 1_000_000  # deal classes before merging (two characters at level 1: 199,584)


def party(characters: list[str] | str | None, players: int | None = None) -> list[str]:
    """A party from a comma list or list of ids (or the default party for a size)."""
    if isinstance(characters, str):
        characters = [c.strip() for c in characters.split(",") if c.strip()]
    if not characters:
        if players is None:
            raise ValueError("name the characters or the number of players")
        return list(DEFAULT_PARTIES[players])
    if players is not None and players != len(characters):
        raise ValueError(f"{len(characters)} characters named for {players} players")
    return list(characters)


def clearable_probability(level: int, characters, samples: int = 1000, seed: int = 0) -> dict:
    """Monte Carlo over `samples` seeded fresh deals of `level`; each deal decided exactly."""
    members = party(characters)
    wins = 0
    for index in range(samples):
        state = TPKState(
            seed=seed + index, players=len(members), characters=members, first_level=level
        )
        wins += clearable(state) is not None
    low, high = wilson_interval(wins, samples)
    return {
        "clearable": wins / samples,
        "successes": wins,
        "samples": samples,
        "interval": [low, high],
    }


def expected_row_treasures(level: int, players: int) -> Fraction:
    """Exact mean number of treasures in a fresh row: each of its cards is a treasure with the
    chance of one card of the threat deck (linearity of expectation)."""
    cat = catalog()
    deck = cat.threat_deck()
    treasures = sum(1 for card in deck if cat.threats[card].treasure)
    length = cat.level(level).threats_per_character * players
    return Fraction(length * treasures, len(deck))


def exact_clearable(level: int, characters) -> Fraction:
    """The exact chance over every fresh deal (raises ValueError if there are too many to try).

    Threat cards that act alike (same icons, same x2) are merged into kinds, and each row of kinds
    is weighted by how many ordered card sequences give it; each hand is grouped by the kinds of
    its cards. Hands and rows are independent, so the chance is a weighted count of searches.
    """
    members = party(characters)
    players = len(members)
    card_level = catalog().level(level)
    length = card_level.threats_per_character * players
    threats = threat_table()
    kinds = Counter(threats[t] for t in catalog().threat_deck())
    kinds = Counter({(k if not k[2] else (0, False, True)): n for k, n in kinds.items()})
    sides = amulet_sides(members, players, {})
    items = item_table(tuple(sorted(sides.items())))
    hand_groups = []
    for character in members:
        deck = starting_deck(character, players, sides.get(character, "none"))
        groups = Counter(
            tuple(sorted(items[c] for c in hand)) for hand in combinations(deck, card_level.draw)
        )
        hand_groups.append(groups)
    searches = _count_rows(kinds, length) * math.prod(len(g) for g in hand_groups)
    if searches > EXACT_BUDGET:  # counted, not listed: a refusal costs no memory
        raise ValueError(
            f"{searches:,} deals to search exactly (budget {EXACT_BUDGET:,}); "
            "use Monte Carlo samples"
        )
    rows = list(_rows(kinds, length))
    total_hands = math.prod(sum(g.values()) for g in hand_groups)
    total_rows = math.perm(sum(kinds.values()), length)
    good = 0
    for row, row_weight in rows:
        # Against this row, hands that can do the same things are the same hand.
        reduced = [_reduce(row, groups, card_level.keep) for groups in hand_groups]
        for combo in product(*(r.items() for r in reduced)):
            hands = [
                [(f"c{seat}-{i}", uses) for i, uses in enumerate(group)]
                for seat, (group, _) in enumerate(combo)
            ]
            if solve(list(row), hands, card_level.keep) is not None:
                good += row_weight * math.prod(weight for _, weight in combo)
    return Fraction(good, total_rows * total_hands)


def _reduce(row, groups: Counter, keep: int) -> Counter:
    """Merge hands whose cards act alike on this row: each card replaced by what it can do here
    (useless cards dropped, at most `keep` cards of one kind counted)."""

    def profile(uses):
        singles = tuple(p for p, t in enumerate(row) if covers(uses, t))
        doubles = tuple(p for p in range(len(row) - 1) if covers_both(uses, row[p], row[p + 1]))
        halves = tuple(p for p, t in enumerate(row) if t[1] and half_of_x2(uses, t))
        return singles, doubles, halves

    merged: Counter = Counter()
    representative = {}
    for hand, weight in groups.items():
        kinds = Counter()
        for uses in hand:
            shape = profile(uses)
            if any(shape):
                kinds[shape] += 1
                representative[shape] = uses
        key = tuple(sorted((shape, min(n, keep)) for shape, n in kinds.items()))
        merged[key] += weight
    return Counter(
        {
            tuple(representative[shape] for shape, n in key for _ in range(n)): weight
            for key, weight in merged.items()
        }
    )


def _count_rows(kinds: Counter, length: int) -> int:
    """How many rows :func:`_rows` lists, without listing them: sequences of `length` kinds with
    at most the deck's count of each, ``length!`` times the coefficient of ``x**length`` in the
    product over kinds of ``sum(x**i / i!, i <= count)``."""
    series = [Fraction(1)] + [Fraction(0)] * length
    for count in kinds.values():
        series = [
            sum(series[j - i] / math.factorial(i) for i in range(min(count, j) + 1))
            for j in range(length + 1)
        ]
    return int(series[length] * math.factorial(length))


def _rows(kinds: Counter, length: int):
    """Every ordered row of threat kinds with the number of card sequences that give it."""

    def extend(prefix, remaining, weight):
        if len(prefix) == length:
            yield tuple(prefix), weight
            return
        for kind, count in remaining.items():
            if count:
                remaining[kind] -= 1
                yield from extend(prefix + [kind], remaining, weight * count)
                remaining[kind] += 1

    yield from extend([], Counter(kinds), 1)
