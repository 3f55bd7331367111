"""Small pictures of dice and cards as static SVG text, in the spirit of python-chess's boards.

Plain strings, so a widget shows them in an HTML box, a saved notebook keeps them and the book
embeds them with no network and no chart library. Each picture carries a ``<title>`` (what a
screen reader says, and the tooltip) and a CSS class, so tests and style sheets can find it.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence
from html import escape

WRAP = 34  # characters a card's line holds before it wraps (SVG text does not wrap itself)

#: Where the pips of each face sit, on a 3 x 3 grid of a die's face (0, 1, 2 across and down).
PIPS = {
    1: [(1, 1)],
    2: [(0, 0), (2, 2)],
    3: [(0, 0), (1, 1), (2, 2)],
    4: [(0, 0), (2, 0), (0, 2), (2, 2)],
    5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
    6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
}


def luminance(colour: str) -> float:
    """WCAG's relative luminance of a ``#rrggbb`` or ``#rgb`` colour (0 black, 1 white)."""
    if len(colour) == 4:
        colour = "#" + "".join(c * 2 for c in colour[1:])
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: str, other: str) -> float:
    """WCAG's contrast ratio of two colours (1 to 21; text wants 4.5 or more)."""
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def ink_on(colour: str) -> str:
    """Black or white, whichever reads better on `colour`."""
    return max(("#000000", "#ffffff"), key=lambda ink: contrast(ink, colour))


def _svg(width: float, height: float, title: str, css: str, body: Iterable[str]) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" class="{css}" role="img" '
        f'style="vertical-align:middle;margin:1px" font-family="sans-serif">'
        f"<title>{escape(title)}</title>{''.join(body)}</svg>"
    )


def die(
    face: int | None = None,
    glyphs: Sequence[str] = (),
    *,
    title: str,
    fill: str = "#ffffff",
    ink: str = "#222222",
    ring: str | None = None,
    size: int = 30,
    css: str = "die",
) -> str:
    """A die showing `face` as pips (1 to 6), or `glyphs` (symbols of a custom die, one to three,
    stacked), or a blank face. `ring` outlines a die that matters (a six, a die to re-roll)."""
    pad, corner = size * 0.08, size * 0.18
    body = [
        f'<rect x="{pad}" y="{pad}" width="{size - 2 * pad}" height="{size - 2 * pad}" '
        f'rx="{corner}" fill="{fill}" stroke="{ring or ink}" '
        f'stroke-width="{size * (0.1 if ring else 0.04):.1f}"/>'
    ]
    if face is not None:
        if face not in PIPS:
            raise ValueError(f"a die face is 1 to 6, not {face!r}")
        step, radius = size * 0.24, size * 0.075
        for column, row in PIPS[face]:
            cx, cy = size / 2 + (column - 1) * step, size / 2 + (row - 1) * step
            body.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{radius:.1f}" fill="{ink}"/>')
    font = size * (0.5 if len(glyphs) < 2 else 0.34)
    for index, glyph in enumerate(glyphs):
        y = size / 2 + (index - (len(glyphs) - 1) / 2) * font * 1.05
        body.append(
            f'<text x="{size / 2}" y="{y:.1f}" font-size="{font:.1f}" fill="{ink}" '
            f'text-anchor="middle" dominant-baseline="central">{escape(glyph)}</text>'
        )
    return _svg(size, size, title, css, body)


def card(
    title: str,
    lines: Sequence[str] = (),
    colour: str = "#444444",
    *,
    mark: str = "",
    faded: bool = False,
    css: str = "card",
    tooltip: str = "",
) -> str:
    """A small card: a band of `colour` with the `title`, then its `lines` (wrapped at
    :data:`WRAP` characters); `mark` is a word in
    the band's corner (a status: "dead", "taken"); a `faded` card is drawn paler (out of play),
    never struck through, so it stays easy to read. The band's text is black or white, whichever
    contrasts more with `colour`."""
    ink = ink_on(colour)
    font, line_height = 11, 14
    lines = [part for line in lines for part in textwrap.wrap(line, WRAP) or [""]]
    widest = max([len(title) + len(mark) + 2, *(len(line) for line in lines)], default=8)
    width = max(90, int(widest * font * 0.58) + 14)
    height = 22 + line_height * len(lines) + 6
    body = [
        f'<g opacity="{0.55 if faded else 1}">',
        f'<rect x="1" y="1" width="{width - 2}" height="{height - 2}" rx="6" fill="#ffffff" '
        f'stroke="{colour}" stroke-width="2"/>',
        f'<path d="M1 7 a6 6 0 0 1 6 -6 h{width - 14} a6 6 0 0 1 6 6 v13 h{-(width - 2)} z" '
        f'fill="{colour}"/>',
        f'<text x="7" y="15" font-size="{font}" font-weight="bold" fill="{ink}">'
        f"{escape(title)}</text>",
    ]
    if mark:
        body.append(
            f'<text x="{width - 7}" y="15" font-size="{font - 1}" fill="{ink}" '
            f'text-anchor="end">{escape(mark)}</text>'
        )
    for index, line in enumerate(lines):
        body.append(
            f'<text x="7" y="{34 + index * line_height}" font-size="{font}" fill="#222222">'
            f"{escape(line)}</text>"
        )
    body.append("</g>")
    return _svg(width, height, tooltip or " ".join([title, mark, *lines]).strip(), css, body)
