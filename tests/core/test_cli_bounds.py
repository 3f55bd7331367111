"""The command line is bounded and clear: every refusal is one line and exit 2, an interrupt is
one line and exit 130, a study's table is never lost to a file that cannot be written, and no
error repeats more than 80 characters of what was typed."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from _paths import ROOT

from toolkit.cli import ECHO, clipped, main


def one_line_refusal(capsys, *argv: str) -> str:
    try:
        status = main(list(argv))
    except SystemExit as parser_exit:  # argparse's refusal
        status = parser_exit.code
    assert status == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    return err


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["odds", "death-may-die", "--black", "abc"], "not a whole number: 'abc'"),
        (["analyse", "epic-death", "--state", ""], "--state names no file"),
        (["analyse", "epic-death", "--state", "/dev/zero"], "larger than a save can be"),
        (["describe", "epic-death", "--state", "/dev/zero"], "larger than a save can be"),
        (["describe", "epic-death", "--seed", "abc"], "not a whole number: 'abc'"),
        (["simulate", "epic-death", "--workers", "99999999999999999999"], "at most"),
        (["study", "epic-death", "--players", "2", "--workers", "100000"], "at most"),
    ],
)
def test_bad_arguments_are_one_line_naming_no_private_function(capsys, argv, said):
    err = one_line_refusal(capsys, *argv)
    assert said in err and "_count" not in err


@pytest.mark.parametrize(
    "argv",
    [
        ["odds", "epic-death", "--difficulty", "mighty", "--victories", "3", "--dice", "x"],
        ["odds", "to-the-death", "--weapon", "3", "--armor", "6", "--bonus", "two"],
        ["odds", "tpk", "--level", "1.5"],
        ["simulate", "epic-death", "--seed", "x"],
        ["study", "epic-death", "--players", "2", "--seed", "x"],
    ],
)
def test_a_number_that_is_none_is_refused_in_words_in_every_command(capsys, argv):
    """Every number option, the games' own too, says "not a whole number" and names the option,
    not Python's type ("invalid int value")."""
    err = one_line_refusal(capsys, *argv)
    assert "not a whole number" in err and argv[-2] in err and "invalid int" not in err


def test_a_huge_number_is_not_echoed_back_whole(capsys):
    huge = "9" * 5000
    err = one_line_refusal(capsys, "odds", "death-may-die", "--black", huge)
    assert len(err) < 200 and "9" * (ECHO + 1) not in err


def test_clipped_keeps_paths_and_short_values_whole():
    assert clipped("cannot read '/a/b/c.yaml': no") == "cannot read '/a/b/c.yaml': no"
    assert clipped(f"unknown card '{'x' * 500}'") == f"unknown card '{'x' * ECHO}...'"
    assert clipped("two\nlines") == "two lines"


def test_a_study_prints_its_table_before_a_failed_write(tmp_path, capsys, monkeypatch):
    """/proc/version passes the early check as root, as a full disk would: the write fails after
    the games, and the table is on screen already."""
    target = tmp_path / "out.csv"
    real_open = open

    def failing_open(path, *args, **kwargs):
        if str(path) == str(target):
            raise OSError(28, "No space left on device")
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr("builtins.open", failing_open)
    argv = ["study", "epic-death", "--players", "2", "--bots", "random", "--games", "4", "--json"]
    assert main([*argv, "--csv", str(target)]) == 2
    out, err = capsys.readouterr()
    assert json.loads(out)[0]["bot"] == "random"  # the table
    assert err.count("\n") == 1 and "could not be written" in err and "No space" in err


def busy_for(pid: int, cpu_s: float, wall_s: float = 30) -> None:
    """Wait until process `pid` has used `cpu_s` seconds of CPU (read from /proc; a plain wait of
    `cpu_s` x 3 where there is none): a loaded machine stretches its start-up in wall time, not
    in CPU time."""
    stat = Path(f"/proc/{pid}/stat")
    if not stat.exists():
        time.sleep(cpu_s * 3)
        return
    tick = os.sysconf("SC_CLK_TCK")
    deadline = time.monotonic() + wall_s
    while time.monotonic() < deadline:
        fields = stat.read_text().rsplit(")", 1)[1].split()
        if (int(fields[11]) + int(fields[12])) / tick >= cpu_s:  # utime + stime
            return
        time.sleep(0.1)


@pytest.mark.timeout(60)
@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "epic-death", "--games", "100000", "--json"],
        ["study", "epic-death", "--players", "2", "--bots", "random", "--games", "100000"],
    ],
    ids=["simulate", "study"],
)
def test_ctrl_c_is_one_line_with_the_games_played_and_exit_130(argv):
    child = subprocess.Popen(
        [sys.executable, "-m", "toolkit", *argv],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # as a shell starts it: Ctrl-C's signal not ignored, whatever the test runner's worker
        # process inherited (Python keeps an ignored SIGINT ignored, and raises nothing)
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    busy_for(child.pid, cpu_s=2.0)  # past start-up (well under a second of CPU), into the games
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=30)
    assert child.returncode == 130
    assert "Traceback" not in err
    last = err.strip().splitlines()[-1]
    assert last.startswith("interrupted: ") and " of 100,000 games played" in last
