"""A To the Death! position as one seat sees it, and a game built from that description.

The seat knows its hand, the discard pile, every unit on the table (health, area, flags, the
cards attached to it), the monster cards in play and on the pile, which monsters are still to
come, how many cards the deck holds and which of them it knows are there (cards of the discard
pile shuffled back in), the cards it put on top, and how many cards the other player holds.
It never sees the face of a card in the deck, in the other hand, face down under a created
enemy or under a resurrection stone: those are counts only. The step machine's state is the
``decision`` (the question waiting, its details and options) and ``then`` (the steps that
follow it, next first), named by the engine's step names.

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
from toolkit.steps import Ask
from toolkit.to_the_death.cards import card_name, catalog
from toolkit.to_the_death.main_step import main_options
from toolkit.to_the_death.registry import EFFECTS, HOOKS, STEPS
from toolkit.to_the_death.rules import DEFAULT_TURNS, MAX_HEALTH, MAX_TURNS, Kept, ToTheDeathState
from toolkit.to_the_death.steps import MONSTERS

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
FLAGS = ("activated", "skip", "zombie", "acted")  # a hero's flags, described when set
HERO_FIELDS = ("hero", "health", *FLAGS, "attached")
ENEMY_FIELDS = ("id", "name", "body", "area", "health", "face_down", "attached", "defeated")
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
    out["decision"] = _describe_decision(state.prompt, seat)
    out["then"] = [_describe_step(step, args) for step, args in reversed(state.stack)]
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
        out["monster_cards"] = [_describe_card(state, card) for card in state.monster_cards]
        out["monsters_to_come"] = sorted(state.monster_deck)
    if state.pile:
        out["pile"] = list(state.pile)
    if state.tokens:
        out["stones"] = len(state.tokens)
    if state.effects:
        out["effects"] = [_plain(effect) for effect in state.effects]
    if state.attack_log:
        out["last_attacks"] = {uid: list(record) for uid, record in state.attack_log.items()}
    return out


def _describe_decision(prompt: Ask, seat: int) -> dict:
    """The question waiting; the cards in another seat's options are not the seat's to see."""
    decision: dict[str, Any] = {"question": prompt.question, "seat": prompt.seat}
    decision["step"] = prompt.resume
    if prompt.args:
        decision["details"] = _plain(dict(prompt.args))
    if prompt.why is not None:
        decision["why"] = prompt.why
    if not callable(prompt.options):
        options = _plain(list(prompt.options))
        if prompt.seat != seat:
            arsenal = catalog().arsenal
            options = [[UNSEEN if p in arsenal else p for p in option] for option in options]
        decision["options"] = options
    return decision


def _describe_step(step, args: Mapping) -> dict:
    name = step.__name__
    if STEPS.get(name) is not step:
        raise ValueError(f"the step {name!r} waiting on the stack is not one of the game's steps")
    return {"step": name, **_plain(dict(args))}


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


def _describe_card(state: ToTheDeathState, card: dict) -> dict:
    entry = {"card": card["id"], "defeated": card["defeated"], "turns": card["turns"]}
    enemies = []
    for uid in card["units"]:
        unit = state.units[uid]
        enemy: dict[str, Any] = {"id": uid, "name": unit["name"]}
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
    return entry


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
    decision = _read_decision(description, players, seat, side, table)
    then = _read_then(description, table)
    effects = _read_effects(description, table)
    last_attacks = _read_last_attacks(description, table)

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
    state.stack = then
    state.prompt = decision
    state.chance = state.outcome = None
    state.history, state.public_history, state.log = [], [], []
    state.face_down_at = {}
    state._end_check_due = False
    state.kept = Kept()
    state.forget_legal()
    return state


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
    read, enemies, numbers, names = [], [], set(), set()
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
            if enemy["n"] in numbers:
                raise PositionError(f"{where}.id", f"another enemy is numbered {enemy['n']}")
            numbers.add(enemy["n"])
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
    return read, sorted(enemies, key=lambda pair: pair[1]["n"])


def _read_enemy(entry, at: str, monster) -> dict:
    if not isinstance(entry, dict):
        raise PositionError(at, f"expected an enemy's mapping, got {written(entry)}")
    within(at, part, entry, ENEMY_FIELDS)
    uid = within(at, field, entry, "id", str)
    name = within(at, field, entry, "name", str)
    body = within(at, field, entry, "body", bool, False)
    match = ENEMY_ID.fullmatch(uid)
    slug = name.lower().replace(" ", "-").replace(",", "")
    if match is None or uid != f"m{match.group(1)}-{slug}":
        raise PositionError(f"{at}.id", f"{uid!r} is not an enemy's id (m<number>-{slug})")
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
        "uid": uid,
        "n": int(match.group(1)),
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


def _read_decision(description, players, seat, side, table: _Table) -> Ask:
    decision = field(description, "decision", dict)
    within("decision", part, decision, ("question", "seat", "step", "details", "why", "options"))
    question = within("decision", one_of, decision, "question", QUESTIONS)
    asked = within("decision", field, decision, "seat", int)
    if not 0 <= asked < players:
        raise PositionError("decision.seat", f"{asked} is not a seat at this table")
    step = within("decision", field, decision, "step", str)
    steps = QUESTIONS[question]
    if step not in STEPS or (steps is not None and step not in steps):
        raise PositionError("decision.step", f"a {question} question does not resume {step!r}")
    if question in OWN_TURN and asked != side:
        raise PositionError("decision", f"the {question} question comes in its asker's own turn")
    if players == 1 and question in OWN_TURN and side != 0:
        raise PositionError("decision", f"the {question} question comes in a hero turn")
    if question == "attack order" and (players != 1 or side != MONSTERS):
        raise PositionError("decision", "the attack order is asked in the monsters' turn")
    details = _engine(within("decision", field, decision, "details", dict, {}))
    _check_args(details, step, "decision.details", table, answered=True)
    why = within("decision", field, decision, "why", str, None)
    if question == "main":
        if "options" in decision:
            raise PositionError("decision.options", "the main step's options come from the table")
        if details != {"side": asked}:
            raise PositionError("decision.details", f"the main step's details are side: {asked}")
        return Ask(asked, question, main_options, step, details, why)
    options = within("decision", field, decision, "options", list)
    if not options:
        raise PositionError("decision.options", "a question has at least one option")
    for index, option in enumerate(options):
        _check_option(option, f"decision.options[{index}]", asked, table)
    return Ask(asked, question, _engine(options), step, details, why)


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


def _read_then(description: Mapping, table: _Table) -> list:
    then = field(description, "then", list)
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
        args = _engine(args)
        _check_args(args, name, at, table)
        stack.append((STEPS[name], args))
    if not stack:
        raise PositionError("then", "a turn always has steps to follow its decision")
    return stack[::-1]


def _read_effects(description: Mapping, table: _Table) -> list[dict]:
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
        if effect["owner"] is not None and effect["owner"] not in table.units:
            raise PositionError(f"{at}.owner", f"no unit {effect['owner']!r}")
        if effect["side"] not in (0, 1):
            raise PositionError(f"{at}.side", f"{effect['side']} is not a side")
        if not 0 <= effect["start"] <= effect["end"] <= 2 * MAX_TURNS:
            raise PositionError(f"{at}.end", "an effect lasts from its start to its end turn")
        effects.append(effect)
    return effects


def _read_last_attacks(description: Mapping, table: _Table) -> dict:
    attacks = {}
    for uid, record in field(description, "last_attacks", dict, {}).items():
        at = f"last_attacks.{uid}"
        if not _among(uid, table.units):
            raise PositionError(at, f"no unit {uid!r}")
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
    not placed elsewhere; each standing hero's health (in the duel, yours and theirs); solo,
    each standing enemy's health and area. A card is named as it is said at the table (``5 of
    Fighters``), a hero or an enemy by its card's name, enemies of one name numbered in the
    order they are listed (``Goblin 1``)."""
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
    standing = _standing_enemies(description)
    named = Counter(stats.name for _, stats in standing)
    seen: Counter = Counter()
    for path, stats in standing:
        seen[stats.name] += 1
        name = f"{stats.name} {seen[stats.name]}" if named[stats.name] > 1 else f"the {stats.name}"
        healths = tuple((str(n), n) for n in range(1, stats.health + 1))
        chosen.append(Pick((*path, "health"), f"{name}'s health", healths))
        areas = (("near", "near"), ("far", "far"))
        chosen.append(Pick((*path, "area"), f"{name}'s area", areas))
    return [one for one in chosen if one.options]


def _standing_enemies(description: Mapping) -> list[tuple[tuple, Any]]:
    """Solo, each enemy standing on the table: its place in the description, and its card's
    stats (a monster card's body, or an enemy the card creates)."""
    standing = []
    cards = description.get("monster_cards") if description.get("players") == 1 else None
    for number, card in enumerate(_listed(cards)):
        monster = catalog().monsters.get(_named(card, "card"))
        enemies = card.get("enemies") if monster is not None else None
        for index, enemy in enumerate(_listed(enemies)):
            if not isinstance(enemy, Mapping) or enemy.get("defeated") or "health" not in enemy:
                continue
            try:
                stats = monster if enemy.get("body") else monster.created(enemy.get("name"))
            except (KeyError, ValueError, StopIteration):
                continue
            standing.append((("monster_cards", number, "enemies", index), stats))
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
    if isinstance(options, list) and decision.get("seat") == description.get("seat"):
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
