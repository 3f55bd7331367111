"""The TPK widget: in Python (clicks on the ipywidgets objects) and in headless Chromium (Voila),
where the same game is mirrored in Python and the page must follow it click by click."""

from __future__ import annotations

import pytest

from toolkit.tpk.display import describe_event
from toolkit.tpk.widget import TPKWidget

NOTEBOOK_CALL = 'TPKWidget(seed=3, players=3, bots="convention")'


def next_click(game: TPKWidget) -> tuple[list[str], str]:
    """A fixed way to play: keep the first cards drawn; use the first usable card, else pass.
    Returns the toggle descriptions to press and the button to click."""
    if game.state.phase == "keep":
        size = len(game.state.legal_actions()[0][1])
        toggles = [t.description for t in game.choices.children[1].children[:size]]
        return toggles, "Keep selected"
    names = [b.description for b in game.choices.children[0].children]
    uses = [n for n in names if n != "Pass"]
    return [], uses[0] if uses else "Pass"


def press(game: TPKWidget, toggles: list[str], button: str) -> None:
    for child in game.choices.children:
        for widget in getattr(child, "children", [child]):
            if getattr(widget, "description", None) in toggles:
                widget.value = True
    for child in game.choices.children:
        for widget in getattr(child, "children", [child]):
            if getattr(widget, "description", None) == button:
                widget.click()
                return
    raise AssertionError(f"no button {button!r}")


def test_the_widget_plays_a_game_to_the_end_by_clicks():
    game = TPKWidget(seed=3, players=3, bots="convention")
    assert "You are Brin" in game.status.value and "Level 1" in game.view.value
    clicks = 0
    while not game.state.is_terminal() and clicks < 200:
        press(game, *next_click(game))
        clicks += 1
    assert game.state.is_terminal()
    assert "party" in game.status.value.lower() or "escaped" in game.status.value
    assert "perfectly coordinated party" in game.verdicts.value
    game.new_game.click()
    assert game.seed == 4 and game.state.level == 1 and not game.state.is_terminal()


def test_the_widget_never_shows_a_partners_hand():
    game = TPKWidget(seed=3, players=3)
    press(game, *next_click(game))
    for seat in (1, 2):
        for card in game.state.hands[seat]:
            assert card not in game.view.value


@pytest.mark.browser
@pytest.mark.timeout(400)
def test_a_game_clicked_in_chromium_follows_the_engine(open_voila):
    from _paths import NOTEBOOKS
    from browser import click_button
    from playwright.sync_api import expect

    notebook = NOTEBOOKS / "tpk-play.ipynb"
    assert NOTEBOOK_CALL.replace('"', '\\"') in notebook.read_text()
    mirror = TPKWidget(seed=3, players=3, bots="convention")
    page = open_voila(notebook)
    expect(page.get_by_text("You are Brin. Your turn.")).to_be_visible(timeout=60_000)
    clicks = 0
    while not mirror.state.is_terminal() and clicks < 12:
        toggles, button = next_click(mirror)
        for toggle in toggles:
            click_button(page, toggle)
        click_button(page, button)
        press(mirror, toggles, button)
        clicks += 1
        obs = mirror.state.observation(0)
        if obs["log"]:
            expect(page.get_by_text(describe_event(obs["log"][-1], obs)).first).to_be_visible(
                timeout=30_000
            )
        expect(page.get_by_text(f"Level {mirror.state.level}", exact=False).first).to_be_visible()
    assert clicks >= 2
    assert [e for e in open_voila.errors(page) if e.startswith("pageerror")] == []
