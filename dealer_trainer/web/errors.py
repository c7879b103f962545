"""Error pages: plain words, no traceback (a server error is logged with its traceback, never
shown), as a page or, for htmx, as the content alone."""

from __future__ import annotations

import logging

from flask import Flask, Response
from flask.globals import request_ctx
from flask_wtf.csrf import CSRFError
from markupsafe import escape
from werkzeug.exceptions import HTTPException, InternalServerError, SecurityError

from dealer_trainer.store import NewerSchema
from dealer_trainer.web.htmx import page

__all__ = ["init_app"]

log = logging.getLogger("dealer_trainer.web")

MESSAGES = {
    400: "The request could not be used. Go back, reload the page and try again.",
    401: "Sign in to see that page.",
    403: "Your role here does not allow that.",
    404: "There is no such page.",
    405: "That page cannot be used that way.",
    413: "That file is too large (at most 256 KB).",
    429: "Too many tries: wait a few minutes, then try again.",
    500: "Something went wrong on our side. It has been logged; try again in a moment.",
}


def _plain(code: int, message: str) -> Response | None:
    """A plain-text answer when no page can be drawn: the request's host is not one of
    TRUSTED_HOSTS, so no URL can be built for the page's links."""
    if request_ctx.url_adapter is None:
        return Response(message, code, mimetype="text/plain")
    return None


def _http(exc: HTTPException) -> Response:
    code = exc.code or 500
    if isinstance(exc, SecurityError):
        return _plain(400, "That host is not served here.") or page(
            "errors/error.html", 400, code=400, message=MESSAGES[400]
        )
    if isinstance(exc, CSRFError):
        message = "The form had expired or came from elsewhere. Reload the page and try again."
    else:
        message = MESSAGES.get(code, exc.description or "That did not work.")
    return page("errors/error.html", code, code=code, message=message)


def _server(exc: InternalServerError) -> Response:
    original = getattr(exc, "original_exception", None)
    if original is not None:
        log.error("server error", exc_info=original)
    plain = _plain(500, MESSAGES[500])
    if plain is not None:
        return plain
    return page("errors/error.html", 500, code=500, message=MESSAGES[500])


#: seconds a client is told to wait while the room is upgraded (a rolling restart takes about so)
UPGRADE_RETRY_AFTER = 30
UPGRADING = "The training room is being upgraded. Try again in a minute: nothing you did is lost."


def _upgrading(exc: NewerSchema) -> Response:
    """A process that meets a schema newer than it knows (another process has upgraded the
    store, and this one has not been restarted yet): a plain page, 503 with Retry-After, so
    that a proxy may try another process and a person knows to wait. Drawn without the
    templates, which would read the store (the signed-in person) and fail again."""
    log.warning("being upgraded (503): %s", exc)
    body = (
        '<!doctype html><html lang="en"><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>Being upgraded</title><h1>Being upgraded</h1><p>{escape(UPGRADING)}</p></html>"
    )
    response = Response(body, 503, mimetype="text/html")
    response.headers["Retry-After"] = str(UPGRADE_RETRY_AFTER)
    return response


def init_app(app: Flask) -> None:
    app.register_error_handler(NewerSchema, _upgrading)
    app.register_error_handler(HTTPException, _http)
    app.register_error_handler(InternalServerError, _server)
