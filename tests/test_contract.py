"""The protocol every game keeps, tested once for every registered game.

Whatever a game's rules, its state hands out its legal actions immutable and the same at every
call of one position, refuses any other action with :class:`IllegalAction` and leaves itself
exactly as it was, names seats alike in its observations and its end, keeps the facts its
:class:`GameSpec` states, clones without sharing what changes, and replays from its save.
"""

from __future__ import annotations

import contextlib
import json
import random

import pytest

from toolkit.actions import ActionBlocks
from toolkit.bots import RandomBot
from toolkit.games import available, get_game
from toolkit.simulate import decision_points, play, play_seeded, sample_outcome
from toolkit.state import CHANCE, TERMINAL, IllegalAction, from_json

SEEDS = range(4)
CASES = [
    (slug, players)
    for slug in available()
    for players in sorted({get_game(slug).min_players, get_game(slug).max_players})
]
IDS = [f"{slug}-{players}" for slug, players in CASES]


def walk(slug: str, players: int, seed: int):
    """Each position of a seeded random game, the state itself (do not keep it across a step)."""
    spec = get_game(slug)
    state = spec.new_state(players, seed)
    rng = random.Random(seed)
    for _ in range(spec.max_moves):
        yield state
        if state.is_terminal():
            return
        if state.is_chance_node():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    raise AssertionError(f"{slug} did not end within max_moves = {spec.max_moves}")


def snapshot(state) -> tuple:
    """All a caller can see of a state: its save, every seat's view, its legal actions."""
    views = [json.dumps(state.observation(seat), sort_keys=True, default=repr) for seat in
             range(state.num_players)]  # fmt: skip
    return state.to_json(), views, list(state.legal_actions()), state.current_player()


def hostile_actions(state, later: list) -> list:
    """Actions a careless or hostile caller might try now: every one must be refused."""
    legal = list(state.legal_actions())
    tries = [None, 3.5, -1, 10**9, "", "no such action", ("no such action",), (), [], {"a": 1}]
    tries += [True, False, (True,), ("x", True)]
    for action in legal[:3]:  # near misses: a listed action with a part changed or added
        if isinstance(action, tuple) and action:
            tries += [action + ("extra",), action[:-1] + (object.__name__,), action[:1]]
        if isinstance(action, int) and not isinstance(action, bool):
            tries += [action + 1000, bool(action), str(action), float(action)]
        if isinstance(action, str):
            tries += [action.upper() + "?", (action,)]
    tries += later  # listed at other positions of the game: another seat's, another phase's
    return [action for action in tries if not any(_same(action, ok) for ok in legal)]


def _same(a, b) -> bool:
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        return len(a) == len(b) and all(map(_same, a, b))
    return a == b


@pytest.mark.parametrize(("slug", "players"), CASES, ids=IDS)
def test_legal_actions_are_immutable_and_illegal_ones_change_nothing(slug, players):
    for seed in SEEDS:
        spec = get_game(slug)
        later = []
        for state in walk(slug, players, seed + 1000):  # actions from another game of it
            if not state.is_terminal() and len(later) < 40:
                later.append(state.legal_actions()[0])
        for index, state in enumerate(walk(slug, players, seed)):
            legal = state.legal_actions()
            assert type(legal) in (tuple, ActionBlocks), f"{slug} hands out a {type(legal)}"
            assert state.legal_actions() == legal, "listed again at one position, they differ"
            if state.is_terminal():
                assert len(legal) == 0
            if index % 7 and not state.is_terminal():
                continue  # every seventh position, and the end, is attacked
            before = snapshot(state)
            tried = hostile_actions(state, later)
            for action in tried:
                with pytest.raises(IllegalAction) as refused:
                    state.apply(action)
                assert refused.value.reason, f"no reason given for {action!r}"
            # one look after them all (a snapshot at every try was most of this test's time):
            # a refused action that changed anything shows here, and is then named
            if snapshot(state) != before:
                pytest.fail(f"{changes_the_game(before, tried)} was refused but changed {slug}")
        assert index < spec.max_moves


def changes_the_game(before: tuple, tried: list) -> str:
    """Which of the refused actions `tried` changes the game whose snapshot was `before`, each
    tried alone on the game loaded afresh from its save."""
    for action in tried:
        state = from_json(before[0])
        with contextlib.suppress(IllegalAction):
            state.apply(action)
        if snapshot(state) != before:
            return repr(action)
    return "no one of them alone, but together they"


@pytest.mark.parametrize(("slug", "players"), CASES, ids=IDS)
def test_observations_and_the_end_use_the_same_names(slug, players):
    spec = get_game(slug)
    for seed in SEEDS:
        for state in walk(slug, players, seed):
            current = state.current_player()
            for seat in range(players):
                seen = state.observation(seat)
                assert seen["seat"] == seat
                assert seen["to_play"] == (current if current >= 0 else None)
                json.dumps(seen)  # JSON-able
            if not state.is_terminal():
                assert state.winners is None and state.ended_by is None
        outcome = state.result_summary()
        assert set(outcome) == {"winners", "returns", "ended_by"}
        assert isinstance(outcome["ended_by"], str) and outcome["ended_by"]
        assert all(0 <= seat < players for seat in outcome["winners"])
        returns = outcome["returns"]
        assert len(returns) == players
        if spec.utility == "cooperative":
            assert len(set(returns)) == 1
            assert outcome["winners"] in ([], list(range(players)))
        elif spec.utility == "constant_sum":
            assert sum(returns) == pytest.approx(1)
        elif players > 1:
            assert sum(returns) == pytest.approx(0)
        winners = set(outcome["winners"])
        for seat in range(players):  # a winner never gets less than a seat that did not win
            assert all(returns[seat] >= returns[other] for other in range(players)
                       if seat in winners and other not in winners)  # fmt: skip


@pytest.mark.parametrize(("slug", "players"), CASES, ids=IDS)
def test_clone_is_independent(slug, players):
    spec = get_game(slug)
    state = play_seeded(slug, players, ["random"] * players, 0)
    midway = spec.new_state(players, 0)
    for action in state.history[: len(state.history) // 2]:
        midway.apply(action)
    copy = midway.clone()
    before = snapshot(midway)
    play(copy, [spec.bots["random"](seat, 7) for seat in range(players)], random.Random(7))
    assert copy.is_terminal()
    assert snapshot(midway) == before


@pytest.mark.parametrize(("slug", "players"), CASES, ids=IDS)
def test_save_load_replays_exactly(slug, players):
    state = play_seeded(slug, players, ["random"] * players, 3)
    loaded = from_json(state.to_json())
    assert snapshot(loaded) == snapshot(state)
    assert loaded.result_summary() == state.result_summary()


@pytest.mark.parametrize("slug", available())
def test_spec_facts(slug):
    spec = get_game(slug)
    assert spec.state_class.game == slug
    assert 1 <= spec.min_players <= spec.max_players
    assert "random" in spec.bots
    longest = max(
        len(play_seeded(slug, players, ["random"] * players, seed).history)
        for players in (spec.min_players, spec.max_players)
        for seed in range(10)
    )
    assert longest < spec.max_moves / 2, "max_moves leaves too little room"
    if spec.information == "perfect":
        state = spec.new_state(spec.max_players, 0)
        views = [state.observation(seat) for seat in range(spec.max_players)]
        assert all({**v, "seat": 0} == {**views[0], "seat": 0} for v in views)
    assert CHANCE != TERMINAL


def _clear_all(value) -> None:
    """Empty every list and dict inside `value`, as a careless bot might."""
    if isinstance(value, dict):
        for item in list(value.values()):
            _clear_all(item)
        value.clear()
    elif isinstance(value, list):
        for item in value:
            _clear_all(item)
        value.clear()


@pytest.mark.parametrize(("slug", "players"), CASES, ids=IDS)
def test_an_observation_is_the_seats_own_copy(slug, players):
    """A bot that changes what it was handed changes neither the game nor another seat's view."""
    for index, state in enumerate(walk(slug, players, 5)):
        if index % 5:
            continue
        before = snapshot(state)
        views = [state.observation(seat) for seat in range(players)]
        _clear_all(views[0])
        assert snapshot(state) == before, f"clearing seat 0's view changed {slug}"
        if players > 1:
            fresh = json.dumps(state.observation(1), sort_keys=True, default=repr)
            assert json.dumps(views[1], sort_keys=True, default=repr) == fresh


@pytest.mark.parametrize(("slug", "players"), CASES, ids=IDS)
def test_players_view_sees_what_the_seat_sees(slug, players):
    """A seat's view of the game (what the exact walk starts from) shows that seat exactly what
    the real game shows it, at every position of a seeded game, for every seat; it is a copy."""
    for seed in range(2):
        for index, state in enumerate(walk(slug, players, seed)):
            if index % 7:  # every seventh position keeps the test quick
                continue
            before = state.to_json()
            for seat in range(players):
                view = state.players_view(seat)
                assert view is not state
                assert view.observation(seat) == state.observation(seat), (seed, index, seat)
            assert state.to_json() == before


@pytest.mark.parametrize(("slug", "players"), CASES, ids=IDS)
def test_a_determinised_view_is_a_game_the_seat_could_be_in(slug, players):
    """What a search plays (``players_view(seat).determinise(rng)``) shows the seat exactly what
    the real game shows it, offers it the same choices when it is to act, leaves the view and
    the game as they were, differs from one draw to the next only where the seat cannot see,
    and plays to the end."""
    spec = get_game(slug)
    every = max(sum(1 for _ in walk(slug, players, 1)) // 6, 1)  # six positions of the game
    for index, state in enumerate(walk(slug, players, 1)):
        if index % every or state.is_terminal():
            continue
        before = state.to_json()
        for seat in range(players):
            view = state.players_view(seat)
            seen = view.observation(seat)
            for draw in range(2):
                game = view.determinise(random.Random(draw))
                assert game is not view
                assert game.observation(seat) == state.observation(seat), (index, seat, draw)
                assert game.card_locations() == state.card_locations()  # every card, once
                if state.current_player() == seat:
                    assert list(game.legal_actions()) == list(state.legal_actions())
                play(game, [RandomBot(draw)] * players, random.Random(draw), spec.max_moves)
                assert game.is_terminal()
            assert view.observation(seat) == seen
        assert state.to_json() == before


@pytest.mark.parametrize(("slug", "players"), CASES, ids=IDS)
def test_decision_odds_cover_every_choice_and_the_cli_prints_them(slug, players):
    """The numbers beside a decision name every legal action, in order, for the seat to act, and
    ``death-toolkit analyse --json`` prints exactly them."""
    from odds_check import cli_shows

    spec = get_game(slug)
    shown = 0
    for state in decision_points(slug, players, range(2)):
        if len(state.history) % 11:
            continue
        odds = spec.decision_odds(state)
        assert odds.seat == state.current_player()
        assert [o.action for o in odds.actions] == list(state.legal_actions())
        if shown < 3:
            assert cli_shows(slug, state) == json.loads(json.dumps(odds.to_json()))
            shown += 1


#: The games whose walks tell each choice's numbers as they are found, before the decision is
#: done (a widget counting in the background fills those rows at once).
TELLING = {"how-i-died", "to-the-death", "tpk"}


@pytest.mark.parametrize(("slug", "players"), CASES, ids=IDS)
def test_a_choice_told_before_the_decision_is_done_has_its_rows_numbers(slug, players):
    """Every choice a game tells as it goes (hearing_answers) is told once, with the numbers its
    row then shows; a game that tells does so for every choice it answers."""
    from toolkit.analysis import hearing_answers, patience

    spec = get_game(slug)
    for state in list(decision_points(slug, players, range(1)))[:12:3]:
        told: dict = {}

        def hear(action, numbers, told=told):
            told.setdefault(action, []).append(numbers)

        with patience(4), hearing_answers(hear):
            odds = spec.decision_odds(state)
        answered = {row.action: row.odds for row in odds.actions if row.odds}
        assert all(told[action] == [answered.get(action)] for action in told)
        if slug in TELLING:
            assert set(told) == set(answered)
