"""The exact numbers beside every choice in Epic Death!, from the seat's own view of the game.

Two kinds of decision, two sets of numbers:

- **the quest's fate** (choosing a quest, and every Fate window: each card one could play, each
  way to play it, and ``PASS``): how the quest ends after this choice, P(it succeeds), P(EPIC
  DEATH) on an Epic Quest, P(it fails), and P(one of your adventurers dies of it). The numbers
  assume that after this choice nobody, you included, plays another Fate card on this quest: the
  others' hands are unseen and their choices are theirs, and your own next card is a choice of
  its own row when you are asked again. So a rival's card reads as the quester's chance to fail.
- **placing** (the loot, the FAIL, who dies): your EPIC after it (only the dead count) and the
  EPIC lying under your living adventurers (it counts once they die).

:func:`walked` is the definition: the core :class:`toolkit.analysis.Walk` plays the engine from
``players_view(seat)``, every roll, re-roll and D6 a chance node, to the end of the quest, each
later decision taken by :func:`nobody_plays_on`. :func:`decision_odds` answers the quest's fate from
closed forms (:func:`toolkit.epic_death.odds.quest_odds` and the Victories of a re-roll), which are
fast; the differential test (``tests/epic_death/test_decision_odds.py``) checks every number they
give against :func:`walked`.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from toolkit.analysis import ActionOdds, DecisionOdds, Measure, Walk, patient
from toolkit.dist import Dist
from toolkit.epic_death.budgets import WALK_LIMIT
from toolkit.epic_death.fate import KINDS, REROLLS, WINDOWS
from toolkit.epic_death.odds import PoolModifiers, quest_odds, victories
from toolkit.epic_death.rules import EpicDeathState
from toolkit.state import Action
from toolkit.steps import PASS

ENDS = ("success", "epic_death", "fail")  # Quest.outcome's words
IF_NO_MORE = "if no more Fate cards"
SUCCESS = Measure("success", f"P(quest succeeds) {IF_NO_MORE}")
EPIC_DEATH = Measure("epic_death", f"P(EPIC DEATH) {IF_NO_MORE}")
FAIL = Measure("fail", f"P(quest fails) {IF_NO_MORE}")
DIES = Measure("dies", f"P(one of your adventurers dies) {IF_NO_MORE}")
EPIC = Measure("epic", "your EPIC after it (only the dead count)", chance=False)
WAITING = Measure("waiting", "EPIC under your living adventurers (counts once they die)", False)
PLACING = ("place_loot", "place_fail", "choose_death")
ASSUMPTION = (
    "Each row assumes that after it nobody, you included, plays another Fate card on this "
    "quest; the other hands and the decks are unseen, the dice exact."
)
PROMPTS = {
    "choose_quest": "Which quest to attempt",
    "targets": "Deadly, Resurrect and Ancient Pact cards",
    "before_roll": "Fate cards before the roll",
    "after_roll": "Fate cards after the roll",
    "place_loot": "Where the loot goes",
    "place_fail": "Who takes the FAIL",
    "choose_death": "Who dies",
}


def measures(state: EpicDeathState) -> tuple[Measure, ...]:
    """The numbers shown at this decision: P(EPIC DEATH) only where an Epic Quest is in play."""
    question = state.prompt.question
    if question in PLACING:
        return (EPIC, WAITING)
    if question == "choose_quest":
        epic = any(state.cards.quest(a[1]).epic_quest for a in state.legal_actions())
    else:
        epic = state.quest_card.epic_quest
    return (SUCCESS, EPIC_DEATH, FAIL, DIES) if epic else (SUCCESS, FAIL, DIES)


def decision_odds(state: EpicDeathState) -> DecisionOdds:
    """Every legal action of the seat to act with its exact numbers (see the module), worked
    out from the seat's view of the game only."""
    seat = state.current_player()
    shown = measures(state)
    question = state.prompt.question
    if question in PLACING:
        numbers = walked(state)
    else:
        view = state.players_view(seat)
        numbers = {action: quest_fate(view, seat, action) for action in state.legal_actions()}
    names = [m.name for m in shown]
    return DecisionOdds(
        state.game,
        seat,
        PROMPTS[question],
        shown,
        tuple(
            ActionOdds(
                action, state.action_to_string(action), {n: numbers[action][n] for n in names}
            )
            for action in state.legal_actions()
        ),
        "" if question in PLACING else ASSUMPTION,
    )


# -- the definition: the engine walked from the seat's view -----------------------------------
def nobody_plays_on(state: EpicDeathState) -> list[tuple[Action, Fraction]]:
    """Every decision after the one being weighed: ``PASS`` in a Fate window; who dies of an EPIC
    DEATH or a failed Epic Quest, the first living adventurer, as no number shown depends on
    which: the quest has ended and an adventurer of the party dies either way."""
    action = PASS if state.prompt.question in WINDOWS else state.legal_actions()[0]
    return [(action, Fraction(1))]


def walked(state: EpicDeathState) -> dict[Action, dict[str, Fraction]]:
    """Every legal action's numbers, walked through the engine from the seat's view."""
    seat = state.current_player()
    view = state.players_view(seat)
    placing = state.prompt.question in PLACING
    walk = Walk(
        seat=None,  # nobody maximises: each later decision follows nobody_plays_on
        stop=_after_this_move(view) if placing else _quest_over(view),
        measure=_placing_measure(view, seat) if placing else _fate_measure(view, seat),
        others=nobody_plays_on,
        limit=patient(WALK_LIMIT),
    )
    names = (EPIC.name, WAITING.name) if placing else (*ENDS, DIES.name)
    numbers = {}
    for action in view.legal_actions():
        after = view.clone()
        after.apply_listed(action)
        numbers[action] = dict(zip(names, walk.value(after), strict=True))
    return numbers


def _quest_over(root: EpicDeathState) -> Callable[[EpicDeathState], bool]:
    """The quest has ended and whoever dies of it is dead: the engine has recorded the attempt
    and waits for no choice of who dies. Cards are drawn only after this (loot for a success)."""
    attempts = len(root.results)
    return lambda state: len(state.results) > attempts and state.stage() != "choose_death"


def _after_this_move(root: EpicDeathState) -> Callable[[EpicDeathState], bool]:
    moves = len(root.history) + 1
    return lambda state: len(state.history) >= moves


def _fate_measure(root: EpicDeathState, seat: int):
    """1 or 0 for each way the quest ends (the engine's record of it), and for whether an
    adventurer of `seat` that was alive is now dead."""
    attempts, mine = len(root.results), [a for a in root.parties[seat] if root.alive[a]]

    def measure(state: EpicDeathState) -> tuple[int, ...]:
        end = state.results[attempts][2]
        dies = any(not state.alive[a] for a in mine)
        return (*(int(end == word) for word in ENDS), int(dies))

    return measure


def _placing_measure(root: EpicDeathState, seat: int):
    def measure(state: EpicDeathState) -> tuple[int, int]:
        party = state.parties[seat]
        waiting = sum(state.adventurer_score(a) for a in party if state.alive[a])
        return state.scores()[seat], waiting

    return measure


# -- the fast closed forms, checked against the walk -------------------------------------------
def quest_fate(state: EpicDeathState, seat: int, action: Action) -> dict[str, Fraction]:
    """How the quest ends after `action` if nobody plays another card: the Victories rolled (or
    kept and re-rolled), then who dies by the Deadly mark or the active player's choice."""
    choosing = state.prompt.question == "choose_quest"
    quest = state.cards.quest(action[1]) if choosing else state.quest_card
    p = quest_ends(quest, _victories_after(state, action, quest))
    deadly = state.deadly
    if (
        action != PASS
        and action[0] == "fate"
        and state.cards.fate[action[1]].kind
        in (
            "deadly",
            "ancient_pact",
        )
    ):
        deadly = (seat, action[2])
    mine = state.parties[seat]
    active = state.active == seat
    dies = p["epic_death"] * active
    if deadly:
        dies += p["fail"] * (deadly[1] in mine)
    elif quest.epic_quest:
        dies += p["fail"] * active
    return {**p, "dies": dies}


def quest_ends(quest, rolled: Dist) -> dict[str, Fraction]:
    """The chance of each way the quest ends (:data:`ENDS`) when it is rolled with Victories
    `rolled`, by the card's own :meth:`~toolkit.epic_death.cards.Quest.outcome`. With the
    Victories of a plain pool it is what the quest line shows, the numbers of choosing it."""
    ends = rolled.map(quest.outcome).pmf()
    return {word: Fraction(ends.get(word, 0)) for word in ENDS}


def plain_pool(quest) -> Dist:
    """The Victories of a quest rolled with no Fate card played (a pool too small rolls none)."""
    return quest_odds(quest.victories, quest.difficulty).victories


def _victories_after(state: EpicDeathState, action: Action, quest) -> Dist:
    question = state.prompt.question
    if question == "choose_quest":
        return plain_pool(quest)
    if question == "after_roll":
        six = 2 if state.frenzy else 1
        now = state.plain + state.sixes * six
        if action == PASS:
            return Dist.constant(now)
        card = state.cards.fate[action[1]]
        if card.kind not in REROLLS:
            return Dist.constant(now)
        _, _, failed, plain, sixes = action
        kept = now - plain - sixes * six
        again = victories(failed + plain + sixes, quest.difficulty, state.frenzy)
        return again.map(lambda rolled: kept + rolled)
    modifiers = PoolModifiers(dice=state.dice_change, frenzy=state.frenzy)
    if action != PASS:
        card = state.cards.fate[action[1]]
        change = KINDS[card.kind].pool
        if change is not None:
            modifiers = change(modifiers, card)
    return quest_odds(quest.victories, quest.difficulty, modifiers).victories
