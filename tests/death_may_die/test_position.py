"""A Death May Die position described as the seat to act sees it, and the state built from it:
the round trip keeps every number, a description that cannot happen names its field, a built
game saves and plays on, and a hand-written table gives the odds counted by hand."""

from __future__ import annotations

import copy
import itertools
import json
from fractions import Fraction

import pytest
import yaml
from _paths import BOOK
from position_check import positions, refused_by_the_command_line, round_trip

from toolkit.cli import main
from toolkit.death_may_die.position import DECISIONS, QUESTIONS
from toolkit.games import get_game
from toolkit.position import PositionError
from toolkit.state import from_json

SLUG = "death-may-die"
SPEC = get_game(SLUG)


def test_a_sample_of_positions_round_trips():
    built = [round_trip(SLUG, state) for state in positions(SLUG, 20, 11)]
    assert len(built) == 20


@pytest.fixture(scope="module")
def one_of_each():
    """The first position of each kind of decision in the seeded random games."""
    found = {}
    for state in positions(SLUG, 2000):
        found.setdefault(state.front(), state)
        if len(found) == len(DECISIONS):
            break
    return found


def test_every_kind_of_decision_round_trips(one_of_each):
    assert sorted(one_of_each) == sorted(QUESTIONS)
    for question, state in one_of_each.items():
        built = round_trip(SLUG, state)
        assert built.front() == question
        assert built.legal_actions() == state.legal_actions()


def test_what_the_seat_cannot_see_is_only_counted(one_of_each):
    state = one_of_each["roll"]
    description = SPEC.describe(state)
    assert list(description)[:4] == ["game", "players", "seat", "episode"]
    assert description["roll"]["faces"] == [
        f"{colour} {face}" for colour, face in state.roll["faces"]
    ]
    assert description["mythos"]["to_draw"] == len(state.mythos.cards)
    assert not set(state.mythos.cards) & set(json.dumps(description).split('"'))
    built = SPEC.position(description)
    assert sorted(built.mythos.cards) == sorted(state.mythos.cards)  # the same cards, unordered


def described(question: str, one_of_each) -> dict:
    return copy.deepcopy(SPEC.describe(one_of_each[question]))


def refused(description: dict, field: str) -> PositionError:
    with pytest.raises(PositionError) as caught:
        SPEC.position(description)
    assert caught.value.field == field, caught.value
    return caught.value


def test_a_card_in_two_places(one_of_each):
    description = described("enemy_move_choice", one_of_each)
    resolving = next(step["card"] for step in description["then"] if "card" in step)
    description["mythos"]["discards"].append(resolving)
    refused(description, "then[5].card")


def test_more_copies_than_exist(one_of_each):
    description = described("actions", one_of_each)
    description["discovery"]["discards"] = ["crate", "crate", "crate"]  # two in the deck
    assert "2 copies" in str(refused(description, "discovery.discards"))
    description = described("enemy_move_choice", one_of_each)
    description["investigators"][0]["items"] = ["lantern"]  # Ivo holds the only one
    assert "also in" in str(refused(description, "investigators[1].items"))


def test_more_than_the_rules_allow(one_of_each):
    description = described("actions", one_of_each)
    description["investigators"][0]["stress"] = 5
    refused(description, "investigators[0].stress")
    description = described("actions", one_of_each)
    description["enemies"][0]["number"] = 7  # six cultist figures in the box
    refused(description, "enemies[0].number")


def test_dice_faces_a_die_does_not_have(one_of_each):
    description = described("roll", one_of_each)
    description["roll"]["faces"][0] = "black success+elder"
    assert "no face" in str(refused(description, "roll.faces[0]"))


def test_a_decision_that_does_not_exist_there(one_of_each):
    description = described("roll", one_of_each)
    description["investigators"][0]["stress"] = 4  # no reroll left: the roll resolves
    refused(description, "decision")
    description = described("actions", one_of_each)
    description["decision"] = "trade"  # nobody to trade with
    refused(description, "decision")
    description = described("actions", one_of_each)
    description["seat"] = 1 - description["seat"]
    refused(description, "seat")


def test_unknown_fields_and_wrong_types(one_of_each):
    description = described("actions", one_of_each)
    description["hand"] = []
    refused(description, "hand")
    description = described("actions", one_of_each)
    description["turn"] = "three"
    refused(description, "turn")
    description = described("actions", one_of_each)
    description["investigators"][0] = ["Rosa"]
    refused(description, "investigators[0]")
    description = described("enemy_move_choice", one_of_each)
    description["then"][0]["figure"] = "Cultist 9"
    refused(description, "then[0].figure")


def test_a_bad_file_through_the_cli(tmp_path, one_of_each):
    description = described("actions", one_of_each)
    description["investigators"][0]["space"] = "Atlantis"
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(description))
    assert "investigators[0].space" in refused_by_the_command_line(SLUG, path)


def test_a_built_game_saves_and_plays_on(one_of_each):
    built = SPEC.position(SPEC.describe(one_of_each["actions"]))
    rng = iter(itertools.count())
    for _ in range(12):
        if built.is_terminal():
            break
        legal = built.legal_actions()
        built.apply(legal[next(rng) % len(legal)])
    loaded = from_json(built.to_json())
    assert loaded.history == built.history
    if loaded.prompt is not None:
        assert SPEC.describe(loaded, 0) == SPEC.describe(built, 0)
    assert loaded.observation(0) == built.observation(0)
    assert json.loads(loaded.to_json())["position"] == SPEC.describe(one_of_each["actions"])


def test_analyse_position_prints_the_numbers_of_the_state(tmp_path, capsys, one_of_each):
    state = one_of_each["fight"]
    saved, described_ = tmp_path / "game.json", tmp_path / "position.yaml"
    saved.write_text(state.to_json())
    described_.write_text(yaml.safe_dump(SPEC.describe(state), sort_keys=False))
    assert main(["analyse", SLUG, "--state", str(saved), "--json"]) == 0
    from_state = capsys.readouterr().out
    assert main(["analyse", SLUG, "--position", str(described_), "--json"]) == 0
    assert capsys.readouterr().out == from_state


# the rules notes' worked example, which they include from the book's positions folder
HAND_WRITTEN = (BOOK / "positions" / "death-may-die.yaml").read_text(encoding="utf-8")


def test_a_hand_written_table_against_a_count_by_hand():
    """Rosa attacks a Cultist (2 health) with 3 black dice and 1 green (her Brawl): each die a
    success half the time (black: 2 of 6 faces one success, 1 a success and a tentacle; green:
    2 of 6 a success, 1 a success and an elder sign), so her successes are binomial(4, 1/2)."""
    notes = (BOOK / "rules-notes" / "death_may_die.md").read_text(encoding="utf-8")
    assert "```{literalinclude} ../positions/death-may-die.yaml\n" in notes
    state = SPEC.position(yaml.safe_load(HAND_WRITTEN))
    assert state.dice_for(state.investigators[0], "attack") == (3, 1)
    odds = {row.action: row.odds for row in SPEC.decision_odds(state).actions}
    successes = [Fraction(1, 16) * n for n in (1, 4, 6, 4, 1)]
    uid = next(iter(state.enemies))
    assert odds[("attack", uid)]["defeated"] == sum(successes[2:])
    assert odds[("attack", uid)]["dealt"] == sum(p * min(k, 2) for k, p in enumerate(successes))
    assert ("rest", 0, 0) not in odds  # an enemy on her space: no rest
