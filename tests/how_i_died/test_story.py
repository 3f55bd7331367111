"""The storytelling variant."""

from __future__ import annotations

import random

import pytest

from toolkit.how_i_died.story import CLOSE, VOTES_COUNTED, StoryState
from toolkit.state import IllegalAction, Outcome, from_json


def test_dannys_opening_and_nikolas_cover():
    state = StoryState(seed=1, players=3)
    # The rulebook's example, stacked: Danny (seat 0) starts with the Pool's Dwarf, leaving Bit.
    state.pool[0] = "dwarf"
    state.hands = [["bit", "lured"], ["the-hungry", "mocked"], ["gargoyle", "tricked"]]
    state.apply(("pool", "dwarf", "bit", -1))
    assert state.story == [["dwarf"]] and state.pool[0] == "bit"
    state.apply(("hand", "the-hungry", -1))  # Maria adds The Hungry
    state.apply(("hand", "tricked", -1))
    state.apply(("hand", "lured", -1))
    state.apply(("hand", "mocked", -1))
    state.apply(("hand", "gargoyle", 0))  # Nikola covers the Dwarf with the Gargoyle
    assert state.phase == "close" and state.current_player() == 0  # Danny has the last word
    assert state.legal_actions() == (CLOSE,) and state.stories[0] is None
    assert state.action_to_string(CLOSE) == "…and that's how I died!"
    state.apply(CLOSE)
    assert state.stories[0][0] == ["dwarf", "gargoyle"]  # kept, not restacked
    assert state.round == 1 and state.current_player() == 1  # Maria tells the next story
    assert all(len(hand) == 2 for hand in state.hands)


def play_through(seed, players):
    state = StoryState(seed=seed, players=players)
    rng = random.Random(seed)
    storytellers = []
    while not state.is_terminal():
        if state.phase == "story" and state.plays == 0:
            storytellers.append(state.current_player())
            assert all(target == -1 for *_, target in state.legal_actions())  # opening card
        state.apply(rng.choice(state.legal_actions()))
    return state, storytellers


@pytest.mark.parametrize("players", [3, 4, 5])
def test_everyone_tells_one_story_of_two_cards_a_player(players):
    state, storytellers = play_through(players, players)
    assert storytellers == list(range(players))
    for story in state.stories:
        assert sum(len(scene) for scene in story) == 2 * players
    assert all(vote != seat for seat, vote in enumerate(state.votes))
    counts = state.vote_counts()
    assert sum(counts) == players
    assert state.returns() == [1.0 if c == max(counts) else 0.0 for c in counts]
    assert state.result_summary() == {
        "winners": [seat for seat, c in enumerate(counts) if c == max(counts)],
        "returns": state.returns(),
        "ended_by": "the votes are counted",
    }


def test_a_tied_vote_names_every_tied_player_and_the_end_is_named_only_at_the_end():
    state = StoryState(seed=2, players=3)
    rng = random.Random(0)
    while state.phase != "vote":
        assert state.winners is None and state.ended_by is None
        state.apply(rng.choice(state.legal_actions()))
    for vote in (("vote", 1), ("vote", 2), ("vote", 0)):
        state.apply(vote)
    assert state.outcome == Outcome(VOTES_COUNTED, (0, 1, 2)) and state.winners == (0, 1, 2)


def test_votes_are_secret_until_all_are_cast_and_you_cannot_vote_for_yourself():
    state = StoryState(seed=4, players=3)
    rng = random.Random(0)
    while state.phase in ("story", "close"):
        state.apply(rng.choice(state.legal_actions()))
    with pytest.raises(IllegalAction):
        state.apply(("vote", 0))
    state.apply(("vote", 2))
    assert state.observation(1)["votes"] is None and state.observation(1)["votes_cast"] == 1


def test_story_save_and_replay():
    state, _ = play_through(9, 4)
    again = from_json(state.to_json(), StoryState)
    assert again.stories == state.stories and again.votes == state.votes


def test_story_needs_three_players():
    with pytest.raises(ValueError, match="3 to 5 players"):
        StoryState(players=2)
