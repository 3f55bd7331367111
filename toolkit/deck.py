"""Piles of cards.

A :class:`Deck` holds card ids (strings) in a draw pile and a discard pile. It never owns a random
number generator: the game state's seeded RNG is passed in, so shuffles replay exactly from the seed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable


class EmptyDeck(RuntimeError):
    """Raised when a draw is asked of a deck whose draw and discard piles are both empty."""


class Deck:
    """A draw pile (top is the end of the list) and a discard pile of card ids."""

    def __init__(self, cards: Iterable[str] = (), discards: Iterable[str] = ()):
        self.cards: list[str] = list(cards)
        self.discards: list[str] = list(discards)

    def __len__(self) -> int:
        return len(self.cards)

    def copy(self) -> Deck:
        """A deck of the same cards in the same order, its piles lists of its own."""
        return Deck(self.cards, self.discards)

    def __repr__(self) -> str:
        return f"Deck({len(self.cards)} to draw, {len(self.discards)} discarded)"

    def shuffle(self, rng: random.Random) -> None:
        rng.shuffle(self.cards)

    def reshuffle(self, rng: random.Random) -> None:
        """Shuffle the discard pile back into the draw pile."""
        self.cards.extend(self.discards)
        self.discards.clear()
        rng.shuffle(self.cards)

    def draw(self, n: int = 1, rng: random.Random | None = None) -> list[str]:
        """Take n cards from the top. With an rng, an empty draw pile is refilled by reshuffling the
        discards; without one, drawing past the end raises :class:`EmptyDeck`. A refused draw takes
        nothing, so no card is lost."""
        available = len(self.cards) + (len(self.discards) if rng is not None else 0)
        if n > available:
            raise EmptyDeck(f"cannot draw {n} cards: only {available} left to draw")
        cards = self.cards
        if n <= len(cards):  # no reshuffle: one slice, in the order the cards come off the top
            top = len(cards) - n
            drawn = cards[top:][::-1]
            del cards[top:]
            return drawn
        drawn = []
        for _ in range(n):
            if not self.cards:
                self.reshuffle(rng)
            drawn.append(self.cards.pop())
        return drawn

    def draw_up_to(self, n: int, rng: random.Random | None = None) -> list[str]:
        """Draw n cards, or as many as there are when the piles run out."""
        available = len(self.cards) + (len(self.discards) if rng is not None else 0)
        return self.draw(min(n, available), rng)

    def peek(self, n: int = 1) -> list[str]:
        return self.cards[-n:][::-1]

    def put_on_top(self, cards: Iterable[str]) -> None:
        for card in cards:
            self.cards.append(card)

    def put_on_bottom(self, cards: Iterable[str]) -> None:
        self.cards[:0] = list(cards)[::-1]

    def discard(self, cards: str | Iterable[str]) -> None:
        self.discards.extend([cards] if isinstance(cards, str) else cards)

    def remove(self, card: str) -> None:
        """Take a named card out of the draw pile (stacking a deck for a worked example)."""
        self.cards.remove(card)

    def all_cards(self) -> Counter:
        return Counter(self.cards) + Counter(self.discards)


def unseen(full: Iterable[str], seen: Iterable[str]) -> Counter:
    """The composition of the cards a player cannot see: everything minus what is visible to them.

    Raises ValueError naming the card when a seen card is not in the full list or is seen too often,
    which is how an impossible `--seen` list is caught.
    """
    remaining = Counter(full)
    for card in seen:
        if remaining[card] <= 0:
            if card in Counter(full):
                raise ValueError(f"card {card!r} is seen more often than the deck holds it")
            raise ValueError(f"card {card!r} is not in this deck")
        remaining[card] -= 1
    return +remaining
