"""What a test's database holds, read (or changed) on a connection of the test's own: tests use
the store's public API, never its private members (tests/test_store_privacy.py)."""

from __future__ import annotations

from os import PathLike
from typing import Any

from dealer_trainer.store.adapters import connect


def rows(
    target: str | PathLike[str], sql: str, params: tuple[Any, ...] = ()
) -> list[tuple[Any, ...]]:
    """``sql``'s rows (none for a statement that changes rows), run in a transaction of its own
    on a new connection to the store at ``target`` (the tests' targets carry no password)."""
    db = connect(str(target))
    try:
        with db.transaction():
            return db.execute(sql, params)
    finally:
        db.close()
