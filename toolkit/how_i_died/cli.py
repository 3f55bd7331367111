"""``death-toolkit odds how-i-died`` and the ``simulate`` summary."""

from __future__ import annotations

import argparse

from toolkit.dist import as_fraction_string
from toolkit.how_i_died.odds import (
    DEATH_AT,
    ID_HINT,
    STRATEGIES,
    check_ids,
    damage_per_adventure,
    legendary_chance,
    turns_until_death,
)
from toolkit.plain import count, exact_chance, mean, pct, seat_list

# What a seat's return is in this game, for the plain output's "mean return".
RETURN_WORDS = "a win 1 (tied winners each get 1), a loss 0"


def add_odds_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--hand",
        default="",
        help=f"comma-separated card ids in your hand (an id is {ID_HINT}; default: none)",
    )
    parser.add_argument(
        "--pool", default="", help="comma-separated card ids in the Pool (default: none)"
    )
    parser.add_argument(
        "--unseen",
        default=None,
        help="comma-separated ids a refill may be (default: every other card)",
    )
    parser.add_argument(
        "--strategy",
        default="random",
        choices=STRATEGIES,
        help="end-picking strategy for the damage and turns distributions (default random)",
    )


def _ids(text: str | None) -> list[str] | None:
    if text is None:
        return None
    return [part.strip() for part in text.split(",") if part.strip()]


def odds(args: argparse.Namespace) -> dict:
    """Exact answers: the Legendary chance (if a hand or pool is given), and for the strategy the
    damage per adventure and the turns until death, as "p/q" strings."""
    result: dict = {}
    hand, pool, unseen = _ids(args.hand), _ids(args.pool), _ids(args.unseen)
    if unseen is not None:
        check_ids(unseen, "unseen")
        if not (hand or pool):
            raise ValueError("unseen: it says what a Pool refill may be; give --hand or --pool too")
    if hand or pool:
        chance = legendary_chance(hand, pool, unseen)
        result["legendary_chance"] = as_fraction_string(chance)
    damage = damage_per_adventure(args.strategy)
    turns = turns_until_death(strategy=args.strategy)
    result["strategy"] = args.strategy
    result["damage_per_adventure"] = {
        str(k): as_fraction_string(p) for k, p in damage.pmf().items()
    }
    result["mean_damage"] = float(damage.mean())  # a mean, not a probability: a plain number
    result["turns_until_death"] = {str(k): as_fraction_string(p) for k, p in turns.pmf().items()}
    result["mean_turns_until_death"] = float(turns.mean())
    return result


def summarize(table) -> dict:
    """The ``simulate --json`` numbers: mean glory per seat, mean turns per game (all players'
    turns together), and the share of played adventures that are Legendary at the end."""
    seats = sorted(int(c.split("_")[1]) for c in table.columns if c.startswith("glory_"))
    return {
        "mean_glory": [float(table[f"glory_{seat}"].mean()) for seat in seats],
        "mean_turns": float(table["turns"].mean()),
        "legendary_rate": float(table["legendary"].sum() / table["adventures"].sum()),
        "mean_turns_alive": [float(table[f"turns_{seat}"].mean()) for seat in seats],
        "stalled_games": int(table["stalled"].sum()),
    }


STRATEGY_WORDS = {
    "reckless": "the end with the most damage",
    "survivor": "the end with the least damage",
    "random": "any end at random",
}


def odds_lines(result: dict, args: argparse.Namespace) -> list[str]:
    """The odds in words: the Legendary chance (given a hand or a Pool), then how fast the
    strategy kills, each outcome with its exact chance."""
    lines = []
    if "legendary_chance" in result:
        lines.append(
            "P(a Legendary Adventure can be built this turn, playing as well as possible): "
            f"{exact_chance(result['legendary_chance'])}"
        )
    lines.append(
        f"Strategy {result['strategy']}: each adventure gets {STRATEGY_WORDS[result['strategy']]}"
        " (a model: each turn's twelve cards a fresh random twelve)."
    )
    lines.append("Damage of one adventure:")
    lines += [
        f"  P({count(int(k), 'damage', 'damage')}): {exact_chance(p)}"
        for k, p in result["damage_per_adventure"].items()
    ]
    lines.append(f"Mean damage of one adventure: {mean(result['mean_damage'])}.")
    lines.append(f"Turns until death ({DEATH_AT} damage, the adventures' damage added up):")
    lines += [
        f"  P(dead on turn {k}): {exact_chance(p)}" for k, p in result["turns_until_death"].items()
    ]
    lines.append(f"Mean turns until death: {mean(result['mean_turns_until_death'])}.")
    return lines


def summary_lines(summary: dict, table) -> list[str]:
    """The simulate summary's own numbers in words."""
    return [
        f"Mean glory at the end: {seat_list(summary['mean_glory'])}.",
        f"Mean turns a seat survived: {seat_list(summary['mean_turns_alive'])}.",
        f"Mean game length: {mean(summary['mean_turns'])} turns, every player's together.",
        f"Legendary Adventures: {pct(summary['legendary_rate'])} of the adventures played.",
        f"Games that stalled (every living player passed): {summary['stalled_games']:,}.",
    ]
