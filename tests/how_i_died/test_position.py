"""And That's How I Died positions described by one seat (:mod:`toolkit.how_i_died.position`)
and games built from them.

The round trip (``tests/position_check.py``): a real game's decision described by the seat to
act, a game built from the description, described again the same way, with exactly the numbers
(or the same refusal) of the real one beside every choice. Then the descriptions that cannot
happen, each refused naming its field, a built game saved and loaded, ``analyse --position``, and
the book's hand-written description, its numbers counted from the card data alone.
"""

from __future__ import annotations

import copy
from fractions import Fraction
from pathlib import Path

import pytest
import yaml
from position_check import positions, refused_by_the_command_line, round_trip

from toolkit.bots import handed
from toolkit.cli import main
from toolkit.games import get_game
from toolkit.how_i_died.bots import BOTS
from toolkit.how_i_died.cards import BANNER, CARDS, DAMAGE
from toolkit.how_i_died.knowledge import hidden_from
from toolkit.how_i_died.rules import HowIDiedState
from toolkit.how_i_died.widget import HowIDiedWidget
from toolkit.position import PositionError
from toolkit.simulate import decision_points
from toolkit.state import from_json

SLUG = "how-i-died"
SPEC = get_game(SLUG)
BOOK = Path(__file__).resolve().parents[2] / "book"
EXAMPLE = BOOK / "positions" / "how-i-died.yaml"


def example() -> dict:
    """The rules notes' worked example: player 1 picks the end of a red adventure."""
    return yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))


def refused(description: dict) -> PositionError:
    with pytest.raises(PositionError) as error:
        SPEC.position(description)
    return error.value


def first(players: int, seed: int, found) -> HowIDiedState:
    """The first decision of a seeded random-bot game for which `found` holds."""
    return next(s for s in decision_points(SLUG, players, [seed]) if found(s))


def lost_track(state: HowIDiedState) -> bool:
    seat = state.current_player()
    return bool(state.doubts[seat].intersection(hidden_from(state, seat)))


# -- the round trip --------------------------------------------------------------------------------
def test_sampled_decisions_of_every_table_size_round_trip():
    """Each built game also shows the seat to act the table the real one shows."""
    count = 0
    for state in positions(SLUG, 36, 2):
        built, seat = round_trip(SLUG, state), state.current_player()
        assert built.observation(seat) | {"log": []} == state.observation(seat) | {"log": []}
        count += 1
    assert count == 36


@pytest.mark.parametrize(
    ("players", "seed", "found", "field"),
    [
        (5, 1, lambda s: s.reshuffles and len(s.history) >= 96, "reshuffled"),
        (3, 7, lost_track, "lost_track"),
        (2, 0, lambda s: s.prompt.resume == "effect" and s.picks, "picks"),
        (3, 4, lambda s: any(isinstance(c, str) for c in SPEC.describe(s)["deck"]), "deck"),
        (2, 1, lambda s: s.prompt.resume == "claim", "death_order"),
    ],
)  # fmt: skip
def test_every_kind_of_knowledge_round_trips(players, seed, found, field):
    """A reshuffle's group, cards the seat lost track of (refused alike), an effect half chosen,
    a card the seat knows in a hidden pile, a claim on dying."""
    state = first(players, seed, found)
    description = SPEC.describe(state)
    assert field in description
    round_trip(SLUG, state)


def test_a_card_the_seat_knows_in_another_hand_is_named_there():
    """A card it saw go into another hand is there by name, and the built game knows it there."""
    state = first(2, 0, lambda s: any(isinstance(c, str) for c in SPEC.describe(s)["seats"][
        1 - s.current_player()]["hand"]))  # fmt: skip
    seat = state.current_player()
    named = [c for c in SPEC.describe(state)["seats"][1 - seat]["hand"] if isinstance(c, str)]
    built = round_trip(SLUG, state)
    view = built.players_view(seat)
    assert set(named) <= set(view.hands[1 - seat])


def test_a_seat_not_to_act_describes_what_it_sees():
    """Described by the other player, the built game hides from them what the real one does."""
    state = first(3, 2, lambda s: len(s.history) > 12)
    other = (state.current_player() + 1) % 3
    description = SPEC.describe(state, other)
    assert description["to_act"] == state.current_player() and description["seat"] == other
    built = SPEC.position(description)
    assert SPEC.describe(built, other) == description
    view, real = built.players_view(other), state.players_view(other)
    assert view.unseen == real.unseen and view.hands == real.hands
    assert view.deck.cards == real.deck.cards


# -- what cannot be -------------------------------------------------------------------------------
def changed(change) -> dict:
    description = example()
    change(description)
    return description


@pytest.mark.parametrize(
    ("change", "name", "words"),
    [
        (lambda d: d["pool"].__setitem__(0, "dwarf"), "seats[0].hand", "also in pool"),
        (lambda d: d["seats"][0]["hand"].append("betrayed"), "seats[0].hand",
         "also in building"),
        (lambda d: d["seats"][0].update(hand=["spied-on"] * 13), "seats[0].hand",
         "more than 12"),
        (lambda d: d["seats"][1].update(hand=[{"unseen": 13}]), "seats[1].hand",
         "more than 12"),
        (lambda d: d["deck"][0].update(unseen=65), "deck", "71 unseen cards, but 72 are left"),
        (lambda d: d["seats"][0]["adventures"][0].reverse(), "seats[0].adventures[0]",
         "type III, not I"),
        (lambda d: d.update(decision="effect", resolving="dwarf"), "resolving",
         "not one of"),
        (lambda d: d.update(decision="claim"), "decision", "has not just died"),
        (lambda d: d.update(pool=["bit"], seats=d["seats"]) or d["seats"][0].update(
            hand=["spied-on", "the-soulless"]) or d.update(deck=[{"unseen": 73}]), "decision",
         "Player 1 cannot finish the adventure: no end (III) card is in their hand or the Pool"),
        (lambda d: d.update(colour="red"), "colour", "no such field"),
        (lambda d: d["seats"][1].update(cards=3), "seats[1].cards", "no such field"),
        (lambda d: d.update(building=[]) or d["seats"][0]["hand"].remove("dwarf") or d[
            "seats"][0]["hand"].remove("hydra") or d["deck"][0].update(unseen=70), "decision",
         "Player 1 cannot form an adventure: no end (III) card is in their hand or the Pool"),
        (lambda d: d.update(turn="two"), "turn", "expected a whole number"),
        (lambda d: d["seats"][1].update(dead="yes"), "seats[1].dead", "expected true or false"),
        (lambda d: d["deck"].append({"unseen": 1, "reshuffle": 1}), "deck[1].reshuffle",
         "no reshuffle has happened"),
        (lambda d: d["deck"].append(7), "deck[1]", "a card id or a run"),
        (lambda d: d.update(achievements=["the-bored"]), "achievements[0]", "no achievement"),
        (lambda d: d["seats"][1].update(dead=True), "seats[1].dead", "death_order"),
    ],
)  # fmt: skip
def test_a_description_that_cannot_happen_is_refused_by_its_field(change, name, words):
    error = refused(changed(change))
    assert error.field == name, error
    assert words in error.problem, error


def test_a_bad_position_file_is_one_line_naming_it_and_the_field(tmp_path):
    path = tmp_path / "end.yaml"
    path.write_text(EXAMPLE.read_text(encoding="utf-8").replace("unseen: 66", "unseen: 67"))
    assert "deck" in refused_by_the_command_line(SLUG, path)


# -- a built game plays on -------------------------------------------------------------------------
def test_a_built_game_saved_with_moves_loads_as_the_same_game():
    built = SPEC.position(example())
    built.apply("dwarf")
    while built.current_player() == 1 and not built.is_terminal():  # the other player's turn
        built.apply(built.legal_actions()[0])
    loaded = from_json(built.to_json(), game=SLUG)
    assert loaded.history == built.history and loaded.description == example()
    for seat in range(2):
        assert loaded.observation(seat) == built.observation(seat)
    assert SPEC.describe(loaded) == SPEC.describe(built)


def test_bots_play_a_built_game_to_its_end():
    """The search bot (which deals the seat's view of the built game) makes the first choice, the
    lookahead bots the rest."""
    built = SPEC.position(example())
    search = BOTS["search"](0, 1)
    built.apply(search.choose(handed(search, built, 0), built.legal_actions()))
    bots = [BOTS["lookahead"](seat, seat) for seat in range(2)]
    moves = 0
    while not built.is_terminal():
        seat = built.current_player()
        built.apply(bots[seat].choose(handed(bots[seat], built, seat), built.legal_actions()))
        moves += 1
    assert moves > 10 and built.outcome.kind == "every adventurer died"


def test_analyse_position_prints_what_analyse_state_prints(tmp_path, capsys):
    state = first(3, 4, lambda s: len(s.history) > 20 and s.prompt.resume == "build")
    (tmp_path / "game.json").write_text(state.to_json())
    (tmp_path / "seen.yaml").write_text(yaml.safe_dump(SPEC.describe(state), sort_keys=False))
    printed = []
    for option, name in (("--state", "game.json"), ("--position", "seen.yaml")):
        assert main(["analyse", SLUG, option, str(tmp_path / name)]) == 0
        printed.append(capsys.readouterr().out)
    assert printed[0] == printed[1]


# -- a description written by hand ------------------------------------------------------------------
def test_the_rules_notes_example_has_the_counted_numbers():
    """The adventure's end is the last card of the turn: no effect, nothing drawn that matters.
    Counted from the card data: an adventure's glory is its cards' glory, doubled when all three
    banners are alike (a Legendary Adventure); the damage is the end's; with 3 damage already,
    neither end kills."""
    built = SPEC.position(example())
    odds = {o.action: o.odds for o in SPEC.decision_odds(built).actions}
    assert list(odds) == ["dwarf", "hydra"]
    for end in ("dwarf", "hydra"):
        cards = ("betrayed", "the-demonic", end)
        legendary = len({BANNER[card] for card in cards}) == 1
        glory = sum(CARDS[card].glory for card in cards) * (2 if legendary else 1)
        assert odds[end] == {
            "glory": glory,
            "damage": DAMAGE[end],
            "death": 0,
            "legendary": Fraction(int(legendary)),
        }
    assert odds["dwarf"]["legendary"] == 1 and odds["hydra"]["legendary"] == 0
    assert SPEC.describe(built) == example()
    notes = (BOOK / "rules-notes" / "how_i_died.md").read_text(encoding="utf-8")
    assert "```{literalinclude} ../positions/how-i-died.yaml" in notes
    assert copy.deepcopy(example())["deck"] == [{"unseen": 66}]


def test_the_widget_loads_a_described_position_and_plays_on():
    """The widget loads the built game's save, shows the two ends, and the bot plays on."""
    game = HowIDiedWidget(seed=0, players=2)
    game.load(SPEC.position(example()).to_json())
    assert "Nothing was loaded" not in game.note_html.value
    assert list(game.buttons()) == ["Dwarf (hand)", "Hydra (hand)"]
    game.click("Dwarf (hand)")
    assert game.state.history[0] == "dwarf" and len(game.state.history) > 1


def test_an_empty_pool_with_no_beginning_in_hand_is_refused_in_the_tables_words():
    """The Pool emptied in the Set up panel, and no beginning (I) in the hand: by the rules'
    mulligan the player takes a new hand (or passes) rather than choose a card, so the choice
    cannot be set up; the note names the player as the widget does and what is missing, and
    the game stays as it was."""
    game = HowIDiedWidget(seed=11, players=4, humans=(0,), bots="glory-greedy")
    described = yaml.safe_load(game.describe())
    held = described["seats"][0]["hand"]
    assert not [card for card in held if CARDS[card].type == "I"]
    state = game.state
    game.pick_control("the Pool").value = []
    note = game.setup_note.value
    said = "Player 1 cannot form an adventure: no beginning (I) card is in their hand, and the "
    assert said + "Pool is empty" in note, note
    assert "mulligan" in note and "seat 0" not in note
    assert game.state is state
    assert game.seat_name(0).startswith("Player 1")
