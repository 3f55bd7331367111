"""The CLI contract: `death-toolkit odds death-may-die ... --json` and `simulate`."""

import json
from fractions import Fraction

import pytest

from toolkit.cli import main
from toolkit.death_may_die.rerolls import p_at_least


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_odds_json_contract(capsys):
    code, out, _ = run(
        capsys, "odds", "death-may-die", "--black", "3", "--green", "1", "--need", "2",
        "--stress", "2", "--json",
    )  # fmt: skip
    assert code == 0
    result = json.loads(out)
    assert result["p_at_least"] == "57/64"
    assert result["p_at_least_no_reroll"] == "11/16"
    assert Fraction(result["p_at_least"]) == p_at_least(3, 1, 2, 2)
    assert out.count("\n") == 1  # one JSON object on one line


@pytest.mark.parametrize("black,green,need,stress", [(6, 5, 6, 4), (1, 0, 1, 0), (0, 2, 3, 1)])
def test_odds_agree_with_the_library(capsys, black, green, need, stress):
    _, out, _ = run(
        capsys, "odds", "death-may-die", "--black", str(black), "--green", str(green),
        "--need", str(need), "--stress", str(stress), "--json",
    )  # fmt: skip
    result = json.loads(out)
    assert Fraction(result["p_at_least"]) == p_at_least(black, green, need, stress)
    assert Fraction(result["p_at_least_no_reroll"]) == p_at_least(black, green, need, 0)


@pytest.mark.parametrize(
    "argv,message",
    [
        (["--black", "-1"], "must be 0 or more"),
        (["--black", "0", "--green", "0"], "roll at least one die"),
        (["--stress", "x"], "not a whole number: 'x'"),
    ],
)
def test_bad_odds_arguments_are_one_line_errors(capsys, argv, message):
    with pytest.raises(SystemExit) as exit_info:
        code = main(["odds", "death-may-die", *argv, "--json"])
        raise SystemExit(code)
    _, err = capsys.readouterr()
    assert exit_info.value.code == 2
    assert message in err and err.count("\n") == 1


def test_simulate_json(capsys):
    code, out, _ = run(
        capsys, "simulate", "death-may-die", "--players", "2", "--games", "5", "--json"
    )
    assert code == 0
    result = json.loads(out)
    assert result["games"] == 5 and 0 <= result["win_rate"] <= 1
    assert sum(result["endings"].values()) == 5


def test_study_plays_the_episode_named_by_option(capsys):
    """`study --option episode=high_tide` plays the hard episode: its table is the one the same
    seeds give when each game is set up with that episode."""
    from toolkit.simulate import play_seeded

    code, out, _ = run(
        capsys, "study", "death-may-die", "--players", "1", "--bots", "greedy", "--games", "12",
        "--option", "episode=high_tide", "--json",
    )  # fmt: skip
    assert code == 0
    [row] = json.loads(out)
    wins = sum(
        play_seeded("death-may-die", 1, ["greedy"], seed, episode="high_tide").result == "win"
        for seed in range(12)
    )
    learning = sum(
        play_seeded("death-may-die", 1, ["greedy"], seed).result == "win" for seed in range(12)
    )
    assert row["games"] == 12 and row["wins"] == wins
    assert wins < learning  # on the same seeds the learning episode is won more often


@pytest.mark.parametrize(
    "option, message",
    [
        ("episode=nope", "unknown episode 'nope'"),
        ("colour=red", "takes no option among colour"),
        ("episode", "give KEY=VALUE"),
    ],
)
def test_bad_study_options_are_one_line_errors(capsys, option, message):
    with pytest.raises(SystemExit) as exit_info:
        code = main(
            ["study", "death-may-die", "--players", "1", "--bots", "greedy", "--games", "3",
             "--option", option]
        )  # fmt: skip
        raise SystemExit(code)
    _, err = capsys.readouterr()
    assert exit_info.value.code == 2
    assert message in err and err.count("\n") == 1
