"""Picks (:class:`~toolkit.position.Pick`) checked against a game's set-up, shared by the games'
``test_picks.py``: every option of every pick written into a description gives one the game
builds, or refuses with a :class:`~toolkit.position.PositionError` naming a field (never another
exception); and a picked position that builds describes itself again the same way.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from copy import deepcopy
from typing import Any

from position_check import round_trip

from toolkit.games import get_game
from toolkit.position import Pick, PositionError, at


def values(pick: Pick, description: Mapping) -> Iterator[Any]:
    """Each option of `pick` as a value to write: the option itself for a pick of one; for a pick
    of many, the list there now with its first entry made the option (the list's length kept, so
    that the option is tried where it can fit), or the option alone where the list is empty."""
    now = at(description, pick.path, [])
    for _, option in pick.options:
        if not pick.many:
            yield option
        elif isinstance(now, list) and now:
            yield [option, *now[1:]]
        else:
            yield [option]


def every_option(slug: str, description: Mapping) -> tuple[int, int]:
    """Every option of every pick of `description` applied and set up: (built, refused). A
    refusal must be a PositionError naming a field; any other exception fails."""
    spec = get_game(slug)
    built = refused = 0
    chosen = spec.picks(description)
    assert chosen, f"no picks for {slug}"
    labels = [pick.label for pick in chosen]
    assert len(set(labels)) == len(labels), f"two picks with one name: {labels}"
    for pick in chosen:
        assert pick.label and pick.options, pick
        words = [w for w, _ in pick.options]
        assert len(set(words)) == len(words), f"{pick.label}: two options with the same words"
        assert all(isinstance(w, str) and w for w in words), pick.label
        for value in values(pick, description):
            changed = pick.apply(description, value)
            try:
                spec.position(changed)
            except PositionError as error:
                assert error.field, error
                refused += 1
            else:
                built += 1
    return built, refused


def round_trips(slug: str, description: Mapping, pick: Pick, value: Any) -> dict:
    """The description with `pick` set to `value`, which must build: its game holds the round
    trip of :func:`position_check.round_trip` (described, built again, described the same way in
    the game's own form, defaults written out and lists sorted, with the same numbers), with the
    picked value in its place (a pick of one entry of a list the game keeps sorted, a card in
    hand: in that list). Returns the described form."""
    spec = get_game(slug)
    changed = pick.apply(description, value)
    built = round_trip(slug, spec.position(changed))
    told = spec.describe(built)
    here = at(told, pick.path)
    if pick.many:
        assert sorted(here) == sorted(value), (here, value)
    elif type(pick.path[-1]) is int and here != value:
        kept = at(told, pick.path[:-1])
        assert kept == sorted(kept, key=str) and value in kept, (kept, value)
    else:
        assert here == value, (here, value)
    return told


def each_pick_round_trips(slug: str, description: Mapping, picks: list[Pick] | None = None) -> int:
    """For each pick (by default all the game's picks of `description`), the first of its
    options that sets up holds :func:`round_trips`; every pick must have one. Returns how many
    picks were tried."""
    spec = get_game(slug)
    picks = spec.picks(description) if picks is None else picks
    tried = 0
    for chosen in picks:
        for value in values(chosen, description):
            try:
                spec.position(chosen.apply(description, value))
            except PositionError:
                continue
            round_trips(slug, description, chosen, value)
            tried += 1
            break
    assert tried == len(picks)
    return tried


ODD = (None, 5, "x", [], {}, [None], {"a": 1}, True)


def parts(description: Any, path: tuple = ()) -> Iterator[tuple]:
    """The path of every part of a description, below its top."""
    if path:
        yield path
    if isinstance(description, dict):
        for key, value in description.items():
            yield from parts(value, (*path, key))
    elif isinstance(description, list):
        for index, value in enumerate(description):
            yield from parts(value, (*path, index))


def odd_parts_are_no_trouble(slug: str, description: Mapping) -> int:
    """Each part of `description` made something it should not be (nothing, a number, a word,
    an empty list or mapping...): the picks of the odd description are still made, each with
    options, and each applies its first option without an error (the set-up then names the odd
    field). Returns how many odd descriptions were tried."""
    spec = get_game(slug)
    tried = 0
    for path in list(parts(description)):
        for odd in ODD:
            changed = deepcopy(dict(description))
            place = at(changed, path[:-1])
            place[path[-1]] = odd
            for pick in spec.picks(changed):
                assert pick.options, (path, odd, pick.label)
                first = pick.options[0][1]
                pick.apply(changed, [first] if pick.many else first)
            tried += 1
    return tried


def picked_as_described(slug: str, description: Mapping) -> int:
    """From a description in the game's own form (as it describes a game), every option of
    every pick that sets up gives a description the game built from it describes exactly so:
    the picks keep the form (sorted lists, counts that follow). Returns how many were tried."""
    spec = get_game(slug)
    assert spec.describe(spec.position(description)) == description, "not in the game's form"
    tried = 0
    for pick in spec.picks(description):
        for value in values(pick, description):
            changed = pick.apply(description, value)
            try:
                built = spec.position(changed)
            except PositionError:
                continue
            assert spec.describe(built) == changed, (pick.label, value)
            tried += 1
    return tried
