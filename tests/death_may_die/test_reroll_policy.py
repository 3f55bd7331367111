"""One reroll policy (``decisions.roll_aim``) for the numbers beside every choice: a roll met
later in a choice's walk (the fire after a Discovery card's choice) is rerolled as the numbers
beside that roll advise, harm before stress when the roll is against you. The greedy bot's rerolls
follow it on the dice: the successes Dodge cancels and those past the Elder One's stage count
for nothing."""

from fractions import Fraction
from functools import cache
from itertools import product

import pytest

from toolkit.death_may_die import rerolls
from toolkit.death_may_die.bots import roll_advice, roll_objective
from toolkit.death_may_die.decisions import (
    AGAINST_YOU,
    OWN_ROLL,
    decision_odds,
    question,
    roll_aim,
    walk_options,
)
from toolkit.death_may_die.dice import face_symbols, load_dice
from toolkit.death_may_die.rerolls import Objective
from toolkit.death_may_die.rules import DeathMayDieState
from toolkit.state import CHANCE

BLACK = ["blank", "success", "success", "tentacle", "elder", "success+tentacle"]  # dice.yaml


def roll(state, faces):
    for face in faces:
        assert state.current_player() == CHANCE, state.describe_step()
        state.apply(face)


def revolver_then_fire(stress=3):
    """The Hidden Revolver's choice (pry it loose for 1 stress, or leave it), then the fire of one
    token on the investigator's board: one black die, rerolled with the stress left."""
    state = DeathMayDieState(seed=0, players=1)
    state.elder.update(summoned=True, progression=5, stage=2)
    state.investigators[0].update(stress=stress, fire=1)
    state.replace_steps(
        ("choose", {"card": "revolver_found"}),
        ("discovery_discard", {"card": "revolver_found"}),
        ("fire", {}),
    )
    state.discovery.cards.remove("revolver_found")
    state.run_steps()
    return state


def test_one_policy_for_every_roll():
    state = revolver_then_fire()
    assert question(state).order == OWN_ROLL  # the choice itself
    for purpose, aim in (("enemy", AGAINST_YOU), ("fire", AGAINST_YOU), ("attack", OWN_ROLL),
                         ("test", OWN_ROLL), ("episode", OWN_ROLL)):  # fmt: skip
        assert roll_aim({"purpose": purpose}) == aim


def test_a_discovery_choice_counts_the_fire_after_it_rerolled_to_avoid_harm():
    """Leaving the revolver keeps one reroll for the fire die. Harm first: a die showing harm (a
    success, a tentacle, both) is rerolled, as a fresh die harms 5/6 on average; a blank or an
    elder sign is kept. So the wounds are 4/6 * 3/6 = 1/3, the sanity 4/6 * 2/6 = 2/9, the stress
    4/6. Saving stress first would never reroll: 1/2, 1/3, 0."""
    state = revolver_then_fire()
    harm = [face.count("success") + face.count("tentacle") for face in BLACK]
    assert Fraction(sum(harm), 6) == Fraction(5, 6)
    rerolled = [h > Fraction(5, 6) for h in harm]
    wounds = sum(Fraction(1, 6) * Fraction(3, 6) for r in rerolled if r)
    sanity = sum(Fraction(1, 6) * Fraction(2, 6) for r in rerolled if r)
    stress = sum(Fraction(1, 6) for r in rerolled if r)
    assert (wounds, sanity, stress) == (Fraction(1, 3), Fraction(2, 9), Fraction(2, 3))
    shown = decision_odds(state)
    leave = shown.for_action(("choose", 1)).odds
    assert (leave["wounds"], leave["sanity"], leave["stress"]) == (wounds, sanity, stress)
    pry = shown.for_action(("choose", 0)).odds  # stress at its maximum: no reroll
    assert (pry["wounds"], pry["sanity"], pry["stress"]) == (Fraction(1, 2), Fraction(1, 3), 1)


def test_the_choice_assumes_the_very_rerolls_the_fire_roll_advises():
    """Leaving the revolver, then at the fire roll for each face: the walk's best choice there
    (the advice beside that roll) and its numbers; their average over the six faces is what the
    choice showed."""
    before = decision_odds(revolver_then_fire()).for_action(("choose", 1)).odds
    total = {"wounds": 0, "sanity": 0, "stress": 0}
    for face in BLACK:
        state = revolver_then_fire()
        state.apply(("choose", 1))
        roll(state, [face])
        options = walk_options(state)
        best = max(options, key=lambda action: options[action][1])
        advice = decision_odds(state)
        assert f"best choice is {state.action_to_string(best)!r}" in advice.prompt
        numbers = advice.for_action(best).odds
        for name in total:
            total[name] += Fraction(numbers[name], 6)
    for name, value in total.items():
        assert before[name] == value, name


def guarded(guard: int, faces: list[str]) -> dict:
    """The observation at a Cultist's attack on an investigator with Dodge at level `guard`."""
    state = DeathMayDieState(seed=0, players=1)
    state.investigators[0]["skills"]["guard"] = guard
    state.run_steps(("roll", state.roll_args("enemy", len(faces), 0, 0, attacker="cultist-1")))
    roll(state, faces)
    return state.observation(0)


def test_the_greedy_bot_does_not_reroll_a_success_dodge_cancels():
    assert roll_objective(guarded(2, ["success"])) == Objective("fewest_harm", cancel=1)
    assert roll_advice(guarded(2, ["success"])) is None  # Dodge 2 cancels it
    assert roll_advice(guarded(1, ["success"])) == ("black", "success")  # Dodge 1 cancels none
    assert roll_advice(guarded(4, ["success", "success"])) is None  # Dodge 4 cancels two


def elder(left: int, faces: list[str]) -> dict:
    """The observation at an attack on the Elder One's second stage, `left` wounds to go."""
    state = DeathMayDieState(seed=0, players=1)
    health = state.elder_card.stages[1].health
    state.ritual_disrupted = True
    state.elder.update(summoned=True, progression=5, stage=2, wounds=health - left, space="dock")
    state.investigators[0]["stress"] = 2
    state.apply(("attack", "elder"))
    roll(state, faces)
    while state.current_player() == CHANCE:
        state.apply("blank")
    return state.observation(0)


def test_the_greedy_bot_wants_no_success_the_elder_ones_stage_cannot_take():
    assert roll_objective(elder(1, ["success"])) == Objective("defeat", 1, "tentacles")
    assert roll_advice(elder(1, ["success"])) is None  # the stage falls: keep the stress
    assert roll_advice(elder(2, ["success"])) is not None  # one wound short: reroll a blank


def brute_value(black, green, stress, score):
    """The best expected score, every die of the showing faces tried at every reroll, each face
    of a die as likely (no lumping of faces, no counts)."""
    dice = [load_dice()["black"].faces] * black + [load_dice()["green"].faces] * green

    @cache
    def value(faces, left):
        totals = tuple(sum(face_symbols(face)[i] for face in faces) for i in range(3))
        best = tuple(Fraction(x) for x in score(totals))
        for i, die in enumerate(dice if left else ()):
            outcomes = [value(faces[:i] + (face,) + faces[i + 1 :], left - 1) for face in die]
            best = max(best, tuple(sum(o[j] for o in outcomes) / 6 for j in range(len(best))))
        return best

    starts = list(product(*dice))
    size = len(score((0, 0, 0)))
    return tuple(sum(value(s, stress)[j] for s in starts) / len(starts) for j in range(size))


@pytest.mark.parametrize("black,green,stress", [(3, 0, 1), (3, 1, 2), (2, 2, 3)])
@pytest.mark.parametrize(
    "objective",
    [
        Objective("defeat", 2),
        Objective("defeat", 3, "tentacles"),
        Objective("fewest_harm", cancel=1),
        Objective("fewest_wounds", cancel=2),
    ],  # fmt: skip
    ids=lambda o: f"{o.name}-{o.need}-{o.cancel}",
)
def test_the_new_objectives_match_brute_force(black, green, stress, objective):
    expected = brute_value(black, green, stress, objective.score)
    assert rerolls.expected_score(black, green, stress, objective) == expected
