"""What each seat knows of the cards it cannot see, recorded by the engine as the cards move.

A seat cannot see the deck nor the other players' hands. Of a card there it knows one of three
things, which the state keeps for every seat (:attr:`HowIDiedState.knowledge`, a label for each
card it knows something of; any other card hidden from it is :data:`FIRST`):

* *known* (:data:`KNOWN`): it saw the card go there, from a place it sees (the Pool, the table,
  the discards, its own hand) into a hidden one (an opponent's hand: taken from the Pool, swapped
  in from the table, given, stolen, taken back on a pass), or its own choices showed the card (an
  opponent's hand while stealing, the deck's top three while foreseeing). It stays known while it
  moves in ways everyone can follow (drawn from the top, a whole hand swapped);
* *reshuffled* (a number from 1): the discard pile, which everyone saw, became the deck at that
  reshuffle, so its cards are a group of their own, apart from the cards hidden before it;
* *never seen* (:data:`FIRST`): every other card.

Where an opponent moved a card the seat could not follow from cards it could tell apart (a steal,
a gift or a foresee among cards of different labels), the seat's knowledge is no longer a set of
groups of like cards: the state's :attr:`HowIDiedState.doubts` name those cards until they are seen
again, and while any is hidden the view is not exact (the numbers are refused).
"""

from __future__ import annotations

KNOWN = -1  # the label of a hidden card the seat knows exactly
FIRST = 0  # the group of cards never seen


class PerSeat(list):
    """One dict or set for each seat. A copy of a state copies each of them whole (they hold
    only card names and numbers), not item by item as a generic deep copy would."""

    def __deepcopy__(self, memo) -> PerSeat:
        return PerSeat([item.copy() for item in self])


def seen_going(state, cards, holder: int) -> None:
    """`cards` went from a place everyone sees into `holder`'s hand: every other seat knows them
    there."""
    if state.knowledge is None:  # a seat's view
        return
    for seat, labels in enumerate(state.knowledge):
        if seat != holder:
            for card in cards:
                labels[card] = KNOWN
                state.doubts[seat].discard(card)


def handed(state, giver: int, cards, taker: int, before: list[str]) -> None:
    """`cards` went unseen from `giver`'s hand (`before`: all of it, before) to `taker`'s: the
    giver knows them there; a seat that saw neither hand follows them only if it could not tell
    the cards of that hand apart, or the whole hand went."""
    if state.knowledge is None:  # a seat's view
        return
    for card in cards:
        state.knowledge[giver][card] = KNOWN
        state.doubts[giver].discard(card)
    if len(cards) < len(before):
        for seat in range(state.players):
            if seat not in (giver, taker):
                unless_alike(state, seat, before)


def shown(state, seat: int, cards) -> None:
    """`seat`'s choices show it `cards` (an opponent's hand, the deck's top cards)."""
    if state.knowledge is None:  # a seat's view
        return
    labels = state.knowledge[seat]
    for card in cards:
        labels[card] = KNOWN


def foreseen(state, seat: int, looked: list[str]) -> None:
    """`seat` took one of the deck's top cards `looked`, unseen by the others."""
    if state.knowledge is None:  # a seat's view
        return
    for other in range(state.players):
        if other != seat:
            unless_alike(state, other, looked)


def reshuffled(state, cards) -> None:
    """The discard pile `cards` became the deck: a group of its own for every seat."""
    state.reshuffles += 1
    group = state.reshuffles
    for labels, doubts in zip(state.knowledge, state.doubts, strict=True):
        for card in cards:
            labels[card] = group
            doubts.discard(card)


def unless_alike(state, seat: int, cards) -> None:
    """A card was taken unseen by `seat` from `cards`: fine if it could not tell them apart, else
    their whereabouts are in doubt."""
    labels = state.knowledge[seat]
    kinds = {labels.get(card, FIRST) for card in cards}
    if len(kinds) > 1 or KNOWN in kinds:
        state.doubts[seat].update(cards)


def hidden_from(state, seat: int) -> list[str]:
    """The cards `seat` cannot see: the deck, then the other hands in seat order."""
    cards = list(state.deck.cards)
    for other, hand in enumerate(state.hands):
        if other != seat:
            cards += hand
    return cards


def labels(state, seat: int) -> tuple[dict[str, int], set[str]]:
    """What `seat` knows of each card hidden from it (its label), and which of them it could not
    follow."""
    known = state.knowledge[seat]
    hidden = hidden_from(state, seat)
    doubts = state.doubts[seat].intersection(hidden)
    return {card: known.get(card, FIRST) for card in hidden}, doubts
