"""The bots see only the observation. The search bot rebuilds a whole game from it: the rebuilt
game must look to the player exactly as the real one does, face-down cards included, also after a
face-down card has been turned up (a defeated goblin's card goes to the discard pile face up)."""

import random

import pytest

from toolkit.simulate import sample_outcome
from toolkit.to_the_death.bots import rebuild
from toolkit.to_the_death.rules import ToTheDeathState
from toolkit.to_the_death.study import encounter_row


def decisions(encounter: str, seed: int):
    """The player's decisions of a seeded random-bot encounter, as (state, observation)."""
    game = ToTheDeathState(seed=seed, encounter=encounter)
    rng = random.Random(seed)
    while not game.is_terminal():
        if game.is_chance_node():
            game.apply(sample_outcome(game.chance_outcomes(), rng))
            continue
        yield game, game.observation(0)
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("encounter", ["goblins", "sekzar"])
@pytest.mark.parametrize("seed", [2, 3])  # face-down cards are turned up in these games
def test_a_rebuilt_game_looks_the_same_to_the_player(encounter, seed):
    most_hidden, turned_up = 0, False
    for index, (game, seen) in enumerate(decisions(encounter, seed)):
        hidden = seen["public_history"].count("?")
        most_hidden = max(most_hidden, hidden)
        turned_up |= hidden < most_hidden
        if index % 5 == 0:
            rebuilt = rebuild(seen, random.Random(index))
            assert rebuilt.observation(0) == seen
            if seen["prompt"]["kind"] in ("main", "block"):  # where the search bot rebuilds
                assert rebuilt.legal_actions() == game.legal_actions()
    assert turned_up


def test_a_face_down_card_is_named_in_the_public_history_once_turned_up():
    for game, seen in decisions("sekzar", 0):
        hidden = [a for a in seen["public_history"] if a == "?"]
        face_down = [u for u in game.units.values() if u.get("facedown")]
        assert len(hidden) == len(face_down) + len(game.tokens)
        for card, at in game.face_down_at.items():
            assert game.history[at] == card


def test_the_search_bot_plays_an_encounter_with_face_down_cards_to_the_end():
    assert encounter_row("goblins", "search", 0)["won"]


def test_the_search_bot_cannot_rebuild_a_duel():
    game = ToTheDeathState(seed=0, players=2)
    with pytest.raises(ValueError, match="solo game only"):
        rebuild(game.observation(0), random.Random(0))
