"""One way to hide a card: a seat's view of a game, with what it cannot see left to chance.

A game lists its *places* (:meth:`Hiding.places`): every list or slot where a card may lie that
some seat cannot see (a deck, another player's hand, a card face down), in a fixed order, each
with the cards the seat knows are there. The view of a seat (:meth:`Hiding.players_view`) is a
copy in which every other card of those places is a stand-in, and the cards behind the stand-ins
are the view's :attr:`Hiding.unseen` cards. Cards of different kinds (two decks, or each player's
own deck) hide behind different stand-ins, one pool of unseen cards for each.

Where a rule reads a stand-in (a card drawn into the seat's sight, a face-down card turned up) the
game draws it at a chance node over the unseen cards (:func:`pile_outcomes`,
:meth:`Hiding.reveal_outcomes`): given all the seat has seen, any unseen card is as likely to be
in any unseen place. A search plays one game the seat could be in (:meth:`Hiding.determinise`):
the stand-ins dealt from the unseen cards, shuffled. An exact walk of the view instead reveals
each stand-in only when a rule reads it (:mod:`toolkit.reveal`).

What a seat knows of a hidden card may depend on how it got there. A game that keeps that record
(:meth:`Hiding.keep_sightings`) tells the core, as a rule moves a card, who saw it go where
(:meth:`Hiding.seen_going`, :meth:`Hiding.given_unseen`, :meth:`Hiding.shown_to`,
:meth:`Hiding.taken_unseen`, :meth:`Hiding.reshuffled`); its :meth:`Hiding.places` read the
record back (:meth:`Hiding.sighted`). Of a hidden card each seat then knows one of three things,
its *label*:

* *known* (:data:`KNOWN`): it saw the card go there from a place it sees (taken into an
  opponent's hand from a face-up place, given or stolen before its eyes), or its own choices
  showed it the card. It stays known while it moves in ways everyone can follow;
* *reshuffled* (a number from 1): the discard pile, which everyone saw, became the deck at that
  reshuffle, so its cards are a group of their own, apart from the cards hidden before it;
* *never seen* (:data:`FIRST`, group 0): every other card.

Cards of one label are alike to the seat: each hides behind its label's stand-in. Where a card
moved unseen from among cards the seat could tell apart (a steal, a gift, a look at the deck by
another seat among cards of different labels), the seat's knowledge is no longer a set of groups
of like cards: its *doubts* name those cards until they are seen again.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Container, Iterable, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from typing import Any, ClassVar, NamedTuple

from toolkit.state import ChanceOutcomes, UniformOutcomes, copying

KNOWN = -1  # the label of a hidden card the seat knows exactly
FIRST = 0  # the label of the cards never seen (the group before any reshuffle)


class PerSeat(list):
    """One dict or set for each seat. A copy of a state copies each of them whole (they hold
    only card names and numbers), not item by item as a generic deep copy would."""

    def __deepcopy__(self, memo) -> PerSeat:
        return PerSeat([item.copy() for item in self])


class Place(NamedTuple):
    """Cards at ``holder[key]``: one card, or a list or tuple of them. `key` may be a slice of a
    list: a part of a deck whose parts hold cards of different kinds in a known order, each part
    behind its own stand-in (a slice with a negative step is dealt from its end). `known` holds
    the cards of it the seat knows are there (None: it sees them all, as in a discard pile). A
    place whose cards are kept sorted (`sort`) is sorted again after its stand-ins are dealt. Its
    unseen cards hide behind `stand_in` (by default the game's :attr:`Hiding.STAND_IN`), or, where
    `stand_in` is a function of a card, each behind the stand-in it names: cards of one place the
    seat can tell apart only by group (those a reshuffle brought, those from before it). A place
    whose order the seat cannot see (`shuffled`: a deck whose cards are public) is shuffled in the
    view by the view's own generator (:meth:`Hiding.view_rng`), once its stand-ins are in."""

    holder: Any
    key: Any
    known: Container | None = ()
    sort: bool = False
    stand_in: str | Callable[[Any], str] | None = None
    shuffled: bool = False


class Hiding:
    """What a game state needs to hide cards from a seat: it names its stand-in
    (:attr:`STAND_IN`, a card id that matches no rule) and lists its :meth:`places`."""

    STAND_IN: ClassVar[str]
    #: The seat whose view this is (None in the game itself), and the cards it cannot see, by
    #: the stand-in they hide behind, each pool sorted (its cards are only ever counted).
    viewer: int | None = None
    unseen: dict[str, tuple] = {}  # noqa: RUF012 (never changed: a view gets its own)
    COPY = copying(shared=("viewer", "unseen"))  # the pools are replaced, never changed
    #: Whether the view itself deals every stand-in (at its chance nodes, as a hand dealt as one
    #: set when it is first read, or in order once nobody reads it): a game determinised from
    #: the view then deals none of them and keeps the pools for those chance nodes.
    DRAWS_UNSEEN: ClassVar[bool] = False
    #: Whether a view keeps a generator. A game whose view never shuffles nor reads an unseen card
    #: (a walk from it stops before any card is drawn) says False: its view has none at all, so
    #: nothing in it can follow the order of the real game's next shuffles (a copy of a state
    #: without one has none either).
    VIEW_HAS_RNG: ClassVar[bool] = True
    #: The stand-ins whose pools a determinised game shuffles first, in this order; any other
    #: pool follows, in the order of its stand-in's name.
    POOL_ORDER: ClassVar[tuple[str, ...]] = ()
    #: Whether a determinised game takes its own generator from `rng` before its stand-ins are
    #: dealt (True) or after them (the default).
    GENERATOR_FIRST: ClassVar[bool] = False

    #: Who saw each hidden card go where (see the module's words): for each seat, the label of
    #: each card it knows something of, and the cards it could not follow; how many reshuffles
    #: made a group of their own. None where no record is kept, and in a seat's view, which
    #: knows its own by its stand-ins.
    knowledge: list[dict[str, int]] | None = None
    doubts: list[set[str]] | None = None
    reshuffles: int = 0

    def places(self, seat: int) -> Iterable[Place]:
        """Every place that may hold a card `seat` cannot see, always in the same order, with the
        cards the seat knows are there."""
        raise NotImplementedError(f"{type(self).__name__} lists no places")

    # -- who saw a card move ---------------------------------------------------------------------
    def keep_sightings(self, players: int) -> None:
        """Start the record of who saw what: no seat knows anything of a hidden card."""
        self.knowledge = PerSeat({} for _ in range(players))
        self.doubts = PerSeat(set() for _ in range(players))

    def seen_going(self, cards, holder: int) -> None:
        """`cards` went from a place everyone sees into `holder`'s hidden place: every other seat
        knows them there."""
        if self.knowledge is None:  # a seat's view
            return
        for seat, labels in enumerate(self.knowledge):
            if seat != holder:
                for card in cards:
                    labels[card] = KNOWN
                    self.doubts[seat].discard(card)

    def given_unseen(self, giver: int, cards, taker: int, before: list) -> None:
        """`cards` went unseen from `giver`'s hand (`before`: all of it, before) to `taker`'s:
        the giver knows them there; a seat that saw neither hand follows them only if it could
        not tell the cards of that hand apart, or the whole hand went."""
        if self.knowledge is None:  # a seat's view
            return
        for card in cards:
            self.knowledge[giver][card] = KNOWN
            self.doubts[giver].discard(card)
        if len(cards) < len(before):
            for seat in range(len(self.knowledge)):
                if seat not in (giver, taker):
                    self._unless_alike(seat, before)

    def shown_to(self, seat: int, cards) -> None:
        """`seat`'s choices show it `cards` (an opponent's hand, the deck's top cards)."""
        if self.knowledge is None:  # a seat's view
            return
        labels = self.knowledge[seat]
        for card in cards:
            labels[card] = KNOWN

    def taken_unseen(self, seat: int, looked: list) -> None:
        """`seat` took one of the hidden cards `looked`, unseen by the others."""
        if self.knowledge is None:  # a seat's view
            return
        for other in range(len(self.knowledge)):
            if other != seat:
                self._unless_alike(other, looked)

    def reshuffled(self, cards) -> None:
        """The discard pile `cards` became the deck: a group of its own for every seat."""
        self.reshuffles += 1
        group = self.reshuffles
        for labels, doubts in zip(self.knowledge, self.doubts, strict=True):
            for card in cards:
                labels[card] = group
                doubts.discard(card)

    def _unless_alike(self, seat: int, cards) -> None:
        """A card was taken unseen by `seat` from `cards`: fine if it could not tell them apart,
        else their whereabouts are in doubt."""
        labels = self.knowledge[seat]
        kinds = {labels.get(card, FIRST) for card in cards}
        if len(kinds) > 1 or KNOWN in kinds:
            self.doubts[seat].update(cards)

    def sighted(self, seat: int) -> tuple[set, Callable[[Any], str]]:
        """What the record tells `seat`'s view: the hidden cards it knows exactly, and for each
        other card the stand-in of its label (:attr:`STAND_IN` and the label, two digits). A view
        keeps no record: its places hold their stand-ins already."""
        known = {} if self.knowledge is None else self.knowledge[seat]
        seen = {card for card, label in known.items() if label == KNOWN}
        stand_in = self.STAND_IN

        def group(card) -> str:
            return f"{stand_in}{known.get(card, FIRST):02d}"

        return seen, group

    def viewed(self) -> None:
        """What else a view forgets of the game (a record of where hidden cards went)."""

    def determinised(self) -> None:
        """What a game dealt from a view takes back of the view (a shortcut only a walk of the
        view may take), before it is played as a game."""

    def view_rng(self, seat: int) -> random.Random | None:
        """The generator a view of `seat` shuffles with (its `shuffled` places, and every later
        shuffle), made without the game's own, which would tell the view how the real game's
        next shuffles fall. None (the default): the view keeps a copy of the game's."""
        return None

    def players_view(self, seat: int):
        """The game as `seat` knows it: each card of a place that the seat does not know is
        there becomes a stand-in, and the cards themselves the view's unseen cards. A place whose
        order the seat cannot see is shuffled by the view's generator (:meth:`view_rng`)."""
        if self.VIEW_HAS_RNG:
            view = self.clone()
            rng = self.view_rng(seat)
            if rng is not None:
                view.rng = rng
        else:  # copied without the generator it would drop: copying one is most of a clone
            rng, self.rng = self.rng, None
            try:
                view = self.clone()
            finally:
                self.rng = rng
        view.viewer = seat
        unseen: dict[str, list] = {}
        for holder, key, known, keep_sorted, stand_in, shuffled in view.places(seat):
            if shuffled and known is None:
                view.rng.shuffle(holder[key])
                continue
            cards = None if known is None else holder[key]
            if cards is None:
                continue
            if callable(stand_in):
                holder[key] = _grouped(cards, known, stand_in, unseen, keep_sorted)
                if shuffled:
                    view.rng.shuffle(holder[key])
                continue
            stand_in = stand_in or self.STAND_IN
            pool = unseen.setdefault(stand_in, [])
            if isinstance(cards, str):
                if cards not in known:
                    pool.append(cards)
                    holder[key] = stand_in
                continue
            if not known:  # the seat knows none of them (most places): all stand-ins
                pool += cards
                holder[key] = type(cards)([stand_in] * len(cards))
            else:
                kept = []
                for card in cards:
                    if card in known:
                        kept.append(card)
                    else:
                        pool.append(card)
                        kept.append(stand_in)
                holder[key] = type(cards)(sorted(kept) if keep_sorted else kept)
            if shuffled:
                view.rng.shuffle(holder[key])
        view.unseen = {stand_in: tuple(sorted(pool)) for stand_in, pool in unseen.items()}
        view.viewed()
        return view

    def determinise(self, rng: random.Random):
        """On a view: one game the seat could be in. Every stand-in, place by place, is dealt one
        of the unseen cards of its pool, each pool shuffled by `rng` (those of :attr:`POOL_ORDER`
        first, the rest in the order of their stand-ins' names), unless the view deals them
        itself (:attr:`DRAWS_UNSEEN`). Later shuffles come from a generator drawn from `rng`
        after the deal (or before it: :attr:`GENERATOR_FIRST`): first, every place whose order
        the seat cannot see. Last, the game takes back what only the view may do
        (:meth:`determinised`)."""
        game = self.clone()
        seat = self.viewer
        if self.GENERATOR_FIRST:
            game.rng = random.Random(rng.getrandbits(64))
        if not self.DRAWS_UNSEEN:
            game._deal_unseen(rng)
        if not self.GENERATOR_FIRST:
            game.rng = random.Random(rng.getrandbits(64))
        for place in game.places(seat):
            if place.shuffled:
                game.rng.shuffle(place.holder[place.key])
        game.determinised()
        return game

    def _deal_unseen(self, rng: random.Random) -> None:
        """Deal every stand-in from its pool shuffled by `rng`; the game is no longer a view."""
        pools = {}
        first = [stand_in for stand_in in self.POOL_ORDER if stand_in in self.unseen]
        for stand_in in first + sorted(set(self.unseen).difference(first)):
            pools[stand_in] = list(self.unseen[stand_in])
            rng.shuffle(pools[stand_in])
        self._fill_stand_ins(lambda stand_in: pools[stand_in].pop())
        self.viewer, self.unseen = None, {}

    def deal_in_order(self, stand_in: str, first: Sequence = ()) -> None:
        """In a view, deal every stand-in of one pool without chance: place by place, the cards
        `first` (an outcome of :func:`set_outcomes`: the cards the first stand-ins turned out to
        be), then the rest of the pool in sorted order. For the rest of a pool once one chance
        node has dealt what matters of it, or for cards about to be shuffled anyway, whose order
        nobody reads. The pool is then empty."""
        rest = list(self.unseen[stand_in])
        for card in first:
            rest.remove(card)
        cards = iter([*first, *sorted(rest)])
        self._fill_stand_ins(lambda _: next(cards), only=stand_in)
        self.unseen = {name: pool for name, pool in self.unseen.items() if name != stand_in}

    def _fill_stand_ins(self, card_for, only: str | None = None) -> None:
        """Place by place, each stand-in becomes ``card_for(stand_in)``: every pool's (and every
        place is rebuilt, those kept sorted sorted again), or the pool `only`'s alone (its places
        without a stand-in left as they are)."""
        for holder, key, _, keep_sorted, stand_in, _ in self.places(self.viewer):
            held = holder[key]
            if callable(stand_in) and held is not None:  # stand-ins of several pools
                names = set(self.unseen) if only is None else {only}
                if isinstance(held, str):
                    if held in names:
                        holder[key] = card_for(held)
                    continue
                dealt = [card_for(card) if card in names else card for card in held]
                holder[key] = type(held)(sorted(dealt) if keep_sorted else dealt)
                continue
            stand_in = stand_in or self.STAND_IN
            if only is not None and stand_in != only:
                continue
            if held is None:
                continue
            if isinstance(held, str):
                if held == stand_in:
                    holder[key] = card_for(stand_in)
                continue
            if only is None or stand_in in held:
                dealt = [card_for(stand_in) if card == stand_in else card for card in held]
                holder[key] = type(held)(sorted(dealt) if keep_sorted else dealt)

    def unseen_for(self, stand_in: str | None = None) -> tuple:
        """The unseen cards behind `stand_in` (by default the game's :attr:`STAND_IN`)."""
        return self.unseen.get(stand_in or self.STAND_IN, ())

    def reveal_outcomes(self, stand_in: str | None = None) -> UniformOutcomes:
        """A stand-in turned face up: any unseen card of its pool, each as likely."""
        return UniformOutcomes(self.unseen_for(stand_in))

    def seen_now(self, card, stand_in: str | None = None) -> None:
        """In a view, a stand-in has turned out to be `card`: it is no longer unseen."""
        stand_in = stand_in or self.STAND_IN
        pool = self.unseen[stand_in]
        at = pool.index(card)
        self.unseen = {**self.unseen, stand_in: pool[:at] + pool[at + 1 :]}


def _grouped(cards, known: Container, stand_in_of: Callable, unseen: dict, keep_sorted: bool):
    """`cards` (one card, or a list or tuple of them) with each card the seat does not know there
    replaced by its own stand-in (``stand_in_of(card)``), the cards added to their pools."""
    one = isinstance(cards, str)
    held = []
    for card in [cards] if one else cards:
        if card in known:
            held.append(card)
        else:
            name = stand_in_of(card)
            unseen.setdefault(name, []).append(card)
            held.append(name)
    if one:
        return held[0]
    return type(cards)(sorted(held) if keep_sorted else held)


def pile_outcomes(pile: Sequence, unseen: Sequence, stand_in: str):
    """The card drawn from `pile`, each of its cards equally likely, where some are stand-ins:
    each known card its share, and the stand-ins' share spread evenly over the unseen cards."""
    hidden = pile.count(stand_in)
    if not hidden:
        return UniformOutcomes(pile)
    if hidden == len(pile):
        return UniformOutcomes(unseen)
    share = Fraction(1, len(pile))
    each = share * hidden / len(unseen)
    return ChanceOutcomes(
        [(card, share) for card in pile if card != stand_in] + [(card, each) for card in unseen]
    )


def blind_outcomes(pile: Sequence, stand_in: str) -> ChanceOutcomes:
    """The card drawn from `pile` goes where the seat cannot see it: each known card with its
    share, and a stand-in (which stays one) with the stand-ins' share."""
    share = Fraction(1, len(pile))
    hidden = pile.count(stand_in)
    known = [(card, share) for card in pile if card != stand_in]
    return ChanceOutcomes(([(stand_in, share * hidden)] if hidden else []) + known)


@lru_cache(maxsize=4096)
def set_outcomes(pool: tuple, count: int) -> ChanceOutcomes:
    """The cards that `count` stand-ins of one pool turn out to be, where only which cards they
    are matters (a hand, not its order): each set of `count` cards of `pool` (a sorted tuple of
    distinct cards) equally likely, as a sorted tuple."""
    sets = list(combinations(pool, count))
    share = Fraction(1, len(sets))
    return ChanceOutcomes((cards, share) for cards in sets)
