"""Exact finite distributions.

A :class:`Dist` keeps a non-negative integer weight for every outcome. Probabilities are the weights
over their total, so convolution and mixtures stay in integer arithmetic (fast, exact); Fractions
come out of queries and sympy Rationals only at the edges (:meth:`Dist.to_sympy`), where a reader or
a test wants them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Mapping
from fractions import Fraction
from functools import reduce

from toolkit.html import dist_table

Outcome = Hashable


class Dist:
    """A finite probability distribution with exact integer weights.

    Outcomes are usually integers (a count of successes, a total of damage), but any hashable value
    works for the operations that do not add outcomes together.
    """

    __slots__ = ("_weights", "_total")

    def __init__(self, weights: Mapping[Outcome, int]):
        cleaned = {}
        for outcome, weight in weights.items():
            if not isinstance(weight, int) or weight < 0:
                raise ValueError(
                    f"weight of {outcome!r} must be a non-negative int, got {weight!r}"
                )
            if weight:
                cleaned[outcome] = weight
        if not cleaned:
            raise ValueError("a distribution needs at least one outcome with positive weight")
        divisor = reduce(math.gcd, cleaned.values())
        self._weights = {k: w // divisor for k, w in sorted(cleaned.items(), key=_sort_key)}
        self._total = sum(self._weights.values())

    # -- construction ---------------------------------------------------------------------------
    @classmethod
    def from_probs(cls, probs: Mapping[Outcome, Fraction | int | str]) -> Dist:
        """Build from exact probabilities (Fractions, ints or "p/q" strings) that sum to 1."""
        fractions = {k: Fraction(p) for k, p in probs.items()}
        if sum(fractions.values()) != 1:
            raise ValueError(f"probabilities sum to {sum(fractions.values())}, not 1")
        denominator = reduce(math.lcm, (p.denominator for p in fractions.values()), 1)
        return cls({k: int(p * denominator) for k, p in fractions.items()})

    @classmethod
    def constant(cls, outcome: Outcome) -> Dist:
        return cls({outcome: 1})

    @classmethod
    def uniform(cls, outcomes: Iterable[Outcome]) -> Dist:
        """Each listed outcome equally likely; a repeated outcome counts once per listing (die faces)."""
        weights: dict[Outcome, int] = {}
        for outcome in outcomes:
            weights[outcome] = weights.get(outcome, 0) + 1
        return cls(weights)

    @classmethod
    def die(cls, sides: int = 6) -> Dist:
        return cls.uniform(range(1, sides + 1))

    @classmethod
    def bernoulli(cls, p: Fraction | str) -> Dist:
        """1 with probability p, else 0."""
        p = Fraction(p)
        return cls({1: p.numerator, 0: p.denominator - p.numerator})

    @classmethod
    def mixture(cls, parts: Iterable[tuple[int | Fraction, Dist]]) -> Dist:
        """The distribution of first choosing a part by its weight, then an outcome from it."""
        parts = [(Fraction(w), d) for w, d in parts if w]
        scale = reduce(math.lcm, (w.denominator * d.total for w, d in parts), 1)
        weights: dict[Outcome, int] = {}
        for w, d in parts:
            factor = w.numerator * (
                scale // (w.denominator * d.total)
            )  # whole: scale is a multiple
            for outcome, weight in d._weights.items():
                weights[outcome] = weights.get(outcome, 0) + factor * weight
        return cls(weights)

    # -- basic access ---------------------------------------------------------------------------
    @property
    def total(self) -> int:
        """The common denominator of every probability."""
        return self._total

    @property
    def weights(self) -> dict[Outcome, int]:
        return dict(self._weights)

    def outcomes(self) -> list[Outcome]:
        return list(self._weights)

    def __iter__(self):
        return iter(self._weights)

    def __len__(self) -> int:
        return len(self._weights)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dist) and self._weights == other._weights

    def __hash__(self) -> int:
        return hash(tuple(self._weights.items()))

    def __repr__(self) -> str:
        body = ", ".join(f"{k!r}: {w}" for k, w in self._weights.items())
        return f"Dist({{{body}}}) / {self._total}"

    def prob(self, outcome: Outcome) -> Fraction:
        return Fraction(self._weights.get(outcome, 0), self._total)

    def pmf(self) -> dict[Outcome, Fraction]:
        return {k: Fraction(w, self._total) for k, w in self._weights.items()}

    def probability(self, event: Callable[[Outcome], bool]) -> Fraction:
        return Fraction(sum(w for k, w in self._weights.items() if event(k)), self._total)

    def at_least(self, k) -> Fraction:
        """P(X >= k): the tail a quest or a check asks for."""
        return self.probability(lambda x: x >= k)

    def at_most(self, k) -> Fraction:
        return self.probability(lambda x: x <= k)

    def exactly(self, k) -> Fraction:
        return self.prob(k)

    def mean(self) -> Fraction:
        return Fraction(sum(k * w for k, w in self._weights.items()), self._total)

    def variance(self) -> Fraction:
        mean = self.mean()
        return Fraction(sum(w * (k - mean) ** 2 for k, w in self._weights.items()), self._total)

    # -- transformations ------------------------------------------------------------------------
    def map(self, f: Callable[[Outcome], Outcome]) -> Dist:
        """The distribution of f(X); outcomes that map together add their weights."""
        weights: dict[Outcome, int] = {}
        for outcome, weight in self._weights.items():
            key = f(outcome)
            weights[key] = weights.get(key, 0) + weight
        return Dist(weights)

    def bind(self, f: Callable[[Outcome], Dist]) -> Dist:
        """First draw X, then draw from f(X): the mixture that a random dice pool needs."""
        return Dist.mixture((w, f(k)) for k, w in self._weights.items())

    def condition(self, event: Callable[[Outcome], bool]) -> Dist:
        """The distribution given that the event happened."""
        kept = {k: w for k, w in self._weights.items() if event(k)}
        if not kept:
            raise ValueError("cannot condition on an event of probability zero")
        return Dist(kept)

    def combine(self, other: Dist, op: Callable[[Outcome, Outcome], Outcome]) -> Dist:
        """The distribution of op(X, Y) for independent X and Y."""
        weights: dict[Outcome, int] = {}
        for a, wa in self._weights.items():
            for b, wb in other._weights.items():
                key = op(a, b)
                weights[key] = weights.get(key, 0) + wa * wb
        return Dist(weights)

    def __add__(self, other: Dist | int) -> Dist:
        """Convolution with another independent distribution, or a shift by a constant."""
        if isinstance(other, Dist):
            return self.combine(other, _add)
        return self.map(lambda k: k + other)

    __radd__ = __add__

    def __neg__(self) -> Dist:
        return self.map(lambda k: -k)

    def __sub__(self, other: Dist | int) -> Dist:
        return self + (-other)

    def repeat(self, n: int) -> Dist:
        """The sum of n independent copies, by repeated squaring."""
        if n < 0:
            raise ValueError(f"cannot add {n} copies")
        result = Dist.constant(0)
        power = self
        while n:
            if n & 1:
                result = result + power
            n >>= 1
            if n:
                power = power + power
        return result

    # -- edges: sympy, pandas, charts, HTML -----------------------------------------------------
    def to_sympy(self) -> dict:
        """Outcome -> sympy Rational (sympy is imported here, not at start-up: it is slow to load)."""
        import sympy

        return {k: sympy.Rational(w, self._total) for k, w in self._weights.items()}

    def to_frame(self, outcome_name: str = "outcome"):
        """A pandas table: outcome, exact probability, float probability, P(X >= outcome)."""
        import pandas as pd
        import sympy

        rows = []
        tail = self._total
        for outcome, weight in self._weights.items():
            rows.append(
                {
                    outcome_name: outcome,
                    "probability": sympy.Rational(weight, self._total),
                    "float": weight / self._total,
                    "at_least": sympy.Rational(tail, self._total),
                }
            )
            tail -= weight
        return pd.DataFrame(rows)

    def chart(self, title: str = "", outcome_name: str = "outcome", highlight_at_least=None):
        from toolkit.charts import dist_chart

        return dist_chart(
            self, title=title, outcome_name=outcome_name, highlight_at_least=highlight_at_least
        )

    def _repr_html_(self) -> str:
        return dist_table(self)


def _add(a, b):
    return a + b


def _sort_key(item):
    outcome = item[0]
    return (0, outcome, "") if isinstance(outcome, int | Fraction) else (1, 0, repr(outcome))


def binomial(n: int, p: Fraction | str) -> Dist:
    """Successes in n independent trials of chance p, with integer weights C(n,k) a^k b^(n-k)."""
    p = Fraction(p)
    a, b = p.numerator, p.denominator - p.numerator
    return Dist({k: math.comb(n, k) * a**k * b ** (n - k) for k in range(n + 1)})


def hypergeometric(population: int, successes: int, draws: int) -> Dist:
    """Successes in `draws` cards taken without replacement from `population` holding `successes`."""
    if not 0 <= successes <= population or not 0 <= draws <= population:
        raise ValueError(f"impossible draw: {draws} from {population} holding {successes}")
    return Dist(
        {
            k: math.comb(successes, k) * math.comb(population - successes, draws - k)
            for k in range(max(0, draws - population + successes), min(draws, successes) + 1)
        }
    )


def __getattr__(name: str):
    """`P`, the symbol p of the symbolic forms, made on first use so that sympy loads only then."""
    if name == "P":
        import sympy

        return sympy.Symbol("p", positive=True)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def binomial_tail_symbolic(n: int, k: int, p=None):
    """P(at least k successes in n trials) as a sympy polynomial in p, for teaching beside the number."""
    import sympy

    p = sympy.Symbol("p", positive=True) if p is None else p
    return sympy.Add(*(sympy.binomial(n, j) * p**j * (1 - p) ** (n - j) for j in range(k, n + 1)))


def as_fraction_string(value) -> str:
    """An exact probability written "p/q" (the CLI's JSON contract); takes Fractions, ints, sympy."""
    value = Fraction(str(value)) if not isinstance(value, int | Fraction) else Fraction(value)
    return f"{value.numerator}/{value.denominator}"
