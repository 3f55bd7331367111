"""HTML for an Epic Death! table: the quest line, each party with the cards under its adventurers."""

from __future__ import annotations

from html import escape

from toolkit.html import percent
from toolkit.svg import card, die, ink_on

DIFFICULTY_COLOUR = {"trivial": "#2a9d8f", "mighty": "#e9c46a", "exalted": "#e63946"}
ALIVE_COLOUR, DEAD_COLOUR = "#6c757d", "#111111"


def difficulty_badge(quest) -> str:
    """A quest's Victories and difficulty on its difficulty's colour, the text black or white
    whichever reads (yellow "mighty" text on white would not)."""
    colour = DIFFICULTY_COLOUR[quest.difficulty]
    return (
        f'<span class="ed-difficulty" style="background:{colour};color:{ink_on(colour)};'
        f'padding:0 4px;border-radius:3px">{quest.victories} {escape(quest.difficulty)}</span>'
    )


def quest_lines(quest) -> list[str]:
    seal = f"EPIC {quest.epic}" if quest.epic_quest else f"FAIL {quest.fail}"
    rewards = f"reward: {quest.rewards.loot} loot, {quest.rewards.fate} fate"
    return [f"{quest.victories} Victories, {quest.difficulty}", rewards, seal]


def quest_html(cards, quest_id: str, odds=None) -> str:
    quest = cards.quest(quest_id)
    lines = quest_lines(quest)
    if odds is not None:
        lines.append(f"success {percent(odds.success)}")
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
    name = state.cards.adventurers[adventurer].name
    if state.alive[adventurer]:
        return card(name, lines or ["no cards"], ALIVE_COLOUR, mark="alive")
    # the dead are the ones who score: drawn boldly, never struck through or faded
    return card(name, lines or ["no cards"], DEAD_COLOUR, mark="DEAD: scores")


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


VICTORY_FILL, FAILED_FILL, SIX_RING = "#d8f3dc", "#eeeeee", "#c1121f"


def roll_svg(plain: int, sixes: int, failed: int, frenzy: bool = False) -> str:
    """The dice of a roll as pictures: each six (ringed: it counts twice under Frenzy), each
    other Victory (a tick), each failed die (blank). The engine keeps how many of each, not the
    faces a Victory showed, so a Victory below six is drawn as a tick rather than a guessed face."""
    six_title = "a six: two Victories (Frenzy)" if frenzy else "a six: one Victory"
    dice = [die(6, title=six_title, fill=VICTORY_FILL, ring=SIX_RING, css="ed-die six")] * sixes
    dice += [die(glyphs=["✓"], title="a Victory", fill=VICTORY_FILL, css="ed-die")] * plain
    dice += [die(title="no Victory", fill=FAILED_FILL, css="ed-die failed")] * failed
    return f'<span class="ed-dice">{"".join(dice)}</span>'
