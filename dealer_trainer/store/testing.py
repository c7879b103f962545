"""Support for tests of the store's callers, and for nothing else.

:func:`is_blank` and :func:`copy_into` let a test run make each new SQLite store as a copy of
one store migrated from nothing (``tests/blank_stores.py``), rather than running every
migration again for each of its thousand-odd stores.

:func:`refuse_writes` turns an open store into one whose database refuses every write, as a
read-only file, folder, user or replica would, so that a test can see
:meth:`~dealer_trainer.store.Store.check_writable` find it (a read-only file cannot be made so
for a test run as root, who can write anywhere).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dealer_trainer.store.adapters import Sqlite

if TYPE_CHECKING:
    from dealer_trainer.store.store import Store

__all__ = ["copy_into", "is_blank", "refuse_writes"]


def refuse_writes(store: Store) -> None:
    """From now on, the store's connection refuses every write (SQLite's ``query_only``;
    PostgreSQL: read-only transactions); reading goes on."""
    with store._reading("refuse writes"):
        if store._db.dialect == "sqlite":
            store._db.execute("PRAGMA query_only = ON", ())
        else:
            store._db.execute("SET default_transaction_read_only = on", ())


def is_blank(store: Store) -> bool:
    """The store is an SQLite database with nothing in it yet: no table, no index, no view."""
    if store._db.dialect != "sqlite":
        return False
    with store._reading("look for a schema"):
        return not store._db.execute("SELECT 1 FROM sqlite_master LIMIT 1", ())


def copy_into(source: Store, target: Store) -> None:
    """The target SQLite store's database becomes a copy of the source's, page for page
    (SQLite's online backup): its schema, its rows and its header (the schema version, the
    journal mode). Both must be SQLite stores and the target in no transaction."""
    source_db, target_db = source._db, target._db
    if not isinstance(source_db, Sqlite) or not isinstance(target_db, Sqlite):
        raise ValueError("copy_into copies one SQLite store into another")
    source_db.conn.backup(target_db.conn)
