"""To the Death! card types and loading.

The arsenal's cards live in ``data/to_the_death/arsenal.yaml`` and nowhere else (the shipped file
holds 32 cards, one of each value 0, 2-8 in each of the four class suits; an owner's copy may hold
other values). A card's id is ``"suit:value"`` (``"fighter:5"``), which is also how the CLI's
``--seen`` names it. Heroes, damage cards, monsters, kings and challenge cards live beside it in
``data/to_the_death/*.yaml``. Every ability is
named by a key; its behaviour is a small function registered to ``"<card id>/<key>"`` in
:mod:`toolkit.to_the_death.abilities`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import ClassVar, Literal, get_args

from toolkit.data import Card, DataError, data_root, load_cards

Area = Literal["near", "far"]
# The four hero classes are rules, not card data: a party is one hero of each, and an arsenal card's
# suit names the class a monster weapon attacks, then the classes after it in this (alphabetical)
# order. So they stay here, and the data's suits and hero classes are checked against them.
Suit = Literal["champion", "fighter", "magician", "mender"]
SUITS: tuple[str, ...] = get_args(Suit)
ARSENAL_SIZE = 32  # the rulebook's count; which values the cards carry is the data's


def card_id(suit: str, value: int) -> str:
    return f"{suit}:{value}"


def is_card(part) -> bool:
    """Whether an action's part is an arsenal card's id ("fighter:5"), not a unit or a key."""
    return isinstance(part, str) and part in catalog().arsenal


def value_ranges(values) -> str:
    """Card values as a person writes them: ``0, 2-8`` for 0, 2, 3, 4, 5, 6, 7, 8."""
    runs: list[list[int]] = []
    for value in sorted(set(values)):
        if runs and value == runs[-1][1] + 1:
            runs[-1][1] = value
        else:
            runs.append([value, value])
    return ", ".join(str(low) if low == high else f"{low}-{high}" for low, high in runs)


@cache  # asked for every card of a hand at every main step
def suit_of(card: str) -> str:
    return card.split(":", 1)[0]


@cache
def value_of(card: str) -> int:
    return int(card.split(":", 1)[1])


@cache
def card_name(card: str) -> str:
    """'fighter:5' -> '5 of Fighters', as a person says it. Kept per card (the arsenal's, and a
    stand-in): the engine's log names a card some 450 times a solo game."""
    return f"{value_of(card)} of {suit_of(card).capitalize()}s"


def parse_card(text: str) -> str:
    """Turn ``"Fighter:5"`` or ``"fighter: 5"`` into the card id ``"fighter:5"``, or say what is wrong."""
    suit, sep, value = text.strip().partition(":")
    suit = suit.strip().lower()
    if not sep or suit not in SUITS:
        raise ValueError(f"card {text!r} is not SUIT:VALUE with a suit among {', '.join(SUITS)}")
    try:
        number = int(value)
    except ValueError:
        raise ValueError(f"card {text!r} has a value that is not a whole number") from None
    card = card_id(suit, number)
    if card not in catalog().arsenal:
        values = [c.value for c in catalog().arsenal.values() if c.suit == suit]
        raise ValueError(
            f"card {text!r} is not in the arsenal ({suit} values are {value_ranges(values)})"
        )
    return card


@dataclass(frozen=True, kw_only=True)
class Weapon:
    kind: Literal["melee", "range"]
    value: int


@dataclass(frozen=True, kw_only=True)
class HeroAbility:
    key: str
    name: str
    low: int
    high: int
    text: str
    source: Literal["rulebook", "constructed"]

    def accepts(self, value: int) -> bool:
        return self.low <= value <= self.high


@dataclass(frozen=True, kw_only=True)
class ArsenalCard(Card):
    DEALT_BY_COPIES: ClassVar[bool] = False  # one of each
    suit: Suit
    value: int


@dataclass(frozen=True, kw_only=True)
class Hero(Card):
    DEALT_BY_COPIES: ClassVar[bool] = False  # one of each
    hero_class: Suit
    area: Area
    weapons: tuple[Weapon, ...]
    armor: int
    skill: int
    abilities: tuple[HeroAbility, ...]

    def ability(self, key: str) -> HeroAbility:
        for ability in self.abilities:
            if ability.key == key:
                return ability
        raise KeyError(f"{self.id} has no ability {key!r}")


@dataclass(frozen=True, kw_only=True)
class Box:
    health: int
    key: str = ""
    burst: bool = False
    text: str = ""


@dataclass(frozen=True, kw_only=True)
class DamageCard(Card):
    hero_class: Suit
    boxes: tuple[Box, ...]

    def box(self, health: int) -> Box | None:
        for box in self.boxes:
            if box.health == health:
                return box
        return None


@dataclass(frozen=True, kw_only=True)
class EnemyAbility:
    key: str
    name: str
    text: str
    progressive: bool = False


@dataclass(frozen=True, kw_only=True)
class CreatedEnemy:
    """An enemy a monster card puts into play, shown by a face-down arsenal card."""

    name: str
    area: Area
    weapons: tuple[Weapon, ...]
    armor: int
    skill: int
    health: int
    abilities: tuple[EnemyAbility, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Monster(Card):
    """A monster or monster king. A card without `health` has no body of its own: it only creates."""

    DEALT_BY_COPIES: ClassVar[bool] = False  # one of each

    king: bool = False
    night: bool = False
    area: Area | None = None
    weapons: tuple[Weapon, ...] = ()
    armor: int = 0
    skill: int = 0
    health: int | None = None
    abilities: tuple[EnemyAbility, ...] = ()
    creates: tuple[CreatedEnemy, ...] = ()

    def created(self, name: str) -> CreatedEnemy:
        for enemy in self.creates:
            if enemy.name == name:
                return enemy
        raise KeyError(f"{self.id} creates no {name!r}")


@dataclass(frozen=True, kw_only=True)
class Challenge(Card):
    DEALT_BY_COPIES: ClassVar[bool] = False  # one of each
    story: int
    monsters: tuple[str, ...]
    king: str
    ability: EnemyAbility


# What a game starts with when none is chosen: a party of each class for each side, and the solo
# game's four monsters and king.
STARTER_PARTY = ("sellsword", "bard", "shadow-mage", "war-priest")
SECOND_PARTY = ("grave-knight", "archer", "wizard", "dreamer")
STARTER_MONSTERS = ("gladiator", "goblins", "ratman", "sphinx")
STARTER_KING = "sekzar"


@dataclass(frozen=True)
class Catalog:
    arsenal: dict[str, ArsenalCard]
    heroes: dict[str, Hero]
    damage: dict[str, DamageCard]
    monsters: dict[str, Monster]
    challenges: dict[str, Challenge]

    def damage_card_for(self, hero_class: str) -> str:
        """The first damage card of a class: the default when a party names none."""
        for card in self.damage.values():
            if card.hero_class == hero_class:
                return card.id
        raise KeyError(f"no damage card for class {hero_class!r}")


@cache
def catalog() -> Catalog:
    """Every card, loaded and cross-checked once."""
    root = data_root() / "to_the_death"
    arsenal = load_cards(root / "arsenal.yaml", ArsenalCard)
    for card in arsenal.values():
        if card.id != card_id(card.suit, card.value):
            raise DataError(
                root / "arsenal.yaml",
                "must be suit:value, e.g. 'fighter:5'",
                card=card.id,
                field="id",
            )
    if len(arsenal) != ARSENAL_SIZE:
        raise DataError(
            root / "arsenal.yaml", f"holds {len(arsenal)} cards, the game has {ARSENAL_SIZE}"
        )
    heroes = load_cards(root / "heroes.yaml", Hero)
    for hero in heroes.values():
        if len(hero.abilities) != 3:
            raise DataError(
                root / "heroes.yaml", "a hero has three abilities", card=hero.id, field="abilities"
            )
    damage = load_cards(root / "damage.yaml", DamageCard)
    for suit in SUITS:  # every hero of a class takes its class's damage card
        if not any(card.hero_class == suit for card in damage.values()):
            raise DataError(root / "damage.yaml", f"no damage card for the {suit} class")
    for name, party in (("STARTER_PARTY", STARTER_PARTY), ("SECOND_PARTY", SECOND_PARTY)):
        for hero in party:  # the parties a game starts with when none is chosen
            if hero not in heroes:
                problem = f"no hero {hero!r}, which the default party ({name}) needs"
                raise DataError(root / "heroes.yaml", problem)
    monsters = load_cards(root / "monsters.yaml", Monster)
    for monster in (*STARTER_MONSTERS, STARTER_KING):
        if monster not in monsters:
            problem = f"no monster {monster!r}, which the default solo game needs"
            raise DataError(root / "monsters.yaml", problem)
    challenges = load_cards(root / "challenges.yaml", Challenge)
    for challenge in challenges.values():
        named = [(f"monsters[{i}]", name) for i, name in enumerate(challenge.monsters)]
        for field, name in [*named, ("king", challenge.king)]:
            if name not in monsters:
                raise DataError(
                    root / "challenges.yaml",
                    f"unknown monster {name!r}",
                    card=challenge.id,
                    field=field,
                )
    return Catalog(arsenal, heroes, damage, monsters, challenges)
