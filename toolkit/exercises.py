"""Exercises for the book's chapters, each answered by the toolkit itself.

An :class:`Exercise` carries its prompt, a hint, and the code that computes its answer: a few
lines of Python calling the toolkit's engines and odds, shown as the solution in the book and in
the teacher's workbooks, and run by :meth:`Exercise.answer`. No answer is typed in.

:func:`check` reads a reader's answer (an exact fraction such as ``"37/56"``, a
:class:`~fractions.Fraction` or a sympy Rational; a decimal or a percentage such as ``"52.3%"``)
and returns a :class:`Verdict`, truthy when the answer is right. A fraction must be exact; a
decimal or a percentage may be off by the tolerance the exercise states. A wrong answer gets the
exercise's hint, never the answer.
"""

from __future__ import annotations

import numbers
import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from toolkit.html import chance, exact

CHAPTERS = {
    "primer": "A probability primer",
    "epic-death": "Epic Death!",
    "to-the-death": "To the Death!",
    "tpk": "TPK: Total Party Kill",
    "how-i-died": "And That's How I Died",
    "death-may-die": "Cthulhu: Death May Die",
}
LEVELS = ("easy", "medium", "hard")
# what an answer is: a chance (0 to 1), another exact number (a mean, a variance), a whole
# number (a count), or a decimal the toolkit computes in floating point (an interval's end)
KINDS = ("chance", "number", "count", "decimal")
CHANCE_TOLERANCE = Fraction(1, 2000)  # three decimals, or a percentage to one decimal


@dataclass(frozen=True)
class Exercise:
    """One exercise: what it asks (`prompt`, Markdown), the `code` that answers it (Python that
    sets ``answer``), a `hint` that does not give the answer away, and how close a decimal must
    be (`tolerance`, absolute)."""

    id: str
    chapter: str
    level: str
    title: str
    prompt: str
    code: str
    hint: str
    kind: str = "chance"
    tolerance: Fraction = CHANCE_TOLERANCE

    def answer(self) -> Fraction | int | float:
        """The answer, computed now by running :attr:`code` (it calls the toolkit)."""
        namespace: dict = {}
        exec(compile(self.code, f"<exercise {self.id}>", "exec"), namespace)  # our own code
        return namespace["answer"]

    @property
    def asks_for(self) -> str:
        """How to write the answer, and how close a decimal must be."""
        if self.kind == "count":
            return "Answer with a whole number."
        if self.kind == "decimal":
            return (
                f"Answer with a decimal within {_decimal(self.tolerance)}"
                f" or a percentage within {_decimal(self.tolerance * 100)} points."
            )
        if self.kind == "chance":
            return (
                f"Answer with an exact fraction, a decimal within {_decimal(self.tolerance)}"
                f" or a percentage within {_decimal(self.tolerance * 100)} points."
            )
        return f"Answer with an exact fraction or a decimal within {_decimal(self.tolerance)}."

    def shown(self, value) -> str:
        """An answer of this exercise as people read it."""
        if self.kind == "decimal":
            return f"{float(value):.4f}"
        if self.kind == "count":
            return f"{int(value):,}"
        if self.kind == "chance":
            return chance(value)
        value = Fraction(value)
        if value.denominator == 1:
            return exact(value)
        return f"{exact(value)} (about {float(value):.3f})"


def _decimal(value: Fraction) -> str:
    return f"{float(value):.6f}".rstrip("0").rstrip(".")


@dataclass(frozen=True)
class Verdict:
    """What :func:`check` says: truthy when right. `status` is ``right``, ``wrong``, ``empty``
    (no answer given yet) or ``unreadable`` (not a number); `message` is the one line to show."""

    id: str
    status: str
    message: str

    def __bool__(self) -> bool:
        return self.status == "right"

    def __str__(self) -> str:
        return self.message

    __repr__ = __str__


def read_answer(given) -> tuple[Fraction, bool] | None:
    """A reader's answer as (value, written as a decimal or percentage), or None for no answer.
    A ValueError names what could not be read."""
    if given is None or (isinstance(given, str) and not given.strip()):
        return None
    if isinstance(given, bool):
        raise ValueError(f"{given!r} is not a number")
    if isinstance(given, Fraction | numbers.Integral):
        return Fraction(given), False
    if type(given).__module__.startswith("sympy"):
        if getattr(given, "is_Rational", False):
            return Fraction(int(given.p), int(given.q)), False
        if getattr(given, "is_number", False) and getattr(given, "is_real", False):
            return Fraction(repr(float(given))), True
        raise ValueError(f"{given} is not a number")
    if isinstance(given, numbers.Real):  # a float as it is written (0.312), not its binary value
        return Fraction(repr(float(given))), True
    if not isinstance(given, str):
        raise ValueError(f"{given!r} is not a number")
    text = re.sub(r"[\s_]|,(?=\d{3})", "", given)
    percent = text.endswith("%")
    if percent:
        text = text[:-1]
    try:
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise ValueError(
            f"cannot read {given!r}: write a fraction (3/8), a decimal (0.375) "
            "or a percentage (37.5%)"
        ) from None
    decimal = percent or bool(re.search(r"[.eE]", text))
    return (value / 100 if percent else value), decimal


def check(exercise_id: str, given) -> Verdict:
    """Is `given` the answer to exercise `exercise_id`? A verdict in one line: right (with the
    answer), not yet (with the hint), no answer yet, or not a number. An unknown id is a
    ValueError naming the ids there are."""
    exercise = get(exercise_id)
    try:
        read = read_answer(given)
    except ValueError as error:
        return Verdict(exercise.id, "unreadable", f"{exercise.id}: {error}")
    if read is None:
        return Verdict(exercise.id, "empty", f"{exercise.id}: no answer yet. {exercise.asks_for}")
    value, decimal = read
    answer = exercise.answer()
    exact_answer = not isinstance(answer, float)
    target = Fraction(answer)
    if exact_answer and value == target:
        return Verdict(exercise.id, "right", f"{exercise.id}: right, {exercise.shown(answer)}.")
    close = abs(value - target) <= exercise.tolerance
    if close and exercise.kind != "count" and (decimal or not exact_answer):
        return Verdict(
            exercise.id,
            "right",
            f"{exercise.id}: right, within {_decimal(exercise.tolerance)} of "
            f"{exercise.shown(answer)}.",
        )
    advice = ""
    if exercise.kind == "chance" and not 0 <= value <= 1:
        advice = " A chance lies between 0 and 1 (write 52.3% or 0.523)."
    elif close and exercise.kind != "count":
        advice = " Close, but a fraction must be exact."
    elif exercise.kind == "count" and value.denominator != 1:
        advice = " The answer is a whole number."
    return Verdict(exercise.id, "wrong", f"{exercise.id}: not yet.{advice} Hint: {exercise.hint}")


def get(exercise_id: str) -> Exercise:
    """One exercise by id, or a ValueError that lists the ids by chapter."""
    exercises = catalog()
    if exercise_id not in exercises:
        chapters = ", ".join(f"{c}-1 to {c}-{count(c)}" for c in CHAPTERS)
        raise ValueError(f"no exercise {exercise_id!r} (the ids are {chapters})")
    return exercises[exercise_id]


def count(chapter: str) -> int:
    return sum(1 for e in catalog().values() if e.chapter == chapter)


def for_chapter(chapter: str) -> list[Exercise]:
    """A chapter's exercises, easy to hard; a ValueError for a chapter there is not."""
    if chapter not in CHAPTERS:
        raise ValueError(f"no chapter {chapter!r} (choose from {', '.join(CHAPTERS)})")
    return [e for e in catalog().values() if e.chapter == chapter]


@cache
def catalog() -> dict[str, Exercise]:
    """Every exercise by id (``primer-1``, ``epic-death-3``...), chapter by chapter, easy to hard."""
    numbered: dict[str, int] = {}
    exercises = {}
    for chapter, level, title, prompt, code, hint, *rest in _EXERCISES:
        numbered[chapter] = numbered.get(chapter, 0) + 1
        ident = f"{chapter}-{numbered[chapter]}"
        kind = rest[0] if rest else "chance"
        tolerance = rest[1] if len(rest) > 1 else CHANCE_TOLERANCE
        if kind == "count":
            tolerance = Fraction(0)
        assert chapter in CHAPTERS and level in LEVELS and kind in KINDS, ident
        exercises[ident] = Exercise(
            ident, chapter, level, title, prompt.strip(), code.strip() + "\n", hint, kind, tolerance
        )
    return exercises


TWO_DECIMALS = Fraction(1, 200)

# (chapter, level, title, prompt, code, hint[, kind[, tolerance]]), easy to hard in each chapter
_EXERCISES = [
    # -- the primer: counting, exact against simulated, Wilson intervals ----------------------
    (
        "primer",
        "easy",
        "Ten or more on two dice",
        "Roll two six-sided dice. What is the chance that the total is 10 or more?",
        """
from toolkit.dist import Dist

two_dice = Dist.die(6) + Dist.die(6)
answer = two_dice.at_least(10)
""",
        "List the ordered pairs that make 10, 11 and 12. Divide by the 36 ordered pairs.",
    ),
    (
        "primer",
        "easy",
        "Counting sevens",
        "Two dice can land in 36 ordered ways. In how many of them is the total 7?",
        """
from toolkit.dist import Dist

two_dice = Dist.die(6) + Dist.die(6)
answer = two_dice.exactly(7) * 36
""",
        "Whatever the first die shows, exactly one face of the second die makes 7.",
        "count",
    ),
    (
        "primer",
        "easy",
        "Three successes from ten dice",
        "Roll ten dice. Each one succeeds on a 5 or a 6. "
        "What is the chance of at least three successes?",
        """
from toolkit.dist import binomial

answer = binomial(10, "1/3").at_least(3)
""",
        "Work out the chance of 0, 1 and 2 successes with the binomial law, "
        "and take their sum from 1.",
    ),
    (
        "primer",
        "medium",
        "Two of a suit",
        "Deal 5 cards from a 32-card deck that holds 8 cards of one suit. "
        "What is the chance that exactly 2 of the 5 are of that suit?",
        """
from toolkit.dist import hypergeometric

answer = hypergeometric(32, 8, 5).exactly(2)
""",
        "Count the hands: 2 cards from the 8 of the suit, 3 from the 24 others. "
        "Divide by every hand of 5 from 32.",
    ),
    (
        "primer",
        "medium",
        "A pool of random size",
        "Roll eight dice and a D6 more: the D6 says how many dice join the eight. "
        "Each die succeeds on a 5 or a 6. What is the chance of at least four successes?",
        """
from toolkit.dist import Dist, binomial

pool = Dist.die(6) + 8
successes = pool.bind(lambda n: binomial(n, "1/3"))
answer = successes.at_least(4)
""",
        "Work out the chance for each pool size from 9 to 14 dice. "
        "Each size comes with chance 1/6: average the six chances.",
    ),
    (
        "primer",
        "medium",
        "A Wilson interval",
        "A simulation plays 400 games and wins 260 of them. "
        "What is the lower end of the 95% Wilson interval for the win rate?",
        """
from toolkit.simulate import wilson_interval

low, high = wilson_interval(260, 400)
answer = low
""",
        "Use z = 1.96 and the rate 260/400. The Wilson centre is pulled a little towards "
        "one half; the half-width is then taken off it.",
        "decimal",
    ),
    (
        "primer",
        "hard",
        "How many games is enough?",
        "A simulation wins exactly half its games. How many games must it play before "
        "the 95% Wilson interval is narrower than 2 percentage points? "
        "Give the smallest even number of games.",
        """
from toolkit.simulate import wilson_interval


def width(games):
    low, high = wilson_interval(games // 2, games)
    return high - low


games = 2
while width(games) >= 0.02:
    games += 2
answer = games
""",
        "The half-width is about 1.96 times the square root of p(1-p)/n. Solve for n, "
        "then check the even numbers near it with the toolkit's interval.",
        "count",
    ),
    # -- Epic Death!: binomial tails and modes -------------------------------------------------
    (
        "epic-death",
        "easy",
        "No Victory at all",
        "A Mighty quest: a die is a Victory on a 5 or a 6. "
        "With the starting pool of ten dice, what is the chance of no Victory at all?",
        """
from toolkit.epic_death.odds import victories

answer = victories(10, "mighty").exactly(0)
""",
        "Every one of the ten dice must miss, and a die misses on four faces of six.",
    ),
    (
        "epic-death",
        "easy",
        "A Trivial quest",
        "A Trivial quest needs six Victories; a die is a Victory on 4 or more. "
        "With ten dice, what is the chance that the quest succeeds?",
        """
from toolkit.epic_death.odds import plain_odds

at_least, exactly = plain_odds(10, "trivial", 6)
answer = at_least
""",
        "Each die wins with chance one half, so all 1,024 patterns of wins and misses "
        "are equally likely. Count the patterns with six or more wins.",
    ),
    (
        "epic-death",
        "medium",
        "EPIC DEATH at Exalted",
        "An Exalted Epic Quest needs two Victories; only a 6 is a Victory. "
        "Rolling exactly the target is an EPIC DEATH. "
        "With ten dice, what is the chance of an EPIC DEATH?",
        """
from toolkit.epic_death.odds import plain_odds

at_least, exactly = plain_odds(10, "exalted", 2)
answer = exactly
""",
        "Choose which two dice show a 6, then multiply by the chance of that one pattern.",
    ),
    (
        "epic-death",
        "medium",
        "The best target for dying",
        "You roll ten dice at Mighty (5 or 6). Which target, from 1 to 10 Victories, "
        "gives the best chance of rolling exactly the target?",
        """
from toolkit.epic_death.odds import plain_odds

chances = {k: plain_odds(10, "mighty", k)[1] for k in range(1, 11)}
answer = max(chances, key=chances.get)
""",
        "The most likely number of successes of a binomial is the floor of (n + 1) p. "
        "Compare its neighbours too.",
        "count",
    ),
    (
        "epic-death",
        "medium",
        "A plain success on an Epic Quest",
        "A Mighty Epic Quest needs four Victories, and you roll ten dice. "
        "Exactly four is an EPIC DEATH, so only five or more is a plain success. "
        "What is the chance of a plain success?",
        """
from toolkit.epic_death.odds import plain_odds

at_least, exactly = plain_odds(10, "mighty", 4)
answer = at_least - exactly
""",
        "Take the chance of exactly four away from the chance of at least four.",
    ),
    (
        "epic-death",
        "hard",
        "A D6 fewer dice",
        "A rival plays a card that takes a D6 of dice from your pool of ten. "
        "Your Trivial quest needs seven Victories, and a pool under seven fails at once. "
        "What is the chance that the quest succeeds?",
        """
from toolkit.epic_death.odds import PoolModifiers, quest_odds

odds = quest_odds(7, "trivial", PoolModifiers(minus_d6=1))
answer = odds.success
""",
        "Condition on the D6. Each face leaves ten minus that many dice, with chance 1/6. "
        "Which faces leave a pool big enough to roll?",
    ),
    (
        "epic-death",
        "hard",
        "Frenzy",
        "Fate cards cut your pool of ten to three dice, then Frenzy is played: "
        "the small pool may roll, and a 6 counts as two Victories. "
        "The Mighty quest needs four Victories (5 or 6 on a die). "
        "What is the chance that it succeeds?",
        """
from toolkit.epic_death.odds import PoolModifiers, quest_odds

odds = quest_odds(4, "mighty", PoolModifiers(dice=-7, frenzy=True))
answer = odds.success
""",
        "One die gives 0 Victories (1 to 4), 1 (a 5) or 2 (a 6). "
        "Add three such dice and count the ways to reach four.",
    ),
    # -- To the Death!: drawing without replacement, the hypergeometric law ---------------------
    (
        "to-the-death",
        "easy",
        "A high check",
        "The arsenal holds 32 cards: one of each value 0, 2, 3, 4, 5, 6, 7 and 8 in each of "
        "four suits. From a fresh deck, what is the chance that a check is 6 or more?",
        """
from toolkit.to_the_death.odds import check_values

answer = check_values().at_least(6)
""",
        "Count the cards of value 6, 7 and 8 in the four suits.",
    ),
    (
        "to-the-death",
        "easy",
        "Weapon against armor",
        "A weapon of value 2, with no bonus, attacks a monster with armor 7. "
        "Reaching the armor is a hit. From a fresh deck, what is the chance of a hit?",
        """
from toolkit.to_the_death.odds import p_hit

answer = p_hit(weapon=2, armor=7)
""",
        "The weapon plus the check must reach the armor. Which check values do that?",
    ),
    (
        "to-the-death",
        "medium",
        "After the middle cards are gone",
        "The same weapon (2) against the same armor (7). This time every 5 and every 6 "
        "is in the discard pile, where you saw them. What is the chance of a hit now?",
        """
from toolkit.to_the_death.cards import catalog, value_of
from toolkit.to_the_death.odds import p_hit

seen = [c for c in catalog().arsenal if value_of(c) in (5, 6)]
answer = p_hit(weapon=2, armor=7, seen=seen)
""",
        "Only the cards you have not seen can come up. "
        "How many are left, and how many of them still hit?",
    ),
    (
        "to-the-death",
        "medium",
        "Can I block?",
        "You hold the 5 of Fighters and the 3 of Champions, and you have seen no other card. "
        "A block needs a card of the same value as the enemy's check. "
        "What is the chance that you can block the next check?",
        """
from toolkit.to_the_death.odds import p_block

answer = p_block(["fighter:5", "champion:3"])
""",
        "Your own two cards are not in the deck. "
        "Count the unseen cards whose value matches one of yours.",
    ),
    (
        "to-the-death",
        "medium",
        "Two hits in a row",
        "Two weapons each need a check of 6 or more, and they check one after the other "
        "from a fresh deck. The first card is discarded before the second is drawn. "
        "What is the chance that both hit?",
        """
from toolkit.dist import hypergeometric

good = 12  # the 6s, 7s and 8s of four suits
answer = hypergeometric(32, good, 2).exactly(2)
""",
        "After a first hit the deck has 31 cards, and one good card fewer.",
    ),
    (
        "to-the-death",
        "hard",
        "Spread without replacement",
        "Five weapons each need a check of 6 or more, from a fresh deck. "
        "What is the variance of the number of hits?",
        """
from toolkit.dist import hypergeometric

answer = hypergeometric(32, 12, 5).variance()
""",
        "The hypergeometric variance is n p (1 - p) times (N - n)/(N - 1): "
        "the binomial's, shrunk because cards are not put back.",
        "number",
        TWO_DECIMALS,
    ),
    (
        "to-the-death",
        "hard",
        "Two of three, with the 8s gone",
        "All four 8s are in the discard pile. Three weapons each need a check of 6 or more. "
        "What is the chance that at least two of the three hit?",
        """
from toolkit.dist import hypergeometric
from toolkit.to_the_death.cards import catalog, value_of
from toolkit.to_the_death.odds import unseen_cards

seen = [c for c in catalog().arsenal if value_of(c) == 8]
left = list(unseen_cards(seen).elements())
good = sum(1 for c in left if value_of(c) >= 6)
answer = hypergeometric(len(left), good, 3).at_least(2)
""",
        "28 cards are unseen and 8 of them are good. "
        "Add the hypergeometric chances of two and of three good cards.",
    ),
    # -- TPK: hidden hands, information sets, covering -----------------------------------------
    (
        "tpk",
        "easy",
        "Taric's possible draws",
        "At level 1 each character draws 3 cards from an equipment deck of 8. "
        "How many different sets of 3 cards can Taric draw?",
        """
from math import comb

from toolkit.tpk.cards import catalog
from toolkit.tpk.rules import starting_deck

deck = starting_deck("taric", 3, "none")
answer = comb(len(deck), catalog().level(1).draw)
""",
        "Order does not matter: this is 8 choose 3.",
        "count",
    ),
    (
        "tpk",
        "easy",
        "Is it a treasure?",
        "The first card of a fresh row comes from the whole threat deck of 45 cards. "
        "What is the chance that it is a treasure?",
        """
from toolkit.tpk.odds import expected_row_treasures

# a row of one card: its expected number of treasures is its chance
answer = expected_row_treasures(1, 1)
""",
        "Count the treasure cards in the threat deck and divide by its size.",
    ),
    (
        "tpk",
        "medium",
        "Treasures in a long row",
        "Level 7 lays out 7 threat cards for each character. "
        "With five characters, how many treasures does a fresh row hold on average?",
        """
from toolkit.tpk.odds import expected_row_treasures

answer = expected_row_treasures(7, 5)
""",
        "Linearity of expectation: add the chance of a treasure over every card of the row. "
        "The cards are not independent, but the sum does not care.",
        "number",
        TWO_DECIMALS,
    ),
    (
        "tpk",
        "medium",
        "What Brin cannot see",
        "In the rulebook's level 1, Brin drew the longbow, the old map and the torch. "
        "She sees the row and her own cards, not the 3 cards Taric and Galen each drew "
        "from their 8. How many pairs of draws (Taric's, Galen's) fit what she sees?",
        """
from math import prod

from toolkit.tpk.examples import level_one_example

view = level_one_example().players_view(0)
answer = prod(len(draws) for seat, draws in view.unseen_deals())
""",
        "This is Brin's information set. Count each partner's possible draws and multiply.",
        "count",
    ),
    (
        "tpk",
        "medium",
        "Did Taric draw a big weapon?",
        "Taric's 8 equipment cards (in a three-character game) include some powerful (x2) "
        "monster cards. From Brin's seat, Taric's 3 cards are any 3 of his 8. "
        "What is the chance that he holds at least one powerful monster card?",
        """
from toolkit.dist import hypergeometric
from toolkit.tpk.cards import catalog
from toolkit.tpk.rules import starting_deck


def is_x2_monster(card):
    uses = catalog().equipment[card].uses
    return any(u.icon == "monster" and u.powerful for u in uses)


deck = starting_deck("taric", 3, "none")
big = sum(map(is_x2_monster, deck))
answer = hypergeometric(len(deck), big, 3).at_least(1)
""",
        "Look up how many of Taric's cards are x2 monster cards. "
        "Count the draws with none of them and take that chance from 1.",
    ),
    (
        "tpk",
        "hard",
        "Keep the torch?",
        "Brin must keep one card in the rulebook's level 1. Suppose she keeps the torch. "
        "Over every pair of draws Taric and Galen could hold, what is the chance that a "
        "party showing every hand could still clear the level?",
        """
from toolkit.games import get_game
from toolkit.position import parse

# Brin's first choice, as she sees the table
table = parse(\"\"\"
game: tpk
players: 3
seat: 0
level: 1
starter: 0
decision: keep
moves: []
row:
  - {card: small-monster}
  - {card: large-monster}
  - {card: secret-door}
party:
  - character: brin
    drawn: [brin-longbow, brin-old-map, brin-torch]
  - {character: taric, holds: 3}
  - {character: galen, holds: 3}
\"\"\")
tpk = get_game("tpk")
odds = tpk.decision_odds(tpk.position(table))
torch = next(a for a in odds.actions if a.label.endswith("Torch"))
answer = torch.odds["clearable"]
""",
        "Weigh each pair of partner draws from the information set equally. "
        "Ask of each pair: can the three kept cards cover the whole row?",
    ),
    (
        "tpk",
        "hard",
        "Could a perfect pair clear level 1?",
        "Taric and Land start a game: a fresh level 1 deals 2 threat cards and each draws "
        "from a full equipment deck. What is the chance that the deal could be cleared "
        "by a party that plans with every hand shown?",
        """
from toolkit.tpk.winnability import exact_winnability

answer = exact_winnability(1, ["taric", "land"])
""",
        "Count deals, not plays: a deal is clearable if the kept cards can cover every threat. "
        "Merge threats and hands that act alike before you count.",
    ),
    # -- And That's How I Died: expectation over a hand, a turn as a decision tree -------------
    (
        "how-i-died",
        "easy",
        "The glory of one card",
        "Draw one card from the 90 adventure cards. What is its glory on average?",
        """
from fractions import Fraction

from toolkit.how_i_died.cards import CARDS

glory = [card.glory for card in CARDS.values()]
answer = Fraction(sum(glory), len(glory))
""",
        "Add the glory printed on all 90 cards and divide by 90.",
        "number",
        TWO_DECIMALS,
    ),
    (
        "how-i-died",
        "easy",
        "The damage of an end",
        "Take one of the 30 end cards at random. How much damage does it deal on average?",
        """
from toolkit.how_i_died.odds import damage_per_adventure

answer = damage_per_adventure("random").mean()
""",
        "Every end is equally likely: average the damage printed on the 30 ends.",
        "number",
        TWO_DECIMALS,
    ),
    (
        "how-i-died",
        "medium",
        "Ends on the table",
        "Your hand (6 cards) and the Pool (6) are 12 cards from the 90, dealt again until "
        "every type is there. On average, how many of the 12 are ends?",
        """
from toolkit.how_i_died.odds import ends_in_table

answer = ends_in_table().mean()
""",
        "There are three types with 30 cards each. "
        "Does the condition favour any one type over the others?",
        "number",
        TWO_DECIMALS,
    ),
    (
        "how-i-died",
        "medium",
        "Henry's Legendary",
        "Henry holds Spied On, Betrayed, The Hungry, Hydra, Slime and Cursed. The Pool shows "
        "The Soulless, Insulted, The Giant, Troll, Mocked and The Frozen. A card taken from "
        "the Pool is replaced at once from the cards he cannot see. Playing as well as "
        "possible, what is his chance of a Legendary Adventure this turn?",
        """
from toolkit.how_i_died.odds import legendary_chance

hand = "spied-on betrayed the-hungry hydra slime cursed"
pool = "the-soulless insulted the-giant troll mocked the-frozen"
answer = legendary_chance(hand.split(), pool.split())
""",
        "Draw the turn as a tree: the beginning, then each refill card, then the middle. "
        "Take a needed card from the Pool rather than the hand: its refill may help.",
    ),
    (
        "how-i-died",
        "medium",
        "One banner's branch",
        "Your hand: Kidnapped, The Greedy, Mounted, Confused, The Deadly, Robbed. The Pool: "
        "Chased, The Barbaric, The Royal, The Lonely, Poisoned, The Tiny. You commit to "
        "blue with your beginning. Playing as well as possible from there, what is the "
        "chance of a blue Legendary Adventure this turn?",
        """
from toolkit.how_i_died.odds import legendary_chance_by_banner

hand = "kidnapped the-greedy mounted confused the-deadly robbed"
pool = "chased the-barbaric the-royal the-lonely poisoned the-tiny"
by_banner = legendary_chance_by_banner(hand.split(), pool.split())
answer = by_banner["blue"]
""",
        "No blue end is in sight: only refills can bring one. "
        "Which plays of the beginning and the middle give you refills?",
    ),
    (
        "how-i-died",
        "hard",
        "A whole adventure's glory",
        "Make an adventure from three random cards: one beginning, one middle, one end, "
        "each from the 30 of its type. A Legendary one (three of one banner) counts twice. "
        "What is its glory on average?",
        """
from toolkit.how_i_died.odds import mean_adventure_glory

answer = mean_adventure_glory()
""",
        "The plain glory is the sum of three averages. Then add, for each banner, the "
        "glory of three same-banner cards times the chance of drawing them.",
        "number",
        TWO_DECIMALS,
    ),
    (
        "how-i-died",
        "hard",
        "The reckless player's damage",
        "A reckless player looks at the 12 cards of hand and Pool (every type present) and "
        "plays the end with the most damage. On average, how much damage is that?",
        """
from toolkit.how_i_died.odds import damage_per_adventure

answer = damage_per_adventure("reckless").mean()
""",
        "First the number of ends on the table, then the largest of that many ends drawn "
        "without replacement: P(max <= d) is C(m_d, k) / C(30, k).",
        "number",
        TWO_DECIMALS,
    ),
    # -- Cthulhu: Death May Die: expectation, optimal stopping for rerolls ----------------------
    (
        "death-may-die",
        "easy",
        "A tentacle on one die",
        "Roll one black die. What is the chance that it shows a tentacle "
        "(alone or with a success)?",
        """
from toolkit.death_may_die.dice import load_dice

black = load_dice()["black"].distribution()
answer = black.probability(lambda symbols: symbols[1] > 0)
""",
        "Read the six faces of the black die and count those with a tentacle.",
    ),
    (
        "death-may-die",
        "easy",
        "Successes on average",
        "Roll three black dice and one green die. How many successes do you expect?",
        """
from toolkit.death_may_die.dice import successes_distribution

answer = successes_distribution(3, 1).mean()
""",
        "Expectation adds up: find the expected successes of one black and one green die.",
        "number",
        TWO_DECIMALS,
    ),
    (
        "death-may-die",
        "medium",
        "No tentacle",
        "Roll three black dice and two green dice. "
        "What is the chance that no die shows a tentacle?",
        """
from toolkit.death_may_die.dice import roll_distribution

roll = roll_distribution(3, 2)
answer = roll.probability(lambda symbols: symbols[1] == 0)
""",
        "Green dice have no tentacle face. The black dice are independent.",
    ),
    (
        "death-may-die",
        "medium",
        "Three successes, no stress",
        "Roll three black dice and one green die, with no stress to spend. "
        "What is the chance of at least three successes?",
        """
from toolkit.death_may_die.rerolls import p_at_least

answer = p_at_least(3, 1, need=3, stress=0)
""",
        "Every die succeeds on three faces of six. Count the ways to get three or four.",
    ),
    (
        "death-may-die",
        "medium",
        "Three successes, two stress",
        "The same roll (three black dice, one green), but now you may take up to two stress. "
        "Each stress rerolls one die, and you see the result before choosing again. "
        "With the best use of stress, what is the chance of at least three successes?",
        """
from toolkit.death_may_die.rerolls import p_at_least

answer = p_at_least(3, 1, need=3, stress=2)
""",
        "Stop as soon as you have three successes. Otherwise reroll a die that failed. "
        "Work backwards from one stress left.",
    ),
    (
        "death-may-die",
        "hard",
        "Rerolling an attack",
        "An enemy attacks with three black dice and two green dice; each success is a wound. "
        "You have one stress, to reroll one die after seeing the roll. "
        "Rerolling only to take the fewest wounds, how many wounds do you expect?",
        """
from toolkit.death_may_die.rerolls import Objective, value

answer = value(3, 2, stress=1, objective=Objective("fewest_wounds"))
""",
        "If any die shows a success, reroll one: it becomes a success again only half the "
        "time. Weigh that by the chance of having a success to reroll.",
        "number",
        TWO_DECIMALS,
    ),
    (
        "death-may-die",
        "hard",
        "Where the sanity marker stops",
        "On the sanity track the bonus spaces are 3, 7, 11 and 15, and the red spaces are "
        "5, 9, 13, 16, 19 and 20. Your marker stands on space 3, so you roll three black "
        "dice and one green die. Each tentacle moves the marker one space, but it stops on "
        "the next red space. On average, on which space does the marker end?",
        """
from toolkit.death_may_die.cards import catalog
from toolkit.death_may_die.odds import tentacles_distribution

track = catalog().rules.sanity
green = track.bonus_dice(3)
tentacles = tentacles_distribution(3, green)
answer = track.after_roll(3, tentacles).mean()
""",
        "Find the next red space above 3. Every roll with that many tentacles or more "
        "ends there; the others move the marker by their tentacles.",
        "number",
        TWO_DECIMALS,
    ),
]
