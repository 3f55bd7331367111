"""Rules of the standard game, each on a stacked table."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from how_i_died.hid_table import stacked

from toolkit.how_i_died.cards import CARDS
from toolkit.how_i_died.rules import HowIDiedState
from toolkit.simulate import play_seeded
from toolkit.state import IllegalAction

POOL = ["hugged", "the-royal", "goblin", "serenaded", "the-sleepy", "dwarf"]


def test_an_adventure_is_played_in_order_and_a_wrong_card_is_refused_without_change():
    state = stacked(hands={0: ["cursed", "the-drunken", "troll"]}, pool=POOL)
    before = state.observation(0)
    with pytest.raises(IllegalAction, match="type I, and The Drunken is a type II"):
        state.apply("the-drunken")
    with pytest.raises(IllegalAction, match="neither in your hand nor in the Pool"):
        state.apply("bit")
    assert state.observation(0) == before and state.history == []
    assert list(state.legal_actions()) == ["cursed", "hugged", "serenaded"]


def test_pulse_is_checked_only_at_the_end_of_your_own_turn():
    # Player 2 has 13 damage; player 1's swap gives them a 7-damage end instead of a 6: 14 -> 15.
    state = stacked(
        hands={0: ["chased", "the-drunken", "troll"], 1: ["mocked", "the-wicked", "werewolf"]},
        adventures={1: [("bit", "the-hungry", "unicorn"), ("lured", "the-mighty", "witch")]},
        pool=["hugged", "the-royal", "gargoyle", "serenaded", "the-sleepy", "dwarf"],
    )
    state.apply("chased")
    state.apply("witch")  # Chased's swap, at once
    state.apply("gargoyle")
    assert state.damage(1) == 14 and state.alive[1]
    for card in ("the-drunken", "troll"):
        state.apply(card)
    assert state.current_player() == 1 and state.alive[1]  # still gets a turn
    for card in ("mocked", "the-wicked", "werewolf"):
        state.apply(card)
    assert not state.alive[1] and state.damage(1) == 16 and state.hands[1] == []


def test_the_dead_are_locked_and_the_first_to_die_claims_first():
    legend_0 = ("ambushed", "the-cursed", "wraith")  # purple, 7 damage
    legend_1 = ("tricked", "the-flaming", "gargoyle")  # blue, 7 damage
    state = stacked(
        players=3,
        hands={
            0: ["cursed", "the-drunken", "hydra"],
            1: ["mocked", "the-wicked", "cyclops"],
            2: ["robbed", "the-furious", "werewolf"],
        },
        adventures={0: [legend_0], 1: [legend_1]},
        pool=POOL,
        achievements=["the-legend"],
    )
    for card in ("cursed", "the-drunken", "hydra"):  # 13 damage: alive
        state.apply(card)
    for card in ("mocked", "the-wicked", "cyclops"):
        state.apply(card)
    for card in ("robbed", "the-furious", "werewolf"):
        state.apply(card)
    assert state.alive == [True, True, True]
    state.hands[0] = ["insulted", "the-giant", "ogre"]
    for card in ("insulted", "the-giant", "ogre"):  # 17: dies, The Legend is the only claim
        state.apply(card)
    assert not state.alive[0] and state.claimed[0] == "the-legend" and state.shown == []
    locked = list(state.adventures[0])
    assert not set(state.table_cards()) & {c for a in locked for c in a}
    state.hands[1] = ["swallowed", "the-lonely", "banshee"]
    for card in ("swallowed", "the-lonely", "banshee"):
        state.apply(card)
    assert not state.alive[1] and state.claimed[1] is None  # already taken
    assert state.adventures[0] == locked


def test_draw_back_to_six():
    state = stacked(
        hands={0: ["cursed", "the-drunken", "troll", "bit"]},
        pool=POOL,
        deck_top=["haunted", "the-wicked", "cyclops", "mocked", "the-mighty"],
    )
    for card in ("cursed", "the-drunken", "troll"):
        state.apply(card)
    assert state.hands[0] == ["bit", "haunted", "the-wicked", "cyclops", "mocked", "the-mighty"]


def test_a_hand_above_six_is_kept():
    big = ["robbed", "insulted", "the-giant", "the-lonely", "ogre", "banshee", "bit"]
    state = stacked(hands={0: ["cursed", "the-drunken", "troll"] + big}, pool=POOL)
    for card in ("cursed", "the-drunken", "troll"):
        state.apply(card)
    assert state.hands[0] == big


def test_the_discard_pile_is_reshuffled_when_the_deck_runs_out():
    state = stacked(hands={0: ["cursed", "the-drunken"], 1: []}, pool=POOL)
    state.deck.discards, state.deck.cards = list(state.deck.cards), []
    state.apply("cursed")
    state.apply("the-drunken")
    state.apply("goblin")  # from the Pool: the refill comes from the reshuffled discards
    assert state.pool[2] not in POOL and len(state.pool) == 6
    assert state.card_locations() == Counter(CARDS.keys())


def test_mulligan_when_no_adventure_can_be_formed():
    no_end = ["robbed", "insulted", "the-giant", "the-lonely", "bit", "lured"]
    fresh = ["hugged", "the-royal", "goblin", "serenaded", "the-sleepy", "dwarf"]
    spare = ["the-furious", "the-frozen", "the-jealous"]
    state = stacked(
        hands={0: ["cursed", "the-drunken", "troll"] + spare, 1: no_end},
        pool=["tricked", "the-flaming", "swallowed", "the-mighty", "mocked", "kissed"],
        deck_top=["haunted", "the-wicked", "cyclops"] + fresh,
    )
    for card in ("cursed", "the-drunken", "troll"):
        state.apply(card)  # player 1 draws three, player 2 must mulligan
    assert state.seat == 1 and state.mulligans[1] == 1
    assert state.hands[1] == fresh and state.deck.discards == no_end
    shown = (
        "Player 2 cannot make an adventure: shows their hand (Robbed, Insulted, The Giant, "
        "The Lonely, Bit, Lured), discards it and draws six new cards."
    )
    assert state.log == [shown]  # the hand is shown to everybody
    assert state.observation(0)["log"] == [shown]


def test_a_tie_is_settled_by_a_fair_chance_node():
    # Both die this round (15 and 16 damage) with 54 glory each.
    state = stacked(
        hands={
            0: ["summoned", "the-drunken", "troll"],
            1: ["spied-on", "the-soulless", "sorceress"],
        },
        adventures={
            0: [("robbed", "the-giant", "unicorn"), ("insulted", "the-lonely", "witch")],
            1: [("lured", "the-frozen", "cyclops"), ("haunted", "the-mighty", "slime")],
        },
        pool=POOL,
        achievements=[],
    )
    for card in ("summoned", "the-drunken", "troll", "spied-on", "the-soulless", "sorceress"):
        state.apply(card)
    assert state.scores()[0] == state.scores()[1]
    assert state.is_chance_node()
    assert state.chance_outcomes() == [
        (("winner", 0), Fraction(1, 2)),
        (("winner", 1), Fraction(1, 2)),
    ]
    state.apply(("winner", 1))
    assert state.is_terminal() and state.returns() == [0.0, 1.0]


def test_bad_options_are_refused_clearly():
    with pytest.raises(ValueError, match="2 to 5 players"):
        HowIDiedState(players=6)
    with pytest.raises(ValueError, match="unknown card id 'zombie'"):
        HowIDiedState(deck=["zombie"])
    with pytest.raises(ValueError, match="unknown achievement"):
        HowIDiedState(achievements=["the-best"])


def test_a_state_shows_itself_in_a_notebook_without_any_hand():
    from toolkit.how_i_died.rules import HowIDiedState

    state = HowIDiedState(seed=1, players=3)
    html = state._repr_html_()
    assert html.count("<tr") == 3 and "Pool:" in html
    assert "Hand of player" not in html  # hands are private; the widget shows its player's own


def test_a_player_who_passes_and_dies_does_not_stall_the_living():
    # No end (III) is left to draw: player 1 cannot build and passes; player 2 cannot either and
    # dies at the pulse check of that pass; player 3 is alive and has not passed.
    adventures_of_2 = [
        ("ambushed", "the-cursed", "wraith"),
        ("tricked", "the-flaming", "gargoyle"),
        ("lured", "the-mighty", "unicorn"),
    ]  # 21 damage
    ends = [card for card in CARDS if CARDS[card].type == "III"]
    in_play = {card for adventure in adventures_of_2 for card in adventure}
    hand_2 = ["cursed", "the-drunken"] + [card for card in ends if card not in in_play]
    state = stacked(
        players=3,
        hands={0: ["bit", "the-hungry"], 1: ["mocked", "the-wicked"], 2: hand_2},
        adventures={1: adventures_of_2},
        pool=["hugged", "the-royal", "serenaded", "the-sleepy", "robbed", "the-giant"],
        achievements=[],
        seat=2,
    )
    for card in ("cursed", "the-drunken", "troll"):
        state.apply(card)
    assert state.turns_taken == [1, 1, 1] and state.alive == [True, False, True]
    assert not state.is_terminal() and state.current_player() == 2 and not state.stalled
    assert state.log == [
        "Player 1 cannot make an adventure and passes.",
        "Player 2 cannot make an adventure and passes.",
    ]


def test_seed_14_five_survivors_play_until_everyone_is_dead():
    """The game of the issue: it was declared stalled with a living player who never passed."""
    state = play_seeded("how-i-died", 5, ["survivor"] * 5, 14)
    assert not any(state.alive) and not state.stalled
    assert state.ended_by == "every adventurer died"
