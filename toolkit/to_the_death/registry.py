"""Where card behaviour is registered: small named functions keyed by card id, never evaluated text.

Three tables:

- ``STEPS``: the engine's resumable steps (``name -> function(game, *args)``). The engine keeps a
  stack of ``(function, args)`` pairs instead of Python call frames, so a state can stop for a
  decision or a card draw in the middle of an effect, be copied, saved and resumed.
- ``EFFECTS``: what an activated ability or a burst box does, keyed ``"<card id>/<ability key>"``;
  called as ``function(game, hero_uid)``.
- ``HOOKS``: passive and triggered abilities, ``HOOKS[hook][source id] = function(game, source, ...)``.
  A source is an ability that is working right now (a monster's printed ability, a progressive
  ability on the pile, a damage-card box, a temporary effect from an activation); the engine asks
  every working source whenever it computes a number (weapon value, armor, ...) or an event happens.
"""

from __future__ import annotations

from collections.abc import Callable

STEPS: dict[str, Callable] = {}
EFFECTS: dict[str, Callable] = {}
HOOKS: dict[str, dict[str, Callable]] = {}


def step(function: Callable) -> Callable:
    """Register an engine step under its function name."""
    if function.__name__ in STEPS:
        raise ValueError(f"step {function.__name__!r} registered twice")
    STEPS[function.__name__] = function
    return function


def effect(*ids: str) -> Callable:
    """Register what an ability does when activated (or a burst box when it fires)."""

    def register(function: Callable) -> Callable:
        for key in ids:
            if key in EFFECTS:
                raise ValueError(f"effect {key!r} registered twice")
            EFFECTS[key] = function
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
