"""Epic Death! rules on stacked tables: each test is one rule of the rulebook (or one of our rules
notes), played through the public protocol only."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from epic_death.stacking import CARDS, FULL_BOX, first_quest, give, kill, stacked

from toolkit.epic_death.cards import BOX
from toolkit.epic_death.display import adventurer_html
from toolkit.epic_death.rules import DISCARD, EpicDeathState, dice_outcomes
from toolkit.state import IllegalAction, SaveError, from_json
from toolkit.steps import PASS

GREEN_3_MIGHTY = first_quest("mighty", 3)  # FAIL 100
EPIC_2_EXALTED = first_quest("exalted", 2, epic=True)  # EPIC 325


def skip_windows(state: EpicDeathState) -> None:
    while state.stage() in ("targets", "before_roll", "after_roll"):
        state.apply(PASS)


def roll_quest(state: EpicDeathState, quest: str, plain: int, sixes: int) -> None:
    """Attempt `quest` with no Fate card played and roll that many plain Victories and sixes."""
    state.apply(("quest", quest))
    skip_windows(state)
    state.apply(("roll", plain, sixes))
    skip_windows(state)


@pytest.mark.parametrize(
    ("players", "party", "line", "quests"),
    [(2, 5, 5, 20), (3, 5, 5, 30), (4, 5, 5, 40), (5, 4, 4, 40)],
)
def test_set_up(players, party, line, quests):
    state = EpicDeathState(seed=7, players=players)
    assert [len(p) for p in state.parties] == [party] * players
    assert len(state.quest_line) == line
    assert len(state.quest_line) + len(state.quest_deck) == quests
    assert [len(hand) for hand in state.hands] == [5] * players
    assert state.card_locations() == FULL_BOX
    # green quests are on top of the Epic Quests
    assert all(q in CARDS.quests for q in state.quest_line)
    assert (state.active, state.turn) == (0, 1)  # seat 0 stands for the most epic face


def test_the_box_holds_the_rulebooks_158_cards_and_16_dice():
    groups = ("adventurers", "quests", "epic_quests", "loot", "fate")
    counts = {name: sum(card.copies for card in getattr(CARDS, name).values()) for name in groups}
    assert counts == {"adventurers": 20, "quests": 20, "epic_quests": 20, "loot": 59, "fate": 39}
    assert sum(FULL_BOX.values()) == 158 and BOX == 16


def test_epic_quests_open_only_when_no_green_quest_is_left_in_the_line():
    state = stacked(line=[GREEN_3_MIGHTY, EPIC_2_EXALTED])
    assert list(state.legal_actions()) == [("quest", GREEN_3_MIGHTY)]
    with pytest.raises(IllegalAction, match="not an open quest"):
        state.apply(("quest", EPIC_2_EXALTED))


def test_an_illegal_action_names_itself_and_leaves_the_state_unchanged():
    state = stacked(hands={0: ["fate-add-1"]}, line=[GREEN_3_MIGHTY])
    before = state.to_json(), state.observation(0)
    with pytest.raises(IllegalAction) as error:
        state.apply(("fate", "fate-deadly", "adv-brannoc"))
    assert "fate-deadly" in str(error.value)
    assert (state.to_json(), state.observation(0)) == before


def test_deadly_targets_only_living_adventurers_with_a_score():
    state = stacked(hands={1: ["fate-deadly"]}, line=[GREEN_3_MIGHTY])
    scored, unscored = state.parties[0][0], state.parties[0][1]
    give(state, scored, "loot-paladin-helmet")
    state.apply(("quest", GREEN_3_MIGHTY))
    assert state.current_player() == 1
    assert ("fate", "fate-deadly", scored) in state.legal_actions()
    assert ("fate", "fate-deadly", unscored) not in state.legal_actions()


def test_a_failed_quest_kills_the_deadly_target_which_takes_the_fail():
    state = stacked(
        hands={1: ["fate-deadly"], 2: ["fate-remove-2", "fate-remove-2"]},
        line=[first_quest("trivial", 7)],
    )
    target = state.parties[0][2]
    give(state, target, "loot-paladin-helmet")
    quest = state.quest_line[0]
    state.apply(("quest", quest))
    state.apply(("fate", "fate-deadly", target))
    skip_windows_until(state, 2, "before_roll")
    state.apply(("fate", "fate-remove-2"))
    state.apply(("fate", "fate-remove-2"))
    skip_windows(state)  # 6 dice cannot make 7 Victories: no roll
    assert state.results[-1] == (0, quest, "fail")
    assert not state.alive[target]
    assert state.under[target][-1] == quest
    assert state.active == 1  # the turn passed without a roll
    assert state.hands[0] and len(state.hands[0]) == 5  # refilled to five after failing


def test_a_deadly_card_on_a_quest_that_succeeds_has_no_effect():
    state = stacked(hands={1: ["fate-deadly"]}, line=[GREEN_3_MIGHTY])
    target = state.parties[0][0]
    give(state, target, "loot-paladin-helmet")
    state.apply(("quest", GREEN_3_MIGHTY))
    state.apply(("fate", "fate-deadly", target))
    skip_windows(state)
    state.apply(("roll", 3, 0))
    skip_windows(state)
    assert state.results[-1][2] == "success" and state.alive[target]
    assert GREEN_3_MIGHTY not in state.under[target]


def test_a_deadly_card_on_a_failed_epic_quest_chooses_who_dies():
    state = stacked(hands={1: ["fate-deadly"]}, line=[EPIC_2_EXALTED])
    target = state.parties[0][2]
    give(state, target, "loot-paladin-helmet")
    state.apply(("quest", EPIC_2_EXALTED))
    state.apply(("fate", "fate-deadly", target))
    skip_windows(state)
    state.apply(("roll", 0, 1))  # one Victory of two
    skip_windows(state)
    assert state.results[-1][2] == "fail" and state.active == 1  # the active player chose no one
    assert not state.alive[target] and state.under[target][-1] == EPIC_2_EXALTED
    helmet, seal = CARDS.loot["loot-paladin-helmet"].epic, CARDS.epic_quests[EPIC_2_EXALTED].epic
    assert state.scores()[0] == helmet + seal


def test_only_one_deadly_per_quest_and_ancient_pact_redirects_it():
    state = stacked(
        hands={1: ["fate-deadly", "fate-deadly"], 2: ["fate-ancient-pact"]}, line=[GREEN_3_MIGHTY]
    )
    target = state.parties[0][0]
    own, bare = state.parties[2][:2]
    give(state, target, "loot-paladin-helmet")
    give(state, own, "loot-admiral-helmet")
    state.apply(("quest", GREEN_3_MIGHTY))
    state.apply(("fate", "fate-deadly", target))
    assert state.current_player() == 2  # one Deadly a quest: seat 1 has nothing left to play
    assert ("fate", "fate-ancient-pact", own) in state.legal_actions()
    assert ("fate", "fate-ancient-pact", bare) not in state.legal_actions()  # nothing under it
    state.apply(("fate", "fate-ancient-pact", own))
    assert state.deadly == (2, own)


def test_ancient_pact_needs_an_own_adventurer_with_a_score():
    """The rulebook's Deadly and Resurrect section allows only adventurers with a score as
    targets, and the pact's redirect is a target of the Deadly card like any other."""
    state = stacked(hands={1: ["fate-deadly"], 2: ["fate-ancient-pact"]}, line=[GREEN_3_MIGHTY])
    give(state, state.parties[0][0], "loot-paladin-helmet")
    state.apply(("quest", GREEN_3_MIGHTY))
    state.apply(("fate", "fate-deadly", state.parties[0][0]))
    skip_windows_until(state, 2)
    assert not any(action[1:2] == ("fate-ancient-pact",) for action in state.legal_actions())


def test_a_fate_window_goes_round_until_everyone_passes_after_the_last_card():
    """Seat 1, asked first, can answer a Deadly card played after it with its Ancient Pact."""
    state = stacked(hands={1: ["fate-ancient-pact"], 2: ["fate-deadly"]}, line=[GREEN_3_MIGHTY])
    target, own = state.parties[0][0], state.parties[1][0]
    give(state, target, "loot-paladin-helmet")
    give(state, own, "loot-admiral-helmet")
    state.apply(("quest", GREEN_3_MIGHTY))
    assert state.legal_actions() == (PASS,)  # seat 1 has no Deadly card to answer yet
    state.apply(PASS)
    state.apply(("fate", "fate-deadly", target))
    skip_windows_until(state, 1)  # seats 2, 3 and 0 pass
    state.apply(("fate", "fate-ancient-pact", own))
    assert state.deadly == (1, own)
    assert state.stage() == "before_roll"  # the table shows no targeting card is left to play


def seats_asked_until_the_roll(state: EpicDeathState) -> list[tuple[str, int]]:
    """(window, seat) of every pass until the dice are rolled, each seat saying done."""
    asked = []
    while state.stage() in ("targets", "before_roll"):
        asked.append((state.stage(), state.current_player()))
        state.apply(PASS)
    return asked


def test_everyone_who_could_play_is_asked_so_a_pass_tells_nothing_about_a_hand():
    """Seat 1 holding no card is asked just as seat 1 holding cards is; a window is passed over
    only where the table shows nobody could play in it."""
    lap = [1, 2, 3, 0]
    for marked in (False, True):  # without a score under anyone, no one can be marked
        asked = []
        for hand in ([], ["fate-add-1", "fate-deadly"]):
            state = stacked(hands={1: hand}, line=[GREEN_3_MIGHTY])
            if marked:
                give(state, state.parties[0][0], "loot-paladin-helmet")
            state.apply(("quest", GREEN_3_MIGHTY))
            if not hand:
                assert state.legal_actions() == (PASS,)
            asked.append(seats_asked_until_the_roll(state))
        windows = ["targets"] * marked + ["before_roll"]
        assert asked[0] == asked[1] == [(window, seat) for window in windows for seat in lap]


def test_resurrect_needs_a_dead_target_and_revives_it_on_success():
    state = stacked(hands={0: ["fate-resurrect", "fate-add-2"]}, line=[first_quest("trivial", 4)])
    dead = state.parties[0][3]
    kill(state, dead, EPIC_2_EXALTED)
    quest = state.quest_line[0]
    state.apply(("quest", quest))
    skip_windows_until(state, 0)
    assert ("fate", "fate-resurrect", dead) in state.legal_actions()
    state.apply(("fate", "fate-resurrect", dead))
    skip_windows(state)
    state.apply(("roll", 2, 2))  # four Victories on a trivial 4
    skip_windows(state)
    assert state.results[-1][2] == "success" and state.alive[dead]
    assert state.under[dead] == [EPIC_2_EXALTED, quest]


def test_only_one_resurrect_a_quest():
    state = stacked(hands={0: ["fate-resurrect"] * 2}, line=[first_quest("trivial", 4)])
    first, second = state.parties[0][3], state.parties[0][4]
    kill(state, first, EPIC_2_EXALTED)
    kill(state, second, first_quest("exalted", 3, epic=True))
    state.apply(("quest", state.quest_line[0]))
    skip_windows_until(state, 0)
    state.apply(("fate", "fate-resurrect", first))
    assert ("fate", "fate-resurrect", second) not in state.legal_actions()


def test_an_epic_death_revives_no_one_with_a_resurrect_card():
    """The Epic Quest goes under the adventurer who dies a hero, so no revived one takes it."""
    state = stacked(hands={0: ["fate-resurrect"]}, line=[EPIC_2_EXALTED])
    dead = state.parties[0][3]
    kill(state, dead, first_quest("exalted", 3, epic=True))
    state.apply(("quest", EPIC_2_EXALTED))
    skip_windows_until(state, 0)
    state.apply(("fate", "fate-resurrect", dead))
    skip_windows(state)
    state.apply(("roll", 0, 2))
    skip_windows(state)
    assert state.results[-1][2] == "epic_death" and not state.alive[dead]
    hero = state.parties[0][0]
    state.apply(("adventurer", hero))
    assert not state.alive[dead] and state.under[hero] == [EPIC_2_EXALTED]


@pytest.mark.parametrize("epic", [False, True], ids=["green", "epic"])
def test_a_quest_completed_with_resurrect_scores_nothing_when_its_adventurer_dies_again(epic):
    """Its seal counts only for failing: neither a FAIL taken away nor an EPIC added."""
    quest = EPIC_2_EXALTED if epic else first_quest("trivial", 4)
    killer = first_quest("exalted", 3, epic=True)
    state = stacked(hands={0: ["fate-resurrect"]}, line=[quest])
    dead = state.parties[0][3]
    kill(state, dead, killer)
    state.apply(("quest", quest))
    skip_windows_until(state, 0)
    state.apply(("fate", "fate-resurrect", dead))
    skip_windows(state)
    state.apply(("roll", 0, 4 if epic else 5))  # more than needed: a plain success
    skip_windows(state)
    while state.stage() == "place_loot":
        state.apply(DISCARD)
    assert state.alive[dead] and state.under[dead] == [killer, quest]
    state._set_alive(dead, False)  # it dies again, on a later quest
    assert state.adventurer_score(dead) == CARDS.epic_quests[killer].epic
    assert "completed" in adventurer_html(state, dead)


def skip_windows_until(state: EpicDeathState, seat: int, phase: str | None = None) -> None:
    """Everyone asked says done until `seat` is asked (in the window `phase`, if given)."""
    while state.current_player() != seat or phase not in (None, state.stage()):
        state.apply(PASS)


def test_too_few_dice_fails_unless_frenzy_and_frenzy_counts_a_six_twice():
    quest = first_quest("exalted", 2)
    hands = {0: ["fate-frenzy"], 1: ["fate-remove-2"] * 4 + ["fate-remove-1"]}
    state = stacked(hands=hands, line=[quest])
    without = stacked(hands={1: hands[1]}, line=[quest])
    for table in (state, without):
        table.apply(("quest", quest))
        for card in hands[1]:
            table.apply(("fate", card))
        assert table.pool() == 1
    skip_windows(without)
    assert without.results[-1][2] == "fail" and without.stage() == "place_fail"
    skip_windows_until(state, 0)
    state.apply(("fate", "fate-frenzy"))
    skip_windows(state)
    assert state.stage() == "roll"
    assert sum(dict(state.chance_outcomes()).values()) == 1
    state.apply(("roll", 0, 1))  # a single six: two Victories under Frenzy
    skip_windows(state)
    assert state.victories() == 2 and state.results[-1][2] == "success"


def test_a_pool_is_clamped_to_the_sixteen_dice_in_the_box():
    state = stacked(hands={0: ["fate-add-2"] * 4}, line=[GREEN_3_MIGHTY])
    state.apply(("quest", GREEN_3_MIGHTY))
    skip_windows_until(state, 0)
    for _ in range(4):
        state.apply(("fate", "fate-add-2"))
    assert state.dice_change == 8 and state.pool() == 16


def test_a_d6_card_is_a_chance_node_of_six_faces():
    state = stacked(hands={0: ["fate-add-d6"]}, line=[GREEN_3_MIGHTY])
    state.apply(("quest", GREEN_3_MIGHTY))
    skip_windows_until(state, 0)
    state.apply(("fate", "fate-add-d6"))
    assert state.is_chance_node()
    assert state.chance_outcomes() == tuple((("d6", n), Fraction(1, 6)) for n in range(1, 7))
    state.apply(("d6", 5))
    assert state.pool() == 15


def test_success_brings_loot_that_replaces_the_same_class_and_fate_as_the_reward():
    quest = first_quest("trivial", 4)
    state = stacked(line=[quest], hands={0: []})
    adventurer = state.parties[0][0]
    give(state, adventurer, "loot-admiral-helmet")
    state.loot.cards.remove("loot-paladin-helmet")
    state.loot.cards.append("loot-paladin-helmet")  # the next loot drawn
    roll_quest(state, quest, 2, 2)
    rewards = CARDS.quests[quest].rewards
    if rewards.loot:
        assert state.stage() == "place_loot"
        state.apply(("loot", adventurer))
        assert state.under[adventurer] == ["loot-paladin-helmet"]
        assert "loot-admiral-helmet" in state.loot.discards
        while state.stage() == "place_loot":
            state.apply(DISCARD)
    assert len(state.hands[0]) == rewards.fate  # the reward, not a refill to five
    assert state.card_locations() == FULL_BOX


def test_a_failed_green_quest_goes_under_a_living_adventurer_who_lives():
    state = stacked(line=[GREEN_3_MIGHTY])
    roll_quest(state, GREEN_3_MIGHTY, 1, 0)
    assert state.stage() == "place_fail"
    adventurer = state.parties[0][4]
    state.apply(("adventurer", adventurer))
    assert state.alive[adventurer] and state.under[adventurer] == [GREEN_3_MIGHTY]
    assert state.scores()[0] == 0  # the living do not score
    assert state.adventurer_score(adventurer) == -CARDS.quests[GREEN_3_MIGHTY].fail


def test_a_failed_epic_quest_kills_and_scores_its_epic():
    state = stacked(line=[EPIC_2_EXALTED])
    roll_quest(state, EPIC_2_EXALTED, 0, 1)
    assert state.results[-1][2] == "fail" and state.stage() == "choose_death"
    adventurer = state.parties[0][1]
    state.apply(("adventurer", adventurer))
    assert not state.alive[adventurer]
    assert state.scores()[0] == CARDS.epic_quests[EPIC_2_EXALTED].epic


def test_epic_death_on_an_exact_roll_doubles_the_epic_and_takes_no_reward():
    state = stacked(line=[EPIC_2_EXALTED], hands={0: ["fate-add-1"]})
    state.apply(("quest", EPIC_2_EXALTED))
    skip_windows_until(state, 0)
    state.apply(PASS)
    state.apply(("roll", 0, 2))
    skip_windows(state)
    assert state.results[-1][2] == "epic_death" and state.stage() == "choose_death"
    adventurer = state.parties[0][0]
    state.apply(("adventurer", adventurer))
    assert state.scores()[0] == 2 * CARDS.epic_quests[EPIC_2_EXALTED].epic
    assert len(state.hands[0]) == 5  # counts as a failure for rewards: refill to five


def test_rolling_more_than_the_target_on_an_epic_quest_is_a_plain_success():
    state = stacked(line=[EPIC_2_EXALTED])
    roll_quest(state, EPIC_2_EXALTED, 0, 3)
    assert state.results[-1][2] == "success"


def test_a_full_set_on_a_dead_adventurer_is_worth_400_more():
    state = stacked()
    adventurer = state.parties[1][0]
    pieces = ["loot-paladin-helmet", "loot-paladin-armour", "loot-paladin-weapon"]
    give(state, adventurer, *pieces)
    kill(state, adventurer, EPIC_2_EXALTED)
    loot = sum(CARDS.loot[p].epic for p in pieces)
    assert state.scores()[1] == loot + 400 + CARDS.epic_quests[EPIC_2_EXALTED].epic


def test_loot_envy_takes_a_rival_piece_and_swaps_back_the_same_class():
    state = stacked(hands={0: ["fate-loot-envy"]}, line=[GREEN_3_MIGHTY])
    mine, theirs = state.parties[0][0], state.parties[1][0]
    give(state, mine, "loot-admiral-helmet")
    give(state, theirs, "loot-paladin-helmet")
    state.apply(("quest", GREEN_3_MIGHTY))
    skip_windows_until(state, 0, "before_roll")
    state.apply(("fate", "fate-loot-envy", theirs, "loot-paladin-helmet", mine))
    assert state.under[mine] == ["loot-paladin-helmet"]
    assert state.under[theirs] == ["loot-admiral-helmet"]


def test_rerolls_after_the_roll_are_chance_nodes_on_the_right_dice():
    state = stacked(
        hands={1: ["fate-reroll-victories"], 0: ["fate-reroll-failures"]}, line=[GREEN_3_MIGHTY]
    )
    state.apply(("quest", GREEN_3_MIGHTY))
    skip_windows(state)
    state.apply(("roll", 2, 1))
    assert state.stage() == "after_roll" and state.current_player() == 1
    state.apply(("fate", "fate-reroll-victories", 0, 2, 0))
    assert state.is_chance_node() and (state.plain, state.sixes) == (0, 1)
    assert state.chance_outcomes() == dice_outcomes("reroll", 2, "mighty")
    state.apply(("reroll", 0, 0))
    skip_windows_until(state, 0)  # seats 1, 2 and 3 pass
    state.apply(("fate", "fate-reroll-failures", 2, 0, 0))
    assert state.failed_dice == 9 - 2  # ten dice, one Victory left, two re-rolling
    state.apply(("reroll", 1, 1))
    skip_windows(state)
    assert state.victories() == 3 and state.results[-1][2] == "success"


def after_the_roll(hand: list[str], plain: int, sixes: int, frenzy: bool = False):
    """Seat 0 attempts a mighty quest needing 3 and rolls ten dice; seat 1 holds `hand`."""
    state = stacked(hands={0: ["fate-frenzy"] * frenzy, 1: hand}, line=[GREEN_3_MIGHTY])
    state.apply(("quest", GREEN_3_MIGHTY))
    if frenzy:
        skip_windows_until(state, 0, "before_roll")
        state.apply(("fate", "fate-frenzy"))
    skip_windows(state)
    state.apply(("roll", plain, sixes))
    return state


def test_an_up_to_two_reroll_card_takes_as_many_dice_of_each_kind_as_its_player_chooses():
    """One or two dice, named by kind: failed dice are alike, and so are Victories, but under
    Frenzy a six (two Victories) is not a plain one."""
    card = "fate-reroll-failures"
    state = after_the_roll([card], 1, 1)
    assert [a for a in state.legal_actions() if a != PASS] == [
        ("fate", card, 1, 0, 0),
        ("fate", card, 2, 0, 0),
    ]
    state.apply(("fate", card, 1, 0, 0))
    assert state.failed_dice == 7 and state.action_to_string(state.history[-1]).endswith(
        "re-roll 1 failed die"
    )
    assert state.chance_outcomes() == dice_outcomes("reroll", 1, "mighty")

    card = "fate-reroll-victories"
    plain = after_the_roll([card], 1, 3)
    assert [a[2:] for a in plain.legal_actions() if a != PASS] == [(0, 1, 0), (0, 1, 1)]
    frenzy = after_the_roll([card], 1, 3, frenzy=True)
    assert [a[2:] for a in frenzy.legal_actions() if a != PASS] == [
        (0, 0, 1),
        (0, 0, 2),
        (0, 1, 0),
        (0, 1, 1),
    ]
    frenzy.apply(("fate", card, 0, 0, 1))  # one six: 7 Victories, 5 kept, and one die again
    assert (frenzy.plain, frenzy.sixes, frenzy.victories()) == (1, 2, 5)
    assert frenzy.chance_outcomes() == dice_outcomes("reroll", 1, "mighty")


def test_the_game_ends_when_a_party_is_all_dead_and_the_best_score_wins():
    state = stacked(line=[EPIC_2_EXALTED])
    spare_epics = [q for q in state.quest_deck if q in CARDS.epic_quests and q != EPIC_2_EXALTED]
    for adventurer, quest in zip(state.parties[0][1:], spare_epics, strict=False):
        kill(state, adventurer, quest)
    roll_quest(state, EPIC_2_EXALTED, 0, 0)
    state.apply(("adventurer", state.parties[0][0]))
    assert state.is_terminal()
    scores = state.scores()
    assert state.returns()[scores.index(max(scores))] > 0
    assert sum(state.returns()) == pytest.approx(1)


def test_the_game_ends_when_every_quest_is_done():
    state = EpicDeathState(seed=2, players=2, quests_per_player=1)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.chance_outcomes()[0][0])
        else:
            state.apply(state.legal_actions()[-1])
    assert not state.quest_deck and not state.quest_line


def test_save_load_replay_mid_quest():
    plain = EpicDeathState(seed=5, players=3)
    for _ in range(40):
        plain.apply(
            plain.chance_outcomes()[0][0] if plain.is_chance_node() else plain.legal_actions()[0]
        )
    loaded = from_json(plain.to_json())
    assert loaded.observation(1) == plain.observation(1)
    assert loaded.card_locations() == plain.card_locations()


def test_the_advisor_ranks_by_expected_change_or_by_chance():
    from toolkit.epic_death.advisor import advise

    line = EpicDeathState(seed=11, players=4).quest_line
    by_value = advise(CARDS, line)
    by_chance = advise(CARDS, line, by="chance")
    assert sorted(a.quest.id for a in by_value) == sorted(line)
    assert [a.expected_change for a in by_value] == sorted(
        (a.expected_change for a in by_value), reverse=True
    )
    assert [a.odds.success for a in by_chance] == sorted(
        (a.odds.success for a in by_chance), reverse=True
    )
    with pytest.raises(ValueError, match="rank by"):
        advise(CARDS, line, by="vibes")


def test_the_greedy_bot_rerolls_victories_only_against_a_rival_or_toward_an_epic_death():
    from toolkit.epic_death.bots import evaluate

    state = after_the_roll(["fate-reroll-victories"], 3, 1)  # four Victories: it succeeds
    two, one = (
        ("fate", "fate-reroll-victories", 0, 2, 0),
        ("fate", "fate-reroll-victories", 0, 1, 0),
    )
    assert evaluate(state.observation(1), two) > 0  # a rival would spoil it
    assert evaluate(state.observation(0), two) < 0  # its own player would not
    # with one die re-rolled three Victories stay: nothing can change
    assert evaluate(state.observation(1), one) < 0 and evaluate(state.observation(0), one) < 0


def test_the_greedy_bot_keeps_a_reroll_card_that_cannot_change_the_outcome():
    """A quest that has succeeded cannot fail by re-rolling its failed dice, nor can two dice make
    the three Victories a roll of none lacks: the rival keeps the card either way (it played it
    before, as a card that did not help the active player scored as good)."""
    from toolkit.bots import GreedyBot
    from toolkit.epic_death.bots import evaluate

    for plain, sixes in ((3, 1), (0, 0)):
        state = after_the_roll(["fate-reroll-failures"], plain, sixes)
        assert state.current_player() == 1  # a rival, who would like the quest to fail
        seen, legal = state.observation(1), state.legal_actions()
        for seed in range(20):
            assert GreedyBot(evaluate, seed).choose(seen, legal) == PASS


def test_the_search_estimate_favours_epic_under_the_dead_and_reads_an_ended_game_exactly():
    """The search bot's table estimate (a win chance a seat, summing to 1 at two players) rises
    for the seat whose dead adventurer now holds EPIC, and is the game's returns once it ends."""
    from toolkit.epic_death.bots import table_estimate

    state = EpicDeathState(seed=1, players=2)
    before = table_estimate(state)
    assert sum(before) == pytest.approx(1)
    give(state, state.parties[0][0], "loot-paladin-armour")
    kill(state, state.parties[0][0], state.quest_deck[0])  # an Epic Quest: they lie below
    assert table_estimate(state)[0] > before[0]
    state._end_game("a test")
    assert table_estimate(state) == state.returns()


@pytest.mark.parametrize("quests", [-1000, -1, 7, 10**11])
def test_quests_per_player_outside_the_deck_is_refused_in_the_engine_and_in_a_save(quests):
    """0 is the whole deck; a negative count would deal a game already over or cut the deal
    short, and more than the deck holds is no shorter game at all."""
    with pytest.raises(ValueError, match="quests_per_player"):
        EpicDeathState(players=3, quests_per_player=quests)
    save = json.loads(EpicDeathState(players=3).to_json())
    save["config"]["quests_per_player"] = quests
    with pytest.raises(SaveError, match=r"config: .*quests_per_player") as refused:
        from_json(json.dumps(save))
    assert len(str(refused.value)) < 200
