"""Are the numbers beside a choice calibrated? Our own oracle: the real engine, played on.

At the decisions of seeded games (played as :func:`toolkit.simulate.decision_points` plays them,
so that the action each bot plays is at hand), each game's ``decision_odds`` is asked for the
numbers beside the action actually played. The real game (every hidden card where it really lies,
every die rolled from a seeded generator of the oracle's own) is then played on from that action
the way the numbers assume, to where the numbers stop counting, and what happened is recorded:
for a shown chance, whether its event happened; for a shown expectation, the value realised.

What each game's numbers assume, and so how the oracle plays on:

- **TPK**: P(the level can still be cleared, every hand shown). Nothing is played on: the event
  is whether the exact covering search (:func:`toolkit.tpk.coordination.solve`) clears the real
  position left by the action, with the partners' real cards (or whether the engine already
  ended the level, cleared or lost). The numbers read no signal in a partner's keeps and
  passes, so the games sampled are the random bot's, whose keeps and passes carry none.
- **Epic Death!**: the quest's fate if nobody plays another Fate card; the placing numbers right
  after the move. The real game is played on with that policy (each later choice ``done``, or
  the first living adventurer to die) to the walk's own stopping point, read by its own measure.
- **How I Died**, **To the Death!** and **Death May Die**: the rest of the turn (or of the option,
  the roll), the seat playing for the walk's aims in order. The real game is played on, each
  later choice of the seat the walk's own best from the seat's view of the real game at that
  choice (the same walk, its stop and measure read against the decision's start; To the Death!
  buys no focus on the way, as its walk does), another seat's choice stopping the walk as it
  stops it, or in Death May Die made by the greedy bot (ties at random), as the walk assumes. A
  sample whose later choice the walk cannot make (too large to walk) is dropped, and counted.
  To the Death! is calibrated solo: in the duel the view cannot let the other player block (their
  hand is unseen), and the real other player may be asked to, which stops the walk.

For each game and measure a row: the events n, the sum of the predicted chances (or means), the
observed count (or sum), and z = (observed - expected) / sqrt(variance), the variance the sum of
p(1 - p) for a chance and, for a mean, n times the sample variance of the residuals. Every
|z| must stay under 4. ``--json`` prints the rows as a list of {game, measure, n, expected,
observed, z}; ``--quick`` a game or a few each, at most 60 samples a game (the benchmark
table's quick mode, a few seconds).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from fractions import Fraction

from toolkit.games import get_game
from toolkit.simulate import sample_outcome
from toolkit.state import CHANCE

Z_LIMIT = 4.0

# game: (players, bot making the decisions sampled, games in the full run, games in --quick)
SETTINGS = {
    "tpk": (3, "random", 400, 4),
    "epic-death": (3, "greedy", 8, 1),
    "how-i-died": (3, "glory-greedy", 140, 1),
    "to-the-death": (1, "greedy", 5, 1),
    "death-may-die": (2, "greedy", 40, 1),
}
QUICK_DECISIONS = 60  # the samples a game the quick mode takes at most
FOLLOW_LIMIT = 200_000  # positions a walk followed for a later choice may visit


class Unfollowable(Exception):
    """A later choice the numbers' policy cannot make (its numbers were refused)."""


def _play_on(state, stop, policy, rng, max_moves: int = 10_000):
    """Play `state` on until `stop` (or the end of the game): chance from `rng`, choices by
    `policy`."""
    for _ in range(max_moves):
        if state.is_terminal() or stop(state):
            return state
        seat = state.current_player()
        if seat == CHANCE:
            state.apply_listed(sample_outcome(state.chance_outcomes(), rng))
        else:
            state.apply_listed(policy(state))
    raise RuntimeError("the playout did not stop")


# -- what happened, game by game -----------------------------------------------------------------
def observe_tpk(state, action, rng) -> dict[str, Fraction]:
    from toolkit.tpk.coordination import position_problem, solve

    level, cleared = state.level, state.levels_cleared()
    after = state.clone()
    after.apply_listed(action)
    if after.outcome is not None or after.level != level:
        return {"clearable": Fraction(int(after.levels_cleared() > cleared))}
    threats, hands, caps, first = position_problem(after)
    return {"clearable": Fraction(int(solve(threats, hands, caps, first) is not None))}


def observe_epic_death(state, action, rng) -> dict[str, Fraction]:
    from toolkit.epic_death import decisions as d

    seat = state.current_player()
    placing = state.stage() in d.PLACING
    stop = d._after_this_move(state) if placing else d._quest_over(state)
    measure = d._placing_measure(state, seat) if placing else d._fate_measure(state, seat)
    names = (d.EPIC.name, d.WAITING.name) if placing else (*d.ENDS, d.DIES.name)
    after = state.clone()
    after.apply_listed(action)
    end = _play_on(after, stop, lambda s: d.nobody_plays_on(s)[0][0], rng)
    return {name: Fraction(v) for name, v in zip(names, measure(end), strict=True)}


def _walk_policy(walk, seat, prepare=lambda view: view):
    """Each later choice of `seat` as the walk makes it: its best from the seat's view of the
    real game at that choice (the walk's own stop and measure, read against the decision's
    start). A walk too large to follow raises :class:`Unfollowable`."""
    from toolkit.analysis import WalkTooLarge

    def policy(state):
        try:
            return walk.best(prepare(state.players_view(seat)))[0]
        except WalkTooLarge as refused:
            raise Unfollowable from refused

    return policy


def _others_stop(seat, stop):
    """Where the walk stops: its own stop, or another seat's decision (a walk without a policy
    for the others stops there)."""
    return lambda s: s.current_player() not in (seat, CHANCE) or stop(s)


def observe_how_i_died(state, action, rng) -> dict[str, Fraction]:
    from toolkit.how_i_died.turn_odds import numbers, turn_walk
    from toolkit.how_i_died.view import turn_view, walk_view

    seat = state.current_player()
    walk = turn_walk(turn_view(state, seat), seat, FOLLOW_LIMIT, [0])
    after = state.clone()
    after.apply_listed(action)
    policy = _walk_policy(walk, seat, walk_view)
    end = _play_on(after, _others_stop(seat, walk.stop), policy, rng)
    return numbers(walk.measure(end))


def observe_to_the_death(state, action, rng) -> dict[str, Fraction]:
    from toolkit.to_the_death.options import DECIDE_BY, OptionWalk

    option = OptionWalk(state, limit=FOLLOW_LIMIT)
    seat = option.seat

    def prepare(view):  # as OptionWalk prepares its own view: no focus bought on the way
        view.offers_focus = False
        view.history, view.public_history, view.log = [], [], []
        return view

    after = state.clone()
    after.offers_focus = False  # the walk buys no focus on the way: each is an option of its own
    after.apply_listed(action)
    end = _play_on(
        after, _others_stop(seat, option.stop), _walk_policy(option.walk, seat, prepare), rng
    )
    return dict(zip(DECIDE_BY, map(Fraction, option.measure(end)), strict=True))


def observe_death_may_die(state, action, rng) -> dict[str, Fraction] | None:
    from toolkit.analysis import Walk, WalkTooLarge
    from toolkit.death_may_die import decisions as d
    from toolkit.death_may_die import roll_walk
    from toolkit.death_may_die.roll_walk import RollWalk, applies

    seat = state.current_player()
    own = d.action_question(d.question(state), action)
    if not own.shown:
        return None
    changes = d._Changes(state.players_view(seat), seat)
    turn = own.stop == "turn"
    walk = Walk(  # the walk decision_odds builds for this question (walk_options' walk_for)
        seat,
        stop=lambda s: changes.stopped(s, own.stop),
        measure=d.measured(changes),
        others=d.others if turn else None,
        merge=d._merge,
        key=d._turn_key if turn else d._roll_key,
        part=roll_walk.part if turn else None,
        rank=d.ranking(own.order),
        limit=FOLLOW_LIMIT,
    )

    def policy(s):
        if s.current_player() != seat:  # another investigator: the greedy bot's, ties at random
            return rng.choice([a for a, _ in d.others(s)])
        view = s.players_view(seat)
        try:
            options = RollWalk(view, walk).options() if applies(view) else walk.options(view)
        except WalkTooLarge as refused:
            raise Unfollowable from refused
        rank = d.ranking(own.order)(view)  # the walk's own weighing at this choice
        best = max(options.items(), key=lambda item: rank(item[1]))[0]
        return next(a for a in s.legal_actions() if d._same_choice(s, a) == best)

    def stop(s):
        """The walk's stop, read on the real game as on the view: a walk that does not span the
        turn never looks past the next card drawn from a deck (hidden in the view)."""
        if own.stop not in ("step", "turn") and s.drawing_card():
            return True
        return walk.stop(s)

    after = state.clone()
    after.apply_listed(action)
    stop = stop if turn else _others_stop(seat, stop)
    end = _play_on(after, stop, policy, rng)
    values = changes.values(end)
    return {name: Fraction(values[name]) for name in own.shown}


OBSERVE = {
    "tpk": observe_tpk,
    "epic-death": observe_epic_death,
    "how-i-died": observe_how_i_died,
    "to-the-death": observe_to_the_death,
    "death-may-die": observe_death_may_die,
}


# -- the tally -----------------------------------------------------------------------------------
def tally(
    game: str,
    games: int,
    seed0: int = 0,
    players: int | None = None,
    bot: str | None = None,
    decisions: int | None = None,
) -> tuple[list[dict], dict]:
    """Play `games` seeded games of `game` (seeds from `seed0`) as ``decision_points`` plays them,
    and set every shown number of each action played against what happened when the real game
    was played on (`players` and `bot` other than the game's settings only to look at a case the
    numbers do not model; `decisions`: stop after so many samples, for the quick mode). Returns
    one row per measure, and the samples taken and dropped."""
    from toolkit.simulate import decisions_played

    spec = get_game(game)
    players = players or SETTINGS[game][0]
    bot = bot or SETTINGS[game][1]
    observe = OBSERVE[game]
    kinds: dict[str, bool] = {}
    events: dict[str, list[tuple[Fraction, Fraction]]] = {}
    counts = {"decisions": 0, "dropped": 0}
    oracle_rngs: dict[int, random.Random] = {}
    for seed, state, choice in decisions_played(game, players, range(seed0, seed0 + games), bot):
        if seed not in oracle_rngs:  # one generator a game, for every decision of it
            oracle_rngs[seed] = random.Random(f"calibration-{game}-{seed}")
        oracle_rng = oracle_rngs[seed]
        odds = spec.decision_odds(state)
        shown = odds.for_action(choice)
        if shown is None or not shown.odds:
            continue
        if counts["decisions"] == decisions:
            break
        counts["decisions"] += 1
        try:
            happened = observe(state, choice, oracle_rng)  # the position is a copy: play it on
        except Unfollowable:
            counts["dropped"] += 1
            continue
        if happened is None:
            continue
        for m in odds.measures:
            if m.name in shown.odds:
                kinds[m.name] = m.chance
                events.setdefault(m.name, []).append(
                    (Fraction(shown.odds[m.name]), Fraction(happened[m.name]))
                )
    rows = [row(game, name, kinds[name], pairs) for name, pairs in events.items()]
    return rows, counts


def row(game: str, measure: str, chance: bool, pairs) -> dict:
    """The tally of one measure: n, expected, observed, z."""
    n = len(pairs)
    expected = sum(p for p, _ in pairs)
    observed = sum(o for _, o in pairs)
    if chance:
        variance = float(sum(p * (1 - p) for p, _ in pairs))
    else:
        residuals = [float(o - p) for p, o in pairs]
        mean = sum(residuals) / n
        variance = n * sum((r - mean) ** 2 for r in residuals) / max(n - 1, 1)
    gap = float(observed - expected)
    if variance > 0:
        z = gap / math.sqrt(variance)
    else:
        z = 0.0 if gap == 0 else math.inf
    return {
        "game": game,
        "measure": measure,
        "kind": "chance" if chance else "mean",
        "n": n,
        "expected": float(expected),
        "observed": float(observed),
        "z": z,
    }


def table(games_of: dict[str, int], **which) -> tuple[list[dict], dict]:
    rows, counts = [], {}
    for game, games in games_of.items():
        start = time.process_time()
        got, count = tally(game, games, **which)
        count["seconds"] = time.process_time() - start
        count["games"] = games
        rows += got
        counts[game] = count
    return rows, counts


def run(quick: bool = False) -> list[dict]:
    """The benchmark table's rows: one per game and measure, the CPU time of the game's whole
    calibration in `ours_s`, and n, expected, observed and z in the note. Asserts |z| < 4."""
    games_of = {game: s[3] if quick else s[2] for game, s in SETTINGS.items()}
    rows, counts = table(games_of, decisions=QUICK_DECISIONS if quick else None)
    out = []
    for r in rows:
        assert abs(r["z"]) < Z_LIMIT, f"miscalibrated: {r}"
        c = counts[r["game"]]
        out.append(
            {
                "benchmark": f"calibration of the numbers beside a choice: {r['game']}, "
                f"{r['measure']}",
                "ours_s": c["seconds"],
                "baseline": None,
                "baseline_s": None,
                "ratio": None,
                "note": f"n={r['n']} expected={r['expected']:.2f} observed={r['observed']:.2f} "
                f"z={r['z']:+.2f} ({c['games']} games; {c['dropped']} samples dropped)",
            }
        )
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(SETTINGS), action="append")
    parser.add_argument("--games", type=int, help="games per game (default: the full run's)")
    parser.add_argument("--players", type=int, help="players (default: the game's setting)")
    parser.add_argument("--bot", help="the bot whose decisions are sampled (default: the setting)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    chosen = args.game or sorted(SETTINGS)
    games_of = {g: args.games or (SETTINGS[g][3] if args.quick else SETTINGS[g][2]) for g in chosen}
    decisions = QUICK_DECISIONS if args.quick else None
    rows, counts = table(games_of, players=args.players, bot=args.bot, decisions=decisions)
    if args.json:
        keys = ("game", "measure", "n", "expected", "observed", "z")
        print(json.dumps([{k: r[k] for k in keys} for r in rows], indent=1))
    else:
        print(f"{'game':<12} {'measure':<11} {'kind':<6} {'n':>6} {'expected':>10} "
              f"{'observed':>10} {'z':>7}")  # fmt: skip
        for r in rows:
            print(f"{r['game']:<12} {r['measure']:<11} {r['kind']:<6} {r['n']:>6} "
                  f"{r['expected']:>10.2f} {r['observed']:>10.2f} {r['z']:>+7.2f}")  # fmt: skip
        for game, c in counts.items():
            print(f"{game}: {c['games']} games, {c['decisions']} decisions with numbers, "
                  f"{c['dropped']} dropped (a later choice had no number), "
                  f"{c['seconds']:.1f} s CPU")  # fmt: skip
    bad = [r for r in rows if not abs(r["z"]) < Z_LIMIT]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
