"""What a To the Death! player picks on screen to set up a position
(:func:`toolkit.to_the_death.position.picks`): every option of every pick sets up or is refused
naming its field, the decision's options follow the hand, a picked discard pile or enemy health
changes the numbers as a count of the arsenal says, and a picked position describes itself
again."""

from __future__ import annotations

from fractions import Fraction

import pytest
import yaml
from _paths import BOOK
from pick_check import (
    each_pick_round_trips,
    every_option,
    odd_parts_are_no_trouble,
    picked_as_described,
)
from position_check import positions

from toolkit.games import get_game
from toolkit.position import at
from toolkit.to_the_death.cards import catalog, value_of

SPEC = get_game("to-the-death")
SHOT = "to-the-death.yaml"  # the bard's range 2 at the gladiator (armor 6), a focus on offer
TROPHY = "to-the-death-trophy.yaml"  # the gladiator's hit: which card of the hand is its trophy


def example(name: str = SHOT) -> dict:
    return yaml.safe_load((BOOK / "positions" / name).read_text(encoding="utf-8"))


def duel() -> dict:
    """A duel's main step a few turns in, from a random game: both parties' heroes."""
    return SPEC.describe(next(s for s in positions("to-the-death", 200) if s.players == 2))


def crowd() -> dict:
    """A solo decision with enemies of one name standing (a card that creates several)."""
    for state in positions("to-the-death", 400, 3):
        if state.players == 1:
            told = SPEC.describe(state)
            names = [
                enemy["name"]
                for card in told["monster_cards"]
                for enemy in card["enemies"]
                if not enemy.get("defeated")
            ]
            if len(set(names)) < len(names):
                return told
    raise AssertionError("no such decision in the sample")


def pick(description: dict, label: str):
    return next(p for p in SPEC.picks(description) if p.label == label)


def numbers(description: dict, measure: str) -> dict:
    odds = SPEC.decision_odds(SPEC.position(description)).actions
    return {tuple(option.action): option.odds[measure] for option in odds}


@pytest.mark.parametrize("description", [example(), example(TROPHY), duel(), crowd()])
def test_every_option_of_every_pick_sets_up_or_is_refused_by_its_field(description):
    built, refused = every_option("to-the-death", description)
    assert built > 5 * refused


def test_the_picks_are_the_table_in_words():
    """The hand and the discard pile (of the 32 cards, those not placed elsewhere, named as said
    at the table), each card in hand on its own (it, or a card not placed elsewhere), each
    hero's health, the gladiator's health and area; in the duel, each side's heroes, yours and
    theirs."""
    labels = [p.label for p in SPEC.picks(example())]
    assert labels == [
        "your hand",
        "the discard pile",
        "card 1 in your hand",
        "the Sellsword's health",
        "the War Priest's health",
        "the Shadow Mage's health",
        "the Bard's health",
        "the Gladiator's health",
        "the Gladiator's area",
    ]
    hand = pick(example(), "your hand")
    shown = example()["discard"]
    assert len(hand.options) == len(catalog().arsenal) - len(shown)
    assert hand.words("fighter:5") == "5 of Fighters" and hand.many
    assert len(pick(example(), "the Gladiator's health").options) == 8
    card = pick(example(), "card 1 in your hand")
    assert not card.many and card.words("mender:3") == "3 of Menders"
    assert len(card.options) == len(hand.options)  # the card itself, or one not placed
    assert "mender:3" in dict(card.options).values()
    sides = [p.label.split()[0] for p in SPEC.picks(duel()) if p.label.endswith("health")]
    assert sides.count("your") == sides.count("their") == 4
    labels = [p.label for p in SPEC.picks(crowd())]
    twins = [label for label in labels if label[0].isupper() and label.endswith(" 2's health")]
    assert twins and all(label.replace(" 2's", " 1's") in labels for label in twins)


def unseen(description: dict) -> list[str]:
    placed = set(description["hand"]) | set(description["discard"])
    return [card for card in catalog().arsenal if card not in placed]


def hits(description: dict, check: int) -> Fraction:
    """Of the cards the seat has not seen, the share whose value reaches `check`."""
    cards = unseen(description)
    return Fraction(sum(value_of(card) >= check for card in cards), len(cards))


def test_a_discard_pile_picked_changes_the_shot_as_counted_from_the_arsenal():
    """The bard's range 2 against armor 6 hits on a card of 4 or more; with the 3 of Menders
    discarded as a focus (1 more on the check), on a 3 or more. The two 8s not yet on the
    discard pile put there (the deck's count one fewer for each card more) leave fewer hits
    among the unseen cards."""
    shot = example()
    assert numbers(shot, "dealt")[("target", "m1-gladiator")] == hits(shot, 4) == Fraction(15, 22)
    pile = pick(shot, "the discard pile")
    eights = [
        card
        for card, c in catalog().arsenal.items()
        if c.value == 8 and card not in shot["discard"]
    ]
    changed = pile.apply(shot, [*shot["discard"], *eights])
    assert changed["deck"] == shot["deck"] - len(eights)
    shown = numbers(changed, "dealt")
    assert shown[("target", "m1-gladiator")] == hits(changed, 4) == Fraction(13, 20)
    assert shown[("focus", "mender:3")] == hits(changed, 3)


def test_the_gladiators_health_picked_changes_the_chance_to_defeat_it():
    """At health 1 the bard's hit (1 damage) defeats the gladiator: P(defeat) is the hit's."""
    shot = example()
    assert numbers(shot, "p_defeat")[("target", "m1-gladiator")] == 0
    weak = pick(shot, "the Gladiator's health").apply(shot, 1)
    assert numbers(weak, "p_defeat")[("target", "m1-gladiator")] == hits(shot, 4)


def offered(description: dict) -> list:
    return [tuple(action) for action in SPEC.position(description).legal_actions()]


def test_the_decisions_options_follow_the_hand():
    """The trophy's options are the cards of the hand, as the table tells them: none is written,
    and a card swapped, added (one fewer in the deck) or taken away changes what is offered.
    Where a person writes the options out, a card swapped renames its option, a card added gets
    one, a card taken away loses it. The bard's focus follows the card that replaces the 3 of
    Menders, and the shot's numbers the cards left unseen."""
    trophy = example(TROPHY)
    assert "options" not in trophy["decision"]
    hand = pick(trophy, "your hand")
    swapped = hand.apply(trophy, ["fighter:8", *trophy["hand"][1:]])
    assert swapped["hand"] == sorted(["fighter:8", *trophy["hand"][1:]])
    assert offered(swapped) == [("trophy", card) for card in swapped["hand"]]
    more = hand.apply(trophy, [*trophy["hand"], "fighter:8"])
    assert {card for _, card in offered(more)} == set(more["hand"])
    assert more["deck"] == trophy["deck"] - 1
    fewer = hand.apply(trophy, trophy["hand"][1:])
    assert offered(fewer) == [("trophy", card) for card in trophy["hand"][1:]]
    written = {**trophy, "decision": {**trophy["decision"]}}
    written["decision"]["options"] = [["trophy", card] for card in trophy["hand"]]
    assert offered(written) == offered(trophy)
    renamed = hand.apply(written, ["fighter:8", *trophy["hand"][1:]])
    assert [o[1] for o in renamed["decision"]["options"]] == ["fighter:8", *trophy["hand"][1:]]
    added = hand.apply(written, [*trophy["hand"], "fighter:8"])
    assert {o[1] for o in added["decision"]["options"]} == set(added["hand"])
    shot = example()
    changed = pick(shot, "your hand").apply(shot, ["champion:7"])
    assert offered(changed) == [("target", "m1-gladiator"), ("focus", "champion:7")]
    assert numbers(changed, "dealt")[("target", "m1-gladiator")] == hits(changed, 4)
    assert hits(changed, 4) == Fraction(14, 22)


@pytest.mark.parametrize(
    ("description", "some"), [(example(), False), (example(TROPHY), False), (duel(), True)]
)
def test_a_picked_position_describes_itself_again(description, some):
    """For each pick (in the duel, whose main step takes longer to analyse, the hand, the
    discard pile, its first card and a hero of each side), the first of its options that sets
    up: the game built describes itself the same way again, with the same numbers, the picked
    value in its place (a card in hand: in the hand, sorted again)."""
    chosen_picks = SPEC.picks(description)
    if some:
        health = [p for p in chosen_picks if p.label.endswith("health")]
        chosen_picks = chosen_picks[:3] + health[:1] + health[-1:]
    each_pick_round_trips("to-the-death", description, chosen_picks)


def test_the_picks_of_a_description_with_odd_parts_are_still_made():
    """The widget makes the picks of whatever description its box holds: a part of it that is
    nothing, a number, a word, an empty list where a card, a list or a mapping belongs makes no
    pick fail (the set-up then names the field)."""
    assert odd_parts_are_no_trouble("to-the-death", example(TROPHY)) > 100


def test_a_pick_keeps_a_description_in_the_games_own_form():
    """The box's description, once described by the game, stays as the game describes it after
    any pick: what the widget shows is what the set-up reads back."""
    assert picked_as_described("to-the-death", SPEC.describe(SPEC.position(example()))) > 20
    assert picked_as_described("to-the-death", SPEC.describe(SPEC.position(example(TROPHY)))) > 20
    assert picked_as_described("to-the-death", duel()) > 100


def test_a_card_in_hand_swapped_in_one_step_keeps_the_options_that_named_it():
    """The gladiator's hit blocked with the 6 of Fighters, the decision's options listed: card 4
    of the hand swapped for the 6 of Champions, the block names the new card (the hand sorted
    again), the numbers those of the picked description. Done with the hand's tags, the swap
    takes two picks, and the block is not carried to a card added before the other goes."""
    base = yaml.safe_load((BOOK / "positions" / TROPHY).read_text(encoding="utf-8"))
    base.update(
        decision={"question": "block", "attacker": "Gladiator", "target": "War Priest",
                  "weapon": "melee", "damage": 1, "options": [["block", "fighter:6"], ["take"]]},
        hand=["champion:0", "fighter:2", "fighter:4", "fighter:6", "mender:4"],
        discard=["magician:6"],
        last_attacks={"Gladiator": [2, 0]},
    )  # fmt: skip
    swap = pick(base, "card 4 in your hand")
    assert swap.words(at(base, swap.path)) == "6 of Fighters"
    changed = swap.apply(base, "champion:6")
    assert changed["hand"] == ["champion:0", "champion:6", "fighter:2", "fighter:4", "mender:4"]
    assert changed["decision"]["options"] == [["block", "champion:6"], ["take"]]
    assert changed["deck"] == base["deck"]
    odds = SPEC.decision_odds(SPEC.position(changed))
    assert [tuple(found.action) for found in odds.actions] == [("block", "champion:6"), ("take",)]
    tags = pick(base, "your hand")
    added = tags.apply(base, [*base["hand"], "champion:6"])
    two = pick(added, "your hand").apply(added, [c for c in added["hand"] if c != "fighter:6"])
    assert two["decision"]["options"] == [["take"]]
