"""Bots for Death May Die. The greedy bot plays the episode's plan (break the seals, then fight the
Elder One), rests when hurt and spends stress on rerolls as the reroll solver advises, only where a
reroll improves the roll's aim. It sees only the observation (the map is public, so it may measure
distances on it)."""

from __future__ import annotations

import math
from dataclasses import replace

from toolkit.bots import GreedyBot, RandomBot
from toolkit.death_may_die.board import load_board
from toolkit.death_may_die.cards import catalog
from toolkit.death_may_die.rerolls import Advice, Objective, advise
from toolkit.search import SearchBot


def roll_objective(observation: dict) -> Objective:
    """What a roll on the table is for: enough successes, or as little harm as possible."""
    roll = observation["roll"]
    if roll["purpose"] in ("enemy", "fire"):
        return Objective("fewest_harm")
    if roll["purpose"] == "attack":
        target = roll["target"]
        if target == "elder":
            return Objective("expected_successes", tie_break="tentacles")
        enemy = observation["enemies"].get(target)
        if enemy is None:
            return Objective("expected_successes")
        health = catalog().enemies[enemy["type"]].health - enemy["wounds"]
        return Objective("at_least", health, tie_break="tentacles")
    return Objective("at_least", roll["need"] or 1, tie_break="tentacles")


def roll_advice(observation: dict) -> Advice:
    """The solver's advice for the roll showing, with the stress the roller has left.

    Stress is spent only where a reroll raises the roll's own objective; the tentacle tie-break
    then only chooses which die. Followed alone, the tie-break ranks any tentacle shed above any
    stress kept, so it would spend the last stress rerolling tentacles off a roll already won and
    leave none for the enemy attacks and fire of the same turn."""
    roll = observation["roll"]
    me = observation["investigators"][observation["active"]]
    faces: dict[str, list[str]] = {"black": [], "green": []}
    for colour, face in roll["faces"]:
        faces[colour].append(face)
    stress_left = catalog().rules.max_stress - me["stress"]
    objective = roll_objective(observation)
    if objective.tie_break is not None:
        plain = advise(faces, stress_left, replace(objective, tie_break=None))
        if plain.reroll is None:
            return plain
    return advise(faces, stress_left, objective)


def _goal(observation: dict, board) -> list[str]:
    if observation["ritual_disrupted"] and observation["elder"]["space"]:
        return [observation["elder"]["space"]]
    seals = [s for spaces in observation["tokens"].values() for s in spaces]
    return seals or [board.start]


def evaluate(observation: dict, action) -> float:
    """A one-step score of `action`; higher is better."""
    step = observation["step"]
    if step == "roll":
        advice = roll_advice(observation)
        if action == ("accept",):
            return float(advice.reroll is None)
        colour, face = observation["roll"]["faces"][action[1]]
        if advice.reroll == (colour, face):
            first = observation["roll"]["faces"].index([colour, face])
            return 1.0 if first == action[1] else 0.5
        return 0.0
    me = observation["investigators"][observation["active"]]
    board = load_board(observation["map"])
    goal = _goal(observation, board)
    distance = min(board.distance[me["space"]][g] for g in goal)
    verb = action[0]
    if step == "actions":
        if verb == "episode":
            return 10.0 if action[1] == "break_seal" else 3.0
        if verb == "attack":
            return 9.0 if action[1] == "elder" else 6.0
        if verb == "rest":
            hurt = me["wounds"] >= 2 or me["stress"] >= 3
            return (2.0 if hurt else 0.3) * (action[1] * 1.5 + action[2])
        if verb == "run":
            return 5.0 if distance else 0.5
        return 0.1 if verb == "end_actions" else 0.0
    if step == "run":
        if verb == "stop":
            return -distance + 0.5
        return -min(board.distance[action[1]][g] for g in goal)
    if verb == "wound":
        return 1.0 if action[1] != "self" else (0.5 if me["wounds"] < 2 else 0.0)
    if verb == "level":
        return {"attack": 3, "guard": 2, "test": 2, "resolve": 1}[action[1]]
    if verb == "choose":
        return -action[1]
    return 0.0


def standing(state) -> list[float]:
    """How the table stands, in [-1, 1], where a search stops short of the end: the ritual
    disrupted and its seals taken, less investigators lost and the Elder One's steps along its
    track (weights set by hand, not fitted)."""
    if state.outcome is not None:
        return state.returns()
    facts = state.summary()
    progress = 2 * facts["ritual_disrupted"] - facts["seals_left"] / 2
    value = math.tanh((progress - facts["deaths"] - facts["elder_position"] / 4) / 2)
    return [value] * state.num_players


def worth_a_search(view) -> bool:
    """An investigator's choice of action shapes the turn; dice and targets the greedy score
    settles."""
    return view.pending[0]["kind"] == "actions"


def search_bot(seat: int, seed: int) -> SearchBot:
    """The core IS-MCTS bot at each choice of action, greedy play for the rest of the turn and
    beyond, :func:`standing` after `horizon` moves (a whole game of greedy playouts at every
    choice would take minutes)."""
    return SearchBot(
        seat,
        seed,
        iterations=10,
        horizon=40,
        estimate=standing,
        rollout=lambda s, sd: GreedyBot(evaluate, sd),
        searches=worth_a_search,
    )


BOTS = {
    "random": lambda seat, seed: RandomBot(seed),
    "greedy": lambda seat, seed: GreedyBot(evaluate, seed),
    "search": search_bot,
}
