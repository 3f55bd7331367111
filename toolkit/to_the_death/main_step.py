"""The main step of To the Death!: what a player may do with the hand (attack, rest, an ability or a
feat with each ready hero; move, charge, focus, reset or search), listed in a fixed order, and how
a choice is carried out.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from toolkit.actions import ActionBlocks
from toolkit.steps import PASS, Ask
from toolkit.to_the_death.cards import catalog, value_of
from toolkit.to_the_death.registry import EFFECTS, step
from toolkit.to_the_death.words import describe

if TYPE_CHECKING:
    from toolkit.to_the_death.rules import ToTheDeathState


@step
def main(game: ToTheDeathState, side: int) -> None:
    """The main step's prompt. Its options are listed when first asked for (the game does not
    change while it waits): the exact walk behind the numbers beside a decision stops at a
    main step without asking, and listing them there was an eighth of its time."""
    game.prompt = Ask(side, "main", main_options, "main_choice", {"side": side})


def main_options(game: ToTheDeathState, side: int) -> ActionBlocks | list:
    """Every choice of the main step, in a fixed order (a seeded random bot relies on it): each
    hero not yet activated (attacks, rest, abilities, feats), then the player abilities, then end.

    The choices are listed as blocks of an :class:`toolkit.actions.ActionBlocks`, mostly a head
    and the hand's cards, as the random bot reads one of them only."""
    hand = sorted(game.hands[side])
    if not hand:
        return [PASS]
    paying = _Payments(hand)
    heroes = game.heroes(side)
    blocks = []
    for hero in heroes:
        if not hero["activated"]:
            blocks += _hero_blocks(game, hero, paying)
    cards = paying.cards
    for hero in heroes:
        blocks.append((("move", hero["uid"]), cards))
        if hero["area"] == "near":
            blocks.append((("charge", hero["uid"]), cards))
    blocks += [(("focus",), cards), (("reset",), cards), (("search",), cards), ((), (PASS,))]
    return ActionBlocks(blocks)


class _Payments:
    """What a sorted, non-empty hand can pay with in one main step: its cards (as a block's
    items, one-card tuples), ``in_range[low, high]``, those of a value in that range (found once
    for every hero that asks), and its trios (three cards of one value: a feat)."""

    def __init__(self, hand: list[str]):
        self.valued = [(card, value_of(card)) for card in hand]
        self.cards = [(card,) for card in hand]
        self.in_range = _CardsInRange(self.valued)
        self.trios = _trios_by_value(self.valued)


class _CardsInRange(dict):
    """(low, high) -> the hand's cards of a value from low to high, found when first asked for."""

    def __init__(self, valued: list[tuple[str, int]]):
        super().__init__()
        self.valued = valued

    def __missing__(self, key: tuple[int, int]) -> list[tuple[str]]:
        low, high = key
        found = self[key] = [(card,) for card, value in self.valued if low <= value <= high]
        return found


def _hero_blocks(game: ToTheDeathState, hero: dict, paying: _Payments) -> list[tuple]:
    """A ready hero's attacks, rest, abilities and feats. A zombie hero pays with 0s only, for
    any of them."""
    uid = hero["uid"]
    zombie = hero["zombie"]
    usable = paying.in_range[0, 0] if zombie else paying.cards
    kinds = game.attack_kinds(hero)
    blocks = []
    for kind in kinds:
        blocks.append((("attack", uid, kind), usable))
    blocks.append((("rest", uid), usable))
    for key, low, high in _ability_ranges(hero["card"]):
        blocks.append((("ability", uid, key), usable if zombie else paying.in_range[low, high]))
    trios = paying.trios
    if trios and (0 in trios or not zombie):
        blocks.append(((), feat_options(hero, trios, kinds)))
    return blocks


def _trios_by_value(valued: list[tuple[str, int]]) -> dict[int, list[tuple[str, str, str]]]:
    """The ways to pick three cards of one value from a hand (its cards with their values), for
    each value held three or more times."""
    if len({value for _, value in valued}) > len(valued) - 2:
        return {}  # three of a value need two repeats among the values (most hands have none)
    by_value: dict[int, list[str]] = {}
    for card, value in valued:
        by_value.setdefault(value, []).append(card)
    return {value: _triples(cards) for value, cards in by_value.items() if len(cards) >= 3}


def feat_options(hero: dict, trios: dict[int, list], kinds: list[str]) -> list:
    """A hero's feats: each way to pay (a zombie hero pays with 0s only), each ability it triggers."""
    options = []
    for value, paid in trios.items():
        if hero["zombie"] and value != 0:
            continue
        keys = ["rest"] + [f"attack:{k}" for k in kinds]
        keys += [
            key
            for key, low, high in _ability_ranges(hero["card"])
            if low <= value <= high or hero["zombie"]
        ]
        for trio in paid:
            options += [("feat", hero["uid"], key, *trio) for key in keys]
    return options


@cache
def _ability_ranges(hero_card: str) -> tuple[tuple[str, int, int], ...]:
    """A hero card's activated abilities as (key, lowest, highest card value they accept)."""
    return tuple((a.key, a.low, a.high) for a in catalog().heroes[hero_card].abilities)


def _triples(cards: list[str]) -> list[tuple[str, str, str]]:
    return [
        (a, b, c)
        for i, a in enumerate(cards)
        for j, b in enumerate(cards[i + 1 :], i + 1)
        for c in cards[j + 1 :]
    ]


@step
def main_choice(game: ToTheDeathState, choice, side: int) -> None:
    if choice == PASS:  # the player ends the main step
        return
    _carry_out(game, choice, side)
    game.then_now("main", side=side)  # back to the main step once this choice has resolved


def _carry_out(game: ToTheDeathState, choice, side: int) -> None:
    head = choice[0]
    if head in ("attack", "rest", "ability", "feat"):
        hero = game.units[choice[1]]
        cards = list(choice[3:]) if head in ("ability", "feat") else [choice[-1]]
        for card in cards:
            game.discard_from_hand(side, card)
        hero["activated"] = True
        hero["acted"] = True
        key = {"attack": f"attack:{choice[2] if head == 'attack' else ''}", "rest": "rest"}.get(
            head, choice[2]
        )
        times = 2 if head == "feat" else 1
        game.narrate(f"{describe(game, choice)}.")
        game.emit("ability_activated", hero, head, cards)
        for _ in range(times):
            game.then_now("resolve_ability", uid=hero["uid"], key=key)
        return
    card = choice[-1]
    game.discard_from_hand(side, card)
    game.narrate(f"{describe(game, choice)}.")
    game.emit("player_ability_activated", side, head, card)
    if head == "move":
        game.move(choice[1])
    elif head == "charge":
        game.add_effect("charge", choice[1])
    elif head == "focus":
        game.focus[side] += 1
    elif head == "reset":
        game.shuffle_discard_into_deck()
    elif head == "search":
        game.draw_cards(side, 1)  # the card paid is the card discarded; the top card is drawn


@step
def resolve_ability(game: ToTheDeathState, uid: str, key: str) -> None:
    hero = game.units[uid]
    if hero["defeated"]:
        return
    if key.startswith("attack:"):
        game.attack(uid, key.split(":")[1])
    elif key == "rest":
        game.heal(uid, 1)
    else:
        EFFECTS[f"{hero['card']}/{key}"](game, uid)
