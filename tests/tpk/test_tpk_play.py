"""TPK under random and bot play: invariants, silence, save/load/replay, and the coordination
search checked against the engine's own game tree."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tpk.brute_force import tree_clears

from toolkit.simulate import play
from toolkit.state import from_json
from toolkit.tpk import GAME
from toolkit.tpk.bots import ConventionBot
from toolkit.tpk.cards import catalog
from toolkit.tpk.coordination import clearable, play_plan
from toolkit.tpk.rules import ESCAPED, KEEP, KILLED, OPEN, PASS, TPKState

FULL_BOX = Counter(catalog().all_cards())


def check_invariants(state: TPKState) -> None:
    assert state.card_locations() == FULL_BOX, state.card_places()
    keep = catalog().level(state.level).keep
    assert all(len(hand) <= keep for hand in state.hands)
    assert len(state.row) == state.level * state.num_players
    assert all(state.status[p] != OPEN for p in range(state.leftmost))
    for seat in range(state.num_players):
        json.dumps(state.observation(seat))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 5),
    infernal=st.booleans(),
    first_level=st.integers(1, 7),
    picks=st.randoms(use_true_random=False),
)
def test_random_play_keeps_every_invariant_and_replays(seed, players, infernal, first_level, picks):
    state = TPKState(seed=seed, players=players, infernal=infernal, first_level=first_level)
    moves = 0
    while not state.is_terminal():
        check_invariants(state)
        legal = state.legal_actions()
        assert legal, "a live state always offers an action"
        state.apply(picks.choice(legal))
        moves += 1
        assert moves < 2000
    check_invariants(state)
    assert state.legal_actions() == () and state.ended_by in (ESCAPED, KILLED)
    loaded = from_json(state.to_json())
    assert loaded.history == state.history and loaded.summary() == state.summary()
    assert loaded.observation(0) == state.observation(0)


class SilentSpy:
    """Wraps a bot; fails if an observation handed to it holds a card from another player's hand
    or set-aside pile (it must see its own cards and the table only). How the level before ended
    names cards its players used in the open, which may since have been dealt again: it is checked
    to hold only that row and that log."""

    def __init__(self, bot, seat, state):
        self.bot, self.seat, self.state = bot, seat, state

    def choose(self, observation, legal):
        last = observation["last_level"]
        assert last is None or set(last) == {"level", "row", "log"}
        text = json.dumps({k: v for k, v in observation.items() if k != "last_level"})
        for other in range(self.state.num_players):
            if other == self.seat:
                continue
            hidden = (
                self.state.hands[other] + self.state.aside[other] + self.state.drawn_cards[other]
            )
            for card in hidden:
                assert f'"{card}"' not in text, f"seat {self.seat} could see {card!r} of {other}"
        assert observation["hand"] == self.state.hands[self.seat]
        return self.bot.choose(observation, legal)


@pytest.mark.parametrize("bot", ["random", "convention"])
def test_bots_are_only_shown_what_a_player_at_the_table_sees(bot):
    for seed in range(12):
        state = TPKState(seed=seed, players=2 + seed % 4)
        bots = [
            SilentSpy(GAME.bots[bot](seat, seed), seat, state) for seat in range(state.num_players)
        ]
        play(state, bots, random.Random(seed))
        assert state.is_terminal()


def test_an_observation_does_not_change_with_another_players_hidden_cards():
    state = TPKState(seed=4, players=3, first_level=3)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    seen = state.observation(0)
    other = state.clone()
    other.hands[1][0], other.aside[1][0] = other.aside[1][0], other.hands[1][0]
    assert other.observation(0) == seen and other.observation(1) != state.observation(1)


def test_same_seed_same_game_and_a_mid_game_save_loads():
    def run(seed):
        state = TPKState(seed=seed, players=3)
        play(state, [ConventionBot(seat) for seat in range(3)], random.Random(0))
        return state

    first, again = run(11), run(11)
    assert first.history == again.history and first.summary() == again.summary()
    half = TPKState.replay(first.seed, first.config, first.history[: len(first.history) // 2])
    loaded = from_json(half.to_json())
    assert (
        loaded.observation(1) == half.observation(1)
        and loaded.legal_actions() == half.legal_actions()
    )


def test_a_save_of_another_game_is_refused():
    text = json.dumps({"format": 1, "game": "epic-death", "seed": 0, "config": {}, "actions": []})
    with pytest.raises(ValueError, match="not 'tpk'"):
        from_json(text, TPKState)


# -- the coordination search against the rules ----------------------------------------------------


@pytest.mark.parametrize(
    ("players", "level", "seeds"), [(2, 1, 40), (3, 1, 40), (4, 1, 8), (2, 2, 25)]
)
def test_the_search_agrees_with_a_brute_force_of_the_game_tree(players, level, seeds):
    verdicts = Counter()
    for seed in range(seeds):
        state = TPKState(seed=seed, players=players, first_level=level)
        plan = clearable(state)
        assert (plan is not None) == tree_clears(state, level), f"seed {seed}"
        verdicts[plan is not None] += 1
    assert verdicts[True] and verdicts[False]  # both answers were exercised


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_plan_found_clears_the_level_in_the_engine(players):
    for seed in range(8):
        for level in (2, 4, 7):
            state = TPKState(seed=seed, players=players, first_level=level)
            plan = clearable(state)
            if plan is None:
                continue
            play_plan(state, plan)
            assert state.ended_by == ESCAPED if level == 7 else state.level == level + 1


def test_keeping_is_a_private_choice_and_passing_is_always_allowed():
    state = TPKState(seed=2, players=3)
    state.apply(state.legal_actions()[0])
    assert state.observation(1)["hand"] == [] and state.observation(0)["hand_sizes"][0] == 1
    while state.prompt.question == KEEP:
        state.apply(state.legal_actions()[-1])
    assert state.legal_actions()[0] == PASS
