"""The core step machine on a toy game: a race to 3 in which each seat in turn either rolls a
coin (heads scores one) or stops; the first seat to 3 wins, and a seat that stops is out."""

import copy
from fractions import Fraction

import pytest

from toolkit.analysis import Walk
from toolkit.state import CHANCE, TERMINAL, ChanceOutcomes, IllegalAction, copying
from toolkit.steps import Ask, Draw, Outcome, StepMachine, Steps

steps = Steps()
COIN = ChanceOutcomes([("heads", Fraction(1, 2)), ("tails", Fraction(1, 2))])


class Race(StepMachine):
    game = "race"
    STEPS = steps
    COPY = copying(copied=("score", "out"))

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self.score = [0, 0]
        self.out = [False, False]
        self.start_steps("turn", seat=0)

    @property
    def num_players(self) -> int:
        return 2

    def draw_outcomes(self, draw):
        return COIN

    def check_end(self) -> bool:
        for seat, score in enumerate(self.score):
            if score >= 3:
                self.end("reached 3", [seat])
                return True
        if all(self.out):
            self.end("everyone stopped")
            return True
        return False

    def returns(self):
        if self.outcome is None or not self.outcome.winners:
            return [0.0, 0.0]
        return [1.0 if seat in self.outcome.winners else -1.0 for seat in range(2)]

    def observation(self, player):
        return {"seat": player, "to_play": self.to_play(), "score": list(self.score)}


@steps
def turn(game: Race, seat: int) -> None:
    if game.out[seat]:
        game.then("turn", seat=1 - seat)
        return
    game.ask(seat, "roll or stop", ["roll", "stop"], "chosen", why="heads scores one", seat=seat)


@steps
def chosen(game: Race, choice: str, seat: int) -> None:
    if choice == "stop":
        game.out[seat] = True
        game.touch()
        game.then("turn", seat=1 - seat)
    else:
        game.draw("coin", "flipped", seat=seat)


@steps
def flipped(game: Race, face: str, seat: int) -> None:
    if face == "heads":
        game.score[seat] += 1
        game.touch()
    game.then("turn", seat=1 - seat)


def test_a_question_stops_the_game_and_its_answer_resumes_the_named_step():
    game = Race()
    assert game.current_player() == 0
    assert game.prompt.question == "roll or stop" and game.prompt.why == "heads scores one"
    assert game.legal_actions() == ("roll", "stop")
    game.apply("roll")
    assert game.current_player() == CHANCE
    assert game.chance_outcomes() is COIN
    game.apply("heads")
    assert game.score == [1, 0] and game.current_player() == 1


def test_an_illegal_answer_changes_nothing():
    game = Race()
    with pytest.raises(IllegalAction):
        game.apply("fly")
    assert game.current_player() == 0 and game.history == []


def test_the_end_is_an_outcome_with_its_winners():
    game = Race()
    for action in ["roll", "heads", "stop", "roll", "heads", "roll", "heads"]:
        game.apply(action)
    assert game.current_player() == TERMINAL
    assert game.outcome == Outcome("reached 3", (0,))
    assert game.winners == (0,) and game.ended_by == "reached 3"
    assert game.returns() == [1.0, -1.0]


def test_a_single_option_is_taken_without_asking():
    game = Race()
    game.apply("stop")  # seat 0 is out: seat 1's turns follow one another
    game.apply("roll")
    game.apply("tails")
    assert game.current_player() == 1


def test_a_copy_resumes_where_the_original_stopped():
    game = Race()
    game.apply("roll")
    copy = game.clone()
    copy.apply("heads")
    assert game.current_player() == CHANCE and copy.score == [1, 0]


def test_the_exact_walk_reads_the_machine():
    # seat 0's expected score once its first turn is over: a roll scores a half on average
    walk = Walk(
        seat=0,
        stop=lambda state: state.current_player() == 1,
        measure=lambda state: (state.score[0],),
    )
    assert walk.options(Race()) == {"roll": (Fraction(1, 2),), "stop": (Fraction(0),)}


# The first question of a race, made beforehand, for a race that puts it with pose.
FIRST = Ask(0, "roll or stop", ["roll", "stop"], "chosen", {"seat": 0}, "heads scores one")


@steps
def posed_turn(game: Race) -> None:
    game.pose(FIRST)


class PosedRace(Race):
    def __init__(self, seed: int = 0):
        StepMachine.__init__(self, seed)
        self.score = [0, 0]
        self.out = [False, False]
        self.start_steps("posed_turn")


def test_a_question_made_beforehand_is_put_as_ask_puts_it():
    posed = PosedRace()
    assert posed.prompt is FIRST and posed.prompt == Race().prompt
    assert posed.legal_actions() == ("roll", "stop")
    posed.apply("roll")
    posed.apply("heads")
    assert posed.score == [1, 0] and posed.current_player() == 1


def test_a_question_with_no_arguments_survives_a_deep_copy():
    """A question or draw is a value: a deep copy of a game (the core's clone) shares it, even one
    with no arguments, whose empty mapping cannot itself be deep-copied."""
    asked, drawn = Ask(0, "q", ("a",), "resume"), Draw("card", "resume")
    assert copy.deepcopy([asked, drawn]) == [asked, drawn]
    assert copy.deepcopy(asked) is asked
