"""What each seat of How I Died knows of the cards it cannot see.

The record is the core's (:class:`toolkit.hidden.Hiding`: a label for each hidden card a seat
knows something of, and its doubts); How I Died's rules tell it who saw each card move:

* a card taken into a hand from the Pool or the discards, swapped in from the table, or taken
  back on a pass is seen going there by every other seat
  (:meth:`~toolkit.hidden.Hiding.seen_going`);
* a card given, stolen, or a whole hand swapped, moves unseen from one hand to another: the giver
  knows where it went, the other seats follow it only if they could not tell the cards of that
  hand apart, or the whole hand went (:meth:`~toolkit.hidden.Hiding.given_unseen`);
* a steal shows the stealer the opponent's hand, a foresee the deck's top three cards
  (:meth:`~toolkit.hidden.Hiding.shown_to`); the card a foresee takes goes unseen by the others
  (:meth:`~toolkit.hidden.Hiding.taken_unseen`);
* the discard pile reshuffled into the deck is a group of its own for every seat
  (:meth:`~toolkit.hidden.Hiding.reshuffled`).

A seat cannot see the deck nor the other players' hands: those are where its labels are read.
While a card it could not follow is hidden from it, the view is not exact (the numbers are
refused).
"""

from __future__ import annotations

from toolkit.hidden import FIRST


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
