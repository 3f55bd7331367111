"""Every game package has the same modules with the same roles, as the README's table says.

What is learnt in one game carries to the next: its state in ``rules.py``, its cards through
``cards.catalog()``, its bots in ``bots.BOTS``, its odds in ``odds.py`` (how much work they may
do in ``budgets.py``), its pictures in ``display.py``, its widget ``<Game>Widget`` in
``widget.py`` and its command-line pieces in ``cli.py``, and its registration (``GAME``) built
from them in ``__init__.py``.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from toolkit.games import PACKAGES, get_game
from toolkit.widgets import GameWidget

ROOT = Path(__file__).resolve().parents[1]
WIDGETS = {
    "epic-death": "EpicDeathWidget",
    "to-the-death": "ToTheDeathWidget",
    "tpk": "TPKWidget",
    "how-i-died": "HowIDiedWidget",
    "death-may-die": "DeathMayDieWidget",
}
SHAPE = {  # module: what it must define
    "rules": (),
    "cards": ("catalog",),
    "bots": ("BOTS",),
    "odds": (),
    "budgets": (),
    "display": (),
    "widget": (),
    "cli": ("add_odds_arguments", "odds", "summarize", "odds_lines", "summary_lines"),
}


@pytest.mark.parametrize("slug", list(PACKAGES))
def test_a_game_package_has_the_shared_shape(slug):
    package, spec = PACKAGES[slug], get_game(slug)
    modules = {name: importlib.import_module(f"{package}.{name}") for name in SHAPE}
    for name, needed in SHAPE.items():
        for attribute in needed:
            assert hasattr(modules[name], attribute), f"{package}.{name} has no {attribute}"
    assert spec.state_class.__module__ == f"{package}.rules"
    assert spec.bots is modules["bots"].BOTS
    assert spec.odds is modules["cli"].odds and spec.summarize is modules["cli"].summarize
    assert issubclass(getattr(modules["widget"], WIDGETS[slug]), GameWidget)
    assert modules["cards"].catalog() is modules["cards"].catalog()  # loaded once


def test_the_readme_table_names_the_shape():
    readme = (ROOT / "README.md").read_text()
    table = readme[readme.index("| module |") :]
    for module in SHAPE:
        assert re.search(rf"^\| `{module}\.py` \|", table, re.MULTILINE), module
    for widget in WIDGETS.values():
        assert widget in readme
