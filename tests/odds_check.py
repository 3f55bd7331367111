"""The differential test of the numbers beside a decision, shared by the five games.

A game's ``odds.decision_odds(state)`` may use fast closed forms, but every number it shows must
equal what the exact walk (:mod:`toolkit.analysis`, from the seat's ``players_view``) says of the
same action. :func:`compare` asks both at the decisions of seeded games and stacked positions,
counts what it compared (the counts are printed, and the book quotes them) and times the shown
numbers for the printout only: speed is the benchmark's to judge (``benchmarks/bench_decision_odds.py``
holds the 100 ms budget), since a timed test fails on a busy machine. :func:`cli_shows` and the
widget tests check that ``death-toolkit analyse`` and the widget show that same object.
"""

from __future__ import annotations

import io
import json
import statistics
import time
from collections.abc import Callable, Iterable, Mapping
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

    def p95(self) -> float:
        return statistics.quantiles(self.seconds, n=20)[-1] if len(self.seconds) > 1 else 0.0

    def line(self) -> str:
        return (
            f"{self.game}: {self.positions} decision points, {self.actions} actions, "
            f"{self.numbers} exact numbers equal to the walk's; "
            f"shown in {self.p95() * 1e3:.1f} ms at the 95th percentile"
        )


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
