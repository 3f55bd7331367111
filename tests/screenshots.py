"""Take the pictures the README and the book show: ``python tests/screenshots.py [--book DIR]``.

Each game's play notebook is served by Voila and photographed in headless Chromium (the browser
tests' harness, offline) at its first decision, cropped to the choices and the exact numbers beside them: narrower
than a book page, so the chapters show the picture at its own size and its text reads at the
widgets' 13 px; each chapter of the built book (`--book`, the folder holding
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
# the picture is the choices and the exact numbers beside them, at most this tall; no wider than a
# figure in a book page at 1280 px (688 px), it is shown at its own size, its text at the widgets'
# 13 px
WIDGET_HEIGHT = 900
# the widget's choices and its pane of numbers (GameWidget's "<game>-actions" and "<game>-odds")
CHOICES_AND_NUMBERS = """() => {
  const game = [...document.querySelectorAll('.widget-box')].find(e =>
    [...e.classList].some(c => c.endsWith('-game')));
  const parts = [...game.querySelectorAll('.widget-box, .widget-html')].filter(e =>
    [...e.classList].some(c => c.endsWith('-actions') || c.endsWith('-odds')));
  // what is drawn: the buttons, every innermost element and the text itself of an element that
  // holds text beside other elements (a line of the table's heading); not a box around them (a
  // table may overflow its widget, and a row of buttons is as wide as the page)
  const all = parts.flatMap(e => [...e.querySelectorAll('button, *')]);
  const drawn = all
    .filter(e => e.tagName === 'BUTTON' || (e.children.length === 0 && e.textContent.trim()));
  const text = all.filter(e => e.children.length > 0 && e.tagName !== 'BUTTON')
    .flatMap(e => [...e.childNodes].filter(n => n.nodeType === 3 && n.textContent.trim()))
    .map(n => { const range = document.createRange(); range.selectNodeContents(n); return range; });
  const boxes = [...drawn, ...text].map(e => e.getBoundingClientRect())
    .filter(b => b.width && b.height);
  const left = Math.min(...boxes.map(b => b.left)), top = Math.min(...boxes.map(b => b.top));
  const right = Math.max(...boxes.map(b => b.right));
  const bottom = Math.max(...boxes.map(b => b.bottom));
  return {x: left + scrollX, y: top + scrollY, width: right - left, height: bottom - top};
}"""
# choices made before the picture (a button's label, or None: the first choice): And That's How I
# Died's first two cards have no numbers yet (their walks are too large for the widget's time), its
# third has them; Death May Die's investigator runs to the nave, where she may attack a cultist
FIRST_CHOICES = {
    "how-i-died": [None, None],
    "death-may-die": ["run", "move to Warehouse", "move to Nave", "stop running"],
}
# a window narrow enough that the game's choices and numbers wrap to a book figure's width
WINDOW_WIDTH = {"how-i-died": 700, "death-may-die": 740}
# a table's "note" column says why a row has no numbers, as the line under the table does: the
# picture leaves it out, so that a table of ten columns of numbers fits a book page
NO_NOTE_COLUMN = """() => document.querySelectorAll('table').forEach(table => {
  const heads = [...table.querySelectorAll('thead th')].map(th => th.textContent.trim());
  const at = heads.indexOf('note');
  if (at < 0) return;
  table.querySelectorAll('tr').forEach(row => {
    if (row.children[at]) row.children[at].style.display = 'none';
  });
})"""


def widget_picture(game: str) -> Path:
    with voila_session(ROOT / "notebooks" / f"{game}-play.ipynb") as (_, page):
        # Voila scrolls inside the page: a window tall enough holds the whole widget
        width = WINDOW_WIDTH.get(game, VIEWPORT["width"])
        page.set_viewport_size({"width": width, "height": 3 * VIEWPORT["height"]})
        page.wait_for_timeout(1500)  # the first redraw
        for label in FIRST_CHOICES.get(game, []):
            if label is None:
                page.locator("button[class*='-action']").first.click()
            else:
                page.get_by_role("button", name=label, exact=True).click()
            page.wait_for_timeout(3000)  # the walks behind the next numbers
        page.evaluate(NO_NOTE_COLUMN)
        box = page.evaluate(CHOICES_AND_NUMBERS)
        margin = 8
        clip = {
            "x": max(0, box["x"] - margin),
            "y": max(0, box["y"] - margin),
            "width": box["width"] + 2 * margin,
            "height": min(box["height"], WIDGET_HEIGHT) + 2 * margin,
        }
        target = IMAGES / f"{game}-widget.png"
        page.screenshot(path=str(target), clip=clip)
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
