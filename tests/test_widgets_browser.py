"""Every game's play notebook in headless Chromium, played to a finished game and restarted
(issue #17): "Let the bots play to the end" finishes the game on the page, the winner is shown,
and "New game" starts the same seed's game again with choices to click, with no JavaScript error
and no error on the console all the while. The game is driven in Python beside the page, so the
winner the page shows is the one the engine names.

Death May Die's dice and board have a browser test of their own as well.
"""

from __future__ import annotations

import nbformat
import pytest
from _paths import NOTEBOOKS

from toolkit.death_may_die.widget import DeathMayDieWidget
from toolkit.epic_death.widget import EpicDeathWidget
from toolkit.how_i_died.widget import HowIDiedWidget
from toolkit.to_the_death.widget import ToTheDeathWidget
from toolkit.tpk.widget import TPKWidget
from toolkit.widgets import NEW_GAME, PLAY_OUT

REPRS = ("('", "[{", "->", "{'")  # Python printed raw, not words

WAIT_MS = 60_000

# notebook -> the first game it builds, as its code cell writes it
CALLS = {
    "epic-death-play.ipynb": 'EpicDeathWidget(seed=11, players=2, bots="greedy")',
    "to-the-death-play.ipynb": "ToTheDeathWidget(seed=3)",
    "tpk-play.ipynb": 'TPKWidget(seed=3, players=3, bots="convention")',
    "how-i-died-play.ipynb": 'HowIDiedWidget(seed=6, players=4, humans=(0,), bots="glory-greedy")',
    "death-may-die-play.ipynb": "DeathMayDieWidget(seed=0, players=2)",
}
WIDGETS = (EpicDeathWidget, ToTheDeathWidget, TPKWidget, HowIDiedWidget, DeathMayDieWidget)


def the_same_game(notebook: str):
    """The notebook's first game, built in Python."""
    return eval(CALLS[notebook], {w.__name__: w for w in WIDGETS})


@pytest.mark.parametrize("notebook", list(CALLS))
def test_each_notebook_builds_the_game_this_test_mirrors(notebook):
    cells = nbformat.read(NOTEBOOKS / notebook, as_version=4).cells
    assert any(f"game = {CALLS[notebook]}" in cell.source for cell in cells)


@pytest.mark.browser
@pytest.mark.timeout(400)
@pytest.mark.parametrize("notebook", list(CALLS))
def test_a_game_is_played_to_its_end_and_started_again(open_voila, notebook):
    from playwright.sync_api import expect

    game = the_same_game(notebook)
    css = game.css
    page = open_voila(NOTEBOOKS / notebook)
    widget = page.locator(f".{css}-game").first
    expect(widget.locator(f".{css}-action").first).to_be_visible(timeout=WAIT_MS)

    widget.get_by_role("button", name=PLAY_OUT, exact=True).click()
    game.play_out_button.click()
    result = widget.locator(f".{css}-result")
    expect(result).to_contain_text("Game over.", timeout=WAIT_MS)
    expect(result).to_contain_text(game.winners_text(), timeout=WAIT_MS)
    expect(widget.locator(f".{css}-action")).to_have_count(0)

    widget.get_by_role("button", name=NEW_GAME, exact=True).click()
    game.new_game_button.click()
    expect(result).not_to_contain_text("Game over.", timeout=WAIT_MS)
    expect(widget.locator(f".{css}-action")).to_have_count(len(game.buttons()), timeout=WAIT_MS)
    if game.narration:  # the log starts again with the new game
        first = widget.locator(f".{css}-log-line").first
        expect(first).to_have_text(game.narration[0], timeout=WAIT_MS)
    assert open_voila.errors(page) == []


@pytest.mark.browser
@pytest.mark.timeout(60)
@pytest.mark.parametrize("notebook", list(CALLS))
def test_each_choice_has_its_numbers_in_its_row_and_the_page_only_the_game(
    open_voila, notebook, monkeypatch
):
    """At a decision every choice's button has its numbers beside it, in its own row of the
    table: those the widget answers at once, and the rest "counting..." until a more patient
    walk answers them or says why not (here within 20 s). The page shows the live game only:
    no second table or map left by the notebook, no Python printed raw."""
    from widget_clicks import assert_page_rows_match

    monkeypatch.setenv("DEATH_TOOLKIT_COUNT_SECONDS", "20")
    game = the_same_game(notebook)
    page = open_voila(NOTEBOOKS / notebook)
    page.locator(f".{game.css}-game .{game.css}-action").first.wait_for(timeout=WAIT_MS)
    assert_page_rows_match(page, game, timeout_s=30, settle=True)
    text = page.inner_text("body")
    assert not [r for r in REPRS if r in text], [text[text.index(r) - 80 :][:160]
                                                 for r in REPRS if r in text]  # fmt: skip
    assert page.locator(f".{game.css}-game").count() == 1
    assert open_voila.errors(page) == []
