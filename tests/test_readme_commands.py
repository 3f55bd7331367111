"""The README gives exactly two set-up commands, and CI runs the second one as it is written: the
run makes its own virtual environment, so a green CI is what a fresh machine gets."""

from __future__ import annotations

import re

from _paths import ROOT

BLOCK = re.compile(r"^## Set up\n(.*?)^## ", re.MULTILINE | re.DOTALL)


def set_up_commands() -> list[str]:
    section = BLOCK.search((ROOT / "README.md").read_text()).group(1)
    return [block.strip() for block in re.findall(r"```bash\n(.*?)```", section, re.DOTALL)]


def test_the_readme_has_one_command_for_the_notebooks_and_one_for_the_tests():
    lab, tests = set_up_commands()
    for command in (lab, tests):
        assert "\n" not in command
        assert command.startswith("python -m venv .venv && . .venv/bin/activate && ")
    assert lab.endswith("death-toolkit lab")
    assert tests.endswith("python -m pytest -n auto")


def test_ci_runs_the_readmes_test_command_in_a_new_venv():
    script = (ROOT / ".ci" / "run").read_text().splitlines()
    commands = [line for line in script if line.strip() and not line.lstrip().startswith("#")]
    assert commands[-1] == set_up_commands()[1]
    assert any(line.startswith("rm -rf .venv") for line in commands)
