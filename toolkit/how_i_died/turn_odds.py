"""The numbers beside each choice of a turn: the exact walk of the rest of the turn, played by
the engine from what the player can see (:mod:`toolkit.how_i_died.view`).

Every choice of a turn (a card to play, an effect's steps, a skip, an achievement to claim) is
made by the player whose turn it is; nobody else acts before the turn ends, so the walk assumes
nothing of other players. It ends where the turn ends, after the pulse check and any claim, and
reads there what changed for the player:

* ``glory``: the expected glory gained this turn (adventures, Legendary doubling, swaps made by
  effects either way, an achievement claimed on dying);
* ``damage`` and ``death``: the expected damage taken this turn and the chance of dying at its
  pulse check;
* ``legendary``: the chance of a new Legendary Adventure this turn (the player holds more of them
  than when the turn began, whichever adventure the effects made one).

All four under one play, the player's: the most glory, then the least damage, then staying
alive, then a new Legendary Adventure, each later aim breaking the earlier one's ties.

Each is worked out by :class:`toolkit.analysis.Walk`: every card drawn or looked at is a chance
node over the cards the player cannot see. A choice whose walk does not fit in what is left
of the decision's :data:`LIMIT` positions (:func:`answers` shares them out) shows no number, and
the note says so; the first card of a turn, its effect and a new hand of six often do not fit.
What makes a walk large is the end of the turn: every end the player could play, and for each
end with a table swap, every card of their adventures swapped with the best card of each kind
on the table (type, banner and damage: the one with the most glory); and each refill the player
sees, revealed card by card before their next choice. Some of it is counted as a whole rather
than walked: a refill just before such a swap adds only its own swaps to the best without it, an
end with a swap is counted without being played (taken from the Pool, for every card its refill
may be), the cards a foresee or a steal shows by the sets they may be, and a turn's end and the
end card's choice are looked up by what they read (see HowIDiedView.end_swap,
HowIDiedView.counted_after and HowIDiedView.position). So does every choice while the player's
knowledge of the hidden cards is not exact (:mod:`toolkit.how_i_died.knowledge`).
Nothing is estimated.
"""

from __future__ import annotations

from fractions import Fraction

from toolkit.analysis import (
    WAIT_FOR_THEM,
    ActionOdds,
    DecisionOdds,
    Measure,
    MemoFull,
    Walk,
    WalkTooLarge,
    heard,
    patient,
)
from toolkit.how_i_died.budgets import LIMIT, MIN_LIMIT
from toolkit.how_i_died.cards import is_legendary
from toolkit.how_i_died.rules import HowIDiedState, names
from toolkit.how_i_died.view import walk_view

MEASURES = (
    Measure("glory", "expected glory this turn", chance=False),
    Measure("damage", "expected damage this turn", chance=False),
    Measure("death", "P(you die this turn)"),
    Measure("legendary", "P(a new Legendary this turn)"),
)
#: What the walk plays for, in words and as the measures compared in turn (+1 the more the
#: better, -1 the less): the order of the values it maximises (see :func:`turn_walk`).
AIM = (
    "the most expected glory this turn (ties: the least damage, then the least chance of dying, "
    "then a new Legendary)",
    (("glory", 1), ("damage", -1), ("death", -1), ("legendary", 1)),
)


def legendaries(state, seat: int) -> int:
    return sum(1 for adventure in state.adventures[seat] if is_legendary(adventure))


def turn_walk(view, seat: int, limit: int, reached: list[int], memo: dict | None = None) -> Walk:
    """The walk of the rest of this turn from `view`, playing for :data:`AIM`: glory, then least
    damage, then staying alive, then a new Legendary Adventure; its values are those measures in
    that order, damage and death negated (the walk maximises). ``reached[0]`` counts the
    positions it reaches, turn ends and positions met again included (each was copied and played
    to), and past `limit` the walk is refused. Walks from the same `view` may share a `memo`."""
    legendary_before = legendaries(view, seat)
    glory_before, damage_before = view.glory(seat), view.damage(seat)

    def gains(state) -> tuple[int, int, int, int]:
        return (
            state.glory(seat) - glory_before,
            damage_before - state.damage(seat),
            -int(not state.alive[seat]),
            int(legendaries(state, seat) > legendary_before),
        )

    def count(positions: int = 1) -> None:
        reached[0] += positions
        if reached[0] > limit:
            raise WalkTooLarge(limit)

    def measure(state):
        count()
        return gains(state)

    def key(state):
        """The memo's key (see HowIDiedView.position): positions that play out alike."""
        count()
        return state.position()

    def key_after(state, action):
        """The key after `action` where the view can tell it unplayed (see
        HowIDiedView.key_after). A position the memo holds found so is not counted: it is
        neither copied nor played to, and the actions of one position counted bound it."""
        return state.key_after(action)

    def alike(state, action):
        """Choices that end the turn alike (see HowIDiedView.alike): one is walked."""
        return state.alike(action)

    def enough(state, actions):
        """The choices worth walking for the best (see HowIDiedView.enough)."""
        return state.enough(actions)

    def merge(state, outcome):
        """Cards revealed that score alike (see HowIDiedView.outcome_alike): one is walked."""
        return state.outcome_alike(outcome)

    def part(state, walk, value):
        """The end's table swap, worked out as a whole (see HowIDiedView.end_swap): each end
        it looks up counts as a position reached."""
        found = state.end_swap(value, memo)
        if found is not None:
            count(found[1])
        return found

    def after(state, action, value):
        """A choice whose outcome the view counts as a whole without playing it (an end with a
        swap, a foresee, a steal: see HowIDiedView.counted_after): each position it looks up
        counts as a position reached."""
        found = state.counted_after(action, value, memo)
        if found is not None:
            count(found[1])
        return found

    return Walk(seat, lambda state: False, measure, merge=merge, key=key, key_after=key_after,
                alike=alike, enough=enough, part=part, after=after, limit=limit,
                memo=memo)  # fmt: skip


def answer(
    view, seat: int, action, limit: int, memo: dict | None = None
) -> tuple[dict[str, Fraction] | None, int]:
    """The numbers after `action` (None if its walk passes `limit` positions) and the positions
    the walk reached, with the positions `memo` holds (worked out from `view` before) known."""
    after = view.clone()
    after.apply_listed(action)
    reached = [0]
    try:
        values = turn_walk(view, seat, limit, reached, memo).value(after)
    except MemoFull:
        raise  # the decision's memo is full: no choice is answered after it
    except WalkTooLarge:
        return None, limit
    return numbers(values), reached[0]


def numbers(values) -> dict[str, Fraction]:
    """A walk's values as the measures shown."""
    glory, damage, death, legendary = values
    return {"legendary": legendary, "glory": glory, "damage": -damage, "death": -death}


#: The memo of the last decision asked, and what it was asked from (see :func:`shared_memo`).
_LAST: list = [None, {}]


def shared_memo(view, seat: int) -> dict:
    """The memo for the walks from `view`: the one the last decision's walks filled if it was
    asked from the same view (the same position and all that its turn's end reads: the seat,
    the achievements on the table and claimed, the order of deaths) with more
    :func:`~toolkit.analysis.patience` than the widget's, else a new one. A widget asks one
    decision again and again with more patience: the positions a less patient walk finished
    are not walked again (a refused walk leaves only exact values). Without patience a decision
    is answered afresh, so that what it answers never depends on what was asked before."""
    asked = (seat, view.players, tuple(view.shown), tuple(view.claimed),
             tuple(view.death_order), view.position())  # fmt: skip
    if _LAST[0] != asked or patient(1) == 1:
        _LAST[:] = [asked, {}]
    return _LAST[1]


def answers(view, seat: int, legal) -> dict:
    """The numbers after each choice, within :data:`LIMIT` positions in all (times the
    :func:`~toolkit.analysis.patience` in force). Each choice is first given an equal share;
    those refused are tried again with twice as much while what is left allows, so that small
    walks are never crowded out by a large one, and a few large ones still get answered when the
    rest were small. A refused try counts in full, but the positions it finished are kept (one
    memo for every walk of the decision, kept for the decision asked again: :func:`shared_memo`):
    its retry, and the other choices' walks, do not walk them again. Each choice is told as soon
    as it is answered (:func:`~toolkit.analysis.heard`). A memo that would pass what it may keep
    (:func:`~toolkit.analysis.kept_within`) is emptied, and nothing more is answered."""
    memo = shared_memo(view, seat)
    alike: dict = {}  # choices that end alike share one walk (the first of them walks)
    for action in legal:
        alike.setdefault(view.alike(action), []).append(action)
    odds: dict = {action: {} for action in legal}
    budget = patient(LIMIT)
    left, share = list(alike.values()), max(budget // len(alike), MIN_LIMIT)
    while left and budget >= MIN_LIMIT:
        refused = []
        for same in left:
            limit = min(share, budget)
            try:
                found, reached = (
                    answer(view, seat, same[0], limit, memo) if limit >= MIN_LIMIT else (None, 0)
                )
            except MemoFull:
                memo.clear()  # the memory it holds is given back at once
                raise
            budget -= reached
            if found is None:
                refused.append(same)
                continue
            for action in same:
                odds[action] = found
                heard(action, found)  # its row fills now, before the rest are answered
        left, share = refused, share * 2
    return odds


def prompt(state) -> str:
    seat = state.current_player()
    return f"Player {seat + 1}: {state.prompt.question}"


def decision_odds(state) -> DecisionOdds:
    """Each legal choice of the player to act with the numbers of :data:`MEASURES`, from that
    player's view of the game (never from what they cannot see)."""
    seat = state.current_player()
    if not isinstance(state, HowIDiedState):  # the storytelling variant: won by votes
        return DecisionOdds(
            state.game,
            seat,
            "A story is told and voted on",
            (),
            tuple(ActionOdds(a, state.action_to_string(a), {}) for a in state.legal_actions()),
            "The storytelling variant is won by the table's votes: there is nothing to count.",
        )
    view = state.players_view(seat)
    if view.doubtful:
        return DecisionOdds(
            state.game,
            seat,
            prompt(state),
            MEASURES,
            tuple(ActionOdds(a, state.action_to_string(a), {}) for a in state.legal_actions()),
            "No numbers: another player took a card you could not follow from cards you could "
            f"tell apart ({names(view.doubtful)} may be "
            "in either place), so what you know is no longer counted exactly.",
        )
    legal = state.legal_actions()
    odds = answers(walk_view(view), seat, legal)
    refused = [state.action_to_string(action) for action in legal if not odds[action]]
    note = "The walk covers the rest of this turn, playing for glory; nobody else acts in it."
    if refused:
        note += (
            f" No numbers for {', '.join(refused)}: more positions than the {patient(LIMIT):,} a "
            f"decision may visit to work them out exactly ({WAIT_FOR_THEM})."
        )
    return DecisionOdds(
        game=state.game,
        seat=seat,
        prompt=prompt(state),
        measures=MEASURES,
        actions=tuple(
            ActionOdds(
                action,
                state.action_to_string(action),
                odds[action],
                "",
                refused=not odds[action],
            )
            for action in state.legal_actions()
        ),
        note=note,
    )
