"""The map as a static SVG string: tiles, spaces, passages, staircases and tunnels, gates, fire,
episode tokens and figures; and the dice of a roll as pictures (the core :func:`toolkit.svg.die`).
Plain text, so the book embeds it offline and a widget shows it in an HTML box; no chart library
needed. Everything is named as the card and map data name it."""

from __future__ import annotations

from html import escape

from toolkit.death_may_die.dice import (
    SYMBOL_NAMES,
    count,
    face_label,
    face_parts,
    load_dice,
    marginal,
)
from toolkit.death_may_die.odds import rest_of_throw
from toolkit.html import dist_table
from toolkit.svg import die, ink_on

CELL = 150
PAD = 30
RADIUS = 48
GATE_FILL = {"red": "#d62828", "yellow": "#f4c430", "blue": "#1d70b8"}
TILE_FILL = ["#efe6d8", "#e3ecef", "#e9e4ef", "#e6efe3", "#f2e3e3", "#eeeeee"]


def _centre(space) -> tuple[float, float]:
    return PAD + CELL * space.x + CELL / 2, PAD + CELL * space.y + CELL / 2


def board_svg(
    board,
    figures: dict[str, list[tuple[str, str]]] | None = None,
    fire: dict[str, int] | None = None,
    tokens: dict[str, list[str]] | None = None,
    highlight: set[str] | frozenset[str] = frozenset(),
    title: str = "",
) -> str:
    """Draw `board`. `figures` maps a space to (label, colour) pairs; `fire` to a token count;
    `tokens` to token names; `highlight` outlines spaces (where a run can end, say)."""
    figures = figures or {}
    fire = board.fire if fire is None else fire
    tokens = board.tokens_by_space() if tokens is None else tokens
    width = PAD * 2 + CELL * (max(s.x for s in board.spaces.values()) + 1)
    height = PAD * 2 + CELL * (max(s.y for s in board.spaces.values()) + 1) + (20 if title else 0)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12" '
        f'class="dmd-board">'
    ]
    if title:
        out.append(f'<text x="{PAD}" y="{height - 8}" font-size="14">{escape(title)}</text>')
    tiles = sorted({s.tile for s in board.spaces.values()})
    for index, tile in enumerate(tiles):
        members = [s for s in board.spaces.values() if s.tile == tile]
        x0, y0 = min(s.x for s in members), min(s.y for s in members)
        x1, y1 = max(s.x for s in members), max(s.y for s in members)
        out.append(
            f'<rect x="{PAD + CELL * x0 + 4}" y="{PAD + CELL * y0 + 4}" '
            f'width="{CELL * (x1 - x0 + 1) - 8}" height="{CELL * (y1 - y0 + 1) - 8}" rx="10" '
            f'fill="{TILE_FILL[index % len(TILE_FILL)]}" stroke="#999"/>'
        )
    connectors = []
    for a, b, data in sorted(board.graph.edges(data=True)):
        (xa, ya), (xb, yb) = _centre(board.spaces[a]), _centre(board.spaces[b])
        if data["kind"] == "passage":
            out.append(
                f'<line x1="{xa}" y1="{ya}" x2="{xb}" y2="{yb}" stroke="#555" stroke-width="6"/>'
            )
            continue
        length = max(((xb - xa) ** 2 + (yb - ya) ** 2) ** 0.5, 1)
        mx = (xa + xb) / 2 + (yb - ya) / length * 150
        my = (ya + yb) / 2 - (xb - xa) / length * 150
        connectors.append(
            f'<path d="M{xa},{ya} Q{mx},{my} {xb},{yb}" fill="none" stroke="#8b5a2b" '
            f'stroke-width="3" stroke-dasharray="8 5"><title>{data["kind"]}</title></path>'
            f'<text x="{mx}" y="{my}" text-anchor="middle" fill="#8b5a2b">{data["kind"]}</text>'
        )
    gate_of = {space: colour for colour, space in board.gates.items()}
    for space in board.spaces.values():
        x, y = _centre(space)
        stroke = GATE_FILL.get(gate_of.get(space.id), "#333")
        width_ = 6 if space.id in gate_of else 1.5
        fill = "#fffbe6" if space.id in highlight else "#ffffff"
        dash = (
            ' stroke-dasharray="4 3"' if space.id in highlight and space.id not in gate_of else ""
        )
        out.append(
            f'<g class="space" data-space="{space.id}"><circle cx="{x}" cy="{y}" r="{RADIUS}" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="{width_}"{dash}/>'
            f'<text x="{x}" y="{y - RADIUS + 14}" text-anchor="middle" font-weight="bold">'
            f"{escape(space.name)}</text>"
        )
        if space.id in gate_of:
            out.append(
                f'<text x="{x}" y="{y + RADIUS - 6}" text-anchor="middle" fill="{stroke}">'
                f"{gate_of[space.id]} gate</text>"
            )
        if space.id == board.start:
            out.append(f'<text x="{x}" y="{y - RADIUS - 4}" text-anchor="middle">start</text>')
        if fire.get(space.id):
            out.append(
                f'<text x="{x + RADIUS - 14}" y="{y - 12}" text-anchor="middle" fill="#e85d04" '
                f'font-weight="bold">fire {fire[space.id]}</text>'
            )
        for offset, token in enumerate(tokens.get(space.id, [])):
            out.append(
                f'<text x="{x - RADIUS + 12}" y="{y - 12 + 12 * offset}" fill="#6a4c93">'
                f"{escape(token)}</text>"
            )
        for index, (label, colour) in enumerate(figures.get(space.id, [])):
            fx = x - 30 + 20 * (index % 4)
            fy = y + 6 + 20 * (index // 4)
            out.append(
                f'<circle cx="{fx}" cy="{fy}" r="9" fill="{colour}" stroke="#000">'
                f"<title>{escape(label)}</title></circle>"
                f'<text x="{fx}" y="{fy + 3.5}" text-anchor="middle" fill="#fff" font-size="9">'
                f"{escape(initials(label))}</text>"
            )
        out.append("</g>")
    out.extend(connectors)
    out.append("</svg>")
    return "".join(out)


def initials(label: str) -> str:
    """A figure's mark on the map: the capitals and the number of its name, before any note in
    brackets ("Cultist 2 (1 wound)" is C2, "Rosa the Sailor" RS); the full label is its tooltip."""
    words = label.split(" (")[0].split()
    return "".join(w if w.isdigit() else w[0] for w in words if w[0].isupper() or w.isdigit())


def figures_of(state) -> dict[str, list[tuple[str, str]]]:
    """Every figure on the map of a game state, by space: investigators, enemies, the Elder One."""
    figures: dict[str, list[tuple[str, str]]] = {}
    for person in state.investigators:
        if person["alive"]:
            colour = state.cards.investigators[person["id"]].colour
            figures.setdefault(person["space"], []).append((person["name"], colour))
    for uid, enemy in sorted(state.enemies.items()):
        label = f"{state.enemy_name(uid)} ({count(enemy['wounds'], 'wound')})"
        figures.setdefault(enemy["space"], []).append((label, "#555555"))
    if state.elder["space"] is not None:
        figures.setdefault(state.elder["space"], []).append(("Elder One", "#000000"))
    return figures


def state_svg(state, highlight=frozenset()) -> str:
    tokens: dict[str, list[str]] = {}
    for kind, spaces in state.tokens.items():
        for space in spaces:
            tokens.setdefault(space, []).append(kind)
    for colour in state.wards:
        tokens.setdefault(state.board.gates[colour], []).append("ward")
    return board_svg(
        state.board, figures_of(state), dict(state.fire), tokens, highlight,
        title=f"Turn {state.turn}: {state.describe_step()}",
    )  # fmt: skip


def state_html(state) -> str:
    """The map plus a line per investigator and the tracks: a game's notebook display."""
    from toolkit.html import table

    rows = [
        (p["name"], state.space_name(p["space"]), p["wounds"], p["stress"], p["sanity"], p["fire"],
         ", ".join(f"{state.skill_name(k)} {v}" for k, v in p["skills"].items()),
         ", ".join([state.card_name("item", i) for i in p["items"]]
                   + [state.card_name("companion", c[0]) for c in p["companions"]]
                   + [state.card_name("condition", c) for c in p["conditions"]]),
         "alive" if p["alive"] else "dead")
        for p in state.investigators
    ]  # fmt: skip
    people = table(
        ["investigator", "space", "wounds", "stress", "sanity", "fire", "skills", "cards", ""],
        rows,
    )
    elder = state.elder
    track = (
        f"Elder One on space {elder['position']} of {state.rules.summoning.spaces}"
        + (f", summoned (stage {elder['stage']}, {elder['wounds']} wounds, progression "
           f"{elder['progression']})" if elder["summoned"] else ", not summoned")
        + ("; ritual disrupted" if state.ritual_disrupted else "")
    )  # fmt: skip
    return f"<div>{state_svg(state)}<p>{escape(track)}</p>{people}</div>"


# -- the dice of a roll ------------------------------------------------------------------------------
#: How a die's symbols are drawn on its face; each die's title and the legend say them in words.
GLYPHS = {"success": "★", "tentacle": "∿", "elder": "✳"}
JUST_ROLLED = "#f4c430"  # the ring round the die the last Roll click threw


def die_svg(colour: str, face: str | None, just_rolled: bool = False) -> str:
    """One black or green die (its colour from dice.yaml) showing `face`, or waiting to be rolled
    (`face` None: an outline with a question mark)."""
    fill = load_dice()[colour].colour
    if face is None:
        return die(glyphs=["?"], title=f"{colour} die, still to roll", fill="#ffffff", ink=fill,
                   css=f"dmd-die {colour} to-roll")  # fmt: skip
    return die(
        glyphs=[GLYPHS[symbol] for symbol in face_parts(face)],
        title=f"{colour} die: {face_label(face)}" + (", just rolled" if just_rolled else ""),
        fill=fill, ink=ink_on(fill), ring=JUST_ROLLED if just_rolled else None,
        css=f"dmd-die {colour}",
    )  # fmt: skip


def roll_svg(step: dict, just_rolled: int | None = None) -> str:
    """The dice of a roll step: each face showing (die `just_rolled` ringed), then every die still
    to roll, the one being rerolled in its place."""
    dice = [
        die_svg(colour, None if index == step["reroll"] else face, index == just_rolled)
        for index, (colour, face) in enumerate(step["faces"])
    ]
    black = step["black"] - sum(1 for colour, _ in step["faces"] if colour == "black")
    green = step["green"] - sum(1 for colour, _ in step["faces"] if colour == "green")
    dice += [die_svg("black", None)] * black + [die_svg("green", None)] * green
    return f'<span class="dmd-dice">{"".join(dice)}</span>'


def roll_html(state, step: dict, just_rolled: int | None = None, done: bool = False) -> str:
    """A roll as a person follows it: what it is for, its dice, and the symbols' key."""
    legend = " · ".join(f"{GLYPHS[s]} {name}" for s, name in SYMBOL_NAMES.items())
    heading = "Last roll" if done else "Rolling"
    return (
        f"<div class='dmd-roll'><b>{heading}: {escape(state.roll_title(step))}</b><br>"
        f"{roll_svg(step, just_rolled)}<br><small>{escape(legend)}</small></div>"
    )


def rest_of_throw_html(state, step: dict) -> str:
    """The odds pane while dice are thrown: the exact distribution of the throw's successes and
    tentacles once every die is down, before any reroll (the numbers with rerolls come with the
    choice to reroll, after the last die)."""
    throw = rest_of_throw(step)
    left = step["black"] + step["green"] - len(step["faces"]) + (step["reroll"] is not None)
    tables = "".join(
        f"<div style='display:inline-block;vertical-align:top;margin-right:2em'>"
        f"{dist_table(marginal(throw, symbol), heading)}</div>"
        for symbol, heading in (("success", "successes"), ("tentacle", "tentacles"))
    )
    return (
        f"<div class='dmd-throw'><b>{escape(state.roll_title(step))}</b>: the whole throw, "
        f"exactly, with {left} {'die' if left == 1 else 'dice'} still to roll and before any "
        f"reroll (rerolls and their numbers are offered once the last die is down).<br>"
        f"{tables}</div>"
    )
