"""The Set up panel of every game's play widget, through the shared base: a described position,
changed as a person would change it, is set up with the numbers the game gives that position
(``decision_odds`` of ``position``), one that cannot happen or that this widget cannot seat is
refused with a note naming the field and the game stays as it was, and a game set up this way is
saved as its description and its moves and loads back to the same game."""

from __future__ import annotations

from html import unescape

import pytest
import yaml
from widget_clicks import assert_each_choice_has_its_numbers_beside_it, row_texts
from widget_setups import CHANGES, bad_text, changed_text, positions_known

from toolkit.death_may_die.widget import DeathMayDieWidget
from toolkit.epic_death.widget import EpicDeathWidget
from toolkit.games import get_game
from toolkit.how_i_died.widget import HowIDiedWidget
from toolkit.to_the_death.widget import ToTheDeathWidget
from toolkit.tpk.widget import TPKWidget
from toolkit.widgets import description_yaml

# game -> its widget as the play notebook first builds it (tests/test_widgets_browser.py CALLS)
MAKERS = {
    "epic-death": lambda **kw: EpicDeathWidget(
        **{"seed": 11, "players": 2, "bots": "greedy", **kw}
    ),
    "tpk": lambda **kw: TPKWidget(**{"seed": 3, "players": 3, "bots": "convention", **kw}),
    "to-the-death": lambda **kw: ToTheDeathWidget(**{"seed": 3, **kw}),
    "death-may-die": lambda **kw: DeathMayDieWidget(**{"seed": 0, "players": 2, **kw}),
    "how-i-died": lambda **kw: HowIDiedWidget(
        **{"seed": 11, "players": 4, "humans": (0,), "bots": "glory-greedy", **kw}
    ),
}
GAMES = [game for game in MAKERS if positions_known(game)]
OTHER_SIZE = {
    "epic-death": {"players": 3},
    "tpk": {"players": 4},
    "to-the-death": {"players": 2},
    "death-may-die": {"players": 1},
    "how-i-died": {"players": 3},
}
#: game -> the options of its widget with a person in seat 1, where seat 1 is a bot's by default
#: (in To the Death! solo and Death May Die's hot seat, no seat is a bot's)
SEAT_1 = {"epic-death": {"human": 1}, "tpk": {"seat": 1}, "how-i-died": {"humans": (1,)}}


def numbers(odds) -> list:
    return [(found.action, found.odds, found.refused) for found in odds.actions]


def set_up_changed(game) -> dict:
    """Describe, change the description as :data:`CHANGES` does, Set up; the description."""
    text = changed_text(game, game.describe())
    game.set_up(text)
    assert "Set up at" in game.setup_note.value, game.setup_note.value
    return yaml.safe_load(text)


def test_every_changed_game_has_a_maker():
    assert set(CHANGES) == set(MAKERS) == set(OTHER_SIZE)


@pytest.mark.parametrize("slug", GAMES)
def test_the_numbers_after_set_up_are_those_of_the_described_position(slug):
    game = MAKERS[slug]()
    before = row_texts(game)
    description = set_up_changed(game)
    spec = get_game(slug)
    assert numbers(game.odds) == numbers(spec.decision_odds(spec.position(description)))
    assert row_texts(game) != before  # the change matters, and the table shows it
    assert_each_choice_has_its_numbers_beside_it(game)
    assert game.state.description == description
    assert game.state.history == []
    assert "Set up a position described from seat 0" in game.log_html.value
    assert game.narration[0] == f"Set up a position described from seat 0: {game.seat_name(0)}."
    assert "((" not in game.narration[0] and "))" not in game.narration[0]  # "Brin (you)"
    assert not [line for line in game.narration if "new game" in line.lower()], game.narration
    assert ("against the bots" in game.setup_note.value) == bool(game.bot_names)


@pytest.mark.parametrize("slug", GAMES)
def test_a_description_that_cannot_happen_is_refused_naming_its_field(slug):
    game = MAKERS[slug]()
    state, rows = game.state, row_texts(game)
    text, field = bad_text(game, game.describe())
    game.set_up(text)
    note = game.setup_note.value
    assert note.startswith('<span class="setup-refused"') and f"<b>{field}</b>:" in note, note
    assert game.state is state and row_texts(game) == rows
    game.set_up("hand: [unclosed")
    note = game.setup_note.value
    assert "Nothing was set up: " in note and "YAML" in note and "<b>" not in note, note
    assert game.state is state


@pytest.mark.parametrize("slug", GAMES)
def test_a_description_of_another_number_of_players_is_refused_and_the_game_stays(slug):
    game = MAKERS[slug]()
    state, history, rows = game.state, list(game.state.history), row_texts(game)
    game.set_up(MAKERS[slug](**OTHER_SIZE[slug]).describe())
    assert "<b>players</b>:" in game.setup_note.value, game.setup_note.value
    assert game.state is state and game.state.history == history and row_texts(game) == rows


@pytest.mark.parametrize("slug", [game for game in GAMES if game in SEAT_1])
def test_a_bots_seat_or_a_bots_decision_is_refused_and_the_game_stays(slug):
    spec = get_game(slug)
    game = MAKERS[slug]()
    state, history, rows = game.state, list(game.state.history), row_texts(game)
    bots_view = description_yaml(spec.describe(game.state, seat=1))  # seat 1 is a bot's
    game.set_up(bots_view)
    assert "<b>seat</b>:" in game.setup_note.value, game.setup_note.value
    assert game.state is state and game.state.history == history and row_texts(game) == rows
    # where a person plays seat 1, the decision is still seat 0's, a bot's: the bots would play
    # past it at once, so it is refused too
    person = MAKERS[slug](**SEAT_1[slug])
    state = person.state
    person.set_up(bots_view)
    said = f"<b>decision</b>: it is {person.seat_name(0)}'s turn (seat 0), and the bots"
    assert said in unescape(person.setup_note.value), person.setup_note.value
    assert person.state is state


@pytest.mark.parametrize("slug", GAMES)
def test_a_game_set_up_saves_its_description_and_loads_back(slug):
    game = MAKERS[slug]()
    description = set_up_changed(game)
    game.click(sorted(game.buttons())[0])  # a move, and the bots' and the dice's after it
    saved = game.save()
    assert yaml.safe_load(saved)["position"] == description  # JSON is YAML
    assert "seed" not in yaml.safe_load(saved)
    again = MAKERS[slug]()
    again.load(saved)
    assert again.note_html.value == ""
    assert again.state.history == game.state.history and again.state.history
    assert again.state.to_json() == game.state.to_json()
    assert row_texts(again) == row_texts(game)
    assert again.state.description == description
