"""What every card does, as small named functions registered to card ids.

Activated abilities and burst boxes are ``@effect("<card>/<key>")`` functions of (game, hero uid)
that change the table or schedule steps; a burst box's effect also declares what kind of thing it
does (``burst=Burst(...)``), which the monster turn's solver reads. Passive and triggered abilities are ``@hook(name, id)``
functions of (game, source, ...): a source is the unit, monster-card entry or temporary effect the
ability belongs to. Temporary effects made by an activation carry the id of the ability that made
them, and their hooks are registered under that id.

Hooks: ``weapon_bonus``, ``damage_bonus``, ``armor_bonus``, ``skill_bonus``,
``skill_check_bonus``, ``hand_size`` (numbers to add); ``unblockable``, ``weapon_immune``,
``charging``, ``keep_check``, ``prevent_defeat``, ``adjacency_matters`` (yes/no); ``extra_weapons``, ``redirect`` (lists);
``enemy_turn_begin``, ``enemy_turn_end``, ``hero_turn_end``, ``enemy_attacked``,
``weapon_damaged``, ``unit_defeated``, ``enemy_created``, ``ability_activated`` (a hero ability),
``player_ability_activated`` (block, charge, focus, move, reset or search) (moments).
"""

from __future__ import annotations

from toolkit.steps import PASS
from toolkit.to_the_death.cards import card_name, catalog, suit_of, value_of
from toolkit.to_the_death.registry import Burst, effect, hook, step


def _is_hero(unit) -> bool:
    return unit is not None and unit["kind"] == "hero"


def _is_enemy_unit(unit) -> bool:
    return unit is not None and unit["kind"] == "enemy"


def _owner(src) -> str | None:
    return src.get("owner") if src is not None else None


def _mine(src, unit) -> bool:
    """The unit is the hero that made this temporary effect."""
    return unit is not None and unit["uid"] == _owner(src)


def _friendly_hero(src, unit) -> bool:
    """The unit is a hero on the side that made this temporary effect."""
    return _is_hero(unit) and unit["side"] == src["side"]


def _is_source(src, unit) -> bool:
    return unit is not None and src is not None and src.get("uid") == unit["uid"]


# -- generic steps the abilities share ---------------------------------------------------------
@step
def damage_chosen(game, choice, amount: int) -> None:
    game.deal(choice[1], amount)


@step
def heal_chosen(game, choice, amount: int) -> None:
    game.heal(choice[1], amount)


@step
def damage_one_enemy(game, uid: str, passed: bool, amount: int) -> None:
    if passed:
        game.choose_enemy(game.units[uid]["side"], "damage_chosen", amount=amount)


@step
def damage_each_enemy(game, uid: str, passed: bool, amount: int) -> None:
    if passed:
        for foe in game.enemies_of(game.units[uid]["side"]):
            game.deal(foe["uid"], amount)


@step
def draw_for(game, uid: str) -> None:
    game.draw_cards(game.units[uid]["side"], 1)


@step
def discard_chosen(game, choice, seat: int) -> None:
    game.discard_from_hand(seat, choice[1])
    game.narrate(f"You discard the {card_name(choice[1])}.")


def discard_a_card(game, seat: int) -> None:
    hand = sorted(game.hands[seat])
    if hand:
        game.ask(seat, "discard", [("discard", c) for c in hand], "discard_chosen", seat=seat)


def temporary(game, uid: str, key: str, next_turn: bool = False) -> None:
    game.add_effect(f"{game.units[uid]['card']}/{key}", uid, next_turn=next_turn)


# -- player ability: charge ---------------------------------------------------------------------
@hook("charging", "charge")
def charge_lets_melee_reach(game, src, attacker) -> bool:
    return _mine(src, attacker) and attacker["area"] == "near"


# -- heroes --------------------------------------------------------------------------------------
@effect("fisherman/biggest-hook")
def biggest_hook(game, uid: str) -> None:
    temporary(game, uid, "biggest-hook")
    game.attack(uid, "melee")


@hook("extra_weapons", "fisherman/biggest-hook")
def hook_weapon(game, src, unit) -> list:
    return [("melee", 5)] if _mine(src, unit) else []


@effect("fisherman/stunning-blow")
def stunning_blow(game, uid: str) -> None:
    """Ends by activating the hero: it may be activated once more this turn (say for the hook)."""
    temporary(game, uid, "stunning-blow")
    game.units[uid]["activated"] = False


@hook("damage_bonus", "fisherman/stunning-blow")
def stunning_damage(game, src, attacker, kind, target, total, armor) -> int:
    return 1 if _friendly_hero(src, attacker) and total - armor >= 6 else 0


@effect("fisherman/legendary-catch")
def legendary_catch(game, uid: str) -> None:
    game.attack(uid, "melee")
    game.then("legendary_catch_heal", uid=uid)


@step
def legendary_catch_heal(game, uid: str) -> None:
    weapons, damaged = game.attack_record(uid)
    if weapons and damaged >= weapons:
        game.heal(uid, 2)


@effect("archer/power-shot")
def power_shot(game, uid: str) -> None:
    game.skill_check(uid, 10, "damage_one_enemy", amount=2)


@effect("archer/volley")
def volley(game, uid: str) -> None:
    game.skill_check(uid, 10, "volley_hit")


@step
def volley_hit(game, uid: str, passed: bool) -> None:
    if not passed:
        return
    areas = sorted({foe["area"] for foe in game.enemies_of(game.units[uid]["side"])})
    if areas:
        game.ask(
            game.units[uid]["side"],
            "choose area",
            [("area", a) for a in areas],
            "volley_area",
            uid=uid,
        )


@step
def volley_area(game, choice, uid: str) -> None:
    for foe in game.enemies_of(game.units[uid]["side"]):
        if foe["area"] == choice[1]:
            game.deal(foe["uid"], 1)


@effect("archer/aim")
def aim(game, uid: str) -> None:
    temporary(game, uid, "aim")
    game.attack(uid, "range")


@hook("damage_bonus", "archer/aim")
def aim_damage(game, src, attacker, kind, target, total, armor) -> int:
    return 1 if _mine(src, attacker) and kind == "range" else 0


@effect("bard/rousing-anthem")
def rousing_anthem(game, uid: str) -> None:
    for hero in game.heroes(game.units[uid]["side"]):
        game.heal(hero["uid"], 1)


@effect("bard/dissonance")
def dissonance(game, uid: str) -> None:
    game.skill_check(uid, 8, "damage_each_enemy", amount=1)


@effect("bard/furious-fife")
def furious_fife(game, uid: str) -> None:
    temporary(game, uid, "furious-fife")
    game.attack(uid, "range")


@hook("weapon_bonus", "bard/furious-fife")
def fife_bonus(game, src, attacker, kind, target) -> int:
    return 2 if _friendly_hero(src, attacker) and kind == "range" else 0


@effect("grave-knight/grim-vigil")
def grim_vigil(game, uid: str) -> None:
    game.heal(uid, 2)
    temporary(game, uid, "grim-vigil", next_turn=True)


@hook("armor_bonus", "grave-knight/grim-vigil")
def vigil_armor(game, src, unit) -> int:
    return 2 if _mine(src, unit) else 0


@effect("grave-knight/unyielding")
def unyielding(game, uid: str) -> None:
    temporary(game, uid, "unyielding")
    game.choose_attack(uid)


@hook("unblockable", "grave-knight/unyielding")
def unyielding_unblockable(game, src, attacker) -> bool:
    return _mine(src, attacker)


@hook("keep_check", "grave-knight/unyielding")
def unyielding_keeps(game, src, attacker, card) -> bool:
    return _mine(src, attacker) and value_of(card) >= 6


@effect("grave-knight/taunt")
def taunt(game, uid: str) -> None:
    temporary(game, uid, "taunt", next_turn=True)


def _guarded(game, src, attacker, target) -> bool:
    """An enemy of the effect's owner (a monster, or in the duel an opposing hero) aims a weapon
    at another hero of the owner's side."""
    owner = game.units[src["owner"]]
    return (
        _is_hero(target)
        and target["side"] == owner["side"]
        and attacker["side"] != owner["side"]
        and target["uid"] != owner["uid"]
    )


@hook("redirect", "grave-knight/taunt")
def taunt_redirect(game, src, attacker, kind, target) -> list:
    if kind == "melee" and target["area"] == "near" and _guarded(game, src, attacker, target):
        return [src["owner"]]
    return []


@effect("sellsword/bodyguard")
def bodyguard(game, uid: str) -> None:
    temporary(game, uid, "bodyguard", next_turn=True)


@hook("redirect", "sellsword/bodyguard")
def bodyguard_redirect(game, src, attacker, kind, target) -> list:
    return [src["owner"]] if _guarded(game, src, attacker, target) else []


@effect("sellsword/shield-wall")
def shield_wall(game, uid: str) -> None:
    temporary(game, uid, "shield-wall", next_turn=True)


@hook("armor_bonus", "sellsword/shield-wall")
def shield_wall_armor(game, src, unit) -> int:
    return 1 if _friendly_hero(src, unit) else 0


@effect("sellsword/hack")
def hack(game, uid: str) -> None:
    temporary(game, uid, "hack")
    game.attack(uid, "melee")


@hook("weapon_bonus", "sellsword/hack")
def hack_bonus(game, src, attacker, kind, target) -> int:
    return 1 if _mine(src, attacker) and kind == "melee" else 0


@effect("shadow-mage/shadow-bolt")
def shadow_bolt(game, uid: str) -> None:
    game.skill_check(uid, 9, "damage_one_enemy", amount=2)


@effect("shadow-mage/dark-insight")
def dark_insight(game, uid: str) -> None:
    game.draw_cards(game.units[uid]["side"], 2)


@effect("shadow-mage/umbral-aim")
def umbral_aim(game, uid: str) -> None:
    temporary(game, uid, "umbral-aim")
    game.attack(uid, "range")


@hook("weapon_bonus", "shadow-mage/umbral-aim")
def umbral_bonus(game, src, attacker, kind, target) -> int:
    return 3 if _mine(src, attacker) and kind == "range" else 0


@effect("wizard/fireball")
def fireball(game, uid: str) -> None:
    game.skill_check(uid, 9, "damage_each_enemy", amount=1)


@effect("wizard/arcane-bolt")
def arcane_bolt(game, uid: str) -> None:
    game.skill_check(uid, 8, "damage_one_enemy", amount=1)
    game.then("draw_for", uid=uid)


@effect("wizard/foresight")
def foresight(game, uid: str) -> None:
    game.draw_cards(game.units[uid]["side"], 2)
    game.then("foresight_return", seat=game.units[uid]["side"])


@step
def foresight_return(game, seat: int) -> None:
    hand = sorted(game.hands[seat])
    if hand:
        game.ask(seat, "card to the top", [("top", c) for c in hand], "put_on_top", seat=seat)


@step
def put_on_top(game, choice, seat: int) -> None:
    game.put_on_top(seat, choice[1])
    game.narrate("A card from the hand goes on top of the deck.")


@effect("war-priest/great-heal")
def great_heal(game, uid: str) -> None:
    game.choose_hero(game.units[uid]["side"], "heal_chosen", "Great Heal: it heals 2", amount=2)


@effect("war-priest/blessing")
def blessing(game, uid: str) -> None:
    temporary(game, uid, "blessing")
    game.attack(uid, "melee")


@hook("weapon_bonus", "war-priest/blessing")
def blessing_bonus(game, src, attacker, kind, target) -> int:
    return 1 if _friendly_hero(src, attacker) else 0


@effect("war-priest/mend", "herbalist/herb-pouch")
def mend(game, uid: str) -> None:
    game.choose_hero(game.units[uid]["side"], "heal_chosen", "it heals 1", amount=1)


@effect("herbalist/remedy")
def remedy(game, uid: str) -> None:
    game.choose_hero(game.units[uid]["side"], "heal_chosen", "Remedy: it heals 2", amount=2)
    game.then("draw_for", uid=uid)


@effect("herbalist/poultice")
def poultice(game, uid: str) -> None:
    game.choose_hero(game.units[uid]["side"], "heal_chosen", "Poultice: it heals 1", amount=1)
    game.attack(uid, "range")


@effect("dreamer/lucid-dream")
def lucid_dream(game, uid: str) -> None:
    for hero in game.heroes(game.units[uid]["side"]):
        game.heal(hero["uid"], 1)
    game.then("draw_for", uid=uid)


@effect("dreamer/sleepwalk")
def sleepwalk(game, uid: str) -> None:
    why = "Sleepwalk: it moves to the other area and heals 1"
    game.choose_hero(game.units[uid]["side"], "sleepwalk_chosen", why)


@step
def sleepwalk_chosen(game, choice) -> None:
    game.move(choice[1])
    game.heal(choice[1], 1)


@effect("dreamer/daydream")
def daydream(game, uid: str) -> None:
    game.shuffle_discard_into_deck()
    game.narrate("The discard pile is shuffled into the deck.")
    game.then("draw_for", uid=uid)


# -- hero damage cards ------------------------------------------------------------------------
@hook("weapon_bonus", "fighter-damage/weapons-plus-1")
def fighter_box_5(game, src, attacker, kind, target) -> int:
    return 1 if _is_source(src, attacker) else 0


@hook("weapon_bonus", "fighter-damage/weapons-plus-2")
def fighter_box_4(game, src, attacker, kind, target) -> int:
    return 2 if _is_source(src, attacker) else 0


@effect("fighter-damage/move-any-hero", burst=Burst("move"))
def fighter_burst_move(game, uid: str) -> None:
    side = game.units[uid]["side"]
    options = [("hero", h["uid"]) for h in game.heroes(side)] + [PASS]
    game.ask(side, "move a hero", options, "maybe_move")


@step
def maybe_move(game, choice) -> None:
    if choice[0] == "hero":
        game.move(choice[1])


@effect("fighter-damage/attack-each-enemy", burst=Burst("attack", attacks=("melee", "range")))
def fighter_burst_attack_each(game, uid: str) -> None:
    game.choose_attack(uid, each=True)


@hook("skill_bonus", "magician-damage/skill-plus-1", "mender-damage/skill-plus-1")
def skill_box_1(game, src, unit) -> int:
    return 1 if _is_source(src, unit) else 0


@hook("skill_bonus", "magician-damage/skill-plus-2")
def skill_box_2(game, src, unit) -> int:
    return 2 if _is_source(src, unit) else 0


@effect("magician-damage/burst-attack", burst=Burst("attack", attacks=("melee", "range")))
def magician_burst_attack(game, uid: str) -> None:
    game.choose_attack(uid)


@effect(
    "magician-damage/burst-draw",
    "champion-damage/burst-draw",
    "mender-damage/burst-draw",
    burst=Burst("draw"),
)
def burst_draw(game, uid: str) -> None:
    game.draw_cards(game.units[uid]["side"], 1)


@hook("armor_bonus", "champion-damage/armor-plus-1", "champion-damage/armor-and-weapons")
def champion_box_armor(game, src, unit) -> int:
    return 1 if _is_source(src, unit) else 0


@hook("weapon_bonus", "champion-damage/armor-and-weapons")
def champion_box_weapons(game, src, attacker, kind, target) -> int:
    return 1 if _is_source(src, attacker) else 0


@effect("champion-damage/burst-melee", burst=Burst("attack", attacks=("melee",)))
def champion_burst_melee(game, uid: str) -> None:
    hero = game.units[uid]
    if game.weapons(hero, "melee") and game.reachable(hero, "melee"):
        game.ask(
            hero["side"],
            "attack kind",
            [("attack kind", "melee"), PASS],
            "attack_kind_chosen",
            uid=uid,
            each=False,
        )


@effect("mender-damage/heal-other", burst=Burst("heal", amount=1))
def mender_burst_heal_1(game, uid: str) -> None:
    game.choose_hero(game.units[uid]["side"], "heal_chosen", "it heals 1", exclude=uid, amount=1)


@effect("mender-damage/heal-other-2", burst=Burst("heal", amount=2))
def mender_burst_heal_2(game, uid: str) -> None:
    game.choose_hero(game.units[uid]["side"], "heal_chosen", "it heals 2", exclude=uid, amount=2)


# -- monsters -------------------------------------------------------------------------------------
def _first_enemy_turn(game, card_entry) -> bool:
    return card_entry["turns"] == 0


def _card_of(game, unit) -> dict:
    return game.monster_cards[unit["card_index"]]


@hook("enemy_turn_begin", "goblins/horde")
def horde(game, src) -> None:
    if _first_enemy_turn(game, src):
        for _ in range(4):
            game.then("create_enemy_step", card_index=src["index"], name="Goblin")


@hook("enemy_turn_begin", "lizardmen/ambush")
def ambush(game, src) -> None:
    if _first_enemy_turn(game, src):
        for _ in range(3):
            game.then("create_enemy_step", card_index=src["index"], name="Lizardman")


@step
def create_enemy_step(game, card_index: int, name: str, by_challenge: bool = False) -> None:
    game.create_enemy(card_index, name, by_challenge)


@hook("extra_weapons", "goblins/shiv")
def shiv(game, src, unit) -> list:
    return [("melee", 1)] if _is_enemy_unit(unit) else []


@hook("weapon_bonus", "goblins/gang")
def gang(game, src, attacker, kind, target) -> int:
    return len(game.monster_units()) - 1 if _is_source(src, attacker) else 0


@hook("unit_defeated", "goblins/scared")
def scared(game, src, unit) -> None:
    already = any(e["id"] == "goblins/scared-now" and e["start"] == game.turn for e in game.effects)
    if unit["name"] == "Goblin" and not already:
        game.add_effect("goblins/scared-now", None)
        game.narrate("The other goblins are scared: weapons cannot damage them this turn.")


@hook("weapon_immune", "goblins/scared-now")
def scared_immune(game, src, target) -> bool:
    return target["name"] == "Goblin"


@hook("weapon_bonus", "gryphon/flying")
def flying(game, src, attacker, kind, target) -> int:
    return -2 if _is_hero(attacker) else 0


@hook("hand_size", "gryphon/dust-cloud")
def dust_cloud(game, src, seat) -> int:
    return -1


@hook("weapon_damaged", "gryphon/grasping-talons")
def grasping_talons(game, src, attacker, defender, kind) -> None:
    if (
        _is_source(src, attacker)
        and kind == "range"
        and _is_hero(defender)
        and not defender["defeated"]
    ):
        options = [("discard", c) for c in sorted(game.hands[0])] + [("skip", defender["uid"])]
        game.ask(0, "grasping talons", options, "talons_choice")


@step
def talons_choice(game, choice) -> None:
    if choice[0] == "discard":
        game.discard_from_hand(0, choice[1])
    else:
        game.units[choice[1]]["skip"] = True
        game.narrate(f"{game.units[choice[1]]['name']} will skip its next activation.")


@hook("weapon_bonus", "gryphon/updraft")
def updraft(game, src, attacker, kind, target) -> int:
    return 2 if _is_enemy_unit(attacker) and kind == "range" else 0


@hook("weapon_damaged", "zombie/zombify")
def zombify(game, src, attacker, defender, kind) -> None:
    if (
        _is_source(src, attacker)
        and kind == "melee"
        and _is_hero(defender)
        and not defender["defeated"]
        and not defender["zombie"]
    ):
        defender["zombie"] = True
        game.narrate(f"{defender['name']} becomes a zombie hero.")


@hook("adjacency_matters", "zombie/zombify")
def zombies_read_rows(game, src) -> bool:
    """An idle zombie hero hurts the heroes beside it: where a moved hero stands matters."""
    return True


@hook("hero_turn_end", "zombie/zombify")
def zombie_rot(game, src, side) -> None:
    game.then("zombie_rot_step")


@step
def zombie_rot_step(game) -> None:
    for hero in game.heroes(0):
        if hero["zombie"] and not hero["acted"]:
            row = sorted(
                (h for h in game.heroes(0) if h["area"] == hero["area"]), key=lambda h: h["pos"]
            )
            index = row.index(hero)
            neighbours = [row[i]["uid"] for i in (index - 1, index + 1) if 0 <= i < len(row)]
            game.deal(hero["uid"], 1, " (an idle zombie)")
            for uid in neighbours:
                game.deal(uid, 1, " (beside an idle zombie)")


@hook("unit_defeated", "zombie/lonely-prey")
def zombies_cured(game, src, unit) -> None:
    """Zombify stops working with the Zombie, so its zombie heroes are heroes again. A defeated
    unit's own abilities no longer hear anything, so the cure is heard by what is left of the
    card in play: its progressive ability, working from the defeated pile (src is the card)."""
    if _is_enemy_unit(unit) and unit["uid"] == src["body"]:
        for hero in game.heroes(0):
            hero["zombie"] = False


@hook("enemy_attacked", "zombie/brains")
def brains(game, src, unit) -> None:
    if _is_source(src, unit) and game.attack_record(unit["uid"])[1] == 0:
        game.deal(unit["uid"], 1, " (Brains)")
        if not unit["defeated"]:
            game.then("enemy_attack", uid=unit["uid"])


@hook("enemy_turn_begin", "zombie/lonely-prey")
def lonely_prey(game, src) -> None:
    if sum(h["area"] == "near" for h in game.heroes(0)) == 1:
        game.add_effect("zombie/lonely-prey-on", None)


@hook("weapon_bonus", "zombie/lonely-prey-on")
def lonely_prey_bonus(game, src, attacker, kind, target) -> int:
    return 2 if _is_enemy_unit(attacker) else 0


@hook("weapon_damaged", "gladiator/trophy")
def trophy(game, src, attacker, defender, kind) -> None:
    if _is_source(src, attacker) and kind == "melee" and _is_hero(defender) and game.hands[0]:
        options = [("trophy", c) for c in sorted(game.hands[0])]
        game.ask(0, "trophy", options, "trophy_taken", uid=src["uid"])


@step
def trophy_taken(game, choice, uid: str) -> None:
    game.hands[0].remove(choice[1])
    game.units[uid]["attached"].append(choice[1])
    game.narrate(f"The {card_name(choice[1])} is attached to the gladiator as a trophy.")


@hook("weapon_bonus", "gladiator/trophy")
def trophy_bonus(game, src, attacker, kind, target) -> int:
    return len(src["attached"]) if _is_source(src, attacker) else 0


@hook("damage_bonus", "gladiator/trophy")
def trophy_damage(game, src, attacker, kind, target, total, armor) -> int:
    return 1 if _is_source(src, attacker) and len(src["attached"]) >= 3 else 0


@hook("enemy_turn_end", "gladiator/dominate")
def dominate(game, src) -> None:
    if _first_enemy_turn(game, _card_of(game, src)):
        game.then("dominate_check", uid=src["uid"])


@step
def dominate_check(game, uid: str) -> None:
    if not game.units[uid]["defeated"]:
        game.need_check("dominated", uid=uid)


@step
def dominated(game, card, uid: str) -> None:
    game.discard.append(card)
    game.narrate(f"Dominate checks the {card_name(card)}.")
    for hero in game.heroes(0):
        if hero["cls"] == suit_of(card):
            game.exhaust(hero["uid"])


@hook("damage_bonus", "gladiator/bloodsport")
def bloodsport(game, src, attacker, kind, target, total, armor) -> int:
    return 1 if _is_enemy_unit(attacker) and _is_hero(target) and target["health"] == 1 else 0


@hook("weapon_damaged", "ratman/pilfer")
def pilfer(game, src, attacker, defender, kind) -> None:
    if _is_source(src, attacker):
        discard_a_card(game, 0)


@hook("enemy_turn_end", "ratman/scurry")
def scurry(game, src) -> None:
    if not src["defeated"] and game.attack_record(src["uid"])[1] == 0:
        game.heal(src["uid"], 1)


@hook("skill_check_bonus", "ratman/plague")
def plague(game, src, unit) -> int:
    return -1 if _is_hero(unit) else 0


@hook("enemy_turn_begin", "sphinx/riddle")
def riddle(game, src) -> None:
    why = "Riddle: it makes a skill check against 8, and if it fails it skips its next activation"
    game.choose_hero(0, "riddle_chosen", why)


@step
def riddle_chosen(game, choice) -> None:
    game.skill_check(choice[1], 8, "riddle_answered")


@step
def riddle_answered(game, uid: str, passed: bool) -> None:
    if not passed:
        game.units[uid]["skip"] = True
        game.narrate(f"{game.units[uid]['name']} will skip its next activation.")


@hook("armor_bonus", "sphinx/ancient-ward", "lizardmen/scales", "basilisk/stone-skin")
def enemy_armor_plus_1(game, src, unit) -> int:
    return 1 if _is_enemy_unit(unit) else 0


@hook("weapon_damaged", "mummy/curse")
def curse(game, src, attacker, defender, kind) -> None:
    if _is_source(src, attacker) and kind == "melee" and _is_hero(defender):
        defender["skip"] = True
        game.narrate(f"{defender['name']} is cursed and will skip its next activation.")


@hook("weapon_damaged", "basilisk/petrifying-gaze")
def petrifying_gaze(game, src, attacker, defender, kind) -> None:
    if _is_source(src, attacker) and _is_hero(defender) and not defender["defeated"]:
        defender["skip"] = True
        game.narrate(f"{defender['name']} is turned to stone and will skip its next activation.")


@hook("enemy_turn_end", "mummy/embalmed")
def embalmed(game, src) -> None:
    for unit in game.monster_units():
        game.heal(unit["uid"], 1)


@hook("enemy_turn_begin", "dream-slayer/nightmare")
def nightmare(game, src) -> None:
    discard_a_card(game, 0)


@hook("weapon_bonus", "dream-slayer/night-terror")
def night_terror(game, src, attacker, kind, target) -> int:
    return 1 if _is_enemy_unit(attacker) and game.is_night() else 0


@hook("enemy_turn_begin", "unmaker-numenax/unmake")
def unmake(game, src) -> None:
    if _first_enemy_turn(game, _card_of(game, src)):
        game.choose_hero(0, "unmade", "Unmake: it alone survives, every other hero is defeated")


@step
def unmade(game, choice) -> None:
    for hero in game.heroes(0):
        if hero["uid"] != choice[1]:
            game.defeat(hero["uid"])
    for _ in range(3):
        game.then("place_stone")


@step
def place_stone(game) -> None:
    game.need_card("stone_placed", hidden="all")


@step
def stone_placed(game, card) -> None:
    if card is not None:
        game.place_face_down(card)
        game.tokens.append({"name": "Resurrection Stone", "card": card})
        game.narrate("A resurrection stone comes into play (a face-down card).")


def _spend_stone(game) -> bool:
    if not game.tokens:
        return False
    stone = game.tokens.pop()
    game.turn_face_up(stone["card"])
    game.narrate(f"A resurrection stone is discarded: it was the {card_name(stone['card'])}.")
    return True


@hook("ability_activated", "unmaker-numenax/resurrect")
def resurrect(game, src, hero, head, cards) -> None:
    """A feat: Resurrect asks in its own step, so that Dispel, which the same activation may
    trigger, asks after it (the king's card prints Resurrect first; see the rules notes)."""
    if head == "feat":
        game.then("resurrect_ask")


@step
def resurrect_ask(game) -> None:
    fallen = [u for u in game.units.values() if _is_hero(u) and u["side"] == 0 and u["defeated"]]
    if fallen and game.tokens:
        why = "Resurrect: it returns to play exhausted, in its printed area, for a stone"
        options = [("hero", u["uid"]) for u in fallen]
        game.ask(0, "resurrect", options, "resurrected", why=why)


@step
def resurrected(game, choice) -> None:
    hero = game.units[choice[1]]
    if _spend_stone(game):
        hero.update(
            defeated=False,
            health=1,
            area=catalog().heroes[hero["card"]].area,
            activated=True,
            pos=game._new_pos(),
        )
        game.touch()
        game.narrate(f"{hero['name']} returns to play, exhausted.")


@hook("prevent_defeat", "unmaker-numenax/resurrect")
def stone_saves_king(game, src, unit) -> bool:
    if _is_source(src, unit) and _spend_stone(game):
        unit["health"] = min(unit["max"], 3)
        game.narrate(f"{unit['name']} is not defeated: it heals 3.")
        return True
    return False


@hook("ability_activated", "unmaker-numenax/dispel")
def dispel(game, src, hero, head, cards) -> None:
    if any(value_of(c) == 0 for c in cards):
        game.then("dispel_ask")


@hook("player_ability_activated", "unmaker-numenax/dispel")
def dispel_player_ability(game, src, seat, head, card) -> None:
    """Dispel reads any ability you activate: the rulebook says you activate player abilities
    (block and focus in the enemy turn) as well as hero abilities (see the rules notes)."""
    if value_of(card) == 0:
        game.then("dispel_ask")


@step
def dispel_ask(game) -> None:
    """Dispel's question, asked when it resolves: a hero Resurrect has just brought back is one
    of the heroes it may choose."""
    game.choose_hero(0, "dispelled", "Dispel: it is dealt 1 damage")


@step
def dispelled(game, choice) -> None:
    game.deal(choice[1], 1, " (Dispel)")
    _spend_stone(game)


@hook("enemy_turn_begin", "sekzar/swarm")
def swarm(game, src) -> None:
    game.then("create_enemy_step", card_index=src["card_index"], name="Grave Beetle")


@hook("weapon_damaged", "sekzar/feast")
def feast(game, src, attacker, defender, kind) -> None:
    if _is_source(src, attacker):
        body = _card_of(game, src)["body"]
        if body is not None:
            game.heal(body, 1)


@hook("damage_bonus", "hemgoth/wrath")
def wrath(game, src, attacker, kind, target, total, armor) -> int:
    return 1 if _is_source(src, attacker) and src["health"] <= 7 else 0


@hook("enemy_created", "against-the-summoner/overwhelming-forces")
def overwhelming_forces(game, src, unit, by_challenge) -> None:
    if not by_challenge:
        game.then(
            "create_enemy_step", card_index=unit["card_index"], name=unit["name"], by_challenge=True
        )
