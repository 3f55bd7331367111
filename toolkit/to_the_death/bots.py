"""Bots for To the Death!: random, greedy (the shared one, scoring a step with exact hit odds) and
a search bot.

All of them see only an observation and the legal actions. The search bot rebuilds a game
consistent with what it has seen (the public history, face-down cards filled in with cards never
seen since), then tries its best few options in rollouts to the end of the next enemy turn.
"""

from __future__ import annotations

import random
from fractions import Fraction

from toolkit.bots import GreedyBot, RandomBot
from toolkit.simulate import sample_outcome
from toolkit.to_the_death.cards import value_of
from toolkit.to_the_death.odds import check_values

SLOT_VALUE = {8: 1.4, 7: 1.0, 6: 1.0, 5: 1.0, 4: 0.8, 3: 0.8, 2: 0.8}


def _seen(observation: dict) -> list[str]:
    seen = list(observation["hand"])
    if observation["deck_size"]:  # an empty deck is refilled from the discard pile
        seen += observation["discard"]
    for unit in observation["units"]:
        seen += unit["attached"]
    return seen


def attack_value(observation: dict, uid: str, kind: str) -> Fraction:
    """Expected damage of an attack, each weapon at the enemy it hits most often (exact)."""
    units = {u["uid"]: u for u in observation["units"]}
    hero = units[uid]
    values = check_values(_seen(observation))
    foes = [u for u in observation["units"] if u["side"] != hero["side"]]
    if kind == "melee":
        charged = "charge" in observation["effects"]
        foes = [f for f in foes if f["area"] == "near" or charged]
    expected = Fraction(0)
    for weapon_kind, value in hero["weapons"]:
        if weapon_kind != kind or not foes:
            continue
        bonus = hero["weapon_bonus"][kind]
        expected += max(values.at_least(f["armor"] - value - bonus) for f in foes)
    return expected


def greedy_score(observation: dict, action) -> float:
    """A one-step estimate of an action's worth from the observation alone."""
    units = {u["uid"]: u for u in observation["units"]}
    head = action[0]
    if head == "attack":
        return float(attack_value(observation, action[1], action[2])) * 1.5
    if head == "ability":
        return SLOT_VALUE.get(value_of(action[3]), 0.5)
    if head == "feat":
        return 2.5
    if head == "rest":
        health = units[action[1]]["health"]
        return 1.2 if health <= 2 else 0.6 if health <= 4 else -1.0
    if head in ("move", "charge", "reset", "search", "focus"):
        return -0.5
    if head == "block":
        return 2.0
    if head == "discard" and observation["prompt"] and observation["prompt"]["kind"] == "draw step":
        return sum(0.5 if value_of(c) == 0 else -0.3 for c in action[1:])
    if head in ("discard", "trophy"):
        return -value_of(action[1]) / 10
    if head == "skip":
        return -0.5
    if head == "hero":
        unit = units.get(action[1])
        return 6 - unit["health"] if unit else 0
    if head in ("enemy", "target"):
        unit = units.get(action[1])
        return -unit["health"] - unit["armor"] / 10 if unit else 0
    if head in ("take", "top"):
        return value_of(action[1]) / 10 if len(action) > 1 else 0
    if head == "attack kind":
        return 1.0
    if head == "area":
        return sum(
            1 for u in observation["units"] if u["area"] == action[1] and u["kind"] == "enemy"
        )
    return 0.0


def evaluate(state) -> float:
    """How well the party stands (solo): health and heroes kept, monsters hurt and defeated."""
    if state.result is not None:
        return 1000.0 * state.result[0]
    heroes = state.heroes(0)
    score = sum(h["health"] for h in heroes) + 4 * len(heroes)
    score -= sum(u["health"] for u in state.monster_units())
    score += 15 * sum(card["defeated"] for card in state.monster_cards)
    return score + 0.3 * len(state.hands[0])


def rebuild(observation: dict, rng: random.Random):
    """A solo game consistent with what the player has seen: replay the public history, filling each
    card still face down (a turned-up one is named there) with a deck card that never shows up
    later in that history."""
    from toolkit.to_the_death.rules import ToTheDeathState

    history = observation["public_history"]
    if history is None:
        raise ValueError(
            "the search bot plays the solo game only (it cannot see a duel opponent's hand)"
        )
    later_seen = set()
    seen_after = [None] * len(history)
    for index in range(len(history) - 1, -1, -1):
        seen_after[index] = set(later_seen)
        action = history[index]
        if isinstance(action, str) and ":" in action:
            later_seen.add(action)
        elif isinstance(action, tuple):
            later_seen.update(a for a in action if isinstance(a, str) and ":" in a)
    state = ToTheDeathState(seed=observation["seed"], **observation["config"])
    for index, action in enumerate(history):
        if action == "?":
            pool = [c for c in state.legal_actions() if c not in seen_after[index]]
            action = rng.choice(pool or state.legal_actions())
        state.apply(action)
    return state


class SearchBot:
    """Determinised rollouts: for its `width` best-looking options (by the greedy score), play
    `rollouts` games forward to the end of the next enemy turn with greedy play and random checks
    from the unseen cards, and pick the best average :func:`evaluate`."""

    def __init__(self, seed: int = 0, rollouts: int = 6, width: int = 5):
        self.rng = random.Random(seed)
        self.greedy = GreedyBot(greedy_score, seed)
        self.rollouts, self.width = rollouts, width

    def choose(self, observation: dict, legal_actions: list):
        prompt = observation["prompt"]
        if len(legal_actions) == 1 or prompt is None or prompt["kind"] not in ("main", "block"):
            return self.greedy.choose(observation, legal_actions)
        ranked = sorted(legal_actions, key=lambda a: -greedy_score(observation, a))
        candidates = ranked[: self.width]
        if ("end",) in legal_actions and ("end",) not in candidates:
            candidates.append(("end",))
        root = rebuild(observation, self.rng)
        best, best_value = candidates[0], None
        for action in candidates:
            total = 0.0
            for _ in range(self.rollouts):
                state = root.clone()
                state.apply(action)
                total += self._rollout(state, observation["turn"])
            if best_value is None or total > best_value:
                best, best_value = action, total
        return best

    def _rollout(self, state, turn: int) -> float:
        for _ in range(2000):
            if state.is_terminal() or (
                state.turn > turn + 1
                and state.side == 0
                and state.prompt
                and state.prompt["kind"] == "main"
            ):
                break
            if state.is_chance_node():
                state.apply(sample_outcome(state.chance_outcomes(), self.rng))
            else:
                seat = state.current_player()
                state.apply(self.greedy.choose(state.observation(seat), state.legal_actions()))
        return evaluate(state)


BOTS = {
    "random": lambda seat, seed: RandomBot(seed),
    "greedy": lambda seat, seed: GreedyBot(greedy_score, seed),
    "search": lambda seat, seed: SearchBot(seed),
}

__all__ = ["BOTS", "SearchBot", "evaluate", "greedy_score", "rebuild"]
