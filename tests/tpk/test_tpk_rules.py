"""TPK rules: the rulebook's level-1 example as a golden test, and one test per rule."""

from __future__ import annotations

import pytest

from toolkit.state import IllegalAction
from toolkit.steps import Outcome
from toolkit.tpk.coordination import clearable, play_plan
from toolkit.tpk.display import reputation
from toolkit.tpk.examples import LEVEL_ONE_MOVES, level_one_example
from toolkit.tpk.rules import KEEP, KILLED, PASS, TPKState, starting_deck


def stacked(characters, row, draws, level=1, keeps=None, **options) -> TPKState:
    """A table with a stacked row and draws at `level`, after everyone kept `keeps` (default: the
    first `keep` stacked cards of each draw)."""
    state = TPKState(
        seed=7,
        players=len(characters),
        characters=characters,
        first_level=level,
        scenario={str(level): {"row": row, "draws": draws}},
        **({"amulets": {"land": "none"}} if characters == ["taric", "land"] else {}),
        **options,
    )
    keep = state.observation(0)["keep"]
    for seat in range(len(characters)):
        chosen = keeps[seat] if keeps else draws[seat][:keep]
        state.apply(("keep", tuple(sorted(chosen))))
    return state


def events(state, kinds=("pass", "use", "pass (no cards)", "treasure", "party killed")):
    return [(e["seat"], e["event"]) for e in state.log if e["event"] in kinds]


# -- the golden test -------------------------------------------------------------------------------
def test_level_one_example_replays_as_in_the_rulebook():
    state = level_one_example()
    assert [state.row, state.num_players] == [["small-monster", "large-monster", "secret-door"], 3]
    for action, _ in LEVEL_ONE_MOVES[:3]:
        state.apply(action)
    log_before = len(state.log)
    for action, _ in LEVEL_ONE_MOVES[3:-1]:
        state.apply(action)
    assert [
        (e["seat"], e["event"], e.get("threat", e.get("threats"))) for e in state.log[log_before:]
    ] == [
        (0, "pass", 0),  # Brin passes on the small monster
        (1, "pass", 0),  # Taric saves the x2 weapon
        (2, "use", [0]),  # Galen, the last who could, takes the small monster
        (2, "pass (no cards)", 1),  # and, with no cards left, passes
        (0, "pass", 1),  # Brin passes on the large monster
        (1, "use", [1]),  # Taric's x2 weapon fells it
        (1, "pass (no cards)", 2),
        (2, "pass (no cards)", 2),
    ]
    assert state.status == [1, 1, 0] and state.to_play() == 0
    state.apply(LEVEL_ONE_MOVES[-1][0])
    # Level 1 is clear; Brin's player overcame the last threat, so starts level 2.
    assert state.cleared == [{"level": 1, "cleared_by": 0}]
    assert (state.level, state.prompt.question, state.to_play(), len(state.row)) == (2, KEEP, 0, 6)
    assert "taric-greatsword" in state._equipment_of(1)  # used cards went home


def test_the_level_just_ended_stays_in_view():
    """The level's log used to be wiped as the next level was dealt, so a player whose partners
    made the last moves never saw them; the observation now keeps how the level before ended."""
    state = level_one_example()
    assert state.observation(0)["last_level"] is None
    for action, _ in LEVEL_ONE_MOVES:
        state.apply(action)
    obs = state.observation(1)
    assert (obs["level"], obs["log"]) == (2, [])
    last = obs["last_level"]
    assert last["level"] == 1
    assert [cell["state"] for cell in last["row"]] == ["overcome"] * 3
    assert last["log"][-1] == {"seat": 0, "event": "use", "cards": ["brin-torch"], "threats": [2]}
    assert len(last["log"]) == 3 + 8 + 1  # three keeps, the eight turns above, Brin's torch


def test_the_example_is_lost_if_galen_passes_too():
    state = level_one_example()
    for action, _ in LEVEL_ONE_MOVES[:5]:
        state.apply(action)
    state.apply(PASS)  # Galen passes: the turn comes back to Brin, the small monster still there
    assert state.outcome == Outcome(KILLED) and state.is_terminal()
    assert state.log[-1] == {"seat": 0, "event": "party killed", "threat": 0}
    assert state.returns() == [0.0, 0.0, 0.0] and state.summary()["treasures"] == 0


# -- turns and passes ------------------------------------------------------------------------------
def test_a_pass_is_safe_once_the_threat_passed_on_is_gone():
    state = stacked(
        ["taric", "land"],
        ["small-monster", "oak-door", "skeleton", "iron-gate"],
        [["taric-mace", "taric-shield-bash"], ["potion-land", "land-skeleton-key"]],
        level=2,
    )
    state.apply(PASS)  # Taric passes on the small monster...
    with pytest.raises(IllegalAction):
        state.apply(("use", ("potion-land",), (1,)))  # ...Land cannot skip it with a melee item
    state.apply(PASS)  # Land passes too: back to Taric, the monster is still there
    assert state.outcome == Outcome(KILLED)


def test_a_player_keeps_playing_until_passing_or_out_of_cards():
    state = stacked(
        ["taric", "land"],
        ["small-monster", "skeleton", "oak-door", "iron-gate"],
        [["taric-mace", "taric-shield-bash"], ["potion-land", "land-skeleton-key"]],
        level=2,
    )
    state.apply(("use", ("taric-mace",), (0,)))
    assert state.to_play() == 0
    state.apply(("use", ("taric-shield-bash",), (1,)))
    assert state.to_play() == 1 and events(state)[-1] == (0, "pass (no cards)")
    state.apply(("use", ("potion-land",), (2,)))
    state.apply(("use", ("land-skeleton-key",), (3,)))
    assert state.level == 3 and state.starter == 1


# -- treasures -------------------------------------------------------------------------------------
def test_a_run_of_treasures_is_taken_one_per_player():
    state = stacked(
        ["taric", "land"],
        ["small-monster", "golden-crown", "dragon-egg", "oak-door"],
        [["taric-mace", "taric-shield-bash"], ["potion-land", "land-skeleton-key"]],
        level=2,
    )
    state.apply(("use", ("taric-mace",), (0,)))
    # Taric cleared the path: takes the crown, turn over; Land takes the egg, turn over.
    assert events(state)[-2:] == [(0, "treasure"), (1, "treasure")]
    assert state.to_play() == 0 and state.status == [1, 2, 2, 0]
    assert "golden-crown" in state.decks[0].discards and "dragon-egg" in state.decks[1].discards
    assert "golden-crown" not in state.hands[0]  # into the equipment deck, not the hand


def test_a_treasure_goes_to_whoever_overcame_the_card_before_it_even_at_range():
    state = stacked(
        ["brin", "land"],
        ["pit-trap", "small-monster", "golden-crown", "oak-door"],
        [["brin-longbow", "brin-lantern"], ["land-nimble-fingers", "land-skeleton-key"]],
        level=2,
        amulets={"brin": "none", "land": "none"},
    )
    # Brin shoots the monster just before the crown, past the open trap: the crown is his at
    # once, though the trap still bars the way, and his turn is over.
    state.apply(("use", ("brin-longbow",), (1,)))
    assert events(state)[-2:] == [(0, "use"), (0, "treasure")]
    assert state.status == [0, 1, 2, 0] and state.to_play() == 1 and state.leftmost == 0
    assert "golden-crown" in state.decks[0].discards
    # Land then disarms the trap: the crown is gone, so Land's turn goes on.
    state.apply(("use", ("land-nimble-fingers",), (0,)))
    assert state.to_play() == 1 and events(state).count((1, "treasure")) == 0
    assert "golden-crown" not in state._equipment_of(1)


def test_a_run_of_treasures_reached_at_range_passes_down_the_table():
    state = stacked(
        ["brin", "land"],
        ["pit-trap", "small-monster", "golden-crown", "dragon-egg", "oak-door", "skeleton"],
        [
            ["brin-longbow", "brin-lantern", "brin-rope"],
            ["land-nimble-fingers", "land-skeleton-key", "land-dagger"],
        ],
        level=3,
        amulets={"brin": "none", "land": "none"},
    )
    state.apply(("use", ("brin-longbow",), (1,)))
    assert events(state)[-3:] == [(0, "use"), (0, "treasure"), (1, "treasure")]
    assert state.status[:4] == [0, 1, 2, 2] and state.to_play() == 0
    assert "dragon-egg" in state.decks[1].discards


def test_a_treasure_at_the_front_goes_to_the_starting_player():
    state = stacked(
        ["taric", "land"],
        ["golden-crown", "small-monster", "oak-door", "skeleton"],
        [["taric-mace", "taric-shield-bash"], ["potion-land", "land-skeleton-key"]],
        level=2,
    )
    assert events(state) == [(0, "treasure")] and state.to_play() == 1


def _crown_in_hand(infernal=False) -> TPKState:
    """Taric takes the crown in level 1, then draws it in level 2."""
    state = TPKState(
        seed=3,
        players=2,
        characters=["taric", "land"],
        infernal=infernal,
        amulets={"land": "none"},
        scenario={
            "1": {
                "row": ["small-monster", "golden-crown"],
                "draws": [["taric-mace"], ["land-dagger"]],
            },
            "2": {
                "row": ["large-monster", "oak-door", "skeleton", "iron-gate"],
                "draws": [["golden-crown", "taric-shield-bash"], ["potion-land", "land-dagger"]],
            },
        },
    )
    state.apply(("keep", ("taric-mace",)))
    state.apply(("keep", ("land-dagger",)))
    state.apply(("use", ("taric-mace",), (0,)))
    assert state.level == 2 and state.starter == 0
    state.apply(("keep", ("golden-crown", "taric-shield-bash")))
    state.apply(("keep", ("land-dagger", "potion-land")))
    return state


def test_a_treasure_is_a_wild_card_that_goes_back_to_the_threat_deck():
    state = _crown_in_hand()
    assert state.treasures_held() == 1
    state.apply(("use", ("golden-crown",), (0,)))  # even against an x2 monster
    assert state.status[0] == 1 and "golden-crown" in state.threat_deck.discards
    assert state.treasures_held() == 0 and state.summary()["treasures_spent"] == 1


def test_in_the_infernal_dungeon_a_spent_treasure_leaves_the_game():
    state = _crown_in_hand(infernal=True)
    state.apply(("use", ("golden-crown",), (0,)))
    assert state.removed == ["golden-crown"]
    assert "golden-crown" not in state.threat_deck.all_cards()


# -- icons, x2, ranged ----------------------------------------------------------------------------
def uses(state):
    return {(a[1], a[2]) for a in state.legal_actions() if a != PASS}


def test_ranged_items_reach_up_to_the_next_door_but_not_past_it():
    state = stacked(
        ["brin", "land", "taric"],
        [
            "trapped-door",
            "small-monster",
            "pit-trap",
            "skeleton",
            "oak-door",
            "giant-rats",
            "secret-door",
            "pit-trap",
            "oak-door",
        ],
        [
            ["brin-longbow", "brin-torch", "brin-lantern"],
            ["land-dagger", "land-skeleton-key", "land-crowbar"],
            ["taric-shield-bash", "taric-mace", "taric-iron-bar"],
        ],
        level=3,
    )
    state.apply(PASS)
    state.apply(("use", ("land-crowbar",), (0,)))  # the versatile crowbar opens the trapped door
    state.apply(PASS)
    state.apply(PASS)  # Taric; back to Brin
    assert uses(state) == {(("brin-longbow",), (1,)), (("brin-longbow",), (3,))}  # not 5: door at 4
    state.apply(("use", ("brin-longbow",), (3,)))  # skip the monster and the trap
    assert state.status[:5] == [1, 0, 0, 1, 0] and state.leftmost == 1


def test_powerful_items_take_an_x2_threat_or_two_adjacent_simple_ones():
    state = stacked(
        ["taric", "land"],
        ["small-monster", "skeleton", "large-monster", "oak-door"],
        [["taric-greatsword", "taric-mace"], ["land-skeleton-key", "land-dagger"]],
        level=2,
    )
    assert uses(state) == {
        (("taric-greatsword",), (0,)),
        (("taric-greatsword",), (0, 1)),
        (("taric-mace",), (0,)),
    }
    state.apply(("use", ("taric-greatsword",), (0, 1)))
    assert uses(state) == set()  # the mace alone cannot face the large monster


def test_an_x2_threat_takes_two_simple_items_of_one_character():
    state = stacked(
        ["taric", "land"],
        ["large-monster", "skeleton", "oak-door", "iron-gate"],
        [["taric-mace", "taric-shield-bash"], ["land-skeleton-key", "land-dagger"]],
        level=2,
    )
    assert uses(state) == {(("taric-mace", "taric-shield-bash"), (0,))}
    state.apply(PASS)
    assert uses(state) == set()  # Land's dagger alone cannot, and cannot join Taric's sword


def test_versatile_cards_choose_one_icon():
    state = stacked(
        ["taric", "land"],
        ["mimic", "false-wall", "oak-door", "iron-gate"],
        [["taric-mace", "taric-shield-bash"], ["land-crowbar", "land-dagger"]],
        level=2,
    )
    assert (("taric-mace",), (0,)) in uses(state)  # the mimic is a monster or a trap
    state.apply(("use", ("taric-mace",), (0,)))
    state.apply(PASS)
    assert uses(state) == {(("land-crowbar",), (1,))}  # the crowbar as a trap tool


# -- set-up ----------------------------------------------------------------------------------------
def test_potions_with_three_characters_and_amulets_with_two():
    assert "potion-galen" in starting_deck("galen", 3, "none")
    assert "galen-sword" not in starting_deck("galen", 3, "none")
    assert "potion-galen" not in starting_deck("galen", 4, "none")
    two = starting_deck("galen", 2, "a")
    assert {"potion-galen", "amulet-galen"} <= set(two) and "galen-disarming-tools" not in two
    assert all(len(starting_deck(c, n, "none")) == 8 for c in ("taric", "land") for n in (3, 5))
    assert all(len(starting_deck(c, 2, "a")) == 8 for c in ("taric", "land"))
    state = TPKState(players=2, characters=["galen", "brin"], amulets={"brin": "b"})
    assert state.amulet_sides == {"galen": "a", "brin": "b"}


def test_threats_per_level_are_level_times_characters():
    for players in (2, 3, 4, 5):
        for level in (1, 3, 7):
            assert len(TPKState(players=players, first_level=level).row) == level * players


def test_bad_options_are_refused_clearly():
    with pytest.raises(ValueError, match="2 to 5 players"):
        TPKState(players=6)
    with pytest.raises(ValueError, match="unknown character 'gandalf'"):
        TPKState(players=2, characters=["taric", "gandalf"])
    with pytest.raises(ValueError, match="only used in two-player"):
        TPKState(players=3, amulets={"brin": "a"})
    with pytest.raises(ValueError, match="card 'dragon' is not in the deck"):
        TPKState(players=3, scenario={"1": {"row": ["dragon"]}})


def test_an_illegal_action_explains_itself_and_changes_nothing():
    state = level_one_example()
    with pytest.raises(IllegalAction, match="not among the cards Brin drew"):
        state.apply(("keep", ("taric-greatsword",)))
    for action, _ in LEVEL_ONE_MOVES[:3]:
        state.apply(action)
    before = state.to_json(), state.observation(0)
    with pytest.raises(IllegalAction, match="not in Brin's hand"):
        state.apply(("use", ("taric-greatsword",), (1,)))
    state.apply(PASS)
    with pytest.raises(IllegalAction, match="from the left"):
        state.apply(("use", ("taric-greatsword",), (1,)))
    state.apply(PASS)
    state.apply(("use", ("potion-galen",), (0,)))
    state.apply(PASS)
    with pytest.raises(IllegalAction, match="already overcome"):
        state.apply(("use", ("taric-greatsword",), (0,)))
    assert before[0] != state.to_json()


def test_reputation_ladder():
    assert reputation(0) == "the dungeon's favourite joke"
    assert reputation(10) == reputation(12)


# -- the conformance table's rules without a test of their own ------------------------------------
def test_cards_not_kept_are_set_aside_for_later_levels():
    state = level_one_example()
    for action, _ in LEVEL_ONE_MOVES[:3]:
        state.apply(action)
    aside = [list(cards) for cards in state.aside]
    assert [len(cards) for cards in aside] == [2, 2, 2]  # drew three, kept one
    assert not any(card in a[1] for a in state.legal_actions() if a != PASS for card in aside[0])
    for action, _ in LEVEL_ONE_MOVES[3:]:
        state.apply(action)
    assert state.level == 2 and state.aside == [[], [], []]
    for seat in range(3):  # back in the equipment deck, shuffled and drawn from again
        assert len(state.decks[seat].cards) + len(state.drawn_cards[seat]) == 8
        assert set(aside[seat]) <= set(state.decks[seat].cards + state.drawn_cards[seat])


def test_a_powerful_ranged_item_takes_an_x2_or_two_adjacent_threats_at_range():
    state = stacked(
        ["brin", "land", "taric"],
        ["pit-trap", "small-monster", "skeleton", "large-monster", "oak-door", "ogre"],
        [
            ["potion-brin", "brin-rope"],
            ["land-dagger", "potion-land"],
            ["taric-mace", "taric-shield-bash"],
        ],
        level=2,
    )
    assert uses(state) == {
        (("brin-rope",), (0,)),
        (("potion-brin",), (1,)),
        (("potion-brin",), (1, 2)),  # two adjacent simple monsters, past the trap
        (("potion-brin",), (2,)),
        (("potion-brin",), (3,)),  # the x2 monster at range; not the ogre past the door
    }
    state.apply(("use", ("potion-brin",), (3,)))
    assert state.status == [0, 0, 0, 1, 0, 0] and state.leftmost == 0


def test_escaping_level_seven_wins_for_the_whole_party_with_every_treasure_kept():
    state = TPKState(seed=0, players=2, first_level=7)
    plan = clearable(state)
    assert plan is not None
    play_plan(state, plan)
    assert (state.winners, state.returns()) == ((0, 1), [1.0, 1.0])
    assert state.ended_by == "the last level was cleared" and state.legal_actions() == ()
    held = state.treasures_held()
    assert held == 2 and state.summary()["treasures"] == held  # the whole group's count


def test_two_to_five_players_each_playing_a_different_character():
    for players in (2, 3, 4, 5):
        assert TPKState(players=players).num_players == players
    for players in (1, 6):
        with pytest.raises(ValueError, match="2 to 5 players"):
            TPKState(players=players)
    with pytest.raises(ValueError, match="each character can be played once"):
        TPKState(players=2, characters=["taric", "taric"])
