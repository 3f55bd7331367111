"""Bots for To the Death!: random, greedy (the shared one, scoring a step with exact hit odds) and
search (the core IS-MCTS bot, :mod:`toolkit.search`).

The first two see only an observation and the legal actions; search is handed its seat's view
(``players_view``), deals what the seat cannot see into determinisations, and plays its greedy
score's best few main-step options a few moves out, in the solo game and the duel alike; it is
shown stronger than greedy in the duel (one round against a solo monster, greedy wins them all).
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

from toolkit.bots import GreedyBot, RandomBot
from toolkit.search import SearchBot
from toolkit.steps import PASS
from toolkit.to_the_death.budgets import SEARCH_PLAYOUTS
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


class _Asked:
    """What the greedy score has worked out from the observation it was last asked about: a
    greedy bot scores every option of a decision from one observation, and most options share
    their sums (an attack paid with any of five cards is one attack)."""

    observation: dict | None = None  # held, so its id is never another's
    answers: dict = {}


def _remembered(observation: dict, key, work):
    if _Asked.observation is not observation:
        _Asked.observation, _Asked.answers = observation, {}
    answers = _Asked.answers
    if key not in answers:
        answers[key] = work()
    return answers[key]


def _values(observation: dict):
    """The next check's value from the cards this observation has not seen: one Dist a set of
    seen cards, kept, as a greedy bot asks it for every option of a decision and a search's
    playouts ask it thousands of times a game from the same few sets."""
    return _remembered(observation, "values", lambda: _values_of(tuple(sorted(_seen(observation)))))


@lru_cache(maxsize=1024)
def _values_of(seen: tuple[str, ...]) -> _Tails:
    return _Tails(check_values(seen))


class _Tails:
    """A check's value distribution whose tails are kept as they are asked (the same few
    thresholds, armor less weapon, come up at every option)."""

    __slots__ = ("dist", "tails")

    def __init__(self, dist):
        self.dist, self.tails = dist, {}

    def at_least(self, k) -> Fraction:
        tail = self.tails.get(k)
        if tail is None:
            tail = self.tails[k] = self.dist.at_least(k)
        return tail


def attack_value(observation: dict, uid: str, kind: str) -> Fraction:
    """Expected damage of an attack, each weapon at the enemy it hits most often (exact)."""
    hero = _unit(observation, uid)
    values = _values(observation)
    foes = _foes(observation, hero, kind)
    return expected_hits(values, hero, kind, foes, observation["focus"])


def expected_hits(values, hero: dict, kind: str, foes: list[dict], focus: int) -> Fraction:
    """The hits a hero's weapons of one kind are expected to land, each at the foe it hits most
    often, the checks drawn from `values` (the cards not seen)."""
    if not foes:
        return Fraction(0)
    return sum(
        (
            max(hit_chance(values, hero, kind, value, foe, focus) for foe in foes)
            for weapon_kind, value in hero["weapons"]
            if weapon_kind == kind
        ),
        Fraction(0),
    )


def hit_chance(values, hero: dict, kind: str, value: int, foe: dict, focus: int) -> Fraction:
    """P(a hero's weapon of this kind and value hits `foe`, with `focus` bought), the check drawn
    from `values` (the cards not seen)."""
    return values.at_least(foe["armor"] - value - hero["weapon_bonus"][kind] - focus)


def _unit(observation: dict, uid: str) -> dict:
    return next(u for u in observation["units"] if u["uid"] == uid)


def _foes(observation: dict, hero: dict, kind: str) -> list[dict]:
    """The enemies a hero's weapon of this kind may aim at: any for a range weapon, the near ones
    (any, after a charge) for a melee weapon."""
    foes = [u for u in observation["units"] if u["side"] != hero["side"]]
    if kind == "melee" and "charge" not in observation["effects"]:
        foes = [f for f in foes if f["area"] == "near"]
    return foes


# A hit's worth in the greedy bot's scale (an attack scores 1.5 per hit it is expected to land);
# a card's worth in that scale: paying for a hero's activation (about what an ability paid with a
# middling card scores), or, once every hero still to act this turn has its card, next to
# nothing, as the draw step refills the hand before the enemy turn.
HIT_WORTH = 1.5
NEEDED_CARD = 1.0
SPARE_CARD = 0.05


def target_score(observation: dict, foe: dict, focus: int) -> float:
    """A weapon's worth aimed at `foe` with `focus` bought: its hit chance, a hit worth more on
    a foe with little health left (a step nearer to its defeat)."""
    prompt = observation["prompt"]
    hero = _unit(observation, prompt["uid"])
    values = _values(observation)
    chance = hit_chance(values, hero, prompt["weapon_kind"], prompt["value"], foe, focus)
    return float(chance) * HIT_WORTH * (1 + 1 / max(foe["health"], 1))


def focus_score(observation: dict, card: str) -> float:
    """Focus at a target prompt: the best aim with one more focus, less what the card is worth
    kept, so Focus is bought only when the coming check gains more than the card is worth."""
    prompt = observation["prompt"]
    hero = _unit(observation, prompt["uid"])
    foes = _foes(observation, hero, prompt["weapon_kind"])
    best = max((target_score(observation, f, observation["focus"] + 1) for f in foes), default=0)
    return best - card_worth(observation, card)


def card_worth(observation: dict, card: str) -> float:
    """What a card in hand is worth kept (the lower card the cheaper, as ties go): in its own
    hero turn, a card pays for a hero still to act, unless there are more cards than such heroes;
    in another side's turn, every card is kept for blocks and for the coming main step."""
    seat = observation["seat"]
    to_act = sum(
        1
        for u in observation["units"]
        if u["kind"] == "hero" and u["side"] == seat and not u["activated"]
    )
    spare = observation["side"] == seat and len(observation["hand"]) > to_act
    return (SPARE_CARD if spare else NEEDED_CARD) + value_of(card) / 100


def hero_choice_score(observation: dict, hero: dict) -> float:
    """A "choose hero" prompt, scored by what its step does with the hero chosen."""
    step = observation["prompt"]["step"]
    if step == "dispelled":  # a damage: to the healthiest hero, the one that can best take it
        return hero["health"]
    if step == "unmade":  # every other hero is defeated: keep the most valuable one
        return hero_worth(observation, hero)
    if step == "riddle_chosen":  # a skill check, failed at the cost of an activation
        return hero["skill"]
    return 6 - hero["health"]  # a heal (Sleepwalk's too): to the most hurt


def hero_worth(observation: dict, hero: dict) -> float:
    """The hits a hero left alone is expected to land before it falls: its hits per activation
    (its better kind of attack) times the enemy turns it lasts (its health over the hits the
    enemies' weapons are expected to land on it), a melee weapon reaching near units only."""
    values = _values(observation)
    foes = [u for u in observation["units"] if u["side"] != hero["side"]]
    near = hero["area"] == "near"
    dealt = max(
        expected_hits(values, hero, "range", foes, 0),
        expected_hits(values, hero, "melee", [f for f in foes if near and f["area"] == "near"], 0),
    )
    taken = sum(
        values.at_least(hero["armor"] - value)
        for foe in foes
        for kind, value in foe["weapons"]
        if kind == "range" or near
    )
    return float(dealt) * hero["health"] / max(float(taken), 0.1)


def threat(observation: dict, monster: dict) -> Fraction:
    """The hits a monster's weapons are expected to land on the party: each weapon checks an
    unseen card, whose suit picks the hero (so each standing hero it may reach is taken as
    equally likely: a melee weapon reaches the near heroes only)."""
    values = _values(observation)
    heroes = [u for u in observation["units"] if u["kind"] == "hero" and u["side"] == 0]
    expected = Fraction(0)
    for kind, value in monster["weapons"]:
        reached = [h for h in heroes if kind == "range" or h["area"] == "near"]
        if reached:
            chances = [values.at_least(h["armor"] - value) for h in reached]
            expected += sum(chances, Fraction(0)) / len(reached)
    return expected


def greedy_score(observation: dict, action) -> float:
    """A one-step estimate of an action's worth from the observation alone."""
    units = {u["uid"]: u for u in observation["units"]}
    head = action[0]
    if head == "attack":
        key = action[:3]
        return _remembered(
            observation, key, lambda: float(attack_value(observation, action[1], action[2])) * 1.5
        )
    if head == "ability":
        return SLOT_VALUE.get(value_of(action[3]), 0.5)
    if head == "feat":
        return 2.5
    if head == "rest":
        health = units[action[1]]["health"]
        return 1.2 if health <= 2 else 0.6 if health <= 4 else -1.0
    if head == "focus" and observation["prompt"]["kind"] == "target":
        return focus_score(observation, action[1])
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
        return hero_choice_score(observation, unit) if unit else 0
    if head == "target":
        return target_score(observation, units[action[1]], observation["focus"])
    if head == "enemy":
        unit = units.get(action[1])
        return -unit["health"] - unit["armor"] / 10 if unit else 0
    if head in ("take", "top"):
        return value_of(action[1]) / 10 if len(action) > 1 else 0
    if head == "next attacker":
        # The most threatening monster attacks first: every block, Trophy and Pilfer takes a
        # card, so the hand is never fuller than now to block its hits with.
        return float(threat(observation, units[action[1]]))
    if head == "attack kind":
        return 1.0
    if head == "area":
        return sum(
            1 for u in observation["units"] if u["area"] == action[1] and u["kind"] == "enemy"
        )
    return 0.0


def evaluate(state) -> float:
    """How well the party stands (solo): health and heroes kept, monsters hurt and defeated."""
    if state.outcome is not None:
        return 1000.0 * state.returns()[0]
    heroes = state.heroes(0)
    score = sum(h["health"] for h in heroes) + 4 * len(heroes)
    score -= sum(u["health"] for u in state.monster_units())
    score += 15 * sum(card["defeated"] for card in state.monster_cards)
    return score + 0.3 * len(state.hands[0])


def estimate(state) -> list[float]:
    """Each seat's standing in [-1, 1], where a search stops short of the end: the solo party's
    :func:`evaluate`, squashed; in a duel, how much more health and how many more heroes a side
    has than the other."""
    if state.outcome is not None:
        return state.returns()
    if state.players == 1:
        return [math.tanh(evaluate(state) / 30)]
    standing = [
        sum(h["health"] for h in heroes) + 4 * len(heroes) for heroes in map(state.heroes, (0, 1))
    ]
    lead = math.tanh((standing[0] - standing[1]) / 10)
    return [lead, -lead]


def worth_a_search(view) -> bool:
    """The main step decides a turn; every other prompt the greedy score settles. (Blocks were
    searched too once: over six duels the search kept greedy's block 114 times in 116.)"""
    return view.prompt is not None and view.prompt.question == "main"


def best_few(view, legal, width: int = 3) -> list:
    """The `width` moves the greedy score likes best, one for each thing a hero may do (an
    attack, ability or feat paid with any of five cards is one thing to try: the card greedy
    pays with stands for the rest), and ending the step if that is a choice."""
    observation = view.observation(view.current_player())
    ranked = sorted(legal, key=lambda action: -greedy_score(observation, action))
    kept, things = [], set()
    for action in ranked:
        thing = action[: _THING_LENGTH.get(action[0], 1)]
        if thing not in things:
            things.add(thing)
            kept.append(action)
    kept = kept[:width]
    if PASS in legal and PASS not in kept:
        kept.append(PASS)
    return kept


# How much of a main-step action says what is done (the rest names the cards that pay for it).
_THING_LENGTH = {"attack": 3, "ability": 3, "feat": 3, "rest": 2, "move": 2}


def search_bot(seat: int, seed: int) -> SearchBot:
    """The core IS-MCTS bot at the main step, flat (`depth=1`), among the greedy score's best
    three things to do and ending the step: each is played out four moves on (the action's
    prompts and checks) by greedy and scored by :func:`estimate`, three rounds of common cards.
    Greedy scores an ability by its card alone and an attack by its hits; playing both out
    tells which does more, and that is where search beats it. Four moves is about one action
    played out; longer playouts won no more duels (data/to_the_death/studies/README.md)."""
    return SearchBot(
        seat,
        seed,
        iterations=SEARCH_PLAYOUTS,
        horizon=4,
        depth=1,
        estimate=estimate,
        rollout=lambda s, sd: GreedyBot(greedy_score, sd),
        searches=worth_a_search,
        candidates=best_few,
    )


BOTS = {
    "random": lambda seat, seed: RandomBot(seed),
    "greedy": lambda seat, seed: GreedyBot(greedy_score, seed),
    "search": search_bot,
}

__all__ = ["BOTS", "estimate", "evaluate", "greedy_score", "search_bot", "threat"]
