"""The To the Death! play notebook in a real browser.

Voila serves notebooks/to-the-death-play.ipynb and headless Chromium clicks real decisions: a block
during the gladiator's first turn, then in the main step the Sellsword's row, its melee attack's
row and a card to pay with, a focus, the target, the
end of the step and the draw step. The same game is driven in Python beside it (same seed, same
clicks); after every click the page must show that game's exact odds and its log, line for line.
"""

from __future__ import annotations

import nbformat
import pytest
from _paths import NOTEBOOKS
from browser import click_button
from widget_clicks import assert_page_rows_match, row_texts

from toolkit.to_the_death.widget import ToTheDeathWidget

NOTEBOOK = NOTEBOOKS / "to-the-death-play.ipynb"
GAME_CALL = "ToTheDeathWidget(seed=3)"
WAIT_MS = 30_000


def next_click(game: ToTheDeathWidget, done: set[str]) -> str:
    """Block when a block is offered; in the main step attack once with the Sellsword, then end;
    at the weapon's target focus once, then aim at the gladiator; discard nothing at the draw step;
    anything else, the first choice."""
    buttons = list(game.buttons())
    kind = game.state.prompt.question
    if kind == "block":
        return next((b for b in buttons if b.startswith("block with")), buttons[0])
    if kind == "main":
        if "attack" not in done:
            attack = [b for b in buttons if b.startswith("Sellsword: melee attack")]
            if not attack:  # the hero's row opens its moves
                return next(b for b in buttons if b.startswith("Sellsword's moves"))
            cards = [b for b in attack if "pay with" not in b]
            if not cards:
                return attack[0]  # the move's row opens the rows of the cards to pay with
            done.add("attack")
            return cards[0]
        return "end"
    if kind == "target":
        if "focus" not in done:
            done.add("focus")
            return next(b for b in buttons if b.startswith("focus"))
        return "target: Gladiator"
    if kind == "draw step":
        done.add("draw step")
        return "discard nothing"
    return buttons[0]


def test_the_notebook_builds_the_game_this_test_mirrors():
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    assert any(GAME_CALL in cell.source for cell in notebook.cells if cell.cell_type == "code")


def expect_odds(page, game: ToTheDeathWidget, expect) -> list:
    """The table of choices shows the shared numbers (decision_odds) of the decision at hand,
    each in its choice's row."""
    shown = []
    if game.odds is not None:
        assert_page_rows_match(page, game)
        shown = [cell for _, cells in row_texts(game) for cell in cells if cell]
    return shown


@pytest.mark.browser
@pytest.mark.timeout(300)
def test_a_turn_clicked_in_chromium_shows_the_odds_and_tells_each_check(open_voila):
    from playwright.sync_api import expect

    game = ToTheDeathWidget(seed=3)
    page = open_voila(NOTEBOOK)
    log_lines = page.locator(".ttd-game .ttd-log-line")
    expect(log_lines).to_have_count(len(game.narration), timeout=WAIT_MS)
    expect(page.locator(".ttd-game .ttd-enemies")).to_contain_text("Gladiator")

    clicked, done, odds_seen = [], set(), []
    while "draw step" not in done and len(clicked) < 20:
        description = next_click(game, done)
        click_button(page, description)
        game.click(description)
        clicked.append(description)
        expect(log_lines).to_have_count(len(game.narration), timeout=WAIT_MS)
        expect(log_lines.last).to_have_text(game.narration[-1])
        odds_seen += expect_odds(page, game, expect)

    assert clicked[0].startswith("block with")
    assert any(c.startswith("Sellsword: melee attack") for c in clicked)
    assert "target: Gladiator" in clicked and odds_seen
    text = "\n".join(game.narration)
    assert "You: target: Gladiator (expected damage " in text
    assert "Sellsword's melee weapon checks " in text
    page_log = page.locator(".ttd-game .ttd-log").inner_text()
    assert "Sellsword's melee weapon checks " in page_log
    assert [e for e in open_voila.errors(page) if e.startswith("pageerror")] == []
