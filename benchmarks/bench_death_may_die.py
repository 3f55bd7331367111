"""Death May Die speed: exact reroll odds against brute force over ordered dice, plain rolls against
icepool, the widget's worst query, any objective, and complete bot games per second.

``--quick`` (``run(quick=True)``) asks the same questions of smaller pools, fewer games and fewer
repeats, in a few seconds: it checks the benchmark still runs, its numbers are not the measurement.

Every comparison checks the two answers are equal before a time is reported. Our solver is timed
from a cold cache every repeat: every memo the reroll module keeps is emptied (:func:`cold`).
"""

from __future__ import annotations

import random
import sys
import time
from fractions import Fraction
from functools import cache, partial
from itertools import product

from timing import best_of, cli

from toolkit.death_may_die import dice, rerolls
from toolkit.death_may_die.dice import face_symbols, load_dice

PLAIN_ROLL_TARGET = 2.0  # times icepool's speed on every plain-roll question
WIDGET_TARGET_S = 0.050
ANY_OBJECTIVE_TARGET_S = 2.0
GAMES_TARGET_PER_S = 50


def reroll_memos() -> list:
    """Every function of the reroll module that remembers its answers (a functools cache): the
    solver's positions and each objective's model, whose face classes are worked out on first
    use. Found by looking, so that a memo added there is emptied here too; the dice file's
    loader, imported into that module, stays loaded, and with it each loaded die's totals (a
    first question in a session that has rolled dice finds them loaded)."""
    return [
        function
        for function in vars(rerolls).values()
        if hasattr(function, "cache_clear") and function.__module__ == rerolls.__name__
    ]


def cold(function, *args):
    """`function(*args)` from empty memos, as a first query would run."""
    memos = reroll_memos()
    assert memos, "the reroll module remembers nothing: cold() would measure nothing new"

    def run():
        for memo in memos:
            memo.cache_clear()
        dice.roll_distribution.cache_clear()
        return function(*args)

    return run


def brute_force(black: int, green: int, need: int, stress: int) -> Fraction:
    """P(at least `need`) with optimal rerolls, over ordered dice and every one of the 6 sides."""
    sides = [load_dice()["black"].faces] * black + [load_dice()["green"].faces] * green
    successes = {face: face_symbols(face)[0] for die in sides for face in die}

    @cache
    def value(faces, left):
        best = Fraction(int(sum(successes[f] for f in faces) >= need))
        if left:
            for i, die in enumerate(sides):
                q = sum(value(faces[:i] + (f,) + faces[i + 1 :], left - 1) for f in die) / 6
                best = max(best, q)
        return best

    starts = list(product(*sides))
    return sum(value(s, stress) for s in starts) / len(starts)


def icepool_joint(black: int, green: int):
    import icepool

    def die(colour):
        return icepool.Die([icepool.Vector(face_symbols(f)) for f in load_dice()[colour].faces])

    pool = icepool.Die([icepool.Vector((0, 0, 0))])
    for _ in range(black):
        pool = pool + die("black")
    for _ in range(green):
        pool = pool + die("green")
    return {tuple(v): Fraction(q, pool.denominator()) for v, q in pool.items()}


def icepool_successes(black: int, green: int, need: int) -> Fraction:
    import icepool

    def die(colour):
        return icepool.Die([face_symbols(f)[0] for f in load_dice()[colour].faces])

    pool = icepool.Die([0])
    for _ in range(black):
        pool = pool + die("black")
    for _ in range(green):
        pool = pool + die("green")
    return Fraction(pool.probability(">=", need))


def row(benchmark, ours_s, baseline=None, baseline_s=None, note=""):
    ratio = baseline_s / ours_s if baseline_s is not None and ours_s else None
    return {"benchmark": benchmark, "ours_s": ours_s, "baseline": baseline,
            "baseline_s": baseline_s, "ratio": ratio, "note": note}  # fmt: skip


def bench_rerolls_vs_brute_force(quick: bool = False) -> list[dict]:
    rows = []
    for black, green, need, stress in [(2, 1, 2, 1)] if quick else [(3, 1, 2, 2), (3, 2, 3, 2)]:
        ours_s, ours = best_of(cold(rerolls.p_at_least, black, green, need, stress), 5)
        brute_s, brute = best_of(partial(brute_force, black, green, need, stress), 1)
        assert ours == brute, (ours, brute)
        rows.append(
            row(
                f"P(>={need}) {black}B+{green}G, {stress} stress rerolls",
                ours_s,
                "brute force, ordered dice",
                brute_s,
                f"both {ours}",
            )
        )
    return rows


def verdict(ratio: float, target: float = PLAIN_ROLL_TARGET) -> str:
    return f"{'meets' if ratio >= target else 'MISSES'} the {target:g}x icepool target"


def bench_plain_roll_vs_icepool(quick: bool = False) -> list[dict]:
    black, green, need = (2, 1, 2) if quick else (6, 5, 6)
    ours_s, ours = best_of(cold(lambda: dice.roll_distribution(black, green).pmf()), 5)
    ice_s, ice = best_of(lambda: icepool_joint(black, green), 3)
    assert ours == ice
    q_s, q = best_of(cold(rerolls.p_at_least, black, green, need, 0), 20)
    ice_q_s, ice_q = best_of(partial(icepool_successes, black, green, need), 10)
    assert q == ice_q == sum(p for v, p in ice.items() if v[0] >= need)
    pool = f"{black}B+{green}G"
    return [
        row(
            f"joint (successes, tentacles, elders) of {pool}",
            ours_s,
            "icepool 2.1",
            ice_s,
            f"no rerolls; equal distributions; {verdict(ice_s / ours_s)}",
        ),
        row(
            f"P(>={need}) of {pool}, no rerolls (cold)",
            q_s,
            "icepool 2.1",
            ice_q_s,
            f"successes only; {verdict(ice_q_s / q_s)}",
        ),
    ]


def bench_plain_roll_sweep(quick: bool = False) -> list[dict]:
    """Every plain-roll question of the box against icepool, each answer checked equal: P(at least
    `need` successes) for every pool up to the box's dice and every need, and the joint
    distribution of every pool. The row is the question where our lead is smallest."""
    from toolkit.death_may_die.cli import MAX_BLACK, MAX_GREEN

    most_black, most_green = (2, 1) if quick else (MAX_BLACK, MAX_GREEN)
    pools = [(b, g) for b in range(most_black + 1) for g in range(most_green + 1) if b + g]
    successes, joint = [], []
    for black, green in pools:
        for need in range(0, black + green + 1):
            ours_s, ours = best_of(cold(rerolls.p_at_least, black, green, need, 0), 7)
            ice_s, ice = best_of(partial(icepool_successes, black, green, need), 5)
            assert ours == ice, (black, green, need, ours, ice)
            successes.append((ice_s / ours_s, ours_s, ice_s, f"{black}B+{green}G need {need}"))
        ours_s, ours = best_of(cold(lambda b=black, g=green: dice.roll_distribution(b, g).pmf()), 3)
        ice_s, ice = best_of(partial(icepool_joint, black, green), 2)
        assert ours == ice, (black, green)
        joint.append((ice_s / ours_s, ours_s, ice_s, f"{black}B+{green}G"))
    rows = []
    for what, results in (("P(>=need)", successes), ("joint distribution", joint)):
        ratio, ours_s, ice_s, case = min(results)
        rows.append(
            row(
                f"every plain roll <={most_black}B+{most_green}G, {what}: worst case (cold)",
                ours_s,
                "icepool 2.1",
                ice_s,
                f"{verdict(ratio)} on all {len(results)} questions; worst {case}; "
                f"median ratio {sorted(r[0] for r in results)[len(results) // 2]:.1f}x",
            )
        )
    return rows


def bench_widget_queries(quick: bool = False) -> list[dict]:
    # best of 3 cold runs per query: the machine is shared, one sample can catch a pause
    most_black, most_green, most_stress = (2, 1, 1) if quick else (6, 5, 4)
    worst, worst_case = 0.0, None
    total = 0.0
    count = 0
    for black in range(0, most_black + 1):
        for green in range(0, most_green + 1):
            if black + green == 0:
                continue
            for need in range(1, black + green + 1):
                for stress in range(0, most_stress + 1):
                    elapsed, _ = best_of(cold(rerolls.p_at_least, black, green, need, stress), 3)
                    total += elapsed
                    count += 1
                    if elapsed > worst:
                        worst, worst_case = elapsed, (black, green, need, stress)
    verdict = "meets" if worst < WIDGET_TARGET_S else "MISSES"
    return [
        row(
            f"widget query, worst of all <={most_black}B+{most_green}G, <={most_stress} stress "
            "(cold)",
            worst,
            note=f"{verdict} the {WIDGET_TARGET_S * 1000:.0f} ms target; worst case "
            f"{worst_case}; mean {total / count * 1000:.2f} ms over {count} queries",
        ),
    ]


def bench_any_objective(quick: bool = False) -> list[dict]:
    black, green, stress = (2, 1, 1) if quick else (6, 5, 4)
    rows = []
    for objective in [
        rerolls.Objective("fewest_harm", tie_break="tentacles"),
        rerolls.Objective("at_least", 4, tie_break="tentacles"),
        rerolls.Objective("expected_successes"),
    ]:
        elapsed, _ = best_of(cold(rerolls.value, black, green, stress, objective), 2)
        verdict = "meets" if elapsed < ANY_OBJECTIVE_TARGET_S else "MISSES"
        rows.append(
            row(
                f"{black}B+{green}G, {stress} stress: {objective.describe()}",
                elapsed,
                note=f"{verdict} the {ANY_OBJECTIVE_TARGET_S:.0f} s target",
            )
        )
    return rows


def bench_games(bot: str, games: int) -> dict:
    from toolkit.death_may_die import GAME
    from toolkit.simulate import bot_seed, play

    start = time.perf_counter()
    moves = 0
    for seed in range(games):
        state = GAME.new_state(2, seed)
        bots = [GAME.bots[bot](seat, bot_seed(seed, seat)) for seat in range(2)]
        play(state, bots, random.Random(seed))
        moves += len(state.history)
    elapsed = time.perf_counter() - start
    rate = games / elapsed
    target = ""
    if bot == "random":
        verdict = "meets" if rate >= GAMES_TARGET_PER_S else "MISSES"
        target = f" ({verdict} the {GAMES_TARGET_PER_S}/s target)"
    return row(
        f"{bot}-bot games, 2 players (per game)",
        elapsed / games,
        note=f"{rate:.0f} games/s{target}, {moves / games:.0f} moves a game",
    )


def bench_decision_odds(quick: bool = False) -> list[dict]:
    """The numbers beside an attack, walked through the engine (what the widget shows), side by
    side with the reroll solver's closed form for the same chance of defeating the target; then
    the 95th percentile of the walk over every decision of seeded games."""
    import statistics

    from toolkit.death_may_die.odds import decision_odds
    from toolkit.death_may_die.rules import DeathMayDieState
    from toolkit.simulate import decision_points

    rows = []
    for stress in (0, 2):
        state = DeathMayDieState(seed=0, players=1)
        me = state.investigators[0]
        me["space"], me["stress"] = "nave", stress
        walk_s, shown = best_of(partial(decision_odds, state), 3)
        black, green = state.dice_for(me, "attack")
        left = state.rules.max_stress - stress
        ours_s, closed = best_of(cold(rerolls.p_at_least, black, green, 2, left), 3)
        walked = shown.for_action(("attack", "cultist-1")).odds["defeated"]
        assert walked == closed, (walked, closed)
        rows.append(
            row(
                f"attack a cultist, {left} stress left: every number beside it (walk)",
                walk_s,
                "reroll solver, P(defeated) only",
                ours_s,
                f"both P(defeated) = {closed}",
            )
        )
    seconds = []
    for state in decision_points("death-may-die", 2, range(1 if quick else 3)):
        start = time.perf_counter()
        decision_odds(state)
        seconds.append(time.perf_counter() - start)
        if quick and len(seconds) == 20:
            break
    p95 = statistics.quantiles(seconds, n=20)[-1]
    rows.append(row(f"decision_odds, 95th percentile of {len(seconds)} decisions", p95))
    return rows


def run(quick: bool = False) -> list[dict]:
    return [
        *bench_decision_odds(quick),
        *bench_rerolls_vs_brute_force(quick),
        *bench_plain_roll_vs_icepool(quick),
        *bench_plain_roll_sweep(quick),
        *bench_widget_queries(quick),
        *bench_any_objective(quick),
        bench_games("random", 5 if quick else 200),
        bench_games("greedy", 1 if quick else 20),
    ]


if __name__ == "__main__":
    sys.exit(cli(run))
