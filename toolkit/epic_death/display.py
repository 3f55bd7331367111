"""HTML for an Epic Death! table: the quest line, each party with the cards under its adventurers."""

from __future__ import annotations

from html import escape

from toolkit.html import card

DIFFICULTY_COLOUR = {"trivial": "#2a9d8f", "mighty": "#e9c46a", "exalted": "#e63946"}


def quest_lines(quest) -> list[str]:
    seal = f"EPIC {quest.epic}" if quest.epic_quest else f"FAIL {quest.fail}"
    rewards = f"reward: {quest.rewards.loot} loot, {quest.rewards.fate} fate"
    return [f"{quest.victories} Victories, {quest.difficulty}", rewards, seal]


def quest_html(cards, quest_id: str, odds=None) -> str:
    quest = cards.quest(quest_id)
    lines = quest_lines(quest)
    if odds is not None:
        lines.append(f"success {float(odds.success):.1%}")
    return card(
        ("EPIC QUEST: " if quest.epic_quest else "") + quest.name,
        lines,
        DIFFICULTY_COLOUR[quest.difficulty],
    )


def adventurer_html(state, adventurer: str) -> str:
    lines = []
    for card_id in state.under[adventurer]:
        if card_id in state.cards.loot:
            loot = state.cards.loot[card_id]
            lines.append(
                f"{loot.loot_class}: {loot.name} ({loot.epic}{', ' + loot.set if loot.set else ''})"
            )
        else:
            quest = state.cards.quest(card_id)
            if card_id in state.completed:
                lines.append(f"{quest.name}: completed, no score")
            elif quest.epic_quest:
                double = card_id in state.epic_deaths
                lines.append(
                    f"{quest.name}: EPIC {quest.epic * (2 if double else 1)}{' (EPIC DEATH!)' if double else ''}"
                )
            else:
                lines.append(f"{quest.name}: FAIL {quest.fail}")
    status = "DEAD!" if not state.alive[adventurer] else "alive"
    name = state.cards.adventurers[adventurer].name
    return card(
        f"{name} ({status})", lines or ["no cards"], "#000", dead=not state.alive[adventurer]
    )


def state_html(state) -> str:
    parts = [
        f"<div><b>Turn {state.turn}</b>: player {state.active} is active, phase {escape(state.phase)}"
    ]
    if state.quest:
        parts.append(f"; quest: {escape(state.quest_card.name)}, pool {state.pool()} dice")
    parts.append("</div><div>Quest line: ")
    parts.extend(quest_html(state.cards, q) for q in state.quest_line)
    parts.append(f" ({len(state.quest_deck)} quests left in the deck)</div>")
    scores = state.scores()
    for seat, party in enumerate(state.parties):
        parts.append(
            f"<div>Player {seat}: EPIC {scores[seat]}, {len(state.hands[seat])} Fate cards<br>"
        )
        parts.extend(adventurer_html(state, adv) for adv in party)
        parts.append("</div>")
    return "".join(parts)
