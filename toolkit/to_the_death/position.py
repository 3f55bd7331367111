"""A To the Death! position as one seat sees it, and a game built from that description.

The seat knows its hand, the discard pile, every unit on the table (health, area, flags, the
cards attached to it), the monster cards in play and on the pile, which monsters are still to
come, how many cards the deck holds and which of them it knows are there (cards of the discard
pile shuffled back in), the cards it put on top, and how many cards the other player holds.
It never sees the face of a card in the deck, in the other hand, face down under a created
enemy or under a resurrection stone: those are counts only. Heroes and enemies are named as at
the table (``Bard``, ``Goblin 2``). The step machine's state is said in the table's words: the
``decision`` (its question and whom it is about: ``hero: Bard, weapon: range 2``), and in the
monsters' turn the attack under way (``attacking``) and who is still to attack
(``to_attack``). The seat asked, the options and the steps after the decision (``then``) are
written only where the rules' usual ones, worked out from the table, are not those of the game.

A built game deals the cards the seat cannot see, sorted, to their places in a fixed order:
the other player's cards on top of the deck, the unknown part of the deck, the other hand, the
face-down cards under created enemies (in the order they came), the stones. The seat's view
(``players_view``) makes them stand-ins again, so the numbers beside the seat's choices are
those of the position described. See the rules notes, "Describing a position".
"""

from __future__ import annotations

import inspect
import re
from collections import Counter
from collections.abc import Mapping
from typing import Any, NamedTuple

from toolkit.position import (
    Pick,
    PositionError,
    card_list,
    common,
    count_copies,
    field,
    one_of,
    part,
    unknown_fields,
    whole,
    within,
    written,
)
from toolkit.steps import PASS, Ask
from toolkit.to_the_death.cards import card_name, catalog, value_of
from toolkit.to_the_death.main_step import main_options
from toolkit.to_the_death.registry import EFFECTS, HOOKS, STEPS
from toolkit.to_the_death.rules import DEFAULT_TURNS, MAX_HEALTH, MAX_TURNS, Kept, ToTheDeathState
from toolkit.to_the_death.steps import MONSTERS, attack_groups

GAME = "to-the-death"
UNSEEN = "?"  # a card on top of the deck that the other player put there
CONFIG = ("party", "parties", "monsters", "king", "challenge", "encounter")
FIELDS = (
    *CONFIG,
    "max_turns",
    "round",
    "turn",
    "hero_turns",
    "side",
    "round_over",
    "decision",
    "attacking",
    "to_attack",
    "then",
    "hand",
    "other_hand",
    "deck",
    "deck_known",
    "on_top",
    "discard",
    "focus",
    "heroes",
    "monster_cards",
    "monsters_to_come",
    "pile",
    "stones",
    "effects",
    "last_attacks",
)
# each question and the step its answer resumes (None: several abilities ask it)
QUESTIONS: dict[str, frozenset[str] | None] = {
    "main": frozenset({"main_choice"}),
    "draw step": frozenset({"draw_choice"}),
    "target": frozenset({"hero_target"}),
    "block": frozenset({"weapon_lands"}),
    "trophy": frozenset({"trophy_taken"}),
    "attack order": frozenset({"enemy_chosen"}),
    "skill check": frozenset({"skill_check_focus"}),
    "attack kind": frozenset({"attack_kind_chosen"}),
    "place in row": frozenset({"placed_in_row"}),
    "card to the top": frozenset({"put_on_top"}),
    "discard": frozenset({"discard_chosen"}),
    "grasping talons": frozenset({"talons_choice"}),
    "resurrect": frozenset({"resurrected"}),
    "move a hero": frozenset({"maybe_move"}),
    "choose area": frozenset({"volley_area"}),
    "choose hero": None,
    "choose enemy": None,
}
# questions asked of the side whose turn it is, and only then
OWN_TURN = ("main", "draw step")
# what a hero or an enemy is chosen for (a choose hero or choose enemy question), by the step
# the answer resumes; what a skill check decides, by the step that follows it
FOR = {
    "heal_chosen": "heal",
    "sleepwalk_chosen": "sleepwalk",
    "riddle_chosen": "riddle",
    "unmade": "unmake",
    "dispelled": "dispel",
    "damage_chosen": "damage",
}
ASKED_BY = {
    "choose hero": {"heal_chosen", "sleepwalk_chosen", "riddle_chosen", "unmade", "dispelled"},
    "choose enemy": {"damage_chosen"},
}
SKILL_FOR = {
    "damage_one_enemy": "damage an enemy",
    "damage_each_enemy": "damage each enemy",
    "volley_hit": "volley",
    "riddle_answered": "riddle",
}
ENEMY_ASKS = ("trophy_taken",)  # the steps whose question is about an enemy, not a hero
REST = "the rest of the turn"  # in then: the rules' usual steps follow those written
UNIT_ARGS = ("uid", "attacker", "target", "owner")  # a step's arguments that name a unit
FLAGS = ("activated", "skip", "zombie", "acted")  # a hero's flags, described when set
HERO_FIELDS = ("hero", "health", *FLAGS, "attached")
ENEMY_FIELDS = ("came", "name", "body", "area", "health", "face_down", "attached", "defeated")
CARD_FIELDS = ("card", "defeated", "turns", "enemies")
EFFECT_FIELDS = ("id", "owner", "side", "start", "end")
ENEMY_ID = re.compile(r"m([1-9][0-9]*)-[a-z0-9-]+")
MAX_COUNT = 10_000  # a bound for numbers the table cannot otherwise bound (turns, attacks)


# -- describing -----------------------------------------------------------------------------------
def describe(state: ToTheDeathState, seat: int) -> dict:
    """What `seat` knows of `state` at its decision, as plain data in the table's words."""
    if state.prompt is None:
        raise ValueError("a position is described at a decision: this game waits for none")
    solo = state.players == 1
    out: dict[str, Any] = {"game": GAME, "players": state.players, "seat": seat}
    if state.seed:
        out["seed"] = state.seed
    for name in CONFIG:
        if name in state.config:
            out[name] = _plain(state.config[name])
    if state.max_turns != DEFAULT_TURNS[state.players]:
        out["max_turns"] = state.max_turns
    if solo:
        out["round"] = state.round
    out["turn"], out["hero_turns"], out["side"] = state.turn, state.hero_turns, state.side
    if state.wrapping_up:
        out["round_over"] = True
    names = _names(_listed_units(state), seat)
    out["decision"] = _describe_decision(state, seat, names)
    turn = _turn_under_way(state)
    attacking, to_attack, extra = turn or (None, None, len(state.stack))
    if state.prompt.question == "attack order":
        to_attack = state.prompt.args["left"]
    if attacking is not None:
        out["attacking"] = {"enemy": names[attacking[0]], "weapons_left": attacking[1]}
    if to_attack is not None:
        out["to_attack"] = [names[uid] for uid in to_attack]
    if extra:
        steps = state.stack[len(state.stack) - extra :]
        out["then"] = [_describe_step(step, args, names) for step, args in reversed(steps)]
        out["then"] += [REST] if turn is not None else []
    out["hand"] = sorted(state.hands[seat])
    if not solo:
        out["other_hand"] = len(state.hands[1 - seat])
    out["deck"] = len(state.deck) + len(state.deck_top)
    known = sorted(card for card in state.deck if card in state.known_in_deck[seat])
    if known:
        out["deck_known"] = known
    if state.deck_top:
        pairs = zip(state.deck_top, state.top_put_by, strict=True)
        out["on_top"] = [card if by == seat else UNSEEN for card, by in pairs][::-1]
    out["discard"] = list(state.discard)
    if any(state.focus):
        out["focus"] = list(state.focus)
    parties = [_describe_party(state, side) for side in range(state.players)]
    out["heroes"] = parties[0] if solo else parties
    if solo:
        out["monster_cards"] = _describe_cards(state)
        out["monsters_to_come"] = sorted(state.monster_deck)
    if state.pile:
        out["pile"] = list(state.pile)
    if state.tokens:
        out["stones"] = len(state.tokens)
    if state.effects:
        out["effects"] = [
            {**_plain(effect), "owner": names.get(effect["owner"], effect["owner"])}
            for effect in state.effects
        ]
    if state.attack_log:
        out["last_attacks"] = {names[uid]: list(record) for uid, record in state.attack_log.items()}
    return out


# -- units by name --------------------------------------------------------------------------------
def _listed_units(state: ToTheDeathState) -> list[tuple[str, str, int]]:
    """Every unit of the game as (uid, name on its card, side), heroes first, then the enemies in
    the order the description lists them (card by card)."""
    units = [
        (unit["uid"], unit["name"], side)
        for side in range(state.players)
        for unit in state._sides[side]
        if unit["kind"] == "hero"
    ]
    for card in state.monster_cards:
        units += [(uid, state.units[uid]["name"], MONSTERS) for uid in card["units"]]
    return units


def _names(units: list[tuple[str, str, int]], seat: int) -> dict[str, str]:
    """uid -> the unit's name at the table: its card's name; enemies that share a name numbered
    in the order they are listed (``Goblin 2``); in the duel, a hero both parties have is
    ``your Bard`` or ``their Bard``."""
    heroes = [(uid, name, side) for uid, name, side in units if uid[:2] in ("a-", "b-")]
    enemies = [(uid, name) for uid, name, _ in units if uid[:2] not in ("a-", "b-")]
    sides = Counter(name for _, name, _ in heroes)
    names = {
        uid: name if sides[name] == 1 else f"{'your' if side == seat else 'their'} {name}"
        for uid, name, side in heroes
    }
    alike = Counter(name for _, name in enemies)
    seen: Counter = Counter()
    for uid, name in enemies:
        seen[name] += 1
        names[uid] = name if alike[name] == 1 else f"{name} {seen[name]}"
    return names


def _describe_decision(state: ToTheDeathState, seat: int, names: dict[str, str]) -> dict:
    """The question waiting, in the table's words: who or what it is about (heroes and enemies
    by name, a weapon as ``range 2``). The seat asked, the step it resumes and its options are
    written only where the table does not tell them; the cards in another seat's options are
    not the seat's to see."""
    prompt = state.prompt
    decision: dict[str, Any] = {"question": prompt.question}
    if prompt.seat != _usual_seat(state.players, state.side, prompt.question, prompt.args):
        decision["seat"] = prompt.seat
    steps = QUESTIONS[prompt.question]
    if steps is None:
        decision["for"] = FOR[prompt.resume]
    elif prompt.resume not in steps:
        raise ValueError(f"a {prompt.question} question resuming {prompt.resume!r}")
    decision.update(_details_in_words(state, prompt, names))
    if prompt.why is not None:
        decision["why"] = prompt.why
    if not callable(prompt.options):
        options = [tuple(option) for option in prompt.options]
        if prompt.seat != seat or _usual_options(state, prompt) != options:
            arsenal = catalog().arsenal
            hidden = prompt.seat != seat
            decision["options"] = [
                [
                    UNSEEN if hidden and p in arsenal else names.get(p, p) if i else p
                    for i, p in enumerate(_plain(option))
                ]
                for option in options
            ]
    return decision


def _details_in_words(state: ToTheDeathState, prompt: Ask, names: dict[str, str]) -> dict:
    args = dict(prompt.args)
    words: dict[str, Any] = {}
    for key, value in args.items():
        if key == "uid":
            words["hero" if state.units[value]["kind"] == "hero" else "enemy"] = names[value]
        elif key == "attacker":
            words["attacker"] = names[value]
        elif key == "target":
            words.update({"target": names[value]} if isinstance(value, str) else {"against": value})
        elif key == "kind":
            words["weapon"] = f"{value} {args['value']}" if "value" in args else value
        elif key == "index":
            if value:
                words["weapon_number"] = value + 1
        elif key == "each":
            if value:
                words["each"] = True
        elif key == "after":
            if value is not None:
                words["after"] = value
        elif key == "success":
            words["for"] = SKILL_FOR[value]
        elif key == "args":
            words.update(_plain(dict(value)))
        elif key in ("damage", "amount"):
            words[key] = value
        elif key in ("seat", "side"):
            if value != prompt.seat:
                raise ValueError(f"a {prompt.question} question of seat {prompt.seat} for {value}")
        elif key not in ("value", "left"):
            raise ValueError(f"a {prompt.question} question's {key} has no words")
    return words


def _usual_seat(players: int, side: int, question: str, args: Mapping) -> int:
    """The seat a question is asked of unless the description says otherwise: the side whose
    turn it is for its main and draw steps, else the side of the hero it is about (a weapon's
    target, the hero a block would spare), else the hero player solo and the side whose turn it
    is in the duel."""
    if question in OWN_TURN:
        return side
    for key in ("uid", "target"):
        value = args.get(key)
        if isinstance(value, str) and value[:2] in ("a-", "b-"):
            return "ab".index(value[0])
    return 0 if players == 1 else side


def _usual_options(game: ToTheDeathState, prompt: Ask) -> list[tuple] | None:
    """A question's options as the table gives them (the engine's own lists, the cards of the
    hand, the heroes and enemies in play), or None where the table cannot tell them (the hero
    Grasping Talons would make skip)."""
    args, seat, question = prompt.args, prompt.seat, prompt.question
    hand = sorted(game.hands[seat])
    try:
        if question == "draw step":
            after = args.get("after")
            return [("discard",)] + [("discard", c) for c in hand if after is None or c > after]
        if question == "target":
            hero = game.units[args["uid"]]
            options = [("target", t["uid"]) for t in game.reachable(hero, args["kind"])]
            return options + ([("focus", c) for c in hand] if game.offers_focus else [])
        if question == "block":
            # the card the weapon just checked lies on the discard pile: a card of its value blocks
            checked = value_of(game.discard[-1])
            return [("block", c) for c in hand if value_of(c) == checked] + [("take",)]
        if question in ("trophy", "discard", "card to the top"):
            head = {"card to the top": "top"}.get(question, question)
            return [(head, c) for c in hand]
        if question == "attack order":
            groups = attack_groups(game, args["left"])
            return [("next attacker", group[0]) for group in groups]
        if question == "skill check":
            return [("check",)] + [("focus", c) for c in hand]
        if question == "attack kind":
            kinds = game.attack_kinds(game.units[args["uid"]])
            return [("attack kind", k) for k in kinds] + [PASS]
        if question == "place in row":
            return [("place", i) for i in range(len(game.row_of(game.units[args["uid"]])))]
        if question == "move a hero":
            return [("hero", h["uid"]) for h in game.heroes(seat)] + [PASS]
        if question == "choose area":
            foes = game.enemies_of(game.units[args["uid"]]["side"])
            return [("area", a) for a in sorted({foe["area"] for foe in foes})]
        if question == "choose hero":
            return [("hero", h["uid"]) for h in game.heroes(seat)]
        if question == "choose enemy":
            return [("enemy", f["uid"]) for f in game.enemies_of(seat)]
        if question == "resurrect":
            fallen = [
                u
                for u in game.units.values()
                if u["kind"] == "hero" and u["side"] == 0 and u["defeated"]
            ]
            return [("hero", u["uid"]) for u in fallen]
    except (KeyError, IndexError, TypeError, ValueError):
        return None
    return None


# -- the turn under way ---------------------------------------------------------------------------
def _usual_stack(
    game: ToTheDeathState, question: str, args: Mapping, attacking, to_attack
) -> list[tuple[str, dict]]:
    """The steps the rules take after a decision (bottom first, as the engine's stack): the rest
    of a hero turn (its main step, its draw step, its end) and the next turn; in the monsters'
    turn, the attack under way (`attacking`: the enemy and how many of its weapons are still to
    check), the monsters still to attack (`to_attack`; None before the attacks begin), the end of
    the turn and the next hero turn. A weapon's target question is followed by the attack's next
    weapons. The rest of a round whose monsters all fell is the draw step and a new round."""
    side = game.side
    steps: list[tuple[str, dict]] = []
    if game.players == 2 or side != MONSTERS:
        following = ("enemy_turn", {}) if game.players == 1 else ("hero_turn", {"side": 1 - side})
        if question == "draw step":
            steps = [("new_round", {})] if game.wrapping_up else [following]
            steps += [] if game.wrapping_up else [("hero_end", {"side": side})]
        else:
            steps = [following, ("hero_end", {"side": side}), ("draw_step", {"seat": side})]
            if question != "main":
                steps.append(("main", {"side": side}))
    else:
        steps = [("hero_turn", {"side": 0}), ("enemy_end", {})]
        if question != "attack order":
            if to_attack is None:
                steps.append(("enemy_main", {}))
            else:
                steps.append(("enemy_next", {"left": tuple(to_attack)}))
        if attacking is not None:
            uid, left = attacking
            steps.append(("enemy_attack_done", {"uid": uid}))
            weapons = game.weapons(game.units[uid]) if left else []
            if left > len(weapons):
                raise PositionError("attacking.weapons_left", f"the enemy has {len(weapons)}")
            for kind, value in reversed(weapons[len(weapons) - left :]):
                steps.append(("enemy_weapon", {"uid": uid, "kind": kind, "value": value}))
    if question == "target":
        hero = game.units[args["uid"]]
        weapons = game.weapons(hero, args["kind"])
        for index in reversed(range(args["index"] + 1, len(weapons))):
            kind, value = weapons[index]
            step = {"uid": hero["uid"], "kind": kind, "value": value, "index": index, "each": False}
            steps.append(("hero_weapon", step))
    return steps


def _turn_under_way(state: ToTheDeathState):
    """(attacking, to_attack, extra) where the steps after the decision end with the rules' usual
    ones (:func:`_usual_stack`) for them, `extra` steps coming first; else None (the description
    then writes every step)."""
    prompt = state.prompt
    stack = [(step.__name__, dict(args)) for step, args in state.stack]
    attacking = to_attack = None
    if prompt.question == "attack order":
        to_attack = tuple(prompt.args["left"])
    for name, args in stack:
        if name == "enemy_next" and to_attack is None:
            to_attack = tuple(args["left"])
        elif name == "enemy_attack_done" and attacking is None:
            uid = args["uid"]
            left = sum(1 for n, a in stack if n == "enemy_weapon" and a["uid"] == uid)
            attacking = (uid, left)
    if attacking is not None and to_attack is None:
        return None
    try:
        usual = _usual_stack(state, prompt.question, prompt.args, attacking, to_attack)
    except (KeyError, IndexError, TypeError, PositionError):
        return None
    if usual != stack[: len(usual)]:
        return None
    return attacking, to_attack, len(stack) - len(usual)


def _describe_step(step, args: Mapping, names: dict[str, str]) -> dict:
    name = step.__name__
    if STEPS.get(name) is not step:
        raise ValueError(f"the step {name!r} waiting on the stack is not one of the game's steps")
    told = _plain(dict(args))
    for key in UNIT_ARGS:
        if isinstance(told.get(key), str):
            told[key] = names.get(told[key], told[key])
    if isinstance(told.get("left"), list):
        told["left"] = [names.get(uid, uid) for uid in told["left"]]
    return {"step": name, **told}


def _describe_cards(state: ToTheDeathState) -> list[dict]:
    """The monster cards in play, each with its enemies in the order they came. Where the
    enemies, read card by card, are not in the order they came into play (an earlier card's
    enemy created after a later card's), each says its place in that order (``came``)."""
    cards, numbers = [], []
    for card in state.monster_cards:
        entry = {"card": card["id"], "defeated": card["defeated"], "turns": card["turns"]}
        enemies = []
        for uid in card["units"]:
            unit = state.units[uid]
            numbers.append(_number(uid))
            enemy: dict[str, Any] = {"name": unit["name"]}
            if card["body"] == uid:
                enemy["body"] = True
            if unit["defeated"]:
                enemy["defeated"] = True
            else:
                enemy["area"], enemy["health"] = unit["area"], unit["health"]
                if unit.get("facedown") is not None:
                    enemy["face_down"] = True
                if unit["attached"]:
                    enemy["attached"] = list(unit["attached"])
            enemies.append(enemy)
        entry["enemies"] = enemies
        cards.append(entry)
    if numbers != list(range(1, len(numbers) + 1)):
        told = iter(numbers)
        for entry in cards:
            entry["enemies"] = [{**enemy, "came": next(told)} for enemy in entry["enemies"]]
    return cards


def _number(uid: str) -> int:
    """An enemy's place in the order the enemies came into play (its id is ``m<number>-name``)."""
    return int(ENEMY_ID.fullmatch(uid).group(1))


def _describe_party(state: ToTheDeathState, side: int) -> dict:
    party: dict[str, Any] = {}
    heroes = [unit for unit in state._sides[side] if unit["kind"] == "hero"]
    for area in ("near", "far"):
        row = sorted(
            (h for h in heroes if not h["defeated"] and h["area"] == area), key=lambda h: h["pos"]
        )
        party[area] = [_describe_hero(hero) for hero in row]
    fallen = [_describe_hero(hero, defeated=True) for hero in heroes if hero["defeated"]]
    if fallen:
        party["defeated"] = fallen
    return party


def _describe_hero(hero: dict, defeated: bool = False) -> dict | str:
    entry: dict[str, Any] = {"hero": hero["card"]}
    if not defeated:
        entry["health"] = hero["health"]
    for flag in FLAGS:
        if hero[flag]:
            entry[flag] = True
    if hero["attached"]:
        entry["attached"] = list(hero["attached"])
    return entry["hero"] if defeated and len(entry) == 1 else entry


def _plain(value):
    """Plain YAML data: tuples become lists (an action, a list of monsters still to attack)."""
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    if isinstance(value, Mapping):
        return {str(key): _plain(item) for key, item in value.items()}
    if value is None or isinstance(value, (str, int, bool)):
        return value
    raise ValueError(f"{value!r} is not plain data a description can hold")


def _engine(value):
    """The engine's values from plain data: lists become tuples, as the engine's actions are."""
    if isinstance(value, list):
        return tuple(_engine(item) for item in value)
    if isinstance(value, Mapping):
        return {key: _engine(item) for key, item in value.items()}
    return value


# -- building -------------------------------------------------------------------------------------
def position(description: Mapping) -> ToTheDeathState:
    """A game at the described decision, built without playing (see the module's docstring). A
    description that cannot happen raises :class:`~toolkit.position.PositionError`."""
    players, seat = common(description, GAME, 1, 2)
    unknown_fields(description, FIELDS)
    _not_the_engines_form(description)
    solo = players == 1
    seed = description.get("seed", 0)
    state = _new_game(description, players, seed)
    cat = catalog()
    copies = {card: 1 for card in cat.arsenal}

    max_turns = state.max_turns
    turn = whole(description, "turn", 0, 2 * MAX_TURNS)
    hero_turns = whole(description, "hero_turns", 0, min(max_turns, turn))
    side = whole(description, "side", 0, 1)
    round_ = whole(description, "round", 0, 5) if solo else _absent(description, "round", 0)
    round_over = field(description, "round_over", bool, False)
    if round_over and not solo:
        raise PositionError("round_over", "the duel has no rounds")

    hand = card_list(description, "hand", copies)
    other_hand = (
        whole(description, "other_hand", 0, len(copies))
        if not solo
        else _absent(description, "other_hand", 0)
    )
    deck = whole(description, "deck", 0, len(copies))
    known = card_list(description, "deck_known", copies, [])
    on_top = field(description, "on_top", list, [])
    for index, card in enumerate(on_top):
        if card == UNSEEN and not solo:
            continue
        if not isinstance(card, str) or card not in copies:
            raise PositionError(f"on_top[{index}]", f"no card {card!r} in this game")
    mine_on_top = [card for card in on_top if card != UNSEEN]
    discard = card_list(description, "discard", copies)
    focus = field(description, "focus", list, [0, 0])
    if len(focus) != 2 or not all(type(n) is int and 0 <= n <= len(copies) for n in focus):
        raise PositionError("focus", f"expected the two sides' focus, two whole numbers: {focus!r}")

    parties = _read_heroes(description, state, players)
    cards, enemies = _read_monster_cards(description, state) if solo else ([], [])
    if not solo:
        _absent(description, "monster_cards", None)
        _absent(description, "monsters_to_come", None)
    to_come = _read_to_come(description, state, cards) if solo else []
    if solo and len(cards) != round_:
        raise PositionError("monster_cards", f"round {round_} has {round_} monster cards in play")
    pile = field(description, "pile", list, [])
    for index, name in enumerate(pile):
        if not isinstance(name, str) or (name not in cat.monsters and name not in cat.challenges):
            raise PositionError(f"pile[{index}]", f"no monster or challenge card {name!r}")
    stones = whole(description, "stones", 0, len(copies), 0)

    places = {"hand": hand, "deck_known": known, "on_top": mine_on_top, "discard": discard}
    for where, hero in _each_hero(parties, solo):
        places[f"{where}.attached"] = hero.get("attached", [])
    for where, enemy in enemies:
        places[f"{where}.attached"] = enemy.get("attached", [])
    placed = count_copies(places, copies)
    unseen = sorted(card for card in copies if not placed[card])
    if deck < len(on_top) + len(known):
        raise PositionError(
            "deck", f"{deck} cards, fewer than the {len(on_top) + len(known)} known to be in it"
        )
    face_down = [enemy for _, enemy in enemies if enemy.get("face_down")]
    theirs_on_top = on_top.count(UNSEEN)
    slots = theirs_on_top + deck - len(on_top) - len(known) + other_hand + len(face_down) + stones
    if slots != len(unseen):
        raise PositionError(
            "deck",
            f"the deck's unknown cards, the other hand, the face-down cards and the stones hold "
            f"{slots} cards, but {len(unseen)} cards are not placed in the description",
        )

    units = {
        f"{'ab'[s]}-{hero['hero']}"
        for s, party in enumerate(parties)
        for heroes in party.values()
        for hero in heroes
    }
    in_play = units - {
        f"{'ab'[s]}-{h['hero']}" for s, p in enumerate(parties) for h in p["defeated"]
    }
    units |= {enemy["uid"] for _, enemy in enemies}
    in_play |= {enemy["uid"] for _, enemy in enemies if not enemy["defeated"]}
    table = _Table(players, seat, frozenset(units), frozenset(in_play), tuple(hand), len(cards))
    names = _Names.of(parties, cards, seat)
    to_attack = _read_to_attack(description, names, solo and side == MONSTERS)
    asked, question, resume, args, why, options = _read_decision(
        description, players, side, table, names, to_attack
    )
    attacking = _read_attacking(description, names, table, question, solo and side == MONSTERS)
    then, rest = _read_then(description, table, names) if "then" in description else ([], True)
    if not rest and attacking is not None:
        raise PositionError("attacking", "the steps written in then say what comes next")
    effects = _read_effects(description, table, names)
    last_attacks = _read_last_attacks(description, table, names)

    # the table, as the engine keeps it
    dealt = iter(unseen)
    state.turn, state.hero_turns, state.side, state.round = turn, hero_turns, side, round_
    state.wrapping_up = round_over
    state.deck_top, state.top_put_by = [], []
    for card in reversed(on_top):
        mine = card != UNSEEN
        state.deck_top.append(card if mine else next(dealt))
        state.top_put_by.append(seat if mine else 1 - seat)
    unknown = [next(dealt) for _ in range(deck - len(on_top) - len(known))]
    state.deck = tuple(sorted([*known, *unknown]))
    state.known_in_deck = [set(known) for _ in range(players)]
    state.discard = list(discard)
    state.hands = [[] for _ in range(players)]
    state.hands[seat] = list(hand)
    if not solo:
        state.hands[1 - seat] = [next(dealt) for _ in range(other_hand)]
    state.focus = list(focus)
    _place_heroes(state, parties)
    if solo:
        _place_monsters(state, cards, enemies, dealt)
        state.monster_deck = list(to_come)
    state.tokens = [{"name": "Resurrection Stone", "card": next(dealt)} for _ in range(stones)]
    state.pile = list(pile)
    state.effects = effects
    state.attack_log = last_attacks
    state.chance = state.outcome = None
    state.history, state.public_history, state.log = [], [], []
    state.face_down_at = {}
    state._end_check_due = False
    state.kept = Kept()
    if rest:
        usual = _usual_stack(state, question, args, attacking, to_attack)
        then = [(STEPS[name], step_args) for name, step_args in usual] + then
    state.stack = then
    if options is None and question != "main":
        options = _usual_options(state, Ask(asked, question, (), resume, args, why))
        if options is None:
            raise PositionError("decision.options", "missing: the table does not tell them")
        if not options:
            raise PositionError("decision.options", "a question has at least one option")
    state.prompt = Ask(
        asked, question, main_options if options is None else options, resume, args, why
    )
    return state


def _not_the_engines_form(description: Mapping) -> None:
    """The first form of these descriptions, the engine's (a decision's step and details, enemy
    ids), is refused naming its field: it is not read (see the rules notes)."""
    decision = description.get("decision")
    for old in ("step", "details"):
        if isinstance(decision, Mapping) and old in decision:
            raise PositionError(
                f"decision.{old}",
                "the engine's form of a decision is not read: say it in the table's words "
                "(question, hero, weapon ...; see the rules notes)",
            )
    for number, card in enumerate(_listed(description.get("monster_cards"))):
        enemies = card.get("enemies") if isinstance(card, Mapping) else None
        for index, enemy in enumerate(_listed(enemies)):
            if isinstance(enemy, Mapping) and "id" in enemy:
                raise PositionError(
                    f"monster_cards[{number}].enemies[{index}].id",
                    "the engine's ids are not read: an enemy is named, and numbered in the "
                    "order it came",
                )


def _new_game(description: Mapping, players: int, seed: int) -> ToTheDeathState:
    """A game of the described parties and monsters (set up by the engine, which checks them),
    whose table is then replaced by the description's."""
    options: dict[str, Any] = {}
    for name in CONFIG:
        if name in description:
            value = description[name]
            if name in ("king", "challenge", "encounter"):
                options[name] = field(description, name, str)
            elif name == "parties":
                value = field(description, name, list)
                for index, party in enumerate(value):
                    if not isinstance(party, list) or not all(isinstance(h, str) for h in party):
                        raise PositionError(f"parties[{index}]", "expected a list of hero ids")
                options[name] = [list(party) for party in value]
            else:
                value = field(description, name, list)
                if not all(isinstance(item, str) for item in value):
                    raise PositionError(name, f"expected a list of card ids, got {written(value)}")
                options[name] = list(value)
    if "max_turns" in description:
        options["max_turns"] = whole(description, "max_turns", 1, MAX_TURNS)
    try:
        return ToTheDeathState(seed=seed, players=players, **options)
    except ValueError as error:
        text = str(error)
        name = text.split(":", 1)[0] if text.split(":", 1)[0] in CONFIG else None
        name = name or next((n for n in CONFIG if n in options), "players")
        raise PositionError(name, text) from None


def _absent(description: Mapping, name: str, default):
    if name in description:
        raise PositionError(name, "no such field in a game of this size")
    return default


def _read_heroes(description: Mapping, state: ToTheDeathState, players: int) -> list[dict]:
    """Each side's rows and fallen heroes, checked against its party: {area: [entries]}."""
    value = field(description, "heroes", dict if players == 1 else list)
    sides = [value] if players == 1 else value
    if len(sides) != players:
        raise PositionError("heroes", f"expected one party for each of the {players} players")
    parties = []
    for side, party in enumerate(sides):
        where = "heroes" if players == 1 else f"heroes[{side}]"
        if not isinstance(party, dict):
            raise PositionError(where, "expected a mapping of near, far and defeated")
        within(where, part, party, ("near", "far", "defeated"))
        ids = [unit["card"] for unit in state._sides[side] if unit["kind"] == "hero"]
        seen: set[str] = set()
        read: dict[str, list] = {}
        for area in ("near", "far", "defeated"):
            entries = party.get(area, [] if area == "defeated" else ...)
            if entries is ...:
                raise PositionError(f"{where}.{area}", "missing")
            if not isinstance(entries, list):
                raise PositionError(f"{where}.{area}", f"expected a list, got {written(entries)}")
            read[area] = []
            for index, entry in enumerate(entries):
                at = f"{where}.{area}[{index}]"
                if area == "defeated" and isinstance(entry, str):
                    entry = {"hero": entry}
                hero = _read_hero(entry, at, area == "defeated")
                if hero["hero"] not in ids:
                    raise PositionError(at, f"{hero['hero']!r} is not a hero of this party")
                if hero["hero"] in seen:
                    raise PositionError(at, f"{hero['hero']!r} is also elsewhere on the table")
                seen.add(hero["hero"])
                read[area].append(hero)
        missing = [hero for hero in ids if hero not in seen]
        if missing:
            raise PositionError(where, f"{missing[0]!r} is neither in a row nor defeated")
        parties.append(read)
    return parties


def _read_hero(entry, at: str, defeated: bool) -> dict:
    if not isinstance(entry, dict):
        raise PositionError(at, f"expected a hero's mapping, got {written(entry)}")
    within(at, part, entry, HERO_FIELDS)
    hero: dict[str, Any] = {"hero": within(at, field, entry, "hero", str)}
    if defeated:
        if "health" in entry or "attached" in entry or entry.get("zombie"):
            raise PositionError(at, "a defeated hero has no health, attached cards nor zombie")
    else:
        health = within(at, field, entry, "health", int)
        if not 1 <= health <= MAX_HEALTH:
            raise PositionError(f"{at}.health", f"{health} is not from 1 to {MAX_HEALTH}")
        hero["health"] = health
    for flag in FLAGS:
        hero[flag] = within(at, field, entry, flag, bool, False)
    hero["attached"] = _cards(entry, "attached", at)
    return hero


def _cards(entry: Mapping, name: str, at: str) -> list[str]:
    cards = within(at, field, entry, name, list, [])
    for index, card in enumerate(cards):
        if not isinstance(card, str) or card not in catalog().arsenal:
            raise PositionError(f"{at}.{name}[{index}]", f"no card {card!r} in this game")
    return list(cards)


def _each_hero(parties: list[dict], solo: bool):
    """Every hero of the description, with the field that places it."""
    for side, party in enumerate(parties):
        for area, heroes in party.items():
            for index, hero in enumerate(heroes):
                yield f"heroes{'' if solo else f'[{side}]'}.{area}[{index}]", hero


def _read_monster_cards(description: Mapping, state: ToTheDeathState):
    """The monster cards in play, and their enemies as (where, entry) in the order they came."""
    cat = catalog()
    allowed = {*state.monster_deck, state.king}
    cards = field(description, "monster_cards", list)
    read, enemies, names = [], [], set()
    for index, entry in enumerate(cards):
        at = f"monster_cards[{index}]"
        if not isinstance(entry, dict):
            raise PositionError(at, f"expected a monster card's mapping, got {written(entry)}")
        within(at, part, entry, CARD_FIELDS)
        card_id = within(at, field, entry, "card", str)
        if card_id not in allowed:
            raise PositionError(f"{at}.card", f"{card_id!r} is not in this game's monster deck")
        if card_id in names:
            raise PositionError(f"{at}.card", f"{card_id!r} is in play twice")
        names.add(card_id)
        monster = cat.monsters[card_id]
        card = {
            "card": card_id,
            "defeated": within(at, field, entry, "defeated", bool),
            "turns": within(at, field, entry, "turns", int),
            "enemies": [],
        }
        if not 0 <= card["turns"] <= MAX_COUNT:
            raise PositionError(f"{at}.turns", f"{card['turns']} is not a number of turns")
        for number, unit in enumerate(within(at, field, entry, "enemies", list)):
            where = f"{at}.enemies[{number}]"
            enemy = _read_enemy(unit, where, monster)
            card["enemies"].append(enemy)
            enemies.append((where, enemy))
        bodies = [enemy for enemy in card["enemies"] if enemy["body"]]
        if len(bodies) != (monster.health is not None):
            raise PositionError(
                f"{at}.enemies",
                f"the {monster.name} card shows {int(monster.health is not None)} "
                f"body of its own, not {len(bodies)}",
            )
        standing = [enemy for enemy in card["enemies"] if not enemy["defeated"]]
        if card["defeated"] != (bool(card["enemies"]) and not standing):
            raise PositionError(
                f"{at}.defeated", "a monster card is defeated when each of its enemies is"
            )
        read.append(card)
    _number_enemies(enemies)
    return read, sorted(enemies, key=lambda pair: pair[1]["n"])


def _number_enemies(enemies: list[tuple[str, dict]]) -> None:
    """Each enemy's place in the order they came into play, and its id: as listed, card by card,
    unless every enemy says its place (``came``)."""
    told = [enemy["n"] for _, enemy in enemies]
    if all(n is None for n in told):
        told = list(range(1, len(enemies) + 1))
    elif None in told or sorted(told) != list(range(1, len(enemies) + 1)):
        where = next(
            (w for w, e in enemies if e["n"] is None or told.count(e["n"]) > 1), enemies[0][0]
        )
        raise PositionError(
            f"{where}.came",
            f"each enemy says when it came, 1 to {len(enemies)}, or none does",
        )
    for (_, enemy), n in zip(enemies, told, strict=True):
        slug = enemy["name"].lower().replace(" ", "-").replace(",", "")
        enemy["n"], enemy["uid"] = n, f"m{n}-{slug}"


def _read_enemy(entry, at: str, monster) -> dict:
    if not isinstance(entry, dict):
        raise PositionError(at, f"expected an enemy's mapping, got {written(entry)}")
    within(at, part, entry, ENEMY_FIELDS)
    name = within(at, field, entry, "name", str)
    body = within(at, field, entry, "body", bool, False)
    came = within(at, field, entry, "came", int, None)
    if body:
        if monster.health is None or name != monster.name:
            raise PositionError(f"{at}.name", f"{name!r} is not the {monster.name} card's body")
        stats = monster
    else:
        try:
            stats = monster.created(name)
        except (KeyError, ValueError, StopIteration):
            raise PositionError(
                f"{at}.name", f"the {monster.name} card creates no {name!r}"
            ) from None
    enemy: dict[str, Any] = {
        "uid": f"m{came}-{name.lower().replace(' ', '-').replace(',', '')}",
        "n": came,
        "name": name,
        "body": body,
        "stats": stats,
        "defeated": within(at, field, entry, "defeated", bool, False),
    }
    if enemy["defeated"]:
        for name_ in ("area", "health", "face_down", "attached"):
            if name_ in entry:
                raise PositionError(f"{at}.{name_}", "a defeated enemy has left the table")
        return enemy
    enemy["area"] = within(at, one_of, entry, "area", ("near", "far"))
    health = within(at, field, entry, "health", int)
    if not 1 <= health <= stats.health:
        raise PositionError(f"{at}.health", f"{health} is not from 1 to {stats.health}")
    enemy["health"] = health
    enemy["face_down"] = within(at, field, entry, "face_down", bool, False)
    if body and enemy["face_down"]:
        raise PositionError(f"{at}.face_down", "a monster card's body has no face-down card")
    enemy["attached"] = _cards(entry, "attached", at)
    return enemy


def _read_to_come(description: Mapping, state: ToTheDeathState, cards: list[dict]) -> list[str]:
    names = field(description, "monsters_to_come", list)
    in_play = {card["card"] for card in cards}
    deck = list(state.monster_deck)
    for index, name in enumerate(names):
        at = f"monsters_to_come[{index}]"
        if name not in deck:
            raise PositionError(at, f"{name!r} is not a monster of this game's deck")
        if name in in_play:
            raise PositionError(at, f"{name!r} is also in play")
        deck.remove(name)
    left = sorted(name for name in deck if name not in in_play)
    if left:
        raise PositionError("monsters_to_come", f"{left[0]!r} is neither in play nor to come")
    return sorted(names)


class _Table(NamedTuple):
    """What the checks of a decision and of the steps after it read: the table's seats, its
    units (every one, defeated or not), those in play, the seat's hand, the monster cards."""

    players: int
    seat: int
    units: frozenset[str]
    in_play: frozenset[str]
    hand: tuple[str, ...]
    cards: int


# an option's name, and what follows it: a card, a unit, a few words, a number, or nothing
OPTIONS = {
    "discard": ("card", None),
    "target": ("unit",),
    "focus": ("card",),
    "block": ("card",),
    "take": (None,),
    "trophy": ("card",),
    "next attacker": ("unit",),
    "check": (None,),
    "attack kind": ("kind",),
    "pass": (None,),
    "place": ("number",),
    "top": ("card",),
    "hero": ("unit",),
    "enemy": ("unit",),
    "area": ("area",),
    "skip": ("unit",),
}


class _Names(NamedTuple):
    """The units of a description by name (see :func:`_names`): name -> uid, and a hero's card id
    -> uid where only one party has that hero."""

    uids: dict[str, str]

    @classmethod
    def of(cls, parties: list[dict], cards: list[dict], seat: int) -> _Names:
        units = [
            (f"{'ab'[side]}-{hero['hero']}", catalog().heroes[hero["hero"]].name, side)
            for side, party in enumerate(parties)
            for heroes in party.values()
            for hero in heroes
        ]
        units += [(e["uid"], e["name"], MONSTERS) for card in cards for e in card["enemies"]]
        uids = {name: uid for uid, name in _names(units, seat).items()}
        ids = Counter(uid[2:] for uid, _, _ in units if uid[:2] in ("a-", "b-"))
        for uid, _, _ in units:
            if uid[:2] in ("a-", "b-") and ids[uid[2:]] == 1:
                uids.setdefault(uid[2:], uid)
        return cls(uids)

    def uid(self, value, at: str) -> str:
        if not isinstance(value, str) or value not in self.uids:
            raise PositionError(at, f"no hero or enemy {written(value)} on the table")
        return self.uids[value]


# the words of a decision, beside its question, seat, options and why
WORDS = (
    "for",
    "hero",
    "enemy",
    "attacker",
    "target",
    "against",
    "weapon",
    "weapon_number",
    "each",
    "damage",
    "amount",
    "after",
)
WEAPON = re.compile(r"(melee|range)(?: (-?[0-9]+))?")


def _read_decision(description, players, side, table: _Table, names: _Names, to_attack):
    """The decision's question, the seat asked, the step its answer resumes and that step's
    arguments (from the table's words), its why and its options where written."""
    decision = field(description, "decision", dict)
    within("decision", part, decision, ("question", "seat", "why", "options", *WORDS))
    question = within("decision", one_of, decision, "question", QUESTIONS)
    steps = QUESTIONS[question]
    if steps is None:
        choices = {word: step for step, word in FOR.items() if step in ASKED_BY[question]}
        resume = choices[within("decision", one_of, decision, "for", choices)]
    else:
        (resume,) = steps
        if "for" in decision and question != "skill check":
            raise PositionError("decision.for", f"a {question} question says no more")
    parameters = list(inspect.signature(STEPS[resume]).parameters.values())[2:]
    taken = _words_taken(parameters) | ({"for", "amount"} if question == "skill check" else set())
    taken = {"enemy" if w == "hero" and resume in ENEMY_ASKS else w for w in taken}
    taken |= {"for"} if steps is None else set()
    extra = [word for word in WORDS if word in decision and word not in taken]
    if extra:
        raise PositionError(f"decision.{extra[0]}", f"a {question} question has no {extra[0]}")
    args: dict[str, Any] = {}
    for parameter in parameters:
        name = parameter.name
        if name == "uid":
            word = "enemy" if resume in ENEMY_ASKS else "hero"
            uid = names.uid(within("decision", field, decision, word, str), f"decision.{word}")
            if (uid[:2] in ("a-", "b-")) != (word == "hero"):
                raise PositionError(f"decision.{word}", f"{decision[word]!r} is not a {word}")
            args[name] = uid
        elif name in ("attacker",) or (name == "target" and "str" in str(parameter.annotation)):
            args[name] = names.uid(
                within("decision", field, decision, name, str), f"decision.{name}"
            )
        elif name == "target":
            args[name] = within("decision", field, decision, "against", int)
        elif name == "kind":
            weapon = within("decision", field, decision, "weapon", str)
            match = WEAPON.fullmatch(weapon)
            takes_value = any(p.name == "value" for p in parameters)
            if match is None or (match.group(2) is None) == takes_value:
                shape = (
                    "melee or range and its value (range 2)" if takes_value else "melee or range"
                )
                raise PositionError("decision.weapon", f"expected {shape}, got {weapon!r}")
            args["kind"] = match.group(1)
            if takes_value:
                args["value"] = int(match.group(2))
        elif name == "value":
            continue
        elif name == "index":
            number = within("decision", field, decision, "weapon_number", int, 1)
            if not 1 <= number <= 8:
                raise PositionError("decision.weapon_number", f"{number} is no weapon's place")
            args[name] = number - 1
        elif name == "each":
            args[name] = within("decision", field, decision, "each", bool, False)
        elif name in ("damage", "amount"):
            args[name] = within("decision", field, decision, name, int)
        elif name == "after":
            args[name] = within("decision", field, decision, "after", (str, type(None)), None)
        elif name in ("seat", "side", "left", "success", "args"):
            continue
        else:
            raise PositionError("decision", f"a {question} question cannot be read from words")
    if question == "skill check":
        success = {word: step for step, word in SKILL_FOR.items()}
        args["success"] = success[within("decision", one_of, decision, "for", success)]
        args["args"] = {}
        if "amount" in decision:
            args["args"]["amount"] = within("decision", field, decision, "amount", int)
    if players == 1 and question in OWN_TURN and side != 0:
        raise PositionError("decision", f"the {question} question comes in a hero turn")
    if question == "attack order" and (players != 1 or side != MONSTERS):
        raise PositionError("decision", "the attack order is asked in the monsters' turn")
    usual = _usual_seat(players, side, question, args)
    asked = within("decision", field, decision, "seat", int, usual)
    if not 0 <= asked < players:
        raise PositionError("decision.seat", f"{asked} is not a seat at this table")
    for parameter in parameters:
        if parameter.name in ("seat", "side"):
            args[parameter.name] = asked
        elif parameter.name == "left":
            if to_attack is None:
                raise PositionError("to_attack", "the attack order asks which of them attacks next")
            args["left"] = to_attack
    if question in OWN_TURN and asked != side:
        raise PositionError("decision", f"the {question} question comes in its asker's own turn")
    _check_args(args, resume, "decision", table, answered=True)
    why = within("decision", field, decision, "why", str, None)
    options = None
    if question == "main":
        if "options" in decision:
            raise PositionError("decision.options", "the main step's options come from the table")
    elif "options" in decision:
        options = within("decision", field, decision, "options", list)
        if not options:
            raise PositionError("decision.options", "a question has at least one option")
        options = [
            _read_option(option, f"decision.options[{index}]", asked, table, names)
            for index, option in enumerate(options)
        ]
    return asked, question, resume, args, why, options


def _words_taken(parameters) -> set[str]:
    """The words of a decision that give the arguments `parameters` of the step it resumes."""
    taken = set()
    for parameter in parameters:
        name = parameter.name
        if name == "uid":
            taken.add("hero")
        elif name == "target":
            taken.add("against" if "int" in str(parameter.annotation) else "target")
        elif name in ("attacker", "each", "damage", "amount", "after"):
            taken.add(name)
        else:
            taken |= {"kind": {"weapon"}, "index": {"weapon_number"}}.get(name, set())
    return taken


def _read_option(option, at: str, asked: int, table: _Table, names: _Names) -> tuple:
    """An option of the question: its name, and the card, unit (by name) or word that follows."""
    if isinstance(option, list) and len(option) == 2 and OPTIONS.get(_key(option[0])) == ("unit",):
        option = [option[0], names.uid(option[1], at)]
    _check_option(option, at, asked, table)
    return _engine(option)


def _key(value):
    return value if isinstance(value, str) else None


def _check_option(option, at: str, asked: int, table: _Table) -> None:
    """An option of the question: its name, and the card, unit or word that follows it."""
    if not isinstance(option, list) or not option or not _among(option[0], OPTIONS):
        raise PositionError(at, f"{option!r} is not an option of this game's questions")
    shapes = OPTIONS[option[0]]
    part = option[1] if len(option) == 2 else None
    if len(option) > 2 or (None not in shapes and len(option) == 1):
        raise PositionError(at, f"{option!r} is not an option of this game's questions")
    if len(option) == 1:
        return
    shape = next(shape for shape in shapes if shape is not None)
    if shape == "card":
        if part == UNSEEN:
            raise PositionError(at, "a card the seat cannot see: build from the asker's view")
        if not isinstance(part, str) or not _among(part, catalog().arsenal):
            raise PositionError(at, f"no card {part!r} in this game")
        if asked == table.seat and part not in table.hand:
            raise PositionError(at, f"{part!r} is not in the hand")
    elif shape == "unit" and not _among(part, table.in_play):
        raise PositionError(at, f"{part!r} is not a unit in play")
    elif shape == "kind" and not _among(part, ("melee", "range")):
        raise PositionError(at, f"{part!r} is not melee nor range")
    elif shape == "area" and not _among(part, ("near", "far")):
        raise PositionError(at, f"{part!r} is not near nor far")
    elif shape == "number" and not (type(part) is int and 0 <= part <= 8):
        raise PositionError(at, f"{part!r} is not a place in a row")


def _check_args(args: dict, name: str, at: str, table: _Table, answered: bool = False) -> None:
    """The arguments a step is resumed with: the ones it takes, each of its kind."""
    parameters = list(inspect.signature(STEPS[name]).parameters.values())[1 + answered :]
    takes = {parameter.name: parameter for parameter in parameters}
    for key in args:
        if key not in takes:
            raise PositionError(f"{at}.{key}", f"the step {name} takes no {key}")
    for parameter in parameters:
        if parameter.name not in args and parameter.default is inspect.Parameter.empty:
            raise PositionError(f"{at}.{parameter.name}", f"the step {name} needs it")
    for key, value in args.items():
        _check_arg(key, value, str(takes[key].annotation), f"{at}.{key}", table)
    if name in ("burst", "resolve_ability") and not _hero_has(args["uid"], args["key"], name):
        raise PositionError(f"{at}.key", f"{args['uid']!r} has no ability {args['key']!r}")


def _hero_has(uid: str, key: str, name: str) -> bool:
    """Whether the hero `uid` has the ability `key`: a box of its damage card that bursts, or
    one it activates (an attack, rest, or one of its card's)."""
    hero = catalog().heroes.get(uid[2:]) if uid[:2] in ("a-", "b-") else None
    if hero is None:
        return False
    if name == "burst":
        return f"{catalog().damage_card_for(hero.hero_class)}/{key}" in EFFECTS
    return key in ("attack:melee", "attack:range", "rest") or f"{hero.id}/{key}" in EFFECTS


def _check_arg(name: str, value, annotation: str, at: str, table: _Table) -> None:
    """One argument, by its name (and, where two steps read a name two ways, its type)."""
    number = type(value) is int
    if name in ("uid", "attacker") or (name == "target" and "str" in annotation):
        ok = _among(value, table.units)
    elif name in ("target", "value", "index", "damage", "amount"):
        ok = number and -MAX_COUNT <= value <= MAX_COUNT
    elif name == "left":
        ok = (
            isinstance(value, tuple) and all(_among(uid, table.units) for uid in value)
            if "tuple" in annotation
            else number and 0 <= value <= len(catalog().arsenal)
        )
    elif name in ("side", "seat"):
        ok = number and 0 <= value < table.players
    elif name == "kind":
        ok = _among(value, ("melee", "range"))
    elif name in ("each", "by_challenge", "passed"):
        ok = type(value) is bool
    elif name in ("after", "card"):
        ok = value is None or _among(value, catalog().arsenal)
    elif name == "success":
        ok = _among(value, STEPS)
    elif name == "key":
        ok = isinstance(value, str)
    elif name == "card_index":
        ok = number and 0 <= value < table.cards
    elif name == "args":
        ok = isinstance(value, dict)
        for key, item in value.items() if ok else ():
            _check_arg(key, item, "", f"{at}.{key}", table)
    else:
        ok = value is None or isinstance(value, (str, int, bool))
    if not ok:
        raise PositionError(at, f"{value!r} cannot be this step's {name}")


def _among(value, known) -> bool:
    """Whether `value` is one of `known`, for any value a description may hold (a list or a
    mapping is none of them)."""
    return isinstance(value, (str, int)) and value in known


def _read_to_attack(description: Mapping, names: _Names, monsters_turn: bool):
    """The monsters still to attack this turn (by name, in the order they would), or None."""
    if "to_attack" not in description:
        return None
    if not monsters_turn:
        raise PositionError("to_attack", "monsters attack in the monsters' turn only")
    told = field(description, "to_attack", list)
    return tuple(names.uid(name, f"to_attack[{index}]") for index, name in enumerate(told))


def _read_attacking(description, names: _Names, table: _Table, question: str, monsters_turn: bool):
    """The enemy whose attack is under way and how many of its weapons are still to check, or
    None. A hit in the monsters' turn comes in an attack under way."""
    if "attacking" not in description:
        if monsters_turn and question in ("block", "trophy", "grasping talons"):
            if "then" not in description:
                raise PositionError("attacking", f"missing: a {question} comes in an attack")
        return None
    if not monsters_turn or "to_attack" not in description:
        raise PositionError("attacking", "an enemy attacks in the monsters' turn, with to_attack")
    entry = field(description, "attacking", dict)
    within("attacking", part, entry, ("enemy", "weapons_left"))
    uid = names.uid(within("attacking", field, entry, "enemy", str), "attacking.enemy")
    if uid not in table.in_play or uid[:2] in ("a-", "b-"):
        raise PositionError("attacking.enemy", f"{entry['enemy']!r} is not an enemy in play")
    left = within("attacking", field, entry, "weapons_left", int)
    if not 0 <= left <= 8:
        raise PositionError("attacking.weapons_left", f"{left} is not a number of weapons")
    return uid, left


def _read_then(description: Mapping, table: _Table, names: _Names) -> tuple[list, bool]:
    """The steps written to come after the decision (as the engine's stack, last first), and
    whether the rules' usual steps follow them (the list ends with :data:`REST`)."""
    then = field(description, "then", list)
    rest = bool(then) and then[-1] == REST
    then = then[:-1] if rest else then
    stack = []
    for index, entry in enumerate(then):
        at = f"then[{index}]"
        if not isinstance(entry, dict):
            raise PositionError(at, f"expected a step's mapping, got {written(entry)}")
        name = within(at, field, entry, "step", str)
        if name not in STEPS:
            raise PositionError(f"{at}.step", f"no step {name!r} in this game")
        args = {key: value for key, value in entry.items() if key != "step"}
        for key, value in args.items():
            try:
                _plain(value)
            except ValueError:
                raise PositionError(f"{at}.{key}", f"{value!r} is not plain data") from None
        for key in UNIT_ARGS:
            if isinstance(args.get(key), str):
                args[key] = names.uid(args[key], f"{at}.{key}")
        if isinstance(args.get("left"), list):
            args["left"] = [names.uid(u, f"{at}.left[{i}]") for i, u in enumerate(args["left"])]
        args = _engine(args)
        _check_args(args, name, at, table)
        stack.append((STEPS[name], args))
    if not stack:
        raise PositionError("then", "written, it names the steps to come (else leave it out)")
    return stack[::-1], rest


def _read_effects(description: Mapping, table: _Table, names: _Names) -> list[dict]:
    effects = []
    known = {key for hooked in HOOKS.values() for key in hooked}
    for index, entry in enumerate(field(description, "effects", list, [])):
        at = f"effects[{index}]"
        if not isinstance(entry, dict):
            raise PositionError(at, f"expected an effect's mapping, got {written(entry)}")
        within(at, part, entry, EFFECT_FIELDS)
        effect = {
            "id": within(at, field, entry, "id", str),
            "owner": within(at, field, entry, "owner", (str, type(None))),
            "side": within(at, field, entry, "side", int),
            "start": within(at, field, entry, "start", int),
            "end": within(at, field, entry, "end", int),
        }
        if effect["id"] not in known:
            raise PositionError(f"{at}.id", f"no lasting ability {effect['id']!r} in this game")
        if effect["owner"] is not None:
            effect["owner"] = names.uid(effect["owner"], f"{at}.owner")
        if effect["side"] not in (0, 1):
            raise PositionError(f"{at}.side", f"{effect['side']} is not a side")
        if not 0 <= effect["start"] <= effect["end"] <= 2 * MAX_TURNS:
            raise PositionError(f"{at}.end", "an effect lasts from its start to its end turn")
        effects.append(effect)
    return effects


def _read_last_attacks(description: Mapping, table: _Table, names: _Names) -> dict:
    attacks = {}
    for name, record in field(description, "last_attacks", dict, {}).items():
        at = f"last_attacks.{name}"
        uid = names.uid(name, at)
        if (
            not isinstance(record, list)
            or len(record) != 2
            or not all(type(n) is int and 0 <= n <= MAX_COUNT for n in record)
        ):
            raise PositionError(at, "expected [weapons used, weapons that damaged]")
        attacks[uid] = (record[0], record[1])
    return attacks


def _place_heroes(state: ToTheDeathState, parties: list[dict]) -> None:
    """The heroes' health, flags and rows; each row numbered in its order."""
    pos = 0
    for side, party in enumerate(parties):
        for area in ("near", "far", "defeated"):
            for entry in party[area]:
                hero = state.units[f"{'ab'[side]}-{entry['hero']}"]
                pos += 1
                hero.update(
                    {flag: entry[flag] for flag in FLAGS},
                    pos=pos,
                    attached=list(entry["attached"]),
                    defeated=area == "defeated",
                    health=entry.get("health", 0),
                )
                if area != "defeated":
                    hero["area"] = area
                else:
                    hero["zombie"] = False
    state._pos = pos


def _place_monsters(state: ToTheDeathState, cards: list[dict], enemies, dealt) -> None:
    """The monster cards in play and their enemies, made in the order they came (by number)."""
    state.monster_cards = []
    index_of = {}
    for index, card in enumerate(cards):
        state.monster_cards.append(
            {
                "id": card["card"],
                "index": index,
                "units": [],
                "defeated": card["defeated"],
                "turns": card["turns"],
                "body": None,
            }
        )
        for enemy in card["enemies"]:
            index_of[enemy["uid"]] = index
    state._sides[MONSTERS] = [unit for unit in state._sides[MONSTERS] if unit["kind"] == "hero"]
    for _, enemy in enemies:
        index = index_of[enemy["uid"]]
        card = state.monster_cards[index]
        monster = catalog().monsters[card["id"]]
        stats = enemy["stats"]
        if enemy["body"]:
            abilities = [f"{monster.id}/{a.key}" for a in monster.abilities if not a.progressive]
        else:
            abilities = [f"{monster.id}/{a.key}" for a in stats.abilities]
        state._next_uid = enemy["n"] - 1
        unit = state.new_enemy(index, enemy["name"], stats, abilities)
        if unit["uid"] != enemy["uid"]:
            raise PositionError("monster_cards", f"{enemy['uid']!r} is not an enemy's id")
        if enemy["body"]:
            card["body"] = unit["uid"]
        if enemy["defeated"]:
            unit.update(defeated=True, health=0)
        else:
            unit.update(area=enemy["area"], health=enemy["health"], attached=enemy["attached"])
            if enemy["face_down"]:
                unit["facedown"] = next(dealt)
    state._next_uid = max((enemy["n"] for _, enemy in enemies), default=0)
    state.touch()
    state._end_check_due = False


# -- picks ----------------------------------------------------------------------------------------
def picks(description: Mapping) -> list[Pick]:
    """What a player sets on screen at a described decision: the seat's hand (the decision's
    options that name a card of it follow the change) and the discard pile, each of the cards
    not placed elsewhere; each card in hand on its own, to swap it in one step for a card not
    placed elsewhere (the options that named it name the new card); each standing hero's health (in the duel, yours and theirs); solo,
    each standing enemy's health and area. A card is named as it is said at the table (``5 of
    Fighters``), a hero or an enemy by its card's name, enemies of one name numbered in the
    order they are listed, the fallen counted (``Goblin 3``), as the decision names them."""
    cat = catalog()
    chosen: list[Pick] = []
    hand, discard = description.get("hand"), description.get("discard")
    if isinstance(hand, list) and isinstance(discard, list):
        elsewhere = _placed(description)
        for name, label, write in (
            ("hand", "your hand", _hand),
            ("discard", "the discard pile", _discard),
        ):
            others = elsewhere - {c for c in description[name] if isinstance(c, str)}
            options = tuple((card_name(card), card) for card in cat.arsenal if card not in others)
            chosen.append(Pick((name,), label, options, many=True, write=write))
        for index, card in enumerate(hand):
            if isinstance(card, str) and card in cat.arsenal:
                options = tuple(
                    (card_name(other), other)
                    for other in cat.arsenal
                    if other == card or other not in elsewhere
                )
                label = f"card {index + 1} in your hand"
                chosen.append(Pick(("hand", index), label, options, write=_swap(index)))
    heroes = description.get("heroes")
    parties = [heroes] if description.get("players") == 1 else heroes
    for side, party in enumerate(parties if isinstance(parties, list) else []):
        where = ("heroes",) if description.get("players") == 1 else ("heroes", side)
        whose = (
            "the "
            if len(parties) == 1
            else ("your " if side == description.get("seat") else "their ")
        )
        for area in ("near", "far"):
            row = party.get(area) if isinstance(party, Mapping) else None
            for index, hero in enumerate(row if isinstance(row, list) else []):
                known = cat.heroes.get(_named(hero, "hero"))
                if known is not None and "health" in hero:
                    healths = tuple((str(n), n) for n in range(1, MAX_HEALTH + 1))
                    label = f"{whose}{known.name}'s health"
                    chosen.append(Pick((*where, area, index, "health"), label, healths))
    for path, stats, name in _standing_enemies(description):
        healths = tuple((str(n), n) for n in range(1, stats.health + 1))
        chosen.append(Pick((*path, "health"), f"{name}'s health", healths))
        areas = (("near", "near"), ("far", "far"))
        chosen.append(Pick((*path, "area"), f"{name}'s area", areas))
    return [one for one in chosen if one.options]


def _standing_enemies(description: Mapping) -> list[tuple[tuple, Any, str]]:
    """Solo, each enemy standing on the table: its place in the description, its card's stats (a
    monster card's body, or an enemy the card creates) and its name as the description names it
    (``the Gladiator``, ``Goblin 3``: enemies of one name numbered in the order they are listed,
    the fallen ones counted)."""
    listed = []
    cards = description.get("monster_cards") if description.get("players") == 1 else None
    for number, card in enumerate(_listed(cards)):
        monster = catalog().monsters.get(_named(card, "card"))
        enemies = card.get("enemies") if monster is not None else None
        for index, enemy in enumerate(_listed(enemies)):
            if isinstance(enemy, Mapping) and isinstance(enemy.get("name"), str):
                listed.append((("monster_cards", number, "enemies", index), monster, enemy))
    named = Counter(enemy["name"] for _, _, enemy in listed)
    seen: Counter = Counter()
    standing = []
    for path, monster, enemy in listed:
        seen[enemy["name"]] += 1
        if enemy.get("defeated") or "health" not in enemy:
            continue
        try:
            stats = monster if enemy.get("body") else monster.created(enemy.get("name"))
        except (KeyError, ValueError, StopIteration):
            continue
        several = named[enemy["name"]] > 1
        name = f"{stats.name} {seen[enemy['name']]}" if several else f"the {stats.name}"
        standing.append((path, stats, name))
    return standing


def _placed(description: Mapping) -> set[str]:
    """The arsenal cards the description shows the seat somewhere: in its hand, the discard
    pile, known in the deck, put on top, attached to a hero or an enemy."""
    places: list = []
    for name in ("hand", "discard", "deck_known", "on_top"):
        value = description.get(name)
        places += value if isinstance(value, list) else []
    heroes = description.get("heroes")
    for party in [heroes] if isinstance(heroes, Mapping) else _listed(heroes):
        for row in party.values() if isinstance(party, Mapping) else []:
            for hero in row if isinstance(row, list) else []:
                places += hero.get("attached", []) if isinstance(hero, Mapping) else []
    for card in _listed(description.get("monster_cards")):
        for enemy in _listed(card.get("enemies")) if isinstance(card, Mapping) else []:
            places += enemy.get("attached", []) if isinstance(enemy, Mapping) else []
    return {card for card in places if isinstance(card, str)}


def _named(entry, name: str) -> str | None:
    """The name (a hero's, a monster card's) in an entry of the description, if it has one."""
    value = entry.get(name) if isinstance(entry, Mapping) else None
    return value if isinstance(value, str) else None


def _listed(value) -> list:
    """A part of a description that should be a list, or none where it is not one."""
    return value if isinstance(value, list) else []


def _drawn_from_the_deck(description: dict, before: list, after: list) -> None:
    """A card more in the hand or the discard pile came from the deck, one fewer went back to
    it: the deck's count follows, so that every card is still somewhere."""
    if isinstance(description.get("deck"), int):
        description["deck"] -= len(after) - len(before)


def _hand(description: dict, hand: list) -> dict:
    """The hand set (sorted, as a hand is described); an option of the decision that names a
    card no longer in it names, in its place, a card new to it; one for a card gone with none
    to replace it goes; a card new with none gone gets each kind of option every card had."""
    old = [card for card in _listed(description.get("hand")) if isinstance(card, str)]
    gone = [card for card in old if card not in hand]
    new = [card for card in hand if card not in old]
    renamed = dict(zip(gone, new, strict=False))
    decision = description.get("decision")
    options = decision.get("options") if isinstance(decision, dict) else None
    if isinstance(options, list):
        kinds = [
            kind
            for kind in dict.fromkeys(
                o[0] for o in options if _names_a_card(o) and isinstance(o[0], str)
            )
            if all([kind, card] in options for card in old)
        ]
        changed = []
        for option in options:
            if _names_a_card(option) and option[1] in gone:
                if option[1] in renamed:
                    changed.append([option[0], renamed[option[1]]])
            else:
                changed.append(option)
        for card in new[len(gone) :]:
            changed += [[kind, card] for kind in kinds]
        decision["options"] = changed
    _drawn_from_the_deck(description, _listed(description.get("hand")), hand)
    description["hand"] = sorted(hand, key=str)
    return description


def _swap(index: int):
    """Card `index` of the hand swapped for another in one step (see :func:`_hand`): an option of
    the decision that names the card gone names the new card in its place."""

    def write(description: dict, card) -> dict:
        hand = list(_listed(description.get("hand")))
        if not 0 <= index < len(hand):
            raise PositionError(f"hand[{index}]", "no such card in the hand")
        hand[index] = card
        return _hand(description, hand)

    return write


def _names_a_card(option) -> bool:
    return (
        isinstance(option, list)
        and len(option) == 2
        and isinstance(option[1], str)
        and option[1] in catalog().arsenal
    )


def _discard(description: dict, discard: list) -> dict:
    """The discard pile set, bottom first; the deck's count follows its length."""
    _drawn_from_the_deck(description, list(description.get("discard", [])), discard)
    description["discard"] = list(discard)
    return description
