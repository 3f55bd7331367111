"""TPK positions described by one seat (:mod:`toolkit.tpk.position`) and games built from them.

The round trip (``tests/position_check.py``): a real game's decision described by the seat to
act, a game built from the description, described again the same way, with exactly the numbers
of the real one beside every choice. Then the descriptions that cannot happen, each refused naming
its field, a built game saved and loaded, ``analyse --position``, and a description written by
hand from the rulebook's level-1 example, its numbers counted independently from the card data.
"""

from __future__ import annotations

import copy
import re
from fractions import Fraction
from itertools import product

import pytest
import yaml
from _paths import BOOK
from position_check import positions, refused_by_the_command_line, round_trip

from toolkit.cli import main
from toolkit.games import get_game
from toolkit.position import PositionError
from toolkit.state import from_json
from toolkit.tpk.bots import BOTS
from toolkit.tpk.cards import catalog
from toolkit.tpk.examples import LEVEL_ONE_MOVES, level_one_example
from toolkit.tpk.odds import CLEARABLE
from toolkit.tpk.rules import KEEP, PASS, PLAY, TPKState, sheet

SPEC = get_game("tpk")
NOTES = BOOK / "rules-notes" / "tpk.md"

# Galen's seat in the rulebook's example, after the keeps and Brin's and Taric's passes: his
# potion against the small monster, or a pass. The rules notes include this file.
GALEN_AFTER_TWO_PASSES = (BOOK / "positions" / "tpk.yaml").read_text(encoding="utf-8")


def example() -> dict:
    return yaml.safe_load(GALEN_AFTER_TWO_PASSES)


def bot_decisions(state: TPKState, seed: int):
    """Every decision of `state` played on by convention bots."""
    bots = [BOTS["convention"](seat, seed * 10 + seat) for seat in range(state.num_players)]
    while not state.is_terminal():
        yield state
        seat = state.current_player()
        state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))


def refused(description: dict) -> PositionError:
    with pytest.raises(PositionError) as error:
        SPEC.position(description)
    return error.value


# -- the round trip --------------------------------------------------------------------------------
def seen(observation: dict) -> dict:
    """An observation with the seat's own drawn and set-aside cards as sets (their order says
    nothing: a description lists them sorted)."""
    return observation | {key: sorted(observation[key]) for key in ("drawn", "set_aside")}


def test_sampled_decisions_of_every_table_size_round_trip():
    """Each built game also shows the seat to act the table the real one shows, the level before
    included."""
    count = 0
    for state in positions("tpk", 48, 5):
        built, seat = round_trip("tpk", state), state.current_player()
        assert seen(built.observation(seat)) == seen(state.observation(seat))
        count += 1
    assert count == 48


@pytest.mark.parametrize(
    "config",
    [
        {"players": 2, "infernal": True},
        {"players": 2, "characters": ["galen", "land"], "amulets": {"galen": "b", "land": "none"}},
        {"players": 5, "infernal": True},
    ],
)
def test_every_kind_of_decision_round_trips(config):
    """Convention bots reach deep levels: keeps (first, in turn), plays at the start of the
    turns, in the middle of one, after a treasure; treasures carried, spent (face up on the
    threat deck, or out of the game), amulets on either side or none."""
    seen = set()
    for index, state in enumerate(bot_decisions(TPKState(seed=4, **config), 4)):
        kind = (
            state.prompt.question,
            state.level > 2,
            bool(state.log) and state.log[-1]["event"],
            bool(state.removed or state.threat_deck.discards),
        )
        if kind not in seen or index % 9 == 0:
            seen.add(kind)
            round_trip("tpk", state)
    assert {k[0] for k in seen} == {KEEP, PLAY}


def test_a_seat_not_to_act_describes_what_it_sees():
    """Described by a partner, the game built hides from that partner what the real one does:
    its view observes the same table and holds the same unseen cards."""
    state = next(s for s in positions("tpk", 100, 1) if s.prompt.question == PLAY and s.level > 1)
    other = (state.current_player() + 1) % state.num_players
    description = SPEC.describe(state, other)
    assert description["to_act"] == state.current_player() and description["seat"] == other
    built = SPEC.position(description)
    assert SPEC.describe(built, other) == description
    view, real = built.players_view(other), state.players_view(other)
    assert seen(view.observation(other)) == seen(real.observation(other))
    assert view.unseen == real.unseen


# -- what cannot be -------------------------------------------------------------------------------
def changed(change) -> dict:
    description = example()
    change(description)
    return description


@pytest.mark.parametrize(
    ("change", "name", "words"),
    [
        (lambda d: d["party"][2]["set_aside"].__setitem__(0, "potion-galen"),
         "party[2].set_aside", "also in party[2].hand"),
        (lambda d: d["party"][0].update(treasures=["dragon-egg"]) or d["party"][1].update(
            treasures=["dragon-egg"]), "party[1].treasures", "also in party[0].treasures"),
        (lambda d: d.update(row=[{"card": "large-monster"}] * 3), "row",
         "more than the 2 copies"),
        (lambda d: d["party"][0].update(treasures=["dragon-egg"]) or d.update(row=[
            *d["row"][:2], {"card": "dragon-egg"}]), "party[0].treasures", "also in row"),
        (lambda d: d["party"][2]["hand"].append("galen-crossbow"), "party[2].hand",
         "it holds 1"),
        (lambda d: d["party"][0].update(holds=2), "party[0].holds", "it holds 1"),
        (lambda d: d.update(decision="keep"), "decision", "every seat has kept"),
        (lambda d: d.update(to_act=1), "to_act", "seat 2's turn"),
        (lambda d: d["moves"].append({"seat": 2, "event": "pass", "threat": 0}) or d.update(
            to_act=0), "moves", "passed on that threat"),
        (lambda d: d.update(colour="red"), "colour", "no such field"),
        (lambda d: d["party"][0].update(hand=["brin-torch"]), "party[0].hand", "no such field"),
        (lambda d: d.update(level="one"), "level", "expected a whole number"),
        (lambda d: d["party"][1].update(holds=True), "party[1].holds", "expected a whole number"),
        (lambda d: d["row"][0].update(state="overcome", by=2), "row[0]", "by no move"),
        (lambda d: d["moves"][3].update(threat=9), "moves[3].threat", "not from 0 to 2"),
        (lambda d: d.update(amulets={"galen": "a"}), "amulets", "two-player games"),
        (lambda d: d["party"][1].update(character="brin"), "party[1].character", "already"),
        (lambda d: d.update(level_before={"level": 0}), "level_before", "no level was cleared"),
    ],
)  # fmt: skip
def test_a_description_that_cannot_happen_is_refused_by_its_field(change, name, words):
    error = refused(changed(change))
    assert error.field == name, error
    assert words in error.problem, error


def test_the_level_before_is_read_field_by_field():
    """How the level before ended is shown as it was: a cleared row, moves naming real places."""
    game = bot_decisions(TPKState(seed=1, players=3), 1)
    description = SPEC.describe(next(s for s in game if s.level == 2))
    assert SPEC.describe(SPEC.position(description)) == description
    before = description["level_before"]
    assert before["level"] == 1 and all(cell["state"] != "open" for cell in before["row"])
    for change, name in (
        (lambda b: b["row"][0].update(state="open") or b["row"][0].pop("by"), "row[0]"),
        (lambda b: b["moves"][-1].update(threats=[7]), "moves[-1].threats[0]"),
        (lambda b: b.update(level=3), "level"),
    ):
        wrong = copy.deepcopy(description)
        change(wrong["level_before"])
        name = name.replace("[-1]", f"[{len(before['moves']) - 1}]")
        assert refused(wrong).field == f"level_before.{name}"


def test_a_bad_position_file_is_one_line_naming_it_and_the_field(tmp_path):
    path = tmp_path / "galen.yaml"
    path.write_text(GALEN_AFTER_TWO_PASSES.replace("holds: 1}", "holds: 3}", 1))
    assert "party[0].holds" in refused_by_the_command_line("tpk", path)


# -- a built game plays on -------------------------------------------------------------------------
def test_a_built_game_saved_with_moves_loads_as_the_same_game():
    built = SPEC.position(example())
    for action in (("use", ("potion-galen",), (0,)), PASS):
        built.apply(action)
    loaded = from_json(built.to_json(), game="tpk")
    assert loaded.history == built.history and loaded.description == example()
    for seat in range(3):
        assert loaded.observation(seat) == built.observation(seat)
    assert SPEC.describe(loaded) == SPEC.describe(built)


def test_bots_play_a_built_game_to_its_end():
    built = SPEC.position(example())
    moves = sum(1 for _ in bot_decisions(built, 1))
    assert built.is_terminal() and moves > 2


def test_analyse_position_prints_what_analyse_state_prints(tmp_path, capsys):
    game = bot_decisions(TPKState(seed=1, players=3), 1)
    state = next(s for s in game if s.prompt.question == PLAY and s.level > 1)
    (tmp_path / "game.json").write_text(state.to_json())
    (tmp_path / "seen.yaml").write_text(yaml.safe_dump(SPEC.describe(state), sort_keys=False))
    printed = []
    for option, name in (("--state", "game.json"), ("--position", "seen.yaml")):
        assert main(["analyse", "tpk", option, str(tmp_path / name)]) == 0
        printed.append(capsys.readouterr().out)
    assert printed[0] == printed[1]
    assert printed[0].count("\n") == 2 + len(state.legal_actions())  # the question, a header


# -- a description written by hand ------------------------------------------------------------------
def test_the_rulebook_example_written_by_hand_has_the_counted_numbers():
    """Galen's potion on the small monster leaves the large (x2) monster and the secret door to
    Brin and Taric, one card each, every card of their sheets equally likely (nothing of theirs is
    face up yet). Counted from the card data alone: the pairs in which one holds an x2 monster
    item and the other a secret door item, out of 8 x 8. A pass lets the turn come back to Brin,
    who passed on the small monster: 0. The real example's game gives the same numbers."""
    cat = catalog()

    def can(card, icon, x2=False):
        return any(
            use.icon == icon and (use.powerful or not x2) for use in cat.equipment[card].uses
        )

    brin, taric = sheet("brin", 3, "none"), sheet("taric", 3, "none")
    won = sum(
        (can(b, "monster", True) and can(t, "secret_door"))
        or (can(t, "monster", True) and can(b, "secret_door"))
        for b, t in product(brin, taric)
    )
    built = SPEC.position(example())
    numbers = {o.action: o.odds[CLEARABLE.name] for o in SPEC.decision_odds(built).actions}
    assert numbers == {("use", ("potion-galen",), (0,)): Fraction(won, 64), PASS: 0}
    assert won == 9
    real = level_one_example()
    for action, _ in LEVEL_ONE_MOVES[:5]:
        real.apply(action)
    assert SPEC.decision_odds(real).to_json() == SPEC.decision_odds(built).to_json()
    told = copy.deepcopy(SPEC.describe(real))
    assert told["party"][2]["hand"] == ["potion-galen"] and told["moves"] == example()["moves"]


def test_the_chapters_first_keep_is_the_rulebooks_deal():
    """The TPK chapter sets up Brin's first keep from a file written as she sees the table; it is
    the rulebook's deal at that choice, with the same numbers beside each keep."""
    text = (BOOK / "positions" / "tpk-brin-keeps.yaml").read_text(encoding="utf-8")
    built = SPEC.position(yaml.safe_load(text))
    real = level_one_example()
    assert SPEC.describe(built, 0) == SPEC.describe(real, 0)
    assert SPEC.decision_odds(built).to_json() == SPEC.decision_odds(real).to_json()


def test_the_rules_notes_show_the_same_description():
    """The worked example of the rules notes is this description, so its 9/64 is the one above."""
    notes = NOTES.read_text(encoding="utf-8")
    assert re.findall(r"^```\{literalinclude\} (\S+)$", notes, re.M) == ["../positions/tpk.yaml"]
    assert "```yaml" not in notes
