"""A position set up in each game's play widget as a person would: press Describe this position,
change one field of the description in a way that changes the numbers, press Set up (shared by
the widget tests and the browser tests of the Set up panel).

Each change uses the fields of the game's rules notes ("Describing a position") and gives a
position that can happen: a card swapped for another the seat could hold, a quest swapped for
one still in the deck.
"""

from __future__ import annotations

import copy
import importlib

import yaml

from toolkit.games import PACKAGES, get_game
from toolkit.position import PositionError, at
from toolkit.widgets import description_yaml


def epic_death(description: dict) -> dict:
    """The first quest on offer swapped for one still in the quest deck (Tax Day in Troll
    Country): its row reads 70.1% where the Crypt's read 44.1%."""
    description["quest_line"][0] = "q-troll-taxes"
    return description


def tpk(description: dict) -> dict:
    """Brin's third drawn card, the Rope and hook, swapped for his Potion (a card of his sheet
    not drawn): keeping it reads 97.4%, where each of the others reads 54.7%."""
    (me,) = [entry for entry in description["party"] if "drawn" in entry]
    me["drawn"][me["drawn"].index("brin-rope")] = "potion-brin"
    return description


def to_the_death(description: dict) -> dict:
    """The 6 of Fighters in hand swapped for the 6 of Champions (in the deck, unseen): the
    gladiator's check, a 6, is blocked with a card of its value, so the block offered is with
    the 6 of Champions (the options come from the hand and the check on the discard pile)."""
    hand = description["hand"]
    hand[hand.index("fighter:6")] = "champion:6"
    hand.sort()
    return description


def death_may_die(description: dict) -> dict:
    """The first investigator stands in the Nave, beside Cultist 1, instead of on the Dock: an
    attack is offered, with its numbers."""
    description["investigators"][0]["space"] = "Nave"
    return description


def how_i_died(description: dict) -> dict:
    """The Pool's first card (Confused) swapped for the seat's second card in hand (Dragon), so
    Confused is offered from the hand."""
    pool, hand = description["pool"], description["seats"][description["seat"]]["hand"]
    pool[0], hand[1] = hand[1], pool[0]
    return description


#: game -> the change made to the description of the position its widget opens at.
CHANGES = {
    "epic-death": epic_death,
    "tpk": tpk,
    "to-the-death": to_the_death,
    "death-may-die": death_may_die,
    "how-i-died": how_i_died,
}


def epic_death_bad(description: dict) -> dict:
    """A card in two places: the first quest on offer put in the fifth place as well."""
    description["quest_line"][-1] = description["quest_line"][0]
    return description


def tpk_bad(description: dict) -> dict:
    """A card in two places: Brin's first drawn card drawn again as his third."""
    (me,) = [entry for entry in description["party"] if "drawn" in entry]
    me["drawn"][2] = me["drawn"][0]
    return description


def to_the_death_bad(description: dict) -> dict:
    """A card in two places: the top card of the discard pile in hand as well."""
    description["hand"][-1] = description["discard"][-1]
    return description


def death_may_die_bad(description: dict) -> dict:
    """An investigator twice at the table."""
    first, second = description["investigators"][:2]
    second["investigator"] = first["investigator"]
    return description


def how_i_died_bad(description: dict) -> dict:
    """A card in two places: the seat's second card in hand in the Pool as well."""
    description["pool"][0] = description["seats"][description["seat"]]["hand"][1]
    return description


#: game -> a change that makes the description one that cannot happen, and the field the note
#: names.
BAD = {
    "epic-death": (epic_death_bad, "quest_line"),
    "tpk": (tpk_bad, "party[0].drawn"),
    "to-the-death": (to_the_death_bad, "discard"),
    "death-may-die": (death_may_die_bad, "investigators[1].investigator"),
    "how-i-died": (how_i_died_bad, "seats[0].hand"),
}


def positions_known(game: str) -> bool:
    """Whether the game has a position module (its Set up panel can set positions up)."""
    return get_game(game).describes_positions


def changed_text(game, described: str) -> str:
    """The text a person types into the Set up box of widget `game` after Describe gave
    `described`: the game's change made to it."""
    description = CHANGES[game.state.game](copy.deepcopy(yaml.safe_load(described)))
    return description_yaml(description)


def bad_text(game, described: str) -> tuple[str, str]:
    """A description that cannot happen, made from `described`, and the field its note names."""
    change, field = BAD[game.state.game]
    return description_yaml(change(copy.deepcopy(yaml.safe_load(described)))), field


def picks_known(game: str) -> bool:
    """Whether the game's position module names what a player picks (``picks``)."""
    if not positions_known(game):
        return False
    return hasattr(importlib.import_module(f"{PACKAGES[game]}.position"), "picks")


def _numbers(spec, state) -> list:
    odds = spec.decision_odds(state)
    return [(found.action, found.odds, found.refused) for found in odds.actions]


def pick_change(game, described: str) -> tuple[str, list[tuple[str, str]], dict]:
    """What a person picks in the Pick area of widget `game` after Describe gave `described`:
    the first pick one of whose changes sets up a position of a person's decision here with
    other numbers, the menus (picks of one value) before the tags. A menu's change is an
    option chosen, ``("choose", words)``, its options tried up to the first that builds. A list
    of tags is changed as a person does it: a tag taken away, ``("remove", words)``; or an
    option's tag typed in, ``("add", words)``; or both, an option typed in then a tag taken
    away (up to the twelfth change that builds). Returns the pick's label, the steps (for :func:`pick_step`) and the description
    picked."""
    spec = get_game(game.state.game)
    description = yaml.safe_load(described)
    before = _numbers(spec, spec.position(description))
    chosen = spec.picks(description)
    for pick in [p for p in chosen if not p.many] + [p for p in chosen if p.many]:
        built = 0
        for steps in _changes(pick, description):
            try:
                changed = description
                for step in steps:
                    changed = _as_the_widget(game, pick, changed, step)
                state = _set_up(game, changed)
            except PositionError:
                continue
            if _numbers(spec, state) != before:
                return pick.label, steps, changed
            built += 1
            if built == (12 if pick.many else 1):
                break
    raise AssertionError(f"no pick of {game.state.game} changes the numbers")


def _changes(pick, description: dict):
    """The changes :func:`pick_change` tries of one pick, each a list of steps."""
    now = at(description, pick.path)
    if not pick.many:
        yield from ([("choose", words)] for words, value in pick.options if value != now)
        return
    if not isinstance(now, list):
        return
    tags = list(dict.fromkeys(map(pick.words, now)))
    yield from ([("remove", tag)] for tag in tags)
    yield from ([("add", words)] for words, _ in pick.options)
    yield from ([("add", words), ("remove", tag)] for tag in tags for words, _ in pick.options)


def _set_up(game, description: dict):
    """The state the widget sets up from `description`, or a PositionError (the widget also
    refuses a decision that is not a person's here)."""
    state = get_game(game.state.game).position(description)
    if state.is_terminal() or state.is_chance_node() or state.current_player() not in game.humans:
        raise PositionError("decision", "not a person's decision here")
    return state


def _as_the_widget(game, pick, description: dict, step: tuple[str, str]) -> dict:
    """What the widget's box holds after one step of a pick on `description` (the tags that the
    step changes show the description's values)."""
    kind, words = step
    values = dict(pick.options)
    if kind == "choose":
        return pick.apply(description, values[words])
    now = list(at(description, pick.path))
    if kind == "add":
        return pick.apply(description, [*now, values[words]])
    now.remove(values[words])
    return pick.apply(description, now)


def pick_step(control, step: tuple[str, str]) -> None:
    """One step of :func:`pick_change` done in the widget, as a person does it: a menu's option
    chosen, a tag typed in (at the end) or a tag taken away (its first)."""
    kind, words = step
    if kind == "choose":
        control.label = words
    elif kind == "add":
        control.value = [*control.value, words]
    else:
        tags = list(control.value)
        tags.remove(words)
        control.value = tags


def pick_refused(game, described: str) -> tuple[str, str | list, dict, str]:
    """A pick and a choice of it that the set-up refuses (a PositionError), for widget `game`
    after Describe gave `described`: a menu's option, or else a list of tags that is the first
    option twenty times (more copies than a game has). Returns the pick's label, the option's
    words (a list of words for tags), the picked description and the field its refusal names."""
    spec = get_game(game.state.game)
    description = yaml.safe_load(described)
    chosen = spec.picks(description)
    tries = [(p, w, v) for p in chosen if not p.many for w, v in p.options]
    tries += [(p, [p.options[0][0]] * 20, [p.options[0][1]] * 20) for p in chosen if p.many]
    for pick, words, value in tries:
        changed = pick.apply(description, value)
        try:
            spec.position(changed)
        except PositionError as error:
            return pick.label, words, changed, error.field
    raise AssertionError(f"every pick of {game.state.game} sets up")
