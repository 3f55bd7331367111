"""The turn's steps of To the Death!: rounds and monster cards, the enemy turn and its weapons, the
hero turn's frame and its draw step, a hero weapon's target, check and hit, skill checks, bursts.

Each is a resumable step of the engine's machine (:mod:`toolkit.to_the_death.registry`): it changes
the table through the state's methods, schedules the steps that follow, or stops to ask a player
or to draw a card. The main step, where a player spends cards, is :mod:`toolkit.to_the_death.main_step`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolkit.steps import Ask
from toolkit.to_the_death.cards import card_name, catalog, suit_of, value_of
from toolkit.to_the_death.registry import EFFECTS, step

if TYPE_CHECKING:
    from toolkit.to_the_death.rules import ToTheDeathState

MONSTERS = 1  # the side the monsters play on in the solo game
TURN_CAP = "the hero-turn cap"  # how a game stopped by the cap ended: a draw


# -- turn structure -------------------------------------------------------------------------------
@step
def new_round(game: ToTheDeathState) -> None:
    game.wrapping_up = False
    if game.round >= 5:
        raise RuntimeError("no monster left for a new round")
    game.round += 1
    game.draw("monster", "monster_revealed")


@step
def monster_revealed(game: ToTheDeathState, card: str) -> None:
    monster = catalog().monsters[card]
    index = len(game.monster_cards)
    entry = {"id": card, "index": index, "units": [], "defeated": False, "turns": 0, "body": None}
    game.touch()
    game.monster_cards.append(entry)
    if card not in game.pile:
        game.pile.append(card)
    game.narrate(f"Round {game.round}: the {monster.name} comes into play.")
    if monster.health is not None:
        abilities = [f"{card}/{a.key}" for a in monster.abilities if not a.progressive]
        unit = game.new_enemy(index, monster.name, monster, abilities, main=True)
        entry["body"] = unit["uid"]
    game.then("enemy_turn")


@step
def enemy_turn(game: ToTheDeathState) -> None:
    game.next_turn()
    game.side = MONSTERS
    game.narrate(f"-- Enemy turn {game.turn} --")
    game.emit("enemy_turn_begin")  # what it schedules comes first
    game.then_now("enemy_main")
    game.then("enemy_end")
    game.then("hero_turn", side=0)


@step
def enemy_main(game: ToTheDeathState) -> None:
    """Every monster in play now attacks, one at a time (a monster that comes into play during
    the main step waits for the next turn): see :func:`enemy_next`."""
    game.then_now("enemy_next", left=tuple(u["uid"] for u in game.monster_units()))


@step
def enemy_next(game: ToTheDeathState, left: tuple[str, ...]) -> None:
    """The next monster to attack. The rulebook lets the player choose the order, so the hero
    player (seat 0) picks each next attacker as the turn goes, after seeing how the earlier
    attacks went. A monster defeated before its attack drops out; the last one attacks without a
    question, and so do monsters that are all alike (one option per alike group, see
    :func:`attack_groups`)."""
    standing = tuple(uid for uid in left if not game.units[uid]["defeated"])
    if standing:
        options = [("next attacker", group[0]) for group in attack_groups(game, standing)]
        game.ask(0, "attack order", options, "enemy_chosen", left=standing)


@step
def enemy_chosen(game: ToTheDeathState, choice, left: tuple[str, ...]) -> None:
    uid = choice[1]
    game.then_now("enemy_attack", uid=uid)
    game.then("enemy_next", left=tuple(other for other in left if other != uid))


def attack_groups(game: ToTheDeathState, uids) -> list[list[str]]:
    """The monsters `uids` (in the order they came) in groups of monsters exactly alike, each in
    that order. Alike monsters differ in nothing the rules read (name, card, health, weapons,
    armor, skill, abilities, attached cards, flags), only in which face-down card hides under
    each, which nobody sees: letting one attack before the other changes nothing, so one choice
    stands for the group (its first monster)."""
    groups: dict[tuple, list[str]] = {}
    for uid in uids:
        groups.setdefault(_alike_key(game, game.units[uid]), []).append(uid)
    return list(groups.values())


def _alike_key(game: ToTheDeathState, unit: dict) -> tuple:
    card = game.monster_cards[unit["card_index"]]
    return (
        unit["card_index"],
        card["body"] == unit["uid"],
        unit["name"],
        unit["health"],
        unit["max"],
        unit["area"],
        tuple(map(tuple, unit["weapons"])),
        unit["armor"],
        unit["skill"],
        tuple(unit["abilities"]),
        tuple(unit["attached"]),
        unit["zombie"],
        unit.get("facedown") is None,
    )


@step
def enemy_attack(game: ToTheDeathState, uid: str) -> None:
    unit = game.units[uid]
    if unit["defeated"]:
        return
    weapons = game.weapons(unit)
    game.attack_log[uid] = (len(weapons), 0)
    for kind, value in weapons:
        game.then_now("enemy_weapon", uid=uid, kind=kind, value=value)
    game.then("enemy_attack_done", uid=uid)


@step
def enemy_attack_done(game: ToTheDeathState, uid: str) -> None:
    game.emit("enemy_attacked", game.units[uid])


@step
def enemy_weapon(game: ToTheDeathState, uid: str, kind: str, value: int) -> None:
    if game.units[uid]["defeated"] or not game.heroes(0):
        return
    game.need_check("enemy_check", uid=uid, kind=kind, value=value)


def enemy_check_lands(game: ToTheDeathState, card: str, uid: str, kind: str, value: int):
    """What an enemy weapon's check `card` does: (target, total, armor, damage, blocks), the hero
    it attacks (None if it reaches none), its total against that hero's armor (a miss below it),
    the damage of a hit (0 for a miss) and the defending hand's cards that may block it. Nothing
    else of the card is read, so the step and the exact walk behind the numbers beside a decision
    (which merges the cards alike in these, see options.py) both ask this."""
    attacker = game.units[uid]
    target = game.enemy_target(attacker, kind, suit_of(card))
    if target is None:
        return None, 0, 0, 0, ()
    total = value + value_of(card) + game.weapon_bonus(attacker, kind, target)
    armor = game.armor(target)
    if total < armor:
        return target, total, armor, 0, ()
    damage = 1 + game.total("damage_bonus", attacker, kind, target, total, armor)
    blocks = ()
    if not game.any("unblockable", attacker):
        checked = value_of(card)
        blocks = tuple(c for c in sorted(game.hands[0]) if value_of(c) == checked)
    return target, total, armor, damage, blocks


@step
def enemy_check(game: ToTheDeathState, card: str, uid: str, kind: str, value: int) -> None:
    attacker = game.units[uid]
    game.discard.append(card)
    target, total, armor, damage, blocks = enemy_check_lands(game, card, uid, kind, value)
    if target is None:
        game.narrate(
            f"{attacker['name']}'s {kind} weapon checks the {card_name(card)}: no near hero to attack."
        )
        return
    if total < armor:
        game.narrate(
            f"{attacker['name']}'s {kind} weapon checks the {card_name(card)}: {total} against "
            f"{target['name']}'s armor {armor}, a miss."
        )
        return
    game.narrate(
        f"{attacker['name']}'s {kind} weapon checks the {card_name(card)}: {total} against "
        f"{target['name']}'s armor {armor}, a hit for {damage}."
    )
    options = [("block", c) for c in blocks] + [("take",)]
    game.ask(
        0,
        "block",
        options,
        "weapon_lands",
        attacker=uid,
        target=target["uid"],
        kind=kind,
        damage=damage,
    )


@step
def weapon_lands(
    game: ToTheDeathState, choice, attacker: str, target: str, kind: str, damage: int
) -> None:
    """A hit, after the defending player chose to block or not."""
    defender = game.units[target]
    if choice[0] == "block":
        game.discard_from_hand(defender["side"], choice[1])
        game.narrate(f"Blocked with the {card_name(choice[1])}.")
        game.emit("player_ability_activated", defender["side"], "block", choice[1])
        return
    game.deal(target, damage)
    used, damaged = game.attack_record(attacker)
    game.attack_log[attacker] = (used, damaged + 1)
    game.emit("weapon_damaged", game.units[attacker], defender, kind)


@step
def enemy_end(game: ToTheDeathState) -> None:
    game.emit("enemy_turn_end")
    for card in game.monster_cards:
        card["turns"] += 1
    _drop_ended_effects(game)


def _drop_ended_effects(game: ToTheDeathState) -> None:
    """At the end of a turn, effects that end with it go (a touch only if any did)."""
    kept = [e for e in game.effects if e["end"] > game.turn]
    if len(kept) != len(game.effects):
        game.effects = kept
        game.touch()


@step
def hero_turn(game: ToTheDeathState, side: int) -> None:
    if game.hero_turns >= game.max_turns:
        game.end(TURN_CAP)
        game.narrate(f"The game stops at the {game.max_turns}-hero-turn cap: a draw.")
        return
    game.next_turn()
    game.hero_turns += 1
    game.side = side
    who = "" if game.players == 1 else f" (player {side + 1})"
    game.narrate(f"-- Hero turn {game.turn}{who} --")
    for hero in game.heroes(side):
        hero["activated"] = hero["skip"]
        if hero["skip"]:
            game.narrate(f"{hero['name']} skips its activation this turn.")
        hero["skip"] = False
        hero["acted"] = False
    game.focus[side] = 0
    game.then_now("main", side=side)
    game.then("draw_step", seat=side)
    game.then("hero_end", side=side)
    if game.players == 1:
        game.then("enemy_turn")
    else:
        game.then("hero_turn", side=1 - side)


@step
def hero_end(game: ToTheDeathState, side: int) -> None:
    game.emit("hero_turn_end", side)
    game.focus[side] = 0
    _drop_ended_effects(game)


@step
def draw_step(game: ToTheDeathState, seat: int, after: str | None = None) -> None:
    """Discard any number of cards, then fill the hand. The cards are discarded one at a time,
    each a decision: ("discard", card) discards one and asks again, ("discard",) discards no more
    and draws. Only cards after the last one discarded (in the hand's sorted order) are offered,
    so each set of discards is reached one way, and a hand of n cards is n + 1 options, not the
    2^n sets of its cards."""
    hand = sorted(game.hands[seat])
    options = [("discard",)] + [("discard", c) for c in hand if after is None or c > after]
    game.prompt = Ask(seat, "draw step", options, "draw_choice", {"seat": seat, "after": after})


@step
def draw_choice(game: ToTheDeathState, choice, seat: int, after: str | None = None) -> None:
    if len(choice) > 1:
        game.discard_from_hand(seat, choice[1])
        game.narrate(f"Draw step: discard the {card_name(choice[1])}.")
        game.then_now("draw_step", seat=seat, after=choice[1])
        return
    missing = game.hand_limit(seat) - len(game.hands[seat])
    game.draw_cards(seat, max(0, missing))


@step
def draw_one(game: ToTheDeathState, seat: int, left: int) -> None:
    """Draw a card into a hand; `left` more follow it."""
    hidden = "all" if game.players == 2 else None
    game.need_card("card_drawn", hidden=hidden, seat=seat, left=left)


@step
def card_drawn(game: ToTheDeathState, card: str | None, seat: int, left: int) -> None:
    if card is not None:
        game.hands[seat].append(card)
    if left:
        draw_one(game, seat, left - 1)


@step
def placed_in_row(game: ToTheDeathState, choice, uid: str) -> None:
    """A moved hero takes place `choice[1]` (0 the first) of its new row; the row is numbered
    afresh in that order."""
    hero = game.units[uid]
    if hero["defeated"]:
        return
    row = [h for h in game.row_of(hero) if h is not hero]
    row.insert(choice[1], hero)
    for unit in row:
        unit["pos"] = game._new_pos()
    if choice[1] < len(row) - 1:
        game.narrate(f"{hero['name']} takes place {choice[1] + 1} of the {hero['area']} row.")


@step
def burst(game: ToTheDeathState, uid: str, key: str) -> None:
    hero = game.units[uid]
    if not hero["defeated"]:
        EFFECTS[f"{hero['dmg']}/{key}"](game, uid)


@step
def attack_kind_chosen(game: ToTheDeathState, choice, uid: str, each: bool) -> None:
    if choice[0] == "attack kind" and not game.units[uid]["defeated"]:
        game.attack(uid, choice[1], each=each)


# -- a hero weapon ---------------------------------------------------------------------------
@step
def hero_weapon(
    game: ToTheDeathState, uid: str, kind: str, value: int, index: int, each: bool
) -> None:
    hero = game.units[uid]
    if hero["defeated"]:
        return
    targets = game.reachable(hero, kind)
    if not targets:
        return
    if each:
        for target in targets:
            game.then("hero_strike", uid=uid, kind=kind, value=value, target=target["uid"])
        return
    options = [("target", t["uid"]) for t in targets]
    if game.offers_focus:
        options += [("focus", c) for c in sorted(game.hands[hero["side"]])]
    game.ask(
        hero["side"], "target", options, "hero_target", uid=uid, kind=kind, value=value, index=index
    )


@step
def hero_target(game: ToTheDeathState, choice, uid: str, kind: str, value: int, index: int) -> None:
    if choice[0] == "focus":
        _focus(game, game.units[uid]["side"], choice[1])
        game.then_now("hero_weapon", uid=uid, kind=kind, value=value, index=index, each=False)
        return
    game.then_now("hero_strike", uid=uid, kind=kind, value=value, target=choice[1])


def _focus(game: ToTheDeathState, side: int, card: str) -> None:
    """Focus before a check (a weapon's or a skill check): the card paid, +1 to the next check."""
    game.discard_from_hand(side, card)
    game.focus[side] += 1
    game.narrate(f"Focus (discard the {card_name(card)}): the next check gets +{game.focus[side]}.")
    game.emit("player_ability_activated", side, "focus", card)


@step
def hero_strike(game: ToTheDeathState, uid: str, kind: str, value: int, target: str) -> None:
    hero, foe = game.units[uid], game.units[target]
    if hero["defeated"] or foe["defeated"]:
        return
    struck = game.redirected(hero, kind, foe)
    if struck is not foe:
        game.narrate(
            f"{hero['name']}'s {kind} weapon, aimed at {foe['name']}, attacks {struck['name']}."
        )
    game.need_check("hero_check", uid=uid, kind=kind, value=value, target=struck["uid"])


def hero_check_lands(
    game: ToTheDeathState, card: str, uid: str, kind: str, value: int, target: str
) -> tuple[bool, int, int, bool, int, tuple[str, ...]]:
    """What a hero weapon's check `card` does: (kept, total, armor, immune, damage, blocks),
    whether the card goes to the hand (else to the discard pile), its total with the focus bought
    against the target's armor (a miss below it), whether weapons cannot damage the target now,
    the damage of a hit (0 for a miss or an immune target) and the defending hand's cards that
    may block it. Nothing else of the card is read, so the step and the exact walk behind the
    numbers beside a decision (which merges the cards alike in these, see options.py) both ask
    this, before the step changes anything."""
    hero, foe = game.units[uid], game.units[target]
    total = value + value_of(card) + game.focus[hero["side"]] + game.weapon_bonus(hero, kind, foe)
    kept = game.any("keep_check", hero, card)
    armor = game.armor(foe)
    if total < armor:
        return kept, total, armor, False, 0, ()
    if game.any("weapon_immune", foe):
        return kept, total, armor, True, 0, ()
    damage = 1 + game.total("damage_bonus", hero, kind, foe, total, armor)
    blocks = ()
    if foe["kind"] == "hero" and not game.any("unblockable", hero):
        checked = value_of(card)
        blocks = tuple(c for c in sorted(game.hands[foe["side"]]) if value_of(c) == checked)
    return kept, total, armor, False, damage, blocks


@step
def hero_check(
    game: ToTheDeathState, card: str, uid: str, kind: str, value: int, target: str
) -> None:
    hero, foe = game.units[uid], game.units[target]
    kept, total, armor, immune, damage, blocks = hero_check_lands(
        game, card, uid, kind, value, target
    )
    game.focus[hero["side"]] = 0
    if kept:
        game.hands[hero["side"]].append(card)
        game.narrate(f"The {card_name(card)} goes to the hand.")
    else:
        game.discard.append(card)
    what = f"{hero['name']}'s {kind} weapon checks the {card_name(card)}: {total} against {foe['name']}'s armor {armor}"
    if total < armor:
        game.narrate(what + ", a miss.")
        return
    if immune:
        game.narrate(what + f", but weapons cannot damage {foe['name']} now.")
        return
    game.narrate(what + f", a hit for {damage}.")
    game.ask(
        foe["side"],
        "block",
        [("block", c) for c in blocks] + [("take",)],
        "weapon_lands",
        attacker=uid,
        target=target,
        kind=kind,
        damage=damage,
    )


# -- skill checks and created enemies --------------------------------------------------------
@step
def skill_check_start(
    game: ToTheDeathState, uid: str, target: int, success: str, args: dict
) -> None:
    """A hero's check outside its own turn (the Sphinx's Riddle) first lets its player focus, as a
    weapon's target prompt does: in its own turn the main step offers focus before the ability."""
    unit = game.units[uid]
    if unit["defeated"]:
        return
    side = unit["side"]
    if unit["kind"] == "hero" and game.side != side and game.offers_focus and game.hands[side]:
        game.ask(
            side,
            "skill check",
            [("check",)] + [("focus", c) for c in sorted(game.hands[side])],
            "skill_check_focus",
            why=f"{unit['name']} makes a skill check against {target}; each focus adds +1 to it",
            uid=uid,
            target=target,
            success=success,
            args=args,
        )
        return
    game.need_check("skill_check_card", uid=uid, target=target, success=success, args=args)


@step
def skill_check_focus(
    game: ToTheDeathState, choice, uid: str, target: int, success: str, args: dict
) -> None:
    if choice[0] == "focus":
        _focus(game, game.units[uid]["side"], choice[1])
        game.then_now("skill_check_start", uid=uid, target=target, success=success, args=args)
        return
    game.need_check("skill_check_card", uid=uid, target=target, success=success, args=args)


@step
def skill_check_card(
    game: ToTheDeathState, card: str, uid: str, target: int, success: str, args: dict
) -> None:
    unit = game.units[uid]
    game.discard.append(card)
    focus = 0
    if unit["kind"] == "hero":
        focus, game.focus[unit["side"]] = game.focus[unit["side"]], 0
    total = game.skill(unit) + value_of(card) + focus + game.total("skill_check_bonus", unit)
    passed = total >= target
    game.narrate(
        f"{unit['name']} makes a skill check: the {card_name(card)} gives {total} against {target}, "
        f"{'a success' if passed else 'a failure'}."
    )
    game.then(success, uid=uid, passed=passed, **args)


@step
def place_created(
    game: ToTheDeathState, card: str | None, card_index: int, name: str, by_challenge: bool
) -> None:
    monster = catalog().monsters[game.monster_cards[card_index]["id"]]
    stats = monster.created(name)
    abilities = [f"{monster.id}/{a.key}" for a in stats.abilities]
    if card is not None:
        game.place_face_down(card)
    unit = game.new_enemy(card_index, name, stats, abilities, facedown=card)
    game.narrate(f"A {name} comes into play (shown by a face-down card).")
    game.emit("enemy_created", unit, by_challenge)


@step
def reveal_face_down(game: ToTheDeathState) -> None:
    """Only in a player's view: a stand-in was turned face up; which card it was is drawn from
    the cards that seat could not see (the step after, face_up_revealed, has nothing to do)."""
    game.draw("reveal", "face_up_revealed")


@step
def face_up_revealed(game: ToTheDeathState, card: str) -> None:
    """The revealed card already lies in the discard pile (see ToTheDeathState._reveal)."""
