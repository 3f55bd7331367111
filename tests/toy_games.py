"""Push Your Luck, a one-turn dice game small enough to solve by a plain recursion: the exact
walk's tests (tests/core/test_analysis.py) and the search bot's (tests/core/test_search.py) hold
the toolkit to it.

Roll a d6 as often as you like (at most `rolls` times); a 1 loses everything rolled this turn and
ends it, any other face adds to the turn's total; `bank` keeps the total.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from toolkit.state import CHANCE, TERMINAL, ChanceOutcomes, GameState, copying

D6 = ChanceOutcomes((face, Fraction(1, 6)) for face in range(1, 7))
TARGET = 12


class PushYourLuck(GameState):
    game = "push-your-luck"
    COPY = copying(shared=("players", "rolls_left", "total", "rolling", "seat"), copied=("banked",))

    def __init__(self, seed: int = 0, players: int = 1, rolls: int = 4):
        super().__init__(seed, players=players, rolls=rolls)
        self.players, self.rolls_left = players, rolls
        self.total, self.banked, self.rolling, self.seat = 0, [0] * players, False, 0

    @property
    def num_players(self) -> int:
        return self.players

    def current_player(self) -> int:
        if self.seat >= self.players:
            return TERMINAL
        return CHANCE if self.rolling else self.seat

    def _compute_legal(self):
        if self.is_terminal():
            return []
        if self.rolling:
            return list(range(1, 7))
        return ["bank"] + (["roll"] if self.rolls_left else [])

    def chance_outcomes(self):
        return D6

    def _apply(self, action) -> None:
        if action == "roll":
            self.rolling, self.rolls_left = True, self.rolls_left - 1
        elif action == "bank":
            self.banked[self.seat] += self.total
            self.seat, self.total = self.seat + 1, 0
            self.rolls_left = self.config["rolls"]
        else:
            self.rolling = False
            if action == 1:
                self.seat, self.total = self.seat + 1, 0
                self.rolls_left = self.config["rolls"]
            else:
                self.total += action

    def returns(self):
        return [float(b) for b in self.banked]

    def observation(self, player):
        return {"seat": player, "to_play": self.to_play(), "total": self.total}


@cache
def best_chance(total: int, rolls: int) -> Fraction:
    """P(banking TARGET or more), playing as well as one can: the plain recursion."""
    bank = Fraction(total >= TARGET)
    if not rolls:
        return bank
    roll = sum(best_chance(total + face, rolls - 1) for face in range(2, 7)) / 6
    return max(bank, roll)


@cache
def best_mean(total: int, rolls: int) -> Fraction:
    if not rolls:
        return Fraction(total)
    return max(Fraction(total), sum(best_mean(total + f, rolls - 1) for f in range(2, 7)) / 6)
