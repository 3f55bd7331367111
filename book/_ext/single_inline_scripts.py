"""Sphinx extension: each page carries an extension's inline script once, not twice.

Sphinx 7 writes a script that has a body and no file (``app.add_js_file(None, body=...)``)
twice on every page when the extension adds it after the builder starts: once as added, and
again when the builder re-reads its registry, which records the missing file as ``''`` rather
than ``None``, so the two do not compare equal. sphinx-thebe's inline script declares
``const THEBE_JS_URL``, so its second copy is a JavaScript error on every page ("Identifier
'THEBE_JS_URL' has already been declared"); sphinx-togglebutton's is repeated too. This
extension drops each repeat before the page is written, keeping the first copy in its place.
"""

from __future__ import annotations

import os

from sphinx.application import Sphinx


def script_key(script) -> tuple:
    """What makes two scripts the same: file (``None`` and ``''`` alike), priority, attributes."""
    filename = getattr(script, "filename", script) or ""
    attributes = getattr(script, "attributes", {})
    return (
        os.fspath(filename),
        getattr(script, "priority", 500),
        tuple(sorted((key, str(value)) for key, value in attributes.items())),
    )


def drop_repeated_scripts(app: Sphinx, pagename, templatename, context, doctree) -> None:
    scripts = context.get("script_files")
    if not scripts:
        return
    seen: set[tuple] = set()
    unique = []
    for script in scripts:
        key = script_key(script)
        if key not in seen:
            seen.add(key)
            unique.append(script)
    scripts[:] = unique  # the builder's own list: it restores it after each page


def setup(app: Sphinx) -> dict:
    app.connect("html-page-context", drop_repeated_scripts)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
