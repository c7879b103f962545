"""Support for tests of the store's callers, and for nothing else.

:func:`refuse_writes` turns an open store into one whose database refuses every write, as a
read-only file, folder, user or replica would, so that a test can see
:meth:`~dealer_trainer.store.Store.check_writable` find it (a read-only file cannot be made so
for a test run as root, who can write anywhere).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dealer_trainer.store.store import Store

__all__ = ["refuse_writes"]


def refuse_writes(store: Store) -> None:
    """From now on, the store's connection refuses every write (SQLite's ``query_only``;
    PostgreSQL: read-only transactions); reading goes on."""
    with store._reading("refuse writes"):
        if store._db.dialect == "sqlite":
            store._db.execute("PRAGMA query_only = ON", ())
        else:
            store._db.execute("SET default_transaction_read_only = on", ())
