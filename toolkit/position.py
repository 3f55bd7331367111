"""Your own table: a position described as one seat sees it, and a game state built from it.

A *description* is plain data (a YAML or JSON mapping) of what one seat knows at a decision: the
public table, its own hand and what else it has seen, whose turn it is and at which question, and
counts where the seat knows only counts. What the seat cannot see is not described. Each game's
``position`` module reads and writes its own fields, in words of the table (card names or ids,
dice as faces, spaces by name); every description also has these:

``game``
    the game's slug (``epic-death``);
``players``
    how many sit at the table;
``seat``
    the seat whose view this is (0 is the first player), the one to act at ``decision``;
``seed`` (optional)
    the seed of the generator that shuffles from here on (0 if left out).

:meth:`~toolkit.games.GameSpec.describe` gives the description of a real game's position and
:meth:`~toolkit.games.GameSpec.position` a state built from one: the cards the seat cannot see
are dealt to their places in a fixed order, and the seat's view (``players_view``) deals them
again as chance, so the numbers beside the seat's choices are those of the game described. A
state built from a description remembers it (``description``) and saves it with the moves made
since, in place of a seed and a whole game's moves. :func:`description_yaml` writes a
description as the rules notes do; the widget's Describe button and ``death-toolkit describe``
print it so.

A game's ``position`` module may also name what a player can *pick* on screen (:class:`Pick`,
its ``picks(description)``): the quest, a die's face, a hand of cards, a figure's space. The
widget's Set up panel offers each as a menu that writes its value into the description
(:func:`picked`) and sets the position up at once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from copy import deepcopy
from dataclasses import dataclass
from typing import Any

import yaml

from toolkit.data import DataError, read_yaml

MAX_POSITION = 1_000_000  # bytes: a description of the largest table is a few kilobytes
COMMON = ("game", "players", "seat", "seed")


class PositionError(ValueError):
    """The one error a description that cannot happen gives: `field` names the part of it that
    is wrong (``hand``, ``quest.dice[2]``), `problem` says why in words."""

    def __init__(self, field: str, problem: str):
        self.field, self.problem = field, problem
        super().__init__(f"bad position: {field}: {problem}")


def parse(text: str | bytes, source: str = "the position") -> dict:
    """A description from YAML (or JSON) text: one mapping, read as the card data is (the safe
    loader; no anchors or aliases, no field given twice, a few levels deep at most)."""
    if len(text) > MAX_POSITION:
        raise PositionError("(file)", f"{source} is larger than a position can be")
    try:
        data = read_yaml(text, source)
    except DataError as error:
        raise PositionError("(file)", error.problem) from None
    if not isinstance(data, dict):
        raise PositionError("(file)", f"{source} holds no mapping of fields")
    return data


class _TableDumper(yaml.SafeDumper):
    """YAML as the rules notes write a position: a list of plain values, or a mapping of plain
    values and such lists (one adventurer, one move), on one line; the rest in blocks."""


def _plain(value) -> bool:
    return not isinstance(value, dict | list)


def _flat(value) -> bool:
    return _plain(value) or (isinstance(value, list) and all(map(_plain, value)))


def _represent_dict(dumper: _TableDumper, data: dict):
    top = not getattr(dumper, "_inside", False)  # the description itself stays in blocks
    dumper._inside = True
    flow = not top and all(map(_flat, data.values()))
    return dumper.represent_mapping("tag:yaml.org,2002:map", data.items(), flow_style=flow)


def _represent_list(dumper: _TableDumper, data: list):
    return dumper.represent_sequence(
        "tag:yaml.org,2002:seq", data, flow_style=all(map(_plain, data))
    )


_TableDumper.add_representer(dict, _represent_dict)
_TableDumper.add_representer(list, _represent_list)


def description_yaml(description: dict) -> str:
    """A description of a position as YAML that reads like the rules notes' examples (keys in
    the description's order, short lists and entries on one line)."""
    return yaml.dump(description, Dumper=_TableDumper, sort_keys=False, width=96)


def common(description: Any, game: str, min_players: int, max_players: int) -> tuple[int, int]:
    """The fields every description has, checked: (players, seat)."""
    if not isinstance(description, Mapping):
        raise PositionError("(file)", "a position is a mapping of fields")
    if description.get("game") != game:
        got = written(description.get("game"))  # a missing game reads "nothing", not None
        raise PositionError("game", f"expected {written(game)}, got {got}")
    players = whole(description, "players", min_players, max_players)
    seat = whole(description, "seat", 0, players - 1)
    if "seed" in description:
        whole(description, "seed", 0, 2**63)
    return players, seat


def field(description: Mapping, name: str, kind: type | tuple[type, ...], default: Any = ...):
    """``description[name]``, checked to be of `kind` (a missing field is `default`, or an error
    if there is none)."""
    if name not in description:
        if default is ...:
            raise PositionError(name, "missing")
        return default
    value = description[name]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        kinds = kind if isinstance(kind, tuple) else (kind,)
        names = " or ".join(KIND_WORDS.get(k, k.__name__) for k in kinds)
        raise PositionError(name, f"expected {names}, got {written(value)}")
    return value


#: What a field of each kind holds, in the words a description's reader uses.
KIND_WORDS = {
    int: "a whole number",
    str: "a name",
    bool: "true or false",
    list: "a list",
    dict: "a mapping of fields",
}


def written(value: Any) -> str:
    """A value as a description writes it (YAML's flow style: ``[a, b]``, ``{hand: 3}``), for an
    error to quote what it refuses in the reader's own notation."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "nothing"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {written(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(written(item) for item in value) + "]"
    return repr(value) if isinstance(value, str) else str(value)


def whole(description: Mapping, name: str, low: int, high: int, default: Any = ...) -> int:
    """A whole number from ``low`` to ``high`` (both included)."""
    value = field(description, name, int, default)
    if value is not default and not low <= value <= high:
        raise PositionError(name, f"{value} is not from {low} to {high}")
    return value


def one_of(description: Mapping, name: str, choices: Iterable[str], default: Any = ...) -> str:
    """A name that must be one of `choices`."""
    value = field(description, name, str, default)
    known = list(choices)
    if value is not default and value not in known:
        raise PositionError(name, f"{value!r} is not one of {', '.join(map(repr, known))}")
    return value


def card_list(description: Mapping, name: str, cards: Mapping[str, int], default: Any = ...):
    """A list of card ids, each one of `cards` (id -> copies in the game)."""
    value = field(description, name, list, default)
    if value is default:
        return value
    for index, card in enumerate(value):
        if not isinstance(card, str) or card not in cards:
            raise PositionError(f"{name}[{index}]", f"no card {card!r} in this game")
    return list(value)


def count_copies(places: Mapping[str, Iterable[str]], copies: Mapping[str, int]) -> Counter:
    """Check that the cards the description places (field -> its cards) are no more copies of
    each card than the game has (`copies`); a card with one copy named twice is "in two places".
    Returns how many of each card are placed."""
    placed: Counter = Counter()
    first: dict[str, str] = {}
    for name, cards in places.items():
        for card in cards:
            placed[card] += 1
            if placed[card] > copies.get(card, 0):
                if copies.get(card, 0) == 1:
                    raise PositionError(name, f"{card!r} is also in {first[card]}")
                raise PositionError(
                    name, f"more than the {copies.get(card, 0)} copies of {card!r} the game has"
                )
            first.setdefault(card, name)
    return placed


def unknown_fields(description: Mapping, known: Iterable[str]) -> None:
    """Refuse a field the game does not read (a misspelt one would silently mean nothing)."""
    allowed = set(COMMON) | set(known)
    for name in description:
        if name not in allowed:
            raise PositionError(str(name), "no such field in this game's positions")


@contextmanager
def inside(where: str) -> Iterator[None]:
    """Read a part of the description (an entry of a list, a nested mapping): an error in it
    names its field with the part's place, ``parties[1].fate_cards``."""
    try:
        yield
    except PositionError as error:
        raise PositionError(
            f"{where}.{error.field}" if error.field else where, error.problem
        ) from None


def within(where: str, reader: Callable, *args: Any, **options: Any) -> Any:
    """One of the readers above (:func:`field`, :func:`whole`, ...) applied to a part of the
    description at `where`: ``within("party[1]", whole, entry, "holds", 0, 5)``."""
    with inside(where):
        return reader(*args, **options)


def part(value: Any, known: Iterable[str], what: str = "here") -> Mapping:
    """A part of the description that must be a mapping of the fields `known` only (read it
    :func:`inside` its place, or :func:`within` it, so that an error names the place); `what`
    says which part it is in the error ("of an enemy")."""
    if not isinstance(value, Mapping):
        raise PositionError("", f"expected a mapping of fields, got {written(value)}")
    allowed = set(known)
    for name in value:
        if name not in allowed:
            raise PositionError(str(name), f"no such field {what}")
    return value


Path = tuple  # keys and list indexes into a description: ("parties", 1, "fate_cards")


@dataclass(frozen=True)
class Pick:
    """One thing a player can pick to set up a position: where its value sits in the
    description (`path`), what it is called at the table (`label`, "the quest", "die 2",
    "your hand"), and the values it can take, each with its name in words (`options`: pairs of
    (words, value)). With `many`, the value is a list of options (a hand, the Pool), an option
    named as often as it is in the list; else it is one of them. Where a pick must change more
    than its own place (a card in hand that a decision's options also name), `write` makes the
    changed description from the old one and the value, in place of :func:`picked`."""

    path: Path
    label: str
    options: tuple[tuple[str, Any], ...]
    many: bool = False
    write: Callable[[Mapping, Any], dict] | None = None

    def apply(self, description: Mapping, value: Any) -> dict:
        """A copy of `description` with this pick set to `value`."""
        if self.write is not None:
            return self.write(deepcopy(dict(description)), value)
        return picked(description, self.path, value)

    def words(self, value: Any) -> str:
        """The name in words of one of the options' values (the value itself if none has it)."""
        for words, option in self.options:
            if option == value:
                return words
        return str(value)


def field_name(path: Path) -> str:
    """A path's place as an error names a field: ``parties[1].fate_cards``."""
    return "".join(f"[{key}]" if isinstance(key, int) else f".{key}" for key in path).lstrip(".")


def at(description: Any, path: Path, default: Any = None) -> Any:
    """The value at `path` in a description, or `default` where the path leads nowhere."""
    value = description
    for key in path:
        try:
            value = value[key]
        except (KeyError, IndexError, TypeError):
            return default
    return value


def picked(description: Mapping, path: Path, value: Any) -> dict:
    """A copy of `description` with `value` at `path` (the description itself is unchanged). The
    path's parts above the last must exist, and a list's entry too (a pick only changes what a
    description has)."""
    changed = deepcopy(dict(description))
    *above, last = path
    place = at(changed, tuple(above))
    missing = isinstance(place, list) and not (
        type(last) is int and -len(place) <= last < len(place)
    )
    if missing or not isinstance(place, (dict, list)):
        raise PositionError(field_name(path), "no such place in this description")
    place[last] = deepcopy(value)
    return changed
