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


def assert_each_choice_has_its_numbers_beside_it(game) -> None:
    """The table of choices: each row's button plays one choice (or opens a group of them),
    and the cells beside it are that choice's own numbers from ``game.odds`` (the game's
    decision_odds), in the measures' order, every column hidden only where it says nothing
    (every choice 0 there, or none by design)."""
    from toolkit.widgets import COUNTING, number_html

    odds = game.odds
    assert odds is not None and game._grid is not None
    rows = game.table_rows()
    assert [label for label, *_ in rows] == [choice.label for choice, *_ in game._rows]
    shown_measures = None
    for (choice, *_), (label, cells, note, _) in zip(game._rows, rows, strict=True):
        found = game.shown_odds(choice)
        if shown_measures is None:
            shown_measures = [
                m
                for m, cell in zip(odds.measures, game._rows[0][3], strict=True)
                if cell.layout.display != "none"
            ]
        assert len(cells) == len(shown_measures), label
        for measure, cell in zip(shown_measures, cells, strict=True):
            if measure.name in found.odds:
                assert cell == number_html(measure, found.odds[measure.name]), label
            elif found.refused:
                assert COUNTING in cell or cell == "–", label
            else:
                assert cell == "", label
        if found.refused and not found.odds and not game._counting:
            assert "no numbers" in note, label  # and why
        hidden = [m for m in odds.measures if m not in shown_measures]
        for measure in hidden:  # a hidden column: 0 wherever there is a number
            assert found.odds.get(measure.name, 0) == 0, (label, measure.name)


def row_texts(game) -> list[tuple[str, list[str]]]:
    """Each row of the widget's table as a page shows its text: the button's label, then each
    visible number cell's text (the percentage or decimal, then the exact fraction)."""
    import re
    from html import unescape

    def text(html: str) -> str:
        return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())

    return [(label, [text(cell) for cell in cells]) for label, cells, _, _ in game.table_rows()]


def assert_page_rows_match(page, game, timeout_s: float = 75, settle: bool = False) -> None:
    """In the browser: the table of `game.css` shows, in the row of each choice's button, that
    choice's numbers as `game` (the same game in Python) has them at once; a number `game`
    had to refuse at once reads "counting..." on the page, or a number found since, or a reason
    ("no numbers: ..."). With `settle`, every "counting..." must have turned into a number or a
    reason within `timeout_s`."""
    import time

    from browser import grid_rows

    from toolkit.widgets import COUNTING

    selector = f".{game.css}-game .{game.css}-choice-grid"
    page.wait_for_selector(selector)
    expected = row_texts(game)
    wanted = [
        [c for c in cells if c not in ("", "–", "0", "0%") and COUNTING not in c]  # 0s may hide
        for _, cells in expected
    ]
    deadline = time.monotonic() + timeout_s
    while True:
        rows = grid_rows(page, selector)[1:]
        labels = [row["cells"][1] for row in rows]
        ready = labels == [label for label, _ in expected] and all(
            set(want) <= set(row["cells"][2:]) for want, row in zip(wanted, rows, strict=True)
        )
        counting = any(COUNTING in " ".join(row["cells"]) for row in rows)
        if ready and not (settle and counting):
            break
        assert time.monotonic() < deadline, (labels, expected, rows)
        time.sleep(0.5)
    for row, (_, cells) in zip(rows, expected, strict=True):
        assert row["level"], row  # every cell sits in the button's row
        page_cells = row["cells"][2:]
        if any(COUNTING in cell or cell == "–" for cell in cells):  # refused at once
            said = " ".join(page_cells)
            assert COUNTING in said or "no numbers" in said or "–" not in page_cells, row


def click_to_epic_rerolls(game) -> None:
    """Epic Death!: press Roll or the last button (pass, or the last card) until a re-roll card
    can be played after a roll."""
    from toolkit.steps import PASS
    from toolkit.widgets import ROLL

    state = game.state
    while not (state.stage() == "after_roll" and any(a != PASS for a in state.legal_actions())):
        if game._waits_for_roll():
            game.click(ROLL)
        else:
            game.click(next(reversed(game.buttons())))  # done, or the last card
        assert not state.is_terminal()
