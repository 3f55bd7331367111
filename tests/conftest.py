"""Shared pytest fixtures: the Voila + Chromium browser harness.

``open_voila`` is a factory fixture: ``page = open_voila("notebooks/epic_death.ipynb")``
serves the notebook with Voila on a free localhost port, opens it in headless Debian
Chromium (never a downloaded browser) and returns the Playwright sync-API ``Page`` once
widgets are rendered.  Everything is stopped at the end of the test.  Tests that use it
are marked ``browser`` automatically.

Without /usr/bin/chromium (or playwright, or voila) the test is skipped, except when
the environment variable CI is set: then it fails, so CI cannot pass by skipping.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from _paths import ROOT
from browser import (
    VoilaServer,
    chromium_problem,
    in_ci,
    launch_chromium,
    new_page,
    wait_for_widgets,
    watch,
)


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "open_voila" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


TOGETHER = ("tests/test_book.py",)  # files whose tests share one xdist worker, in their order


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """Under ``pytest -n`` (xdist's "load"), every test goes to whichever worker is free, but the
    tests of a file in TOGETHER go to one worker together: the book's pages are executed by
    tests of their own, and its build reads their outputs from a cache that worker keeps."""
    if config.getvalue("dist") != "load":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class FilesTogether(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return path if path in TOGETHER else nodeid

    return FilesTogether(config, log)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"_report_{report.when}", report)
    return report


@pytest.fixture
def require_browser():
    """Skip (or, under CI, fail) unless Chromium, Playwright and Voila are all here."""
    problem = chromium_problem()
    if problem:
        if in_ci():
            pytest.fail(f"browser tests cannot run under CI: {problem}")
        pytest.skip(problem)


class VoilaOpener:
    """Callable behind the ``open_voila`` fixture; one per test."""

    def __init__(self, artefact_dir: Path):
        self._artefact_dir = artefact_dir
        self._pw_cm = None
        self._pw = None
        self._browser = None
        self.servers: list[VoilaServer] = []
        self.pages: list = []
        self._errors: dict[int, list[str]] = {}
        self._requests: dict[int, list[str]] = {}

    def __call__(
        self,
        notebook: str | os.PathLike,
        *,
        wait_for_widgets_ms: int | None = None,
        viewport: dict | None = None,
        voila_args: list[str] | None = None,
    ):
        """Serve ``notebook`` (path absolute or relative to the repo root); return a Page."""
        path = Path(notebook)
        if not path.is_absolute():
            path = ROOT / path
        server = VoilaServer(path, extra_args=voila_args)
        self.servers.append(server)
        server.start()
        browser = self._ensure_browser()
        page = new_page(browser, viewport)
        watch(page, self._errors.setdefault(id(page), []), self._requests.setdefault(id(page), []))
        self.pages.append(page)
        page.goto(server.url, wait_until="domcontentloaded")
        if wait_for_widgets_ms != 0:
            wait_for_widgets(
                page, **({"timeout_ms": wait_for_widgets_ms} if wait_for_widgets_ms else {})
            )
        return page

    def errors(self, page) -> list[str]:
        """JavaScript page errors, console errors and requests off 127.0.0.1 seen so far on
        ``page`` (see :func:`browser.watch`)."""
        return list(self._errors.get(id(page), []))

    def requests(self, page) -> list[str]:
        """The URL of every request and websocket ``page`` has made so far."""
        return list(self._requests.get(id(page), []))

    def server_for(self, page) -> VoilaServer:
        return self.servers[self.pages.index(page)]

    def _ensure_browser(self):
        if self._browser is None:
            from playwright.sync_api import sync_playwright

            self._pw_cm = sync_playwright()
            self._pw = self._pw_cm.__enter__()
            self._browser = launch_chromium(self._pw)
        return self._browser

    def dump_artefacts(self) -> str:
        """Screenshots and Voila logs after a failure; returns a summary to print."""
        lines = []
        for i, page in enumerate(self.pages):
            shot = self._artefact_dir / f"voila-page-{i}.png"
            try:
                page.screenshot(path=str(shot), full_page=True)
                lines.append(f"screenshot: {shot}")
            except Exception as exc:  # noqa: BLE001 - best effort while reporting
                lines.append(f"screenshot failed: {exc}")
            for err in self.errors(page):
                lines.append(f"  {err}")
        for server in self.servers:
            lines.append(f"--- voila log for {server.notebook.name} ({server.url}) ---")
            lines.append(server.log()[-8000:])
        return "\n".join(lines)

    def close(self) -> None:
        for page in self.pages:
            try:
                page.close()
            except Exception:  # noqa: BLE001, S110 - teardown must go on
                pass
        if self._browser is not None:
            try:
                self._browser.close()
            finally:
                self._browser = None
                self._pw_cm.__exit__(None, None, None)
        for server in self.servers:
            server.cleanup()


@pytest.fixture
def open_voila(require_browser, request, tmp_path):
    """Factory: ``open_voila(notebook_path, **options) -> playwright Page``.

    Options: ``wait_for_widgets_ms`` (0 = do not wait for widgets; default 120 s),
    ``viewport`` (dict), ``voila_args`` (extra voila command-line flags).
    ``open_voila.errors(page)`` lists what went wrong on the page (:func:`browser.watch`),
    ``open_voila.requests(page)`` every URL it asked for. A test that passes with an uncaught
    JavaScript error, a console error or a request off 127.0.0.1 on any page it opened errors
    at teardown.
    """
    opener = VoilaOpener(tmp_path)
    errors: dict[str, list[str]] = {}
    try:
        yield opener
    finally:
        report = getattr(request.node, "_report_call", None)
        if report is not None and report.failed:
            print(opener.dump_artefacts())
        elif report is not None:
            errors = {
                server.notebook.name: opener.errors(page)
                for server, page in zip(opener.servers, opener.pages, strict=False)
                if opener.errors(page)
            }
        opener.close()
    assert errors == {}, (
        "JavaScript errors, console errors or requests off 127.0.0.1 on the Voila pages"
    )
