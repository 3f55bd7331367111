"""The Epic Death! play notebook in a real browser.

Voila serves notebooks/epic-death-play.ipynb and headless Chromium clicks through real decisions:
choose a quest, play a Fate card, pass, roll, and on. The same game is driven in Python beside it
(same seed, same clicks), and after every click the page must show that game's exact numbers
beside the choices (its ``decision_odds``) and a log exactly as long.
"""

from __future__ import annotations

import nbformat
import pytest
from _paths import NOTEBOOKS
from browser import click_button
from widget_clicks import assert_page_rows_match

from toolkit.dist import as_fraction_string
from toolkit.epic_death.decisions import plain_pool, quest_ends
from toolkit.epic_death.widget import EpicDeathWidget
from toolkit.widgets import ROLL

NOTEBOOK = NOTEBOOKS / "epic-death-play.ipynb"
GAME_CALL = 'EpicDeathWidget(seed=11, players=2, bots="greedy")'
WAIT_MS = 30_000


def mirror_game() -> EpicDeathWidget:
    return EpicDeathWidget(seed=11, players=2, bots="greedy")


def next_click(game: EpicDeathWidget, played: set[int]) -> str:
    """Roll when asked; otherwise the first quest, one Fate card a turn, then pass."""
    buttons = list(game.buttons())
    if ROLL in buttons:
        return ROLL
    plays = [b for b in buttons if b.startswith("play ")]
    if plays and game.state.turn not in played:
        played.add(game.state.turn)
        return plays[0]
    return "done with Fate cards" if "done with Fate cards" in buttons else buttons[0]


def test_the_notebook_builds_the_game_this_test_mirrors():
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    assert any(GAME_CALL in cell.source for cell in notebook.cells if cell.cell_type == "code")


@pytest.mark.browser
@pytest.mark.timeout(300)
def test_a_turn_clicked_in_chromium_shows_the_exact_odds(open_voila):
    from playwright.sync_api import expect

    game = mirror_game()
    page = open_voila(NOTEBOOK)
    odds = page.locator(".ed-game .ed-choice-table")
    log_lines = page.locator(".ed-game .ed-log-line")
    expect(log_lines).to_have_count(1, timeout=WAIT_MS)
    quest_line = page.locator(".ed-game .ed-quest-line")
    for quest_id in game.state.quest_line:
        quest = game.state.cards.quest(quest_id)
        success = quest_ends(quest, plain_pool(quest))["success"]
        expect(quest_line).to_contain_text(as_fraction_string(success))

    clicked, played = [], set()
    while len(clicked) < 12 and game.state.turn < 3 and not game.state.is_terminal():
        description = next_click(game, played)
        click_button(page, description)
        game.click(description)
        clicked.append(description)
        expect(log_lines).to_have_count(len(game.narration), timeout=WAIT_MS)
        expect(log_lines.last).to_have_text(game.narration[-1])
        if game.odds is not None:
            expect(odds).to_contain_text(game.odds.prompt, timeout=WAIT_MS)
            assert_page_rows_match(page, game)
        if game.pool_odds() is not None:
            expect(
                page.locator(".ed-game .ed-chart canvas, .ed-game .ed-chart svg")
            ).not_to_have_count(0)

    assert clicked[0].startswith("attempt ")
    assert any(c.startswith("play ") for c in clicked) and ROLL in clicked
    assert len(game.narration) > 5
    assert [e for e in open_voila.errors(page) if e.startswith("pageerror")] == []
