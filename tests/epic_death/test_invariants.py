"""Random legal play keeps every Epic Death! invariant, and every game saves, loads and replays."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

from epic_death.stacking import CARDS, FULL_BOX
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolkit.deck import Deck
from toolkit.epic_death.fate import WINDOWS
from toolkit.epic_death.rules import EpicDeathState
from toolkit.simulate import sample_outcome
from toolkit.state import CHANCE, SHARED, copy_table, from_json

READ_ONLY = ("cards", "quest_card")  # the card set and the quest: read, never written


def check_invariants(state: EpicDeathState) -> None:
    assert state.card_locations() == FULL_BOX
    for adventurer, cards in state.under.items():
        classes = Counter(CARDS.loot[c].loot_class for c in cards if c in CARDS.loot)
        assert max(classes.values(), default=0) <= 1, f"{adventurer} carries two of a class"
        if not state.alive[adventurer]:
            assert any(c not in CARDS.loot for c in cards), "the dead died on a quest"
    if state.quest:
        assert 0 <= state.pool() <= 16
    assert all(hand == sorted(hand) for hand in state.hands), "the Fate windows rely on it"
    if state.stage() in WINDOWS:  # the engine asks these once for every seat
        for card_id, plays in CARDS.window_checks[state.stage()].any_seat:
            ways = {tuple(plays(state, seat, card_id)) for seat in range(state.num_players)}
            assert len(ways) == 1, f"{card_id} plays by seat: its kind must be per_seat"
    shown = [
        [(a["id"], a["alive"], list(a["under"])) for a in party] for party in state.parties_view()
    ]
    assert shown == [
        [(a, state.alive[a], state.under[a]) for a in party] for party in state.parties
    ]
    check_kept_views_are_fresh(state)
    player = state.current_player()
    if not state.is_terminal():
        assert state.legal_actions(), "a live game always has something to do"
        assert player == CHANCE or 0 <= player < state.num_players
    if state.is_chance_node():
        assert sum(p for _, p in state.chance_outcomes()) == 1


def check_kept_views_are_fresh(state: EpicDeathState) -> None:
    """The engine keeps its legal actions and the parties' view between changes; what it kept
    must equal what it would work out afresh now."""
    if not state.is_terminal() and not state.is_chance_node():
        assert list(state.legal_actions()) == list(state._compute_legal())
    if state.stage() in WINDOWS and state._open_to_all is not None:
        kept, state._open_to_all = state._open_to_all, None
        state._could_play(state.stage(), state.prompt.seat)
        assert state._open_to_all == kept, "whom the window is open to is kept only while passing"
    kept = [state.observation(seat) for seat in range(state.num_players)]
    state._parties, state._adventurer_views = None, {}
    assert [state.observation(seat) for seat in range(state.num_players)] == kept


def check_observation_hides_hands(state: EpicDeathState, seat: int) -> None:
    observation = state.observation(seat)
    assert list(observation["hand"]) == state.hands[seat]
    text = json.dumps(observation)  # JSON-able, and no other hand appears in it
    for other, hand in enumerate(state.hands):
        if other != seat and hand:
            assert observation["hand_sizes"][other] == len(hand)
    assert "hands" not in text


# 400 random games of 2-5 players (the soak benchmark plays thousands more, benchmarks/soak.py)
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), players=st.integers(2, 5), moves_seed=st.integers(0, 2**31))
def test_random_play_keeps_every_invariant_and_replays(seed, players, moves_seed):
    state = EpicDeathState(seed=seed, players=players)
    rng = random.Random(moves_seed)
    steps = 0
    while not state.is_terminal():
        if steps % 15 == 0:  # the full check on a sample of moves keeps the games fast
            check_invariants(state)
        # checked as legal, but not atomic: the copy to restore from, taken before every move
        # and never needed here (tests/core/test_atomic_apply.py tests it), was half the time
        if state.is_chance_node():
            state.apply(sample_outcome(state.chance_outcomes(), rng), atomic=False)
        else:
            seat = state.current_player()
            if steps % 15 == 0:
                check_observation_hides_hands(state, seat)
            state.apply(rng.choice(state.legal_actions()), atomic=False)
        steps += 1
    check_invariants(state)
    assert sum(state.returns()) == 1
    assert state.scores()[state.winners[0]] == max(state.scores())
    loaded = from_json(state.to_json())
    assert loaded.history == state.history
    assert loaded.scores() == state.scores()
    assert loaded.observation(0) == state.observation(0)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), cut=st.integers(0, 300))
def test_every_legal_action_applies_and_a_refused_one_changes_nothing(seed, cut):
    state = EpicDeathState(seed=seed, players=3)
    rng = random.Random(seed)
    for _ in range(cut):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    if state.is_terminal():
        return
    for action in state.legal_actions():
        state.clone().apply(action)
    saved = state.to_json()
    try:
        state.apply(("fate", "no-such-card"))
    except ValueError as error:
        assert "no-such-card" in str(error)
    assert state.to_json() == saved


def _mutable_parts(value, found: dict) -> dict:
    """Every list, dict, set and deck inside `value`, by id."""
    if isinstance(value, list | dict | set | Deck):
        found[id(value)] = value
    items = value.values() if isinstance(value, dict) else value
    if isinstance(value, Deck):
        items = (value.cards, value.discards)
    if isinstance(value, list | tuple | set | dict | Deck):
        for item in items:
            _mutable_parts(item, found)
    return found


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 5), cut=st.integers(0, 400))
def test_a_clone_equals_a_deep_copy_and_shares_nothing_it_could_change(seed, players, cut):
    """The clone (the exact walk's copy, field by field) is the deep copy it stands for: equal
    field for field, sharing only the fields its table declares shared (the read-only tables,
    the question or draw it waits on, values) and the adventurers' public views (replaced, never
    changed); and playing the clone on leaves the game as it was."""
    state = EpicDeathState(seed=seed, players=players)
    rng = random.Random(seed)
    for _ in range(cut):
        if state.is_terminal():
            break
        state.apply_listed(rng.choice(state.legal_actions()))
    state.parties_view()
    # the deep copy the clone stands for, the read-only tables shared
    deep = copy.deepcopy(
        state, {id(getattr(state, name)): getattr(state, name) for name in READ_ONLY}
    )
    clone = state.clone()

    def fields(game):
        return {
            name: (value.cards, value.discards) if isinstance(value, Deck) else value
            for name, value in vars(game).items()
            if name not in ("rng", "_legal_at")  # a copy keeps no list the engine offered
        }

    assert fields(clone) == fields(deep)
    assert clone.rng.getstate() == state.rng.getstate()
    views = {id(view) for view in state._adventurer_views.values()}
    kept = {id(getattr(state, name)) for name in READ_ONLY}
    table = copy_table(EpicDeathState)
    for name, value in vars(state).items():
        if table[name] is SHARED:
            continue  # declared shared: values, tables, objects replaced and never changed
        mine = _mutable_parts(value, {})
        theirs = _mutable_parts(getattr(clone, name), {})
        shared = (set(mine) & set(theirs)) - views - kept
        assert not shared, f"{name} shares {[mine[i] for i in shared][:1]} with the clone"
    saved = state.to_json()
    for _ in range(60):
        if clone.is_terminal():
            break
        clone.apply_listed(rng.choice(clone.legal_actions()))
    assert state.to_json() == saved
    check_invariants(state)
