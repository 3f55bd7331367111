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


def card_html(card: str, note: str = "") -> str:
    data = CARDS[card]
    colour = BANNER_COLOUR[data.banner]
    damage = f" · {data.damage}☠" if data.damage else ""
    effect = " ✦" if data.effect else ""
    title = escape(EFFECTS[data.effect].summary) if data.effect else ""
    return (
        f'<span class="hid-card" title="{title}" style="display:inline-block;margin:1px;'
        f"padding:2px 5px;border:2px solid {colour};border-left-width:8px;border-radius:4px;"
        f'font-size:12px"><b>{escape(data.name)}</b> {data.type} · {data.glory}★{damage}{effect}'
        f"{escape(note)}</span>"
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
        "✦ has an effect (hover over the card to read it) · "
        f"left edge: banner colour {banners}; three of one colour make a Legendary Adventure "
        "(glory ×2) · 🏆 the achievement a dead player claimed</div>"
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
        extra = f"<br>🏆 {escape(ACHIEVEMENTS[achievement].name)}" if achievement else ""
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
