"""Hypothesis fuzzes the command line and the card files in a child process limited to 2 GB of
address space and 100 s of CPU, so a runaway fails the test instead of the machine."""

from __future__ import annotations

import subprocess
import sys

import pytest
from _paths import ROOT

LIMITS = "import resource; resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30)); "
LIMITS += "resource.setrlimit(resource.RLIMIT_CPU, (100, 100)); "


@pytest.mark.timeout(150)
@pytest.mark.parametrize(("what", "examples"), [("cli", 80), ("data", 60)])
def test_every_fuzzed_run_ends_by_the_one_line_rule(what, examples):
    script = ROOT / "tests" / "fuzz_cli_and_data.py"
    code = LIMITS + f"import runpy, sys; sys.argv = [{str(script)!r}, {what!r}, '{examples}']; "
    code += f"runpy.run_path({str(script)!r}, run_name='__main__')"
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=140
    )
    assert run.returncode == 0 and "fuzz passed" in run.stdout, (
        run.stdout[-3000:] + run.stderr[-3000:]
    )
