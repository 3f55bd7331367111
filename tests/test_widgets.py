"""What every game's play widget does alike, through the shared base: undo a choice only while
nothing hidden has been revealed since, save the game and load it back, and refuse a bad save
with a note while the game on screen stays as it was."""

from __future__ import annotations

import random
import re

import ipywidgets as widgets
import pytest
from _paths import ROOT
from widget_clicks import assert_each_choice_has_its_numbers_beside_it

from toolkit.bots import handed
from toolkit.death_may_die.widget import DeathMayDieWidget
from toolkit.epic_death.widget import EpicDeathWidget
from toolkit.games import get_game
from toolkit.how_i_died.widget import HowIDiedWidget
from toolkit.steps import PASS
from toolkit.to_the_death.widget import ToTheDeathWidget
from toolkit.tpk.widget import TPKWidget
from toolkit.widgets import BOT_DECIDES, UNDO

WIDGETS = [EpicDeathWidget, ToTheDeathWidget, TPKWidget, HowIDiedWidget, DeathMayDieWidget]
NAMES = [widget.__name__ for widget in WIDGETS]


def press_something(game, rng: random.Random) -> None:
    """Press an enabled choice, first picking cards (toggles) where a choice waits for them."""
    toggles = [t for box in game.actions.children for t in getattr(box, "children", ())
               if isinstance(t, widgets.ToggleButton)]  # fmt: skip
    for toggle in toggles:
        if all(button.disabled for button in game.buttons().values()):
            toggle.value = True
    game.click(rng.choice(sorted(label for label, b in game.buttons().items() if not b.disabled)))


def undo_button(game):
    found = [b for b in game.actions.children if getattr(b, "description", "") == UNDO]
    return found[0] if found else None


@pytest.mark.parametrize("make", WIDGETS, ids=NAMES)
def test_undo_goes_back_to_the_last_choice_only_while_nothing_is_revealed(make):
    game, rng = make(), random.Random(0)
    assert undo_button(game) is None  # no choice made yet
    undone = 0
    for _ in range(300):
        if game.state.is_terminal() or undone == 3:
            break
        before = list(game.state.history)
        press_something(game, rng)
        if game.can_undo():
            # the choice and the bots' replies revealed no die and no card: it may be undone
            undo_button(game).click()
            assert game.state.history == before
            assert undo_button(game) is None  # once: the choice before it is not kept
            undone += 1
            press_something(game, rng)
        else:
            assert undo_button(game) is None
    assert undone, "no choice could be taken back in 300 clicks"
    game.play_out_button.click()
    assert game.state.is_terminal()


@pytest.mark.parametrize("make", WIDGETS, ids=NAMES)
def test_a_saved_game_loads_back_and_a_bad_save_changes_nothing(make):
    game, rng = make(), random.Random(1)
    for _ in range(5):
        if not game.state.is_terminal():
            press_something(game, rng)
    saved, history = game.save(), list(game.state.history)
    assert game.save_text.value == saved
    game.new_game(seed=game.seed + 1)
    game.load(saved)
    assert game.state.history == history and game.note_html.value == ""
    assert "Loaded a saved game" in game.log_html.value
    game.load(saved[: len(saved) // 2])
    assert "Nothing was loaded" in game.note_html.value
    assert game.state.history == history
    game.play_out_button.click()
    assert game.state.is_terminal()


SIZES = {  # a widget's own options for a game of another number of players than its default
    EpicDeathWidget: {"players": 3},
    ToTheDeathWidget: {"players": 2},
    TPKWidget: {"players": 4},
    HowIDiedWidget: {"players": 3},
    DeathMayDieWidget: {"players": 1},
}


@pytest.mark.parametrize("make", WIDGETS, ids=NAMES)
def test_a_save_of_another_number_of_players_is_refused_with_a_note(make):
    """Such a save used to load, then stop at the first seat with neither a person nor a bot,
    a KeyError in the notebook's log and a widget that no button moved on."""
    other = make(**SIZES[make])
    saved = other.save()
    game = make()
    history = list(game.state.history)
    game.load(saved)
    note = game.note_html.value
    assert "Nothing was loaded" in note and f"of {other.state.num_players} player" in note
    assert game.state.history == history
    game.play_out_button.click()
    assert game.state.is_terminal()


def test_names_from_a_card_file_are_shown_as_text_never_as_markup(monkeypatch):
    """An owner's data file may hold any text: a character named like a tag stays text."""
    from dataclasses import replace

    from toolkit.tpk.cards import catalog

    characters = catalog().characters
    for key, character in list(characters.items()):
        monkeypatch.setitem(characters, key, replace(character, name=f"<img src=x alt='{key}'>"))
    game = TPKWidget()
    shown = [game.status.value, game.view.value]
    game.play_out_button.click()
    shown += [game.status.value, game.view.value, game.log_html.value, game.result_html.value]
    assert all("<img" not in html for html in shown)
    assert any("&lt;img" in html for html in shown)


def control(game, label: str):
    found = [b for b in game.actions.children if getattr(b, "description", "") == label]
    return found[0] if found else None


@pytest.mark.parametrize("make", WIDGETS, ids=NAMES)
def test_the_bot_decides_one_choice_as_the_stand_in_would(make):
    """ "Let the bot decide" plays the stand-in bot's move for the person to act (handed what
    that seat sees), then the bots and dice go on as after a click; the numbers beside the
    choices are the game's own decision_odds whenever a person is to act."""
    game = make()
    for _ in range(3):
        if game.state.is_terminal() or game.state.is_chance_node():  # over, or dice to roll
            break
        state = game.state
        seat = state.current_player()
        assert game.odds == get_game(state.game).decision_odds(state)
        expected = game.stand_in_bot(seat).choose(handed(game.stand_in_bot(seat), state, seat),
                                                  state.legal_actions())  # fmt: skip
        moves = len(state.history)
        control(game, BOT_DECIDES).click()
        assert game.state.history[moves] == expected


@pytest.mark.parametrize("make", WIDGETS, ids=NAMES)
def test_each_choice_carries_its_numbers(make):
    """Beside the table under the choices, a choice's button carries its own numbers in its
    tooltip (a button that is one action, labelled as the table labels it)."""
    game = make()
    if game.odds is None:
        pytest.skip("the first position waits for dice")
    rows = {row.label: row for row in game.odds.actions}
    for label, button in game.buttons().items():
        if label in rows:
            assert game.odds.numbers_text(rows[label].action) in button.tooltip, label


@pytest.mark.parametrize(
    "make",
    [
        lambda: EpicDeathWidget(bots="clever"),
        lambda: ToTheDeathWidget(players=2, opponent="clever"),
        lambda: TPKWidget(bots="clever"),
        lambda: HowIDiedWidget(bots="clever"),
    ],
    ids=["EpicDeathWidget", "ToTheDeathWidget", "TPKWidget", "HowIDiedWidget"],
)
def test_a_bot_the_game_has_not_is_refused_naming_those_it_has(make):
    """One check (toolkit.bots.check_bot_names) for every widget, the command line and studies.
    Death May Die's widget takes no bot: every seat is a person's."""
    with pytest.raises(ValueError, match=r"unknown bot 'clever' \(choose from random, "):
        make()


@pytest.mark.parametrize("make", WIDGETS, ids=NAMES)
def test_undo_with_nothing_to_take_back_leaves_the_game_and_says_so(make):
    game = make(seed=1)
    before = game.state.to_json()
    game.undo()
    assert game.state is not None and game.state.to_json() == before
    assert "Nothing to take back" in game.note_html.value
    game.refresh()  # the widget still draws its game


def test_a_chance_reads_as_a_percentage_with_its_fraction_under_it():
    from fractions import Fraction

    from toolkit.analysis import Measure
    from toolkit.widgets import decimal_text, number_html, percent_text

    assert [percent_text(p) for p in (0, 1, Fraction(1, 5000), Fraction(4999, 5000))] == [
        "0%", "100%", "<0.1%", ">99.9%"
    ]  # fmt: skip
    assert percent_text(Fraction(10389767, 20155392)) == "51.5%"
    assert [decimal_text(x) for x in (Fraction(3, 4), 2, Fraction(-1, 3), Fraction(1, 999))] == [
        "0.75", "2", "-0.33", "0.001"
    ]  # fmt: skip
    html = number_html(Measure("p", "P"), Fraction(53, 64))
    assert html.index("82.8%") < html.index("53/64")  # the percentage first, the fraction under
    assert "numbers-exact" not in number_html(Measure("p", "P"), 1)  # exact already


def test_numbers_refused_at_once_are_counted_on_in_the_background(monkeypatch):
    """Death May Die's first decision: ending the actions is refused within the widget's
    budget and shows "counting..."; a more patient walk (the same as analyse --patience 4)
    answers it in the background, and its row then shows those numbers. The walk works on a
    copy: the game on screen is untouched."""
    from toolkit.analysis import patience
    from toolkit.widgets import COUNTING, GameWidget, number_html

    monkeypatch.setattr(GameWidget, "keep_counting", True)
    game = DeathMayDieWidget(seed=0)
    before = game.state.to_json()
    rows = dict((label, cells) for label, cells, _, _ in game.table_rows())
    assert all(COUNTING in cell for cell in rows["end actions"])
    assert game.wait_for_numbers(30)
    with patience(4):
        patient = get_game(game.state.game).decision_odds(game.state)
    found = patient.for_action(PASS)
    assert found.odds
    rows = dict((label, cells) for label, cells, _, _ in game.table_rows())
    shown = [m for m in patient.measures if found.odds.get(m.name, 0) != 0]
    for measure in shown:
        assert number_html(measure, found.odds[measure.name]) in rows["end actions"]
    assert game.state.to_json() == before
    assert_each_choice_has_its_numbers_beside_it(game)


def test_a_row_fills_when_its_walk_tells_its_numbers_before_the_rest_are_answered(monkeypatch):
    """A game that answers choice after choice tells each choice's numbers as it finds them
    (hearing_answers): the background walk writes that row at once, while the walk goes on.
    Here Death May Die's patient walk is held after it told the numbers of ending the actions,
    until the row has been read."""
    import threading

    from toolkit import widgets as base
    from toolkit.analysis import heard, patience
    from toolkit.widgets import GameWidget, number_html

    told, go_on = threading.Event(), threading.Event()
    spec = get_game("death-may-die")

    class Held:
        def __getattr__(self, name):
            return getattr(spec, name)

        def decision_odds(self, state):
            odds = spec.decision_odds(state)
            if threading.current_thread().name == "numbers":  # the background walk only
                heard(PASS, odds.for_action(PASS).odds)
                told.set()
                go_on.wait(30)
            return odds

    monkeypatch.setattr(GameWidget, "keep_counting", True)
    monkeypatch.setattr(base, "get_game", lambda slug: Held())
    game = DeathMayDieWidget(seed=0)
    assert told.wait(30)
    with patience(4):
        patient = spec.decision_odds(game.state).for_action(PASS)
    rows = dict((label, cells) for label, cells, _, _ in game.table_rows())
    assert game._counting  # the walk that told them has not ended
    shown = [m for m in spec.decision_odds(game.state).measures if patient.odds.get(m.name, 0)]
    assert shown and all(number_html(m, patient.odds[m.name]) in rows["end actions"] for m in shown)
    go_on.set()
    assert game.wait_for_numbers(30)


def test_the_best_mark_says_it_is_of_the_rows_answered_while_some_are_open(monkeypatch):
    """How I Died's first card (seed 6): the hand's three cards are answered within a second or
    two, the Pool's two take far longer. The ★ is then the best of those answered so far, and
    the heading says so; when the background walk gives up (here told to, once the first rows
    are in), the best of those answered, and the note under the table says why it stopped and
    how to wait longer."""
    import time

    import toolkit.widgets
    from toolkit.widgets import COUNTING, GameWidget

    monkeypatch.setattr(GameWidget, "keep_counting", True)
    monkeypatch.setattr(toolkit.widgets, "COUNT_SECONDS", 50)
    game = HowIDiedWidget(seed=6)
    began = time.monotonic()
    while not any(best for *_, best in game.table_rows()) and time.monotonic() - began < 40:
        time.sleep(0.05)
    heading = game.numbers_on_show()
    assert COUNTING in heading
    assert "★ marks the best choice of those answered so far by" in heading
    monkeypatch.setattr(toolkit.widgets, "COUNT_SECONDS", 0)  # time is up
    assert game.wait_for_numbers(30)
    shown = game.numbers_on_show()
    assert "★ marks the best choice of those answered by" in shown
    assert "More patient walks went on in the background: not answered within 0 s." in shown
    # how to wait longer: the widget's own Save box and its game's command, whole
    assert "press Save, put the text in a file and run death-toolkit analyse how-i-died " in shown


def test_a_move_calls_off_the_walk_of_the_position_before(monkeypatch):
    """How I Died's first card: its walks run long; a click does not wait for them, the walk
    of the old position stops within seconds, and nothing it found reaches the new table."""
    import time

    from toolkit.widgets import GameWidget

    monkeypatch.setattr(GameWidget, "keep_counting", True)
    game = HowIDiedWidget(seed=11)
    walk = game._thread
    assert walk is not None and walk.is_alive()
    started = time.monotonic()
    game.click(sorted(game.buttons())[0])
    assert time.monotonic() - started < 5  # the click is not blocked by the walk
    walk.join(15)
    assert not walk.is_alive()
    labels = [label for label, *_ in game.table_rows()] if game._grid is not None else []
    assert labels == [game.state.action_to_string(a) for a in game.state.legal_actions()] or (
        game.state.current_player() not in game.humans or game.state.is_terminal()
    )
    game.wait_for_numbers(70)


@pytest.mark.parametrize("make", WIDGETS, ids=NAMES)
def test_the_wait_the_note_suggests_is_the_play_notebooks(make):
    """Where a play notebook tells how to wait longer for numbers, with ``analyse`` and a
    patience, the widget's note under its table suggests the same patience."""
    game = make(seed=0)
    notebook = (ROOT / "notebooks" / f"{game.state.game}-play.ipynb").read_text(encoding="utf-8")
    said = re.findall(rf"analyse {game.state.game} --state FILE --patience (\d+)", notebook)
    assert all(int(patience) == make.wait_patience for patience in said), said
