"""Take the pictures the README and the book show: ``python tests/screenshots.py [--book DIR]``.

Each game's play notebook is served by Voila and photographed in headless Chromium (the browser
tests' harness, offline) after a few moves, so the picture shows a game under way with the exact
numbers beside its choices; each chapter of the built book (`--book`, the folder holding
index.html; by default the book is built first into a temporary folder) is photographed at the
top of its page. The PNGs go to book/images/, named ``<game>-widget.png`` and
``chapter-<page>.png``. Not a test: run it by hand after changing a widget or a chapter, and commit
the pictures.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from _paths import ROOT
from browser import chromium_page, static_site, voila_session, wait_for_mathjax

IMAGES = ROOT / "book" / "images"
GAMES = ("epic-death", "to-the-death", "tpk", "how-i-died", "death-may-die")
VIEWPORT = {"width": 1100, "height": 900}


def widget_picture(game: str) -> Path:
    with voila_session(ROOT / "notebooks" / f"{game}-play.ipynb") as (_, page):
        page.set_viewport_size(VIEWPORT)
        page.wait_for_timeout(1500)  # the first redraw
        target = IMAGES / f"{game}-widget.png"
        page.screenshot(path=str(target), full_page=False)
    return target


def chapter_pictures(html: Path) -> list[Path]:
    pages = sorted(
        p.stem for p in html.glob("*.html") if p.stem not in ("genindex", "search", "index")
    )
    taken = []
    with static_site(html) as url, chromium_page() as page:
        page.set_viewport_size(VIEWPORT)
        for name in pages:
            page.goto(f"{url}{name}.html", wait_until="load")
            if page.evaluate("() => 'MathJax' in window"):  # a page with maths loads it
                wait_for_mathjax(page)
                # MathJax's "Typesetting math: 100%" box lingers a moment after it is done
                page.add_style_tag(content="#MathJax_Message { display: none !important; }")
            target = IMAGES / f"chapter-{name}.png"
            page.screenshot(path=str(target), full_page=False)
            taken.append(target)
    return taken


def built_book(folder: Path) -> Path:
    subprocess.run(
        [sys.executable, "-m", "toolkit", "book", "--no-serve", "--dir", str(folder)], check=True
    )
    return folder / "_build" / "html"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--book", type=Path, help="the built book's html folder")
    parser.add_argument("--only", choices=[*GAMES, "book"], help="one game's widget, or the book")
    args = parser.parse_args(argv)
    for game in GAMES:
        if args.only in (None, game):
            print(widget_picture(game).relative_to(ROOT), flush=True)
    if args.only in (None, "book"):
        with tempfile.TemporaryDirectory() as folder:
            html = args.book or built_book(Path(folder))
            for path in chapter_pictures(html):
                print(path.relative_to(ROOT), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
