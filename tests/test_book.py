"""The Jupyter Book builds with every warning an error and every reference resolved, through
``death-toolkit book`` as a reader runs it, and every chapter shows its maths with no network.

Sources stay in place (pages may use paths relative to book/); the HTML goes to a temporary
directory, so the tests leave no book/_build behind. The book is built once for all of them.

Each page with code is first executed on its own (``test_page_executes``, as the build would:
in book/, every error an error) into a jupyter-cache made afresh for this run, and the build then
takes each page's outputs from it (``execute_notebooks: cache``) rather than running the page
again, so that no one test runs the whole book. A page not executed first (its test deselected,
say) is executed by the build itself. Under pytest-xdist, tests/conftest.py keeps this file's
tests on one worker, in order.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from _paths import BOOK, ROOT
from browser import chromium_page, chromium_problem, in_ci, page_text, static_site, wait_for_mathjax

BOOK_TIMEOUT_S = 1800
PAGE_CHECKS_S = 600  # opening every chapter in Chromium and waiting for its maths
# Sphinx's maths elements (MathJax's own output has elements of class "math" too)
MATHS = "span.math.notranslate, div.math.notranslate"


def chapters() -> list[str]:
    """Every page of the table of contents, in its order, as a path without suffix."""
    from toolkit.bookpdf import toc_pages

    return toc_pages(BOOK)


def need_jupyter_book() -> None:
    if importlib.util.find_spec("jupyter_book") is None:
        if in_ci():
            pytest.fail("jupyter-book is not installed (pip install '.[app]')")
        pytest.skip("jupyter-book is not installed (pip install '.[app]')")


def kernel_environment() -> dict[str, str]:
    """The environment a page's kernel runs in: this checkout's toolkit first, no display."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env.setdefault("MPLBACKEND", "Agg")
    return env


def book_config() -> dict:
    return yaml.safe_load((BOOK / "_config.yml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def execution_cache(tmp_path_factory) -> Path:
    """The jupyter-cache of this run's executed pages (empty at first: never a stale one)."""
    return tmp_path_factory.mktemp("book-cache") / "jupyter_cache"


def pages_with_code() -> list[str]:
    """The pages of the table of contents that are notebooks (MyST with code cells)."""
    return [name for name in chapters()
            if "```{code-cell}" in (BOOK / f"{name}.md").read_text(encoding="utf-8")]  # fmt: skip


@pytest.mark.slow
@pytest.mark.timeout(BOOK_TIMEOUT_S)
@pytest.mark.parametrize("name", pages_with_code())
def test_page_executes(name, execution_cache, monkeypatch):
    """The page runs in book/ to its end without an error, with the build's timeout; its outputs
    go to the run's cache, for the build. The page is read as the build reads it (MyST-NB's
    reader, the book's MyST extensions), so the build finds it there."""
    need_jupyter_book()
    from jupyter_cache import get_cache
    from jupyter_cache.base import CacheBundleIn
    from jupyter_cache.executors.utils import single_nb_execution
    from myst_nb.core.read import read_myst_markdown_notebook
    from myst_parser.config.main import MdParserConfig

    config = book_config()
    path = BOOK / f"{name}.md"
    markdown = MdParserConfig(enable_extensions=set(config["parse"]["myst_enable_extensions"]))
    notebook = read_myst_markdown_notebook(
        path.read_text(encoding="utf-8"), config=markdown, add_source_map=True, path=str(path)
    )
    for key, value in kernel_environment().items():
        monkeypatch.setenv(key, value)
    result = single_nb_execution(
        notebook,
        cwd=str(BOOK),
        timeout=config["execute"]["timeout"],
        allow_errors=config["execute"]["allow_errors"],
        meta_override=True,
    )
    assert result.err is None, f"{name} failed to execute:\n{result.exc_string}"
    get_cache(str(execution_cache)).cache_notebook_bundle(
        CacheBundleIn(notebook, str(path), data={"execution_seconds": result.time}),
        check_validity=False,
        overwrite=True,
    )


@pytest.fixture(scope="module")
def built_book(tmp_path_factory, execution_cache) -> Path:
    """`death-toolkit book --no-serve --dir TMP`, strict as CI builds it, each page's outputs
    from the run's cache (the book's own configuration but for that); the HTML folder."""
    need_jupyter_book()
    output = tmp_path_factory.mktemp("book")
    config = book_config()
    config["execute"].update(execute_notebooks="cache", cache=str(execution_cache))
    extensions = config["sphinx"]["local_extensions"]
    config["sphinx"]["local_extensions"] = {name: str(BOOK / folder)
                                            for name, folder in extensions.items()}  # fmt: skip
    config_file = output / "_config.yml"
    config_file.write_text(yaml.safe_dump(config), encoding="utf-8")
    command = [sys.executable, "-m", "toolkit", "book", "--no-serve", "--dir", str(output)]
    result = subprocess.run(
        [*command, "--config", str(config_file), "-W", "-n", "--keep-going"],
        cwd=ROOT,
        env=kernel_environment(),
        capture_output=True,
        text=True,
        timeout=BOOK_TIMEOUT_S,
        stdin=subprocess.DEVNULL,
    )
    if result.returncode != 0:
        print(result.stdout[-20000:])
        print(result.stderr[-20000:], file=sys.stderr)
    assert result.returncode == 0, "death-toolkit book -W -n --keep-going failed"
    return output / "_build" / "html"


@pytest.mark.slow
@pytest.mark.timeout(BOOK_TIMEOUT_S + 60)
def test_book_builds_strictly_and_loads_no_remote_script(built_book):
    assert (built_book / "intro.html").is_file()
    assert (built_book / "index.html").is_file()
    assert (built_book / "_static" / "mathjax" / "MathJax.js").is_file()
    for name in chapters():
        html = (built_book / f"{name}.html").read_text(encoding="utf-8")
        assert not re.search(r"<script[^>]* src=\"(https?:)?//", html), (
            f"{name} loads a remote script"
        )


# What a reader of a maths text should never meet, counted in the browser on a 1280 px page:
# an element that scrolls sideways, a header that is a raw column name, a pandas index column
# (a header cell in a table's body), and an exact number printed as Python writes it.
READS_AS_MATHS = r"""() => {
  const scrolls = [...document.querySelectorAll('main *')].filter(e => {
    const x = getComputedStyle(e).overflowX;
    return (x === 'auto' || x === 'scroll') && e.scrollWidth > e.clientWidth + 1;
  }).map(e => e.textContent.trim().slice(0, 60));
  const page = document.documentElement;
  if (page.scrollWidth > page.clientWidth + 1) scrolls.push('the page itself');
  const headers = [...document.querySelectorAll('main th')].map(th => th.textContent.trim());
  // what the chapter shows, without the code that computes it (code may well say Fraction)
  const shown = document.querySelector('main').cloneNode(true);
  shown.querySelectorAll('.cell_input, div.highlight').forEach(code => code.remove());
  const text = shown.textContent;
  return {
    scrolls,
    raw: headers.filter(h => /^[a-z0-9]+(_[a-z0-9]+)+$/.test(h)),
    index: [...document.querySelectorAll('main table')]
      .filter(t => t.querySelector('tbody th')).length,
    python: (text.match(/Fraction\(|\/1 \(/g) || []),
  };
}"""
UNTYPESET = """maths => [...document.querySelectorAll(maths)]
    .filter(m => !m.querySelector('.MathJax, .MathJax_Display'))
    .map(m => m.textContent.slice(0, 80))"""


@pytest.fixture(scope="module")
def opened_pages(built_book) -> dict[str, dict]:
    """Every chapter, the search page and the index, opened once in Chromium on a 1280 px page,
    served on 127.0.0.1 with every other request aborted, as a reader offline opens them: what
    the three tests below check of each page, read once its maths is typeset (MathJax's, with
    its errors), and every file request that failed, every uncaught JavaScript error and every
    console error while it was open. The pages are opened one after another in one browser, a
    page's requests all arrived before the next is opened."""
    problem = chromium_problem()  # as the require_browser fixture, which a module's cannot use
    if problem:
        if in_ci():
            pytest.fail(f"browser tests cannot run under CI: {problem}")
        pytest.skip(problem)
    pages: dict[str, dict] = {}
    with static_site(built_book) as url, chromium_page() as page:
        seen = {"failed": [], "errors": []}
        page.on("requestfailed", lambda r: r.url.startswith(url) and seen["failed"].append(r.url))
        page.on(
            "response", lambda r: r.status >= 400 and seen["failed"].append(f"{r.status} {r.url}")
        )
        page.on("pageerror", lambda error: seen["errors"].append(f"uncaught: {error}"))
        page.on(
            "console", lambda m: m.type == "error" and seen["errors"].append(f"console: {m.text}")
        )
        in_flight = set()
        page.on("request", lambda r: in_flight.add(r))
        page.on("requestfinished", lambda r: in_flight.discard(r))
        page.on("requestfailed", lambda r: in_flight.discard(r))
        for name in [*chapters(), "search", "genindex"]:
            seen["failed"], seen["errors"] = [], []
            page.goto(f"{url}{name}.html", wait_until="load")
            found = {"maths": page.locator(MATHS).count()}
            if found["maths"]:
                found["mathjax"] = page.evaluate("() => 'MathJax' in window")
                wait_for_mathjax(page)
                found["untypeset"] = page.evaluate(UNTYPESET, MATHS)
                found["maths errors"] = page.locator(".MathJax_Error, .merror, .noError").count()
            found["text"] = page_text(page)
            found["reads"] = page.evaluate(READS_AS_MATHS)
            # every file the page asked for has arrived before the next page is opened: a request
            # still in flight (MathJax loads its font data on a page without maths too) would be
            # cut by the navigation and read as a file that failed to load. Counted, not waited
            # for as "networkidle", which idles half a second on every page
            settled(page, in_flight)
            found["failed"], found["errors"] = seen["failed"], seen["errors"]
            pages[name] = found
    return pages


def settled(page, in_flight: set, quiet_ms: int = 50) -> None:
    """Wait until no request of the page is in flight, twice `quiet_ms` apart (a file asked for
    as another arrives is waited for too)."""
    quiet = 0
    while quiet < 2:
        page.wait_for_timeout(quiet_ms)
        quiet = 0 if in_flight else quiet + 1


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.timeout(BOOK_TIMEOUT_S + PAGE_CHECKS_S)
def test_every_chapter_renders_its_maths_offline(opened_pages, require_browser):
    """Served on 127.0.0.1 with every other request aborted, each chapter's maths is typeset by
    MathJax (each maths element holds MathJax's output, without an error) and no raw ``\\(`` or
    ``\\[`` is left in the text a reader sees, and every file of the book it asks for loads."""
    typeset = 0
    for name in chapters():
        found = opened_pages[name]
        if found["maths"]:
            assert found["mathjax"], f"{name}: MathJax did not load"
            assert found["untypeset"] == [], f"{name}: maths MathJax did not typeset"
            assert found["maths errors"] == 0, f"{name}: {found['maths errors']} maths errors"
            typeset += found["maths"]
        text = found["text"]
        assert "\\(" not in text and "\\[" not in text, f"{name}: raw LaTeX on the page"
        assert "Math Processing Error" not in text, name
        assert found["failed"] == [], (
            f"{name}: the book's own files failed to load: {found['failed']}"
        )
    assert typeset > 0, "no chapter had any maths to check"


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.timeout(BOOK_TIMEOUT_S + PAGE_CHECKS_S)
def test_every_chapter_reads_as_a_maths_text(opened_pages, require_browser):
    """No chapter scrolls sideways at 1280 px, and no table shows raw column names or an index
    column, and no exact number reads ``Fraction(1, 6)`` or ``1/1 (100.0%)``: tables go through
    toolkit.html.Table and exact numbers through toolkit.html.Exact."""
    problems = {}
    for name in chapters():
        found = {key: value for key, value in opened_pages[name]["reads"].items() if value}
        if found:
            problems[name] = found
    assert problems == {}


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.timeout(BOOK_TIMEOUT_S + PAGE_CHECKS_S)
def test_no_page_logs_a_javascript_error(opened_pages, require_browser):
    """Every chapter, the search page and the index open, served on 127.0.0.1 with every other
    request aborted, without an uncaught JavaScript error or an error on the console, once its
    maths is typeset (sphinx-thebe's ``const THEBE_JS_URL``, written twice by Sphinx 7, was one on
    every page; MathJax 2's about:blank font and the theme's empty mode were others)."""
    errors = {name: found["errors"] for name, found in opened_pages.items() if found["errors"]}
    assert errors == {}


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.timeout(BOOK_TIMEOUT_S + PAGE_CHECKS_S)
def test_the_book_prints_to_one_pdf_with_its_maths_and_tables(
    built_book, require_browser, tmp_path
):
    """`death-toolkit book --pdf` prints the pages of the table of contents from the built HTML
    and joins them: the maths in the PDF is MathJax's typeset maths (its italic letters, no raw
    LaTeX), and a table keeps its rows. Four pages are printed (the first, the primer's maths,
    Epic Death!'s tables, the long evidence appendix), each page taking a second: the book's
    every page opens, typeset, in the tests above."""
    if importlib.util.find_spec("pypdf") is None:
        if in_ci():
            pytest.fail("pypdf is not installed (pip install '.[test]')")
        pytest.skip("pypdf is not installed (pip install '.[test]')")
    from pypdf import PdfReader

    from toolkit import bookpdf

    pages = ["intro", "primer", "epic-death", "evidence"]
    assert set(pages) <= set(chapters()) and chapters()[0] == "intro"
    target = tmp_path / "death-toolkit.pdf"
    count = bookpdf.write_pdf(built_book, pages, target)
    reader = PdfReader(target)
    assert len(reader.pages) == count
    assert count >= 2 * len(pages)  # every chapter is several pages long; none is cut
    texts = [page.extract_text() for page in reader.pages]
    assert not any("\\binom" in text or "$$" in text for text in texts), "raw LaTeX in the PDF"
    # the primer's binomial law, as typeset maths: P(X = k) in mathematical italic letters
    typeset = "\U0001d443(\U0001d44b = \U0001d458)"
    assert any("is binomial" in text and typeset in text for text in texts)
    # Epic Death!'s first table: each difficulty with its chance of a Victory
    table = [t for t in texts if "winning faces" in t]
    assert table, "no page holds the table of difficulties"
    rows = re.findall(r"^(trivial|mighty|exalted)\s+(\d)\s+(\d/\d)$", table[0], re.MULTILINE)
    assert rows == [("trivial", "3", "1/2"), ("mighty", "2", "1/3"), ("exalted", "1", "1/6")]
