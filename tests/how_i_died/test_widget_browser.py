"""The play notebook in headless Chromium: an adventure built by clicks, effects chosen as buttons,
the exact numbers beside the choices on the page. The same game is driven in Python beside it
(same seed, same clicks), and after every click the page must show that game's log line and the
numbers its decision_odds gives."""

from __future__ import annotations

import pytest
from _paths import NOTEBOOKS
from browser import click_button
from widget_clicks import assert_page_rows_match

from toolkit.how_i_died.widget import HowIDiedWidget, StoryWidget

NOTEBOOK = NOTEBOOKS / "how-i-died-play.ipynb"
GAME_CALL = 'HowIDiedWidget(seed=6, players=4, humans=(0,), bots="glory-greedy")'
STORY_CALL = "StoryWidget(seed=5, players=3)"
WAIT_MS = 30_000


def test_the_notebook_builds_the_games_this_test_mirrors():
    text = NOTEBOOK.read_text()
    assert GAME_CALL.replace('"', '\\"') in text and STORY_CALL in text


def choose(game: HowIDiedWidget) -> str:
    """A fixed way to play: use an effect when there is one, else the first button."""
    buttons = list(game.buttons())
    useful = [b for b in buttons if b != "skip the effect"]
    return useful[0] if useful else buttons[0]


@pytest.mark.browser
@pytest.mark.timeout(300)
def test_adventures_clicked_in_chromium_match_the_engine(open_voila):
    from playwright.sync_api import expect

    game = HowIDiedWidget(seed=6, players=4, humans=(0,), bots="glory-greedy")
    page = open_voila(NOTEBOOK)
    log_lines = page.locator(".hid-game .hid-log-line")
    odds = page.locator(".hid-game .hid-choice-table")
    expect(log_lines.last).to_have_text(game.narration[-1], timeout=WAIT_MS)
    clicks = 0
    while len(game.state.adventures[0]) < 2 and clicks < 30 and game.buttons():
        if game.odds is not None:
            expect(odds).to_contain_text(game.odds.prompt, timeout=WAIT_MS)
            assert_page_rows_match(page, game)
        description = choose(game)
        click_button(page, description)
        game.click(description)
        clicks += 1
        expect(log_lines).to_have_count(len(game.narration), timeout=WAIT_MS)
        expect(log_lines.last).to_have_text(game.narration[-1], timeout=WAIT_MS)
    assert len(game.state.adventures[0]) >= 2  # two adventures built by clicks, bots in between
    expect(page.locator(".hid-game .hid-players")).to_contain_text(
        f"damage {game.state.damage(0)}/15"
    )

    story = StoryWidget(seed=5, players=3)
    first = next(iter(story.buttons()))
    click_button(page, first)
    story.click(first)
    expect(page.locator(".hid-story-game .hid-prompt")).to_have_text(
        story.prompt_text(), timeout=WAIT_MS
    )
