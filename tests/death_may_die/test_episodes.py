"""The hard episode: its cards are all constructed, it deals only its own Mythos cards, it scales
with the number of investigators (its team at two, its summons at four), and greedy bots play it
to the end at every player count."""

from collections import Counter

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


def _team(players, episode, **options):
    state = DeathMayDieState(seed=0, players=players, episode=episode, **options)
    return [i["id"] for i in state.investigators]


def test_the_hard_episode_deals_its_own_team_at_two_players_only():
    assert _team(2, "high_tide") == ["sailor", "priest"]
    assert _team(2, "drowned_chapel") == ["sailor", "scholar"]
    assert _team(1, "high_tide") == ["sailor"]
    assert _team(3, "high_tide") == ["sailor", "scholar", "priest"]
    assert _team(4, "high_tide") == ["sailor", "scholar", "priest", "boxer"]
    assert _team(2, "high_tide", investigators=["boxer", "scholar"]) == ["boxer", "scholar"]


@pytest.mark.parametrize(("players", "summoned"), [
    (1, {"cultist": 1, "deep_one": 1}),
    (3, {"cultist": 1, "deep_one": 1}),
    (4, {"deep_one": 1}),
])  # fmt: skip
def test_the_hard_episodes_advance_brings_a_cultist_only_to_one_to_three(players, summoned):
    state = DeathMayDieState(seed=0, players=players, episode="high_tide")
    before = Counter(e["type"] for e in state.enemies.values())
    with state.by_hand():
        state._advance_elder()
    assert state.elder["position"] == 2
    assert Counter(e["type"] for e in state.enemies.values()) - before == Counter(summoned)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_greedy_wins_about_half_the_hard_episode_at_every_player_count(players):
    """The tuning's aim on a small seeded sample (the 1,000-game tables are the studies)."""
    bots = ["greedy"] * players
    games = [
        play_seeded("death-may-die", players, bots, s, episode="high_tide") for s in range(200)
    ]
    wins = sum(state.result == "win" for state in games)
    assert 0.40 * 200 <= wins <= 0.60 * 200


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_greedy_plays_the_hard_episode_to_the_end(players):
    for seed in range(3):
        state = play_seeded(
            "death-may-die", players, ["greedy"] * players, seed, episode="high_tide"
        )
        assert state.is_terminal() and state.result in ("win", "loss")
        assert state.episode.id == "high_tide"
