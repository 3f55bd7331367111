"""The map as a static SVG string: tiles, spaces, passages, staircases and tunnels, gates, fire,
episode tokens and figures. Plain text, so the book embeds it offline and a widget shows it in an
HTML box; no chart library needed."""

from __future__ import annotations

from html import escape

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
                f'<text x="{fx}" y="{fy + 4}" text-anchor="middle" fill="#fff" font-size="10">'
                f"{escape(label[:2])}</text>"
            )
        out.append("</g>")
    out.extend(connectors)
    out.append("</svg>")
    return "".join(out)


def figures_of(state) -> dict[str, list[tuple[str, str]]]:
    """Every figure on the map of a game state, by space: investigators, enemies, the Elder One."""
    figures: dict[str, list[tuple[str, str]]] = {}
    for person in state.investigators:
        if person["alive"]:
            colour = state.cards.investigators[person["id"]].colour
            figures.setdefault(person["space"], []).append((person["name"], colour))
    for uid, enemy in sorted(state.enemies.items()):
        label = f"{state.cards.enemies[enemy['type']].name} ({uid}, {enemy['wounds']} wounds)"
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
        (p["name"], p["space"], p["wounds"], p["stress"], p["sanity"], p["fire"],
         ", ".join(f"{k} {v}" for k, v in p["skills"].items()),
         ", ".join(p["items"] + [c[0] for c in p["companions"]] + p["conditions"]),
         "alive" if p["alive"] else "dead")
        for p in state.investigators
    ]  # fmt: skip
    people = table(
        ["investigator", "space", "wounds", "stress", "sanity", "fire", "skills", "cards", ""],
        rows,
    )
    elder = state.elder
    track = (
        f"Elder One on space {elder['position']} of {state.rules.summoning_spaces}"
        + (f", summoned (stage {elder['stage']}, {elder['wounds']} wounds, progression "
           f"{elder['progression']})" if elder["summoned"] else ", not summoned")
        + ("; ritual disrupted" if state.ritual_disrupted else "")
    )  # fmt: skip
    return f"<div>{state_svg(state)}<p>{escape(track)}</p>{people}</div>"
