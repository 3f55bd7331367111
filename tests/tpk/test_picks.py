"""What a TPK player picks on screen to set up a position (:func:`toolkit.tpk.position.picks`):
every option of every pick sets up or is refused naming its field, a picked threat changes the
numbers as a count from the card data says, and a picked position describes itself again."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

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
from toolkit.tpk.cards import catalog
from toolkit.tpk.odds import CLEARABLE
from toolkit.tpk.rules import PASS, sheet

SPEC = get_game("tpk")
EXAMPLES = ("tpk.yaml", "tpk-brin-keeps.yaml")


def example(name: str = "tpk.yaml") -> dict:
    return yaml.safe_load((BOOK / "positions" / name).read_text(encoding="utf-8"))


def deeper() -> dict:
    """A two-player keep at level 2 of a random game, a treasure carried: the picks of
    treasures and amulets are there too."""
    told = (SPEC.describe(s) for s in positions("tpk", 400) if s.num_players == 2 and s.level > 1)
    return next(d for d in told if any(member["treasures"] for member in d["party"]))


def pick(description: dict, label: str):
    return next(p for p in SPEC.picks(description) if p.label == label)


def numbers(description: dict) -> dict:
    odds = SPEC.decision_odds(SPEC.position(description))
    return {option.action: option.odds[CLEARABLE.name] for option in odds.actions}


@pytest.mark.parametrize("description", [*map(example, EXAMPLES), deeper()])
def test_every_option_of_every_pick_sets_up_or_is_refused_by_its_field(description):
    built, refused = every_option("tpk", description)
    assert built > 5 * refused


def test_the_picks_are_the_table_in_words():
    """Galen's play: the three threats, his hand and his cards set aside (his sheet's eight items,
    named as printed with what they overcome), his partners' characters, the Infernal Dungeon;
    at level 2 of a two-player game, the treasures each carries and the amulets' sides too."""
    labels = [p.label for p in SPEC.picks(example())]
    assert labels == [
        "threat 1 of the row",
        "threat 2 of the row",
        "threat 3 of the row",
        "your hand",
        "your cards set aside",
        "your partner Brin",
        "your partner Taric",
        "the Infernal Dungeon",
    ]
    cat = catalog()
    hand = pick(example(), "your hand")
    assert [value for _, value in hand.options] == list(sheet("galen", 3, "none"))
    assert hand.words("potion-galen") == "Potion [monster x2 / locked door]" and hand.many
    row = pick(example(), "threat 2 of the row")
    assert row.words("large-monster") == "Large monster (monster x2)"
    assert len(row.options) == len(cat.threats)  # each kind has a copy left
    both = pick(example(), "threat 1 of the row").apply(example(), "large-monster")
    others = [pick(both, f"threat {n} of the row") for n in (1, 2, 3)]
    offered = [[card for _, card in p.options] for p in others]
    # both its copies now in the row: threat 3 can be no third
    assert ["large-monster" in cards for cards in offered] == [True, True, False]
    assert pick(example(), "your partner Brin").words("land") == "Land, the thief"
    more = {p.label: len(p.options) for p in SPEC.picks(deeper())}
    assert "your treasures" in more and more["Land's amulet"] == 3


def test_a_threat_picked_changes_the_numbers_as_counted_from_the_cards():
    """Galen's potion on the small monster leaves threat 2 and the secret door to Brin and Taric,
    one card each, any of the eight of their sheets: the level is clear in the pairs where one
    overcomes threat 2 and the other the door. With a small monster as threat 2, the potion (x2)
    can also take both monsters at once: then either partner's secret door card clears it."""
    cat = catalog()
    brin, taric = sheet("brin", 3, "none"), sheet("taric", 3, "none")

    def overcomes(card, threat):
        return any(
            use.icon in threat.icons and (use.powerful or not threat.double)
            for use in cat.equipment[card].uses
        )

    door = cat.threats["secret-door"]
    second = pick(example(), "threat 2 of the row")
    for card in ("small-monster", "large-monster", "oak-door", "mimic", "pit-trap"):
        threat = cat.threats[card]
        won = sum(
            (overcomes(b, threat) and overcomes(t, door))
            or (overcomes(t, threat) and overcomes(b, door))
            for b, t in product(brin, taric)
        )
        shown = numbers(second.apply(example(), card))
        assert shown[("use", ("potion-galen",), (0,))] == Fraction(won, 64), card
        assert shown[PASS] == 0
    both = numbers(second.apply(example(), "small-monster"))[("use", ("potion-galen",), (0, 1))]
    neither = sum(not overcomes(b, door) for b in brin) * sum(not overcomes(t, door) for t in taric)
    assert both == 1 - Fraction(neither, 64) == Fraction(9, 16)
    assert numbers(example())[("use", ("potion-galen",), (0,))] == Fraction(9, 64)


def test_a_partners_character_picked_changes_the_numbers():
    """Land in Taric's place: the large monster then needs Land's or Brin's x2 monster card."""
    land = pick(example(), "your partner Taric").apply(example(), "land")
    assert numbers(land) != numbers(example())


@pytest.mark.parametrize("description", [example(), deeper()])
def test_a_picked_position_describes_itself_again(description):
    """For each pick, the first of its options that sets up: the game built describes itself
    the same way again, the picked value in its place."""
    each_pick_round_trips("tpk", description)


def test_an_amulet_follows_its_character_and_a_side_picked_is_written():
    description = deeper()
    changed = pick(description, "your partner Land").apply(description, "galen")
    assert changed["amulets"] == {"galen": "a"}
    assert pick(description, "Land's amulet").apply(description, "b")["amulets"] == {"land": "b"}


def test_the_picks_of_a_description_with_odd_parts_are_still_made():
    """The widget makes the picks of whatever description its box holds: a part of it that is
    nothing, a number, a word, an empty list where a card, a list or a mapping belongs makes no
    pick fail (the set-up then names the field)."""
    assert odd_parts_are_no_trouble("tpk", example()) > 100


def test_a_pick_keeps_a_description_in_the_games_own_form():
    """The box's description, once described by the game, stays as the game describes it after
    any pick: what the widget shows is what the set-up reads back."""
    for name in EXAMPLES:
        assert picked_as_described("tpk", SPEC.describe(SPEC.position(example(name)))) > 20
    assert picked_as_described("tpk", deeper()) > 100
