"""``death-toolkit odds epic-death`` and the ``simulate`` summary."""

from __future__ import annotations

import argparse
from fractions import Fraction

from toolkit.dist import as_fraction_string
from toolkit.epic_death.cards import BASE_POOL, BOX, catalog
from toolkit.epic_death.odds import DIFFICULTIES, PoolModifiers, plain_odds, quest_odds
from toolkit.plain import count, exact_chance, mean, seat_list

# What a seat's return is in this game, for the plain output's "mean return".
RETURN_WORDS = "a win 1, split evenly between seats that tie for it, a loss 0"


def add_odds_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "success: the chance of at least VICTORIES Victories (a quest won); epic_death: of "
        "exactly VICTORIES, which on an Epic Quest is an EPIC DEATH (a part of success: an Epic "
        "Quest is won outright with success minus epic_death)."
    )
    parser.add_argument(
        "--dice",
        type=int,
        default=BASE_POOL,
        help=f"dice in the pool (0-{BOX}; default {BASE_POOL})",
    )
    parser.add_argument(
        "--difficulty",
        required=True,
        choices=DIFFICULTIES,
        help="the quest's difficulty, which sets the faces that score a Victory (required)",
    )
    parser.add_argument(
        "--victories", type=int, required=True, help="Victories the quest needs (required)"
    )
    parser.add_argument("--plus-d6", type=int, default=0, help="+D6 dice cards played (default 0)")
    parser.add_argument("--minus-d6", type=int, default=0, help="-D6 dice cards played (default 0)")
    parser.add_argument(
        "--frenzy",
        action="store_true",
        help="a Frenzy card was played: the pool rolls even below VICTORIES dice, and (our "
        "constructed card) each 6 counts as two Victories",
    )


def odds(args: argparse.Namespace) -> dict:
    """`success` = P(at least K Victories), `epic_death` = P(exactly K), as "p/q"."""
    if not 0 <= args.dice <= BOX:
        raise ValueError(f"--dice must be 0 to {BOX} (the box holds {BOX} dice), not {args.dice}")
    for option, kind in (("plus_d6", "add_d6"), ("minus_d6", "remove_d6")):
        in_deck = catalog().copies_of(kind)
        if not 0 <= getattr(args, option) <= in_deck:
            flag = "--" + option.replace("_", "-")
            raise ValueError(f"{flag} counts cards: 0 to {in_deck} (the Fate deck holds {in_deck})")
    if args.plus_d6 or args.minus_d6 or args.frenzy:
        modifiers = PoolModifiers(plus_d6=args.plus_d6, minus_d6=args.minus_d6, frenzy=args.frenzy)
        result = quest_odds(args.victories, args.difficulty, modifiers, base=args.dice)
        success, exact = result.success, result.exact
    else:
        success, exact = plain_odds(args.dice, args.difficulty, args.victories)
    return {
        "dice": args.dice,
        "difficulty": args.difficulty,
        "victories": args.victories,
        "success": as_fraction_string(success),
        "epic_death": as_fraction_string(exact),
    }


def summarize(table) -> dict:
    players = sum(1 for column in table.columns if column.startswith("score_"))
    return {
        "mean_turns": float(table["turns"].mean()),
        "mean_scores": [float(table[f"score_{seat}"].mean()) for seat in range(players)],
        "win_share": [float(table[f"return_{seat}"].mean()) for seat in range(players)],
    }


def odds_lines(result: dict, args: argparse.Namespace) -> list[str]:
    """The odds in words: the roll, P(the quest won), P(an EPIC DEATH), P(won outright)."""
    cards = [
        count(n, label, plural)
        for n, label, plural in (
            (args.plus_d6, "+D6 card", "+D6 cards"),
            (args.minus_d6, "-D6 card", "-D6 cards"),
            (int(args.frenzy), "Frenzy card", ""),
        )
        if n
    ]
    played = f", {' and '.join(cards)} played" if cards else ""
    victories = count(result["victories"], "Victory", "Victories")
    success, exact = Fraction(result["success"]), Fraction(result["epic_death"])
    return [
        f"Epic Death!: {count(result['dice'], 'die', 'dice')} at {result['difficulty']} "
        f"difficulty{played}, a quest that needs {victories}.",
        f"P(at least {victories}: the quest won): {exact_chance(success)}",
        f"P(exactly {victories}: on an Epic Quest, an EPIC DEATH): {exact_chance(exact)}",
        f"P(more than {victories}: an Epic Quest won outright): {exact_chance(success - exact)}",
    ]


def summary_lines(summary: dict, table) -> list[str]:
    """The simulate summary's own numbers in words."""
    return [
        f"Mean game length: {mean(summary['mean_turns'])} turns.",
        f"Mean final score: {seat_list(summary['mean_scores'])}.",
        f"Share of the win (a tie shares it): {seat_list(summary['win_share'])}.",
    ]
