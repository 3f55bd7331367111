"""TPK's 105 cards: levels, characters, equipment, potions, amulets and threats, loaded from
``data/tpk/*.yaml``.

Icons are kept as bits (:data:`ICON_BITS`) so that "can this item overcome that threat" is one AND.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Literal, get_args

from toolkit.data import Card, DataError, data_root, expand, load_cards

Icon = Literal["monster", "trap", "locked_door", "secret_door"]
ICONS: tuple[str, ...] = get_args(Icon)
ICON_BITS = {icon: 1 << index for index, icon in enumerate(ICONS)}
DOOR_BITS = ICON_BITS["locked_door"] | ICON_BITS["secret_door"]
CharacterId = Literal["taric", "galen", "brin", "land", "pentegarn"]
CHARACTER_IDS: tuple[str, ...] = get_args(CharacterId)


def check_characters(characters) -> None:
    """Refuse a name that is no character, naming it and the characters there are."""
    for character in characters:
        if character not in CHARACTER_IDS:
            raise ValueError(
                f"unknown character {character!r} (choose from {', '.join(CHARACTER_IDS)})"
            )


@dataclass(frozen=True, kw_only=True)
class Use:
    """One way to use an equipment card: its icon, and whether it is powerful (x2) or ranged."""

    icon: Icon
    powerful: bool = False
    ranged: bool = False

    @property
    def bits(self) -> int:
        return ICON_BITS[self.icon]

    def label(self) -> str:
        return (
            self.icon.replace("_", " ")
            + (" x2" if self.powerful else "")
            + (" (ranged)" if self.ranged else "")
        )


@dataclass(frozen=True, kw_only=True)
class Level(Card):
    number: int
    threats_per_character: int
    draw: int
    keep: int


@dataclass(frozen=True, kw_only=True)
class Character(Card):
    profession: str
    speciality: str


@dataclass(frozen=True, kw_only=True)
class Equipment(Card):
    character: CharacterId
    uses: tuple[Use, ...]
    kind: Literal["basic", "potion"] = "basic"
    replaces: str | None = None

    def label(self) -> str:
        return f"{self.name} [" + " / ".join(use.label() for use in self.uses) + "]"


@dataclass(frozen=True, kw_only=True)
class Amulet(Card):
    character: CharacterId
    replaces: str
    sides: dict[Literal["a", "b"], tuple[Use, ...]]


@dataclass(frozen=True, kw_only=True)
class Threat(Card):
    icons: tuple[Icon, ...]
    double: bool = False
    treasure: bool = False

    @property
    def bits(self) -> int:
        bits = 0
        for icon in self.icons:
            bits |= ICON_BITS[icon]
        return bits


@dataclass(frozen=True)
class Catalog:
    """Every card of the box, by kind."""

    levels: dict[str, Level]
    characters: dict[str, Character]
    equipment: dict[str, Equipment]
    amulets: dict[str, Amulet]
    threats: dict[str, Threat]

    def all_cards(self) -> list[str]:
        """Every physical card of the box (105), a card with copies listed once per copy."""
        return [
            card_id
            for group in (self.levels, self.characters, self.equipment, self.amulets, self.threats)
            for card_id in expand(group)
        ]

    def threat_deck(self) -> list[str]:
        return expand(self.threats)

    def basic_deck(self, character: str) -> list[str]:
        return [
            c.id for c in self.equipment.values() if c.character == character and c.kind == "basic"
        ]

    def potion(self, character: str) -> Equipment:
        return next(
            c for c in self.equipment.values() if c.character == character and c.kind == "potion"
        )

    def amulet(self, character: str) -> Amulet | None:
        return next((a for a in self.amulets.values() if a.character == character), None)

    def level(self, number: int) -> Level:
        return self.levels[f"level-{number}"]

    @property
    def last_level(self) -> int:
        """The deepest level: one level card per level, numbered from 1 (checked on loading)."""
        return len(self.levels)

    def name(self, card_id: str) -> str:
        for group in (self.equipment, self.amulets, self.threats, self.characters, self.levels):
            if card_id in group:
                return group[card_id].name
        raise KeyError(card_id)


@cache
def catalog() -> Catalog:
    """Load and cross-check the TPK data (cached: the files are read once per process)."""
    root = data_root() / "tpk"
    cat = Catalog(
        levels=load_cards(root / "levels.yaml", Level),
        characters=load_cards(root / "characters.yaml", Character),
        equipment=load_cards(root / "equipment.yaml", Equipment),
        amulets=load_cards(root / "amulets.yaml", Amulet),
        threats=load_cards(root / "threats.yaml", Threat),
    )
    _check(cat, root)
    return cat


def _check(cat: Catalog, root) -> None:
    """Rules the data must keep: the engine relies on them."""
    if sorted(cat.characters) != sorted(CHARACTER_IDS):
        raise DataError(root / "characters.yaml", f"expected the characters {CHARACTER_IDS}")
    for character in CHARACTER_IDS:
        if len(cat.basic_deck(character)) != 8:
            raise DataError(root / "equipment.yaml", f"{character} needs 8 basic equipment cards")
    for file, group in (("equipment.yaml", cat.equipment), ("amulets.yaml", cat.amulets)):
        for card in group.values():
            _check_replaces(card, cat, root / file)
    for threat in cat.threats.values():
        if threat.treasure == bool(threat.icons):
            raise DataError(
                root / "threats.yaml",
                "a treasure has no icons; every other threat has some",
                card=threat.id,
                field="icons",
            )
    for number in range(1, cat.last_level + 1):
        if f"level-{number}" not in cat.levels or cat.level(number).number != number:
            raise DataError(root / "levels.yaml", f"level {number} is missing or misnumbered")


def _check_replaces(card: Equipment | Amulet, cat: Catalog, path) -> None:
    """A potion or an amulet replaces one of its character's basic cards, in the file it is in."""
    if card.replaces is not None and card.replaces not in cat.basic_deck(card.character):
        raise DataError(
            path,
            f"replaces {card.replaces!r}, not a basic card of {card.character}",
            card=card.id,
            field="replaces",
        )
