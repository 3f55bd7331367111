"""``death-toolkit describe``: the YAML a position's seat to act sees, which ``analyse
--position`` reads back to the table ``analyse --state`` prints, in every game."""

from __future__ import annotations

import random

import pytest

from toolkit import cli
from toolkit.games import available, get_game
from toolkit.position import description_yaml, parse
from toolkit.simulate import chance_rng, play_seeded, sample_outcome


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def mid_game(game: str, seed: int, moves: int):
    """A game of `game` a few random moves in, stopped at a decision."""
    spec = get_game(game)
    state = spec.new_state(min(spec.min_players + 1, spec.max_players), seed=seed)
    rng, dice = random.Random(seed), chance_rng(seed)
    made = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(sample_outcome(state.chance_outcomes(), dice))
        elif made == moves:
            return state
        else:
            state.apply(rng.choice(state.legal_actions()))
            made += 1
    pytest.skip(f"{game} seed {seed} ended before {moves} moves")


@pytest.mark.parametrize("game", available())
def test_a_described_save_analyses_as_the_save_does(game, tmp_path, capsys):
    state = mid_game(game, seed=5, moves=3)
    saved, described = tmp_path / "game.json", tmp_path / "seen.yaml"
    saved.write_text(state.to_json())
    status, text, err = run(capsys, "describe", game, "--state", str(saved))
    assert status == 0, err
    assert text == description_yaml(get_game(game).describe(state))
    described.write_text(text)
    printed = {}
    for option, path in (("--state", saved), ("--position", described)):
        for extra in ([], ["--json"]):
            status, out, err = run(capsys, "analyse", game, option, str(path), *extra)
            assert status == 0, err
            printed[option, *extra] = out
    assert printed["--state",] == printed["--position",]
    assert printed["--state", "--json"] == printed["--position", "--json"]
    assert len(printed["--state",].splitlines()) >= 2 + len(state.legal_actions())


@pytest.mark.parametrize("game", available())
def test_a_new_game_is_described_at_its_first_decision(game, tmp_path, capsys):
    spec = get_game(game)
    players = spec.max_players
    status, text, err = run(capsys, "describe", game, "--players", str(players), "--seed", "4")
    assert status == 0, err
    description = parse(text)
    assert (description["game"], description["players"]) == (game, players)
    # the same deal a simulation of seed 4 draws, stopped before anyone chooses
    state = spec.new_state(players, seed=4)
    dice = chance_rng(4)
    while state.is_chance_node():
        state.apply(sample_outcome(state.chance_outcomes(), dice))
    assert not state.is_terminal()
    assert description == spec.describe(state)
    (tmp_path / "game.json").write_text(state.to_json())
    (tmp_path / "seen.yaml").write_text(text)
    tables = [
        run(capsys, "analyse", game, option, str(tmp_path / name))[1]
        for option, name in (("--state", "game.json"), ("--position", "seen.yaml"))
    ]
    assert tables[0] == tables[1] and tables[0]


def test_the_defaults_are_the_fewest_players_and_seed_0(capsys):
    spec = get_game("tpk")
    assert run(capsys, "describe", "tpk")[1] == run(capsys, "describe", "tpk", "--seed", "0")[1]
    assert parse(run(capsys, "describe", "tpk")[1])["players"] == spec.min_players


def one_line_refusal(capsys, argv: list[str], *words: str) -> None:
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1, err
    for word in words:
        assert word in err


def test_bad_requests_are_one_line(tmp_path, capsys):
    over = tmp_path / "over.json"
    over.write_text(play_seeded("tpk", 3, ["random"] * 3, 0).to_json())
    one_line_refusal(capsys, ["describe", "tpk", "--state", str(over)], "over")
    one_line_refusal(capsys, ["describe", "tpk", "--state", str(over), "--seed", "1"], "--seed")
    one_line_refusal(capsys, ["describe", "tpk", "--state", str(tmp_path / "no.json")], "cannot")
    one_line_refusal(capsys, ["describe", "tpk", "--players", "9"], "2 to 5 players")
