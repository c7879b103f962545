"""The progress store of a request: each server thread keeps one open store and lends it to
the requests it serves, one at a time. The web layer writes no SQL: it calls the store and
:class:`~dealer_trainer.accounts.Accounts`.

Opening a store for every request (as flaskr's ``get_db`` does) cost more than the page: an
SQLite connection set up (WAL, busy timeout, foreign keys), the schema's version read, and on
closing the last connection a checkpoint of the write-ahead log. A thread's store is opened
(and the schema brought up to date) once; each later request checks only that the schema is
still the one this process knows (another process may have upgraded it: the store is then
opened afresh, which refuses a newer schema as before). A store that failed during a request
(a lost PostgreSQL connection, say) is closed, never lent again. Every write is still committed
before the store answers (SQLite autocommit outside its ``BEGIN IMMEDIATE`` transactions,
PostgreSQL autocommit), so nothing waits in an open transaction between requests.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from flask import Flask, current_app, g

from dealer_trainer.accounts import Accounts
from dealer_trainer.errors import StoreError
from dealer_trainer.store import SCHEMA_VERSION, Store
from dealer_trainer.training.progress import open_store

if TYPE_CHECKING:
    from argon2 import PasswordHasher

__all__ = ["StorePool", "accounts", "get_store", "init_app", "release"]

_EXTENSION = "dealer_trainer.stores"


class StorePool:
    """One open store per thread for one app's database."""

    def __init__(self, target: str) -> None:
        self.target = target
        self._local = threading.local()

    def take(self) -> Store:
        """This thread's store, opened on first use; opened afresh when the schema moved."""
        kept: Store | None = getattr(self._local, "store", None)
        self._local.store = None  # lent: a store is never in two requests at once
        if kept is not None:
            try:
                if kept.schema_version() == SCHEMA_VERSION:
                    return kept
            except StoreError:
                pass
            kept.close()
        return open_store(self.target)

    def give_back(self, store: Store, *, failed: bool) -> None:
        """Keep the store for the thread's next request, or close it after a failure."""
        if failed or getattr(self._local, "store", None) is not None:
            store.close()
            return
        self._local.store = store

    def release(self) -> None:
        """Close this thread's kept store (before a server forks its workers: a connection
        is never shared by two processes)."""
        kept: Store | None = getattr(self._local, "store", None)
        self._local.store = None
        if kept is not None:
            kept.close()


def _pool(app: Flask) -> StorePool:
    pool: StorePool = app.extensions[_EXTENSION]
    return pool


def get_store() -> Store:
    """This request's store."""
    if "store" not in g:
        g.store = _pool(current_app).take()
    store: Store = g.store
    return store


def accounts() -> Accounts:
    """People, rooms and roles in this request's store."""
    if "accounts" not in g:
        hasher: PasswordHasher | None = current_app.config.get("PASSWORD_HASHER")
        g.accounts = Accounts(get_store(), hasher)
    found: Accounts = g.accounts
    return found


def _close(exc: BaseException | None = None) -> None:
    store = g.pop("store", None)
    g.pop("accounts", None)
    if store is not None:
        _pool(current_app).give_back(store, failed=exc is not None)


def release(app: Flask) -> None:
    """Close the store the calling thread keeps for ``app``."""
    _pool(app).release()


def init_app(app: Flask) -> None:
    app.extensions[_EXTENSION] = StorePool(str(app.config["DATABASE"]))
    app.teardown_appcontext(_close)
