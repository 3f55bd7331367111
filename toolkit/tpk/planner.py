"""A silent TPK bot that weighs each move by what its partners could be holding.

The convention bot (:mod:`toolkit.tpk.bots`) estimates its partners card by card and reads a
partner's pass as a promise; it loses most of its levels by keeping the wrong cards or by passing
on a threat that the turn then brings back round uncovered. This bot asks a sharper question of
each legal move: *after it, could the party still clear the level?* Its partners' cards are not
shown, so it deals them many times over, each deal one the table allows (from the cards each
partner owns that are not face up in their discard pile, as many as they hold), and it puts each
deal to the exact covering search of :mod:`toolkit.tpk.coordination`, with the pass rule's extra
condition: a threat someone has passed on must be covered before the turn reaches them again.
The move that keeps the level clearable in the most deals is played.

Everything it reads is in its observation: the row, its own cards, the character sheets (every
partner's equipment is printed there), hand sizes, the passes and plays of this level and the
treasures each partner carries. It never sees a partner's hand, only the deals it makes up.

Two conventions every copy of the bot shares, so the table can rely on them:

1. **Act when it is as good.** Using a card is preferred to passing unless the pass keeps the
   level clearable in clearly more deals (a pass leans on partners who cannot see this bot's hand).
2. **Spend the least useful card.** Among equally good uses, the one whose cards could cover the
   fewest of the threats left goes first (a treasure, a wild card, last), and a double use first.
"""

from __future__ import annotations

import random
from functools import lru_cache

from toolkit.state import Action
from toolkit.tpk.budgets import KEEP_SCREEN, PLANNER_DEALS, SEARCH_STEPS
from toolkit.tpk.coordination import Budget, SearchTooLarge, solve
from toolkit.tpk.rules import PASS, WILD, Facts, Uses, covers, item_table, sheet, threat_table

PASS_MARGIN = 2  # a pass must keep the level clearable in this many more deals than the best use
GAP: Facts = (0, False, True)  # a threat dealt with: nothing to cover, and no double use spans it


class PlannerBot:
    """Silent play judged on dealt-out partner hands; ties broken by the conventions above."""

    def __init__(self, seed: int = 0, deals: int = PLANNER_DEALS):
        self.rng = random.Random(seed)
        self.deals = deals

    def choose(self, observation: dict, legal_actions: list[Action]) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        table = _Table(observation)
        deals = [table.deal(self.rng) for _ in range(self.deals)]
        if observation["phase"] == "keep":
            return table.best_keep(legal_actions, deals)
        uses: dict[tuple, Action] = {}  # uses whose cards can do the same things are one use
        for action in legal_actions:
            if action != PASS:
                kinds = tuple(sorted(table.uses_of(card) for card in action[1]))
                uses.setdefault((kinds, action[2]), action)
        best = max(
            ((table.play_score(a, deals), len(a[2]), -table.cost(a), a) for a in uses.values()),
            key=lambda s: s[:3],
        )
        if PASS in legal_actions and table.play_score(PASS, deals) >= best[0] + PASS_MARGIN:
            return PASS
        return best[3]


class _Table:
    """The level as the observation shows it, and the covering problems left after a move."""

    def __init__(self, obs: dict):
        self.obs = obs
        self.me = obs["seat"]
        self.players = len(obs["characters"])
        self.items = item_table(tuple(sorted(obs["amulets"].items())))
        threats = threat_table()
        self.row = [threats[cell["id"]] for cell in obs["row"]]
        self.state = [cell["state"] for cell in obs["row"]]
        self.pools = {q: self._pool(q) for q in range(self.players) if q != self.me}
        # Every kind of card at the table, numbered the same way in every search of this decision,
        # so the searches of one row share the row's tables.
        owned = {card for q in range(self.players) for card in self._owned(q)}
        self.kinds = tuple(sorted({self.uses_of(card) for card in owned} | {WILD}))

    def uses_of(self, card: str) -> Uses:
        return self.items.get(card, WILD)

    def _pool(self, seat: int) -> tuple[list[str], int, int]:
        """A partner's unseen cards: everything they own but what lies face up in their discard
        pile (used this level) or was picked up this level; how many they hold; how many of those
        they may use (all of a hand, or the level's keep while they still hold their draw)."""
        obs = self.obs
        used, taken = set(), 0
        for entry in obs["log"]:
            if entry["seat"] != seat:
                continue
            if entry["event"] == "use":
                used.update(entry["cards"])
            elif entry["event"] == "treasure":
                taken += 1
        pool = [card for card in self._owned(seat) if card not in used]
        pool += [f"wild-{seat}-{i}" for i in range(obs["treasures"][seat] - taken)]
        if obs["kept"][seat]:
            return pool, obs["hand_sizes"][seat], obs["hand_sizes"][seat]
        return pool, min(obs["draw"], len(pool)), obs["keep"]

    def _owned(self, seat: int) -> tuple[str, ...]:
        character = self.obs["characters"][seat]
        return sheet(character, self.players, self.obs["amulets"].get(character, "none"))

    def deal(self, rng: random.Random) -> dict[int, list[str]]:
        """One set of partner hands the table allows, every set equally likely."""
        return {q: rng.sample(pool, count) for q, (pool, count, _) in self.pools.items()}

    def _solvable(self, row, mine, my_cap, deal, first) -> bool:
        hands, caps = [], []
        for q in range(self.players):
            if q == self.me:
                cards, cap = mine, my_cap
            else:
                cards, cap = deal[q], self.pools[q][2]
            hands.append(tuple(sorted(self.uses_of(card) for card in cards)))
            caps.append(cap)
        return _clearable(
            tuple(row),
            tuple(hands),
            tuple(caps),
            None if first is None else tuple(first),
            self.kinds,
        )

    # -- keeping -----------------------------------------------------------------------------------
    def best_keep(self, legal: list[Action], deals) -> Action:
        """The keep with which the party could clear the level in the most deals. Keeps whose
        cards can do the same things are one keep (the most flexible cards first among ties).
        All are tried on the first deals (:data:`KEEP_SCREEN`); only those close to the best
        there (within one deal) go on to the rest."""
        row = [GAP if s != "open" else t for t, s in zip(self.row, self.state, strict=True)]
        by_kind: dict[tuple, Action] = {}
        for action in sorted(legal, key=lambda a: -self.cost(a)):
            by_kind.setdefault(tuple(sorted(self.uses_of(c) for c in action[1])), action)

        def score(action, some_deals) -> int:
            kept = list(action[1])
            return sum(self._solvable(row, kept, len(kept), deal, None) for deal in some_deals)

        screen, rest = deals[:KEEP_SCREEN], deals[KEEP_SCREEN:]
        first = {action: score(action, screen) for action in by_kind.values()}
        top = max(first.values())
        finalists = [action for action, points in first.items() if points >= top - 1]
        if len(finalists) == 1:
            return finalists[0]
        return max(finalists, key=lambda action: first[action] + score(action, rest))

    # -- playing -----------------------------------------------------------------------------------
    def play_score(self, action: Action, deals) -> int:
        """In how many deals the party could still clear the level after this move."""
        after = self.after(action)
        if after is None:
            return 0
        if after == "cleared":
            return len(deals)
        row, mine, first = after
        return sum(self._solvable(row, mine, len(mine), deal, first) for deal in deals)

    def after(self, action: Action):
        """The covering problem left after a move: the row (threats dealt with become gaps), this
        seat's cards, and who may cover the first open threat (the seats the turn reaches before
        anyone who passed on it); "cleared" if the move clears the level, None if it kills."""
        obs = self.obs
        state = list(self.state)
        hand = list(obs["hand"])
        passed = list(obs["passed_on"])
        first = obs["first_open"]
        if action == PASS:
            passed[self.me] = first
            actor = self._next(self.me)
        else:
            for card in action[1]:
                hand.remove(card)
            for position in action[2]:
                state[position] = "overcome"
            while first < len(state) and state[first] != "open":
                first += 1
            actor = self.me
            # Treasures: the one just past the cards overcome is ours, the rest of its run one per
            # following player; each take ends a turn, and a turn reaching a seat that passed on
            # the first open threat kills the party.
            after = max(action[2]) + 1
            while after < len(state) and state[after] == "open" and self.row[after][2]:
                state[after] = "taken"
                after += 1
                while first < len(state) and state[first] != "open":
                    first += 1
                if first == len(state):
                    return "cleared"
                actor = self._next(actor)
                if passed[actor] == first:
                    return None
                passed[actor] = None
            if first == len(state):
                return "cleared"
            if actor == self.me and not hand:
                passed[self.me] = first
                actor = self._next(self.me)
        seats = []
        for step in range(self.players):
            seat = (actor + step) % self.players
            if passed[seat] == first:
                if step == 0:
                    return None  # the turn reaches a seat that passed on this threat
                break
            seats.append(seat)
        row = [GAP if s != "open" else t for t, s in zip(self.row, state, strict=True)]
        return row[first:], hand, seats

    def _next(self, seat: int) -> int:
        return (seat + 1) % self.players

    def flexibility(self, card: str) -> int:
        """How many open threats the card could cover alone (a wild card: all, and one more)."""
        uses = self.uses_of(card)
        count = sum(
            covers(uses, t) for t, s in zip(self.row, self.state, strict=True) if s == "open"
        )
        return count + (1 if not uses else 0)

    def cost(self, action: Action) -> int:
        return sum(self.flexibility(card) for card in action[1])


@lru_cache(maxsize=1 << 16)
def _clearable(row, hands, caps, first, kinds) -> bool:
    """Whether the covering search finds a way through the row with hands of these kinds of card
    (one sorted tuple of uses a seat). The search sees only how many cards of each kind a seat
    holds, every kind numbered by `kinds`, so its answer is the same for every hand alike in
    kinds: deals, keeps and the decisions of a level ask the same question again and again, and
    it is searched once: about 4 questions in 10 are asked again, so remembering them makes a
    game of the planner markedly faster (data/tpk/studies/README.md)."""
    named = [
        [(f"{seat}-{i}", uses) for i, uses in enumerate(hand)] for seat, hand in enumerate(hands)
    ]
    try:
        return solve(list(row), named, list(caps), first, Budget(SEARCH_STEPS), kinds) is not None
    except SearchTooLarge:
        return False  # a way through is found in a few dozen steps when there is one
