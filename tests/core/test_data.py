"""toolkit.data: YAML to typed cards; every error names the file, the card and the field."""

from __future__ import annotations

import dataclasses
import textwrap
from typing import Literal

import pytest

from toolkit.data import Card, DataError, Signed, data_root, expand, load_cards, load_yaml


@dataclasses.dataclass(frozen=True, kw_only=True)
class Monster(Card):
    health: int
    kind: Literal["beast", "undead"]
    tags: tuple[str, ...] = ()
    bonus: int | None = None
    weight: float = 1.0
    boss: bool = False


GOOD = """
cards:
  - id: rat
    name: Giant Rat
    source: constructed
    health: 2
    kind: beast
    copies: 3
  - id: lich
    name: The Lich
    source: rulebook
    health: 12
    kind: undead
    tags: [caster, boss]
    bonus: 4
    weight: 2
    boss: true
    text: It comes back.
"""

RAT = "  - id: rat\n    name: Giant Rat\n    source: constructed\n    kind: beast\n"


def write(tmp_path, text: str, name: str = "monsters.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_good_file_loads_typed_frozen_cards(tmp_path):
    cards = load_cards(write(tmp_path, GOOD), Monster)
    assert list(cards) == ["rat", "lich"]
    rat, lich = cards["rat"], cards["lich"]
    assert rat == Monster(
        id="rat", name="Giant Rat", source="constructed", health=2, kind="beast", copies=3
    )
    assert lich.tags == ("caster", "boss") and lich.bonus == 4 and lich.boss is True
    assert lich.weight == 2.0 and isinstance(lich.weight, float)
    assert rat.bonus is None and rat.text == ""
    with pytest.raises(dataclasses.FrozenInstanceError):
        rat.health = 3
    assert expand(cards) == ["rat", "rat", "rat", "lich"]


def test_a_different_list_key(tmp_path):
    path = write(tmp_path, GOOD.replace("cards:", "monsters:"))
    assert list(load_cards(path, Monster, key="monsters")) == ["rat", "lich"]


def error_of(tmp_path, text: str) -> DataError:
    path = write(tmp_path, text)
    with pytest.raises(DataError) as caught:
        load_cards(path, Monster)
    error = caught.value
    assert str(path) in str(error) and error.file == str(path)
    return error


@pytest.mark.parametrize(
    "text, card, field, problem",
    [
        ("cards:\n" + RAT, "rat", "health", "missing required field"),
        (
            "cards:\n" + RAT + "    health: ten\n",
            "rat",
            "health",
            "expected a whole number, got 'ten'",
        ),
        ("cards:\n" + RAT + "    health: true\n", "rat", "health", "expected a whole number"),
        ("cards:\n" + RAT + "    health: 2\n    colour: red\n", "rat", "colour", "unknown field"),
        (
            "cards:\n" + RAT.replace("beast", "dragon") + "    health: 2\n",
            "rat",
            "kind",
            "expected one of 'beast', 'undead', got 'dragon'",
        ),
        (
            "cards:\n" + RAT.replace("constructed", "homebrew") + "    health: 2\n",
            "rat",
            "source",
            "expected one of 'rulebook', 'constructed'",
        ),
        (
            "cards:\n" + RAT + "    health: 2\n    copies: 0\n",
            "rat",
            "copies",
            "must be 1 to 1,000",
        ),
        (
            "cards:\n" + RAT + "    health: 2\n" + RAT + "    health: 3\n",
            "rat",
            "id",
            "duplicate id",
        ),
        (
            "cards:\n" + RAT + "    health: 2\n    tags: [fast, 7]\n",
            "rat",
            "tags[1]",
            "expected text",
        ),
        ("cards:\n" + RAT + "    health: 2\n    tags: fast\n", "rat", "tags", "expected a list"),
        ("cards:\n" + RAT + "    health: 2\n    bonus: lots\n", "rat", "bonus", "expected int or"),
        (
            "cards:\n" + RAT + "    health: 2\n    boss: yes please\n",
            "rat",
            "boss",
            "true or false",
        ),
        ("cards:\n" + RAT + "    health: 2\n    weight: heavy\n", "rat", "weight", "a number"),
        ("cards:\n  - id: rat\n    name: [1]\n", "rat", "name", "expected text"),
        ("cards:\n  - just a string\n", "#1", None, "expected a mapping, got str"),
        (
            "cards:\n" + RAT + "    health: 2\n  - name: Nameless\n",
            "#2",
            "id",
            "missing required field",
        ),
    ],
)
def test_errors_name_file_card_and_field(tmp_path, text, card, field, problem):
    error = error_of(tmp_path, text)
    assert error.card == card and f"card {card!r}" in str(error)
    assert error.field == field
    if field is not None:
        assert f"field {field!r}" in str(error)
    assert problem in str(error)


@pytest.mark.parametrize(
    "text",
    ["- id: rat\n", "cards: {id: rat}\n", "something: []\n", "", "42\n"],
    ids=["top-level list", "cards not a list", "no cards key", "empty file", "a number"],
)
def test_document_that_is_not_a_mapping_with_a_list(tmp_path, text):
    error = error_of(tmp_path, text)
    assert "expected a mapping with a list under 'cards'" in str(error)
    assert error.card is None and error.field is None


def test_invalid_yaml_names_the_file(tmp_path):
    error = error_of(tmp_path, "cards: [unclosed\n  - id: rat\n")
    assert "not valid YAML" in str(error)


def test_missing_file_names_the_file(tmp_path):
    path = tmp_path / "nowhere.yaml"
    with pytest.raises(DataError, match="cannot be read") as caught:
        load_cards(path, Monster)
    assert str(path) in str(caught.value)


def test_python_tags_are_refused_not_executed(tmp_path):
    """safe_load only: a !!python tag is an error, and the command in it never runs."""
    marker = tmp_path / "pwned"
    text = f'cards: !!python/object/apply:os.system ["touch {marker}"]\n'
    error = error_of(tmp_path, text)
    assert "not valid YAML" in str(error)
    assert not marker.exists()
    error = error_of(tmp_path, "cards:\n  - !!python/object:builtins.object {}\n")
    assert "not valid YAML" in str(error)
    with pytest.raises(DataError):
        load_yaml(write(tmp_path, "x: !!python/name:os.system\n", "other.yaml"))


def test_data_root_holds_the_game_data():
    root = data_root()
    assert root.is_dir()
    assert (root / "epic_death").is_dir()


def test_an_optional_field_takes_null(tmp_path):
    path = write(tmp_path, "cards:\n" + RAT + "    health: 2\n    bonus: null\n")
    assert load_cards(path, Monster)["rat"].bonus is None


def test_a_whole_number_is_0_or_more_unless_it_says_signed(tmp_path):
    @dataclasses.dataclass(frozen=True, kw_only=True)
    class Curse(Card):
        dice: Signed
        turns: int = 1

    path = write(tmp_path, "cards: [{id: c, name: C, source: constructed, dice: -2}]")
    assert load_cards(path, Curse)["c"].dice == -2
    path = write(tmp_path, "cards: [{id: c, name: C, source: constructed, dice: 1, turns: -1}]")
    with pytest.raises(DataError, match="0 or more") as error:
        load_cards(path, Curse)
    assert (error.value.card, error.value.field) == ("c", "turns")
    path = write(tmp_path, "cards: [{id: c, name: C, source: constructed, dice: one}]")
    with pytest.raises(DataError, match="a whole number"):
        load_cards(path, Curse)
