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
    ("epic-death", 2, "random"): "ca94724f7ed5eb9f",
    ("epic-death", 4, "random"): "97082bba79d6d3c4",
    ("epic-death", 2, "greedy"): "635ec9880ea05ee3",
    ("epic-death", 4, "greedy"): "530e22d850f83877",
    ("epic-death", 2, "search"): "313dd72c3bf61c40",
    ("to-the-death", 1, "random"): "0269f253e0d1cfd3",
    ("to-the-death", 2, "random"): "8a4646939b808e63",
    ("to-the-death", 1, "greedy"): "f3787d14d2b36c21",
    ("to-the-death", 2, "greedy"): "6ec2aada905a4039",
    ("to-the-death", 1, "search"): "95957acf0de269a7",
    ("tpk", 2, "random"): "c95f23bd59d3ee3e",
    ("tpk", 4, "random"): "f89b25352fed7fdf",
    ("tpk", 2, "convention"): "010f2fb1efd0f6f4",
    ("tpk", 4, "convention"): "f4b9670154b4a164",
    ("tpk", 2, "planner"): "efd1b176cf581d53",
    ("tpk", 2, "search"): "9a3a8639b5e352e1",
    ("how-i-died", 2, "random"): "8d1ebd1b4ca03c71",
    ("how-i-died", 4, "random"): "b106f9674f07ad7c",
    ("how-i-died", 2, "glory-greedy"): "961cd40ac13d5b09",
    ("how-i-died", 4, "glory-greedy"): "06348aa634baebdd",
    ("how-i-died", 2, "reckless"): "a0039fe28e4cd00c",
    ("how-i-died", 4, "reckless"): "0d036e23726f301e",
    ("how-i-died", 2, "survivor"): "3749fa0140e8b943",
    ("how-i-died", 4, "survivor"): "1cd77a8ae688bd97",
    ("how-i-died", 2, "lookahead"): "a9258183e81b17f2",
    ("how-i-died", 4, "lookahead"): "d92501ddda3c69ca",
    ("how-i-died", 2, "search"): "d4af993a2d15ba4b",
    ("death-may-die", 1, "random"): "e1ffd8208a80a2b6",
    ("death-may-die", 4, "random"): "30000776ce916cd8",
    ("death-may-die", 1, "greedy"): "210c508a532cec0b",
    ("death-may-die", 4, "greedy"): "9127c36a75a6faed",
    ("death-may-die", 1, "search"): "9d696599d159a435",
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
