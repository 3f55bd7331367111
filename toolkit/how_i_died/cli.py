"""``death-toolkit odds how-i-died`` and the ``simulate`` summary."""

from __future__ import annotations

import argparse

from toolkit.dist import as_fraction_string
from toolkit.how_i_died.odds import (
    ID_HINT,
    STRATEGIES,
    check_ids,
    damage_per_adventure,
    legendary_chance,
    turns_until_death,
)


def add_odds_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--hand",
        default="",
        help=f"comma-separated card ids in your hand (an id is {ID_HINT})",
    )
    parser.add_argument("--pool", default="", help="comma-separated card ids in the Pool")
    parser.add_argument(
        "--unseen",
        default=None,
        help="comma-separated ids a refill may be (default: every other card)",
    )
    parser.add_argument(
        "--strategy",
        default="random",
        choices=STRATEGIES,
        help="end-picking strategy for the damage and turns distributions",
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
