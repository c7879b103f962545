"""The tests' new SQLite stores made by copy (tests/blank_stores.py) are the stores the
migrations make: checked against a store migrated from nothing, table by table."""

from __future__ import annotations

import sqlite3
import stat
from pathlib import Path
from typing import Any

from dealer_trainer.store import testing
from dealer_trainer.store.adapters import connect
from dealer_trainer.store.migrations import SCHEMA_VERSION
from dealer_trainer.store.store import Store, open_store
from tests import blank_stores


def _contents(path: Path) -> dict[str, Any]:
    """Everything a store holds, but the time each migration was applied."""
    db = sqlite3.connect(path)
    try:
        schema = db.execute(
            "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"
        ).fetchall()
        tables = [name for kind, name, _, _ in schema if kind == "table"]
        rows = {
            table: sorted(map(repr, db.execute(f'SELECT * FROM "{table}"').fetchall()))
            for table in tables
            if table != "schema_version"
        }
        versions = db.execute(
            "SELECT version, description FROM schema_version ORDER BY version"
        ).fetchall()
        pragmas = {
            name: db.execute(f"PRAGMA {name}").fetchall()
            for name in (
                "journal_mode",
                "user_version",
                "application_id",
                "page_size",
                "auto_vacuum",
                "encoding",
            )
        }
        return {"schema": schema, "rows": rows, "versions": versions, "pragmas": pragmas}
    finally:
        db.close()


def test_the_copy_is_installed_for_the_tests() -> None:
    assert blank_stores.installed()


def test_a_store_made_by_copy_holds_what_the_migrations_make(tmp_path: Path) -> None:
    copied = tmp_path / "copied.sqlite3"
    open_store(copied).close()
    migrated = tmp_path / "migrated.sqlite3"
    store = Store(connect(str(migrated)), str(migrated))
    try:
        blank_stores.original_migrate(store)
    finally:
        store.close()
    assert _contents(copied) == _contents(migrated)
    assert _contents(copied)["versions"][-1][0] == SCHEMA_VERSION
    assert _contents(copied)["pragmas"]["journal_mode"] == [("wal",)]
    assert stat.S_IMODE(copied.stat().st_mode) == 0o600


def test_an_older_version_asked_for_still_runs_the_migrations(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    store = Store(connect(str(path)), str(path))
    try:
        store.migrate(upto=3)
        assert store.schema_version() == 3
        store.migrate()
        assert store.schema_version() == SCHEMA_VERSION
    finally:
        store.close()


def test_only_a_store_with_nothing_in_it_is_blank(tmp_path: Path) -> None:
    path = tmp_path / "one.sqlite3"
    store = Store(connect(str(path)), str(path))
    try:
        assert testing.is_blank(store)
        store.migrate(upto=1)
        assert not testing.is_blank(store)
    finally:
        store.close()
