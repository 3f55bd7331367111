"""The black and green dice as data, and the exact joint distribution of a roll.

A face is a set of symbols (success, tentacle, elder sign); a roll's result is the vector
``(successes, tentacles, elders)``. Dice faces live in ``data/death_may_die/dice.yaml``; the
rulebook does not print them, so they carry ``source: community``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Literal

from toolkit.data import DataError, build, data_root, load_yaml
from toolkit.dist import Dist

SYMBOLS = ("success", "tentacle", "elder")
SYMBOL_NAMES = {"success": "success", "tentacle": "tentacle", "elder": "elder sign"}
Result = tuple[int, int, int]  # (successes, tentacles, elder signs)


@dataclass(frozen=True, kw_only=True)
class Die:
    """One kind of die: its faces in printed order (a face may repeat)."""

    id: str
    name: str
    source: Literal["rulebook", "constructed", "community"]
    colour: str
    faces: tuple[str, ...]

    def __post_init__(self):
        if len(self.faces) != 6:
            raise ValueError(f"a die has 6 faces, not {len(self.faces)}")
        for face in self.faces:
            face_symbols(face)

    def distinct_faces(self) -> dict[str, int]:
        """Each different face with how many of the six sides show it."""
        return dict(Counter(self.faces))

    @cached_property
    def totals(self) -> dict[Result, int]:
        """Each different (successes, tentacles, elders) with how many sides show it: the die
        as a polynomial, worked out once with the loaded die."""
        totals: dict[Result, int] = {}
        for face in self.faces:
            totals[face_symbols(face)] = totals.get(face_symbols(face), 0) + 1
        return totals

    def distribution(self) -> Dist:
        """The (successes, tentacles, elders) of one throw."""
        return Dist.uniform(face_symbols(face) for face in self.faces)


@cache
def face_symbols(face: str) -> Result:
    """``"success+tentacle"`` -> (1, 1, 0); ``"blank"`` -> (0, 0, 0)."""
    if face == "blank":
        return (0, 0, 0)
    parts = face.split("+")
    unknown = [p for p in parts if p not in SYMBOLS]
    if unknown:
        raise ValueError(f"unknown symbol {unknown[0]!r} in face {face!r} (known: {SYMBOLS})")
    return tuple(parts.count(symbol) for symbol in SYMBOLS)


def face_parts(face: str) -> tuple[str, ...]:
    """The symbols a face shows, in order: "success+tentacle" -> ("success", "tentacle")."""
    return () if face == "blank" else tuple(face.split("+"))


@cache
def face_label(face: str) -> str:
    """A face as a person says it: "success+tentacle" -> "success and tentacle". Remembered (a
    handful of faces): every roll's log line names each die's face."""
    return " and ".join(SYMBOL_NAMES[p] for p in face_parts(face)) or "blank"


def count(n: int, singular: str, plural: str = "") -> str:
    """``count(2, "tentacle")`` is "2 tentacles": a number of things, for the log."""
    return f"{n} {singular if n == 1 else plural or singular + 's'}"


def faces_text(faces) -> str:
    """The dice of a roll as a person reads them: "black success, green blank"."""
    return ", ".join(f"{colour} {face_label(face)}" for colour, face in faces) or "no dice"


@cache
def load_dice() -> dict[str, Die]:
    """The dice in ``dice.yaml`` keyed by id (``black``, ``green``)."""
    path = data_root() / "death_may_die" / "dice.yaml"
    document = load_yaml(path)
    if not isinstance(document, dict) or not isinstance(document.get("dice"), list):
        raise DataError(path, "expected a mapping with a list under 'dice'")
    dice = {}
    for index, raw in enumerate(document["dice"]):
        die = build(Die, raw, path, f"#{index + 1}")
        dice[die.id] = die
    for needed in ("black", "green"):
        if needed not in dice:
            raise DataError(path, f"the {needed!r} die is missing")
    return dice


def add_results(a: Result, b: Result) -> Result:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def face_counts(colour: str, features: tuple[int, ...] = (0, 1, 2)) -> dict[tuple[int, ...], int]:
    """One die as a small polynomial: each different total of the chosen symbols (indices into
    :data:`SYMBOLS`) with how many of its six sides show it. Black, successes only:
    ``{(0,): 3, (1,): 3}``."""
    totals = load_dice()[colour].totals
    if features == (0, 1, 2):
        return dict(totals)
    counts: dict[tuple[int, ...], int] = {}
    for symbols, sides in totals.items():
        key = tuple([symbols[i] for i in features])
        counts[key] = counts.get(key, 0) + sides
    return counts


def roll_counts(
    black: int, green: int = 0, features: tuple[int, ...] = (0, 1, 2)
) -> dict[tuple[int, ...], int]:
    """How many of the ``6 ** (black + green)`` equally likely ordered rolls give each total of
    the chosen symbols: each die's polynomial (:func:`face_counts`) multiplied in once per die.

    A plain roll needs nothing more: a question about successes alone multiplies two-term
    polynomials, and the joint totals stay a few hundred terms even for the whole box of dice.
    While multiplying, a total is packed into one whole number (a digit per symbol, in a base
    larger than any total can reach), so adding two totals is one addition.
    """
    if black < 0 or green < 0:
        raise ValueError(f"dice counts cannot be negative (black={black}, green={green})")
    dice = (("black", black), ("green", green))
    polynomials = [(face_counts(colour, features), number) for colour, number in dice if number]
    most = max((max(key, default=0) for p, _ in polynomials for key in p), default=0)
    base = 1 + (black + green) * most  # no total of a symbol reaches it
    counts = {0: 1}
    for polynomial, number in polynomials:
        one = [(_pack(key, base), sides) for key, sides in polynomial.items()]
        for _ in range(number):
            product: dict[int, int] = {}
            for total, weight in counts.items():
                for face, sides in one:
                    product[total + face] = product.get(total + face, 0) + weight * sides
            counts = product
    return {_unpack(total, base, len(features)): weight for total, weight in counts.items()}


def _pack(key: tuple[int, ...], base: int) -> int:
    return sum(amount * base**place for place, amount in enumerate(key))


def _unpack(total: int, base: int, length: int) -> tuple[int, ...]:
    digits = []
    for _ in range(length):
        total, digit = divmod(total, base)
        digits.append(digit)
    return tuple(digits)


@cache
def roll_distribution(black: int, green: int = 0) -> Dist:
    """Exact joint distribution of (successes, tentacles, elders) for `black` + `green` dice."""
    return Dist(roll_counts(black, green))


def marginal(dist: Dist, symbol: str) -> Dist:
    """The distribution of one symbol's count out of a joint roll distribution."""
    index = SYMBOLS.index(symbol)
    return dist.map(lambda result: result[index])


def successes_distribution(black: int, green: int = 0) -> Dist:
    return marginal(roll_distribution(black, green), "success")
