"""The Set up panel of each game's play notebook in headless Chromium: open it, press Describe
this position, change the description as a person would (tests/widget_setups.py), press Set up,
and each choice's row shows the numbers of the position set up, as the same widget in Python
has them after doing the same; a description that cannot happen leaves the table as it was,
with a note naming its field. For each game that names picks, Describe then opens its Pick area:
one option chosen in a menu sets that position up at once, each row shows the numbers the
same widget in Python has after the same pick, and the panel's numbers in short, under the
menus, say what the table says. The panel's text has no Python printed raw."""

from __future__ import annotations

import re

import pytest
from _paths import NOTEBOOKS
from test_widgets_browser import CALLS, REPRS, WAIT_MS, the_same_game
from widget_setups import (
    CHANGES,
    bad_text,
    changed_text,
    pick_change,
    pick_step,
    picks_known,
    positions_known,
)

from toolkit.widgets import DESCRIBE, IN_SHORT, SET_UP

SLUGS = {  # notebook -> its game
    "epic-death-play.ipynb": "epic-death",
    "to-the-death-play.ipynb": "to-the-death",
    "tpk-play.ipynb": "tpk",
    "how-i-died-play.ipynb": "how-i-died",
    "death-may-die-play.ipynb": "death-may-die",
}
NOTEBOOKS_SET_UP = [
    notebook
    for notebook in CALLS
    if SLUGS[notebook] in CHANGES and positions_known(SLUGS[notebook])
]


def test_each_play_notebook_is_named_with_its_game():
    assert set(SLUGS) == set(CALLS)


@pytest.mark.browser
@pytest.mark.timeout(90)
@pytest.mark.parametrize("notebook", NOTEBOOKS_SET_UP)
def test_a_described_and_changed_position_is_set_up_with_its_numbers(
    open_voila, notebook, monkeypatch
):
    from playwright.sync_api import expect
    from widget_clicks import assert_page_rows_match

    monkeypatch.setenv("DEATH_TOOLKIT_COUNT_SECONDS", "10")
    mirror = the_same_game(notebook)
    assert mirror.state.game == SLUGS[notebook]
    css = mirror.css
    page = open_voila(NOTEBOOKS / notebook)
    widget = page.locator(f".{css}-game").first
    expect(widget.locator(f".{css}-action").first).to_be_visible(timeout=WAIT_MS)

    widget.get_by_text("Set up a position", exact=True).click()
    box = widget.locator(f".{css}-setup-text textarea")
    note = widget.locator(f".{css}-setup-note")
    widget.get_by_role("button", name=DESCRIBE, exact=True).click()
    described = mirror.describe()
    expect(box).to_have_value(described, timeout=WAIT_MS)  # the page's game is the mirror's

    text = changed_text(mirror, described)
    box.fill(text)
    widget.get_by_role("button", name=SET_UP, exact=True).click()
    mirror.set_up(text)
    expect(note).to_contain_text("Set up at", timeout=WAIT_MS)
    assert_page_rows_match(page, mirror, timeout_s=20)

    bad, field = bad_text(mirror, described)
    box.fill(bad)
    widget.get_by_role("button", name=SET_UP, exact=True).click()
    expect(note).to_contain_text(f"Nothing was set up: {field}:", timeout=WAIT_MS)
    assert_page_rows_match(page, mirror, timeout_s=20)  # the position set up stays

    if picks_known(SLUGS[notebook]):
        pick_on_the_page(page, widget, mirror)
    shown = widget.inner_text()
    assert not [r for r in REPRS if r in shown], shown
    assert open_voila.errors(page) == []


def pick_on_the_page(page, widget, mirror) -> None:
    """Describe this position, then change the first pick of the Pick area whose change sets
    up a position with other numbers (:func:`widget_setups.pick_change`: an option chosen in a
    menu, or a tag taken away and another typed in): the page sets it up at once, the box says
    what was picked, and each row shows the numbers the mirror has after the same pick."""
    from playwright.sync_api import expect
    from widget_clicks import assert_page_rows_match

    css = mirror.css
    widget.get_by_role("button", name=DESCRIBE, exact=True).click()
    described = mirror.describe()
    box = widget.locator(f".{css}-setup-text textarea")
    expect(box).to_have_value(described, timeout=WAIT_MS)
    label, steps, _ = pick_change(mirror, described)
    row = widget.locator(f".{css}-pick", has=page.get_by_text(label, exact=True))
    for kind, words in steps:
        if kind == "choose":
            row.locator("select").select_option(label=words)
        elif kind == "add":
            row.locator("input").fill(words)
            row.locator("input").press("Enter")
        else:
            tag = row.locator(
                ".jupyter-widget-tag", has_text=re.compile(rf"^\s*{re.escape(words)}\s*$")
            )
            tag.first.locator(".jupyter-widget-tag-close").click()
        pick_step(mirror.pick_control(label), (kind, words))
        expect(box).to_have_value(mirror.setup_text.value, timeout=WAIT_MS)
    expect(widget.locator(f".{css}-setup-note")).to_contain_text("Set up at", timeout=WAIT_MS)
    assert_page_rows_match(page, mirror, timeout_s=20)
    short = assert_the_panel_shows_the_tables_numbers(page, css)
    numbers = widget.locator(f".{css}-setup-numbers")
    expect(numbers).to_be_visible(timeout=WAIT_MS)
    expect(row).to_be_visible(timeout=WAIT_MS)
    box, menu = numbers.bounding_box(), row.bounding_box()
    assert 0 < box["y"] - menu["y"] < 700, (box, menu)  # on one screen with the menu picked
    assert short and short[0][0], short


SHORT_ROWS_JS = """rows => rows.slice(1).map(tr => [...tr.cells].map(
    td => td.innerText.trim().replace(/\\s+/g, ' ')))"""


def assert_the_panel_shows_the_tables_numbers(page, css: str, timeout_s: float = 20) -> list:
    """The Set up panel's numbers in short, under the menus, say what the table of choices says
    at the same moment: each row's choice, the best marked ★, and the main number of each
    column (the percentage over the exact fraction, or "counting..."); within `timeout_s`, as
    the background walk may fill the table a moment before the panel. Returns its rows."""
    import time

    from browser import grid_rows

    deadline = time.monotonic() + timeout_s
    while True:
        short = page.eval_on_selector_all(f".{css}-game .{css}-setup-numbers tr", SHORT_ROWS_JS)
        table = grid_rows(page, f".{css}-game .{css}-choice-grid")[1:]
        columns = max((len(row) - 1 for row in short), default=0)
        from_table = [
            [
                f"{row['cells'][0]} {row['cells'][1]}".strip(),
                *[(cell.split() or [""])[0] for cell in row["cells"][2 : 2 + columns]],
            ]
            for index, row in enumerate(table)
            if index < IN_SHORT or row["cells"][0] == "★"
        ]
        if short == from_table and short:
            return short
        assert time.monotonic() < deadline, (short, from_table)
        time.sleep(0.5)
