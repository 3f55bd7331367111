"""The benchmarks still run. Nothing else runs them, so without this a renamed cache or a missing
``run()`` breaks them unseen: every module of benchmarks/ that defines ``run`` is run here in its
quick mode (the same code at tiny sizes) and its rows are checked for the shape
``benchmarks/run.py`` prints, and ``run.py --quick`` itself must exit 0. The numbers measured at
those sizes mean nothing and are not checked, only that they are numbers."""

from __future__ import annotations

import ast
import importlib.util
import math
import random
import shutil
import subprocess
import sys
from numbers import Real
from pathlib import Path

import pytest
from _paths import ROOT

BENCHMARKS = ROOT / "benchmarks"
KEYS = ("benchmark", "ours_s", "baseline", "baseline_s", "ratio", "note")


def tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def defines_run(path: Path) -> bool:
    return any(isinstance(node, ast.FunctionDef) and node.name == "run" for node in tree(path).body)


def imported_names(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


SCRIPTS = sorted(path for path in BENCHMARKS.glob("*.py") if path.name != "run.py")
MODULES = [path for path in SCRIPTS if defines_run(path)]


@pytest.fixture
def forget_benchmarks():
    """The benchmark modules leave sys.modules as they found it (toolkit's stay loaded)."""
    names = [path.stem for path in BENCHMARKS.glob("*.py")]
    before = {name: sys.modules[name] for name in names if name in sys.modules}
    yield
    for name in names:
        sys.modules.pop(name, None)
    sys.modules.update(before)


def load(path: Path):
    """The module at `path`, imported as benchmarks/run.py imports it."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module  # dataclasses and pickle look a module up by name
    spec.loader.exec_module(module)
    return module


def check_row(row: dict) -> None:
    """A row as run.py documents it: every key; times and ratio None or finite and not negative;
    a baseline named exactly when it was timed; the ratio its time over ours."""
    assert set(KEYS) <= set(row), f"missing {set(KEYS) - set(row)} in {row}"
    assert isinstance(row["benchmark"], str) and row["benchmark"].strip(), row
    assert isinstance(row["note"], str), row
    for key in ("ours_s", "baseline_s", "ratio"):
        value = row[key]
        if value is not None:
            assert isinstance(value, Real) and not isinstance(value, bool), (key, row)
            assert math.isfinite(value) and value >= 0, (key, row)
    if row["ours_s"] is None:  # a measurement that is not a time (a count) says so in the note
        assert row["note"].strip(), row
    assert (row["baseline"] is None) == (row["baseline_s"] is None), row
    if row["baseline"] is not None:
        assert isinstance(row["baseline"], str) and row["baseline"].strip(), row
    if row["ratio"] is not None:
        assert row["baseline_s"] is not None and row["ours_s"], row
        assert row["ratio"] == pytest.approx(row["baseline_s"] / row["ours_s"], rel=1e-9), row
    else:
        assert row["baseline_s"] is None or not row["ours_s"], f"no ratio given: {row}"


def test_every_module_is_run_here_or_helps_one():
    """Each bench_*.py defines run() (run.py calls it), and a module without run() is a helper
    another benchmark imports, so no benchmark escapes this file."""
    assert MODULES, "no benchmark module found"
    assert [p.name for p in SCRIPTS if p.name.startswith("bench_") and not defines_run(p)] == []
    imported = set().union(*(imported_names(path) for path in SCRIPTS))
    helpers = [path.stem for path in SCRIPTS if not defines_run(path)]
    assert [name for name in helpers if name not in imported] == []


@pytest.mark.parametrize("path", MODULES, ids=[path.stem for path in MODULES])
def test_module_has_a_quick_flag(path):
    """Its command line takes --quick: named in the module, or given by timing.cli."""
    source = tree(path)
    flags = {
        node.value
        for node in ast.walk(source)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }
    calls = {
        node.func.id
        for node in ast.walk(source)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }
    assert "--quick" in flags or ("cli" in calls and "timing" in imported_names(path))


@pytest.mark.timeout(300)
@pytest.mark.parametrize("path", MODULES, ids=[path.stem for path in MODULES])
def test_quick_mode_gives_well_formed_rows(path, monkeypatch, forget_benchmarks):
    monkeypatch.syspath_prepend(str(BENCHMARKS))  # the modules import timing as run.py lets them
    state = random.getstate()  # a module may seed the global generator
    try:
        module = load(path)
        missing = [name for name in getattr(module, "REQUIRES", ()) if not shutil.which(name)]
        if missing:
            pytest.skip(f"{path.name} needs {', '.join(missing)}, which is not installed")
        rows = module.run(quick=True)
    finally:
        random.setstate(state)
    assert isinstance(rows, list) and rows, rows
    for row in rows:
        check_row(row)


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_run_py_quick_exits_0():
    """The table in quick mode, as a person types it, exits 0 and prints its rows: run for one
    quick module (every module's quick rows are checked above, and which modules run by default
    below; each module's quick mode is not run twice)."""
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "run.py"), "--quick", "--only", "headroom"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "FAILED" not in done.stdout, done.stdout
    assert "running headroom.py" in done.stderr


def test_run_py_picks_bench_modules_by_default_and_any_by_name(forget_benchmarks):
    run = load(BENCHMARKS / "run.py")
    assert run.modules(None) == sorted(BENCHMARKS.glob("bench_*.py"))
    assert run.modules("epic_death") == [BENCHMARKS / "bench_epic_death.py"]
    assert run.modules("soak") == [BENCHMARKS / "soak.py"]
    assert run.modules("run") == []


GOOD = {"benchmark": "b", "ours_s": 0.5, "baseline": "them", "baseline_s": 1.0, "ratio": 2.0,
        "note": ""}  # fmt: skip
BAD = {
    "a key missing": {k: v for k, v in GOOD.items() if k != "note"},
    "a time that is not a number": {**GOOD, "ours_s": "0.5 s"},
    "a time that is not finite": {**GOOD, "baseline_s": float("nan"), "ratio": float("nan")},
    "a negative time": {**GOOD, "ours_s": -0.5, "ratio": -2.0},
    "a baseline timed but not named": {**GOOD, "baseline": None},
    "a ratio that is not theirs over ours": {**GOOD, "ratio": 0.5},
    "a baseline timed without a ratio": {**GOOD, "ratio": None},
    "no time and no note": {**GOOD, "ours_s": None, "ratio": None},
}


def test_the_row_check_passes_a_good_row_and_catches_bad_ones():
    check_row(GOOD)
    check_row({**GOOD, "baseline": None, "baseline_s": None, "ratio": None})
    missed = []
    for problem, row in BAD.items():
        try:
            check_row(row)
        except AssertionError:
            continue
        missed.append(problem)
    assert missed == []
