"""The game as one seat knows it: :meth:`HowIDiedState.players_view`, for the exact walk.

The real game draws from a deck its seeded RNG shuffled; a player sees neither that order nor the
other hands. In the view every card the seat cannot see is a :class:`Hidden` stand-in, one of a
*group*: the stand-ins of a group stand for the group's cards, every way of matching them equally
likely (the seat has seen nothing that tells them apart). A stand-in is revealed at a chance node
only when the engine reads it (its type, to list what can be played; the pool's types, to check a
mulligan), each unrevealed card of its group equally likely, so the view plays the engine's own
code and branches only where the seat would learn something. A reshuffle in the view makes the
discard pile a new group, in an order nobody knows.

Where another seat is to act, its choices list its hidden cards as stand-ins, one revealed when
played. The view stops at the end of the turn it is in (phase ``"turn over"``, terminal for the walk): the
numbers beside a choice are about this turn, and the next player's turn would read their hidden
hand. The real game never uses this class, so it plays exactly as before.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from toolkit.deck import Deck
from toolkit.how_i_died.rules import HowIDiedState
from toolkit.state import CHANCE, TERMINAL, UniformOutcomes

TURN_OVER = "turn over"
NESTED = ("hands", "adventures")  # the state's lists of lists (a hand, a seat's adventures)


class Hidden(str):
    """A card the seat has not seen: a name (``?group.n``) that is no card id, so the engine's
    reading it as a card fails (a KeyError naming it), which is the cue to reveal it."""

    @property
    def group(self) -> int:
        return int(self[1:].split(".")[0])


class NeedReveal(Exception):
    """The engine needs to know a hidden card before it can go on."""

    def __init__(self, card: Hidden):
        super().__init__(card)
        self.card = card


def hidden_in(error: KeyError) -> Hidden | None:
    """The stand-in a KeyError was raised for, if it was one (any other KeyError is a bug)."""
    key = error.args[0] if error.args else None
    return key if isinstance(key, Hidden) else None


class Unseen:
    """The groups of cards the seat cannot tell apart: for each group, its cards not yet
    revealed (as many as the group's stand-ins still in play)."""

    def __init__(self):
        self.groups: list[list[str]] = []
        self.made = 0

    def new_group(self, cards: Iterable[str]) -> int:
        self.groups.append(sorted(cards))
        return len(self.groups) - 1

    def stand_ins(self, group: int, count: int) -> list[Hidden]:
        names = [Hidden(f"?{group}.{self.made + i}") for i in range(count)]
        self.made += count
        return names

    def hide(self, cards: Sequence[str]) -> list[Hidden]:
        """A new group of `cards`, as stand-ins in their places."""
        return self.stand_ins(self.new_group(cards), len(cards))


class ViewDeck(Deck):
    """The draw pile as the seat knows it: stand-ins where the order is unknown. A reshuffle
    makes the discard pile a new group, without the real game's RNG."""

    def __init__(self, cards, discards, unseen: Unseen):
        super().__init__(cards, discards)
        self.unseen = unseen

    def reshuffle(self, rng=None) -> None:
        for card in self.discards:
            if isinstance(card, Hidden):  # a stand-in discarded unread is read now
                raise NeedReveal(card)
        self.cards.extend(self.unseen.hide(self.discards))
        self.discards.clear()


class HowIDiedView(HowIDiedState):
    """A copy of the game as `seat` sees it (built by :func:`players_view`)."""

    reveal: Hidden | None = None  # the stand-in the engine needs to know now (a chance node)
    pending = None  # the action waiting for it

    def clone(self) -> HowIDiedView:
        """A copy for the walk, made field by field (the walk copies at every branch, and a view
        never shuffles, so the RNG is shared rather than copied)."""
        copy = object.__new__(HowIDiedView)
        fields = copy.__dict__
        for name, value in self.__dict__.items():
            if value.__class__ is list:
                value = [list(v) for v in value] if name in NESTED else value.copy()
            fields[name] = value
        unseen = Unseen()
        unseen.groups = [list(group) for group in self.unseen.groups]
        unseen.made = self.unseen.made
        copy.unseen = unseen
        copy.deck = ViewDeck(self.deck.cards, self.deck.discards, unseen)
        return copy

    # -- the protocol, with reveals -------------------------------------------------------------
    def current_player(self) -> int:
        if self.reveal is not None:
            return CHANCE
        if self.phase == TURN_OVER:
            return TERMINAL
        return super().current_player()

    def _compute_legal(self) -> list:
        if self.reveal is not None:
            return list(self.unseen.groups[self.reveal.group])
        if self.phase == TURN_OVER:
            return []
        return super()._compute_legal()

    def chance_outcomes(self):
        if self.reveal is None:
            return super().chance_outcomes()
        return UniformOutcomes(tuple(self.unseen.groups[self.reveal.group]))

    def _apply(self, action) -> None:
        if self.reveal is not None:
            revealed, self.reveal = self.reveal, None
            self._substitute(revealed, action)
            if self.pending is None:
                self._settle()
                return
            action, self.pending = (action if self.pending == revealed else self.pending), None
        elif isinstance(action, Hidden):  # another seat's hidden card, played: shown as it is
            self.pending = self.reveal = action
            return
        trial = self.clone()
        try:
            HowIDiedState._apply(trial, action)
        except NeedReveal as need:
            self.pending, self.reveal = action, need.card
            return
        except KeyError as error:
            card = hidden_in(error)
            if card is None:
                raise
            self.pending, self.reveal = action, card
            return
        history = self.history
        self.__dict__ = trial.__dict__
        self.history = history
        self._settle()

    def _settle(self) -> None:
        """Before a decision: reveal what listing its choices reads, or what the choices are."""
        if self.phase in (TURN_OVER, "over", "tiebreak"):
            return
        try:
            legal = HowIDiedState._compute_legal(self)
        except KeyError as error:
            card = hidden_in(error)
            if card is None:
                raise
            self.reveal = card
            return
        for action in legal:
            if isinstance(action, Hidden):
                self.reveal = action
                return

    def _substitute(self, stand_in: Hidden, card: str) -> None:
        self.unseen.groups[stand_in.group].remove(card)
        for pile in (*self.hands, self.pool, self.deck.cards, self.deck.discards):
            if stand_in in pile:
                pile[pile.index(stand_in)] = card
                return
        raise ValueError(f"{stand_in} is nowhere in the view")

    def _next_turn(self) -> None:
        self.phase = TURN_OVER

    def returns(self) -> list[float]:
        return [0.0] * self.players


def players_view(state: HowIDiedState, seat: int) -> HowIDiedView:
    """`state` as `seat` knows it: the deck and the other players' hands are stand-ins of one
    group, the cards the seat cannot see, but for those its choices now show (an opponent's
    hand it is stealing from, the top of the deck it is foreseeing), which stay in place."""
    view = state.clone()
    view.__class__ = HowIDiedView
    shown = set(state.legal_actions()) if state.current_player() == seat else set()
    unseen = Unseen()
    piles = [state.deck.cards] + [state.hands[o] for o in range(state.players) if o != seat]
    stand_ins = iter(unseen.hide([c for pile in piles for c in pile if c not in shown]))
    hidden = [[c if c in shown else next(stand_ins) for c in pile] for pile in piles]
    view.deck = ViewDeck(hidden[0], state.deck.discards, unseen)
    others = iter(hidden[1:])
    view.hands = [list(hand) if o == seat else next(others) for o, hand in enumerate(state.hands)]
    view.unseen = unseen
    view.history = []  # the view's own moves: the walk's, not the game's
    view.forget_legal()
    return view
