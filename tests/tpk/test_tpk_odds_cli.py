"""TPK analysis and command line: the exact chance against Monte Carlo, and the CLI contracts."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

from toolkit.cli import main
from toolkit.simulate import wilson_interval
from toolkit.tpk.odds import clearable_probability, exact_clearable, expected_row_treasures


def test_exact_level_one_chance_matches_monte_carlo():
    exact = exact_clearable(1, "taric,land")
    assert exact == Fraction(577111, 776160)
    estimate = clearable_probability(1, "taric,land", samples=1500, seed=100)
    low, high = wilson_interval(estimate["successes"], estimate["samples"], z=3.29)
    assert low <= exact <= high


def test_simulate_prints_the_contract_and_is_deterministic(capsys):
    args = ["simulate", "tpk", "--players", "3", "--games", "60", "--seed", "5", "--json"]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert main(args) == 0
    assert capsys.readouterr().out == first
    result = json.loads(first)
    assert 0 <= result["win_rate"] <= 1
    assert {"levels_cleared_mean", "treasures_mean"} <= set(result)
    main(
        [
            "simulate",
            "tpk",
            "--players",
            "3",
            "--games",
            "60",
            "--seed",
            "5",
            "--json",
            "--bots",
            "convention",
        ]
    )
    smarter = json.loads(capsys.readouterr().out)
    assert smarter["levels_cleared_mean"] > result["levels_cleared_mean"]


def test_odds_command_and_its_errors(capsys):
    assert (
        main(
            [
                "odds",
                "tpk",
                "--level",
                "2",
                "--characters",
                "taric,land",
                "--samples",
                "50",
                "--json",
            ]
        )
        == 0
    )
    result = json.loads(capsys.readouterr().out)
    assert result["method"] == "monte carlo" and 0 <= result["clearable"] <= 1
    done = subprocess.run(
        [sys.executable, "-m", "toolkit", "odds", "tpk", "--characters", "taric,gandalf"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "gandalf" in done.stderr


def test_silent_bots_never_clear_a_deal_the_perfect_party_could_not():
    from toolkit.tpk.analysis import play_level
    from toolkit.tpk.coordination import clearable
    from toolkit.tpk.rules import TPKState

    for seed in range(40):
        state = TPKState(seed=seed, players=3, first_level=2)
        possible = clearable(state) is not None
        assert possible or not play_level(state, "convention", seed)
    assert expected_row_treasures(7, 5) == Fraction(70, 9)


def test_a_misspelt_character_is_named_not_counted_as_a_smaller_party(capsys):
    """`--characters brin` used to be refused as 'TPK takes 2 to 5 players, not 1', and the
    characters to choose from printed as a Python tuple."""
    assert main(["odds", "tpk", "--characters", "Brin"]) == 2
    err = capsys.readouterr().err
    assert "unknown character 'Brin' (choose from taric, galen, brin, land, pentegarn)" in err
    assert "players" not in err


def test_samples_beyond_what_runs_in_a_minute_are_refused_in_one_line():
    from toolkit.tpk.cli import MAX_SAMPLES

    refused = subprocess.run(
        [sys.executable, "-m", "toolkit", "odds", "tpk", "--level", "7", "--players", "5",
         "--samples", str(MAX_SAMPLES + 1)],
        capture_output=True,
        text=True,
    )  # fmt: skip
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1
    assert f"1 to {MAX_SAMPLES:,}" in refused.stderr


def test_plain_odds_name_the_party_by_the_characters_names_not_their_ids(capsys):
    assert main(["odds", "tpk", "--level", "1", "--characters", "taric,land", "--exact"]) == 0
    header = capsys.readouterr().out.splitlines()[0]
    assert "Taric" in header and "Land" in header and "taric" not in header
