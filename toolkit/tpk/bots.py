"""A TPK bot that keeps the silence and reads partners' passes the way the rulebook's example does.

The bot sees an observation and the legal actions, nothing else. What it knows of its partners is
what a player at the table knows: their character sheets (the cards each character owns, printed on
the sheet as icon counts), how many cards each holds, which cards they have used and which threats
they passed on this level, and how many treasures they carry.

Its conventions, in order:

1. **Urgency.** If every partner has passed on the first open threat (or has no cards), the turn
   coming back to them would kill the party: cover that threat if at all possible.
2. **A pass is a promise.** A partner who passes while holding cards is saving a card for a later
   threat of their speciality (the first open one where their character is the party's best).
   That threat is left to them. This is how, in the example, Taric's pass on the small monster
   tells Brin that Taric holds the x2 weapon for the large monster, and Brin's pass tells Taric
   that Brin can find the secret door.
3. **Do the job nobody else can.** The bot plans its own hand against the open threats, the ones
   its partners are least likely to cover first (estimated from their sheets and hand sizes), and
   covers the first threat now only if its plan says so; otherwise it passes and trusts the table.

Keeping works the same way: keep the cards that cover the threats partners are least likely to
cover, then the most flexible cards.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

from toolkit.bots import RandomBot
from toolkit.search import SearchBot
from toolkit.state import Action
from toolkit.tpk.budgets import SEARCH_PLAYOUTS
from toolkit.tpk.planner import PlannerBot
from toolkit.tpk.rules import KEEP, PASS, WILD, Uses, item_table, sheet, threat_table
from toolkit.tpk.rules import covers as _covers

# Whether a card's uses cover a threat, remembered: a game asks it about the same few dozen cards
# and threats hundreds of thousands of times, and a look-up is cheaper than the test.
covers = cache(_covers)


class ConventionBot:
    """Silent, cooperative play by the conventions above; ties broken by a seeded RNG."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, observation: dict, legal_actions: list[Action]) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        table = _Table(observation)
        if observation["phase"] == "keep":
            return self._keep(table, legal_actions)
        return self._play(table, legal_actions)

    # -- keeping ---------------------------------------------------------------------------------
    def _keep(self, table: _Table, legal: list[Action]) -> Action:
        obs = table.obs
        size = len(legal[0][1])
        need = table.priorities(hand_size=obs["keep"])
        chosen = table.plan(obs["drawn"], need, limit=size)
        kept = [card for cards in chosen.values() for card in cards][:size]
        rest = [c for c in obs["drawn"] if c not in kept]
        rest.sort(key=lambda c: (-table.flexibility(c), self.rng.random()))
        kept += rest[: size - len(kept)]
        return ("keep", tuple(sorted(kept)))

    # -- playing ---------------------------------------------------------------------------------
    def _play(self, table: _Table, legal: list[Action]) -> Action:
        obs = table.obs
        first = obs["first_open"]
        moves = [a for a in legal if a != PASS]
        on_first = [a for a in moves if first in a[2]]
        if table.urgent():
            if not on_first:
                return PASS
            return min(on_first, key=lambda a: (table.cost(a), -len(a[2]), self.rng.random()))
        plan = table.plan(obs["hand"], table.priorities())
        if first in plan:
            planned = set(plan[first])
            fitting = [a for a in on_first if set(a[1]) <= planned] or on_first
            if fitting:
                return max(fitting, key=lambda a: (len(a[2]), -table.cost(a), self.rng.random()))
        for position, cards in plan.items():
            for action in moves:
                if set(action[1]) == set(cards) and position in action[2]:
                    return action  # a planned ranged shot within reach: take it now
        return PASS


class _Table:
    """What the observation says about the table, with the estimates the conventions need."""

    def __init__(self, obs: dict):
        self.obs = obs
        self.me = obs["seat"]
        players = len(obs["characters"])
        self.items = item_table(tuple(sorted(obs["amulets"].items())))
        self.threats = threat_table()
        self.row = [self.threats[cell["id"]] for cell in obs["row"]]
        self.open = [
            p for p, cell in enumerate(obs["row"]) if cell["state"] == "open" and not self.row[p][2]
        ]
        used = {seat: set() for seat in range(players)}
        for entry in obs["log"]:
            if entry["event"] == "use":
                used[entry["seat"]].update(entry["cards"])
        self.unknown = {}  # seat -> the uses of each card they may hold, with how many such cards
        for seat, character in enumerate(obs["characters"]):
            amulet = obs["amulets"].get(character, "none")
            kinds = Counter(
                self.items[c] for c in sheet(character, players, amulet) if c not in used[seat]
            )
            kinds[WILD] += obs["treasures"][seat]
            self.unknown[seat] = [(uses, n) for uses, n in kinds.items() if n]
        self.partners = [seat for seat in range(players) if seat != self.me]
        # a decision asks the same few questions many times: each answer is kept for this table
        self._shares: dict[tuple[int, int], float] = {}
        self._flexibility: dict[str, int] = {}
        self.claims = self._claims()

    def share(self, seat: int, position: int) -> float:
        """The fraction of a player's possible cards that can cover this threat alone."""
        key = (seat, position)
        if key not in self._shares:
            kinds = self.unknown[seat]
            threat = self.row[position]
            cover = sum(n for uses, n in kinds if covers(uses, threat))
            self._shares[key] = cover / max(sum(n for _, n in kinds), 1)
        return self._shares[key]

    def _claims(self) -> dict[int, int]:
        """Threat position -> partner who promised it by passing while holding cards."""
        claims: dict[int, int] = {}
        sizes = self.obs["hand_sizes"]
        for entry in self.obs["log"]:
            seat = entry["seat"]
            if entry["event"] != "pass" or seat == self.me or not sizes[seat]:
                continue
            for position in self.open:
                if position <= entry["threat"] or position in claims:
                    continue
                mine = self.share(seat, position)
                if mine > 0 and all(mine >= self.share(q, position) for q in range(len(sizes))):
                    claims[position] = seat
                    break
        return claims

    def urgent(self) -> bool:
        first = self.obs["first_open"]
        return all(
            self.obs["passed_on"][q] == first or self.obs["hand_sizes"][q] == 0
            for q in self.partners
        )

    def priorities(self, hand_size: int | None = None) -> dict[int, float]:
        """For each open threat, the chance that no partner covers it (claimed threats: 0)."""
        first = self.obs["first_open"]
        result = {}
        for position in self.open:
            if position in self.claims:
                result[position] = 0.0
                continue
            nobody = 1.0
            for q in self.partners:
                held = self.obs["hand_sizes"][q] if hand_size is None else hand_size
                if position == first and self.obs["passed_on"][q] == first:
                    continue
                nobody *= (1.0 - self.share(q, position)) ** held
            result[position] = nobody
        return result

    def uses_of(self, card: str) -> Uses:
        return self.items.get(card, WILD)

    def flexibility(self, card: str) -> int:
        """How many open threats the card could cover alone."""
        if card not in self._flexibility:
            uses = self.uses_of(card)
            self._flexibility[card] = sum(covers(uses, self.row[p]) for p in self.open)
        return self._flexibility[card]

    def cost(self, action: Action) -> float:
        """How much the cards of a move would be missed later (wild treasures count extra)."""
        return sum(self.flexibility(c) + (3 if c not in self.items else 0) for c in action[1])

    def plan(self, hand: list[str], need: dict[int, float], limit: int | None = None):
        """Assign cards to threats, the most needed first; the least flexible card that fits."""
        free = list(hand)
        plan: dict[int, tuple[str, ...]] = {}
        used = 0
        for position in sorted(need, key=lambda p: (-need[p], p)):
            if need[position] <= 0 or (limit is not None and used >= limit):
                continue
            threat = self.row[position]
            fits = [c for c in free if covers(self.uses_of(c), threat)]
            if fits:
                card = min(fits, key=lambda c: (c not in self.items, self.flexibility(c), c))
                plan[position] = (card,)
            elif threat[1]:  # an x2 threat: two simple cards of this hand
                halves = [c for c in free if any(b & threat[0] for b, _, _ in self.uses_of(c))]
                if len(halves) < 2 or (limit is not None and used + 2 > limit):
                    continue
                plan[position] = tuple(sorted(halves, key=self.flexibility)[:2])
            else:
                continue
            for card in plan[position]:
                free.remove(card)
            used += len(plan[position])
        return plan


def estimate(state) -> list[float]:
    """The party's prospects where a playout stops short of the end: a lost level is 0 (the game
    is lost), a won game 1, and a party still alive half, and a little more for each treasure it
    carries (a wild card for the levels to come, counted up to four). A playout long enough to
    finish the level it starts in then says what a move is for: getting through this level."""
    if state.outcome is not None:
        return state.returns()
    alive = 0.5 + 0.05 * min(state.treasures_held(), 4)
    return [alive] * state.num_players


def distinct_moves(view, legal: list[Action]) -> list[Action]:
    """One move for each thing the cards can do: keeps, or uses on the same threats, whose cards
    do the same things (the same icons, power and reach) are one move to try, so a keep of 28
    ways is a handful to play out."""
    moves: dict[tuple, Action] = {}
    for action in legal:
        if action == PASS:
            key: tuple = (PASS,)
        else:
            kinds = tuple(sorted(view.items.get(card, WILD) for card in action[1]))
            key = (kinds, action[2] if len(action) > 2 else None)
        moves.setdefault(key, action)
    return list(moves.values())


def in_play(view) -> bool:
    """Whether a decision is one to search: a play (use or pass), not a keep. The planner keeps
    better than playouts of the convention bot can tell (data/tpk/studies/README.md)."""
    return view.prompt.question != KEEP


def search_bot(seat: int, seed: int) -> SearchBot:
    """The core IS-MCTS bot, flat (`depth=1`), favouring the planner: the planner keeps, and at a
    play the bot makes the planner's move unless playouts with the cheap convention bot in every
    seat show another clearly better (the planner is too slow to play out). Every distinct move
    is played out 15 moves on (about the rest of a level) and scored by :func:`estimate`, so a
    playout asks whether the party gets through the level, not whether it wins the whole dungeon.
    It plays about as well as the planner alone, no better: a perfectly coordinated party shows how
    little room a silent bot has above the planner (the games, and what else was tried:
    data/tpk/studies/README.md)."""
    return SearchBot(
        seat,
        seed,
        iterations=SEARCH_PLAYOUTS,
        horizon=15,
        depth=1,
        estimate=estimate,
        rollout=lambda s, sd: ConventionBot(sd),
        favourite=lambda s, sd: PlannerBot(sd),
        searches=in_play,
        candidates=distinct_moves,
    )


BOTS = {
    "random": lambda seat, seed: RandomBot(seed),
    "convention": lambda seat, seed: ConventionBot(seed),
    "planner": lambda seat, seed: PlannerBot(seed),
    "search": search_bot,
}
