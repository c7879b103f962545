"""The app's own access log (``ACCESS_LOG``, ``DEALER_TRAINER_ACCESS_LOG=1``): one line per
page or form request, naming the client as the app sees it, after ProxyFix
(``PROXY_HOPS``): behind nginx, the tablet's address, not nginx's. Neither waitress nor
``serve --server gunicorn`` writes an access log of its own; nginx's names nginx's client too,
but not which process served. The path is logged without its query string (an invite link
carries its code there), the CSS and JS under /static/ not at all."""

from __future__ import annotations

import logging

from flask import Flask, Response, request

__all__ = ["init_app"]

log = logging.getLogger("dealer_trainer.access")


def _line(response: Response) -> Response:
    if not request.path.startswith("/static/"):
        path = "".join(ch if ch.isprintable() else "?" for ch in request.path)[:200]
        log.info("%s %s %s %s", request.remote_addr, request.method, path, response.status_code)
    return response


def init_app(app: Flask) -> None:
    if app.config.get("ACCESS_LOG") in (True, 1, "1", "true", "yes"):
        app.after_request(_line)
