"""HTML views of a TPK table: the threat row as cards, the players' public facts, the level's log
(and how the level before ended), and the words for what happens (a logged event, the party's
reputation at the end). Threats are numbered for people from 1 at the left of the row.

:func:`table_html` draws what one seat sees (from an observation, so it cannot show a hidden hand);
:func:`state_html` is the analyst's view of a whole state, every hand included.
"""

from __future__ import annotations

from html import escape

from toolkit.html import table
from toolkit.svg import card
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


def threat_label(position: int, card_id: str) -> str:
    """A threat as people count the row, from 1 at the left: "1. Small monster" (actions and
    observations count from 0)."""
    return f"{position + 1}. {catalog().name(card_id)}"


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
    return card(threat_label(position, card_id), lines, COLOURS[kind], faded=state != "open")


def item_name(card_id: str) -> str:
    cat = catalog()
    if card_id in cat.equipment:
        return cat.equipment[card_id].label()
    if card_id in cat.amulets:
        return f"{cat.amulets[card_id].name} (amulet)"
    return f"{cat.threats[card_id].name} (treasure, wild)"


def row_html(obs: dict) -> str:
    """The threat row of `obs` (or of any mapping with its ``characters`` and a ``row``)."""
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
    """One log entry in words; `obs` gives the characters and the row the entry's positions mean."""
    cat = catalog()
    who = cat.characters[obs["characters"][entry["seat"]]].name
    event = entry["event"]
    if event == "keep":
        return f"{who} keeps {entry['count']} card(s)"
    if event == "use":
        cards = " and ".join(cat.name(c) for c in entry["cards"])
        threats = " and ".join(threat_label(p, obs["row"][p]["id"]) for p in entry["threats"])
        return f"{who} uses {cards} on {threats}"
    threat = threat_label(entry["threat"], obs["row"][entry["threat"]]["id"])
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
                "-" if passed is None else threat_label(passed, obs["row"][passed]["id"]),
                "to act" if seat == obs["to_play"] and obs["phase"] != "over" else "",
            )
        )
    return table(["seat", "character", "cards in hand", "treasures", "passed on", ""], rows)


def log_html(log: list[dict], obs: dict) -> str:
    return "<ol>" + "".join(f"<li>{escape(describe_event(e, obs))}</li>" for e in log) + "</ol>"


def last_level_html(obs: dict) -> str:
    """How the level before ended (its row and every move), or nothing on the first level: the
    bots often finish a level after your last move, and the next level's deal follows at once."""
    last = obs["last_level"]
    if last is None:
        return ""
    table = {"characters": obs["characters"], "row": last["row"]}
    return (
        f"<details open><summary><b>How level {last['level']} ended</b></summary>"
        f"<div>{row_html(table)}</div>{log_html(last['log'], table)}</details>"
    )


def table_html(obs: dict) -> str:
    """What the seat of `obs` sees: level, row, players, own hand, the level's log and how the
    level before ended."""
    hand = ", ".join(item_name(c) for c in obs["hand"]) or "(empty)"
    return (
        f"<div><b>Level {obs['level']}</b> ({obs['draw']} drawn, {obs['keep']} kept) "
        f"&middot; {obs['levels_cleared']} level(s) cleared</div>"
        f"<div>{row_html(obs)}</div>{players_html(obs)}"
        f"<div><b>Your hand:</b> {escape(hand)}</div>{log_html(obs['log'], obs)}"
        f"{last_level_html(obs)}"
    )


def state_html(state) -> str:
    """The analyst's view: the table as seat 0 sees it, plus every hand."""
    cat = catalog()
    held = [state.hands[s] + state.drawn_cards[s] for s in range(state.num_players)]
    hands = "".join(
        f"<li>{escape(cat.characters[c].name)}: "
        f"{escape(', '.join(item_name(x) for x in held[s]) or '(empty)')}</li>"
        for s, c in enumerate(state.characters)
    )
    won = "won" if state.won else "lost"
    result = f"<div><b>The party {won}.</b></div>" if state.outcome else ""
    return result + table_html(state.observation(0)) + f"<div>All hands:</div><ul>{hands}</ul>"
