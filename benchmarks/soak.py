"""Soak every engine: ``python benchmarks/soak.py [--games 10000] [--only SLUG] [--players N]
[--lift-caps] [--quick]``.

Plays seeded random games of each game (the player counts taken in turn, or only `--players`),
and for every game checks that it ended on its own (never at ``GameSpec.max_moves``, and never at
a turn cap the engine keeps), that every card of the game is still somewhere, once
(``card_locations()`` at the end equals the new game's), that its save loads back to the same
game (``from_json(to_json())``: the same history, every seat's observation and the same result)
and that the same seed plays the same game again; every tenth game is also replayed move by move
with the cards counted at every position. It prints, per game, how the games ended and every
failure counted; the exit status is 1 if any check failed. Not a test: 10,000 games of each take
minutes (tests/test_soak.py runs a few of each).

A game may keep a safety cap lower than its longest random games (To the Death!'s duel stops at
200 hero turns by default, while two self-healing champions under random play can go on for tens
of thousands). ``--lift-caps`` plays with each such cap raised as far as the engine allows
(:data:`LIFTED`), so that the soak shows those games end by the rules; a game that reaches the
raised cap still counts as a failure.

``--quick`` (and ``run(quick=True)``, as ``benchmarks/run.py --only soak --quick`` calls it) soaks
:data:`QUICK_GAMES` games of each instead of 10,000.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout's toolkit

from toolkit.games import available, get_game  # noqa: E402
from toolkit.simulate import play_seeded  # noqa: E402
from toolkit.state import from_json  # noqa: E402
from toolkit.to_the_death.rules import MAX_TURNS, MOVES_PER_TURN  # noqa: E402

CAPS = ("cap",)  # an ended_by that names a cap means the game did not end by its rules
# a game's safety cap raised as far as its engine allows: (options, the move bound that goes with it)
LIFTED = {"to-the-death": ({"max_turns": MAX_TURNS}, MAX_TURNS * MOVES_PER_TURN)}
GAMES = 10_000
QUICK_GAMES = 5


def seen(state) -> list:
    return [state.observation(seat) for seat in range(state.num_players)]


def cards_kept(state, options: dict) -> bool:
    """Whether every position of `state`'s game, replayed, holds the new game's cards."""
    replay = get_game(state.game).new_state(state.num_players, state.seed, **options)
    box = replay.card_locations()
    for action in state.history:
        replay.apply(action)
        if replay.card_locations() != box:
            return False
    return True


def soak(
    slug: str, games: int, first_seed: int, only: int | None = None, lift: bool = False
) -> dict:
    """Soak `games` seeded random games (of `only` players, else each count in turn); `lift`
    raises the game's safety cap (:data:`LIFTED`)."""
    spec = get_game(slug)
    counts = range(spec.min_players, spec.max_players + 1) if only is None else [only]
    options, max_moves = LIFTED.get(slug, ({}, None)) if lift else ({}, None)
    ended, failures = Counter(), Counter()
    moves, start = [], time.process_time()
    for index in range(games):
        seed, players = first_seed + index, counts[index % len(counts)]
        try:
            state = play_seeded(slug, players, ["random"] * players, seed, max_moves, **options)
        except RuntimeError:
            failures["reached max_moves"] += 1
            continue
        moves.append(len(state.history))
        ended[state.ended_by] += 1
        if any(word in (state.ended_by or "") for word in CAPS):
            failures[f"ended at a cap ({players} players)"] += 1
        if state.card_locations() != spec.new_state(players, seed, **options).card_locations():
            failures["cards made or lost"] += 1
        loaded = from_json(state.to_json())
        if loaded.history != state.history or seen(loaded) != seen(state):
            failures["save and load differ"] += 1
        if loaded.result_summary() != state.result_summary():
            failures["result differs after load"] += 1
        if index % 10 == 0:  # the same seed again, from scratch
            again = play_seeded(slug, players, ["random"] * players, seed, max_moves, **options)
            if again.history != state.history:
                failures["same seed, another game"] += 1
            if not cards_kept(state, options):
                failures["cards made or lost on the way"] += 1
    return {
        "game": slug,
        "games": games,
        "cpu_s": time.process_time() - start,
        "moves_mean": sum(moves) / max(1, len(moves)),
        "moves_max": max(moves, default=0),
        "ended_by": dict(ended.most_common()),
        "failures": dict(failures),
    }


def run(quick: bool = False) -> list[dict]:
    """One row a game for ``benchmarks/run.py``: the CPU seconds a soaked game takes, with how the
    games ended. A game of :data:`LIFTED` that reaches its safety cap is noted, not failed (those
    caps are below its longest random games, as the module says); any other failure raises."""
    rows, failed = [], []
    for slug in available():
        row = soak(slug, QUICK_GAMES if quick else GAMES, 0)
        failures = dict(row["failures"])
        capped = {
            reason: failures.pop(reason)
            for reason in list(failures)
            if slug in LIFTED and reason.startswith("ended at a cap")
        }
        failed += [f"{slug}: {count} {reason}" for reason, count in failures.items()]
        ended = ", ".join(f"{count} {reason}" for reason, count in row["ended_by"].items())
        rows.append(
            {
                "benchmark": f"soak: {slug}, {row['games']} random games (CPU, a game)",
                "ours_s": row["cpu_s"] / row["games"],
                "baseline": None,
                "baseline_s": None,
                "ratio": None,
                "note": f"{row['moves_mean']:.0f} moves on average (at most {row['moves_max']}); "
                f"ended by: {ended}"
                + (
                    f"; {sum(capped.values())} stopped at the safety cap (kept below the longest "
                    "random games: not a failure here)"
                    if capped
                    else ""
                )
                + f"; failures: {failures or 'none'}",
            }
        )
    if failed:
        raise AssertionError("the soak failed: " + "; ".join(failed))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, help=f"games of each (default {GAMES})")
    parser.add_argument(
        "--quick", action="store_true", help=f"{QUICK_GAMES} games of each unless --games says"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", choices=available())
    parser.add_argument("--players", type=int, help="soak only games of this many players")
    parser.add_argument(
        "--lift-caps", action="store_true", help="raise safety caps as far as the engines allow"
    )
    args = parser.parse_args(argv)
    games = args.games or (QUICK_GAMES if args.quick else GAMES)
    failed = False
    for slug in [args.only] if args.only else available():
        spec = get_game(slug)
        if args.players is not None and not spec.min_players <= args.players <= spec.max_players:
            continue
        row = soak(slug, games, args.seed, args.players, args.lift_caps)
        failed |= bool(row["failures"])
        print(
            f"{row['game']}: {row['games']} games in {row['cpu_s']:.0f} s CPU, "
            f"{row['moves_mean']:.0f} moves on average (at most {row['moves_max']}); "
            f"failures: {row['failures'] or 'none'}",
            flush=True,
        )
        for reason, count in row["ended_by"].items():
            print(f"    {count:6} ended by {reason}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
