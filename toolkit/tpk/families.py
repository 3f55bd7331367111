"""Counting the hand tuples that clear a row, by what each character could cover alone.

The covering question of :mod:`toolkit.tpk.coordination` (each threat covered by one card, by a
powerful card together with its simple neighbour, or, if x2, by two simple cards of one character;
each character using at most so many cards) splits by character: the row is cleared exactly when
the threats can be shared out into disjoint sets, one per character, each of which that character
can cover alone. So a character's cards matter only through their *family*: the sets of threats
they could cover alone, closed under taking subsets (an int with bit ``s`` set when the set ``s``,
a bitmask of threats, belongs). Hands with the same family are one hand, counted with their number.

The party is then combined character by character (:func:`clearing_tuples`): the running family of
the characters so far, joined with the next one's, keeping the number of hand tuples that reach it.
Only sets holding every threat nobody still to come could cover are kept; a family covering the
whole row is :data:`WON` and stays won. Both the exact winnability of a fresh deal
(:mod:`toolkit.tpk.winnability`) and the number beside a choice (:mod:`toolkit.tpk.odds`) count
this way.
"""

from __future__ import annotations

import math

WON = -1  # the absorbing family: the whole row can be covered already


def bits(positions) -> int:
    mask = 0
    for p in positions:
        mask |= 1 << p
    return mask


class CountTooLarge(ValueError):
    """The count needed more steps than its :class:`Joiner` was given."""


class Joiner:
    """Joins of a party's family with one more character's, remembered (the same joins recur
    across rows of one shape and across the choices of one decision).

    A join is a few operations on whole families. The sets of one family disjoint from a set
    ``y`` are moved up by ``y`` (for disjoint sets ``x | y == x + y``, so bit ``x`` goes to bit
    ``x + y``). Only the *largest* sets of one side need moving: every union of smaller ones lies
    within a union of a largest set and a set of the other side (the overlap dropped from the
    other side's set, whose family is closed under subsets), so the unions of the largest sets,
    closed under subsets again, are every union."""

    def __init__(self, budget: int | None = None):
        self.joined: dict = {}
        self.largest: dict[int, list[int]] = {}
        self.every: dict[int, list[int]] = {}
        self.masks: dict = {}
        self.aparts: dict[int, dict[int, int]] = {}
        self.ones: dict[int, list[tuple[int, int]]] = {}
        self.reached: dict = {}  # the families reached before the characters with one hand
        self.steps = budget  # work left (see spend); None: no limit

    def spend(self, operations: int, full: int) -> None:
        """Count `operations` on families of the row `full` against the budget: one for a small
        family, more as families grow (a family has a bit per set of threats)."""
        if self.steps is not None:
            self.steps -= operations * (1 + ((full + 1) >> 12))
            if self.steps < 0:
                raise CountTooLarge("the count ran out of steps")

    def step(self, states: dict[int, int], dist: dict[int, int], need: int, full: int) -> dict:
        """The party's families, with how many hand tuples reach each, after one more character
        whose hands are `dist` (family -> number of hands)."""
        self.spend(len(states) * len(dist), 0)
        total = sum(dist.values())
        after: dict[int, int] = {}
        for family, w in states.items():
            if family == WON:
                after[WON] = after.get(WON, 0) + w * total
                continue
            for own, n in dist.items():
                joined = self.join(family, own, need, full)
                if joined:
                    after[joined] = after.get(joined, 0) + w * n
        return after

    def join(self, party: int, own: int, need: int, full: int) -> int:
        """The party's family after one more character: every union of a party set and a
        disjoint set of the character's own, keeping those that hold `need` (0 if none: lost;
        :data:`WON` if the whole row is covered). The party's sets all hold the threats no
        character after the last one could cover, and `own` holds none of them."""
        key = (party, own, need, full)
        hit = self.joined.get(key)
        if hit is None:
            small, large = sorted((party, own), key=int.bit_count)
            closing = small.bit_count() > 2 * full.bit_length()
            if closing:  # moving the largest sets is cheaper than moving every set
                mine, theirs = self.maximal(party), self.maximal(own)
                sets, large = (mine, own) if len(mine) <= len(theirs) else (theirs, party)
            else:
                sets = self.members(small)
            self.spend(len(sets) + closing * full.bit_length(), full)
            if need == full:  # the last character: does a set leave what the other side has?
                hit = WON if any(large >> (full ^ x) & 1 for x in sets) else 0
            else:
                joined, apart = 0, self.apart(full)
                for x in sets:
                    joined |= (large & apart(x)) << x
                if closing:  # closed under subsets again
                    for above, one in self.singles(full):
                        joined |= (joined & above) >> one
                joined &= self.mask("above", need, full)
                hit = WON if joined >> full & 1 else joined
            self.joined[key] = hit
        return hit

    def hand_family(self, hand: tuple[int, ...], what, keep: int, full: int) -> int:
        """The family of sets of threats (within `full`) one hand covers with at most `keep` of
        its cards: each card alone (one threat, or two neighbours for a powerful one), or two
        simple cards on an x2 threat. `what` gives, per use kind of the hand, the sets one card
        covers and the x2 threats it can be half of a pair on.

        The cards are taken one by one, each unused, used alone, or used as half of a pair:
        the first half waits for its partner, the second covers the threat."""
        states = {(0, 0): 1}  # (cards used, x2 threats a half waits on) -> the family so far
        apart = self.apart(full)
        for u in hand:
            options, halves = what[u]
            after = dict(states)
            for (used, waiting), family in states.items():
                if used == keep:
                    continue
                self.spend(len(options) + halves.bit_count(), full)
                moved = 0
                for y in options:
                    moved |= (family & apart(y)) << y
                moves = [((used + 1, waiting), moved)]
                rest = halves
                while rest:  # each x2 threat this card can be half of, as a one-threat set
                    t = rest & -rest
                    rest ^= t
                    alone = family & apart(t)
                    if waiting & t:
                        moves.append(((used + 1, waiting ^ t), alone << t))
                    else:
                        moves.append(((used + 1, waiting | t), alone))
                for key, reached in moves:
                    if reached:
                        after[key] = after.get(key, 0) | reached
            states = after
        family = 0
        for (_, waiting), reached in states.items():
            if not waiting:
                family |= reached
        return family

    def mask(self, kind: str, s: int, full: int) -> int:
        """The family of every subset of `full` disjoint from `s` ("apart"), or of every subset
        of `full` holding `s` ("above")."""
        key = (kind, s, full)
        mask = self.masks.get(key)
        if mask is None:
            mask = 1 if kind == "apart" else 1 << s
            for b in range(full.bit_length()):
                if not s >> b & 1:
                    mask |= mask << (1 << b)
            self.masks[key] = mask
        return mask

    def apart(self, full: int):
        """A function giving, for a set of `full`, the family of every subset of `full`
        disjoint from it (remembered per row: it is the join's innermost step)."""
        found = self.aparts.setdefault(full, {})

        def apart(s: int) -> int:
            mask = found.get(s)
            if mask is None:
                mask = found[s] = self.mask("apart", s, full)
            return mask

        return apart

    def singles(self, full: int) -> list[tuple[int, int]]:
        """For each threat of `full`: the family of every set holding it, and the one-threat set
        itself (the bit a set moves by when the threat is dropped)."""
        pairs = self.ones.get(full)
        if pairs is None:
            ones = [1 << b for b in range(full.bit_length())]
            pairs = self.ones[full] = [(self.mask("above", one, full), one) for one in ones]
        return pairs

    def maximal(self, family: int) -> list[int]:
        """The largest sets of a family closed under subsets (or under subsets outside the
        threats its sets all hold): those no one-threat-larger set of it holds."""
        sets = self.largest.get(family)
        if sets is None:
            smaller = 0
            for above, one in self.singles((1 << (family.bit_length() - 1).bit_length()) - 1):
                smaller |= (family & above) >> one
            sets = self.largest[family] = _bit_list(family & ~smaller)
        return sets

    def complement(self, family: int, full: int) -> int:
        """The family of the complements (within `full`) of a family's sets: bit ``s`` moves to
        bit ``full ^ s``, which reverses the family read as a string of ``full + 1`` bits."""
        self.spend(1, full)
        return int(format(family, f"0{full + 1}b")[::-1], 2)

    def members(self, family: int) -> list[int]:
        """Every set of a family."""
        sets = self.every.get(family)
        if sets is None:
            sets = self.every[family] = _bit_list(family)
        return sets

    def reach(self, family: int) -> int:
        """Every threat some set of the family holds."""
        mask = 0
        for s in self.maximal(family):
            mask |= s
        return mask


def _bit_list(mask: int) -> list[int]:
    """The positions of the bits set in `mask`, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def clearing_tuples(
    characters: list[tuple[dict[int, int], int]], full: int, joiner: Joiner, remember: bool = False
) -> int:
    """How many tuples of hands, one per character, clear the row `full` (all its threats' bits):
    `characters` gives each one's hands as family -> number of hands, and (at least) every
    threat one of its hands could cover.

    Characters whose hands all have one family are joined first, into one family. The others are
    combined one by one, broad characters first (so the narrow ones left prune the most), but for
    the last: a party family wins with one of its hands when it holds the rest of the row left by
    some set of that hand joined with the one-family characters, which is one test of the party
    family against the complements of that join. With `remember`, what the others reach before
    the last is kept in the joiner, keyed by their hands (the choices of one decision differ
    only in the chooser's hand, one of the one-family characters)."""
    totals = [sum(dist.values()) for dist, _ in characters]
    if not full:
        return math.prod(totals)
    many = sorted(
        (i for i, (dist, _) in enumerate(characters) if len(dist) > 1),
        key=lambda i: (-characters[i][1].bit_count(), i),
    )
    alike = [i for i, (dist, _) in enumerate(characters) if len(dist) == 1]
    known = 1  # the family {empty set}
    for i in alike:
        (family,) = characters[i][0]
        known = joiner.join(known, family, 0, full)
        if known == WON:
            return math.prod(totals)
    if not many:
        return 0
    later = [0] * len(many)  # what the characters after the i-th of `many` could cover
    for i in alike:
        later[-1] |= characters[i][1]
    for i in range(len(many) - 2, -1, -1):
        later[i] = later[i + 1] | characters[many[i + 1]][1]
    states = joiner.reached.get(
        prefix := (full, tuple(later)) + tuple(tuple(characters[i][0].items()) for i in many[:-1])
    )
    if states is None:
        states = {1: 1}
        for i, index in enumerate(many[:-1]):
            states = joiner.step(states, characters[index][0], full & ~later[i], full)
        if remember:
            joiner.reached[prefix] = states
    last, weight = many[-1], math.prod(totals[i] for i in alike)
    tests = []  # (the sets a party family must hold one of, as a family; how many hands)
    for family, n in characters[last][0].items():
        joined = joiner.join(family, known, 0, full)
        tests.append((WON if joined == WON else joiner.complement(joined, full), n))
    joiner.spend(len(states) * len(tests) // 4, 0)  # a test is a quarter of a join's step
    won = 0
    for family, w in states.items():
        # WON is -1, all bits set: a won party family passes every test, as it should.
        won += w * sum(n for test, n in tests if family & test)
    return won * weight
