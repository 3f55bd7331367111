"""The order a roll's results apply in (Dice and Checks, "Applying Results": successes, then the
effects tied to the result, then tentacles), and the numbers shown beside a roll against you that
reaches a red space, worked out here by hand from the die's six faces."""

from fractions import Fraction

from toolkit.death_may_die.decisions import decision_odds
from toolkit.death_may_die.rules import DeathMayDieState
from toolkit.state import CHANCE

BLACK = ["blank", "success", "success", "tentacle", "elder", "success+tentacle"]  # dice.yaml


def roll(state, faces):
    for face in faces:
        assert state.current_player() == CHANCE, state.describe_step()
        state.apply(face)


def cultist_attacks_on_the_edge_of_red(companions=()):
    """One investigator, sanity 4 (a tentacle reaches the red space 5), insanity Eerie Calm
    (heal 1 stress), stress 3 of 4 (one reroll left), and a Cultist's attack (one black die)
    showing a success and a tentacle."""
    state = DeathMayDieState(seed=0, players=1)
    me = state.investigators[0]
    me.update(space="nave", sanity=4, stress=3, insanity="calm_before")
    me["companions"] = [list(c) for c in companions]
    state.run_steps(("roll", state.roll_args("enemy", 1, 0, 0, attacker="cultist-1")))
    roll(state, ["success+tentacle"])
    return state


def test_a_roll_against_you_places_its_wounds_before_its_tentacles_reach_a_red_space():
    state = cultist_attacks_on_the_edge_of_red()
    me = state.investigators[0]
    state.apply(("accept",))
    assert state.front() == "level"  # the red space's skill level comes last
    assert (me["wounds"], me["sanity"], me["stress"]) == (1, 5, 2)
    wound = next(i for i, line in enumerate(state.log) if "takes 1 wound" in line)
    sanity = next(i for i, line in enumerate(state.log) if "loses 1 sanity" in line)
    assert wound < sanity


def test_a_wound_placed_on_a_companion_comes_before_the_tentacle():
    state = cultist_attacks_on_the_edge_of_red(companions=[("acolyte", 0)])
    me = state.investigators[0]
    state.apply(("accept",))
    assert state.front() == "wound" and me["sanity"] == 4  # no tentacle yet
    state.apply(("wound", "acolyte"))
    assert me["sanity"] == 5 and state.front() == "level"


def test_the_numbers_beside_the_roll_count_its_wounds():
    """Accepting: 1 wound, 1 sanity (to the red space), and Eerie Calm heals the stress back to
    2 (-1). Rerolling the die for 1 stress (to 4, none left), each face a sixth: a success is a
    wound, a tentacle a sanity lost and Eerie Calm's stress healed, an elder sign nothing (the
    Cultist's card gives them no effect)."""
    state = cultist_attacks_on_the_edge_of_red()
    wounds = sanity = stress = Fraction(0)
    for face in BLACK:
        hit, tentacle = face.count("success"), face.count("tentacle")
        wounds += Fraction(hit, 6)
        sanity += Fraction(tentacle, 6)
        stress += Fraction(1 - tentacle, 6)  # +1 for the reroll, -1 healed at the red space
    assert (wounds, sanity, stress) == (Fraction(1, 2), Fraction(1, 3), Fraction(2, 3))
    shown = decision_odds(state)
    assert shown.for_action(("accept",)).odds == {"died": 0, "wounds": 1, "sanity": 1, "stress": -1}
    assert shown.for_action(("reroll", 0)).odds == {
        "died": 0,
        "wounds": wounds,
        "sanity": sanity,
        "stress": stress,
    }


def test_a_test_carries_out_its_success_before_its_tentacles():
    """A seal broken on a roll that also drives the marker to a red space: the seal goes first
    (an effect tied to the result), then the sanity, then the skill level."""
    state = DeathMayDieState(seed=0, players=1)
    me = state.investigators[0]
    seal = state.tokens["seal"][0]
    me.update(space=seal, sanity=4, insanity="panic")
    state.enemies = {uid: e for uid, e in state.enemies.items() if e["space"] != seal}
    state.apply(("episode", "break_seal"))
    roll(state, ["success", "success", "success+tentacle"])
    while state.current_player() == CHANCE:
        state.apply("blank")
    state.apply(("accept",))
    removed = next(i for i, line in enumerate(state.log) if "removes a seal" in line)
    lost = next(i for i, line in enumerate(state.log) if "loses 1 sanity" in line)
    assert removed < lost and seal not in state.tokens["seal"]
    assert state.front() == "level"


def test_a_rolls_numbers_run_to_the_next_decision_not_the_end_of_the_roll():
    """Your own attack whose tentacle reaches a red space: its numbers count the Panic card the
    red space sets off (2 stress) and stop at the next decision, the skill to level."""
    state = DeathMayDieState(seed=0, players=1)
    me = state.investigators[0]
    me.update(space="nave", sanity=4, insanity="panic", stress=3)
    state.apply(("attack", "cultist-1"))
    roll(state, ["tentacle", "blank", "blank", "blank", "blank"])
    accept = decision_odds(state).for_action(("accept",)).odds
    assert accept["sanity"] == 1 and accept["stress"] == 1  # Panic: 2 stress, 3 to the most, 4
    state.apply(("accept",))
    assert state.front() == "level" and me["stress"] == 4
