"""The exact numbers beside each choice of a game in play, read off the engine by the walk.

Each decision's walk (the core :class:`~toolkit.analysis.Walk`) starts from the seat's own view of
the game (``players_view``: the Mythos and Discovery draws are chance nodes there), plays the
engine through the dice, the seat taking its rerolls by one policy (:func:`roll_aim`), and stops
where the decision's consequences end: the next decision after the roll it starts or the attack
against you (its wounds placed; what the roll sets off on its own, such as a red space's insanity
card, included), the next decision after a choice that rolls nothing unless that is a roll (the
fire after a Discovery card's choice, walked to its end too), where the engine's move ends for a
step of a run (a step that ends your actions goes on, in the same move, through the Mythos card
and the fight or a Discovery card to the next decision or the fire roll, whose tokens leave your
board), or, for the choice that ends your actions, the start of the next investigator's actions
(the rest of the turn: the Mythos card, a fight or a Discovery card, fire, the Elder One). There
it reads what changed: the target defeated, wounds dealt past caps, the test passed, your death,
sanity, wounds, stress and fire tokens, the Elder One's advance and the game's loss.

A roll, the one large part of any such walk, is walked die by die by
:class:`~toolkit.death_may_die.roll_walk.RollWalk` (the dice's own decision process, the engine
played at each end of the roll), which answers a roll of many dice with all the stress left
within the widget's time, whether the roll is the decision's own or one in the rest of a turn
(the core walk's ``part``); what remains of the walk is the core one.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from toolkit.analysis import (
    WAIT_FOR_THEM,
    ActionOdds,
    DecisionOdds,
    Measure,
    Walk,
    WalkTooLarge,
    patient,
)
from toolkit.bots import best_actions
from toolkit.death_may_die import roll_walk
from toolkit.death_may_die.bots import evaluate
from toolkit.death_may_die.budgets import TURN_LIMIT, WALK_LIMIT
from toolkit.death_may_die.roll_walk import RollWalk, applies
from toolkit.state import frozen
from toolkit.steps import PASS

MEASURES = {
    m.name: m
    for m in (
        Measure("defeated", "P(the target is defeated)"),
        Measure("dealt", "expected wounds dealt (those past the target's health are lost)", False),
        Measure("passed", "P(the test is passed)"),
        Measure("died", "P(you die)"),
        Measure("sanity", "expected sanity lost", False),
        Measure("wounds", "expected wounds you take (a heal counts negative)", False),
        Measure("stress", "expected stress you gain (a rest counts negative)", False),
        Measure("advanced", "P(the Elder One advances)"),
        Measure("lost", "P(the game is lost)"),
        Measure("fire", "change in the fire tokens on your board", False),
    )
}

# The one reroll policy: what the seat aims for at a roll, most important first, each with the
# sign that makes more better, by whose roll it is. It ranks the seat's accept or reroll wherever
# a walk meets a roll of the seat's (the roll of the decision itself, the fire after a Discovery
# card's choice, each roll of the rest of a turn), so the numbers beside a choice assume the very
# rerolls that the numbers beside each of those rolls advise. Your own roll: stay alive, then its
# aim (defeat the target, wound it, pass the test), and only then keep stress (a reroll that
# cannot raise the aim is not worth its stress: shedding a tentacle from a roll that has already
# won is not), then sanity and wounds. A roll against you (an attack, fire): stay alive, then as
# little harm (wounds and sanity together), then stress. Keeping the game from being lost comes
# next to staying alive in both (one investigator's death before the summoning loses it).
OWN_ROLL = (("died", -1), ("lost", -1), ("defeated", 1), ("dealt", 1), ("passed", 1),
            ("stress", -1), ("sanity", -1), ("wounds", -1), ("fire", -1),
            ("advanced", -1))  # fmt: skip
AGAINST_YOU = (("died", -1), ("lost", -1), ("harm", -1), ("stress", -1), ("wounds", -1),
               ("sanity", -1), ("fire", -1), ("defeated", 1), ("dealt", 1), ("passed", 1),
               ("advanced", -1))  # fmt: skip
AGAINST_YOU_PURPOSES = ("enemy", "fire")


def roll_aim(step: dict) -> tuple[tuple[str, int], ...]:
    """The reroll policy's aim at the roll `step`: :data:`AGAINST_YOU` for an attack on you or
    fire, :data:`OWN_ROLL` for your attack or test."""
    return AGAINST_YOU if step["purpose"] in AGAINST_YOU_PURPOSES else OWN_ROLL


# The seat's other choices inside a walk (a Discovery card's choice, where a wound goes, a skill
# to level) aim as the decision asked: a choice before your own roll as your roll does
# (OWN_ROLL), an enemy's attack or a wound's place as a roll against you (AGAINST_YOU). In the rest
# of a turn (the Mythos card, a fight or a Discovery card, fire) they stay alive, keep the game
# from being lost, pass a Discovery card's test, then take the least harm and the least stress;
# the Elder One's advance comes last (the Mythos discards move it, which no choice of yours in the
# rest of a turn changes).
TURN_AIM = (("died", -1), ("lost", -1), ("passed", 1), ("harm", -1), ("stress", -1),
            ("wounds", -1), ("sanity", -1), ("advanced", -1), ("defeated", 1), ("dealt", 1),
            ("fire", -1))  # fmt: skip
# Every number a walk reads where it stops, in this order whatever the decision shows or ranks by.
# Each aim above weighs them all (harm is wounds and sanity together), so two choices it ties
# leave the same numbers, whichever of them a walk takes.
MEASURED = ("died", "lost", "defeated", "dealt", "passed", "harm", "stress", "sanity", "wounds",
            "fire", "advanced")  # fmt: skip
_AT = {name: index for index, name in enumerate(MEASURED)}


def ranking(order: tuple[tuple[str, int], ...]):
    """How the walk's seat weighs a walk's values (:data:`MEASURED`) at a choice: at a roll of
    its own by the reroll policy (:func:`roll_aim`), elsewhere by `order` (the decision's)."""

    def rank(state):
        aim = order if state.roll is None else roll_aim(state.roll)
        return lambda values: ranked(aim, values)

    return rank


def ranked(order, values) -> tuple:
    """`values` (:data:`MEASURED`) as `order` weighs them."""
    return tuple(sign * values[_AT[name]] for name, sign in order)


ATTACK = ("defeated", "dealt", "died", "sanity", "stress")
TEST = ("passed", "died", "sanity", "stress")
DEFENCE = ("died", "wounds", "sanity", "stress")
REST = ("wounds", "stress")
TURN = ("died", "sanity", "wounds", "stress", "advanced", "lost")
ACTIONS = ("defeated", "dealt", "passed", "died", "sanity", "wounds", "stress", "advanced", "lost")
CHOOSE = ("passed", "died", "sanity", "wounds", "stress")


@dataclass(frozen=True)
class Question:
    """One decision's walk: what it shows, what the seat aims for, and where it stops."""

    shown: tuple[str, ...]
    order: tuple[tuple[str, int], ...]  # a roll's roll_aim, OWN_ROLL, AGAINST_YOU or TURN_AIM
    stop: str  # "roll", "attack", "wound", "step" or "turn"
    prompt: str


def question(state) -> Question | None:
    """What is being decided at `state`, or None for a choice with nothing to count (it rolls no
    dice, draws no card and moves no track)."""
    kind, step = state.front(), state.roll
    if kind == "roll":
        purpose = step["purpose"]
        if purpose in ("enemy", "fire"):
            against = state.enemy_name(step.get("attacker")) if purpose == "enemy" else ""
            what = f"the attack of {against}" if purpose == "enemy" else "the fire roll"
            return Question(DEFENCE, roll_aim(step), "attack", f"Reroll or accept {what}")
        if purpose == "attack":
            target = state.enemy_name(step["target"])
            return Question(
                ATTACK, roll_aim(step), "roll", f"Reroll or accept your attack on {target}"
            )
        return Question(
            TEST, roll_aim(step), "roll", f"Reroll or accept your test ({step['need']} needed)"
        )
    if kind == "actions":
        return Question(ACTIONS, OWN_ROLL, "roll", f"Choose an action ({state.actions_left} left)")
    if kind == "choose":
        return Question(CHOOSE, OWN_ROLL, "roll", "Choose on the Discovery card")
    if kind == "fight":
        return Question(
            DEFENCE, AGAINST_YOU, "attack", "Choose which enemy attacks you first (its attack)"
        )
    if kind == "wound":
        return Question(DEFENCE, AGAINST_YOU, "wound", "Take a wound yourself or on a companion")
    if kind == "run":
        return Question(("fire",), OWN_ROLL, "step", "Run: step on or stop")
    return None


class _Changes:
    """What happened to the seat and its targets between the start of a walk and a stop."""

    def __init__(self, start, seat: int):
        self.seat = seat
        me = start.investigators[seat]
        self.me = {k: me[k] for k in ("wounds", "stress", "sanity", "fire", "alive")}
        self.enemies = {uid: (e["type"], e["wounds"]) for uid, e in start.enemies.items()}
        self.elder = (start.elder["stage"], start.elder["wounds"])
        self.track = (start.elder["position"], start.elder["progression"])
        self.turn = (start.turn, start.active)
        self.tests_passed = start.tests_passed
        self.rolls_resolved = start.rolls_resolved
        self.history = len(start.history)

    def values(self, state) -> dict[str, int]:
        me = state.investigators[self.seat]
        defeated = dealt = 0
        for uid, (kind, wounds) in self.enemies.items():
            if uid in state.enemies:
                dealt += state.enemies[uid]["wounds"] - wounds
            else:
                dealt += state.cards.enemies[kind].health - wounds
                defeated += 1
        stage, wounds = self.elder
        if state.elder["stage"] > stage or state.result == "win":
            dealt += state.elder_card.stages[stage - 1].health - wounds
            defeated += 1
        else:
            dealt += state.elder["wounds"] - wounds
        position, progression = self.track
        advanced = state.elder["position"] > position or (
            progression is not None and state.elder["progression"] > progression
        )  # a summoning starts the progression token where the Elder One stands: no advance
        sanity = me["sanity"] - self.me["sanity"]
        hurt = me["wounds"] - self.me["wounds"]
        return {
            "defeated": defeated,
            "dealt": dealt,
            "passed": state.tests_passed - self.tests_passed,
            "died": int(self.me["alive"] and not me["alive"]),
            "sanity": sanity,
            "wounds": hurt,
            "harm": hurt + sanity,
            "stress": me["stress"] - self.me["stress"],
            "fire": me["fire"] - self.me["fire"],
            "advanced": int(advanced),
            "lost": int(state.result == "loss"),
        }

    def stopped(self, state, how: str) -> bool:
        """Whether the decision's consequences have ended at `state`."""
        if how == "step":  # the move's end: where the engine hands the game back after a step
            return len(state.history) > self.history and not state.drawing_card()
        if how == "turn":  # the next investigator's actions (the game's end stops every walk)
            return (state.turn, state.active) != self.turn
        if state.drawing_card():
            return True  # the walk never looks past the next hidden card
        front = state.front()
        if how == "roll":
            return state.rolls_resolved > self.rolls_resolved or front != "roll"
        if how == "attack":
            return state.rolls_resolved > self.rolls_resolved and front != "wound"
        return front != "wound"


def _merge(state, outcome):
    """Chance outcomes with the same consequences (the state's ``counted_symbols``), walked
    once."""
    if state.roll is not None and state.chance is not None:  # a die of the roll
        return state.counted_symbols(state.roll, outcome)
    return outcome


def _roll_key(state):
    """A position inside a roll: the position's own key, with the roll read as the dice showing
    as a multiset (which die shows what never matters), the die being rerolled, and its purpose
    and target, enemies of one kind and wounds being the same target."""
    step = state.roll
    if step is None:
        return None
    faces = [(colour, state.counted_symbols(step, face)) for colour, face in step["faces"]]
    rerolling = faces.pop(step["reroll"])[0] if step["reroll"] is not None else None
    target = step.get("target")
    if target in state.enemies:
        target = _alike(state.enemies[target])
    roll = (step["purpose"], target, step.get("attacker"), step.get("need"),
            tuple(sorted(faces)), rerolling, len(step["faces"]))  # fmt: skip
    return state.position_key(roll=roll, rolls_resolved=None)


def _turn_key(state):
    """A position in the rest of a turn, for the walk to meet it once however it was reached
    (Mythos cards that leave your side of the table alike): the position's own key, with what the
    rest of the turn cannot read left out. The steps ahead and the enemies as
    :func:`_enemies_read` says (all while one may still move, those on your space while a fight
    may still come, none after: nothing of the turn then asks where a figure stands); of each
    deck, its cards only while a draw from it is to come (the Mythos deck's is the turn's first
    step, the Discovery deck's its second; in a view, with the unseen cards behind its
    stand-ins), and always the elder symbols among the Mythos discards (the discard check); the
    fire on the map never (only a run, an action, picks it up), nor the count of rolls made or
    enemies summoned so far."""
    ahead = state.steps_ahead()
    kinds = {name for name, _ in ahead}
    steps, enemies = _enemies_read(state, ahead)
    symbols = sum(1 for card in state.mythos.discards if state.cards.mythos[card].elder_symbol)
    return state.position_key(
        stack=steps, prompt=False, chance=False, roll=False,  # all read as the steps ahead
        enemies=enemies, _enemy_serial=None, fire=None, rolls_resolved=None,
        mythos=(symbols, _deck_read(state, state.mythos, "mythos", kinds & MYTHOS_DRAWS)),
        discovery=_deck_read(state, state.discovery, "discovery", kinds & DISCOVERY_DRAWS),
        unseen=None,  # read with each deck
    )  # fmt: skip


def _deck_read(state, deck, kind: str, drawn_ahead) -> tuple:
    """What the rest of a turn reads of a deck: its cards, discards and unseen cards while a draw
    from it is to come, else nothing."""
    if not drawn_ahead:
        return ()
    return tuple(sorted(deck.cards)), tuple(sorted(deck.discards)), state.unseen_in(kind)


def _enemies_read(state, ahead):
    """The steps ahead and the enemies the rest of a turn can still read. While a step ahead may
    move or summon an enemy (a Mythos card to draw, an enemy's move, a summons), every enemy
    as it is; else, while a fight may come, those on your space only (its attackers), each as
    :func:`_alike` reads it, not its own figure (two cultists alike attack alike, in either
    order); else none."""
    if any(_moves_enemies(*step) for step in ahead):
        return repr(ahead), frozen(state.enemies)
    if not any(_fights(*step) for step in ahead):
        return repr(ahead), None
    here = state._enemies_at(state.investigators[state.active]["space"])
    alike = {uid: _alike(state.enemies[uid]) for uid in here}
    steps = [
        (
            name,
            {
                **args,
                "attackers": sorted(alike.get(uid, _figure(uid)) for uid in args["attackers"]),
            },
        )
        if name == "fight"
        else (name, {**args, "attacker": alike.get(args["attacker"], _figure(args["attacker"]))})
        if name == "roll" and args["purpose"] == "enemy"
        else (name, args)
        for name, args in ahead
    ]
    return repr(steps), tuple(sorted(alike.values()))


def _alike(enemy: dict) -> tuple:
    """An enemy as a target or an attacker: every field but its own figure (its number) and
    where it stands, so that two cultists with the same wounds are alike."""
    return tuple(sorted((name, value) for name, value in enemy.items() if name not in FIGURE))


FIGURE = ("number", "space")


def _figure(uid: str) -> tuple:
    """A figure not on your space (or the Elder One) read as itself, in the shape of
    :func:`_alike`'s reading so that the two sort together."""
    return (("figure", uid),)


MYTHOS_DRAWS = {"turn", "mythos"}  # the steps of a turn still to draw from each deck
DISCOVERY_DRAWS = {"turn", "investigate_or_fight"}
ENEMY_MOVES = ("enemy_move", "enemy_move_choice", "summon")
ENEMY_EFFECTS = ("move_enemies", "summon")


def _moves_enemies(kind, args) -> bool:
    """Whether the step, still to come, may move or summon an enemy (a Mythos card drawn may)."""
    if kind == "effect":
        return args["effect"].do in ENEMY_EFFECTS
    return kind in ENEMY_MOVES or kind in MYTHOS_DRAWS


def _fights(kind, args) -> bool:
    """Whether the step, still to come, reads the enemies on your space (a fight)."""
    if kind == "roll":
        return args["purpose"] == "enemy"
    return kind in ("investigate_or_fight", "fight")


def decision_odds(state) -> DecisionOdds:
    """The exact numbers beside each choice of the seat to act, from its own view of the game. A
    choice whose walk is too large (:data:`WALK_LIMIT`, :data:`TURN_LIMIT` for the rest of a
    turn, or a hand-made roll past :data:`~toolkit.death_may_die.budgets.ROLL_LIMIT`) shows no
    numbers and says why."""
    seat = state.current_player()
    legal = list(state.legal_actions())
    label = state.action_to_string
    asked = question(state)
    if asked is None:
        return DecisionOdds(
            state.game, seat, state.describe_step(), (),
            tuple(ActionOdds(a, label(a), {}) for a in legal),
            "This choice rolls no dice, draws no card and moves no track now: nothing to count.",
        )  # fmt: skip
    measures = tuple(MEASURES[name] for name in asked.shown)
    options = walk_options(state, asked)
    actions = tuple(
        ActionOdds(a, label(a), options[a][0], _note(a, options[a][0], state.front()))
        if a in options else ActionOdds(a, label(a), {}, TOO_LARGE, refused=True)
        for a in legal
    )  # fmt: skip
    prompt = asked.prompt
    if len(options) == len(legal) and state.front() in ONE_AIM:
        best = max(legal, key=lambda a: options[a][1])  # the walk's own choice
        prompt += f": the walk's best choice is {label(best)!r}"
    note = (
        ""
        if len(options) == len(legal)
        else f"Some choices show no numbers: {TOO_LARGE} ({WAIT_FOR_THEM})."
    )
    return DecisionOdds(state.game, seat, prompt, measures, actions, note)


# Decisions whose choices all serve one aim, so that the walk's best choice is advice: not the
# actions of the turn (an attack and a rest aim at different things), nor a run's steps (the fire
# picked up is not all a step is for).
ONE_AIM = ("roll", "fight", "wound", "choose")
TOO_LARGE = "its exact walk is too large to answer in the time allowed"  # see WALK_LIMIT
# an action of the turn with no numbers of its own (a run, a trade)
ROLLS_NOTHING = "it rolls no dice now: nothing to count"
REST_OF_TURN = "the rest of your turn, to the next investigator's actions"


def _note(action, numbers, asked: str) -> str:
    """What a choice's numbers span, where a reader could not tell: ending the actions (PASS at
    the question `asked` "actions") counts the rest of the turn; a choice with no numbers rolls
    nothing."""
    if action == PASS and asked == "actions":
        return REST_OF_TURN
    return "" if numbers else ROLLS_NOTHING


def _same_choice(state, action):
    """The action the seat's view lists for `action`: a reroll of the first die alike to it
    (the view lists one reroll of dice alike)."""
    if isinstance(action, tuple) and action[0] == "reroll":
        return ("reroll", state.alike_die(state.roll, action[1]))
    return action


def action_question(asked: Question, action) -> Question:
    """The question one choice answers: an action of the turn has its own numbers (an attack's,
    a test's, a rest's; ending the actions, the rest of the turn's; none for a run or a trade,
    whose next choices are yours again), every other choice its decision's."""
    if asked.stop != "roll" or not asked.prompt.startswith("Choose an action"):
        return asked
    if action == PASS:  # the end of the actions
        return Question(TURN, TURN_AIM, "turn", asked.prompt)
    shown = {"attack": ATTACK, "episode": TEST, "rest": REST}.get(action[0], ())
    return Question(shown, asked.order, asked.stop, asked.prompt)


def others(state):
    """Another investigator's choice in your turn (a skill to level when the Mythos card drives
    their sanity to a red space, where a wound of theirs goes): the greedy bot's, each of its
    best alike, as it breaks ties at random (the walk's seat is yours; theirs is theirs to
    make, not the walk's)."""
    observation = state.observation(state.current_player())
    best = best_actions(evaluate, observation, state.legal_actions())
    return [(action, Fraction(1, len(best))) for action in best]


def measured(changes: _Changes):
    """What a walk reads where it stops: every number of :data:`MEASURED`, unsigned."""

    def measure(end):
        values = changes.values(end)
        return tuple(values[name] for name in MEASURED)

    return measure


def walk_options(state, asked: Question | None = None):
    """Each legal action's numbers by name, and the key the walk ranked it by (its decision's
    order, see :func:`ranking`), from the seat's view of `state` (which lists one reroll of dice
    alike). An action whose walk is too large (:class:`~toolkit.analysis.WalkTooLarge`) is left
    out."""
    asked = asked or question(state)
    seat = state.current_player()
    view = state.players_view(seat)
    changes = _Changes(view, seat)
    measure = measured(changes)

    def walk_for(own: Question):
        turn = own.stop == "turn"  # many rolls and cards: each roll walked as a part of its own
        return Walk(
            seat,
            stop=lambda s: changes.stopped(s, own.stop),
            measure=measure,
            others=others if turn else None,
            merge=_merge,
            key=_turn_key if turn else _roll_key,  # a roll's key tells rolls apart in one roll
            part=roll_walk.part if turn else None,
            rank=ranking(own.order),
            limit=patient(TURN_LIMIT if turn else WALK_LIMIT),
        )

    def named(own, values):
        return {name: values[_AT[name]] for name in own.shown}, ranked(own.order, values)

    def value_after(walk, after):
        """The walk's numbers from `after`; a roll it begins is walked die by die (RollWalk)."""
        if applies(after) and not walk.stop(after):
            return RollWalk(after, walk).value()
        return walk.value(after)

    result, known = {}, {}
    if view.roll is not None:  # one roll: its choices share one walk
        walk = walk_for(asked)
        try:
            options = RollWalk(view, walk).options() if applies(view) else walk.options(view)
        except WalkTooLarge:
            options = {}
        for action, values in options.items():
            result[action] = named(asked, values)
        return _by_legal(state, result)
    for action in view.legal_actions():
        own = action_question(asked, action)
        if not own.shown:
            result[action] = ({}, ())
            continue
        after = view.clone()
        after.apply_listed(action)
        same = None
        if action[0] == "attack" and not after.is_terminal():
            same = _roll_key(after)  # the attack's roll, nothing else changed yet
        if same is not None and same in known:
            values = known[same]  # another target of the same kind and wounds
        else:
            try:
                values = value_after(walk_for(own), after)
            except WalkTooLarge:
                continue
            if same is not None:
                known[same] = values
        result[action] = named(own, values)
    return _by_legal(state, result)


def _by_legal(state, result):
    """The view's numbers for each of the real state's legal actions that has them."""
    return {
        action: result[_same_choice(state, action)]
        for action in state.legal_actions()
        if _same_choice(state, action) in result
    }
