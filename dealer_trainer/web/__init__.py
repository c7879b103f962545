"""The training room in a browser: the Flask app factory.

``create_app()`` reads its settings from ``DEALER_TRAINER_*`` environment variables over the
defaults (``DEALER_TRAINER_DATABASE``, ``DEALER_TRAINER_SECRET_KEY``, ``DEALER_TRAINER_HTTPS``,
``DEALER_TRAINER_PROXY_HOPS``, ...; docs/deploy.md lists them), then the mapping a test gives.
The secret key comes from the environment or, failing that, from the store, where the first
process to start generates it: several processes on one database share it and nothing else.

Run it with ``dealer-trainer serve`` (waitress), or ``flask --app dealer_trainer.web run`` while
developing. Nothing in the core imports this package.
"""

from __future__ import annotations

import logging
import secrets
from datetime import timedelta
from typing import Any

from flask import Flask, g, redirect, request, url_for
from flask_login import current_user

from dealer_trainer.store import default_target
from dealer_trainer.web import store as store_module
from dealer_trainer.web.extensions import csrf, limiter, login_manager
from dealer_trainer.web.security import load_user, secure_headers

__all__ = ["create_app"]

#: htmx under our CSP: no eval, no injected style, no script tags from responses; Back reloads
#: from the server (no page kept in sessionStorage); a form error (422) or a refusal (429) is
#: swapped in like a page, other errors go to the alert region (app.js)
HTMX_CONFIG: dict[str, Any] = {
    "includeIndicatorStyles": False,
    "allowEval": False,
    "allowScriptTags": False,
    "selfRequestsOnly": True,
    "historyCacheSize": 0,
    "refreshOnHistoryMiss": True,
    "responseHandling": [
        {"code": "204", "swap": False},
        {"code": "[23]..", "swap": True},
        {"code": "40[19]|422|429", "swap": True, "error": False},
        {"code": "[45]..", "swap": False, "error": True},
    ],
}

#: paths open without signing in, besides the views marked public
_OPEN_ENDPOINTS = frozenset({"static"})


def _defaults() -> dict[str, Any]:
    return {
        "DATABASE": default_target(),
        "HTTPS": False,
        "PROXY_HOPS": 0,
        "WTF_CSRF_TIME_LIMIT": None,  # an exam and its reading time outlast an hour
        "MAX_CONTENT_LENGTH": 256 * 1024,
        "PERMANENT_SESSION_LIFETIME": timedelta(hours=12),  # one shift
        "SESSION_COOKIE_HTTPONLY": True,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "RATELIMIT_HEADERS_ENABLED": True,
        # per process; RATELIMIT_STORAGE_URI=redis://... shares the counts (docs/deploy.md)
        "RATELIMIT_STORAGE_URI": "memory://",
        "SIGN_IN_LIMIT": "5/minute",
        "SIGN_IN_LIMIT_PER_ADDRESS": "60/minute",
    }


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The training room, on the store named by ``DATABASE``."""
    app = Flask(__name__)
    app.config.from_mapping(_defaults())
    app.config.from_prefixed_env("DEALER_TRAINER")
    if test_config:
        app.config.from_mapping(test_config)
    if app.config["HTTPS"] in (True, "1", "true", "yes"):
        app.config.update(
            SESSION_COOKIE_SECURE=True, SESSION_COOKIE_NAME="__Host-session", HTTPS=True
        )
    else:
        app.config["HTTPS"] = False
    hops = int(app.config["PROXY_HOPS"] or 0)
    if hops > 0:
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops
        )

    store_module.init_app(app)
    with app.app_context():
        keeper = store_module.accounts()
        if not app.config.get("SECRET_KEY"):
            app.config["SECRET_KEY"] = keeper.ensure_setting(
                "secret_key", secrets.token_urlsafe(48)
            )
    csrf.init_app(app)
    login_manager.init_app(app)
    login_manager.user_loader(load_user)
    login_manager.session_protection = "basic"
    login_manager.login_view = "auth.sign_in"
    login_manager.login_message = "Sign in to see that page."
    limiter.init_app(app)

    from dealer_trainer.web import auth, errors

    app.register_blueprint(auth.bp)
    errors.init_app(app)
    _register_areas(app)

    app.before_request(_closed_unless_public)
    app.after_request(secure_headers)
    app.jinja_env.globals["room_role"] = lambda: g.get("room_role")
    endpoints = app.view_functions.keys()
    app.context_processor(lambda: {"htmx_config": HTMX_CONFIG, "url_map_endpoints": endpoints})
    if not app.debug and not app.testing:
        logging.basicConfig(level=logging.INFO)
    return app


def _register_areas(app: Flask) -> None:
    """The blueprints beyond sign-in: each area of the room is its own module."""
    from importlib import import_module

    for name in ("training", "rules", "room", "admin"):
        try:
            module = import_module(f"dealer_trainer.web.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"dealer_trainer.web.{name}":
                raise
            continue
        app.register_blueprint(module.bp)


def _closed_unless_public() -> Any:
    """Every view needs a signed-in person unless it is marked public; a person whose
    password was set by someone else changes it first."""
    endpoint = request.endpoint
    if endpoint is None or endpoint in _OPEN_ENDPOINTS:
        return None
    from flask import current_app

    view = current_app.view_functions.get(endpoint)
    if getattr(view, "public", False):
        return None
    if not current_user.is_authenticated:
        return login_manager.unauthorized()
    person = current_user.person
    if person.must_change and endpoint not in ("auth.password", "auth.sign_out"):
        return redirect(url_for("auth.password"))
    return None
