"""Epic Death! bots. The greedy one scores each legal action by a one-step expected change in EPIC,
from its observation and the public card data only."""

from __future__ import annotations

from fractions import Fraction

from toolkit.bots import GreedyBot, RandomBot
from toolkit.epic_death.advisor import expected_change, outcome_values
from toolkit.epic_death.cards import catalog
from toolkit.epic_death.fate import KINDS
from toolkit.epic_death.odds import PoolModifiers, quest_odds, victories
from toolkit.epic_death.rules import DISCARD, DONE, score_cards
from toolkit.search import SearchBot


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
    if action == DONE or action == DISCARD:
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


SEARCH_ITERATIONS = 15  # a 2-player game, search against greedy, in about 1.4 s of CPU


def search_bot(seat: int, seed: int) -> SearchBot:
    """The core IS-MCTS bot, playing each determinisation out to the end of the game with random
    moves: a greedy playout costs three times as much, which the budget pays better in playouts."""
    return SearchBot(seat, seed, iterations=SEARCH_ITERATIONS)


BOTS = {
    "random": lambda seat, seed: RandomBot(seed),
    "greedy": lambda seat, seed: GreedyBot(evaluate, seed),
    "search": search_bot,
}
