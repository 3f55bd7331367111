"""Bots see what a player at the table sees: an observation and the legal actions, nothing else."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Protocol

from toolkit.state import Action


class Bot(Protocol):
    def choose(self, observation: dict, legal_actions: list[Action]) -> Action: ...


def below(rng: random.Random, n: int) -> int:
    """A uniform integer in [0, n), drawn exactly as ``rng.randrange(n)`` and ``rng.choice`` draw
    it (CPython's ``_randbelow``), so seeded games are unchanged, but in one call instead of their
    two or three: every bot decision and chance outcome of a simulation draws one."""
    if n <= 0:
        raise ValueError(f"nothing to choose from (n = {n})")
    bits = n.bit_length()
    value = rng.getrandbits(bits)
    while value >= n:
        value = rng.getrandbits(bits)
    return value


def check_bot_names(table: Mapping[str, object], names: Iterable[str]) -> None:
    """Refuse a bot `table` (a game's ``BOTS``) has not, naming those it has: the one check
    behind the command line, the studies and every widget."""
    for name in names:
        if name not in table:
            raise ValueError(f"unknown bot {name!r} (choose from {', '.join(table)})")


def handed(bot: Bot, state, seat: int):
    """What `bot` is given to decide on: its seat's view of the game (``players_view``) if it
    searches (`reads_view`), else the seat's observation if it reads one (`reads_observation`,
    true unless a bot says otherwise), else nothing. Never the state itself."""
    if getattr(bot, "reads_view", False):
        return state.players_view(seat)
    return state.observation(seat) if getattr(bot, "reads_observation", True) else None


class RandomBot:
    """Picks uniformly among the legal actions.

    It reads no observation, and says so (`reads_observation`), so :func:`toolkit.simulate.play`
    hands it none: building one is a fifth of the work of an Epic Death! move. Its move is one of
    the listed actions as listed (`picks_listed`), so play applies it unchecked.
    """

    reads_observation = False
    picks_listed = True

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, observation: dict | None, legal_actions: list[Action]) -> Action:
        return legal_actions[below(self.rng, len(legal_actions))]


Evaluator = Callable[[dict, Action], Fraction | float]


def best_actions(evaluate: Evaluator, observation: dict, legal_actions) -> list[Action]:
    """The legal actions of the best one-step score, in the order listed: the greedy bot's
    choices, one of which it plays at random (and an exact walk weighs alike)."""
    scored = [(evaluate(observation, action), action) for action in legal_actions]
    best = max(score for score, _ in scored)
    return [action for score, action in scored if score == best]


class GreedyBot:
    """Picks the action with the best one-step expected value, ties broken at random.

    The game supplies `evaluate(observation, action)`, which may use only the observation, so the
    greedy bot knows no more than a random one does. Its move is one of the listed actions as
    listed (`picks_listed`), so play and a search's playouts apply it unchecked.
    """

    picks_listed = True

    def __init__(self, evaluate: Evaluator, seed: int = 0):
        self.evaluate = evaluate
        self.rng = random.Random(seed)

    def choose(self, observation: dict, legal_actions: list[Action]) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        return self.rng.choice(best_actions(self.evaluate, observation, legal_actions))
