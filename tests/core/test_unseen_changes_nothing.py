"""What the seat to act cannot see changes none of the numbers beside its choices.

At a sample of decisions of seeded games, the cards that seat cannot see are dealt again in the
real game (a permutation the seat could not tell from the real deal: the other hands, the order of
the decks, each card kept to the places its kind may be), and ``decision_odds`` must answer the
same numbers, note for note. How I Died's own test does the same for its game
(``tests/how_i_died/test_view_refill.py::test_what_the_seat_cannot_see_changes_no_number``).
"""

from __future__ import annotations

import random

import pytest

from toolkit.games import get_game
from toolkit.simulate import decision_points

SAMPLE = 12  # decisions per game, spread over the games below


def _deal_into(zones: list[list], rng: random.Random) -> list[list]:
    """The cards of `zones` shuffled together and dealt back, each zone keeping its size."""
    pool = [card for zone in zones for card in zone]
    rng.shuffle(pool)
    out, start = [], 0
    for zone in zones:
        out.append(pool[start : start + len(zone)])
        start += len(zone)
    return out


def redeal_tpk(state, seat: int, rng: random.Random) -> None:
    """Each partner's cards not face up (deck, hand, drawn, set aside) dealt again among those
    places; the seat's own deck and the threat deck reshuffled."""
    for other in range(state.num_players):
        deck = state.decks[other]
        if other == seat:
            rng.shuffle(deck.cards)
            continue
        zones = [deck.cards, state.hands[other], state.drawn_cards[other], state.aside[other]]
        deck.cards, state.hands[other], state.drawn_cards[other], state.aside[other] = _deal_into(
            zones, rng
        )
    rng.shuffle(state.threat_deck.cards)


def redeal_epic_death(state, seat: int, rng: random.Random) -> None:
    """The other hands and the Fate deck dealt again among themselves; the loot deck and the loot
    still to place (after the piece shown), and the quest deck (green Quests and Epic Quests each
    among their own places), reshuffled."""
    others = [o for o in range(len(state.hands)) if o != seat]
    zones = _deal_into([state.fate.cards] + [state.hands[o] for o in others], rng)
    state.fate.cards = zones[0]
    for other, hand in zip(others, zones[1:], strict=True):
        state.hands[other] = hand
    state.loot.cards, rest = _deal_into([state.loot.cards, state.loot_to_place[1:]], rng)
    state.loot_to_place[1:] = rest
    for epic in (False, True):
        places = [
            i for i, q in enumerate(state.quest_deck) if state.cards.quest(q).epic_quest is epic
        ]
        cards = [state.quest_deck[i] for i in places]
        rng.shuffle(cards)
        for i, card in zip(places, cards, strict=True):
            state.quest_deck[i] = card


def redeal_to_the_death(state, seat: int, rng: random.Random) -> None:
    """The other hand of the duel and the deck's cards the seat does not know are there dealt
    again among themselves (the deck is drawn at random, so its order is no secret to keep)."""
    known = state.known_in_deck[seat]
    kept = [card for card in state.deck if card in known]
    loose = [card for card in state.deck if card not in known]
    for other in range(len(state.hands)):
        if other != seat:
            loose, state.hands[other] = _deal_into([loose, state.hands[other]], rng)
    state.deck = tuple(sorted(kept + loose))


def redeal_death_may_die(state, seat: int, rng: random.Random) -> None:
    """The Mythos and Discovery decks reshuffled: their order is all that is hidden."""
    for deck in (state.mythos, state.discovery):
        rng.shuffle(deck.cards)


def hidden(state) -> str:
    """The places the redeals deal into, as text: to tell that a redeal moved something."""
    names = ("decks", "hands", "drawn_cards", "aside", "threat_deck", "fate", "loot", "loot_to_place",
             "quest_deck", "deck", "mythos", "discovery")  # fmt: skip
    parts = []
    for name in names:
        value = getattr(state, name, None)
        if isinstance(value, list):
            value = [getattr(v, "cards", v) for v in value]
        parts.append(repr(getattr(value, "cards", value)))
    return "|".join(parts)


GAMES = {
    # game: (players, bot, seeds, redeal)
    "tpk": (3, "random", range(6), redeal_tpk),
    "epic-death": (3, "greedy", range(2), redeal_epic_death),
    "to-the-death": (2, "greedy", range(1), redeal_to_the_death),
    "death-may-die": (2, "greedy", range(1), redeal_death_may_die),
}


def numbers(odds) -> list:
    return [(row.action, dict(row.odds), row.note) for row in odds.actions] + [odds.note]


@pytest.mark.timeout(120)
@pytest.mark.parametrize("game", list(GAMES))
def test_what_the_seat_cannot_see_changes_no_number(game):
    players, bot, seeds, redeal = GAMES[game]
    spec = get_game(game)
    positions = list(decision_points(game, players, seeds, bot))
    rng = random.Random(f"unseen-{game}")
    sample = sorted(rng.sample(range(len(positions)), min(SAMPLE, len(positions))))
    changed = 0
    for index in sample:
        state = positions[index]
        seat = state.current_player()
        shown = numbers(spec.decision_odds(state))
        other = state.clone()
        redeal(other, seat, rng)
        assert other.legal_actions() == state.legal_actions()
        assert other.history == state.history
        changed += hidden(other) != hidden(state)
        assert numbers(spec.decision_odds(other)) == shown, (game, index)
    assert changed >= len(sample) // 2, f"only {changed} positions had unseen cards dealt again"
