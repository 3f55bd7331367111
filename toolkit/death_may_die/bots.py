"""Bots for Death May Die. The greedy bot plays the episode's plan (break the seals, then fight the
Elder One), rests when hurt and spends stress on rerolls as the reroll solver advises, only where a
reroll improves the roll's aim. It sees only the observation (the map is public, so it may measure
distances on it)."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from toolkit.bots import GreedyBot, RandomBot
from toolkit.death_may_die.board import load_board
from toolkit.death_may_die.cards import catalog, skill_value
from toolkit.death_may_die.rerolls import Objective, best_reroll
from toolkit.search import SearchBot


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
    Greedy used to run to it: alone, on seeds 11000-14999, it won 3,349 of 4,000 games that way
    and wins 3,690 waiting (it won 545 games the old one lost and lost 204 it won). With two
    or more alive the Elder One turns to each in turn and reaches none waiting: two greedy
    investigators who never ran won 114 of seeds 0-199 (198 running), four 69 of seeds 0-99
    (100 running), so there they still run to it."""
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
        return 0.1 if verb == "end_actions" else 0.0
    if step == "run":
        if verb == "stop":
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
    """A skill to level up (a red space of the sanity track was reached): the choice greedy got
    wrong most often and by most. Its one-step score used to prefer the attack skill always, blind
    to what the next level adds (a first level-up of Brawl adds no die, one of Dodge cancels a
    success of every enemy attack). Played out on that greedy's games of seeds 2000-2031 with 60
    rounds of common random numbers a move, another skill beat greedy's by over 10 points (2.5
    standard errors of the paired difference) at 52 of 113 level-ups, by 32 points on average;
    choices of action did so at 5 of 102 sampled (none in the first three rounds), die aims at 3
    of 76, runs at 2 of 68, companions taking wounds at 2 of 22, and targets, Discovery choices and
    enemy moves never. With greedy scoring a level-up by :func:`level_gain` (21 games), level-ups
    were still a mistake at 4 of 63 and runs at 4 of 50. Every other choice the greedy score
    settles."""
    return view.front() == "level"


#: Playouts a level-up: its two or three skills get 20 to 30 rounds each on the same cards and
#: dice. On seeds 1000-1299 (greedy wins 173) searching level-ups alone won 231 games with 20
#: playouts, 236 with 30, 249 with 60 (0.35 s a game) and 247 with 120 (0.64 s): 60 is where more
#: rounds stop paying.
LEVEL_PLAYOUTS = 60


def search_bot(seat: int, seed: int) -> SearchBot:
    """The core IS-MCTS bot at each level-up (:func:`worth_a_search`), greedy play for every other
    choice and after the searched one, each playout to the end of the game.

    Searching where greedy errs beats searching where the game seems decided. Until this, the
    bot searched the choices of action of the first three rounds with 20 playouts each: 185 wins
    of seeds 0-299 where greedy wins 166, but over the committed study's 1,000 seeds 581 to
    greedy's 554, intervals overlapping. Nothing tuned there separated them: more playouts (30,
    40), `depth=1`, dice drawn turn by turn, rounds 3-6, `confidence` 0.5, a fitted win estimate
    after 20 to 60 moves. Two moves' playouts part in a third of rounds, so a handful of rounds
    tells apart only blunders, and greedy blunders rarely there (played out with 60 rounds, no
    choice of action in the first three rounds was a significant mistake). On seeds 1000-1299
    (greedy 173, Wilson 95% [0.520, 0.631]) searching level-ups with 60 playouts won 249
    ([0.783, 0.868], 0.35 s a game, max 0.92 s; CPU, busy machine), and on seeds 1300-1599 235
    ([0.733, 0.826]) where greedy wins 170 ([0.510, 0.622]); `confidence` 0.5 won 252 and
    `depth=1` 243 of seeds 1000-1299, no better than the defaults. Adding the first three
    rounds' choices of action won no more (231 with 20 playouts a decision, as many as level-ups
    alone with 20, at 0.84 s a game), nor did companions taking wounds (227 with 20), nor those and
    the choices of action from round 4 on (241 with 20, at up to 2.24 s a game).

    The figures above were measured against, and played out with, the greedy bot of then, which
    always raised the attack skill. Greedy now scores a level-up by what the next level adds
    (:func:`level_gain`), then by its old order: alone it won 257 of seeds 1000-1299 ([0.812,
    0.892]), more than the search above; this search with it in its playouts won 266 ([0.846,
    0.918]), and searching the runs of rounds 2-6 too (20 playouts) 256. Over the committed study's
    1,000 seeds greedy now wins 803 (Wilson 95% [0.777, 0.826]; it won 554) and this search 828
    ([0.803, 0.850]; 4.5 minutes on two workers): ahead, the intervals overlapping.

    Then greedy stopped running to the Elder One (:func:`evaluate`), which a search of every
    decision had found (40 rounds a move, a move other than greedy's played where it won by 2
    standard errors, its gain measured again on 200 fresh rounds, ``benchmarks/headroom.py``: 8.1
    points of win rate a game over that greedy, standard error 2.5, 30 games of seeds 5000-5015 and
    5100-5113). Over the study's seeds greedy wins 937 ([0.920, 0.950]) and this search 933
    ([0.916, 0.947]); on seeds 5200-5499 283 to greedy's 279 (0.30 s a game, max 0.94 s). The same
    search of every decision gains 2.7 points a game over the new greedy (standard error 0.9, 92
    games of seeds 5000-5060 and 5100-5130, 140 moves other than greedy's; about a minute a game),
    and searching choices of action, runs and rolls after the disruption as well as level-ups (60
    playouts) won 271 of seeds 5200-5499 at up to 4 s a game. What greedy leaves is spread thin
    over kinds of choice, a point or two a move, below what 60 playouts tell apart: to show a
    search the stronger over 1,000 games it would have to win some 965 of the study's seeds."""
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
