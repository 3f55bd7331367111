"""Dice as data, exact joint distributions, and the stress-reroll decision process.

The reroll values are checked against a brute-force solver written independently here: it knows
nothing of lumping or multisets, it plays ordered dice face by face (6 sides each, equally likely).
"""

from fractions import Fraction
from functools import cache
from itertools import product

import icepool
import pytest

from toolkit.death_may_die import rerolls
from toolkit.death_may_die.dice import (
    face_symbols,
    load_dice,
    roll_distribution,
    successes_distribution,
)
from toolkit.death_may_die.odds import SanityTrack, attack_summary, fire_roll
from toolkit.death_may_die.rerolls import Objective, advise, p_at_least, policy_rules, value

BLACK = ["blank", "success", "success", "tentacle", "elder", "success+tentacle"]
GREEN = ["blank", "blank", "success", "success", "elder", "success+elder"]


def test_faces_are_the_community_lists():
    dice = load_dice()
    assert list(dice["black"].faces) == BLACK
    assert list(dice["green"].faces) == GREEN
    for die in dice.values():
        assert sum(face_symbols(face)[0] for face in die.faces) == 3  # 3 of 6 faces succeed
    assert all(face_symbols(face)[1] == 0 for face in dice["green"].faces)  # never a tentacle


def _brute_joint(black, green):
    weights = {}
    for faces in product(*([BLACK] * black + [GREEN] * green)):
        totals = tuple(sum(face_symbols(f)[i] for f in faces) for i in range(3))
        weights[totals] = weights.get(totals, 0) + 1
    return {k: Fraction(w, 6 ** (black + green)) for k, w in weights.items()}


@pytest.mark.parametrize("black,green", [(0, 1), (1, 0), (3, 0), (2, 2), (3, 1), (1, 3)])
def test_joint_distribution_matches_enumeration(black, green):
    assert roll_distribution(black, green).pmf() == _brute_joint(black, green)


def _icepool_die(faces):
    return icepool.Die([icepool.Vector(face_symbols(face)) for face in faces])


@pytest.mark.parametrize("black,green", [(3, 0), (3, 2), (6, 5), (4, 4)])
def test_joint_distribution_matches_icepool(black, green):
    pool = icepool.Die([icepool.Vector((0, 0, 0))])
    for _ in range(black):
        pool = pool + _icepool_die(BLACK)
    for _ in range(green):
        pool = pool + _icepool_die(GREEN)
    expected = {tuple(v): Fraction(q, pool.denominator()) for v, q in pool.items()}
    assert roll_distribution(black, green).pmf() == expected


def test_rulebook_rolls_golden():
    # "Make a roll" is three black dice: at least one success 7/8, no tentacle (2/3)^3.
    three = roll_distribution(3)
    assert three.probability(lambda r: r[0] >= 1) == Fraction(7, 8)
    assert three.probability(lambda r: r[1] == 0) == Fraction(
        8, 27
    )  # two of six black faces show a tentacle
    # The Fire Vampire's attack: 2 black + 1 green dice.
    vampire = roll_distribution(2, 1)
    assert successes_distribution(2, 1).mean() == Fraction(3, 2)
    assert vampire.probability(lambda r: r[1] == 0) == Fraction(4, 9)
    # Fire: one black die per token.
    assert fire_roll(2) == roll_distribution(2, 0)


# -- brute force over ordered dice ---------------------------------------------------------------


def brute_value(black, green, stress, score):
    dice = [BLACK] * black + [GREEN] * green

    @cache
    def v(faces, left):
        totals = tuple(sum(face_symbols(f)[i] for f in faces) for i in range(3))
        best = tuple(Fraction(x) for x in score(totals))
        if left:
            for i, die in enumerate(dice):
                outcomes = [v(faces[:i] + (face,) + faces[i + 1 :], left - 1) for face in die]
                q = tuple(sum(o[j] for o in outcomes) / 6 for j in range(len(best)))
                best = max(best, q)
        return best

    starts = list(product(*dice))
    return tuple(
        sum(v(s, stress)[j] for s in starts) / len(starts) for j in range(len(score((0, 0, 0))))
    )


CASES = [(3, 0, 1), (3, 0, 2), (3, 1, 2), (2, 2, 3), (4, 0, 1), (1, 1, 4)]


@pytest.mark.parametrize("black,green,stress", CASES)
@pytest.mark.parametrize(
    "objective",
    [
        Objective("at_least", 2),
        Objective("at_least", 3, "tentacles"),
        Objective("expected_successes"),
        Objective("fewest_wounds"),
        Objective("fewest_tentacles"),
        Objective("fewest_harm"),
        Objective("survive", 2),
    ],
    ids=lambda o: f"{o.name}-{o.need}-{o.tie_break}",
)
def test_reroll_values_match_brute_force(black, green, stress, objective):
    expected = brute_value(black, green, stress, objective.score)
    assert rerolls.expected_score(black, green, stress, objective) == expected


def test_known_values():
    assert p_at_least(3, 0, 2, 0) == Fraction(1, 2)
    assert p_at_least(3, 0, 2, 2) == Fraction(13, 16)
    assert p_at_least(3, 1, 2, 2) == Fraction(57, 64)
    assert p_at_least(3, 0, 0, 4) == 1
    assert p_at_least(3, 0, 4, 4) == 0  # three dice cannot show four successes


def test_more_stress_and_more_dice_never_hurt():
    for need in range(0, 6):
        for stress in range(0, 4):
            assert p_at_least(3, 1, need, stress + 1) >= p_at_least(3, 1, need, stress)
            assert p_at_least(3, 2, need, stress) >= p_at_least(3, 1, need, stress)


def test_advice_after_a_roll():
    tie = Objective("at_least", 2, "tentacles")
    advice = advise({"black": ["tentacle", "blank", "success"], "green": ["blank"]}, 2, tie)
    assert advice.reroll == ("black", "tentacle")  # same success chance, and it sheds a tentacle
    assert advice.value_if_stop == 0 and advice.value == Fraction(3, 4)
    done = advise({"black": ["success", "success", "blank"]}, 3, Objective("at_least", 2))
    assert done.reroll is None and done.value == 1
    with pytest.raises(ValueError, match="not a face of the green die"):
        advise({"green": ["tentacle"]}, 1)


def test_policy_rules_read_like_advice():
    rules = policy_rules(3, 1, 2, Objective("at_least", 2))
    assert rules[-1].startswith("Value (maximise P(at least 2 successes)): 57/64")
    assert any(r.startswith("With 2-4 successes showing: stop.") for r in rules)
    assert any(
        "Keep every black die showing a success or a success with a tentacle, and every green "
        "die showing a success or a success with an elder sign." in r
        for r in rules
    )
    assert rules[0] == (
        "With 0 successes showing: with at least 2 stress left, reroll any black die showing a "
        "blank, a tentacle or an elder sign, or any green die showing a blank or an elder sign; "
        "with less, stop."
    )
    tie = policy_rules(3, 1, 2, Objective("at_least", 2, "tentacles"))
    assert any(
        "reroll first any black die showing a tentacle; then any green die showing a blank or an "
        "elder sign; then any black die" in r
        for r in tie
    )


def test_enemy_attack_rerolls_minimise_harm():
    summary = attack_summary(2, 1, 2)
    assert summary["expected_wounds_no_reroll"] == Fraction(3, 2)
    assert summary["expected_wounds"] < summary["expected_wounds_no_reroll"]
    assert value(2, 1, 0, Objective("fewest_tentacles")) == Fraction(2, 3)


def test_sanity_track_stops_at_red():
    track = SanityTrack(last=20, red=(5, 9, 13, 16, 19, 20), bonus=(3, 7, 11, 15))
    assert track.lose(3, 4) == (5, True)  # excess ignored
    assert track.lose(5, 1) == (6, False)  # leaving a red space is fine
    assert track.lose(0, 0) == (0, False)
    assert track.bonus_dice(2) == 0 and track.bonus_dice(3) == 1 and track.bonus_dice(20) == 4
    after = track.after_roll(4, roll_distribution(3).map(lambda r: r[1]))
    assert after.pmf() == {4: Fraction(8, 27), 5: Fraction(19, 27)}
    with pytest.raises(ValueError, match="last sanity space"):
        SanityTrack(last=20, red=(5,), bonus=())


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="negative"):
        p_at_least(-1, 0, 1, 0)
    with pytest.raises(ValueError, match="unknown objective"):
        Objective("most_elders")


def test_an_objective_counts_its_successes_in_good_english():
    assert Objective("at_least", 1).describe() == "maximise P(at least 1 success)"
    assert Objective("at_least", 2).describe() == "maximise P(at least 2 successes)"
