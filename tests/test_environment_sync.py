"""pyproject.toml and environment.yml must name the same dependencies, and the CLI must start."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib

import pytest
import yaml
from _paths import ROOT

# Conda-only entries that are the environment itself, not project dependencies.
CONDA_ONLY = {"python", "pip"}


def normalise(requirement: str) -> str | None:
    """Bare, comparable distribution name of a pip or conda requirement.

    Lowercase, ``_`` and ``.`` to ``-``, no extras, no version or channel.  Local
    installs (``-e .``, paths) give None.
    """
    req = requirement.strip()
    if not req or req.startswith(("-", ".", "/")):
        return None
    req = req.split("::")[-1]  # conda channel prefix, e.g. conda-forge::ruff
    name = re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", req)
    assert name, f"unparseable requirement {requirement!r}"
    return re.sub(r"[-_.]+", "-", name.group(0)).lower()


def pyproject_names() -> set[str]:
    """Every dependency pyproject.toml names, without the project itself (an extra that includes
    another, ``death-toolkit[app]``, is the toolkit, which environment.yml installs as ``.``)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    reqs = list(project["dependencies"])
    for extra in project.get("optional-dependencies", {}).values():
        reqs.extend(extra)
    return {n for n in map(normalise, reqs) if n} - {normalise(project["name"])}


def environment_names() -> set[str]:
    env = yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))
    names: set[str] = set()
    for dep in env["dependencies"]:
        if isinstance(dep, dict):
            for req in dep.get("pip", []):
                if n := normalise(req):
                    names.add(n)
        elif (n := normalise(dep)) and n not in CONDA_ONLY:
            names.add(n)
    return names


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("dask[distributed]", "dask"),
        ("icepool>=2.1,<2.2", "icepool"),
        ("vl_convert_python", "vl-convert-python"),
        ("PyYAML", "pyyaml"),
        ("jupyter-book>=1,<2", "jupyter-book"),
        ("python=3.11", "python"),
        ("conda-forge::ruff", "ruff"),
        ("-e .", None),
    ],
)
def test_normalise(raw, expected):
    assert normalise(raw) == expected


def test_pyproject_and_environment_name_the_same_dependencies():
    in_pyproject = pyproject_names()
    in_environment = environment_names()
    assert in_pyproject - in_environment == set(), "in pyproject.toml only"
    assert in_environment - in_pyproject == set(), "in environment.yml only"


def _env_with_repo_on_path() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


def _help_works(command: list[str]) -> None:
    result = subprocess.run(
        [*command, "--help"],
        cwd=ROOT,
        env=_env_with_repo_on_path(),
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip(), "--help printed nothing"


def test_python_m_toolkit_help():
    _help_works([sys.executable, "-m", "toolkit"])


def test_console_script_help():
    exe = shutil.which("death-toolkit")
    if exe is None:
        bindir = os.path.dirname(sys.executable)
        candidate = os.path.join(bindir, "death-toolkit")
        exe = candidate if os.path.exists(candidate) else None
    if exe is None:
        if os.environ.get("CI"):
            pytest.fail("console script death-toolkit is not installed (pip install .)")
        pytest.skip("console script not installed: run `python -m pip install .`")
    _help_works([exe])
