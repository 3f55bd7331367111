"""One display for exact numbers: a fraction and a percentage, words at the ends, LaTeX in
notebooks."""

from __future__ import annotations

from fractions import Fraction

import sympy

from toolkit.html import Exact, chance, chance_latex, exact, exact_latex


def test_a_chance_is_a_fraction_and_a_percentage_with_words_at_the_ends():
    assert chance(Fraction(1, 6)) == "1/6 (16.7%)"
    assert chance(sympy.Rational(247, 256)) == "247/256 (96.5%)"
    assert (chance(Fraction(1)), chance(0)) == ("certain", "impossible")


def test_whole_numbers_stay_whole():
    assert (exact(Fraction(7, 1)), exact(Fraction(7, 2)), exact(-3)) == ("7", "7/2", "-3")
    assert (exact_latex(Fraction(7)), exact_latex(Fraction(-7, 2))) == ("7", r"-\frac{7}{2}")


def test_exact_numbers_typeset_themselves_in_a_notebook():
    assert chance_latex(Fraction(1, 6)) == r"\frac{1}{6}\ (16.7\%)"
    assert chance_latex(1) == r"\text{certain}"
    p, mean = Exact(Fraction(1, 6)), Exact(Fraction(7), chance=False)
    assert (repr(p), repr(mean)) == ("1/6 (16.7%)", "7")
    assert (p._repr_latex_(), mean._repr_latex_()) == (r"$\frac{1}{6}\ (16.7\%)$", "$7$")
