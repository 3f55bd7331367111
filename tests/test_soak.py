"""The soak (benchmarks/soak.py) runs, a few seeded random games of every game and player count:
each ends by its rules, keeps every card, saves and loads, and replays from its seed. The full
10,000-game soak is run by hand; its counts are quoted in the issue notes."""

from __future__ import annotations

import importlib.util

import pytest
from _paths import ROOT

from toolkit.games import available, get_game

spec = importlib.util.spec_from_file_location("soak", ROOT / "benchmarks" / "soak.py")
soak = importlib.util.module_from_spec(spec)
spec.loader.exec_module(soak)

CASES = [(slug, players) for slug in available()
         for players in range(get_game(slug).min_players, get_game(slug).max_players + 1)]  # fmt: skip


@pytest.mark.parametrize(("slug", "players"), CASES, ids=[f"{s}-{p}" for s, p in CASES])
def test_random_games_end_keep_their_cards_and_replay(slug, players):
    row = soak.soak(slug, games=10, first_seed=0, only=players)
    failures = dict(row["failures"])
    if (slug, players) == ("to-the-death", 2):
        # random duels keep their safety cap: two self-healing champions under random play can
        # go on for tens of thousands of hero turns, which `soak.py --lift-caps` shows end by the
        # rules (the counts are in To the Death!'s rules notes); here only the other checks count
        failures.pop("ended at a cap (2 players)", None)
    assert failures == {}, row
    assert sum(row["ended_by"].values()) == 10
