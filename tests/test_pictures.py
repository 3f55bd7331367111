"""The pictures a new player reads: Death May Die's map, Epic Death!'s dice and How I Died's cards.

The map's geometry is read back from the SVG the display draws: every mark has a key entry, no
staircase or tunnel line crosses a label, gate labels contrast. The dice are read back die by
die: the pips match the face the die's title names, and a Victory differs from a failed die in
fill and in shape. How I Died's key uses only characters common fonts carry, and an effect opens
with a click. The last tests render the same pictures in Chromium and measure them there.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest
from widget_clicks import click_to_epic_rerolls

from toolkit.death_may_die.board import load_board
from toolkit.death_may_die.display import GATE_FILL, board_svg, state_svg
from toolkit.death_may_die.rules import DeathMayDieState
from toolkit.epic_death.display import (
    FAILED_FILL,
    VICTORY_FILL,
    dice_seed,
    rerolling_of,
    roll_svg,
)
from toolkit.steps import PASS
from toolkit.svg import PIPS, contrast

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def label_boxes(root) -> list[tuple[float, float, float, float]]:
    return [
        tuple(float(g.find(f"{SVG}rect").get(k)) for k in ("x", "y", "width", "height"))
        for g in root.iter(f"{SVG}g")
        if g.get("class") == "label"
    ] + [
        (float(c.get("cx")) - 11, float(c.get("cy")) - 11, 22.0, 22.0)
        for g in root.iter(f"{SVG}g")
        if g.get("class") == "figure"
        for c in g.iter(f"{SVG}circle")
    ]


def connector_segments(root) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    segments = []
    for line in root.iter(f"{SVG}polyline"):
        if "connector" in line.get("class", ""):
            points = [tuple(map(float, p.split(","))) for p in line.get("points").split()]
            segments += list(zip(points, points[1:], strict=False))
    return segments


def crosses(segment, box) -> bool:
    """Whether a line segment meets a rectangle (Liang-Barsky clipping)."""
    (x0, y0), (x1, y1) = segment
    x, y, w, h = box
    dx, dy = x1 - x0, y1 - y0
    low, high = 0.0, 1.0
    for p, q in ((-dx, x0 - x), (dx, x + w - x0), (-dy, y0 - y), (dy, y + h - y0)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return False
    return True


def test_the_clipping_helper_finds_crossings_and_misses():
    box = (10, 10, 10, 10)
    assert crosses(((0, 15), (30, 15)), box) and crosses(((0, 0), (30, 30)), box)
    assert not crosses(((0, 0), (30, 0)), box) and not crosses(((0, 15), (15, 0)), box)


def maps():
    """The map bare, a game's map (figures, wards, a title) and one with highlighted spaces."""
    board = load_board("drowned_chapel")
    state = DeathMayDieState(seed=3)
    return [
        board_svg(board),
        state_svg(state),
        state_svg(state, highlight={"dock", "tomb", "pier"}),
        board_svg(board, figures={"well": [("Rat Swarm", "#123456"), ("Rosa Sailor", "#fedcba")]}),
    ]


@pytest.mark.parametrize("svg", maps())
def test_every_mark_on_the_map_has_a_key_entry(svg):
    root = parse(svg)
    shown = {
        g.get("data-key")
        for g in root.iter(f"{SVG}g")
        if g.get("class") in ("label", "figure")
        and g.get("data-key") not in ("name", "key")
        and g.get("data-key") != "title"
    }
    keyed = {g.get("data-key") for g in root.iter(f"{SVG}g") if g.get("class") == "legend-entry"}
    assert shown and shown <= keyed
    assert any(k.startswith("connector-") for k in keyed) and "passage" in keyed
    figures = [g for g in root.iter(f"{SVG}g") if g.get("class") == "figure"]
    for figure in figures:  # the key names the figure in full
        entry = next(
            g
            for g in root.iter(f"{SVG}g")
            if g.get("class") == "legend-entry" and g.get("data-key") == figure.get("data-key")
        )
        words = "".join(entry.itertext())
        assert figure.find(f"{SVG}title").text in words


def test_two_figures_with_the_same_initials_get_different_marks():
    root = parse(maps()[3])
    marks = [g.get("data-key") for g in root.iter(f"{SVG}g") if g.get("class") == "figure"]
    assert marks == ["figure-RS", "figure-RS2"]


@pytest.mark.parametrize("svg", maps())
def test_no_staircase_or_tunnel_line_crosses_a_label(svg):
    root = parse(svg)
    boxes, segments = label_boxes(root), connector_segments(root)
    assert len(segments) == 7 and len(boxes) >= 16 + 3  # 4 + 3 segments
    assert not [(s, b) for s in segments for b in boxes if crosses(s, b)]


@pytest.mark.parametrize("svg", maps())
def test_labels_do_not_overlap_each_other(svg):
    boxes = label_boxes(parse(svg))
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert not (
                a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3]
                and b[1] < a[1] + a[3]
            ), (a, b)  # fmt: skip


def test_gate_labels_contrast_and_each_gate_is_ringed_in_its_colour():
    root = parse(board_svg(load_board("drowned_chapel")))
    gates = [g for g in root.iter(f"{SVG}g") if (g.get("data-key") or "").startswith("gate-")]
    labels = [g for g in gates if g.get("class") == "label"]
    assert sorted(g.get("data-key") for g in labels) == ["gate-blue", "gate-red", "gate-yellow"]
    for label in labels:
        fill = label.find(f"{SVG}rect").get("fill")
        ink = label.find(f"{SVG}text").get("fill")
        assert fill == GATE_FILL[label.get("data-key")[5:]]
        assert contrast(fill, ink) >= 4.5
    rings = [r.get("stroke") for r in root.iter(f"{SVG}rect") if r.get("stroke-width") == "6"]
    assert sorted(rings) == sorted(GATE_FILL.values())


# -- Epic Death!'s dice -------------------------------------------------------------------------
def dice_of(html: str) -> list[ET.Element]:
    inner = re.findall(r"<svg .*?</svg>", html)
    return [ET.fromstring(svg) for svg in inner]


def face_of(die: ET.Element) -> int:
    return int(die.find(f"{SVG}title").text.split(":")[0].split("showed ")[-1])


@pytest.mark.parametrize(("difficulty", "lowest"), [("trivial", 4), ("mighty", 5), ("exalted", 6)])
def test_each_die_shows_its_face_in_pips_and_a_victory_differs_in_fill_and_shape(
    difficulty, lowest
):
    plain = 0 if difficulty == "exalted" else 4
    dice = dice_of(roll_svg(plain, 2, 6, difficulty=difficulty, seed="x"))
    assert len(dice) == plain + 2 + 6
    for die in dice:
        face = face_of(die)
        pips = [c for c in die.iter(f"{SVG}circle") if c.get("class") == "pip"]
        assert len(pips) == face == len(PIPS[face])
        fill = die.find(f"{SVG}rect").get("fill")
        stars = die.findall(f"{SVG}polygon")
        if face >= lowest:
            assert fill == VICTORY_FILL and len(stars) == 1
        else:
            assert fill == FAILED_FILL and not stars
    faces = [face_of(d) for d in dice]
    assert faces[:2] == [6, 6] and all(lowest <= f < 6 for f in faces[2 : 2 + plain])
    assert all(1 <= f < lowest for f in faces[2 + plain :])


def test_the_faces_of_a_kind_are_fixed_by_the_seed_and_spread_over_the_kind():
    once = roll_svg(0, 0, 16, difficulty="exalted", seed="s")
    assert once == roll_svg(0, 0, 16, difficulty="exalted", seed="s")
    faces = {face_of(d) for d in dice_of(once)}
    assert len(faces) >= 3 and faces <= {1, 2, 3, 4, 5}


def test_a_reroll_greys_the_dice_it_takes_out_and_keeps_them_on_the_table():
    """In a real game: after a re-roll card is played, every die of the pool is still drawn, the
    ones taken out greyed, with the faces they showed."""
    from epic_death.stacking import first_quest, stacked

    quest = first_quest("mighty", 3)
    state = stacked(hands={1: ["fate-reroll-failures"]}, line=[quest])
    state.apply(("quest", quest))
    while state.stage() in ("targets", "before_roll"):
        state.apply(PASS)
    state.apply(("roll", 2, 1))
    before = dice_of(roll_svg(state.plain, state.sixes, state.failed_dice, seed=dice_seed(state)))
    state.apply(("fate", "fate-reroll-failures", 2, 0, 0))
    assert state.stage() == "reroll" and rerolling_of(state) == (2, 0, 0)
    after = dice_of(
        roll_svg(state.plain, state.sixes, state.failed_dice, difficulty="mighty",
                 rerolling=rerolling_of(state), seed=dice_seed(state))
    )  # fmt: skip
    assert len(after) == len(before) == state.pool()
    greyed = [d for d in after if "rerolling" in d.get("class")]
    assert len(greyed) == 2 and all(d.get("opacity") for d in greyed)
    assert sorted(map(face_of, after)) == sorted(map(face_of, before))


# -- How I Died -----------------------------------------------------------------------------------
#: Characters the fonts of a plain Linux, Windows, macOS or iPad browser all carry.
SAFE = set(map(chr, range(32, 127))) | set("·×★☠✦–—’éè")


class _Text(HTMLParser):
    def __init__(self):
        super().__init__()
        self.text, self.tags = [], []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)


def hid_table():
    from toolkit.how_i_died.display import symbol_key_html, table_html
    from toolkit.how_i_died.rules import HowIDiedState

    state = HowIDiedState(seed=0, players=3)
    for _ in range(40):
        if state.is_terminal():
            break
        state.apply(
            state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[0]
        )
    return symbol_key_html() + table_html(state, viewer=0), state


def test_how_i_died_key_and_table_use_only_characters_common_fonts_carry():
    html, _ = hid_table()
    parser = _Text()
    parser.feed(html)
    assert not set("".join(parser.text)) - SAFE
    assert "hid-trophy" in html


def test_a_card_with_an_effect_opens_its_words_with_a_click():
    from toolkit.how_i_died.cards import CARDS
    from toolkit.how_i_died.display import card_html
    from toolkit.how_i_died.effects import EFFECTS

    with_effect = next(c for c, data in CARDS.items() if data.effect)
    without = next(c for c, data in CARDS.items() if not data.effect)
    html = card_html(with_effect)
    assert html.startswith('<details class="hid-card"') and "<summary" in html
    words = EFFECTS[CARDS[with_effect].effect].summary
    body = html.split("</summary>", 1)[1]
    assert _escaped(words) in body
    assert "<details" not in card_html(without)


def _escaped(text: str) -> str:
    from html import escape

    return escape(text)


# -- in Chromium -----------------------------------------------------------------------------------
@pytest.mark.browser
def test_in_chromium_the_map_labels_hold_their_text_and_no_line_crosses_any_text(
    require_browser, tmp_path
):
    """Chromium's own text boxes (getBBox), not our width estimate: every label's text lies in
    its box, and no staircase or tunnel segment meets any text on the map."""
    from browser import chromium_page

    page_file = tmp_path / "map.html"
    page_file.write_text(f"<html><body>{maps()[1]}</body></html>")
    with chromium_page() as page:
        page.set_viewport_size({"width": 1280, "height": 900})
        page.goto(page_file.as_uri())
        measured = page.evaluate(
            """() => [...document.querySelectorAll('svg.dmd-board text')].map(t => {
                const b = t.getBBox();
                const r = t.parentNode.classList.contains('label')
                    ? t.parentNode.querySelector('rect') : null;
                return {text: t.textContent, box: [b.x, b.y, b.width, b.height],
                        rect: r && ['x', 'y', 'width', 'height'].map(k => +r.getAttribute(k))};
            })"""
        )
        width = page.evaluate("() => document.querySelector('svg.dmd-board').getBBox().width")
    assert width <= 1280
    segments = connector_segments(parse(maps()[1]))
    for item in measured:
        x, y, w, h = item["box"]
        if item["rect"]:
            rx, ry, rw, rh = item["rect"]
            assert rx <= x + 0.5 and x + w <= rx + rw + 0.5, item
        assert not any(crosses(s, (x, y, w, h)) for s in segments), item


@pytest.mark.browser
def test_in_chromium_a_tap_opens_a_how_i_died_effect(require_browser, tmp_path):
    from browser import chromium_page

    html, _ = hid_table()
    page_file = tmp_path / "table.html"
    page_file.write_text(f"<html><body>{html}</body></html>")
    with chromium_page() as page:
        page.set_viewport_size({"width": 1280, "height": 900})
        page.goto(page_file.as_uri())
        card = page.locator("details.hid-card").first
        effect = card.locator(".hid-effect")
        assert not effect.is_visible()
        card.locator("summary").click()
        assert effect.is_visible() and effect.inner_text().strip()
        trophy = page.locator("svg.hid-trophy").first.bounding_box()
        assert trophy and trophy["width"] > 8


def test_the_epic_widget_keeps_the_dice_a_reroll_card_takes_out_greyed_until_the_roll():
    """Played through the widget: after a re-roll card, the roll still shows the whole pool, the
    dice taken out greyed; after Roll, none is greyed and the pool is whole again."""
    from toolkit.epic_death.widget import EpicDeathWidget
    from toolkit.widgets import ROLL

    game = EpicDeathWidget(seed=3, players=2, hot_seat=True)
    state = game.state
    click_to_epic_rerolls(game)
    play = next(b for b in game.buttons() if b.startswith("play "))
    game.click(play)
    assert state.stage() == "reroll" and game._waits_for_roll()
    dice = dice_of(game.roll_html.value)
    greyed = [d for d in dice if "rerolling" in d.get("class")]
    assert len(dice) == state.pool() and len(greyed) == state.chance.args["dice"] >= 1
    game.click(ROLL)
    dice = dice_of(game.roll_html.value)
    assert len(dice) == state.pool() and not [d for d in dice if "rerolling" in d.get("class")]
