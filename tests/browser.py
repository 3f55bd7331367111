"""Browser-test harness: serve a notebook with Voila (or a built book as static files), drive it
in Debian's Chromium.

Game tests do not import this module directly; they use the ``open_voila`` fixture
from tests/conftest.py and the small helpers below::

    from browser import click_button, wait_for_text

Nothing here downloads a browser: Playwright only drives ``/usr/bin/chromium``.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from _paths import ROOT

from toolkit.cli import app_command, app_environment

if TYPE_CHECKING:  # Playwright is imported lazily so collection works without it.
    from playwright.sync_api import Browser, Page

CHROMIUM = Path(os.environ.get("DEATH_TOOLKIT_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",  # we run as root
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
VOILA_START_TIMEOUT_S = 60  # until the port accepts connections
PAGE_TIMEOUT_MS = 60_000  # default for every Playwright action and wait
RENDER_TIMEOUT_MS = 120_000  # until the notebook has executed and widgets are on the page


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() not in ("", "0", "false", "no")


def chromium_problem() -> str | None:
    """Why browser tests cannot run here, or None if they can."""
    if not CHROMIUM.exists():
        return f"{CHROMIUM} not found (apt-get install -y chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright (python) is not installed (pip install '.[test]')"
    if shutil.which("voila") is None and not _voila_importable():
        return "voila is not installed (pip install '.[test]')"
    return None


def _voila_importable() -> bool:
    try:
        import voila  # noqa: F401
    except ImportError:
        return False
    return True


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class VoilaServer:
    """One ``voila <notebook>`` process on 127.0.0.1:<free port>, started as ``death-toolkit
    app`` starts it (:func:`toolkit.cli.app_command`: our template, found on JUPYTER_PATH).

    The kernel gets the repository root on PYTHONPATH, so it imports the working
    tree's ``toolkit``.  Jupyter's runtime dir (connection files) is a private temp
    dir, so parallel servers do not share it.
    """

    def __init__(self, notebook: str | os.PathLike, *, extra_args: list[str] | None = None):
        self.notebook = Path(notebook).resolve()
        if not self.notebook.is_file():
            raise FileNotFoundError(self.notebook)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.extra_args = list(extra_args or [])
        self._tmp = tempfile.TemporaryDirectory(prefix="voila-test-")
        self.log_path = Path(self._tmp.name) / "voila.log"
        self.proc: subprocess.Popen | None = None

    def start(self, timeout_s: float = VOILA_START_TIMEOUT_S) -> VoilaServer:
        tmp = Path(self._tmp.name)
        env = app_environment(os.environ)  # our Voila template, as `death-toolkit app` has it
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
        env["JUPYTER_RUNTIME_DIR"] = str(tmp / "runtime")
        env.setdefault("MPLBACKEND", "Agg")
        cmd = app_command(
            self.notebook,
            [
                "--no-browser",
                f"--port={self.port}",
                "--Voila.ip=127.0.0.1",
                "--Voila.port_retries=0",
                "--VoilaConfiguration.show_tracebacks=True",
                *self.extra_args,
            ],
        )
        self._log = open(self.log_path, "w")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            cmd,
            cwd=self.notebook.parent,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # so stop() can end voila and its kernels together
        )
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(
                    f"voila exited with {self.proc.returncode} before serving:\n{self.log()}"
                )
            if self._serving():
                return self
            time.sleep(0.25)
        self.stop()
        raise TimeoutError(f"voila did not serve {self.url} within {timeout_s}s:\n{self.log()}")

    def _serving(self) -> bool:
        # A static asset, not "/", which would execute the notebook once per poll.
        probe = self.url + "voila/static/favicon.ico"
        try:
            with urllib.request.urlopen(probe, timeout=2):
                return True
        except urllib.error.HTTPError:
            return True  # the server answered, even if not with that file
        except OSError:
            return False

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except OSError:
            return ""

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is not None and proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=15)
        if getattr(self, "_log", None) is not None:
            self._log.close()
            self._log = None

    def cleanup(self) -> None:
        self.stop()
        self._tmp.cleanup()


def launch_chromium(playwright) -> Browser:
    return playwright.chromium.launch(
        executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
    )


# Anything not served by the local Voila is aborted, so a test behaves the same with or without
# a network, and a page that asks another host for anything logs a console error.
NON_LOCAL_URL = re.compile(r"^(https?|wss?)://(?!(127\.0\.0\.1|localhost)[:/])")


def new_page(browser: Browser, viewport: dict | None = None) -> Page:
    """A fresh page with generous default timeouts and the network limited to localhost."""
    page = browser.new_page(viewport=viewport or {"width": 1280, "height": 900})
    page.set_default_timeout(PAGE_TIMEOUT_MS)
    page.route(NON_LOCAL_URL, lambda route: route.abort())
    return page


def console_error(msg) -> list[str]:
    """A console message as an error to report (none unless it is an error), with where it
    came from."""
    if msg.type != "error":
        return []
    return [f"console.{msg.type}: {msg.text} ({msg.location.get('url', '')})"]


def watch(page: Page, errors: list[str], requests: list[str] | None = None) -> None:
    """From now on, append to `errors` what goes wrong on `page`: an uncaught JavaScript error,
    a console error, a request or websocket to any host but 127.0.0.1 (:data:`NON_LOCAL_URL`;
    the request is aborted as well). Append to `requests`, if given, every URL it asks for."""

    def asked(url: str) -> None:
        if requests is not None:
            requests.append(url)
        if NON_LOCAL_URL.match(url):
            errors.append(f"request off 127.0.0.1: {url}")

    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
    page.on("console", lambda msg: errors.extend(console_error(msg)))
    page.on("request", lambda request: asked(request.url))
    page.on("websocket", lambda socket: asked(socket.url))


def wait_for_widgets(page: Page, timeout_ms: int = RENDER_TIMEOUT_MS) -> None:
    """Wait until Voila has executed the notebook and rendered at least one widget."""
    page.wait_for_selector(
        ".jupyter-widgets, .widget-box, .lm-Widget.jupyter-widgets", timeout=timeout_ms
    )


def click_button(
    page: Page, description: str, *, exact: bool = True, timeout_ms: int = PAGE_TIMEOUT_MS
) -> None:
    """Click the ipywidgets Button whose description is ``description``."""
    button = page.get_by_role("button", name=description, exact=exact)
    button.first.wait_for(state="visible", timeout=timeout_ms)
    button.first.click(timeout=timeout_ms)


def wait_for_text(page: Page, text: str, *, timeout_ms: int = PAGE_TIMEOUT_MS) -> None:
    """Wait until ``text`` is visible somewhere on the page (substring match)."""
    page.get_by_text(text, exact=False).first.wait_for(state="visible", timeout=timeout_ms)


def wait_for_text_gone(page: Page, text: str, *, timeout_ms: int = PAGE_TIMEOUT_MS) -> None:
    """Wait until no visible element shows ``text``."""
    page.get_by_text(text, exact=False).first.wait_for(state="hidden", timeout=timeout_ms)


def page_text(page: Page) -> str:
    """All visible text of the page, for plain ``in`` assertions."""
    return page.inner_text("body")


def screenshot(page: Page, path: str | os.PathLike) -> Path:
    """Save a full-page PNG (for a README picture or to look at a failure)."""
    path = Path(path)
    page.screenshot(path=str(path), full_page=True)
    return path


@contextlib.contextmanager
def chromium_page() -> Iterator[Page]:
    """One page of headless Chromium, the network limited to localhost, closed afterwards."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        try:
            yield new_page(browser)
        finally:
            browser.close()


@contextlib.contextmanager
def voila_session(notebook: str | os.PathLike) -> Iterator[tuple[VoilaServer, Page]]:
    """Context manager used outside pytest (e.g. to take a README screenshot)."""
    server = VoilaServer(notebook).start()
    try:
        with chromium_page() as page:
            page.goto(server.url, wait_until="domcontentloaded")
            wait_for_widgets(page)
            yield server, page
    finally:
        server.cleanup()


@contextlib.contextmanager
def static_site(folder: str | os.PathLike) -> Iterator[str]:
    """Serve `folder` on 127.0.0.1 with the server ``death-toolkit book`` uses; yields its URL."""
    from toolkit.cli import serve_folder

    server = serve_folder(Path(folder), 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def wait_for_mathjax(page: Page, timeout_ms: int = PAGE_TIMEOUT_MS) -> None:
    """Wait until MathJax 2 has loaded and typeset the page (its startup's "End" hook ran; a
    hook that already ran calls back at once)."""
    page.wait_for_function(
        "() => window.MathJax && MathJax.Hub && MathJax.Hub.Register", timeout=timeout_ms
    )
    page.evaluate("() => new Promise(done => MathJax.Hub.Register.StartupHook('End', done))")


GRID_ROWS_JS = """grid => {
    const cells = [...grid.children].filter(c => getComputedStyle(c).display !== 'none');
    const width = getComputedStyle(grid).gridTemplateColumns.split(' ').length;
    if (cells.length % width) return null;  // caught while its cells are being drawn anew
    const rows = [];
    for (let i = 0; i < cells.length; i += width) {
        const row = cells.slice(i, i + width);
        const boxes = row.map(c => c.getBoundingClientRect());
        const middle = (boxes[1].top + boxes[1].bottom) / 2;  // the button's
        const level = boxes.every(b => b.height === 0 || (b.top <= middle && middle <= b.bottom)
                                       || Math.abs(b.top - boxes[1].top) < 4);
        rows.push({cells: row.map(c => c.innerText.trim().replace(/\\s+/g, ' ')), level});
    }
    return rows;
}"""


def grid_rows(page: Page, selector: str, timeout_ms: int = PAGE_TIMEOUT_MS) -> list[dict]:
    """The rows of the CSS grid at `selector` as the browser lays it out: each row's visible
    cells' texts left to right (``cells``) and whether every cell sits level with the row's
    second cell, the button (``level``). The header is the first row. A grid caught while a
    widget draws its cells anew (a row short of cells) is read again a moment later."""
    waited = 0
    while (rows := page.eval_on_selector(selector, GRID_ROWS_JS)) is None:
        assert waited < timeout_ms, f"the grid at {selector} never had whole rows"
        page.wait_for_timeout(50)
        waited += 50
    return rows
