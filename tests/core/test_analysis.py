"""toolkit.analysis: the exact walk agrees with brute force and with closed forms.

Push Your Luck is a one-turn dice game defined here: roll a d6 as often as you like; a 1 loses
everything rolled this turn and ends it, any other face adds to the turn's total; `bank` keeps
the total. Its best play and its odds are small enough to work out by a plain recursion, which
the walk must match exactly, and a second seat's policy and the memo must not change a number.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from toy_games import TARGET, PushYourLuck, best_chance, best_mean

from toolkit.analysis import MemoFull, Walk, WalkTooLarge, kept_within
from toolkit.epic_death.odds import victories
from toolkit.epic_death.rules import EpicDeathState


def turn_over(state: PushYourLuck) -> bool:
    return state.seat > 0


def reached(state: PushYourLuck):
    return (Fraction(state.banked[0] >= TARGET),)


def test_the_walk_matches_the_recursion_for_every_option():
    game = PushYourLuck()
    walk = Walk(seat=0, stop=turn_over, measure=reached)
    options = walk.options(game)
    assert options["bank"] == (0,)
    assert options["roll"] == (sum(best_chance(f, 3) for f in range(2, 7)) / 6,)
    assert walk.value(game) == (best_chance(0, 4),)
    assert walk.best(game)[0] == "roll"


def test_mid_turn_and_a_second_measure_break_ties():
    game = PushYourLuck()
    for action in ("roll", 6, "roll", 5):
        game.apply(action)
    mean = Walk(seat=0, stop=turn_over, measure=lambda s: (Fraction(s.banked[0]),))
    assert mean.value(game) == (best_mean(11, 2),)
    both = Walk(seat=0, stop=turn_over, measure=lambda s: (*reached(s), Fraction(s.banked[0])))
    assert both.value(game)[0] == best_chance(11, 2)


def test_the_memo_and_merged_outcomes_change_no_number():
    game = PushYourLuck(rolls=5)
    plain = Walk(seat=0, stop=turn_over, measure=reached)
    keyed = Walk(
        seat=0,
        stop=turn_over,
        measure=reached,
        key=lambda s: (s.total, s.rolls_left, s.rolling, s.seat),
        merge=lambda s, face: "bust" if face == 1 else min(s.total + face, TARGET),
    )
    assert plain.value(game) == keyed.value(game)


def test_a_shared_memo_a_refused_walk_left_behind_changes_no_number():
    """A walk refused part-way leaves in its memo only positions it finished: the next walk
    sharing the memo starts from them and finds the same numbers as a walk of its own."""
    game = PushYourLuck(rolls=5)
    key = lambda s: (s.total, s.rolls_left, s.rolling, s.seat)  # noqa: E731
    memo: dict = {}
    with pytest.raises(WalkTooLarge):
        Walk(seat=0, stop=turn_over, measure=reached, key=key, limit=20, memo=memo).value(game)
    assert memo  # finished positions were kept
    again = Walk(seat=0, stop=turn_over, measure=reached, key=key, memo=memo)
    assert again.value(game) == Walk(seat=0, stop=turn_over, measure=reached).value(game)


def test_choices_left_out_by_enough_change_no_number_and_every_option_is_still_answered():
    """Banking short of the target scores nothing, which rolling on matches at worst: the walk
    may leave it out where it can roll, and still answers it when asked for every option."""
    game = PushYourLuck(rolls=5)
    plain = Walk(seat=0, stop=turn_over, measure=reached)
    walked = []

    def enough(state, actions):
        walked.append(len(actions))
        short = state.total < TARGET and "roll" in actions
        return [action for action in actions if not (short and action == "bank")]

    lean = Walk(seat=0, stop=turn_over, measure=reached, enough=enough)
    assert lean.value(game) == plain.value(game)
    assert lean.options(game) == plain.options(game)
    assert walked


def test_another_seats_policy_is_mixed_in_and_without_one_the_walk_stops():
    game = PushYourLuck(players=2)
    game.apply("bank")  # seat 1 to act
    walk_to_end = Walk(
        seat=0,
        stop=lambda s: False,
        measure=lambda s: (Fraction(s.banked[1]),),
        others=lambda s: [(a, Fraction(1, len(s.legal_actions()))) for a in s.legal_actions()],
    )
    value = walk_to_end.value(game)[0]
    assert 0 < value < best_mean(0, 4)  # a random player does worse than the best one
    stops = Walk(seat=0, stop=lambda s: False, measure=lambda s: (Fraction(s.total),))
    assert stops.value(game) == (0,)


def test_a_walk_past_its_limit_is_refused():
    with pytest.raises(WalkTooLarge, match="more than 50"):
        Walk(seat=0, stop=turn_over, measure=reached, limit=50).value(PushYourLuck(rolls=6))


def test_a_walk_whose_memo_would_pass_what_it_may_keep_is_refused_for_its_memory():
    """Within kept_within(n) a walk's memo never holds more than n positions; past them the walk
    stops with MemoFull whatever its limit of positions visited; with room, the same numbers."""
    game = PushYourLuck(rolls=5)
    key = lambda s: (s.total, s.rolls_left, s.rolling, s.seat)  # noqa: E731
    memo: dict = {}
    with kept_within(10), pytest.raises(MemoFull, match="more than 10 positions"):
        Walk(seat=0, stop=turn_over, measure=reached, key=key, memo=memo).value(game)
    assert 0 < len(memo) <= 10
    plain = Walk(seat=0, stop=turn_over, measure=reached).value(game)
    with kept_within(10**6):
        assert Walk(seat=0, stop=turn_over, measure=reached, key=key).value(game) == plain


def test_the_walk_reads_the_engine_epic_death_quest_odds_are_binomial_tails():
    """From the real engine at the roll, passing every later window: the quest succeeds with the
    binomial tail the odds module gives (no Fate card played, no re-roll)."""
    state = EpicDeathState(seed=3, players=2)
    while not state.is_chance_node():
        legal = state.legal_actions()
        state.apply(legal[0] if state.stage() == "choose_quest" else legal[-1])
    quest, dice = state.quest_card, state.pool()
    walk = Walk(
        seat=state.active,
        stop=lambda s: s.quest_outcome is not None,
        measure=lambda s: (Fraction(s.quest_outcome == "success"),),
        others=lambda s: [(s.legal_actions()[-1], Fraction(1))],  # everyone passes
    )
    # the roller passes too: the walk's own choice among re-rolls is tested above
    walk = Walk(seat=-2, stop=walk.stop, measure=walk.measure, others=walk.others)
    tail = sum(p for got, p in victories(dice, quest.difficulty).pmf().items()
               if got >= quest.victories)  # fmt: skip
    assert walk.value(state)[0] == tail


def test_random_positions_of_push_your_luck_agree_with_the_recursion():
    rng = random.Random(5)
    walk = Walk(seat=0, stop=turn_over, measure=reached)
    for _ in range(40):
        game = PushYourLuck()
        while game.current_player() == 0 and rng.random() < 0.7 and game.rolls_left:
            game.apply("roll")
            game.apply(rng.choice([2, 3, 4, 5, 6]))
        if game.current_player() == 0:
            assert walk.value(game) == (best_chance(game.total, game.rolls_left),)


def test_decision_odds_print_exactly_and_name_what_is_missing():
    from toolkit.analysis import ActionOdds, DecisionOdds, Measure

    odds = DecisionOdds(
        "push-your-luck",
        0,
        "Roll or bank?",
        (Measure("p_bust", "P(lose the turn's total)"), Measure("banked", "expected bank", False)),
        (
            ActionOdds("roll", "Roll", {"p_bust": Fraction(1, 6), "banked": Fraction(35, 6)}),
            ActionOdds(("bank", 2), "Bank", {"banked": Fraction(4)}, note="no risk"),
        ),
    )
    assert odds.to_json()["actions"] == [
        {"action": "roll", "label": "Roll", "odds": {"p_bust": "1/6", "banked": "35/6"}},
        {"action": ["bank", 2], "label": "Bank", "odds": {"banked": "4"}, "note": "no risk"},
    ]
    assert odds.rows() == [["Roll", "1/6 (16.7%)", "35/6", ""], ["Bank", "–", "4", "no risk"]]
    assert odds.for_action(("bank", 2)).label == "Bank" and odds.for_action("Roll") is None
    assert "P(lose the turn&#x27;s total)" in odds._repr_html_()


def test_patience_scales_every_budget_inside_it_and_no_further():
    from toolkit.analysis import patience, patient

    assert patient(1_600) == 1_600
    with patience(100):
        assert patient(1_600) == 160_000
        with patience(2):
            assert patient(1_600) == 3_200
        assert patient(1_600) == 160_000
    assert patient(1_600) == 1_600
    for bad in (0, -3, 1.5, True, "10"):
        with pytest.raises(ValueError, match="patience must be a whole number"):
            with patience(bad):
                pass
