"""Every hero's activated abilities and every damage-card box on a stacked table.

The table is one round against Sekzar, the Grave Swarm (far, range 2, armor 7, health 10) and the
grave beetle its Swarm brings (near, melee 2, armor 4, health 1): a far target, a near one, and
two enemies for the abilities that hit each enemy. Its first enemy turn checks the 0 and the 2 of
Champions, two misses against the champion's armor 8, so each test starts in the hero turn's main
step at full health, with a hand it names. Naming a card makes it the next check or draw.
"""

import pytest
from ttd_helpers import end_hero_turn, feed, set_heroes, uid_of, until_main

from toolkit.steps import PASS
from toolkit.to_the_death.cards import catalog
from toolkit.to_the_death.odds import attack_odds
from toolkit.to_the_death.rules import SECOND_PARTY, ToTheDeathState

HAND = ["fighter:8", "magician:7", "mender:5", "fighter:3", "mender:2"]
SECOND = list(SECOND_PARTY)  # grave knight (near), archer (far), wizard (far), dreamer (near)


def sekzar_main(hand=HAND, party=None, health=None):
    """The hero turn's main step against Sekzar and one grave beetle (see the module docstring);
    `health` ({uid: health}) is set before the enemy turn, so its boxes work from the start."""
    game = ToTheDeathState(seed=0, encounter="sekzar", party=party)
    feed(game, *hand)
    set_heroes(game, health=health)
    feed(game, "sekzar")
    until_main(game, ["magician:8", "champion:0", "champion:2"])  # the beetle's card, 2 misses
    assert game.prompt.question == "main" and sorted(game.hands[0]) == sorted(hand)
    return game


def foes(game):
    return uid_of(game, "Sekzar, the Grave Swarm"), uid_of(game, "Grave Beetle")


def health(game):
    return {u["uid"]: u["health"] for u in game.units.values() if u["kind"] == "hero"}


def with_hero(game, old: str, hero_id: str):
    """Seat `hero_id` in place of the hero `old` (same class) at the same place on the table.

    The fisherman's tests put him at the bard's seat, on the table the other tests share; a legal
    party holds him too, with the herbalist, our far mender (see the Herbalist's tests)."""
    card = catalog().heroes[hero_id]
    unit = game.units.pop(old)
    assert unit["cls"] == card.hero_class
    uid = f"a-{hero_id}"
    unit.update(
        uid=uid,
        card=hero_id,
        name=card.name,
        area=card.area,
        weapons=[(w.kind, w.value) for w in card.weapons],
        armor=card.armor,
        skill=card.skill,
    )
    game.units[uid] = unit
    game.touch()
    return uid


# -- the Sellsword ---------------------------------------------------------------------------------
def test_hack_gives_the_sellswords_melee_weapon_1_for_its_melee_attack():
    game = sekzar_main()
    _, beetle = foes(game)
    feed(game, ("ability", "a-sellsword", "hack", "fighter:3"))
    assert game.weapon_bonus(game.units["a-sellsword"], "melee", None) == 1
    assert game.weapon_bonus(game.units["a-sellsword"], "range", None) == 0
    feed(game, ("target", beetle), "fighter:0")  # 3 + 0 + 1 = 4 against armor 4: a hit
    assert game.units[beetle]["defeated"]


def test_shield_wall_raises_every_heros_armor_by_1_during_the_next_turn():
    game = sekzar_main(hand=["fighter:8", "magician:7", "mender:5", "fighter:3", "fighter:6"])
    feed(game, ("ability", "a-sellsword", "shield-wall", "mender:5"))
    assert game.armor(game.units["a-war-priest"]) == 4  # not this turn
    end_hero_turn(game, ["champion:3"])
    armors = {u: game.armor(game.units[u]) for u in health(game)}
    assert armors == {"a-sellsword": 9, "a-bard": 7, "a-shadow-mage": 5, "a-war-priest": 5}
    # Sekzar's range 2 checks the 2 of Menders: 4 would hit the war priest's 4, not its 5
    until_main(game, ["magician:3", "mender:2", "champion:4", "champion:6"])
    assert health(game)["a-war-priest"] == 6
    assert game.armor(game.units["a-war-priest"]) == 4  # over with the enemy turn


def test_bodyguard_sends_every_enemy_weapon_to_the_sellsword_during_the_next_turn():
    game = sekzar_main()
    feed(game, ("ability", "a-sellsword", "bodyguard", "fighter:8"))
    end_hero_turn(game, ["champion:3"])
    # Sekzar checks the 6 of Menders: 2 + 6 = 8 goes from the war priest to the sellsword, a hit
    # (its box at 5 then gives it armor 9). The first beetle checks the 7 of Fighters: the far bard
    # and mage pass it to the war priest, and on to the sellsword, where 2 + 7 = 9 hits again.
    until_main(game, ["magician:3", "mender:6", "fighter:7", "champion:4"])
    assert health(game) == {"a-sellsword": 4, "a-bard": 6, "a-shadow-mage": 6, "a-war-priest": 6}


def test_bodyguard_never_redirects_its_own_sides_weapons():
    """During the enemy turn Bodyguard works, but a hero's own weapon (a burst attack) aimed at
    a monster still attacks that monster; a monster's weapon at the war priest goes to the
    sellsword."""
    game = sekzar_main()
    sekzar, _ = foes(game)
    feed(game, ("ability", "a-sellsword", "bodyguard", "fighter:8"))
    end_hero_turn(game, ["champion:3"])
    assert game.is_chance_node() and game.turn == 3  # the enemy turn, Bodyguard working
    units = game.units
    assert game.redirected(units["a-bard"], "range", units[sekzar]) is units[sekzar]
    assert game.redirected(units[sekzar], "range", units["a-war-priest"]) is units["a-sellsword"]


# -- the Bard (Furious Fife: test_example_turn.py) ---------------------------------------------------
def test_rousing_anthem_heals_every_hero_1():
    game = sekzar_main(health={"a-sellsword": 5, "a-bard": 5, "a-shadow-mage": 4})
    feed(game, ("ability", "a-bard", "rousing-anthem", "fighter:8"))
    assert health(game) == {"a-sellsword": 6, "a-bard": 6, "a-shadow-mage": 5, "a-war-priest": 6}


@pytest.mark.parametrize("check, hit", [("fighter:7", True), ("fighter:6", False)])
def test_dissonance_a_skill_check_against_8_deals_1_damage_to_every_enemy(check, hit):
    game = sekzar_main()
    sekzar, beetle = foes(game)
    feed(game, ("ability", "a-bard", "dissonance", "mender:5"), check)  # skill 1 + the check
    assert game.units[sekzar]["health"] == (9 if hit else 10)
    assert game.units[beetle]["defeated"] is hit


# -- the Shadow Mage ---------------------------------------------------------------------------------
@pytest.mark.parametrize("check, damage", [("fighter:5", 2), ("fighter:4", 0)])
def test_shadow_bolt_a_skill_check_against_9_deals_2_damage_to_one_enemy(check, damage):
    game = sekzar_main()
    sekzar, _ = foes(game)
    feed(game, ("ability", "a-shadow-mage", "shadow-bolt", "fighter:8"), check)  # skill 4
    if damage:
        assert game.prompt.question == "choose enemy"
        feed(game, ("enemy", sekzar))
    assert game.units[sekzar]["health"] == 10 - damage


def test_dark_insight_draws_two_cards():
    game = sekzar_main()
    feed(game, ("ability", "a-shadow-mage", "dark-insight", "magician:7"), "fighter:2", "fighter:4")
    assert sorted(game.hands[0]) == sorted(
        ["fighter:8", "mender:5", "fighter:3", "mender:2", "fighter:2", "fighter:4"]
    )


@pytest.mark.parametrize("check, hit", [("fighter:4", True), ("fighter:2", False)])
def test_umbral_aim_gives_the_mages_range_weapons_3_for_its_range_attack(check, hit):
    game = sekzar_main()
    sekzar, _ = foes(game)
    feed(game, ("ability", "a-shadow-mage", "umbral-aim", "fighter:3"))
    assert game.weapon_bonus(game.units["a-bard"], "range", None) == 0  # its own weapons only
    feed(game, ("target", sekzar), check)  # 0 + 4 + 3 = 7 against armor 7
    assert game.units[sekzar]["health"] == (9 if hit else 10)
    feed(game, ("target", sekzar), "champion:4")  # the second weapon: 0 + 4 + 3, a hit
    assert game.units[sekzar]["health"] == (8 if hit else 9)


# -- the War Priest (Great Heal: test_example_turn.py) -----------------------------------------------
def test_blessing_gives_every_heros_weapons_1_then_the_priest_attacks_in_melee():
    game = sekzar_main()
    _, beetle = foes(game)
    feed(game, ("ability", "a-war-priest", "blessing", "magician:7"))
    assert game.weapon_bonus(game.units["a-bard"], "range", None) == 1
    assert game.weapon_bonus(game.units["a-sellsword"], "melee", None) == 1
    assert game.prompt.question == "target"  # melee: only the near beetle is in reach
    assert ("target", foes(game)[0]) not in game.legal_actions()
    feed(game, ("target", beetle), "fighter:2")  # 1 + 2 + 1 = 4 against armor 4: a hit
    assert game.units[beetle]["defeated"]


def test_mend_heals_one_hero_of_your_choice_1():
    game = sekzar_main(health={"a-bard": 5, "a-sellsword": 5})
    feed(game, ("ability", "a-war-priest", "mend", "mender:2"), ("hero", "a-bard"))
    assert health(game) == {"a-sellsword": 5, "a-bard": 6, "a-shadow-mage": 6, "a-war-priest": 6}


# -- the Herbalist (ours: the far mender that lets a party field the fisherman) ---------------------
FISHERS = ["sellsword", "fisherman", "shadow-mage", "herbalist"]  # near, near, far, far


def test_the_fisherman_plays_in_a_legal_party_with_the_herbalist():
    game = sekzar_main(party=FISHERS)
    assert {h["uid"]: h["area"] for h in game.heroes(0)} == {
        "a-sellsword": "near",
        "a-fisherman": "near",
        "a-shadow-mage": "far",
        "a-herbalist": "far",
    }
    feed(game, ("ability", "a-fisherman", "biggest-hook", "fighter:8"))
    assert game.prompt.question == "target"  # his hook's melee attack


def test_remedy_heals_one_hero_2_then_draws_a_card():
    game = sekzar_main(party=FISHERS, health={"a-sellsword": 4})
    feed(game, ("ability", "a-herbalist", "remedy", "fighter:8"), ("hero", "a-sellsword"))
    feed(game, "champion:5")
    assert game.units["a-sellsword"]["health"] == 6 and "champion:5" in game.hands[0]


def test_poultice_heals_one_hero_1_then_makes_a_range_attack():
    game = sekzar_main(party=FISHERS, health={"a-sellsword": 5})
    sekzar, _ = foes(game)
    feed(game, ("ability", "a-herbalist", "poultice", "mender:5"), ("hero", "a-sellsword"))
    assert game.units["a-sellsword"]["health"] == 6
    feed(game, ("target", sekzar), "magician:6")  # range 1 + 6 against armor 7
    assert game.units[sekzar]["health"] == 9


def test_herb_pouch_heals_one_hero_of_your_choice_1():
    game = sekzar_main(party=FISHERS, health={"a-fisherman": 5})
    feed(game, ("ability", "a-herbalist", "herb-pouch", "mender:2"), ("hero", "a-fisherman"))
    assert game.units["a-fisherman"]["health"] == 6


# -- the Grave Knight ------------------------------------------------------------------------------
def test_grim_vigil_heals_2_and_raises_the_knights_armor_by_2_during_the_next_turn():
    game = sekzar_main(party=SECOND, health={"a-grave-knight": 4})
    knight = game.units["a-grave-knight"]
    assert game.armor(knight) == 9  # the champion's box at 4
    feed(game, ("ability", "a-grave-knight", "grim-vigil", "fighter:8"))
    assert knight["health"] == 6 and game.armor(knight) == 8
    end_hero_turn(game, ["champion:3"])
    assert game.armor(knight) == 10 and game.armor(game.units["a-dreamer"]) == 4
    until_main(game, ["magician:3", "champion:7", "champion:6", "champion:5"])  # 9, 8, 7: misses
    assert knight["health"] == 6 and game.armor(knight) == 8


def test_unyielding_keeps_weapon_checks_of_6_or_more_in_the_hand():
    game = sekzar_main(party=SECOND)
    _, beetle = foes(game)
    feed(game, ("ability", "a-grave-knight", "unyielding", "magician:7"))
    assert game.prompt.question == "attack kind"
    feed(game, ("attack kind", "melee"), ("target", beetle), "champion:6")  # 3 + 6: a hit
    assert game.units[beetle]["defeated"]
    assert "champion:6" in game.hands[0] and "champion:6" not in game.discard
    # a check of 5 or less is discarded as usual
    other = sekzar_main(party=SECOND)
    feed(other, ("ability", "a-grave-knight", "unyielding", "magician:7"))
    feed(other, ("attack kind", "melee"), ("target", foes(other)[1]), "champion:5")
    assert "champion:5" in other.discard and "champion:5" not in other.hands[0]


def duel_player_two_main():
    """The duel's second turn: player 2's grave knight may act; player 1 holds the 5 of Fighters."""
    game = ToTheDeathState(seed=0, players=2)
    feed(game, "fighter:2", "fighter:3", "fighter:4")  # player 1's three cards
    feed(game, "magician:6", "magician:3", "mender:6", "mender:3", "champion:2")  # player 2's five
    feed(game, PASS, ("discard",), "mender:8", "fighter:5")  # player 1 draws to five
    assert game.prompt.seat == 1 and game.prompt.question == "main"
    return game


def test_unyielding_weapons_cannot_be_blocked_in_the_duel():
    """The knight's 3 and the 5 of Champions hit the sellsword's 8; player 1 could block that
    check with the 5 of Fighters, but not against Unyielding."""
    game = duel_player_two_main()
    feed(game, ("ability", "b-grave-knight", "unyielding", "magician:6"), ("attack kind", "melee"))
    feed(game, ("target", "a-sellsword"), "champion:5")
    assert game.units["a-sellsword"]["health"] == 5  # no block was asked for
    plain = duel_player_two_main()
    feed(plain, ("attack", "b-grave-knight", "melee", "magician:6"))
    feed(plain, ("target", "a-sellsword"), "champion:5")
    assert plain.prompt.question == "block" and plain.prompt.seat == 0
    assert ("block", "fighter:5") in plain.legal_actions()


def test_taunt_sends_enemy_melee_weapons_at_near_heroes_to_the_knight_during_the_next_turn():
    game = sekzar_main(party=SECOND)
    feed(game, ("ability", "a-grave-knight", "taunt", "fighter:3"))
    end_hero_turn(game, ["champion:3"])
    # Sekzar's range weapon is not taunted: the 6 of Menders hits the dreamer (2 + 6 against 4).
    # The first beetle checks the 8 of Menders: 2 + 8 = 10 goes to the knight (armor 8), a hit.
    # The second checks the 5 of Magicians: the far wizard passes it to the dreamer, and Taunt
    # sends it on to the knight, where 2 + 5 = 7 misses.
    until_main(game, ["magician:3", "mender:6", "mender:8", "magician:5"])
    assert health(game) == {"a-grave-knight": 5, "a-archer": 6, "a-wizard": 6, "a-dreamer": 5}


def test_taunt_does_not_reach_a_far_knight():
    game = sekzar_main(party=SECOND)
    feed(game, ("ability", "a-grave-knight", "taunt", "fighter:3"))
    feed(game, ("move", "a-grave-knight", "mender:2"))
    end_hero_turn(game, ["champion:3", "champion:4"])
    until_main(game, ["magician:3", "champion:5", "mender:8", "magician:5"])
    assert health(game) == {"a-grave-knight": 6, "a-archer": 6, "a-wizard": 6, "a-dreamer": 4}


# -- Bodyguard and Taunt in the duel: the other player's heroes are enemies too ---------------------
def player_one(game):
    return {uid: h for uid, h in health(game).items() if uid.startswith("a-")}


def duel_after_bodyguard():
    """Player 1's sellsword used Bodyguard (the 8 of Fighters) in turn 1; player 2 is in the main
    step of turn 2 with the 6 and 3 of Magicians, the 6 and 3 of Menders and the 2 of Champions."""
    game = ToTheDeathState(seed=0, players=2)
    feed(game, "fighter:2", "fighter:3", "fighter:8")  # player 1's three cards
    feed(game, "magician:6", "magician:3", "mender:6", "mender:3", "champion:2")  # player 2's
    feed(game, ("ability", "a-sellsword", "bodyguard", "fighter:8"), PASS, ("discard",))
    feed(game, "mender:8", "fighter:4", "fighter:6")  # player 1 draws to five (no 5 to block)
    assert game.prompt.seat == 1 and game.prompt.question == "main"
    return game


def test_bodyguard_sends_the_other_players_weapons_to_the_sellsword_in_the_duel():
    """Player 2's knight aims at the war priest (armor 4): the weapon attacks the sellsword
    instead, where 3 + 5 = 8 reaches its armor 8. The knight still chooses; Bodyguard overrides."""
    game = duel_after_bodyguard()
    feed(game, ("attack", "b-grave-knight", "melee", "magician:6"))
    assert ("target", "a-war-priest") in game.legal_actions()
    rows = {row["target"]: row for row in attack_odds(game, "b-grave-knight", "melee")}
    assert rows["a-war-priest"]["attacked"] == "a-sellsword"
    assert rows["a-war-priest"]["armor"] == 8 and rows["a-war-priest"]["needs"] == 5
    feed(game, ("target", "a-war-priest"), "champion:5")
    assert player_one(game) == {
        "a-sellsword": 5,
        "a-bard": 6,
        "a-shadow-mage": 6,
        "a-war-priest": 6,
    }
    # a range weapon aimed at a far hero goes to the sellsword too: 2 + 7 against 9 (its box at
    # health 5 adds 1) hits
    feed(game, ("attack", "b-archer", "range", "magician:3"), ("target", "a-shadow-mage"))
    feed(game, "champion:7")
    assert player_one(game) == {
        "a-sellsword": 4,
        "a-bard": 6,
        "a-shadow-mage": 6,
        "a-war-priest": 6,
    }


def test_bodyguard_ends_with_the_other_players_turn_in_the_duel():
    game = duel_after_bodyguard()
    feed(game, PASS, ("discard",))  # player 2 ends turn 2 with five cards
    feed(game, PASS, ("discard",))  # so does player 1 turn 3; turn 4 is player 2's again
    assert game.prompt.seat == 1 and game.prompt.question == "main"
    feed(game, ("attack", "b-grave-knight", "melee", "magician:6"), ("target", "a-war-priest"))
    feed(game, "champion:5")  # 3 + 5 against the war priest's 4
    assert player_one(game) == {
        "a-sellsword": 6,
        "a-bard": 6,
        "a-shadow-mage": 6,
        "a-war-priest": 5,
    }


def duel_after_taunt(knight_area="near"):
    """Player 2's grave knight used Taunt in turn 2; player 1 is in the main step of turn 3
    holding the 2, 3, 4 and 7 of Fighters and the 8 of Menders."""
    game = ToTheDeathState(seed=0, players=2)
    feed(game, "fighter:2", "fighter:3", "fighter:4")  # player 1's three cards
    feed(game, "magician:6", "magician:3", "mender:6", "mender:3", "champion:2")  # player 2's
    feed(game, PASS, ("discard",), "mender:8", "fighter:7")  # player 1 draws to five
    if knight_area == "far":
        feed(game, ("move", "b-grave-knight", "champion:2"))
    feed(game, ("ability", "b-grave-knight", "taunt", "magician:3"), PASS, ("discard",))
    while game.is_chance_node():
        feed(game, game.legal_actions()[-1])  # player 2 draws high cards of other suits
    assert game.prompt.seat == 0 and game.prompt.question == "main"
    return game


def test_taunt_sends_the_other_players_melee_weapons_at_near_heroes_to_the_knight_in_the_duel():
    """The sellsword aims its melee weapon at the near dreamer (armor 4): Taunt sends it to the
    knight, where 3 + 4 = 7 misses its armor 8. The bard's range weapon is not taunted: aimed at
    the dreamer it stays there (2 + 2 against 4 hits)."""
    game = duel_after_taunt()
    feed(game, ("attack", "a-sellsword", "melee", "fighter:7"), ("target", "b-dreamer"))
    feed(game, "champion:4")
    assert game.units["b-grave-knight"]["health"] == 6
    assert game.units["b-dreamer"]["health"] == 6
    rows = {row["target"]: row for row in attack_odds(game, "a-bard", "range")}
    assert rows["b-dreamer"]["attacked"] == "b-dreamer"
    feed(game, ("attack", "a-bard", "range", "fighter:2"), ("target", "b-dreamer"), "mender:2")
    feed(game, *(("take",),) * (game.prompt.question == "block"))
    assert game.units["b-dreamer"]["health"] == 5
    assert game.units["b-grave-knight"]["health"] == 6


def test_taunt_from_a_far_knight_lets_the_other_players_melee_weapons_through_in_the_duel():
    game = duel_after_taunt(knight_area="far")
    feed(game, ("attack", "a-sellsword", "melee", "fighter:7"), ("target", "b-dreamer"))
    feed(game, "champion:4")  # 3 + 4 against the dreamer's 4
    feed(game, *(("take",),) * (game.prompt.question == "block"))
    assert game.units["b-dreamer"]["health"] == 5


# -- the Archer ------------------------------------------------------------------------------------
@pytest.mark.parametrize("check, damage", [("fighter:7", 2), ("fighter:6", 0)])
def test_power_shot_a_skill_check_against_10_deals_2_damage_to_one_enemy(check, damage):
    game = sekzar_main(party=SECOND)
    sekzar, _ = foes(game)
    feed(game, ("ability", "a-archer", "power-shot", "fighter:8"), check)  # skill 3
    if damage:
        feed(game, ("enemy", sekzar))
    assert game.units[sekzar]["health"] == 10 - damage


@pytest.mark.parametrize("area", ["near", "far"])
def test_volley_a_skill_check_against_10_deals_1_damage_to_every_enemy_of_one_area(area):
    game = sekzar_main(party=SECOND)
    sekzar, beetle = foes(game)
    feed(game, ("ability", "a-archer", "volley", "magician:7"), "fighter:7")
    assert game.prompt.question == "choose area"
    feed(game, ("area", area))
    assert game.units[beetle]["defeated"] is (area == "near")
    assert game.units[sekzar]["health"] == (10 if area == "near" else 9)


def test_volley_does_nothing_when_the_check_fails():
    game = sekzar_main(party=SECOND)
    sekzar, beetle = foes(game)
    feed(game, ("ability", "a-archer", "volley", "magician:7"), "fighter:6")
    assert game.prompt.question == "main"
    assert game.units[sekzar]["health"] == 10 and not game.units[beetle]["defeated"]


def test_aim_the_archers_range_weapon_deals_1_more_damage():
    game = sekzar_main(party=SECOND)
    sekzar, _ = foes(game)
    feed(game, ("ability", "a-archer", "aim", "fighter:3"), ("target", sekzar), "fighter:5")
    assert game.units[sekzar]["health"] == 8  # 2 + 5 = 7 against armor 7: a hit for 2


# -- the Wizard ------------------------------------------------------------------------------------
def test_fireball_a_skill_check_against_9_deals_1_damage_to_every_enemy():
    game = sekzar_main(party=SECOND)
    sekzar, beetle = foes(game)
    feed(game, ("ability", "a-wizard", "fireball", "fighter:8"), "fighter:4")  # skill 5 + 4 = 9
    assert game.units[sekzar]["health"] == 9 and game.units[beetle]["defeated"]


@pytest.mark.parametrize("check, damage", [("champion:3", 1), ("fighter:2", 0)])
def test_arcane_bolt_deals_1_damage_on_a_skill_8_and_draws_a_card_either_way(check, damage):
    game = sekzar_main(party=SECOND)
    sekzar, _ = foes(game)
    feed(game, ("ability", "a-wizard", "arcane-bolt", "magician:7"), check)  # skill 5
    if damage:
        feed(game, ("enemy", sekzar))
    assert game.units[sekzar]["health"] == 10 - damage
    feed(game, "champion:4")  # the card drawn
    assert sorted(game.hands[0]) == sorted(
        ["fighter:8", "mender:5", "fighter:3", "mender:2", "champion:4"]
    )


def test_foresight_draws_two_then_puts_a_hand_card_on_top_of_the_deck():
    game = sekzar_main(party=SECOND)
    feed(game, ("ability", "a-wizard", "foresight", "mender:2"), "champion:6", "champion:7")
    assert game.prompt.question == "card to the top"
    feed(game, ("top", "fighter:8"))
    assert sorted(game.hands[0]) == [
        "champion:6",
        "champion:7",
        "fighter:3",
        "magician:7",
        "mender:5",
    ]
    feed(game, ("attack", "a-archer", "range", "champion:7"), ("target", foes(game)[0]))
    assert list(game.legal_actions()) == ["fighter:8"]  # the next check can only be that card


# -- the Dreamer -----------------------------------------------------------------------------------
def test_lucid_dream_heals_every_hero_1_then_draws_a_card():
    game = sekzar_main(party=SECOND, health={"a-grave-knight": 5, "a-archer": 5, "a-wizard": 4})
    feed(game, ("ability", "a-dreamer", "lucid-dream", "fighter:8"), "champion:4")
    assert player_one(game) == {"a-grave-knight": 6, "a-archer": 6, "a-wizard": 5, "a-dreamer": 6}
    assert "champion:4" in game.hands[0] and len(game.hands[0]) == 5


def test_sleepwalk_moves_a_hero_of_your_choice_to_the_other_area_and_heals_it_1():
    game = sekzar_main(party=SECOND, health={"a-archer": 5})
    feed(game, ("ability", "a-dreamer", "sleepwalk", "mender:5"), ("hero", "a-archer"))
    assert game.units["a-archer"]["area"] == "near" and game.units["a-archer"]["health"] == 6


def test_daydream_shuffles_the_discard_pile_into_the_deck_then_draws_a_card():
    game = sekzar_main(party=SECOND)
    feed(game, ("ability", "a-dreamer", "daydream", "fighter:3"))
    assert game.discard == []
    assert {"champion:0", "champion:2", "fighter:3"} <= set(game.deck)
    feed(game, "champion:0")  # a card from the old discard pile can be drawn
    assert "champion:0" in game.hands[0] and len(game.hands[0]) == 5


# -- the Fisherman (seated at the bard's place) ---------------------------------------------------
def fisherman_main(hand=HAND, health=None):
    """The main step against Hemgoth (near, armor 7, health 14) with the fisherman (near, melee 1
    and melee 1, armor 5) for the bard; Hemgoth's three checks miss the sellsword."""
    game = ToTheDeathState(seed=0, encounter="hemgoth")
    feed(game, *hand)
    uid = with_hero(game, "a-bard", "fisherman")
    set_heroes(game, health=health)
    feed(game, "hemgoth")
    until_main(game, ["champion:0", "champion:2", "champion:3"])
    assert game.prompt.question == "main"
    return game, uid, uid_of(game, "Hemgoth, Vessel of Wrath")


def test_biggest_hook_gives_the_fisherman_a_hook_of_5_for_the_turn_then_a_melee_attack():
    game, fisherman, hemgoth = fisherman_main()
    feed(game, ("ability", fisherman, "biggest-hook", "fighter:8"))
    assert game.weapons(game.units[fisherman]) == [("melee", 1), ("melee", 1), ("melee", 5)]
    assert game.weapons(game.units["a-sellsword"]) == [("melee", 3)]
    # 1 + 6 = 7 hits armor 7, 1 + 4 misses, the hook's 5 + 2 = 7 hits
    for check in ("magician:6", "magician:4", "magician:2"):
        feed(game, ("target", hemgoth), check)
    assert game.units[hemgoth]["health"] == 12
    end_hero_turn(game)
    assert game.weapons(game.units[fisherman]) == [("melee", 1), ("melee", 1)]


@pytest.mark.parametrize("check, damage", [("champion:8", 2), ("champion:7", 1)])
def test_stunning_blow_a_hero_weapon_beating_armor_by_6_deals_2_damage(check, damage):
    """The sellsword's 3, two focus and the check against Hemgoth's armor 7: 13 beats it by 6."""
    game, fisherman, hemgoth = fisherman_main(
        ["mender:5", "fighter:3", "mender:2", "fighter:4", "fighter:8"]
    )
    feed(game, ("ability", fisherman, "stunning-blow", "mender:5"))
    feed(game, ("focus", "fighter:3"), ("focus", "mender:2"))
    feed(game, ("attack", "a-sellsword", "melee", "fighter:4"), ("target", hemgoth), check)
    assert game.units[hemgoth]["health"] == 14 - damage


def test_stunning_blow_ends_by_activating_the_fisherman_who_may_then_use_the_hook():
    """Our reading of its closing words (see the rules notes): Stunning Blow leaves the fisherman
    free to be activated once more this turn, so the hook's 5 and an 8 (13 against armor 7) deal
    2 damage."""
    game, fisherman, hemgoth = fisherman_main(
        ["mender:5", "fighter:8", "mender:2", "fighter:4", "mender:3"]
    )
    feed(game, ("ability", fisherman, "stunning-blow", "mender:5"))
    assert not game.units[fisherman]["activated"] and game.prompt.question == "main"
    assert ("ability", fisherman, "biggest-hook", "fighter:8") in game.legal_actions()
    feed(game, ("ability", fisherman, "biggest-hook", "fighter:8"))
    # 1 + 6 = 7 hits for 1, 1 + 4 misses, the hook's 5 + 8 = 13 beats armor 7 by 6: 2 damage
    for check in ("magician:6", "magician:4", "champion:8"):
        feed(game, ("target", hemgoth), check)
    assert game.units[hemgoth]["health"] == 11
    assert game.units[fisherman]["activated"]  # the hook was its activation
    assert not [a for a in game.legal_actions() if a[0] == "ability" and a[1] == fisherman]


@pytest.mark.parametrize(
    "checks, healed", [(["magician:4", "magician:5"], True), (["magician:4", "magician:3"], False)]
)
def test_legendary_catch_heals_the_fisherman_2_if_every_weapon_of_its_attack_hit(checks, healed):
    """At health 4 the fighter's box gives its weapons +2: 1 + 2 + 4 reaches armor 7."""
    game, fisherman, hemgoth = fisherman_main(health={"a-fisherman": 4})
    feed(game, ("ability", fisherman, "legendary-catch", "mender:2"))
    for check in checks:
        feed(game, ("target", hemgoth), check)
    assert game.units[hemgoth]["health"] == (12 if healed else 13)
    assert game.units[fisherman]["health"] == (6 if healed else 4)


# -- damage cards: the boxes a hero holds --------------------------------------------------------
@pytest.mark.parametrize("hp, bonus", [(6, 0), (5, 1), (4, 2), (3, 0)])
def test_the_fighters_boxes_at_5_and_4_give_its_weapons_1_and_2(hp, bonus):
    game = sekzar_main(health={"a-bard": hp})
    sekzar, _ = foes(game)
    bard = game.units["a-bard"]
    assert game.weapon_bonus(bard, "range", None) == game.weapon_bonus(bard, "melee", None) == bonus
    assert game.weapon_bonus(game.units["a-sellsword"], "melee", None) == 0
    feed(game, ("attack", "a-bard", "range", "mender:2"), ("target", sekzar), "fighter:4")
    assert game.units[sekzar]["health"] == (9 if 2 + 4 + bonus >= 7 else 10)


@pytest.mark.parametrize("hp, armor, bonus", [(6, 8, 0), (5, 9, 0), (4, 9, 1), (3, 8, 0)])
def test_the_champions_boxes_at_5_and_4_give_armor_1_and_at_4_weapons_1(hp, armor, bonus):
    game = sekzar_main(health={"a-sellsword": hp})
    sellsword = game.units["a-sellsword"]
    assert game.armor(sellsword) == armor and game.weapon_bonus(sellsword, "melee", None) == bonus
    assert game.armor(game.units["a-war-priest"]) == 4
    _, beetle = foes(game)
    feed(game, ("attack", "a-sellsword", "melee", "mender:2"), ("target", beetle), "fighter:0")
    assert game.units[beetle]["defeated"] is (bonus == 1)  # 3 + 0 (+ 1) against armor 4


@pytest.mark.parametrize(
    "hero, hp, skill",
    [
        ("a-shadow-mage", 5, 5),
        ("a-shadow-mage", 4, 6),
        ("a-war-priest", 5, 4),
        ("a-war-priest", 4, 3),
    ],
)
def test_the_skill_boxes_of_the_magician_and_mender(hero, hp, skill):
    game = sekzar_main(health={hero: hp})
    assert game.skill(game.units[hero]) == skill


def test_the_magicians_skill_box_counts_in_a_skill_check():
    """Shadow Bolt needs 9: skill 4, +2 from the box at 4, and a check of 3."""
    game = sekzar_main(health={"a-shadow-mage": 4})
    sekzar, _ = foes(game)
    feed(game, ("ability", "a-shadow-mage", "shadow-bolt", "fighter:8"), "champion:3")
    feed(game, ("enemy", sekzar))
    assert game.units[sekzar]["health"] == 8


# -- damage cards: bursts (here set off by resting onto the box) ---------------------------------
@pytest.mark.parametrize(
    "hero, hp", [("a-sellsword", 1), ("a-shadow-mage", 1), ("a-war-priest", 2)]
)
def test_a_burst_draw_box_draws_a_card(hero, hp):
    game = sekzar_main(health={hero: hp})
    feed(game, ("rest", hero, "mender:2"))
    assert game.units[hero]["health"] == hp + 1 and game.chance.resume == "card_drawn"
    feed(game, "champion:4")
    assert "champion:4" in game.hands[0] and len(game.hands[0]) == 5


@pytest.mark.parametrize("hp, amount", [(3, 1), (1, 2)])
def test_the_menders_heal_bursts_heal_another_hero(hp, amount):
    game = sekzar_main(health={"a-war-priest": hp, "a-bard": 3})
    feed(game, ("rest", "a-war-priest", "mender:2"))
    assert game.prompt.question == "choose hero"
    assert ("hero", "a-war-priest") not in game.legal_actions()  # another hero
    feed(game, ("hero", "a-bard"))
    assert health(game)["a-bard"] == 3 + amount


def test_the_champions_burst_at_3_is_a_melee_attack_it_may_pass():
    game = sekzar_main(health={"a-sellsword": 2})
    _, beetle = foes(game)
    feed(game, ("rest", "a-sellsword", "mender:2"))
    assert list(game.legal_actions()) == [("attack kind", "melee"), PASS]
    feed(game, ("attack kind", "melee"), ("target", beetle), "fighter:2")
    assert game.units[beetle]["defeated"]
    assert game.units["a-sellsword"]["activated"]  # the rest was its activation


def test_the_champions_burst_at_3_fires_when_damage_lands_on_it_in_the_enemy_turn():
    game = sekzar_main(health={"a-sellsword": 4})
    sekzar, beetle = foes(game)
    end_hero_turn(game)
    # a new beetle comes, alike to the other (one choice for both); Sekzar attacks first and
    # checks the 7 of Champions: 2 + 7 = 9 against armor 9 (box 4)
    feed(game, "magician:3")
    assert list(game.legal_actions()) == [("next attacker", sekzar), ("next attacker", beetle)]
    feed(
        game, ("next attacker", sekzar), "champion:7", ("take",)
    )  # the 7 of Magicians could block it
    assert game.units["a-sellsword"]["health"] == 3
    feed(game, ("attack kind", "melee"), ("target", beetle), "fighter:2")
    assert game.units[beetle]["defeated"]
    assert game.chance.resume == "enemy_check"  # the beetle that is left attacks next


def test_the_fighters_burst_at_3_may_move_any_hero():
    game = sekzar_main(health={"a-bard": 2})
    feed(game, ("rest", "a-bard", "mender:2"))
    assert game.prompt.question == "move a hero" and PASS in game.legal_actions()
    feed(game, ("hero", "a-war-priest"))
    assert game.units["a-war-priest"]["area"] == "far"
    assert game.units["a-bard"]["area"] == "far"


def test_the_fighters_burst_at_2_attacks_every_enemy_in_reach_with_each_weapon():
    game = sekzar_main(health={"a-bard": 1})
    sekzar, beetle = foes(game)
    feed(game, ("rest", "a-bard", "mender:2"))
    # far, the bard's melee weapon reaches the near beetle only; range: one check for each enemy
    assert list(game.legal_actions()) == [
        ("attack kind", "melee"),
        ("attack kind", "range"),
        PASS,
    ]
    feed(game, ("attack kind", "range"), "fighter:5", "fighter:2")  # 2 + 5 and 2 + 2
    assert game.units[sekzar]["health"] == 9 and game.units[beetle]["defeated"]
    assert game.prompt.question == "main"


# -- the player's Charge ---------------------------------------------------------------------------
def test_charge_lets_a_near_heros_melee_weapons_reach_far_enemies_this_turn():
    game = sekzar_main()
    sekzar, beetle = foes(game)
    assert [f["uid"] for f in game.reachable(game.units["a-sellsword"], "melee")] == [beetle]
    feed(game, ("charge", "a-sellsword", "mender:2"))
    assert game.reachable(game.units["a-sellsword"], "melee") == [
        game.units[sekzar],
        game.units[beetle],
    ]
    assert game.reachable(game.units["a-war-priest"], "melee") == [game.units[beetle]]
    feed(game, ("attack", "a-sellsword", "melee", "fighter:3"), ("target", sekzar), "fighter:4")
    assert game.units[sekzar]["health"] == 9  # 3 + 4 = 7 against armor 7
    feed(game, ("move", "a-sellsword", "magician:7"))
    # charge works only while near: from far, the melee weapon reaches the near beetle alone
    assert game.reachable(game.units["a-sellsword"], "melee") == [game.units[beetle]]
