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
  with the exact turns-until-death distribution of :mod:`toolkit.how_i_died.odds`.

Effects are used the same way: a swap is scored by how it changes the bot's objective, other
effects by simple rules (draw cards, take the best card, swap hands with a larger hand).
"""

from __future__ import annotations

import random
from functools import cache
from itertools import product

from toolkit.how_i_died.achievements import ACHIEVEMENTS
from toolkit.how_i_died.cards import BANNER, DAMAGE, DEATH_AT, EFFECT, GLORY, TYPE, TYPES

SWAP_EFFECTS = {"swap_table", "mounted", "the_deadly", "barbaric", "pool_swap", "swap_own"}


def adventure_value(cards) -> int:
    total = GLORY[cards[0]] + GLORY[cards[1]] + GLORY[cards[2]]
    legendary = BANNER[cards[0]] == BANNER[cards[1]] == BANNER[cards[2]]
    return 2 * total if legendary else total


class PlanningBot:
    """The shared machinery; subclasses say how to score an adventure, a swap and a card."""

    name = "planner"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    # -- what subclasses change -----------------------------------------------------------------
    def adventure_score(self, obs: dict, cards: tuple) -> float:
        return adventure_value(cards)

    def position_score(self, obs: dict, glory: list[int], damage: list[int]) -> float:
        """How much the bot likes a table with these glory and damage totals (for swaps)."""
        me = obs["seat"]
        others = [g for seat, g in enumerate(glory) if seat != me and obs["alive"][seat]]
        return glory[me] - (max(others) if others else 0)

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
        built = obs["building"]
        step = len(built)
        available = obs["hand"] + obs["pool"]
        rest = [[c for c in available if TYPE[c] == kind] for kind in TYPES[step + 1:]]
        best, best_score = [], None
        for first in legal:
            for tail in product(*rest):
                score = self.adventure_score(obs, (*built, first, *tail))
                if best_score is None or score > best_score:
                    best, best_score = [first], score
                elif score == best_score and first not in best:
                    best.append(first)
        in_pool = [card for card in best if card in obs["pool"]]
        return self.rng.choice(in_pool or best)

    def choose_effect(self, obs: dict, legal: list):
        effect = EFFECT[obs["pending"][0]]
        picks = obs["picks"]
        if effect in SWAP_EFFECTS or effect == "trade_with_pool":
            return self.choose_swap(obs, legal, effect, picks)
        options = [a for a in legal if a != "skip"]
        if effect in ("draw_two", "foresee") and not picks:
            return options[0]
        if effect == "manipulated":
            mine = len(obs["hand"])
            larger = [s for s in options if obs["hand_sizes"][s] > mine]
            return max(larger, key=lambda s: obs["hand_sizes"][s]) if larger else "skip"
        if effect == "steal" and not picks:
            return max(options, key=lambda s: obs["hand_sizes"][s])
        if effect in ("take_from_pool", "scavenge", "steal", "foresee"):
            return max(options, key=lambda c: self.card_value(obs, c))
        if effect == "redraw_hand":
            hand = obs["hand"]
            mean = sum(self.card_value(obs, c) for c in hand) / len(hand) if hand else 0
            return options[0] if mean < 2.5 else "skip"
        if effect == "new_pool":
            pool = obs["pool"]
            return options[0] if max(self.card_value(obs, c) for c in pool) < 4 else "skip"
        return "skip"  # gift: giving cards away helps no strategy here

    # -- swaps ----------------------------------------------------------------------------------
    def choose_swap(self, obs: dict, legal: list, effect: str, picks: list):
        places = card_places(obs)
        if picks:
            return max(legal, key=lambda b: self.swap_gain(obs, places, picks[0], b, effect))
        partners = swap_partners(obs, effect)
        best, best_gain = "skip", 0.0
        for a in legal:
            if a == "skip":
                continue
            for b in partners:
                if b != a and (effect == "trade_with_pool" or TYPE[a] == TYPE[b]):
                    gain = self.swap_gain(obs, places, a, b, effect)
                    if gain > best_gain:
                        best, best_gain = a, gain
        return best

    def swap_gain(self, obs, places, a, b, effect) -> float:
        if effect == "trade_with_pool":  # hand <-> pool: compare the cards
            return self.card_value(obs, b) - self.card_value(obs, a)
        glory = [0] * len(obs["alive"])
        damage = list(obs["damage"])
        adventures = obs["adventures"]
        touched = {places[c] for c in (a, b) if c in places}
        for seat, index in touched:
            before = adventures[seat][index]
            after = [b if c == a else a if c == b else c for c in before]
            glory[seat] += adventure_value(after) - adventure_value(before)
            damage[seat] += DAMAGE[after[2]] - DAMAGE[before[2]]
        hand_gain = 0.0
        if effect in ("mounted", "the_deadly"):  # the adventure card comes to my hand
            hand_gain = self.card_value(obs, a) - self.card_value(obs, b)
        base = self.position_score(obs, [0] * len(glory), list(obs["damage"]))
        return self.position_score(obs, glory, damage) - base + 0.1 * hand_gain


def card_places(obs: dict) -> dict[str, tuple[int, int]]:
    """Where each adventure card of a living player lies: (seat, adventure index)."""
    return {
        card: (seat, index)
        for seat, adventures in enumerate(obs["adventures"])
        if obs["alive"][seat]
        for index, adventure in enumerate(adventures)
        for card in adventure
    }


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
    return list(obs["pool"]) + list(card_places(obs))


class GloryGreedyBot(PlanningBot):
    name = "glory-greedy"


class RecklessBot(PlanningBot):
    name = "reckless"

    def adventure_score(self, obs, cards):
        return 100 * DAMAGE[cards[2]] + adventure_value(cards)

    def position_score(self, obs, glory, damage):
        return 10 * damage[obs["seat"]] + glory[obs["seat"]]

    def card_value(self, obs, card):
        return 2 * DAMAGE[card] + GLORY[card]


class SurvivorBot(PlanningBot):
    name = "survivor"

    def adventure_score(self, obs, cards):
        return -100 * DAMAGE[cards[2]] + adventure_value(cards)

    def position_score(self, obs, glory, damage):
        me = obs["seat"]
        return -10 * damage[me] + glory[me]

    def card_value(self, obs, card):
        return GLORY[card] - DAMAGE[card]


class LookaheadBot(PlanningBot):
    """Scores an adventure by its glory plus the expected value of what follows it."""

    name = "lookahead"

    def adventure_score(self, obs, cards):
        me = obs["seat"]
        damage = obs["damage"][me] + DAMAGE[cards[2]]
        glory = adventure_value(cards)
        if damage >= DEATH_AT:
            return glory + self.claim_value(obs, cards)
        return glory + expected_future_glory(DEATH_AT - damage)

    def claim_value(self, obs, cards) -> int:
        """Points of the best achievement this death could claim (a conservative reading of the
        requirements the bot can check from the table)."""
        me = obs["seat"]
        first = not obs["death_order"]
        legendary = sum(
            1 for a in [*obs["adventures"][me], list(cards)] if adventure_value(a) > sum(
                GLORY[c] for c in a)
        )
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


@cache
def expected_future_glory(room: int) -> float:
    """Glory a player with `room` damage to spare expects from their later adventures: the mean
    number of further adventures before death (exact, for a player who plays a typical end), times
    the mean glory of an adventure."""
    from toolkit.how_i_died.odds import MEAN_ADVENTURE_GLORY, turns_until_death

    return float(turns_until_death(room, "random").mean() - 1) * MEAN_ADVENTURE_GLORY


BOTS = {
    "glory-greedy": GloryGreedyBot,
    "reckless": RecklessBot,
    "survivor": SurvivorBot,
    "lookahead": LookaheadBot,
}
