"""The CSS and JS under /static/, named by their content: kept by the browser until they change.

Every page links its stylesheet and scripts with ``?v=`` and the first 12 hex digits of the
file's SHA-256 (Flask's ``url_for("static", ...)`` adds it, through :func:`versioned`). A
request that names the file's current version is answered as immutable for a year, so a
tablet loads a page without asking again for the three files each page links (before, each
page load revalidated them, a 304 each, and a page could be measured before its stylesheet had
come back). A request with an old version, another one or none gets Flask's own answer:
``no-cache`` with an ETag, so a browser holding an old copy asks again. After an upgrade the
pages link the new version, and no browser keeps the old stylesheet.
"""

from __future__ import annotations

import hashlib
import os
import threading
from typing import Any

from flask import Flask, Response, current_app, request
from werkzeug.security import safe_join

__all__ = ["YEAR", "init_app", "version_of"]

#: how long a browser keeps a file named by its version (a year, the longest HTTP/1.1 allows)
YEAR = 365 * 24 * 3600

_lock = threading.Lock()
_known: dict[str, tuple[tuple[int, int], str]] = {}


def version_of(folder: str, filename: str) -> str | None:
    """The first 12 hex digits of the file's SHA-256, or None when there is no such file.

    Kept by the file's size and modification time: a file edited in place (a developer's
    checkout) gets its new version on the next page."""
    path = safe_join(folder, filename)
    if path is None:
        return None
    try:
        stat = os.stat(path)
    except OSError:
        return None
    stamp = (stat.st_mtime_ns, stat.st_size)
    with _lock:
        kept = _known.get(path)
    if kept is not None and kept[0] == stamp:
        return kept[1]
    try:
        with open(path, "rb") as file:
            digest = hashlib.sha256(file.read()).hexdigest()[:12]
    except OSError:
        return None
    with _lock:
        _known[path] = (stamp, digest)
    return digest


def versioned(endpoint: str, values: dict[str, Any]) -> None:
    """``url_for("static", filename=...)`` names the file's version (a ``url_defaults``)."""
    if endpoint != "static" or "v" in values:
        return
    filename = values.get("filename")
    folder = current_app.static_folder
    if isinstance(filename, str) and folder is not None:
        version = version_of(folder, filename)
        if version is not None:
            values["v"] = version


def _kept_a_year(response: Response) -> Response:
    """A static file asked for by its current version: immutable, for a year."""
    if request.endpoint != "static" or response.status_code not in (200, 304):
        return response
    asked = request.args.get("v")
    folder = current_app.static_folder
    filename = (request.view_args or {}).get("filename")
    current = (
        version_of(folder, filename)
        if asked and folder is not None and isinstance(filename, str)
        else None
    )
    if current is not None and asked == current:
        response.cache_control.no_cache = None
        response.cache_control.public = True
        response.cache_control.max_age = YEAR
        response.cache_control.immutable = True
    return response


def init_app(app: Flask) -> None:
    app.url_defaults(versioned)
    app.after_request(_kept_a_year)
