"""death-toolkit: play five tabletop games about dying gloriously, and their exact odds.

Plain output names every number in words; --json prints one JSON object instead,
for a program. "death-toolkit COMMAND --help" lists a command's options, e.g.
"death-toolkit odds epic-death --help".
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import importlib.util
import json
import os
import platform
import re
import signal
import subprocess
import sys
import sysconfig
from fractions import Fraction
from pathlib import Path

from toolkit import analysis, bookpdf, exercises, games, plain, position
from toolkit.bookpdf import serve_folder
from toolkit.bots import check_bot_names
from toolkit.data import DataError
from toolkit.simulate import Interrupted, chance_rng, dask_executor, run_many, sample_outcome
from toolkit.state import from_json
from toolkit.studies import WHOLE_TABLE, bots_table

ECHO = 80  # characters of a value the user typed that an error line repeats, at most
_QUOTED = re.compile(rf"(['\"])([^'\"/]{{{ECHO}}})[^'\"/]+\1")  # a path is shown whole
_LONG_WORD = re.compile(rf"[^\s'\"/]{{{ECHO + 1},}}")  # a number, an unknown argument


def clipped(message: object) -> str:
    """An error line that repeats at most :data:`ECHO` characters of any one value it quotes (a
    5,000-digit number, a pasted file) and stays on one line; a file's path is kept whole, as
    the error names the file."""
    message = " ".join(str(message).split())
    message = _QUOTED.sub(lambda m: f"{m[1]}{m[2]}...{m[1]}", message)
    return _LONG_WORD.sub(lambda m: m[0][:ECHO] + "...", message)


class Parser(argparse.ArgumentParser):
    """argparse, but a bad argument is one line on stderr and exit status 2 (no usage dump), and
    a number option (``type=int``, every game's too) refuses "x" as not a whole number, in words
    rather than Python's type name."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.register("type", int, whole_number)

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {clipped(message)}\n")


MANIFEST = ".death-toolkit-copies.json"  # in a copy's folder: what was copied, by hash
START_NOTEBOOK = "start-here.ipynb"  # what `lab` opens first
STOP_GRACE_S = 20  # after SIGTERM, how long JupyterLab has to stop its kernels before SIGKILL


def notebooks_dir(target: Path, copy: bool = True) -> Path:
    """The checkout's notebooks, or the installed ones copied into `target` and kept in step
    with the installed toolkit there (:func:`sync_notebooks`; `copy` False only names it)."""
    package = Path(__file__).resolve().parent
    checkout = package.parent / "notebooks"
    if checkout.is_dir() and (package.parent / "pyproject.toml").is_file():
        return checkout
    if copy:
        for line in sync_notebooks(package / "notebooks", target):
            print(f"death-toolkit: {line}", file=sys.stderr, flush=True)
    return target


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def as_copied(source: Path) -> bytes:
    """The bytes `source` is copied as. A Python notebook's stored ``language_info.version``
    becomes this Python's, the version its kernel will report: JupyterLab writes the kernel's
    into a notebook that differs, which then shows as modified as soon as it opens."""
    data = source.read_bytes()
    if source.suffix != ".ipynb":
        return data
    try:
        notebook = json.loads(data)
        info = notebook["metadata"]["language_info"]
    except (ValueError, KeyError, TypeError):
        return data
    version = platform.python_version()
    if not isinstance(info, dict) or info.get("name") != "python" or info.get("version") == version:
        return data
    info["version"] = version
    # as nbformat writes a notebook, so that nothing else in the file changes
    return (json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n").encode()


def _shipped(folder: Path) -> list[str]:
    """The files under `folder`, relative and in order, without hidden files or caches."""
    return sorted(
        path.relative_to(folder).as_posix()
        for path in folder.rglob("*")
        if path.is_file()
        and not any(part.startswith(".") or part == "__pycache__" for part in path.parts)
    )


def sync_notebooks(bundled: Path, target: Path) -> list[str]:
    """Copy the toolkit's notebooks from `bundled` into `target`, bringing older copies up to
    date without ever losing a student's work; return what a student should be told.

    `target`/MANIFEST records the hash of each file as it was copied (:func:`as_copied`). A
    file the toolkit has not changed since is left as it is, edited or not (and copied again if
    deleted). A file the toolkit has changed is replaced only if its copy is still exactly what
    was copied; an edited copy (or one of unknown origin, from before the manifest) is kept,
    and the new version is written beside it as ``NAME.new-HASH.ipynb``."""
    manifest_path = target / MANIFEST
    try:
        copied = json.loads(manifest_path.read_text(encoding="utf-8"))
        if not isinstance(copied, dict):
            copied = {}
    except (OSError, ValueError):
        copied = {}
    fresh = not target.exists()
    added, refreshed, told = [], [], []
    for name in _shipped(bundled):
        source, copy = bundled / name, target / name
        content = as_copied(source)
        new = _digest(content)
        if copy.is_file() and (copied.get(name) == new or _digest(copy.read_bytes()) == new):
            copied[name] = new  # the toolkit did not change it, or the copy is already new
            continue
        copy.parent.mkdir(parents=True, exist_ok=True)
        if not copy.exists():
            copy.write_bytes(content)
            added.append(name)
        elif copy.is_file() and _digest(copy.read_bytes()) == copied.get(name):
            copy.write_bytes(content)  # not edited: the new version takes its place
            refreshed.append(name)
        else:
            path = Path(name)
            beside = path.with_name(f"{path.stem}.new-{new[:8]}{path.suffix}").as_posix()
            (target / beside).write_bytes(content)
            told.append(
                f"kept your edited {name}; the installed toolkit's new version of it is "
                f"beside it as {beside}"
            )
        copied[name] = new
    target.mkdir(parents=True, exist_ok=True)
    manifest_path.write_text(json.dumps(copied, indent=1, sort_keys=True) + "\n", "utf-8")
    if fresh:
        return [f"copied the toolkit's notebooks into {target}"]
    if refreshed:
        told.insert(0, f"updated {', '.join(refreshed)} to the installed toolkit's version")
    if added:
        told.insert(0, f"copied {', '.join(added)} (missing) into {target}")
    return told


def lab_command(notebook_dir: Path, extra: list[str]) -> list[str]:
    command = [
        sys.executable,
        "-m",
        "jupyterlab",
        f"--notebook-dir={notebook_dir}",
        f"--LabApp.default_url=/lab/tree/{START_NOTEBOOK}",  # not the Launcher
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")  # Jupyter refuses root without it (containers, Binder)
    return command + extra


def lab_environment() -> dict[str, str]:
    """This environment, with this Python's scripts folder first on PATH: a notebook's
    ``!death-toolkit`` finds this toolkit even in a virtual environment not activated."""
    env = dict(os.environ)
    scripts = sysconfig.get_path("scripts")
    env["PATH"] = os.pathsep.join(filter(None, [scripts, env.get("PATH")]))
    return env


class _Stop(Exception):
    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


def _raise_stop(signum, frame):
    raise _Stop(signum)


def run_stoppable(command: list[str], env: dict[str, str] | None = None) -> int:
    """Run `command` in a process group of its own until it ends, or until this process is
    sent SIGINT, SIGTERM or SIGHUP: then the group is sent SIGTERM (JupyterLab stops its
    kernels and exits), after STOP_GRACE_S or a second signal SIGKILL, and the status is
    128 + the signal. Ctrl+C thus stops the server at once, without Jupyter's own
    "Shutdown this Jupyter server (y/[n])?", and no child outlives this process. (Elsewhere
    than POSIX, where there are no process groups to signal, it is only run.)"""
    if os.name != "posix":
        return subprocess.call(command, env=env)
    stops = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
    previous = {signum: signal.signal(signum, _raise_stop) for signum in stops}
    proc = None
    try:
        try:
            proc = subprocess.Popen(command, env=env, process_group=0)
            return proc.wait()
        except _Stop as stop:
            if proc is None:
                raise
            received = stop.signum
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=STOP_GRACE_S)
        except (_Stop, subprocess.TimeoutExpired):
            pass
        return 128 + received
    except _Stop as stop:
        return 128 + stop.signum
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        if proc is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)  # whatever of the group is still there
            proc.wait()


def cmd_lab(args) -> int:
    folder = notebooks_dir(Path(args.dir), copy=not args.dry_run)
    command = lab_command(folder, args.jupyter_args)
    if args.dry_run:
        print(" ".join(command))
        return 0
    print(f"death-toolkit lab: the notebooks are in {folder.resolve()}", flush=True)
    return run_stoppable(command, lab_environment())


def need(module: str) -> None:
    """Refuse at once, in one line, if an optional dependency is missing."""
    if importlib.util.find_spec(module) is None:
        raise ValueError(f"{module} is not installed: python -m pip install '.[app]'")


def book_sources(given: str | None) -> Path:
    """The book's sources: `given`, the checkout's book/, or ./book (the README runs from the
    repository root; the book is not in the wheel)."""
    package = Path(__file__).resolve().parent
    candidates = [Path(given)] if given else [package.parent / "book", Path("book")]
    for folder in candidates:
        if (folder / "_toc.yml").is_file():
            return folder
    raise ValueError(
        f"no book sources (_toc.yml) in {' or '.join(map(str, candidates))}: "
        "run it from the repository root or pass --source"
    )


def book_command(source: Path, output: Path | None, extra: list[str]) -> list[str]:
    script = Path(sysconfig.get_path("scripts")) / "jupyter-book"  # this Python's, not another's
    command = [str(script) if script.is_file() else "jupyter-book", "build", str(source)]
    if output is not None:
        command += ["--path-output", str(output)]
    return command + extra


def cmd_book(args) -> int:
    source = book_sources(args.source)
    output = Path(args.dir) if args.dir else None
    command = book_command(source, output, args.jupyter_args)
    if args.dry_run:
        print(" ".join(command))
        return 0
    need("jupyter_book")
    if args.pdf:
        return book_pdf(source, output, command)
    if args.no_serve:
        return subprocess.call(command)
    try:  # bound before the build, so a busy port is said at once, not minutes later
        server = serve_folder((output or source) / "_build" / "html", args.port)
    except OSError as error:
        raise ValueError(f"cannot serve on port {args.port}: {error.strerror}") from error
    with server:
        status = subprocess.call(command)
        if status != 0:
            return status
        print(f"The book is at http://127.0.0.1:{server.server_port}/ (Ctrl+C stops)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0


def book_pdf(source: Path, output: Path | None, command: list[str]) -> int:
    """Build the book, then print it to DIR/_build/pdf/death-toolkit.pdf (see toolkit.bookpdf)."""
    problem = bookpdf.missing()
    if problem:  # said before a build of minutes, not after
        raise ValueError(f"cannot print the book: {problem}")
    status = subprocess.call(command)
    if status != 0:
        return status
    build = (output or source) / "_build"
    target = build / "pdf" / "death-toolkit.pdf"
    count = bookpdf.write_pdf(build / "html", bookpdf.toc_pages(source), target)
    print(f"{target}: {count} pages", flush=True)
    return 0


# A Jupyter data folder shipped in the package; Voila finds templates in such folders, under
# voila/templates/NAME, once the folder is on JUPYTER_PATH.
JUPYTER_DATA = Path(__file__).resolve().parent / "jupyter"
# Voila's lab template without the Font Awesome stylesheets it links from a CDN, so an app page
# loads nothing from another host (Voila's script bundle brings Font Awesome itself).
VOILA_TEMPLATE = "death-toolkit"


def app_command(notebook: Path, extra: list[str]) -> list[str]:
    """Voila serving `notebook` with our template, unless `extra` names another (Voila refuses
    two); run it in :func:`app_environment`."""
    # Voila, unlike JupyterLab, runs as root without an --allow-root.
    command = [sys.executable, "-m", "voila", str(notebook)]
    if not any(re.match(r"--(VoilaConfiguration\.)?template\b", arg) for arg in extra):
        command.append(f"--template={VOILA_TEMPLATE}")
    return command + extra


def app_environment(environ: dict[str, str] | None = None) -> dict[str, str]:
    """`environ` (by default this process's) with the package's Jupyter data folder first on
    JUPYTER_PATH, where Voila looks for the template :func:`app_command` names."""
    env = dict(os.environ if environ is None else environ)
    env["JUPYTER_PATH"] = os.pathsep.join(
        filter(None, [str(JUPYTER_DATA), env.get("JUPYTER_PATH")])
    )
    return env


def cmd_app(args) -> int:
    notebook = notebooks_dir(Path(args.dir)) / f"{args.game}-play.ipynb"
    command = app_command(notebook, args.jupyter_args)
    env = app_environment()
    if args.dry_run:  # a line a shell runs as it is
        print(f"JUPYTER_PATH={env['JUPYTER_PATH']} " + " ".join(command))
        return 0
    need("voila")
    return run_stoppable(command, env)


def cmd_games(args) -> int:
    """Each game, one line; a game whose data does not load is said on stderr, the rest listed."""
    status = 0
    for slug in games.available():
        try:
            spec = games.get_game(slug)
        except DataError as error:
            print(f"death-toolkit games: error: {error}", file=sys.stderr)
            status = 2
            continue
        print(f"{slug:15} {spec.title} ({spec.min_players}-{spec.max_players} players)")
    return status


def cmd_odds(args) -> int:
    spec = games.get_game(args.game)
    result = spec.odds(args)
    if args.json:
        print(json.dumps(result))
    else:  # every game says its answer in words (the package shape test holds them to it)
        print("\n".join(spec.cli.odds_lines(result, args)))
    return 0


def progress_shown() -> bool:
    """Whether a long command draws a progress bar: only on a terminal's standard error (a
    pipe, a file or a notebook cell gets the answer alone), and there only once it has run
    for :data:`PROGRESS_DELAY` seconds."""
    return sys.stderr.isatty()


PROGRESS_DELAY = 2  # seconds a command runs before its progress bar appears


def read_state(game: str, source: str):
    """A saved game of `game` (any of its variants) from the file `source` (``-``: standard
    input), replayed; a bad file (not JSON, another game's, an illegal history) is a
    :class:`~toolkit.state.SaveError`."""
    return from_json(read_limited(source, "--state", MAX_SAVE, "a save"), game=game)


def read_position(game: str, source: str):
    """The state described by the YAML file `source` (``-``: standard input) of a position of
    `game`; a description that cannot happen is a :class:`~toolkit.position.PositionError`,
    its message naming the file and the field."""
    text = read_limited(source, "--position", position.MAX_POSITION, "a position")
    name = "standard input" if source == "-" else source
    try:
        return games.get_game(game).position(position.parse(text, name))
    except position.PositionError as error:
        raise ValueError(f"{name}: {error}") from None


def read_limited(source: str, option: str, limit: int, what: str) -> bytes:
    """The bytes of the file `source` (``-``: standard input), refused past `limit` bytes before
    more is read."""
    if not source:
        raise ValueError(f"{option} names no file (give a path, or - for standard input)")
    if source == "-":
        text = sys.stdin.buffer.read(limit + 1)
    else:
        try:
            with open(source, "rb") as file:
                text = file.read(limit + 1)
        except OSError as error:
            raise ValueError(f"cannot read {source}: {error.strerror}") from None
    if len(text) > limit:
        raise ValueError(
            f"{'standard input' if source == '-' else source} is larger than {what} can be "
            f"({max(limit // 1_000_000, 1)} MB at most)"
        )
    return text


MAX_SAVE = 50_000_000  # bytes: a save of the longest game is well under a megabyte


def decision_at(game: str, state):
    """The exact numbers beside each choice of the seat to act in `state`; a position without a
    decision (the game over, dice to roll) is refused in one line."""
    if state.is_terminal():
        raise ValueError("the saved game is over: there is no decision to analyse")
    if state.is_chance_node():
        raise ValueError(
            "the saved game waits for chance (dice or a card): there is no decision to analyse"
        )
    return games.get_game(game).decision_odds(state)


def cmd_analyse(args) -> int:
    if args.position is not None:
        state = read_position(args.game, args.position)
    else:
        state = read_state(args.game, args.state)
    with counting_positions() as counted, analysis.patience(args.patience):
        with analysis.cancelled_when(counted), analysis.kept_within(analysis.MOST_KEPT):
            odds = decision_at(args.game, state)
    if args.json:
        print(json.dumps(odds.to_json()))
        return 0
    print(
        f"{games.get_game(args.game).title}, player {odds.seat + 1} (seat {odds.seat}): {odds.prompt}"
    )
    rows = [odds.headers(), *odds.rows(number_cell)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        print(
            "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        )
    if odds.note:  # the note is the widget's too: here, the command is already the way to wait
        print(odds.note.replace(analysis.WAIT_FOR_THEM, WAIT_HERE.format(patience=args.patience)))
    return 0


@contextlib.contextmanager
def counting_positions():
    """A progress bar of the positions the exact walks visit, on a terminal once the command has
    run :data:`PROGRESS_DELAY` seconds (a patient walk runs for minutes). Yields the test a walk
    asks every :data:`~toolkit.analysis.ASKED_EVERY` positions (:func:`analysis.cancelled_when`):
    it counts them, and never calls the walk off."""
    from tqdm.auto import tqdm

    with tqdm(
        desc="positions walked",
        unit=" positions",
        unit_scale=True,
        delay=PROGRESS_DELAY,
        disable=not progress_shown(),
        leave=False,
    ) as bar:

        def counted() -> bool:
            bar.update(analysis.ASKED_EVERY)
            return False

        yield counted


#: How to have the numbers a note refuses as too large, said to a user of ``analyse`` itself.
WAIT_HERE = "to wait for them instead, run this again with a --patience above {patience}"


def number_cell(measure, value) -> str:
    """One measure's exact value as the plain output writes numbers: a chance as its percentage
    and then its exact fraction ("82.8% (exactly 53/64)"), any other number (an expected damage)
    as a decimal and then its exact value ("14.4 (exactly 562/39)")."""
    value = Fraction(value)
    if measure.chance:
        return plain.exact_chance(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{plain.mean(float(value))} (exactly {value.numerator}/{value.denominator})"


def cmd_describe(args) -> int:
    if args.state is not None:
        if args.players is not None or args.seed is not None:
            raise ValueError("--players and --seed start a new game; a --state save has its own")
        state = read_state(args.game, args.state)
    else:
        state = first_decision(args.game, args.players, args.seed or 0)
    if state.is_terminal() or state.is_chance_node():
        decision_at(args.game, state)  # refuses it in one line, as analyse does
    print(position.description_yaml(games.get_game(args.game).describe(state)), end="")
    return 0


def first_decision(game: str, players: int | None, seed: int):
    """A new game of `game` (`players`, by default the fewest it takes; its other options the
    game's defaults) at its first decision: every seat is a person's, so the chance before it
    (a deal, dice) is drawn as a simulation and a widget of the same seed draw it."""
    spec = games.get_game(game)
    state = spec.new_state(spec.min_players if players is None else players, seed=seed)
    rng = chance_rng(seed)
    while state.is_chance_node():
        state.apply(sample_outcome(state.chance_outcomes(), rng))
    return state


def study_spec(args):
    """The game of a ``simulate`` or ``study`` command, its player count and executor checked."""
    spec = games.get_game(args.game)
    if args.players is None:  # study's default, as simulate's: the fewest the game takes
        args.players = spec.min_players
    if not spec.min_players <= args.players <= spec.max_players:
        raise ValueError(f"{spec.title} takes {spec.min_players} to {spec.max_players} players")
    if args.workers is not None and args.scheduler is not None:
        raise ValueError(
            "--workers starts a local cluster; --scheduler names a running one: not both"
        )
    return spec


def cmd_simulate(args) -> int:

    spec = study_spec(args)
    check_bot_names(spec.bots, [args.bots])
    with dask_executor(args.workers, args.scheduler) as executor:
        table = run_many(
            args.game,
            args.players,
            args.games,
            args.seed,
            args.bots,
            executor=executor,
            progress=progress_shown(),
            delay=PROGRESS_DELAY,
        )
    summary = {"game": args.game, "players": args.players, "games": args.games, "seed": args.seed}
    summary["mean_returns"] = [
        float(table[f"return_{seat}"].mean()) for seat in range(args.players)
    ]
    if spec.summarize is not None:
        summary.update(spec.summarize(table))
    if args.json:
        print(json.dumps(summary))
    else:
        print("\n".join(simulate_lines(spec, args, summary, table)))
    return 0


def simulate_lines(spec, args, summary: dict, table) -> list[str]:
    """A ``simulate`` summary in words: who played which seat, each seat's mean return and how
    often it won, the table's wins with their 95% interval, then the game's own numbers."""
    games_, players, bot = args.games, args.players, args.bots
    seeds = f"seed {args.seed}" if games_ == 1 else f"seeds {args.seed}-{args.seed + games_ - 1}"
    seats = {1: "the one seat", 2: "both seats"}.get(players, f"all {players} seats")
    lines = [
        f"{spec.title}: {plain.count(games_, 'game')} ({seeds}), "
        f"{plain.count(players, 'player')}, the {bot} bot in {seats}."
    ]
    cooperative = spec.utility == "cooperative"
    if not cooperative and players > 1:
        for seat in range(players):
            won = int((table[f"return_{seat}"] > 0).sum())
            lines.append(
                f"Seat {seat + 1} ({bot}): mean return {plain.mean(summary['mean_returns'][seat])}"
                f", won {plain.pct(won / games_)} ({won:,} of {games_:,} games)."
            )
        lines.append(return_words(spec))
    if "wins" in summary and (cooperative or players == 1):
        who = "The table" if players > 1 else f"The {bot} bot"
        lines.append(
            f"{who} won {summary['wins']:,} of {plain.count(games_, 'game')}: "
            f"{plain.estimate(summary['win_rate'], summary['win_interval'])}."
        )
    lines += spec.cli.summary_lines(summary, table)
    if cooperative or players == 1:
        wins = summary.get("wins", int((table["return_0"] > 0).sum()))
    else:  # any seat's win: a game's own "wins" may count one seat's (To the Death!'s duel)
        wins = sum(int((table[f"return_{s}"] > 0).sum()) for s in range(players))
    if wins == 0:
        other = next((name for name in spec.bots if name != bot), None)
        if other:
            lines.append(f"No game won: for a bot that plays to win, try --bots {other}.")
    return lines


def game_options(spec, players: int, pairs: list[str]) -> dict[str, str]:
    """``--option KEY=VALUE`` pairs as the game's set-up options, tried on one game first so that
    a key the game does not take, or a value it refuses, is one line before any game is played."""
    options = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"--option {pair!r}: give KEY=VALUE, e.g. episode=high_tide")
        options[key] = value
    try:
        spec.new_state(players, 0, **options)
    except TypeError:
        raise ValueError(
            f"{spec.title} takes no option among {', '.join(sorted(options))}"
        ) from None
    return options


def cmd_study(args) -> int:

    spec = study_spec(args)
    if args.csv:
        check_writable(Path(args.csv))  # before the games, not after them
    bots = args.bots.split(",") if args.bots is not None else list(spec.bots)  # "" names none
    against = args.against.split(",") if args.against else None
    options = game_options(spec, args.players, args.option)
    with dask_executor(args.workers, args.scheduler) as executor:
        table = bots_table(
            args.game, args.players, bots, args.games, args.seed, executor, progress_shown(),
            against, delay=PROGRESS_DELAY, options=options,
        )  # fmt: skip
    if args.json:  # the table first: a file that then fails to be written loses nothing
        print(table.to_json(orient="records"), flush=True)
    else:
        print("\n".join(study_lines(spec, args.players, table)), flush=True)
    if args.csv:
        made_by = " ".join(["death-toolkit", *args.argv])
        try:
            with open(args.csv, "w") as out:
                out.write(f"# made by: {made_by}\n")
                table.to_csv(out, index=False)
        except OSError as error:
            raise ValueError(
                f"the table is above, but it could not be written to {args.csv}: {error.strerror}"
            ) from None
    return 0


def study_lines(spec, players: int, table) -> list[str]:
    """A ``study`` table in words, a pairing a line: which bot sat where, its wins with their 95%
    interval, its mean return."""
    every = {1: "the one seat", 2: "both seats"}.get(players, f"all {players} seats")
    if spec.utility == "cooperative" or players == 1:
        lines = [f"{spec.title}, {plain.count(players, 'player')}: a bot in {every}."]
    else:
        lines = [
            f"{spec.title}, {players} players: the bot named first in one seat, the seat taken "
            "in turn game by game, the other bot in the other seats."
        ]
    others = "the other seat" if players == 2 else f"the other {players - 1} seats"
    for row in table.itertuples(index=False):
        if row.against == WHOLE_TABLE:
            seats = f"{row.bot} in {every}: {'the table' if players > 1 else row.bot} won"
        else:
            seats = f"{row.bot} in one seat, {row.against} in {others}: {row.bot}'s seat won"
        lines.append(
            f"{seats} {row.wins:,} of {plain.count(row.games, 'game')}, "
            f"{plain.estimate(row.win_rate, (row.low_95, row.high_95))}; "
            f"mean return {plain.mean(row.mean_return)}."
        )
    lines.append(return_words(spec))
    return lines


def return_words(spec) -> str:
    """What the "mean return" beside a seat or a bot is, in the game's own terms (its ``cli``
    module's ``RETURN_WORDS``; else how the game's returns add up)."""
    words = getattr(spec.cli, "RETURN_WORDS", None) or games.UTILITIES[spec.utility]
    return f"Mean return: a seat's result a game, averaged over the games; {words}."


def cmd_check(args) -> int:
    """One line: is ANSWER right for exercise ID? Exit 0 when right, 1 when not, 2 for an
    unknown id or an answer that is not a number; ``--list`` lists the exercises."""
    if args.list:
        for exercise in exercises.catalog().values():
            print(f"{exercise.id:16} {exercise.level:7} {exercise.title}")
        return 0
    if args.id is None or args.answer is None:
        raise ValueError("name an exercise and an answer: death-toolkit check ID ANSWER (--list)")
    verdict = exercises.check(args.id, args.answer)
    if verdict.status in ("empty", "unreadable"):
        raise ValueError(verdict.message)
    print(verdict.message)
    return 0 if verdict else 1


def check_writable(path: Path) -> None:
    """Refuse at once a file that cannot be written (no such folder, a folder, no permission), so
    a study's games are not played only for their table to be lost."""
    folder = path.parent
    if path.is_dir():
        raise ValueError(f"cannot write {path}: it is a folder")
    if not folder.is_dir():
        raise ValueError(f"cannot write {path}: there is no folder {folder}")
    if not os.access(path if path.exists() else folder, os.W_OK):
        raise ValueError(f"cannot write {path}: permission denied")


def whole_number(text: str) -> int:
    """A whole number, negative too (a penalty); anything else refused in words."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None


def positive_int(text: str) -> int:
    value = whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def seed_number(text: str) -> int:
    """A seed a description can hold: a whole number from 0."""
    value = whole_number(text)
    if not 0 <= value < 2**63:
        raise argparse.ArgumentTypeError(f"must be from 0 to 2**63 - 1, got {value}")
    return value


def workers(text: str) -> int:
    """A local cluster's size: at most :data:`MAX_WORKERS_PER_CORE` processes a core, refused
    before any is started."""
    value = positive_int(text)
    most = MAX_WORKERS_PER_CORE * (os.cpu_count() or 1)
    if value > most:
        raise argparse.ArgumentTypeError(
            f"at most {most} workers on this machine ({os.cpu_count()} cores), not {value}"
        )
    return value


MAX_WORKERS_PER_CORE = 4


def port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535 (0: any free one), not {value}")
    return value


def add_launcher(sub, name: str, run, help: str) -> Parser:
    """A subcommand that runs a Jupyter tool: the options it does not know go to that tool, and
    ``--dry-run`` prints the tool's command instead of running it."""
    launcher = sub.add_parser(name, help=help)
    launcher.add_argument(
        "--dry-run", action="store_true", help="print the command instead of running it"
    )
    launcher.set_defaults(run=run, launches=True)
    return launcher


def cmd_data_error(args) -> int:
    """A game whose cards do not load: its commands say why, whatever else they were asked."""
    raise args.data_error


NOTEBOOKS_DIR = "death-toolkit-notebooks"
DIR_HELP = f"where to copy the notebooks, when installed from a package (default ./{NOTEBOOKS_DIR})"
GAME_HELP = "the game, by its name here (death-toolkit games lists them)"


def build_parser(slugs: list[str] | None = None) -> Parser:
    """The whole command line; `slugs` limits the game subcommands built (and the game packages
    imported) to those, which is all a single ``odds`` or ``simulate`` command needs."""
    parser = Parser(
        prog="death-toolkit",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)

    lab = add_launcher(
        sub,
        "lab",
        cmd_lab,
        "open the bundled notebooks in JupyterLab (other options go to JupyterLab)",
    )
    lab.add_argument("--dir", default=NOTEBOOKS_DIR, help=DIR_HELP)

    book = add_launcher(
        sub,
        "book",
        cmd_book,
        "build the book and serve it on localhost (other options go to jupyter-book build)",
    )
    book.add_argument("--source", help="the book's sources (default: the repository's book/)")
    book.add_argument("--dir", help="build into DIR/_build/html (default: the sources' _build)")
    book.add_argument(
        "--port", type=port, default=8000, help="serve on 127.0.0.1:PORT (default 8000)"
    )
    book.add_argument("--no-serve", action="store_true", help="only build")
    book.add_argument(
        "--pdf",
        action="store_true",
        help="build, then print the book to _build/pdf/death-toolkit.pdf with headless Chromium",
    )

    app = add_launcher(
        sub,
        "app",
        cmd_app,
        "play a game as a Voilà app (other options go to Voilà, e.g. --port=8866)",
    )
    app.add_argument("game", choices=list(games.PACKAGES), help=GAME_HELP)
    app.add_argument("--dir", default=NOTEBOOKS_DIR, help=DIR_HELP)

    sub.add_parser(
        "games", help="list the games", description="The games, their names here and players."
    ).set_defaults(run=cmd_games)

    analyse = sub.add_parser(
        "analyse", help="the exact numbers beside each choice of a saved game's next decision"
    )
    analyse.add_argument("game", choices=list(games.PACKAGES), help=GAME_HELP)
    start = analyse.add_mutually_exclusive_group(required=True)
    start.add_argument(
        "--state",
        help="a saved game: the play widget's Save box, or to_json() (- reads standard input)",
    )
    start.add_argument(
        "--position",
        help="a YAML file describing a position as the seat to act sees it (- reads standard "
        "input); each game's rules notes give its fields, and death-toolkit describe writes one",
    )
    analyse.add_argument("--json", action="store_true", help="print one JSON object")
    analyse.add_argument(
        "--patience",
        type=positive_int,
        metavar="N",
        default=1,
        help="let the exact walks take N times the widget's budget (seconds to minutes), so "
        "that choices the widget refuses as too large get their numbers; a walk that would keep "
        "more than about a gigabyte in memory is refused (default 1)",
    )
    analyse.set_defaults(run=cmd_analyse)

    describe = sub.add_parser(
        "describe",
        help="a position as YAML, as the seat to act sees it: a template for analyse --position",
    )
    describe.add_argument("game", choices=list(games.PACKAGES), help=GAME_HELP)
    describe.add_argument("--state", help="a saved game's position (- reads standard input)")
    describe.add_argument(
        "--players",
        type=positive_int,
        help="a new game's players (default: the fewest the game takes)",
    )
    describe.add_argument(
        "--seed", type=seed_number, help="a new game's seed, which deals its cards (default 0)"
    )
    describe.set_defaults(run=cmd_describe)

    odds = sub.add_parser("odds", help="a game's odds, exact where they can be")
    odds_games = odds.add_subparsers(dest="game", required=True, parser_class=Parser)
    simulate = sub.add_parser("simulate", help="play many bot games and summarise them")
    simulate_games = simulate.add_subparsers(dest="game", required=True, parser_class=Parser)
    for slug in games.available() if slugs is None else slugs:
        # a game's cards are loaded and checked as its package is imported or its odds'
        # arguments read them: a game whose cards do not load must not stop the others
        try:
            spec = games.get_game(slug)
            if spec.odds is not None:
                game_odds = odds_games.add_parser(slug, help=f"odds for {spec.title}")
                spec.add_odds_arguments(game_odds)
                game_odds.add_argument("--json", action="store_true", help="print one JSON object")
                game_odds.set_defaults(run=cmd_odds)
        except DataError as error:
            for commands in (odds_games, simulate_games):
                broken = commands.choices.get(slug) or commands.add_parser(
                    slug, help=f"{slug} (its data does not load)"
                )
                broken.set_defaults(run=cmd_data_error, data_error=error)
            continue
        game_sim = simulate_games.add_parser(slug, help=f"simulate {spec.title}")
        game_sim.add_argument(
            "--players",
            type=positive_int,
            default=spec.min_players,
            help=f"{spec.min_players} to {spec.max_players} (default {spec.min_players})",
        )
        game_sim.add_argument(
            "--games", type=positive_int, default=100, help="games to play (default 100)"
        )
        game_sim.add_argument(
            "--seed", type=int, default=0, help="the first game's seed, the next seed+1 (default 0)"
        )
        game_sim.add_argument(
            "--bots",
            default="random",
            help=f"the bot in every seat: one of {', '.join(spec.bots)} (default random)",
        )
        game_sim.add_argument("--json", action="store_true", help="print one JSON object")
        game_sim.add_argument(
            "--workers",
            type=workers,
            metavar="N",
            help="play on a local dask cluster of N processes",
        )
        game_sim.add_argument(
            "--scheduler",
            metavar="ADDRESS",
            help="play on the running dask.distributed scheduler at ADDRESS",
        )
        game_sim.set_defaults(run=cmd_simulate)
    study = sub.add_parser(
        "study", help="how strong each bot is: seeded games, win rates with 95%% intervals"
    )
    study.add_argument("game", choices=list(games.PACKAGES), help=GAME_HELP)
    study.add_argument(
        "--players",
        type=positive_int,
        help="players at the table (default: the fewest the game takes)",
    )
    study.add_argument("--bots", help="bots to compare, comma-separated (default: all)")
    study.add_argument(
        "--against", help="the bots in the other seats, comma-separated (default: --bots)"
    )
    study.add_argument(
        "--games", type=positive_int, default=1000, help="games a pairing (default 1000)"
    )
    study.add_argument(
        "--seed",
        type=int,
        default=0,
        help="every pairing's first seed, the next seed+1 (default 0)",
    )
    study.add_argument(
        "--workers", type=workers, metavar="N", help="play on a local dask cluster of N processes"
    )
    study.add_argument(
        "--scheduler", metavar="ADDRESS", help="play on the running dask scheduler at ADDRESS"
    )
    study.add_argument("--csv", help="also write the table to CSV (its first line the command)")
    study.add_argument("--json", action="store_true", help="print the rows as JSON")
    study.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="set the game up so, e.g. episode=high_tide for Death May Die (repeatable)",
    )
    study.set_defaults(run=cmd_study)

    check = sub.add_parser("check", help="check an answer to one of the book's exercises")
    check.add_argument("id", nargs="?", help="the exercise, e.g. epic-death-2")
    check.add_argument("answer", nargs="?", help="a fraction (3/8), decimal (0.375) or 37.5%%")
    check.add_argument("--list", action="store_true", help="list the exercises")
    check.set_defaults(run=cmd_check)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    named = argv[1] if len(argv) > 1 and argv[0] in ("odds", "simulate", "analyse") else None
    parser = build_parser([named] if named in games.PACKAGES else None)
    args, unknown = parser.parse_known_args(argv)
    args.argv = argv  # what a command that writes a table records as the command that made it
    if getattr(args, "launches", False):
        args.jupyter_args = unknown  # e.g. --no-browser --port 8899, for the Jupyter tool it runs
    elif unknown and not hasattr(args, "data_error"):  # a game not loaded knows no arguments
        parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    try:
        return args.run(args)
    except ValueError as error:  # bad input (SaveError, DataError, ...), an extra not installed
        command = " ".join(filter(None, (args.command, getattr(args, "game", None))))
        print(f"death-toolkit {command}: error: {clipped(error)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt as interrupt:  # Ctrl-C: one line, and the shell's status for it
        played = f": {interrupt}" if isinstance(interrupt, Interrupted) else ""
        print(f"interrupted{played}", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (`... --json | head`): nothing more to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
