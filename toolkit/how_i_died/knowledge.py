"""What one seat knows of the cards it cannot see, followed through the game's own history.

The view (:mod:`toolkit.how_i_died.view`) makes the hidden cards stand-ins of groups whose cards
the seat cannot tell apart. Which groups those are depends on what the seat has seen happen:

* a card that left a place the seat sees (the Pool, the table, its own hand, the discards) for a
  hidden one (an opponent's hand: taken from the Pool, given, stolen, taken back on a pass) is
  *known* there; so is a card its own choices showed (an opponent's hand while stealing, the
  deck's top three while foreseeing), and it stays known as it moves in ways everyone can follow
  (drawn from the top, a whole hand swapped);
* a reshuffle makes the discard pile, which everyone saw, the new deck: those cards are a group
  of their own, apart from the cards still in hands from before;
* everything else never seen is the first group.

The moves are read off the engine (the game replayed from its seed, each card's place compared
before and after each move), not worked out again here. Where an opponent moved a card the seat
could not follow and the cards it came from were not alike to the seat (a steal, a gift or a
foresee among cards of different groups), the seat's knowledge is no longer a set of groups of
like cards: :attr:`Knowledge.doubtful` names those cards until they are seen again, and while
any is left the view is not exact (the numbers are refused).
"""

from __future__ import annotations

import json

from toolkit.how_i_died.cards import EFFECT

KNOWN = -1  # the label of a hidden card the seat knows exactly
FIRST = 0  # the group of cards never seen


def places(state) -> dict[str, tuple]:
    """Where each card is: ("deck",), ("hand", seat), ("pool",), ("table",) or ("discards",)."""
    where = {card: ("deck",) for card in state.deck.cards}
    where.update((card, ("discards",)) for card in state.deck.discards)
    for seat, hand in enumerate(state.hands):
        where.update((card, ("hand", seat)) for card in hand)
    where.update((card, ("pool",)) for card in state.pool)
    where.update((card, ("table",)) for card in state.building)
    for adventures in state.adventures:
        where.update((card, ("table",)) for adventure in adventures for card in adventure)
    return where


class Knowledge:
    """For one seat: a label for each card it cannot see (:data:`KNOWN`, :data:`FIRST` or a
    reshuffle's group), and the cards whose whereabouts it cannot follow exactly."""

    def __init__(self, state, seat: int):
        self.seat = seat
        where = places(state)
        self.labels = {card: FIRST for card, place in where.items() if self.hidden(place)}
        self.groups = 1
        self.doubtful: set[str] = set()
        self.where = where

    def hidden(self, place: tuple) -> bool:
        return place[0] == "deck" or (place[0] == "hand" and place[1] != self.seat)

    def exact(self) -> bool:
        return not self.doubtful

    def apply(self, state, action) -> None:
        """Apply `action` to `state` (the replayed game) and learn what the seat sees of it."""
        seat = state.current_player()
        if seat == self.seat:
            for shown in state.legal_actions():
                if shown in self.labels:
                    self.labels[shown] = KNOWN
        looked = self._foreseen_by_another(state, seat)
        hands = [list(hand) for hand in state.hands]
        state.apply(action, atomic=False)
        where = places(state)
        reshuffle = None
        for card, place in where.items():
            before = self.where[card]
            if place == before:
                continue
            if not self.hidden(place):
                self.labels.pop(card, None)
                self.doubtful.discard(card)
            elif not self.hidden(before):
                if before[0] == "discards" and place[0] == "deck":
                    reshuffle = self.groups if reshuffle is None else reshuffle
                    self.labels[card] = reshuffle
                else:
                    self.labels[card] = KNOWN
            elif before[0] == "hand" and place[0] == "hand":
                source = hands[before[1]]
                if set(source) - set(state.hands[place[1]]):  # not a whole hand swapped
                    self._unless_alike(source)
        if reshuffle is not None:
            self.groups += 1
        if looked:
            self._unless_alike(looked)
        self.where = where

    def _foreseen_by_another(self, state, seat: int) -> list[str]:
        """The deck's top three if another seat is about to take one of them unseen."""
        if seat in (self.seat, -1) or state.prompt.resume != "effect":
            return []
        if EFFECT[state.resolving] != "foresee" or not state.picks:
            return []
        return state.deck.peek(3)

    def _unless_alike(self, cards) -> None:
        """A card was taken unseen from `cards`: fine if the seat could not tell them apart,
        else their whereabouts are in doubt."""
        labels = {self.labels.get(card) for card in cards}
        if len(labels) > 1 or KNOWN in labels:
            self.doubtful.update(card for card in cards if card in self.labels)


_CACHE: dict[tuple, tuple] = {}  # (game's seed and options, seat) -> (history, game, knowledge)
CACHE_SIZE = 16


def knowledge(state, seat: int) -> Knowledge | None:
    """What `seat` knows at `state`, by replaying its history (continued from the last call for
    the same game when its history goes on from there); None for a table stacked by hand, which
    no history reproduces."""
    key = (type(state), state.seed, json.dumps(state.config, sort_keys=True), seat)
    history = state.history
    cached = _CACHE.get(key)
    if cached is None or history[: len(cached[0])] != cached[0]:
        game = type(state)(seed=state.seed, **state.config)
        cached = ([], game, Knowledge(game, seat))
    done, game, known = cached
    for action in history[len(done) :]:
        if action not in game.legal_actions():  # moves made on a table stacked by hand
            _CACHE.pop(key, None)  # its game has moved on part of the way
            return None
        known.apply(game, action)
    if game.deck.cards != state.deck.cards or places(game) != places(state):
        return None
    _CACHE.pop(key, None)
    _CACHE[key] = (list(history), game, known)
    while len(_CACHE) > CACHE_SIZE:
        _CACHE.pop(next(iter(_CACHE)))
    return known
