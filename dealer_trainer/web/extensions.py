"""The Flask extensions, created here and bound to each app in :func:`create_app`."""

from __future__ import annotations

from flask import request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_login import LoginManager, current_user

from dealer_trainer.web.security import RotatingCSRFProtect

__all__ = ["csrf", "limiter", "login_manager", "password_change_key", "sign_in_key"]

csrf = RotatingCSRFProtect()  # form tokens of the old keys too, while rotating
login_manager = LoginManager()
# memory storage by default (one process); RATELIMIT_STORAGE_URI names a shared one
limiter = Limiter(key_func=get_remote_address, default_limits=[])


def sign_in_key() -> str:
    """The sign-in limit's key: the address and the name tried together, so that one
    person's typos do not lock out a card room behind one address, and wrong passwords tried
    from one place never hold the person back where they are. (The address alone has a wider
    limit of its own.)"""
    name = (request.form.get("name") or "").strip().lower()[:80]
    return f"{get_remote_address()}|{name}"


def password_change_key() -> str:
    """The password change's limit key: the person (a borrowed session guessing at the
    current password, from however many addresses); the address has a limit of its own."""
    person = getattr(current_user, "person", None)
    return f"person:{person.id}" if person is not None else f"address:{get_remote_address()}"
