"""To the Death! for people: HTML pictures of a table, for a state's notebook display and for the
widget. The sentence per action (logs, buttons) is the engine's own
(:mod:`toolkit.to_the_death.words`).

Everything here reads the state and never changes it; what a seat may not see (the deck's order,
face-down cards, in the duel the other hand) is never drawn. Classes carry the ``ttd-`` prefix, so
the browser test and a stylesheet can find each part.
"""

from __future__ import annotations

from html import escape

from toolkit.to_the_death.cards import SUITS, card_name, catalog, suit_of, value_of
from toolkit.to_the_death.odds import seen_by
from toolkit.to_the_death.words import describe, display_names

SUIT_COLOUR = {
    "champion": "#b07d12",
    "fighter": "#c0392b",
    "magician": "#2e6fbd",
    "mender": "#2a8f5f",
}
ENEMY_COLOUR = "#5b5b5b"


def card_chip(card: str) -> str:
    """A small coloured arsenal card, its id in the tooltip (the id is what buttons and logs use)."""
    colour = SUIT_COLOUR[suit_of(card)]
    return (
        f'<span class="ttd-card" title="{escape(card)}" style="display:inline-block;'
        f"margin:1px;padding:1px 5px;border:1px solid {colour};border-radius:4px;"
        f'color:{colour};font-size:12px"><b>{value_of(card)}</b> {escape(suit_of(card))}</span>'
    )


def effect_names(state) -> list[str]:
    """The temporary abilities working now, named as their cards name them."""
    cat = catalog()
    names = []
    for effect in state.effects:
        if not effect["start"] <= state.turn <= effect["end"]:
            continue
        owner = state.units.get(effect["owner"]) if effect["owner"] else None
        card, _, key = effect["id"].partition("/")
        if card in cat.heroes:
            text = cat.heroes[card].ability(key).name
        elif card in cat.monsters:
            text = next((a.name for a in cat.monsters[card].abilities if a.key == key), key)
        else:
            text = effect["id"].replace("-", " ").capitalize()
        if owner is not None:
            text += f" ({owner['name']})"
        if text not in names:
            names.append(text)
    return names


def _weapons_text(state, unit) -> str:
    parts = []
    for kind, value in state.weapons(unit):
        bonus = state.weapon_bonus(unit, kind, None)
        parts.append(f"{kind} {value}" + (f" ({bonus:+d})" if bonus else ""))
    return ", ".join(parts) or "no weapons"


def unit_html(state, unit: dict, name: str) -> str:
    """One hero or enemy: health (and damage taken), armor, skill, weapons, what it carries."""
    cat = catalog()
    lines = []
    if unit["kind"] == "hero":
        colour = SUIT_COLOUR[unit["cls"]]
        damage = unit["max"] - unit["health"]
        title = f"{name} ({unit['cls']})"
        if unit["defeated"]:
            lines.append("defeated")
        else:
            lines.append(f"health {unit['health']}/{unit['max']}, damage {damage}")
            box = cat.damage[unit["dmg"]].box(unit["health"])
            if box is not None and box.text and not box.burst:
                lines.append(f"box: {box.text}")
            lines.append(f"armor {state.armor(unit)}, skill {state.skill(unit)}")
            lines.append(_weapons_text(state, unit))
            flags = [
                text
                for flag, text in (
                    ("activated", "activated this turn"),
                    ("skip", "skips its next activation"),
                    ("zombie", "a zombie hero"),
                )
                if unit.get(flag)
            ]
            lines += flags
    else:
        colour = ENEMY_COLOUR
        title = name + (" (face-down card)" if unit.get("facedown") else "")
        if unit["defeated"]:
            lines.append("defeated")
        else:
            lines.append(f"health {unit['health']}/{unit['max']}")
            lines.append(f"armor {state.armor(unit)}, skill {state.skill(unit)}")
            lines.append(_weapons_text(state, unit))
    body = "<br>".join(escape(line) for line in lines)
    if unit["attached"] and not unit["defeated"]:
        body += "<br>attached: " + "".join(card_chip(c) for c in unit["attached"])
    style = (
        "display:inline-block;vertical-align:top;margin:2px;padding:4px 6px;width:13em;"
        f"border:2px solid {colour};border-radius:6px;font-size:12px;line-height:1.3;"
        + ("background:#e4e4e4;color:#777;" if unit["defeated"] else "")
    )
    kind = "ttd-hero" if unit["kind"] == "hero" else "ttd-enemy"
    return (
        f'<div class="ttd-unit {kind}" style="{style}">'
        f'<b style="color:{colour}">{escape(title)}</b><br>{body}</div>'
    )


def side_html(state, side: int, title: str, names: dict[str, str], css: str) -> str:
    """A side's units in two rows, near then far (defeated heroes greyed out at the end)."""
    units = [u for u in state.units.values() if u["side"] == side]
    rows = []
    for area in ("near", "far"):
        here = sorted(
            (u for u in units if u["area"] == area and not u["defeated"]), key=lambda u: u["pos"]
        )
        cells = "".join(unit_html(state, u, names[u["uid"]]) for u in here) or "<i>nobody</i>"
        rows.append(f'<div class="ttd-area ttd-{area}"><b>{area.capitalize()}</b>: {cells}</div>')
    fallen = [u for u in units if u["defeated"] and u["kind"] == "hero"]
    if fallen:
        rows.append(
            '<div class="ttd-fallen">Defeated: '
            + ", ".join(escape(names[u["uid"]]) for u in fallen)
            + "</div>"
        )
    return f'<div class="{css}"><b>{escape(title)}</b>{"".join(rows)}</div>'


def piles_html(state, seat: int) -> str:
    """The deck (a count), the discard pile (every card, newest last) and the unseen count."""
    deck = len(state.deck) + len(state.deck_top)
    discard = "".join(card_chip(c) for c in state.discard) or "<i>empty</i>"
    unseen = len(catalog().arsenal) - len(seen_by(state, seat))
    return (
        f'<div class="ttd-discard"><b>Deck</b>: {deck} cards. '
        f"<b>Cards you cannot see</b>: {unseen}. "
        f"<b>Discard pile</b> ({len(state.discard)}, newest last): {discard}</div>"
    )


def hand_html(state, seat: int, title: str = "Your hand") -> str:
    hand = sorted(state.hands[seat], key=lambda c: (value_of(c), SUITS.index(suit_of(c))))
    cards = "".join(card_chip(c) for c in hand) or "<i>empty</i>"
    return f'<div class="ttd-hand-cards"><b>{escape(title)}</b> ({len(hand)}): {cards}</div>'


def monsters_line(state) -> str:
    """Solo: the round, the monster cards in play, the defeated pile, the cards left to come."""
    cat = catalog()
    if state.players != 1:
        return ""
    in_play = [cat.monsters[c["id"]].name for c in state.monster_cards if not c["defeated"]]
    pile = [
        (cat.challenges[c].name if c in cat.challenges else cat.monsters[c].name)
        for c in state.pile
        if c in cat.challenges or any(m["id"] == c and m["defeated"] for m in state.monster_cards)
    ]
    encounter = "encounter" in state.config
    head = "One encounter" if encounter else f"Round {state.round} of 5"
    parts = ["in play: " + (", ".join(in_play) or "none")]
    parts.append("defeated pile: " + (", ".join(pile) or "empty"))
    if not encounter:
        parts.append(f"{len(state.monster_deck)} monster cards still to come, then the king")
    if state.is_night():
        parts.append("it is night")
    return f'<div class="ttd-monsters"><b>{head}</b>: {escape(" · ".join(parts))}</div>'


def result_text(state) -> str:
    if state.outcome is None:
        return ""
    if state.players == 1:
        return {1.0: "You win!", -1.0: "The monsters win."}.get(state.returns()[0], "A draw.")
    if state.returns()[0] == state.returns()[1]:
        return "A draw."
    return f"Player {1 if state.returns()[0] > 0 else 2} wins."


def board_html(state, seat: int = 0) -> str:
    """The whole table as `seat` sees it: enemies, heroes by area, piles and that seat's hand."""
    names = display_names(state)
    other = 1 - seat if state.players == 2 else 1
    enemies = "Monsters" if state.players == 1 else f"Player {other + 1}'s heroes"
    mine = "Your heroes" if state.players == 1 else f"Player {seat + 1}'s heroes"
    effects = effect_names(state)
    parts = [
        f'<div class="ttd-result"><b>{escape(result_text(state))}</b></div>'
        if state.outcome
        else "",
        monsters_line(state),
        side_html(state, other, enemies, names, "ttd-enemies"),
        side_html(state, seat, mine, names, "ttd-heroes"),
        piles_html(state, seat),
        '<div class="ttd-effects">Working now: ' + escape(", ".join(effects)) + "</div>"
        if effects
        else "",
        hand_html(state, seat, "Your hand" if state.players == 1 else f"Player {seat + 1}'s hand"),
    ]
    return '<div class="ttd-board" style="line-height:1.4">' + "".join(parts) + "</div>"


def state_html(state) -> str:
    """A state's notebook picture: the table as the first seat sees it."""
    return board_html(state, 0)


__all__ = [
    "SUIT_COLOUR",
    "board_html",
    "card_chip",
    "card_name",
    "describe",
    "display_names",
    "effect_names",
    "hand_html",
    "piles_html",
    "result_text",
    "side_html",
    "state_html",
    "unit_html",
]
