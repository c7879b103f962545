"""The Flask extensions, created here and bound to each app in :func:`create_app`."""

from __future__ import annotations

from flask import request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_login import LoginManager
from flask_wtf.csrf import CSRFProtect

__all__ = ["csrf", "limiter", "login_manager", "sign_in_key"]

csrf = CSRFProtect()
login_manager = LoginManager()
# memory storage by default (one process); RATELIMIT_STORAGE_URI names a shared one
limiter = Limiter(key_func=get_remote_address, default_limits=[])


def sign_in_key() -> str:
    """The sign-in limit's key: the address and the name tried, so that one person's typos
    do not lock out a card room behind one address."""
    name = (request.form.get("name") or "").strip().lower()[:80]
    return f"{get_remote_address()}|{name}"
