"""The exact walk of one roll, taken die by die as the dice's own decision process.

The walk of a decision (:mod:`toolkit.death_may_die.decisions`) plays the engine through every
die and reroll; each of its positions is a copy of the whole game, so a roll of many dice with
stress left to reroll takes seconds. Yet inside one roll nothing changes but the dice showing and
the stress spent, and the roll's end reads only the totals of what counts (the state's
``counted_symbols``) and the stress then reached. So the roll is walked here as counts of each kind
of face per colour and the rerolls left, the seat accepting or rerolling whichever die does best
by the walk's own measure, as the walk's seat does; the engine is played only at the ends, once
for each distinct totals and stress, by the walk itself from a copy showing such faces (so the
wounds of an attack are placed and every rule applies as it would). The numbers are the walk's;
``tests/death_may_die/test_decision_odds.py`` checks them against the plain walk.

The sums stay whole numbers: a position with r rerolls left is valued at ``unit**r`` times its
expectation (``unit``, 6, is the common denominator of a face's chance), so a reroll's value is the plain weighted sum of the next positions' values, and one
division at the end gives the exact Fraction.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb, lcm, prod

from toolkit.analysis import Values, Walk, WalkTooLarge, patient
from toolkit.death_may_die.budgets import ROLL_LIMIT

COLOURS = ("black", "green")  # the order the engine throws a roll's dice in


@dataclass(frozen=True)
class _Kind:
    """Faces of one colour alike (``counted_symbols``): one face to show for them all, and how many
    of the die's `weight` units of chance they have."""

    key: tuple[int, ...]
    face: str
    weight: int


class RollWalk:
    """The walk's numbers for the roll at the front of `state`, for `walk`'s seat and measure.

    `state` is the seat's view with the roll either just begun (no die down yet) or all down and
    waiting for the seat to accept or reroll: :func:`applies` says which states qualify. A roll
    with more than :data:`~toolkit.death_may_die.budgets.ROLL_LIMIT` positions (a hand-made one,
    such as 3 black and 20 green dice with four rerolls) raises
    :class:`~toolkit.analysis.WalkTooLarge`.
    Where the roll does not end the walk, `value` walks on from each end (by default a walk of
    its own; inside a walk, that walk's, so that one limit bounds them all: see :func:`part`)."""

    def __init__(self, state, walk: Walk, value=None):
        self.state, self.walk = state, walk
        self.walk_on = value or walk.value
        step = state.roll
        self.dice = (step["black"], step["green"])
        seat = state.investigators[step["seat"]]
        self.max_stress = state.rules.max_stress
        self.left = max(self.max_stress - seat["stress"], 0)  # rerolls the seat may still take
        self.unit = lcm(*(p.denominator for c in COLOURS for _, p in state._faces[c]))
        self.kinds = tuple(self._kinds(colour) for colour in COLOURS)
        showing = prod(
            comb(n + len(kinds) - 1, n) for n, kinds in zip(self.dice, self.kinds, strict=True)
        )
        limit = patient(ROLL_LIMIT)
        if showing * (self.left + 1) > limit:
            raise WalkTooLarge(limit)
        # the seat weighs a roll's values as the walk's rank says at this roll (its reroll policy)
        self.key = None if walk.rank is None else walk.rank(state)
        self.memo: dict = {}  # (counts, rerolls left) -> the best value, times unit**left
        self.ends: dict = {}  # (totals, rerolls left) -> the value of accepting, likewise
        self.totals: dict = {}  # counts -> their totals (see _totals)

    def _kinds(self, colour: str) -> tuple[_Kind, ...]:
        kinds: dict = {}
        for face, p in self.state._faces[colour]:
            key = self.state.counted_symbols(self.state.roll, face)
            face, weight = kinds.get(key, (face, 0))
            kinds[key] = (face, weight + int(p * self.unit))
        return tuple(_Kind(key, face, weight) for key, (face, weight) in kinds.items())

    # -- the questions -----------------------------------------------------------------------------
    def value(self) -> Values:
        """The expected measure of the roll just begun, over every first throw."""
        total, weights = None, 0
        for counts, weight in self._throws():
            total = _add(total, _scale(self._best(counts, self.left), weight))
            weights += weight
        return tuple(Fraction(v) / (weights * self.unit**self.left) for v in total)

    def options(self) -> dict:
        """The expected measure after each choice the view lists at the roll on the table."""
        faces = self.state.roll["faces"]
        counts = self._counts(faces)
        scale = self.unit**self.left
        result = {}
        for action in self.state.legal_actions():
            if action == ("accept",):
                numbers = self._end(counts, self.left)
            else:
                colour, face = faces[action[1]]
                numbers = self._reroll(counts, self.left, *self._kind_of(colour, face))
            result[action] = tuple(Fraction(v) / scale for v in numbers)
        return result

    # -- the decision process ----------------------------------------------------------------------
    def _best(self, counts, left: int):
        """The value of accepting or of the best reroll, times ``unit**left``."""
        known = self.memo.get((counts, left))
        if known is not None:
            return known
        best = self._end(counts, left)
        if left:
            for colour, row in enumerate(counts):
                for kind, count in enumerate(row):
                    if count:
                        best = max(best, self._reroll(counts, left, colour, kind), key=self.key)
        self.memo[counts, left] = best
        return best

    def _reroll(self, counts, left: int, colour: int, kind: int):
        """Rerolling one die of `kind`, then playing on as well as the seat can (scaled)."""
        memo, total = self.memo, None
        for new, landed in enumerate(self.kinds[colour]):
            row = list(counts[colour])
            row[kind] -= 1
            row[new] += 1
            after = (*counts[:colour], tuple(row), *counts[colour + 1 :])
            value = memo.get((after, left - 1)) or self._best(after, left - 1)
            if total is None:
                total = [landed.weight * v for v in value]
            else:
                for i, v in enumerate(value):
                    total[i] += landed.weight * v
        return tuple(total)

    def _end(self, counts, left: int):
        """The walk's measure once the roll showing `counts` is accepted with `left` rerolls
        unspent, times ``unit**left``: the engine resolves a copy showing such faces (one a
        distinct totals and stress), and the walk plays on to its stop."""
        totals = self._totals(counts)
        known = self.ends.get((totals, left))
        if known is not None:
            return known
        faces = [
            [colour, kind.face]
            for colour, row, kinds in zip(COLOURS, counts, self.kinds, strict=True)
            for count, kind in zip(row, kinds, strict=True)
            for _ in range(count)
        ]
        end = self.state.clone()
        end.investigators[end.roll["seat"]]["stress"] = self.max_stress - left
        end.await_last_die(faces[:-1])
        end.apply_listed(faces[-1][1])  # the last die lands as the engine's own chance outcome
        if end.rolls_resolved == self.state.rolls_resolved:  # the seat may still reroll: accept
            end.apply_listed(("accept",))
        walk, scale = self.walk, self.unit**left
        if end.is_terminal() or walk.stop(end):  # most rolls end with themselves: no copy to walk
            numbers = tuple(v * scale for v in walk.measure(end))
        else:
            numbers = tuple(
                v.numerator * scale if v.denominator == 1 else v * scale for v in self.walk_on(end)
            )
        self.ends[totals, left] = numbers
        return numbers

    def _totals(self, counts) -> tuple[int, ...]:
        """The summed symbols that count (``counted_symbols``) of the dice showing `counts`."""
        known = self.totals.get(counts)
        if known is None:
            known = self.totals[counts] = tuple(
                sum(n * k.key[i] for row, kinds in zip(counts, self.kinds, strict=True)
                    for n, k in zip(row, kinds, strict=True))
                for i in range(len(self.kinds[0][0].key))
            )  # fmt: skip
        return known

    # -- positions -----------------------------------------------------------------------------
    def _kind_of(self, colour: str, face: str) -> tuple[int, int]:
        index = COLOURS.index(colour)
        key = self.state.counted_symbols(self.state.roll, face)
        return index, next(i for i, k in enumerate(self.kinds[index]) if k.key == key)

    def _counts(self, faces) -> tuple[tuple[int, ...], ...]:
        counts = [[0] * len(kinds) for kinds in self.kinds]
        for colour, face in faces:
            index, kind = self._kind_of(colour, face)
            counts[index][kind] += 1
        return tuple(tuple(row) for row in counts)

    def _throws(self):
        """Each first throw as counts of each kind per colour, with its weight (in units of
        ``unit**dice``)."""
        per_colour = []
        for number, kinds in zip(self.dice, self.kinds, strict=True):
            piles = {tuple(0 for _ in kinds): 1}
            for _ in range(number):
                grown: dict = {}
                for pile, weight in piles.items():
                    for i, kind in enumerate(kinds):
                        more = tuple(n + (j == i) for j, n in enumerate(pile))
                        grown[more] = grown.get(more, 0) + weight * kind.weight
                piles = grown
            per_colour.append(piles)
        black, green = per_colour
        for b, wb in black.items():
            for g, wg in green.items():
                yield (b, g), wb * wg


def applies(state) -> bool:
    """Whether the front of `state` is a roll :class:`RollWalk` answers: some dice, and either
    none thrown yet or all down and waiting for the seat (no reroll in the air)."""
    if state.is_terminal():
        return False
    step = state.roll
    if step is None or step["reroll"] is not None or step["black"] + step["green"] == 0:
        return False
    return not step["faces"] or not state._roll_needs_die(step)


def part(state, walk: Walk, value):
    """A roll just begun by the walk's own seat inside a longer walk (the fight and the fire of
    the rest of a turn), walked as its dice's decision process, the walk going on from each end
    by `value`: its values, and its positions (the dice showing and the ends played) for the
    walk's limit; None anywhere else (the core :class:`~toolkit.analysis.Walk`'s ``part``)."""
    if not applies(state) or state.roll["faces"]:
        return None
    if state.roll["seat"] != walk.seat:
        return None
    roll = RollWalk(state, walk, value)
    return roll.value(), len(roll.memo) + len(roll.ends)


def _scale(values, factor: int):
    return tuple(v * factor for v in values)


def _add(total, values):
    return values if total is None else tuple(a + b for a, b in zip(total, values, strict=True))
