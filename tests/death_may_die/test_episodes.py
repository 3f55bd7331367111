"""The hard episode: its cards are all constructed, it deals only its own Mythos cards, and greedy
bots play it to the end at every player count."""

import pytest

from toolkit.death_may_die.cards import catalog
from toolkit.death_may_die.rules import DeathMayDieState
from toolkit.simulate import play_seeded


def test_hard_episode_cards_are_constructed_and_its_own():
    cards = catalog()
    episode = cards.episodes["high_tide"]
    assert episode.source == "constructed"
    own = [m for m in cards.mythos.values() if m.deck == "high_tide"]
    assert len(own) == 8 and all(m.source == "constructed" for m in own)
    state = DeathMayDieState(seed=3, players=2, episode="high_tide")
    dealt = set(state.mythos.cards) | set(state.mythos.discards)
    assert dealt == {m.id for m in cards.mythos.values() if m.deck in ("high_tide", "cthulhu")}
    assert len(state.tokens["seal"]) == 4  # one more seal than the learning episode
    assert len(state.enemies) == 4  # two more than the learning episode sets out


def test_default_game_is_still_the_learning_episode():
    assert DeathMayDieState(seed=0, players=1).episode.id == "drowned_chapel"


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_greedy_plays_the_hard_episode_to_the_end(players):
    for seed in range(3):
        state = play_seeded(
            "death-may-die", players, ["greedy"] * players, seed, episode="high_tide"
        )
        assert state.is_terminal() and state.result in ("win", "loss")
        assert state.episode.id == "high_tide"
