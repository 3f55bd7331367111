"""The adventure and achievement cards of And That's How I Died, loaded from ``data/how_i_died``.

Card data lives in YAML; this module declares the card types, loads them once (:func:`catalog`),
and checks the deck's shape (30 cards of each type, damage only on ends, every effect and requirement id known) so
a mistake in the data is reported with its file, card and field. The engine reads the flat lookup
tables at the bottom (``TYPE``, ``GLORY``, ...) because dictionary lookups by card id keep a bot game
fast.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import ClassVar, Literal, get_args

from toolkit.data import Card, DataError, data_root, load_cards

Type = Literal["I", "II", "III"]  # beginning, middle, end
Banner = Literal["red", "blue", "green", "purple", "yellow"]
TYPES: tuple[str, ...] = get_args(Type)
#: Each type in the words of the table (the Roman numeral is printed on the card).
TYPE_WORDS = {"I": "beginning (I)", "II": "middle (II)", "III": "end (III)"}
BANNERS: tuple[str, ...] = get_args(Banner)
DEATH_AT = 15  # damage at which a pulse check finds you dead
HAND_SIZE = 6  # a living player draws back up to this at the end of their turn
POOL_SIZE = 6  # face-up cards anyone may build from


@dataclass(frozen=True, kw_only=True)
class Adventure(Card):
    """One adventure card: a beginning (I), middle (II) or end (III); only ends deal damage.

    `printed` names the fields the rulebook prints for a rulebook card; all other values are ours.
    """

    DEALT_BY_COPIES: ClassVar[bool] = False  # one of each

    type: Type
    banner: Banner
    glory: int
    damage: int = 0
    effect: str | None = None
    printed: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Achievement(Card):
    """An achievement: bonus glory for a player who meets `requirement` when they die."""

    DEALT_BY_COPIES: ClassVar[bool] = False  # one of each

    glory: int
    requirement: str
    threshold: int = 0
    printed: tuple[str, ...] = ()


def data_dir():
    return data_root() / "how_i_died"


@dataclass(frozen=True)
class Catalog:
    """Every card of the box: the 90 adventure cards and the ten achievements."""

    adventures: dict[str, Adventure]
    achievements: dict[str, Achievement]


@cache
def catalog() -> Catalog:
    """Load and check the data once per process. Effect and requirement ids are checked by the
    modules that register them (:mod:`~toolkit.how_i_died.effects`, ``achievements``)."""
    path = data_dir() / "adventures.yaml"
    adventures = load_cards(path, Adventure)
    check_adventures(adventures, path)
    return Catalog(adventures, load_cards(data_dir() / "achievements.yaml", Achievement))


def check_adventures(cards: dict[str, Adventure], path) -> None:
    """The rules assume 30 cards per type, single copies, glory on every card (the rulebook's
    card anatomy: all cards award glory) and damage printed on ends only.

    Effect ids are checked by the effects module, which owns the registry."""
    for card in cards.values():
        if card.copies != 1:
            raise DataError(path, "every adventure card is unique", card=card.id, field="copies")
        if card.glory < 1:
            raise DataError(
                path, "every card awards glory (1 or more)", card=card.id, field="glory"
            )
        if (card.type == "III") != (card.damage > 0):
            raise DataError(
                path, "ends (III) deal damage and only ends do", card=card.id, field="damage"
            )
    for kind in TYPES:
        count = sum(1 for card in cards.values() if card.type == kind)
        if count != 30:
            raise DataError(path, f"expected 30 cards of type {kind}, found {count}")


# Flat lookups by card id, for the engine's inner loops.
CARDS = catalog().adventures
TYPE = {cid: c.type for cid, c in CARDS.items()}
BANNER = {cid: c.banner for cid, c in CARDS.items()}
GLORY = {cid: c.glory for cid, c in CARDS.items()}
DAMAGE = {cid: c.damage for cid, c in CARDS.items()}
EFFECT = {cid: c.effect for cid, c in CARDS.items() if c.effect is not None}
ALL_IDS = tuple(CARDS)
#: The groups of hidden cards a player's view may tell apart (:mod:`toolkit.how_i_died.view`).
#: A hidden card of group g whose type alone the player has learnt is named ``?g:T``, and the
#: type table holds these names beside the cards', fixed here: the engine lists such a card by
#: its type, and reading anything else of it is the view's cue to reveal which card it is. A
#: view of more groups reveals the card itself where its type is read.
TYPED_GROUPS = 16
TYPE.update((f"?{group}:{kind}", kind) for group in range(TYPED_GROUPS) for kind in TYPES)


def adventure_glory(adventure) -> int:
    """Glory of one adventure: its three cards' glory, doubled when all banners match."""
    total = GLORY[adventure[0]] + GLORY[adventure[1]] + GLORY[adventure[2]]
    return 2 * total if is_legendary(adventure) else total


def is_legendary(adventure) -> bool:
    return BANNER[adventure[0]] == BANNER[adventure[1]] == BANNER[adventure[2]]


def adventure_damage(adventure) -> int:
    return DAMAGE[adventure[2]]


def listed_twice(cards: list[str]) -> str | None:
    """The first card of `cards` that comes again in it (each card is in the game once), or
    None."""
    return next((card for index, card in enumerate(cards) if card in cards[:index]), None)
