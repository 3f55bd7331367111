"""Exact analysis from one seat, read off the engine itself.

A number shown beside a decision must be what the engine then does, so it is not worked out by a
second model of the rules: :class:`Walk` plays the engine forward through the protocol. At a chance
node it branches over every outcome with its exact probability; at a decision of its seat it
takes the action that does best by the walk's measure; at another seat's decision it follows a
stated policy, or stops. It stops where the question ends (the end of this roll, this attack,
this turn) and there reads the measure: what the player cares about once every rule has applied
(wounds dealt, sanity lost, 1 for a quest won and 0 for one lost). Expectations of those are
exact Fractions; a probability is the expectation of a 0/1 measure.

Walk from what the seat can see, not from the real state: a game's ``players_view(seat)`` turns
what the seat cannot see (the deck's order, other hands) into chance nodes over the unseen cards,
so the walk sees what the player sees. Positions met again by another path are counted once when
the walk is given a `key`; a walk larger than its `limit` of positions is refused with
:class:`WalkTooLarge` rather than left to run.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from fractions import Fraction
from html import escape
from typing import Any

from toolkit.html import chance, table
from toolkit.html import exact as exact_text  # this module's exact() makes Fractions
from toolkit.state import Action, GameState, UniformOutcomes

Values = tuple[Fraction, ...]
Weight = int | Fraction  # a chance outcome's weight (see _Run.chance_branches)
# a part of the game walked by the game's own code (see Walk.part): its values and positions
Part = Callable[["GameState", "Walk", Callable[["GameState"], Values]], tuple[Values, int] | None]
After = Callable[["GameState", Action, Callable[["GameState"], Values]], tuple[Values, int] | None]


class WalkCancelled(Exception):
    """The walk was called off part-way (its :func:`cancelled_when` test said so): the numbers
    it was working out are no longer wanted (the game on screen moved on). Not a ValueError, so
    no game's code that refuses a question too large takes it for a refusal."""


class WalkTooLarge(ValueError):
    """The walk would visit more positions than it may: the question is refused, not answered
    slowly (a widget must not freeze, and a number it cannot compute exactly is not shown)."""

    def __init__(self, limit: int, why: str = ""):
        self.limit = limit
        super().__init__(why or f"the exact answer needs more than {limit:,} positions")


class MemoFull(WalkTooLarge):
    """The walk's memo would keep more positions than :func:`kept_within` allows: refused for
    the memory it would take, whatever its budget of positions."""

    def __init__(self, most: int):
        super().__init__(
            most,
            f"its exact walk would keep more than {most:,} positions in memory (about a "
            "kilobyte each)",
        )


@dataclass(frozen=True)
class Walk:
    """How to walk: for whom, until when, and what to count.

    - `seat`: whose decisions the walk takes, each to do best by `measure` (its values compared
      in order, the first deciding, the next breaking ties);
    - `stop(state)`: whether the question has ended here (the end of the game always ends it);
    - `measure(state)`: the values read where the walk stops, a tuple of exact numbers;
    - `others(state)`: the policy of any other seat, as ``(action, probability)`` pairs; without
      one the walk stops at another seat's decision;
    - `merge(state, outcome)`: chance outcomes with the same answer lead to the same numbers (a
      card's value where its suit never matters): they are walked once, with their weights added;
    - `merge_closed(state, outcome)`: chance outcomes with the same key lead to the same position
      but for the outcome itself (the card drawn is in the discard pile, the others still
      unseen), which only a later chance node could tell apart: each group is walked once from
      its first outcome, and its other outcomes one by one only if that walk met a chance node
      (not with `key`, whose memo hides the chance nodes met);
    - `key(state)`: a position's identity, so a position reached twice is walked once;
    - `key_after(state, action)`: the `key` of the position after `action`, where the game can
      tell it without playing the action (None where it cannot): a position the memo holds is
      then not copied and played to at all;
    - `alike(state, action)`: the seat's actions with the same answer lead to the same numbers
      (a move whose difference nothing later reads): only the first of them is walked;
    - `enough(state, actions)`: of the seat's actions (one of each `alike` kind), those enough to
      find the best: each action left out leads only to numbers that a kept one leads to as well
      (a swap made from either end), so the best of those kept is the best of all; only they
      are walked (the numbers of each action shown are asked of the walk one by one, after it);
    - `part(state, walk, value)`: where a part of the game that the game's own code walks faster
      begins (one roll as its dice's own decision process), that part's values and the number of
      its own positions (counted against `limit`); it reads `value` (this walk's own, sharing
      its memo and its limit) wherever the part ends. None where no such part begins, and the
      walk goes on move by move;
    - `after(state, action, value)`: the values after one of the seat's actions, where the game
      works them out faster than by playing the action (a card whose effect it can count as a
      whole, for each card a refill may turn out to be), and the number of positions that
      took (counted against `limit`); it reads `value` wherever it needs a position walked.
      None where the game has no such shortcut, and the action is played;
    - `rank(state)`: how the seat weighs the values of its choices at `state`: a key function
      of the values, compared in order (by default the values themselves), asked before any
      choice is walked (a walk plays its last choice on `state` itself). A game whose player aims
      at different things at different decisions of one walk (a roll against them, a roll of
      their own) says so here, while the walk reads the same values everywhere;
    - `limit`: the most positions one question may visit;
    - `memo`: the values of positions already worked out (by `key`), to share between walks of
      the same measure from the same view (each choice of one decision, a refused try and its
      retry): a position one of them finished is not walked again by the next. An entry is made
      only once a position's walk is complete, so a walk refused part-way leaves only exact
      values behind.
    """

    seat: int
    stop: Callable[[GameState], bool]
    measure: Callable[[GameState], Sequence]
    others: Callable[[GameState], Sequence[tuple[Action, Fraction]]] | None = None
    merge: Callable[[GameState, Action], Hashable] | None = None
    merge_closed: Callable[[GameState, Action], Hashable] | None = None
    key: Callable[[GameState], Hashable] | None = None
    key_after: Callable[[GameState, Action], Hashable] | None = None
    alike: Callable[[GameState, Action], Hashable] | None = None
    enough: Callable[[GameState, Sequence[Action]], Sequence[Action]] | None = None
    part: Part | None = None
    after: After | None = None
    rank: Callable[[GameState], Callable[[Values], Any]] | None = None
    limit: int = 100_000
    memo: dict | None = field(default=None, compare=False)

    def value(self, state: GameState) -> Values:
        """The expected measure from `state` on, the seat deciding as well as it can."""
        return exact(_Run(self).value(state.clone()))

    def options(self, state: GameState) -> dict[Action, Values]:
        """The expected measure after each legal action of the seat to act now, which must be
        this walk's seat: the numbers to show beside each choice."""
        if state.current_player() != self.seat:
            raise ValueError(f"seat {self.seat} has no decision now")
        run = _Run(self)
        return {action: exact(run.after(state.clone(), action)) for action in state.legal_actions()}

    def best(self, state: GameState) -> tuple[Action, Values]:
        """The action the walk would take now, and its expected measure."""
        weigh = (lambda values: values) if self.rank is None else self.rank(state)
        return max(self.options(state).items(), key=lambda item: weigh(item[1]))


def exact(values) -> Values:
    """Values as exact Fractions (a walk's numbers are Fractions wherever it ends)."""
    return tuple(Fraction(v) for v in values)


class _Run:
    """One question's walk: its memo and its count of positions. Inside it a position's values
    are the measure's own numbers where no chance has weighted them (ints, mostly): they are
    compared, hashed and multiplied many times on the way up, each many times faster as an int
    than as a Fraction, and exact all the same; :class:`Walk` hands them out as Fractions."""

    def __init__(self, walk: Walk):
        if walk.merge_closed is not None and walk.key is not None:
            raise ValueError("merge_closed needs to see every chance node: no key")
        self.walk = walk
        self.memo: dict[Hashable, Values] = {} if walk.memo is None else walk.memo
        self.visited = 0
        self.cancelled = _CANCELLED.get()
        self.most_kept = _KEPT_MOST.get()
        self.chance_nodes = 0  # chance nodes walked through so far (see merge_closed)

    def after(self, state: GameState, action: Action) -> Values:
        state.apply_listed(action)
        return self.value(state)

    def value(self, state: GameState) -> Values:
        walk = self.walk
        if state.is_terminal() or walk.stop(state):
            return tuple(walk.measure(state))
        key = walk.key(state) if walk.key else None
        if key is not None and key in self.memo:
            return self.memo[key]
        self.visited += 1
        if self.visited > walk.limit:
            raise WalkTooLarge(walk.limit)
        if self.cancelled is not None and not self.visited & ASKED_EVERY - 1 and self.cancelled():
            raise WalkCancelled
        seat = state.current_player()
        part = walk.part(state, walk, self.value) if walk.part is not None else None
        if part is not None:
            result, positions = part
            self.count(positions)
        elif state.is_chance_node():
            self.chance_nodes += 1
            branches, denominator = self.chance_branches(state)
            if walk.merge_closed is None:
                result = self.mix(state, branches, denominator)
            else:
                result = self.weighted(self.closed_groups(state, branches), denominator)
        elif seat == walk.seat:
            weigh = None if walk.rank is None else walk.rank(state)  # before `state` is played on
            result = max(self.each(state, self.distinct(state)), key=weigh)
        elif walk.others is None:
            result = tuple(walk.measure(state))
        else:
            result = self.mix(state, walk.others(state))
        if key is not None:
            if self.most_kept is not None and len(self.memo) >= self.most_kept:
                raise MemoFull(self.most_kept)
            self.memo[key] = result
        return result

    def count(self, positions: int) -> None:
        """Count `positions` more reached by the game's own code (a part, a shortcut), within
        the walk's limit."""
        self.visited += positions
        if self.visited > self.walk.limit:
            raise WalkTooLarge(self.walk.limit)

    def chance_branches(self, state: GameState) -> tuple[list[tuple[Action, Weight]], int]:
        """The chance node's outcomes to walk, each with its weight, and what the weights are
        over: equally likely outcomes (a card from a shuffled deck) weigh 1 each over their
        number, so that merged outcomes add and values multiply as ints, and the one division
        comes last (:meth:`weighted`); other outcomes weigh their probability, over 1."""
        outcomes = state.chance_outcomes()
        if isinstance(outcomes, UniformOutcomes):
            branches, denominator = [(outcome, 1) for outcome in outcomes.outcomes], len(outcomes)
        else:
            branches, denominator = list(outcomes), 1
        if self.walk.merge is None:
            return branches, denominator
        groups: dict[Hashable, list] = {}
        for outcome, weight in branches:
            group = groups.setdefault(self.walk.merge(state, outcome), [outcome, 0])
            group[1] += weight
        return [(outcome, weight) for outcome, weight in groups.values()], denominator

    def distinct(self, state: GameState) -> Sequence[Action]:
        """The seat's legal actions to walk: one of each kind that `alike` says lead to the same
        numbers, and of those the ones `enough` keeps."""
        actions = state.legal_actions()
        if self.walk.alike is not None:
            first: dict[Hashable, Action] = {}
            for action in actions:
                first.setdefault(self.walk.alike(state, action), action)
            actions = list(first.values())
        if self.walk.enough is not None:
            actions = self.walk.enough(state, actions)
        return actions

    def each(self, state: GameState, actions: Sequence[Action]):
        """The value after each action; the last one is walked on `state` itself (no copy). An
        action the game's `after` works out is not played; nor is one whose position
        `key_after` names and the memo holds; one the memo lacks is played and kept under that
        key (an end of the game, which `key` never names, included)."""
        last = len(actions) - 1
        key_after, shortcut = self.walk.key_after, self.walk.after
        for index, action in enumerate(actions):
            if shortcut is not None:
                found = shortcut(state, action, self.value)
                if found is not None:
                    self.count(found[1])
                    yield found[0]
                    continue
            if key_after is not None:
                known = key_after(state, action)
                if known is not None:
                    if known not in self.memo:  # kept: a turn's end is no position of its own
                        self.memo[known] = self.after(
                            state if index == last else state.clone(), action
                        )
                    yield self.memo[known]
                    continue
            yield self.after(state if index == last else state.clone(), action)

    def closed_groups(self, state: GameState, branches: Sequence[tuple[Action, Weight]]):
        """(weight, values) of the chance node's `branches`, those alike by `merge_closed` walked
        as one where the walk of the first met no chance node (see :class:`Walk`)."""
        groups: dict[Hashable, list] = {}
        for outcome, p in branches:
            groups.setdefault(self.walk.merge_closed(state, outcome), []).append((outcome, p))
        last = len(groups) - 1
        for index, members in enumerate(groups.values()):
            first, p = members[0]
            before = self.chance_nodes
            alone = index == last and len(members) == 1  # nothing walked after it: no copy
            values = self.after(state if alone else state.clone(), first)
            if self.chance_nodes == before:
                yield sum(q for _, q in members), values
                continue
            yield p, values
            for outcome, q in members[1:]:
                yield q, self.after(state.clone(), outcome)

    def mix(
        self, state: GameState, branches: Sequence[tuple[Action, Weight]], denominator: int = 1
    ) -> Values:
        weights = [p for _, p in branches]
        actions = [a for a, _ in branches]
        return self.weighted(zip(weights, self.each(state, actions), strict=True), denominator)

    def weighted(self, walked, denominator: int = 1) -> Values:
        """The values of the (weight, values) pairs `walked`, weighted by their weights over
        `denominator` (see :meth:`chance_branches`). Equal values (a miss, a card that changes
        nothing) are many: their weights are added first, so each distinct outcome costs one
        product per measure rather than each branch, and a zero (no card drawn, no hero hurt)
        none; with whole weights and values the sums stay ints until the one division (exact
        all the same)."""
        weight_of: dict[Values, Weight] = {}
        for weight, values in walked:
            weight_of[values] = weight_of.get(values, 0) + weight
        total: list | None = None
        for values, weight in weight_of.items():
            if total is None:
                total = [0] * len(values)
            for i, v in enumerate(values):
                if v:
                    total[i] += weight * v
        return tuple(Fraction(t, denominator) for t in total or ())


# -- the numbers beside a decision ---------------------------------------------------------------
_PATIENCE: ContextVar[int] = ContextVar("patience", default=1)
_CANCELLED: ContextVar[Callable[[], bool] | None] = ContextVar("cancelled", default=None)
_KEPT_MOST: ContextVar[int | None] = ContextVar("kept_most", default=None)
#: The most positions a walk behind the numbers may keep in its memo, counting in a widget's
#: background or for ``analyse --patience``: about a kilobyte a position, about a gigabyte.
MOST_KEPT = 1_000_000
ASKED_EVERY = 256  # positions a walk visits between two questions of cancelled_when's test


@contextmanager
def cancelled_when(test: Callable[[], bool]) -> Iterator[None]:
    """Inside it, a walk asks `test` every :data:`ASKED_EVERY` positions and stops with
    :class:`WalkCancelled` once it says yes: a widget counting in the background calls off the
    walk of a position left behind instead of letting it run on to its end (and ``analyse``
    counts the positions walked, for its progress bar)."""
    token = _CANCELLED.set(test)
    try:
        yield
    finally:
        _CANCELLED.reset(token)


@contextmanager
def kept_within(most: int) -> Iterator[None]:
    """Inside it, a walk that would keep more than `most` positions in its memo (the memory a
    walk takes: what it keeps, not what it visits) stops with :class:`MemoFull`. A widget counting
    in the background bounds a game's memory so, where a walk visits many positions for each it
    keeps."""
    token = _KEPT_MOST.set(most)
    try:
        yield
    finally:
        _KEPT_MOST.reset(token)


@contextmanager
def patience(times: int) -> Iterator[None]:
    """Let the walks behind the numbers beside a decision visit `times` as many positions (or
    steps) as the widget's, which must answer at once. Inside it each game's ``decision_odds``
    answers, in seconds or minutes, choices the widget refuses as too large (``death-toolkit
    analyse --patience``): the numbers are the same exact walks', only fewer are refused."""
    if isinstance(times, bool) or not isinstance(times, int) or times < 1:
        raise ValueError(f"patience must be a whole number of at least 1, not {times!r}")
    token = _PATIENCE.set(times)
    try:
        yield
    finally:
        _PATIENCE.reset(token)


def patient(limit: int) -> int:
    """A budget under the :func:`patience` in force: a walk's positions, or the steps of a game's
    own count. Each game sets its budgets at patience 1 in one place, its ``budgets.py``, and
    every one behind the numbers shown passes through here where it is used."""
    return limit * _PATIENCE.get()


_HEARD: ContextVar[Callable[[object, dict], None] | None] = ContextVar("heard", default=None)


@contextmanager
def hearing_answers(listener: Callable[[object, dict], None]) -> Iterator[None]:
    """Inside it, a game whose ``decision_odds`` answers one choice after another tells
    `listener` each choice's numbers (the action and its measures by name) as soon as they are
    known, before the rest of the decision is answered: a widget counting in the background fills
    that row at once instead of waiting for the whole table."""
    token = _HEARD.set(listener)
    try:
        yield
    finally:
        _HEARD.reset(token)


def heard(action, numbers: dict) -> None:
    """Tell the listener of :func:`hearing_answers` in force (if any) that `action`'s numbers are
    `numbers`: the same numbers the decision's table will show for it."""
    listener = _HEARD.get()
    if listener is not None:
        listener(action, numbers)


#: What a note refusing numbers as too large ends with: how to have them anyway.
WAIT_FOR_THEM = "to wait for them instead, save the game and run death-toolkit analyse --patience N"


@dataclass(frozen=True)
class Measure:
    """One number shown beside each choice: its `name` (the JSON key), the `heading` a person
    reads (what it means after every rule has applied), and whether it is a probability (shown
    as a chance) or an expectation (shown as an exact number)."""

    name: str
    heading: str
    chance: bool = True

    def show(self, value) -> str:
        return chance(value) if self.chance else exact_text(value)


@dataclass(frozen=True)
class ActionOdds:
    """One legal action and its exact numbers; a measure missing from `odds` was not computed
    for it, and `note` says why. `refused` says it was missing only for the size of its walk
    (a more patient walk may answer it), not by design (a choice with nothing to count)."""

    action: Action
    label: str
    odds: Mapping[str, Fraction]
    note: str = ""
    refused: bool = False


@dataclass(frozen=True)
class DecisionOdds:
    """The exact numbers beside every choice of the seat to act: what the game's widget shows and
    what ``death-toolkit analyse`` prints, from one function per game
    (``GameSpec.decision_odds``, the game's ``decision_odds(state)``), so the two cannot differ.

    `prompt` says what is being decided; `measures` the numbers, in the order shown; `note` why
    some or all numbers are missing (a question too large to answer exactly is refused, never
    answered approximately as if exact)."""

    game: str
    seat: int
    prompt: str
    measures: tuple[Measure, ...]
    actions: tuple[ActionOdds, ...]
    note: str = ""

    def for_action(self, action: Action) -> ActionOdds | None:
        for odds in self.actions:
            if odds.action == action and type(odds.action) is type(action):
                return odds
        return None

    def numbers_text(self, action: Action) -> str:
        """One action's numbers as a line a person reads ("heading: value; ..."), or its note."""
        odds = self.for_action(action)
        if odds is None:
            return ""
        shown = [f"{m.heading}: {m.show(odds.odds[m.name])}" for m in self.measures
                 if m.name in odds.odds]  # fmt: skip
        return "; ".join(shown) or odds.note

    def to_json(self) -> dict:
        """``{"game", "seat", "prompt", "actions": [{"action", "label", "odds": {name: "p/q"}}]}``:
        every number exact, as text; an action as it is saved in a game's history."""
        return {
            "game": self.game,
            "seat": self.seat,
            "prompt": self.prompt,
            "measures": {m.name: m.heading for m in self.measures},
            "actions": [
                {
                    "action": json_action(odds.action),
                    "label": odds.label,
                    "odds": {
                        m.name: exact_text(odds.odds[m.name])
                        for m in self.measures
                        if m.name in odds.odds
                    },
                    **({"note": odds.note} if odds.note else {}),
                }
                for odds in self.actions
            ],
            **({"note": self.note} if self.note else {}),
        }

    def rows(self, show: Callable[[Measure, Any], str] | None = None) -> list[list[str]]:
        """A row a choice: its label, then each measure as a person reads it ("–" if missing),
        by the measure's own :meth:`Measure.show` or by `show(measure, value)`."""
        show = show or (lambda measure, value: measure.show(value))
        return [
            [odds.label]
            + [show(m, odds.odds[m.name]) if m.name in odds.odds else "–" for m in self.measures]
            + ([odds.note] if any(o.note for o in self.actions) else [])
            for odds in self.actions
        ]

    def headers(self) -> list[str]:
        notes = ["note"] if any(o.note for o in self.actions) else []
        return ["choice", *(m.heading for m in self.measures), *notes]

    def _repr_html_(self) -> str:
        note = f"<div><i>{escape(self.note)}</i></div>" if self.note else ""
        body = table(self.headers(), self.rows()) if self.measures else ""
        return f"<b>{escape(self.prompt)}</b>{body}{note}"


def json_action(action: Action):
    """An action as a save file holds it: tuples become lists."""
    if isinstance(action, tuple):
        return [json_action(part) for part in action]
    return action
