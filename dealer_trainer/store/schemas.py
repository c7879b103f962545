"""What a database holds when a store is opened, said plainly: the PostgreSQL schema its
search_path names must exist and be the user's to use (a schema the user may not use is
refused as such, not reported missing); the schema version kept (None when there is no store
there yet); a file that cannot be read is said to be damaged or no dealer-trainer store, never
an empty one."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from dealer_trainer.errors import StoreError
from dealer_trainer.safetext import excerpt
from dealer_trainer.store.adapters import ENV_VAR, reason

if TYPE_CHECKING:
    from dealer_trainer.store.store import Store

__all__ = ["NewerSchema", "check_schema_exists", "refuse_newer", "stored_version"]

#: SQLite's words for a table that is not there yet, or a lock another writer holds
_NO_TABLE = re.compile(r"^no such table|database is locked|database table is locked")
#: PostgreSQL's code for a table that is not there (undefined_table)
_UNDEFINED_TABLE = "42P01"


class NewerSchema(StoreError):
    """The store's schema is newer than this dealer-trainer knows: another process has
    upgraded it. Nothing may be written into it; a server answers "being upgraded" (503)."""


def refuse_newer(target: str, version: int, known: int) -> None:
    """Raise :class:`NewerSchema` when ``version`` is newer than the ``known`` one."""
    if version > known:
        raise NewerSchema(
            f"the progress store at {target} has schema version {version}, newer than "
            f"this dealer-trainer knows ({known}): upgrade dealer-trainer"
        )


def check_schema_exists(store: Store) -> None:
    """PostgreSQL: the schema the target's search_path names must exist and be the user's to
    use (else every statement fails with "no schema has been selected")."""
    db = store._db
    if db.dialect != "postgresql":
        return
    with store._reading("read the schema"):
        rows = db.execute("SELECT current_schema()", ())
        if rows and rows[0][0] is not None:
            return
        path = db.execute("SELECT current_setting('search_path'), current_user", ())
        setting, user = (str(path[0][0]), str(path[0][1])) if path else ("", "")
        names = [
            user if name == "$user" else name
            for name in (part.strip().strip('"') for part in setting.split(","))
            if name
        ]
        refused = db.execute(
            "SELECT nspname FROM pg_namespace WHERE nspname = ANY(?)"
            " AND NOT has_schema_privilege(oid, 'USAGE') ORDER BY nspname",
            (names,),
        )
    if refused:
        schema = str(refused[0][0])
        raise StoreError(
            f"cannot use the progress store at {store.target}: permission denied for schema "
            f"{excerpt(schema)}: the database user {excerpt(user)} may not use it; ask its "
            f"owner to GRANT USAGE, CREATE ON SCHEMA {schema} TO {user}, or name another "
            "schema in options=-csearch_path=..."
        )
    raise StoreError(
        f"cannot use the progress store at {store.target}: no schema of its search_path "
        f"({excerpt(setting)}) exists in the database; create it (CREATE SCHEMA name) or "
        "correct options=-csearch_path=..."
    )


def stored_version(store: Store) -> int | None:
    """The schema version, or ``None`` when there is no schema yet (or it cannot be read
    without the lock); a :class:`StoreError` when the database cannot be read at all."""
    db = store._db
    try:
        rows = db.execute("SELECT MAX(version) FROM schema_version", ())
    except db.errors as exc:
        if getattr(exc, "sqlstate", None) == _UNDEFINED_TABLE or _NO_TABLE.search(str(exc)):
            return None
        raise StoreError(
            f"cannot open the progress store at {store.target}: it is damaged or it is not a "
            f"dealer-trainer store ({reason(exc, store.target)}); check --db or ${ENV_VAR}"
        ) from None
    return int(rows[0][0]) if rows and rows[0][0] is not None else None
