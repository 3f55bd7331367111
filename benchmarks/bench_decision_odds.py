"""The numbers beside a decision, per game: how long a widget waits for them, and how many
choices get a number within that budget (a question too large is refused with a note).

Each game's ``odds.decision_odds`` is timed at the decisions of seeded random games at the most
players (:func:`toolkit.simulate.decision_points`). The target is the issue's: under 100 ms at the
95th percentile, per game. Where a game answers with closed forms instead of walking the engine,
its own benchmark times the two side by side (Epic Death!'s in bench_epic_death.py).

Each row also gives the share of choices answered within 100 ms of CPU (the widget's first pass: a
number the call found, in a call that took no longer) and, over every few of the same decisions,
within 10 s (the first pass, then the more patient walks the widget runs in the background,
``patience(N)`` for its growing N within its bound of memory, each called off once the decision's
CPU time passes 10 s; a choice counts when its row would fill). Two kinds of choice have their own
targets, counted over decisions of their kind: How I Died's first card of a turn at five players,
Death May Die's end of the actions.
``--quick`` times the first few decisions of the games instead.
"""

from __future__ import annotations

import statistics
import sys
import time

from timing import cli

from toolkit.analysis import MemoFull, WalkCancelled
from toolkit.death_may_die.widget import DeathMayDieWidget
from toolkit.epic_death.widget import EpicDeathWidget
from toolkit.games import available, get_game
from toolkit.how_i_died.widget import HowIDiedWidget
from toolkit.simulate import decision_points
from toolkit.steps import PASS
from toolkit.to_the_death.widget import ToTheDeathWidget
from toolkit.tpk.widget import TPKWidget
from toolkit.widgets import background_steps, patient_walks

TARGET_P95_S = 0.1
POSITIONS = 300
#: The CPU time a decision's numbers may take in all, first pass and patient walks.
PATIENT_S = 10.0
#: Of the timed decisions, every this many-th is given the patient walks too.
PATIENT_EVERY = 10
#: The targets of the issue for the share of choices answered within :data:`PATIENT_S`: the game,
#: its players, words for the kind of choice, and which choices of a decision are of that kind.
SHARE_TARGET = 0.9
KIND_TARGETS = {
    "how-i-died": (
        5,
        "the first card of a turn",
        lambda state, action: state.prompt.resume == "build" and not state.building,
    ),
    "death-may-die": (
        4,
        "the end of the actions",
        lambda state, action: action == PASS and state.front() == "actions",
    ),
}


#: Each game's widget, whose background walks the patient answers follow.
WIDGETS = {
    "death-may-die": DeathMayDieWidget,
    "epic-death": EpicDeathWidget,
    "how-i-died": HowIDiedWidget,
    "to-the-death": ToTheDeathWidget,
    "tpk": TPKWidget,
}


def p95(times: list[float]) -> float:
    return statistics.quantiles(times, n=20)[-1]


def patient_answers(slug: str, state, seconds: float = PATIENT_S) -> set:
    """The choices of the decision at `state` that get numbers within `seconds` of CPU time: the
    first pass, then ``patience(N)`` for the widget's growing N, as the widget counts on in the
    background, the walk under way called off when the time is up. A choice counts once the
    widget would show its numbers: when its walk tells them, or at the end of the walk that
    answers it (the widget's own :func:`~toolkit.widgets.patient_walks`)."""
    spec, widget = get_game(slug), WIDGETS[slug]
    steps, _ = background_steps(widget.walk_limit, widget.memo_bounded)
    began = time.process_time()
    found: set = set()

    def heard(action, numbers: dict) -> None:
        if time.process_time() - began <= seconds:
            found.add(action)

    late = lambda: time.process_time() - began > seconds  # noqa: E731
    try:
        for odds in patient_walks(spec, state, (1, *steps), late, heard):
            if late():
                break
            if odds is None:
                continue
            found.update(row.action for row in odds.actions if row.odds)
            if len(found) == len(odds.actions):
                break
    except (WalkCancelled, MemoFull):
        pass
    return found


def decision_row(
    slug: str,
    players: int,
    bots: str = "random",
    seeds: range = range(100),
    limit: int | None = POSITIONS,
    patient_every: int = PATIENT_EVERY,
    patient_s: float = PATIENT_S,
) -> dict:
    """The 95th percentile of `slug`'s decision_odds over the decisions of seeded games of
    `players` `bots` (the first `limit` of them, or all), and how many choices got numbers."""
    spec = get_game(slug)
    times, shown, choices, fast = [], 0, 0, 0
    patient = [0, 0]  # choices answered within PATIENT_S, choices, over the sampled decisions
    for state in decision_points(slug, players, seeds, bots):
        start = time.process_time()
        odds = spec.decision_odds(state.clone())
        took = time.process_time() - start
        times.append(took)
        answered = sum(1 for row in odds.actions if row.odds)
        shown += answered
        choices += len(odds.actions)
        fast += answered if took <= TARGET_P95_S else 0
        if (len(times) - 1) % patient_every == 0:
            found = patient_answers(slug, state, patient_s)
            patient[0] += len(found)
            patient[1] += len(odds.actions)
        if len(times) == limit:
            break
    met = "met" if p95(times) < TARGET_P95_S else "MISSED"
    sampled = (len(times) + patient_every - 1) // patient_every
    return {
        "benchmark": f"{spec.title}: numbers beside a decision, {players} players, {bots} bots "
        "(95th percentile)",
        "ours_s": p95(times),
        "baseline": "target",
        "baseline_s": TARGET_P95_S,
        "ratio": TARGET_P95_S / p95(times),
        "note": f"{len(times)} decisions; slowest {max(times) * 1e3:.0f} ms; "
        f"{shown} of {choices} choices got numbers; {met}; "
        f"answered within 100 ms: {share(fast, choices)}; "
        f"within {patient_s:g} s: {share(*patient)} (over {sampled} decisions)",
    }


def share(part: int, whole: int) -> str:
    return f"{part / whole:.0%} ({part} of {whole})" if whole else "none asked"


def kind_row(
    slug: str, seeds: range = range(100), decisions: int = 20, patient_s: float = PATIENT_S
) -> dict:
    """The share of the choices of one kind (:data:`KIND_TARGETS`) answered within 100 ms and
    within :data:`PATIENT_S`, over the first `decisions` decisions of seeded random games that
    offer that kind of choice."""
    spec = get_game(slug)
    players, words, of_kind = KIND_TARGETS[slug]
    fast, patient, choices, seen, cpu = 0, 0, 0, 0, []
    for state in decision_points(slug, players, seeds, "random"):
        if not any(of_kind(state, action) for action in state.legal_actions()):
            continue
        start = time.process_time()
        odds = spec.decision_odds(state.clone())
        took = time.process_time() - start
        mine = [row.action for row in odds.actions if of_kind(state, row.action)]
        if took <= TARGET_P95_S:
            fast += sum(1 for row in odds.actions if row.odds and row.action in mine)
        found = patient_answers(slug, state, patient_s)
        cpu.append(time.process_time() - start)
        patient += len(found.intersection(mine))
        choices += len(mine)
        seen += 1
        if seen == decisions:
            break
    ratio = patient / choices if choices else 0.0
    met = "met" if ratio >= SHARE_TARGET else "MISSED"
    return {
        "benchmark": f"{spec.title}: {words} answered within {patient_s:g} s, {players} players "
        "(share of choices)",
        "ours_s": max(cpu) if cpu else None,
        "baseline": None,
        "baseline_s": None,
        "ratio": None,
        "note": f"{seen} decisions, {choices} choices; within 100 ms: {share(fast, choices)}; "
        f"within {patient_s:g} s: {share(patient, choices)} (target {SHARE_TARGET:.0%}: {met}); "
        "ours_s is the slowest decision's CPU time",
    }


def run(quick: bool = False) -> list[dict]:
    quick_sizes = {"seeds": range(2), "patient_s": 0.2}
    sizes = {**quick_sizes, "limit": 20, "patient_every": 1000} if quick else {}
    rows = [decision_row(slug, get_game(slug).max_players, **sizes) for slug in available()]
    kinds = {**quick_sizes, "decisions": 1} if quick else {}
    return rows + [kind_row(slug, **kinds) for slug in KIND_TARGETS]


if __name__ == "__main__":
    sys.exit(cli(run))
