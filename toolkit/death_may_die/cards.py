"""Card types of Death May Die and their loading from ``data/death_may_die/``.

Effects are data too: a small vocabulary (``do: stress``, ``do: summon`` ...) that
:mod:`toolkit.death_may_die.effects` carries out, one registered function a kind, with parameters
in the YAML. Every loaded reference is checked (an effect naming an unknown enemy or item is an
error naming the file and card).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import ClassVar, Literal

from toolkit.data import Card, DataError, Signed, build, data_root, load_cards, load_yaml
from toolkit.death_may_die.board import MapError, load_board
from toolkit.dist import Dist

EFFECT_KINDS = (
    "stress", "sanity", "wounds", "heal_wounds", "heal_stress", "fire", "move_enemies",
    "elder_moves", "summon", "summon_elder", "item", "companion", "condition", "roll",
    "remove_token", "ward_gate",
)  # fmt: skip
SKILL_KINDS = ("attack", "test", "guard", "resolve")
MAX_SEATS = 4  # investigators at the table, one a seat
TableSize = Literal[1, 2, 3, 4]  # how many investigators play, one a seat


@dataclass(frozen=True, kw_only=True)
class Effect:
    """One step of a card. `who` is the active investigator unless it says all. `players` names
    the table sizes at which the step happens (a card scaled to the number of investigators);
    empty, it happens at every size."""

    do: Literal[EFFECT_KINDS]  # type: ignore[valid-type]
    amount: int = 1
    who: Literal["you", "all"] = "you"
    enemy: str = ""
    gate: Literal["", "red", "yellow", "blue"] = ""
    card: str = ""
    need: int = 0
    on_success: tuple[Effect, ...] = ()
    on_failure: tuple[Effect, ...] = ()
    players: tuple[TableSize, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Summon:
    gate: Literal["red", "yellow", "blue"]
    enemy: str


@dataclass(frozen=True, kw_only=True)
class Choice:
    label: str
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Enemy(Card):
    DEALT_BY_COPIES: ClassVar[bool] = False  # one of each
    health: int
    black: int
    green: int = 0
    figures: int
    elder: Literal["none", "fire", "stress"] = "none"  # what its elder signs do to you


@dataclass(frozen=True, kw_only=True)
class Stage:
    number: int
    name: str = ""
    health: int = 0
    black: int = 0
    green: int = 0
    reveal: tuple[Effect, ...] = ()
    end_of_turn: tuple[Effect, ...] = ()
    advance: tuple[Effect, ...] = ()


@dataclass(frozen=True, kw_only=True)
class ElderOne(Card):
    DEALT_BY_COPIES: ClassVar[bool] = False  # one of each
    stages: tuple[Stage, ...]


@dataclass(frozen=True, kw_only=True)
class EpisodeAction:
    id: str
    name: str
    text: str = ""
    token: str = ""  # needs a space holding this token
    gate: bool = False  # needs a space with an unwarded gate
    need: int = 1
    on_success: tuple[Effect, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Episode(Card):
    """An episode: its map, ritual and two actions, and what happens each time the Elder One
    advances. `teams` are the investigators it deals when none are chosen, at most one team a
    table size (a game of a size it does not name takes the first investigators in order)."""

    DEALT_BY_COPIES: ClassVar[bool] = False  # one of each
    map: str
    ritual_token: str
    actions: tuple[EpisodeAction, ...]
    advance: tuple[Effect, ...] = ()
    teams: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True, kw_only=True)
class MythosCard(Card):
    DEALT_BY_COPIES: ClassVar[bool] = False  # one of each
    deck: str
    elder_symbol: bool
    effects: tuple[Effect, ...] = ()
    summons: tuple[Summon, ...] = ()


@dataclass(frozen=True, kw_only=True)
class DiscoveryCard(Card):
    effects: tuple[Effect, ...] = ()
    choices: tuple[Choice, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Item(Card):
    attack_green: int = 0
    test_green: int = 0


@dataclass(frozen=True, kw_only=True)
class Companion(Card):
    health: int
    skill: Literal["attack", "test", "guard", "resolve"]


@dataclass(frozen=True, kw_only=True)
class Condition(Card):
    """A state an investigator is in; it may take green dice away (a negative number)."""

    DEALT_BY_COPIES: ClassVar[bool] = False  # one of each

    attack_green: Signed = 0
    test_green: Signed = 0


@dataclass(frozen=True, kw_only=True)
class Investigator(Card):
    DEALT_BY_COPIES: ClassVar[bool] = False  # one of each
    colour: str
    skills: tuple[Literal["attack", "test", "guard", "resolve"], ...]


@dataclass(frozen=True, kw_only=True)
class InsanityCard(Card):
    DEALT_BY_COPIES: ClassVar[bool] = False  # one of each
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True, kw_only=True)
class SkillKind:
    name: str
    per_level: tuple[int, ...]
    text: str = ""


@dataclass(frozen=True, kw_only=True)
class SanityTrack:
    """Spaces 0 (sane) to `last` (consumed by madness). Loss stops at the next red space beyond
    the marker, the rest of the loss ignored; each bonus space met or passed adds a green die."""

    last: int
    red: tuple[int, ...]
    bonus: tuple[int, ...]

    def __post_init__(self):
        if not self.red or self.red[-1] != self.last:
            raise ValueError(f"the last sanity space ({self.last}) must be red, got red={self.red}")
        if list(self.red) != sorted(set(self.red)) or list(self.bonus) != sorted(set(self.bonus)):
            raise ValueError("red and bonus spaces must be listed in increasing order")

    def bonus_dice(self, position: int) -> int:
        return sum(1 for space in self.bonus if space <= position)

    def lose(self, position: int, amount: int) -> tuple[int, bool]:
        """(new position, whether a red space was reached) after losing `amount` sanity."""
        if amount <= 0:
            return position, False
        target = min(position + amount, self.last)
        for red in self.red:
            if position < red <= target:
                return red, True
        return target, False

    def after_roll(self, position: int, tentacles: Dist) -> Dist:
        """Distribution of the marker's space after a roll with this tentacle distribution."""
        return tentacles.map(lambda t: self.lose(position, t)[0])


@dataclass(frozen=True, kw_only=True)
class SanityBlock(SanityTrack):
    """rules.yaml's sanity track: the track itself, saying where its numbers come from."""

    source: Literal["rulebook", "constructed", "community"]


@dataclass(frozen=True, kw_only=True)
class Summoning:
    spaces: int
    first_red: int


@dataclass(frozen=True, kw_only=True)
class Rules:
    """The game's numbers, as rules.yaml writes them: every field checked like a card's, so a
    mistake names its field."""

    sanity: SanityBlock
    wounds_to_die: int
    max_stress: int
    summoning: Summoning
    rest_heal: int
    run_steps: int
    max_skill_level: int
    skills: dict[Literal[SKILL_KINDS], SkillKind]  # type: ignore[valid-type]


@dataclass(frozen=True)
class CardSet:
    """Everything the engine reads, loaded once."""

    rules: Rules
    enemies: dict[str, Enemy]
    elder_ones: dict[str, ElderOne]
    episodes: dict[str, Episode]
    mythos: dict[str, MythosCard]
    discovery: dict[str, DiscoveryCard]
    items: dict[str, Item]
    companions: dict[str, Companion]
    conditions: dict[str, Condition]
    investigators: dict[str, Investigator]
    insanity: dict[str, InsanityCard]


def skill_value(cards: CardSet, me: dict, kind: str) -> int:
    """What `me`'s skill `kind` gives (green dice, successes cancelled, tentacles ignored): its
    level, one more for each companion of that skill (capped at the top level), read from the
    rules' table. The engine and the bots read a skill here alike."""
    level = me["skills"].get(kind, 0)
    level += sum(1 for c in me["companions"] if cards.companions[c[0]].skill == kind)
    level = min(level, cards.rules.max_skill_level)
    return cards.rules.skills[kind].per_level[level - 1] if level else 0


def _load_rules() -> Rules:
    path = data_root() / "death_may_die" / "rules.yaml"
    rules = build(Rules, load_yaml(path), path, "rules")
    missing = [kind for kind in SKILL_KINDS if kind not in rules.skills]
    if missing:
        raise DataError(path, "missing skill kind", card="rules", field=f"skills.{missing[0]}")
    return rules


@cache
def catalog() -> CardSet:
    """Every card, the rules' numbers and the checked references, loaded once and shared."""
    root = data_root() / "death_may_die"
    assets = root / "assets.yaml"
    cards = CardSet(
        rules=_load_rules(),
        enemies=load_cards(root / "enemies.yaml", Enemy),
        elder_ones=load_cards(root / "elder_ones.yaml", ElderOne),
        episodes=load_cards(root / "episodes.yaml", Episode),
        mythos=load_cards(root / "mythos.yaml", MythosCard),
        discovery=load_cards(root / "discovery.yaml", DiscoveryCard),
        items=load_cards(assets, Item, key="items"),
        companions=load_cards(assets, Companion, key="companions"),
        conditions=load_cards(assets, Condition, key="conditions"),
        investigators=load_cards(root / "investigators.yaml", Investigator),
        insanity=load_cards(root / "insanity.yaml", InsanityCard),
    )
    check_references(cards)
    return cards


def check_references(cards: CardSet) -> None:
    """Every enemy, item, companion and condition an effect names must exist."""
    root = data_root() / "death_may_die"
    files = {
        "mythos.yaml": cards.mythos,
        "discovery.yaml": cards.discovery,
        "elder_ones.yaml": cards.elder_ones,
        "episodes.yaml": cards.episodes,
        "insanity.yaml": cards.insanity,
    }
    for file, group in files.items():
        for card in group.values():
            for field, effect in _effects_of(card):
                _check_effect(cards, root / file, card.id, field, effect)
            for index, summon in enumerate(getattr(card, "summons", ())):
                if summon.enemy not in cards.enemies:
                    raise DataError(
                        root / file,
                        f"unknown enemy {summon.enemy!r}",
                        card=card.id,
                        field=f"summons[{index}].enemy",
                    )
    if not cards.discovery:
        raise DataError(root / "discovery.yaml", "the Discovery deck needs a card", field="cards")
    seats = min(MAX_SEATS, len(cards.investigators))
    if len(cards.insanity) < seats:
        raise DataError(
            root / "insanity.yaml",
            f"the Insanity deck needs a card for each of {seats} investigators, "
            f"has {len(cards.insanity)}",
            field="cards",
        )
    for episode in cards.episodes.values():
        _check_map(cards, episode)
        _check_teams(cards, root / "episodes.yaml", episode)
        if sum(1 for m in cards.mythos.values() if m.deck == episode.id) != 8:
            raise DataError(root / "mythos.yaml", f"episode {episode.id!r} needs 8 Mythos cards")
    for elder in cards.elder_ones.values():
        if sum(1 for m in cards.mythos.values() if m.deck == elder.id) != 8:
            raise DataError(root / "mythos.yaml", f"Elder One {elder.id!r} needs 8 Mythos cards")
        if [s.number for s in elder.stages] != [1, 2, 3, 4]:
            raise DataError(root / "elder_ones.yaml", "stages must be 1, 2, 3, 4", card=elder.id)


def _check_map(cards: CardSet, episode: Episode) -> None:
    """The episode's map loads, and every enemy it sets out is one the cards know."""
    board = load_board(episode.map)
    for index, (enemy, space) in enumerate(board.spawns):
        if enemy not in cards.enemies:
            raise MapError(
                board.path, f"unknown enemy {enemy!r}", space=space, field=f"enemies[{index}].enemy"
            )


def _check_teams(cards: CardSet, path, episode: Episode) -> None:
    """Each of the episode's teams is 1 to 4 known investigators, none twice, one team a size."""
    sizes: set[int] = set()
    for index, team in enumerate(episode.teams):
        field = f"teams[{index}]"
        if not 1 <= len(team) <= MAX_SEATS:
            problem = f"a team is 1 to {MAX_SEATS} investigators, not {len(team)}"
            raise DataError(path, problem, card=episode.id, field=field)
        for name in team:
            if name not in cards.investigators:
                problem = f"unknown investigator {name!r}"
                raise DataError(path, problem, card=episode.id, field=field)
        if len(set(team)) != len(team):
            problem = "an investigator can be in a team once"
            raise DataError(path, problem, card=episode.id, field=field)
        if len(team) in sizes:
            problem = f"a second team of {len(team)}: one team a table size"
            raise DataError(path, problem, card=episode.id, field=field)
        sizes.add(len(team))


def _effects_of(card):
    for name in ("effects", "advance"):
        for index, effect in enumerate(getattr(card, name, ())):
            yield f"{name}[{index}]", effect
    for index, choice in enumerate(getattr(card, "choices", ())):
        for j, effect in enumerate(choice.effects):
            yield f"choices[{index}].effects[{j}]", effect
    for index, stage in enumerate(getattr(card, "stages", ())):
        for name in ("reveal", "end_of_turn", "advance"):
            for j, effect in enumerate(getattr(stage, name)):
                yield f"stages[{index}].{name}[{j}]", effect
    for index, action in enumerate(getattr(card, "actions", ())):
        for j, effect in enumerate(action.on_success):
            yield f"actions[{index}].on_success[{j}]", effect


def _check_effect(cards: CardSet, path, card_id: str, field: str, effect: Effect) -> None:
    known = {
        "item": cards.items,
        "companion": cards.companions,
        "condition": cards.conditions,
    }.get(effect.do)
    if known is not None and effect.card not in known:
        raise DataError(path, f"unknown {effect.do} {effect.card!r}", card=card_id, field=field)
    if effect.do == "summon" and effect.enemy not in cards.enemies:
        raise DataError(path, f"unknown enemy {effect.enemy!r}", card=card_id, field=field)
    if effect.do in ("summon", "summon_elder") and not effect.gate:
        raise DataError(path, "a summon needs a gate", card=card_id, field=field)
    for index, inner in enumerate(effect.on_success):
        _check_effect(cards, path, card_id, f"{field}.on_success[{index}]", inner)
    for index, inner in enumerate(effect.on_failure):
        _check_effect(cards, path, card_id, f"{field}.on_failure[{index}]", inner)
