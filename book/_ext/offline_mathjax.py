"""Sphinx extension: the book renders its maths with a MathJax it ships, never one from a CDN.

Sphinx loads MathJax 3 from jsDelivr when a page is opened, so a reader without a network (a
classroom, a train, the browser tests) sees raw ``\\(...\\)`` and ``\\[...\\]``. The PyPI package
``jupyter-server-mathjax`` carries MathJax 2.7 as plain static files; this extension copies them
into the built book's ``_static`` folder and points Sphinx at that copy, with a MathJax 2
configuration that only asks for the files the package has.
"""

from __future__ import annotations

import copy
from importlib.util import find_spec
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util.fileutil import copy_asset

FOLDER = "mathjax"  # under the built book's _static
# The one combined configuration the package ships: TeX input, HTML-CSS output, in one request.
COMBINED_CONFIG = "TeX-AMS-MML_HTMLorMML-full"
MATHJAX2_CONFIG = {
    # The package has the STIX web fonts only (no TeX fonts and no image fonts), as Jupyter uses.
    "HTML-CSS": {
        "availableFonts": [],
        "preferredFont": None,
        "webFont": "STIX-Web",
        "imageFont": None,
        # MathJax measures text in a font it declares from about:blank while a web font loads;
        # Chromium reports that address as a blocked cross-origin font, a console error on every
        # page with maths. A local() font of no installed name fails the same way, silently.
        "styles": {"@font-face": {"font-family": "MathJax_Blank", "src": "local('MathJax_Blank')"}},
    },
    "SVG": {"font": "STIX-Web"},
    # The quick preview renders with the PreviewHTML output, which the package does not have.
    "fast-preview": {"disabled": True},
    "tex2jax": {},
}


def mathjax_files() -> Path:
    """The MathJax 2 folder inside the installed jupyter-server-mathjax (found, not imported:
    importing it starts loading Jupyter Server)."""
    spec = find_spec("jupyter_server_mathjax")
    if spec is None or spec.origin is None:
        raise RuntimeError("the book needs jupyter-server-mathjax: pip install '.[app]'")
    return Path(spec.origin).parent / "static"


def use_packaged_mathjax(app: Sphinx, config: Config) -> None:
    config.mathjax_path = f"{FOLDER}/MathJax.js?config={COMBINED_CONFIG}"
    config.mathjax2_config = copy.deepcopy(MATHJAX2_CONFIG)  # filled in per build below


def hand_myst_classes_to_mathjax2(app: Sphinx) -> None:
    """MyST marks each page's sections as not-maths and tells MathJax 3 which classes hold maths
    (the ``$`` of its dollarmath are not delimiters). Tell MathJax 2 the same classes instead, and
    drop the MathJax 3 settings, which would make Sphinx write a MathJax 3 configuration."""
    myst_settings = (app.config.mathjax3_config or {}).get("options", {})
    if classes := myst_settings.get("processHtmlClass"):
        app.config.mathjax2_config["tex2jax"]["processClass"] = classes
    app.config.mathjax3_config = None


def copy_mathjax(app: Sphinx, exception: Exception | None) -> None:
    if exception is None and app.builder.format == "html":
        copy_asset(mathjax_files(), Path(app.outdir) / "_static" / FOLDER)


def setup(app: Sphinx) -> dict:
    mathjax_files()  # fail at once, not after executing every page
    app.connect("config-inited", use_packaged_mathjax)
    # after MyST-Parser's own builder-inited handler (priority 500), which sets its classes
    app.connect("builder-inited", hand_myst_classes_to_mathjax2, priority=800)
    app.connect("build-finished", copy_mathjax)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
