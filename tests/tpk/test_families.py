"""The count by hand families (toolkit/tpk/families.py, what the numbers beside a choice use)
against the covering search of coordination.py, tuple of hands by tuple of hands: random rows
(treasures and covered threats are gaps), random hands, limits and seats allowed on the first
threat, several possible hands per character."""

from __future__ import annotations

import random
from itertools import product

import pytest

from toolkit.tpk.coordination import solve
from toolkit.tpk.families import Joiner, clearing_tuples
from toolkit.tpk.odds import _Row
from toolkit.tpk.rules import WILD, item_table, threat_table


def _problem(rng: random.Random):
    threats = sorted(set(threat_table().values()))
    items = sorted(set(item_table(()).values())) + [WILD]
    row = [rng.choice(threats) for _ in range(rng.randint(1, 7))]
    players = rng.randint(1, 4)
    caps = [rng.randint(0, 4) for _ in range(players)]
    first = sorted(rng.sample(range(players), rng.randint(1, players)))
    choices = [
        [[rng.choice(items) for _ in range(rng.randint(0, 5))] for _ in range(rng.randint(1, 3))]
        for _ in range(players)
    ]
    return row, caps, first, choices


@pytest.mark.parametrize("seed", range(4))
def test_the_count_by_families_is_the_searchs_count(seed):
    rng = random.Random(seed)
    for _ in range(60):
        row, caps, first, choices = _problem(rng)
        expected = sum(
            solve(
                row,
                [
                    [(f"c{seat}-{i}", uses) for i, uses in enumerate(h)]
                    for seat, h in enumerate(hands)
                ],
                caps,
                first,
            )
            is not None
            for hands in product(*choices)
        )
        counted = _Row(row, Joiner())
        characters = []
        for seat, hands in enumerate(choices):
            dist: dict[int, int] = {}
            for hand in hands:
                family = counted.family(hand, caps[seat], seat in first)
                dist[family] = dist.get(family, 0) + 1
            reach = 0
            for family in dist:
                reach |= counted.joiner.reach(family)
            characters.append((dist, reach))
        assert clearing_tuples(characters, counted.full, counted.joiner) == expected, (
            row,
            caps,
            first,
            choices,
        )
