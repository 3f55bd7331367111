"""The contributors' page builds a whole game from the core's pieces: its code, run in order as a
reader would type it, works, and the odds it shows are the ones its text works out by hand."""

from __future__ import annotations

import re

from _paths import ROOT

PAGE = ROOT / "book" / "contributing.md"


def test_the_contributors_game_runs_and_its_odds_are_right(capsys):
    blocks = re.findall(r"^```python\n(.*?)^```", PAGE.read_text(encoding="utf-8"), re.S | re.M)
    assert len(blocks) >= 5
    namespace: dict = {"__name__": "high_card"}
    for block in blocks:
        exec(compile(block, str(PAGE), "exec"), namespace)  # noqa: S102 (our own page's code)
    printed = capsys.readouterr().out.splitlines()
    assert printed[0] == "keep or swap ('keep', 'swap')"
    assert printed[1] == "['2', '?'] ['?', '?', '?', '?'] ('1', '3', '4', '5', '6')"
    game = namespace["game"]
    game.apply("swap")
    game.apply("6")
    assert game.is_terminal() and game.winners == (0,) and game.returns() == [1.0, -1.0]
