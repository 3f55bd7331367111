"""Every game ends with one :class:`toolkit.state.Outcome`: a kind from the few its rules module
lists in ``ENDINGS`` (so a table of games groups by it) and the seats that won. Who won is said by
the winners alone, never in the kind, and the returns agree with them."""

from __future__ import annotations

import importlib
import random

import pytest

from toolkit.games import PACKAGES, available, get_game
from toolkit.how_i_died.rules import ALL_DIED
from toolkit.how_i_died.story import ENDINGS as STORY_ENDINGS
from toolkit.how_i_died.story import StoryState
from toolkit.simulate import play_seeded
from toolkit.state import Outcome

GAMES = 50
CASES = [
    (slug, players)
    for slug in available()
    for players in range(get_game(slug).min_players, get_game(slug).max_players + 1)
]


def endings(slug: str) -> tuple[str, ...]:
    return importlib.import_module(f"{PACKAGES[slug]}.rules").ENDINGS


@pytest.mark.parametrize(("slug", "players"), CASES, ids=[f"{s}-{p}" for s, p in CASES])
def test_every_seeded_random_game_ends_with_one_of_its_kinds(slug, players):
    kinds, spec = endings(slug), get_game(slug)
    assert len(set(kinds)) == len(kinds)
    for seed in range(GAMES):
        state = play_seeded(slug, players, ["random"] * players, seed)
        outcome = state.outcome
        assert isinstance(outcome, Outcome) and outcome.kind in kinds, (seed, outcome)
        assert (state.ended_by, state.winners) == (outcome.kind, outcome.winners)
        assert len(set(outcome.winners)) == len(outcome.winners)
        assert all(0 <= seat < players for seat in outcome.winners)
        returns = state.returns()
        if spec.utility == "cooperative":  # the table wins or loses together
            assert outcome.winners in ((), tuple(range(players)))
        if outcome.winners and len(outcome.winners) < players:
            best = max(returns)
            assert all(returns[seat] == best for seat in outcome.winners)
            assert all(
                returns[seat] < best for seat in range(players) if seat not in outcome.winners
            )


def test_a_how_i_died_tie_is_broken_by_a_die_and_the_kind_stays_why_the_game_ended():
    """Seeded random two-player game 6 ends with both players on 29 glory: the die names the
    winner, and the ending is still that every adventurer died."""
    state = play_seeded("how-i-died", 2, ["random", "random"], 6)
    assert state.scores() == [29, 29] and state.tie_broken
    assert state.outcome == Outcome(ALL_DIED, (0,)) and state.history[-1] == ("winner", 0)
    assert state.summary()["tie_broken"] and state.returns() == [1.0, 0.0]
    alone = play_seeded("how-i-died", 2, ["random", "random"], 0)
    assert not alone.tie_broken and not alone.summary()["tie_broken"]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_storytelling_variant_ends_with_the_vote(players):
    rng = random.Random(players)
    for seed in range(10):
        state = StoryState(seed=seed, players=players)
        while not state.is_terminal():
            assert state.outcome is None
            state.apply(rng.choice(state.legal_actions()))
        counts = state.vote_counts()
        top = tuple(seat for seat, count in enumerate(counts) if count == max(counts))
        assert state.outcome == Outcome(STORY_ENDINGS[0], top)
