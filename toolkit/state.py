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

import importlib
import inspect
import json
import math
import random
import types
import typing
from abc import ABC, abstractmethod
from collections import Counter, abc
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, cached_property
from html import escape
from typing import Any, ClassVar, NamedTuple

from toolkit.actions import ActionBlocks
from toolkit.games import PACKAGES, get_game
from toolkit.position import PositionError

CHANCE = -1
TERMINAL = -4

Action = Any  # a JSON-able value: str, int, or a tuple of those
SAVE_FORMAT = 1
_IMMUTABLE = (tuple, ActionBlocks)  # what legal_actions hands out as it is


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


def _alike(listed: Action, action: Action) -> bool:
    """Whether two equal actions are of the same types all through."""
    if type(listed) is not type(action):
        return False
    return not isinstance(listed, tuple) or all(map(_alike, listed, action))


def freeze(action: Action) -> Action:
    """JSON gives lists back where tuples went in; actions are compared as tuples."""
    if isinstance(action, list):
        return tuple(freeze(a) for a in action)
    return action


# -- how a state is copied ------------------------------------------------------------------------
# The ways of copying a field that a class's COPY names (see copying).
SHARED = "shared"
COPIED = "copied"
EACH_COPIED = "each copied"
PLAIN = "plain"
FRESH = "fresh"
FORGOTTEN = "forgotten"


def copying(
    *,
    shared: Iterable[str] = (),
    copied: Iterable[str] = (),
    each_copied: Iterable[str] = (),
    plain: Iterable[str] = (),
    fresh: Iterable[str] = (),
    forgotten: Iterable[str] = (),
    own: Mapping[str, Callable[[Any, GameState], Any]] | None = None,
) -> dict[str, Any]:
    """A class's :attr:`GameState.COPY`: how :meth:`GameState.clone` copies each field.

    - `shared`: the copy holds the same object: a value (a number, a string, a tuple), a table
      read and never written, or an object the game replaces and never changes in place;
    - `copied`: the object's own ``copy()``: a list, dict or set of values, a Counter, a deck;
    - `each_copied`: a list or dict of those, each copied (a hand per seat, a dict of piles);
    - `plain`: plain data all the way down: every list, dict and set inside is copied, anything
      else is shared (:func:`plain_copy`);
    - `fresh`: a new empty object of its class (a cache that fills itself again);
    - `forgotten`: left out of the copy (a value read once, that the class's default stands for);
    - `own`: the game's own function ``function(value, copy)`` of the field's value and the copy
      being made. These run last, in the order given, so they may read the copy's other fields.

    A field holding None stays None. A field is named once."""
    table: dict[str, Any] = {}
    for how, names in (
        (SHARED, shared),
        (COPIED, copied),
        (EACH_COPIED, each_copied),
        (PLAIN, plain),
        (FRESH, fresh),
        (FORGOTTEN, forgotten),
        *(((function, (name,)) for name, function in (own or {}).items())),
    ):
        for name in names:
            if name in table:
                raise ValueError(f"field {name!r} is declared twice")
            table[name] = how
    return table


def copy_table(state_class: type) -> dict[str, Any]:
    """How each field of a `state_class` is copied: the COPY of each of its classes, a subclass's
    over its bases'."""
    table: dict[str, Any] = {}
    for klass in reversed(state_class.__mro__):
        table.update(vars(klass).get("COPY", {}))
    return table


class _Copying(NamedTuple):
    """A class's copy table, by way of copying, as :meth:`GameState.clone` reads it."""

    declared: frozenset[str]
    copied: tuple[str, ...]
    each_copied: tuple[str, ...]
    plain: tuple[str, ...]
    fresh: tuple[str, ...]
    forgotten: tuple[str, ...]
    own: tuple[tuple[str, Callable], ...]

    @classmethod
    def of(cls, table: dict[str, Any]) -> _Copying:
        def named(how):
            return tuple(name for name, way in table.items() if way == how)

        own = tuple((name, how) for name, how in table.items() if callable(how))
        return cls(frozenset(table), named(COPIED), named(EACH_COPIED), named(PLAIN),
                   named(FRESH), named(FORGOTTEN), own)  # fmt: skip


def each_copied(value: Any) -> Any:
    """A list or dict (or a list's subclass) of the same kind whose items are each copied."""
    kind = value.__class__
    if kind is list:
        return [item.copy() for item in value]
    if kind is dict:
        return {key: item.copy() for key, item in value.items()}
    return kind([item.copy() for item in value])


_CONTAINERS = (list, dict, set)


def plain_copy(value: Any) -> Any:
    """A copy of plain data: lists, dicts and sets copied at every level, anything else
    (strings, numbers, tuples of them, functions) shared."""
    kind = value.__class__
    if kind is list:
        return [item if item.__class__ not in _CONTAINERS else plain_copy(item) for item in value]
    if kind is dict:
        return {
            key: item if item.__class__ not in _CONTAINERS else plain_copy(item)
            for key, item in value.items()
        }
    if kind is set:
        return set(value)
    return value


def _generator_copied(rng: random.Random, copy: GameState) -> random.Random:
    return copied_rng(rng)


def _no_offer(offered_at: int, copy: GameState) -> int:
    """A copy keeps no list an engine offered (see :meth:`GameState._offer`): a copy is what gets
    changed by hand (a seat's view, a determinised game, a test's table), which that list would
    no longer fit."""
    return -1


def _undeclared(state: GameState, declared: frozenset[str]) -> str:
    names = ", ".join(repr(name) for name in vars(state) if name not in declared)
    return (
        f"{type(state).__name__} cannot be copied: no way of copying field {names} is declared "
        f"in its COPY (see toolkit.state.copying)"
    )


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: its `kind`, one of a few fixed words per game that a table column can
    group by (each game lists its own in ``ENDINGS``), and the seats that won (every seat of a
    cooperative game that won; none where nobody won). Who won is said by `winners` alone, never
    in the kind."""

    kind: str
    winners: tuple[int, ...] = ()


class GameState(ABC):
    """Base class of every game's state.

    Subclasses call ``super().__init__(seed, **config)`` with JSON-able keyword arguments only (the
    same ones their constructor takes), set up the table using ``self.rng``, and implement the
    abstract methods. Mutation happens only in :meth:`_apply`, after :meth:`apply` has checked that
    the action is legal.
    """

    game: ClassVar[str] = ""  # the registry slug, e.g. "epic-death"
    #: The description of the position this game was set up from (see :mod:`toolkit.position`),
    #: or None for a game dealt from its seed.
    description: dict | None = None
    #: How :meth:`clone` copies each field of the state (see :func:`copying`); a subclass
    #: declares the fields it adds, and may change how an inherited one is copied.
    COPY: ClassVar[dict[str, Any]] = copying(
        shared=("seed", "config", "description", "_legal"),
        copied=("history",),
        own={"rng": _generator_copied, "_legal_at": _no_offer},
    )

    def __init__(self, seed: int = 0, **config: Any):
        self.seed = seed
        self.config = config
        self.rng = random.Random(seed)
        self.history: list[Action] = []
        self._legal: Sequence[Action] = ()
        self._legal_at = -1  # the history length _legal was offered for (see _offer)

    # -- what a subclass provides ---------------------------------------------------------------
    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, or CHANCE, or TERMINAL."""

    @abstractmethod
    def _compute_legal(self) -> Sequence[Action]:
        """Actions open to the current player; at a chance node, the possible outcomes; none once
        the game is over. Any sequence: :meth:`legal_actions` keeps it, made immutable."""

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
        """Each seat's result once the game is over (0 for every seat before that); how they add
        up is the game's ``GameSpec.utility``."""

    #: How the game ended (:class:`Outcome`), None while it goes on. An engine sets it, or reads
    #: it off its own fields in a property; :attr:`winners` and :attr:`ended_by` read it.
    outcome: Outcome | None = None

    @property
    def winners(self) -> tuple[int, ...] | None:
        """The seats that won once the game is over (every seat of a cooperative game that won,
        none where nobody won); None while it goes on."""
        outcome = self.outcome
        return None if outcome is None else outcome.winners

    @property
    def ended_by(self) -> str | None:
        """The kind of ending (:attr:`Outcome.kind`); None while the game goes on."""
        outcome = self.outcome
        return None if outcome is None else outcome.kind

    @abstractmethod
    def observation(self, player: int) -> dict:
        """A JSON-able view holding only what `player` may see. Every game's has the same two
        keys for who is who: ``seat`` (`player`, the seat observing) and ``to_play`` (the seat
        to act, or None at a chance node and once the game is over)."""

    def players_view(self, seat: int) -> GameState:
        """The game as `seat` knows it, for the exact walk (:mod:`toolkit.analysis`): a copy in
        which what the seat cannot see (a deck's order, other hands, face-down cards) is drawn at
        chance nodes over the unseen cards, with exact weights, consistent with everything the
        seat has seen. Its ``observation(seat)`` is this state's. Each game gives its own."""
        raise NotImplementedError(f"{self.game} gives no players_view")

    def determinise(self, rng: random.Random) -> GameState:
        """Called on a seat's view (:meth:`players_view`): one game the seat could be in, that
        plays to the end, for a search (:mod:`toolkit.search`). The seat observes it exactly as
        the view and has the same legal actions; what it cannot see is dealt from `rng`, every
        deal consistent with what it knows equally likely, and later shuffles come from `rng`
        too, never from the real game's generator.

        This default is for a view that already draws its hidden cards at chance nodes: a copy
        with a generator of its own. A view that holds stand-ins it cannot play past (a hand of
        unseen cards) deals them here instead."""
        game = self.clone()
        game.rng = random.Random(rng.getrandbits(64))
        return game

    def card_locations(self) -> Counter:
        """Every card of the game wherever it is (decks, hands, the table, discards, out of play),
        counted. A game never makes or loses a card, so this is the same at every position: the
        soak (benchmarks/soak.py) and each game's property tests check it."""
        raise NotImplementedError(f"{self.game} does not count its cards")

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

    def result_summary(self) -> dict:
        """The end of the game in the same words for every game: ``winners`` (a list of seats, or
        None while it goes on), ``returns`` and ``ended_by``."""
        winners = self.winners
        return {
            "winners": None if winners is None else list(winners),
            "returns": self.returns(),
            "ended_by": self.ended_by,
        }

    def to_play(self) -> int | None:
        """The seat to act, or None at a chance node and at the end: an observation's ``to_play``."""
        seat = self.current_player()
        return seat if seat >= 0 else None

    # -- the protocol ---------------------------------------------------------------------------
    def legal_actions(self) -> Sequence[Action]:
        """The actions of :meth:`_compute_legal`, handed out immutable (a tuple, or
        :class:`toolkit.actions.ActionBlocks`): a caller that changed the list could otherwise make
        :meth:`apply` accept an action the engine never offered.

        They are worked out from the state as it is at every call, so a state set up or changed
        by hand (a described position, a seat's view, a test's stacked table) is never answered
        from a list of before the change. The one list kept is the one an engine hands over while
        it applies an action (:meth:`_offer`): the legal actions of the position that action
        makes, which it has just listed anyway, good while the history is that one move longer.
        A copy (:meth:`clone`) does not keep it."""
        if self._legal_at == len(self.history):
            return self._legal
        legal = self._compute_legal()
        return legal if type(legal) in _IMMUTABLE else tuple(legal)

    def _offer(self, actions: Sequence[Action]) -> None:
        """From inside :meth:`_apply`: the legal actions of the position it is making."""
        self._legal = actions if type(actions) in _IMMUTABLE else tuple(actions)
        self._legal_at = len(self.history) + 1

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def apply(self, action: Action, *, atomic: bool = True, listed: Sequence | None = None) -> None:
        """Apply a legal action or raise :class:`IllegalAction`, leaving the state unchanged.

        Atomic: if the engine fails part-way through a legal action (a bug, an interrupt), the
        state is put back as it was before, at the price of a copy each move. The toolkit's own
        loops, which throw away a game that fails, pass ``atomic=False`` and skip the copy.
        `listed`: the legal actions the caller has just listed (for its bot), checked against
        rather than listed again."""
        if isinstance(action, list):  # from JSON; tested here, as freeze is a call on every move
            action = freeze(action)
        if not self._is_legal(action, listed):
            raise IllegalAction(action, self._explain(action))
        if not atomic:
            self.apply_listed(action)
            return
        before = self.clone()
        try:
            self.apply_listed(action)
        except BaseException:
            self._restore(before)
            raise

    def _restore(self, before: GameState) -> None:
        """Become `before` again: an engine that fails part-way through a legal action (a bug, or
        an interrupt) leaves no half-changed state behind."""
        self.__dict__.clear()
        self.__dict__.update(before.__dict__)

    def _explain(self, action: Action) -> str:
        """The game's own reason, or the general one for an action too malformed for the game's
        explanation to read (a game explains actions of its own shapes)."""
        try:
            return self.why_illegal(action)
        except (IndexError, KeyError, TypeError, ValueError, AttributeError):
            return GameState.why_illegal(self, action)

    def apply_listed(self, action: Action) -> None:
        """Apply an action this state has just listed, in :meth:`legal_actions` or
        :meth:`chance_outcomes`: it is legal by construction, so the check :meth:`apply` makes of
        any other action is left out. :func:`toolkit.simulate.play` applies chance outcomes and the
        random bot's moves this way."""
        self._apply(action)
        self.history.append(action)

    def _is_legal(self, action: Action, legal: Sequence | None = None) -> bool:
        """Whether `action` is listed now, to its types: ``True == 1`` in Python, but a seat is
        not a yes, so an action must match a listed one in type as well as in value. `legal`:
        the legal actions the caller has just listed, not listed again."""
        if legal is None:
            legal = self.legal_actions()
        return action in legal and any(
            listed == action and _alike(listed, action) for listed in legal
        )

    #: Fields a position's key leaves out, besides the save's, the generator, the record of moves
    #: and the log: tables that never change in a game (its cards, its board, its rules), other
    #: records of what happened, and caches.
    NOT_IN_KEY: ClassVar[tuple[str, ...]] = ()
    UNKEYED: ClassVar[frozenset[str]] = frozenset(
        {"seed", "config", "description", "rng", "history", "log", "_legal", "_legal_at"}
    )

    def position_key(self, **instead: Any) -> Hashable:
        """The identity of this position, derived from the state's fields: two states have the
        same key exactly when every field that can change in play is equal (the tables, the
        generator, the moves and log that led here left out, and :attr:`NOT_IN_KEY`). A walk's memo keyed on it meets a
        position once however it was reached, and a field a game adds later is in the key
        without anyone writing it there. A walk that knows a field cannot matter from here on
        (a deck no step ahead draws from) passes what to read ``instead`` of it: a value, or
        None to leave the field out."""
        skip = _unkeyed(type(self))
        if not instead:
            return tuple([(name, frozen(value)) for name, value in vars(self).items()
                          if name not in skip])  # fmt: skip
        return tuple([
            (name, instead[name] if name in instead else frozen(value))
            for name, value in vars(self).items()
            if name not in skip and instead.get(name, skip) is not None
        ])  # fmt: skip

    def clone(self) -> GameState:
        """A copy to play on, sharing nothing the game changes, made field by field as the
        class's :attr:`COPY` says: a search copies the game at every move, so no field is
        copied deeper than it needs. A field the table does not name is refused (TypeError)
        rather than shared by accident."""
        how = self._copying
        fields = self.__dict__.copy()
        if not how.declared.issuperset(fields):
            raise TypeError(_undeclared(self, how.declared))
        new = object.__new__(self.__class__)
        new.__dict__ = fields
        get = fields.get
        for name in how.copied:
            value = get(name)
            if value is not None:
                fields[name] = value.copy()
        for name in how.each_copied:
            value = get(name)
            if value is not None:
                fields[name] = each_copied(value)
        for name in how.plain:
            value = get(name)
            if value is not None:
                fields[name] = plain_copy(value)
        for name in how.fresh:
            value = get(name)
            if value is not None:
                fields[name] = value.__class__()
        for name in how.forgotten:
            fields.pop(name, None)
        for name, function in how.own:
            value = get(name)
            if value is not None:
                fields[name] = function(value, new)
        return new

    def __init_subclass__(cls, **kwargs: Any):
        super().__init_subclass__(**kwargs)
        cls._copying = _Copying.of(copy_table(cls))

    # -- save, load, replay ---------------------------------------------------------------------
    def to_dict(self) -> dict:
        """The save: the seed and config the game was dealt from and every move since; a game set
        up from a description saves the description (``position``) in their place."""
        if self.description is not None:
            start = {"position": self.description}
        else:
            start = {"seed": self.seed, "config": self.config}
        return {"format": SAVE_FORMAT, "game": self.game, **start, "actions": list(self.history)}

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
        return display_html(self, "state_html")


def copied_rng(rng: random.Random) -> random.Random:
    """A generator in the same state as `rng`, made without seeding one first (seeding from
    the system's entropy, as ``random.Random()`` does, costs more than the copy) and without a
    deep copy (which would copy its 625 words one by one)."""
    copied = random.Random.__new__(random.Random)
    copied.setstate(rng.getstate())
    return copied


def frozen(value: Any) -> Hashable:
    """`value` as a hashable value, equal to another's exactly when the two values are equal:
    lists and tuples as tuples, dicts as sets of their items (a Counter's too), sets as frozen
    sets, an object of the state (a deck, a card in play) as its class and its own fields."""
    kind = type(value)
    if kind in SCALARS:
        return value
    if kind is list or kind is tuple:  # the common cases first, by type: a key is made often
        return tuple([frozen(item) for item in value])
    if kind is dict:
        return frozenset([(key, frozen(item)) for key, item in value.items()])
    if isinstance(value, abc.Mapping):
        return frozenset((key, frozen(item)) for key, item in value.items())
    if isinstance(value, tuple):  # a named tuple
        return tuple(frozen(item) for item in value)
    if isinstance(value, set | frozenset):
        return frozenset(frozen(item) for item in value)
    if hasattr(value, "__dict__") and not callable(value):
        return (kind, frozen(vars(value)))
    if hasattr(kind, "__dataclass_fields__"):  # a value with slots (a question, a draw)
        return (kind, tuple([frozen(getattr(value, name)) for name in kind.__dataclass_fields__]))
    return value  # a function (a step to resume), an enum: itself


SCALARS = frozenset({str, int, float, bool, Fraction, type(None)})


@cache
def _unkeyed(state_class: type[GameState]) -> frozenset[str]:
    """The fields a position's key leaves out, for a class of states."""
    return state_class.UNKEYED.union(state_class.NOT_IN_KEY)


def display_html(thing: object, function: str) -> str:
    """`thing` drawn for a notebook by `function` of the ``display`` module in its class's package
    (a state by its game's ``state_html``). An engine never imports its display, the display
    imports the engine, so the picture is looked up by name when a notebook asks; a class with no
    display module beside it shows its repr."""
    package = type(thing).__module__.rpartition(".")[0]
    try:
        display = importlib.import_module(f"{package}.display") if package else None
    except ModuleNotFoundError as error:
        if error.name != f"{package}.display":
            raise
        display = None
    if display is None:
        return f"<pre>{escape(repr(thing))}</pre>"
    return getattr(display, function)(thing)


class SaveError(ValueError):
    """The one error a bad save file gives, from :func:`from_json` and from every command that
    reads one: `field` names the part of the file that is wrong ("config", "actions[12]")."""

    def __init__(self, field: str, problem: str):
        self.field, self.problem = field, problem
        super().__init__(f"bad save file: {field}: {problem}")


MAX_ACTION_DEPTH = 8  # actions are tuples of a few levels at most; deeper is not a save of ours


def from_json(
    text: str | bytes, state_class: type[GameState] | None = None, *, game: str | None = None
) -> GameState:
    """Load a saved game: build the state from its seed and config (or from the description of
    the position it was set up from), then replay every action.
    The class is `state_class` if given; else the registry's for the save's game (which must be
    `game`, if given) and its variant. Anything wrong with the file raises :class:`SaveError`
    naming the field, never a bare KeyError or TypeError, and a state is only handed back once
    every action has replayed."""
    try:
        data = json.loads(text)
    except RecursionError:
        raise SaveError("(file)", "nested too deeply to be a save") from None
    except ValueError as error:  # JSONDecodeError and bad UTF-8 both
        raise SaveError("(file)", f"not JSON: {error}") from None
    if not isinstance(data, dict):
        raise SaveError("(file)", f"expected a JSON object, got {type(data).__name__}")
    if type(data.get("format")) is not int or data["format"] != SAVE_FORMAT:
        raise SaveError("format", f"not a death-toolkit save (format {SAVE_FORMAT} expected)")
    saved = _field(data, "game", str)
    expected = state_class.game if state_class is not None else game
    if expected is not None and saved != expected:
        raise SaveError("game", f"this save is of {saved!r}, not {expected!r}")
    if saved not in PACKAGES and (state_class is None or "position" in data):
        raise SaveError("game", f"unknown game {saved!r}; known: {', '.join(PACKAGES)}")
    actions = [_action(a, f"actions[{i}]") for i, a in enumerate(_field(data, "actions", list))]
    if "position" in data:
        try:
            state = get_game(saved).position(_field(data, "position", dict))
        except PositionError as error:
            raise SaveError(f"position.{error.field}", error.problem) from None
    else:
        state = _dealt(data, state_class)
    for index, action in enumerate(actions):
        try:
            state.apply(action)
        except IllegalAction as error:
            raise SaveError(f"actions[{index}]", error.reason) from None
    return state


def _dealt(data: dict, state_class: type[GameState] | None) -> GameState:
    """The start of a game dealt from its seed: the state its seed and config make, of
    `state_class` or else the class the registry plays the config's variant with."""
    seed = _field(data, "seed", int)
    config = _field(data, "config", dict)
    state_class = state_class or get_game(data["game"]).state_class_for(config)
    check_config(state_class, config)
    try:
        return state_class(seed=seed, **config)
    except (TypeError, ValueError, KeyError, AttributeError) as error:
        raise SaveError("config", f"{state_class.game} cannot start from it: {error}") from None


def check_config(state_class: type[GameState], config: dict) -> None:
    """Refuse a saved config that the game's constructor could not mean: a name it does not take,
    or a value whose JSON type is not the one its signature declares (``true`` for a player
    count, text for a turn cap). The engine's constructor then checks the values' ranges."""
    options = set(inspect.signature(state_class.__init__).parameters) - {"self", "seed"}
    hints = typing.get_type_hints(state_class.__init__)
    for name, value in config.items():
        if name not in options:
            raise SaveError(f"config.{name}", f"{state_class.game} takes no such option")
        if name in hints and not _json_fits(value, hints[name]):
            raise SaveError(f"config.{name}", f"expected {hints[name]}, got {value!r}")


def _json_fits(value, hint) -> bool:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is typing.Any or hint is object:
        return True
    if origin in (typing.Union, types.UnionType):
        return any(_json_fits(value, option) for option in args)
    if hint is type(None):
        return value is None
    if origin in (list, tuple, Sequence, abc.Sequence) or hint in (list, tuple):
        return isinstance(value, list) and all(_json_fits(v, args[0] if args else object)
                                               for v in value)  # fmt: skip
    if origin is dict or hint is dict:
        key, item = args or (str, object)
        return isinstance(value, dict) and all(_json_fits(v, item) for v in value.values())
    if hint is int:
        return type(value) is int
    if hint is float:
        return type(value) in (int, float)
    return isinstance(value, hint) if isinstance(hint, type) else True


def _field(data: dict, name: str, kind: type):
    if name not in data:
        raise SaveError(name, "missing")
    value = data[name]
    if not isinstance(value, kind) or isinstance(value, bool):
        raise SaveError(name, f"expected {kind.__name__}, got {type(value).__name__}")
    return value


def _action(value, field: str, depth: int = 0) -> Action:
    """A saved action as the engines compare it (lists back to tuples), checked to be one: text,
    a whole number, true/false, null, or a list of those a few levels deep."""
    if isinstance(value, list):
        if depth >= MAX_ACTION_DEPTH:
            raise SaveError(field, f"nested more than {MAX_ACTION_DEPTH} levels deep")
        return tuple(_action(item, field, depth + 1) for item in value)
    if value is None or isinstance(value, str | int | bool):
        return value
    raise SaveError(field, f"{type(value).__name__} is not part of any action")
