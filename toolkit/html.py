"""Small HTML builders that objects use for their notebook display (``_repr_html_``).

Kept free of widget and chart imports so that engines can render themselves without them.
"""

from __future__ import annotations

import numbers
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from html import escape


def table(headers: Sequence[str], rows: Iterable[Sequence[object]], caption: str = "") -> str:
    head = "".join(f"<th>{escape(str(h))}</th>" for h in headers)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(str(cell))}</td>" for cell in row) + "</tr>" for row in rows
    )
    cap = f"<caption>{escape(caption)}</caption>" if caption else ""
    return f'<table class="death-toolkit">{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def listed(names: Sequence[str]) -> str:
    """Names as a sentence lists them: "A", "A and B", "A, B and C"."""
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def percent(value, places: int = 1) -> str:
    """A probability as a percentage with `places` decimals, for people (the exact value sits
    beside it). A chance that is neither 0 nor 1 never reads 0.0% or 100.0%, which say impossible
    and certain: it reads "less than 0.1%" or "more than 99.9%"."""
    text = f"{float(value) * 100:.{places}f}%"
    step = f"{10**-places:.{places}f}"
    if value != 0 and float(text[:-1]) == 0:
        return f"less than {step}%"
    if value != 1 and float(text[:-1]) == 100:
        return f"more than {100 - float(step):.{places}f}%"
    return text


def _fraction(value) -> Fraction:
    return Fraction(value) if isinstance(value, int | Fraction) else Fraction(str(value))


def exact(value) -> str:
    """An exact number as people write it: "7/2", and a whole number whole ("7", not "7/1").
    Takes ints, Fractions and sympy Rationals."""
    value = _fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"


def chance(p) -> str:
    """An exact probability for people: "1/6 (16.7%)", and "certain" or "impossible" at the ends,
    where a fraction and a percentage would only say 1/1 (100.0%) or 0/1 (0.0%). Every widget
    shows its odds through this one function, so a chance reads the same in every game."""
    if p == 0:
        return "impossible"
    if p == 1:
        return "certain"
    return f"{exact(p)} ({percent(p)})"


def exact_latex(value) -> str:
    r""":func:`exact` in LaTeX: ``\frac{7}{2}``, whole numbers whole."""
    value = _fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    sign = "-" if value < 0 else ""
    return rf"{sign}\frac{{{abs(value.numerator)}}}{{{value.denominator}}}"


def chance_latex(p) -> str:
    r""":func:`chance` in LaTeX: ``\frac{1}{6}\ (16.7\%)``, certain and impossible in words."""
    if p == 0 or p == 1:
        return rf"\text{{{chance(p)}}}"
    shown = percent(p)[:-1] + r"\%"
    if shown[0].isalpha():  # "less than 0.1%": words, set as text
        shown = rf"\text{{{shown}}}"
    return rf"{exact_latex(p)}\ ({shown})"


class Exact:
    """An exact number that shows itself as people read it: typeset (LaTeX) in a notebook and the
    book, :func:`chance` or :func:`exact` as text. ``Exact(p)`` is a probability; ``Exact(x,
    chance=False)`` any other exact number (a mean, an expected damage)."""

    def __init__(self, value, chance: bool = True):
        self.value = value
        self.is_chance = chance

    def __repr__(self) -> str:
        return chance(self.value) if self.is_chance else exact(self.value)

    def _repr_latex_(self) -> str:
        return f"${chance_latex(self.value) if self.is_chance else exact_latex(self.value)}$"


def heading(name) -> str:
    """A column name as a header people read: ``perfect_low`` becomes "perfect low"."""
    return str(name).replace("_", " ")


def cell(value) -> str:
    """One table cell as people read it: an exact number through :func:`exact` (an
    :class:`Exact` through its own display, so a chance reads as a chance), whole numbers with
    thousands separators, a float to three significant digits (whole from 100 up), yes/no, and a
    blank for nothing."""
    if hasattr(value, "item") and not isinstance(value, Exact):
        value = value.item()  # a numpy scalar, as pandas hands them out
    if value is None or (isinstance(value, float) and value != value):
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, numbers.Integral):
        return f"{int(value):,}"
    if isinstance(value, numbers.Rational):
        return exact(value)
    if isinstance(value, float):
        return f"{value:,.0f}" if value.is_integer() or abs(value) >= 100 else f"{value:.3g}"
    return str(value)


class Table:
    """A table for people to read, in a notebook and in the book: readable headers, no column of
    row numbers, and every cell through :func:`cell`, so exact numbers show one way everywhere
    (pandas would print a sympy Rational's repr and a column of index numbers)."""

    def __init__(self, headers: Sequence[object], rows: Iterable[Sequence[object]], caption=""):
        self.headers = [heading(h) for h in headers]
        self.rows = [[cell(value) for value in row] for row in rows]
        self.caption = caption

    @classmethod
    def of(cls, frame, headings: Mapping[str, str] | None = None, caption: str = "") -> Table:
        """A pandas DataFrame or Series as a Table. A named index says what its rows are, so it
        becomes the first column(s); an unnamed one only numbers them, so it is dropped.
        `headings` renames columns (others have their underscores read as spaces)."""
        if hasattr(frame, "to_frame"):
            frame = frame.to_frame()
        if any(name is not None for name in frame.index.names):
            frame = frame.reset_index()
        names = headings or {}
        headers = [names.get(column, column) for column in frame.columns]
        return cls(headers, frame.itertuples(index=False), caption)

    def __repr__(self) -> str:
        return "\n".join("  ".join(row) for row in [self.headers, *self.rows])

    def _repr_html_(self) -> str:
        return table(self.headers, self.rows, self.caption)


def dist_table(dist, outcome_name: str = "outcome") -> str:
    """An exact distribution as a table: each outcome's chance and the chance of at least it, both
    through :func:`chance` (reduced, with the percentage, words at the ends)."""
    rows = []
    tail = dist.total
    for outcome, weight in dist.weights.items():
        rows.append(
            (outcome, chance(Fraction(weight, dist.total)), chance(Fraction(tail, dist.total)))
        )
        tail -= weight
    return table([outcome_name, "chance", "at least"], rows)
