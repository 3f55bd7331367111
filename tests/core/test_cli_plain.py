"""The command line's plain output, for a person: every number named in words, a chance as a
percentage with its exact fraction where it is exact, the bots named by seat; ``--help`` clean;
and ``--json`` keeping its keys."""

from __future__ import annotations

import argparse
import json
import re
from fractions import Fraction

import pytest

from toolkit import games
from toolkit.cli import build_parser, main
from toolkit.plain import estimate, exact_chance, mean, pct


def call(capsys, *args: str) -> tuple[int, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    assert status == 0, err
    assert err == ""  # no progress bar where standard error is not a terminal
    return status, out


# An exact chance in words: a named event, its percentage, its fraction.
EXACT = re.compile(r"^P\(.+\): (?P<shown>[^(]+%) \(exactly (?P<p>\d+)/(?P<q>\d+)\)")

ODDS = {
    "epic-death": (["--difficulty", "mighty", "--victories", "3"], "success"),
    "to-the-death": (["--weapon", "3", "--armor", "5"], "p_hit"),
    "how-i-died": (["--hand", "spied-on,betrayed,the-hungry", "--pool", "hydra,slime"], None),
    "death-may-die": (["--black", "3", "--green", "1", "--need", "2", "--stress", "2"], None),
    "tpk": (["--exact", "--players", "2"], "clearable"),
}


@pytest.mark.parametrize("game", list(ODDS))
def test_odds_name_each_chance_with_its_percent_and_fraction(capsys, game):
    arguments, key = ODDS[game]
    _, out = call(capsys, "odds", game, *arguments)
    _, raw = call(capsys, "odds", game, *arguments, "--json")
    answer = json.loads(raw)
    lines = [line.strip().removeprefix("- ") for line in out.splitlines()]
    exact = [EXACT.match(line) for line in lines]
    assert any(exact), out
    for match in filter(None, exact):  # the percentage is the fraction's, rounded
        assert match["shown"] == pct(Fraction(int(match["p"]), int(match["q"])))
    fractions = {f"{m['p']}/{m['q']}" for m in exact if m}
    if key is not None:  # the headline number is the JSON's, in words
        assert answer[key] in fractions
    assert not {key for key in answer if "_" in key} & set(re.findall(r"\w+", out))  # words


def test_the_odds_say_their_question():
    """Each number is a sentence's answer, not a key: what it is the chance of."""
    assert exact_chance("7/8") == "87.5% (exactly 7/8)"
    assert exact_chance("0/1") == "0% (impossible)" and exact_chance("1/1") == "100% (certain)"
    assert exact_chance(Fraction(1, 279936)) == "less than 0.01% (exactly 1/279936)"
    assert exact_chance(Fraction(1, 3**60)).endswith(
        "(exact: a fraction of 29-digit numbers, in --json)"
    )
    assert estimate(0.888, (0.881, 0.894)) == "88.8% (95% interval 88.1-89.4%)"
    assert [mean(x) for x in (0.42, 3.8, 20.33, 1372.4)] == ["0.42", "3.80", "20.3", "1,372"]


def test_tpk_odds_read_as_a_question_with_its_interval(capsys):
    _, out = call(capsys, "odds", "tpk", "--samples", "50", "--seed", "3")
    answer = json.loads(call(capsys, "odds", "tpk", "--samples", "50", "--seed", "3", "--json")[1])
    low, high = answer["interval"]
    assert (
        "P(a perfectly coordinated party can clear a fresh deal of level 1): "
        f"{pct(answer['clearable'])} (95% interval {low * 100:.1f}-{high * 100:.1f}%), "
        f"estimated: {answer['successes']} of 50 deals (seeds from 3) could be cleared."
    ) in out


def test_death_may_die_policy_reads_as_rules(capsys):
    _, out = call(capsys, "odds", "death-may-die", "--black", "3", "--green", "1", "--need", "2",
                  "--stress", "2")  # fmt: skip
    assert (
        "  - With 1 success showing: reroll any black die showing a blank, a tentacle or an "
        "elder sign, or any green die showing a blank or an elder sign. Keep every black die "
        "showing a success or a success with a tentacle, and every green die showing a success "
        "or a success with an elder sign.\n"
    ) in out
    assert "P(at least 2 successes, rerolling as well as possible): 89.1% (exactly 57/64)" in out


@pytest.mark.parametrize("game", games.available())
def test_simulate_names_the_bots_in_their_seats(capsys, game):
    spec = games.get_game(game)
    arguments = ["simulate", game, "--games", "4", "--players", "2", "--bots", "random"]
    _, out = call(capsys, *arguments)
    summary = json.loads(call(capsys, *arguments, "--json")[1])
    assert out.startswith(
        f"{spec.title}: 4 games (seeds 0-3), 2 players, the random bot in both seats."
    )
    if spec.utility == "cooperative":
        assert (
            f"The table won {summary['wins']} of 4 games: "
            f"{estimate(summary['win_rate'], summary['win_interval'])}."
        ) in out
    else:
        for seat in (1, 2):
            assert f"\nSeat {seat} (random): mean return " in out
            assert f"mean return {mean(summary['mean_returns'][seat - 1])}, won " in out
    assert "_" not in out and "[" not in out  # no JSON key, no Python list


@pytest.mark.parametrize("game", games.available())
def test_a_mean_return_is_said_what_it_is_in_the_games_terms(capsys, game):
    """A mean return is a number a player cannot guess the scale of: wherever it is printed, a
    line says what a seat's return is in that game (To the Death!'s duel counts a loss -1)."""
    outputs = [
        call(capsys, "simulate", game, "--games", "3", "--players", "2")[1],
        call(capsys, "study", game, "--players", "2", "--games", "2", "--bots", "random")[1],
    ]
    for out in outputs:
        if "mean return" in out:
            (legend,) = [line for line in out.splitlines() if line.startswith("Mean return:")]
            assert "win" in legend and ("lose" in legend or "loss" in legend)
    assert "mean return" in outputs[1]
    if game == "to-the-death":
        assert "-1" in outputs[1]


def test_simulate_tpk_says_plainly_that_random_bots_win_nothing(capsys):
    """With its defaults (random bots, 100 games) TPK's party wins no game: 77 of them clear no
    level, the best clears three of seven. It is said, with a bot that does win."""
    _, out = call(capsys, "simulate", "tpk")
    assert "The table won 0 of 100 games: 0.0% (95% interval 0.0-3.7%)." in out
    assert "(0 levels in 77 games, 1 level in 22 games, 3 levels in 1 game)" in out
    assert "No game won: for a bot that plays to win, try --bots convention." in out


def test_study_names_the_bots_and_their_seats(capsys):
    arguments = ["study", "epic-death", "--players", "3", "--bots", "greedy", "--against", "random",
                 "--games", "3"]  # fmt: skip
    _, out = call(capsys, *arguments)
    (row,) = json.loads(call(capsys, *arguments, "--json")[1])
    assert (
        f"greedy in one seat, random in the other 2 seats: greedy's seat won {row['wins']} of 3 "
        f"games, {estimate(row['win_rate'], (row['low_95'], row['high_95']))}; mean return "
        f"{mean(row['mean_return'])}."
    ) in out
    _, out = call(capsys, "study", "tpk", "--players", "2", "--bots", "random", "--games", "2")
    assert "random in both seats: the table won 0 of 2 games, 0.0% (95% interval" in out
    # without --players, as simulate: the fewest players the game takes (TPK's two)
    assert call(capsys, "study", "tpk", "--bots", "random", "--games", "2")[1] == out


def test_help_is_clean_and_lists_every_command():
    parser = build_parser()
    text = parser.format_help()
    assert "``" not in text
    (commands,) = [a for a in parser._actions if getattr(a, "choices", None)]
    named = {choice.dest for choice in commands._choices_actions}
    assert named == set(commands.choices) >= {
        "games", "lab", "book", "app", "odds", "analyse", "describe", "simulate", "study", "check"
    }  # fmt: skip
    for line in commands._choices_actions:
        assert line.help and "``" not in line.help and f"\n    {line.dest} " in text
    for command in ("odds", "simulate"):
        sub = commands.choices[command].format_help()
        assert all(slug in sub for slug in games.available())
    assert not [p.prog for p in every_parser(parser) if "``" in p.format_help()]


def every_parser(parser):
    yield parser
    for action in parser._actions:
        choices = getattr(action, "choices", None)
        for child in choices.values() if isinstance(choices, dict) else ():
            yield from every_parser(child)


def test_every_argument_of_every_command_says_what_it_is():
    """A user reading any ``--help`` learns what each argument is, and a placeholder the words
    name (N, ADDRESS) is the one the usage line shows."""
    unexplained, misnamed = [], []
    for parser in every_parser(build_parser()):
        for action in parser._actions:
            if isinstance(action, (argparse._HelpAction, argparse._SubParsersAction)):
                continue  # a command's list: each command's own line says what it is
            if not action.help:
                unexplained.append(f"{parser.prog} {action.option_strings or action.dest}")
            for word in ("N", "ADDRESS"):
                if action.option_strings and re.search(rf"\b{word}\b", action.help or ""):
                    if action.metavar != word:
                        misnamed.append(f"{parser.prog} {action.option_strings[0]}")
    assert unexplained == [] and misnamed == []


def test_every_option_with_a_default_says_it():
    """An option a user may leave out says what it is then (0, a party, a folder), so that the
    answer printed can be read without the source."""
    silent = [
        f"{parser.prog} {action.option_strings[0]}"
        for parser in every_parser(build_parser())
        for action in parser._actions
        if action.option_strings
        and action.default is not None
        and action.default is not False
        and action.default != []
        and action.default is not argparse.SUPPRESS
        and "default" not in (action.help or "")
    ]
    assert silent == []


def test_the_games_command_says_what_it_lists():
    parser = build_parser()
    (commands,) = [a for a in parser._actions if getattr(a, "choices", None)]
    assert "games" in (commands.choices["games"].description or "").lower()


JSON_KEYS = {
    ("odds", "epic-death", "--difficulty", "mighty", "--victories", "3"):
        ["dice", "difficulty", "victories", "success", "epic_death"],
    ("odds", "to-the-death", "--weapon", "3", "--armor", "5"):
        ["p_hit", "weapon", "armor", "bonus", "unseen_cards", "needed_check"],
    ("odds", "tpk", "--samples", "5"):
        ["level", "characters", "method", "seed", "clearable", "successes", "samples", "interval"],
    ("odds", "tpk", "--exact", "--players", "2"): ["level", "characters", "method", "clearable"],
    ("odds", "how-i-died", "--hand", "spied-on"):
        ["legendary_chance", "strategy", "damage_per_adventure", "mean_damage",
         "turns_until_death", "mean_turns_until_death"],
    ("odds", "death-may-die", "--stress", "1"):
        ["black", "green", "need", "stress", "p_at_least", "p_at_least_no_reroll",
         "p_no_tentacle_no_reroll", "policy"],
    ("simulate", "epic-death"): ["mean_turns", "mean_scores", "win_share"],
    ("simulate", "to-the-death"): ["wins", "win_rate", "win_interval", "mean_hero_turns"],
    ("simulate", "tpk"):
        ["wins", "win_rate", "win_interval", "levels_cleared_mean", "treasures_mean",
         "treasures_found_mean"],
    ("simulate", "how-i-died"):
        ["mean_glory", "mean_turns", "legendary_rate", "mean_turns_alive", "stalled_games"],
    ("simulate", "death-may-die"):
        ["wins", "win_rate", "win_interval", "mean_turns", "ritual_disrupted_rate", "endings"],
}  # fmt: skip


@pytest.mark.parametrize("command", list(JSON_KEYS), ids=" ".join)
def test_json_keeps_its_keys(capsys, command):
    """Programs parse ``--json``: the plain output changed, its keys and their order did not."""
    extra = ["--games", "2"] if command[0] == "simulate" else []
    _, out = call(capsys, *command, *extra, "--json")
    keys = JSON_KEYS[command]
    if command[0] == "simulate":
        keys = ["game", "players", "games", "seed", "mean_returns", *keys]
    assert list(json.loads(out)) == keys and out.count("\n") == 1


def test_study_json_keeps_its_columns(capsys):
    _, out = call(capsys, "study", "tpk", "--players", "2", "--bots", "random", "--games", "2",
                  "--json")  # fmt: skip
    assert list(json.loads(out)[0]) == [
        "bot", "against", "games", "wins", "win_rate", "low_95", "high_95", "mean_return"
    ]  # fmt: skip


def test_no_game_won_is_said_only_when_no_seat_won_a_game(capsys):
    """To the Death!'s duel counts seat 1's wins as its "wins": a game won by seat 2 is still a
    game won, and the hint that no game was won must not follow it."""
    arguments = ["simulate", "to-the-death", "--players", "2", "--games", "5"]
    summary = json.loads(call(capsys, *arguments, "--json")[1])
    _, out = call(capsys, *arguments)
    seat_2_wins = re.search(r"Seat 2 \(random\): .*?\((\d+) of 5 games\)", out)
    assert summary["wins"] == 0 and int(seat_2_wins.group(1)) > 0  # the case in question
    assert "No game won" not in out
