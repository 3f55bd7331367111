"""toolkit.analysis.Walk's `rank`: the seat may weigh one walk's values differently at different
decisions, the values read stay the same everywhere, and a position it chose at is remembered
(`key`) as any other is."""

from __future__ import annotations

from fractions import Fraction

from toy_games import TARGET, PushYourLuck, best_chance, best_mean

from toolkit.analysis import Walk


def turn_over(state: PushYourLuck) -> bool:
    return state.seat > 0


def both(state: PushYourLuck):
    """P(the target reached), then the points banked."""
    return (Fraction(state.banked[0] >= TARGET), Fraction(state.banked[0]))


def key(state: PushYourLuck):
    return (state.total, state.rolls_left, state.rolling, state.seat)


def test_a_rank_that_puts_the_points_first_plays_for_the_points():
    game = PushYourLuck()
    for action in ("roll", 6, "roll", 5):
        game.apply(action)
    by_chance = Walk(seat=0, stop=turn_over, measure=both).value(game)
    by_points = Walk(
        seat=0, stop=turn_over, measure=both, rank=lambda state: lambda v: (v[1], v[0])
    ).value(game)
    assert by_chance[0] == best_chance(11, 2)
    assert by_points[1] == best_mean(11, 2)


def test_a_rank_asked_at_each_decision_sees_that_decision_before_it_is_played():
    """The rank is asked of the position the seat chooses at (the walk plays its last choice on
    that very position): with one roll left, points first; before, the chance first."""
    asked = []

    def rank(state):
        asked.append((state.rolls_left, state.rolling, state.seat))
        return (lambda v: (v[1], v[0])) if state.rolls_left == 1 else None

    Walk(seat=0, stop=turn_over, measure=both, rank=rank).value(PushYourLuck(rolls=3))
    assert asked and all(not rolling and seat == 0 for _, rolling, seat in asked)


def test_the_memo_keeps_the_positions_chosen_at_with_a_rank_or_without():
    for rank in (None, lambda state: lambda v: v):
        memo: dict = {}
        game = PushYourLuck(rolls=5)
        Walk(seat=0, stop=turn_over, measure=both, key=key, rank=rank, memo=memo).value(game)
        chosen_at = [k for k in memo if not k[2]]  # not rolling: the seat chose there
        assert (0, 5, False, 0) in chosen_at and len(chosen_at) > 5
