"""HTML for an Epic Death! table: the quest line, each party with the cards under its adventurers."""

from __future__ import annotations

import math
import random
from html import escape

from toolkit.epic_death.odds import FACES_WINNING
from toolkit.html import percent
from toolkit.svg import PIPS, card, ink_on

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
        f"<div><b>Turn {state.turn}</b>: player {state.active} is active, phase {escape(state.stage())}"
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


VICTORY_FILL, VICTORY_EDGE, FAILED_FILL, SIX_RING = "#2d6a4f", "#1b4332", "#ffffff", "#c1121f"
STAR_FILL, GREY = "#ffd166", "#9e9e9e"
DIE = 36  # a die's face, in px; a Victory's star sits on its top right corner


def star_points(cx: float, cy: float, outer: float, inner: float | None = None) -> str:
    """The points of a five-pointed star centred on (cx, cy), its first point up."""
    inner = outer * 0.45 if inner is None else inner
    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        angle = math.pi / 2 - i * math.pi / 5
        points.append(f"{cx + radius * math.cos(angle):.1f},{cy - radius * math.sin(angle):.1f}")
    return " ".join(points)


def die_face_svg(face: int, victory: bool, *, title: str, ringed: bool = False,
                 greyed: bool = False, css: str = "ed-die") -> str:  # fmt: skip
    """One d6 showing `face` as pips. A Victory is a green die with white pips and a gold star on
    its corner (colour and shape, so it reads without colour); a failed die is white with black
    pips; `ringed` outlines it in red (a six); `greyed` draws it faded and dashed (a die taken out
    to re-roll, still on the table until the re-roll lands)."""
    width, height = DIE + 8, DIE + 7  # room above and to the right for the star
    x0, y0 = 3, 10
    fill = VICTORY_FILL if victory else FAILED_FILL
    ink = "#ffffff" if victory else "#111111"
    edge = SIX_RING if ringed else (VICTORY_EDGE if victory else "#333333")
    if greyed:
        fill, ink, edge = "#eeeeee", GREY, GREY
    dash = ' stroke-dasharray="4 3"' if greyed else ""
    faded = ' opacity="0.6"' if greyed else ""
    body = [
        f'<rect x="{x0}" y="{y0}" width="{DIE - 6}" height="{DIE - 6}" rx="6" fill="{fill}" '
        f'stroke="{edge}" stroke-width="{3 if ringed else 1.5}"{dash}/>'
    ]
    centre_x, centre_y, step = x0 + (DIE - 6) / 2, y0 + (DIE - 6) / 2, (DIE - 6) * 0.26
    for column, row in PIPS[face]:
        body.append(
            f'<circle class="pip" cx="{centre_x + (column - 1) * step:.1f}" '
            f'cy="{centre_y + (row - 1) * step:.1f}" r="{DIE * 0.07:.1f}" fill="{ink}"/>'
        )
    if victory:
        star_fill = "#ffffff" if greyed else STAR_FILL
        body.append(
            f'<polygon class="victory-star" points="{star_points(x0 + DIE - 3, y0 - 3, 7)}" '
            f'fill="{star_fill}" stroke="{GREY if greyed else "#5c4400"}" stroke-width="1"/>'
        )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" class="{css}" role="img" style="vertical-align:middle;'
        f'margin:1px"{faded}><title>{escape(title)}</title>'
        f"{''.join(body)}</svg>"
    )


def shown_faces(kind: str, count: int, difficulty: str, seed: str) -> list[int]:
    """Faces for `count` dice of one kind ("six", "plain" Victory or "failed") at `difficulty`.

    The engine draws how many dice of each kind a roll has, not their faces; every face of a kind
    is as likely as another, so the picture gives each die a face of its kind drawn evenly, fixed
    by `seed` and the die's place so a redraw shows the same faces."""
    lowest_victory = 7 - FACES_WINNING[difficulty]
    low, high = {"six": (6, 6), "plain": (lowest_victory, 5), "failed": (1, lowest_victory - 1)}[
        kind
    ]
    return [random.Random(f"{seed}:{kind}:{k}").randint(low, max(low, high)) for k in range(count)]


def roll_svg(plain: int, sixes: int, failed: int, frenzy: bool = False,
             difficulty: str = "mighty", rerolling: tuple[int, int, int] = (0, 0, 0),
             seed: str = "") -> str:  # fmt: skip
    """The dice of a roll as d6 faces with pips: sixes (ringed: a six counts twice under Frenzy),
    the other Victories (green, starred), the failed dice (white). `rerolling` is the dice a
    re-roll card has taken out (failed, plain, sixes): drawn greyed after the rest, with the faces
    they showed, until the re-roll lands."""
    needs = f"{7 - FACES_WINNING[difficulty]}+"
    six_title = "6: a six, two Victories (Frenzy)" if frenzy else "6: a Victory"
    out_failed, out_plain, out_sixes = rerolling
    groups = [  # kind, dice on the table, dice taken out to re-roll
        ("six", sixes, out_sixes), ("plain", plain, out_plain), ("failed", failed, out_failed)
    ]  # fmt: skip
    kept, taken = [], []
    for kind, count, out in groups:
        faces = shown_faces(kind, count + out, difficulty, seed)
        for index, face in enumerate(faces):
            greyed = index >= count
            victory = kind != "failed"
            words = six_title if kind == "six" else (
                f"{face}: a Victory ({difficulty}: {needs})" if victory
                else f"{face}: no Victory ({difficulty}: {needs})"
            )  # fmt: skip
            css = "ed-die" + {"six": " six", "plain": " victory", "failed": " failed"}[kind]
            drawn = die_face_svg(
                face, victory, ringed=kind == "six", greyed=greyed,
                title=f"taken out to re-roll (showed {words})" if greyed else words,
                css=css + (" rerolling" if greyed else ""),
            )  # fmt: skip
            (taken if greyed else kept).append(drawn)
    note = (
        f' <small class="ed-rerolling" style="white-space:nowrap">greyed: {len(taken)} {"die" if len(taken) == 1 else "dice"}'
        " being re-rolled</small>"
        if taken
        else ""
    )
    return f'<span class="ed-dice">{"".join(kept + taken)}{note}</span>'


def rerolling_of(state) -> tuple[int, int, int]:
    """The dice a re-roll card took out of the roll (failed, plain Victories, sixes) while its
    re-roll waits to be rolled: the last action played, a Fate card naming them; none otherwise."""
    chance = state.chance
    if chance is None or chance.kind != "reroll" or not state.history:
        return (0, 0, 0)
    play = state.history[-1]
    if len(play) == 5 and play[0] == "fate" and sum(play[2:]) == chance.args["dice"]:
        return tuple(play[2:])
    return (0, 0, 0)


def dice_seed(state) -> str:
    """What fixes the faces drawn for a quest's dice: the game's seed, the turn and the quest."""
    return f"{state.seed}:{state.turn}:{state.quest}"
