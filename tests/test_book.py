"""The Jupyter Book builds with every warning an error and every reference resolved.

Sources stay in place (pages may use paths relative to book/); the HTML goes to a
temporary directory, so the test leaves no book/_build behind.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest
from _paths import BOOK, ROOT

BOOK_TIMEOUT_S = 1800


def jupyter_book_command() -> list[str]:
    exe = shutil.which("jupyter-book")
    if exe is None:
        candidate = os.path.join(os.path.dirname(sys.executable), "jupyter-book")
        exe = candidate if os.path.exists(candidate) else None
    if exe is None:
        if os.environ.get("CI"):
            pytest.fail("jupyter-book is not installed (pip install '.[test]')")
        pytest.skip("jupyter-book is not installed (pip install '.[test]')")
    return [exe]


@pytest.mark.slow
@pytest.mark.timeout(BOOK_TIMEOUT_S + 60)
def test_book_builds_strictly(tmp_path):
    cmd = jupyter_book_command() + [
        "build",
        str(BOOK.relative_to(ROOT)),
        "-W",
        "-n",
        "--keep-going",
        "--path-output",
        str(tmp_path),
    ]
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env.setdefault("MPLBACKEND", "Agg")
    result = subprocess.run(
        cmd,
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=BOOK_TIMEOUT_S,
        stdin=subprocess.DEVNULL,
    )
    if result.returncode != 0:
        print(result.stdout[-20000:])
        print(result.stderr[-20000:], file=sys.stderr)
    assert result.returncode == 0, "jupyter-book build book -W -n --keep-going failed"
    html = tmp_path / "_build" / "html"
    assert (html / "intro.html").is_file()
    assert (html / "index.html").is_file()
