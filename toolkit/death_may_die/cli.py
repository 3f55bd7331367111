"""``death-toolkit odds death-may-die`` (a roll's odds with and without optimal stress rerolls) and
the ``simulate`` summary."""

from __future__ import annotations

import argparse

from toolkit.death_may_die import rerolls
from toolkit.death_may_die.cards import catalog
from toolkit.death_may_die.dice import marginal, roll_distribution
from toolkit.death_may_die.odds import STANDARD_DICE
from toolkit.dist import as_fraction_string
from toolkit.plain import count, exact_chance, mean, pct
from toolkit.simulate import win_summary

# What a seat's return is in this game, for the plain output's "mean return".
RETURN_WORDS = "+1 for every seat when the table wins, -1 when it loses"

# The largest roll answered: more than the game deals out (3 black dice, green from sanity,
# skill and cards), and answered in seconds at most, with tie-breaks, at the stress cap.
MAX_BLACK, MAX_GREEN = 8, 6


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, got {value}")
    return value


def add_odds_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--black",
        type=_count,
        default=STANDARD_DICE,
        help=f"black dice (default {STANDARD_DICE}, at most {MAX_BLACK})",
    )
    parser.add_argument(
        "--green", type=_count, default=0, help=f"green dice (default 0, at most {MAX_GREEN})"
    )
    parser.add_argument("--need", type=_count, default=1, help="successes needed (default 1)")
    parser.add_argument(
        "--stress",
        type=_count,
        default=0,
        help="stress you may spend on rerolls (default 0, at most the stress cap)",
    )
    parser.add_argument(
        "--tie-break",
        choices=["tentacles"],
        default=None,
        help="among equally good rerolls, prefer fewer tentacles",
    )


def odds(args: argparse.Namespace) -> dict:
    """P(at least --need successes) with and without optimal rerolls, plus the policy in words."""
    black, green, need, stress = args.black, args.green, args.need, args.stress
    if black + green == 0:
        raise ValueError("roll at least one die (--black or --green)")
    max_stress = catalog().rules.max_stress
    if black > MAX_BLACK or green > MAX_GREEN or stress > max_stress:
        raise ValueError(
            f"at most {MAX_BLACK} black dice, {MAX_GREEN} green dice and {max_stress} stress "
            "(more than any investigator rolls or holds; larger rolls take minutes)"
        )
    objective = rerolls.Objective("at_least", need, getattr(args, "tie_break", None))
    distribution = roll_distribution(black, green)
    return {
        "black": black,
        "green": green,
        "need": need,
        "stress": stress,
        "p_at_least": as_fraction_string(rerolls.value(black, green, stress, objective)),
        "p_at_least_no_reroll": as_fraction_string(
            marginal(distribution, "success").at_least(need)
        ),
        "p_no_tentacle_no_reroll": as_fraction_string(
            marginal(distribution, "tentacle").exactly(0)
        ),
        "policy": rerolls.policy_rules(black, green, stress, objective),
    }


def summarize(table) -> dict:
    """Wins (with the rate and its Wilson interval), how games end, and their length, for
    ``simulate --json``."""
    return {
        **win_summary(int((table["outcome"] == "win").sum()), len(table)),
        "mean_turns": float(table["turns"].mean()),
        "ritual_disrupted_rate": float(table["ritual_disrupted"].mean()),
        "endings": {str(k): int(v) for k, v in table["reason"].value_counts().items()},
    }


def odds_lines(result: dict, args: argparse.Namespace) -> list[str]:
    """The odds in words: the roll, P(enough successes) with the best rerolls and without,
    P(no tentacle), then the best rerolls as rules."""
    dice = [count(result["black"], "black die", "black dice")]
    if result["green"]:
        dice.append(count(result["green"], "green die", "green dice"))
    need = count(result["need"], "success", "successes")
    stress = result["stress"]
    spend = (
        f"{count(stress, 'stress', 'stress')} to spend on rerolls (one stress a die)"
        if stress
        else "no stress to spend on rerolls"
    )
    lines = [
        f"Cthulhu: Death May Die: {' and '.join(dice)}, {need} needed, {spend}.",
        f"P(at least {need}, rerolling as well as possible): {exact_chance(result['p_at_least'])}",
        f"P(at least {need} without rerolling): {exact_chance(result['p_at_least_no_reroll'])}",
        f"P(no tentacle without rerolling): {exact_chance(result['p_no_tentacle_no_reroll'])}",
    ]
    rules = result["policy"][:-1]  # its last line is the value, said above
    if stress and rules:
        lines.append("The best rerolls, one die at a time:")
        lines += [f"  - {rule}" for rule in rules]
    return lines


def summary_lines(summary: dict, table) -> list[str]:
    """The simulate summary's own numbers in words: game length, the ritual, how games end."""
    games = sum(summary["endings"].values())
    lines = [
        f"Mean game length: {mean(summary['mean_turns'])} turns.",
        f"The ritual was disrupted in {pct(summary['ritual_disrupted_rate'])} of the games.",
        "How the games ended:",
    ]
    lines += [
        f"  {reason}: {count(n, 'game')} ({pct(n / games)})"
        for reason, n in summary["endings"].items()
    ]
    return lines
