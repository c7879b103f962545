"""htmx requests: a fragment for htmx, the whole page otherwise, and redirects htmx follows.

A page template extends ``base.html`` and puts its content in ``{% block content %}``; for an
htmx request the same template is rendered with ``fragment=True`` and base.html then draws
the content block alone (nummus's ``page()``, WattsUp/nummus controllers/base.py).
"""

from __future__ import annotations

from typing import Any

from flask import Response, make_response, redirect, render_template, request

__all__ = ["is_htmx", "page", "to"]


def is_htmx() -> bool:
    """The request comes from htmx (and is not a history restore)."""
    return request.headers.get("HX-Request") == "true" and not request.headers.get(
        "HX-History-Restore-Request"
    )


def page(template: str, status: int = 200, **context: Any) -> Response:
    """``template`` as a page, or as its content alone for htmx; ``Vary: HX-Request``."""
    response = make_response(render_template(template, fragment=is_htmx(), **context), status)
    response.vary.add("HX-Request")
    return response


def to(location: str) -> Response:
    """Go to ``location``: a redirect, or for htmx ``HX-Redirect`` (a redirect inside an htmx
    request would land the next page in the small target)."""
    if is_htmx():
        response = make_response("", 200)
        response.headers["HX-Redirect"] = location
        return response
    return make_response(redirect(location))
