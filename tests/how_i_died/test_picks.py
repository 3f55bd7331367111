"""What an And That's How I Died player picks on screen to set up a position
(:func:`toolkit.how_i_died.position.picks`): every option of every pick sets up or is refused
naming its field, the deck's run of unseen cards follows the cards put in sight, an end picked
into the hand changes the numbers as the card data says, and a picked position describes itself
again."""

from __future__ import annotations

from functools import cache

import pytest
import yaml
from _paths import BOOK, ROOT
from pick_check import (
    each_pick_round_trips,
    every_option,
    odd_parts_are_no_trouble,
    picked_as_described,
)
from position_check import positions

from toolkit.games import get_game

SLUG = "how-i-died"
SPEC = get_game(SLUG)


def example() -> dict:
    """The rules notes' example: player 1 has played Betrayed and The Demonic, both red, and
    holds the Dwarf and the Hydra for the end; 66 cards unseen in the deck."""
    return yaml.safe_load((BOOK / "positions" / "how-i-died.yaml").read_text(encoding="utf-8"))


@cache
def _sampled() -> tuple[dict, dict]:
    """From random games: a pick of an effect with a pick made; a build after a reshuffle."""
    effect = deep = None
    for state in positions(SLUG, 300, 7):
        told = SPEC.describe(state)
        if effect is None and told["decision"] == "effect" and told["picks"]:
            effect = told
        if deep is None and "reshuffled" in told and "lost_track" not in told:
            deep = told
        if effect and deep:
            return effect, deep
    raise AssertionError("no such positions in the sample")


def sampled(index: int) -> dict:
    return yaml.safe_load(yaml.safe_dump(_sampled()[index]))


def cards() -> dict:
    """The adventure cards as the data file has them (id -> fields), read on their own."""
    text = (ROOT / "data" / "how_i_died" / "adventures.yaml").read_text(encoding="utf-8")
    return {card["id"]: card for card in yaml.safe_load(text)["cards"]}


def pick(description: dict, label: str):
    return next(p for p in SPEC.picks(description) if p.label == label)


def numbers(description: dict) -> dict:
    odds = SPEC.decision_odds(SPEC.position(description)).actions
    return {option.action: option.odds for option in odds}


@pytest.mark.parametrize("index", [None, 0, 1])
def test_every_option_of_every_pick_sets_up_or_is_refused_by_its_field(index):
    description = example() if index is None else sampled(index)
    built, refused = every_option(SLUG, description)
    assert built > 2 * refused  # a refusal: a card named twice by the first entry's change


def test_the_picks_are_the_table_in_words():
    """The Pool, your hand, each card of the adventure being played (of its type), the
    achievements; a card is offered where it could be (not placed elsewhere), in words."""
    picks = SPEC.picks(example())
    assert [p.label for p in picks] == [
        "the Pool",
        "your hand",
        "card I of the adventure being played",
        "card II of the adventure being played",
        "the achievements on the table",
    ]
    # of the 90 cards, 18 are placed: the Pool's 6, your hand's 4, 2 being built, 2 adventures
    # of 3; each pick offers the others and its own
    assert len(picks[0].options) == 90 - 18 + 6 and len(picks[1].options) == 90 - 18 + 4
    assert picks[1].words("dwarf") == "Dwarf (III, red)"
    assert {words.split("(")[1].split(",")[0] for words, _ in picks[3].options} == {"II"}
    assert picks[4].words("the-reckless") == "The Reckless (50 glory)"


def test_an_end_picked_into_the_hand_has_the_numbers_of_its_card():
    """Each end with no effect that is not placed elsewhere, in the Hydra's place: playing it
    after Betrayed (3) and The Demonic (5), both red, gives its glory with theirs, twice over if
    it is red too (a Legendary Adventure), and its damage; player 1's 3 damage so far and at most
    7 more kill nobody."""
    data, hand = cards(), pick(example(), "your hand")
    tried = 0
    for _, card in hand.options:
        fields = data[card]
        if fields["type"] != "III" or "effect" in fields or card == "dwarf":
            continue
        changed = hand.apply(example(), ["spied-on", "the-soulless", "dwarf", card])
        red = fields["banner"] == "red"
        odds = numbers(changed)[card]
        assert odds["glory"] == (3 + 5 + fields["glory"]) * (2 if red else 1), card
        assert odds["damage"] == fields["damage"] and odds["death"] == 0
        assert odds["legendary"] == int(red)
        tried += 1
    assert tried >= 10


def test_cards_put_in_sight_leave_the_decks_unseen_run():
    description = example()
    hand = pick(description, "your hand")
    more = hand.apply(description, [*description["seats"][0]["hand"], "ogre"])
    assert more["deck"] == [{"unseen": 65}]
    swapped = pick(description, "the Pool").apply(description, ["ogre", *description["pool"][1:]])
    assert swapped["deck"] == [{"unseen": 66}] and "ogre" in numbers(swapped)
    fewer = hand.apply(description, ["dwarf"])
    assert fewer["deck"] == [{"unseen": 69}] and set(numbers(fewer)) == {"dwarf"}


def test_at_an_effect_the_card_resolving_follows_its_place():
    """The card whose effect is being picked changed: the effect is the new card's, its picks
    start again."""
    description = sampled(0)
    last = len(description["building"]) - 1
    place = pick(description, f"card {['I', 'II'][last]} of the adventure being played")
    other = next(card for _, card in place.options if card != description["resolving"])
    changed = place.apply(description, other)
    assert changed["resolving"] == other and changed["picks"] == []
    SPEC.position(changed)


@pytest.mark.parametrize("index", [None, 0, 1])
def test_a_picked_position_describes_itself_again(index):
    """For each pick, the first of its options that sets up: the game built describes itself
    the same way again, with the same numbers, the picked value in its place."""
    description = example() if index is None else sampled(index)
    each_pick_round_trips(SLUG, description)


def test_the_picks_of_a_description_with_odd_parts_are_still_made():
    """The widget makes the picks of whatever description its box holds: a part of it that is
    nothing, a number, a word, an empty list where a card, a list or a mapping belongs makes no
    pick fail (the set-up then names the field)."""
    assert odd_parts_are_no_trouble(SLUG, example()) > 100


def test_a_pick_keeps_a_description_in_the_games_own_form():
    """The box's description, once described by the game, stays as the game describes it after
    any pick: what the widget shows is what the set-up reads back."""
    assert picked_as_described(SLUG, SPEC.describe(SPEC.position(example()))) > 20
    assert (
        picked_as_described(SLUG, sampled(0)) > 100 and picked_as_described(SLUG, sampled(1)) > 20
    )
