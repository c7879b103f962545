"""The training room in a browser: the Flask app factory.

``create_app()`` reads its settings from ``DEALER_TRAINER_*`` environment variables over the
defaults (``DEALER_TRAINER_DATABASE``, ``DEALER_TRAINER_SECRET_KEY``, ``DEALER_TRAINER_HTTPS``,
``DEALER_TRAINER_PROXY_HOPS``, ...; docs/deploy.md lists them), then the mapping a test gives.
The secret key comes from a file only its owner may read (``DEALER_TRAINER_SECRET_KEY_FILE``),
the environment, or, failing those, from the store, where the first process to start generates
it: several processes on one database share it and nothing else.

Run it with ``dealer-trainer serve`` (waitress), or ``flask --app dealer_trainer.web run`` while
developing. Nothing in the core imports this package.
"""

from __future__ import annotations

import logging
import secrets
from datetime import timedelta
from typing import Any

from flask import Blueprint, Flask, g
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.routing import IntegerConverter

from dealer_trainer.store import MAX_ID, default_target
from dealer_trainer.web import (
    accesslog,
    admin,
    auth,
    certificates,
    errors,
    exams,
    guide,
    room,
    rules,
    static_versions,
    training,
)
from dealer_trainer.web import store as store_module
from dealer_trainer.web.access import Access, check_policies, enforce, policy
from dealer_trainer.web.compiled_templates import TEMPLATES
from dealer_trainer.web.extensions import csrf, limiter, login_manager
from dealer_trainer.web.security import (
    configured_secret_key,
    load_user,
    secret_key_fallbacks,
    secure_headers,
)
from dealer_trainer.web.startup import check_limit_storage

__all__ = ["BLUEPRINTS", "create_app"]

#: the areas of the room, a blueprint each (sign-in first)
BLUEPRINTS: tuple[Blueprint, ...] = (
    auth.bp,
    training.bp,
    rules.bp,
    guide.bp,
    room.bp,
    exams.bp,
    admin.bp,
    certificates.bp,
)

#: htmx under our CSP: no eval, no injected style, no script tags from responses; Back reloads
#: from the server (no page kept in sessionStorage); a form error (422) or a refusal (429) is
#: swapped in like a page, other errors go to the alert region (app.js); no ``style`` attribute
#: is settled (our pages have none; copying one a tool left, such as axe's, breaks the CSP)
HTMX_CONFIG: dict[str, Any] = {
    "includeIndicatorStyles": False,
    "attributesToSettle": ["class", "width", "height"],
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


def _defaults() -> dict[str, Any]:
    return {
        "DATABASE": default_target(),
        "HTTPS": False,
        "ACCESS_LOG": False,
        "PROXY_HOPS": 0,
        "WTF_CSRF_TIME_LIMIT": None,  # an exam and its reading time outlast an hour
        "MAX_CONTENT_LENGTH": 256 * 1024,
        "PERMANENT_SESSION_LIFETIME": timedelta(hours=12),  # one shift
        "SESSION_COOKIE_HTTPONLY": True,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "RATELIMIT_HEADERS_ENABLED": True,
        # per process; RATELIMIT_STORAGE_URI=redis://... shares the counts (docs/deploy.md)
        "RATELIMIT_STORAGE_URI": "memory://",
        # failed tries per address and name, growing: 5 a minute, 20 an hour, 100 a day
        "SIGN_IN_LIMIT": "5/minute;20/hour;100/day",
        "SIGN_IN_LIMIT_PER_ADDRESS": "60/minute",
    }


class _StoreId(IntegerConverter):
    """``<int:...>`` in every URL: an id the store could never hold is no match (a 404), not an
    overflow in the database driver."""

    def __init__(self, map: Any, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("max", MAX_ID)
        super().__init__(map, *args, **kwargs)


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The training room, on the store named by ``DATABASE``."""
    app = Flask(__name__)
    app.url_map.converters["int"] = _StoreId  # before any route is added
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
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops
        )

    store_module.init_app(app)
    # the settings that would stop the room later stop it now, before the store is made
    given = configured_secret_key(app.config)  # from a file or the environment, if set
    check_limit_storage(app.config)  # redis:// without its driver
    app.config["SECRET_KEY_FALLBACKS"] = secret_key_fallbacks(app.config)
    with app.app_context():
        keeper = store_module.accounts()
        app.config["SECRET_KEY"] = given or keeper.ensure_setting(
            "secret_key", secrets.token_urlsafe(48)
        )
        keeper.prepare_sign_in()  # an unknown name is refused as fast as a wrong password
    csrf.init_app(app)
    login_manager.init_app(app)
    login_manager.user_loader(load_user)
    login_manager.session_protection = "basic"
    login_manager.login_view = "auth.sign_in"
    login_manager.login_message = "Sign in to see that page."
    limiter.init_app(app)

    policy(Access.PUBLIC)(app.view_functions["static"])  # Flask's own route: the CSS and JS
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)
    errors.init_app(app)
    check_policies(app)  # a route that declares no policy: the app does not start

    app.before_request(enforce)
    app.after_request(secure_headers)
    accesslog.init_app(app)
    static_versions.init_app(app)
    app.jinja_env.bytecode_cache = TEMPLATES  # compiled once a process, not once an app
    app.jinja_env.globals["room_role"] = lambda: g.get("room_role")
    endpoints = app.view_functions.keys()
    app.context_processor(lambda: {"htmx_config": HTMX_CONFIG, "url_map_endpoints": endpoints})
    if not app.debug and not app.testing:
        logging.basicConfig(level=logging.INFO)
    return app
