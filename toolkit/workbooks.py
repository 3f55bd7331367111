"""The exercises of :mod:`toolkit.exercises` as book pages and as workbook notebooks.

- :func:`exercise_page`: a chapter's exercises page for the book (MyST Markdown), each solution
  the exercise's own code, run when the book is built and checked there, behind a click;
- :func:`workbook`: a notebook of a chapter's exercises with an empty answer cell and a
  ``check`` cell for each, or with ``answers=True`` the teacher's copy, each answer computed by
  the exercise's code.

The pages and notebooks in the repository are made by these functions, so the prompts and the
solutions are written once, in :mod:`toolkit.exercises`. To make them again::

    python -m toolkit.workbooks ROOT   # writes ROOT/book/exercises and ROOT/notebooks

then execute the notebooks (their stored outputs are compared when they are tested).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from toolkit.exercises import CHAPTERS, Exercise, for_chapter

FRONT_MATTER = """---
jupytext:
  text_representation:
    format_name: myst
kernelspec:
  name: python3
  display_name: Python 3
---
"""
ANSWER_HELP = 'a fraction such as "3/8", a decimal such as 0.375, or "37.5%"'


def _heading(exercise: Exercise) -> str:
    return f"{exercise.title} ({exercise.level})"


def exercise_page(chapter: str) -> str:
    """The book page of a chapter's exercises: each prompt in an exercise box with its hint
    behind a click, and each solution (the code that computes the answer, and the check of it)
    in a dropdown."""
    exercises = for_chapter(chapter)
    title = CHAPTERS[chapter]
    parts = [
        FRONT_MATTER,
        f"# Exercises: {title}\n",
        f"These exercises go with the chapter {{doc}}`../{chapter}`. "
        "They run from easy to hard. "
        "Each one has an id, such as "
        f"`{exercises[0].id}`. "
        "The toolkit computes every answer: open a solution to see the code.\n",
        "Check an answer at the command line. "
        "The exit status is 0 when it is right and 1 when it is not:\n",
        f"```console\n$ death-toolkit check {exercises[0].id} ANSWER\n```\n",
        "In a notebook, `check` says the same in one line. "
        f"The workbook {{download}}`workbook-{chapter}.ipynb "
        f"<../../notebooks/workbook-{chapter}.ipynb>` "
        "holds these exercises with room for your answers.\n",
        "```{code-cell} ipython3\nfrom toolkit.exercises import check\n```\n",
    ]
    for exercise in exercises:
        label = f"ex-{exercise.id}"
        parts += [
            f"````{{exercise}} {exercise.id}: {_heading(exercise)}\n:label: {label}\n"
            f":nonumber:\n\n{exercise.prompt}\n\n{exercise.asks_for}\n\n"
            f"```{{admonition}} Hint\n:class: dropdown\n{exercise.hint}\n```\n"
            "````\n",
            f"````{{solution-start}} {label}\n:class: dropdown\n````\n",
            f'```{{code-cell}} ipython3\n{exercise.code}\ncheck("{exercise.id}", answer)\n```\n',
            "````{solution-end}\n````\n",
        ]
    return "\n".join(parts)


def _cell(kind: str, source: str, ident: str) -> dict:
    cell = {"cell_type": kind, "id": ident, "metadata": {}, "source": source.strip("\n")}
    if kind == "code":
        cell.update(execution_count=None, outputs=[])
    return cell


def workbook(chapter: str, answers: bool = False) -> dict:
    """A chapter's workbook as a notebook (nbformat 4), not yet executed: a prompt, an answer
    cell and a ``check`` cell for each exercise; with `answers` the teacher's copy, each
    answer computed by the exercise's code and its hint shown."""
    title = CHAPTERS[chapter]
    copy = "teacher's copy" if answers else "workbook"
    intro = (
        f"# {title}: {copy}\n\n"
        f"The exercises of the book's chapter on {title}, easy to hard. "
        + (
            "Each answer below is computed by the toolkit and checked."
            if answers
            else f"Write each answer in its cell ({ANSWER_HELP}), then run the `check` cell "
            "under it. A wrong answer gets a hint. You may use the toolkit to work it out."
        )
    )
    cells = [
        _cell("markdown", intro, f"{chapter}-intro"),
        _cell("code", "from toolkit.exercises import check", f"{chapter}-import"),
    ]
    for exercise in for_chapter(chapter):
        text = f"## {exercise.id}: {_heading(exercise)}\n\n{exercise.prompt}\n\n"
        text += f"*Hint:* {exercise.hint}" if answers else exercise.asks_for
        cells.append(_cell("markdown", text, f"{exercise.id}-prompt"))
        if answers:
            solution = exercise.code
        else:
            solution = f"# your answer: {ANSWER_HELP}\nanswer = None"
        cells.append(_cell("code", solution, f"{exercise.id}-answer"))
        cells.append(_cell("code", f'check("{exercise.id}", answer)', f"{exercise.id}-check"))
    return {
        "cells": cells,
        "metadata": {
            "kernelspec": {
                "display_name": "Python 3 (ipykernel)",
                "language": "python",
                "name": "python3",
            },
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def workbook_path(chapter: str, answers: bool = False) -> Path:
    """Where a workbook lives under the repository's notebooks/ folder."""
    if answers:
        return Path("teacher") / f"workbook-{chapter}-answers.ipynb"
    return Path(f"workbook-{chapter}.ipynb")


def write_all(root: Path) -> list[Path]:
    """Write every chapter's exercises page and both workbooks under `root` (a checkout)."""
    written = []
    for chapter in CHAPTERS:
        page = root / "book" / "exercises" / f"{chapter}.md"
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(exercise_page(chapter), encoding="utf-8")
        written.append(page)
        for answers in (False, True):
            path = root / "notebooks" / workbook_path(chapter, answers)
            path.parent.mkdir(parents=True, exist_ok=True)
            text = json.dumps(workbook(chapter, answers), indent=1, ensure_ascii=False)
            path.write_text(text + "\n", encoding="utf-8")
            written.append(path)
    return written


if __name__ == "__main__":
    for path in write_all(Path(sys.argv[1] if len(sys.argv) > 1 else ".")):
        print(path)
