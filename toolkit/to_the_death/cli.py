"""``death-toolkit odds to-the-death`` (P(hit) of one weapon check) and the ``simulate`` summary."""

from __future__ import annotations

import argparse

from toolkit.dist import as_fraction_string
from toolkit.plain import count, exact_chance, mean
from toolkit.simulate import win_summary
from toolkit.to_the_death.cards import SUITS, catalog, parse_card, value_ranges
from toolkit.to_the_death.odds import p_hit

# What a seat's return is in this game, for the plain output's "mean return".
RETURN_WORDS = "a win +1, a loss -1, a game nobody won (or stopped at the hero-turn cap) 0"


def add_odds_arguments(parser: argparse.ArgumentParser) -> None:
    """The odds command's options; its help names the values of the arsenal the data holds."""
    values = value_ranges(card.value for card in catalog().arsenal.values())
    parser.add_argument("--weapon", type=int, required=True, help="the weapon's printed value")
    parser.add_argument("--armor", type=int, required=True, help="the target's armor")
    parser.add_argument(
        "--bonus", type=int, default=0, help="every bonus and penalty, focus included (default 0)"
    )
    parser.add_argument(
        "--seen",
        default="",
        help=f"cards not in the deck, SUIT:VALUE,... (suits {', '.join(SUITS)}; values {values}; default: none, every card in the deck)",
    )


def parse_seen(text: str) -> list[str]:
    return [parse_card(part) for part in text.split(",") if part.strip()]


def odds(args: argparse.Namespace) -> dict:
    """`p_hit` as "p/q", with the check the weapon needs from the unseen cards."""
    for name in ("weapon", "armor"):
        if getattr(args, name) < 0:
            raise ValueError(
                f"--{name} is a printed value, 0 or more, not {getattr(args, name)} "
                "(a penalty goes in --bonus)"
            )
    seen = parse_seen(args.seen)
    probability = p_hit(args.weapon, args.armor, args.bonus, seen)
    return {
        "p_hit": as_fraction_string(probability),
        "weapon": args.weapon,
        "armor": args.armor,
        "bonus": args.bonus,
        "unseen_cards": len(catalog().arsenal) - len(seen),
        "needed_check": args.armor - args.weapon - args.bonus,
    }


def summarize(table) -> dict:
    """The solo win rate with its 95% Wilson interval (the duel: seat 0's)."""
    return {
        **win_summary(int((table["return_0"] >= 1).sum()), len(table)),
        "mean_hero_turns": float(table["hero_turns"].mean()),
    }


def odds_lines(result: dict, args: argparse.Namespace) -> list[str]:
    """The odds in words: the attack, the check it needs, P(hit)."""
    bonus = f", bonus {result['bonus']:+d}" if result["bonus"] else ""
    return [
        f"To the Death!: a weapon of {result['weapon']} against armor {result['armor']}{bonus}, "
        f"the check drawn from {count(result['unseen_cards'], 'unseen card')}.",
        f"The hit needs a check of {result['needed_check']} or more "
        "(weapon + check + bonus at least the armor).",
        f"P(hit): {exact_chance(result['p_hit'])}",
    ]


def summary_lines(summary: dict, table) -> list[str]:
    """The simulate summary's own numbers in words."""
    return [f"Mean hero turns a game: {mean(summary['mean_hero_turns'])}."]
