"""Stacking a table for a test: every card is put where the test says, the rest into the deck."""

from __future__ import annotations

from toolkit.how_i_died.cards import ALL_IDS, CARDS
from toolkit.how_i_died.rules import HowIDiedState, ask_build, ask_effect


def stacked(
    players=2,
    *,
    hands=None,
    pool=(),
    adventures=None,
    discards=(),
    deck_top=(),
    achievements=None,
    seat=0,
    seed=0,
) -> HowIDiedState:
    """A state whose hands, Pool, adventures and discard pile are exactly as given; `deck_top` is
    drawn first; every other card lies below it in the deck. Seat `seat` is to build."""
    state = HowIDiedState(seed=seed, players=players, achievements=achievements)
    hands = {s: list(h) for s, h in (hands or {}).items()}
    adventures = {s: [tuple(a) for a in advs] for s, advs in (adventures or {}).items()}
    placed = [c for h in hands.values() for c in h] + list(pool) + list(discards) + list(deck_top)
    placed += [c for advs in adventures.values() for a in advs for c in a]
    assert len(placed) == len(set(placed)), "a card is placed twice"
    assert all(c in CARDS for c in placed), [c for c in placed if c not in CARDS]
    rest = [c for c in ALL_IDS if c not in set(placed)]
    state.hands = [hands.get(s, []) for s in range(players)]
    state.pool = list(pool)
    state.adventures = [adventures.get(s, []) for s in range(players)]
    state.deck.cards = rest + list(deck_top)[::-1]
    state.deck.discards = list(discards)
    state.seat = seat
    state.building = []
    return asking(state)


def asking(state, card=None, picks=()) -> HowIDiedState:
    """`state` waiting for its seat's next card, or, given `card`, for a pick of the effect of
    `card` (`picks` made so far): the question asked as the engine asks it."""
    state.resolving, state.picks, state.prompt = card, tuple(picks), None
    (ask_build if card is None else ask_effect)(state)
    return state


def where(state, card) -> str:
    """A short description of a card's place, for assertions."""
    if card in state.pool:
        return "pool"
    for seat, hand in enumerate(state.hands):
        if card in hand:
            return f"hand{seat}"
    for seat, advs in enumerate(state.adventures):
        for index, adventure in enumerate(advs):
            if card in adventure:
                return f"adv{seat}.{index}"
    if card in state.deck.discards:
        return "discards"
    return "deck"
