"""Numbers in words, for the command line's plain output (``--json`` prints them for a program).

A chance reads as a percentage with its exact fraction beside it ("70.1% (exactly 13795/19683)"),
"impossible" or "certain" at the ends; an estimate reads with its 95% interval; a mean to a few
figures. Every game's ``odds_lines`` and ``summary_lines`` write their sentences with these, so a
number reads alike whichever game printed it.
"""

from __future__ import annotations

from fractions import Fraction

from toolkit.html import percent


def pct(p) -> str:
    """A chance as a percentage: one decimal, two below 1%; never 0% or 100% unless it is."""
    value = float(p)
    return percent(p, places=2 if 0 < value < 0.01 or 0.99 < value < 1 else 1)


LONGEST_FRACTION = 30  # characters: a longer fraction is left to --json, not shown


def exact_chance(p) -> str:
    """An exact chance ("p/q" text or a Fraction): "87.5% (exactly 7/8)", "0% (impossible)"; a
    fraction too long to read (dozens of digits) is left to ``--json``."""
    p = Fraction(p)
    if p == 0:
        return "0% (impossible)"
    if p == 1:
        return "100% (certain)"
    fraction = f"{p.numerator}/{p.denominator}"
    if len(fraction) > LONGEST_FRACTION:
        return f"{pct(p)} (exact: a fraction of {len(str(p.denominator))}-digit numbers, in --json)"
    return f"{pct(p)} (exactly {fraction})"


def estimate(rate: float, interval) -> str:
    """A measured rate with its 95% interval: "88.8% (95% interval 88.1-89.4%)"."""
    low, high = interval
    return f"{pct(rate)} (95% interval {low * 100:.1f}-{high * 100:.1f}%)"


def count(n: int, noun: str, plural: str = "") -> str:
    """``count(3, "game")`` is "3 games", ``count(1, "game")`` "1 game"; thousands with commas."""
    return f"{n:,} {noun if n == 1 else plural or noun + 's'}"


def mean(x: float) -> str:
    """A mean (of turns, scores, returns) to a few figures: 0.42, 3.80, 20.3, 1,372."""
    if abs(x) >= 1000:
        return f"{x:,.0f}"
    return f"{x:.3g}" if abs(x) >= 10 else f"{x:.2f}"


def seat_list(values, fmt=mean) -> str:
    """One number a seat, seats counted from 1: "seat 1 984, seat 2 1,372"."""
    return ", ".join(f"seat {seat} {fmt(value)}" for seat, value in enumerate(values, 1))
