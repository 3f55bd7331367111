"""The planner bot (toolkit.tpk.planner): stacked positions where the convention bot's move loses a
level a perfect party could still clear and the planner's does not, and spies showing it decides
on its own observation alone."""

from __future__ import annotations

import pandas as pd
import pytest

from tests.tpk.test_tpk_play import SilentSpy
from toolkit.tpk.analysis import bots_table, main
from toolkit.tpk.bots import BOTS
from toolkit.tpk.coordination import position_problem, solve
from toolkit.tpk.examples import level_one_example
from toolkit.tpk.rules import KILLED, PASS, TPKState

PARTY = ["taric", "galen", "brin", "land"]
# Two level-3 deals for four characters (seeds 0 and 9 of the study), stacked.
LAND_MUST_KEEP_A_MONSTER_CARD = {
    "row": [
        "oak-door", "false-wall", "small-monster", "trapped-door", "small-monster", "door-golem",
        "swinging-blade", "jewelled-goblet", "iron-gate", "giant-rats", "sack-of-gold", "pit-trap",
    ],
    "draws": [
        ["taric-shield-bash", "taric-greatsword", "taric-shoulder-charge", "taric-war-hammer",
         "taric-sword"],
        ["galen-stonecunning", "galen-sword", "galen-pickaxe", "galen-disarming-tools",
         "galen-tinkers-kit"],
        ["brin-old-map", "brin-rope", "brin-hunting-bow", "brin-longbow", "brin-elven-sight"],
        ["land-dagger", "land-nimble-fingers", "land-throwing-knives", "land-crowbar",
         "land-master-key"],
    ],
}  # fmt: skip
THE_IRON_GATE = {
    "row": [
        "giant-rats", "troll", "secret-door", "portcullis", "iron-gate", "golden-crown",
        "door-golem", "false-wall", "enchanted-ring", "secret-door", "hidden-passage",
        "royal-sceptre",
    ],
    "draws": [
        ["taric-iron-bar", "taric-war-hammer", "taric-greatsword", "taric-sword", "taric-mace"],
        ["galen-crossbow", "galen-stonecunning", "galen-sword", "galen-pickaxe",
         "galen-tinkers-kit"],
        ["brin-lantern", "brin-old-map", "brin-torch", "brin-hunting-bow", "brin-rope"],
        ["land-lockpicks", "land-master-key", "land-tapping-stick", "land-crowbar",
         "land-throwing-knives"],
    ],
}  # fmt: skip


def stacked(deal: dict) -> TPKState:
    return TPKState(seed=0, players=4, characters=PARTY, scenario={"3": deal}, first_level=3)


def still_clearable(state: TPKState, level: int = 3) -> bool:
    """Every hand shown: could the party still clear the level?"""
    if state.ended_by == KILLED:
        return False
    if state.level != level:
        return True
    threats, hands, caps, first = position_problem(state)
    return solve(threats, hands, caps, first) is not None


def chosen(state: TPKState, bot: str) -> TPKState:
    """The position after the seat to act plays `bot`'s choice."""
    seat = state.current_player()
    action = BOTS[bot](seat, 1).choose(state.observation(seat), state.legal_actions())
    after = state.clone()
    after.apply(action)
    return after


def test_the_planner_keeps_the_card_the_row_needs_from_it():
    """Land keeps last (the others kept as the convention bots do). The row's monsters need more
    monster cards than Taric kept: the convention bot keeps the crowbar, master key and nimble
    fingers (trap cards, of which Galen and Brin kept plenty), and the level is lost whatever
    anyone holds; the planner keeps a monster card instead."""
    state = stacked(LAND_MUST_KEEP_A_MONSTER_CARD)
    for keep in (
        ("taric-greatsword", "taric-shoulder-charge", "taric-war-hammer"),
        ("galen-disarming-tools", "galen-pickaxe", "galen-stonecunning"),
        ("brin-elven-sight", "brin-old-map", "brin-rope"),
    ):
        state.apply(("keep", keep))
    assert still_clearable(state)
    assert not still_clearable(chosen(state, "convention"))
    after = chosen(state, "planner")
    assert still_clearable(after)
    assert {"land-dagger", "land-throwing-knives"} & set(after.hands[3])


def test_the_planner_covers_a_threat_the_turn_would_bring_back_uncovered():
    """Land has passed on the iron gate; of the seats before Land comes round again only Taric
    holds a lock card. The convention bot, reading Galen's and Brin's sheets, passes and the party
    dies; the planner sees that no deal leaves Galen or Brin a lock card worth waiting for."""
    state = stacked(THE_IRON_GATE)
    moves = [
        ("keep", ("taric-greatsword", "taric-iron-bar", "taric-war-hammer")),
        ("keep", ("galen-crossbow", "galen-stonecunning", "galen-sword")),
        ("keep", ("brin-lantern", "brin-old-map", "brin-torch")),
        ("keep", ("land-lockpicks", "land-master-key", "land-tapping-stick")),
        ("use", ("galen-crossbow",), (0,)),
        ("use", ("taric-greatsword",), (1,)),
        ("use", ("brin-lantern",), (2,)),
        ("use", ("land-master-key",), (3,)),
        PASS,  # Land, on the iron gate
    ]
    for move in moves:
        if move[0] == "use":
            while move[1][0] not in state.hands[state.to_play()]:
                state.apply(PASS)
        state.apply(move)
    assert state.to_play() == 0 and state.passed_on[3] == state.leftmost == 4
    assert still_clearable(state)
    assert not still_clearable(chosen(state, "convention"))
    after = chosen(state, "planner")
    assert after.status[4] != 0 and still_clearable(after)


def test_the_planner_clears_the_rulebook_example():
    """The rulebook's level 1 played by planners on every seat is cleared (not always by the
    example's moves: the planner acts rather than pass when acting is as good)."""
    state = level_one_example()
    bots = [BOTS["planner"](seat, seat) for seat in range(3)]
    while state.level == 1 and state.outcome is None:
        seat = state.current_player()
        state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))
    assert state.outcome is None and state.level == 2


@pytest.mark.parametrize("players", [3, 5])
def test_the_planner_is_only_shown_what_a_player_at_the_table_sees(players):
    for seed in range(3):
        state = TPKState(seed=seed, players=players, first_level=2)
        bots = [SilentSpy(BOTS["planner"](s, seed), s, state) for s in range(players)]
        while state.level == 2 and state.outcome is None:  # one level: deeper ones take longer
            seat = state.current_player()
            state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))


def test_the_planner_decides_the_same_whatever_its_partners_hold_unseen():
    """Two tables that differ only in cards a partner holds unseen: the same observation, so the
    same choice, at every decision of seat 0 through a level."""
    state = TPKState(seed=4, players=4, first_level=2)
    bot = BOTS["planner"]
    while state.level == 2 and state.outcome is None:
        seat = state.current_player()
        if seat == 0:
            other = state.clone()
            partner = 1 if other.hands[1] else 2
            hidden = other.hands[partner] or other.drawn_cards[partner]
            pool = other.decks[partner].cards
            if hidden and pool:
                hidden[0], pool[0] = pool[0], hidden[0]
            assert other.observation(0) == state.observation(0)
            assert bot(0, 7).choose(other.observation(0), other.legal_actions()) == bot(
                0, 7
            ).choose(state.observation(0), state.legal_actions())
        state.apply(bot(seat, 3).choose(state.observation(seat), state.legal_actions()))


def test_the_study_writes_its_command_and_adds_its_chunks_up(tmp_path):
    out = tmp_path / "study.csv"
    args = ["--players", "4", "--levels", "1", "--deals", "6", "--chunk", "4", "--csv", str(out)]
    main(args)
    lines = out.read_text().splitlines()
    assert lines[0] == "# python -m toolkit.tpk.analysis " + " ".join(args)
    rows = pd.read_csv(out, comment="#")
    assert list(rows["deals"]) == [4, 4, 2, 2] and list(rows["seed"]) == [0, 0, 4, 4]
    table = bots_table(rows)
    assert list(table["bots"]) == ["convention", "planner"] and set(table["deals"]) == {6}
    for row in table.itertuples():
        chunks = rows[rows["bots"] == row.bots]
        assert (
            row.silent == chunks["silent"].sum() / 6 and row.perfect == chunks["perfect"].sum() / 6
        )
    assert table["gap closed"].iloc[0] == 0.0


def test_gap_closed_is_the_share_of_the_first_bots_gap():
    rows = [
        {"bots": "convention", "players": 4, "level": 3, "seed": 0, "deals": 10, "perfect": 9,
         "silent": 3},
        {"bots": "planner", "players": 4, "level": 3, "seed": 0, "deals": 10, "perfect": 9,
         "silent": 6},
    ]  # fmt: skip
    assert list(bots_table(rows)["gap closed"]) == [0.0, 0.5]


def test_a_chunk_not_every_bot_played_is_left_out():
    rows = [
        {"bots": "convention", "players": 5, "level": 3, "seed": 0, "deals": 10, "perfect": 9,
         "silent": 3},
        {"bots": "planner", "players": 5, "level": 3, "seed": 0, "deals": 10, "perfect": 9,
         "silent": 6},
        {"bots": "convention", "players": 5, "level": 3, "seed": 10, "deals": 10, "perfect": 9,
         "silent": 0},
    ]  # fmt: skip
    assert list(bots_table(rows)["deals"]) == [10, 10]
