"""Each new SQLite store of a test process made as a copy of one migrated from nothing.

Opening a store where there is none runs every migration: some 120 statements, 11 ms of CPU,
and the tests open about 1,200 new stores in a run (an app per web test, a store per store
test). :func:`install` wraps :meth:`Store.migrate` so that, in this process only, bringing a
blank SQLite store to :data:`SCHEMA_VERSION` copies into it, page for page, an in-memory store
that the real migrations made once (:func:`dealer_trainer.store.testing.copy_into`, SQLite's
online backup). An older version asked for (a test of an upgrade), a store that already holds
anything, and PostgreSQL all go through the migrations as before; so does every command and
server a test starts as a process. ``tests/test_blank_stores.py`` checks that a copied store
is the migrated one: the same schema, rows, version, journal mode and owner-only file.
"""

from __future__ import annotations

from dealer_trainer.store import testing
from dealer_trainer.store.adapters import connect
from dealer_trainer.store.migrations import SCHEMA_VERSION
from dealer_trainer.store.store import Store

__all__ = ["blank", "install", "installed", "original_migrate"]

original_migrate = Store.migrate
_BLANK: list[Store] = []


def blank() -> Store:
    """The process's store migrated from nothing, in memory (made on first use, by the
    migrations themselves)."""
    if not _BLANK:
        store = Store(connect(":memory:"), ":memory:")
        original_migrate(store)
        _BLANK.append(store)
    return _BLANK[0]


def _migrate(self: Store, upto: int = SCHEMA_VERSION) -> None:
    if upto != SCHEMA_VERSION or not testing.is_blank(self):
        original_migrate(self, upto)
        return
    testing.copy_into(blank(), self)


def install() -> None:
    """Make new SQLite stores by copy in this process (idempotent)."""
    Store.migrate = _migrate  # type: ignore[method-assign]


def installed() -> bool:
    return Store.migrate is _migrate
