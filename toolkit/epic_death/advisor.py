"""Which quest to attempt: every open quest ranked by its chance and by the expected change in score.

The expected change counts what a quest puts under an adventurer as if that adventurer will die
(only the dead score, and every party is racing to die): a failed green quest costs its FAIL, an Epic
Quest that kills scores its EPIC (twice for an EPIC DEATH), and loot is worth the average EPIC of
the loot deck. It is a one-step estimate, the same one the greedy bot uses.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from toolkit.epic_death.cards import CardSet, Quest
from toolkit.epic_death.odds import PoolModifiers, QuestOdds, quest_odds


@cache
def mean_loot_epic(cards: CardSet) -> Fraction:
    total = sum(loot.epic * loot.copies for loot in cards.loot.values())
    return Fraction(total, sum(loot.copies for loot in cards.loot.values()))


@dataclass(frozen=True)
class QuestAdvice:
    quest: Quest
    odds: QuestOdds
    expected_change: Fraction


def outcome_values(quest: Quest, cards: CardSet) -> dict[str, Fraction]:
    """What each way the quest can end (``Quest.outcome``) is worth to the active player."""
    loot_value = quest.rewards.loot * mean_loot_epic(cards)
    if quest.epic_quest:
        return {
            "epic_death": Fraction(2 * quest.epic),
            "success": loot_value,
            "fail": Fraction(quest.epic),
        }
    return {"success": loot_value, "fail": Fraction(-quest.fail)}


def expected_change(quest: Quest, odds: QuestOdds, cards: CardSet) -> Fraction:
    value = outcome_values(quest, cards)
    change = odds.success * value["success"] + (1 - odds.success) * value["fail"]
    if quest.epic_quest:  # an exact roll is an EPIC DEATH, not a plain success
        change += odds.exact * (value["epic_death"] - value["success"])
    return change


def advise(
    cards: CardSet, quest_ids, modifiers: PoolModifiers | None = None, by: str = "expected"
) -> list[QuestAdvice]:
    """The quests ranked `by` expected change in score ("expected") or by the chance the quest
    does not fail ("chance": a success, or an EPIC DEATH on an Epic Quest), best first; ties go
    to the other measure, then to the card id."""
    advice = []
    for quest_id in quest_ids:
        quest = cards.quest(quest_id)
        odds = quest_odds(quest.victories, quest.difficulty, modifiers)
        advice.append(QuestAdvice(quest, odds, expected_change(quest, odds, cards)))
    keys = {
        "expected": lambda a: (-a.expected_change, -a.odds.success, a.quest.id),
        "chance": lambda a: (-a.odds.success, -a.expected_change, a.quest.id),
    }
    if by not in keys:
        raise ValueError(f"rank by 'expected' or 'chance', not {by!r}")
    return sorted(advice, key=keys[by])


def hand_modifiers(cards: CardSet, hand) -> PoolModifiers:
    """What the player could add to their own pool from their hand (every dice-adding card)."""
    fate = [cards.fate[c] for c in hand]
    return PoolModifiers(
        dice=sum(c.amount for c in fate if c.kind == "add_dice"),
        plus_d6=sum(c.kind == "add_d6" for c in fate),
    )


def advice_table(advice: list[QuestAdvice]):
    """A pandas table for notebooks: the chance of each way the quest ends in the words of the
    play widget's numbers (``Quest.outcome``'s: on an Epic Quest a roll of exactly the target is
    an EPIC DEATH, not a success), and the expected change."""
    import pandas as pd

    rows = []
    for a in advice:
        epic_death = a.odds.exact if a.quest.epic_quest else Fraction(0)
        success = a.odds.success - epic_death
        rows.append(
            {
                "quest": a.quest.name,
                "epic": a.quest.epic_quest,
                "needs": f"{a.quest.victories} {a.quest.difficulty}",
                "success": success,
                "success %": round(float(success) * 100, 1),
                "EPIC DEATH %": round(float(epic_death) * 100, 1),
                "expected change": round(float(a.expected_change), 1),
            }
        )
    return pd.DataFrame(rows)
