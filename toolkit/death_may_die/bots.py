"""Bots for Death May Die. The greedy bot plays the episode's plan (break the seals, then fight the
Elder One), rests when hurt and spends stress on rerolls as the reroll solver advises, only where a
reroll improves the roll's aim. It sees only the observation (the map is public, so it may measure
distances on it)."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from toolkit.bots import GreedyBot, RandomBot
from toolkit.death_may_die.board import load_board
from toolkit.death_may_die.budgets import LEVEL_PLAYOUTS
from toolkit.death_may_die.cards import catalog, skill_value
from toolkit.death_may_die.rerolls import Objective, best_reroll
from toolkit.search import SearchBot
from toolkit.steps import PASS


def roll_objective(observation: dict) -> Objective:
    """What a roll on the table is for, as the reroll solver can weigh it: the reroll policy of
    the numbers beside each choice (``decisions.roll_aim``) read on the dice alone. A roll against
    you: the least harm, the successes your Dodge cancels not counted (fire is not dodged). Your
    attack: the target defeated, then the wounds it takes up to what it has left (the Elder
    One's stage takes no more than its health, the rest are lost), fewer tentacles breaking ties.
    A test: passed, fewer tentacles breaking ties."""
    roll = observation["roll"]
    cards = catalog()
    if roll["purpose"] in ("enemy", "fire"):
        me = _roller(observation)
        dodged = skill_value(cards, me, "guard") if roll["purpose"] == "enemy" else 0
        return Objective("fewest_harm", cancel=dodged)
    if roll["purpose"] == "attack":
        target = roll["target"]
        if target == "elder":
            elder = observation["elder"]
            stage = cards.elder_ones[observation["elder_one"]].stages[elder["stage"] - 1]
            return Objective("defeat", stage.health - elder["wounds"], tie_break="tentacles")
        enemy = observation["enemies"].get(target)
        if enemy is None:
            return Objective("expected_successes")
        health = cards.enemies[enemy["type"]].health - enemy["wounds"]
        return Objective("defeat", health, tie_break="tentacles")
    return Objective("at_least", roll["need"] or 1, tie_break="tentacles")


def _roller(observation: dict) -> dict:
    """The investigator whose roll is on the table: the seat to act (the active one's otherwise)."""
    seat = observation["to_play"]
    return observation["investigators"][observation["active"] if seat is None else seat]


def roll_advice(observation: dict) -> tuple[str, str] | None:
    """The die the reroll solver would reroll for the roll showing, as (colour, face), with the
    stress the roller has left; None to keep the roll.

    Stress is spent only where a reroll raises the roll's own objective; the tentacle tie-break
    then only chooses which die. Followed alone, the tie-break ranks any tentacle shed above any
    stress kept, so it would spend the last stress rerolling tentacles off a roll already won and
    leave none for the enemy attacks and fire of the same turn."""
    me = _roller(observation)
    showing = tuple(sorted(map(tuple, observation["roll"]["faces"])))
    stress_left = catalog().rules.max_stress - me["stress"]
    return _advice(showing, stress_left, roll_objective(observation))


@lru_cache(maxsize=1 << 16)
def _advice(
    showing: tuple[tuple[str, str], ...], stress_left: int, objective: Objective
) -> tuple[str, str] | None:
    """:func:`roll_advice` for the dice showing, (colour, face) pairs in sorted order. Remembered:
    the greedy bot asks once for every die it could reroll, and a search's playouts ask at every
    roll (the solver remembers its policy too, so forgetting an answer only costs a look-up)."""
    faces: dict[str, list[str]] = {"black": [], "green": []}
    for colour, face in showing:
        faces[colour].append(face)
    if objective.tie_break is not None:
        if best_reroll(faces, stress_left, replace(objective, tie_break=None)) is None:
            return None
    return best_reroll(faces, stress_left, objective)


def _alone(observation: dict) -> bool:
    """One investigator alive: the one the Elder One comes to, every turn."""
    return sum(investigator["alive"] for investigator in observation["investigators"]) == 1


def _goal(observation: dict, board) -> list[str]:
    if observation["ritual_disrupted"] and observation["elder"]["space"]:
        return [observation["elder"]["space"]]
    seals = [s for spaces in observation["tokens"].values() for s in spaces]
    return seals or [board.start]


SKILL_ORDER = {"attack": 3, "guard": 2, "test": 2, "resolve": 1}  # a level-up's tie-break


def level_gain(me: dict, kind: str) -> int:
    """What raising `me`'s skill `kind` one level adds (dice, cancelled successes or tentacles
    ignored), read from the skill table: Brawl's first level-up adds nothing, Dodge's cancels a
    success of every enemy attack."""
    per_level = catalog().rules.skills[kind].per_level
    level = me["skills"][kind]
    return per_level[level] - per_level[level - 1]


def evaluate(observation: dict, action) -> float:
    """A one-step score of `action`; higher is better.

    Once the ritual is disrupted a lone investigator runs no more: the Elder One moves towards
    the active investigator at the end of every turn, and anyone on its space follows a run, so
    running to it only spends an action of the turn the fight begins, and running from it
    escapes nothing. Waiting, it rests if hurt and meets the Elder One with three attacks.
    With two or more alive the Elder One turns to each in turn and reaches none waiting, so there
    they still run to it (the games behind both: ``data/death_may_die/studies/README.md``)."""
    step = observation["step"]
    if step == "roll":
        reroll = roll_advice(observation)
        if action == ("accept",):
            return float(reroll is None)
        colour, face = observation["roll"]["faces"][action[1]]
        if reroll == (colour, face):
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
            if observation["ritual_disrupted"] and _alone(observation):
                return 0.0  # the Elder One comes to you: see :func:`evaluate`
            return 5.0 if distance else 0.5
        return 0.1 if action == PASS else 0.0  # the end of the actions
    if step == "run":
        if action == PASS:  # stop running
            return -distance + 0.5
        return -min(board.distance[action[1]][g] for g in goal)
    if verb == "wound":
        return 1.0 if action[1] != "self" else (0.5 if me["wounds"] < 2 else 0.0)
    if verb == "level":
        leveller = observation["investigators"][observation["to_play"]]  # not always the active
        return 10 * level_gain(leveller, action[1]) + SKILL_ORDER[action[1]]
    if verb == "choose":
        return -action[1]
    return 0.0


def worth_a_search(view) -> bool:
    """A skill to level up (a red space of the sanity track was reached): the choice greedy gets
    wrong most often and by most, as games played out move by move showed
    (``data/death_may_die/studies/README.md``). Every other choice the greedy score settles."""
    return view.front() == "level"


def search_bot(seat: int, seed: int) -> SearchBot:
    """The core IS-MCTS bot at each level-up (:func:`worth_a_search`), greedy play for every other
    choice and after the searched one, each playout to the end of the game.

    Searching where greedy errs beats searching where the game seems decided: two moves'
    playouts part in few rounds, so a handful of playouts tells apart only blunders, and greedy's
    costliest are at level-ups. Searching more kinds of choice as well won no more games, at
    several times the time (what was tried: ``data/death_may_die/studies/README.md``)."""
    return SearchBot(
        seat,
        seed,
        iterations=LEVEL_PLAYOUTS,
        rollout=lambda s, sd: GreedyBot(evaluate, sd),
        searches=worth_a_search,
    )


BOTS = {
    "random": lambda seat, seed: RandomBot(seed),
    "greedy": lambda seat, seed: GreedyBot(evaluate, seed),
    "search": search_bot,
}
