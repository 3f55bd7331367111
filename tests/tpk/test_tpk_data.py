"""TPK card data: the 105 cards of the box, each marked rulebook or constructed, validated on load."""

from __future__ import annotations

from collections import Counter

import pytest

from toolkit.data import DataError, load_cards
from toolkit.tpk.cards import Equipment, Threat, catalog


def test_the_box_holds_105_cards_in_the_rulebook_groups():
    cat = catalog()
    basic = [c for c in cat.equipment.values() if c.kind == "basic"]
    potions = [c for c in cat.equipment.values() if c.kind == "potion"]
    assert len(cat.levels) == 7 and len(cat.characters) == 5
    assert len(basic) == 40 and len(potions) + len(cat.amulets) == 8
    assert sum(t.copies for t in cat.threats.values()) == 45
    assert len(cat.all_cards()) == 105


def test_every_character_has_eight_cards_and_its_speciality_shows():
    cat = catalog()
    icons = {c: Counter() for c in cat.characters}
    for card in cat.equipment.values():
        if card.kind == "basic":
            for use in card.uses:
                icons[card.character][use.icon] += 1
    assert icons["galen"].most_common(1)[0][0] == "trap"
    assert icons["brin"].most_common(1)[0][0] == "secret_door"
    assert icons["taric"].most_common(1)[0][0] == "monster"
    assert icons["pentegarn"].most_common(1)[0][0] == "monster"
    assert all(len(icons["land"]) == 4 for _ in [0])  # the thief can do everything


def test_threat_deck_has_ten_treasures_and_35_threats_of_every_kind():
    threats = catalog().threats.values()
    treasures = sum(t.copies for t in threats if t.treasure)
    assert treasures == 10 and 45 - treasures == 7 * 5
    assert any(t.double for t in threats) and any(len(t.icons) == 2 for t in threats)
    for icon in ("monster", "trap", "locked_door", "secret_door"):
        assert any(t.icons == (icon,) for t in threats)


def test_the_example_cards_and_the_potion_table_are_marked_rulebook():
    cat = catalog()
    for card_id in ("small-monster", "large-monster", "secret-door"):
        assert cat.threats[card_id].source == "rulebook"
    for card_id in ("brin-torch", "taric-greatsword", "potion-brin", "amulet-land"):
        group = cat.amulets if card_id.startswith("amulet") else cat.equipment
        assert group[card_id].source == "rulebook"
    assert cat.threats["ogre"].source == "constructed"
    assert (
        cat.potion("galen").uses[0].powerful and cat.potion("galen").uses[1].icon == "locked_door"
    )


def test_a_bad_card_names_file_card_and_field(tmp_path):
    bad = tmp_path / "threats.yaml"
    bad.write_text("cards:\n  - {id: gremlin, name: Gremlin, source: rulebook, icons: [dragon]}\n")
    with pytest.raises(DataError, match=r"threats.yaml: card 'gremlin', field 'icons\[0\]'"):
        load_cards(bad, Threat)
    bad.write_text("cards:\n  - {id: axe, name: Axe, source: constructed, character: taric}\n")
    with pytest.raises(DataError, match="card 'axe', field 'uses': missing required field"):
        load_cards(bad, Equipment)
