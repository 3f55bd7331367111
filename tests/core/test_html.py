"""One display for exact numbers: a fraction and a percentage, words at the ends, LaTeX in
notebooks."""

from __future__ import annotations

from fractions import Fraction

import sympy

from toolkit.html import Exact, chance, chance_latex, exact, exact_latex, listed


def test_a_chance_is_a_fraction_and_a_percentage_with_words_at_the_ends():
    assert chance(Fraction(1, 6)) == "1/6 (16.7%)"
    assert chance(sympy.Rational(247, 256)) == "247/256 (96.5%)"
    assert (chance(Fraction(1)), chance(0)) == ("certain", "impossible")


def test_a_chance_near_the_ends_never_reads_impossible_or_certain():
    """1/2048 used to read 0.0% and 2047/2048 100.0% (Death May Die's dice explorer, the
    command's 'about 0.00%'), the words for impossible and certain."""
    assert chance(Fraction(1, 2048)) == "1/2048 (less than 0.1%)"
    assert chance(Fraction(2047, 2048)) == "2047/2048 (more than 99.9%)"
    assert chance(Fraction(1, 1000)) == "1/1000 (0.1%)"  # what rounds away from the ends stays
    assert chance_latex(Fraction(1, 2048)) == r"\frac{1}{2048}\ (\text{less than 0.1\%})"
    assert chance_latex(Fraction(1, 6)) == r"\frac{1}{6}\ (16.7\%)"


def test_whole_numbers_stay_whole():
    assert (exact(Fraction(7, 1)), exact(Fraction(7, 2)), exact(-3)) == ("7", "7/2", "-3")
    assert (exact_latex(Fraction(7)), exact_latex(Fraction(-7, 2))) == ("7", r"-\frac{7}{2}")


def test_exact_numbers_typeset_themselves_in_a_notebook():
    assert chance_latex(Fraction(1, 6)) == r"\frac{1}{6}\ (16.7\%)"
    assert chance_latex(1) == r"\text{certain}"
    p, mean = Exact(Fraction(1, 6)), Exact(Fraction(7), chance=False)
    assert (repr(p), repr(mean)) == ("1/6 (16.7%)", "7")
    assert (p._repr_latex_(), mean._repr_latex_()) == (r"$\frac{1}{6}\ (16.7\%)$", "$7$")


def test_a_table_reads_as_words_and_exact_numbers_without_row_numbers():
    import pandas as pd

    from toolkit.html import Table

    frame = pd.DataFrame(
        {"perfect_low": [0.85432, 1.0], "p_hit": [Exact(Fraction(1, 6)), Exact(1)],
         "mean": [sympy.Rational(7, 2), Fraction(7, 1)], "games": [1000, 20],
         "default": [True, False]}
    )  # fmt: skip
    shown = Table.of(frame, {"p_hit": "P(hit)"})
    assert shown.headers == ["perfect low", "P(hit)", "mean", "games", "default"]
    assert shown.rows[0] == ["0.854", "1/6 (16.7%)", "7/2", "1,000", "yes"]
    assert shown.rows[1] == ["1", "certain", "7", "20", "no"]
    html = shown._repr_html_()
    assert "Fraction(" not in html and "<th>perfect low</th>" in html
    named = Table.of(frame.set_index("games")["mean"])
    assert named.headers == ["games", "mean"] and named.rows[0] == ["1,000", "7/2"]


def test_names_are_listed_as_a_sentence_lists_them():
    """A three-way tie once read "Player 1 and Player 2 and Player 3"."""
    assert listed([]) == "" and listed(["A"]) == "A" and listed(["A", "B"]) == "A and B"
    assert listed(["Player 1", "Player 2", "Player 3"]) == "Player 1, Player 2 and Player 3"
