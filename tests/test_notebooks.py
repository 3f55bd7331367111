"""Every notebook under notebooks/ must re-run cleanly and reproduce its stored outputs.

Each notebook runs under nbval (strict: outputs compared, not --nbval-lax) in its own
pytest subprocess, so one notebook's kernel or widget state cannot leak into another and
a notebook failure shows up as one failed test named after the notebook.  Outputs are
sanitised with tests/nbval_sanitize.cfg (Altair/Vega ids, widget model ids, addresses,
timings).  The kernel gets the repository root on PYTHONPATH so it imports the working
tree's ``toolkit``, not a possibly stale installed copy.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from _paths import NOTEBOOKS, ROOT, TESTS

# the notebooks, and the teacher's copies of the workbooks (their answers filled in)
NOTEBOOK_FILES = sorted(NOTEBOOKS.glob("*.ipynb")) + sorted(NOTEBOOKS.glob("teacher/*.ipynb"))
CELL_TIMEOUT_S = 600
NOTEBOOK_TIMEOUT_S = 1500


def _run_nbval(notebook) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    # Plotting and progress bars must not depend on the terminal or a display.
    env.setdefault("MPLBACKEND", "Agg")
    cmd = [
        sys.executable,
        "-m",
        "pytest",
        "--nbval",
        str(notebook.relative_to(ROOT)),
        "--nbval-sanitize-with",
        str((TESTS / "nbval_sanitize.cfg").relative_to(ROOT)),
        "--nbval-current-env",
        f"--nbval-cell-timeout={CELL_TIMEOUT_S}",
        "-p",
        "no:cacheprovider",
        "-p",
        "no:randomly",
        "-q",
    ]
    return subprocess.run(
        cmd,
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=NOTEBOOK_TIMEOUT_S,
        stdin=subprocess.DEVNULL,
    )


@pytest.mark.slow
@pytest.mark.timeout(NOTEBOOK_TIMEOUT_S + 60)
@pytest.mark.parametrize(
    "notebook",
    NOTEBOOK_FILES
    or [pytest.param(None, marks=pytest.mark.skip(reason="no notebooks/*.ipynb yet"))],
    ids=lambda p: p.name if p is not None else "none",
)
def test_notebook_reproduces_its_outputs(notebook):
    pytest.importorskip("nbval")
    result = _run_nbval(notebook)
    if result.returncode != 0:
        print(result.stdout)
        print(result.stderr, file=sys.stderr)
    exit_code = result.returncode
    assert exit_code == 0, (
        f"nbval failed on {notebook.name} (exit {exit_code}); "
        f"re-run: python -m pytest --nbval {notebook.relative_to(ROOT)} "
        "--nbval-sanitize-with tests/nbval_sanitize.cfg"
    )
