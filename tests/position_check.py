"""The round trip of a described position, shared by the five games' position tests and
``benchmarks/bench_positions.py``.

At a decision of a real game, the seat to act describes what it sees
(:meth:`~toolkit.games.GameSpec.describe`); a state is built from that description
(:meth:`~toolkit.games.GameSpec.position`). The round trip holds when the description survives
YAML, the built state describes itself the same way, and the numbers beside every choice of the
built state are exactly those of the real one: the seat's view deals what it cannot see as
chance, so what it cannot see must not matter.
"""

from __future__ import annotations

import itertools
import subprocess
import sys
from collections.abc import Iterator

import yaml

from toolkit.games import get_game
from toolkit.position import parse
from toolkit.simulate import decision_points
from toolkit.state import GameState


def round_trip(slug: str, state: GameState) -> GameState:
    """The state built from `state`'s description by its seat to act, the round trip checked
    (AssertionError names what differs)."""
    spec = get_game(slug)
    description = spec.describe(state)
    assert parse(yaml.safe_dump(description, sort_keys=False)) == description, "not plain YAML"
    built = spec.position(description)
    again = spec.describe(built)
    assert again == description, f"described again: {difference(description, again)}"
    shown, rebuilt = spec.decision_odds(state).to_json(), spec.decision_odds(built).to_json()
    assert rebuilt == shown, f"numbers differ at {description}"
    return built


def difference(one: dict, other: dict) -> str:
    """The first field in which two descriptions differ, for a readable failure."""
    for key in [*one, *(k for k in other if k not in one)]:
        if one.get(key) != other.get(key):
            return f"{key}: {one.get(key)!r} != {other.get(key)!r}"
    return "no field"


def positions(slug: str, count: int, step: int = 1) -> Iterator[GameState]:
    """`count` decisions of seeded random-bot games of every table size, every `step`-th."""
    spec = get_game(slug)
    sizes = range(spec.min_players, spec.max_players + 1)
    streams = [decision_points(slug, players, itertools.count()) for players in sizes]
    chosen = (
        state
        for index, state in enumerate(itertools.chain.from_iterable(zip(*streams, strict=True)))
        if index % step == 0
    )
    return itertools.islice(chosen, count)


def refused_by_the_command_line(slug: str, path) -> str:
    """``death-toolkit analyse SLUG --position PATH`` as a person runs it, for a description that
    cannot happen: exit 2, nothing on standard output, one line on standard error naming the
    file (returned, for the caller to look for the field)."""
    result = subprocess.run(
        [sys.executable, "-m", "toolkit", "analyse", slug, "--position", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1, result.stderr
    assert str(path) in result.stderr
    return result.stderr
