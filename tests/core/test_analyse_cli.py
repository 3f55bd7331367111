"""``death-toolkit analyse``: a bad file is one line and exit status 2, whatever the game."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from fractions import Fraction

import pytest

from toolkit.analysis import Measure
from toolkit.cli import number_cell
from toolkit.games import available, get_game
from toolkit.simulate import play_seeded


def analyse(game: str, text: str, *flags: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "toolkit", "analyse", game, "--state", "-", *flags],
        input=text,
        capture_output=True,
        text=True,
        timeout=120,
    )


def one_line_refusal(result: subprocess.CompletedProcess, *words: str) -> None:
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1, result.stderr
    for word in words:
        assert word in result.stderr


@pytest.mark.parametrize("game", available())
def test_bad_files_are_one_line(game):
    spec = get_game(game)
    saved = spec.new_state(spec.min_players, seed=3).to_json()
    other = "tpk" if game != "tpk" else "epic-death"
    foreign = get_game(other).new_state(get_game(other).min_players).to_json()
    illegal = json.loads(saved)
    illegal["actions"] = ["not a move of this game"]
    one_line_refusal(analyse(game, saved[: len(saved) // 2]), "not JSON")
    one_line_refusal(analyse(game, foreign), f"not {game!r}")
    one_line_refusal(analyse(game, json.dumps(illegal)), "actions[0]")


def test_no_decision_is_refused():
    over = play_seeded("tpk", 3, ["random"] * 3, 0).to_json()
    one_line_refusal(analyse("tpk", over), "over")


def test_a_missing_file_is_one_line(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "toolkit", "analyse", "tpk", "--state", str(tmp_path / "no.json")],
        capture_output=True,
        text=True,
    )
    one_line_refusal(result, "cannot read")


def test_the_readable_table_names_the_player_as_the_widgets_do():
    """The widgets say "Player 1" for seat 0; the table's header says both."""
    state = get_game("epic-death").new_state(2, 0)
    result = analyse("epic-death", state.to_json())
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Epic Death!, player 1 (seat 0): ")


def test_patience_answers_what_the_widget_refuses():
    """``--patience N`` lets the walks take N times the widget's budget: the first cards of How
    I Died that are refused by default get every number (tests/how_i_died checks them against the next
    decision's). A patience below 1 is refused."""
    from toolkit.simulate import decision_points

    state = next(s for s in decision_points("how-i-died", 5, [0]) if len(s.history) == 1)
    saved = state.to_json()
    quick = json.loads(analyse("how-i-died", saved, "--json").stdout)
    assert quick["actions"] and not all(action["odds"] for action in quick["actions"])
    slow = analyse("how-i-died", saved, "--json", "--patience", "100")
    assert slow.returncode == 0, slow.stderr
    assert all(action["odds"] for action in json.loads(slow.stdout)["actions"])
    refused = analyse("how-i-died", saved, "--patience", "0")
    assert refused.returncode == 2 and "--patience" in refused.stderr


def test_the_readable_table_puts_each_chance_as_a_percent_then_its_exact_fraction():
    """The plain output writes a chance as every command does, its percentage first; the exact
    fraction beside it is the one --json gives."""
    saved = get_game("epic-death").new_state(2, 0).to_json()
    table = analyse("epic-death", saved).stdout.splitlines()[2:]
    exact = json.loads(analyse("epic-death", saved, "--json").stdout)
    fractions = [list(action["odds"].values()) for action in exact["actions"]]
    assert len(table) >= len(fractions) > 0
    for line, numbers in zip(table, fractions, strict=False):
        for number in numbers:
            if number in ("0", "1"):
                assert ("0% (impossible)" if number == "0" else "100% (certain)") in line
            else:
                assert re.search(rf"\d%\s\(exactly {number}\)", line), (line, number)


def test_an_expected_number_reads_as_a_decimal_then_its_exact_value():
    expected = Measure("glory", "expected glory this turn", chance=False)
    assert number_cell(expected, Fraction(562, 39)) == "14.4 (exactly 562/39)"
    assert number_cell(expected, Fraction(-1)) == "-1"
    assert number_cell(Measure("die", "P(you die)"), Fraction(1, 13)) == "7.7% (exactly 1/13)"


def test_a_choice_too_large_tells_the_analyse_user_to_raise_patience_not_to_save_the_game():
    """How I Died's first card of a turn is refused at patience 1: the note, said to someone
    already running analyse, names --patience and the patience it was run with."""
    saved = get_game("how-i-died").new_state(2, 3).to_json()
    out = analyse("how-i-died", saved).stdout
    assert "--patience" in out and "above 1" in out and "save the game" not in out


def test_a_terminal_sees_the_positions_walked_counted(monkeypatch, capsys, tmp_path):
    """On a terminal a walk that runs on shows a bar counting the positions it has walked (here
    drawn at once); the answer is the same as without it, and the walk is never called off."""
    from toolkit import cli
    from toolkit.simulate import decision_points

    state = next(s for s in decision_points("how-i-died", 5, [0]) if len(s.history) == 1)
    saved = tmp_path / "game.json"
    saved.write_text(state.to_json(), encoding="utf-8")
    argv = ["analyse", "how-i-died", "--state", str(saved), "--json"]
    assert cli.main(argv) == 0
    quiet = capsys.readouterr()
    assert quiet.err == ""  # not a terminal: no bar
    monkeypatch.setattr(cli, "progress_shown", lambda: True)
    monkeypatch.setattr(cli, "PROGRESS_DELAY", 0)
    assert cli.main(argv) == 0
    shown = capsys.readouterr()
    assert "positions walked" in shown.err
    assert json.loads(shown.out) == json.loads(quiet.out)


def test_a_patient_walk_whose_memo_would_pass_its_bound_is_refused_in_one_line(
    monkeypatch, tmp_path, capsys
):
    """``analyse --patience`` bounds what its walks keep in memory (a million positions, about a
    gigabyte): past it the answer is one line and exit status 2, not a machine out of memory.
    Here the bound is lowered to 50 positions, at How I Died's first card of a turn."""
    from toolkit import analysis, cli
    from toolkit.simulate import decision_points

    monkeypatch.setattr(analysis, "MOST_KEPT", 50)
    state = next(decision_points("how-i-died", 4, range(1), "random"))
    path = tmp_path / "game.json"
    path.write_text(state.to_json())
    assert cli.main(["analyse", "how-i-died", "--state", str(path), "--patience", "100"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert "would keep more than 50 positions in memory" in captured.err
