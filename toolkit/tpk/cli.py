"""``death-toolkit odds tpk`` and the ``simulate`` summary."""

from __future__ import annotations

import argparse

from toolkit.dist import as_fraction_string
from toolkit.plain import count, estimate, exact_chance, mean
from toolkit.simulate import win_summary
from toolkit.tpk.cards import catalog
from toolkit.tpk.odds import clearable_probability, party
from toolkit.tpk.rules import LAST_LEVEL, MAX_PLAYERS, MIN_PLAYERS, TPKState

# What a seat's return is in this game, for the plain output's "mean return".
RETURN_WORDS = "1 for every seat when the table wins, 0 when it loses"

DEFAULT_PLAYERS = 3
# Each deal is searched exactly, about 20 ms at level 7 with five characters (the slowest): this
# many run in under a minute there, and give a 95% interval within 2.2 points either side.
MAX_SAMPLES = 2_000


def summary_lines(summary: dict, table) -> list[str]:
    """The simulate summary's own numbers in words: how far the parties got, and the treasure."""
    cleared = table["levels_cleared"].value_counts().sort_index()
    spread = ", ".join(
        f"{count(int(levels), 'level')} in {count(int(games), 'game')}"
        for levels, games in cleared.items()
    )
    return [
        f"Levels cleared, of {LAST_LEVEL}: {mean(summary['levels_cleared_mean'])} a game "
        f"on average ({spread}).",
        f"Treasures found a game: {mean(summary['treasures_found_mean'])} on average; kept (a "
        f"lost game keeps none): {mean(summary['treasures_mean'])}.",
    ]


def odds_lines(result: dict, args: argparse.Namespace) -> list[str]:
    """The odds in words: the chance that a fresh deal of the level can be cleared, exact or
    estimated from seeded deals with its 95% interval."""
    question = f"P(a perfectly coordinated party can clear a fresh deal of level {result['level']})"
    if result["method"] == "exact":
        answer = f"{exact_chance(result['clearable'])}, counting every deal"
    else:
        answer = (
            f"{estimate(result['clearable'], result['interval'])}, estimated: "
            f"{result['successes']:,} of {count(result['samples'], 'deal')} (seeds from "
            f"{result['seed']}) could be cleared"
        )
    names = ", ".join(catalog().name(character) for character in result["characters"])
    return [
        f"TPK: Total Party Kill, level {result['level']}, party {names}.",
        f"{question}: {answer}.",
    ]


def summarize(table) -> dict:
    """The simulate contract: win rate (with its Wilson interval), levels cleared, treasures (a
    lost game escapes with none), treasures found on the way."""
    return {
        **win_summary(int(table["won"].sum()), len(table)),
        "levels_cleared_mean": float(table["levels_cleared"].mean()),
        "treasures_mean": float(table["treasures"].mean()),
        "treasures_found_mean": float(table["treasures_found"].mean()),
    }


def add_odds_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--level", type=int, default=1, help=f"dungeon level 1-{LAST_LEVEL} (default 1)"
    )
    parser.add_argument(
        "--characters",
        default="",
        help="the party, comma-separated, e.g. brin,taric,galen (default: the default party of "
        "--players)",
    )
    parser.add_argument(
        "--players",
        type=int,
        default=None,
        help=f"the default party of this size (without --characters: {DEFAULT_PLAYERS})",
    )
    parser.add_argument(
        "--samples",
        type=int,
        default=1000,
        help=f"Monte Carlo deals (default 1,000, at most {MAX_SAMPLES:,})",
    )
    parser.add_argument(
        "--seed", type=int, default=0, help="the first deal's seed, the next seed+1 (default 0)"
    )
    parser.add_argument(
        "--exact",
        action="store_true",
        help="count every deal exactly (level 1 with any party, level 2 with two characters)",
    )


def odds(args: argparse.Namespace) -> dict:
    """Chance that a fresh deal of a level can be cleared by a perfectly coordinated party."""
    if not 1 <= args.level <= LAST_LEVEL:
        raise ValueError(f"--level must be 1 to {LAST_LEVEL}, not {args.level}")
    players = args.players if args.players is not None or args.characters else DEFAULT_PLAYERS
    if players is not None and not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"--players must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {players}")
    members = party(args.characters, players)
    TPKState(players=len(members), characters=members)  # validates the party
    result = {"level": args.level, "characters": members}
    if args.exact:
        # imported here: ``python -m toolkit.tpk.winnability`` runs it as a script
        from toolkit.tpk.winnability import exact_winnability

        result.update(
            method="exact", clearable=as_fraction_string(exact_winnability(args.level, members))
        )
    else:
        if not 1 <= args.samples <= MAX_SAMPLES:
            raise ValueError(f"--samples must be 1 to {MAX_SAMPLES:,}, not {args.samples:,}")
        result.update(method="monte carlo", seed=args.seed)
        result.update(
            clearable_probability(args.level, members, args.samples, args.seed, progress=True)
        )
    return result
