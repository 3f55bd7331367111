"""The built book as one PDF: each page of the table of contents, in its order, printed by
headless Chromium from the HTML the book build wrote (so the maths is MathJax's and the tables
the book's own), the pages joined with pypdf.

The HTML is served on 127.0.0.1 and every other request is refused, as for a reader offline.
Chromium is Debian's (``/usr/bin/chromium``, or ``DEATH_TOOLKIT_CHROMIUM``), driven by Playwright.
"""

from __future__ import annotations

import functools
import os
import re
import tempfile
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import yaml

CHROMIUM = Path(os.environ.get("DEATH_TOOLKIT_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
NOT_LOCAL = re.compile(r"^(https?|wss?)://(?!(127\.0\.0\.1|localhost)[:/])")
PAGE_TIMEOUT_MS = 60_000
# the sidebars, the header and the buttons are for the screen; the PDF is the text column
PRINT_CSS = """
.bd-header, .bd-sidebar-primary, .bd-sidebar-secondary, .header-article, .prev-next-area,
.bd-footer, .bd-footer-content, #MathJax_Message, .toggle-button, #print-main-content,
.onlyprint { display: none !important; }
.bd-main .bd-content .bd-article-container { max-width: 100% !important; }
details { display: block; }
"""
OPEN_DROPDOWNS = """() => document.querySelectorAll('details').forEach(d => d.open = true)"""


class QuietHandler(SimpleHTTPRequestHandler):
    """Serves files without logging every request to the terminal."""

    def log_message(self, *args) -> None:
        pass


def serve_folder(folder: Path, port: int) -> ThreadingHTTPServer:
    """A static file server for `folder` on 127.0.0.1:`port` (0: a free port), not yet serving."""
    return ThreadingHTTPServer(
        ("127.0.0.1", port), functools.partial(QuietHandler, directory=folder)
    )


def toc_pages(source: Path) -> list[str]:
    """Every page of the book's table of contents, in its order, as a path without suffix."""
    toc = yaml.safe_load((source / "_toc.yml").read_text(encoding="utf-8"))
    pages = [toc["root"]]

    def walk(entries):
        for entry in entries:
            pages.append(entry["file"])
            walk(entry.get("sections", []))

    walk(toc.get("chapters", []))
    for part in toc.get("parts", []):
        walk(part.get("chapters", []))
    return pages


def missing() -> str | None:
    """Why a PDF cannot be printed here, or None."""
    if not CHROMIUM.exists():
        return f"{CHROMIUM} not found (apt-get install -y chromium)"
    for module in ("playwright", "pypdf"):
        try:
            __import__(module)
        except ImportError:
            return f"{module} is not installed: python -m pip install '.[test]'"
    return None


def write_pdf(html: Path, pages: list[str], target: Path) -> int:
    """Print each of `pages` (paths in the built `html` folder, without suffix) and join them into
    `target`; the number of PDF pages written."""
    from playwright.sync_api import sync_playwright
    from pypdf import PdfWriter

    server = serve_folder(html, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{server.server_port}/"
    writer = PdfWriter()
    try:
        with tempfile.TemporaryDirectory() as parts, sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
            )
            page = browser.new_page(viewport={"width": 1000, "height": 1400})
            page.set_default_timeout(PAGE_TIMEOUT_MS)
            page.route(NOT_LOCAL, lambda route: route.abort())
            for number, name in enumerate(pages):
                page.goto(f"{url}{name}.html", wait_until="load")
                if page.evaluate("() => 'MathJax' in window && !!MathJax.Hub"):
                    page.evaluate(
                        "() => new Promise(done => MathJax.Hub.Register.StartupHook('End', done))"
                    )
                page.add_style_tag(content=PRINT_CSS)
                page.evaluate(OPEN_DROPDOWNS)
                part = Path(parts) / f"{number:03d}.pdf"
                page.pdf(
                    path=str(part),
                    format="A4",
                    print_background=True,
                    margin={"top": "15mm", "bottom": "15mm", "left": "12mm", "right": "12mm"},
                )
                writer.append(str(part))
            browser.close()
            target.parent.mkdir(parents=True, exist_ok=True)
            with target.open("wb") as out:
                writer.write(out)
            return len(writer.pages)
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
