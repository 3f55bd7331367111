"""Random legal play keeps every invariant; games save, load and replay exactly."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from toolkit.how_i_died.cards import CARDS, TYPE
from toolkit.how_i_died.rules import HowIDiedState, phase
from toolkit.how_i_died.view import mean_best_of_shown
from toolkit.simulate import sample_outcome
from toolkit.state import IllegalAction, from_json
from toolkit.steps import PASS

ALL = sorted(CARDS)


def check_invariants(state: HowIDiedState, locked: dict) -> None:
    assert state.card_locations() == Counter(ALL)  # the 90 cards, each exactly once
    assert len(state.pool) <= 6
    for seat in range(state.players):
        for adventure in state.adventures[seat]:
            assert tuple(TYPE[c] for c in adventure) == ("I", "II", "III")
        if not state.alive[seat]:
            assert state.hands[seat] == []
            if seat in locked:  # the dead never change
                assert (state.adventures[seat], state.claimed[seat]) == locked[seat]
            else:
                locked[seat] = (list(state.adventures[seat]), state.claimed[seat])
                assert state.damage(seat) >= 15 or state.stalled
    claimed = [a for a in state.claimed if a]
    assert len(claimed) == len(set(claimed)) and not set(claimed) & set(state.shown)


def play_randomly(state: HowIDiedState, rng: random.Random, stop_after: int | None = None):
    locked: dict = {}
    moves = 0
    while not state.is_terminal() and (stop_after is None or moves < stop_after):
        if state.is_chance_node():
            action = sample_outcome(state.chance_outcomes(), rng)
        else:
            action = rng.choice(state.legal_actions())
        state.apply(action)
        moves += 1
        if phase(state) != "claim":  # a claim completes the death (locked once claimed)
            check_invariants(state, locked)
    return state


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5))
def test_random_play_keeps_the_invariants_and_ends(seed, players):
    state = play_randomly(HowIDiedState(seed=seed, players=players), random.Random(seed))
    assert state.is_terminal()
    assert sorted(state.returns()) == [0.0] * (players - 1) + [1.0]
    assert all(not alive for alive in state.alive) or state.stalled
    winner = state.returns().index(1.0)
    assert state.scores()[winner] == max(state.scores())


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5), stop=st.integers(0, 120))
def test_save_load_replay_round_trip(seed, players, stop):
    state = play_randomly(HowIDiedState(seed=seed, players=players), random.Random(seed), stop)
    loaded = from_json(state.to_json())
    assert loaded.history == state.history
    for seat in range(players):
        assert loaded.observation(seat) == state.observation(seat)
    assert loaded.legal_actions() == state.legal_actions()
    assert loaded.card_locations() == state.card_locations()


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    stop=st.integers(0, 80),
    junk=st.sampled_from([PASS, "look", "hydra", 3, ("winner", 0), "the-legend", "zzz"]),
)
def test_an_illegal_action_changes_nothing(seed, stop, junk):
    state = play_randomly(HowIDiedState(seed=seed, players=3), random.Random(seed), stop)
    if state.is_terminal() or junk in state.legal_actions():
        return
    before = state.to_json(), [state.observation(s) for s in range(3)], state.card_locations()
    try:
        state.apply(junk)
    except IllegalAction as error:
        assert error.reason
    else:
        raise AssertionError(f"{junk!r} was accepted")
    assert (
        state.to_json(),
        [state.observation(s) for s in range(3)],
        state.card_locations(),
    ) == before


def test_observation_hides_other_hands_and_the_deck():
    state = HowIDiedState(seed=3, players=3)
    seen = state.observation(1)
    assert seen["hand"] == state.hands[1]
    text = repr(seen)
    for card in state.hands[0] + state.hands[2] + state.deck.cards:
        assert repr(card) not in text


values = st.tuples(*[st.sampled_from([0, 1, 2, Fraction(1, 3), Fraction(-5, 2)])] * 4)


@settings(max_examples=150, deadline=None)
@given(
    shown=st.integers(1, 4),
    ends=st.integers(0, 2),
    data=st.data(),
)
def test_the_best_of_a_set_shown_counted_by_kinds_is_the_mean_over_every_set(shown, ends, data):
    """mean_best_of_shown (the foresee's and the steal's sets, counted by kinds of card) against
    the plain mean over every set of cards listed one by one."""
    kinds = data.draw(
        st.lists(
            st.tuples(
                st.integers(1, 3),
                values if ends == 0 else st.none() | values,
                st.tuples(*[values] * ends),
            ),
            min_size=1,
            max_size=4,
        )
    )
    cards = [(best, each) for count, best, each in kinds for _ in range(count)]
    assume(len(cards) > shown)
    left = len(cards) - shown
    sums = [[sum(each[end][at] for _, each in cards) for at in range(4)] for end in range(ends)]
    total, sets = [0] * 4, 0
    for chosen in itertools.combinations(cards, shown):
        options = [tuple(map(Fraction, best)) for best, _ in chosen if best is not None]
        options.extend(
            tuple(Fraction(sums[end][at] - sum(each[end][at] for _, each in chosen), left)
                  for at in range(4))
            for end in range(ends)
        )  # fmt: skip
        best = max(options)
        total = [t + b for t, b in zip(total, best, strict=True)]
        sets += 1
    assert mean_best_of_shown(kinds, shown) == tuple(Fraction(t, sets) for t in total)
