"""The Death May Die widgets, in Python (``button.click()``) and in headless Chromium (Voila).

Every number a widget shows is checked against the solver called directly.
"""

from __future__ import annotations

import random
from fractions import Fraction

import nbformat
import pytest
from _paths import NOTEBOOKS
from browser import click_button
from widget_clicks import assert_double_click_acts_once, assert_stale_clicks_are_ignored

from toolkit.death_may_die.decisions import decision_odds, walk_options
from toolkit.death_may_die.rerolls import p_at_least
from toolkit.death_may_die.widget import DeathMayDieWidget, DiceExplorer

NOTEBOOK = NOTEBOOKS / "death-may-die-play.ipynb"
GAME_CALL = "DeathMayDieWidget(seed=0, players=2)"
CLICKS = ["run", "move warehouse", "move nave", "stop running", "attack cultist-1", "Roll all"]
WAIT_MS = 30_000


def test_buttons_are_the_legal_actions_and_clicks_play_them():
    game = DeathMayDieWidget(seed=0, players=2)
    state = game.state
    assert list(game.buttons()) == [state.action_to_string(a) for a in state.legal_actions()]
    for description in CLICKS[:4]:
        game.click(description)
    assert state.investigators[0]["space"] == "nave" and state.investigators[0]["fire"] == 1
    # 3 black + 1 green (Brawl) against a cultist's 2 health, with all 4 stress to spend
    assert game.odds == decision_odds(state)
    attack = game.odds.for_action(("attack", "cultist-1"))
    assert attack.odds["defeated"] == p_at_least(3, 1, 2, 4) == Fraction(247, 256)
    assert "247/256" in game.odds_html.value
    game.click("attack cultist-1")
    game.click("Roll all")
    assert game.odds == decision_odds(state)
    best = max(game.odds.actions, key=lambda o: _ranked(state, o.action))
    assert f"best choice is {best.label!r}".replace("'", "&#x27;") in game.odds_html.value
    assert game.prompt.value.count("reroll a die for 1 stress") == 1


def _ranked(state, action):
    return walk_options(state)[action][1]


def test_the_widget_shows_the_shared_numbers_and_no_pane_of_its_own():
    """At every decision of a few turns the widget's numbers are decision_odds' (what
    `death-toolkit analyse` prints), and no second odds pane is drawn."""
    game = DeathMayDieWidget(seed=3, players=1)
    rng = random.Random(3)
    for _ in range(40):
        if game.state.is_terminal():
            break
        if game.state.is_chance_node():
            game.click("Roll all")
            continue
        assert game.odds == decision_odds(game.state)
        assert game.odds_html.value == game.odds._repr_html_()
        game.click(rng.choice(sorted(game.buttons())))
    assert not any("dmd-odds" in child.value for child in [game.board, game.prompt])


def test_random_clicks_play_a_game_to_the_end():
    game = DeathMayDieWidget(seed=4, players=1)
    rng = random.Random(4)
    for _ in range(3000):
        if game.state.is_terminal():
            break
        game.click(rng.choice(sorted(game.buttons())))
    assert game.state.is_terminal() and game.buttons() == {}
    assert "game over" in game.prompt.value


def test_stale_clicks_are_ignored_with_a_note():
    game = DeathMayDieWidget(seed=0, players=2)
    assert_stale_clicks_are_ignored(game, "run")


def test_a_double_click_on_roll_rolls_one_die():
    game = DeathMayDieWidget(seed=0, players=2)
    for description in [*CLICKS[:4], "attack cultist-1"]:
        game.click(description)
    assert_double_click_acts_once(game, "Roll")


def test_dice_explorer_shows_the_solver_numbers():
    explorer = DiceExplorer(black=3, green=1, need=2, stress=2, charts=False)
    assert "57/64" in explorer.summary.value and "11/16" in explorer.summary.value
    explorer.stress.value = 0
    assert "11/16 (68.8%)</b> with up to 0 stress" in explorer.summary.value
    explorer.black.value, explorer.green.value = 6, 5
    explorer.need.value, explorer.stress.value = 6, 4
    assert str(p_at_least(6, 5, 6, 4)) in explorer.summary.value


def test_dice_explorer_draws_both_charts_as_svg():
    explorer = DiceExplorer(black=2, green=1, need=1, stress=1)
    assert explorer.charts.value.startswith("<svg") and "joint odds" in explorer.charts.value


def test_the_notebook_builds_the_game_this_test_mirrors():
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    assert any(GAME_CALL in cell.source for cell in notebook.cells if cell.cell_type == "code")


@pytest.mark.browser
@pytest.mark.timeout(300)
def test_a_turn_clicked_in_chromium_shows_the_odds_and_the_advice(open_voila):
    from playwright.sync_api import expect

    mirror = DeathMayDieWidget(seed=0, players=2)
    page = open_voila(NOTEBOOK)
    prompt = page.locator(".dmd-prompt")
    odds = page.locator(".dmd-odds")
    expect(prompt).to_contain_text("choose an action (3 left)", timeout=WAIT_MS)
    expect(page.locator(".dmd-explorer")).to_contain_text("57/64", timeout=WAIT_MS)
    for description in CLICKS:
        click_button(page, description)
        mirror.click(description)
        expect(prompt).to_contain_text(mirror.state.describe_step(), timeout=WAIT_MS)
        if description == "stop running":
            expect(odds).to_contain_text("247/256", timeout=WAIT_MS)
    expect(odds).to_contain_text("the walk's best choice is", timeout=WAIT_MS)
    expect(odds).to_contain_text(mirror.odds.prompt)
    expect(page.locator("svg.dmd-board")).to_have_count(1)
    assert [e for e in open_voila.errors(page) if e.startswith("pageerror")] == []
