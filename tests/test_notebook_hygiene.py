"""Notebooks stay small and readable: a title first, no saved widget state.

Saved widget state embeds the offline chart renderer's JavaScript (about 900 kB) in every notebook.
Re-execute a notebook with
``jupyter nbconvert --to notebook --execute --inplace --ExecutePreprocessor.store_widget_state=False``.
"""

from __future__ import annotations

import json

import pytest
from _paths import ROOT

NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted(
    (ROOT / "notebooks").glob("teacher/*.ipynb")
)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_titled_and_carries_no_widget_state(path):
    notebook = json.loads(path.read_text(encoding="utf-8"))
    first = notebook["cells"][0]
    assert first["cell_type"] == "markdown" and "".join(first["source"]).startswith("# ")
    assert "widgets" not in notebook["metadata"], "re-execute with store_widget_state=False"
    assert path.stat().st_size < 400_000
