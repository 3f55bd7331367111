"""Card data: YAML files in ``data/<game>/`` loaded into typed, validated, frozen dataclasses.

Files are read with ``yaml.safe_load`` only. Every error names the file, the card and the field, so
an owner typing in their real cards can find the mistake. Card types subclass :class:`Card` and
declare their fields with ordinary type hints, which :func:`load_cards` checks.
"""

from __future__ import annotations

import dataclasses
import os
import types
import typing
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

import yaml

SOURCES = ("rulebook", "constructed")


class DataError(ValueError):
    """A problem in a data file, naming the file, the card and the field."""

    def __init__(
        self, file: str | Path, problem: str, card: str | None = None, field: str | None = None
    ):
        self.file, self.card, self.field, self.problem = str(file), card, field, problem
        where = str(file)
        if card is not None:
            where += f": card {card!r}"
        if field is not None:
            where += f", field {field!r}"
        super().__init__(f"{where}: {problem}")


@dataclasses.dataclass(frozen=True, kw_only=True)
class Card:
    """What every card has. `source` says whether it is printed in the rulebook or constructed by us;
    `copies` is how many identical cards the deck holds."""

    id: str
    name: str
    source: Literal["rulebook", "constructed"]
    copies: int = 1
    text: str = ""

    # Whether the game deals this kind of card by its copies (a deck, a supply). A kind the game
    # has one of each of (a hero, an episode) says False, and there `copies` is refused rather
    # than silently ignored.
    DEALT_BY_COPIES: typing.ClassVar[bool] = True


C = TypeVar("C", bound=Card)

# Whole numbers on cards are counts, sizes and values: 0 or more. A field that may be negative (a
# penalty) says so with this type.
Signed = Annotated[int, "may be negative"]


DATA_VARIABLE = "DEATH_TOOLKIT_DATA"
MAX_COPIES = 1_000  # of one card: a box holds dozens; more is a typo, and a deck is built of them
MAX_FILE = 5_000_000  # bytes of one data file: the largest shipped is tens of kilobytes


def data_root() -> Path:
    """The folder named by the ``DEATH_TOOLKIT_DATA`` environment variable (an owner's copy of the
    data with their real cards, which an installed wheel's folder is not the place for), else
    ``data/`` beside the package in a checkout, or ``toolkit/data`` inside an installed wheel."""
    chosen = os.environ.get(DATA_VARIABLE)
    if chosen:
        folder = Path(chosen).expanduser()
        if not folder.is_dir():
            raise DataError(folder, f"no such folder (named by {DATA_VARIABLE})")
        return folder
    here = Path(__file__).resolve().parent
    for candidate in (here / "data", here.parent / "data"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(
        "the toolkit's data folder is missing (neither toolkit/data nor ../data)"
    )


MAX_DEPTH = 32  # card data nests a few levels; a deeper file is a mistake or an attack

_FAST_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml, where it is installed


class _StrictLoader(_FAST_LOADER):
    """The safe loader (libyaml's where installed: 20,000 cards load in a second, not 18), which
    refuses a key given twice in one mapping instead of keeping the last silently."""

    def construct_mapping(self, node, deep=False):
        seen = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=True)
            if not isinstance(key, typing.Hashable):
                raise yaml.constructor.ConstructorError(
                    None, None, "a list or a mapping cannot be a key", key_node.start_mark
                )
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"the key {key!r} is given twice", key_node.start_mark
                )
            seen.add(key)
        return super().construct_mapping(node, deep)


def _check_shape(text: str, path: Path) -> None:
    """Read the file's events once before building anything: anchors and aliases are refused
    (a few lines of nested aliases expand to millions of objects, and an alias can refer to
    itself) and so is nesting deeper than :data:`MAX_DEPTH` (libyaml's builder recurses, and a
    file of many brackets would crash it). The event scanner keeps its own stack, so this pass
    is safe on any file."""
    depth = 0
    for event in yaml.parse(text, Loader=_FAST_LOADER):
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            line = event.start_mark.line + 1
            raise DataError(path, f"line {line}: anchors and aliases (&, *) are not allowed")
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                line = event.start_mark.line + 1
                raise DataError(path, f"line {line}: nested more than {MAX_DEPTH} levels deep")
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


def load_yaml(path: str | Path) -> Any:
    """A data file's contents, read with the safe loader only; every problem is a DataError that
    names the file."""
    path = Path(path)
    try:
        with open(path, "rb") as file:
            raw = file.read(MAX_FILE + 1)
        if len(raw) > MAX_FILE:
            raise DataError(
                path, f"larger than a data file can be ({MAX_FILE // 1_000_000} MB at most)"
            )
    except OSError as error:
        raise DataError(path, f"cannot be read: {error.strerror}") from None
    return read_yaml(raw, path)


def read_yaml(raw: bytes | str, path: str | Path) -> Any:
    """YAML text read as a data file is (safe loader, no anchors or aliases, no key given twice,
    nested a few levels at most); every problem is a DataError that names `path`."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        _check_shape(text, path)
        return yaml.load(text, Loader=_StrictLoader)  # noqa: S506 (a SafeLoader subclass)
    except yaml.YAMLError as error:
        raise DataError(path, f"not valid YAML: {_one_line(error)}") from None
    except UnicodeDecodeError as error:
        raise DataError(path, f"not UTF-8 text (byte {error.start})") from None


def _one_line(error: yaml.YAMLError) -> str:
    """PyYAML's message spans lines (context, a quoted snippet); an owner needs where and what."""
    mark = getattr(error, "problem_mark", None)
    problem = getattr(error, "problem", None) or str(error)
    where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""
    return where + " ".join(problem.split())


def load_cards(path: str | Path, card_type: type[C], key: str = "cards") -> dict[str, C]:
    """Load the list under `key` in a YAML file as `card_type` objects, keyed by id, in file order."""
    path = Path(path)
    document = load_yaml(path)
    if not isinstance(document, dict) or not isinstance(document.get(key), list):
        raise DataError(path, f"expected a mapping with a list under {key!r}")
    cards: dict[str, C] = {}
    for index, raw in enumerate(document[key]):
        card = build(card_type, raw, path, f"#{index + 1}")
        if card.id in cards:
            raise DataError(path, "duplicate id", card=card.id, field="id")
        cards[card.id] = card
    return cards


def load_game_cards(game_dir: str, files: dict[str, type[Card]]) -> dict[str, dict[str, Card]]:
    """Load several files of one game's data folder, e.g. ``{"quests.yaml": Quest}``."""
    root = data_root() / game_dir
    return {name: load_cards(root / name, card_type) for name, card_type in files.items()}


def build(card_type: type[C], raw: Any, path: Path, label: str, within: str = "") -> C:
    """Check one raw mapping against the dataclass and build it. `within` is the field a nested
    mapping sits in (``effects[0]``), so that its own fields are named from the card down."""
    prefix = f"{within}." if within else ""
    if not isinstance(raw, dict):
        problem = f"expected a mapping, got {type(raw).__name__}"
        raise DataError(path, problem, card=label, field=within or None)
    card_label = label if within else str(raw.get("id", label))
    hints = _hints(card_type)
    fields = {f.name: f for f in dataclasses.fields(card_type)}
    unknown = sorted(set(raw) - set(fields))
    if unknown:
        raise DataError(
            path,
            f"unknown field (expected one of {sorted(fields)})",
            card=card_label,
            field=prefix + str(unknown[0]),
        )
    values = {}
    for name, field in fields.items():
        if name not in raw:
            if (
                field.default is dataclasses.MISSING
                and field.default_factory is dataclasses.MISSING
            ):
                raise DataError(
                    path, "missing required field", card=card_label, field=prefix + name
                )
            continue
        values[name] = _check(raw[name], hints[name], path, card_label, prefix + name)
    if "copies" in values:
        copies = values["copies"]
        if not 1 <= copies <= MAX_COPIES:
            problem = f"must be 1 to {MAX_COPIES:,}, not {str(copies)[:20]}"
            raise DataError(path, problem, card=card_label, field=prefix + "copies")
        if copies != 1 and not card_type.DEALT_BY_COPIES:
            problem = f"a {card_type.__name__} is never dealt by copies: the game has one of each"
            raise DataError(path, problem, card=card_label, field=prefix + "copies")
    if "id" in values and (not isinstance(values["id"], str) or not values["id"].strip()):
        raise DataError(path, "an id cannot be empty", card=label, field=prefix + "id")
    try:
        return card_type(**values)
    except (TypeError, ValueError) as error:
        raise DataError(path, str(error), card=card_label, field=within or None) from None


@cache
def _hints(card_type: type) -> dict[str, Any]:
    return typing.get_type_hints(card_type, include_extras=True)


def _check(value: Any, hint: Any, path: Path, card: str, field: str) -> Any:
    """Return `value` converted to `hint` (lists to tuples), or raise a DataError saying why not."""

    def fail(expected: str) -> typing.NoReturn:
        raise DataError(path, f"expected {expected}, got {value!r}", card=card, field=field)

    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return value
    if origin is Annotated:
        if hint == Signed:
            if isinstance(value, bool) or not isinstance(value, int):
                fail("a whole number")
            return value
        return _check(value, args[0], path, card, field)
    if origin is Literal:
        if value not in args:
            fail("one of " + ", ".join(repr(a) for a in args))
        return value
    if origin in (typing.Union, types.UnionType):
        for option in args:
            if option is type(None):
                if value is None:
                    return None
                continue
            try:
                return _check(value, option, path, card, field)
            except DataError:
                continue
        fail(" or ".join(getattr(a, "__name__", str(a)) for a in args))
    if origin in (list, tuple):
        if not isinstance(value, list):
            fail("a list")
        item_hint = args[0] if args else Any
        return tuple(_check(v, item_hint, path, card, f"{field}[{i}]") for i, v in enumerate(value))
    if origin is dict:
        if not isinstance(value, dict):
            fail("a mapping")
        key_hint, value_hint = args or (Any, Any)
        return {
            _check(k, key_hint, path, card, field): _check(
                v, value_hint, path, card, f"{field}.{k}"
            )
            for k, v in value.items()
        }
    if dataclasses.is_dataclass(hint):
        return build(hint, value, path, card, within=field)
    if hint is bool:
        if not isinstance(value, bool):
            fail("true or false")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            fail("a whole number")
        if value < 0:
            fail("a whole number, 0 or more")
        return value
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            fail("a number")
        return float(value)
    if hint is str:
        if not isinstance(value, str):
            fail("text")
        return value
    raise TypeError(f"unsupported field type {hint!r} for {field}")


def expand(cards: dict[str, Card]) -> list[str]:
    """Every physical card's id, a card with `copies: 3` listed three times (a deck's contents)."""
    return [card.id for card in cards.values() for _ in range(card.copies)]
