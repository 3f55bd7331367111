"""How winnable is a level, exactly: the chance that a perfectly coordinated party can clear a fresh
deal, counted over every deal with the game's symmetries.

What is random and what is chosen is as in :mod:`toolkit.tpk.odds` (``exact_clearable``) and
:mod:`toolkit.tpk.coordination`: the threat deck is shuffled and the row dealt from it, every
character draws from their own full equipment deck; the party then chooses what to keep and how to
cover the row, and a deal counts as won if *some* choice clears it. Coordination reduces that
choice to a covering question (who covers which threat, with which cards), so turn order plays no
part. Counting every deal one by one is hopeless beyond two characters, so the count is folded:

* **Threat cards that play alike are one kind.** Two threats are interchangeable when every item
  in the party's decks treats them the same way: covers one alone or not, can be half of a pair on
  it or not, and (for each powerful use) can take it together with a neighbour or not. Treasures
  are one kind. A row of kinds is weighted by the number of ordered card sequences that give it.
  Items are merged the same way (a ranged sword and a plain one act alike: reach never matters
  to a coordinated party).
* **A row is only its shape.** A threat interacts with its neighbours only through a powerful card
  taking two adjacent simple threats, and a treasure between them separates them. So a row is the
  multiset of its runs of threats between treasures, each run read either way round; a run is
  also cut between two neighbours no powerful item of the party could take together. Rows with the
  same shape are solved once (at level 1 with five characters, 247,174 ordered rows of kinds come
  down to 14,924 shapes).
* **What a hand can do, not what it is.** Against a shape, a hand matters only through the
  *family* of sets of threats it could cover alone with the cards it may keep (a downward-closed
  family of subsets of the row, one bit per subset). Hands with the same family are merged, with
  their number.
* **Characters in any order.** The party is a set: hands are independent between characters, so a
  dynamic programme over the characters combines the families two at a time (a set covered by the
  first characters and a disjoint set covered by the next), keeping the number of hand tuples that
  reach each combined family, memoised across rows (:mod:`toolkit.tpk.families`). The party's
  family is known by its largest sets, and keeps only sets holding every threat no character
  still to come could cover (broad characters are taken first, so this bites early); a family
  covering the whole row is absorbing.

Everything is an exact integer count; the chance is a Fraction over every ordered row times every
set of drawn hands, the same denominator ``exact_clearable`` uses. The shapes grow with the row and
a family has a bit per subset of the row, so the count is for short rows: level 1 with any party,
level 2 with two characters. Longer rows are refused before any work unless a larger `budget` is
given (:mod:`toolkit.tpk.budgets`: ``ROW_BUDGET`` ordered rows, ``ROW_LIMIT`` threats); the
sizes and times: data/tpk/studies/README.md.

``python -m toolkit.tpk.winnability [--level N] [--players ...] [--csv PATH]`` prints the table
for the default parties (and writes it, with the command, as CSV).
"""

from __future__ import annotations

import argparse
import csv
import math
import time
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from pathlib import Path

from toolkit.analysis import patient
from toolkit.tpk.budgets import ROW_BUDGET, ROW_LIMIT
from toolkit.tpk.cards import catalog, check_characters
from toolkit.tpk.families import Joiner, bits, clearing_tuples
from toolkit.tpk.rules import (
    DEFAULT_PARTIES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Facts,
    Uses,
    amulet_sides,
    covers,
    covers_both,
    half_of_x2,
    item_table,
    starting_deck,
    threat_table,
)


@dataclass(frozen=True)
class Count:
    """An exact count over every fresh deal: how many a perfect party clears, out of how many."""

    clearing: int
    deals: int
    rows: int  # ordered rows of threat kinds (counted, not listed)
    shapes: int  # distinct row shapes solved
    kinds: int  # threat kinds after merging those that play alike (treasure included)

    @property
    def chance(self) -> Fraction:
        return Fraction(self.clearing, self.deals)


# -- the deal, for a named party ------------------------------------------------------------------
def party_decks(characters: list[str], amulets: dict[str, str] | None = None) -> list[list[Uses]]:
    """Each character's starting equipment as the uses of each card (potions with two or three
    characters, amulets with two, on side A unless chosen), as the engine deals them."""
    players = len(characters)
    sides = amulet_sides(list(characters), players, amulets or {})
    items = item_table(tuple(sorted(sides.items())))
    return [
        [items[card] for card in starting_deck(character, players, sides.get(character, "none"))]
        for character in characters
    ]


def threat_kinds() -> Counter:
    """The fresh threat deck as facts (icon bits, x2, treasure) with their number of copies."""
    threats = threat_table()
    return Counter(threats[card] for card in catalog().threat_deck())


def winnability(
    level: int, characters, amulets: dict[str, str] | None = None, budget: int | None = None
) -> Count:
    """The exact count for a fresh deal of `level` with this party (a list or comma string of
    character ids, or a party size for the default party); refused (ValueError) if the row has
    more than `budget` orderings of threat kinds."""
    members = _members(characters)
    card_level = catalog().level(level)
    return count_clearing(
        threat_kinds(),
        card_level.threats_per_character * len(members),
        party_decks(members, amulets),
        card_level.draw,
        card_level.keep,
        budget,
    )


def exact_winnability(
    level: int, characters, amulets: dict[str, str] | None = None, budget: int | None = None
) -> Fraction:
    """The exact chance that a perfectly coordinated party can clear a fresh deal of `level`."""
    return winnability(level, characters, amulets, budget).chance


def _members(characters) -> list[str]:
    if isinstance(characters, int):
        return list(DEFAULT_PARTIES[characters])
    if isinstance(characters, str):
        characters = [c.strip() for c in characters.split(",") if c.strip()]
    members = list(characters)
    if not members or len(set(members)) != len(members):
        raise ValueError(f"a party is one or more different characters, not {members}")
    check_characters(members)
    return members


# -- the count, for any deck of threats and any equipment decks -----------------------------------
def count_clearing(
    threats: Counter,
    length: int,
    decks: list[list[Uses]],
    draw: int,
    keep: int,
    budget: int | None = None,
) -> Count:
    """Count the deals a perfect party clears: a row of `length` cards dealt in order from the
    `threats` (facts -> copies), and each character drawing `draw` cards of their deck (a list of
    card uses) and keeping at most `keep` of them. A count of more than `budget` ordered rows of
    threat kinds (by default :data:`~toolkit.tpk.budgets.ROW_BUDGET`, times the
    :func:`~toolkit.analysis.patience` in force) is refused before any work."""
    uses = sorted({u for deck in decks for u in deck})
    classes, counts, rep = _merge_kinds(threats, uses)
    tables = _UseTables(uses, rep)
    hands = [_hand_groups([tables.of[u] for u in deck], draw, keep) for deck in decks]
    total_hands = math.prod(math.comb(len(deck), min(draw, len(deck))) for deck in decks)

    planned = _count_ordered_rows(counts, length)
    budget = patient(ROW_BUDGET) if budget is None else budget
    if planned > budget or length > ROW_LIMIT:  # counted, not listed: a refusal is quick
        raise ValueError(
            f"a row of {length} threats ({planned:,} ordered rows of threat kinds) is too long to "
            f"count exactly (at most {ROW_LIMIT} threats and {budget:,} rows); "
            "use Monte Carlo samples"
        )
    shapes = _shapes(counts, length, _treasure_class(classes), tables.linked)

    solver = _Solver(tables, hands, keep)
    clearing = 0
    for shape, weight in shapes.items():
        clearing += weight * solver.clearing_hands(shape)
    return Count(
        clearing=clearing,
        deals=math.perm(sum(threats.values()), length) * total_hands,
        rows=planned,
        shapes=len(shapes),
        kinds=len(counts),
    )


def deal_clears(row: list[Facts], hands: list[list[Uses]], keep: int) -> bool:
    """Whether one dealt row (facts, in order) can be cleared with these drawn hands (each a list of
    card uses), each character keeping at most `keep` cards: the same question as
    :func:`toolkit.tpk.coordination.solve`, answered by the family combination used for counting."""
    if len(row) > ROW_LIMIT:
        raise ValueError(f"a row of {len(row)} cards: use toolkit.tpk.coordination.solve")
    uses = sorted({u for hand in hands for u in hand})
    classes, _, rep = _merge_kinds(Counter(row), uses)
    tables = _UseTables(uses, rep)
    groups = [Counter({tuple(sorted(tables.of[u] for u in hand)): 1}) for hand in hands]
    shape = _shape(tuple(classes[facts] for facts in row), _treasure_class(classes), tables.linked)
    return _Solver(tables, groups, keep).clearing_hands(shape) == 1


def _merge_kinds(threats: Counter, uses: list[Uses]):
    """Merge threat facts that every item treats alike. Returns facts -> class, the copies of each
    class, and one representative facts per class."""
    powerful = sorted({b for u in uses for b, strong, _ in u if strong})

    def signature(facts: Facts):
        if facts[2]:
            return ("treasure",)
        simple = not facts[1]
        return (
            tuple(covers(u, facts) for u in uses),
            tuple(facts[1] and half_of_x2(u, facts) for u in uses),
            tuple(simple and bool(b & facts[0]) for b in powerful),
        )

    by_signature: dict = {}
    classes: dict[Facts, int] = {}
    counts: list[int] = []
    rep: list[Facts] = []
    for facts in sorted(threats):
        key = signature(facts)
        if key not in by_signature:
            by_signature[key] = len(counts)
            counts.append(0)
            rep.append(facts)
        classes[facts] = by_signature[key]
        counts[by_signature[key]] += threats[facts]
    return classes, counts, rep


def _treasure_class(classes: dict[Facts, int]) -> int | None:
    return next((c for facts, c in classes.items() if facts[2]), None)


class _UseTables:
    """Items merged the same way: uses that act alike on every threat kind (a ranged sword and a
    plain one, say) are one use kind. For each use kind and threat kind (or pair of kinds side by
    side): does one card cover it, cover both, or make half of a pair on an x2 threat."""

    def __init__(self, uses: list[Uses], rep: list[Facts]):
        kinds = range(len(rep))
        by_signature: dict = {}
        self.of: dict[Uses, int] = {}
        self.cover, self.both, self.half = [], [], []
        for u in uses:
            cover = tuple(covers(u, rep[c]) for c in kinds)
            both = tuple(tuple(covers_both(u, rep[c], rep[d]) for d in kinds) for c in kinds)
            half = tuple(rep[c][1] and half_of_x2(u, rep[c]) for c in kinds)
            key = (cover, both, half)
            if key not in by_signature:
                by_signature[key] = len(self.cover)
                self.cover.append(cover)
                self.both.append(both)
                self.half.append(half)
            self.of[u] = by_signature[key]
        self.count = len(self.cover)
        self.linked = [[any(both[c][d] for both in self.both) for d in kinds] for c in kinds]


def _hand_groups(deck: list[int], draw: int, keep: int) -> Counter:
    """Every draw of `draw` cards from a deck of use kinds, grouped by the use kinds in it (only
    which kinds, not how many, when one card is kept)."""
    groups: Counter = Counter()
    for hand in combinations(deck, min(draw, len(deck))):
        groups[tuple(sorted(set(hand))) if keep == 1 else tuple(sorted(hand))] += 1
    return groups


def _count_ordered_rows(counts: list[int], length: int) -> int:
    """How many ordered rows of kinds there are, without listing them: ``length!`` times the
    coefficient of ``x**length`` in the product over kinds of ``sum(x**i / i!, i <= copies)``."""
    series = [Fraction(1)] + [Fraction(0)] * length
    for count in counts:
        series = [
            sum(series[j - i] / math.factorial(i) for i in range(min(count, j) + 1))
            for j in range(length + 1)
        ]
    return int(series[length] * math.factorial(length))


def _shapes(counts: list[int], length: int, treasure: int | None, linked) -> Counter:
    """Every row shape with the number of ordered card sequences that give it.

    The row is dealt card by card, and prefixes that would end in the same shape whatever comes
    next are merged as they go: the runs already closed (kept sorted, so their order is forgotten),
    the run still open, and the copies of each kind used. A run closes at a treasure, or between two
    neighbours no powerful item could take together (`linked` says which kinds can be)."""
    kinds = range(len(counts))
    states: dict[tuple, int] = {((), (), (0,) * len(counts)): 1}
    for _ in range(length):
        after: dict[tuple, int] = {}
        for (closed, run, used), weight in states.items():
            for c in kinds:
                left = counts[c] - used[c]
                if not left:
                    continue
                now = used[:c] + (used[c] + 1,) + used[c + 1 :]
                if c == treasure:
                    key = (_close(closed, run), (), now)
                elif run and not linked[run[-1]][c]:
                    key = (_close(closed, run), (c,), now)
                else:
                    key = (closed, run + (c,), now)
                after[key] = after.get(key, 0) + weight * left
        states = after
    shapes: Counter = Counter()
    for (closed, run, _), weight in states.items():
        shapes[_close(closed, run)] += weight
    return shapes


def _close(closed: tuple, run: tuple) -> tuple:
    """The closed runs with `run` added, read in its smaller direction, kept sorted."""
    if not run:
        return closed
    return tuple(sorted((*closed, min(run, run[::-1]))))


def _shape(row: tuple[int, ...], treasure: int | None, linked) -> tuple:
    """The shape of one row of kinds, as :func:`_shapes` builds it."""
    closed, run = (), ()
    for c in row:
        if c == treasure:
            closed, run = _close(closed, run), ()
        elif run and not linked[run[-1]][c]:
            closed, run = _close(closed, run), (c,)
        else:
            run += (c,)
    return _close(closed, run)


class _Solver:
    """Counts the hand tuples that clear a row shape, by combining what each character can cover
    (the families of :mod:`toolkit.tpk.families`, over the positions of the shape's threats)."""

    def __init__(self, tables: _UseTables, hands: list[Counter], keep: int):
        self.tables = tables
        self.keep = keep
        self.characters = []  # (its use kinds, its hands as tuples of local indices, hand count)
        for groups in hands:
            kinds = tuple(sorted({u for hand in groups for u in hand}))
            local = {u: i for i, u in enumerate(kinds)}
            listed = [(tuple(local[u] for u in hand), n) for hand, n in groups.items()]
            self.characters.append((kinds, listed, sum(groups.values())))
        self.dists: dict = {}
        self.joiner = Joiner()

    def clearing_hands(self, shape: tuple) -> int:
        threats = [c for run in shape for c in run]
        full = (1 << len(threats)) - 1
        pairs, start = [], 0
        for run in shape:
            pairs += [(start + i, start + i + 1) for i in range(len(run) - 1)]
            start += len(run)
        t, keep = self.tables, self.keep
        what, reach = [], []  # per use kind: what it can do here (a key), the positions it reaches
        for u in range(t.count):
            cover, both, half = t.cover[u], t.both[u], t.half[u]
            options = [1 << p for p, c in enumerate(threats) if cover[c]]
            options += [(1 << p) | (1 << q) for p, q in pairs if both[threats[p]][threats[q]]]
            halves = bits(p for p, c in enumerate(threats) if half[c]) if keep > 1 else 0
            if keep == 1:
                family = 1
                for mask in options:
                    family |= 1 << mask
                what.append(family)
            else:
                what.append((tuple(options), halves))
            reach.append(bits(p for p, c in enumerate(threats) if cover[c] or half[c]))

        characters = []
        for index, (kinds, listed, _) in enumerate(self.characters):
            key = (index, tuple(what[u] for u in kinds))
            dist = self.dists.get(key)
            if dist is None:
                dist = self.dists[key] = self._dist(key[1], listed, full)
            potential = 0
            for u in kinds:
                potential |= reach[u]
            characters.append((dist, potential))
        return clearing_tuples(characters, full, self.joiner)

    def _dist(self, what: tuple, listed, full: int) -> dict[int, int]:
        """A character's hands grouped by their own family."""
        dist: dict[int, int] = {}
        for hand, n in listed:
            if self.keep == 1:
                family = 1  # the empty set, even for an empty hand
                for i in hand:
                    family |= what[i]
            else:
                family = self.joiner.hand_family(hand, what, self.keep, full)
            dist[family] = dist.get(family, 0) + n
        return dist


# -- the table ---------------------------------------------------------------------------------------
def table(level: int = 1, sizes=range(MIN_PLAYERS, MAX_PLAYERS + 1)) -> list[dict]:
    """One row per party size (the default party): the exact chance, as a fraction and a float, the
    counts behind it and the seconds it took (process time)."""
    rows = []
    for players in sizes:
        members = list(DEFAULT_PARTIES[players])
        start = time.process_time()
        count = winnability(level, members)
        seconds = time.process_time() - start
        chance = count.chance
        rows.append(
            {
                "level": level,
                "players": players,
                "party": ",".join(members),
                "chance": f"{chance.numerator}/{chance.denominator}",
                "chance_float": float(chance),
                "clearing_deals": count.clearing,
                "deals": count.deals,
                "kinds": count.kinds,
                "ordered_rows": count.rows,
                "shapes": count.shapes,
                "seconds": round(seconds, 2),
            }
        )
    return rows


def write_csv(path: Path, rows: list[dict], command: str) -> None:
    """Write the table with a first comment line naming the command that made it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", newline="") as handle:
        handle.write(f"# made by: {command}\n")
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def read_csv(path: Path) -> list[dict]:
    with open(path) as handle:
        lines = [line for line in handle if not line.startswith("#")]
    return list(csv.DictReader(lines))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m toolkit.tpk.winnability",
        description="Exact chance that a perfect party clears a fresh TPK level, per party size.",
    )
    parser.add_argument("--level", type=int, default=1)
    parser.add_argument("--players", type=int, nargs="*", default=None)
    parser.add_argument("--csv", type=Path, default=None, help="write the table here")
    args = parser.parse_args(argv)
    sizes = args.players or list(range(MIN_PLAYERS, MAX_PLAYERS + 1))
    rows = table(args.level, sizes)
    for row in rows:
        print(row)
    if args.csv:
        command = f"python -m toolkit.tpk.winnability --level {args.level} --csv {args.csv}"
        if args.players:
            command += " --players " + " ".join(map(str, sizes))
        write_csv(args.csv, rows, command)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
