"""toolkit.deck: seeded shuffles replay, piles conserve their cards, and errors name the card."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from toolkit.deck import Deck, EmptyDeck, unseen

CARDS = [f"c{i}" for i in range(10)]


def test_shuffle_with_a_seeded_rng_reproduces():
    first, second = Deck(CARDS), Deck(CARDS)
    first.shuffle(random.Random(7))
    second.shuffle(random.Random(7))
    assert first.cards == second.cards
    assert sorted(first.cards) == sorted(CARDS)
    other = Deck(CARDS)
    other.shuffle(random.Random(8))
    assert other.cards != first.cards


def play_out(seed: int) -> list:
    """Draw, discard and reshuffle through a deck twice over: the full trace of what happened."""
    rng = random.Random(seed)
    deck = Deck(CARDS)
    deck.shuffle(rng)
    trace = []
    for _ in range(8):
        hand = deck.draw(3, rng)
        trace.append(hand)
        deck.discard(hand[:2])
        deck.put_on_bottom(hand[2:])
        assert deck.all_cards() == Counter(CARDS)
    deck.reshuffle(rng)
    trace.append(list(deck.cards))
    return trace


def test_draw_discard_reshuffle_replay_from_the_seed():
    assert play_out(3) == play_out(3)
    assert play_out(3) != play_out(4)


def test_draw_takes_from_the_top_in_order():
    deck = Deck(["bottom", "middle", "top"])
    assert deck.peek(2) == ["top", "middle"]
    assert deck.draw(2) == ["top", "middle"]
    assert len(deck) == 1
    deck.put_on_top(["a", "b"])
    deck.put_on_bottom(["x", "y"])
    assert deck.cards == ["y", "x", "bottom", "a", "b"]
    assert deck.draw() == ["b"]
    deck.remove("bottom")
    assert deck.cards == ["y", "x", "a"]
    assert "3 to draw" in repr(deck)


def test_an_empty_draw_pile_is_refilled_from_the_discards_with_an_rng():
    deck = Deck(["a"], discards=["b", "c"])
    drawn = deck.draw(3, random.Random(1))
    assert sorted(drawn) == ["a", "b", "c"]
    assert deck.cards == [] and deck.discards == []


def test_empty_deck_without_rng():
    deck = Deck(["a", "b"], discards=["c"])
    with pytest.raises(EmptyDeck, match="3"):
        deck.draw(3)
    # a refused draw takes nothing: the deck is as it was
    assert deck.cards == ["a", "b"] and deck.discards == ["c"]


def test_empty_deck_with_rng_and_no_discards():
    deck = Deck(["a"])
    with pytest.raises(EmptyDeck):
        deck.draw(2, random.Random(0))
    assert deck.cards == ["a"]
    with pytest.raises(EmptyDeck):
        Deck().draw()


def test_draw_up_to_stops_when_the_piles_run_out():
    deck = Deck(["a", "b"], discards=["c", "d"])
    assert deck.draw_up_to(5) == ["b", "a"]  # without an rng the discards stay put
    assert deck.discards == ["c", "d"]
    assert sorted(deck.draw_up_to(5, random.Random(2))) == ["c", "d"]
    assert deck.draw_up_to(1) == [] and deck.draw_up_to(1, random.Random(2)) == []
    assert Deck(CARDS).draw_up_to(3) == ["c9", "c8", "c7"]


def test_discard_takes_one_card_or_many():
    deck = Deck()
    deck.discard("solo")
    deck.discard(["x", "y"])
    assert deck.discards == ["solo", "x", "y"]


def test_unseen_is_the_complement():
    full = ["a", "a", "b", "c"]
    assert unseen(full, ["a", "c"]) == Counter({"a": 1, "b": 1})
    assert unseen(full, []) == Counter(full)
    assert unseen(full, full) == Counter()


def test_unseen_names_an_unknown_card():
    with pytest.raises(ValueError, match="'zebra' is not in this deck"):
        unseen(["a", "b"], ["a", "zebra"])


def test_unseen_names_a_card_seen_too_often():
    with pytest.raises(ValueError, match="'a' is seen more often than the deck holds it"):
        unseen(["a", "a", "b"], ["a", "b", "a", "a"])
