"""Small HTML builders that objects use for their notebook display (``_repr_html_``).

Kept free of widget and chart imports so that engines can render themselves without them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from html import escape


def table(headers: Sequence[str], rows: Iterable[Sequence[object]], caption: str = "") -> str:
    head = "".join(f"<th>{escape(str(h))}</th>" for h in headers)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(str(cell))}</td>" for cell in row) + "</tr>" for row in rows
    )
    cap = f"<caption>{escape(caption)}</caption>" if caption else ""
    return f'<table class="death-toolkit">{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def percent(value) -> str:
    """A probability as a percentage with one decimal, for people (the exact value sits beside it)."""
    return f"{float(value) * 100:.1f}%"


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
    return rf"{exact_latex(p)}\ ({percent(p)[:-1]}\%)"


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


def dist_table(dist, outcome_name: str = "outcome") -> str:
    """An exact distribution as a table: outcome, exact probability, percentage, P(X >= outcome)."""
    rows = []
    tail = dist.total
    for outcome, weight in dist.weights.items():
        rows.append(
            (
                outcome,
                f"{weight}/{dist.total}",
                percent(weight / dist.total),
                percent(tail / dist.total),
            )
        )
        tail -= weight
    return table([outcome_name, "exact", "chance", "at least"], rows)
