"""What an Epic Death! player picks on screen to set up a position
(:func:`toolkit.epic_death.position.picks`): every option of every pick sets up or is refused
naming its field, the options are card names, a picked quest or D6 die gives the numbers counted
again with binomials, and a picked position describes itself again as picked."""

from __future__ import annotations

import copy
from fractions import Fraction
from math import comb

import pytest
import yaml
from _paths import BOOK
from pick_check import every_option, odd_parts_are_no_trouble, picked_as_described
from position_check import round_trip

from toolkit.epic_death.cards import catalog
from toolkit.games import get_game

SPEC = get_game("epic-death")
CARDS = catalog()
IDS = {
    card for group in (CARDS.fate, CARDS.quests, CARDS.epic_quests, CARDS.loot) for card in group
}


def example(name: str = "epic-death.yaml") -> dict:
    return yaml.safe_load((BOOK / "positions" / name).read_text(encoding="utf-8"))


def after_roll() -> dict:
    """The rules notes' example rolled: five dice on Tax Day in Troll Country, two Victories."""
    return {**example(), "decision": "after_roll", "dice": [6, 5, 1, 1, 1]}


def first_quest() -> dict:
    """The chapter's first turn, as a built game describes it (every field written)."""
    return SPEC.describe(SPEC.position(example("epic-death-first-quest.yaml")))


EXAMPLES = {"before_roll": example, "after_roll": after_roll, "choose_quest": first_quest}


def pick(description: dict, label: str):
    return next(p for p in SPEC.picks(description) if p.label == label)


def success(description: dict) -> dict:
    """Each choice's chance that the quest succeeds, by the choice's words."""
    state = SPEC.position(description)
    odds = SPEC.decision_odds(state)
    return {state.action_to_string(row.action): row.odds["success"] for row in odds.actions}


def at_least(dice: int, needed: int, p: Fraction) -> Fraction:
    """P(at least `needed` Victories from `dice` dice), each a Victory with chance `p` (no
    sixes counted twice: nothing here plays Red Mist)."""
    return sum(comb(dice, k) * p**k * (1 - p) ** (dice - k) for k in range(needed, dice + 1))


@pytest.mark.parametrize("kind", EXAMPLES)
def test_every_option_of_every_pick_sets_up_or_is_refused_by_its_field(kind):
    description = EXAMPLES[kind]()
    built, refused = every_option("epic-death", description)
    assert built > refused
    for chosen in SPEC.picks(description):
        assert not {w for w, _ in chosen.options} & IDS, chosen.label  # names, not ids


def test_the_picks_are_the_table_in_words():
    labels = {kind: [p.label for p in SPEC.picks(make())] for kind, make in EXAMPLES.items()}
    assert labels["before_roll"] == [
        "the quest",
        "card 1 played (Player 1)",
        "card 2 played (Player 1)",
        "dice the cards add",
        "your hand",
    ]
    assert labels["after_roll"] == labels["before_roll"][:4] + [
        *(f"die {n}" for n in range(1, 6)),
        "your hand",
    ]
    assert labels["choose_quest"] == [*(f"quest {n} in the line" for n in range(1, 6)), "your hand"]
    quest = pick(example(), "the quest")
    assert quest.words("q-troll-taxes") == "Tax Day in Troll Country (3 mighty)"
    description = first_quest()
    state = SPEC.position(description)
    attempts = {state.action_to_string(action) for action in state.legal_actions()}
    menus = [pick(description, f"quest {n} in the line") for n in range(1, 6)]
    assert attempts == {  # each quest in the line named in its menu as the choice to attempt it
        f"attempt {menu.words(quest)}"
        for menu, quest in zip(menus, description["quest_line"], strict=True)
    }
    assert len(quest.options) == 20 - 4  # the green Quests but the line's, the done and Grubnak's
    assert pick(after_roll(), "die 1").options == (
        ("1: no Victory", 1),
        ("5: a Victory", 5),
        ("6: a Victory, two with Red Mist", 6),
    )
    assert pick(example(), "dice the cards add").words(-5) == "5 fewer dice"
    hand = pick(example(), "your hand")
    assert [hand.words(card) for card in example()["hand"]] == [
        "Battle Cry",
        "Blessing of the War-Saint",
        "The Reaper's Bookmark",
        "Stubbed Toe",
        "Butterfingers",
    ]


def test_a_picked_quest_gives_the_binomial_numbers():
    """Tax Day in Troll Country (3 Mighty Victories from 5 dice) picked away for the Crypt of
    the Mildly Restless (4 Mighty): each choice's chance of success is that of 4 or more
    Victories, a Victory a die with chance 1/3 (a 5 or a 6)."""
    before = success(example())
    changed = pick(example(), "the quest").apply(example(), "q-restless-crypt")
    got = success(changed)
    third = Fraction(1, 3)
    assert got == {
        "done with Fate cards": at_least(5, 4, third),
        "play Battle Cry": at_least(6, 4, third),
        "play Blessing of the War-Saint": at_least(7, 4, third),
        "play Stubbed Toe": at_least(4, 4, third),
    }
    assert got != before


def test_the_d6_cards_die_picked_gives_the_pool_it_makes():
    """The Cave-In's die picked at 1 instead of 3: the cards take 3 dice, not 5, and the pool is
    7: done with Fate cards, Tax Day succeeds with 3 Victories of 7 dice."""
    changed = pick(example(), "dice the cards add").apply(example(), -3)
    assert success(changed)["done with Fate cards"] == at_least(7, 3, Fraction(1, 3))


def test_a_card_played_picked_changes_the_discards_and_the_dice():
    """Ambushed by Bees (2 fewer dice) played first, picked as a Battle Cry (1 more): the card
    in the discards changes with it, and the dice the cards add go from 5 fewer to 2 fewer."""
    changed = pick(example(), "card 1 played (Player 1)").apply(example(), "fate-add-1")
    assert changed["played"][0] == {"seat": 0, "card": "fate-add-1"}
    assert changed["fate_discards"] == ["fate-add-1", "fate-remove-d6"]
    assert changed["dice_change"] == -2
    assert success(changed)["done with Fate cards"] == at_least(8, 3, Fraction(1, 3))


@pytest.mark.parametrize(
    ("kind", "label", "value"),
    [
        ("before_roll", "the quest", "q-restless-crypt"),
        ("before_roll", "card 2 played (Player 1)", "fate-add-d6"),
        ("after_roll", "die 2", 1),
        ("before_roll", "your hand", ["fate-add-2", "fate-frenzy", "fate-remove-1"]),
        ("choose_quest", "quest 2 in the line", "q-troll-taxes"),
    ],
)
def test_a_picked_position_describes_itself_as_picked(kind, label, value):
    description = EXAMPLES[kind]()
    changed = pick(description, label).apply(copy.deepcopy(description), value)
    state = SPEC.position(changed)
    assert SPEC.describe(state) == changed
    round_trip("epic-death", state)


def test_a_smaller_hand_keeps_the_counts_of_the_hand_and_the_deck():
    changed = pick(example(), "your hand").apply(example(), ["fate-add-1"])
    assert changed["hand"] == ["fate-add-1"]
    assert changed["parties"][1]["fate_cards"] == 1
    assert changed["fate_deck"] == example()["fate_deck"] + 4
    SPEC.position(changed)


@pytest.mark.parametrize("kind", EXAMPLES)
def test_the_picks_of_a_description_with_odd_parts_are_still_made(kind):
    """The widget makes the picks of whatever description its box holds: a part of it that is
    nothing, a number, a word, an empty list where a card, a list or a mapping belongs makes no
    pick fail (the set-up then names the field)."""
    assert odd_parts_are_no_trouble("epic-death", EXAMPLES[kind]()) > 100


@pytest.mark.parametrize("kind", EXAMPLES)
def test_a_pick_keeps_a_description_in_the_games_own_form(kind):
    """Any pick of a description as the game describes it gives one the game describes back
    the same: what the widget's box shows is what the set-up reads back."""
    assert picked_as_described("epic-death", SPEC.describe(SPEC.position(EXAMPLES[kind]()))) > 20
