"""``death-toolkit odds epic-death`` and the ``simulate`` summary."""

from __future__ import annotations

import argparse

from toolkit.dist import as_fraction_string
from toolkit.epic_death.cards import BASE_POOL, BOX, catalog
from toolkit.epic_death.odds import DIFFICULTIES, PoolModifiers, plain_odds, quest_odds


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
    parser.add_argument("--difficulty", required=True, choices=DIFFICULTIES)
    parser.add_argument("--victories", type=int, required=True, help="Victories the quest needs")
    parser.add_argument("--plus-d6", type=int, default=0, help="+D6 dice cards played")
    parser.add_argument("--minus-d6", type=int, default=0, help="-D6 dice cards played")
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
