"""What each kind of Fate card does: one registered entry a kind, so a new kind is one entry here.

A kind is an effect function, registered under its name with ``@kind(window, plays)``: the Fate
window its cards are played in, which plays a card of it has now, and what playing it does.

``plays(state, seat, card_id)`` lists the actions by which `seat` may play the card now, one a
target (none: it cannot be played now); a kind without it needs no look at the table, so its card is
played by the one action ``("fate", card_id)`` whenever its window is open (the dice cards, the
commonest, which the engine offers without a call). A kind whose plays depend on who plays it (their
own party, or the others') says so with ``per_seat=True``: the engine asks the others' plays once
for every seat while players only pass, as a pass changes nothing on the table. ``effect(state, seat, card, action)`` changes
the turn's fields of the state and returns True when it has set up the next position itself (a die
to roll, or the same plays offered again), False when the window goes on asking. A card that changes
the pool says how with ``pool(modifiers, card)``, the :class:`toolkit.epic_death.odds.PoolModifiers`
after it, so the odds of the quest after it can be asked (the greedy bot does).

The data files name each card's kind; the engine looks the kind up here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from toolkit.epic_death.odds import PoolModifiers
    from toolkit.epic_death.rules import EpicDeathState

# The Fate windows of a turn, in order: after the quest is chosen, before the roll, after it.
WINDOWS = ("targets", "before_roll", "after_roll")

Plays = Callable[["EpicDeathState", int, str], list]
Effect = Callable[["EpicDeathState", int, Any, tuple], bool]
Pool = Callable[["PoolModifiers", Any], "PoolModifiers"]


@dataclass(frozen=True)
class FateKind:
    name: str
    window: str  # one of WINDOWS
    effect: Effect  # its docstring says what the kind does, in our words
    plays: Plays | None  # None: no target, playable whenever the window is open
    pool: Pool | None  # None: the card does not change the pool
    per_seat: bool  # whether its plays depend on the seat playing it, not only on the table


KINDS: dict[str, FateKind] = {}


def kind(window: str, plays: Plays | None = None, pool: Pool | None = None, per_seat=False):
    """Register `effect` as what a card of its name's kind does, played in `window`, with the
    functions listing its plays and changing the pool's modifiers, and whether the plays depend on
    the seat."""
    if window not in WINDOWS:
        raise ValueError(f"no Fate window {window!r} (they are {', '.join(WINDOWS)})")

    def register(effect: Effect) -> Effect:
        name = effect.__name__
        if name in KINDS:
            raise ValueError(f"Fate kind {name!r} registered twice")
        KINDS[name] = FateKind(name, window, effect, plays, pool, per_seat)
        return effect

    return register


# -- the pool ----------------------------------------------------------------------------------
@kind("before_roll", pool=lambda mods, card: replace(mods, dice=mods.dice + card.amount))
def add_dice(state, seat, card, action) -> bool:
    """The pool gains `amount` dice."""
    state.dice_change += card.amount
    return state.offer_again(seat, action)


@kind("before_roll", pool=lambda mods, card: replace(mods, dice=mods.dice - card.amount))
def remove_dice(state, seat, card, action) -> bool:
    """The pool loses `amount` dice."""
    state.dice_change -= card.amount
    return state.offer_again(seat, action)


@kind("before_roll", pool=lambda mods, card: replace(mods, plus_d6=mods.plus_d6 + 1))
def add_d6(state, seat, card, action) -> bool:
    """A die is rolled when played: the pool gains that many dice."""
    state.roll_d6(seat, +1)
    return True


@kind("before_roll", pool=lambda mods, card: replace(mods, minus_d6=mods.minus_d6 + 1))
def remove_d6(state, seat, card, action) -> bool:
    """A die is rolled when played: the pool loses that many dice."""
    state.roll_d6(seat, -1)
    return True


def frenzy_plays(state, seat, card_id) -> list:
    return [] if state.frenzy else [("fate", card_id)]


@kind("before_roll", frenzy_plays, pool=lambda mods, card: replace(mods, frenzy=True))
def frenzy(state, seat, card, action) -> bool:
    """The quest is rolled even with fewer dice than Victories needed, and a 6 counts twice."""
    state.frenzy = True
    return False


# -- after the roll ----------------------------------------------------------------------------
# A re-roll card's play names the dice it takes by kind, ("fate", card, failed, plain, sixes): dice
# of one kind are alike, so choosing how many of each is choosing which.
REROLLS = ("reroll_failures", "reroll_victories")  # the kinds that take dice to roll again


def reroll_failures_plays(state, seat, card_id) -> list:
    """One play for each number of failed dice, 1 up to the card's `amount`."""
    most = min(state.cards.fate[card_id].amount, state.failed_dice)
    return [("fate", card_id, failed, 0, 0) for failed in range(1, most + 1)]


@kind("after_roll", reroll_failures_plays)
def reroll_failures(state, seat, card, action) -> bool:
    """Up to `amount` dice that are not Victories, as many as the player chooses, are rolled
    again."""
    state.reroll(seat, *action[2:])
    return True


def reroll_victories_plays(state, seat, card_id) -> list:
    """One play for each choice of 1 up to the card's `amount` Victory dice. Under Frenzy a six
    (two Victories) and a plain Victory differ, so the play says how many of each; otherwise a
    Victory die is a Victory die, and the play says how many, plain ones named first."""
    amount, plain, sixes = state.cards.fate[card_id].amount, state.plain, state.sixes
    if state.frenzy:
        return [
            ("fate", card_id, 0, p, s)
            for p in range(min(amount, plain) + 1)
            for s in range(min(amount - p, sixes) + 1)
            if p + s
        ]
    most = min(amount, plain + sixes)
    return [("fate", card_id, 0, min(n, plain), n - min(n, plain)) for n in range(1, most + 1)]


@kind("after_roll", reroll_victories_plays)
def reroll_victories(state, seat, card, action) -> bool:
    """Up to `amount` Victory dice, as many as the player chooses, are rolled again."""
    state.reroll(seat, *action[2:])
    return True


# -- marked adventurers ------------------------------------------------------------------------
def deadly_plays(state, seat, card_id) -> list:
    if state.deadly:
        return []
    alive, under = state.alive, state.under
    return [("fate", card_id, a) for a in state.parties[state.active] if alive[a] and under[a]]


@kind("targets", deadly_plays)
def deadly(state, seat, card, action) -> bool:
    """Marks a living adventurer of the active party: it dies if the quest fails."""
    state.deadly = (seat, action[2])
    return False


def resurrect_plays(state, seat, card_id) -> list:
    if state.resurrect:
        return []
    alive, under = state.alive, state.under
    return [("fate", card_id, a) for a in state.parties[state.active] if not alive[a] and under[a]]


@kind("targets", resurrect_plays)
def resurrect(state, seat, card, action) -> bool:
    """Marks a dead adventurer of the active party: it lives again if the quest succeeds."""
    state.resurrect = (seat, action[2])
    return False


def ancient_pact_plays(state, seat, card_id) -> list:
    if not state.deadly or state.pact:
        return []
    doomed, alive, under = state.deadly[1], state.alive, state.under
    return [
        ("fate", card_id, a) for a in state.parties[seat] if alive[a] and under[a] and a != doomed
    ]


@kind("targets", ancient_pact_plays, per_seat=True)
def ancient_pact(state, seat, card, action) -> bool:
    """A Deadly card's mark moves onto a living adventurer of the pact player's own party; like
    the Deadly card itself, only onto one with a score (a card under it)."""
    state.pact = True
    state.deadly = (seat, action[2])
    return False


# -- loot --------------------------------------------------------------------------------------
def loot_envy_plays(state, seat, card_id) -> list:
    """("fate", card, their adventurer, loot card, my adventurer), for every loot card under a
    living adventurer of another party and every living one of mine."""
    alive, under, loot_cards = state.alive, state.under, state.cards.loot
    mine = [a for a in state.parties[seat] if alive[a]]
    return [
        ("fate", card_id, theirs, loot, to)
        for other, party in enumerate(state.parties)
        if other != seat
        for theirs in party
        if alive[theirs]
        for loot in under[theirs]
        if loot in loot_cards
        for to in mine
    ]


@kind("before_roll", loot_envy_plays, per_seat=True)
def loot_envy(state, seat, card, action) -> bool:
    """A loot card moves from another party to yours; a piece of the same class goes back."""
    _, _, owner, loot_id, to = action
    state.take_from(owner, loot_id)
    for piece in state.loot_of_class(to, state.cards.loot[loot_id].loot_class):
        state.take_from(to, piece)
        state.put_under(owner, piece)
    state.put_under(to, loot_id)
    return False
