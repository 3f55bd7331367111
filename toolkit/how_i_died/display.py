"""And That's How I Died as HTML: cards in their banner colours and the table of players, for the
state's own notebook display and for the widgets (which add the hand of the person playing)."""

from __future__ import annotations

from html import escape

from toolkit.how_i_died.achievements import ACHIEVEMENTS
from toolkit.how_i_died.cards import CARDS, DEATH_AT, is_legendary
from toolkit.how_i_died.effects import EFFECTS

BANNER_COLOUR = {
    "red": "#c0392b",
    "blue": "#2e6fba",
    "green": "#2a9d55",
    "purple": "#8e44ad",
    "yellow": "#d4a017",
}


#: The achievement's mark: a small trophy drawn in SVG, as an emoji trophy has no glyph in the
#: fonts a plain Linux browser or many school machines carry (it showed as an empty box).
TROPHY = (
    '<svg class="hid-trophy" xmlns="http://www.w3.org/2000/svg" width="13" height="13" '
    'viewBox="0 0 12 12" role="img" style="vertical-align:-2px"><title>achievement</title>'
    '<path d="M3 2H1.3v1a2 2 0 0 0 2 2M9 2h1.7v1a2 2 0 0 1-2 2" fill="none" stroke="#6b4f00" '
    'stroke-width=".9"/><path d="M3 1h6v3a3 3 0 0 1-6 0z" fill="#e9b10a" stroke="#6b4f00" '
    'stroke-width=".8"/><rect x="5.3" y="7" width="1.4" height="2" fill="#6b4f00"/>'
    '<rect x="3.5" y="9" width="5" height="2" rx=".5" fill="#6b4f00"/></svg>'
)


def card_html(card: str, note: str = "") -> str:
    """A card: its name, type, glory, damage and a mark if it has an effect. A card with an effect
    is a ``<details>`` element: a click or a tap on it opens the effect's words under it (and a
    hover still shows them as a tooltip), with no script, in a widget or a saved page alike."""
    data = CARDS[card]
    colour = BANNER_COLOUR[data.banner]
    damage = f" · {data.damage}☠" if data.damage else ""
    style = (
        f"display:inline-block;margin:1px;padding:2px 5px;border:2px solid {colour};"
        "border-left-width:8px;border-radius:4px;font-size:12px;vertical-align:top"
    )
    face = f"<b>{escape(data.name)}</b> {data.type} · {data.glory}★{damage}"
    if not data.effect:
        return f'<span class="hid-card" style="{style}">{face}{escape(note)}</span>'
    summary = escape(EFFECTS[data.effect].summary)
    return (
        f'<details class="hid-card" title="{summary}" style="{style}">'
        f'<summary style="cursor:pointer">{face} ✦{escape(note)}</summary>'
        f'<div class="hid-effect" style="max-width:24em;white-space:normal">{summary}</div>'
        "</details>"
    )


def story_card_html(card: str) -> str:
    """A card as the storytelling variant uses it: its name and its place in a story (I, II or
    III), nothing else. The variant sets banners, glory, damage and effects aside (rulebook,
    Game Variant: Storytelling Mode), so none of them is shown, the banner's colour included."""
    data = CARDS[card]
    return (
        '<span class="hid-story-card" style="display:inline-block;margin:1px;padding:2px 5px;'
        f'border:2px solid #777;border-radius:4px;font-size:12px"><b>{escape(data.name)}</b> '
        f"{data.type}</span>"
    )


def symbol_key_html() -> str:
    """What the marks on a card mean, in the order a card shows them: the printed card has a
    Glory icon on every card, a Damage icon on ends only, a type numeral and a banner colour."""
    banners = "".join(
        f'<span style="display:inline-block;width:10px;height:10px;margin:0 2px;'
        f'background:{colour}" title="{name} banner"></span>'
        for name, colour in BANNER_COLOUR.items()
    )
    return (
        '<div class="hid-key" style="font-size:12px"><b>Key:</b> '
        "I / II / III beginning, middle, end of an adventure · "
        "★ glory points (every card) · "
        f"☠ damage (ends only; {DEATH_AT} in all kills you) · "
        "✦ has an effect (click or tap the card to read it) · "
        f"left edge: banner colour {banners}; three of one colour make a Legendary Adventure "
        f"(glory ×2) · {TROPHY} the achievement a dead player claimed</div>"
    )


ACHIEVEMENT_WORDS = {
    "first_to_die": lambda a: "die first",
    "last_to_die": lambda a: "die last",
    "legendary_adventures": lambda a: f"{a.threshold}+ Legendary Adventures",
    "all_banners": lambda a: "every banner colour in your adventures",
    "effects_applied": lambda a: f"apply {a.threshold}+ effects",
    "exact_damage": lambda a: f"die with exactly {a.threshold} damage",
    "damage_at_least": lambda a: f"die with {a.threshold}+ damage",
    "adventures_at_least": lambda a: f"{a.threshold}+ adventures",
    "hand_at_least": lambda a: f"{a.threshold}+ cards in hand when you die",
}


def state_html(state) -> str:
    """A state's notebook picture: the table as everybody sees it, no hand shown."""
    return table_html(state)


def table_html(state, name=lambda seat: f"Player {seat + 1}", viewer: int | None = None) -> str:
    """Every player's adventures, damage and glory, the Pool, the achievements on show and the
    decks; with a `viewer`, that player's hand too (a hand is shown only to its owner)."""
    rows = []
    for seat in range(state.players):
        status = "alive" if state.alive[seat] else "dead"
        achievement = state.claimed[seat]
        lines = [
            "".join(card_html(c) for c in adventure)
            + (" <b>Legendary ×2</b>" if is_legendary(adventure) else "")
            for adventure in state.adventures[seat]
        ]
        if state.building and seat == state.seat:
            lines.append("".join(card_html(c) for c in state.building) + " <i>being played</i>")
        adventures = "<br>".join(lines) or "<i>no adventure yet</i>"
        extra = f"<br>{TROPHY} {escape(ACHIEVEMENTS[achievement].name)}" if achievement else ""
        rows.append(
            f'<tr style="vertical-align:top"><td style="padding-right:1em;white-space:nowrap">'
            f"<b>{escape(name(seat))}</b>, {status}<br>"
            f"damage {state.damage(seat)}/{DEATH_AT} · glory {state.glory(seat)}{extra}</td>"
            f"<td>{adventures}</td></tr>"
        )
    hand = ""
    if viewer is not None:
        cards = "".join(card_html(c) for c in state.hands[viewer]) or "<i>empty</i>"
        hand = f'<div class="hid-hand"><b>Hand of player {viewer + 1}:</b> {cards}</div>'
    pool = "".join(card_html(c) for c in state.pool)
    shown = (
        ", ".join(
            f"{ACHIEVEMENTS[a].name} ({ACHIEVEMENTS[a].glory}): "
            f"{ACHIEVEMENT_WORDS[ACHIEVEMENTS[a].requirement](ACHIEVEMENTS[a])}"
            for a in state.shown
        )
        or "none left"
    )
    return (
        f'<table class="hid-players">{"".join(rows)}</table>'
        f'<div class="hid-pool"><b>Pool:</b> {pool}</div>'
        f"{hand}"
        f'<div class="hid-achievements"><b>Achievements:</b> {escape(shown)}</div>'
        f"<div>Deck {len(state.deck)} · discard pile {len(state.deck.discards)}</div>"
    )
