"""Could a perfectly coordinated party clear this level? An exact search over plays.

Why this is a covering problem and not a game-tree search: if the players could agree on a plan,
the turn order never stops them. Whoever must deal with the first open threat is reached before the
turn returns to anyone who passed on it, and every item can be used from the front of the row
(a ranged item too), so only *what* covers each threat matters, not when. A plan is therefore:
each threat covered by one card that matches it, or by one powerful card that covers it together
with the next (adjacent, simple) threat, or, if it is an x2 threat, by a powerful card or two simple
cards of one character; each player using at most the number of cards they may keep, chosen from
the cards they drew. Treasures in the row need nothing (they are taken on the way).

The search goes along the row, left to right, trying each way to cover the next threat, with
identical cards of one hand merged and failed positions memoised. :func:`play_plan` drives the
engine with a plan found here, which the tests use to check the search against the rules.

The same search answers from the middle of a level (:func:`position_problem`): the threats left,
the cards still held, and one more condition, that a threat someone has passed on is covered by a
seat the turn reaches before them. The numbers beside a choice (:func:`toolkit.tpk.odds.
decision_odds`) ask that question over every set of partner hands at once, counted by what each
hand could cover alone (:mod:`toolkit.tpk.families`, checked against this search in
``tests/tpk/test_families.py``), and are checked against the engine's own walk.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache

from toolkit.tpk.cards import catalog
from toolkit.tpk.rules import (
    KEEP,
    OPEN,
    PASS,
    WILD,
    Facts,
    TPKState,
    Uses,
    covers,
    covers_both,
    half_of_x2,
)


@dataclass(frozen=True)
class Cover:
    seat: int
    cards: tuple[str, ...]
    threats: tuple[int, ...]


@dataclass(frozen=True)
class Plan:
    """A way to clear the level: the covers in row order and the cards each seat keeps."""

    covers: tuple[Cover, ...]

    def cards_of(self, seat: int) -> list[str]:
        return [card for cover in self.covers if cover.seat == seat for card in cover.cards]


class SearchTooLarge(ValueError):
    """The search needed more steps than its :class:`Budget` had left."""


@dataclass
class Budget:
    """Search steps that several searches share (a widget's question must end in time)."""

    steps: int


def solve(
    threats: list[Facts],
    hands: list[list[tuple[str, Uses]]],
    keep: int | Sequence[int],
    first: Collection[int] | None = None,
    budget: Budget | None = None,
    kinds: Sequence[Uses] = (),
) -> Plan | None:
    """A plan clearing a row of threats (icon bits, x2, treasure) with these drawn hands (card id
    and its uses per card), each player keeping at most `keep` cards (one number for all, or one
    per player); None if none exists. `first`: the players who may cover the first threat (in the
    middle of a level, those the turn reaches before someone who passed on it); all if None.
    With a `budget`, each step of the search spends one, and :class:`SearchTooLarge` is raised
    when none are left. `kinds`: uses to number first (the same list for many searches of one
    row lets them share the row's tables)."""
    return _Search(threats, hands, keep, first, budget, kinds).run()


@lru_cache(maxsize=512)
def _row_tables(threats: tuple[Facts, ...], sigs: tuple[Uses, ...]) -> _RowTables:
    """The search's tables for a row and a list of kinds of card, made once: the odds beside a
    choice search the same row with the same kinds of card for many sets of hands."""
    return _RowTables(list(threats), list(sigs))


class _RowTables:
    """What each kind of card can do along a row, and the counting bound's tables; nothing here
    depends on who holds which cards."""

    def __init__(self, threats: list[Facts], sigs: list[Uses]):
        self.threats, self.sigs, self.n_sig = threats, sigs, len(sigs)
        self.positions = [p for p, t in enumerate(threats) if not t[2]]
        self._tables()
        self._bounds()

    def _tables(self):
        """For each threat (by index k along the non-treasure positions), which signatures can do
        what, best options first (a double saves a card; a narrow card is less missed later)."""
        row, pos = self.threats, self.positions
        self.single, self.double, self.half = [], [], []
        last_use = [-1] * self.n_sig
        for k, p in enumerate(pos):
            threat = row[p]
            adjacent = k + 1 < len(pos) and pos[k + 1] == p + 1
            singles = [s for s, u in enumerate(self.sigs) if covers(u, threat)]
            doubles = [
                s
                for s, u in enumerate(self.sigs)
                if adjacent and covers_both(u, threat, row[p + 1])
            ]
            halves = [s for s, u in enumerate(self.sigs) if threat[1] and half_of_x2(u, threat)]
            for s in singles + doubles + halves:
                last_use[s] = k
            self.single.append(singles)
            self.double.append(doubles)
            self.half.append(halves)
        # narrow cards first: fewer threats they could still cover
        reach = [sum(s in self.single[k] for k in range(len(pos))) for s in range(self.n_sig)]
        wild = [not u for u in self.sigs]
        for table in (self.single, self.double, self.half):
            for options in table:
                options.sort(key=lambda s: (wild[s], reach[s]))
        self.last_use = last_use

    def _bounds(self):
        """Tables for :meth:`_enough`: per set of icons S, which signatures give 2 or 1 units to
        threats whose icons all lie in S, and how many units those threats still demand."""
        self.subsets = range(1, 16)
        self.w2 = {S: [] for S in self.subsets}
        self.w1 = {S: [] for S in self.subsets}
        for s, uses in enumerate(self.sigs):
            for S in self.subsets:
                weight = (
                    2
                    if not uses
                    else max(
                        ((2 if powerful else 1) for b, powerful, _ in uses if b & S), default=0
                    )
                )
                if weight:
                    (self.w2 if weight == 2 else self.w1)[S].append(s)
        self.last2 = [-1] * self.n_sig  # the last threat where a card can be worth two units
        for k, p in enumerate(self.positions):
            for sig in self.double[k] + (self.single[k] if self.threats[p][1] else []):
                self.last2[sig] = k
        self.x2 = {S: [] for S in self.subsets}  # signatures that can be one of two halves
        for s, uses in enumerate(self.sigs):
            for S in self.subsets:
                if any(not powerful and b & S for b, powerful, _ in uses):
                    self.x2[S].append(s)
        demand = [[0] * 16 for _ in range(len(self.positions) + 1)]
        doubles = [[0] * 16 for _ in range(len(self.positions) + 1)]
        for k in range(len(self.positions) - 1, -1, -1):
            bits, double, _ = self.threats[self.positions[k]]
            for S in self.subsets:
                inside = bits & S == bits
                demand[k][S] = demand[k + 1][S] + ((2 if double else 1) if inside else 0)
                doubles[k][S] = doubles[k + 1][S] + (1 if inside and double else 0)
        self.demand, self.doubles = demand, doubles
        self.checks: dict[int, dict] = {}  # players -> k -> the tests of _Search._enough


class _Search:
    def __init__(self, threats, hands, keep, first=None, budget=None, kinds=()):
        self.budget = budget
        self.threats = threats
        self.positions = [p for p, t in enumerate(threats) if not t[2]]
        signatures: dict[Uses, int] = {uses: index for index, uses in enumerate(kinds)}
        self.cards_by_sig: list[list[list[str]]] = []  # seat -> signature -> card ids
        for hand in hands:
            for _, uses in hand:
                signatures.setdefault(uses, len(signatures))
        self.sigs = list(signatures)
        self.n_sig = len(self.sigs)
        counts = []
        for hand in hands:
            by_sig = [[] for _ in self.sigs]
            for card, uses in hand:
                by_sig[signatures[uses]].append(card)
            self.cards_by_sig.append(by_sig)
            counts.extend(len(cards) for cards in by_sig)
        self.players = len(hands)
        self.counts = counts
        limits = [keep] * len(hands) if isinstance(keep, int) else list(keep)
        self.caps = [min(limit, len(hand)) for limit, hand in zip(limits, hands, strict=True)]
        self.first = range(self.players) if first is None else sorted(first)
        tables = _row_tables(tuple(threats), tuple(self.sigs))
        for name in ("single", "double", "half", "last_use", "subsets", "w2", "w1", "last2", "x2"):
            setattr(self, name, getattr(tables, name))
        self.demand, self.doubles = tables.demand, tables.doubles
        self.checks = tables.checks.setdefault(self.players, {})
        self.failed: set = set()

    def run(self) -> Plan | None:
        chosen: list[tuple[int, tuple[int, ...], int, bool]] = []
        if not self._search(0, chosen):
            return None
        covers = []
        taken = [[list(cards) for cards in by_sig] for by_sig in self.cards_by_sig]
        for seat, sigs, k, double in chosen:
            cards = tuple(sorted(taken[seat][s].pop() for s in sigs))
            threats = tuple(self.positions[k : k + (2 if double else 1)])
            covers.append(Cover(seat, cards, threats))
        return Plan(tuple(covers))

    def _key(self, k: int) -> tuple:
        useful = [c if self.last_use[i % self.n_sig] >= k else 0 for i, c in enumerate(self.counts)]
        caps = tuple(
            min(cap, sum(useful[q * self.n_sig : (q + 1) * self.n_sig]))
            for q, cap in enumerate(self.caps)
        )
        return (k, tuple(useful), caps)

    def _search(self, k: int, chosen: list) -> bool:
        if k == len(self.positions):
            return True
        key = self._key(k)
        if key in self.failed:
            return False
        if self.budget is not None:
            self.budget.steps -= 1
            if self.budget.steps < 0:
                raise SearchTooLarge("the covering search ran out of steps")
        if not self._enough(k):
            self.failed.add(key)
            return False
        n, counts, caps = self.n_sig, self.counts, self.caps
        for q in self.first if k == 0 else range(self.players):
            if caps[q] == 0:
                continue
            base = q * n
            for s in self.double[k]:
                if counts[base + s]:
                    if self._try(q, (s,), k, k + 2, chosen, double=True):
                        return True
            for s in self.single[k]:
                if counts[base + s]:
                    if self._try(q, (s,), k, k + 1, chosen):
                        return True
            if caps[q] >= 2:
                halves = [s for s in self.half[k] if counts[base + s]]
                for i, a in enumerate(halves):
                    for b in halves[i:]:
                        if a == b and counts[base + a] < 2:
                            continue
                        if self._try(q, (a, b), k, k + 1, chosen):
                            return True
        self.failed.add(key)
        return False

    def _try(self, q, sigs, k, after, chosen, double=False) -> bool:
        base = q * self.n_sig
        for s in sigs:
            self.counts[base + s] -= 1
        self.caps[q] -= len(sigs)
        chosen.append((q, sigs, k, double))
        if self._search(after, chosen):
            return True
        chosen.pop()
        self.caps[q] += len(sigs)
        for s in sigs:
            self.counts[base + s] += 1
        return False

    def _enough(self, k: int) -> bool:
        """A necessary condition (Hall's, relaxed): for every set of icons S, the cards that can
        act on threats made only of icons in S must supply enough units (a powerful card or a
        treasure 2, any other 1; an x2 threat needs 2, any other 1), within each player's limit.
        The card lists each test adds up depend only on k: :meth:`_checks` makes them once."""
        counts, caps = self.counts, self.caps
        for need, units, x2_need, x2_units in self._checks(k):
            room = 0
            for q, twos_at, ones_at in units:
                cap = caps[q]
                twos = min(cap, sum([counts[i] for i in twos_at]))
                room += 2 * twos + min(cap - twos, sum([counts[i] for i in ones_at]))
            if room < need:
                return False
            if x2_need:
                # x2 threats made only of icons in S each need a powerful card or a treasure, or
                # two simple cards of one player: count how many each player could take at most.
                room = 0
                for q, strong_at, simple_at in x2_units:
                    cap = caps[q]
                    strong = min(cap, sum([counts[i] for i in strong_at]))
                    room += strong + min(sum([counts[i] for i in simple_at]), cap - strong) // 2
                if room < x2_need:
                    return False
        return True

    def _checks(self, k: int) -> list:
        """For each set of icons S with threats left from k: the units needed, and per player
        the positions in `counts` of the cards worth two units and one unit (a card worth two
        counts one once no x2 threat or pair is left for it); then the same for the x2 test."""
        cached = self.checks.get(k)
        if cached is not None:
            return cached
        n, checks = self.n_sig, []
        for S in self.subsets:
            need = self.demand[k][S]
            if not need:
                continue
            w2 = [s for s in self.w2[S] if self.last2[s] >= k]
            w1 = self.w1[S] + [s for s in self.w2[S] if self.last2[s] < k]
            units = [
                (q, [q * n + s for s in w2], [q * n + s for s in w1]) for q in range(self.players)
            ]
            x2_units = [
                (
                    q,
                    [q * n + s for s in self.w2[S]],
                    [q * n + s for s in self.x2[S] if s not in self.w2[S]],
                )
                for q in range(self.players)
            ]
            checks.append((need, units, self.doubles[k][S], x2_units))
        self.checks[k] = checks
        return checks


def clearable(state: TPKState) -> Plan | None:
    """Whether the level just dealt (in its keep phase) can be cleared with perfect coordination."""
    if state.outcome is not None or state.prompt.question != KEEP:
        raise ValueError("ask at the start of a level, while the players are choosing what to keep")
    threats = [state.threats[card] for card in state.row]
    hands = [
        [(card, state.items.get(card, WILD)) for card in drawn + hand]
        for drawn, hand in zip(state.drawn_cards, state.hands, strict=True)
    ]
    return solve(threats, hands, catalog().level(state.level).keep)


def position_problem(
    state: TPKState,
) -> tuple[list[Facts], list[list[tuple[str, Uses]]], list[int], list[int]]:
    """The covering problem left at any position of a level, every hand on the table: the row
    from its first open threat (threats dealt with become gaps, like a treasure, so no double use
    spans them), each seat's cards (drawn before the keep, else the hand), how many each may
    still use, and who may cover the first threat.

    The plan argument of the module holds from any position but one: a seat that passed on the
    first open threat kills the party if the turn comes back to it, so that threat must be
    covered by a seat the turn reaches first (from the seat to act, in turn order)."""
    gap = (0, False, True)
    threats = [
        state.threats[card] if status == OPEN else gap
        for card, status in zip(
            state.row[state.leftmost :], state.status[state.leftmost :], strict=True
        )
    ]
    keep = catalog().level(state.level).keep
    hands, caps = [], []
    for seat in range(state.num_players):
        cards = state.drawn_cards[seat] or state.hands[seat]
        hands.append([(card, state.items.get(card, WILD)) for card in cards])
        caps.append(keep if state.drawn_cards[seat] else len(cards))
    first = []
    for step in range(state.num_players):
        seat = (state.prompt.seat + step) % state.num_players
        if step and state.passed_on[seat] == state.leftmost:
            break
        first.append(seat)
    return threats, hands, caps, first


def play_plan(state: TPKState, plan: Plan) -> None:
    """Play a plan through the engine, from the keep phase to the end of the level: each seat keeps
    its planned cards (and any others to make up the number), then covers its threats when they
    come to the front and passes otherwise."""
    level = state.level
    keep = catalog().level(level).keep
    while state.prompt.question == KEEP and state.level == level:
        seat = state.prompt.seat
        mine = plan.cards_of(seat)
        spare = [c for c in state.drawn_cards[seat] if c not in mine]
        chosen = (mine + spare)[: min(keep, len(state.drawn_cards[seat]))]
        state.apply(("keep", tuple(sorted(chosen))))
    by_first = {cover.threats[0]: cover for cover in plan.covers}
    while state.level == level and state.outcome is None:
        cover = by_first.get(state.leftmost)
        if cover is not None and cover.seat == state.prompt.seat:
            state.apply(("use", cover.cards, cover.threats))
        else:
            state.apply(PASS)
