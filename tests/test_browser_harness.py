"""The browser harness itself: Voila serves a widget notebook, Chromium clicks it."""

from __future__ import annotations

import re

import nbformat
import pytest
from _paths import ROOT
from browser import chromium_page, click_button, page_text, wait_for_text, watch

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


@pytest.mark.browser
@pytest.mark.timeout(120)
def test_a_request_to_another_host_is_an_error(require_browser):
    """What the check below rests on: a page that asks another host for a stylesheet (as
    Voila's own lab template does for Font Awesome) has that request aborted and counted as an
    error, and Chromium logs the failed load as a console error too."""
    stylesheet = "https://cdn.jsdelivr.net/npm/some-package/all.min.css"
    errors: list[str] = []
    with chromium_page() as page:
        watch(page, errors)
        page.set_content(f'<link rel="stylesheet" href="{stylesheet}"><p>offline</p>')
        page.wait_for_load_state("load")
    assert f"request off 127.0.0.1: {stylesheet}" in errors
    assert [e for e in errors if e.startswith("console.error: Failed to load resource")]


@pytest.mark.browser
@pytest.mark.timeout(300)
def test_an_app_page_asks_nothing_of_another_host(open_voila):
    """A game's page as `death-toolkit app` serves it (our Voila template) loads everything
    from the local server: every request and websocket goes to it, and nothing is logged as an
    error."""
    page = open_voila(ROOT / "notebooks" / "epic-death-play.ipynb")
    page.wait_for_load_state("networkidle")
    port = open_voila.server_for(page).port
    asked = open_voila.requests(page)
    assert len(asked) > 50  # the page, Voila's scripts and styles, the kernel's websocket
    elsewhere = [url for url in asked if not re.match(rf"(http|ws)://127\.0\.0\.1:{port}/", url)]
    assert elsewhere == []
    assert open_voila.errors(page) == []
