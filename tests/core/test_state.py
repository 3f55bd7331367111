"""toolkit.state: the game-state protocol, exercised through a tiny game defined here.

Dice Race: players take turns; on your turn say ``step`` (roll a d3) or ``leap`` (roll 2d3), then
move by the roll and draw a card from a shuffled deck (shuffled and reshuffled with the state's
rng). A ``boost`` card is kept and may be played later for one extra space; ``slip`` moves you back
one; ``plain`` does nothing. Both go to the discards. First to the goal wins.
"""

from __future__ import annotations

import html
import importlib
import json
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.bots import RandomBot
from toolkit.deck import Deck
from toolkit.games import PACKAGES, available, get_game
from toolkit.simulate import play
from toolkit.state import (
    CHANCE,
    TERMINAL,
    ChanceOutcomes,
    GameState,
    IllegalAction,
    SaveError,
    copying,
    from_json,
)

CARDS = ["boost", "boost", "slip", "plain", "plain"]
STEP = ChanceOutcomes((("roll", k), Fraction(1, 3)) for k in (1, 2, 3))
LEAP = ChanceOutcomes(
    (("roll", k), Fraction(w, 9)) for k, w in zip(range(2, 7), (1, 2, 3, 2, 1), strict=True)
)
BOOST = ("play", "boost")


class DiceRace(GameState):
    game = "dice-race"
    COPY = copying(
        shared=("goal", "seat", "pending"), copied=("positions", "deck"), each_copied=("hands",)
    )

    def __init__(self, seed: int = 0, players: int = 2, goal: int = 8):
        super().__init__(seed, players=players, goal=goal)
        self.goal = goal
        self.positions = [0] * players
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.deck = Deck(CARDS)
        self.deck.shuffle(self.rng)
        self.seat = 0
        self.pending: str | None = None

    @property
    def num_players(self) -> int:
        return len(self.positions)

    def current_player(self) -> int:
        if max(self.positions) >= self.goal:
            return TERMINAL
        return CHANCE if self.pending else self.seat

    def _compute_legal(self):
        if self.is_terminal():
            return []
        if self.pending:
            return [outcome for outcome, _ in self.chance_outcomes()]
        return ["step", "leap"] + ([BOOST] if "boost" in self.hands[self.seat] else [])

    def chance_outcomes(self):
        return STEP if self.pending == "step" else LEAP

    def why_illegal(self, action) -> str:
        if action == BOOST and not self.pending and "boost" not in self.hands[self.seat]:
            return "you hold no boost card"
        return super().why_illegal(action)

    def _apply(self, action) -> None:
        if action in ("step", "leap"):
            self.pending = action
        elif action == BOOST:
            self.hands[self.seat].remove("boost")
            self.deck.discard("boost")
            self.positions[self.seat] += 1
        else:
            self.pending = None
            self.positions[self.seat] += action[1]
            (card,) = self.deck.draw(1, self.rng)
            if card == "boost":
                self.hands[self.seat].append(card)
            else:
                self.positions[self.seat] = max(0, self.positions[self.seat] - (card == "slip"))
                self.deck.discard(card)
            self.seat = (self.seat + 1) % self.num_players

    def returns(self):
        if not self.is_terminal():
            return [0.0] * self.num_players
        return [1.0 if p >= self.goal else -1.0 for p in self.positions]

    def observation(self, player: int) -> dict:
        return {
            "player": player,
            "positions": list(self.positions),
            "hand": list(self.hands[player]),
        }

    def snapshot(self) -> tuple:
        """Everything, for comparing two states: more than to_json shows."""
        return (
            self.to_json(),
            list(self.positions),
            [list(h) for h in self.hands],
            list(self.deck.cards),
            list(self.deck.discards),
            self.seat,
            self.pending,
            self.rng.getstate(),
        )


def played(seed: int, players: int = 2, moves: int | None = None) -> DiceRace:
    """A game played by random bots, to the end or for a number of moves."""
    state = DiceRace(seed=seed, players=players)
    bots = [RandomBot(seed * 10 + seat) for seat in range(players)]
    chance = random.Random(seed)
    if moves is None:
        return play(state, bots, chance)
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply(chance.choices(outcomes, weights=[float(w) for w in weights])[0])
        else:
            seat = state.current_player()
            state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))
    return state


def find(predicate, limit: int = 200) -> DiceRace:
    for seed in range(limit):
        for moves in range(60):
            state = played(seed, moves=moves)
            if predicate(state):
                return state
    raise AssertionError("no such state found")


# -- illegal actions -------------------------------------------------------------------------------
def test_illegal_action_leaves_the_state_unchanged_and_says_why():
    state = played(1, moves=5)
    before = state.snapshot()
    with pytest.raises(IllegalAction) as caught:
        state.apply("fly")
    error = caught.value
    assert error.action == "fly"
    assert "'fly'" in str(error) and "legal actions" in error.reason and error.reason in str(error)
    assert state.snapshot() == before


def test_a_game_specific_reason():
    state = find(lambda s: s.current_player() >= 0 and "boost" not in s.hands[s.seat])
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="you hold no boost card") as caught:
        state.apply(["play", "boost"])  # a JSON list is frozen to the tuple action
    assert caught.value.action == BOOST
    assert state.snapshot() == before


def test_an_impossible_chance_outcome_is_refused():
    state = find(lambda s: s.pending == "step")
    before = state.snapshot()
    with pytest.raises(IllegalAction, match=r"\('roll', 6\)"):
        state.apply(("roll", 6))  # only a leap rolls a 6
    with pytest.raises(IllegalAction):
        state.apply("step")
    assert state.snapshot() == before


def test_nothing_is_legal_after_the_end():
    state = played(2)
    assert state.is_terminal() and state.legal_actions() == ()
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply("step")
    assert state.snapshot() == before
    assert sorted(state.returns()) == [-1.0, 1.0]


def test_a_list_action_is_applied_as_a_tuple():
    state = find(lambda s: s.current_player() >= 0 and "boost" in s.hands[s.seat])
    position = state.positions[state.seat]
    state.apply(["play", "boost"])
    assert state.history[-1] == BOOST
    assert state.positions[state.seat] == position + 1


# -- chance nodes ----------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(5))
def test_chance_outcomes_sum_to_one_and_are_the_legal_actions(seed):
    state = DiceRace(seed=seed)
    bots = [RandomBot(seed), RandomBot(seed + 1)]
    chance = random.Random(seed)
    nodes = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == 1
            assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
            assert list(state.legal_actions()) == [o for o, _ in outcomes]
            state.apply(chance.choice(state.legal_actions()))
            nodes += 1
        else:
            seat = state.current_player()
            assert state.returns() == [0.0, 0.0]
            state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))
    assert nodes > 0


# -- save, load, replay ----------------------------------------------------------------------------
@pytest.mark.parametrize("moves", [0, 1, 7, 20, None])
def test_to_json_from_json_replays_exactly(moves):
    state = played(5, players=3, moves=moves)
    text = state.to_json()
    data = json.loads(text)
    assert data["game"] == "dice-race" and data["seed"] == 5
    assert data["config"] == {"players": 3, "goal": 8}
    loaded = from_json(text, DiceRace)
    assert loaded.snapshot() == state.snapshot()
    assert loaded.history == state.history
    assert loaded.to_json() == text
    if not state.is_terminal():  # both go on the same way
        action = state.legal_actions()[-1]
        state.apply(action)
        loaded.apply(action)
        assert loaded.snapshot() == state.snapshot()


def test_clone_is_independent():
    state = played(3, moves=6)
    before = state.snapshot()
    twin = state.clone()
    assert twin.snapshot() == before
    while not twin.is_terminal():
        twin.apply(twin.legal_actions()[0])
    twin.rng.random()
    twin.deck.draw_up_to(5, twin.rng)
    assert state.snapshot() == before


def test_a_clone_copies_each_field_as_its_table_says():
    """A table read and never written is shared; a list of values (the history, a log) is a new
    list of the same items; a list of lists is new all through."""

    class Logged(DiceRace):
        COPY = copying(shared=("rules",), copied=("log",))

        def __init__(self, seed: int = 0, players: int = 2, goal: int = 8):
            super().__init__(seed, players=players, goal=goal)
            self.rules = {"goal": goal}
            self.log = ["set up"]

    state = Logged(seed=1)
    state.apply("step")
    twin = state.clone()
    assert twin.rules is state.rules
    for name in ("log", "history"):
        assert getattr(twin, name) == getattr(state, name)
        assert getattr(twin, name) is not getattr(state, name)
    assert twin.hands == state.hands and twin.hands is not state.hands
    assert all(mine is not theirs for mine, theirs in zip(twin.hands, state.hands, strict=True))
    assert twin.deck.cards == state.deck.cards and twin.deck.cards is not state.deck.cards
    twin.log.append("twin only")
    twin.apply(twin.legal_actions()[0])
    assert state.log == ["set up"] and len(state.history) == 1


def test_a_save_of_another_game_is_refused():
    from toolkit.epic_death.rules import EpicDeathState

    epic = EpicDeathState(seed=1, players=2).to_json()
    with pytest.raises(ValueError, match="this save is of 'epic-death', not 'dice-race'"):
        from_json(epic, DiceRace)
    # without a class the registry finds the game
    assert isinstance(from_json(epic), EpicDeathState)


@pytest.mark.parametrize(
    ("text", "field"),
    [("{}", "format"), ("[1, 2]", "(file)"), ('{"format": 99, "game": "dice-race"}', "format")],
)
def test_something_that_is_not_a_save_is_refused(text, field):
    with pytest.raises(SaveError, match="bad save file") as refused:
        from_json(text, DiceRace)
    assert refused.value.field == field


def test_a_replay_names_the_move_that_is_illegal():
    data = json.loads(played(4, moves=10).to_json())
    data["actions"][3] = "fly"
    with pytest.raises(SaveError, match=r"actions\[3\]") as refused:
        from_json(json.dumps(data), DiceRace)
    assert refused.value.field == "actions[3]"


# -- random play keeps every invariant --------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 4), st.integers(0, 80))
def test_random_play_keeps_invariants(seed, players, moves):
    state = played(seed, players=players, moves=moves)
    held = Counter(card for hand in state.hands for card in hand)
    assert held + state.deck.all_cards() == Counter(CARDS)
    assert all(0 <= p <= state.goal + 5 for p in state.positions)  # 7 + a leap of 6
    assert from_json(state.to_json(), DiceRace).snapshot() == state.snapshot()
    for action in state.legal_actions():
        state.clone().apply(action)  # never raises


@pytest.mark.parametrize("slug", available())
def test_a_notebook_shows_a_state_as_its_games_own_picture(slug):
    """The engine never imports its display: the core finds ``state_html`` beside the engine."""
    spec = get_game(slug)
    state = spec.new_state(spec.min_players, 1)
    display = importlib.import_module(f"{PACKAGES[slug]}.display")
    assert state._repr_html_() == display.state_html(state)


def test_a_state_without_a_display_beside_it_shows_its_repr():
    state = DiceRace(seed=1)
    assert state._repr_html_() == f"<pre>{html.escape(repr(state))}</pre>"
