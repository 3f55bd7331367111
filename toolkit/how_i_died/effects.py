"""The sixteen card effects, each a pair of small named functions registered by id.

An effect is chosen in steps. ``choices(state, seat, picks)`` lists the options for the next step
given the picks so far (card ids or seats); once ``steps`` picks are made, ``resolve(state, seat,
picks)`` carries the effect out. The engine offers ``PASS`` before the first pick (effects are
optional) and skips an effect by itself when it has no first option. Once a player has started an
effect, they finish it: a first pick may reveal hidden cards (an opponent's hand, the top of the deck).

Four effects are described by the rulebook (source "rulebook"); the other twelve, The Barbaric's
included (its text is cut off in our copy), are ours (source "constructed"). Data files name effects
by id and the engine looks them up here; nothing is ever evaluated from a string.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from toolkit.data import DataError
from toolkit.how_i_died.cards import CARDS, HAND_SIZE, POOL_SIZE, TYPE, data_dir

if TYPE_CHECKING:
    from toolkit.how_i_died.rules import HowIDiedState

Choices = Callable[["HowIDiedState", int, tuple], list]
Resolve = Callable[["HowIDiedState", int, tuple], None]


@dataclass(frozen=True)
class Effect:
    id: str
    source: str  # "rulebook" or "constructed"
    summary: str  # our words, shown in the widget and the book
    steps: int
    choices: Choices
    resolve: Resolve


EFFECTS: dict[str, Effect] = {}


def register(effect_id: str, source: str, steps: int, summary: str, choices: Choices):
    """Register `resolve` under `effect_id`, with the function that lists its choices."""

    def decorate(resolve: Resolve) -> Resolve:
        EFFECTS[effect_id] = Effect(effect_id, source, summary, steps, choices, resolve)
        return resolve

    return decorate


# -- helpers over the table --------------------------------------------------------------------
def own_cards(state, seat) -> list[str]:
    return [card for adventure in state.adventures[seat] for card in adventure]


def opponent_cards(state, seat) -> list[str]:
    return [
        card
        for other in state.living_opponents(seat)
        for adventure in state.adventures[other]
        for card in adventure
    ]


def same_type(cards, card) -> list[str]:
    """The partners of `card` among `cards`, which hold `card` itself: the others of its type.
    Only the card itself is left out, once: in a player's view the hidden cards of a group
    whose type is known share one name, and another of that name is a partner of its own."""
    found = of_type(cards, card)
    found.remove(card)
    return found


def of_type(cards, card) -> list[str]:
    """The partners of `card` among `cards` from another place (a hand, the Pool): every card
    of its type."""
    kind = TYPE[card]
    return [c for c in cards if TYPE[c] == kind]


def with_same_type(cards) -> list[str]:
    """Those of `cards` that share their type with another of them (most often all of them)."""
    counts = Counter(map(TYPE.__getitem__, cards))
    alone = [kind for kind, count in counts.items() if count == 1]
    return [c for c in cards if TYPE[c] not in alone] if alone else list(cards)


def with_partner(cards, partners) -> list[str]:
    """Those of `cards` whose type appears among `partners` (a swap needs both ends)."""
    kinds = {TYPE[c] for c in partners}
    return [c for c in cards if TYPE[c] in kinds]


def source_card(state) -> str:
    """The card whose effect is being resolved."""
    return state.resolving


# -- the four effects the rulebook describes ---------------------------------------------------
def swap_table_choices(state, seat, picks):
    table = state.table_cards()
    if not picks:
        return with_same_type(table)
    return same_type(table, picks[0])


@register(
    "swap_table",
    "rulebook",
    2,
    "Swap two cards of the same type (I/II/III) anywhere on the table: living players' "
    "adventures or the Pool.",
    swap_table_choices,
)
def swap_table(state, seat, picks):
    state.swap(*picks)


def mounted_choices(state, seat, picks):
    hand = state.hands[seat]
    if not picks:
        mine = [c for c in own_cards(state, seat) if c != source_card(state)]
        return with_partner(mine, hand)
    return of_type(hand, picks[0])


@register(
    "mounted",
    "rulebook",
    2,
    "Swap a card in one of your adventures (not this one) with a card of the same type "
    "from your hand.",
    mounted_choices,
)
def mounted(state, seat, picks):
    state.swap(*picks)


def deadly_choices(state, seat, picks):
    hand = state.hands[seat]
    if not picks:
        return with_partner(opponent_cards(state, seat), hand)
    return of_type(hand, picks[0])


@register(
    "the_deadly",
    "rulebook",
    2,
    "Swap a card in an opponent's adventure with a card of the same type from your hand.",
    deadly_choices,
)
def the_deadly(state, seat, picks):
    state.swap(*picks)


def manipulated_choices(state, seat, picks):
    return list(state.living_opponents(seat))


@register(
    "manipulated", "rulebook", 1, "Swap your whole hand with an opponent's.", manipulated_choices
)
def manipulated(state, seat, picks):
    other = picks[0]
    mine, theirs = state.hands[seat], state.hands[other]
    state.hands[seat], state.hands[other] = theirs, mine
    state.given_unseen(seat, mine, other, mine)
    state.given_unseen(other, theirs, seat, theirs)


# -- the twelve constructed effects ------------------------------------------------------------
def barbaric_choices(state, seat, picks):
    if not picks:
        return with_partner(opponent_cards(state, seat), state.pool)
    return of_type(state.pool, picks[0])


@register(
    "barbaric",
    "constructed",
    2,
    "Swap a card in an opponent's adventure with a card of the same type from the Pool.",
    barbaric_choices,
)
def barbaric(state, seat, picks):
    state.swap(*picks)


def pool_swap_choices(state, seat, picks):
    if not picks:
        return with_partner(own_cards(state, seat), state.pool)
    return of_type(state.pool, picks[0])


@register(
    "pool_swap",
    "constructed",
    2,
    "Swap a card in one of your adventures with a card of the same type from the Pool.",
    pool_swap_choices,
)
def pool_swap(state, seat, picks):
    state.swap(*picks)


def swap_own_choices(state, seat, picks):
    mine = own_cards(state, seat)
    if not picks:
        return with_same_type(mine)
    return same_type(mine, picks[0])


@register(
    "swap_own",
    "constructed",
    2,
    "Swap two cards of the same type between two of your own adventures.",
    swap_own_choices,
)
def swap_own(state, seat, picks):
    state.swap(*picks)


def draw_two_choices(state, seat, picks):
    return ["draw"] if state.cards_to_draw() else []


@register("draw_two", "constructed", 1, "Draw two cards.", draw_two_choices)
def draw_two(state, seat, picks):
    state.hands[seat].extend(state.draw_cards(2))


def take_from_pool_choices(state, seat, picks):
    return list(state.pool)


@register(
    "take_from_pool",
    "constructed",
    1,
    "Take a card from the Pool into your hand; the Pool is refilled at once.",
    take_from_pool_choices,
)
def take_from_pool(state, seat, picks):
    state.take_from_pool(picks[0])
    state.hands[seat].append(picks[0])
    state.seen_going(picks[:1], seat)


def trade_with_pool_choices(state, seat, picks):
    if not picks:
        return list(state.hands[seat]) if state.pool else []
    return list(state.pool)


@register(
    "trade_with_pool",
    "constructed",
    2,
    "Swap a card from your hand with any card in the Pool (types need not match).",
    trade_with_pool_choices,
)
def trade_with_pool(state, seat, picks):
    state.swap(*picks)


def new_pool_choices(state, seat, picks):
    return ["redeal"] if state.cards_to_draw() else []


@register(
    "new_pool",
    "constructed",
    1,
    "Discard the whole Pool and lay out six new cards.",
    new_pool_choices,
)
def new_pool(state, seat, picks):
    state.deck.discard(state.pool)
    state.pool[:] = []
    state.pool.extend(state.draw_cards(POOL_SIZE))


def redraw_hand_choices(state, seat, picks):
    return ["redraw"] if state.hands[seat] or state.cards_to_draw() else []


@register(
    "redraw_hand",
    "constructed",
    1,
    "Discard your hand and draw six new cards.",
    redraw_hand_choices,
)
def redraw_hand(state, seat, picks):
    state.deck.discard(state.hands[seat])
    state.hands[seat][:] = []
    state.hands[seat].extend(state.draw_cards(HAND_SIZE))


def steal_choices(state, seat, picks):
    if not picks:
        return [other for other in state.living_opponents(seat) if state.hands[other]]
    return list(state.hands[picks[0]])


@register(
    "steal",
    "constructed",
    2,
    "Look at an opponent's hand and take one card of your choice from it.",
    steal_choices,
)
def steal(state, seat, picks):
    other, card = picks
    before = list(state.hands[other])
    state.shown_to(seat, before)
    state.hands[other].remove(card)
    state.hands[seat].append(card)
    state.given_unseen(other, (card,), seat, before)


FORESEE_CARDS = 3  # cards foresee looks at


def foresee_choices(state, seat, picks):
    if not picks:
        return ["look"] if len(state.deck) else []
    return state.deck.peek(FORESEE_CARDS)


@register(
    "foresee",
    "constructed",
    2,
    "Look at the top three cards of the deck, take one, put the others at the bottom.",
    foresee_choices,
)
def foresee(state, seat, picks):
    looked = state.deck.peek(FORESEE_CARDS)
    state.shown_to(seat, looked)
    state.taken_unseen(seat, looked)
    for card in looked:
        state.deck.remove(card)
    state.hands[seat].append(picks[1])
    state.deck.put_on_bottom([card for card in looked if card != picks[1]])


def gift_choices(state, seat, picks):
    if not picks:
        return list(state.hands[seat]) if state.living_opponents(seat) else []
    return list(state.living_opponents(seat))


@register("gift", "constructed", 2, "Give a card from your hand to an opponent.", gift_choices)
def gift(state, seat, picks):
    card, other = picks
    before = list(state.hands[seat])
    state.hands[seat].remove(card)
    state.hands[other].append(card)
    state.given_unseen(seat, (card,), other, before)


def scavenge_choices(state, seat, picks):
    return list(state.deck.discards)


@register(
    "scavenge",
    "constructed",
    1,
    "Take any card from the discard pile into your hand.",
    scavenge_choices,
)
def scavenge(state, seat, picks):
    state.deck.discards.remove(picks[0])
    state.hands[seat].append(picks[0])
    state.seen_going(picks[:1], seat)


def check_effect_ids(cards=None, path=None) -> None:
    """Every effect a card names must be registered here (errors name the file, card and field)."""
    for card in (CARDS if cards is None else cards).values():
        if card.effect is not None and card.effect not in EFFECTS:
            raise DataError(
                path or data_dir() / "adventures.yaml",
                f"unknown effect (known: {', '.join(sorted(EFFECTS))})",
                card=card.id,
                field="effect",
            )


check_effect_ids()
