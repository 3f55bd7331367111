"""A card the player sees is known by name before they choose: the Pool's refill above all.

Taking a card from the Pool refills it face up, and the player sees the new card before the next
choice of the turn. The numbers beside a choice come from the walk of the player's view
(:mod:`toolkit.how_i_died.view`); here they are checked against a walk that knows nothing of the
view: the real game played by its own engine, every card the player does not see (the deck, the
other hands) equally likely to be the next one drawn, each draw enumerated card by card.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

from how_i_died.hid_table import stacked

from toolkit.hidden import FIRST
from toolkit.how_i_died.cards import ALL_IDS, BANNER, DAMAGE, EFFECT, GLORY, TYPE
from toolkit.how_i_died.knowledge import labels
from toolkit.how_i_died.odds import decision_odds
from toolkit.how_i_died.rules import phase
from toolkit.how_i_died.view import Hidden, turn_view
from toolkit.simulate import decision_points
from toolkit.state import CHANCE

SLUG = "how-i-died"


# -- the independent walk ------------------------------------------------------------------------
def unseen_cards(state, seat: int) -> list[str]:
    """The cards `seat` cannot see: the deck and the other hands."""
    hands = [card for other, hand in enumerate(state.hands) if other != seat for card in hand]
    return list(state.deck.cards) + hands


def put_on_top(state, seat: int, cards) -> None:
    """Make `cards` the next ones drawn, each swapped with the card in its slot (the deck or an
    opponent's hand: both unseen, so the arrangement stays one the player cannot tell apart)."""
    deck = state.deck.cards
    for depth, card in enumerate(cards, start=1):
        slot = len(deck) - depth
        if card in deck:
            index = deck.index(card)
            deck[index], deck[slot] = deck[slot], deck[index]
            continue
        hand = next(h for o, h in enumerate(state.hands) if o != seat and card in h)
        hand[hand.index(card)], deck[slot] = deck[slot], card


def turn_values(state, action, seat: int) -> tuple[Fraction, ...]:
    """(glory gained, -damage taken, -died, new Legendary) after `action` and the rest of the
    turn, the player choosing each later step knowing every card drawn so far (the most glory,
    then least damage, then survival, then a Legendary), each draw any unseen card alike."""
    turn = state.turn
    before = (state.glory(seat), state.damage(seat), legendaries(state, seat))

    def over(s) -> bool:
        return s.is_terminal() or s.current_player() == CHANCE or (
            s.turn > turn and phase(s) != "claim")  # fmt: skip

    def measure(s) -> tuple[Fraction, ...]:
        return (Fraction(s.glory(seat) - before[0]), Fraction(before[1] - s.damage(seat)),
                Fraction(-int(not s.alive[seat])),
                Fraction(int(legendaries(s, seat) > before[2])))  # fmt: skip

    def best(s) -> tuple[Fraction, ...]:
        if over(s):
            return measure(s)
        assert s.current_player() == seat
        shown = set(s.legal_actions()) & set(unseen_cards(s, seat))
        assert not shown, f"a choice shows unseen cards {shown}: not for this walk"
        return max(after(s, a) for a in s.legal_actions())

    def after(s, a) -> tuple[Fraction, ...]:
        trial = s.clone()
        trial.apply(a)
        if over(trial):
            return measure(trial)
        drawn = len(s.deck.cards) - len(trial.deck.cards)
        assert trial.deck.discards == s.deck.discards or drawn <= 0, "a reshuffle: not here"
        if drawn <= 0:
            return best(trial)
        assert drawn <= 2, "a new hand: too many draws for this walk"
        totals, count = [Fraction(0)] * 4, 0
        for cards in itertools.permutations(unseen_cards(s, seat), drawn):
            branch = s.clone()
            put_on_top(branch, seat, cards)
            branch.apply(a)
            totals = [t + v for t, v in zip(totals, best(branch), strict=True)]
            count += 1
        return tuple(t / count for t in totals)

    return after(state, action)


def legendaries(state, seat: int) -> int:
    from toolkit.how_i_died.cards import is_legendary

    return sum(map(is_legendary, state.adventures[seat]))


def as_shown(values) -> dict[str, Fraction]:
    glory, damage, death, legendary = values
    return {"glory": glory, "damage": -damage, "death": -death, "legendary": legendary}


# -- a refill that saves a life -------------------------------------------------------------------
UNSEEN = ["demigod", "witch", "wraith", "troll", "trampled", "the-giant", "goblin"]  # and "lured"


def refill_decides_the_end(unseen=UNSEEN):
    """Player 1 has taken 8 damage and has begun an adventure with Betrayed. Their middle comes
    from the hand (The Wicked) or from the Pool (The Rabid, whose refill they then see). Their
    only end is the Gargoyle, 5 glory and 7 damage: death at 15. Eight cards are unseen, the
    deck's seven (`unseen`) and player 2's Lured; player 3 is dead, every other card locked in
    their adventures. Of the unseen cards the Demigod and the Witch are ends of 5 glory and less
    damage: refilled, either is played instead of the Gargoyle, and player 1 lives."""
    placed = ["the-wicked", "gargoyle", "mocked", "lured", "betrayed", *unseen]
    pool = ["the-rabid", "spied-on", "challenged", "insulted", "summoned", "swallowed"]
    own = [("bit", "the-hungry", "hydra"), ("robbed", "the-frozen", "dwarf")]
    rest = [c for c in ALL_IDS if c not in {*placed, *pool, *(c for a in own for c in a)}]
    state = stacked(
        players=3,
        hands={0: ["the-wicked", "gargoyle", "mocked"], 1: ["lured"]},
        pool=pool,
        adventures={0: own, 2: [tuple(rest[i : i + 3]) for i in range(0, len(rest), 3)]},
        deck_top=unseen,
        achievements=[],
    )
    state.alive[2] = False
    state.deck.cards.remove("betrayed")
    state.building = ["betrayed"]
    return state


def test_a_refill_seen_before_the_end_is_chosen_is_walked_by_name():
    """Walked by its type only, the refill was an average end, worse than the Gargoyle: every
    row said certain death. Seen, it is the Demigod or the Witch 2 times in 8, and then it is
    played: death 3/4, as the engine's own walk over the eight unseen cards finds."""
    state = refill_decides_the_end()
    odds = decision_odds(state)
    rabid = odds.for_action("the-rabid").odds
    assert rabid["death"] == Fraction(3, 4)
    assert rabid == as_shown(turn_values(state, "the-rabid", 0))
    assert odds.for_action("the-wicked").odds["death"] == 1  # no refill: the Gargoyle it is


def test_an_effect_that_swaps_with_the_pool_is_chosen_knowing_the_refill():
    """With the Lich among the unseen cards (an end whose effect swaps a card of the player's
    adventures with a Pool card), the walk of the view and the engine's own walk agree on every
    number of both choices."""
    state = refill_decides_the_end([*UNSEEN[:-1], "lich"])
    odds = decision_odds(state)
    for action in state.legal_actions():
        assert odds.for_action(action).odds == as_shown(turn_values(state, action, 0)), action


# -- properties over game positions ----------------------------------------------------------------
def game_positions():
    """Decisions of seeded three- and four-player games, every fifth."""
    games = itertools.chain(
        decision_points(SLUG, 3, range(300, 306)), decision_points(SLUG, 4, range(400, 403))
    )
    return itertools.islice(games, 0, None, 5)


def seen_places(view, seat: int) -> list[str]:
    """The cards lying where `seat` sees them: the Pool, the cards being played, their hand,
    the adventures and the discard pile."""
    table = [
        card for adventures in view.adventures for adventure in adventures for card in adventure
    ]
    return [*view.pool, *view.building, *view.hands[seat], *table, *view.deck.discards]


def test_a_card_face_up_is_never_a_stand_in_where_the_seat_chooses():
    """Every seat's view of a game position holds no stand-in where the seat sees; and walking
    on from the view of the seat to act (chance outcomes and choices at random, ten times each),
    wherever that seat chooses cards, neither do the Pool, its hand, the table and the discards,
    nor the cards its choice lists."""
    rng = random.Random(0)
    checked = 0
    for state in game_positions():
        for seat in range(state.players):
            view = turn_view(state, seat)
            assert not [c for c in seen_places(view, seat) if isinstance(c, Hidden)]
        seat = state.current_player()
        for _ in range(10):
            view = turn_view(state, seat)
            while not view.is_terminal():
                if view.is_chance_node():
                    outcomes = [o for o, _ in view.chance_outcomes()]
                    view.apply(rng.choice(outcomes))
                    continue
                legal = view.legal_actions()
                if view.current_player() == seat and view.phase in ("build", "effect"):
                    hidden = [
                        c for c in [*seen_places(view, seat), *legal] if isinstance(c, Hidden)
                    ]
                    assert not hidden, (state.seed, len(state.history), view.phase, hidden)
                    checked += 1
                view.apply(rng.choice(legal))
    assert checked > 500


def test_what_the_seat_cannot_see_changes_no_number():
    """The deck's order and the other hands dealt otherwise (the same cards, the same counts):
    every number shown is the same, at positions where the seat knows nothing of them."""
    rng = random.Random(1)
    compared = 0
    for state in game_positions():
        seat = state.current_player()
        known, _ = labels(state, seat)
        if set(known.values()) != {FIRST}:
            continue  # the seat knows where some hidden card is: moving it would tell
        if set(state.legal_actions()) & set(unseen_cards(state, seat)):
            continue  # the choice shows them (a hand stolen from, the deck's top foreseen)
        shown = decision_odds(state).to_json()
        if not any(action["odds"] for action in shown["actions"]):
            continue
        other = state.clone()
        unseen = unseen_cards(other, seat)
        rng.shuffle(unseen)
        other.deck.cards = unseen[: len(other.deck.cards)]
        rest = iter(unseen[len(other.deck.cards) :])
        for o, hand in enumerate(other.hands):
            if o != seat:
                other.hands[o] = [next(rest) for _ in hand]
        assert unseen_cards(other, seat) != unseen_cards(state, seat)
        assert decision_odds(other).to_json() == shown, (state.seed, len(state.history))
        compared += 1
    assert compared >= 10


def test_a_view_writes_no_card_table():
    """Working out the numbers of a decision, whose view learns the types of hidden cards,
    leaves the card tables as the data made them."""
    tables = (TYPE, BANNER, GLORY, DAMAGE, EFFECT)
    before = [dict(table) for table in tables]
    for state in itertools.islice(game_positions(), 6):
        decision_odds(state)
    assert [dict(table) for table in tables] == before
