"""The card data: its shape, its sources, and clear errors for broken files."""

from __future__ import annotations

import pytest
import yaml

from toolkit.data import DataError, load_cards
from toolkit.how_i_died.achievements import check_requirement_ids
from toolkit.how_i_died.cards import (
    BANNERS,
    CARDS,
    TYPES,
    Achievement,
    Adventure,
    catalog,
    check_adventures,
    data_dir,
)
from toolkit.how_i_died.effects import check_effect_ids

RULEBOOK_CARDS = {
    "I": {"Spied On", "Betrayed", "Grossed Out", "Bit", "Mounted", "Manipulated"},
    "II": {
        "The Soulless",
        "The Spiteful",
        "The Demonic",
        "The Hungry",
        "The Deadly",
        "The Barbaric",
    },
    "III": {"Skeleton", "Sorceress", "Hydra", "Demigod", "Dwarf", "Gargoyle"},
}


def test_ninety_cards_thirty_of_each_type_six_of_each_banner():
    assert len(CARDS) == 90
    for kind in TYPES:
        for banner in BANNERS:
            assert sum(1 for c in CARDS.values() if c.type == kind and c.banner == banner) == 6
    ends = [c.damage for c in CARDS.values() if c.type == "III"]
    assert min(ends) >= 2 and all(c.damage == 0 for c in CARDS.values() if c.type != "III")


def test_the_rulebooks_cards_are_marked_and_the_rest_constructed():
    for kind, names in RULEBOOK_CARDS.items():
        marked = {c.name for c in CARDS.values() if c.type == kind and c.source == "rulebook"}
        assert marked == names
    assert sum(c.source == "constructed" for c in CARDS.values()) == 72
    assert all(c.printed == () for c in CARDS.values() if c.source == "constructed")
    achievements = catalog().achievements
    printed = {a.name: a.glory for a in achievements.values() if a.source == "rulebook"}
    assert printed == {"The Legend": 30, "The Seeker": 26, "The Schemer": 33, "The Reckless": 50}
    assert len(achievements) == 10


def broken_copy(tmp_path, name, card_type, change):
    document = yaml.safe_load((data_dir() / name).read_text())
    change(document["cards"])
    path = tmp_path / name
    path.write_text(yaml.safe_dump(document))
    return path, load_cards(path, card_type)


def test_an_unknown_effect_names_file_card_and_field(tmp_path):
    path, cards = broken_copy(
        tmp_path, "adventures.yaml", Adventure, lambda cards: cards[4].update(effect="teleport")
    )
    with pytest.raises(DataError, match=r"adventures.yaml: card 'mounted', field 'effect'"):
        check_effect_ids(cards, path)


def test_damage_on_a_beginning_is_refused(tmp_path):
    path, cards = broken_copy(
        tmp_path, "adventures.yaml", Adventure, lambda cards: cards[0].update(damage=3)
    )
    with pytest.raises(DataError, match=r"card 'spied-on', field 'damage'"):
        check_adventures(cards, path)


def test_every_card_awards_glory_and_a_card_without_is_refused(tmp_path):
    """Card anatomy: all cards award glory, beginnings and middles as well as ends."""
    assert all(card.glory >= 1 for card in CARDS.values())
    for kind in ("I", "II", "III"):
        card = next(c.id for c in CARDS.values() if c.type == kind)

        def no_glory(cards, card=card):
            next(c for c in cards if c["id"] == card).update(glory=0)

        path, cards = broken_copy(tmp_path, "adventures.yaml", Adventure, no_glory)
        with pytest.raises(DataError, match=rf"card '{card}', field 'glory'"):
            check_adventures(cards, path)


def test_a_wrong_banner_or_a_missing_card_is_refused(tmp_path):
    with pytest.raises(DataError, match=r"card 'spied-on', field 'banner'"):
        broken_copy(
            tmp_path, "adventures.yaml", Adventure, lambda cards: cards[0].update(banner="pink")
        )
    path, cards = broken_copy(tmp_path, "adventures.yaml", Adventure, lambda cards: cards.pop())
    with pytest.raises(DataError, match="expected 30 cards of type III, found 29"):
        check_adventures(cards, path)


def test_an_unknown_requirement_is_refused(tmp_path):
    path, cards = broken_copy(
        tmp_path,
        "achievements.yaml",
        Achievement,
        lambda cards: cards[0].update(requirement="be_nice"),
    )
    with pytest.raises(DataError, match=r"card 'the-reckless', field 'requirement'"):
        check_requirement_ids(cards, path)
