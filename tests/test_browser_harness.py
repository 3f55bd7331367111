"""The browser harness itself: Voila serves a widget notebook, Chromium clicks it."""

from __future__ import annotations

import nbformat
import pytest
from browser import click_button, page_text, wait_for_text

CLICK_CODE = """\
import ipywidgets as widgets

button = widgets.Button(description="Roll the bones")
label = widgets.Label(value="Nobody has died yet")


def on_click(_):
    label.value = "Clicked: somebody died"


button.on_click(on_click)
widgets.VBox([button, label])
"""


@pytest.fixture
def click_notebook(tmp_path):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(CLICK_CODE)]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    path = tmp_path / "click.ipynb"
    nbformat.write(nb, path)
    return path


@pytest.mark.browser
@pytest.mark.timeout(300)
def test_button_click_updates_label(open_voila, click_notebook):
    page = open_voila(click_notebook)
    wait_for_text(page, "Nobody has died yet")
    click_button(page, "Roll the bones")
    wait_for_text(page, "Clicked: somebody died")
    assert "Nobody has died yet" not in page_text(page)
    assert [e for e in open_voila.errors(page) if "pageerror" in e] == []
