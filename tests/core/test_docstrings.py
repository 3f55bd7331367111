"""Docstrings and comments say what the code does and why, not what was once measured.

A record of an experiment (the games a bot won on which seeds, an interval, a benchmark's
timings) or an issue number belongs in ``data/<game>/studies/README.md`` or the book, where it
can be read beside its data; in the code it goes stale the day the code changes. This test walks
every module of ``toolkit/`` and fails on a docstring or comment that cites one.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

TOOLKIT = Path(__file__).resolve().parents[2] / "toolkit"

# Each pattern names a kind of citation; all are matched case-sensitively on docstrings and on
# the text of comments.
CITATIONS = {
    "an issue number": re.compile(r"(?<![\w&/])#\d+\b|\b[Ii]ssues? #?\d+\b"),
    "a count of a study (N of M)": re.compile(r"\b\d[\d,]* of (?:the |its )?\d[\d,]*\b"),
    "a seed number": re.compile(r"\bseeds? \d"),
    "a Wilson interval's numbers": re.compile(
        r"Wilson 95% [\[\d]|\[0?\.\d+, ?0?\.\d+\]|\(0\.\d+ \[0?\.\d+, ?0?\.\d+\]"
    ),
    "games won": re.compile(
        r"\bw(?:on|ins) \d[\d,]*(?:/\d+)? (?:of|and|games|where|to)\b|\d+/\d+ won"
    ),
    "a bot's time a game": re.compile(r"\d s a game\b|\d s of CPU\b"),
    "a benchmark's timings": re.compile(r"\d ?ms at the \d+th percentile|\d+th percentile of \d"),
}


def docs_and_comments(path: Path):
    """(line, text) of every docstring and comment of the module at `path`."""
    source = path.read_text(encoding="utf-8")
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                yield node.body[0].lineno, doc
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string.lstrip("#:").strip()


def citations(text: str) -> list[tuple[str, str]]:
    return [
        (kind, m.group(0)) for kind, pattern in CITATIONS.items() for m in pattern.finditer(text)
    ]


def test_no_docstring_or_comment_cites_an_issue_or_a_study():
    found = [
        f"{path.relative_to(TOOLKIT.parent)}:{line}: {kind} ({quoted!r})"
        for path in sorted(TOOLKIT.rglob("*.py"))
        for line, text in docs_and_comments(path)
        for kind, quoted in citations(text)
    ]
    assert not found, "move these to data/<game>/studies/README.md:\n" + "\n".join(found)


@pytest.mark.parametrize(
    "record",
    [
        "(issue #16 asks for about 37% over 1,000 games)",
        "it won 3,349 of 4,000 games that way",
        "alone, on seeds 11000-14999",
        "(greedy 173, Wilson 95% [0.520, 0.631])",
        "24 won 183/300 (0.610 [0.554, 0.663])",
        "playouts of 3 moves won 40 and lost 9",
        "searched alone: 87/150 won, 0.58",
        "the planner then plays a game in 0.99 s of CPU on average",
        "(0.35 s a game) and 247 with 120",
        "65 to 75 ms at the 95th percentile",
        "at a 95th percentile of 43 to 46 ms idle",
    ],
)
def test_a_record_is_caught(record):
    assert citations(record)


@pytest.mark.parametrize(
    "description",
    [
        "Wins (with the rate and its Wilson interval), how games end, and their length",
        "clear rates with Wilson 95% intervals, and the share of the gap each bot closes",
        'An exact probability for people: "1/6 (16.7%)", and "certain" or "impossible"',
        "seeds from 0 up, each deal a fresh shuffle",
        "Each listed outcome equally likely; a repeated outcome counts once per listing",
        "the seat's heroes: 1 for a quest won and 0 for one lost",
        "the Elder One advances one space of 6",
        "# fmt: skip",
    ],
)
def test_a_description_is_not(description):
    assert not citations(description)
