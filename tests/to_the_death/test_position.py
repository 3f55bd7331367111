"""A To the Death! position described as one seat sees it, and the game built from it: the round
trip at sampled and hand-picked decisions, the checks of a description, its save, ``analyse
--position``, and a hand-written position whose numbers are counted by hand."""

from __future__ import annotations

import copy
import json
import re
from fractions import Fraction

import pytest
import yaml
from _paths import BOOK
from position_check import positions, refused_by_the_command_line, round_trip

from toolkit import cli
from toolkit.bots import handed
from toolkit.games import get_game
from toolkit.position import PositionError, parse
from toolkit.state import SaveError, from_json
from toolkit.to_the_death.cards import catalog, value_of
from toolkit.to_the_death.rules import ToTheDeathState
from toolkit.to_the_death.widget import ToTheDeathWidget

SLUG = "to-the-death"
SPEC = get_game(SLUG)


def _sample():
    """Every 30th of the first 600 random-bot decisions (both table sizes), and the first
    decision of each kind of question among them."""
    picked, kinds = [], set()
    for index, state in enumerate(positions(SLUG, 600)):
        kind = (state.players, state.prompt.question)
        if index % 30 == 0 or kind not in kinds:
            picked.append(state)
            kinds.add(kind)
    return picked


SAMPLE = _sample()


def test_sample_covers_both_games_and_many_questions():
    questions = {state.prompt.question for state in SAMPLE}
    assert {state.players for state in SAMPLE} == {1, 2}
    assert {"main", "draw step", "target", "block", "trophy", "attack order"} <= questions


@pytest.mark.parametrize("index", range(len(SAMPLE)))
def test_round_trip(index):
    state = SAMPLE[index]
    built = round_trip(SLUG, state)
    assert built.legal_actions() == state.legal_actions()


def _first(question: str, players: int = 1):
    return next(s for s in SAMPLE if s.prompt.question == question and s.players == players)


def _described(question: str = "main", players: int = 1) -> dict:
    return SPEC.describe(_first(question, players))


def test_what_the_seat_cannot_see_is_not_described():
    duel = _first("main", 2)
    seat = duel.prompt.seat
    description = SPEC.describe(duel)
    text = yaml.safe_dump(description)
    for card in duel.hands[1 - seat]:
        if card not in duel.hands[seat] and card not in duel.discard:
            assert card not in text  # the other hand is a count
    assert description["other_hand"] == len(duel.hands[1 - seat])
    assert description["deck"] == len(duel.deck) + len(duel.deck_top)


# -- checks ------------------------------------------------------------------------------------
def _refused(description: dict, field: str) -> PositionError:
    with pytest.raises(PositionError) as caught:
        SPEC.position(description)
    assert caught.value.field == field, caught.value
    return caught.value


def test_a_card_in_two_places():
    description = _described()
    description["discard"] = [*description["discard"], description["hand"][0]]
    assert "also in hand" in _refused(description, "discard").problem


def test_a_card_the_game_does_not_have():
    description = _described()
    description["hand"] = ["fighter:9", *description["hand"][1:]]
    _refused(description, "hand[0]")


def test_counts_that_do_not_add_up():
    description = _described()
    description["deck"] += 1
    assert "not placed" in _refused(description, "deck").problem


def test_a_hand_larger_than_the_cards_left():
    description = _described("main", 2)
    description["other_hand"] = 33
    _refused(description, "other_hand")


def test_health_a_hero_cannot_have():
    description = _described()
    description["heroes"]["near"][0]["health"] = 7
    _refused(description, "heroes.near[0].health")


def test_a_decision_that_does_not_come_at_that_point():
    description = _described()
    description["side"] = 1  # the monsters' turn: nobody is asked for a main step
    _refused(description, "decision")
    description = _described()
    description["decision"] = {"question": "attack order"}  # asked in the monsters' turn only
    _refused(description, "decision")
    description = _described("target")
    description["decision"]["question"] = "trophy"  # a trophy names the enemy, not a hero
    assert "has no hero" in _refused(description, "decision.hero").problem
    description = _described("target")
    description["decision"]["hero"] = "Gladiator"  # a hero's weapon, not an enemy's
    assert "not a hero" in _refused(description, "decision.hero").problem


def test_unknown_fields_and_wrong_types():
    description = _described()
    description["hands"] = description.pop("hand")
    _refused(description, "hands")
    description = _described()
    description["turn"] = "three"
    _refused(description, "turn")
    description = _described()
    description["heroes"]["far"][0]["activated"] = "yes"
    _refused(description, "heroes.far[0].activated")


def test_the_cli_refuses_a_bad_position_in_one_line(tmp_path):
    description = _described()
    description["heroes"]["near"][0]["health"] = 0
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(description))
    assert "heroes.near[0].health" in refused_by_the_command_line(SLUG, path)


# -- saving and analysing --------------------------------------------------------------------
def test_a_described_position_saves_with_the_moves_made_since():
    state = SPEC.position(_described("main", 2))
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    loaded = from_json(state.to_json(), game=SLUG)
    assert loaded.to_json() == state.to_json()
    assert SPEC.describe(loaded) == SPEC.describe(state)
    assert loaded.legal_actions() == state.legal_actions()


def test_analyse_position_prints_the_numbers_of_the_saved_game(tmp_path, capsys):
    real = _first("block")
    (tmp_path / "game.json").write_text(real.to_json())
    (tmp_path / "position.yaml").write_text(yaml.safe_dump(SPEC.describe(real)))
    printed = []
    for option in ("--state", "--position"):
        name = "game.json" if option == "--state" else "position.yaml"
        assert cli.main(["analyse", SLUG, option, str(tmp_path / name), "--json"]) == 0
        printed.append(json.loads(capsys.readouterr().out))
    assert printed[0] == printed[1]
    assert len(printed[0]["actions"]) >= 2


# -- a position written by hand ----------------------------------------------------------------
# the rules notes' worked example, which they include from the book's positions folder
BARD_SHOOTS = (BOOK / "positions" / "to-the-death.yaml").read_text(encoding="utf-8")
# the gladiator's first hit of the rulebook's example turn: which card of the hand is its trophy
TROPHY = (BOOK / "positions" / "to-the-death-trophy.yaml").read_text(encoding="utf-8")


def test_a_hand_written_position_and_its_numbers_counted_by_hand():
    description = parse(BARD_SHOOTS)
    state = SPEC.position(description)
    assert SPEC.describe(state) == description
    # the bard's range 2 hits the gladiator's armor 6 on a check of 4 or more; the check is any
    # card neither in the hand nor in the discard pile, each as likely
    armor = catalog().monsters["gladiator"].armor
    seen = {*description["hand"], *description["discard"]}
    unseen = [card for card in catalog().arsenal if card not in seen]
    hits = sum(2 + value_of(card) >= armor for card in unseen)
    assert (len(unseen), hits) == (22, 15)  # 20 cards of 4 to 8, five of them discarded
    odds = SPEC.decision_odds(state).to_json()
    shoot = next(row for row in odds["actions"] if row["action"] == ["target", "m1-gladiator"])
    assert Fraction(shoot["odds"]["dealt"]) == Fraction(hits, len(unseen))
    assert Fraction(shoot["odds"]["p_defeat"]) == 0


def test_a_built_position_plays_on_with_the_random_bot():
    state = SPEC.position(parse(BARD_SHOOTS))
    bot = SPEC.bots["greedy"](0, 1)
    played = copy.deepcopy(state)
    for _ in range(40):
        if played.is_terminal():
            break
        actions = played.legal_actions()
        if played.is_chance_node():
            played.apply(actions[0])
        else:
            played.apply(bot.choose(handed(bot, played, 0), actions))
    assert len(played.history) > 10


def test_the_rules_notes_example_is_this_position():
    notes = BOOK / "rules-notes" / "to_the_death.md"
    section = notes.read_text(encoding="utf-8").split("## Describing a position", 1)[1]
    assert "```{literalinclude} ../positions/to-the-death.yaml\n" in section
    assert "15/22" in section


def test_the_chapters_trophy_table_is_the_rulebooks_example_turn():
    """The To the Death! chapter starts the rulebook's example turn from a file: the table at the
    gladiator's first Trophy, after the deal and its first check. It is that position, and it
    plays on to the same log as the stacked deck does."""
    real = ToTheDeathState(seed=0)
    for card in ["mender:2", "magician:7", "champion:8", "fighter:6", "champion:3"]:
        real.apply(card)  # the rulebook's hand
    real.apply("gladiator")
    real.apply("fighter:5")  # its first weapon's check, a hit on the war priest
    text = TROPHY
    built = SPEC.position(parse(text))
    assert SPEC.describe(real) == parse(text)
    round_trip(SLUG, real)
    for action in [("trophy", "mender:2"), "champion:7", ("block", "magician:7"), "magician:0"]:
        told = len(real.log), len(built.log)
        real.apply(action)
        built.apply(action)
        assert real.log[told[0] :] == built.log[told[1] :]
    assert [sorted(hand) for hand in real.hands] == [sorted(hand) for hand in built.hands]


def test_the_widget_loads_a_described_position_and_plays_on():
    game = ToTheDeathWidget(seed=0, players=1)
    game.load(SPEC.position(parse(BARD_SHOOTS)).to_json())
    assert "Nothing was loaded" not in game.note_html.value
    assert game.state.prompt.question == "target"
    shown = game.buttons()
    shoot = next(name for name in shown if "Gladiator" in name)
    game.click(shoot)
    assert len(game.state.history) >= 1


# -- in the table's words ----------------------------------------------------------------------
ENGINE_IDS = re.compile(r"\b(?:[ab]-[a-z]|m[0-9]+-[a-z])")  # a-bard, m1-gladiator


def test_a_description_names_no_engine_id_and_no_step_in_the_usual_turn():
    """Heroes and enemies by name, the decision in words; the steps after the decision are left
    out wherever they are the rules' usual ones, which is nearly everywhere."""
    written = 0
    for state in SAMPLE:
        description = SPEC.describe(state)
        text = yaml.safe_dump(description)
        assert not ENGINE_IDS.search(text), text
        assert not {"step", "details"} & set(description["decision"])
        if state.prompt.question in ("main", "draw step", "attack order"):
            assert "then" not in description
        written += "then" in description
    assert written <= len(SAMPLE) // 10


def test_the_worked_examples_decisions_in_words():
    shot, trophy = parse(BARD_SHOOTS), parse(TROPHY)
    assert shot["decision"] == {"question": "target", "hero": "Bard", "weapon": "range 2"}
    assert trophy["decision"] == {"question": "trophy", "enemy": "Gladiator"}
    assert trophy["attacking"] == {"enemy": "Gladiator", "weapons_left": 1}
    assert trophy["to_attack"] == [] and "then" not in trophy
    # the trophy is taken from the hand: the options are its cards, in order
    offered = list(SPEC.position(trophy).legal_actions())
    assert offered == [("trophy", card) for card in trophy["hand"]]


def test_then_is_written_for_steps_the_table_cannot_tell():
    """The war priest's burst waits under the gladiator's trophy (both follow one hit): written
    in then, before the rest of the turn. Written out in full, the trophy example's steps read
    as the short form does."""
    state = next(
        s
        for s in positions(SLUG, 20)
        if s.prompt.question == "trophy" and any(step.__name__ == "burst" for step, _ in s.stack)
    )
    description = SPEC.describe(state)
    assert description["then"][-1] == "the rest of the turn"
    burst = description["then"][0]
    assert burst["step"] == "burst" and burst["uid"] in {"War Priest", "Sellsword"}
    round_trip(SLUG, state)
    full = parse(TROPHY)
    del full["attacking"]
    full["then"] = [
        {"step": "enemy_weapon", "uid": "Gladiator", "kind": "melee", "value": 3},
        {"step": "enemy_attack_done", "uid": "Gladiator"},
        {"step": "enemy_next", "left": []},
        {"step": "enemy_end"},
        {"step": "hero_turn", "side": 0},
    ]
    built = SPEC.position(full)
    assert SPEC.describe(built) == parse(TROPHY)
    assert [s.__name__ for s, _ in built.stack] == [
        s.__name__ for s, _ in SPEC.position(parse(TROPHY)).stack
    ]


def test_the_engines_old_form_is_refused_naming_the_field(tmp_path):
    """The first form of a description (the decision's engine step and details, enemy ids, the
    whole stack) is not read: from a file, one line naming the field; in a save, the same."""
    description = parse(BARD_SHOOTS)
    description["decision"] = {
        "question": "target",
        "seat": 0,
        "step": "hero_target",
        "details": {"uid": "a-bard", "kind": "range", "value": 2, "index": 0},
    }
    description["monster_cards"][0]["enemies"][0]["id"] = "m1-gladiator"
    description["then"] = [{"step": "main", "side": 0}, {"step": "draw_step", "seat": 0}]
    assert "table's words" in _refused(description, "decision.step").problem
    path = tmp_path / "old.yaml"
    path.write_text(yaml.safe_dump(description))
    assert "decision.step" in refused_by_the_command_line(SLUG, path)
    del description["decision"]["step"], description["decision"]["details"]
    _refused(description, "monster_cards[0].enemies[0].id")
    save = json.loads(SPEC.position(parse(BARD_SHOOTS)).to_json())
    save["position"] = description
    with pytest.raises(SaveError) as caught:
        from_json(json.dumps(save), game=SLUG)
    assert "position.monster_cards[0].enemies[0].id" in str(caught.value)


def test_names_and_weapons_not_on_the_table_are_refused():
    description = parse(BARD_SHOOTS)
    description["decision"]["hero"] = "Bart"
    assert "no hero or enemy" in _refused(description, "decision.hero").problem
    description = parse(BARD_SHOOTS)
    description["decision"]["weapon"] = "bow 2"
    _refused(description, "decision.weapon")
    description = parse(TROPHY)
    description["attacking"]["enemy"] = "Goblin 1"
    _refused(description, "attacking.enemy")
    description = parse(TROPHY)
    del description["attacking"]
    _refused(description, "attacking")


def test_enemies_say_when_they_came_only_out_of_the_listed_order():
    """Enemies are numbered as they came into play. Listed card by card in that order, they say
    nothing more; each may say it (came), and then every one must, once each."""
    crowd = next(
        SPEC.describe(s)
        for s in positions(SLUG, 400, 3)
        if s.players == 1 and sum(len(c["units"]) for c in s.monster_cards) >= 3
    )
    assert "came" not in yaml.safe_dump(crowd)
    counted = copy.deepcopy(crowd)
    number = 0
    for card in counted["monster_cards"]:
        for enemy in card["enemies"]:
            number += 1
            enemy["came"] = number
    assert SPEC.describe(SPEC.position(counted)) == crowd
    counted["monster_cards"][0]["enemies"][0]["came"] = number
    _refused(counted, "monster_cards[0].enemies[0].came")
