"""The book's exercises: every answer the toolkit computes checks as right, exactly and as a
rounded decimal or percentage; a wrong answer gets a hint that does not give the answer away;
answers are read as people write them; `death-toolkit check` says so in one line with its exit
status."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from fractions import Fraction

import pytest
import sympy
from _paths import ROOT

from toolkit import exercises
from toolkit.exercises import CHAPTERS, catalog, check, read_answer

EXERCISES = list(catalog().values())


def _answer_forms(value) -> list[str]:
    """The ways an answer could be written out in a hint or a message."""
    if isinstance(value, float):
        return [f"{value:.3f}", f"{value * 100:.1f}%"]
    value = Fraction(value)
    forms = [f"{value.numerator}/{value.denominator}", f"{float(value):.3f}"]
    if value.denominator == 1:
        forms = [str(value.numerator), f"{value.numerator:,}"]
    if 0 < value < 1:
        forms.append(f"{float(value) * 100:.1f}%")
    return forms


def _contains(text: str, form: str) -> bool:
    return re.search(rf"(?<![\d./]){re.escape(form)}(?![\d/]|\.\d)", text) is not None


def test_every_chapter_has_six_or_more_exercises_easy_to_hard():
    for chapter in CHAPTERS:
        levels = [e.level for e in exercises.for_chapter(chapter)]
        assert len(levels) >= 6, chapter
        order = [exercises.LEVELS.index(level) for level in levels]
        assert order == sorted(order) and order[0] == 0 and order[-1] == 2, chapter
    assert len(EXERCISES) >= 36


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda e: e.id)
def test_the_toolkits_answer_is_right_and_a_wrong_one_gets_a_hint(exercise):
    answer = exercise.answer()
    if exercise.kind == "decimal":
        assert isinstance(answer, float)
        assert check(exercise.id, answer)
        assert check(exercise.id, f"{answer:.4f}")
    else:
        assert isinstance(answer, int | Fraction) and not isinstance(answer, bool)
        value = Fraction(answer)
        assert check(exercise.id, value).status == "right"
        assert check(exercise.id, f"{value.numerator}/{value.denominator}")
        assert check(exercise.id, sympy.Rational(value.numerator, value.denominator))
        if exercise.kind == "chance":
            assert 0 <= value <= 1
    off = Fraction(answer) + (1 if exercise.kind == "count" else Fraction(1, 7))
    if exercise.kind == "chance" and off > 1:
        off = Fraction(answer) - Fraction(1, 7)
    wrong = check(exercise.id, off)
    assert not wrong and wrong.status == "wrong"
    assert exercise.hint in wrong.message
    said = wrong.message.removeprefix(f"{exercise.id}:")
    for form in _answer_forms(answer):
        assert not _contains(said, form), (form, wrong.message)
        assert not _contains(exercise.hint, form), (form, exercise.hint)


@pytest.mark.parametrize(
    "exercise", [e for e in EXERCISES if e.kind in ("chance", "decimal")], ids=lambda e: e.id
)
def test_a_chance_rounded_as_the_exercise_allows_is_right(exercise):
    value = float(exercise.answer())
    assert check(exercise.id, f"{value:.3f}")
    assert check(exercise.id, f"{value * 100:.1f}%")
    assert check(exercise.id, round(value, 3))
    # a hundredth out is not within the tolerance
    assert not check(exercise.id, f"{value + 0.01:.3f}")


def test_a_fraction_must_be_exact_but_a_decimal_may_be_rounded():
    # primer-1 is 1/6
    assert check("primer-1", "1/6") and check("primer-1", Fraction(1, 6))
    assert check("primer-1", "16.7%") and check("primer-1", "0.167") and check("primer-1", 0.1667)
    assert check("primer-1", " 1 / 6 ") and check("primer-1", "2/12")
    near = check("primer-1", "1667/10000")
    assert not near and "exact" in near.message
    assert not check("primer-1", "16.8%")
    assert not check("primer-1", "0.168")


def test_answers_are_read_as_people_write_them():
    assert read_answer("37/56") == (Fraction(37, 56), False)
    assert read_answer("52.3%") == (Fraction(523, 1000), True)
    assert read_answer("0.523") == (Fraction(523, 1000), True)
    assert read_answer("3,136") == (Fraction(3136), False)
    assert read_answer(sympy.Rational(37, 56)) == (Fraction(37, 56), False)
    assert read_answer(Fraction(1, 3)) == (Fraction(1, 3), False)
    assert read_answer(7) == (Fraction(7), False)
    assert read_answer(0.5) == (Fraction(1, 2), True)
    assert read_answer(None) is None and read_answer("  ") is None
    for bad in ["abc", "1/0", "1/2/3", True]:
        with pytest.raises(ValueError):
            read_answer(bad)


def test_no_answer_yet_and_an_unreadable_one_are_said_not_raised():
    empty = check("tpk-2", None)
    assert not empty and empty.status == "empty" and "no answer yet" in str(empty)
    assert check("tpk-2", "").status == "empty"
    unreadable = check("tpk-2", "two ninths")
    assert not unreadable and unreadable.status == "unreadable"
    assert "two ninths" in unreadable.message


def test_counts_and_chances_say_what_is_wrong_with_the_form():
    assert "between 0 and 1" in check("primer-1", 16.7).message
    assert "whole number" in check("tpk-1", "56.5").message
    assert not check("tpk-1", "56.0001")


def test_an_unknown_exercise_is_named():
    with pytest.raises(ValueError, match="no exercise 'primer-99'.*primer-1 to primer-"):
        check("primer-99", "1/2")
    with pytest.raises(ValueError, match="no chapter 'cards'"):
        exercises.for_chapter("cards")


def test_the_sanity_track_in_the_prompt_is_the_data():
    from toolkit.death_may_die.cards import catalog as dmd_catalog

    track = dmd_catalog().rules.sanity
    prompt = catalog()["death-may-die-7"].prompt
    for space in (*track.red, *track.bonus):
        assert str(space) in prompt
    assert track.bonus_dice(3) == 1 and "one green die" in prompt


def _cli(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, "-m", "toolkit", "check", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )


def test_cli_says_right_in_one_line_and_exits_0():
    right = _cli("to-the-death-2", "1/2")
    assert right.returncode == 0 and right.stdout.count("\n") == 1 and "right" in right.stdout


def test_cli_says_wrong_with_a_hint_in_one_line_and_exits_1():
    wrong = _cli("to-the-death-2", "49%")
    assert wrong.returncode == 1 and wrong.stdout.count("\n") == 1 and "Hint:" in wrong.stdout


@pytest.mark.parametrize(
    "bad", [("nope-1", "1/2"), ("to-the-death-2", "half"), ("to-the-death-2",), ()], ids=str
)
def test_cli_refuses_bad_input_in_one_line_with_exit_2(bad):
    result = _cli(*bad)
    assert result.returncode == 2, bad
    assert result.stdout == "" and result.stderr.count("\n") == 1, result.stderr


def test_cli_lists_every_exercise():
    listed = _cli("--list")
    assert listed.returncode == 0
    assert [line.split()[0] for line in listed.stdout.splitlines()] == list(catalog())


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda e: e.id)
def test_a_solution_fits_the_book_page_without_scrolling(exercise):
    """The code is the solution shown in the book, where a line over about 70 characters
    scrolls sideways at 1280 pixels."""
    assert max(len(line) for line in exercise.code.splitlines()) <= 68


def test_the_book_pages_and_workbooks_are_made_from_the_exercises():
    """The committed pages and notebooks are what toolkit.workbooks makes of the exercises now
    (make them again with ``python -m toolkit.workbooks .`` and re-execute the notebooks)."""
    import json

    from toolkit.workbooks import exercise_page, workbook, workbook_path

    for chapter in CHAPTERS:
        page = ROOT / "book" / "exercises" / f"{chapter}.md"
        assert page.read_text(encoding="utf-8") == exercise_page(chapter), page
        for answers in (False, True):
            path = ROOT / "notebooks" / workbook_path(chapter, answers)
            stored = json.loads(path.read_text(encoding="utf-8"))["cells"]
            made = workbook(chapter, answers)["cells"]
            assert ["".join(c["source"]) for c in stored] == [c["source"] for c in made], path
