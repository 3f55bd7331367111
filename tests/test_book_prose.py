"""The book reads as a course: short sentences, and no test files or private code names in the
chapters or in the rules notes a player reads (those belong to the evidence appendix).

How a sentence is measured: the YAML front matter, code cells and fenced code, maths blocks,
tables, headings, HTML comments and a directive's option lines (``:class: dropdown``) are removed;
what is left is prose, including list items and the text inside dropdowns and admonitions. Inline
maths, inline code and a role's target (``{doc}`primer```) count as one word each. A blank line or
a list item ends a sentence; so does ``.``, ``!``, ``?`` or ``:`` followed by a space and a capital
letter, a digit or an opening bracket or quote; a bold lead-in (``**Quest.** The player...``) is
part of the sentence it opens. A sentence is its words, split on white space.

``python tests/test_book_prose.py [--book DIR]`` prints each page's mean, median, 90th percentile
and longest sentence, in words.
"""

from __future__ import annotations

import re
import statistics
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "book"
CHAPTERS = [
    "intro", "primer", "epic-death", "to-the-death", "tpk", "how-i-died", "death-may-die",
    "contributing",
]  # fmt: skip
NOTES = ["rules-notes", *(f"rules-notes/{p.stem}" for p in sorted(BOOK.glob("rules-notes/*.md")))]
MEDIAN_WORDS = 20

FENCE = re.compile(r"^(`{3,}|:{3,})(.*)$")
# prose-bearing directives: their body is text a reader reads
PROSE_DIRECTIVES = re.compile(
    r"\{(dropdown|admonition|note|tip|hint|important|warning|seealso|exercise|solution|toggle)\}"
)


def prose(text: str) -> str:
    """The text a reader reads as sentences, from a MyST page."""
    lines = text.splitlines()
    if lines and lines[0].strip() == "---":  # front matter
        end = lines.index("---", 1)
        lines = lines[end + 1 :]
    kept: list[str] = []
    stack: list[tuple[str, bool]] = []  # open fences: (marker, is prose)
    in_maths = False
    for line in lines:
        stripped = line.strip()
        fence = FENCE.match(stripped)
        if in_maths:
            in_maths = not stripped.endswith("$$")
            kept.append("")
            continue
        if fence:
            marker, rest = fence.groups()
            if stack and marker == stack[-1][0] and not rest.strip():
                stack.pop()
                kept.append("")
                continue
            if not stack or stack[-1][1]:
                stack.append((marker, bool(PROSE_DIRECTIVES.search(rest))))
                kept.append("")
                continue
        if stack and not stack[-1][1]:
            continue
        if stripped.startswith("$$"):
            in_maths = not (stripped.endswith("$$") and len(stripped) > 2)
            kept.append("")
            continue
        if stripped.startswith(("#", "|", "<!--")) or re.match(r"^:[\w-]+:", stripped):
            kept.append("")
            continue
        kept.append(line)
    body = "\n".join(kept)
    body = re.sub(r"<!--.*?-->", " ", body, flags=re.DOTALL)
    body = re.sub(r"\{[\w:-]+\}`[^`]*`", "REF", body)  # roles: one word
    body = re.sub(r"`[^`]*`", "CODE", body)
    body = re.sub(r"\$[^$\n]+\$", "MATHS", body)
    body = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", body)  # links keep their text
    return body


def sentences(text: str) -> list[list[str]]:
    """The sentences of a page's prose, each a list of words."""
    found = []
    paragraphs = re.split(r"\n\s*\n|\n\s*(?=(?:[-*+]|\d+\.)\s)", prose(text))
    for paragraph in paragraphs:
        paragraph = re.sub(r"^\s*(?:[-*+]|\d+\.)\s+", "", paragraph.strip())
        # a bold lead-in ("**Quest.** The active player...") belongs to its sentence
        paragraph = re.sub(r"\*\*([^*]+?)[.:]\*\*", r"**\1**", paragraph)
        parts = re.split(r"(?<=[.!?:])[*_)\"']*\s+(?=[*_(\[\"'{]*[A-Z0-9$])", paragraph)
        for part in parts:
            words = [w for w in part.split() if re.search(r"\w", w)]
            if words:
                found.append(words)
    return found


def page(name: str) -> Path:
    return BOOK / f"{name}.md"


def lengths(name: str) -> list[int]:
    return [len(s) for s in sentences(page(name).read_text(encoding="utf-8"))]


def summary(name: str) -> tuple[float, int, int]:
    """Median, 90th percentile and longest sentence of a page, in words."""
    found = sorted(lengths(name))
    p90 = found[min(len(found) - 1, int(0.9 * len(found)))]
    return statistics.median(found), p90, found[-1]


@pytest.mark.parametrize("name", CHAPTERS + NOTES)
def test_sentences_are_short(name):
    median, _, _ = summary(name)
    assert median <= MEDIAN_WORDS, f"{name}: median sentence {median} words"


# a test or benchmark file, a test function, or a private name (`_end_turn`, `state._seen`)
EVIDENCE = re.compile(r"\b(tests|benchmarks)/|\btest_\w+|\bbench_\w+|(?<![\w.])\.?_[a-z]\w*|\._\w+")


@pytest.mark.parametrize("name", CHAPTERS + NOTES)
def test_no_test_files_or_private_names_for_the_reader(name):
    """Chapters and rules notes speak of the game; which test pins what is in the appendices."""
    text = page(name).read_text(encoding="utf-8")
    shown = prose(text)
    # inline code is part of what a reader sees: look inside it too
    code = " ".join(re.findall(r"`([^`]*)`", re.sub(r"```.*?```", "", text, flags=re.DOTALL)))
    found = sorted(set(m.group(0) for m in EVIDENCE.finditer(shown + " " + code)))
    assert found == [], f"{name} names {found}"


def test_evidence_and_conformance_pages_exist():
    assert page("evidence").is_file()
    for notes in sorted(BOOK.glob("rules-notes/*.md")):
        assert (BOOK / "conformance" / notes.name).is_file(), notes.stem


def main(argv: list[str]) -> int:
    """Print each page's sentence lengths; ``--book DIR`` measures another copy of the book."""
    global BOOK
    if argv[:1] == ["--book"]:
        BOOK = Path(argv[1])
    print(f"{'page':32} {'sentences':>9} {'mean':>5} {'median':>6} {'p90':>4} {'max':>4}")
    for name in CHAPTERS + NOTES:
        if not page(name).is_file():
            continue
        median, p90, longest = summary(name)
        mean = statistics.mean(lengths(name))
        print(f"{name:32} {len(lengths(name)):9d} {mean:5.1f} {median:6.1f} {p90:4d} {longest:4d}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
