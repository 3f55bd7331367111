"""Bots for And That's How I Died. Each sees only its observation and the legal actions.

Every bot plans its adventure as a whole: at each build step it scores every complete adventure it
could still make from its hand and the Pool (the cards already played fixed) and plays the next card
of the best one, taking it from the Pool when it can, because a Pool card is replaced at once and
the replacement might be better. What differs is the score:

- ``glory-greedy``: the most glory now (Legendary doubling included);
- ``reckless``: the most damage, to die first (The Reckless is worth 50), then glory;
- ``survivor``: the least damage, to live for more adventures, then glory;
- ``lookahead``: the glory of the adventure plus what the turn leads to: if it kills, the best
  achievement it could claim; if not, the glory its future turns are expected to earn, counted
  with the exact turns-until-death distribution of :mod:`toolkit.how_i_died.odds`, and a share of
  an achievement at a later death.

Effects are used the same way: a swap is scored by how it changes the bot's objective, other
effects by simple rules (draw cards, take the best card, swap hands with a larger hand).
"""

from __future__ import annotations

import random
from functools import cache

from toolkit.bots import RandomBot
from toolkit.how_i_died.achievements import ACHIEVEMENTS
from toolkit.how_i_died.budgets import SEARCH_PLAYOUTS
from toolkit.how_i_died.cards import (
    BANNER,
    DAMAGE,
    DEATH_AT,
    EFFECT,
    GLORY,
    TYPE,
    TYPES,
    adventure_glory,
    is_legendary,
)
from toolkit.how_i_died.odds import turns_until_death
from toolkit.search import SearchBot
from toolkit.steps import PASS

SWAP_EFFECTS = {"swap_table", "mounted", "the_deadly", "barbaric", "pool_swap", "swap_own"}


class PlanningBot:
    """The shared machinery; subclasses say how to score an adventure, a swap and a card."""

    name = "planner"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self.plan: tuple | None = None  # the adventure being built, kept while nothing else moved
        self.plan_key: tuple | None = None
        self.swap_plan: tuple | None = None  # (first pick, second pick) of a swap effect

    # -- what subclasses change -----------------------------------------------------------------
    def adventure_score(self, obs: dict, cards: tuple) -> float:
        return adventure_glory(cards)

    def card_value(self, obs: dict, card: str) -> float:
        return GLORY[card]

    # -- choosing -------------------------------------------------------------------------------
    def choose(self, obs: dict, legal: list):
        if len(legal) == 1:
            return legal[0]
        phase = obs["phase"]
        if phase == "build":
            return self.choose_card(obs, legal)
        if phase == "claim":
            return max(legal, key=lambda a: ACHIEVEMENTS[a].glory)
        if phase == "effect":
            return self.choose_effect(obs, legal)
        return self.rng.choice(legal)

    def choose_card(self, obs: dict, legal: list):
        step = len(obs["building"])
        pool = obs["pool"]
        hand = obs["hand"]
        plan = self.plan
        if plan is not None and self.plan_key == (tuple(obs["building"]), tuple(pool), tuple(hand)):
            chosen = plan[step]  # nothing new since the plan: no effect changed the hand or Pool
        else:
            best, best_score = [], None
            for triple in candidate_adventures(obs, legal):
                score = self.adventure_score(obs, triple)
                if best_score is None or score > best_score:
                    best, best_score = [triple], score
                elif score == best_score:
                    best.append(triple)
            plan = self.rng.choice(best)
            chosen = plan[step]
        # A card as good as the chosen one but lying in the Pool is better: it gets replaced.
        for card in pool:
            if card in legal and twin(card, chosen):
                chosen = card
                break
        self.plan = plan
        # What the next step will see if no effect intervenes (a Pool card is replaced anyway).
        rest = tuple(card for card in hand if card != chosen)
        self.plan_key = (tuple(obs["building"]) + (chosen,), tuple(pool), rest)
        return chosen

    def choose_effect(self, obs: dict, legal: list):
        effect = EFFECT[obs["resolving"]]
        picks = obs["picks"]
        if effect in SWAP_EFFECTS or effect == "trade_with_pool":
            return self.choose_swap(obs, legal, effect, picks)
        options = [a for a in legal if a != PASS]
        if effect in ("draw_two", "foresee") and not picks:
            return options[0]
        if effect == "manipulated":
            mine = len(obs["hand"])
            larger = [s for s in options if obs["hand_sizes"][s] > mine]
            return max(larger, key=lambda s: obs["hand_sizes"][s]) if larger else PASS
        if effect == "steal" and not picks:
            return max(options, key=lambda s: obs["hand_sizes"][s])
        if effect in ("take_from_pool", "scavenge", "steal", "foresee"):
            return max(options, key=lambda c: self.card_value(obs, c))
        if effect == "redraw_hand":
            hand = obs["hand"]
            mean = sum(self.card_value(obs, c) for c in hand) / len(hand) if hand else 0
            return options[0] if mean < 2.5 else PASS
        if effect == "new_pool":
            pool = obs["pool"]
            return options[0] if max(self.card_value(obs, c) for c in pool) < 4 else PASS
        if effect == "gift" and picks:  # a search tried the gift: to the rival with least glory
            return min(options, key=lambda s: sum(map(adventure_glory, obs["adventures"][s])))
        return PASS  # gift: giving cards away helps no strategy here

    # -- swaps ---------------------------------------------------------------------------------
    def swap_weights(self, obs: dict) -> tuple[dict[int, float], dict[int, float]]:
        """The bot's objective for swaps, linear in each seat's glory and damage: weights by seat.
        This one: my glory, minus the glory of the opponent who leads."""
        me = obs["seat"]
        rivals = [s for s, alive in enumerate(obs["alive"]) if alive and s != me]
        weights = {me: 1.0}
        if rivals:
            leader = max(rivals, key=lambda s: sum(map(adventure_glory, obs["adventures"][s])))
            weights[leader] = -1.0
        return weights, {}

    def choose_swap(self, obs: dict, legal: list, effect: str, picks: list):
        if effect == "trade_with_pool":  # hand <-> Pool: compare the cards
            if picks:
                return max(legal, key=lambda b: self.card_value(obs, b))
            hand = [a for a in legal if a != PASS]
            worst = min(hand, key=lambda a: self.card_value(obs, a))
            best_in_pool = max(self.card_value(obs, b) for b in obs["pool"])
            return worst if best_in_pool > self.card_value(obs, worst) else PASS
        if picks:
            plan = self.swap_plan
            if plan is not None and plan[0] == picks[0] and plan[1] in legal:
                return plan[1]
        changes = replacement_gains(obs, self.swap_weights(obs))
        hand_bonus = effect in ("mounted", "the_deadly")  # the adventure card comes to my hand
        value_of = self.card_value

        def gain(a, b):
            total = 0.0
            if a in changes:
                total += change(changes[a], b)
            if b in changes:
                total += change(changes[b], a)
            if hand_bonus:
                total += 0.1 * (value_of(obs, a) - value_of(obs, b))
            return total

        if picks:
            return max(legal, key=lambda b: gain(picks[0], b))
        if hand_bonus:  # every pair counts: the card coming to the hand has a value too
            best, best_gain = None, 0.0
            hand = obs["hand"]
            for a in legal:
                for b in hand:
                    if a != PASS and TYPE[b] == TYPE[a] and gain(a, b) > best_gain:
                        best, best_gain = (a, b), gain(a, b)
        else:
            best = best_swap(obs, effect, legal, changes)
        self.swap_plan = best
        return PASS if best is None else best[0]


def best_swap(obs, effect, legal, changes) -> tuple[str, str] | None:
    """The swap that raises the objective most, or None if none raises it.

    Only pairs touching an adventure the objective weighs can change it. A weighed card's best
    partner among the cards the objective does not weigh is found per banner, without trying each
    card: the change is linear in the partner's glory and damage once its banner is known."""
    symmetric = effect in ("swap_table", "swap_own")  # the two picks are interchangeable
    weighed: dict[str, list] = {kind: [] for kind in TYPES}
    others: dict[str, list] = {kind: [] for kind in TYPES}
    for b in swap_partners(obs, effect):
        (weighed if b in changes else others)[TYPE[b]].append(b)
    tops: dict = {}
    best, best_gain = None, 0.0
    for a in legal:
        info = changes.get(a)
        if a == PASS or info is None:
            continue  # a pair of unweighed cards changes nothing
        kind = TYPE[a]
        rest, banner, before, wg, wd, lost = info
        key = (kind, wg, wd)
        if key not in tops:
            tops[key] = banner_tops(others[kind], wg, wd)
        single, double = wg * (rest - before) - wd * lost, wg * (2 * rest - before) - wd * lost
        for colour, (top_single, card_single, top_double, card_double) in tops[key].items():
            value, card = (
                (double + top_double, card_double)
                if colour == banner
                else (single + top_single, card_single)
            )
            if value > best_gain:
                best, best_gain = (a, card), value
        for b in weighed[kind]:
            if b == a or (symmetric and b < a):
                continue  # (b, a) is scored from b's side
            value = change(info, b) + change(changes[b], a)
            if value > best_gain:
                best, best_gain = (a, b), value
    return best


def banner_tops(cards, wg, wd) -> dict:
    """Per banner: the best of wg*glory + wd*damage and of 2*wg*glory + wd*damage, with cards."""
    tops = {}
    for card in cards:
        g, d = GLORY[card], DAMAGE[card]
        single, double = wg * g + wd * d, 2 * wg * g + wd * d
        held = tops.get(BANNER[card])
        if held is None:
            tops[BANNER[card]] = [single, card, double, card]
            continue
        if single > held[0]:
            held[0], held[1] = single, card
        if double > held[2]:
            held[2], held[3] = double, card
    return tops


def replacement_gains(obs: dict, weights) -> dict:
    """For each card in an adventure the objective weighs, what :func:`change` needs to tell how
    much the objective moves if another card takes its place."""
    glory_weight, damage_weight = weights
    changes = {}
    for seat in set(glory_weight) | set(damage_weight):
        if not obs["alive"][seat]:
            continue
        wg, wd = glory_weight.get(seat, 0.0), damage_weight.get(seat, 0.0)
        for adventure in obs["adventures"][seat]:
            before = adventure_glory(adventure)
            for card in adventure:
                one, two = [c for c in adventure if c != card]
                banner = BANNER[one] if BANNER[one] == BANNER[two] else None
                changes[card] = (GLORY[one] + GLORY[two], banner, before, wg, wd, DAMAGE[card])
    return changes


def change(info: tuple, new: str) -> float:
    rest, banner, before, wg, wd, lost = info
    after = (rest + GLORY[new]) * (2 if BANNER[new] == banner else 1)
    return wg * (after - before) + wd * (DAMAGE[new] - lost)


def twin(a: str, b: str) -> bool:
    """Cards that score alike in an adventure."""
    return BANNER[a] == BANNER[b] and GLORY[a] == GLORY[b] and DAMAGE[a] == DAMAGE[b]


def candidate_adventures(obs: dict, legal: list) -> list[tuple[str, str, str]]:
    """Adventures that could be best for a score that grows with glory and with being Legendary
    (every bot's does): for each possible end, the most glorious beginning and middle of any banner,
    and the most glorious of the end's banner. Far fewer than all combinations."""
    built = obs["building"]
    step = len(built)
    available = obs["hand"] + obs["pool"]
    options = []
    for position, kind in enumerate(TYPES):
        if position < step:
            options.append([built[position]])
        elif position == step:
            options.append(legal)
        else:
            options.append([c for c in available if TYPE[c] == kind])
    best_any = [max(cards, key=GLORY.__getitem__) for cards in options[:2]]
    best_by_banner = []
    for cards in options[:2]:
        top: dict[str, str] = {}
        for card in cards:
            held = top.get(BANNER[card])
            if held is None or GLORY[card] > GLORY[held]:
                top[BANNER[card]] = card
        best_by_banner.append(top)
    triples = []
    for end in options[2]:
        triples.append((best_any[0], best_any[1], end))
        banner = BANNER[end]
        first, second = best_by_banner[0].get(banner), best_by_banner[1].get(banner)
        if first is not None and second is not None:
            triples.append((first, second, end))
    return triples


def swap_partners(obs: dict, effect: str) -> list[str]:
    """The cards the second pick of a swap effect could be (mirrors the effects' choices)."""
    me = obs["seat"]
    mine = [card for adventure in obs["adventures"][me] for card in adventure]
    if effect in ("mounted", "the_deadly"):
        return obs["hand"]
    if effect in ("barbaric", "pool_swap", "trade_with_pool"):
        return obs["pool"]
    if effect == "swap_own":
        return mine
    living = [seat for seat, alive in enumerate(obs["alive"]) if alive]
    table = obs["pool"] + obs["building"]  # the adventure being played is on the table
    return table + [c for s in living for a in obs["adventures"][s] for c in a]


class GloryGreedyBot(PlanningBot):
    name = "glory-greedy"


class RecklessBot(PlanningBot):
    name = "reckless"

    def adventure_score(self, obs, cards):
        return 100 * DAMAGE[cards[2]] + adventure_glory(cards)

    def swap_weights(self, obs):
        return {obs["seat"]: 1.0}, {obs["seat"]: 10.0}

    def card_value(self, obs, card):
        return 2 * DAMAGE[card] + GLORY[card]


class SurvivorBot(PlanningBot):
    name = "survivor"

    def adventure_score(self, obs, cards):
        return -100 * DAMAGE[cards[2]] + adventure_glory(cards)

    def swap_weights(self, obs):
        return {obs["seat"]: 1.0}, {obs["seat"]: -10.0}

    def card_value(self, obs, card):
        return GLORY[card] - DAMAGE[card]


class LookaheadBot(PlanningBot):
    """Scores an adventure by its glory plus the expected value of what follows it: dying now
    brings the best achievement it can claim; living brings the glory of the adventures still to
    come and, most likely, an achievement at a later death. Swaps weigh damage by the future
    glory one more point of it costs."""

    name = "lookahead"
    LATER_CLAIM = 0.8  # share of the best achievement left (bar dying first) counted for later

    def adventure_score(self, obs, cards):
        me = obs["seat"]
        damage = obs["damage"][me] + DAMAGE[cards[2]]
        glory = adventure_glory(cards)
        if damage >= DEATH_AT:
            return glory + self.claim_value(obs, cards)
        later = [
            ACHIEVEMENTS[a].glory
            for a in obs["achievements"]
            if ACHIEVEMENTS[a].requirement != "first_to_die"
        ]
        return (
            glory
            + expected_future_glory(DEATH_AT - damage)
            + (self.LATER_CLAIM * max(later) if later else 0)
        )

    def swap_weights(self, obs):
        glory, _ = super().swap_weights(obs)
        me = obs["seat"]
        room = max(2, DEATH_AT - obs["damage"][me])
        marginal = expected_future_glory(room) - expected_future_glory(room - 1)
        return glory, {me: -marginal}

    def claim_value(self, obs, cards) -> int:
        """Points of the best achievement this death could claim (a conservative reading of the
        requirements the bot can check from the table)."""
        me = obs["seat"]
        first = not obs["death_order"]
        legendary = sum(1 for a in [*obs["adventures"][me], cards] if is_legendary(a))
        damage = obs["damage"][me] + DAMAGE[cards[2]]
        last = sum(obs["alive"]) == 1
        best = 0
        for achievement in obs["achievements"]:
            card = ACHIEVEMENTS[achievement]
            met = {
                "first_to_die": first,
                "last_to_die": last,
                "legendary_adventures": legendary >= card.threshold,
                "exact_damage": damage == card.threshold,
                "damage_at_least": damage >= card.threshold,
                "adventures_at_least": len(obs["adventures"][me]) + 1 >= card.threshold,
            }.get(card.requirement, False)
            if met:
                best = max(best, card.glory)
        return best


PLAYED_ADVENTURE_GLORY = 13  # mean glory of an adventure in games of the planning bots


@cache
def expected_future_glory(room: int) -> float:
    """Glory a player who can still take `room` damage expects from their later adventures: the
    exact mean number of adventures until death of a player who plays the least damaging end
    (:func:`toolkit.how_i_died.odds.turns_until_death`), times the glory of a typical adventure
    in bot games (random adventures average less, about 9.95, as they are rarely Legendary)."""
    return float(turns_until_death(room, "survivor").mean()) * PLAYED_ADVENTURE_GLORY


PLANNING_BOTS = {bot.name: bot for bot in (GloryGreedyBot, RecklessBot, SurvivorBot, LookaheadBot)}


def search_bot(seat: int, seed: int) -> SearchBot:
    """The core IS-MCTS bot; the lookahead bot plays every seat of its playouts to the end (a
    random playout tells the search next to nothing: random players die early). Lookahead is the
    strongest of the other bots (data/how_i_died/studies/README.md)."""
    return SearchBot(seat, seed, iterations=SEARCH_PLAYOUTS, rollout=lambda s, sd: LookaheadBot(sd))


BOTS = {
    "random": lambda seat, seed: RandomBot(seed),
    **{name: (lambda seat, seed, bot=bot: bot(seed)) for name, bot in PLANNING_BOTS.items()},
    "search": search_bot,
}
