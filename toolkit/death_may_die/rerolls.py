"""Stress rerolls solved exactly as a Markov decision process.

After a roll you may take 1 stress to reroll any one die, see the result, and decide again, for as
long as stress allows. A position is the multiset of faces showing, by colour, and the stress left;
its value is the best of stopping (the objective applied to the faces) and of rerolling one die (the
average value over that die's six faces, with one stress less). The recursion ends because stress
falls by one each reroll.

Two symmetries make this fast. Dice of one colour are interchangeable, so a position is a count of
each face per colour, never an ordered list. And faces that the objective cannot tell apart (a black
blank and a black elder sign, when only successes count) are lumped into one class: rerolling either
gives the same distribution, so the lumped process has exactly the same values. Values are exact
and memoised (:func:`functools.cache`): worked out as whole numbers, scaled by the dice's sides to the
power of the stress left (so one position's options share a scale), and answered as Fractions.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, cached_property

from toolkit.death_may_die.dice import (
    SYMBOL_NAMES,
    face_label,
    face_parts,
    face_symbols,
    load_dice,
    roll_counts,
)
from toolkit.dist import Dist

COLOURS = ("black", "green")

OBJECTIVES = {
    "at_least": "maximise P(at least `need` successes)",
    "defeat": "maximise P(at least `need` successes), then the expected successes up to `need`",
    "expected_successes": "maximise the expected number of successes",
    "fewest_wounds": "minimise expected successes (wounds from an enemy attack or fire)",
    "fewest_tentacles": "minimise expected tentacles (sanity lost)",
    "fewest_harm": "minimise expected successes plus tentacles (wounds and sanity alike)",
    "survive": "maximise P(fewer than `need` successes) (live through an enemy attack)",
}
TIE_BREAKS = (None, "tentacles")


@dataclass(frozen=True)
class Objective:
    """What a reroll policy optimises. Scores are tuples compared lexicographically: the objective
    first, then (with ``tie_break="tentacles"``) fewer tentacles among equally good policies."""

    name: str = "at_least"
    need: int = 1
    tie_break: str | None = None
    cancel: int = 0  # successes cancelled before they count against you (Dodge): harm objectives

    def __post_init__(self):
        if self.name not in OBJECTIVES:
            raise ValueError(
                f"unknown objective {self.name!r}; choose from {', '.join(OBJECTIVES)}"
            )
        if self.tie_break not in TIE_BREAKS:
            raise ValueError(f"unknown tie-break {self.tie_break!r}; choose None or 'tentacles'")
        if self.name in ("at_least", "defeat", "survive") and self.need < 0:
            raise ValueError(f"successes needed cannot be negative, got {self.need}")
        if self.cancel < 0:
            raise ValueError(f"successes cancelled cannot be negative, got {self.cancel}")

    @property
    def features(self) -> tuple[int, ...]:
        """Indices into (successes, tentacles, elders) that the score reads."""
        used = {"fewest_tentacles": {1}, "fewest_harm": {0, 1}}.get(self.name, {0})
        if self.tie_break == "tentacles":
            used = used | {1}
        return tuple(sorted(used))

    @property
    def primary_feature(self) -> int:
        return 1 if self.name == "fewest_tentacles" else 0

    def score(self, totals: tuple[int, int, int]) -> tuple[int, ...]:
        """The score of final totals (successes, tentacles, elders); higher is better."""
        s, t, _ = totals
        hits = max(s - self.cancel, 0)  # the successes that reach you
        if self.name == "defeat":  # the target defeated, then the wounds it takes
            scores: tuple[int, ...] = (int(s >= self.need), min(s, self.need))
        else:
            scores = (
                {
                    "at_least": int(s >= self.need),
                    "expected_successes": s,
                    "fewest_wounds": -hits,
                    "fewest_tentacles": -t,
                    "fewest_harm": -(hits + t),
                    "survive": int(s < self.need),
                }[self.name],
            )
        return (*scores, -t) if self.tie_break == "tentacles" else scores

    @property
    def is_probability(self) -> bool:
        return self.name in ("at_least", "defeat", "survive")

    def natural(self, score: tuple[Fraction, ...]) -> Fraction:
        """The objective's own quantity: a probability, or expected wounds/tentacles (positive)."""
        return -score[0] if self.name.startswith("fewest") else score[0]

    def describe(self) -> str:
        successes = f"{self.need} success" + ("" if self.need == 1 else "es")
        text = OBJECTIVES[self.name].replace("`need` successes", successes)
        text = text.replace("`need`", str(self.need))
        if self.cancel:
            text += f", {self.cancel} cancelled"
        return text + ("; fewer tentacles breaks ties" if self.tie_break else "")


@dataclass(frozen=True)
class FaceClass:
    """Faces of one colour that the objective cannot tell apart."""

    colour: str
    key: tuple[int, ...]  # the objective's features of these faces
    faces: tuple[str, ...]  # distinct face names in the class
    weight: int  # how many of the six sides

    @property
    def label(self) -> str:
        return f"{self.colour} " + " or ".join(face_label(face) for face in self.faces)


@dataclass(frozen=True)
class RerollModel:
    """The lumped decision process of one pool's colours under one objective."""

    colours: tuple[str, ...]
    objective: Objective = field(default_factory=Objective)

    @cached_property
    def classes(self) -> tuple[tuple[FaceClass, ...], ...]:
        dice = load_dice()
        result = []
        for colour in self.colours:
            groups: dict[tuple[int, ...], list[str]] = {}
            weights: dict[tuple[int, ...], int] = {}
            for face in dice[colour].faces:
                symbols = face_symbols(face)
                key = tuple(symbols[i] for i in self.objective.features)
                if face not in groups.setdefault(key, []):
                    groups[key].append(face)
                weights[key] = weights.get(key, 0) + 1
            result.append(
                tuple(FaceClass(colour, key, tuple(groups[key]), weights[key]) for key in groups)
            )
        return tuple(result)

    def class_of(self, colour: str, face: str) -> int:
        index = self.colours.index(colour)
        for position, face_class in enumerate(self.classes[index]):
            if face in face_class.faces:
                return position
        raise ValueError(f"{face!r} is not a face of the {colour} die")

    def lump(self, faces: Mapping[str, list[str]]) -> tuple[tuple[int, ...], ...]:
        """The position of the faces showing, e.g. ``{"black": ["blank", "success"]}``: a count
        of each face class, by colour."""
        unknown = sorted(set(faces) - set(self.colours))
        if unknown:
            raise ValueError(
                f"unknown die colour {unknown[0]!r}; choose from {', '.join(self.colours)}"
            )
        state = []
        for index, colour in enumerate(self.colours):
            counts = [0] * len(self.classes[index])
            for face in faces.get(colour, []):
                counts[self.class_of(colour, face)] += 1
            state.append(tuple(counts))
        return tuple(state)

    def die(self, action, faces: Mapping[str, list[str]]) -> tuple[str, str] | None:
        """The die showing that `action` (None, or the (colour, class) :func:`solve` returns)
        rerolls, as (colour, face): the first face of the class that is showing."""
        if action is None:
            return None
        colour = self.colours[action[0]]
        candidates = self.classes[action[0]][action[1]].faces
        return colour, next(f for f in candidates if f in faces[colour])

    def score(self, state) -> tuple[int, ...]:
        totals = [0, 0, 0]
        for counts, classes in zip(state, self.classes, strict=True):
            for count, face_class in zip(counts, classes, strict=True):
                for feature, amount in zip(self.objective.features, face_class.key, strict=True):
                    totals[feature] += count * amount
        return self.objective.score(tuple(totals))

    def initial(self, counts: tuple[int, ...]) -> Dist:
        """Distribution of the lumped position just after rolling `counts[i]` dice of colour i."""
        result = Dist.constant(())
        for number, classes in zip(counts, self.classes, strict=True):
            one = Dist(
                {
                    tuple(int(j == i) for j in range(len(classes))): c.weight
                    for i, c in enumerate(classes)
                }
            )
            pile = Dist.constant(tuple(0 for _ in classes))
            for _ in range(number):
                pile = pile.combine(one, _vector_add)
            result = result.combine(pile, lambda a, b: (*a, b))
        return result

    @cached_property
    def unit(self) -> int:
        """A common multiple of the dice's sides: a position's score with `stress` left, times
        ``unit ** stress``, is a whole number, as each reroll averages over one die's sides."""
        return math.lcm(*(sum(c.weight for c in classes) for classes in self.classes))

    def rerolls(self, state, stress: int) -> list[tuple[int, int]]:
        """(colour index, class index) of every reroll open in `state`, in the order ties go by."""
        if stress <= 0:
            return []
        return [
            (colour, face_class)
            for colour, counts in enumerate(state)
            for face_class, count in enumerate(counts)
            if count
        ]

    def scaled_q(self, state, stress: int, colour: int, face_class: int) -> tuple[int, ...]:
        """:meth:`q_value` times ``unit ** stress``: whole numbers, exact and far quicker to add
        and compare than fractions (every position of the same stress shares the scale)."""
        classes = self.classes[colour]
        spread = self.unit // sum(c.weight for c in classes)
        sums: list[int] | None = None
        for target, target_class in enumerate(classes):
            counts = list(state[colour])
            counts[face_class] -= 1
            counts[target] += 1
            next_state = (*state[:colour], tuple(counts), *state[colour + 1 :])
            value = _scaled_solve(self, next_state, stress - 1)[0]
            weight = target_class.weight * spread
            sums = (
                [weight * v for v in value]
                if sums is None
                else [a + weight * v for a, v in zip(sums, value, strict=True)]
            )
        return tuple(sums)

    def q_value(self, state, stress: int, colour: int, face_class: int) -> tuple[Fraction, ...]:
        """Expected score of rerolling one die of `face_class`, then playing on optimally."""
        scale = self.unit**stress
        return tuple(Fraction(v, scale) for v in self.scaled_q(state, stress, colour, face_class))

    def options(self, state, stress: int):
        """(colour index, class index, Q-value) of every reroll open in `state`."""
        return [
            (colour, face_class, self.q_value(state, stress, colour, face_class))
            for colour, face_class in self.rerolls(state, stress)
        ]


def _vector_add(a, b):
    return tuple(x + y for x, y in zip(a, b, strict=True))


def solve(model: RerollModel, state, stress: int):
    """(best score, best action) of a position; the action is None (stop) or (colour, class).

    Ties go to stopping (keep the stress), then to the first option in colour and face order.
    """
    best, action = _scaled_solve(model, state, stress)
    scale = model.unit**stress
    return tuple(Fraction(v, scale) for v in best), action


@cache
def _scaled_solve(model: RerollModel, state, stress: int):
    """:func:`solve` with the score times ``model.unit ** stress``, in whole numbers. Remembered
    for the life of the process: the bots ask about the same few thousand rolls game after game."""
    scale = model.unit**stress
    best, action = tuple(v * scale for v in model.score(state)), None
    for colour, face_class in model.rerolls(state, stress):
        value = model.scaled_q(state, stress, colour, face_class)
        if value > best:
            best, action = value, (colour, face_class)
    return best, action


# -- the questions people ask ----------------------------------------------------------------------


@cache
def reroll_model(objective: Objective) -> RerollModel:
    """The model of the two dice under `objective`, made once: its face classes are worked out
    from the dice file on first use, and a fresh model each question would work them out again
    (a fifth of the time of a bot's question)."""
    return RerollModel(COLOURS, objective)


def _model(black: int, green: int, objective: Objective) -> tuple[RerollModel, tuple[int, ...]]:
    if black < 0 or green < 0:
        raise ValueError(f"dice counts cannot be negative (black={black}, green={green})")
    return reroll_model(objective), (black, green)


def expected_score(
    black: int, green: int, stress: int, objective: Objective
) -> tuple[Fraction, ...]:
    """The objective's score before rolling, under the best policy with `stress` rerolls at most."""
    if stress < 0:
        raise ValueError(f"stress cannot be negative, got {stress}")
    if stress == 0:
        return plain_score(black, green, objective)
    return solved_score(black, green, stress, objective)


def solved_score(black: int, green: int, stress: int, objective: Objective) -> tuple[Fraction, ...]:
    """:func:`expected_score` by solving the decision process from every first roll (with no
    stress this is the slow way round, kept as the reference :func:`plain_score` is tested on)."""
    model, counts = _model(black, green, objective)
    start = model.initial(counts)
    sums = None
    for state, weight in start.weights.items():
        value = [weight * v for v in solve(model, state, stress)[0]]
        sums = value if sums is None else [a + b for a, b in zip(sums, value, strict=True)]
    return tuple(Fraction(v, start.total) for v in sums)


def plain_score(black: int, green: int, objective: Objective) -> tuple[Fraction, ...]:
    """:func:`expected_score` with no stress to spend: with no reroll to choose there is no
    decision to solve, only the roll. The totals of the symbols the objective reads come straight
    from each die's polynomial (:func:`~toolkit.death_may_die.dice.roll_counts`), so a question
    about successes alone multiplies two-term polynomials. Equal to the decision process with
    zero stress (the tests compare them over every pool of the box)."""
    features = objective.features
    counts = roll_counts(black, green, features)
    sums = None
    totals = [0, 0, 0]
    for key, weight in counts.items():
        for feature, amount in zip(features, key, strict=True):
            totals[feature] = amount
        score = [weight * v for v in objective.score(tuple(totals))]
        sums = score if sums is None else [a + b for a, b in zip(sums, score, strict=True)]
    total = sum(counts.values())
    return tuple(Fraction(v, total) for v in sums)


def value(black: int, green: int, stress: int, objective: Objective | None = None) -> Fraction:
    """The objective's own number (a probability or an expectation) under the optimal policy."""
    objective = objective or Objective()
    return objective.natural(expected_score(black, green, stress, objective))


def p_at_least(black: int, green: int, need: int, stress: int = 0) -> Fraction:
    """P(at least `need` successes) when every stress is spent as well as it can be."""
    return value(black, green, stress, Objective("at_least", need))


@dataclass(frozen=True)
class Advice:
    """What to do with a roll on the table."""

    reroll: tuple[str, str] | None  # (colour, face) to reroll now, or None: keep the roll
    value: Fraction  # the objective's number if you follow the advice (and the policy after it)
    value_if_stop: Fraction
    options: tuple[tuple[str, Fraction], ...]  # each open reroll, as words, with its value

    def __str__(self) -> str:
        if self.reroll is None:
            return f"keep the roll (value {float(self.value):.3g})"
        colour, face = self.reroll
        if self.value == self.value_if_stop:
            return f"reroll a {colour} {face_label(face)} (same value, fewer tentacles expected)"
        return (
            f"reroll a {colour} {face_label(face)} ({float(self.value_if_stop):.3g} -> "
            f"{float(self.value):.3g})"
        )


def advise(
    faces: Mapping[str, list[str]], stress: int, objective: Objective | None = None
) -> Advice:
    """The optimal next step for the faces showing, e.g. ``{"black": ["blank", "success"]}``."""
    objective = objective or Objective()
    model = reroll_model(objective)
    state = model.lump(faces)
    best, action = solve(model, state, max(stress, 0))
    stop = objective.natural(tuple(Fraction(v) for v in model.score(state)))
    options = tuple(
        (f"reroll a {model.classes[c][k].label}", objective.natural(q))
        for c, k, q in model.options(state, stress)
    )
    reroll = model.die(action, faces)
    return Advice(reroll, objective.natural(best), stop, options)


def best_reroll(
    faces: Mapping[str, list[str]], stress: int, objective: Objective | None = None
) -> tuple[str, str] | None:
    """The die :func:`advise` would reroll, as (colour, face), or None to keep the roll. A bot
    needs no more, and this costs a fraction of the advice: the policy is remembered
    (:func:`solve`), while the advice works out every open reroll's value afresh to explain it."""
    model = reroll_model(objective or Objective())
    return model.die(_scaled_solve(model, model.lump(faces), max(stress, 0))[1], faces)


# -- the policy as rules a player can remember -----------------------------------------------------


def policy_rules(
    black: int, green: int, stress: int, objective: Objective | None = None
) -> list[str]:
    """The optimal policy summarised in words, grouped by the count the objective watches.

    Every position the policy can reach is visited; within a group the reroll order is stated only
    when it holds in all of them ("a before b"), otherwise the rule says it depends.
    """
    objective = objective or Objective()
    model, counts = _model(black, green, objective)
    groups: dict[int, list] = {}
    seen = set()
    frontier = [(state, stress) for state in model.initial(counts).weights]
    while frontier:
        state, left = frontier.pop()
        if (state, left) in seen or left <= 0:
            continue
        seen.add((state, left))
        total = sum(
            n * c.key[objective.features.index(objective.primary_feature)]
            for counts_, classes in zip(state, model.classes, strict=True)
            for n, c in zip(counts_, classes, strict=True)
        )
        stop = tuple(Fraction(v) for v in model.score(state))
        options = model.options(state, left)
        groups.setdefault(total, []).append((left, stop, options))
        for colour, face_class, _ in options:
            for target in range(len(model.classes[colour])):
                next_counts = list(state[colour])
                next_counts[face_class] -= 1
                next_counts[target] += 1
                next_state = (*state[:colour], tuple(next_counts), *state[colour + 1 :])
                frontier.append((next_state, left - 1))
    noun = {0: "successes", 1: "tentacles"}[objective.primary_feature]
    described = [(total, _describe_group(model, rows)) for total, rows in sorted(groups.items())]
    rules = []
    for start, text in described:
        if rules and rules[-1][1] == text:
            rules[-1][0].append(start)
        else:
            rules.append(([start], text))
    lines = []
    for totals, text in rules:
        span = str(totals[0]) if len(totals) == 1 else f"{totals[0]}-{totals[-1]}"
        word = {"successes": "success", "tentacles": "tentacle"}[noun] if span == "1" else noun
        lines.append(f"With {span} {word} showing: {text}")
    final = value(black, green, stress, objective)
    plain = value(black, green, 0, objective)
    lines.append(
        f"Value ({objective.describe()}): {final} = {_readable(objective, final)} with up to "
        f"{stress} stress; {plain} = {_readable(objective, plain)} without rerolls."
    )
    return lines


def _readable(objective: Objective, number: Fraction) -> str:
    return f"{float(number):.2%}" if objective.is_probability else f"{float(number):.3f}"


def _describe_group(model: RerollModel, rows) -> str:
    """One group's rule: when to reroll, which dice in which order, which dice never."""
    present, chosen = set(), set()
    reroll_stress, stop_stress = [], []
    relation: dict[tuple, set] = {}
    for left, stop, options in rows:
        present.update((c, k) for c, k, _ in options)
        best = max((q for _, _, q in options), default=stop)
        if best <= stop:
            stop_stress.append(left)
            continue
        reroll_stress.append(left)
        chosen.update((c, k) for c, k, q in options if q == best)
        for c1, k1, q1 in options:
            for c2, k2, q2 in options:
                if (c1, k1) != (c2, k2):
                    relation.setdefault(((c1, k1), (c2, k2)), set()).add((q1 > q2) - (q1 < q2))
    if not reroll_stress:
        return "stop."

    def beats(a, b):
        return relation.get((a, b)) == {1}

    ranked = sorted(chosen, key=lambda a: (-sum(beats(a, b) for b in chosen), a))
    tiers: list[list] = []
    for key in ranked:
        if tiers and not beats(tiers[-1][0], key):
            tiers[-1].append(key)
        else:
            tiers.append([key])
    consistent = all(
        beats(a, b)
        for i, tier in enumerate(tiers)
        for a in tier
        for later in tiers[i + 1 :]
        for b in later
    )
    consistent = consistent and all(
        relation.get((a, b), {0}) == {0} for tier in tiers for a in tier for b in tier if a != b
    )
    parts = [_dice_words(model, tier, "or") for tier in tiers]
    if len(parts) == 1:
        targets = parts[0]
    elif consistent:
        targets = "first " + "; then ".join(parts)
    else:
        targets = "(which die first depends on the position) " + "; or ".join(parts)
    if not stop_stress:
        text = f"reroll {targets}."
    elif max(stop_stress) < min(reroll_stress):
        text = f"with at least {min(reroll_stress)} stress left, reroll {targets}; with less, stop."
    else:
        text = f"in some positions stop, in others reroll {targets}."
    never = sorted(present - chosen)
    if never:
        text += f" Keep {_dice_words(model, never, 'and', 'every')}."
    return text


def _face_words(face: str) -> str:
    """A face with its articles: "a blank", "an elder sign", "a success with a tentacle"."""
    names = [SYMBOL_NAMES[part] for part in face_parts(face)] or ["blank"]
    return " with ".join(f"{'an' if name[0] in 'aeiou' else 'a'} {name}" for name in names)


def _dice_words(model: RerollModel, keys, joiner: str, each: str = "any") -> str:
    """Face classes as dice a player looks for, a colour's faces together: "any black die
    showing a blank, a tentacle or an elder sign, or any green die showing a blank"."""
    faces: dict[str, list[str]] = {}
    for colour, face_class in keys:
        kind = model.classes[colour][face_class]
        faces.setdefault(kind.colour, []).extend(kind.faces)
    dice = []
    for colour, shown in faces.items():
        words = [_face_words(face) for face in shown]
        listed = words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"
        dice.append(f"{each} {colour} die showing {listed}")
    return f", {joiner} ".join(dice)
