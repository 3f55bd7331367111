"""The differential test of the numbers beside a decision, shared by the five games.

A game's ``odds.decision_odds(state)`` may use fast closed forms, but every number it shows must
equal what the exact walk (:mod:`toolkit.analysis`, from the seat's ``players_view``) says of the
same action. :func:`compare` asks both at the decisions of seeded games and stacked positions,
counts what it compared (the counts are printed) and times the shown numbers for the printout
only: speed is the benchmark's to judge (``benchmarks/bench_decision_odds.py`` holds the 100 ms
budget), since a timed test fails on a busy machine. :func:`cli_shows` and the widget tests check
that ``death-toolkit analyse`` and the widget show that same object.

Each game's test module has a ``differential(step)`` that compares at its stacked positions and
at every `step`-th decision of its seeded games (:func:`every`): the test takes a sample
(``step=SAMPLE``, about a hundred decisions a game, in seconds), and
``benchmarks/sweep_differential.py`` runs every decision (``step=1``, a thousand and more a game)
and prints the counts the book quotes.
"""

from __future__ import annotations

import io
import itertools
import json
import statistics
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import redirect_stdout
from dataclasses import dataclass, field
from fractions import Fraction

from toolkit.analysis import DecisionOdds
from toolkit.cli import main
from toolkit.games import get_game
from toolkit.state import Action, GameState

Reference = Callable[[GameState], Mapping[Action, Mapping[str, Fraction]]]


@dataclass
class Report:
    """What a differential run compared: positions, actions and numbers, and the time each
    position's shown numbers took."""

    game: str
    positions: int = 0
    actions: int = 0
    numbers: int = 0
    seconds: list[float] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def p95(self) -> float:
        return statistics.quantiles(self.seconds, n=20)[-1] if len(self.seconds) > 1 else 0.0

    def counts(self) -> str:
        """What was compared, and the notes the game's test adds (what it left out)."""
        return (
            f"{self.positions:,} decision points, {self.actions:,} actions, "
            f"{self.numbers:,} exact numbers equal to the walk's"
        ) + "".join(f"; {note}" for note in self.notes)

    def line(self) -> str:
        return (
            f"{self.game}: {self.counts()}; "
            f"shown in {self.p95() * 1e3:.1f} ms at the 95th percentile"
        )


def every(positions: Iterable[GameState], step: int) -> Iterator[GameState]:
    """The first of `positions` and every `step`-th one after it: a sample that is the same at
    every run (the positions come from seeded games)."""
    return itertools.islice(positions, 0, None, step)


def at_least(count: int, step: int) -> int:
    """What a sample of every `step`-th position must still reach where the whole must reach
    `count`."""
    return count // step


def compare(
    slug: str, positions: Iterable[GameState], reference: Reference, report: Report | None = None
) -> Report:
    """Ask `decision_odds` and `reference` at every position and require equal numbers: every
    measure shown for an action is the walk's, and every action is shown."""
    report = report or Report(slug)
    decision_odds = get_game(slug).decision_odds
    for state in positions:
        before = state.to_json()
        start = time.perf_counter()
        shown = decision_odds(state)
        report.seconds.append(time.perf_counter() - start)
        assert state.to_json() == before, "decision_odds changed the game"
        assert isinstance(shown, DecisionOdds)
        assert shown.seat == state.current_player()
        legal = list(state.legal_actions())
        assert [o.action for o in shown.actions] == legal, "every legal action, in order"
        expected = reference(state)
        for odds in shown.actions:
            for name, value in odds.odds.items():
                want = expected[odds.action][name]
                assert value == want, (
                    f"{slug} seed {state.seed} move {len(state.history)}: "
                    f"{odds.label}: {name} shown {value}, the walk says {want}"
                )
                report.numbers += 1
        report.positions += 1
        report.actions += len(legal)
    return report


def cli_shows(slug: str, state: GameState) -> dict:
    """What ``death-toolkit analyse SLUG --state FILE --json`` prints for `state` (run in this
    process, the file on standard input)."""
    import sys

    out, stdin = io.StringIO(), sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(state.to_json().encode()))
    try:
        with redirect_stdout(out):
            status = main(["analyse", slug, "--state", "-", "--json"])
    finally:
        sys.stdin = stdin
    assert status == 0
    return json.loads(out.getvalue())
