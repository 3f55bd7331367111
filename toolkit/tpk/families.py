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
Only its largest sets are kept (whatever completes a smaller one completes a larger one once the
overlap is dropped from the next character's set, which is allowed as their families are closed
under subsets), and only those holding every threat nobody still to come could cover; a family
covering the whole row is :data:`WON` and stays won. Both the exact winnability of a fresh deal
(:mod:`toolkit.tpk.winnability`) and the number beside a choice (:mod:`toolkit.tpk.odds`) count
this way.
"""

from __future__ import annotations

WON = -1  # the absorbing family: the whole row can be covered already


def bits(positions) -> int:
    mask = 0
    for p in positions:
        mask |= 1 << p
    return mask


def hand_family(hand: tuple[int, ...], what, keep: int) -> int:
    """The family of sets of threats one hand covers with at most `keep` of its cards: each card
    alone (one threat, or two neighbours for a powerful one), or two simple cards on an x2 threat.
    `what` gives, per use kind of the hand, the sets one card covers and the x2 threats it can be
    half of a pair on."""
    states = {(0, 0, 0)}  # covered set, cards used, later cards already paired
    for i, u in enumerate(hand):
        options, halves = what[u]
        after = set()
        for covered, used, paired in states:
            after.add((covered, used, paired))
            if paired >> i & 1 or used >= keep:
                continue
            for mask in options:
                if not mask & covered:
                    after.add((covered | mask, used + 1, paired))
            if used + 2 <= keep and halves:
                for j in range(i + 1, len(hand)):
                    if paired >> j & 1:
                        continue
                    common = halves & what[hand[j]][1] & ~covered
                    while common:
                        low = common & -common
                        after.add((covered | low, used + 2, paired | 1 << j))
                        common ^= low
        states = after
    family = 0
    for covered, _, _ in states:
        family |= 1 << covered
    return family


class Joiner:
    """Joins of a party's family with one more character's, remembered (the same joins recur
    across rows of one shape and across the choices of one decision)."""

    def __init__(self):
        self.joined: dict = {}
        self.sets: dict[int, list[int]] = {}

    def join(self, party: int, own: int, need: int, full: int) -> int:
        """The party's family after one more character: the largest unions of a party set and a
        disjoint set of the character's own, keeping those that hold `need` (0 if none: lost;
        :data:`WON` if the whole row is covered)."""
        key = (party, own, need, full)
        hit = self.joined.get(key)
        if hit is None:
            found = set()
            for x in self.members(party):
                for y in self.members(own):
                    if not x & y and (x | y) & need == need:
                        found.add(x | y)
            if full in found:
                hit = WON
            else:
                largest = [z for z in found if not any(z != o and z & o == z for o in found)]
                hit = 0
                for z in largest:
                    hit |= 1 << z
            self.joined[key] = hit
        return hit

    def members(self, family: int) -> list[int]:
        """The sets of a family, smallest first."""
        sets = self.sets.get(family)
        if sets is None:
            sets = [s for s in range(family.bit_length()) if family >> s & 1]
            self.sets[family] = sets
        return sets

    def reach(self, family: int) -> int:
        """Every threat some set of the family holds."""
        mask = 0
        for s in self.members(family):
            mask |= s
        return mask


def clearing_tuples(characters: list[tuple[dict[int, int], int]], full: int, joiner: Joiner) -> int:
    """How many tuples of hands, one per character, clear the row `full` (all its threats' bits):
    `characters` gives each one's hands as family -> number of hands, and the positions any of
    its hands could cover. Broad characters are combined first, so the narrow ones left prune
    the most."""
    if not full:
        total = 1
        for dist, _ in characters:
            total *= sum(dist.values())
        return total
    order = sorted(
        range(len(characters)), key=lambda index: (-characters[index][1].bit_count(), index)
    )
    later = [0] * (len(order) + 1)
    for i in range(len(order) - 1, -1, -1):
        later[i] = later[i + 1] | characters[order[i]][1]
    states: dict[int, int] = {1: 1}  # the family {empty set}, reached by one empty tuple
    for i, index in enumerate(order):
        dist = characters[index][0]
        total = sum(dist.values())
        need = full & ~later[i + 1]
        after: dict[int, int] = {}
        for family, w in states.items():
            if family == WON:
                after[WON] = after.get(WON, 0) + w * total
                continue
            for own, n in dist.items():
                joined = joiner.join(family, own, need, full)
                if joined:
                    after[joined] = after.get(joined, 0) + w * n
        states = after
    return states.get(WON, 0)
