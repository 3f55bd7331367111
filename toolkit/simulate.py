"""Playing games to the end, one or many.

:func:`run_many` plays a study of games and returns a pandas table, one row a game. It takes any
:class:`concurrent.futures.Executor`, so a process pool or a ``dask.distributed`` client's
``get_executor()`` spreads a large study over cores or a cluster; games are sent out by name and
seed only, so nothing unpicklable crosses to a worker.
"""

from __future__ import annotations

import bisect
import hashlib
import json
import random
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Executor
from contextlib import ExitStack, contextmanager
from fractions import Fraction
from functools import partial

from toolkit.bots import Bot, below, handed
from toolkit.games import get_game
from toolkit.state import CHANCE, TERMINAL, Action, ChanceOutcomes, GameState, UniformOutcomes


def sample_outcome(outcomes: Sequence[tuple[Action, Fraction]], rng: random.Random) -> Action:
    """Draw a chance outcome with its exact probability (integer arithmetic, no float bias)."""
    if not isinstance(outcomes, ChanceOutcomes):  # asked first: a quick test, not an ABC's
        if isinstance(outcomes, UniformOutcomes):  # the same draw as through a table 1, 2, ..., n
            return outcomes.outcomes[below(rng, len(outcomes.outcomes))]
        outcomes = ChanceOutcomes(outcomes)
    denominator, cumulative = outcomes.table
    return outcomes[bisect.bisect_right(cumulative, below(rng, denominator))][0]


def play(
    state: GameState,
    bots: Sequence[Bot],
    rng: random.Random | Callable[[], random.Random],
    max_moves: int = 100_000,
) -> GameState:
    """Play to the end: bots choose for their seats, `rng` (not the state's) draws chance outcomes.
    `rng` may be a function that makes the generator, called at the first chance node: a game
    that meets none (a TPK game has no chance nodes) then never seeds one.

    Keeping the chance RNG outside the state means the state's own RNG is consumed the same way in
    play and in replay, so the saved history reproduces the game exactly. A bot whose
    `reads_observation` is false (the random bot) is handed None instead of an observation, one
    that searches its seat's view of the game (:func:`toolkit.bots.handed`), and
    one whose `picks_listed` is true returns one of the actions it was handed, as it was handed:
    its move, like a chance outcome, is applied without the legality check another bot's gets.
    """
    # each seat's (choose, whether it is handed something, how its move is applied), and the
    # state's methods, looked up once: the loop below runs for every move of a study
    seats = [
        (
            bot.choose,
            getattr(bot, "reads_observation", True) or getattr(bot, "reads_view", False),
            not getattr(bot, "picks_listed", False),
        )
        for bot in bots
    ]
    current_player, legal_actions = state.current_player, state.legal_actions
    chance_outcomes, apply_listed = state.chance_outcomes, state.apply_listed
    draws = rng if isinstance(rng, random.Random) else None
    for _ in range(max_moves):
        seat = current_player()
        if seat >= 0:  # a seat, the commonest case
            choose, reads, checked = seats[seat]
            legal = legal_actions()
            action = choose(handed(bots[seat], state, seat) if reads else None, legal)
            if checked:  # against the list the bot was handed, not listed again
                state.apply(action, atomic=False, listed=legal)
            else:
                apply_listed(action)
        elif seat == CHANCE:
            if draws is None:
                draws = rng()
            apply_listed(sample_outcome(chance_outcomes(), draws))
        else:  # TERMINAL
            return state
    raise RuntimeError(f"{type(state).__name__} did not end within {max_moves} moves")


def bot_seed(seed: int, seat: int) -> int:
    """The seed of `seat`'s bot in the game of `seed`: in a simulation, a study or a widget, the
    same game's bots play alike."""
    return seed * 101 + seat


def chance_rng(seed: int) -> random.Random:
    """The generator of the chance draws of the game of `seed` (see :func:`bot_seed`)."""
    return random.Random(f"chance-{seed}")


def play_seeded(
    slug: str,
    players: int,
    bot_names: Sequence[str],
    seed: int,
    max_moves: int | None = None,
    **options,
) -> GameState:
    """Play one game to the end from its name and seed alone: the game, each seat's bot and the
    chance draws are all seeded from `seed`, so the same call plays the same game anywhere.
    `options` go to the game (a raised safety cap, say), and `max_moves` (the game's own bound
    unless given) bounds the play."""
    spec = get_game(slug)
    state = spec.new_state(players, seed, **options)
    bots = [spec.bots[name](seat, bot_seed(seed, seat)) for seat, name in enumerate(bot_names)]
    return play(state, bots, partial(chance_rng, seed), max_moves or spec.max_moves)


def decision_points(
    slug: str, players: int, seeds: Iterable[int], bot: str = "random"
) -> Iterator[GameState]:
    """Every decision of seeded bot games (as :func:`play_seeded` plays them), each handed out
    as a copy to look at: the positions at which a differential test or a benchmark asks the
    numbers shown beside a choice."""
    return (state for _, state, _ in decisions_played(slug, players, seeds, bot))


def decisions_played(
    slug: str, players: int, seeds: Iterable[int], bot: str = "random"
) -> Iterator[tuple[int, GameState, Action]]:
    """``(seed, position, choice)`` at every decision of seeded bot games, as
    :func:`decision_points` walks them, with the move the bot then played there: what a
    calibration sets the numbers shown beside that move against."""
    spec = get_game(slug)
    for seed in seeds:
        state = spec.new_state(players, seed)
        bots = [spec.bots[bot](seat, bot_seed(seed, seat)) for seat in range(players)]
        rng = chance_rng(seed)
        for _ in range(spec.max_moves):
            seat = state.current_player()
            if seat == TERMINAL:
                break
            if seat == CHANCE:
                state.apply_listed(sample_outcome(state.chance_outcomes(), rng))
                continue
            legal = state.legal_actions()
            choice = bots[seat].choose(handed(bots[seat], state, seat), legal)
            yield seed, state.clone(), choice
            state.apply(choice, atomic=False, listed=legal)


def fingerprint(slug: str, players: int, bot: str, seeds: Iterable[int]) -> str:
    """A short hash of the histories of seeded games, every seat played by `bot`: a refactor that
    changes no game leaves it as it was (``tests/test_fingerprints.py`` pins them)."""
    digest = hashlib.sha256()
    for seed in seeds:
        state = play_seeded(slug, players, [bot] * players, seed)
        digest.update(json.dumps(state.history).encode())
    return digest.hexdigest()[:16]


def play_one(
    slug: str, players: int, bot_names: Sequence[str], seed: int, options: Mapping | None = None
) -> dict:
    """One game from its name and seed (and the game's `options`, such as Death May Die's
    episode): a table row with returns and the game's own summary."""
    state = play_seeded(slug, players, bot_names, seed, **(options or {}))
    returns = state.returns()
    row = {"seed": seed, "moves": len(state.history)}
    row.update({f"return_{seat}": value for seat, value in enumerate(returns)})
    row.update(state.summary())
    return row


def _play_chunk(
    slug: str,
    players: int,
    bot_names: Sequence[str],
    seeds: Sequence[int],
    options: Mapping | None = None,
) -> list[dict]:
    return [play_one(slug, players, bot_names, seed, options) for seed in seeds]


CONNECT = "10s"  # how long to try a running scheduler's address before saying it cannot be reached


@contextmanager
def dask_executor(workers: int | None = None, scheduler: str | None = None):
    """An executor for :func:`run_many` on dask.distributed: a cluster of `workers` local
    processes started for the study, or the running scheduler at `scheduler` (an address such as
    ``tcp://10.0.0.5:8786``); None for neither, and the study runs here. Games go out by name and
    seed only, so the table is the same whatever runs it."""
    if workers is None and scheduler is None:
        yield None
        return
    try:
        import dask.distributed as distributed
    except ImportError:
        raise ValueError(
            "--workers and --scheduler need dask.distributed, which is not installed: "
            "python -m pip install 'dask[distributed]'"
        ) from None

    with ExitStack() as stack:
        if scheduler is None:
            scheduler = stack.enter_context(
                distributed.LocalCluster(
                    n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
                )
            )
            client = stack.enter_context(distributed.Client(scheduler))
        else:
            try:
                client = stack.enter_context(distributed.Client(scheduler, timeout=CONNECT))
            except OSError as error:
                raise ValueError(
                    f"cannot reach the dask scheduler at {scheduler}: {error}"
                ) from None
        yield client.get_executor()


MAX_GAMES = 1_000_000  # one table in memory; a larger study is several runs by --seed


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during a study: how many of its games had been played, for a one-line goodbye."""

    def __init__(self, played: int, total: int):
        super().__init__(f"{played:,} of {total:,} games played")
        self.played, self.total = played, total


IN_FLIGHT = 64  # chunks sent to an executor and not yet collected


def run_many(
    slug: str,
    players: int,
    games: int,
    seed: int = 0,
    bots: str | Sequence[str] = "random",
    executor: Executor | None = None,
    progress: bool = True,
    chunk: int = 50,
    delay: float = 0,
    options: Mapping | None = None,
):
    """Play `games` games (seeds seed, seed+1, ...) and return a pandas DataFrame, one row a game.
    `options` go to each game (Death May Die's episode, say).

    Games are played a chunk at a time and each chunk's rows become a compact frame at once, and
    an executor is sent at most :data:`IN_FLIGHT` chunks ahead of the one collected next: memory
    grows by a frame row a game (tens of bytes), not by a row dict each or a future each. With
    `progress`, a bar counts the games, drawn once they have run `delay` seconds."""
    import pandas as pd
    from tqdm.auto import tqdm

    bot_names = [bots] * players if isinstance(bots, str) else list(bots)
    if len(bot_names) != players:
        raise ValueError(f"{len(bot_names)} bots named for {players} players")
    if not 1 <= games <= MAX_GAMES:
        raise ValueError(f"a study plays 1 to {MAX_GAMES:,} games, not {games:,}")
    chunks = (range(start, min(start + chunk, seed + games)) for start in
              range(seed, seed + games, chunk))  # fmt: skip
    frames, played = [], 0
    with tqdm(total=games, disable=not progress, desc=f"{slug} games", delay=delay) as bar:
        try:
            for rows in _chunk_results(slug, players, bot_names, chunks, executor, options):
                frames.append(pd.DataFrame(rows))
                played += len(rows)
                bar.update(len(rows))
        except KeyboardInterrupt as interrupt:
            if isinstance(interrupt, Interrupted):
                raise
            raise Interrupted(played, games) from None
    return pd.concat(frames, ignore_index=True)


def _chunk_results(
    slug, players, bot_names, chunks: Iterator[range], executor: Executor | None, options=None
):
    """Each chunk's rows, in seed order whatever plays them, so the table does not depend on
    timing; an executor holds at most :data:`IN_FLIGHT` chunks at a time."""
    if executor is None:
        for part in chunks:
            yield _play_chunk(slug, players, bot_names, part, options)
        return
    pending = deque()
    for part in chunks:
        pending.append(executor.submit(_play_chunk, slug, players, bot_names, part, options))
        if len(pending) >= IN_FLIGHT:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()


def win_rates(table, players: int) -> list[float]:
    """Share of games each seat won (a return of 1 or more), from a :func:`run_many` table."""
    return [float((table[f"return_{seat}"] >= 1).mean()) for seat in range(players)]


def win_summary(wins: int, games: int) -> dict:
    """The ``simulate`` summary's win keys, named alike in every game that a party or a seat wins
    outright: games won, the rate, and its 95% Wilson interval."""
    return {
        "wins": wins,
        "win_rate": wins / games,
        "win_interval": list(wilson_interval(wins, games)),
    }


def wilson_interval(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """A 95% confidence interval for a rate (Wilson's), good near 0 and 1 too."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = (
        z * ((p * (1 - p) / trials + z * z / (4 * trials * trials)) ** 0.5) / (1 + z * z / trials)
    )
    return (max(0.0, centre - half), min(1.0, centre + half))
