"""Every test the book's conformance pages name exists: a decision recorded in the rules notes is
pinned by a real test, never by a name left behind after a rename.

The rules notes say what we decided, in a player's words; each game's conformance page
(book/conformance/<game>.md, an appendix) lists the same decisions and the rulebook's rules with
the tests that pin them. The pages name tests as ``file.py::test_name`` (a file of that game's test folder, or a path
from ``tests/``) or, on TPK's page, by a bare backticked ``test_name`` of that folder.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTES = sorted((ROOT / "book" / "conformance").glob("*.md"))
RULES_NOTES = sorted((ROOT / "book" / "rules-notes").glob("*.md"))
QUALIFIED = re.compile(r"`((?:tests/)?[\w/]*test_\w+\.py)::(test_\w+)")
BARE = re.compile(r"`(test_\w+)`")


def defined_tests(folder: Path) -> dict[str, set[str]]:
    """Each test file below `folder` (by its path from `folder`) and the test functions in it."""
    found = {}
    for path in folder.rglob("test_*.py"):
        names = set(re.findall(r"^\s*(?:async )?def (test_\w+)", path.read_text(), re.MULTILINE))
        found[path.relative_to(folder).as_posix()] = names
    return found


@pytest.mark.parametrize("notes", NOTES, ids=[path.stem for path in NOTES])
def test_every_test_the_notes_name_exists(notes):
    text = notes.read_text()
    game_tests = defined_tests(ROOT / "tests" / notes.stem)
    all_tests = defined_tests(ROOT / "tests")
    named = QUALIFIED.findall(text)
    missing = []
    for file, name in named:
        where = all_tests if file.startswith("tests/") else game_tests
        file = file.removeprefix("tests/")
        if name not in where.get(file, set()) and name not in all_tests.get(file, set()):
            missing.append(f"{file}::{name}")
    in_folder = set().union(*game_tests.values()) if game_tests else set()
    for name in BARE.findall(text):
        if name not in in_folder:
            missing.append(name)
    assert named or BARE.findall(text), f"{notes.name} names no test"
    assert not missing, f"{notes.name} names tests that do not exist: {missing}"


def test_every_game_with_rules_notes_has_a_conformance_page_linked_from_them():
    assert [p.name for p in RULES_NOTES] == [p.name for p in NOTES]
    for notes in RULES_NOTES:
        assert f"conformance/{notes.stem}" in notes.read_text(), f"{notes.name} does not link it"
