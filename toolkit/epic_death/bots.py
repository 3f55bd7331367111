"""Epic Death! bots. The greedy one scores each legal action by a one-step expected change in EPIC,
from its observation and the public card data only. The search one plays each of its candidate
moves to the end of the turn with greedy bots and scores the table then (:func:`table_estimate`)."""

from __future__ import annotations

import math
import random
from fractions import Fraction

from toolkit.bots import GreedyBot, RandomBot
from toolkit.epic_death.advisor import expected_change, outcome_values
from toolkit.epic_death.budgets import SEARCH_PLAYOUTS
from toolkit.epic_death.cards import catalog
from toolkit.epic_death.fate import KINDS, WINDOWS
from toolkit.epic_death.odds import PoolModifiers, quest_odds, victories
from toolkit.epic_death.rules import DISCARD, score_cards
from toolkit.search import SearchBot
from toolkit.simulate import sample_outcome
from toolkit.state import CHANCE
from toolkit.steps import PASS


def _modifiers(obs) -> PoolModifiers:
    return PoolModifiers(dice=obs["dice_change"], frenzy=obs["frenzy"])


def _under(obs, adventurer):
    for party in obs["parties"]:
        for adv in party:
            if adv["id"] == adventurer:
                return adv["under"]
    raise KeyError(adventurer)


def _score(cards, obs, under, epic_death: str | None = None) -> int:
    """What a pile of cards would score under a dead adventurer, read from the table; `epic_death`
    is a quest about to be an EPIC DEATH."""
    epic_deaths = {*obs["epic_deaths"], epic_death} if epic_death else obs["epic_deaths"]
    return score_cards(cards, under, epic_deaths, obs["completed"])


def _loot_gain(cards, loot_id: str, under) -> Fraction:
    """EPIC an adventurer with cards `under` it gains from a loot card: a piece of the same class
    goes (one of each class)."""
    loot = cards.loot[loot_id]
    replaced = [
        cards.loot[c].epic
        for c in under
        if c in cards.loot and cards.loot[c].loot_class == loot.loot_class
    ]
    return Fraction(loot.epic - sum(replaced))


def evaluate(obs: dict, action) -> Fraction:
    """The greedy bot's value of an action for the observing player."""
    cards = catalog()
    me, active = obs["seat"], obs["active"]
    sign = 1 if me == active else -1
    if action == PASS or action == DISCARD:
        return Fraction(0)
    kind = action[0]
    if kind == "quest":
        quest = cards.quest(action[1])
        return expected_change(quest, quest_odds(quest.victories, quest.difficulty), cards)
    quest = cards.quest(obs["quest"])
    if kind == "loot":
        return _loot_gain(cards, obs["loot_to_place"][0], _under(obs, action[1]))
    if kind == "adventurer":
        under = [*_under(obs, action[1]), obs["quest"]]
        value = _score(cards, obs, under, obs["quest"] if obs["phase"] == "choose_death" else None)
        # a FAIL goes where it hurts least; a death goes to the adventurer worth most
        return Fraction(-len(under)) if obs["phase"] == "place_fail" else Fraction(value)
    card = cards.fate[action[1]]
    before = quest_odds(quest.victories, quest.difficulty, _modifiers(obs))
    change_pool = KINDS[card.kind].pool
    if change_pool is not None:
        after = quest_odds(quest.victories, quest.difficulty, change_pool(_modifiers(obs), card))
        return sign * (expected_change(quest, after, cards) - expected_change(quest, before, cards))
    if card.kind in ("deadly", "ancient_pact"):
        target_score = _score(cards, obs, [*_under(obs, action[2]), obs["quest"]])
        mine = action[2] in [a["id"] for a in obs["parties"][me]]
        return (1 - before.success) * target_score * (1 if mine else -1)
    if card.kind == "resurrect":
        return before.success * _score(cards, obs, _under(obs, action[2])) * -sign
    if card.kind == "loot_envy":
        _, _, theirs, loot_id, to = action
        return _loot_gain(cards, loot_id, _under(obs, to))
    return _reroll_value(obs, quest, cards, action, sign)


def _reroll_value(obs, quest, cards, action, sign: int) -> Fraction:
    """The change in what the quest is worth to the active player (`sign` 1) or against them (-1)
    if the dice a re-roll card names are rolled again and the roll then stands. A re-roll that
    cannot change how the quest ends is worth -1 to anyone: a card spent for nothing."""
    _, _, failed, plain, sixes = action
    roll, frenzy = obs["roll"], obs["frenzy"]
    six = 2 if frenzy else 1
    now = quest.outcome(roll["plain"] + roll["sixes"] * six)
    kept = roll["plain"] - plain + (roll["sixes"] - sixes) * six
    again = victories(failed + plain + sixes, quest.difficulty, frenzy)
    ends = again.map(lambda rolled: quest.outcome(kept + rolled)).pmf()
    if set(ends) == {now}:
        return Fraction(-1)
    value = outcome_values(quest, cards)
    return sign * (sum(chance * value[end] for end, chance in ends.items()) - value[now])


# A logistic fit of who won, from the table at the start of each turn of 2-player greedy games (the
# fit: data/epic_death/studies/README.md). The dead's EPIC, the Fate cards in hand and having the
# next turn count for more as the quests run out (divided by 1 + 0.6 a quest left); what the
# living hold where it is worth dying for counts the same throughout. EPIC is in thousands.
DEAD_WEIGHT, HAND_WEIGHT, NEXT_TURN_WEIGHT, LEFT_DISCOUNT = 7.7, 0.37, 1.39, 0.6
LIVING_WEIGHT = 0.97


def _standing(state, seat: int, urgency: float) -> float:
    """How well `seat` stands, in log-odds: dead EPIC, its hand, whether it moves next, and the
    positive EPIC its living adventurers hold."""
    dead = living = 0
    for adventurer in state.parties[seat]:
        score = state.adventurer_score(adventurer)
        if state.alive[adventurer]:
            living += max(score, 0)
        else:
            dead += score
    late = DEAD_WEIGHT * dead / 1000 + HAND_WEIGHT * len(state.hands[seat])
    late += NEXT_TURN_WEIGHT * (state.active == seat)
    return late * urgency + LIVING_WEIGHT * living / 1000


def table_estimate(state) -> list[float]:
    """Each seat's chance of winning as the table stands: the logistic fit against the best of
    the others (fitted at 2 players; at more it only ranks), exact returns once the game is over."""
    if state.is_terminal():
        return state.returns()
    urgency = 1 / (1 + LEFT_DISCOUNT * (len(state.quest_deck) + len(state.quest_line)))
    standing = [_standing(state, seat, urgency) for seat in range(state.num_players)]
    return [
        1 / (1 + math.exp(-(mine - max(s for o, s in enumerate(standing) if o != seat))))
        for seat, mine in enumerate(standing)
    ]


def _finish_turn(state, seed: int) -> None:
    """Play greedy moves and roll the dice until the next turn starts (or the game ends)."""
    dice = random.Random(seed)
    bots = [GreedyBot(evaluate, seed + seat) for seat in range(state.num_players)]
    while state.stage() not in ("choose_quest", "over"):
        seat = state.current_player()
        if seat == CHANCE:
            state.apply_listed(sample_outcome(state.chance_outcomes(), dice))
        else:
            legal = state.legal_actions()
            state.apply_listed(bots[seat].choose(state.observation(seat), legal))


def turn_estimate(state) -> list[float]:
    """The table's estimate once the turn under way is over: greedy moves, and dice drawn from the
    determinised game's generator, which every move searched on one deal shares (common random
    numbers, as the search's own rounds)."""
    _finish_turn(state, state.rng.getrandbits(32))
    return table_estimate(state)


def fate_candidates(view, legal):
    """In a Fate window, the greedy bot's three best plays and passing (the window lists a play
    for every target and every number of dice to re-roll); elsewhere every move."""
    if view.prompt.question not in WINDOWS:
        return legal
    observation = view.observation(view.current_player())
    best = sorted(legal, key=lambda action: -evaluate(observation, action))[:3]
    return best if PASS in best else [*best, PASS]


def search_bot(seat: int, seed: int) -> SearchBot:
    """The core search, flat (depth 1), where the greedy bot is wrong: each candidate move is
    played to the end of the turn by greedy bots, and the table then is scored by
    :func:`table_estimate`. Every decision with a choice is searched: the Fate windows, where greedy
    plays any card worth a little now, blind to the answer it invites and to the card's worth
    later, and the quest and the placing of loot, FAIL and death, where greedy's one-step values
    ignore which adventurer will die. A turn played out and a fitted table are both cheaper and
    surer than playouts to the end of the game (data/epic_death/studies/README.md)."""
    return SearchBot(
        seat,
        seed,
        iterations=SEARCH_PLAYOUTS,
        rollout=BOTS["greedy"],
        horizon=0,
        estimate=turn_estimate,
        candidates=fate_candidates,
        depth=1,
    )


BOTS = {
    "random": lambda seat, seed: RandomBot(seed),
    "greedy": lambda seat, seed: GreedyBot(evaluate, seed),
    "search": search_bot,
}
