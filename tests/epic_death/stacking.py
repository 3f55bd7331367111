"""Helpers that stack an Epic Death! table for a rules test: chosen hands, quest line and cards."""

from __future__ import annotations

from collections import Counter

from toolkit.data import expand
from toolkit.epic_death.cards import catalog
from toolkit.epic_death.rules import EpicDeathState

CARDS = catalog()
FULL_BOX = Counter(
    expand(CARDS.adventurers)
    + expand(CARDS.quests)
    + expand(CARDS.epic_quests)
    + expand(CARDS.loot)
    + expand(CARDS.fate)
)


def stacked(
    players: int = 4, seed: int = 0, hands: dict | None = None, line=None
) -> EpicDeathState:
    """A fresh game whose hands and quest line are replaced, the swapped cards kept in the box.

    Seats not named in `hands` hold no Fate card. Cards given to a hand are taken from the Fate
    deck (or its discards) and the old hand goes to the discards, so the 158-card invariant holds
    on the stacked table too.
    """
    state = EpicDeathState(seed=seed, players=players)
    hands = hands or {}
    for seat in range(players):
        state.fate.discard(state.hands[seat])
    for seat in range(players):
        state.hands[seat] = []
        for card in hands.get(seat, []):
            pile = state.fate.cards if card in state.fate.cards else state.fate.discards
            pile.remove(card)
            state.hands[seat].append(card)
        state.hands[seat].sort()
    if line is not None:
        for quest in line:
            state.quest_deck.remove(
                quest
            ) if quest in state.quest_deck else state.quest_line.remove(quest)
        state.quest_deck.extend(state.quest_line)
        state.quest_line = list(line)
    return state


def give(state: EpicDeathState, adventurer: str, *cards: str) -> None:
    """Put cards under an adventurer, taking them from wherever they are in the box."""
    for card in cards:
        for pile in (state.loot.cards, state.loot.discards, state.quest_deck, state.quest_line):
            if card in pile:
                pile.remove(card)
                break
        else:
            raise ValueError(f"{card} is not free to give")
        state.put_under(adventurer, card)


def kill(state: EpicDeathState, adventurer: str, quest: str) -> None:
    give(state, adventurer, quest)
    state._set_alive(adventurer, False)


def first_quest(difficulty: str, victories: int, epic: bool = False) -> str:
    group = CARDS.epic_quests if epic else CARDS.quests
    return next(
        q.id for q in group.values() if q.difficulty == difficulty and q.victories == victories
    )
