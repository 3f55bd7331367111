"""The main step of To the Death!: what a player may do with the hand (attack, rest, an ability or a
feat with each ready hero; move, charge, focus, reset or search), listed in a fixed order, and how
a choice is carried out.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import filterfalse
from operator import itemgetter
from typing import TYPE_CHECKING

from toolkit.actions import ActionBlocks
from toolkit.to_the_death.cards import catalog
from toolkit.to_the_death.registry import EFFECTS, step
from toolkit.to_the_death.rules import VALUE

if TYPE_CHECKING:
    from toolkit.to_the_death.rules import ToTheDeathState


@step
def main(game: ToTheDeathState, side: int) -> None:
    game.prompt = {
        "seat": side,
        "kind": "main",
        "options": main_options(game, side),
        "resume": "main_choice",
        "args": {"side": side},
    }


def main_options(game: ToTheDeathState, side: int) -> ActionBlocks | list:
    """Every choice of the main step, in a fixed order (a seeded random bot relies on it): each
    hero not yet activated (attacks, rest, abilities, feats), then the player abilities, then end.

    The choices are listed as blocks of an :class:`toolkit.actions.ActionBlocks`, mostly a head
    and the hand's cards, as the random bot reads one of them only. The main step comes about
    five times a turn, mostly with a short hand, so the work that does not depend on a hero is
    done once, and only when some hero is ready."""
    hand = sorted(game.hands[side])
    if not hand:
        return [_END]
    cards = list(map(_ALONE.__getitem__, hand))
    heroes = game.heroes(side)
    blocks: list[tuple] = []
    ready = list(filterfalse(_ACTIVATED, heroes))
    if ready:
        _hero_blocks(game, side, hand, cards, ready, blocks)
    for hero in heroes:
        uid = hero["uid"]
        blocks.append((("move", uid), cards))
        if hero["area"] == "near":
            blocks.append((("charge", uid), cards))
    blocks += [(("focus",), cards), (("reset",), cards), (("search",), cards), ((), _ENDS)]
    return ActionBlocks(blocks)


_ACTIVATED = itemgetter("activated")
_AREA = itemgetter("area")
_ALONE = {card: (card,) for card in VALUE}  # a card as a one-item tuple: a block's item
_END = ("end",)
_ENDS = (_END,)


def _hero_blocks(
    game: ToTheDeathState, side: int, hand: list[str], cards: list[tuple], ready: list[dict], blocks
) -> None:
    """The ready heroes' attacks, rests, abilities and feats, paid from a sorted, non-empty hand
    (`cards`: the hand as one-card tuples), added to `blocks`. Cards are picked by a value range
    with ``filter`` over a set, which takes no bytecode per card."""
    foes = game.enemies_of(side)
    near_foe = "near" in map(_AREA, foes)
    # three cards of one value need two repeats among the values (most hands have none)
    card_values = list(map(VALUE.__getitem__, hand))
    if len(hand) - len(set(card_values)) >= 2:
        trios = _trios_by_value(list(zip(hand, card_values, strict=True)))
    else:
        trios = {}
    gains = game.hooked("extra_weapons") if foes else ()
    paid_by: dict = {}  # a value range -> the hand's cards in it (heroes share their ranges)
    for hero in ready:
        uid = hero["uid"]
        zombie = hero["zombie"]
        usable = list(filter(_cards_valued(0, 0), cards)) if zombie else cards
        kinds = attack_kinds(game, hero, foes, near_foe, gains)
        for kind in kinds:
            blocks.append((("attack", uid, kind), usable))
        blocks.append((("rest", uid), usable))
        if zombie:
            for key, _, _ in _ability_ranges(hero["card"]):
                blocks.append((("ability", uid, key), usable))
        else:
            for key, accepted in _ability_cards(hero["card"]):
                paid = paid_by.get(accepted)
                if paid is None:
                    paid = paid_by[accepted] = list(filter(accepted, cards))
                blocks.append((("ability", uid, key), paid))
        if trios and (0 in trios or not zombie):
            blocks.append(((), feat_options(hero, trios, kinds)))


@cache
def _cards_valued(low: int, high: int) -> Callable[[tuple[str]], bool]:
    """Whether a one-card tuple's value lies in [low, high], as a set's ``__contains__`` (for
    filter)."""
    return frozenset((c,) for c, v in VALUE.items() if low <= v <= high).__contains__


@cache
def _ability_cards(hero_card: str) -> tuple[tuple[str, Callable[[tuple[str]], bool]], ...]:
    """A hero card's activated abilities as (key, whether a one-card tuple pays for it)."""
    return tuple((key, _cards_valued(low, high)) for key, low, high in _ability_ranges(hero_card))


def attack_kinds(
    game: ToTheDeathState, hero: dict, foes: list[dict], near_foe: bool, gains
) -> tuple[str, ...]:
    """The kinds of attack a hero can make now: it has such a weapon and one of its enemies in
    play (`foes`) in reach (what :meth:`ToTheDeathState.can_reach` says, asked once per side:
    `near_foe`, whether any of `foes` is near). `gains` are the working abilities that grant
    weapons (``hooked("extra_weapons")``, asked once for every hero); they are looked at only
    for a kind the hero's card does not print."""
    if not foes:
        return ()
    melee, ranged = _printed_kinds(hero["card"])
    if gains and not (melee and ranged):
        for function, source in gains:
            for kind, _ in function(game, source, hero):
                if kind == "melee":
                    melee = True
                else:
                    ranged = True
    if melee and hero["area"] == "near" and (near_foe or game.any("charging", hero)):
        return ("melee", "range") if ranged else ("melee",)
    return ("range",) if ranged else ()


@cache
def _printed_kinds(hero_card: str) -> tuple[bool, bool]:
    """Whether a hero card prints a melee weapon, and whether it prints another (ranged) one."""
    kinds = [weapon.kind for weapon in catalog().heroes[hero_card].weapons]
    return "melee" in kinds, any(kind != "melee" for kind in kinds)


def _trios_by_value(values: list[tuple[str, int]]) -> dict[int, list[tuple[str, str, str]]]:
    """The ways to pick three cards of one value from a hand (its cards with their values), for
    each value held three or more times: what a feat is paid with."""
    by_value: dict[int, list[str]] = {}
    for card, value in values:
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
    head = choice[0]
    if head == "end":
        return
    _carry_out(game, choice, side)
    game.then_now("main", side)  # back to the main step once this choice has resolved


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
        game.narrate(f"{game.action_to_string(choice)}.")
        game.emit("ability_activated", hero, head, cards)
        for _ in range(times):
            game.then_now("resolve_ability", hero["uid"], key)
        return
    card = choice[-1]
    game.discard_from_hand(side, card)
    game.narrate(f"{game.action_to_string(choice)}.")
    if head == "move":
        game.move(choice[1])
    elif head == "charge":
        game.add_effect("charge", choice[1])
    elif head == "focus":
        game.focus[side] += 1
    elif head == "reset":
        game.shuffle_discard_into_deck()
    elif head == "search":
        game.then("search_deck", side)


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


@step
def search_deck(game: ToTheDeathState, seat: int) -> None:
    if not game.deck and not game.deck_top:
        game.shuffle_discard_into_deck()
    game.add_to_deck(game.deck_top)
    game.deck_top = []
    options = [("take", c) for c in game.deck]
    if options:
        game.ask(seat, "search", options, "searched", seat=seat)


@step
def searched(game: ToTheDeathState, choice, seat: int) -> None:
    game.take_from_deck(choice[1])
    game.hands[seat].append(choice[1])
    game.narrate("A card is taken from the deck, which is then shuffled.")
