"""A Death May Die position as one seat describes it, and a game state built from a description.

Everything at this table is public but the order and contents of the two draw piles: the Mythos
and Discovery cards still to be drawn. A description therefore lists the whole table, by the
names a player reads (investigators and enemies by their cards' names, spaces by the map's names,
dice as their faces), and of each draw pile only how many cards it holds: the seat knows which
cards those are (every card of the deck not in its discards nor being resolved), not their order.

The fields after the common ones (:mod:`toolkit.position`), in the order :func:`describe` writes
them:

``episode``, ``elder_one``
    the episode and the Elder One played (their card ids);
``turn``, ``active``, ``actions_left``
    the round, the investigator whose turn it is (by name), and the actions left to them;
``decision``, ``asked``
    the question waiting, by a short name (:data:`DECISIONS`), and what it is about, where it is
    about something (the steps left of a run, the Discovery card, the enemies that may attack
    first, the investigator who levels up or places a wound, an enemy's paths);
``roll``
    the roll waiting to be rerolled or accepted: what it is for, whose it is, its black and green
    dice and each die's face (``black success+tentacle``), and its target, attacker or need;
``investigators``
    in seat order: each one's space, wounds, stress, sanity, fire tokens on their board, whether
    alive, skill levels, items, companions (with their wounds), conditions and Insanity card;
``enemies``
    each figure on the map by its card's name and figure number, its space and wounds, and when it
    came onto the map (``arrived``: the figures placed so far, counted through the game, which
    ``figures_placed`` totals; a figure's identity in the moves is its kind and that count);
``fire``, ``tokens``, ``wards``
    the fire tokens on the map (space: count), the episode's tokens left (kind: spaces), the
    warded gates;
``elder``
    the Elder One: its space on the summoning track, whether summoned (then the progression
    token's space), its stage and wounds, its space on the map once it has one, and whether it
    has entered the track's red spaces;
``ritual_disrupted``, ``disrupted_this_turn``
    whether the ritual is disrupted, and whether that happened this turn (the summoning check);
``mythos``, ``discovery``
    each deck's draw pile as a count (``to_draw``) and its discards, face up, in order;
``then``
    what the turn still does after the decision, next first: a step's name alone, or a mapping
    of its name (``step``) and what it is about (an investigator, an enemy, a card, an effect
    written as the card data writes it).

:func:`picks` names what a player would pick on screen to change a description: each living
investigator's space, wounds, stress and items, each enemy figure's space, the actions left, and
the faces of a roll waiting to be rerolled.

:func:`position` builds the state: the public table as described, each draw pile's unseen cards
shuffled by the description's seed, and the step machine stopped at the decision with the steps
to come, so that the seat's view, and the numbers beside each choice, are the described game's.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections import Counter
from collections.abc import Mapping

from toolkit.death_may_die import rules
from toolkit.death_may_die.cards import EFFECT_KINDS, Effect, catalog
from toolkit.death_may_die.dice import load_dice
from toolkit.death_may_die.rules import DeathMayDieState
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

GAME = "death-may-die"
FIELDS = (
    "episode", "elder_one", "turn", "active", "actions_left", "decision", "asked", "roll",
    "investigators", "enemies", "figures_placed", "fire", "tokens", "wards", "elder",
    "ritual_disrupted", "disrupted_this_turn", "mythos", "discovery", "then",
)  # fmt: skip
# The decisions, by the short name a description gives them, and the engine's question.
DECISIONS = {
    "action": "actions",
    "reroll-or-accept": "roll",
    "run": "run",
    "trade": "trade",
    "discovery-choice": "choose",
    "first-attacker": "fight",
    "enemy-path": "enemy_move_choice",
    "level-up": "level",
    "place-wound": "wound",
}
QUESTIONS = {question: name for name, question in DECISIONS.items()}
# Each question's step that its answer resumes, the options it lists, and what it is about.
ASKED = {
    "run": ("ran", rules._run_options, ("left",)),
    "trade": ("traded", rules._trade_options, ()),
    "choose": ("chosen", rules._choose_options, ("card",)),
    "fight": ("fought", rules._fight_options, ("attackers",)),
    "enemy_move_choice": ("enemy_path", rules._path_options, ("uid", "left", "target", "options")),
    "level": ("levelled", rules._level_options, ("seat",)),
    "wound": ("wounded", rules._wound_options, ("amount", "seat")),
}
# The steps that may wait in the turn after a decision, and what each is about (the engine's
# arguments; a roll's are those of a roll, :data:`ROLL_KEYS`).
THEN_STEPS = {
    "actions": (), "run": ("left",), "trade": (), "turn": (), "mythos": (),
    "mythos_discard": ("card",), "investigate_or_fight": (), "choose": ("card",),
    "discovery_discard": ("card",), "fight": ("attackers",), "fire": (), "mythos_check": (),
    "summon_check": (), "elder_end": (), "next_turn": (), "roll": None,
    "wound": ("amount", "seat"), "elder_signs": ("sign", "amount", "seat"),
    "tentacles": ("amount", "seat"), "level": ("seat",), "effect": ("effect", "seat"),
    "summon": ("gate", "enemy"), "enemy_move": ("uid", "left", "target"),
}  # fmt: skip
# An engine argument's name in a description (an enemy move's target is the one it hunts).
WORDS = {
    "seat": "investigator", "uid": "figure", "left": "steps_left", "options": "paths",
    "target": "hunting", "attackers": "attackers", "card": "card", "amount": "amount",
    "effect": "effect", "gate": "gate", "enemy": "enemy", "sign": "sign",
}  # fmt: skip
ENGINE = {word: key for key, word in WORDS.items()}
ROLL_KEYS = {
    "purpose": "for", "seat": "investigator", "black": "black", "green": "green",
    "target": "target", "attacker": "attacker", "need": "need", "title": "title",
    "on_success": "on_success", "on_failure": "on_failure",
}  # fmt: skip
PURPOSES = ("attack", "enemy", "fire", "episode", "test")
ELDER = "Elder One"
EFFECT_FIELDS = {f.name: f for f in dataclasses.fields(Effect)}


# -- describe ---------------------------------------------------------------------------------------
def describe(state: DeathMayDieState, seat: int) -> dict:
    """What `seat` knows at the decision waiting in `state` (every investigator's table is public;
    the draw piles are counts)."""
    if state.prompt is None:
        raise ValueError(f"no decision is waiting ({state.describe_step()})")
    names = _Names(state)
    description: dict = {"game": GAME, "players": state.num_players, "seat": seat}
    if state.seed:
        description["seed"] = state.seed
    description |= {
        "episode": state.episode.id,
        "elder_one": state.elder_card.id,
        "turn": state.turn,
        "active": names.investigator(state.active),
        "actions_left": state.actions_left,
        "decision": QUESTIONS[state.prompt.question],
    }
    asked = names.args(state.prompt.question, state.prompt.args)
    if asked:
        description["asked"] = asked
    if state.roll is not None:
        description["roll"] = names.roll(state.roll)
    description["investigators"] = [names.person(i) for i in state.investigators]
    description["enemies"] = [
        {
            "enemy": state.cards.enemies[e["type"]].name,
            "number": e["number"],
            "space": names.space(e["space"]),
            "wounds": e["wounds"],
            "arrived": _arrival(uid),
        }
        for uid, e in state.enemies.items()
    ]
    description["figures_placed"] = state._enemy_serial
    description["fire"] = {
        names.space(s): state.fire[s] for s in state.board.spaces if state.fire.get(s, 0)
    }
    description["tokens"] = {
        kind: [names.space(s) for s in spaces] for kind, spaces in state.tokens.items()
    }
    description["wards"] = sorted(state.wards)
    elder = state.elder
    described_elder = {"track": elder["position"], "summoned": elder["summoned"]}
    if elder["summoned"]:
        described_elder["progression"] = elder["progression"]
    described_elder |= {"stage": elder["stage"], "wounds": elder["wounds"]}
    if elder["space"] is not None:
        described_elder["space"] = names.space(elder["space"])
    described_elder["entered_red"] = elder["entered_red"]
    description["elder"] = described_elder
    description["ritual_disrupted"] = state.ritual_disrupted
    description["disrupted_this_turn"] = state.disrupted_this_turn
    for deck in ("mythos", "discovery"):
        pile = getattr(state, deck)
        description[deck] = {"to_draw": len(pile.cards), "discards": list(pile.discards)}
    for step, _ in state.stack:
        if step.__name__ not in THEN_STEPS:  # a step put back by hand, not one of a turn
            raise ValueError(f"the step {step.__name__!r} waiting cannot be described")
    description["then"] = [names.step(step.__name__, args) for step, args in reversed(state.stack)]
    return description


def _arrival(uid: str) -> int:
    return int(uid.rsplit("-", 1)[1])


class _Names:
    """The table's things by the names a description gives them."""

    def __init__(self, state: DeathMayDieState):
        self.state = state

    def investigator(self, seat: int) -> str:
        return self.state.investigators[seat]["name"]

    def space(self, space: str) -> str:
        return self.state.space_name(space)

    def enemy(self, uid: str) -> str:
        """A figure on the map by its card's name and number ("Cultist 2"); the Elder One; a figure
        no longer on the map by its identity in the moves (its kind and arrival)."""
        if uid == "elder":
            return ELDER
        enemy = self.state.enemies.get(uid)
        if enemy is None:
            return uid
        return f"{self.state.cards.enemies[enemy['type']].name} {enemy['number']}"

    def person(self, me: dict) -> dict:
        return {
            "investigator": me["name"],
            "space": self.space(me["space"]),
            "wounds": me["wounds"],
            "stress": me["stress"],
            "sanity": me["sanity"],
            "fire": me["fire"],
            "alive": me["alive"],
            "skills": dict(me["skills"]),
            "items": list(me["items"]),
            "companions": [{"card": c, "wounds": w} for c, w in me["companions"]],
            "conditions": list(me["conditions"]),
            "insanity": me["insanity"],
        }

    def value(self, step: str, key: str, value):
        if key == "seat" or (key == "target" and step == "enemy_move_choice"):
            return self.investigator(value)
        if key == "target" and step == "enemy_move":
            return self.investigator(value)
        if key == "uid":
            return self.enemy(value)
        if key == "attackers":
            return [self.enemy(uid) for uid in value]
        if key == "options":
            return [self.space(s) for s in value]
        if key == "effect":
            return _effect_data(value)
        if key == "enemy":  # a kind of enemy, to summon
            return self.state.cards.enemies[value].name
        return value

    def args(self, step: str, args: Mapping) -> dict:
        return {WORDS[key]: self.value(step, key, value) for key, value in args.items()}

    def roll(self, roll: Mapping) -> dict:
        described = {}
        for key, word in ROLL_KEYS.items():
            if key not in roll:
                continue
            value = roll[key]
            if key == "seat":
                value = self.investigator(value)
            elif key in ("target", "attacker"):
                value = self.enemy(value)
            elif key in ("on_success", "on_failure"):
                value = [_effect_data(effect) for effect in value]
            described[word] = value
        if "faces" in roll:
            described["faces"] = [f"{colour} {face}" for colour, face in roll["faces"]]
        return described

    def step(self, name: str, args: Mapping):
        if not args:
            return name
        if name == "roll":
            return {"step": name, **self.roll(args)}
        return {"step": name, **self.args(name, args)}


def _effect_data(effect: Effect) -> dict:
    """An effect as the card data writes it: the fields that differ from their defaults."""
    data = {}
    for name, spec in EFFECT_FIELDS.items():
        value = getattr(effect, name)
        if value == spec.default:
            continue
        if name in ("on_success", "on_failure"):
            value = [_effect_data(inner) for inner in value]
        elif name == "players":
            value = list(value)
        data[name] = value
    return data


# -- position ---------------------------------------------------------------------------------------
def position(description: Mapping) -> DeathMayDieState:
    """A state at the described decision (see the module's docstring); a description that cannot
    happen raises :class:`PositionError` naming its field, and builds nothing."""
    return _Builder(description).build()


class _Builder:
    """Reads a description field by field, each checked, into a state's fields."""

    def __init__(self, description: Mapping):
        self.d = description
        self.players, self.seat = common(description, GAME, 1, 4)
        unknown_fields(description, FIELDS)
        self.cards = catalog()

    # -- readers ------------------------------------------------------------------------------------
    def space(self, value, where: str) -> str:
        if not isinstance(value, str) or value not in self.spaces:
            raise PositionError(where, f"no space {value!r} on the map {self.board.name!r}")
        return self.spaces[value]

    def investigator(self, value, where: str) -> int:
        if not isinstance(value, str) or value not in self.seats:
            raise PositionError(where, f"no investigator {value!r} at this table")
        return self.seats[value]

    def enemy(self, value, where: str, enemies: Mapping) -> str:
        if value == ELDER:
            return "elder"
        if isinstance(value, str):
            if value in self.figures:
                return self.figures[value]
            match = re.fullmatch(r"([a-z_]+)-([0-9]+)", value)
            if match and match[1] in self.cards.enemies and value not in enemies:
                if int(match[2]) <= self.serial:
                    return value  # a figure no longer on the map
        raise PositionError(where, f"no enemy {value!r} on the map")

    def effect(self, value, where: str) -> Effect:
        if not isinstance(value, dict):
            raise PositionError(
                where, f"an effect is a mapping of its fields, got {written(value)}"
            )
        fields = {}
        for name, item in value.items():
            at = f"{where}.{name}"
            if name not in EFFECT_FIELDS:
                raise PositionError(at, "no such field of an effect")
            if name in ("on_success", "on_failure"):
                if not isinstance(item, list):
                    raise PositionError(at, f"expected a list of effects, got {written(item)}")
                item = tuple(self.effect(inner, f"{at}[{i}]") for i, inner in enumerate(item))
            elif name == "players":
                if not isinstance(item, list) or not all(
                    isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 4 for n in item
                ):
                    raise PositionError(
                        at, f"expected a list of table sizes 1 to 4, got {written(item)}"
                    )
                item = tuple(item)
            elif name in ("amount", "need"):
                if not isinstance(item, int) or isinstance(item, bool) or item < 0:
                    raise PositionError(
                        at, f"expected a whole number 0 or more, got {written(item)}"
                    )
            elif not isinstance(item, str):
                raise PositionError(at, f"expected a name, got {written(item)}")
            fields[name] = item
        if fields.get("do") not in EFFECT_KINDS:
            raise PositionError(f"{where}.do", f"{fields.get('do')!r} is no effect kind")
        if fields.get("who", "you") not in ("you", "all"):
            raise PositionError(f"{where}.who", "an effect is for 'you' or 'all'")
        if fields.get("gate", "") not in ("", "red", "yellow", "blue"):
            raise PositionError(f"{where}.gate", f"no gate {fields['gate']!r}")
        known = {"item": self.cards.items, "companion": self.cards.companions,
                 "condition": self.cards.conditions}.get(fields["do"])  # fmt: skip
        if known is not None and fields.get("card") not in known:
            raise PositionError(f"{where}.card", f"no {fields['do']} {fields.get('card')!r}")
        if fields["do"] == "summon" and fields.get("enemy") not in self.cards.enemies:
            raise PositionError(f"{where}.enemy", f"no enemy {fields.get('enemy')!r}")
        return Effect(**fields)

    # -- the build ------------------------------------------------------------------------------------
    def build(self) -> DeathMayDieState:
        d, cards = self.d, self.cards
        episode = one_of(d, "episode", cards.episodes, "drowned_chapel")
        elder_one = one_of(d, "elder_one", cards.elder_ones, "cthulhu")
        self.episode = cards.episodes[episode]
        self.board = rules.load_board(self.episode.map)
        self.spaces = {space.name: space.id for space in self.board.spaces.values()}
        people = self.people()
        self.seats = {me["name"]: me["seat"] for me in people}
        enemies = self.enemies()
        self.figures = {
            f"{cards.enemies[e['type']].name} {e['number']}": uid for uid, e in enemies.items()
        }
        table = self.table(people)
        turn = whole(d, "turn", 1, 10**6)
        active = self.investigator(field(d, "active", str), "active")
        actions_left = whole(d, "actions_left", 0, rules.ACTIONS_PER_TURN)
        roll = self.roll(d["roll"], "roll", enemies, faces=True) if "roll" in d else None
        stack = self.then(enemies)
        decks = self.decks(stack, people)
        state = DeathMayDieState(
            players=self.players, episode=episode, elder_one=elder_one,
            investigators=[me["id"] for me in people],
        )  # fmt: skip
        state.seed = whole(d, "seed", 0, 2**63, 0)
        state.config = dict(state.config, investigators=[me["id"] for me in people])
        state.rng = random.Random(state.seed)
        for deck, (to_draw, discards) in decks.items():
            pile = getattr(state, deck)
            pile.cards, pile.discards = sorted(to_draw), discards
            pile.shuffle(state.rng)
        state.investigators = people
        state.enemies = enemies
        state._enemy_serial = self.serial
        state.fire, state.tokens, state.wards, state.elder = table[:4]
        state.ritual_disrupted, state.disrupted_this_turn = table[4:]
        state.turn, state.active, state.actions_left = turn, active, actions_left
        state.rolls_resolved = state.tests_passed = 0
        state.roll, state.log, state.history = roll, [], []
        state.stack = [(rules.steps[name], args) for name, args in reversed(stack)]
        state.prompt = self.decision(state)
        state.chance = state.outcome = None
        state._end_check_due, state._batch = False, None
        return state

    def people(self) -> list[dict]:
        d, cards = self.d, self.cards
        listed = field(d, "investigators", list)
        if len(listed) != self.players:
            raise PositionError("investigators", f"{self.players} players, one investigator each")
        by_name = {card.name: card for card in cards.investigators.values()}
        people, held = [], {}
        rules_ = cards.rules
        for seat, entry in enumerate(listed):
            at = f"investigators[{seat}]"
            known = ("investigator", "space", "wounds", "stress", "sanity", "fire", "alive",
                     "skills", "items", "companions", "conditions", "insanity")  # fmt: skip
            within(at, part, entry, known, "of an investigator")
            name = within(at, field, entry, "investigator", str)
            if name not in by_name:
                raise PositionError(f"{at}.investigator", f"no investigator {name!r}")
            card = by_name[name]
            if any(me["id"] == card.id for me in people):
                raise PositionError(f"{at}.investigator", f"{name} is already at the table")
            alive = within(at, field, entry, "alive", bool, True)
            skills = within(at, field, entry, "skills", dict, {k: 1 for k in card.skills})
            if sorted(skills) != sorted(card.skills):
                raise PositionError(f"{at}.skills", f"{name}'s skills are {', '.join(card.skills)}")
            for kind in card.skills:
                within(f"{at}.skills", whole, skills, kind, 1, rules_.max_skill_level)
            items = card_list(entry, "items", cards.items, [])
            conditions = card_list(entry, "conditions", cards.conditions, [])
            if len(set(conditions)) != len(conditions):
                raise PositionError(f"{at}.conditions", "a condition is held once")
            companions = []
            for index, companion in enumerate(within(at, field, entry, "companions", list, [])):
                where = f"{at}.companions[{index}]"
                if not isinstance(companion, dict) or set(companion) - {"card", "wounds"}:
                    raise PositionError(where, "a companion is {card: id, wounds: n}")
                card_id = within(where, field, companion, "card", str)
                if card_id not in cards.companions:
                    raise PositionError(f"{where}.card", f"no companion {card_id!r}")
                health = cards.companions[card_id].health
                wounds = within(where, whole, companion, "wounds", 0, health - 1, 0)
                companions.append([card_id, wounds])
            insanity = within(at, field, entry, "insanity", str)
            if insanity not in cards.insanity:
                raise PositionError(f"{at}.insanity", f"no Insanity card {insanity!r}")
            me = {
                "id": card.id, "name": card.name, "seat": seat,
                "space": self.space(within(at, field, entry, "space", str), f"{at}.space"),
                "wounds": within(at, whole, entry, "wounds", 0, rules_.wounds_to_die, 0),
                "stress": within(at, whole, entry, "stress", 0, rules_.max_stress, 0),
                "sanity": within(at, whole, entry, "sanity", 0, rules_.sanity.last, 0),
                "fire": within(at, whole, entry, "fire", 0, 10**6, 0),
                "alive": alive, "skills": {k: skills[k] for k in card.skills}, "items": items,
                "companions": companions, "conditions": conditions, "insanity": insanity,
            }  # fmt: skip
            if alive and (
                me["wounds"] >= rules_.wounds_to_die or me["sanity"] >= rules_.sanity.last
            ):
                raise PositionError(f"{at}.alive", f"{name} cannot be alive with those tracks")
            if not alive and (items or companions or conditions or me["fire"]):
                raise PositionError(at, f"{name} is dead: a dead investigator holds nothing")
            held[f"{at}.items"] = items
            held[f"{at}.companions"] = [c[0] for c in companions]
            held[f"{at}.insanity"] = [insanity]
            people.append(me)
        copies = {card.id: card.copies for card in cards.items.values()}
        copies |= {card.id: card.copies for card in cards.companions.values()}
        copies |= {card: 1 for card in cards.insanity}
        count_copies(held, copies)
        return people

    def enemies(self) -> dict[str, dict]:
        d, cards = self.d, self.cards
        by_name = {card.name: card for card in cards.enemies.values()}
        listed = field(d, "enemies", list, [])
        placed: list[tuple[int, str, dict]] = []
        arrivals: set[int] = set()
        numbers: set[tuple[str, int]] = set()
        for index, entry in enumerate(listed):
            at = f"enemies[{index}]"
            known = ("enemy", "number", "space", "wounds", "arrived")
            within(at, part, entry, known, "of an enemy")
            name = within(at, field, entry, "enemy", str)
            if name not in by_name:
                raise PositionError(f"{at}.enemy", f"no enemy {name!r}")
            card = by_name[name]
            number = within(at, whole, entry, "number", 1, card.figures)
            if (card.id, number) in numbers:
                raise PositionError(f"{at}.number", f"{name} {number} is already on the map")
            numbers.add((card.id, number))
            arrived = within(at, whole, entry, "arrived", 1, 10**6, max(arrivals, default=0) + 1)
            if arrived in arrivals:
                raise PositionError(f"{at}.arrived", f"another figure arrived {arrived}th")
            arrivals.add(arrived)
            record = {
                "type": card.id,
                "space": self.space(within(at, field, entry, "space", str), f"{at}.space"),
                "wounds": within(at, whole, entry, "wounds", 0, card.health - 1, 0),
                "number": number,
            }
            placed.append((arrived, f"{card.id}-{arrived}", record))
        self.serial = whole(d, "figures_placed", max(arrivals, default=0), 10**6,
                            max(arrivals, default=0))  # fmt: skip
        return {uid: record for _, uid, record in sorted(placed)}

    def table(self, people: list[dict]) -> tuple:
        d, board = self.d, self.board
        fire = Counter()
        for space, tokens in field(d, "fire", dict, {}).items():
            where = f"fire.{space}"
            if not isinstance(tokens, int) or isinstance(tokens, bool) or tokens < 0:
                raise PositionError(
                    where, f"expected a whole number 0 or more, got {written(tokens)}"
                )
            if tokens:
                fire[self.space(space, where)] = tokens
        tokens = {}
        given = field(d, "tokens", dict, {k: [board.spaces[s].name for s in v]
                                          for k, v in board.tokens.items()})  # fmt: skip
        for kind, spaces in given.items():
            where = f"tokens.{kind}"
            if kind not in board.tokens:
                raise PositionError(where, f"the map has no {kind!r} tokens")
            if not isinstance(spaces, list):
                raise PositionError(where, f"expected a list of spaces, got {written(spaces)}")
            ids = [self.space(s, f"{where}[{i}]") for i, s in enumerate(spaces)]
            for i, space in enumerate(ids):
                if space not in board.tokens[kind] or ids.count(space) > 1:
                    raise PositionError(f"{where}[{i}]", f"no {kind} is left on {spaces[i]}")
            tokens[kind] = ids
        for kind in board.tokens:
            tokens.setdefault(kind, [])
        wards = set()
        for index, gate in enumerate(field(d, "wards", list, [])):
            if gate not in board.gates or gate in wards:
                raise PositionError(f"wards[{index}]", f"no unwarded gate {gate!r}")
            wards.add(gate)
        summoning = self.cards.rules.summoning
        given = field(d, "elder", dict)
        known = ("track", "summoned", "progression", "stage", "wounds", "space", "entered_red")
        within("elder", part, given, known, "of the Elder One")
        track = within("elder", whole, given, "track", 1, summoning.spaces)
        summoned = within("elder", field, given, "summoned", bool)
        progression = None
        if summoned:
            progression = within("elder", whole, given, "progression", track, summoning.spaces - 1)
        elif "progression" in given:
            raise PositionError("elder.progression", "the Elder One is not summoned")
        stages = self.cards.elder_ones[field(d, "elder_one", str, "cthulhu")].stages
        stage = within("elder", whole, given, "stage", 1, len(stages))
        if (stage > 1) != summoned:
            raise PositionError("elder.stage", "its stage 2 is revealed as it is summoned")
        wounds = within("elder", whole, given, "wounds", 0, max(stages[stage - 1].health - 1, 0), 0)
        space = given.get("space")
        if space is not None:
            space = self.space(space, "elder.space")
        entered = within("elder", field, given, "entered_red", bool)
        if entered != (track >= summoning.first_red):
            raise PositionError(
                "elder.entered_red", f"the red spaces begin at {summoning.first_red}"
            )
        elder = {
            "position": track, "summoned": summoned, "progression": progression,
            "stage": stage, "wounds": wounds, "space": space, "entered_red": entered,
        }  # fmt: skip
        disrupted = field(d, "ritual_disrupted", bool, False)
        if disrupted != (not tokens.get(self.episode.ritual_token)):
            raise PositionError(
                "ritual_disrupted",
                f"the ritual is disrupted when its last {self.episode.ritual_token} is removed",
            )
        this_turn = field(d, "disrupted_this_turn", bool, False)
        if this_turn and not disrupted:
            raise PositionError("disrupted_this_turn", "the ritual is not disrupted")
        if not summoned and not all(me["alive"] for me in people):
            raise PositionError("investigators", "a death before the summoning ends the game")
        if not any(me["alive"] for me in people):
            raise PositionError("investigators", "every investigator is dead: the game is over")
        return fire, tokens, wards, elder, disrupted, this_turn

    def roll(self, given, where: str, enemies: Mapping, faces: bool) -> dict:
        words = {word: key for key, word in ROLL_KEYS.items()}
        allowed = set(words) | ({"faces"} if faces else set()) | ({"step"} if not faces else set())
        within(where, part, given, allowed, "of a roll")
        purpose = within(where, field, given, "for", str)
        if purpose not in PURPOSES:
            raise PositionError(f"{where}.for", f"{purpose!r} is not one of {', '.join(PURPOSES)}")
        roll = {
            "purpose": purpose,
            "black": within(where, whole, given, "black", 0, 20),
            "green": within(where, whole, given, "green", 0, 20),
            "seat": self.investigator(given.get("investigator"), f"{where}.investigator"),
        }
        needs = {"attack": ("target",), "enemy": ("attacker",), "episode": ("need", "on_success"),
                 "test": ("need", "on_success"), "fire": ()}[purpose]  # fmt: skip
        for word in needs:
            if word not in given:
                raise PositionError(f"{where}.{word}", f"a roll for {purpose} says its {word}")
        for word in ("target", "attacker", "need", "title", "on_success", "on_failure"):
            if word not in given:
                continue
            at = f"{where}.{word}"
            if word in ("target", "attacker"):
                if word not in needs:
                    raise PositionError(at, f"a roll for {purpose} has no {word}")
                roll[word] = self.enemy(given[word], at, enemies)
            elif word == "need":
                roll["need"] = within(where, whole, given, "need", 0, 20)
            elif word == "title":
                roll["title"] = within(where, field, given, "title", str)
            else:
                effects = within(where, field, given, word, list)
                roll[word] = tuple(self.effect(e, f"{at}[{i}]") for i, e in enumerate(effects))
        if faces:
            shown = within(where, field, given, "faces", list)
            dice = load_dice()
            if len(shown) != roll["black"] + roll["green"]:
                raise PositionError(f"{where}.faces", "one face a die, black dice first")
            listed = []
            for index, text in enumerate(shown):
                at = f"{where}.faces[{index}]"
                colour = "black" if index < roll["black"] else "green"
                parts = text.split(" ") if isinstance(text, str) else ()
                if len(parts) != 2 or parts[0] != colour:
                    raise PositionError(at, f"expected '{colour} FACE', got {written(text)}")
                if parts[1] not in dice[colour].distinct_faces():
                    raise PositionError(at, f"a {colour} die has no face {parts[1]!r}")
                listed.append([colour, parts[1]])
            roll["faces"], roll["reroll"] = listed, None
        return roll

    def then(self, enemies: Mapping) -> list[tuple[str, dict]]:
        listed = field(self.d, "then", list, ["turn", "next_turn"])
        stack = []
        for index, entry in enumerate(listed):
            at = f"then[{index}]"
            if isinstance(entry, str):
                name, given = entry, {}
            elif isinstance(entry, dict) and isinstance(entry.get("step"), str):
                name, given = entry["step"], {k: v for k, v in entry.items() if k != "step"}
            else:
                raise PositionError(at, "a step is its name, or a mapping with its name (step)")
            if name not in THEN_STEPS:
                raise PositionError(at, f"no step {name!r} can wait in a turn")
            if name == "roll":
                stack.append((name, self.roll(entry, at, enemies, faces=False)))
                continue
            stack.append((name, self.args(name, given, THEN_STEPS[name], at, enemies)))
        if not stack or stack[-1][0] != "next_turn" or [n for n, _ in stack].count("next_turn") > 1:
            raise PositionError("then", "the turn ends with one next_turn, its last step")
        return stack

    def args(self, step: str, given: Mapping, keys, at: str, enemies: Mapping) -> dict:
        """A step's or question's engine arguments from a description's (`keys`, in order)."""
        words = [WORDS[key] for key in keys]
        within(at, part, given, words, f"of the step {step}")
        args = {}
        for key, word in zip(keys, words, strict=True):
            where = f"{at}.{word}"
            if word not in given:
                raise PositionError(where, "missing")
            value = given[word]
            if key == "seat" or key == "target":
                value = self.investigator(value, where)
            elif key == "uid":
                value = self.enemy(value, where, enemies)
            elif key == "attackers":
                if not isinstance(value, list) or not value:
                    raise PositionError(where, "expected a list of enemies")
                value = [self.enemy(e, f"{where}[{i}]", enemies) for i, e in enumerate(value)]
            elif key == "options":
                if not isinstance(value, list) or not value:
                    raise PositionError(where, "expected a list of spaces")
                value = [self.space(s, f"{where}[{i}]") for i, s in enumerate(value)]
            elif key == "effect":
                value = self.effect(value, where)
            elif key in ("left", "amount"):
                value = within(at, whole, given, word, 1, 10**6)
            elif key == "card":
                pile = self.cards.mythos if step == "mythos_discard" else self.cards.discovery
                if not isinstance(value, str) or value not in pile:
                    raise PositionError(where, f"no card {value!r} in that deck")
            elif key == "gate":
                if value not in self.board.gates:
                    raise PositionError(where, f"no gate {value!r}")
            elif key == "enemy":
                kinds = {card.name: card.id for card in self.cards.enemies.values()}
                if value not in kinds:
                    raise PositionError(where, f"no enemy {value!r}")
                value = kinds[value]
            elif key == "sign":
                if value not in rules.ELDER_SIGNS:
                    raise PositionError(where, f"no elder-sign effect {value!r}")
            args[key] = value
        return args

    def decks(self, stack, people) -> dict:
        """Each deck's draw pile (its cards not discarded nor being resolved) and discards."""
        cards, d = self.cards, self.d
        elder = field(d, "elder_one", str, "cthulhu")
        decks = {
            "mythos": Counter(
                m.id for m in cards.mythos.values() if m.deck in (self.episode.id, elder)
            ),
            "discovery": Counter({c.id: c.copies for c in cards.discovery.values()}),
        }
        result = {}
        for deck, copies in decks.items():
            given = field(d, deck, dict, {})
            for name in given:
                if name not in ("to_draw", "discards"):
                    raise PositionError(f"{deck}.{name}", "a deck is its to_draw and discards")
            discards = card_list(given, "discards", copies, [])
            places = {f"{deck}.discards": discards}
            step = f"{deck}_discard"
            for index, (name, args) in enumerate(stack):
                if name == step:
                    places[f"then[{index}].card"] = [args["card"]]
            placed = count_copies(places, copies)
            to_draw = sorted((copies - placed).elements())
            count = within(deck, whole, given, "to_draw", 0, 10**6, len(to_draw))
            if count != len(to_draw):
                raise PositionError(
                    f"{deck}.to_draw", f"{len(to_draw)} cards are left to draw, not {count}"
                )
            result[deck] = (to_draw, discards)
        return result

    def decision(self, state: DeathMayDieState) -> Ask:
        """The question waiting, checked to be one the engine would ask here."""
        d = self.d
        name = one_of(d, "decision", DECISIONS)
        question = DECISIONS[name]
        if question == "roll":
            if state.roll is None:
                raise PositionError("roll", "missing: the decision is a roll's")
            roller = state.investigators[state.roll["seat"]]
            if roller["stress"] >= state.rules.max_stress:
                raise PositionError("decision", "a reroll costs stress, and theirs is at its most")
            asked = rules.REROLL_OR_ACCEPT[state.roll["seat"]]
        else:
            if state.roll is not None:
                raise PositionError("roll", "only a roll waiting to be rerolled is described")
            if question == "actions":
                asked = rules.ACTIONS[state.active]
                if not state.actions_left:
                    raise PositionError("actions_left", "no action is left to choose")
            else:
                resume, options, keys = ASKED[question]
                given = field(d, "asked", dict, {})
                args = self.args(question, given, keys, "asked", state.enemies)
                seat = args.get("seat", state.active)
                asked = Ask(seat, question, options, resume, args)
        if "asked" in d and question in ("actions", "roll"):
            raise PositionError("asked", f"the decision {name} is about nothing more")
        if asked.seat != self.seat:
            raise PositionError(
                "seat", f"the decision is {state.investigators[asked.seat]['name']}'s"
            )
        if not state.investigators[asked.seat]["alive"]:
            raise PositionError("decision", "a dead investigator decides nothing")
        state.prompt = asked
        try:
            options = list(state.legal_actions())
        except (KeyError, IndexError, ValueError) as error:
            raise PositionError("asked", f"the question cannot be asked here ({error})") from None
        if not options or (question in ("trade",) and len(options) < 2):
            raise PositionError("decision", f"there is nothing to decide at {name}")
        self.check_question(state, question, asked.args)
        return asked

    def check_question(self, state, question: str, args: Mapping) -> None:
        me = state.investigators[args.get("seat", state.active)]
        if question == "run" and args["left"] > state.rules.run_steps:
            raise PositionError("asked.steps_left", f"a run is {state.rules.run_steps} steps")
        if question == "choose" and not state.cards.discovery[args["card"]].choices:
            raise PositionError("asked.card", "that Discovery card offers no choice")
        if question == "fight":
            here = [uid for uid in args["attackers"] if state._still_here(uid, me)]
            if len(here) != len(args["attackers"]) or len(here) < 2:
                raise PositionError(
                    "asked.attackers", "two or more enemies on the active investigator's space"
                )
        if question == "wound" and not me["companions"]:
            raise PositionError("asked", "a wound is placed on a companion or yourself")
        if question == "level" and not state._levelable(me):
            raise PositionError("asked", "every skill is at its top level")
        if question == "enemy_move_choice":
            where = (
                state.elder["space"]
                if args["uid"] == "elder"
                else state.enemies.get(args["uid"], {}).get("space")
            )
            hunted = state.investigators[args["target"]]
            if where is None or sorted(args["options"]) != sorted(
                state.board.steps_toward(where, hunted["space"])
            ):
                raise PositionError("asked.paths", "not the spaces its shortest paths go through")


# -- picks ----------------------------------------------------------------------------------------
def picks(description: Mapping) -> list[Pick]:
    """What a player would pick to change this position (see :class:`~toolkit.position.Pick`),
    by the names on the table: each living investigator's space (the map's spaces by name),
    wounds, stress and items; each enemy figure's space; the actions left at an action; and each
    face of a roll waiting to be rerolled or accepted. A part of the description that is not
    what it should be makes no pick fail (the set-up names it)."""
    cards = catalog()
    rules_ = cards.rules
    episode = description.get("episode", "drowned_chapel")
    episode = cards.episodes.get(episode if isinstance(episode, str) else "drowned_chapel")
    if episode is None:
        episode = cards.episodes["drowned_chapel"]
    spaces = tuple(
        (space.name, space.name) for space in rules.load_board(episode.map).spaces.values()
    )
    items = tuple((item.name, item.id) for item in cards.items.values())
    found: list[Pick] = []
    if description.get("decision") == "action":
        actions = tuple((str(n), n) for n in range(1, rules.ACTIONS_PER_TURN + 1))
        found.append(Pick(("actions_left",), "actions left", actions))
    roll = description.get("roll")
    faces = roll.get("faces") if isinstance(roll, Mapping) else None
    if isinstance(faces, list):
        dice = load_dice()
        for index, face in enumerate(faces):
            colour = str(face).split(" ")[0]
            if colour not in dice:
                continue
            options = tuple(
                (_face_words(f), f"{colour} {f}") for f in dice[colour].distinct_faces()
            )
            found.append(Pick(("roll", "faces", index), f"{colour} die {index + 1}", options))
    listed = description.get("investigators")
    for index, me in enumerate(listed if isinstance(listed, list) else []):
        if not isinstance(me, Mapping) or not me.get("alive", True):
            continue
        name = me.get("investigator")
        name = name if isinstance(name, str) else f"investigator {index + 1}"
        where = ("investigators", index)
        found.append(Pick((*where, "space"), f"{name}'s space", spaces))
        wounds = tuple((str(n), n) for n in range(rules_.wounds_to_die))
        found.append(Pick((*where, "wounds"), f"{name}'s wounds", wounds))
        stress = tuple((str(n), n) for n in range(rules_.max_stress + 1))
        found.append(Pick((*where, "stress"), f"{name}'s stress", stress))
        found.append(Pick((*where, "items"), f"{name}'s items", items, many=True))
    enemies = description.get("enemies")
    for index, enemy in enumerate(enemies if isinstance(enemies, list) else []):
        if isinstance(enemy, Mapping):
            kind, number = enemy.get("enemy"), enemy.get("number")
            known = isinstance(kind, str) and type(number) is int
            label = f"{kind} {number}'s space" if known else f"enemy {index + 1}'s space"
            found.append(Pick(("enemies", index, "space"), label, spaces))
    return found


def _face_words(face: str) -> str:
    """A die's face in words: ``success+tentacle`` reads "success and tentacle"."""
    return face.replace("+", " and ")
