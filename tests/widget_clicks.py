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
