"""The Death May Die bots: the remembered reroll advice, and where the search bot searches."""

from __future__ import annotations

from dataclasses import replace

from toolkit.bots import GreedyBot, handed
from toolkit.death_may_die.bots import (
    _advice,
    evaluate,
    level_gain,
    roll_advice,
    roll_objective,
    search_bot,
    worth_a_search,
)
from toolkit.death_may_die.rerolls import advise, best_reroll
from toolkit.simulate import decision_points


def rolls() -> list[dict]:
    return [
        state.observation(state.current_player())
        for state in decision_points("death-may-die", 1, [0, 1])
        if state.front() == "roll"
    ]


def test_remembered_advice_is_fresh_advice_whatever_the_order_of_the_dice():
    observations = rolls()
    assert observations
    for observation in observations:
        _advice.cache_clear()
        fresh = roll_advice(observation)
        observation["roll"]["faces"].reverse()
        assert roll_advice(observation) == fresh  # remembered, from the dice in another order
        assert _advice.cache_info().hits == 1


def test_best_reroll_is_the_die_the_full_advice_rerolls():
    """The bots ask :func:`best_reroll`, which skips the values the advice explains itself with;
    the die must be the same, for every objective and stress a roll of these games meets."""
    for observation in rolls():
        faces = {"black": [], "green": []}
        for colour, face in observation["roll"]["faces"]:
            faces[colour].append(face)
        objective = roll_objective(observation)
        for stress in range(4):
            for tie_break in (None, objective.tie_break):
                asked = replace(objective, tie_break=tie_break)
                assert best_reroll(faces, stress, asked) == advise(faces, stress, asked).reroll


def test_the_search_searches_the_level_ups_and_there_finds_what_greedy_misses():
    """Level-ups are the choices searched, and only they, and the search overrules greedy at
    some."""
    level_ups, overruled = 0, 0
    for state in decision_points("death-may-die", 1, range(4), bot="greedy"):
        seat = state.current_player()
        view = state.players_view(seat)
        assert worth_a_search(view) == (state.front() == "level")
        if not worth_a_search(view) or len(state.legal_actions()) < 2:
            continue
        level_ups += 1
        greedy = GreedyBot(evaluate, 0)
        greedy_move = greedy.choose(handed(greedy, state, seat), state.legal_actions())
        search = search_bot(seat, 0)
        overruled += (
            search.choose(handed(search, state, seat), state.legal_actions()) != greedy_move
        )
    assert level_ups and overruled


def test_greedy_raises_a_skill_whose_next_level_adds_most():
    """Greedy used to raise Brawl first whatever it added (its first level-up adds no die), the
    choice the search found wrong at 52 of 113 level-ups; it now raises a skill whose next level
    adds most, Brawl only on a tie."""
    level_ups = 0
    for state in decision_points("death-may-die", 1, range(6), bot="greedy"):
        if state.front() != "level" or len(state.legal_actions()) < 2:
            continue
        level_ups += 1
        seat = state.current_player()
        me = state.observation(seat)["investigators"][seat]
        greedy = GreedyBot(evaluate, 0)
        chosen = greedy.choose(handed(greedy, state, seat), state.legal_actions())[1]
        gains = {kind: level_gain(me, kind) for _, kind in state.legal_actions()}
        assert gains[chosen] == max(gains.values()), (gains, chosen)
    assert level_ups


def test_a_lone_greedy_waits_for_the_elder_one_once_the_ritual_is_disrupted():
    """Greedy alone used to run to the Elder One, spending an action of the turn the fight begins
    (it comes to a lone investigator, and follows a run): once the ritual is disrupted it runs no
    more, though a run is on offer at every choice of action; before, it runs."""
    waits, runs_before = 0, 0
    for state in decision_points("death-may-die", 1, range(6), bot="greedy"):
        if state.front() != "actions":
            continue
        seat = state.current_player()
        assert ("run",) in state.legal_actions()
        greedy = GreedyBot(evaluate, 0)
        chosen = greedy.choose(handed(greedy, state, seat), state.legal_actions())
        if state.ritual_disrupted:
            assert chosen != ("run",)
            waits += 1
        else:
            runs_before += chosen == ("run",)
    assert waits and runs_before


def test_greedy_investigators_together_still_run_to_the_elder_one():
    """With two alive the Elder One turns to each in turn, so waiting reaches no fight: greedy
    still runs to it after the disruption."""
    runs = 0
    for state in decision_points("death-may-die", 2, range(3), bot="greedy"):
        if state.front() != "actions" or not state.ritual_disrupted:
            continue
        if sum(i["alive"] for i in state.investigators) < 2:
            continue
        seat = state.current_player()
        greedy = GreedyBot(evaluate, 0)
        runs += greedy.choose(handed(greedy, state, seat), state.legal_actions()) == ("run",)
    assert runs
