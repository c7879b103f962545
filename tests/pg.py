"""PostgreSQL for the tests: the server named by ``DEALER_TRAINER_TEST_PG``, whether it
answers, a fresh schema per test, and a store fixture run on SQLite and on PostgreSQL."""

from __future__ import annotations

import atexit
import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from functools import cache
from pathlib import Path

import pytest

from dealer_trainer.store import Store
from dealer_trainer.training.progress import open_store

PG_BASE = os.environ.get("DEALER_TRAINER_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")


@cache
def postgres_unavailable() -> str | None:
    """Why PostgreSQL cannot be used for the tests (``None`` when it can)."""
    try:
        import psycopg
    except ImportError:
        return "psycopg is not installed"
    try:
        with psycopg.connect(PG_BASE, connect_timeout=3) as conn:
            conn.execute("SELECT 1")
    except psycopg.Error as exc:
        return f"no PostgreSQL server answers at {PG_BASE}: {' '.join(str(exc).split())}"
    return None


def admin(sql: str) -> None:
    """Run one statement as the server's administrator (schemas are made and dropped so)."""
    import psycopg

    with psycopg.connect(PG_BASE, autocommit=True, connect_timeout=3) as conn:
        conn.execute(sql)


@contextmanager
def fresh_schema() -> Iterator[str]:
    """The URL of a new, empty schema, dropped afterwards (skips when no server answers)."""
    reason = postgres_unavailable()
    if reason is not None:
        pytest.skip(f"PostgreSQL tests skipped: {reason}")
    schema = f"dt_{secrets.token_hex(6)}"
    admin(f"CREATE SCHEMA {schema}")
    try:
        yield f"{PG_BASE}?options=-csearch_path%3D{schema}"
    finally:
        admin(f"DROP SCHEMA {schema} CASCADE")


#: schemas of this process that hold a store at the current schema version, emptied: a test
#: that asks for an empty store gets one of them (making a schema and running every migration
#: costs a second a test; emptying one, a few milliseconds). Dropped when the process ends.
_EMPTIED: list[str] = []


def _url(schema: str) -> str:
    return f"{PG_BASE}?options=-csearch_path%3D{schema}"


def _empty(schema: str) -> None:
    """Every row of every table of ``schema`` deleted, numbering restarted, but the schema
    version's: the store left as a new one is, without making it again.

    DELETE, not TRUNCATE: TRUNCATE gives each of the store's 30-odd tables a new file, which
    took 0.4 to 1.3 s a test on a busy CI machine; deleting the few rows a test wrote takes
    milliseconds. The foreign keys are not checked while the rows go (``replica``: every
    row of every table is deleted, so none is left dangling; a user who may not do that gets
    TRUNCATE), and each identity starts again at its first value, as ``RESTART IDENTITY``
    does."""
    import psycopg

    with psycopg.connect(PG_BASE, autocommit=True, connect_timeout=3) as conn:
        rows = conn.execute(
            "SELECT table_name FROM information_schema.tables"
            " WHERE table_schema = %s AND table_type = 'BASE TABLE'",
            (schema,),
        ).fetchall()
        names = [f"{schema}.{name}" for (name,) in rows if name != "schema_version"]
        sequences = conn.execute(
            "SELECT sequencename, start_value FROM pg_sequences WHERE schemaname = %s",
            (schema,),
        ).fetchall()
        try:
            with conn.transaction():
                conn.execute("SET LOCAL session_replication_role = replica")
                for name in names:
                    conn.execute(f"DELETE FROM {name}")
                for sequence, start in sequences:
                    conn.execute("SELECT setval(%s, %s, false)", (f"{schema}.{sequence}", start))
        except psycopg.errors.InsufficientPrivilege:  # not a superuser: the slow, sure way
            conn.execute(f"TRUNCATE {', '.join(names)} RESTART IDENTITY CASCADE")


@atexit.register
def _drop_emptied() -> None:
    while _EMPTIED:
        with suppress(Exception):
            admin(f"DROP SCHEMA {_EMPTIED.pop()} CASCADE")


@contextmanager
def store_on(kind: str, tmp_path: Path) -> Iterator[Store]:
    """An empty store on ``kind`` ("sqlite" or "postgresql"), at the current schema version.

    On PostgreSQL it may be a schema an earlier test of this process used, emptied after it
    (tests of making and upgrading a store use :func:`fresh_schema`)."""
    if kind == "sqlite":
        with open_store(str(tmp_path / "store.sqlite3")) as opened:
            yield opened
        return
    if _EMPTIED:
        schema = _EMPTIED.pop()
    else:
        reason = postgres_unavailable()
        if reason is not None:
            pytest.skip(f"PostgreSQL tests skipped: {reason}")
        schema = f"dt_{secrets.token_hex(6)}"
        admin(f"CREATE SCHEMA {schema}")
    try:
        with open_store(_url(schema)) as opened:
            yield opened
        _empty(schema)
    except BaseException:
        admin(f"DROP SCHEMA {schema} CASCADE")
        raise
    _EMPTIED.append(schema)
