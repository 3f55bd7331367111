"""Run by tests/test_fuzz.py in a child process under an address-space limit: hypothesis draws
command lines and damaged card files, and every run must end by the one-line rule (a clean exit,
or one line on standard error and exit 2), never with a traceback, whatever it is given.

``python tests/fuzz_cli_and_data.py cli|data EXAMPLES``"""

from __future__ import annotations

import contextlib
import importlib
import io
import os
import shutil
import sys
import tempfile
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from toolkit.cli import main  # noqa: E402
from toolkit.data import DATA_VARIABLE, DataError  # noqa: E402

GAMES = ["epic-death", "to-the-death", "tpk", "how-i-died", "death-may-die", "nonsense"]
VALUES = ["-1", "0", "1", "2", "3", "abc", "", "1.5", "9" * 40, "-" + "9" * 5000, "x" * 300,
          "fighter:8,mender:2", "brin,taric", "sanity", "/dev/null", "-"]  # fmt: skip
FLAGS = ["--dice", "--difficulty", "--victories", "--black", "--green", "--need", "--stress",
         "--weapon", "--armor", "--bonus", "--seen", "--level", "--players", "--characters",
         "--samples", "--seed", "--games", "--bots", "--hand", "--unseen", "--state",
         "--patience", "--workers", "--json", "--exact", "--against"]  # fmt: skip
COMMANDS = ["odds", "simulate", "analyse", "describe", "study", "games", "check", "nonsense"]


def run(argv: list[str]) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as exit_:  # argparse's refusal
            status = exit_.code
    return status, err.getvalue()


def one_line_rule(argv: list[str], status: int, err: str) -> None:
    assert status in (0, 1, 2), (argv, status, err[-500:])
    assert "Traceback" not in err, (argv, err[-2000:])
    if status == 2:
        lines = [line for line in err.splitlines() if line.strip()]
        assert len(lines) == 1, (argv, err[-1000:])
        assert len(lines[0]) < 400, (argv, lines[0][:400])


words = st.lists(st.one_of(st.sampled_from(FLAGS), st.sampled_from(VALUES)), max_size=6)


@settings(max_examples=int(sys.argv[2]) if len(sys.argv) > 2 else 50, deadline=None,
          suppress_health_check=list(HealthCheck), database=None, derandomize=True)  # fmt: skip
@given(st.sampled_from(COMMANDS), st.sampled_from(GAMES), words)
def fuzz_cli(command: str, game: str, rest: list[str]) -> None:
    argv = [command, game, *rest]
    if command in ("simulate", "study") and "--games" not in rest:
        argv += ["--games", "2"]  # a run that is accepted ends quickly
    if command == "study" and "--players" not in rest:
        argv += ["--players", "2"]
    status, err = run(argv)
    one_line_rule(argv, status, err)


CARD_FILES = sorted((ROOT / "data").glob("*/*.yaml"))
CARD_MODULES = {
    f.parent.name: importlib.import_module(f"toolkit.{f.parent.name}.cards") for f in CARD_FILES
}  # fmt: skip  (imported with the real data, once)
junk = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-10**30, 10**30), st.text(max_size=20),
              st.floats(allow_nan=False)),
    lambda inner: st.one_of(st.lists(inner, max_size=3),
                            st.dictionaries(st.text(max_size=8), inner, max_size=3)),
    max_leaves=6,
)  # fmt: skip


def damage(document, path: list, value):
    """Put `value` at the place `path` picks in the document (indices taken modulo sizes)."""
    node = document
    for step in path[:-1]:
        if isinstance(node, dict) and node:
            node = node[sorted(node, key=str)[step % len(node)]]
        elif isinstance(node, list) and node:
            node = node[step % len(node)]
    if isinstance(node, dict) and node:
        node[sorted(node, key=str)[path[-1] % len(node)]] = value
    elif isinstance(node, list) and node:
        node[path[-1] % len(node)] = value
    return document


@settings(max_examples=int(sys.argv[2]) if len(sys.argv) > 2 else 50, deadline=None,
          suppress_health_check=list(HealthCheck), database=None, derandomize=True)  # fmt: skip
@given(st.sampled_from(CARD_FILES), st.lists(st.integers(0, 50), min_size=1, max_size=4), junk)
def fuzz_data(file: Path, path: list, value) -> None:
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "data"
        shutil.copytree(ROOT / "data", copy, ignore=shutil.ignore_patterns("studies"))
        target = copy / file.parent.name / file.name
        document = damage(yaml.safe_load(file.read_text()), path, value)
        target.write_text(yaml.safe_dump(document))
        os.environ[DATA_VARIABLE] = str(copy)
        module = CARD_MODULES[file.parent.name]
        module.catalog.cache_clear()
        try:
            module.catalog()
        except DataError as error:
            assert "\n" not in str(error) and str(copy) in str(error), str(error)[:500]
        finally:
            module.catalog.cache_clear()
            del os.environ[DATA_VARIABLE]


if __name__ == "__main__":
    {"cli": fuzz_cli, "data": fuzz_data}[sys.argv[1]]()
    print("fuzz passed")
