"""The wheel carries the package (with its Voila template under toolkit/jupyter), the
top-level data/ as toolkit/data and notebooks/ as toolkit/notebooks (pyproject:
[tool.hatch.build.targets.wheel.force-include])."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import zipfile

import pytest
from _paths import DATA, NOTEBOOKS, ROOT

BUILD_TIMEOUT_S = 600


def _files_under(directory) -> list:
    if not directory.is_dir():
        return []
    return [p for p in directory.rglob("*") if p.is_file() and "__pycache__" not in p.parts]


@pytest.fixture(scope="module")
def wheel_names(tmp_path_factory) -> list[str]:
    pytest.importorskip("build")
    for source in (DATA, NOTEBOOKS):
        if not _files_under(source):
            # hatchling refuses a missing force-include source, so `pip install .` fails too
            msg = f"{source.name}/ has no files yet; the wheel cannot be built without it"
            if os.environ.get("CI"):
                pytest.fail(msg)
            pytest.skip(msg)
    out = tmp_path_factory.mktemp("wheel")
    cmd = [sys.executable, "-m", "build", "--wheel", "--outdir", str(out)]
    if importlib.util.find_spec("hatchling") is not None:
        cmd.append("--no-isolation")  # offline and fast when the backend is already here
    result = subprocess.run(
        cmd,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=BUILD_TIMEOUT_S,
        stdin=subprocess.DEVNULL,
    )
    assert result.returncode == 0, result.stdout[-10000:] + result.stderr[-10000:]
    wheels = sorted(out.glob("death_toolkit-0.1.0-*.whl"))
    assert len(wheels) == 1, f"expected one wheel, got {[w.name for w in wheels]}"
    with zipfile.ZipFile(wheels[0]) as zf:
        return zf.namelist()


@pytest.mark.slow
@pytest.mark.timeout(BUILD_TIMEOUT_S + 60)
def test_wheel_has_the_package(wheel_names):
    assert "toolkit/__init__.py" in wheel_names
    assert any(n.endswith("entry_points.txt") for n in wheel_names)


@pytest.mark.slow
@pytest.mark.timeout(BUILD_TIMEOUT_S + 60)
def test_wheel_carries_data(wheel_names):
    expected = {f"toolkit/data/{p.relative_to(DATA).as_posix()}" for p in _files_under(DATA)}
    assert expected, "data/ is empty"
    assert expected <= set(wheel_names), sorted(expected - set(wheel_names))[:20]


@pytest.mark.slow
@pytest.mark.timeout(BUILD_TIMEOUT_S + 60)
def test_wheel_carries_notebooks(wheel_names):
    notebooks = [p for p in _files_under(NOTEBOOKS) if p.suffix == ".ipynb"]
    assert any(n.startswith("toolkit/notebooks/") for n in wheel_names)
    for nb in notebooks:
        assert f"toolkit/notebooks/{nb.relative_to(NOTEBOOKS).as_posix()}" in wheel_names


@pytest.mark.slow
def test_wheel_leaves_out_development_files(wheel_names):
    for name in wheel_names:
        assert not name.startswith(("tests/", "book/", "benchmarks/")), name
        assert "/.ipynb_checkpoints/" not in name, name
        assert "__pycache__" not in name, name


@pytest.mark.slow
@pytest.mark.timeout(BUILD_TIMEOUT_S + 60)
def test_wheel_carries_the_voila_template(wheel_names):
    """`death-toolkit app` from an installed wheel finds its Voila template in the package."""
    folder = ROOT / "toolkit" / "jupyter"
    expected = {p.relative_to(ROOT).as_posix() for p in _files_under(folder)}
    assert "toolkit/jupyter/voila/templates/death-toolkit/index.html.j2" in expected
    assert "toolkit/jupyter/voila/templates/death-toolkit/conf.json" in expected
    assert expected <= set(wheel_names), sorted(expected - set(wheel_names))
