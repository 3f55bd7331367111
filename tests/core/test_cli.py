"""The ``death-toolkit`` command, run as a user runs it: in a subprocess."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import sysconfig
import time
import urllib.request
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest
from browser import free_port
from processes import alive, descendants, listening

from toolkit.cli import main

ROOT = Path(__file__).resolve().parents[2]


def console_script() -> str | None:
    """The installed ``death-toolkit`` script of this interpreter, if there is one."""
    for folder in (sysconfig.get_path("scripts"), str(Path(sys.executable).parent)):
        script = Path(folder) / "death-toolkit"
        if script.is_file() and os.access(script, os.X_OK):
            return str(script)
    return None


LAUNCHERS = [pytest.param([sys.executable, "-m", "toolkit"], id="python -m toolkit")]
if console_script():
    LAUNCHERS.append(pytest.param([console_script()], id="death-toolkit"))


def run(*args: str, launcher: list[str] | None = None) -> subprocess.CompletedProcess:
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    }
    return subprocess.run(
        [*(launcher or [sys.executable, "-m", "toolkit"]), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=300,
    )


def exact_odds(dice: int, faces: int, needed: int) -> tuple[Fraction, Fraction]:
    """P(at least `needed`) and P(exactly `needed`) Victories, each die winning on `faces` of 6."""
    term = [
        Fraction(comb(dice, k) * faces**k * (6 - faces) ** (dice - k), 6**dice)
        for k in range(dice + 1)
    ]
    return sum(term[needed:]), term[needed]


@pytest.mark.parametrize("launcher", LAUNCHERS)
def test_odds_json_is_the_exact_binomial(launcher):
    result = run(
        "odds",
        "epic-death",
        "--dice",
        "10",
        "--difficulty",
        "mighty",
        "--victories",
        "3",
        "--json",
        launcher=launcher,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 1
    answer = json.loads(lines[0])
    success, epic_death = exact_odds(10, 2, 3)
    assert answer["success"] == f"{success.numerator}/{success.denominator}"
    assert answer["epic_death"] == f"{epic_death.numerator}/{epic_death.denominator}"
    assert answer["success"] == "13795/19683"  # 1 - (2^10 + 10 * 2^9 + 45 * 2^8) / 3^10
    assert answer["epic_death"] == "5120/19683"


def test_odds_epic_death_help_says_what_its_two_numbers_are(capsys):
    """Without it a reader of an Epic Quest's odds could add the EPIC DEATH to success, or not
    know that Frenzy (our constructed card) counts a 6 twice, which changes every number."""
    status, out, _ = call(capsys, "odds", "epic-death", "--help")
    text = " ".join(out.split())
    assert status == 0
    assert "success minus epic_death" in text and "each 6 counts as two Victories" in text


def test_odds_readable_output_has_no_python_brackets(capsys):
    """Lists and mappings used to print as Python reprs (quotes, brackets, 17-digit floats)."""
    _, out, _ = call(capsys, "odds", "tpk", "--samples", "10")
    assert "party Brin, Taric, Galen." in out and "[" not in out and "'" not in out
    assert "(95% interval 39.7-89.2%)" in out  # the Wilson interval, in percent
    _, out, _ = call(capsys, "odds", "how-i-died")
    assert "\n  P(2 damage): 16.7% (exactly 1/6)\n" in out and "{" not in out
    assert "  P(dead on turn 8): less than 0.01% (exactly 1/279936)\n" in out  # not "0.00%"
    _, out, _ = call(capsys, "odds", "death-may-die", "--need", "2", "--stress", "1")
    assert "\n  - With 0 successes showing: " in out and "['" not in out
    _, out, _ = call(capsys, "simulate", "epic-death", "--games", "3")
    assert "Seat 2 (random): mean return 1.00, won 100.0% (3 of 3 games).\n" in out
    assert "[" not in out


@pytest.mark.parametrize(
    "arguments, mentions",
    [
        (["--difficulty", "hard", "--victories", "3"], "hard"),
        (["--difficulty", "mighty", "--victories", "0"], "0"),
        (["--dice", "17", "--difficulty", "mighty", "--victories", "3"], "17"),
    ],
)
def test_bad_odds_arguments_give_one_line_and_status_2(arguments, mentions):
    result = run("odds", "epic-death", *arguments, "--json")
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "error" in lines[0] and mentions in lines[0]


# -- the same entry point in-process (cheaper), for the wider cases ------------------------------
def call(capsys, *args: str) -> tuple[int, str, str]:
    try:
        status = main(list(args))
    except SystemExit as stop:  # argparse refusing an argument
        status = stop.code
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("difficulty, faces", [("trivial", 3), ("mighty", 2), ("exalted", 1)])
@pytest.mark.parametrize("dice, needed", [(16, 5), (1, 1), (4, 4), (3, 5), (0, 1)])
def test_odds_every_difficulty(capsys, difficulty, faces, dice, needed):
    status, out, _ = call(
        capsys, "odds", "epic-death", "--dice", str(dice), "--difficulty", difficulty,
        "--victories", str(needed), "--json",
    )  # fmt: skip
    assert status == 0
    answer = json.loads(out)
    success, epic_death = exact_odds(dice, faces, needed) if needed <= dice else (0, 0)
    assert Fraction(answer["success"]) == success and Fraction(answer["epic_death"]) == epic_death


def test_odds_readable_output(capsys):
    status, out, _ = call(
        capsys, "odds", "epic-death", "--difficulty", "mighty", "--victories", "3"
    )
    assert status == 0  # ten dice unless told
    assert "P(at least 3 Victories: the quest won): 70.1% (exactly 13795/19683)\n" in out


@pytest.mark.parametrize(
    "arguments, mentions",
    [
        (
            ["odds", "epic-death", "--dice", "ten", "--difficulty", "mighty", "--victories", "3"],
            "ten",
        ),
        (["odds", "epic-death", "--difficulty", "mighty"], "--victories"),
        (
            ["odds", "epic-death", "--dice", "-1", "--difficulty", "mighty", "--victories", "1"],
            "-1",
        ),
        (
            ["odds", "epic-death", "--difficulty", "mighty", "--victories", "2", "--plus-d6", "-1"],
            "counts cards: 0 to",
        ),
        (["odds", "no-such-game"], "no-such-game"),
        (["simulate", "epic-death", "--players", "9", "--games", "1"], "2 to 5 players"),
        (["simulate", "epic-death", "--games", "0"], "at least 1"),
        (["simulate", "epic-death", "--bots", "genius", "--games", "1"], "genius"),
        (["odds", "to-the-death", "--weapon", "-3", "--armor", "6"], "--weapon is a printed value"),
        (["odds", "to-the-death", "--weapon", "3", "--armor", "-6"], "--armor is a printed value"),
    ],
)
def test_more_bad_arguments(capsys, arguments, mentions):
    status, out, err = call(capsys, *arguments, "--json")
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert mentions in err


def test_simulate_json_is_valid_and_reproducible():
    arguments = [
        "simulate",
        "epic-death",
        "--players",
        "4",
        "--games",
        "3",
        "--seed",
        "1",
        "--json",
    ]
    first = run(*arguments)
    second = run(*arguments)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    summary = json.loads(first.stdout)
    assert summary["game"] == "epic-death" and summary["players"] == 4 and summary["games"] == 3
    assert len(summary["mean_returns"]) == 4


@pytest.mark.parametrize("game, players", [("to-the-death", 1), ("tpk", 2), ("death-may-die", 1)])
def test_simulate_names_a_win_rate_alike_in_every_game_won_outright(capsys, game, players):
    """Games that a party or a lone hero wins outright report their wins under the same keys (To
    the Death! once called its interval ``win_rate_95``, Death May Die gave none)."""
    arguments = ("simulate", game, "--players", str(players), "--games", "2", "--json")
    _, out, _ = call(capsys, *arguments)
    summary = json.loads(out)
    assert 0 <= summary["wins"] <= 2 and summary["win_rate"] == summary["wins"] / 2
    low, high = summary["win_interval"]
    assert 0 <= low <= summary["win_rate"] <= high <= 1


def test_lab_dry_run_allows_root_when_root():
    result = run("lab", "--dry-run")
    assert result.returncode == 0, result.stderr
    command = result.stdout.strip()
    assert "jupyterlab" in command and f"--notebook-dir={ROOT / 'notebooks'}" in command
    is_root = hasattr(os, "geteuid") and os.geteuid() == 0
    assert ("--allow-root" in command.split()) == is_root


@pytest.mark.parametrize("launcher", LAUNCHERS)
def test_games_lists_epic_death(launcher):
    result = run("games", launcher=launcher)
    assert result.returncode == 0, result.stderr
    assert any(
        line.split()[0] == "epic-death" and "Epic Death!" in line
        for line in result.stdout.splitlines()
    )


# -- the book and the apps: the commands the README gives ----------------------------------------
@pytest.mark.parametrize(
    "game", ["epic-death", "to-the-death", "tpk", "how-i-died", "death-may-die"]
)
def test_app_dry_run_prints_voila_on_the_games_play_notebook(capsys, game):
    status, out, _ = call(capsys, "app", game, "--dry-run", "--port=8866")
    assert status == 0
    notebook = ROOT / "notebooks" / f"{game}-play.ipynb"
    assert notebook.is_file()
    setting, *command = out.split()
    assert command == [
        sys.executable, "-m", "voila", str(notebook), "--template=death-toolkit", "--port=8866"
    ]  # fmt: skip
    # the line runs in a shell as printed: the template is found on the JUPYTER_PATH it sets
    name, _, value = setting.partition("=")
    assert name == "JUPYTER_PATH"
    first = Path(value.split(os.pathsep)[0])
    assert (first / "voila" / "templates" / "death-toolkit" / "index.html.j2").is_file()


@pytest.mark.parametrize("given", [["--template=reveal"], ["--VoilaConfiguration.template", "lab"]])
def test_app_serves_with_the_template_the_user_names(capsys, given):
    """Voila refuses two templates, so one the user names replaces ours."""
    status, out, _ = call(capsys, "app", "tpk", "--dry-run", *given)
    assert status == 0
    assert out.split()[-len(given) :] == given
    assert "--template=death-toolkit" not in out.split()


def test_app_keeps_a_jupyter_path_already_set():
    """Our folder goes first on JUPYTER_PATH; the user's own folders stay, after it."""
    from toolkit.cli import JUPYTER_DATA, app_environment

    env = app_environment({"JUPYTER_PATH": "/mine", "HOME": "/home/x"})
    assert env == {"JUPYTER_PATH": f"{JUPYTER_DATA}{os.pathsep}/mine", "HOME": "/home/x"}
    assert app_environment({})["JUPYTER_PATH"] == str(JUPYTER_DATA)


def test_app_refuses_an_unknown_game(capsys):
    status, out, err = call(capsys, "app", "chess", "--dry-run")
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "chess" in err


def test_book_dry_run_builds_the_repository_book_into_dir(capsys, tmp_path):
    status, out, _ = call(capsys, "book", "--dry-run", "--dir", str(tmp_path), "-W", "--keep-going")
    assert status == 0
    program, *arguments = out.split()
    assert Path(program).name == "jupyter-book"
    assert arguments == [
        "build", str(ROOT / "book"), "--path-output", str(tmp_path), "-W", "--keep-going"
    ]  # fmt: skip


@pytest.mark.parametrize("port", ["99999", "-1"])
def test_book_refuses_a_port_that_is_no_port(capsys, port):
    """It used to end in OverflowError's traceback from the server's bind."""
    status, out, err = call(capsys, "book", "--port", port)
    assert status == 2 and out == "" and err.count("\n") == 1, err
    assert "a port is 0 to 65535" in err and port in err


def test_book_without_sources_says_where_it_looked(capsys, tmp_path):
    status, out, err = call(capsys, "book", "--source", str(tmp_path), "--no-serve")
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and str(tmp_path) in err and "--source" in err


def test_book_pdf_without_chromium_says_so_before_building(capsys, monkeypatch, tmp_path):
    from toolkit import bookpdf

    monkeypatch.setattr(bookpdf, "CHROMIUM", tmp_path / "no-chromium")
    status, out, err = call(capsys, "book", "--pdf")
    assert status == 2 and out == "" and err.count("\n") == 1, err
    assert "cannot print the book" in err and "chromium" in err


@pytest.mark.slow
@pytest.mark.timeout(300)
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the process tree from /proc")
def test_app_serves_the_game_and_a_signal_stops_all_of_it(tmp_path):
    """`death-toolkit app epic-death` really starts Voila, which runs the play notebook's widget;
    SIGTERM to the command stops Voila and its kernel too, and it exits 143."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "JUPYTER_RUNTIME_DIR": str(tmp_path)}
    command = [sys.executable, "-m", "toolkit", "app", "epic-death", "--no-browser"]
    app = subprocess.Popen(
        [*command, f"--port={port}", "--Voila.ip=127.0.0.1"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # a group of its own, to clean up after a failure
    )
    try:
        page = fetch(f"http://127.0.0.1:{port}/", seconds=240)
        tree = descendants(app.pid)
        app.send_signal(signal.SIGTERM)
        assert app.wait(timeout=30) == 128 + signal.SIGTERM
        assert not listening(port)
        assert [pid for pid in tree if alive(pid)] == []
    finally:
        if app.poll() is None:
            os.killpg(app.pid, signal.SIGKILL)
            app.wait(timeout=30)
    assert "application/vnd.jupyter.widget-view+json" in page
    # served with our template: no stylesheet, script or picture from another host
    assert OFF_HOST.findall(page) == []


OFF_HOST = re.compile(
    r"""(?:href|src)=["']?((?:https?:)?//(?!(?:127\.0\.0\.1|localhost)[:/])[^"'\s>]*)"""
)


def fetch(url: str, seconds: float) -> str:
    """The page at `url`, asked for again until the server is up or `seconds` have passed."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=seconds) as response:
                return response.read().decode()
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)
