"""Shared helpers for the To the Death! tests."""

from toolkit.to_the_death.rules import ToTheDeathState

EXAMPLE_HAND = ["mender:2", "magician:7", "champion:8", "fighter:6", "champion:3"]


def solo_with(monster: str, hand=EXAMPLE_HAND, **options) -> ToTheDeathState:
    """A solo game whose opening hand and first monster are stacked."""
    game = ToTheDeathState(seed=0, **options)
    for card in hand:
        game.apply(card)
    game.apply(monster)
    return game


def uid_of(game, name: str) -> str:
    return next(u["uid"] for u in game.units.values() if u["name"] == name)
