"""Where card behaviour is registered: small named functions keyed by card id, never evaluated text.

Four tables:

- ``STEPS``: the game's steps on the core step machine (:mod:`toolkit.steps`), by name.
- ``EFFECTS``: what an activated ability or a burst box does, keyed ``"<card id>/<ability key>"``;
  called as ``function(game, hero_uid)``.
- ``BURSTS``: for a burst box's effect, what kind of thing it does (:class:`Burst`), declared where
  the effect is registered: the monster turn's solver (:mod:`toolkit.to_the_death.odds`) reads it
  to know what a burst fired in the middle of that turn changes.
- ``HOOKS``: passive and triggered abilities, ``HOOKS[hook][source id] = function(game, source, ...)``.
  A source is an ability that is working right now (a monster's printed ability, a progressive
  ability on the pile, a damage-card box, a temporary effect from an activation); the engine asks
  every working source whenever it computes a number (weapon value, armor, ...) or an event happens.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from toolkit.steps import Steps

STEPS = Steps()
step = STEPS  # register a step under its function's name: ``@step``
EFFECTS: dict[str, Callable] = {}
HOOKS: dict[str, dict[str, Callable]] = {}


class Burst(NamedTuple):
    """What a burst box does: ``kind`` is "draw" (a card to the hand), "heal" (another hero heals
    `amount`), "move" (a hero may change area) or "attack" (the hero attacks with weapons of
    `attacks`, the kinds it may use)."""

    kind: str
    amount: int = 0
    attacks: tuple[str, ...] = ()


BURSTS: dict[str, Burst] = {}


def effect(*ids: str, burst: Burst | None = None) -> Callable:
    """Register what an ability does when activated (or a burst box when it fires, with the kind
    of thing that burst does)."""

    def register(function: Callable) -> Callable:
        for key in ids:
            if key in EFFECTS:
                raise ValueError(f"effect {key!r} registered twice")
            EFFECTS[key] = function
            if burst is not None:
                BURSTS[key] = burst
        return function

    return register


def hook(name: str, *ids: str) -> Callable:
    """Register a passive or triggered ability of the sources `ids` for the hook `name`."""

    def register(function: Callable) -> Callable:
        table = HOOKS.setdefault(name, {})
        for key in ids:
            if key in table:
                raise ValueError(f"hook {name!r} of {key!r} registered twice")
            table[key] = function
        return function

    return register
