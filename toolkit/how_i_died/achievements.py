"""Achievement requirements, small named functions registered by id.

A requirement is checked for the player who has just died, before their hand is discarded, with the
achievement card's `threshold`. Only The Reckless's requirement (die first) comes from the rulebook,
through its scoring example; the others are ours and the data marks them so.
"""

from __future__ import annotations

from collections.abc import Callable

from toolkit.data import DataError
from toolkit.how_i_died.cards import BANNER, BANNERS, catalog, data_dir, is_legendary

Requirement = Callable[..., bool]  # (state, seat, threshold) -> bool
REQUIREMENTS: dict[str, Requirement] = {}


def requirement(function: Requirement) -> Requirement:
    REQUIREMENTS[function.__name__] = function
    return function


@requirement
def first_to_die(state, seat, threshold) -> bool:
    return state.death_order[:1] == [seat]


@requirement
def last_to_die(state, seat, threshold) -> bool:
    return not any(alive for other, alive in enumerate(state.alive) if other != seat)


@requirement
def legendary_adventures(state, seat, threshold) -> bool:
    return sum(1 for adventure in state.adventures[seat] if is_legendary(adventure)) >= threshold


@requirement
def all_banners(state, seat, threshold) -> bool:
    seen = {BANNER[card] for adventure in state.adventures[seat] for card in adventure}
    return len(seen) == len(BANNERS)


@requirement
def effects_applied(state, seat, threshold) -> bool:
    return state.effects_applied[seat] >= threshold


@requirement
def exact_damage(state, seat, threshold) -> bool:
    return state.damage(seat) == threshold


@requirement
def damage_at_least(state, seat, threshold) -> bool:
    return state.damage(seat) >= threshold


@requirement
def adventures_at_least(state, seat, threshold) -> bool:
    return len(state.adventures[seat]) >= threshold


@requirement
def hand_at_least(state, seat, threshold) -> bool:
    return len(state.hands[seat]) >= threshold


def meets(state, seat, achievement_id: str) -> bool:
    card = ACHIEVEMENTS[achievement_id]
    return REQUIREMENTS[card.requirement](state, seat, card.threshold)


def check_requirement_ids(cards=None, path=None) -> None:
    for card in (catalog().achievements if cards is None else cards).values():
        if card.requirement not in REQUIREMENTS:
            raise DataError(
                path or data_dir() / "achievements.yaml",
                f"unknown requirement (known: {', '.join(sorted(REQUIREMENTS))})",
                card=card.id,
                field="requirement",
            )


check_requirement_ids()
ACHIEVEMENTS = catalog().achievements
