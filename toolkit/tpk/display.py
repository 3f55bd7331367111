"""HTML views of a TPK table: the threat row as cards, the players' public facts, the level's log,
and the words for what happens (a logged event, the party's reputation at the end).

:func:`table_html` draws what one seat sees (from an observation, so it cannot show a hidden hand);
:func:`state_html` is the analyst's view of a whole state, every hand included.
"""

from __future__ import annotations

from html import escape

from toolkit.html import card, table
from toolkit.tpk.cards import catalog

# Our own wording of the reputation ladder at the end of a won game (0 to 10 or more treasures).
REPUTATION = (
    "the dungeon's favourite joke",
    "bargain-bin amateurs",
    "apprentices learning the trade",
    "fortunate chancers",
    "stubborn tomb raiders",
    "bold treasure seekers",
    "professional dungeon divers",
    "the subject of bards' songs",
    "legends of the deep halls",
    "names cut in stone, with honour",
    "a throne in paradise, dragons' respect and free drinks at the border inns",
)


def reputation(treasures: int) -> str:
    """The party's title for escaping with this many treasures."""
    return REPUTATION[min(max(treasures, 0), len(REPUTATION) - 1)]


COLOURS = {
    "monster": "#b5412b",
    "trap": "#c08a1e",
    "locked_door": "#4a6fa5",
    "secret_door": "#6b4aa5",
    "treasure": "#d4af37",
}


def threat_card(card_id: str, state: str, by_name: str | None, position: int) -> str:
    threat = catalog().threats[card_id]
    kind = "treasure" if threat.treasure else threat.icons[0]
    lines = (
        ["treasure"] if threat.treasure else [" / ".join(i.replace("_", " ") for i in threat.icons)]
    )
    if threat.double:
        lines[0] += " x2"
    if state != "open":
        lines.append(f"{state} by {by_name}")
    return card(f"{position}. {threat.name}", lines, colour=COLOURS[kind], dead=state != "open")


def item_name(card_id: str) -> str:
    cat = catalog()
    if card_id in cat.equipment:
        return cat.equipment[card_id].label()
    if card_id in cat.amulets:
        return f"{cat.amulets[card_id].name} (amulet)"
    return f"{cat.threats[card_id].name} (treasure, wild)"


def row_html(obs: dict) -> str:
    names = [catalog().characters[c].name for c in obs["characters"]]
    return "".join(
        threat_card(
            cell["id"],
            cell["state"],
            names[cell["by"]] if cell["by"] is not None else None,
            position,
        )
        for position, cell in enumerate(obs["row"])
    )


def describe_event(entry: dict, obs: dict) -> str:
    cat = catalog()
    who = cat.characters[obs["characters"][entry["seat"]]].name
    event = entry["event"]
    if event == "keep":
        return f"{who} keeps {entry['count']} card(s)"
    if event == "use":
        cards = " and ".join(cat.name(c) for c in entry["cards"])
        threats = " and ".join(f"{p}. {cat.name(obs['row'][p]['id'])}" for p in entry["threats"])
        return f"{who} uses {cards} on {threats}"
    threat = f"{entry['threat']}. {cat.name(obs['row'][entry['threat']]['id'])}"
    if event == "treasure":
        return f"{who} takes the treasure {threat}"
    if event == "party killed":
        return f"the turn is back with {who}, who passed on {threat}: the party dies"
    if event == "pass (no cards)":
        return f"{who} has no cards and passes on {threat}"
    return f"{who} passes on {threat}"


def players_html(obs: dict) -> str:
    cat = catalog()
    rows = []
    for seat, character in enumerate(obs["characters"]):
        passed = obs["passed_on"][seat]
        rows.append(
            (
                seat,
                cat.characters[character].name + (" (you)" if seat == obs["seat"] else ""),
                obs["hand_sizes"][seat],
                obs["treasures"][seat],
                "-" if passed is None else f"{passed}. {cat.name(obs['row'][passed]['id'])}",
                "to act" if seat == obs["to_play"] and obs["phase"] != "over" else "",
            )
        )
    return table(["seat", "character", "cards in hand", "treasures", "passed on", ""], rows)


def table_html(obs: dict) -> str:
    """What the seat of `obs` sees: level, row, players, own hand and the level's log."""
    hand = ", ".join(item_name(c) for c in obs["hand"]) or "(empty)"
    log = "".join(f"<li>{escape(describe_event(e, obs))}</li>" for e in obs["log"])
    return (
        f"<div><b>Level {obs['level']}</b> ({obs['draw']} drawn, {obs['keep']} kept) "
        f"&middot; {obs['levels_cleared']} level(s) cleared</div>"
        f"<div>{row_html(obs)}</div>{players_html(obs)}"
        f"<div><b>Your hand:</b> {escape(hand)}</div><ol>{log}</ol>"
    )


def state_html(state) -> str:
    """The analyst's view: the table as seat 0 sees it, plus every hand."""
    cat = catalog()
    hands = "".join(
        f"<li>{escape(cat.characters[c].name)}: "
        f"{escape(', '.join(item_name(x) for x in state.hands[s] + state.drawn[s]) or '(empty)')}</li>"
        for s, c in enumerate(state.characters)
    )
    result = f"<div><b>The party {state.result}.</b></div>" if state.result else ""
    return result + table_html(state.observation(0)) + f"<div>All hands:</div><ul>{hands}</ul>"
