"""toolkit.dist: every operation checked against an independent method (brute-force enumeration,
direct formulas, math.comb, sympy.stats), plus hypothesis properties of random small distributions."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction
from functools import reduce

import pytest
import sympy
import sympy.stats
from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.dist import (
    Dist,
    P,
    as_fraction_string,
    binomial,
    binomial_tail_symbolic,
    hypergeometric,
)

D6 = Dist.die(6)


def brute(outcomes) -> dict:
    """Exact probabilities of equally likely outcomes, counted one by one."""
    counts = Counter(outcomes)
    total = sum(counts.values())
    return {k: Fraction(c, total) for k, c in counts.items()}


def brute_dice(n: int, sides: int = 6, score=lambda face: face) -> dict:
    return brute(
        sum(score(f) for f in faces) for faces in itertools.product(range(1, sides + 1), repeat=n)
    )


# -- convolution, repeat --------------------------------------------------------------------------
@pytest.mark.parametrize("n", range(0, 5))
def test_repeat_matches_enumerated_dice(n):
    assert D6.repeat(n).pmf() == brute_dice(n)


def test_convolution_of_different_dice_matches_enumeration():
    d4, d8 = Dist.die(4), Dist.die(8)
    expected = brute(a + b + c for a in range(1, 5) for b in range(1, 9) for c in range(1, 7))
    assert (d4 + d8 + D6).pmf() == expected


@pytest.mark.parametrize("n", [1, 2, 3, 5, 7, 8, 13])
def test_repeat_equals_repeated_addition(n):
    assert D6.repeat(n) == reduce(lambda a, b: a + b, [D6] * n)


def test_shift_and_subtraction():
    assert (D6 + 3).pmf() == {k + 3: Fraction(1, 6) for k in range(1, 7)}
    assert (3 + D6) == (D6 + 3)
    assert (D6 - D6).pmf() == brute(a - b for a in range(1, 7) for b in range(1, 7))
    assert (-D6).outcomes() == [-6, -5, -4, -3, -2, -1]


def test_weights_are_reduced_and_outcomes_sorted():
    d = Dist({3: 4, 1: 2, 2: 0})
    assert d.weights == {1: 1, 3: 2}
    assert d.total == 3
    assert d.outcomes() == [1, 3]
    assert Dist.uniform("aab").pmf() == {"a": Fraction(2, 3), "b": Fraction(1, 3)}


# -- mixture, bind, map, combine, condition -------------------------------------------------------
def test_mixture_matches_direct_sum():
    d4 = Dist.die(4)
    mixed = Dist.mixture([(1, D6), (2, d4)])
    for k in range(1, 7):
        expected = Fraction(1, 3) * D6.prob(k) + Fraction(2, 3) * d4.prob(k)
        assert mixed.prob(k) == expected
    with_fractions = Dist.mixture(
        [(Fraction(1, 4), D6), (Fraction(3, 4), d4), (0, Dist.constant(99))]
    )
    assert with_fractions.prob(1) == Fraction(1, 4) / 6 + Fraction(3, 4) / 4
    assert 99 not in with_fractions


def test_bind_d6_dice_then_binomial_matches_enumeration():
    """Roll a D6 for the number of dice, then count 5s and 6s: every face sequence enumerated."""
    expected: dict[int, Fraction] = {}
    for n in range(1, 7):
        for k, p in brute_dice(n, score=lambda face: face >= 5).items():
            expected[k] = expected.get(k, 0) + Fraction(1, 6) * p
    result = D6.bind(lambda n: binomial(n, Fraction(1, 3)))
    assert result.pmf() == expected
    assert sum(result.pmf().values()) == 1


def test_map_and_combine():
    parity = D6.map(lambda k: k % 2)
    assert parity.pmf() == {0: Fraction(1, 2), 1: Fraction(1, 2)}
    highest = D6.combine(D6, max)
    assert highest.pmf() == brute(max(a, b) for a in range(1, 7) for b in range(1, 7))
    pairs = D6.combine(Dist.uniform("xy"), lambda a, b: (a, b))
    assert len(pairs) == 12 and pairs.prob((3, "y")) == Fraction(1, 12)


def test_condition_matches_enumeration():
    two = D6.repeat(2)
    given_high = two.condition(lambda total: total >= 10)
    faces = [a + b for a in range(1, 7) for b in range(1, 7) if a + b >= 10]
    assert given_high.pmf() == brute(faces)
    with pytest.raises(ValueError, match="probability zero"):
        two.condition(lambda total: total > 12)


# -- queries ---------------------------------------------------------------------------------------
def test_tails_and_point_queries():
    two = D6.repeat(2)
    sums = [a + b for a in range(1, 7) for b in range(1, 7)]
    for k in range(0, 15):
        assert two.at_least(k) == Fraction(sum(s >= k for s in sums), 36)
        assert two.at_most(k) == Fraction(sum(s <= k for s in sums), 36)
        assert two.exactly(k) == Fraction(sums.count(k), 36)
    assert two.probability(lambda s: s % 2 == 0) == Fraction(1, 2)


@pytest.mark.parametrize("dist", [D6, D6.repeat(3), binomial(9, "2/7"), Dist({-2: 1, 5: 3, 11: 2})])
def test_mean_and_variance_match_formulas(dist):
    pmf = dist.pmf()
    mean = sum(k * p for k, p in pmf.items())
    assert dist.mean() == mean
    assert dist.variance() == sum(k * k * p for k, p in pmf.items()) - mean**2


def test_binomial_mean_and_variance():
    d = binomial(12, Fraction(1, 3))
    assert d.mean() == 4
    assert d.variance() == 12 * Fraction(1, 3) * Fraction(2, 3)
    assert D6.mean() == Fraction(7, 2) and D6.variance() == Fraction(35, 12)


# -- edges: sympy, pandas, HTML, strings -----------------------------------------------------------
def test_to_sympy_gives_rationals_summing_to_one():
    exact = binomial(7, "1/3").to_sympy()
    assert all(isinstance(v, sympy.Rational) for v in exact.values())
    assert sum(exact.values()) == 1
    assert exact[7] == sympy.Rational(1, 3**7)


def test_to_frame_columns_and_tail():
    frame = D6.repeat(2).to_frame("total")
    assert list(frame.columns) == ["total", "probability", "float", "at_least"]
    assert list(frame["total"]) == list(range(2, 13))
    assert frame["at_least"].iloc[0] == 1
    assert frame["at_least"].iloc[-1] == sympy.Rational(1, 36)
    assert frame["probability"].sum() == 1
    assert frame["float"].sum() == pytest.approx(1.0)
    assert list(D6.to_frame().columns)[0] == "outcome"


def test_repr_html_is_a_table_of_exact_values_in_the_one_display():
    html = D6._repr_html_()
    assert html.startswith("<table") and html.endswith("</table>")
    assert html.count("<tr>") == 7  # header and six faces
    assert "<td>1/6 (16.7%)</td>" in html and "<td>certain</td>" in html
    assert "<td>10</td><td>1/12 (8.3%)</td>" in (D6 + D6)._repr_html_()  # 3/36, reduced
    assert "Dist(" in repr(D6)


def test_as_fraction_string():
    assert as_fraction_string(Fraction(2, 6)) == "1/3"
    assert as_fraction_string(sympy.Rational(3, 9)) == "1/3"
    assert as_fraction_string(1) == "1/1"
    assert as_fraction_string(0) == "0/1"
    assert as_fraction_string("5/10") == "1/2"


# -- binomial and hypergeometric against math.comb and sympy.stats -------------------------------
@pytest.mark.parametrize("n", [0, 1, 4, 10, 16])
@pytest.mark.parametrize("p", ["1/2", "1/3", "1/6", "2/7", "0", "1"])
def test_binomial_matches_comb_and_sympy_stats(n, p):
    p = Fraction(p)
    d = binomial(n, p)
    for k in range(n + 1):
        assert d.prob(k) == math.comb(n, k) * p**k * (1 - p) ** (n - k)
    if 0 < p < 1 and n > 0:
        density = sympy.stats.density(
            sympy.stats.Binomial("X", n, sympy.Rational(p.numerator, p.denominator))
        )
        assert d.to_sympy() == {int(k): v for k, v in density.dict.items() if v != 0}


@pytest.mark.parametrize(
    "population, successes, draws",
    [(10, 4, 3), (52, 4, 5), (7, 7, 3), (9, 0, 4), (6, 2, 6), (5, 3, 0)],
)
def test_hypergeometric_matches_comb_and_sympy_stats(population, successes, draws):
    d = hypergeometric(population, successes, draws)
    total = math.comb(population, draws)
    for k in range(draws + 1):
        expected = Fraction(
            math.comb(successes, k) * math.comb(population - successes, draws - k), total
        )
        assert d.prob(k) == expected
    if 0 < successes < population and draws > 0:
        density = sympy.stats.density(sympy.stats.Hypergeometric("H", population, successes, draws))
        assert d.to_sympy() == {int(k): v for k, v in density.dict.items() if v != 0}


def test_hypergeometric_matches_card_enumeration():
    deck = ["ace"] * 3 + ["other"] * 5
    hands = list(itertools.combinations(range(len(deck)), 4))
    assert hypergeometric(8, 3, 4).pmf() == brute(
        sum(deck[i] == "ace" for i in hand) for hand in hands
    )


@pytest.mark.parametrize("args", [(5, 6, 2), (5, 2, 6), (5, -1, 2), (5, 2, -1)])
def test_hypergeometric_refuses_impossible_draws(args):
    with pytest.raises(ValueError, match="impossible draw"):
        hypergeometric(*args)


@pytest.mark.parametrize("n", range(1, 9))
def test_binomial_tail_symbolic_at_one_third(n):
    third = sympy.Rational(1, 3)
    numeric = binomial(n, Fraction(1, 3))
    for k in range(0, n + 1):
        expression = binomial_tail_symbolic(n, k)
        assert expression.free_symbols == {P} or k == 0  # k = 0 may simplify to 1
        value = expression.subs(P, third)
        assert isinstance(value, sympy.Rational)
        assert Fraction(value.p, value.q) == numeric.at_least(k)
    assert sympy.expand(binomial_tail_symbolic(n, 0)) == 1
    assert binomial_tail_symbolic(n, n + 1) == 0


# -- errors -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "weights, message",
    [
        ({}, "at least one outcome"),
        ({1: 0, 2: 0}, "at least one outcome"),
        ({1: -1, 2: 3}, "non-negative int"),
        ({1: 0.5}, "non-negative int"),
        ({1: Fraction(1, 2)}, "non-negative int"),
    ],
)
def test_bad_weights_are_refused(weights, message):
    with pytest.raises(ValueError, match=message):
        Dist(weights)


def test_other_errors():
    with pytest.raises(ValueError, match="sum to"):
        Dist.from_probs({1: "1/2", 2: "1/3"})
    assert Dist.from_probs({1: "1/2", 2: Fraction(1, 3), 3: "1/6"}).weights == {1: 3, 2: 2, 3: 1}
    with pytest.raises(ValueError, match="copies"):
        D6.repeat(-1)
    assert D6.repeat(0) == Dist.constant(0)
    assert Dist.bernoulli("1/4").pmf() == {0: Fraction(3, 4), 1: Fraction(1, 4)}


# -- hypothesis properties -------------------------------------------------------------------------
small_dists = st.dictionaries(st.integers(-6, 6), st.integers(1, 30), min_size=1, max_size=5).map(
    Dist
)


@settings(max_examples=150, deadline=None)
@given(small_dists, small_dists)
def test_sum_of_independent_dists(x, y):
    total = x + y
    assert sum(total.pmf().values()) == 1
    assert sum(total.to_sympy().values()) == 1
    assert total.mean() == x.mean() + y.mean()
    assert total.variance() == x.variance() + y.variance()
    assert total == y + x


@settings(max_examples=100, deadline=None)
@given(small_dists, st.integers(0, 6))
def test_repeat_properties(x, n):
    repeated = x.repeat(n)
    assert sum(repeated.pmf().values()) == 1
    assert repeated.mean() == n * x.mean()
    assert repeated.variance() == n * x.variance()


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 5), small_dists), min_size=1, max_size=4))
def test_mixture_properties(parts):
    mixed = Dist.mixture(parts)
    assert sum(mixed.pmf().values()) == 1
    total_weight = sum(w for w, _ in parts)
    assert mixed.mean() == sum(Fraction(w, total_weight) * d.mean() for w, d in parts)


@settings(max_examples=100, deadline=None)
@given(small_dists, st.integers(-6, 6))
def test_condition_and_tails_agree(x, k):
    assert x.at_least(k) + x.at_most(k) - x.exactly(k) == 1
    if x.at_least(k):
        conditioned = x.condition(lambda v: v >= k)
        for v in x:
            assert conditioned.prob(v) == (x.prob(v) / x.at_least(k) if v >= k else 0)
