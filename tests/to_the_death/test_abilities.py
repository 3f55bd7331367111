"""Every card ability on a stacked table: the exact effect its card's data and the rulebook give it.

Checks are the engine's chance nodes, so naming a card makes it the check. The starter party is
the sellsword (champion, near, armor 8), the bard (fighter, far), the shadow mage (magician, far)
and the war priest (mender, near, armor 4): a monster melee check of the fighter, magician or mender
suit lands on the war priest, one of the champion suit on the sellsword.
"""

import pytest
from ttd_helpers import (
    end_hero_turn,
    engine_best_turn,
    feed,
    next_round,
    opening,
    set_heroes,
    solo_with,
    thin_deck,
    uid_of,
    units_named,
    until_main,
)

from toolkit.steps import PASS
from toolkit.to_the_death.cards import catalog
from toolkit.to_the_death.odds import monster_turn
from toolkit.to_the_death.registry import BURSTS, EFFECTS, HOOKS

SOLO = {"monsters": ["zombie", "mummy", "dream-slayer", "gryphon"]}
ZERO_HAND = ["mender:0", "magician:7", "champion:8", "fighter:6", "champion:3"]


def main_options(game, uid):
    return [a for a in game.legal_actions() if len(a) > 1 and a[1] == uid]


# -- the Zombie ---------------------------------------------------------------------------------
def test_zombify_makes_a_hero_its_melee_weapon_damages_a_zombie_activated_only_by_zeros():
    game = solo_with("zombie", hand=ZERO_HAND, **SOLO)
    feed(game, "fighter:5")  # 3 + 5 against the war priest's armor 4: a hit (no 5 to block)
    assert game.units["a-war-priest"]["zombie"] and game.units["a-war-priest"]["health"] == 5
    feed(game, "champion:2")  # 3 + 2 against the sellsword's 8: a miss
    assert game.prompt.question == "main"
    priest = main_options(game, "a-war-priest")
    # only the 0 activates it, and it activates any of its abilities (Great Heal needs an 8)
    assert ("ability", "a-war-priest", "great-heal", "mender:0") in priest
    assert ("ability", "a-war-priest", "mend", "mender:0") in priest
    assert ("rest", "a-war-priest", "mender:0") in priest
    assert ("rest", "a-war-priest", "champion:8") not in priest
    assert ("ability", "a-war-priest", "great-heal", "champion:8") not in priest
    # the other heroes are not zombies: a 0 activates none of their printed abilities
    assert ("ability", "a-sellsword", "bodyguard", "mender:0") not in game.legal_actions()
    assert ("ability", "a-sellsword", "bodyguard", "champion:8") in game.legal_actions()


def test_an_idle_zombie_hero_and_the_heroes_beside_it_take_1_at_the_end_of_the_hero_turn():
    game = solo_with("zombie", **SOLO)
    feed(game, "fighter:5", "champion:2")
    end_hero_turn(game, ["fighter:3"])
    # the priest activated nothing: it takes 1, and so does the sellsword beside it (near row);
    # the far heroes are not beside it
    health = {uid: game.units[uid]["health"] for uid in game.units if uid.startswith("a-")}
    assert health == {"a-sellsword": 5, "a-bard": 6, "a-shadow-mage": 6, "a-war-priest": 4}


def test_a_zombie_hero_that_activated_an_ability_takes_nothing():
    game = solo_with("zombie", hand=ZERO_HAND, **SOLO)
    feed(game, "fighter:5", "champion:2", ("rest", "a-war-priest", "mender:0"))
    assert game.units["a-war-priest"]["health"] == 6
    end_hero_turn(game, ["fighter:3", "fighter:4"])
    assert game.units["a-war-priest"]["health"] == 6
    assert game.units["a-sellsword"]["health"] == 6


def test_zombie_heroes_are_cured_when_the_zombie_is_defeated():
    """Zombify stops working with the Zombie, so its zombie heroes are heroes again."""
    game = solo_with("zombie", **SOLO)
    feed(game, "fighter:5", "champion:2")
    zombie = uid_of(game, "Zombie")
    game.units[zombie]["health"] = 1
    feed(game, ("attack", "a-sellsword", "melee", "champion:8"), ("target", zombie), "champion:7")
    assert game.units[zombie]["defeated"]
    assert not game.units["a-war-priest"]["zombie"]


def test_brains_when_every_weapon_misses_the_zombie_takes_1_and_attacks_again():
    game = solo_with("zombie", **SOLO)
    zombie = uid_of(game, "Zombie")
    feed(game, "champion:0", "champion:2")  # 3 and 5 against the sellsword's 8: two misses
    assert game.units[zombie]["health"] == 4
    assert game.chance.resume == "enemy_check"  # it attacks again: two more checks
    feed(game, "fighter:5")  # the war priest is hit
    feed(game, "champion:4")  # a miss, but one weapon damaged: no third attack
    assert game.units["a-war-priest"]["health"] == 5 and game.units[zombie]["health"] == 4
    assert game.prompt.question == "main"


def test_brains_counts_a_blocked_weapon_as_missed():
    game = solo_with("zombie", **SOLO)
    zombie = uid_of(game, "Zombie")
    feed(game, "mender:6", ("block", "fighter:6"), "champion:2")
    assert game.units["a-war-priest"]["health"] == 6
    assert game.units[zombie]["health"] == 4 and game.chance.resume == "enemy_check"


def test_brains_repeats_until_a_weapon_damages_a_hero_or_the_zombie_falls():
    """Every attack is an attack, so Brains fires after the one it caused too. With no near hero
    the melee weapons attack nobody, which is no damage: the zombie wears itself out."""
    game = opening(**SOLO)
    set_heroes(game, area={"a-sellsword": "far", "a-war-priest": "far"})
    feed(game, "zombie")
    zombie = uid_of(game, "Zombie")
    until_main(game)  # each attack still checks a card for each weapon, then finds no target
    assert game.units[zombie]["defeated"] and game.monster_cards[0]["defeated"] is True
    assert sum("(Brains)" in line for line in game.log) == 5


def test_lonely_prey_gives_enemy_weapons_2_when_only_one_hero_is_near():
    game = opening(**SOLO)
    set_heroes(game, area={"a-war-priest": "far"})
    feed(game, "zombie")
    zombie = game.units[uid_of(game, "Zombie")]
    assert game.weapon_bonus(zombie, "melee", None) == 2
    assert game.weapon_bonus(game.units["a-sellsword"], "melee", zombie) == 0
    feed(game, "champion:4")  # 3 + 4 + 2 = 9 against the sellsword's 8: a hit
    assert game.units["a-sellsword"]["health"] == 5
    two_near = solo_with("zombie", **SOLO)
    assert two_near.weapon_bonus(two_near.units[uid_of(two_near, "Zombie")], "melee", None) == 0


# -- the Mummy ------------------------------------------------------------------------------------
def test_curse_a_hero_the_mummys_melee_weapon_damages_skips_its_next_activation():
    game = solo_with("mummy", **SOLO)
    mummy = uid_of(game, "Mummy")
    game.units[mummy]["health"] = 5
    feed(game, "fighter:5")  # 2 + 5 against the war priest's 4: a hit
    assert game.prompt.question == "main"
    assert game.units["a-war-priest"]["activated"]  # skipping: it cannot be activated this turn
    assert main_options(game, "a-war-priest") == [
        a for a in main_options(game, "a-war-priest") if a[0] in ("move", "charge")
    ]
    assert not game.units["a-sellsword"]["activated"]
    # Embalmed: at the end of the enemy turn every enemy heals 1
    assert game.units[mummy]["health"] == 6


def test_embalmed_heals_every_enemy_from_the_defeated_pile():
    game = solo_with("mummy", **SOLO)
    until_main(game, ["champion:0"])
    next_round(game, uid_of(game, "Mummy"), "gryphon")
    assert game.pile == ["mummy", "gryphon"]
    gryphon = uid_of(game, "Gryphon")
    game.units[gryphon]["health"] = 3
    until_main(game, ["champion:2", "fighter:0"])  # 2 + 2 + 2 (Updraft) and 2 + 0 + 2: misses
    assert game.units[gryphon]["health"] == 4


# -- the Dream Slayer -----------------------------------------------------------------------------
def test_nightmare_discards_a_card_of_your_choice_at_the_start_of_each_enemy_turn():
    game = solo_with("dream-slayer", **SOLO)
    assert game.prompt.question == "discard"
    feed(game, ("discard", "champion:8"))
    assert sorted(game.hands[0]) == ["champion:3", "fighter:6", "magician:7", "mender:2"]
    assert game.discard[-1] == "champion:8"


def test_night_terror_gives_enemy_weapons_1_at_night():
    game = solo_with("dream-slayer", **SOLO)
    slayer = game.units[uid_of(game, "Dream Slayer")]
    assert game.is_night()
    assert game.weapon_bonus(slayer, "range", None) == 1
    assert game.weapon_bonus(game.units["a-bard"], "range", slayer) == 0
    feed(game, ("discard", "champion:8"), "magician:0")  # 2 + 0 + 1 = 3 against the mage's 4
    assert game.units["a-shadow-mage"]["health"] == 6
    feed(game, "magician:4")  # 2 + 4 + 1 = 7: a hit
    assert game.units["a-shadow-mage"]["health"] == 5


def test_night_terror_does_nothing_by_day():
    game = solo_with("dream-slayer", **SOLO)
    slayer = game.units[uid_of(game, "Dream Slayer")]
    game.monster_cards[0]["defeated"] = True  # on the pile: its progressive ability still works
    game.touch()
    assert not game.is_night()
    assert game.weapon_bonus(slayer, "range", None) == 0


# -- the Gryphon ----------------------------------------------------------------------------------
def test_grasping_talons_a_hero_its_range_weapon_damages_costs_a_card_or_its_next_activation():
    game = solo_with("gryphon", **SOLO)
    gryphon = game.units[uid_of(game, "Gryphon")]
    # Updraft (progressive, so also while the gryphon is active): its range weapons get +2
    assert game.weapon_bonus(gryphon, "range", None) == 2
    feed(game, "mender:0")  # 2 + 0 + 2 = 4 against the war priest's armor 4: a hit
    assert game.prompt.question == "grasping talons"
    assert list(game.legal_actions()) == [("discard", c) for c in sorted(game.hands[0])] + [
        ("skip", "a-war-priest")
    ]
    feed(game, ("discard", "champion:8"))
    assert "champion:8" in game.discard and not game.units["a-war-priest"]["skip"]
    feed(game, "magician:0", ("skip", "a-shadow-mage"))  # the mage is hit: it will skip
    assert game.prompt.question == "main"
    assert sorted(game.hands[0]) == ["champion:3", "fighter:6", "magician:7", "mender:2"]
    assert game.units["a-shadow-mage"]["activated"] and not game.units["a-war-priest"]["activated"]
    assert main_options(game, "a-shadow-mage") == [
        a for a in main_options(game, "a-shadow-mage") if a[0] == "move"
    ]


def test_grasping_talons_asks_nothing_for_a_hero_the_hit_defeats():
    game = opening(**SOLO)
    set_heroes(game, health={"a-war-priest": 1})
    feed(game, "gryphon", "mender:0")  # 2 + 0 + 2 = 4: the exhausted war priest falls
    assert game.units["a-war-priest"]["defeated"]
    assert game.chance.resume == "enemy_check"  # on to the second weapon: no talons prompt
    assert len(game.hands[0]) == 5


def test_flying_hero_weapon_checks_get_minus_2_against_everyone():
    game = solo_with("gryphon", **SOLO)
    gryphon = uid_of(game, "Gryphon")
    until_main(game, ["champion:0", "champion:2"])  # 4 and 6 against the sellsword's 8: misses
    assert game.weapon_bonus(game.units["a-bard"], "range", game.units[gryphon]) == -2
    assert game.weapon_bonus(game.units["a-sellsword"], "melee", None) == -2
    feed(game, ("attack", "a-bard", "range", "champion:3"), ("target", gryphon), "mender:5")
    assert game.units[gryphon]["health"] == 6  # 2 + 5 - 2 = 5 against armor 6: a miss
    feed(game, ("attack", "a-shadow-mage", "range", "mender:2"), ("target", gryphon), "mender:8")
    assert game.units[gryphon]["health"] == 5  # 0 + 8 - 2 = 6: a hit


def test_dust_cloud_the_draw_step_fills_the_hand_to_4():
    game = solo_with("gryphon", **SOLO)
    until_main(game, ["champion:0", "champion:2"])
    assert game.hand_limit(0) == 4
    feed(game, ("focus", "mender:2"), ("focus", "champion:3"))  # three cards left
    end_hero_turn(game, ["fighter:2", "fighter:3"])
    assert sorted(game.hands[0]) == ["champion:8", "fighter:2", "fighter:6", "magician:7"]
    assert game.chance.resume == "enemy_check"  # one card drawn, not two


# -- the Sphinx -----------------------------------------------------------------------------------
@pytest.mark.parametrize("check, skips", [("fighter:3", True), ("fighter:4", False)])
def test_riddle_a_hero_of_your_choice_makes_a_skill_check_against_8_or_skips(check, skips):
    game = solo_with("sphinx")
    assert game.prompt.question == "choose hero"  # at the start of the enemy turn
    feed(game, ("hero", "a-shadow-mage"), ("check",), check)  # skill 4 + the check
    until_main(game, ["champion:0"])  # the sphinx's range 3 misses the sellsword
    assert game.units["a-shadow-mage"]["activated"] is skips
    assert not game.units["a-bard"]["activated"]
    end_hero_turn(game)
    assert game.prompt.question == "choose hero"  # again at the start of every enemy turn


def test_focus_before_a_heros_skill_check_in_the_enemy_turn():
    """Focus may be used in enemy turns and adds to the hero's next check, a skill check too:
    two cards focused turn the Riddle's 3 + 4 (a failure against 8) into 9, a success."""
    game = solo_with("sphinx")
    feed(game, ("hero", "a-shadow-mage"))
    assert game.prompt.question == "skill check"
    assert ("check",) in game.legal_actions()
    hand = sorted(game.hands[0])
    assert [("focus", card) for card in hand] == list(game.legal_actions()[1:])
    assert "skill check against 8" in game.observation(0)["prompt"]["why"]
    feed(game, ("focus", hand[0]), ("focus", hand[1]))
    assert game.focus[0] == 2 and len(game.hands[0]) == len(hand) - 2
    feed(game, ("check",), "fighter:3")
    assert game.focus[0] == 0  # spent on this check
    assert not game.units["a-shadow-mage"]["skip"]


def test_riddle_unmake_and_dispel_say_what_choosing_a_hero_does():
    game = solo_with("sphinx")
    assert "skill check against 8" in game.observation(0)["prompt"]["why"]
    game = solo_with("unmaker-numenax", encounter="unmaker-numenax")
    assert "every other hero is defeated" in game.observation(0)["prompt"]["why"]
    game = numenax()
    until_main(game, ["champion:0", "champion:2"])
    bard = game.units["a-bard"]  # back in play, stacked by hand, so the choice is a real one
    bard["defeated"], bard["health"] = False, 6
    game.touch()
    feed(game, ("attack", "a-sellsword", "melee", "mender:0"))
    assert game.prompt.question == "choose hero"
    assert game.observation(0)["prompt"]["why"] == "Dispel: it is dealt 1 damage"


def test_ancient_ward_enemy_armor_is_1_higher():
    game = solo_with("sphinx")
    sphinx = uid_of(game, "Sphinx")
    assert game.armor(game.units[sphinx]) == 8
    assert game.armor(game.units["a-sellsword"]) == 8 and game.armor(game.units["a-bard"]) == 6
    feed(game, ("hero", "a-sellsword"), ("check",), "fighter:8")  # the riddle is answered
    until_main(game, ["champion:0"])
    feed(game, ("attack", "a-bard", "range", "champion:3"), ("target", sphinx), "mender:5")
    assert game.units[sphinx]["health"] == 8  # 2 + 5 = 7 would hit armor 7, not 8
    feed(game, ("attack", "a-shadow-mage", "range", "mender:2"), ("target", sphinx), "mender:8")
    assert game.units[sphinx]["health"] == 7  # 0 + 8 = 8: a hit


# -- the Goblins (Horde, Shiv and Gang: test_rules.py) ---------------------------------------------
GOBLIN_HAND = ["champion:8", "champion:7", "magician:8", "magician:7", "mender:8"]


def test_scared_once_a_goblin_falls_weapons_cannot_damage_goblins_for_the_rest_of_the_turn():
    game = opening(GOBLIN_HAND)
    set_heroes(game, area={"a-war-priest": "far"})  # every melee check goes to the sellsword
    feed(game, "goblins", "fighter:5", "fighter:6", "fighter:7", "fighter:8")  # face-down cards
    # four goblins, club 1 + shiv 1, +3 for the others: checks of 3 or less miss armor 8
    lows = ["champion:0", "champion:2", "champion:3", "fighter:0", "fighter:2", "fighter:3"]
    until_main(game, [*lows, "magician:0", "magician:2"])
    assert game.units["a-sellsword"]["health"] == 6
    first, second, *_ = units_named(game, "Goblin")
    first["health"] = 1
    feed(game, ("attack", "a-sellsword", "melee", "champion:7"), ("target", first["uid"]))
    feed(game, "mender:2")  # 3 + 2 = 5 against armor 5
    assert first["defeated"]
    feed(game, ("attack", "a-bard", "range", "magician:7"), ("target", second["uid"]), "mender:5")
    assert second["health"] == 4  # 2 + 5 = 7 hits, but the goblins are scared
    assert "weapons cannot damage Goblin now" in game.log[-1]
    end_hero_turn(game)
    assert not game.any("weapon_immune", second)  # over with the turn


# -- the Gladiator (Trophy and Dominate: test_example_turn.py) -----------------------------------
@pytest.mark.parametrize("priest, after", [(1, 0), (2, 1)])
def test_bloodsport_enemy_weapons_deal_1_more_damage_to_an_exhausted_hero(priest, after):
    game = opening()
    set_heroes(game, health={"a-war-priest": priest})
    feed(game, "gladiator", "fighter:5")  # 3 + 5 against the war priest's armor 4: a hit
    assert game.units["a-war-priest"]["health"] == after
    assert game.units["a-war-priest"]["defeated"] is (after == 0)


# -- the Ratman -----------------------------------------------------------------------------------
RATMAN = {"monsters": ["ratman", "gladiator", "gryphon", "zombie"]}


def test_pilfer_a_hit_discards_a_card_of_your_choice_and_scurry_heals_only_after_a_miss():
    game = solo_with("ratman", **RATMAN)
    ratman = game.units[uid_of(game, "Ratman")]
    ratman["health"] = 5
    feed(game, "mender:4")  # 2 + 4 against the war priest's 4: a hit (no 4 to block it)
    assert game.prompt.question == "discard"
    feed(game, ("discard", "champion:8"), "champion:0")  # the second weapon misses
    assert game.prompt.question == "main"
    assert sorted(game.hands[0]) == ["champion:3", "fighter:6", "magician:7", "mender:2"]
    assert game.discard[-2:] == ["champion:8", "champion:0"]
    assert ratman["health"] == 5  # it dealt damage: no Scurry
    missed = solo_with("ratman", **RATMAN)
    rat = missed.units[uid_of(missed, "Ratman")]
    rat["health"] = 5
    until_main(missed, ["champion:0", "champion:2"])
    assert rat["health"] == 6


@pytest.mark.parametrize("check, damage", [("mender:6", 2), ("mender:5", 0)])
def test_plague_hero_skill_checks_get_minus_1(check, damage):
    game = solo_with("ratman", **RATMAN)
    ratman = uid_of(game, "Ratman")
    until_main(game, ["champion:0", "champion:2"])  # two misses: Scurry leaves it at 7
    feed(game, ("ability", "a-shadow-mage", "shadow-bolt", "champion:8"), check)
    assert game.units[ratman]["health"] == 7 - damage  # skill 4 + check - 1 against 9


# -- Lizardmen and the challenge card -------------------------------------------------------------
def test_ambush_puts_three_lizardmen_into_play_on_the_first_enemy_turn_only():
    game = solo_with("lizardmen", monsters=["lizardmen", "mummy", "zombie", "gryphon"])
    feed(game, "fighter:2", "fighter:3", "fighter:4")
    lizards = units_named(game, "Lizardman")
    assert len(lizards) == 3 and all(u["facedown"] for u in lizards)
    assert game.weapons(lizards[0]) == [("melee", 1), ("range", 1)]
    # Scales (progressive): enemy armor 1 higher, hero armor unchanged
    assert game.armor(lizards[0]) == 6 and game.armor(game.units["a-bard"]) == 6
    until_main(game)
    end_hero_turn(game)
    until_main(game)  # the second enemy turn brings no more lizardmen
    assert len([u for u in game.units.values() if u["name"] == "Lizardman"]) == 3


def test_overwhelming_forces_doubles_every_enemy_another_ability_puts_into_play():
    """Each lizardman that Ambush brings comes with one more; the extra one does not bring a
    third (it was put into play by the challenge itself), and the monster card's own body is not
    doubled (the rules, not an ability, put it into play)."""
    game = solo_with("lizardmen", challenge="against-the-summoner")
    assert game.pile == ["against-the-summoner", "lizardmen"]
    feed(game, *[f"fighter:{v}" for v in (2, 3, 4, 5, 7, 8)])
    assert len(units_named(game, "Lizardman")) == 6
    assert game.chance.resume == "enemy_check"  # the attacks begin: no seventh lizardman
    mummy = solo_with("mummy", challenge="against-the-summoner")
    assert len(units_named(mummy, "Mummy")) == 1


def test_overwhelming_forces_brings_eight_goblins():
    game = solo_with("goblins", challenge="against-the-summoner")
    feed(game, "fighter:0", *[f"mender:{v}" for v in (0, 3, 4, 5, 6, 7, 8)])
    goblins = units_named(game, "Goblin")
    assert len(goblins) == 8 and game.weapon_bonus(goblins[0], "melee", None) == 7


# -- Hemgoth, Vessel of Wrath ---------------------------------------------------------------------
@pytest.mark.parametrize("health, damage", [(14, 1), (8, 1), (7, 2), (3, 2)])
def test_wrath_hemgoths_weapons_deal_1_more_damage_at_health_7_or_less(health, damage):
    game = solo_with("hemgoth", encounter="hemgoth")
    game.units[uid_of(game, "Hemgoth, Vessel of Wrath")]["health"] = health
    game.touch()
    feed(game, "fighter:5")  # melee 3 + 5 against the war priest's 4: a hit
    assert game.units["a-war-priest"]["health"] == 6 - damage


# -- Unmaker Numenax ------------------------------------------------------------------------------
def numenax(hand=ZERO_HAND):
    game = solo_with("unmaker-numenax", hand=hand, encounter="unmaker-numenax")
    assert game.prompt.question == "choose hero"
    feed(game, ("hero", "a-sellsword"))
    feed(game, "fighter:2", "fighter:3", "fighter:4")  # the three stones' face-down cards
    return game


def test_unmake_defeats_every_hero_but_one_and_puts_three_stones_into_play():
    game = numenax()
    assert [h["uid"] for h in game.heroes(0)] == ["a-sellsword"]
    assert sorted(t["card"] for t in game.tokens) == ["fighter:2", "fighter:3", "fighter:4"]
    assert game.public_history[-3:] == ["?", "?", "?"]
    until_main(game, ["champion:0", "champion:2"])  # two misses against the sellsword
    end_hero_turn(game)
    until_main(game)
    assert len(game.tokens) == 3  # only on the first enemy turn


def test_resurrect_a_feat_brings_a_defeated_hero_back_exhausted_for_a_stone():
    game = numenax(hand=["fighter:5", "mender:5", "magician:5", "champion:8", "fighter:6"])
    until_main(game, ["champion:0", "champion:2"])
    feed(game, ("feat", "a-sellsword", "rest", "fighter:5", "magician:5", "mender:5"))
    assert game.prompt.question == "resurrect"
    feed(game, ("hero", "a-bard"))
    bard = game.units["a-bard"]
    assert not bard["defeated"] and bard["health"] == 1 and bard["area"] == "far"
    assert bard["activated"]  # decision: it comes back already activated this turn
    assert len(game.tokens) == 2 and "fighter:4" in game.discard


def test_resurrect_a_stone_saves_the_king_and_it_heals_3():
    game = numenax()
    king = uid_of(game, "Unmaker Numenax")
    game.deal(king, 3)
    assert not game.units[king]["defeated"] and game.units[king]["health"] == 3
    assert len(game.tokens) == 2
    game.tokens.clear()
    game.deal(king, 3)
    assert game.units[king]["defeated"]


def test_dispel_an_ability_paid_with_a_zero_costs_a_stone_and_1_damage_to_a_hero():
    game = numenax()
    until_main(game, ["champion:0", "champion:2"])
    feed(game, ("attack", "a-sellsword", "melee", "mender:0"))
    assert game.units["a-sellsword"]["health"] == 5 and len(game.tokens) == 2
    assert any("(Dispel)" in line for line in game.log)


# -- Sekzar, the Grave Swarm ----------------------------------------------------------------------
def test_swarm_a_grave_beetle_comes_into_play_face_down_at_the_start_of_every_enemy_turn():
    game = solo_with("sekzar", encounter="sekzar")
    feed(game, "fighter:2")
    [beetle] = units_named(game, "Grave Beetle")
    assert beetle["facedown"] == "fighter:2" and beetle["area"] == "near"
    assert game.weapons(beetle) == [("melee", 2)] and game.armor(beetle) == 4
    until_main(game, ["champion:0", "champion:2"])
    end_hero_turn(game)
    feed(game, "fighter:3")
    assert [u["facedown"] for u in units_named(game, "Grave Beetle")] == ["fighter:2", "fighter:3"]


def test_feast_sekzar_heals_1_when_a_grave_beetle_damages_a_hero():
    game = solo_with("sekzar", encounter="sekzar")
    sekzar = game.units[uid_of(game, "Sekzar, the Grave Swarm")]
    sekzar["health"] = 8
    # Sekzar's own hit (2 + 5 on the bard's 6) heals nothing; the beetle's (2 + 4 on the war
    # priest's 4) heals it 1
    feed(game, "fighter:2", ("next attacker", sekzar["uid"]), "fighter:5")
    assert game.units["a-bard"]["health"] == 5 and sekzar["health"] == 8
    feed(game, "mender:4")
    assert game.units["a-war-priest"]["health"] == 5 and sekzar["health"] == 9


# -- coverage of the registry -------------------------------------------------------------------
def test_every_registered_ability_belongs_to_a_card():
    cat = catalog()
    known = {f"{h.id}/{a.key}" for h in cat.heroes.values() for a in h.abilities}
    known |= {f"{d.id}/{b.key}" for d in cat.damage.values() for b in d.boxes if b.key}
    known |= {f"{m.id}/{a.key}" for m in cat.monsters.values() for a in m.abilities}
    known |= {
        f"{m.id}/{a.key}" for m in cat.monsters.values() for c in m.creates for a in c.abilities
    }
    known |= {f"{c.id}/{c.ability.key}" for c in cat.challenges.values()}
    registered = set(EFFECTS) | {key for table in HOOKS.values() for key in table}
    temporary = {key for key in registered if key not in known}
    assert temporary <= {"charge", "goblins/scared-now", "zombie/lonely-prey-on"} | {
        key for key in temporary if key.split("/")[0] in cat.heroes
    }


def test_every_burst_box_declares_what_it_does():
    """The monster turn's solver reads what a burst does from its effect's declaration: every
    burst box of the data has an effect with one, and only burst boxes declare one."""
    bursts = {
        f"{card.id}/{box.key}" for card in catalog().damage.values() for box in card.boxes
        if box.burst
    }  # fmt: skip
    assert bursts and bursts <= set(EFFECTS)
    assert set(BURSTS) == bursts
    assert {burst.kind for burst in BURSTS.values()} == {"draw", "heal", "move", "attack"}


# -- hero damage-card bursts in the middle of a monster turn --------------------------------------
# Hemgoth's melee 3, melee 3, range 2 against a deck where only the 4 of Fighters reaches armor 6:
# no burst attack can fire before the last check, and the 2s hit the war priest (armor 4).
THIN_DECK = ["fighter:4", "fighter:0", "fighter:2", "champion:0", "champion:2", "magician:0",
             "magician:2", "mender:0"]  # fmt: skip


def hemgoth_with(health, area=None):
    game = solo_with("hemgoth", encounter="hemgoth")
    set_heroes(game, health=health, area=area)
    return thin_deck(game, THIN_DECK)


@pytest.mark.parametrize(
    "health, area, block",
    [
        # the bard, near at 4, lands on its box at 3 (move any hero) on the first hit: moving the
        # war priest far sends the next melee checks to the sellsword; the priest, at 5, heals
        # another hero from its box at 4
        ({"a-bard": 4, "a-war-priest": 5, "a-sellsword": 5}, {"a-bard": "near"}, False),
        # the war priest at 4 lands on its box at 3 (draw a card): the card may block a later hit
        ({"a-war-priest": 4}, None, True),
    ],
)
def test_monster_turn_plays_out_bursts_like_the_engine(health, area, block):
    """Every order of the deck's cards (checks and burst draws) through the engine, each choice
    (block, heal, move) made to leave the lowest expected damage, against monster_turn."""
    game = hemgoth_with(health, area)
    assert monster_turn(game, block=block)["joint"].pmf() == engine_best_turn(game, block)


def test_monster_turn_refuses_a_burst_attack_before_the_last_check():
    """The sellsword at 4 can land on its box at 3 (a melee attack) on the first or second check:
    its weapon would check cards and maybe defeat Hemgoth mid-turn, which monster_turn does not
    play out. At 6 it needs three hits, the last on the last check, after which nothing counts."""
    game = solo_with("hemgoth", encounter="hemgoth")
    set_heroes(game, health={"a-sellsword": 4})
    with pytest.raises(ValueError, match="champion-damage/burst-melee"):
        monster_turn(game)
    assert monster_turn(solo_with("hemgoth", encounter="hemgoth"))["expected"] > 0


def test_gang_a_goblins_weapons_get_1_for_each_other_enemy_in_play():
    game = solo_with("goblins")
    feed(game, "fighter:2", "mender:3", "champion:4", "magician:5")
    goblins = units_named(game, "Goblin")
    assert [game.weapon_bonus(g, "melee", None) for g in goblins] == [3, 3, 3, 3]
    game.defeat(goblins[0]["uid"])
    assert game.weapon_bonus(goblins[1], "melee", None) == 2


def test_a_weapon_an_ability_gives_a_monster_comes_after_its_printed_weapons():
    game = solo_with("goblins", monsters=["goblins", "gryphon", "ratman", "sphinx"])
    feed(game, "fighter:2", "mender:3", "champion:4", "magician:5")
    until_main(game)
    for goblin in units_named(game, "Goblin"):
        game.defeat(goblin["uid"])
    feed(game, PASS, ("discard",))
    while game.chance.kind == "card":
        game.apply(game.legal_actions()[0])
    game.apply("gryphon")  # round 2: the goblins' Shiv (progressive) arms it too
    gryphon = units_named(game, "Gryphon")[0]
    assert game.weapons(gryphon) == [("range", 2), ("range", 2), ("melee", 1)]
