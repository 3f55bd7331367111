"""Lazy reveal: a seat's view that an exact walk plays with the engine's own rules, learning each
hidden card only when it must.

The core's view (:meth:`toolkit.hidden.Hiding.players_view`) puts a stand-in where the seat
cannot see a card, and keeps the cards behind them as pools. A walk that counts every way the
game can go would branch on every card of the deck at once if it dealt them all. Instead, each
stand-in keeps standing for its card while nothing reads it, and is revealed at a chance node
only when it matters:

* Each stand-in has a name of its own, ``?g.n``: the n-th stand-in, one of *group* g. A group
  is a set of cards the seat cannot tell apart (never seen; the discards a reshuffle made the
  deck): every matching of its stand-ins to its cards is equally likely (:class:`Unseen`).
* A game may declare a table that is read of a card first (How I Died reads a card's type to
  list what can be played): then a stand-in is revealed in two steps, first that value, which
  renames it ``?g:V`` (any such stand-in of a group is alike, and the game's table knows the
  name), then its card among the group's cards of that value. Without such a table a stand-in
  is revealed as its card at once.
* A rule that reads a card the name does not tell looks it up in a card table, which fails with
  a KeyError naming the stand-in (:func:`hidden_in`); a deck that must reshuffle a stand-in
  raises :class:`NeedReveal`. Either is the cue: the move is tried on a copy first, and where
  it reads a stand-in the view becomes a chance node over what it can be; once it is known the
  move is made again (:meth:`RevealOnRead._apply`).
* What the seat would see before it chooses is revealed then, as the player at the table knows
  it: each stand-in lying face up where the seat looks (the places the game declares), then
  each the choices list (:meth:`RevealOnRead._settle`).
* A reshuffle in the view makes the discard pile a new group, in an order nobody knows, without
  the game's generator (:class:`ViewDeck`). A card of it read in the very move that reshuffled
  is revealed from that group, and the move made again shows the same card there (a preset).

So the view branches only where the seat would learn something, and plays the rules as they
are written.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar

from toolkit.deck import Deck
from toolkit.state import CHANCE, ChanceOutcomes, UniformOutcomes, copying


class Hidden(str):
    """A card the seat has not seen: ``?g.n`` (a card of group g) or, once the value the game
    reads first is known, ``?g:V`` (a card of group g whose value is V). Reading what the name
    does not tell fails with a KeyError naming it: the cue to reveal it."""

    @property
    def group(self) -> int:
        return int(self[1:].replace(":", ".").split(".")[0])

    @property
    def kind(self) -> str | None:
        return self.split(":")[1] if ":" in self else None


def typed(group: int, kind: str) -> Hidden:
    """The stand-in of group `group` whose first-read value `kind` alone is known."""
    return Hidden(f"?{group}:{kind}")


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
    revealed (one for each of its stand-ins still in play) and how many of its stand-ins have a
    known first-read value. Given those values, every matching of stand-ins to cards is equally
    likely.

    A game whose rules read one value of a card first declares it in a subclass:
    :attr:`FIRST_READ`, the table of it (knowing the names :func:`typed` makes), and
    :attr:`KINDS`, the values it can give. Without one a stand-in is revealed as its card at
    once."""

    #: The game's table read of a card first, or None.
    FIRST_READ: ClassVar[Mapping[str, str] | None] = None
    #: The values :attr:`FIRST_READ` can give, in a fixed order.
    KINDS: ClassVar[tuple[str, ...]] = ()

    def __init__(self):
        self.groups: list[list[str]] = []
        self.typed: list[dict[str, int]] = []
        self.made = 0
        self.presets: dict[str, str] = {}  # stand-ins a reshuffle will make, already revealed

    def copy(self) -> Unseen:
        other = type(self)()
        other.groups = [list(group) for group in self.groups]
        other.typed = [dict(counts) for counts in self.typed]
        other.made = self.made
        other.presets = dict(self.presets)
        return other

    def hide(self, cards: Sequence[str]) -> list[Hidden]:
        """A new group of `cards`, as stand-ins in their places (those a preset names already
        revealed)."""
        self.groups.append(sorted(cards))
        self.typed.append(dict.fromkeys(self.KINDS, 0))
        group = len(self.groups) - 1
        names = [Hidden(f"?{group}.{self.made + i}") for i in range(len(cards))]
        self.made += len(cards)
        for index, name in enumerate(names):
            if name in self.presets:
                names[index] = self.presets[name]
                self.groups[group].remove(names[index])
        return names

    def name_apart(
        self, pools: Iterable[tuple[str, Sequence[str]]], piles: Sequence[Sequence[str]]
    ) -> list[list[str]]:
        """The core view's stand-ins named apart (:meth:`toolkit.hidden.Hiding.players_view`
        gives one name to every card of a pool): each pool, in the order given, becomes a group
        of its cards, and each of its stand-ins in `piles` the next name of that group, pile by
        pile and card by card. The piles as the view holds them then."""
        names = {stand_in: iter(self.hide(cards)) for stand_in, cards in pools}
        return [[next(names[card]) if card in names else card for card in pile] for pile in piles]

    def outcomes(self, stand_in: Hidden) -> ChanceOutcomes | UniformOutcomes:
        """What `stand_in` turns out to be: its first-read value (``("type", V)``) if the game
        reads one and it is unknown, each value as likely as its cards not already claimed by
        stand-ins of that value; else its card, any of the group's cards of its value alike
        (equally likely outcomes: a walk weighs them as whole numbers)."""
        cards, counts = self.groups[stand_in.group], self.typed[stand_in.group]
        table = self.FIRST_READ
        if table is None:
            return UniformOutcomes(tuple(cards))
        if stand_in.kind is None:
            left = {kind: -counts[kind] for kind in self.KINDS}
            for card in cards:
                left[table[card]] += 1
            total = sum(left.values())
            return ChanceOutcomes(
                (("type", kind), Fraction(n, total)) for kind, n in left.items() if n > 0
            )
        kind = stand_in.kind
        return UniformOutcomes(tuple(card for card in cards if table[card] == kind))

    def settle(self, stand_in: Hidden, outcome) -> str:
        """The name `stand_in` has once `outcome` is known, the counts updated."""
        group = stand_in.group
        if isinstance(outcome, tuple):
            self.typed[group][outcome[1]] += 1
            return typed(group, outcome[1])
        self.groups[group].remove(outcome)
        if stand_in.kind is not None:
            self.typed[group][stand_in.kind] -= 1
        return outcome


class ViewDeck(Deck):
    """The draw pile as the seat knows it: stand-ins where the order is unknown. A reshuffle
    makes the discard pile a new group, without the real game's generator (a stand-in among the
    discards is revealed first: the group holds cards)."""

    def __init__(self, cards, discards, unseen: Unseen):
        super().__init__(cards, discards)
        self.unseen = unseen

    def reshuffle(self, rng=None) -> None:
        for card in self.discards:
            if isinstance(card, Hidden):  # a stand-in discarded unread is read now
                raise NeedReveal(card)
        self.cards.extend(self.unseen.hide(self.discards))
        self.discards.clear()


class RevealOnRead:
    """The protocol of a view that reveals its stand-ins as they are read, put before the game's
    state class: ``class View(RevealOnRead, GameState)``. Its `unseen` cards are an
    :class:`Unseen`; while :attr:`reveal` is set the view is a chance node over what that
    stand-in is.

    The game declares, beside its engine: the fields a move makes stale (:attr:`FORGET_ON_MOVE`),
    whether the view is over (:meth:`ended`, and what its end still reads: :meth:`read_at_end`),
    whether the seat is about to choose cards (:meth:`chooses_cards`), the places it then sees
    face up (:meth:`seen_places`), where a revealed card goes (:meth:`put_revealed`), and may
    say which actions need no trial (:meth:`reads_nothing_hidden`) or show a stand-in before they
    are made (:meth:`shown_when_chosen`)."""

    #: Values read once off a view, forgotten when it is played on.
    FORGET_ON_MOVE: ClassVar[tuple[str, ...]] = ()
    reveal: Hidden | None = None  # the stand-in the engine needs to know now (a chance node)
    early: Unseen | None = None  # the groups of a trial move whose reshuffle made `reveal`
    pending: Any = None  # the action waiting for it
    unseen: Unseen
    COPY = copying(shared=("reveal", "early", "pending"), copied=("unseen",))

    def __init_subclass__(cls, **kwargs: Any):
        super().__init_subclass__(**kwargs)
        # The engine's own methods, below this one: a trial plays the rules as they are.
        engine = super()
        cls._engine_apply = engine._apply
        cls._engine_legal = engine._compute_legal
        cls._engine_player = engine.current_player

    # -- the game's declarations ----------------------------------------------------------------
    def ended(self) -> bool:
        """Whether the view's game is over: no choice is listed."""
        raise NotImplementedError

    def read_at_end(self) -> Hidden | None:
        """Once the view is over, a stand-in its end still reads (revealed), or None."""
        return None

    def chooses_cards(self) -> bool:
        """Whether the seat is about to choose among cards: what it sees is revealed first."""
        raise NotImplementedError

    def seen_places(self) -> Iterable[Sequence[str]]:
        """The piles the seat sees face up when it chooses, in the order they are revealed."""
        raise NotImplementedError

    def put_revealed(self, stand_in: Hidden, name: str) -> None:
        """Put `name` (what `stand_in` turned out to be) in the stand-in's place."""
        raise NotImplementedError

    def reads_nothing_hidden(self, action) -> bool:
        """Whether `action` surely reads no stand-in, so needs no trial on a copy."""
        return False

    def shown_when_chosen(self, action) -> bool:
        """Whether the stand-in `action` is seen before it is carried out (a card played)."""
        return False

    # -- the protocol, with reveals -------------------------------------------------------------
    def current_player(self) -> int:
        if self.reveal is not None:
            return CHANCE
        return super().current_player()

    def _compute_legal(self) -> list:
        if self.reveal is not None:
            return [outcome for outcome, _ in self.chance_outcomes()]
        return super()._compute_legal()

    def chance_outcomes(self):
        if self.reveal is None:
            return super().chance_outcomes()
        if self.early is not None:  # a card of a pile reshuffled in this move: any of it alike
            return UniformOutcomes(tuple(self.early.groups[self.reveal.group]))
        return self.unseen.outcomes(self.reveal)

    def _apply(self, action) -> None:
        """A reveal's outcome, then the move that waited for it; or a move, tried on a copy if it
        may read a stand-in: if it does, the view waits for that reveal, else it becomes the
        copy."""
        for name in self.FORGET_ON_MOVE:  # the table may change
            self.__dict__.pop(name, None)
        if self.reveal is not None and self.early is not None:
            self.unseen.presets[self.reveal] = action  # the reshuffle, made again, shows it
            action, self.pending, self.reveal, self.early = self.pending, None, None, None
        elif self.reveal is not None:
            stand_in, self.reveal = self.reveal, None
            name = self._substitute(stand_in, action)
            if self.pending is None:
                self._settle()
                return
            action, self.pending = (name if self.pending == stand_in else self.pending), None
        if isinstance(action, Hidden) and self.shown_when_chosen(action):
            self.pending = self.reveal = action
            return
        if self.reads_nothing_hidden(action):
            self._engine_apply(action)
            self._settle()
            return
        trial = self.clone()
        try:
            trial._engine_apply(action)
        except NeedReveal as need:
            self.pending, self.reveal = action, need.card
            return
        except KeyError as error:
            card = hidden_in(error)
            if card is None:
                raise
            self.pending, self.reveal = action, card
            if card.group >= len(self.unseen.groups):  # made by a reshuffle in the trial
                self.early = trial.unseen
            return
        trial.unseen.presets.clear()
        history = self.history
        self.__dict__ = trial.__dict__
        self.history = history
        self._settle()

    def _settle(self) -> None:
        """Before a decision: reveal what the seat sees before choosing cards (each stand-in
        face up, then each its choices list), and what listing the choices reads; once the view
        is over, what its end reads."""
        if self.ended():
            self.reveal = self.read_at_end()
            return
        chooses_cards = self.chooses_cards()
        if chooses_cards:
            seen = self._seen_stand_in()
            if seen is not None:
                self.reveal = seen
                return
        try:
            legal = self._engine_legal()
        except KeyError as error:
            card = hidden_in(error)
            if card is None:
                raise
            self.reveal = card
            return
        if chooses_cards:  # the cards a choice lists are shown to the one choosing
            shown = next((card for card in legal if isinstance(card, Hidden)), None)
            if shown is not None:
                self.reveal = shown
                return
        self._offer(legal)  # worked out already: the walk asks for it next

    def _seen_stand_in(self) -> Hidden | None:
        """A stand-in lying face up where the seat sees it (:meth:`seen_places`): the seat is
        about to choose knowing each of those cards, so each is revealed before the choice,
        card by card."""
        for pile in self.seen_places():
            for card in pile:
                if isinstance(card, Hidden):
                    return card
        return None

    def _substitute(self, stand_in: Hidden, outcome) -> str:
        """Put what `stand_in` turned out to be in its place (:meth:`put_revealed`)."""
        name = self.unseen.settle(stand_in, outcome)
        self.put_revealed(stand_in, name)
        return name
