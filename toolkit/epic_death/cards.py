"""Epic Death! card types and the loading of ``data/epic_death/*.yaml``.

The rulebook prints the kinds of card and what each field means but no card list, so the numbers
on the cards are constructed (see the book's card chapter); an owner can type the real ones into the
YAML files and every calculator follows.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from typing import ClassVar, Literal

from toolkit.data import Card, DataError, data_root, expand, load_cards
from toolkit.epic_death.fate import KINDS, WINDOWS, Plays

Difficulty = Literal["trivial", "mighty", "exalted"]
LootClass = Literal["helmet", "armour", "weapon"]

# Besides its cards (COUNTS), the box holds sixteen dice, so no pool is larger; a quest's pool starts
# with ten of them, before the Fate cards played on it. Odds, engine, help and book read these.
BOX = 16
BASE_POOL = 10


@dataclass(frozen=True, kw_only=True)
class Adventurer(Card):
    DEALT_BY_COPIES: ClassVar[bool] = False  # one of each
    title: str  # the class or quote under the name


@dataclass(frozen=True, kw_only=True)
class Rewards:
    loot: int = 0
    fate: int = 0


@dataclass(frozen=True, kw_only=True)
class Quest(Card):
    """A green Quest (FAIL seal) or a red Epic Quest (EPIC seal)."""

    DEALT_BY_COPIES: ClassVar[bool] = False  # one of each

    epic_quest: bool
    difficulty: Difficulty
    victories: int
    rewards: Rewards
    fail: int = 0  # FAIL added when a green quest is failed
    epic: int = 0  # EPIC added when an Epic Quest kills an adventurer (doubled for EPIC DEATH)

    def __post_init__(self):
        if not 1 <= self.victories <= BOX:
            raise ValueError(
                f"victories must be 1 to {BOX} (the box holds {BOX} dice), got {self.victories}"
            )
        if self.epic_quest and self.fail:
            raise ValueError("an Epic Quest has no FAIL seal")

    def outcome(self, victories: int) -> str:
        """How an attempt with `victories` ends: exactly the target on an Epic Quest is an EPIC
        DEATH ("epic_death"), at least the target a "success", fewer a "fail"."""
        if self.epic_quest and victories == self.victories:
            return "epic_death"
        return "success" if victories >= self.victories else "fail"


@dataclass(frozen=True, kw_only=True)
class Loot(Card):
    loot_class: LootClass
    set: str | None = None
    epic: int


@dataclass(frozen=True, kw_only=True)
class Fate(Card):
    kind: str  # a kind registered in toolkit.epic_death.fate, which says what the card does
    amount: int = 0

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"no Fate kind {self.kind!r} (the kinds are {', '.join(KINDS)})")

    @property
    def timing(self) -> str:
        """The Fate window the card is played in: its kind's."""
        return KINDS[self.kind].window


@dataclass(frozen=True)
class WindowCheck:
    """What the table must show for some card of a Fate window to be playable by a seat, whatever
    it holds: the engine passes a seat over only when none could be."""

    always: bool  # a card of it has no target: the window is open whatever the table shows
    any_seat: tuple[tuple[str, Plays], ...]  # (card, plays) of the cards that play alike for all
    per_seat: tuple[tuple[str, Plays], ...]  # (card, plays) of those that depend on the seat


COUNTS = {"adventurers": 20, "quests": 20, "epic_quests": 20, "loot": 59, "fate": 39}


@dataclass(frozen=True, eq=False)  # compared and hashed by identity: one loaded set, many caches
class CardSet:
    adventurers: dict[str, Adventurer]
    quests: dict[str, Quest]
    epic_quests: dict[str, Quest]
    loot: dict[str, Loot]
    fate: dict[str, Fate]

    def quest(self, quest_id: str) -> Quest:
        """A green Quest or an Epic Quest: the two decks share one card type."""
        return self.quests.get(quest_id) or self.epic_quests[quest_id]

    def copies_of(self, kind: str) -> int:
        """Fate cards of a kind in the deck: at most this many can change one quest's pool."""
        return sum(card.copies for card in self.fate.values() if card.kind == kind)

    @cached_property
    def loot_deck(self) -> tuple[str, ...]:
        """The Loot deck as a game is dealt it before its shuffle, each copy of a card listed."""
        return tuple(expand(self.loot))

    @cached_property
    def fate_deck(self) -> tuple[str, ...]:
        """The Fate deck as a game is dealt it before its shuffle, each copy of a card listed."""
        return tuple(expand(self.fate))

    @cached_property
    def window_plays(self) -> dict[str, dict[str, tuple[str, str] | Plays]]:
        """For each Fate window, what each card played in it needs: a card with no target (the
        commonest) maps to its ready-made action, any other card to its kind's `plays`, which looks
        at the table. One lookup a card in hand tells the engine whether the card can be played
        now, and no tuple is built."""
        windows: dict[str, dict] = {window: {} for window in WINDOWS}
        for card in self.fate.values():
            kind = KINDS[card.kind]
            windows[kind.window][card.id] = kind.plays or ("fate", card.id)
        return windows

    @cached_property
    def window_checks(self) -> dict[str, WindowCheck]:
        """For each Fate window, what the table must show for a card of it to be playable."""
        checks = {}
        for window, plays in self.window_plays.items():
            any_seat, per_seat = [], []
            for card_id, play in plays.items():
                if not isinstance(play, tuple):  # a card that looks at the table
                    mine = KINDS[self.fate[card_id].kind].per_seat
                    (per_seat if mine else any_seat).append((card_id, play))
            always = len(any_seat) + len(per_seat) < len(plays)
            checks[window] = WindowCheck(always, tuple(any_seat), tuple(per_seat))
        return checks

    @cached_property
    def window_cards(self) -> dict[str, frozenset[str]]:
        """For each Fate window, the cards played in it: a seat holding none is offered only
        ``PASS`` after one set test."""
        return {window: frozenset(plays) for window, plays in self.window_plays.items()}


@cache
def catalog() -> CardSet:
    """Every card, loaded from the five files and cross-checked once: the physical counts must be
    the rulebook's (COUNTS)."""
    root = data_root() / "epic_death"
    groups = {
        "adventurers": load_cards(root / "adventurers.yaml", Adventurer),
        "quests": load_cards(root / "quests.yaml", Quest),
        "epic_quests": load_cards(root / "epic_quests.yaml", Quest),
        "loot": load_cards(root / "loot.yaml", Loot),
        "fate": load_cards(root / "fate.yaml", Fate),
    }
    for name, expected in COUNTS.items():
        physical = sum(card.copies for card in groups[name].values())
        if physical != expected:
            raise DataError(
                root / f"{name}.yaml", f"holds {physical} cards, the game has {expected}"
            )
    for name, wanted in (("quests", False), ("epic_quests", True)):
        for card in groups[name].values():
            if card.epic_quest != wanted:
                raise DataError(
                    root / f"{name}.yaml", f"must be {wanted}", card=card.id, field="epic_quest"
                )
    seen: set[str] = set()
    for name, group in groups.items():
        clash = seen & set(group)
        if clash:
            raise DataError(
                root / f"{name}.yaml", "id used in another file too", card=min(clash), field="id"
            )
        seen |= set(group)
    return CardSet(**groups)
