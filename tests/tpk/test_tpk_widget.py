"""The TPK widget: in Python (clicks on the ipywidgets objects) and in headless Chromium (Voila),
where the same game is mirrored in Python and the page must follow it click by click."""

from __future__ import annotations

import pytest
from widget_clicks import assert_double_click_acts_once, assert_stale_clicks_are_ignored

from toolkit.tpk.display import describe_event, table_html
from toolkit.tpk.examples import LEVEL_ONE_MOVES, LEVEL_ONE_OPTIONS, level_one_example
from toolkit.tpk.rules import KEEP
from toolkit.tpk.widget import TPKWidget

NOTEBOOK_CALL = 'TPKWidget(seed=3, players=3, bots="convention")'


def next_click(game: TPKWidget) -> str:
    """A fixed way to play: keep the first cards drawn; use the first usable card, else pass.
    Returns the button to click."""
    state = game.state
    if state.prompt.question == KEEP:
        size = len(state.legal_actions()[0][1])
        kept = ("keep", tuple(sorted(state.observation(game.seat)["drawn"][:size])))
        return state.action_to_string(kept)
    uses = [name for name in game.buttons() if name != "Pass"]
    return uses[0] if uses else "Pass"


def test_the_widget_plays_a_game_to_the_end_by_clicks():
    game = TPKWidget(seed=3, players=3, bots="convention")
    assert "You are Brin" in game.status.value and "Level 1" in game.view.value
    clicks = 0
    while not game.state.is_terminal() and clicks < 200:
        game.click(next_click(game))
        clicks += 1
    assert game.state.is_terminal()
    assert "party" in game.status.value.lower() or "escaped" in game.status.value
    assert "perfectly coordinated party" in game.log_html.value
    assert "Game over." in game.result_html.value
    game.seed_input.value = 4
    game.new_game_button.click()
    assert game.seed == 4 and game.state.level == 1 and not game.state.is_terminal()


def test_threats_are_numbered_from_one_as_people_count_the_row():
    """Buttons, row cards, the log and the passes used to number the row from 0."""
    game = TPKWidget(seat=1, **LEVEL_ONE_OPTIONS)
    assert game.label(("use", ("taric-greatsword",), (1,))).endswith(" on 2. Large monster")
    state = level_one_example()
    for action, _ in LEVEL_ONE_MOVES[:4]:
        state.apply(action)  # the keeps, then Brin passes on the small monster
    obs = state.observation(1)
    assert describe_event(obs["log"][-1], obs) == "Brin passes on 1. Small monster"
    view = table_html(obs)
    assert "1. Small monster" in view and "3. Secret door" in view and "0. " not in view


def test_the_table_shows_how_the_bots_finished_the_level():
    """The bots often make a level's last moves after yours; the next level's table still shows
    them (the level's log used to be wiped when the next level was dealt)."""
    game = TPKWidget(seed=3, players=3, bots="convention")
    while game.state.level == 1 and not game.state.is_terminal():
        game.click(next_click(game))
    assert game.state.level == 2, "seed 3 clears level 1"
    obs = game.state.observation(0)
    last = obs["last_level"]
    assert last["log"][-1]["seat"] != 0, "a bot made the last move of level 1"
    table = {"characters": obs["characters"], "row": last["row"]}
    assert "How level 1 ended" in game.view.value
    assert describe_event(last["log"][-1], table) in game.view.value


def test_the_widget_never_shows_a_partners_hand():
    game = TPKWidget(seed=3, players=3)
    game.click(next_click(game))
    for seat in (1, 2):
        for card in game.state.hands[seat]:
            assert card not in game.view.value


def test_stale_clicks_are_ignored_with_a_note():
    game = TPKWidget(seed=3, players=3)
    game.click(next_click(game))  # past the keep, to a row of uses and Pass
    assert_stale_clicks_are_ignored(game)


def test_a_double_click_on_keep_keeps_once():
    game = TPKWidget(seed=3, players=3)
    assert game.state.prompt.question == KEEP
    assert_double_click_acts_once(game, next_click(game))


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
        button = next_click(mirror)
        click_button(page, button)
        mirror.click(button)
        clicks += 1
        obs = mirror.state.observation(0)
        if obs["log"]:
            expect(page.get_by_text(describe_event(obs["log"][-1], obs)).first).to_be_visible(
                timeout=30_000
            )
        expect(page.get_by_text(f"Level {mirror.state.level}", exact=False).first).to_be_visible()
    assert clicks >= 2
    assert [e for e in open_voila.errors(page) if e.startswith("pageerror")] == []
