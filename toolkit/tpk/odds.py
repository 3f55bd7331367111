"""How winnable is a level? The chance that a perfectly coordinated party could clear it: beside
each choice of a seat (:func:`decision_odds`), and for a fresh deal.

Beside a choice, the number is the chance that the level can still be cleared after it, by a party
that plays on as if every hand were on the table, over the partners' cards the seat cannot see
(dealt by the seat's own view, :meth:`TPKState.players_view`). The engine makes the move; each
partner's possible hands are grouped by what their cards can do against the row left, and each
group is decided by the covering search of :mod:`toolkit.tpk.coordination`. The differential test
(``tests/tpk/test_decision_odds.py``) checks this against the exact walk of the engine itself.

A fresh deal: the whole threat deck (45 cards, no treasure taken yet) shuffled, the row laid out,
every character drawing from their full equipment deck. :func:`clearable_probability` estimates the
chance by Monte Carlo over seeded deals, each decided exactly by :mod:`toolkit.tpk.coordination`,
with a Wilson interval; :func:`exact_clearable` enumerates every deal when the counts allow
(level 1 with one or two characters), as an exact Fraction. The exact chance for every party size
at level 1 is :func:`toolkit.tpk.winnability.exact_winnability`, which merges what plays alike;
this plain enumeration stays as the independent check it is tested against.
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from itertools import combinations, product

from toolkit.analysis import ActionOdds, DecisionOdds, Measure
from toolkit.simulate import wilson_interval
from toolkit.tpk.cards import catalog
from toolkit.tpk.coordination import (
    Budget,
    SearchTooLarge,
    clearable,
    position_problem,
    solve,
)
from toolkit.tpk.rules import (
    DEFAULT_PARTIES,
    WILD,
    TPKState,
    amulet_sides,
    covers,
    covers_both,
    half_of_x2,
    item_table,
    starting_deck,
    threat_table,
)

EXACT_BUDGET = 1_000_000  # deal classes before merging (two characters at level 1: 199,584)
DEAL_BUDGET = 300  # partner hands (grouped) one choice may weigh; more are refused, not guessed
KNOWN = 32  # recent answers a search is first compared with (more would cost more than it saves)
SEARCH_STEPS = 250  # covering-search steps one decision may take (about 0.5 ms each)

CLEARABLE = Measure(
    "clearable",
    "P(the level can still be cleared, every hand shown)",
)


def decision_odds(state: TPKState) -> DecisionOdds:
    """Beside each legal action of the seat to act: the chance that, after it, the party could
    still clear this level if from then on everyone played as if every hand were on the table.
    It is 1 or 0 once the engine has ended the level (cleared, or the party killed); otherwise it
    is weighed over the partners' cards the seat cannot see, from ``state.players_view(seat)``.
    An action whose partners' possible hands are too many to weigh (over :data:`DEAL_BUDGET`
    groups) gets no number, and the note says so."""
    seat = state.current_player()
    view = state.players_view(seat)
    solved: dict = {}
    actions, refused = [], 0
    for action in state.legal_actions():
        after = view.clone()
        after.apply_listed(action)
        label = state.action_to_string(action)
        try:
            value = clearable_after(after, state.level, state.levels_cleared(), solved)
        except DealsTooMany as error:
            refused += 1
            actions.append(ActionOdds(action, label, {}, str(error)))
            continue
        actions.append(ActionOdds(action, label, {CLEARABLE.name: value}))
    note = (
        f"{refused} choice(s) have no number: the partners' possible hands are too many to weigh "
        "exactly in time (shown only where exact)."
        if refused
        else ""
    )
    prompt = (
        "What to keep" if state.phase == "keep" else "Use cards on the threats, or pass"
    ) + f" (level {state.level})"
    return DecisionOdds("tpk", seat, prompt, (CLEARABLE,), tuple(actions), note)


class DealsTooMany(ValueError):
    """The partners' possible hands, grouped, are more than one choice may weigh in time."""


def clearable_after(after: TPKState, level: int, cleared: int, solved: dict) -> Fraction:
    """The chance the level can still be cleared from `after` (a seat's view, just after its
    move: its partners' cards not yet dealt), every hand shown from here on. `solved` remembers
    searches between the choices of one decision."""
    if after.result is not None or after.level != level:  # the engine ended the level
        return Fraction(int(after.levels_cleared() > cleared))
    threats, hands, caps, first = position_problem(after)
    deals = after.unseen_deals()
    dealt = {seat for seat, _ in deals}
    row = _Row(threats, solved)
    groups = [row.groups(outcomes, after.items, caps[seat]) for seat, outcomes in deals]
    count = math.prod(len(g) for g in groups)
    if count > DEAL_BUDGET:
        raise DealsTooMany(
            f"{count:,} kinds of partner hands to weigh (at most {DEAL_BUDGET:,} in time)"
        )
    known = {
        seat: row.hand([uses for _, uses in hand], caps[seat])
        for seat, hand in enumerate(hands)
        if seat not in dealt
    }
    # Every hand of one partner is equally likely: count hands, divide once.
    total = 0
    for combo in product(*(g.items() for g in groups)):
        chosen, ways = dict(known), 1
        for (seat, _), (hand, n) in zip(deals, combo, strict=True):
            chosen[seat], ways = hand, ways * n
        if row.clearable([chosen[seat] for seat in range(len(caps))], caps, first):
            total += ways
    return Fraction(total, math.prod(len(outcomes) for _, outcomes in deals))


class _Row:
    """The row left, against which cards that can do the same things are the same card: a hand
    becomes the sorted kinds of its useful cards (at most as many of a kind as may be used), and
    a search is made once per set of hands. `memo` is shared by the choices of one decision."""

    def __init__(self, threats: list, memo: dict):
        self.threats, self.memo = threats, memo
        self.budget = memo.setdefault("budget", Budget(SEARCH_STEPS))
        self.examples = memo.setdefault(("examples", tuple(threats)), {})
        self.profiles = memo.setdefault(("profiles", tuple(threats)), {})

    def profile(self, uses) -> tuple:
        """What one card can do here: the threats it overcomes alone, the adjacent pairs it
        overcomes at once, the x2 threats it can be half of."""
        threats = self.threats
        singles = tuple(p for p, t in enumerate(threats) if covers(uses, t))
        doubles = tuple(
            p for p in range(len(threats) - 1) if covers_both(uses, threats[p], threats[p + 1])
        )
        halves = tuple(p for p, t in enumerate(threats) if t[1] and half_of_x2(uses, t))
        return singles, doubles, halves

    def hand(self, hand_uses, cap: int) -> tuple:
        kinds: dict = {}
        for uses in hand_uses:
            shape = self.profiles.get(uses)
            if shape is None:
                shape = self.profiles[uses] = self.profile(uses)
            if any(shape):
                kinds[shape] = kinds.get(shape, 0) + 1
                self.examples.setdefault(shape, uses)
        return tuple(sorted((shape, min(n, cap)) for shape, n in kinds.items()))

    def groups(self, outcomes, items, cap: int) -> dict[tuple, int]:
        """A partner's possible hands grouped by what they can do here, with how many hands
        (all equally likely) each group holds."""
        # The engine hands out one object per pool of cards: it is kept here, so its id is safe.
        key = ("groups", tuple(self.threats), cap, id(outcomes))
        if key in self.memo:
            return self.memo[key][1]
        groups: dict[tuple, int] = {}
        self.memo[key] = (outcomes, groups)
        for cards, _ in outcomes:
            hand = self.hand([items.get(card, WILD) for card in cards], cap)
            groups[hand] = groups.get(hand, 0) + 1
        return groups

    def clearable(self, hands: list[tuple], caps: list[int], first: list[int]) -> bool:
        """Whether these hands clear the row. More cards never hurt, so hands that hold at least
        what some clearing hands held clear it too, and hands within some failing ones fail:
        those are answered without a search."""
        context = (tuple(self.threats), tuple(first), tuple(caps))
        key = (context, tuple(hands))
        if key in self.memo:
            return self.memo[key]
        cleared, failed = self.memo.setdefault(("known", context), ([], []))
        counts = [dict(hand) for hand in hands]
        if any(_within(known, counts) for known in cleared[-KNOWN:]):
            answer = True
        elif any(_within(counts, known) for known in failed[-KNOWN:]):
            answer = False
        else:
            problem = [
                [(f"c{seat}-{i}", self.examples[shape]) for shape, n in hand for i in range(n)]
                for seat, hand in enumerate(hands)
            ]
            try:
                kinds = tuple(self.examples.values())
                answer = solve(self.threats, problem, caps, first, self.budget, kinds) is not None
            except SearchTooLarge:
                raise DealsTooMany(
                    f"the searches of this decision need more than {SEARCH_STEPS:,} steps"
                ) from None
            (cleared if answer else failed).append(counts)
        self.memo[key] = answer
        return answer


def _within(smaller: list[dict], larger: list[dict]) -> bool:
    """Whether every seat's cards in `smaller` are among its cards in `larger` (by kind)."""
    return all(
        larger[seat].get(shape, 0) >= n
        for seat, hand in enumerate(smaller)
        for shape, n in hand.items()
    )


def party(characters: list[str] | str | None, players: int | None = None) -> list[str]:
    """A party from a comma list or list of ids (or the default party for a size)."""
    if isinstance(characters, str):
        characters = [c.strip() for c in characters.split(",") if c.strip()]
    if not characters:
        if players is None:
            raise ValueError("name the characters or the number of players")
        return list(DEFAULT_PARTIES[players])
    if players is not None and players != len(characters):
        raise ValueError(f"{len(characters)} characters named for {players} players")
    return list(characters)


def clearable_probability(level: int, characters, samples: int = 1000, seed: int = 0) -> dict:
    """Monte Carlo over `samples` seeded fresh deals of `level`; each deal decided exactly."""
    members = party(characters)
    wins = 0
    for index in range(samples):
        state = TPKState(
            seed=seed + index, players=len(members), characters=members, first_level=level
        )
        wins += clearable(state) is not None
    low, high = wilson_interval(wins, samples)
    return {
        "clearable": wins / samples,
        "successes": wins,
        "samples": samples,
        "interval": [low, high],
    }


def expected_row_treasures(level: int, players: int) -> Fraction:
    """Exact mean number of treasures in a fresh row: each of its cards is a treasure with the
    chance of one card of the threat deck (linearity of expectation)."""
    cat = catalog()
    deck = cat.threat_deck()
    treasures = sum(1 for card in deck if cat.threats[card].treasure)
    length = cat.level(level).threats_per_character * players
    return Fraction(length * treasures, len(deck))


def exact_clearable(level: int, characters) -> Fraction:
    """The exact chance over every fresh deal (raises ValueError if there are too many to try).

    Threat cards that act alike (same icons, same x2) are merged into kinds, and each row of kinds
    is weighted by how many ordered card sequences give it; each hand is grouped by the kinds of
    its cards. Hands and rows are independent, so the chance is a weighted count of searches.
    """
    members = party(characters)
    players = len(members)
    card_level = catalog().level(level)
    length = card_level.threats_per_character * players
    threats = threat_table()
    kinds = Counter(threats[t] for t in catalog().threat_deck())
    kinds = Counter({(k if not k[2] else (0, False, True)): n for k, n in kinds.items()})
    sides = amulet_sides(members, players, {})
    items = item_table(tuple(sorted(sides.items())))
    hand_groups = []
    for character in members:
        deck = starting_deck(character, players, sides.get(character, "none"))
        groups = Counter(
            tuple(sorted(items[c] for c in hand)) for hand in combinations(deck, card_level.draw)
        )
        hand_groups.append(groups)
    searches = _count_rows(kinds, length) * math.prod(len(g) for g in hand_groups)
    if searches > EXACT_BUDGET:  # counted, not listed: a refusal costs no memory
        raise ValueError(
            f"{searches:,} deals to search exactly (budget {EXACT_BUDGET:,}); "
            "use Monte Carlo samples"
        )
    rows = list(_rows(kinds, length))
    total_hands = math.prod(sum(g.values()) for g in hand_groups)
    total_rows = math.perm(sum(kinds.values()), length)
    good = 0
    for row, row_weight in rows:
        # Against this row, hands that can do the same things are the same hand.
        reduced = [_reduce(row, groups, card_level.keep) for groups in hand_groups]
        for combo in product(*(r.items() for r in reduced)):
            hands = [
                [(f"c{seat}-{i}", uses) for i, uses in enumerate(group)]
                for seat, (group, _) in enumerate(combo)
            ]
            if solve(list(row), hands, card_level.keep) is not None:
                good += row_weight * math.prod(weight for _, weight in combo)
    return Fraction(good, total_rows * total_hands)


def _reduce(row, groups: Counter, keep: int) -> Counter:
    """Merge hands whose cards act alike on this row: each card replaced by what it can do here
    (useless cards dropped, at most `keep` cards of one kind counted)."""

    def profile(uses):
        singles = tuple(p for p, t in enumerate(row) if covers(uses, t))
        doubles = tuple(p for p in range(len(row) - 1) if covers_both(uses, row[p], row[p + 1]))
        halves = tuple(p for p, t in enumerate(row) if t[1] and half_of_x2(uses, t))
        return singles, doubles, halves

    merged: Counter = Counter()
    representative = {}
    for hand, weight in groups.items():
        kinds = Counter()
        for uses in hand:
            shape = profile(uses)
            if any(shape):
                kinds[shape] += 1
                representative[shape] = uses
        key = tuple(sorted((shape, min(n, keep)) for shape, n in kinds.items()))
        merged[key] += weight
    return Counter(
        {
            tuple(representative[shape] for shape, n in key for _ in range(n)): weight
            for key, weight in merged.items()
        }
    )


def _count_rows(kinds: Counter, length: int) -> int:
    """How many rows :func:`_rows` lists, without listing them: sequences of `length` kinds with
    at most the deck's count of each, ``length!`` times the coefficient of ``x**length`` in the
    product over kinds of ``sum(x**i / i!, i <= count)``."""
    series = [Fraction(1)] + [Fraction(0)] * length
    for count in kinds.values():
        series = [
            sum(series[j - i] / math.factorial(i) for i in range(min(count, j) + 1))
            for j in range(length + 1)
        ]
    return int(series[length] * math.factorial(length))


def _rows(kinds: Counter, length: int):
    """Every ordered row of threat kinds with the number of card sequences that give it."""

    def extend(prefix, remaining, weight):
        if len(prefix) == length:
            yield tuple(prefix), weight
            return
        for kind, count in remaining.items():
            if count:
                remaining[kind] -= 1
                yield from extend(prefix + [kind], remaining, weight * count)
                remaining[kind] += 1

    yield from extend([], Counter(kinds), 1)
