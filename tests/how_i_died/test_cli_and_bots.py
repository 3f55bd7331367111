"""The command-line contract and the bots."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from fractions import Fraction

import pytest
from _paths import ROOT

from toolkit.games import get_game
from toolkit.how_i_died.odds import legendary_chance
from toolkit.how_i_died.rules import phase
from toolkit.simulate import play_one
from toolkit.steps import PASS


def run_cli(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "toolkit", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_simulate_json_contract_and_determinism():
    args = ["simulate", "how-i-died", "--players", "4", "--games", "30", "--seed", "5", "--json"]
    first, second = run_cli(*args), run_cli(*args)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    result = json.loads(first.stdout)
    assert len(result["mean_glory"]) == 4 and all(g > 0 for g in result["mean_glory"])
    assert result["mean_turns"] > 4  # every one of the four players takes at least one turn
    assert 0 <= result["legendary_rate"] <= 1


def test_odds_cli_gives_the_exact_legendary_chance():
    hand = "spied-on,betrayed,the-hungry,hydra,slime,cursed"
    pool = "the-soulless,insulted,the-giant,troll,mocked,the-frozen"
    done = run_cli("odds", "how-i-died", "--hand", hand, "--pool", pool, "--json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    expected = legendary_chance(hand.split(","), pool.split(","))
    assert Fraction(result["legendary_chance"]) == expected
    assert sum(Fraction(p) for p in result["turns_until_death"].values()) == 1
    bad = run_cli("odds", "how-i-died", "--hand", "zombie")
    assert bad.returncode == 2 and "unknown card id 'zombie'" in bad.stderr


@pytest.mark.parametrize("bot", ["glory-greedy", "reckless", "survivor", "lookahead", "random"])
def test_every_bot_finishes_games(bot):
    for seed in range(5):
        row = play_one("how-i-died", 3, [bot] * 3, seed)
        assert sorted(row[f"return_{s}"] for s in range(3)) == [0.0, 0.0, 1.0]


def test_reckless_dies_sooner_than_survivor():
    spec = get_game("how-i-died")
    assert spec.min_players == 2 and spec.max_players == 5
    turns = {}
    for bot in ("reckless", "survivor"):
        rows = [play_one("how-i-died", 4, [bot] * 4, seed) for seed in range(40)]
        turns[bot] = sum(row["turns"] for row in rows) / len(rows)
    assert turns["reckless"] < turns["survivor"]


def test_the_bots_fast_swap_search_finds_the_best_swap():
    """best_swap prunes by banner; a search over every legal pair must find no better swap."""
    import random

    from toolkit.how_i_died import bots as B
    from toolkit.how_i_died.cards import EFFECT, TYPE
    from toolkit.how_i_died.rules import HowIDiedState

    checked = 0
    for seed in range(40):
        state, rng = HowIDiedState(seed=seed, players=4), random.Random(seed)
        while not state.is_terminal():
            effect = EFFECT.get(state.resolving) if phase(state) == "effect" else None
            if effect in ("swap_table", "barbaric", "pool_swap", "swap_own") and not state.picks:
                obs, legal = state.observation(state.seat), state.legal_actions()
                for cls in (B.GloryGreedyBot, B.SurvivorBot, B.RecklessBot, B.LookaheadBot):
                    changes = B.replacement_gains(obs, cls(0).swap_weights(obs))

                    def gain(a, b, changes=changes):
                        return sum(
                            B.change(changes[x], y) for x, y in ((a, b), (b, a)) if x in changes
                        )

                    every = max(
                        [
                            gain(a, b)
                            for a in legal
                            if a != PASS
                            for b in B.swap_partners(obs, effect)
                            if b != a and TYPE[b] == TYPE[a]
                        ]
                        + [0.0]
                    )
                    best = B.best_swap(obs, effect, legal, changes)
                    assert (gain(*best) if best else 0.0) == pytest.approx(every)
                    checked += 1
            if state.is_chance_node():
                state.apply(state.chance_outcomes()[0][0])
            else:
                state.apply(rng.choice(state.legal_actions()))
    assert checked > 200


def test_a_bot_asked_to_finish_a_gift_gives_the_card_to_a_rival():
    """A search may choose the card of a gift for a bot (which never starts one) and then ask the
    bot whom to give it to: the answer is a rival's seat, not ``PASS``, which is no longer legal."""
    import random

    from toolkit.how_i_died.bots import GloryGreedyBot
    from toolkit.how_i_died.cards import EFFECT

    for seed in range(200):
        state, rng = get_game("how-i-died").new_state(3, seed), random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player()
            if seat >= 0:
                obs = state.observation(seat)
                if obs["phase"] == "effect" and EFFECT[obs["resolving"]] == "gift" and obs["picks"]:
                    legal = list(state.legal_actions())
                    choice = GloryGreedyBot(seed).choose(obs, legal)
                    assert choice in legal and choice != obs["seat"]
                    return
            actions = [a for a, _ in state.chance_outcomes()] if seat < 0 else state.legal_actions()
            state.apply(rng.choice(list(actions)))
    pytest.fail("no seeded random game reached the second step of a gift")
