"""How winnable is a level? The chance that a perfectly coordinated party could clear it: beside
each choice of a seat (:func:`decision_odds`), and for a fresh deal.

Beside a choice, the number is the chance that the level can still be cleared after it, by a party
that plays on as if every hand were on the table, over the partners' cards the seat cannot see
(dealt by the seat's own view, :meth:`TPKState.players_view`). The engine makes the move; the
covering question left (:func:`toolkit.tpk.coordination.position_problem`) is then counted over
every tuple of partner hands at once, by what each hand could cover alone
(:mod:`toolkit.tpk.families`): a partner's hands that could cover the same sets of threats are
one, and the party is combined one character at a time, so the partners' hands are never
multiplied out. The differential test (``tests/tpk/test_decision_odds.py``) checks this against
the exact walk of the engine itself.

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
import sys
from collections import Counter
from fractions import Fraction
from itertools import combinations, product

from toolkit.analysis import WAIT_FOR_THEM, ActionOdds, DecisionOdds, Measure, heard, patient
from toolkit.simulate import wilson_interval
from toolkit.tpk.budgets import COUNT_STEPS, EXACT_BUDGET
from toolkit.tpk.cards import catalog, check_characters
from toolkit.tpk.coordination import clearable, position_problem, solve
from toolkit.tpk.families import CountTooLarge, Joiner, bits, clearing_tuples
from toolkit.tpk.rules import (
    DEFAULT_PARTIES,
    KEEP,
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

CLEARABLE = Measure(
    "clearable",
    "P(the level can still be cleared, every hand shown)",
)


def decision_odds(state: TPKState) -> DecisionOdds:
    """Beside each legal action of the seat to act: the chance that, after it, the party could
    still clear this level if from then on everyone played as if every hand were on the table.
    It is 1 or 0 once the engine has ended the level (cleared, or the party killed); otherwise it
    is weighed over the partners' cards the seat cannot see, from ``state.players_view(seat)``.
    An action whose count would take more than the decision's :data:`COUNT_STEPS` gets no number,
    and the note says so. Each action is told as soon as it is counted
    (:func:`~toolkit.analysis.heard`)."""
    seat = state.current_player()
    view = state.players_view(seat)
    held = [view.items.get(card, WILD) for card in view.drawn_cards[seat] or view.hands[seat]]
    steps = patient(COUNT_STEPS)
    memo: dict = {"joiner": Joiner(steps), "held": (seat, held)}
    actions, refused = [], 0
    for action in state.legal_actions():
        after = view.clone()
        after.apply_listed(action)
        label = state.action_to_string(action)
        try:
            value = clearable_after(after, state.level, state.levels_cleared(), memo)
        except CountTooLarge:
            refused += 1
            note = f"weighing the partners' possible hands needs more than {steps:,} steps"
            actions.append(ActionOdds(action, label, {}, note, refused=True))
            continue
        actions.append(ActionOdds(action, label, {CLEARABLE.name: value}))
        heard(action, actions[-1].odds)  # its row fills now, before the rest are answered
    note = (
        f"{refused} choice(s) have no number: the partners' possible hands are too many to weigh "
        f"exactly in time (shown only where exact; {WAIT_FOR_THEM})."
        if refused
        else ""
    )
    prompt = (
        "What to keep" if state.prompt.question == KEEP else "Use cards on the threats, or pass"
    ) + f" (level {state.level})"
    return DecisionOdds("tpk", seat, prompt, (CLEARABLE,), tuple(actions), note)


def clearable_after(after: TPKState, level: int, cleared: int, memo: dict) -> Fraction:
    """The chance the level can still be cleared from `after` (a seat's view, just after its
    move: its partners' cards not yet dealt), every hand shown from here on. `memo` holds what
    the choices of one decision share: the count's :class:`Joiner` and the chooser's cards
    before its move (``"held"``: seat and uses)."""
    if after.outcome is not None or after.level != level:  # the engine ended the level
        return Fraction(int(after.levels_cleared() > cleared))
    threats, hands, caps, first = position_problem(after)
    row = memo.get(("row", tuple(threats)))
    if row is None:
        row = memo[("row", tuple(threats))] = _Row(threats, memo["joiner"])
    deals = after.unseen_deals()
    dealt = {seat for seat, _ in deals}
    mover, held = memo["held"]
    characters = []
    for seat, hand in enumerate(hands):
        if seat not in dealt:
            family = row.family([uses for _, uses in hand], caps[seat], seat in first)
            # The chooser's cards after any of its choices are among those it held before, so
            # every choice sees the partners' threats pruned alike, and shares their count.
            bound = row.family(held, len(held), seat in first) if seat == mover else family
            characters.append(({family: 1}, row.joiner.reach(bound)))
    for seat, outcomes in deals:
        characters.append(row.dealt(outcomes, after.items, caps[seat], seat in first))
    # Every hand of one partner is equally likely: count hand tuples, divide once.
    won = clearing_tuples(characters, row.full, row.joiner, remember=True)
    return Fraction(won, math.prod(len(outcomes) for _, outcomes in deals))


class _Row:
    """The row left (threats dealt with are gaps), and what each hand could cover of it alone: its
    family (:mod:`toolkit.tpk.families`, one bit per open threat). A seat the pass rule keeps off
    the first threat simply cannot cover it. Cards that could do the same things here are the same
    card, and a hand is its useful cards' kinds."""

    def __init__(self, threats: list, joiner: Joiner):
        self.joiner = joiner
        positions = [p for p, t in enumerate(threats) if not t[2]]
        self.full = (1 << len(positions)) - 1
        after = [(i, p) for i, p in enumerate(positions[:-1]) if positions[i + 1] == p + 1]
        self.cards: dict = {}  # (uses, may cover the first threat) -> what one card can do here
        self.families: dict = {}  # (the kinds of a hand's useful cards, cap) -> its family
        self.dists: dict = {}
        self.threats, self.positions, self.after = threats, positions, after

    def card(self, uses, lead: bool) -> tuple:
        """What one card can do here: the sets of threats it covers (one, or two neighbours),
        and the x2 threats it can be half of a pair on."""
        key = (uses, lead)
        what = self.cards.get(key)
        if what is None:
            row, at = self.threats, self.positions
            options = [1 << i for i, p in enumerate(at) if covers(uses, row[p])]
            options += [3 << i for i, p in self.after if covers_both(uses, row[p], row[p + 1])]
            halves = bits(i for i, p in enumerate(at) if row[p][1] and half_of_x2(uses, row[p]))
            if not lead:
                options, halves = [m for m in options if not m & 1], halves & ~1
            what = self.cards[key] = (tuple(options), halves)
        return what

    def family(self, hand_uses, cap: int, lead: bool) -> int:
        """The family of a hand (its cards' uses) of a seat that may use `cap` of them."""
        whats = sorted(w for w in (self.card(u, lead) for u in hand_uses) if w[0] or w[1])
        key = (tuple(whats), min(cap, len(whats)))
        family = self.families.get(key)
        if family is None:
            kinds = sorted(set(whats))
            hand = tuple(kinds.index(w) for w in whats)
            family = self.families[key] = self.joiner.hand_family(hand, kinds, key[1], self.full)
        return family

    def dealt(self, outcomes, items, cap: int, lead: bool) -> tuple[dict[int, int], int]:
        """A partner's possible hands as family -> how many hands (all equally likely), and every
        threat one of them could cover."""
        # The engine hands out one object per pool of cards: it is kept here, so its id is safe.
        key = (id(outcomes), cap, lead)
        if key not in self.dists:
            self.joiner.spend(2 * len(outcomes), 0)  # each hand's cards looked up: two steps
            dist: dict[int, int] = {}
            for cards, _ in outcomes:
                family = self.family([items.get(card, WILD) for card in cards], cap, lead)
                dist[family] = dist.get(family, 0) + 1
            reach = 0
            for family in dist:
                reach |= self.joiner.reach(family)
            self.dists[key] = (outcomes, (dist, reach))
        return self.dists[key][1]


def party(characters: list[str] | str | None, players: int | None = None) -> list[str]:
    """A party from a comma list or list of ids (or the default party for a size)."""
    if isinstance(characters, str):
        characters = [c.strip() for c in characters.split(",") if c.strip()]
    if not characters:
        if players is None:
            raise ValueError("name the characters or the number of players")
        return list(DEFAULT_PARTIES[players])
    check_characters(characters)  # a misspelt name is named, not miscounted as a smaller party
    if players is not None and players != len(characters):
        raise ValueError(f"{len(characters)} characters named for {players} players")
    return list(characters)


def clearable_probability(
    level: int, characters, samples: int = 1000, seed: int = 0, progress: bool = False
) -> dict:
    """Monte Carlo over `samples` seeded fresh deals of `level`; each deal decided exactly. With
    `progress`, a bar on a terminal's standard error once it has run for two seconds."""
    from tqdm.auto import tqdm

    members = party(characters)
    wins = 0
    shown = progress and sys.stderr.isatty()
    for index in tqdm(range(samples), desc="deals", delay=2, disable=not shown, leave=False):
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
    budget = patient(EXACT_BUDGET)
    if searches > budget:  # counted, not listed: a refusal costs no memory
        raise ValueError(
            f"{searches:,} deals to search exactly (budget {budget:,}); use Monte Carlo samples"
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
