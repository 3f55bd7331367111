"""Playing a game widget to the end by pressing its buttons, as a person would (shared by the games'
widget tests)."""

from __future__ import annotations

import random


def play_by_clicks(game, seed: int, limit: int = 5000) -> int:
    """Press a random button until the game ends; returns the number of clicks.

    The widget must offer `buttons()` (labels of the buttons on show), `click(label)` and `state`.
    """
    rng = random.Random(seed)
    for clicks in range(limit):
        if game.state.is_terminal():
            return clicks
        game.click(rng.choice(sorted(game.buttons())))
    raise AssertionError(f"no end after {limit} clicks")


def assert_double_click_acts_once(game, label: str) -> None:
    """The second half of a double click on `label` finds the game moved on: it changes nothing
    and says so on screen."""
    button = game.buttons()[label]
    button.click()
    moved_to = list(game.state.history)
    assert game.note_html.value == ""
    button.click()
    assert game.state.history == moved_to
    assert "ignored" in game.note_html.value and "earlier move" in game.note_html.value


def assert_stale_clicks_are_ignored(game, label: str | None = None) -> None:
    """A button acts only on the position it was drawn for: the second half of a double click, a
    click left over from before the game ended and one from an earlier game each change nothing
    and leave a note on screen. `label` is the button to double-click (the first by default)."""
    assert_double_click_acts_once(game, label or sorted(game.buttons())[0])

    left_over = next(iter(game.buttons().values()))
    game.play_out_button.click()
    assert game.state.is_terminal() and game.buttons() == {}
    assert game.play_out_button.description == "Let the bots play to the end"
    ended = list(game.state.history)
    left_over.click()
    assert game.state.history == ended
    assert "the game that has ended" in game.note_html.value
    assert "Game over." in game.result_html.value

    game.new_game()
    assert game.note_html.value == ""
    start = list(game.state.history)
    left_over.click()  # from the last game
    assert game.state.history == start and "an earlier game" in game.note_html.value
