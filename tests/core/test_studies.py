"""toolkit.studies and ``death-toolkit study``: who plays whom, the seat turning round, and a
table that records the command that made it."""

from __future__ import annotations

import io
from contextlib import redirect_stdout

import pandas as pd
import pytest

from toolkit.cli import main
from toolkit.simulate import run_many
from toolkit.studies import COLUMNS, bots_table, committed_table, pairings, win_rate_grid


def test_pairings_are_every_ordered_pair_or_each_bot_alone():
    assert pairings("epic-death", ["random", "greedy"]) == [
        ("random", "random"),
        ("random", "greedy"),
        ("greedy", "random"),
        ("greedy", "greedy"),
    ]
    assert pairings("tpk", ["random", "convention"]) == [("random", None), ("convention", None)]


def test_named_opponents_leave_out_the_pairings_not_asked_for():
    assert pairings("epic-death", ["search", "greedy"], against=["greedy", "random"]) == [
        ("search", "greedy"),
        ("search", "random"),
        ("greedy", "greedy"),
        ("greedy", "random"),
    ]


def test_the_bot_takes_each_seat_in_turn_on_the_same_seeds():
    """Seven games of three players: the bot sits in seat 0 for three of them and seats 1 and 2
    for two each, each seat's games on seeds 0, 1, ...; its wins are read from the seat it took."""
    table = bots_table("epic-death", 3, ["greedy", "random"], 7)
    row = table[(table.bot == "greedy") & (table.against == "random")].iloc[0]
    wins = 0
    for seat, count in enumerate((3, 2, 2)):
        names = ["greedy" if s == seat else "random" for s in range(3)]
        games = run_many("epic-death", 3, count, 0, names, progress=False)
        wins += int((games[f"return_{seat}"] > 0).sum())
    assert (row.games, row.wins) == (7, wins)
    assert list(table.columns) == list(COLUMNS)
    assert row.low_95 <= row.win_rate <= row.high_95


def test_a_cooperative_table_plays_every_seat_with_one_bot():
    table = bots_table("tpk", 3, ["convention"], 10)
    assert table.against.tolist() == ["(the whole table)"] and table.games.tolist() == [10]


def test_a_solo_game_plays_each_bot_alone():
    """To the Death! alone has no other seat: the table used to print every bot 'against' every
    other, the same games under other names."""
    assert pairings("to-the-death", ["random", "greedy"], players=1) == [
        ("random", None),
        ("greedy", None),
    ]
    table = bots_table("to-the-death", 1, ["random", "greedy"], 3)
    assert table.bot.tolist() == ["random", "greedy"]
    assert table.against.tolist() == ["(the whole table)"] * 2 and table.games.tolist() == [3, 3]


@pytest.mark.parametrize("game, players", [("tpk", "3"), ("to-the-death", "1")])
def test_against_is_refused_where_no_bot_plays_against_another(capsys, game, players):
    """It used to be ignored without a word: the table was not the one asked for."""
    argv = ["study", game, "--players", players, "--bots", "random", "--against", "random"]
    assert main([*argv, "--games", "2"]) == 2
    assert "leave out --against" in capsys.readouterr().err


def writes_its_table(path, players: int, games: int) -> pd.DataFrame:
    """``death-toolkit study tpk`` with every bot (the default), its table to `path` as CSV and
    as JSON: the CSV's first line is the command, and it has a row for every bot."""
    argv = ["study", "tpk", "--players", str(players), "--games", str(games)]
    argv += ["--csv", str(path), "--json"]
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(argv) == 0
    assert path.read_text().splitlines()[0] == "# made by: death-toolkit " + " ".join(argv)
    table = pd.read_csv(path, comment="#")
    assert table.bot.tolist() == ["random", "convention", "planner", "search"]  # every bot
    assert table.games.tolist() == [games] * 4
    assert '"bot":"random"' in out.getvalue()
    return table


def test_the_command_writes_its_table_and_how_it_was_made(tmp_path):
    """Two games of two characters a bot (TPK's planner and search bot take seconds a game at
    three; ``benchmarks/sweep_studies.py`` runs five games of three)."""
    writes_its_table(tmp_path / "bots.csv", players=2, games=2)


def test_unknown_bots_and_player_counts_are_one_line(capsys):
    assert main(["study", "tpk", "--players", "3", "--bots", "greedy"]) == 2
    assert "unknown bot 'greedy'" in capsys.readouterr().err
    assert main(["study", "epic-death", "--players", "2", "--against", "lookahead"]) == 2
    assert "unknown bot 'lookahead'" in capsys.readouterr().err
    assert main(["study", "tpk", "--players", "2", "--bots", ""]) == 2  # not every bot
    assert "unknown bot ''" in capsys.readouterr().err
    assert main(["study", "tpk", "--players", "9"]) == 2


def test_too_many_games_are_refused_as_asked_before_any_bar(capsys):
    """A billion games used to be refused as 'not 500,000,000' (one seat's share), after a
    progress bar had been drawn."""
    argv = ["study", "epic-death", "--players", "2", "--bots", "random", "--games", "1000000000"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err == (
        "death-toolkit study epic-death: error: a study plays 1 to 1,000,000 games a pairing, "
        "not 1,000,000,000\n"
    )


def test_a_study_run_in_parts_adds_up_to_the_whole(tmp_path, monkeypatch):
    """A long study is run in parts, seeds apart; the committed table adds them up pairing by
    pairing: two parts of four games a pairing make the same table as one of eight."""
    studies = tmp_path / "epic_death" / "studies"
    studies.mkdir(parents=True)
    for seed in (0, 2):
        argv = ["study", "epic-death", "--players", "2", "--bots", "greedy", "--against",
                "random,greedy", "--games", "4", "--seed", str(seed),
                "--csv", str(studies / f"bots_2p_from{seed}.csv")]  # fmt: skip
        assert main(argv) == 0
    monkeypatch.setattr("toolkit.studies.data_root", lambda: tmp_path)
    parts, commands = committed_table("epic-death", 2)
    whole = bots_table("epic-death", 2, ["greedy"], 8, against=["random", "greedy"])
    pd.testing.assert_frame_equal(parts, whole)
    assert commands[1].endswith("--seed 2 --csv " + str(studies / "bots_2p_from2.csv"))
    grid = win_rate_grid(parts)
    assert grid.headers == ["bot", "against random", "against greedy"]
    assert grid.caption == "8 games a cell" and grid.rows[0][0] == "greedy"


@pytest.mark.parametrize("where", ["missing-folder/bots.csv", "."], ids=["no folder", "a folder"])
def test_a_csv_that_cannot_be_written_is_refused_before_any_game(tmp_path, capsys, where):
    """The table used to be played in full and then lost in a traceback."""
    path = tmp_path / where
    argv = ["study", "epic-death", "--players", "2", "--bots", "random", "--games", "20"]
    argv += ["--csv", str(path)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("death-toolkit study epic-death: error: cannot write ")
    assert err.count("\n") == 1 and str(path) in err
