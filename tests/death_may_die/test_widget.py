"""The Death May Die widgets, in Python (``button.click()``) and in headless Chromium (Voila).

Every number a widget shows is checked against the solver called directly.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction

import nbformat
import pytest
from _paths import NOTEBOOKS
from browser import click_button
from widget_clicks import (
    assert_double_click_acts_once,
    assert_each_choice_has_its_numbers_beside_it,
    assert_stale_clicks_are_ignored,
)

from toolkit.bots import RandomBot
from toolkit.death_may_die.decisions import decision_odds, walk_options
from toolkit.death_may_die.dice import add_results, face_symbols, roll_distribution
from toolkit.death_may_die.display import rest_of_throw_html, roll_html, state_html
from toolkit.death_may_die.odds import rest_of_throw
from toolkit.death_may_die.rerolls import p_at_least
from toolkit.death_may_die.rules import DeathMayDieState
from toolkit.death_may_die.widget import DeathMayDieWidget, DiceExplorer
from toolkit.simulate import sample_outcome
from toolkit.state import CHANCE

NOTEBOOK = NOTEBOOKS / "death-may-die-play.ipynb"
GAME_CALL = "DeathMayDieWidget(seed=0, players=2)"
CLICKS = [
    "run",
    "move to Warehouse",
    "move to Nave",
    "stop running",
    "attack Cultist 1",
    "Roll all",
]
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
    assert "247/256" in game.numbers_on_show()
    game.click("attack Cultist 1")
    game.click("Roll all")
    assert game.odds == decision_odds(state)
    best = max(game.odds.actions, key=lambda o: _ranked(state, o.action))
    assert f"best choice is {best.label!r}".replace("'", "&#x27;") in game.numbers_on_show()
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
        assert_each_choice_has_its_numbers_beside_it(game)
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


def test_the_widget_plays_the_episode_it_is_given():
    game = DeathMayDieWidget(seed=4, players=2, episode="high_tide")
    assert game.state.episode.id == "high_tide"
    assert game.state.tokens["seal"] == ["bell_tower", "tomb", "cliff", "well"]
    assert DeathMayDieWidget(seed=4, players=2).state.episode.id == "drowned_chapel"


def test_stale_clicks_are_ignored_with_a_note():
    game = DeathMayDieWidget(seed=0, players=2)
    assert_stale_clicks_are_ignored(game, "run")


def test_a_double_click_on_roll_rolls_one_die():
    game = DeathMayDieWidget(seed=0, players=2)
    for description in CLICKS[:5]:
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
    odds = page.locator(".dmd-game .dmd-choice-table")
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
    expect(page.locator(".dmd-game svg.dmd-board")).to_have_count(1)  # and the static one below
    expect(page.locator(".dmd-game svg.dmd-die")).to_have_count(mirror.dice.value.count("<svg"))
    assert [e for e in open_voila.errors(page) if e.startswith("pageerror")] == []


# -- what a person reads: names, never ids; a log that tells what happened --------------------------
INTERNAL_ID = re.compile(
    r"\b[a-z]+(?:_[a-z]+)+\b"  # a snake_case id: fire_vampire, lamp_room
    r"|\b[a-z]+(?:_[a-z]+)*-\d+\b"  # a figure's id: cultist-7, deep_one-4
    r"|\b[a-z]+\+[a-z]+"  # faces joined by "+": success+tentacle
    r"|\blevel (?:up )?(?:attack|test|guard|resolve)\b"  # a skill kind, not its name
)


def shown_text(html: str) -> str:
    """What a person reads in some HTML: its text and the titles (tooltips), not its markup."""
    return re.sub(r"<[^>]*>", " ", html)


def id_finder(state):
    """Whether a text shows an internal id: one of :data:`INTERNAL_ID`'s patterns, or one of the
    data's one-word ids (spaces, enemies, assets), which a name shows capitalised. The data's own
    prose (a Discovery choice, "Take the harpoon") is left out of the search."""
    cards = state.cards
    ids = [*state.board.spaces, *cards.enemies, *cards.items, *cards.companions, *cards.conditions]
    one_word = re.compile(r"\b(?:" + "|".join(i for i in ids if "_" not in i) + r")\b")
    prose = [choice.label for card in cards.discovery.values() for choice in card.choices]

    def finds(text: str) -> bool:
        for label in prose:
            text = text.replace(label, "")
        return bool(INTERNAL_ID.search(text) or one_word.search(text))

    return finds


def what_is_read(state) -> list[str]:
    """The texts of a position as the widget shows them: the buttons, the prompt, the board and
    the investigators' table, and the roll in progress with the numbers of its throw."""
    texts = [state.action_to_string(a) for a in state.legal_actions()]
    texts += [state.describe_step(), shown_text(state_html(state))]
    if not state.is_terminal() and state.roll is not None:
        step = state.roll
        texts += [shown_text(roll_html(state, step)), shown_text(rest_of_throw_html(state, step))]
    return texts


def told(state, before: dict, lines: list[str]) -> list[str]:
    """What changed on the table since `before` and is missing from the new log `lines`: each
    investigator's wounds, sanity and stress, and where each enemy and the Elder One stand."""
    missing = []
    said = " ".join(lines)
    for person, was in zip(state.investigators, before["people"], strict=True):
        for track, words in (("wounds", ("wound",)), ("sanity", ("sanity",)),
                             ("stress", ("stress",))):  # fmt: skip
            if person[track] != was[track] and not (
                person["name"] in said and any(w in said for w in words)
            ):
                missing.append(f"{person['name']}'s {track} {was[track]} -> {person[track]}")
    for uid, space in before["enemies"].items():
        now = state.enemies.get(uid, {}).get("space")
        if now != space and not ((now and state.space_name(now) in said) or "killed" in said):
            missing.append(f"{uid} {space} -> {now}")
    if state.elder["space"] != before["elder"] and "the Elder One" not in said:
        missing.append(f"the Elder One {before['elder']} -> {state.elder['space']}")
    return missing


def snapshot(state) -> dict:
    return {
        "people": [dict(p) for p in state.investigators],
        "enemies": {uid: e["space"] for uid, e in state.enemies.items()},
        "elder": state.elder["space"],
    }


@pytest.mark.parametrize("seed", range(20))
def test_seeded_games_read_as_names_and_their_log_tells_every_change(seed):
    """Random bots play a seeded game; at every position nothing a person reads holds an internal
    id, and every change of a track or of a figure's space is told in the engine's log."""
    state = DeathMayDieState(seed=seed, players=2)
    bots = [RandomBot(seed * 101 + seat) for seat in range(2)]
    rng, shows_an_id = random.Random(seed), id_finder(state)
    while not state.is_terminal() and len(state.history) < 3000:
        for text in what_is_read(state):
            assert not shows_an_id(text), text
        before, logged = snapshot(state), len(state.log)
        if state.current_player() == CHANCE:
            state.apply(sample_outcome(state.chance_outcomes(), rng))
        else:
            seat = state.current_player()
            state.apply(bots[seat].choose(state, state.legal_actions()))
        lines = state.log[logged:]
        assert not told(state, before, lines), (told(state, before, lines), lines)
        for line in lines:
            assert not shows_an_id(line), line
    assert state.is_terminal()


def test_discovery_choices_are_named_from_the_card_and_the_choice_is_logged():
    state = DeathMayDieState(seed=0, players=1)
    card = state.cards.discovery["crate"]
    state.run_steps(("choose", {"card": "crate"}))
    labels = [state.action_to_string(a) for a in state.legal_actions()]
    assert labels == [choice.label for choice in card.choices]
    assert card.name in state.describe_step()
    state.apply(("choose", 1))
    assert f"chooses: {card.choices[1].label}" in " ".join(state.log)


def test_the_rest_of_a_throw_is_the_faces_showing_plus_the_dice_to_roll():
    step = {"black": 3, "green": 1, "faces": [["black", "success+tentacle"]], "reroll": None}
    shift = face_symbols("success+tentacle")
    expected = roll_distribution(2, 1).map(lambda r: add_results(r, shift))
    assert rest_of_throw(step) == expected
    step = {"black": 2, "green": 1, "reroll": 2,
            "faces": [["black", "success"], ["black", "blank"], ["green", "elder"]]}  # fmt: skip
    shift = face_symbols("success")
    assert rest_of_throw(step) == roll_distribution(0, 1).map(lambda r: add_results(r, shift))


def test_each_roll_click_shows_the_die_just_rolled_and_the_rest_of_the_throw():
    game = DeathMayDieWidget(seed=0, players=2)
    for description in CLICKS[:5]:
        game.click(description)
    step = game.state.roll
    assert game.dice.value.count("still to roll") == 4 and game.odds is None
    assert game.odds_html.value == rest_of_throw_html(game.state, step)
    assert "4 dice still to roll" in game.odds_html.value
    for thrown in range(1, 5):
        game.click("Roll")
        assert game.dice.value.count("<svg") == 4
        assert game.dice.value.count("just rolled") == 1
        assert game.dice.value.count("still to roll") == 4 - thrown
        colour, face = step["faces"][thrown - 1]
        assert f"{colour} die: " in game.dice.value
        if thrown < 4:
            assert game.odds_html.value == rest_of_throw_html(game.state, step)
    assert game.odds == decision_odds(game.state)  # the reroll decision's own numbers
    game.click("accept the roll")
    assert "Last roll" in game.dice.value and "Rosa the Sailor attacks Cultist" in game.dice.value
    assert any(line.startswith("Rosa the Sailor attacks Cultist") for line in game.narration)


def test_game_over_names_the_investigators_and_offers_a_new_game():
    game = DeathMayDieWidget(seed=1, players=2)
    game.play_out_button.click()
    assert game.state.is_terminal() and game.buttons() == {}
    result = game.result_html.value
    assert "Game over." in result and "New game" in result
    names = [p["name"] for p in game.state.investigators]
    if game.state.result == "win":
        assert all(name in result for name in names)
    else:
        assert "Nobody won" in result
    assert game.new_game_button in game.controls.children and game.controls in game.children
    game.new_game_button.click()
    assert not game.state.is_terminal() and game.buttons()
