"""The game-state protocol every engine follows.

It is OpenSpiel's: a state knows whose turn it is (a player, :data:`CHANCE` or :data:`TERMINAL`), its
legal actions, how to :meth:`GameState.apply` one, the outcomes and exact probabilities at a chance
node (dice), the returns at the end, and what each player may observe. Bots are handed only an
observation and the legal actions.

As in boardgame.io, the seeded RNG lives in the state and draws only what is too large to enumerate
(shuffles). Everything else that happens is an action in :attr:`GameState.history`, chance outcomes
included, so a game is its seed, its configuration and its actions: that is what :meth:`to_json`
saves and :func:`from_json` replays.
"""

from __future__ import annotations

import copy
import json
import math
import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from fractions import Fraction
from functools import cache, cached_property
from typing import Any, ClassVar

CHANCE = -1
TERMINAL = -4

Action = Any  # a JSON-able value: str, int, or a tuple of those
SAVE_FORMAT = 1


class ChanceOutcomes(tuple):
    """A chance node's (outcome, exact probability) pairs, with an integer table for fast, exact
    sampling. Engines build one per kind of roll and return the same object every time."""

    @cached_property
    def table(self) -> tuple[int, list[int]]:
        """(common denominator, cumulative integer weights)."""
        denominator = math.lcm(*(p.denominator for _, p in self))
        cumulative, running = [], 0
        for _, p in self:
            running += p.numerator * (denominator // p.denominator)
            cumulative.append(running)
        if running != denominator:
            raise ValueError("chance outcome probabilities do not sum to 1")
        return denominator, cumulative

    @cached_property
    def actions(self) -> frozenset:
        """The outcomes alone, to check an applied outcome in constant time."""
        return frozenset(outcome for outcome, _ in self)


class UniformOutcomes(Sequence):
    """A chance node whose outcomes are all equally likely, such as a card drawn from a shuffled
    deck. It reads as the same (outcome, probability) pairs as :class:`ChanceOutcomes`, but a
    pair is made only when read: sampling needs one number, and a deck of thirty cards would
    otherwise build thirty pairs at every draw. `outcomes` must not change afterwards (engines
    hand over a list they keep as it is)."""

    __slots__ = ("outcomes",)

    def __init__(self, outcomes: Sequence[Action]):
        if not outcomes:
            raise ValueError("a chance node needs at least one outcome")
        self.outcomes = outcomes

    def __len__(self) -> int:
        return len(self.outcomes)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        return (self.outcomes[index], _share(len(self.outcomes)))

    def __iter__(self):
        share = _share(len(self.outcomes))
        return ((outcome, share) for outcome in self.outcomes)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None

    def __repr__(self) -> str:
        return f"UniformOutcomes({list(self.outcomes)!r})"

    @property
    def actions(self) -> frozenset:
        return frozenset(self.outcomes)


@cache
def _share(n: int) -> Fraction:
    return Fraction(1, n)


class IllegalAction(ValueError):
    """An action the state refused; the state is exactly as it was before the attempt."""

    def __init__(self, action: Action, reason: str):
        self.action = action
        self.reason = reason
        super().__init__(f"illegal action {action!r}: {reason}")


def freeze(action: Action) -> Action:
    """JSON gives lists back where tuples went in; actions are compared as tuples."""
    if isinstance(action, list):
        return tuple(freeze(a) for a in action)
    return action


class GameState(ABC):
    """Base class of every game's state.

    Subclasses call ``super().__init__(seed, **config)`` with JSON-able keyword arguments only (the
    same ones their constructor takes), set up the table using ``self.rng``, and implement the
    abstract methods. Mutation happens only in :meth:`_apply`, after :meth:`apply` has checked that
    the action is legal.
    """

    game: ClassVar[str] = ""  # the registry slug, e.g. "epic-death"
    SHARED: ClassVar[tuple[str, ...]] = ()  # attributes a clone shares: tables never written
    FLAT_LISTS: ClassVar[tuple[str, ...]] = ()  # lists of immutable items (actions, log lines)

    def __init__(self, seed: int = 0, **config: Any):
        self.seed = seed
        self.config = config
        self.rng = random.Random(seed)
        self.history: list[Action] = []

    # -- what a subclass provides ---------------------------------------------------------------
    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, or CHANCE, or TERMINAL."""

    @abstractmethod
    def legal_actions(self) -> Sequence[Action]:
        """Actions open to the current player; at a chance node, the possible outcomes. A list, or
        a sequence that reads as one (:class:`toolkit.actions.ActionBlocks`)."""

    def chance_outcomes(self) -> Sequence[tuple[Action, Fraction]]:
        """At a chance node, each outcome with its exact probability (they sum to 1); return a
        cached :class:`ChanceOutcomes` where the same roll recurs, or a :class:`UniformOutcomes`
        for equally likely outcomes (a card drawn), so sampling stays fast."""
        raise NotImplementedError(f"{type(self).__name__} has no chance nodes")

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out a legal action (already checked)."""

    @abstractmethod
    def returns(self) -> list[float]:
        """Each seat's result once the game is over (0 for every seat before that)."""

    @abstractmethod
    def observation(self, player: int) -> dict:
        """A JSON-able view holding only what `player` may see."""

    def why_illegal(self, action: Action) -> str:
        """A sentence a person can act on; games override it to explain their own rules."""
        if self.is_terminal():
            return "the game is over"
        legal = self.legal_actions()
        shown = ", ".join(repr(a) for a in legal[:8]) + (" ..." if len(legal) > 8 else "")
        return f"it is not one of the {len(legal)} legal actions now ({shown})"

    def action_to_string(self, action: Action) -> str:
        return str(action)

    def summary(self) -> dict:
        """Per-game numbers that a simulation table records (turns, scores, ...)."""
        return {}

    # -- the protocol ---------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def apply(self, action: Action) -> None:
        """Apply a legal action or raise :class:`IllegalAction`, leaving the state unchanged."""
        if action.__class__ is list:  # from JSON; tested here, as freeze is a call on every move
            action = freeze(action)
        if not self._is_legal(action):
            raise IllegalAction(action, self.why_illegal(action))
        self.apply_listed(action)

    def apply_listed(self, action: Action) -> None:
        """Apply an action this state has just listed, in :meth:`legal_actions` or
        :meth:`chance_outcomes`: it is legal by construction, so the check :meth:`apply` makes of
        any other action is left out. :func:`toolkit.simulate.play` applies chance outcomes and the
        random bot's moves this way."""
        self._apply(action)
        self.history.append(action)

    def _is_legal(self, action: Action) -> bool:
        """Whether `action` may be applied now. Engines that keep their legal actions, or whose
        chance outcomes are cached, answer here without building the list again."""
        return not self.is_terminal() and action in self.legal_actions()

    def clone(self) -> GameState:
        """A deep copy, but read-only tables (:attr:`SHARED`) are shared and lists whose items never
        change (the history, :attr:`FLAT_LISTS`) are copied flat: a search that clones at every
        move would otherwise visit each action and log line of the game so far."""
        memo = {}
        for name in self.SHARED:
            table = getattr(self, name)
            memo[id(table)] = table
        for name in ("history", *self.FLAT_LISTS):
            flat = getattr(self, name)
            memo[id(flat)] = list(flat)
        return copy.deepcopy(self, memo)

    # -- save, load, replay ---------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {
            "format": SAVE_FORMAT,
            "game": self.game,
            "seed": self.seed,
            "config": self.config,
            "actions": list(self.history),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    @classmethod
    def replay(cls, seed: int, config: dict, actions: list[Action]) -> GameState:
        state = cls(seed=seed, **config)
        for index, action in enumerate(actions):
            try:
                state.apply(action)
            except IllegalAction as error:
                raise IllegalAction(
                    error.action, f"at move {index} of the replay: {error.reason}"
                ) from None
        return state

    def _repr_html_(self) -> str:
        from html import escape

        return f"<pre>{escape(repr(self))}</pre>"


def from_json(text: str, state_class: type[GameState] | None = None) -> GameState:
    """Load a saved game: build the state from its seed and config, then replay every action."""
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise ValueError(f"not a death-toolkit save (format {SAVE_FORMAT} expected)")
    if state_class is None:
        from toolkit.games import get_game

        state_class = get_game(data["game"]).state_class
    elif data["game"] != state_class.game:
        raise ValueError(f"this save is of {data['game']!r}, not {state_class.game!r}")
    return state_class.replay(data["seed"], data["config"], [freeze(a) for a in data["actions"]])
