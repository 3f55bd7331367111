"""Card data: complete, marked by source, every ability backed by a registered function."""

import pytest

from toolkit.data import DataError, load_cards
from toolkit.to_the_death.cards import Hero, catalog, parse_card
from toolkit.to_the_death.registry import EFFECTS, HOOKS


def test_arsenal_is_32_cards_one_per_suit_and_value():
    cards = catalog().arsenal
    assert len(cards) == 32
    assert sorted({c.value for c in cards.values()}) == [0, 2, 3, 4, 5, 6, 7, 8]


def test_every_card_the_rulebook_names_is_present():
    cat = catalog()
    assert {
        "fisherman",
        "archer",
        "bard",
        "grave-knight",
        "sellsword",
        "shadow-mage",
        "wizard",
        "war-priest",
        "dreamer",
    } <= set(cat.heroes)
    assert {"goblins", "gryphon", "zombie", "gladiator", "ratman", "sphinx"} <= set(cat.monsters)
    assert {"unmaker-numenax", "sekzar"} <= {k for k, m in cat.monsters.items() if m.king}
    assert "against-the-summoner" in cat.challenges
    assert {d.hero_class for d in cat.damage.values()} == {
        "champion",
        "fighter",
        "magician",
        "mender",
    }


def test_fully_printed_cards_are_marked_rulebook_and_the_rest_constructed():
    cat = catalog()
    assert cat.heroes["fisherman"].source == "rulebook"
    assert cat.heroes["archer"].source == "rulebook"
    assert cat.heroes["sellsword"].source == "constructed"
    assert cat.heroes["bard"].ability("furious-fife").source == "rulebook"
    assert cat.heroes["bard"].ability("dissonance").source == "constructed"
    assert cat.monsters["goblins"].source == "rulebook"
    assert cat.monsters["sekzar"].source == "constructed"


def test_every_hero_ability_and_burst_box_has_an_effect_function():
    cat = catalog()
    for hero in cat.heroes.values():
        for ability in hero.abilities:
            assert f"{hero.id}/{ability.key}" in EFFECTS, (hero.id, ability.key)
    for card in cat.damage.values():
        for box in card.boxes:
            if box.key:
                registered = (
                    f"{card.id}/{box.key}" in EFFECTS
                    if box.burst
                    else any(f"{card.id}/{box.key}" in table for table in HOOKS.values())
                )
                assert registered, (card.id, box.key)


def test_every_enemy_ability_has_a_hook():
    cat = catalog()
    hooked = {key for table in HOOKS.values() for key in table}
    for monster in cat.monsters.values():
        keys = [a.key for a in monster.abilities]
        keys += [a.key for created in monster.creates for a in created.abilities]
        for key in keys:
            assert f"{monster.id}/{key}" in hooked, (monster.id, key)
    for challenge in cat.challenges.values():
        assert f"{challenge.id}/{challenge.ability.key}" in hooked


def test_a_bad_field_names_the_file_card_and_field(tmp_path):
    path = tmp_path / "heroes.yaml"
    path.write_text(
        "cards:\n  - {id: x, name: X, source: rulebook, hero_class: rogue, area: near,"
        " weapons: [], armor: 5, skill: 1, abilities: []}\n"
    )
    with pytest.raises(DataError) as error:
        load_cards(path, Hero)
    message = str(error.value)
    assert "heroes.yaml" in message and "'x'" in message and "hero_class" in message


@pytest.mark.parametrize("text, expected", [("Fighter:5", "fighter:5"), (" mender: 0", "mender:0")])
def test_parse_card(text, expected):
    assert parse_card(text) == expected


@pytest.mark.parametrize("text", ["fighter:1", "rogue:3", "fighter", "fighter:x"])
def test_parse_card_rejects(text):
    with pytest.raises(ValueError):
        parse_card(text)


def test_every_hero_fits_a_legal_party():
    """A party is one hero of each class, two starting near and two far: every hero must be
    playable (the fisherman was not, until a far mender joined the constructed cards)."""
    from itertools import product

    heroes = catalog().heroes
    by_class = {}
    for hero in heroes.values():
        by_class.setdefault(hero.hero_class, []).append(hero)
    fielded = set()
    for party in product(*by_class.values()):
        if sum(hero.area == "near" for hero in party) == 2:
            fielded |= {hero.id for hero in party}
    assert fielded == set(heroes)


def test_no_enemy_starts_above_the_18_boxes_of_the_enemy_damage_cards():
    for monster in catalog().monsters.values():
        healths = [monster.health or 1] + [enemy.health for enemy in monster.creates]
        assert all(1 <= health <= 18 for health in healths), monster.id


def test_parse_card_names_the_values_the_arsenal_holds():
    with pytest.raises(ValueError, match=r"fighter values are 0, 2-8\)"):
        parse_card("fighter:1")
