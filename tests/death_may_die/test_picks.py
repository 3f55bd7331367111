"""What a Death May Die player picks on screen to set up a position
(:func:`toolkit.death_may_die.position.picks`): every option of every pick sets up or is refused
naming its field, the options are the table's names, a picked item or space gives the numbers
counted by hand, and a picked position describes itself again as picked."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest
import yaml
from _paths import BOOK
from pick_check import every_option, odd_parts_are_no_trouble, picked_as_described
from position_check import positions, round_trip

from toolkit.death_may_die.cards import catalog
from toolkit.games import get_game

SLUG = "death-may-die"
SPEC = get_game(SLUG)
CARDS = catalog()
IDS = {*CARDS.items, *CARDS.companions, *CARDS.conditions, *CARDS.enemies}


def example() -> dict:
    """The rules notes' example (Rosa beside Cultist 1 in the Nave), as a built game describes
    it (every field written)."""
    text = (BOOK / "positions" / "death-may-die.yaml").read_text(encoding="utf-8")
    return SPEC.describe(SPEC.position(yaml.safe_load(text)))


def two_players() -> dict:
    """The play notebook's first decision: Rosa and Ivo on the Dock, two Cultists out."""
    from toolkit.death_may_die.widget import DeathMayDieWidget

    game = DeathMayDieWidget(seed=0, players=2)
    return SPEC.describe(game.state)


def a_roll() -> dict:
    """The first roll waiting to be rerolled or accepted in the seeded random games."""
    state = next(s for s in positions(SLUG, 2000) if s.front() == "roll")
    return SPEC.describe(state)


EXAMPLES = {"example": example, "two players": two_players, "a roll": a_roll}


def pick(description: dict, label: str):
    return next(p for p in SPEC.picks(description) if p.label == label)


def attack(description: dict) -> dict:
    """The numbers of the attack on the first enemy, or None where none is offered."""
    state = SPEC.position(description)
    rows = {row.action: row.odds for row in SPEC.decision_odds(state).actions}
    return rows.get(("attack", next(iter(state.enemies))))


@pytest.mark.parametrize("kind", EXAMPLES)
def test_every_option_of_every_pick_sets_up_or_is_refused_by_its_field(kind):
    description = EXAMPLES[kind]()
    built, refused = every_option(SLUG, description)
    assert built > refused
    for chosen in SPEC.picks(description):
        assert not {w for w, _ in chosen.options} & IDS, chosen.label  # names, not ids


def test_the_picks_are_the_table_in_words():
    rosa = ["Rosa the Sailor's " + thing for thing in ("space", "wounds", "stress", "items")]
    ivo = ["Ivo the Scholar's " + thing for thing in ("space", "wounds", "stress", "items")]
    assert [p.label for p in SPEC.picks(example())] == ["actions left", *rosa, "Cultist 1's space"]
    assert [p.label for p in SPEC.picks(two_players())] == [
        "actions left",
        *rosa,
        *ivo,
        "Cultist 1's space",
        "Cultist 2's space",
    ]
    space = pick(example(), "Rosa the Sailor's space")
    assert space.options[:3] == (("Dock", "Dock"), ("Warehouse", "Warehouse"), ("Pier", "Pier"))
    assert len(space.options) == 16  # the Drowned Chapel's spaces
    assert pick(example(), "Rosa the Sailor's items").words("harpoon") == "Harpoon"
    roll = a_roll()
    die = pick(roll, "black die 1")
    assert [w for w, _ in die.options] == [
        "blank",
        "success",
        "tentacle",
        "elder",
        "success and tentacle",
    ]
    assert die.options[4][1] == "black success+tentacle"


def test_a_picked_item_adds_its_die_to_the_attack():
    """Rosa picks up the Harpoon (one green die more to attack): 3 black and 2 green dice, each
    a success half the time, against a Cultist of 2 health: defeated with 2 or more successes of
    binomial(5, 1/2)."""
    before = attack(example())
    changed = pick(example(), "Rosa the Sailor's items").apply(example(), ["harpoon"])
    state = SPEC.position(changed)
    assert state.dice_for(state.investigators[0], "attack") == (3, 2)
    odds = attack(changed)
    successes = [Fraction(comb(5, k), 32) for k in range(6)]
    assert odds["defeated"] == sum(successes[2:]) == Fraction(26, 32)
    assert odds["dealt"] == sum(p * min(k, 2) for k, p in enumerate(successes))
    assert odds != before


def test_a_picked_space_changes_what_is_offered():
    """Rosa on the Dock, away from the Cultist in the Nave: no attack is offered, and she may
    rest."""
    changed = pick(example(), "Rosa the Sailor's space").apply(example(), "Dock")
    assert attack(changed) is None
    state = SPEC.position(changed)
    assert ("rest", 0, 0) in {row.action for row in SPEC.decision_odds(state).actions}


@pytest.mark.parametrize(
    ("kind", "label", "value"),
    [
        ("example", "Rosa the Sailor's items", ["harpoon", "lantern"]),
        ("two players", "Cultist 2's space", "Dock"),
        ("two players", "Ivo the Scholar's stress", 2),
        ("example", "actions left", 1),
        ("a roll", "black die 1", "black success"),
    ],
)
def test_a_picked_position_describes_itself_as_picked(kind, label, value):
    description = EXAMPLES[kind]()
    changed = pick(description, label).apply(description, value)
    state = SPEC.position(changed)
    assert SPEC.describe(state) == changed
    round_trip(SLUG, state)


@pytest.mark.parametrize("kind", EXAMPLES)
def test_the_picks_of_a_description_with_odd_parts_are_still_made(kind):
    """The widget makes the picks of whatever description its box holds: a part of it that is
    nothing, a number, a word, an empty list where a card, a list or a mapping belongs makes no
    pick fail (the set-up then names the field)."""
    assert odd_parts_are_no_trouble(SLUG, EXAMPLES[kind]()) > 100


@pytest.mark.parametrize("kind", EXAMPLES)
def test_a_pick_keeps_a_description_in_the_games_own_form(kind):
    """Any pick of a description as the game describes it gives one the game describes back
    the same: what the widget's box shows is what the set-up reads back."""
    assert picked_as_described(SLUG, SPEC.describe(SPEC.position(EXAMPLES[kind]()))) > 20
