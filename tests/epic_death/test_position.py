"""Epic Death! positions described by one seat, and games built from them.

The round trip (``position_check.round_trip``: described, built, described again the same, every
number equal) at a sample of seeded decisions and at hand-written ones of every kind; each way a
description can be impossible, refused naming its field; a built game saved and loaded with moves
made; ``analyse --position`` printing what ``--state`` prints; and a hand-written table whose
numbers are counted again with binomials.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from fractions import Fraction
from math import comb

import pytest
import yaml
from _paths import BOOK
from position_check import positions, refused_by_the_command_line, round_trip

from toolkit import cli
from toolkit.games import get_game
from toolkit.position import PositionError
from toolkit.state import from_json

SPEC = get_game("epic-death")

# Seat 2's quest on turn 3 of a four-player game: Troll Taxes (3 Mighty Victories). Seat 3 played
# two cards against it (Remove 2 dice, and a Remove D6 whose die showed 3), then everyone passed
# round to seat 2. Earlier, seat 0 won Goblin Toll (its loot went to Brannoc) and seat 1 failed
# the Haunted Privy (under Grubnak).
TABLE = """
game: epic-death
players: 4
seat: 2
turn: 3
active: 2
decision: before_roll
quest: q-troll-taxes
played:
  - {seat: 3, card: fate-remove-2}
  - {seat: 3, card: fate-remove-d6}
dice_change: -5
hand: [fate-add-1, fate-add-2, fate-deadly, fate-reroll-victories, fate-remove-1]
parties:
  - fate_cards: 6
    adventurers:
      - {adventurer: adv-brannoc, alive: true, under: [loot-paladin-helmet]}
      - {adventurer: adv-mildred, alive: true, under: []}
      - {adventurer: adv-quillon, alive: true, under: []}
      - {adventurer: adv-esmeralda, alive: true, under: []}
      - {adventurer: adv-reginald, alive: true, under: []}
  - fate_cards: 5
    adventurers:
      - {adventurer: adv-grubnak, alive: true, under: [q-haunted-privy]}
      - {adventurer: adv-pip, alive: true, under: []}
      - {adventurer: adv-haskett, alive: true, under: []}
      - {adventurer: adv-lyria, alive: true, under: []}
      - {adventurer: adv-thorgrim, alive: true, under: []}
  - fate_cards: 5
    adventurers:
      - {adventurer: adv-oblivia, alive: true, under: []}
      - {adventurer: adv-corwin, alive: true, under: []}
      - {adventurer: adv-nessa, alive: true, under: []}
      - {adventurer: adv-grimsby, alive: true, under: []}
      - {adventurer: adv-tilly, alive: true, under: []}
  - fate_cards: 3
    adventurers:
      - {adventurer: adv-dregg, alive: true, under: []}
      - {adventurer: adv-ophelia, alive: true, under: []}
      - {adventurer: adv-zanzibar, alive: true, under: []}
      - {adventurer: adv-helga, alive: true, under: []}
      - {adventurer: adv-fennick, alive: true, under: []}
quest_line: [q-polite-rats, q-mayors-goat]
quests_done: [q-goblin-toll]
fate_discards: [fate-remove-2, fate-remove-d6]
"""


def table(**changes) -> dict:
    """The table above, with some fields changed (None: left out)."""
    description = yaml.safe_load(TABLE)
    for name, value in changes.items():
        if value is None:
            description.pop(name, None)
        else:
            description[name] = value
    return description


def numbers(state) -> dict:
    """Each choice's numbers, by the choice's words."""
    return {row.label: row.odds for row in SPEC.decision_odds(state).actions}


def at_least(dice: int, needed: int, p: Fraction) -> Fraction:
    """P(at least `needed` Victories of `dice` dice), each a Victory with chance `p`: summed
    binomial terms, independent of the engine's dice code."""
    return sum(
        (comb(dice, k) * p**k * (1 - p) ** (dice - k) for k in range(needed, dice + 1)),
        Fraction(0),
    )


def test_the_hand_written_table_gives_the_binomial_numbers():
    state = SPEC.position(table())
    assert state.prompt.question == "before_roll" and state.current_player() == 2
    assert state.pool() == 5
    mighty = Fraction(1, 3)
    want = {"done with Fate cards": 5, "play Battle Cry": 6, "play Stubbed Toe": 4}
    want["play Blessing of the War-Saint"] = 7
    got = numbers(state)
    assert set(got) == set(want)  # Deadly is played at targets, the re-roll after the roll
    for label, dice in want.items():
        success = at_least(dice, 3, mighty)
        assert got[label]["success"] == success, label
        assert got[label]["fail"] == 1 - success
        assert got[label]["dies"] == 0  # a failed green Quest is a FAIL placed, not a death
    assert got["done with Fate cards"]["success"] == Fraction(17, 81)
    # the cards the seat cannot see: the three other hands and the decks, counted
    assert [len(hand) for hand in state.hands] == [6, 5, 5, 3]
    assert len(state.fate.cards) == 39 - 19 - 2
    assert len(state.loot.cards) == 59 - 1
    assert Counter(map(state.cards.epic_quests.__contains__, state.quest_deck)) == {
        True: 20,  # below the 15 green Quests not in sight
        False: 15,
    }
    assert state.quest_deck[-15:] == sorted(state.quest_deck[-15:]) and state.out_of_game == []
    assert state.card_locations() == SPEC.new_state(4).card_locations()


def test_round_trip_at_seeded_decisions():
    # every table size in turn, each position a few decisions after the last
    for state in positions("epic-death", 48, 5):
        built = round_trip("epic-death", state)
        assert built.card_locations() == state.card_locations()


# Hand-written decisions of every kind, each a change to TABLE.
ENDED = dict(played=[], dice_change=0, quest_line=["q-polite-rats"])
KINDS = {
    "choose_quest": dict(decision="choose_quest", quest=None, played=None, dice_change=None,
                         fate_discards=[], turn=3,
                         quest_line=["q-polite-rats", "q-mayors-goat", "q-troll-taxes"]),
    "targets, after a Deadly card": dict(
        decision="targets", seat=0, dice_change=None,
        played=[{"seat": 3, "card": "fate-deadly", "on": "adv-oblivia"}],
        fate_discards=["fate-deadly"],
        hand=["fate-add-1", "fate-ancient-pact", "fate-frenzy", "fate-remove-1", "fate-remove-2",
              "fate-resurrect"],
    ),
    "after_roll": dict(decision="after_roll", dice=[6, 5, 2, 1, 1]),
    "after_roll under Frenzy": dict(
        decision="after_roll", dice_change=-7, dice=[6, 4, 1],
        played=[{"seat": 3, "card": "fate-remove-2"}, {"seat": 3, "card": "fate-remove-d6"},
                {"seat": 2, "card": "fate-frenzy"}],
        fate_discards=["fate-remove-2", "fate-remove-d6", "fate-frenzy"],
        hand=["fate-add-1", "fate-add-2", "fate-deadly", "fate-remove-1",
              "fate-reroll-victories"],
    ),
    "place_loot": dict(decision="place_loot", **ENDED, dice=[6, 6, 5, 1, 1, 1, 1, 1, 1, 1],
                       quests_done=["q-goblin-toll", "q-troll-taxes"],
                       loot_to_place="loot-admiral-helmet", more_loot=0, fate_discards=[]),
    "place_fail": dict(decision="place_fail", **ENDED, dice=[5, 1, 1, 1, 1, 1, 1, 1, 1, 1],
                       fate_discards=[]),
    "place_fail, too few dice to roll": dict(decision="place_fail", dice_change=-8),
}  # fmt: skip
# An EPIC DEATH at two players with one quest of each kind a player: both green Quests are done,
# and the line holds the last Epic Quest.
EPIC = """
game: epic-death
players: 2
seat: 0
quests_per_player: 1
turn: 3
active: 0
decision: choose_death
quest: eq-hold-the-pass
played: []
dice_change: 0
dice: [6, 5, 1, 1, 1, 1, 1, 1, 1, 1]
hand: [fate-add-1, fate-add-1, fate-frenzy, fate-loot-envy]
parties:
  - fate_cards: 4
    adventurers:
      - {adventurer: adv-brannoc, alive: true, under: [loot-paladin-helmet]}
      - {adventurer: adv-mildred, alive: true, under: []}
      - {adventurer: adv-quillon, alive: true, under: []}
      - {adventurer: adv-esmeralda, alive: true, under: []}
      - {adventurer: adv-reginald, alive: true, under: []}
  - fate_cards: 6
    adventurers:
      - {adventurer: adv-grubnak, alive: true, under: [loot-admiral-weapon]}
      - {adventurer: adv-pip, alive: true, under: []}
      - {adventurer: adv-haskett, alive: true, under: []}
      - {adventurer: adv-lyria, alive: true, under: []}
      - {adventurer: adv-thorgrim, alive: true, under: []}
quest_line: [eq-sleeping-dragon]
quests_done: [q-polite-rats, q-mayors-goat]
"""


def test_the_books_worked_example_gives_the_numbers_it_quotes():
    """The rules notes' example (book/positions/epic-death.yaml), which the primer uses too."""
    example = yaml.safe_load((BOOK / "positions" / "epic-death.yaml").read_text(encoding="utf-8"))
    state = SPEC.position(example)
    round_trip("epic-death", state)
    assert SPEC.describe(state) == example  # the example writes every field, as describe does
    got = {label: odds["success"] for label, odds in numbers(state).items()}
    mighty = Fraction(1, 3)
    assert got == {
        "done with Fate cards": at_least(5, 3, mighty),
        "play Battle Cry": at_least(6, 3, mighty),
        "play Blessing of the War-Saint": at_least(7, 3, mighty),
        "play Stubbed Toe": at_least(4, 3, mighty),
    }
    quoted = [Fraction(17, 81), Fraction(233, 729), Fraction(313, 729)]
    assert [got["done with Fate cards"], got["play Battle Cry"]] == quoted[:2]
    assert got["play Blessing of the War-Saint"] == quoted[2]


def test_the_chapters_first_turn_leaves_out_what_follows():
    """The Epic Death! chapter's first turn (book/positions/epic-death-first-quest.yaml) leaves
    out the deck counts and the empty piles; they follow from the rest, and describe writes them."""
    text = (BOOK / "positions" / "epic-death-first-quest.yaml").read_text(encoding="utf-8")
    short = yaml.safe_load(text)
    state = SPEC.position(short)
    round_trip("epic-death", state)
    told = SPEC.describe(state)
    assert {key: told[key] for key in short} == short
    left_out = {"quest_deck", "quests_done", "fate_deck", "fate_discards", "loot_deck"}
    assert set(told) - set(short) == left_out | {"loot_discards"}


@pytest.mark.parametrize("kind", KINDS)
def test_round_trip_at_hand_written_decisions(kind):
    state = SPEC.position(table(**KINDS[kind]))
    built = round_trip("epic-death", state)
    assert built.prompt.question == state.prompt.question
    assert numbers(built) and built.card_locations() == state.card_locations()


def test_an_epic_death_asks_who_dies():
    state = SPEC.position(yaml.safe_load(EPIC))
    round_trip("epic-death", state)
    assert state.quest_outcome == "epic_death" and len(state.out_of_game) == 36
    assert state.quest_deck == []
    dies = numbers(state)
    assert len(dies) == 5
    # the Epic Quest's seal (100) counts twice, and the loot of whoever dies with it
    assert dies["kill Brannoc Twice-Buried"]["epic"] == 2 * 100 + 75
    assert dies["kill Sister Mildred"]["epic"] == 2 * 100


def test_another_seats_view_names_who_is_asked():
    state = SPEC.position(table())
    other = SPEC.describe(state, 0)
    assert other["to_act"] == 2 and other["hand"] == state.hands[0]
    assert "hand" in other and other["parties"][2]["fate_cards"] == 5
    assert SPEC.describe(SPEC.position(other), 0) == other


# -- each impossible description, refused naming its field --------------------------------------
def party(index: int, fate_cards: int) -> list:
    parties = table()["parties"]
    parties[index]["fate_cards"] = fate_cards
    return parties


REFUSED = {
    "quest": dict(quest_line=["q-polite-rats", "q-troll-taxes"]),  # a card in two places
    "parties[1].adventurers[0].adventurer": dict(
        parties=[*table()["parties"][:1], *table()["parties"][:1], *table()["parties"][2:]]
    ),
    "hand": dict(hand=["fate-deadly"] * 3 + ["fate-add-1", "fate-add-2"]),  # 2 copies exist
    "parties[3].fate_cards": dict(parties=party(3, 30)),  # more than the deck holds
    "dice[1]": dict(decision="after_roll", dice=[6, 7, 1, 1, 1]),
    "dice": dict(decision="after_roll", dice=[6, 6, 1, 1]),  # a pool of 5
    "decision": dict(decision="place_loot", dice=[5, 1, 1, 1, 1], loot_to_place="loot-admiral-helmet",
                     more_loot=0),  # fmt: skip
    "dice_change": dict(dice_change=-1),  # the cards played make it -3 - (1 to 6)
    "played[0].on": dict(played=[{"seat": 3, "card": "fate-remove-2", "on": "adv-pip"}]),
    "played[1].card": dict(played=[{"seat": 3, "card": "fate-remove-2"},
                                   {"seat": 3, "card": "fate-reroll-failures"}]),  # fmt: skip
    "colour": dict(colour="red"),
    "players": dict(players="four"),
    "turn": dict(turn=4),  # turn 4 is seat 3's
    "quest_deck.quests": dict(quest_deck={"quests": 12, "epic_quests": 20}),
    "parties[0].adventurers[0].under": dict(
        parties=[
            {"fate_cards": 6, "adventurers": [
                {"adventurer": "adv-brannoc", "alive": True,
                 "under": ["loot-paladin-helmet", "loot-admiral-helmet"]},
                *table()["parties"][0]["adventurers"][1:]]},
            *table()["parties"][1:],
        ]
    ),  # two helmets
    "parties[2].adventurers[1].alive": dict(
        parties=[
            *table()["parties"][:2],
            {"fate_cards": 5, "adventurers": [
                table()["parties"][2]["adventurers"][0],
                {"adventurer": "adv-corwin", "alive": False, "under": []},
                *table()["parties"][2]["adventurers"][2:]]},
            table()["parties"][3],
        ]
    ),  # dead, with no quest it died of
}  # fmt: skip


@pytest.mark.parametrize("name", REFUSED)
def test_an_impossible_description_names_its_field(name):
    description = table(**REFUSED[name])
    before = copy.deepcopy(description)
    with pytest.raises(PositionError) as refused:
        SPEC.position(description)
    assert refused.value.field == name, refused.value
    assert description == before  # read, never changed


def test_a_window_no_one_could_play_in_is_not_a_decision():
    # nobody has a score yet: no Deadly, Resurrect or Ancient Pact card could be played
    description = table(decision="targets", played=[], dice_change=None, fate_discards=[])
    for entry in description["parties"]:
        for member in entry["adventurers"]:
            member["under"] = []
    description["quests_done"] = []
    with pytest.raises(PositionError) as refused:
        SPEC.position(description)
    assert refused.value.field == "decision"


def test_the_command_line_refuses_in_one_line(tmp_path):
    path = tmp_path / "table.yaml"
    path.write_text(yaml.safe_dump(table(dice_change=-1)))
    assert "dice_change" in refused_by_the_command_line("epic-death", path)


# -- saved, loaded, analysed -------------------------------------------------------------------
def test_a_described_game_saves_and_loads_with_its_moves():
    state = SPEC.position(table())
    for _ in range(4):  # done, done, ... then the roll's first outcome
        action = (
            state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[0]
        )
        state.apply(action)
    loaded = from_json(state.to_json())
    assert json.loads(state.to_json())["position"] == table()
    assert loaded.history == state.history
    for seat in range(4):
        assert loaded.observation(seat) == state.observation(seat)
    assert loaded.hands == state.hands and loaded.fate.cards == state.fate.cards
    assert loaded.loot.cards == state.loot.cards and loaded.quest_deck == state.quest_deck
    assert loaded.rng.getstate() == state.rng.getstate()


def test_analyse_position_prints_what_analyse_state_prints(tmp_path, capsys):
    state = next(s for s in positions("epic-death", 30, 7) if s.prompt.question == "after_roll")
    saved, described = tmp_path / "game.json", tmp_path / "table.yaml"
    saved.write_text(state.to_json())
    described.write_text(yaml.safe_dump(SPEC.describe(state), sort_keys=False))
    printed = []
    for flag, path in (("--state", saved), ("--position", described)):
        for extra in ([], ["--json"]):
            assert cli.main(["analyse", "epic-death", flag, str(path), *extra]) == 0
            printed.append(capsys.readouterr().out)
    assert printed[0] == printed[2] and printed[1] == printed[3]
    assert json.loads(printed[1])["actions"]
