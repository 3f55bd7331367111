"""Seeded games are pinned: "same games, seed for seed" is checked here, not claimed.

Each row plays seeds 0-19 with every seat played by one bot, and hashes the histories
(:func:`toolkit.simulate.fingerprint`); the bots whose games take seconds (search, TPK's planner)
play seeds 0-4 at the smallest table only. A refactor leaves every hash as it is. A change of
rules changes some: the commit says which rule and why, and the new hashes come from
``python tests/test_fingerprints.py``.
"""

from __future__ import annotations

import pytest

from toolkit.simulate import fingerprint

SEEDS = range(20)
SEARCH_SEEDS = range(5)
SLOW_BOTS = ("search", "planner")  # seconds a game: SEARCH_SEEDS, at the smallest table only

PINNED = {
    # (game, players, bot): fingerprint
    ("epic-death", 2, "random"): "6d9a872af2a98fa4",
    ("epic-death", 4, "random"): "7946b1dc717a531d",
    ("epic-death", 2, "greedy"): "4ee0037040805c80",
    ("epic-death", 4, "greedy"): "b74549cdafa9a4dd",
    ("epic-death", 2, "search"): "e7d8e7541c18928e",
    ("to-the-death", 1, "random"): "2a6ebd88f975c7a1",
    ("to-the-death", 2, "random"): "1b8d1f8c0e6190ac",
    ("to-the-death", 1, "greedy"): "4bd91cfb24ddebe6",
    ("to-the-death", 2, "greedy"): "393863f66591132a",
    ("to-the-death", 1, "search"): "f099802a4a162e53",
    ("tpk", 2, "random"): "e29b3b22646cc925",
    ("tpk", 4, "random"): "145725af1a54d206",
    ("tpk", 2, "convention"): "a69282f0c41f1619",
    ("tpk", 4, "convention"): "9d99e80949f47e42",
    ("tpk", 2, "planner"): "eb48f23cf5588a56",
    ("tpk", 2, "search"): "1542eb4095217d07",
    ("how-i-died", 2, "random"): "7e2414f48de3087f",
    ("how-i-died", 4, "random"): "b60b8d0a939bea5b",
    ("how-i-died", 2, "glory-greedy"): "b921fbcdb0c8b2b1",
    ("how-i-died", 4, "glory-greedy"): "1e8e5411c19e939d",
    ("how-i-died", 2, "reckless"): "02c85680c0e63720",
    ("how-i-died", 4, "reckless"): "ea576af69d066278",
    ("how-i-died", 2, "survivor"): "c05bf269b1295394",
    ("how-i-died", 4, "survivor"): "bbc7328f9adff13a",
    ("how-i-died", 2, "lookahead"): "44f42b1bdcee30f4",
    ("how-i-died", 4, "lookahead"): "b9c0a093278aec31",
    ("how-i-died", 2, "search"): "a05f57656783e598",
    ("death-may-die", 1, "random"): "e57ce05557808dd7",
    ("death-may-die", 4, "random"): "4003da5eeb595c56",
    ("death-may-die", 1, "greedy"): "0201173b7e515d87",
    ("death-may-die", 4, "greedy"): "835a2692c281074c",
    ("death-may-die", 1, "search"): "fa818747e063691b",
}


def seeds_for(bot: str) -> range:
    return SEARCH_SEEDS if bot in SLOW_BOTS else SEEDS


@pytest.mark.parametrize(
    ("game", "players", "bot"),
    list(PINNED),
    ids=lambda key: "-".join(map(str, key)) if isinstance(key, tuple) else str(key),
)
def test_seeded_games_are_unchanged(game, players, bot):
    assert fingerprint(game, players, bot, seeds_for(bot)) == PINNED[game, players, bot]


if __name__ == "__main__":  # print the table afresh, to paste above after a change of rules
    from toolkit.games import available, get_game

    for game in available():
        spec = get_game(game)
        for bot in spec.bots:
            for players in sorted({spec.min_players, min(spec.max_players, 4)}):
                if bot in SLOW_BOTS and players > spec.min_players:
                    continue
                key = (game, players, bot)
                print(f"    {key!r}: {fingerprint(game, players, bot, seeds_for(bot))!r},")
