"""The rulebook's worked examples, played through the engine (golden tests)."""

from __future__ import annotations

import random

from toolkit.bots import RandomBot
from toolkit.how_i_died.cards import CARDS, is_legendary
from toolkit.how_i_died.rules import HowIDiedState, phase
from toolkit.simulate import play
from toolkit.state import from_json

SCORING_HAND = ["spied-on", "the-spiteful", "sorceress", "betrayed", "the-demonic", "hydra"]
SCORING_DRAW = ["grossed-out", "the-hungry", "demigod"]
QUIET_HAND = ["cursed", "the-drunken", "troll", "mocked", "the-wicked", "dwarf"]  # low damage
QUIET_POOL = ["challenged", "the-giant", "goblin", "hugged", "the-royal", "werewolf"]
EXAMPLE_ACHIEVEMENTS = ["the-legend", "the-seeker", "the-schemer", "the-reckless"]


def scoring_example() -> HowIDiedState:
    """Two players; seat 0 plays the rulebook's three adventures and dies first."""
    deck = SCORING_HAND + QUIET_HAND + QUIET_POOL + SCORING_DRAW
    state = HowIDiedState(seed=7, players=2, deck=deck, achievements=EXAMPLE_ACHIEVEMENTS)
    adventures_0 = [SCORING_HAND[:3], SCORING_HAND[3:], SCORING_DRAW]
    adventures_1 = [QUIET_HAND[:3], QUIET_HAND[3:]]
    for turn in range(3):
        for card in adventures_0[turn]:
            state.apply(card)
        if turn < 2:
            for card in adventures_1[turn]:
                state.apply(card)
    return state


def test_scoring_example_is_102():
    state = scoring_example()
    assert state.damage(0) == 15
    assert not state.alive[0] and state.death_order == [0]
    assert [state.adventures[0][i] for i in range(3)] == [
        ("spied-on", "the-spiteful", "sorceress"),
        ("betrayed", "the-demonic", "hydra"),
        ("grossed-out", "the-hungry", "demigod"),
    ]
    assert [is_legendary(a) for a in state.adventures[0]] == [True, False, False]
    assert state.glory(0) == 52  # 14 x 2 + 13 + 11, before the achievement
    # Dying first with a Legendary Adventure: The Reckless (50) or The Legend (30), one only.
    assert phase(state) == "claim"
    assert sorted(state.legal_actions()) == ["the-legend", "the-reckless"]
    state.apply("the-reckless")
    assert state.claimed[0] == "the-reckless"
    assert "the-reckless" not in state.shown
    assert state.glory(0) == 102


def test_scoring_example_survives_the_rest_of_the_game_and_a_replay():
    state = scoring_example()
    state.apply("the-reckless")
    play(state, [RandomBot(1), RandomBot(2)], random.Random(3))
    assert state.is_terminal()
    assert state.scores()[0] == 102  # the dead never change
    again = from_json(state.to_json())
    assert again.scores() == state.scores() and again.history == state.history


def test_henrys_legendary_adventure_uses_the_refilled_pool_card():
    hand = ["spied-on", "betrayed", "the-hungry", "hydra", "dwarf", "cursed"]
    other = ["mocked", "the-wicked", "troll", "insulted", "the-frozen", "ogre"]
    pool = ["the-soulless", "challenged", "the-giant", "goblin", "hugged", "werewolf"]
    state = HowIDiedState(seed=1, players=2, deck=hand + other + pool + ["skeleton"])
    state.apply("spied-on")
    assert "skeleton" not in state.legal_actions()
    state.apply("the-soulless")  # from the Pool: replaced at once by the deck's top card
    assert state.pool[0] == "skeleton"
    assert "skeleton" in state.legal_actions()
    state.apply("skeleton")
    adventure = state.adventures[0][0]
    assert adventure == ("spied-on", "the-soulless", "skeleton")
    assert is_legendary(adventure)
    assert state.glory(0) == 2 * sum(CARDS[c].glory for c in adventure)


def test_setup_by_player_count():
    for players in range(2, 6):
        state = HowIDiedState(seed=players, players=players)
        assert len(state.shown) == 2 + players
        assert len(state.pool) == 6
        assert all(len(hand) == 6 for hand in state.hands)
        assert len(state.deck) == 90 - 6 * players - 6


def test_the_first_player_is_seat_0_at_every_table_and_in_the_storytelling_variant():
    """Playing your turn: the rulebook picks the first player by a gym visit, which a program
    cannot ask; the engine always starts with seat 0 (the table seats its gym-goer there). The
    storytelling variant picks its first Storyteller the same way."""
    from toolkit.how_i_died.story import StoryState

    for players in range(2, 6):
        for seed in range(25):
            state = HowIDiedState(seed=seed, players=players)
            assert (state.seat, state.turn, state.current_player()) == (0, 0, 0)
            state.apply(state.legal_actions()[0])
            assert state.history and state.turns_taken == [0] * players  # seat 0's turn goes on
            if players >= 3:
                story = StoryState(seed=seed, players=players)
                assert story.storyteller == 0 and story.current_player() == 0
