"""The ``death-toolkit`` command: ``lab``, ``book``, ``app GAME``, ``odds GAME ...``,
``analyse GAME --state FILE``, ``simulate GAME ...`` and ``games``."""

from __future__ import annotations

import argparse
import functools
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from fractions import Fraction
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from toolkit import analysis, games
from toolkit.data import DataError
from toolkit.html import percent


class Parser(argparse.ArgumentParser):
    """argparse, but a bad argument is one line on stderr and exit status 2 (no usage dump)."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message}\n")


def notebooks_dir(target: Path) -> Path:
    """The checkout's notebooks, or a copy of the installed ones in `target` (never overwritten)."""
    package = Path(__file__).resolve().parent
    checkout = package.parent / "notebooks"
    if checkout.is_dir() and (package.parent / "pyproject.toml").is_file():
        return checkout
    bundled = package / "notebooks"
    if not target.exists():
        shutil.copytree(bundled, target)
    return target


def lab_command(notebook_dir: Path, extra: list[str]) -> list[str]:
    command = [sys.executable, "-m", "jupyterlab", f"--notebook-dir={notebook_dir}"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")  # Jupyter refuses root without it (containers, Binder)
    return command + extra


def cmd_lab(args) -> int:
    command = lab_command(notebooks_dir(Path(args.dir)), args.jupyter_args)
    if args.dry_run:
        print(" ".join(command))
        return 0
    return subprocess.call(command)


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


class QuietHandler(SimpleHTTPRequestHandler):
    """Serves files without logging every request to the terminal."""

    def log_message(self, *args) -> None:
        pass


def serve_folder(folder: Path, port: int) -> ThreadingHTTPServer:
    """A static file server for `folder` on 127.0.0.1:`port` (0: a free port), not yet serving."""
    return ThreadingHTTPServer(
        ("127.0.0.1", port), functools.partial(QuietHandler, directory=folder)
    )


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
    from toolkit import bookpdf

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


def app_command(notebook: Path, extra: list[str]) -> list[str]:
    # Voila, unlike JupyterLab, runs as root without an --allow-root.
    return [sys.executable, "-m", "voila", str(notebook), *extra]


def cmd_app(args) -> int:
    notebook = notebooks_dir(Path(args.dir)) / f"{args.game}-play.ipynb"
    command = app_command(notebook, args.jupyter_args)
    if args.dry_run:
        print(" ".join(command))
        return 0
    need("voila")
    return subprocess.call(command)


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
    result = games.get_game(args.game).odds(args)
    if args.json:
        print(json.dumps(result))
    else:
        print_readable(result)
    return 0


def print_readable(result: dict) -> None:
    """A command's answer, one key a line, for a person (``--json`` prints it for a program)."""
    for key, value in result.items():
        shown = _readable(value)
        print(f"{key}:{shown}" if shown.startswith("\n") else f"{key}: {shown}")


def _readable(value, indent: str = "  ") -> str:
    """`value` as a person reads it: a fraction with its percentage, a float to four figures (or whole), a
    list of short items on one line and of sentences one a line, a mapping one key a line (not
    Python's brackets and quotes, which ``--json`` keeps)."""
    if isinstance(value, str) and re.fullmatch(r"\d+/\d+", value):
        shown = percent(Fraction(value), places=2)
        return f"{value} ({shown if shown[0].isalpha() else 'about ' + shown})"
    if isinstance(value, float):
        return f"{value:.4g}" if abs(value) < 10_000 else f"{value:.0f}"
    if isinstance(value, dict):
        return "".join(
            f"\n{indent}{key}: {_readable(item, indent + '  ')}" for key, item in value.items()
        )
    if isinstance(value, list | tuple):
        items = [_readable(item, indent + "  ") for item in value]
        if any(len(item) > 40 or "\n" in item for item in items):
            return "".join(f"\n{indent}- {item}" for item in items)
        return ", ".join(items)
    return str(value)


def read_state(game: str, source: str):
    """A saved game of `game` from the file `source` (``-``: standard input), replayed; a bad
    file (not JSON, another game's, an illegal history) is a :class:`~toolkit.state.SaveError`."""
    from toolkit.state import from_json

    if source == "-":
        text = sys.stdin.buffer.read()
    else:
        try:
            text = Path(source).read_bytes()
        except OSError as error:
            raise ValueError(f"cannot read {source}: {error.strerror}") from None
    return from_json(text, games.get_game(game).state_class)


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
    state = read_state(args.game, args.state)
    with analysis.patience(args.patience):
        odds = decision_at(args.game, state)
    if args.json:
        print(json.dumps(odds.to_json()))
        return 0
    print(
        f"{games.get_game(args.game).title}, player {odds.seat + 1} (seat {odds.seat}): {odds.prompt}"
    )
    rows = [odds.headers(), *odds.rows()]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        print(
            "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        )
    if odds.note:
        print(odds.note)
    return 0


def study_spec(args):
    """The game of a ``simulate`` or ``study`` command, its player count and executor checked."""
    spec = games.get_game(args.game)
    if not spec.min_players <= args.players <= spec.max_players:
        raise ValueError(f"{spec.title} takes {spec.min_players} to {spec.max_players} players")
    if args.workers is not None and args.scheduler is not None:
        raise ValueError(
            "--workers starts a local cluster; --scheduler names a running one: not both"
        )
    return spec


def cmd_simulate(args) -> int:
    from toolkit.bots import check_bot_names
    from toolkit.simulate import dask_executor, run_many

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
            progress=not args.json,
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
        print_readable(summary)
    return 0


def cmd_study(args) -> int:
    from toolkit.simulate import dask_executor
    from toolkit.studies import bots_table

    spec = study_spec(args)
    if args.csv:
        check_writable(Path(args.csv))  # before the games, not after them
    bots = args.bots.split(",") if args.bots is not None else list(spec.bots)  # "" names none
    against = args.against.split(",") if args.against else None
    with dask_executor(args.workers, args.scheduler) as executor:
        table = bots_table(
            args.game, args.players, bots, args.games, args.seed, executor, not args.json, against
        )
    if args.csv:
        made_by = " ".join(["death-toolkit", *args.argv])
        try:
            with open(args.csv, "w") as out:
                out.write(f"# made by: {made_by}\n")
                table.to_csv(out, index=False)
        except OSError as error:
            raise ValueError(f"cannot write {args.csv}: {error.strerror}") from None
    if args.json:
        print(table.to_json(orient="records"))
    else:
        print(table.to_string(index=False, float_format=lambda x: f"{x:.3f}"))
    return 0


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


def positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def port(text: str) -> int:
    value = int(text)
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


def build_parser(slugs: list[str] | None = None) -> Parser:
    """The whole command line; `slugs` limits the game subcommands built (and the game packages
    imported) to those, which is all a single ``odds`` or ``simulate`` command needs."""
    parser = Parser(prog="death-toolkit", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)

    lab = add_launcher(
        sub,
        "lab",
        cmd_lab,
        "open the bundled notebooks in JupyterLab (other options go to JupyterLab)",
    )
    lab.add_argument("--dir", default="death-toolkit-notebooks", help="where to copy the notebooks")

    book = add_launcher(
        sub,
        "book",
        cmd_book,
        "build the book and serve it on localhost (other options go to jupyter-book build)",
    )
    book.add_argument("--source", help="the book's sources (default: the repository's book/)")
    book.add_argument("--dir", help="build into DIR/_build/html (default: the sources' _build)")
    book.add_argument("--port", type=port, default=8000, help="serve on 127.0.0.1:PORT")
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
        "play a game as a Voila app (other options go to Voila, e.g. --port=8866)",
    )
    app.add_argument("game", choices=list(games.PACKAGES))
    app.add_argument("--dir", default="death-toolkit-notebooks", help="where to copy the notebooks")

    sub.add_parser("games", help="list the games").set_defaults(run=cmd_games)

    analyse = sub.add_parser(
        "analyse", help="the exact numbers beside each choice of a saved game's next decision"
    )
    analyse.add_argument("game", choices=list(games.PACKAGES))
    analyse.add_argument(
        "--state", required=True, help="a game saved with to_json() (- reads standard input)"
    )
    analyse.add_argument("--json", action="store_true", help="print one JSON object")
    analyse.add_argument(
        "--patience",
        type=positive_int,
        default=1,
        help="let the exact walks take N times the widget's budget (seconds to minutes), so "
        "that choices the widget refuses as too large get their numbers",
    )
    analyse.set_defaults(run=cmd_analyse)

    odds = sub.add_parser("odds", help="exact odds for a game")
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
        game_sim.add_argument("--players", type=positive_int, default=spec.min_players)
        game_sim.add_argument("--games", type=positive_int, default=100)
        game_sim.add_argument("--seed", type=int, default=0)
        game_sim.add_argument("--bots", default="random", help=f"one of {', '.join(spec.bots)}")
        game_sim.add_argument("--json", action="store_true", help="print one JSON object")
        game_sim.add_argument(
            "--workers", type=positive_int, help="play on a local dask cluster of N processes"
        )
        game_sim.add_argument(
            "--scheduler", help="play on the running dask.distributed scheduler at ADDRESS"
        )
        game_sim.set_defaults(run=cmd_simulate)
    study = sub.add_parser(
        "study", help="how strong each bot is: seeded games, win rates with 95%% intervals"
    )
    study.add_argument("game", choices=list(games.PACKAGES))
    study.add_argument("--players", type=positive_int, required=True)
    study.add_argument("--bots", help="bots to compare, comma-separated (default: all)")
    study.add_argument(
        "--against", help="the bots in the other seats, comma-separated (default: --bots)"
    )
    study.add_argument("--games", type=positive_int, default=1000, help="games a pairing")
    study.add_argument("--seed", type=int, default=0)
    study.add_argument("--workers", type=positive_int, help="play on a local dask cluster")
    study.add_argument("--scheduler", help="play on the running dask scheduler at ADDRESS")
    study.add_argument("--csv", help="also write the table to CSV (its first line the command)")
    study.add_argument("--json", action="store_true", help="print the rows as JSON")
    study.set_defaults(run=cmd_study)
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
        print(f"death-toolkit {command}: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (`... --json | head`): nothing more to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
