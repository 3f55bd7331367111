"""toolkit.search: the IS-MCTS bot plays well where the exact walk knows the answer, replays
from its seed, and never uses what its seat cannot see."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from toy_games import PushYourLuck, best_mean

from toolkit.search import SearchBot
from toolkit.simulate import play
from toolkit.state import CHANCE, TERMINAL, ChanceOutcomes, GameState, copying


class OpenPushYourLuck(PushYourLuck):
    """Push Your Luck hides nothing: a seat's view is the game itself."""

    def players_view(self, seat: int):
        return self.clone()


@pytest.mark.parametrize(("total", "rolls"), [(0, 3), (9, 2), (12, 1), (30, 1), (36, 2)])
def test_it_finds_the_best_move_where_it_matters(total, rolls):
    """Bank or roll on: the search's choice is the exact recursion's wherever the two differ in
    expected bank by at least 1."""
    game = OpenPushYourLuck(rolls=rolls)
    game.total = total
    roll = sum(best_mean(total + face, rolls - 1) for face in range(2, 7)) / 6
    assert abs(roll - total) >= 1  # a position clear enough to call by sampling
    bot = SearchBot(0, seed=total, iterations=400, exploration=10, confidence=0)
    choice = bot.choose(game.players_view(0), game.legal_actions())
    assert choice == ("roll" if roll > total else "bank")


def test_the_same_seed_plays_the_same_game():
    def one(seed):
        game = OpenPushYourLuck(players=2, rolls=3)
        bots = [SearchBot(seat, seed=seed, iterations=30, exploration=10) for seat in range(2)]
        return play(game, bots, random.Random(seed)).history

    assert one(5) == one(5)


class FaceDown(GameState):
    """A card is dealt face down (0 or 1, the seat cannot see it); the seat names a card and wins
    if it is the one dealt. The seat's view leaves the card undealt: it is drawn, as a chance
    node, once the seat has named one."""

    game = "face-down"
    COPY = copying(shared=("card", "named"))

    def __init__(self, seed: int = 0, players: int = 1):
        super().__init__(seed, players=players)
        self.card, self.named = None, None

    @property
    def num_players(self) -> int:
        return 1

    def current_player(self) -> int:
        if self.card is None and (self.named is not None or not self.history):
            return CHANCE
        return 0 if self.named is None else TERMINAL

    def _compute_legal(self):
        if self.is_chance_node():
            return [0, 1]
        return [] if self.is_terminal() else ["name 0", "name 1"]

    def chance_outcomes(self):
        return ChanceOutcomes([(0, Fraction(1, 2)), (1, Fraction(1, 2))])

    def _apply(self, action) -> None:
        if isinstance(action, str):
            self.named = int(action[-1])
        else:
            self.card = action

    def returns(self):
        return [1.0 if self.named == self.card else -1.0]

    def observation(self, player):
        return {"seat": player, "to_play": self.to_play(), "named": self.named}

    def players_view(self, seat: int):
        view = self.clone()
        view.card = None
        return view


def test_it_is_handed_the_view_and_plays_alike_whatever_is_hidden():
    """Spied on: the bot is handed the seat's view (never the state), and with the same seed it
    names the same card whichever card lies face down."""
    handed = []

    class Spy(SearchBot):
        def choose(self, view, legal_actions):
            handed.append(view)
            return super().choose(view, legal_actions)

    choices = set()
    for card in (0, 1):
        game = FaceDown()
        game.apply(card)
        play(game, [Spy(0, seed=3, iterations=50)], random.Random(0))
        choices.add(game.named)
    assert len(choices) == 1
    assert len(handed) == 2 and all(view.card is None for view in handed)


def test_where_the_playouts_cannot_tell_it_plays_as_its_rollout_bot():
    """Naming either card wins half the time: the paired playouts see no move beat the rollout
    bot's, so the search names the card its rollout bot names, whatever its seed."""

    class NamesOne:
        reads_observation = False

        def choose(self, observation, legal_actions):
            return "name 1"

    choices = set()
    for seed in range(20):
        game = FaceDown()
        game.apply(seed % 2)
        bot = SearchBot(
            0, seed=seed, iterations=60, rollout=lambda seat, sd: NamesOne(), confidence=3
        )
        choices.add(bot.choose(game.players_view(0), game.legal_actions()))
    assert choices == {"name 1"}


def test_it_keeps_its_favourite_move_where_the_playouts_cannot_tell():
    """A favourite other than the rollout bot: its move is the one played where no move beats
    it (here none can), and the move played at a decision the game does not search."""

    class Names:
        reads_observation = False

        def __init__(self, card):
            self.card = card

        def choose(self, observation, legal_actions):
            return f"name {self.card}"

    for searches in (None, lambda view: False):
        choices = set()
        for seed in range(10):
            game = FaceDown()
            game.apply(seed % 2)
            bot = SearchBot(
                0,
                seed=seed,
                iterations=60,
                rollout=lambda seat, sd: Names(0),
                favourite=lambda seat, sd: Names(1),
                confidence=3,
                searches=searches,
            )
            choices.add(bot.choose(game.players_view(0), game.legal_actions()))
        assert choices == {"name 1"}
