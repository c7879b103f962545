"""One progress store per request (as flaskr's ``get_db``): opened on first use, closed at
the end of the request. The web layer writes no SQL: it calls the store and
:class:`~dealer_trainer.accounts.Accounts`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from flask import Flask, current_app, g

from dealer_trainer.accounts import Accounts
from dealer_trainer.store import Store
from dealer_trainer.training.progress import open_store

if TYPE_CHECKING:
    from argon2 import PasswordHasher

__all__ = ["accounts", "get_store", "init_app"]


def get_store() -> Store:
    """This request's store."""
    if "store" not in g:
        g.store = open_store(current_app.config["DATABASE"])
    store: Store = g.store
    return store


def accounts() -> Accounts:
    """People, rooms and roles in this request's store."""
    if "accounts" not in g:
        hasher: PasswordHasher | None = current_app.config.get("PASSWORD_HASHER")
        g.accounts = Accounts(get_store(), hasher)
    found: Accounts = g.accounts
    return found


def _close(_exc: BaseException | None = None) -> None:
    store = g.pop("store", None)
    g.pop("accounts", None)
    if store is not None:
        store.close()


def init_app(app: Flask) -> None:
    app.teardown_appcontext(_close)
