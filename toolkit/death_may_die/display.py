"""The map as a static SVG string: tiles, spaces, passages, staircases and tunnels, gates, fire,
episode tokens and figures, with a key under it naming every mark; and the dice of a roll as
pictures (the core :func:`toolkit.svg.die`). Plain text, so the book embeds it offline and a
widget shows it in an HTML box; no chart library needed. Everything is named as the card and map
data name it."""

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
from toolkit.html import dist_table, table
from toolkit.svg import die, ink_on

CELL = 180  # one space's square on the map's grid
GUTTER = 30  # the lane between two spaces' boxes, where staircase and tunnel lines run
BOX = CELL - GUTTER
PAD = 20
FONT = 11
GATE_FILL = {"red": "#d62828", "yellow": "#f4c430", "blue": "#1d70b8"}
TILE_FILL = ["#efe6d8", "#e3ecef", "#e9e4ef", "#e6efe3", "#f2e3e3", "#eeeeee"]
#: How each kind of connector's line is drawn (colour, dash pattern) and its labels' colours.
CONNECTOR_STYLE = {"staircase": ("#8b5a2b", "9 5"), "tunnel": ("#3d405b", "3 4")}
PASSAGE = "#666666"
FIRE_FILL, TOKEN_FILL, START_FILL = "#f8961e", "#e4d8f5", "#ffffff"
LANE = 7  # the distance between two connector lines sharing a lane


def text_width(text: str, size: float = FONT, bold: bool = False) -> float:
    """A generous estimate of `text`'s width in sans-serif at `size` px (DejaVu Sans, the widest
    common sans, sets lower case near 0.6 em and capitals near 0.72 em), so a label's box holds
    its text in the browsers that draw it."""
    em = sum(0.72 if c.isupper() or c in "mw@%" else 0.34 if c in " .,:;il|!'" else 0.6
             for c in text)  # fmt: skip
    return em * size * (1.1 if bold else 1)


class _Labels:
    """Every label on the map with its box: drawn as a filled box under the text, and kept so the
    layout can keep lines away from them."""

    def __init__(self):
        self.boxes: list[tuple[float, float, float, float]] = []

    def pill(self, x, y, text, fill, ink, *, key, size=FONT, bold=False, stroke="none",
             tooltip="") -> str:  # fmt: skip
        width, height = text_width(text, size, bold) + 8, size + 6
        self.boxes.append((x, y, width, height))
        weight = ' font-weight="bold"' if bold else ""
        hover = f"<title>{escape(tooltip)}</title>" if tooltip else ""
        return (
            f'<g class="label" data-key="{escape(key)}">{hover}'
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" height="{height:.1f}" rx="3" '
            f'fill="{fill}" stroke="{stroke}"/>'
            f'<text x="{x + 4:.1f}" y="{y + height / 2:.1f}" font-size="{size}"{weight} '
            f'fill="{ink}" dominant-baseline="central">{escape(text)}</text></g>'
        )

    @staticmethod
    def size(text, size=FONT, bold=False) -> tuple[float, float]:
        return text_width(text, size, bold) + 8, size + 6


class _Flow:
    """Places boxes left to right in rows inside a region, skipping a `reserved` corner."""

    def __init__(self, left, top, right, reserved=None, gap=3):
        self.left, self.right, self.gap, self.reserved = left, right, gap, reserved
        self.x, self.y, self.row = left, top, 0.0

    def newline(self) -> None:
        if self.x > self.left:
            self.x, self.y, self.row = self.left, self.y + self.row + self.gap, 0.0

    def place(self, width, height) -> tuple[float, float]:
        if self.x > self.left and self.x + width > self.right:
            self.newline()
        if self.reserved and _overlap((self.x, self.y, width, height), self.reserved):
            self.newline()
        x, y = self.x, self.y
        self.x += width + self.gap
        self.row = max(self.row, height)
        return x, y


def _overlap(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _box(space) -> tuple[float, float]:
    """The top left corner of a space's box."""
    return PAD + CELL * space.x + GUTTER / 2, PAD + CELL * space.y + GUTTER / 2


def _centre(space) -> tuple[float, float]:
    x, y = _box(space)
    return x + BOX / 2, y + BOX / 2


def connector_route(board, a: str, b: str, lane: float = 0) -> list[tuple[float, float]]:
    """The line of a staircase or tunnel from space `a` to space `b`: out of each box's lower right
    corner into the gutter, then along the gutters (across, then down or up), which no box and so
    no label lies in. `lane` shifts the line sideways so two connectors never overlap."""
    ends = []
    for space in (board.spaces[a], board.spaces[b]):
        x, y = _box(space)
        ends.append(((x + BOX - 12 + lane / 2, y + BOX - 12 + lane / 2),
                     (x + BOX + GUTTER / 2 + lane, y + BOX + GUTTER / 2 + lane)))  # fmt: skip
    (inside_a, node_a), (inside_b, node_b) = ends
    corner = (node_b[0], node_a[1])
    points = [inside_a, node_a, corner, node_b, inside_b]
    return [p for i, p in enumerate(points) if i == 0 or p != points[i - 1]]


def figure_marks(figures: dict[str, list[tuple[str, str]]]) -> dict[str, str]:
    """Each figure's mark on the map (its :func:`initials`), a number added where two different
    figures would share one, so the legend names each mark once."""
    marks: dict[str, str] = {}
    taken: set[str] = set()
    for label, _ in (f for space in sorted(figures) for f in figures[space]):
        if label in marks:
            continue
        mark, n = initials(label) or "?", 1
        while mark in taken:
            n += 1
            mark = f"{initials(label)}{n}"
        marks[label] = mark
        taken.add(mark)
    return marks


def board_svg(
    board,
    figures: dict[str, list[tuple[str, str]]] | None = None,
    fire: dict[str, int] | None = None,
    tokens: dict[str, list[str]] | None = None,
    highlight: set[str] | frozenset[str] = frozenset(),
    title: str = "",
) -> str:
    """Draw `board`. `figures` maps a space to (label, colour) pairs; `fire` to a token count;
    `tokens` to token names; `highlight` outlines spaces (where a run can end, say).

    Each space is a box; its name, gate, start, fire, tokens and connector ends are labels on
    their own filled boxes inside it, and its figures are marks whose full names the legend under
    the map gives. Passages are drawn beneath the boxes; staircases and tunnels run in the
    gutters between boxes (:func:`connector_route`), so no line crosses a label. Gate labels are
    dark or white text on the gate's colour, whichever contrasts more."""
    figures = figures or {}
    fire = board.fire if fire is None else fire
    tokens = board.tokens_by_space() if tokens is None else tokens
    columns = max(s.x for s in board.spaces.values()) + 1
    rows = max(s.y for s in board.spaces.values()) + 1
    width, map_height = PAD * 2 + CELL * columns, PAD * 2 + CELL * rows
    labels = _Labels()
    out: list[str] = []
    used: dict[str, str] = {}  # legend key -> its words, for every kind of mark drawn
    tiles = sorted({s.tile for s in board.spaces.values()})
    for index, tile in enumerate(tiles):
        members = [s for s in board.spaces.values() if s.tile == tile]
        x0, y0 = min(s.x for s in members), min(s.y for s in members)
        x1, y1 = max(s.x for s in members), max(s.y for s in members)
        out.append(
            f'<rect class="tile" x="{PAD + CELL * x0 + 4}" y="{PAD + CELL * y0 + 4}" '
            f'width="{CELL * (x1 - x0 + 1) - 8}" height="{CELL * (y1 - y0 + 1) - 8}" rx="10" '
            f'fill="{TILE_FILL[index % len(TILE_FILL)]}" stroke="#999"/>'
        )
    links = sorted(board.graph.edges(data=True))
    connectors = [(a, b, data["kind"]) for a, b, data in links if data["kind"] != "passage"]
    for a, b, data in links:
        if data["kind"] == "passage":
            (xa, ya), (xb, yb) = _centre(board.spaces[a]), _centre(board.spaces[b])
            out.append(
                f'<line class="passage" x1="{xa}" y1="{ya}" x2="{xb}" y2="{yb}" '
                f'stroke="{PASSAGE}" stroke-width="6"/>'
            )
            used.setdefault("passage", "passage: neighbouring spaces")
    ends: dict[str, list[tuple[str, str]]] = {}  # space -> (kind, the space at the other end)
    lines = []
    for index, (a, b, kind) in enumerate(connectors):
        ends.setdefault(a, []).append((kind, b))
        ends.setdefault(b, []).append((kind, a))
        lane = (index - (len(connectors) - 1) / 2) * LANE
        points = connector_route(board, a, b, lane)
        colour, dash = CONNECTOR_STYLE[kind]
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        lines.append(
            f'<polyline class="connector {kind}" points="{path}" fill="none" stroke="{colour}" '
            f'stroke-width="3" stroke-dasharray="{dash}"><title>{kind}: '
            f"{escape(board.spaces[a].name)} and {escape(board.spaces[b].name)}</title></polyline>"
            + "".join(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="{colour}"/>'
                for x, y in (points[0], points[-1])
            )
        )
        used.setdefault(f"connector-{kind}", f"{kind}: joins the two spaces it names")
    marks = figure_marks(figures)
    gate_of = {space: colour for colour, space in board.gates.items()}
    for space in board.spaces.values():
        x, y = _box(space)
        gate = gate_of.get(space.id)
        fill = "#fffbe6" if space.id in highlight else "#ffffff"
        box = f'x="{x}" y="{y}" width="{BOX}" height="{BOX}" rx="10" fill="{fill}"'
        out.append(f'<g class="space" data-space="{space.id}">')
        if gate:  # a thick ring in the gate's colour with a dark edge, visible on any tile
            out.append(f'<rect {box} stroke="#222222" stroke-width="9"/>')
            out.append(f'<rect {box} stroke="{GATE_FILL[gate]}" stroke-width="6"/>')
        else:
            dash = ' stroke-dasharray="6 4"' if space.id in highlight else ""
            out.append(f'<rect {box} stroke="#333333" stroke-width="1.5"{dash}/>')
        if space.id in highlight:
            used.setdefault("highlight", "pale yellow box: highlighted space")
        name_w, _ = labels.size(space.name, FONT + 2, True)
        out.append(labels.pill(x + (BOX - name_w) / 2, y + 6, space.name, fill, "#111111",
                               key="name", size=FONT + 2, bold=True))  # fmt: skip
        corner = (x + BOX - 24, y + BOX - 24, 24, 24)  # where connector lines come in
        flow = _Flow(x + 7, y + 30, x + BOX - 7, corner)
        items = []  # (text, fill, ink, legend key, legend words, tooltip)
        if gate:
            items.append((f"{gate} gate", GATE_FILL[gate], ink_on(GATE_FILL[gate]),
                          f"gate-{gate}", f"{gate} gate (ringed in {gate})", ""))  # fmt: skip
        if space.id == board.start:
            items.append(("start", START_FILL, "#111111", "start", "start: where the "
                          "investigators begin", ""))  # fmt: skip
        if fire.get(space.id):
            items.append((f"fire {fire[space.id]}", FIRE_FILL, ink_on(FIRE_FILL), "fire",
                          "fire N: N fire tokens on the space", ""))  # fmt: skip
        for kind in tokens.get(space.id, []):
            items.append((kind, TOKEN_FILL, "#2d1e4a", f"token-{kind}", f"{kind}: a {kind} token",
                          ""))  # fmt: skip
        for kind, other in ends.get(space.id, []):
            colour = CONNECTOR_STYLE[kind][0]
            items.append((f"{kind} to {board.spaces[other].name}", "#ffffff", colour,
                          f"connector-{kind}", "", ""))  # fmt: skip
        for text, pill_fill, ink, key, words, tooltip in items:
            stroke = CONNECTOR_STYLE[key[10:]][0] if key.startswith("connector-") else "#555555"
            px, py = flow.place(*labels.size(text))
            out.append(labels.pill(px, py, text, pill_fill, ink, key=key, stroke=stroke,
                                   tooltip=tooltip))  # fmt: skip
            if words:
                used.setdefault(key, words)
        flow.newline()
        for label, colour in figures.get(space.id, []):
            fx, fy = flow.place(22, 22)
            mark = marks[label]
            out.append(
                f'<g class="figure" data-key="figure-{escape(mark)}"><title>{escape(label)}'
                f'</title><circle cx="{fx + 11}" cy="{fy + 11}" r="10.5" fill="{colour}" '
                f'stroke="#000"/><text x="{fx + 11}" y="{fy + 11}" text-anchor="middle" '
                f'dominant-baseline="central" fill="{ink_on(colour)}" font-size="9" '
                f'font-weight="bold">{escape(mark)}</text></g>'
            )
            labels.boxes.append((fx, fy, 22, 22))
            used.setdefault(f"figure-{mark}", f"{mark}: {label}")
        out.append("</g>")
    out.extend(lines)
    height = map_height
    if title:
        out.append(labels.pill(PAD, height, title, "#ffffff", "#111111", key="title", size=14))
        height += 28
    legend, height = _legend(used, figures, width, height, labels)
    out.extend(legend)
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="{FONT}" '
        f'class="dmd-board" style="max-width:100%;height:auto">'  # a narrow page shrinks it
    )
    return head + "".join(out) + "</svg>"


def _legend(used: dict[str, str], figures, width: float, top: float, labels: _Labels):
    """The key under the map: one entry for every kind of mark the map shows (each figure's
    mark with its full name, each gate, start, fire, each kind of token, each kind of link)."""
    colour_of = {label: colour for space in figures.values() for label, colour in space}
    flow = _Flow(PAD, top + 22, width - PAD, gap=6)
    out = [f'<text x="{PAD}" y="{top + 14}" font-weight="bold" font-size="{FONT + 1}">Key</text>']
    order = ("figure-", "gate-", "start", "fire", "token-", "passage", "connector-", "highlight")
    keys = sorted(used, key=lambda k: (next(i for i, p in enumerate(order) if k.startswith(p)),
                                       used[k]))  # fmt: skip
    for key in keys:
        words = used[key]
        text_w, text_h = labels.size(words)
        x, y = flow.place(30 + text_w, 22)
        mid = y + 11
        if key.startswith("figure-"):
            label = words.split(": ", 1)[1]
            colour = colour_of.get(label, "#555555")
            sample = (f'<circle cx="{x + 11}" cy="{mid}" r="10.5" fill="{colour}" stroke="#000"/>'
                      f'<text x="{x + 11}" y="{mid}" text-anchor="middle" dominant-baseline='
                      f'"central" fill="{ink_on(colour)}" font-size="9" font-weight="bold">'
                      f"{escape(key[7:])}</text>")  # fmt: skip
        elif key.startswith("gate-"):
            colour = GATE_FILL[key[5:]]
            sample = (f'<rect x="{x + 2}" y="{y + 2}" width="20" height="18" rx="4" fill="#fff" '
                      f'stroke="#222" stroke-width="7"/><rect x="{x + 2}" y="{y + 2}" width="20" '
                      f'height="18" rx="4" fill="#fff" stroke="{colour}" stroke-width="4"/>')  # fmt: skip
        elif key.startswith("connector-") or key == "passage":
            colour, dash = CONNECTOR_STYLE.get(key[10:], (PASSAGE, "none"))
            thick = 6 if key == "passage" else 3
            sample = (
                f'<line x1="{x}" y1="{mid}" x2="{x + 24}" y2="{mid}" stroke="{colour}" '
                f'stroke-width="{thick}" stroke-dasharray="{dash}"/>'
            )
        else:
            fill = {"start": START_FILL, "fire": FIRE_FILL, "highlight": "#fffbe6"}.get(
                key, TOKEN_FILL
            )
            dash = ' stroke-dasharray="4 3"' if key == "highlight" else ""
            sample = (
                f'<rect x="{x + 2}" y="{y + 3}" width="20" height="16" rx="3" fill="{fill}" '
                f'stroke="#555555"{dash}/>'
            )
        out.append(
            f'<g class="legend-entry" data-key="{escape(key)}">{sample}'
            + labels.pill(x + 28, y + (22 - text_h) / 2, words, "#ffffff", "#111111", key="key")
            + "</g>"
        )
    return out, flow.y + flow.row + 10


def initials(label: str) -> str:
    """A figure's mark on the map: the capitals and the number of its name, before any note in
    brackets ("Cultist 2 (1 wound)" is C2, "Rosa the Sailor" RS); the legend and the tooltip give
    the full label."""
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
