"""The two databases: SQLite and PostgreSQL adapters behind one small protocol, and how a
target (a file path, ``sqlite:///PATH``, a ``postgresql://`` URL or a libpq ``key=value``
connection string such as ``host=db dbname=trainer``) is opened without ever showing a password.

Statements are written with ``?`` placeholders for both; :class:`Database.transaction` is one
committed write. SQLite runs in WAL mode (``synchronous = NORMAL``: no fsync per commit) with
a busy timeout and takes the write lock at the start of each write (``BEGIN IMMEDIATE``);
``psycopg`` is imported only for a PostgreSQL store.
A password in a PostgreSQL URL never appears in a message: the driver's own conninfo parser
finds it, and a URL whose password holds a character that must be percent-encoded (``/ ? # @
%`` or a space) is refused before any part of it reaches the driver.
"""

from __future__ import annotations

import os
import re
import sqlite3
import stat
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, suppress
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from time import monotonic, sleep
from typing import Any, Protocol
from urllib.parse import quote, unquote

from dealer_trainer.errors import StoreError
from dealer_trainer.safetext import printable

__all__ = [
    "BUSY_TIMEOUT",
    "ENV_VAR",
    "Database",
    "NoStore",
    "connect",
    "default_target",
    "now",
    "reason",
    "redact",
    "tighten",
    "utc",
]

#: seconds a write waits for another session's write to finish (SQLite) before giving up
BUSY_TIMEOUT = 30.0
#: environment variable naming the store (a file path or a PostgreSQL URL)
ENV_VAR = "DEALER_TRAINER_DB"
#: the user data folder's name (platformdirs), where the default store lives
_DATA_FOLDER = "dealer-trainer"
#: rows fetched at a time by :meth:`Database.stream`
STREAM_BATCH = 1000
_POSTGRES_SCHEMES = ("postgresql://", "postgres://")
_SQLITE_SCHEME = "sqlite://"
_URL_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")
#: the first ``keyword=`` of a libpq ``key=value`` connection string
_CONNINFO_KEY = re.compile(r"^\s*([a-z_]+)\s*=")


class NoStore(StoreError):
    """A reading command named a store that does not exist (``open_store(create=False)``)."""


def utc(when: datetime) -> datetime:
    """``when`` in UTC; a naive datetime is taken to be UTC."""
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)


def now() -> datetime:
    """The current time, in UTC."""
    return datetime.now(UTC)


# --- the two databases ------------------------------------------------------------------------


class Database(Protocol):
    """A connection to SQLite or PostgreSQL. Statements are written with ``?`` placeholders
    (and no ``?`` or ``%`` anywhere else); ``transaction()`` is one committed write."""

    dialect: str
    errors: tuple[type[Exception], ...]

    def execute(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]: ...

    def insert(self, sql: str, params: tuple[Any, ...]) -> int: ...

    def stream(
        self, sql: str, params: tuple[Any, ...], batch: int = STREAM_BATCH
    ) -> Iterator[tuple[Any, ...]]:
        """The rows of a query, fetched ``batch`` at a time: constant memory, however many."""
        ...

    def transaction(self) -> AbstractContextManager[None]: ...

    def close(self) -> None: ...


class Sqlite:
    dialect = "sqlite"
    errors: tuple[type[Exception], ...] = (sqlite3.Error,)

    def __init__(self, path: str) -> None:
        self.conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT, isolation_level=None)
        try:
            self.conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
            # switching to WAL needs the file to itself and does not wait on busy_timeout (as
            # while another process creates the store): retry it, within the same timeout, on
            # SQLITE_BUSY and its extended codes (the low byte)
            deadline = monotonic() + BUSY_TIMEOUT
            while True:
                try:
                    self.conn.execute("PRAGMA journal_mode = WAL").fetchall()
                    break
                except sqlite3.OperationalError as exc:
                    if exc.sqlite_errorcode & 0xFF != sqlite3.SQLITE_BUSY or monotonic() > deadline:
                        raise
                    sleep(0.01)
            self.conn.execute("PRAGMA foreign_keys = ON")
            # in WAL mode, NORMAL makes a commit durable against a crash of the program (kill -9,
            # Ctrl-C) without an fsync per commit (8 ms each on a virtual disk, most of an
            # answer's time); a power cut may undo the last commits, never corrupt the file
            self.conn.execute("PRAGMA synchronous = NORMAL")
        except BaseException:
            self.conn.close()
            raise

    def execute(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        return self.conn.execute(sql, params).fetchall()

    def insert(self, sql: str, params: tuple[Any, ...]) -> int:
        cursor = self.conn.execute(sql, params)
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def stream(
        self, sql: str, params: tuple[Any, ...], batch: int = STREAM_BATCH
    ) -> Iterator[tuple[Any, ...]]:
        cursor = self.conn.execute(sql, params)
        try:
            while rows := cursor.fetchmany(batch):
                yield from rows
        finally:
            cursor.close()

    @contextmanager
    def transaction(self) -> Iterator[None]:
        # the write lock first: no other writer can slip in between a read and its write
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield
            self.conn.execute("COMMIT")
        except BaseException:
            with suppress(sqlite3.Error):
                self.conn.execute("ROLLBACK")
            raise

    def close(self) -> None:
        self.conn.close()


class Postgres:
    dialect = "postgresql"

    def __init__(self, url: str) -> None:
        try:
            import psycopg  # start-up: the optional driver (postgres extra), loaded on use
        except ImportError:
            raise StoreError(
                "a PostgreSQL progress store needs psycopg, which is not installed: "
                "install dealer-trainer's postgres extra from the clone or wheel it came from "
                "(pip install 'PATH[postgres]'; docs/deploy.md, step 2)"
            ) from None
        self.errors: tuple[type[Exception], ...] = (psycopg.Error,)
        extra: dict[str, Any] = {} if "connect_timeout" in url else {"connect_timeout": 10}
        self.conn = psycopg.connect(url, autocommit=True, **extra)

    def execute(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        cursor = self.conn.execute(sql.replace("?", "%s"), params)
        return cursor.fetchall() if cursor.description else []

    def insert(self, sql: str, params: tuple[Any, ...]) -> int:
        rows = self.execute(f"{sql} RETURNING id", params)
        return int(rows[0][0])

    def stream(
        self, sql: str, params: tuple[Any, ...], batch: int = STREAM_BATCH
    ) -> Iterator[tuple[Any, ...]]:
        # a server-side cursor (it lives in a transaction): the client holds one batch at a time
        with self.conn.transaction(), self.conn.cursor(name="dealer_trainer_stream") as cursor:
            cursor.itersize = batch
            cursor.execute(sql.replace("?", "%s"), params)
            yield from cursor

    @contextmanager
    def transaction(self) -> Iterator[None]:
        with self.conn.transaction():
            yield

    def close(self) -> None:
        self.conn.close()


# --- opening a store ----------------------------------------------------------------------------


def default_target() -> str:
    """The store to use when none is given: ``$DEALER_TRAINER_DB`` if set, else
    ``progress.sqlite3`` in the user's data folder (platformdirs)."""
    from_env = os.environ.get(ENV_VAR, "").strip()
    if from_env:
        return from_env
    import platformdirs  # start-up: only when no store is named (tests/test_progress.py)

    return str(platformdirs.user_data_path(_DATA_FOLDER) / "progress.sqlite3")


def _userinfo_password(text: str) -> str | None:
    """The password of a URL's ``user:password@`` part as written, taking the last ``@`` as
    its end (so a password holding ``/ ? # @`` is found whole), or None."""
    scheme = _URL_SCHEME.match(text)
    if scheme is None:
        return None
    rest = text[scheme.end() :]
    at = rest.rfind("@")
    if at < 0:
        return None
    _user, colon, password = rest[:at].partition(":")
    return password if colon and password else None


@cache
def _libpq_keywords() -> frozenset[str] | None:
    """The keywords libpq knows (``host``, ``dbname``, ``password`` ...), or None without the
    driver."""
    try:
        from psycopg import pq  # start-up: the optional driver (postgres extra), loaded on use

        return frozenset(item.keyword.decode() for item in pq.Conninfo.get_defaults())
    except Exception:  # no psycopg, or no libpq it can load
        return None


def _is_conninfo(text: str) -> bool:
    """Whether ``text`` is a libpq ``key=value`` connection string (``host=db dbname=x``): it
    starts with a keyword libpq knows (any ``word=`` when the driver is not installed, so
    that such a string is never taken for a file name). A file whose name starts so is
    written ``./host=...``."""
    first = _CONNINFO_KEY.match(text)
    if first is None:
        return False
    keywords = _libpq_keywords()
    return keywords is None or first.group(1) in keywords


def _conninfo_password(text: str) -> str | None:
    """The password as the PostgreSQL driver reads it (URL or ``key=value`` form), or None
    (no psycopg, or a string it cannot read)."""
    if not (text.startswith(_POSTGRES_SCHEMES) or "password" in text.lower()):
        return None
    try:
        # start-up: the optional driver (postgres extra), loaded on use
        from psycopg.conninfo import conninfo_to_dict

        password = conninfo_to_dict(text).get("password")
    except Exception:  # no psycopg, or a malformed string: the other rules still apply
        return None
    return str(password) if password else None


def _secrets(target: str) -> list[str]:
    """Every form of the password ``target`` holds, longest first: as written in the URL,
    percent-decoded, and as the driver reads it."""
    found: set[str] = set()
    for password in (_userinfo_password(target), _conninfo_password(target)):
        if password:
            found |= {password, unquote(password), quote(password, safe="")}
    return sorted((item for item in found if item), key=len, reverse=True)


def redact(target: str) -> str:
    """``target`` for messages: any password replaced by ``***`` (and control characters
    escaped)."""
    shown = target
    written = _userinfo_password(target)
    if written is not None:
        scheme = _URL_SCHEME.match(target)
        end = scheme.end() if scheme else 0  # a password was found: there is a scheme
        rest = target[end:]
        at = rest.rfind("@")
        user = rest[:at].partition(":")[0]
        shown = f"{target[:end]}{user}:***@{rest[at + 1 :]}"
    for secret in _secrets(target):
        shown = shown.replace(secret, "***")
    shown = re.sub(r"(?i)(password\s*=\s*)('(?:[^'\\]|\\.)*(?:'|$)|[^&\s]*)", r"\1***", shown)
    return printable(shown)


def _check_postgres_url(text: str, shown: str) -> None:
    """Refuse a URL the driver cannot read, or whose password the driver would read wrong (an
    unencoded ``/ ? # @ %`` or space makes part of it a host, a port or a database name, and
    then an error message would show it): before connecting, without showing the password."""
    try:
        # start-up: the optional driver (postgres extra), loaded on use
        from psycopg.conninfo import conninfo_to_dict

        parsed = conninfo_to_dict(text)
    except ImportError:
        return  # Postgres says what to install
    except Exception as exc:
        # the driver quotes the piece it cannot read, which may be the password: drop quotes
        reason = re.sub(r'"[^"]*"', "a part of it", " ".join(str(exc).split()))
        if _is_conninfo(text):
            what = "connection string"
            hint = "write key=value pairs, a value with spaces or quotes in 'single quotes'"
        else:
            what = "URL"
            hint = "in a password, write / ? # @ % and spaces as %2F %3F %23 %40 %25 %20"
        raise StoreError(
            f"cannot connect to the progress store at {shown}: not a valid PostgreSQL {what} "
            f"({_strip_secrets(reason, text)}); {hint}"
        ) from None
    written = _userinfo_password(text)
    if written is not None and unquote(written) != parsed.get("password"):
        raise StoreError(
            f"cannot connect to the progress store at {shown}: the URL's password holds a "
            "character the URL cannot carry as it is; write / ? # @ % and spaces in a password "
            "as %2F %3F %23 %40 %25 %20"
        )


def _create_owner_only(path: Path) -> None:
    """A new store's folders and file are the owner's alone (0700, 0600): the store holds the
    session-signing key and the password hashes. SQLite gives its -wal and -shm files the
    mode of the store's own file. An existing file is tightened by :func:`tighten`."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    with suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))


#: the files SQLite keeps for a store named NAME: NAME itself and these beside it
_SQLITE_SIDE_FILES = ("-wal", "-shm", "-journal")


def _tightened(path: Path) -> str | None:
    """Take every group and other permission away from ``path`` (a file 0644 becomes 0600, a
    folder 0755 becomes 0700) if the current user owns it and it has any: what was changed
    (``"/srv/x.db 0644 -> 0600"``), or None."""
    try:
        found = path.stat()
        if found.st_uid != os.getuid() or not found.st_mode & 0o077:
            return None
        before = found.st_mode & 0o777
        os.chmod(path, before & 0o700)
    except OSError:
        return None
    return f"{path} {before:04o} -> {before & 0o700:04o}"


def _own_folder(folder: Path, store: Path) -> bool:
    """Whether ``folder`` is the store's own: the user data folder the default store lives in,
    or a folder that holds nothing but the store's files. (A folder of other things, such as
    a project or the home folder, is never changed: the store's files are owner-only anyway.)"""
    mine = {store.name, *(store.name + side for side in _SQLITE_SIDE_FILES)}
    try:
        if all(entry.name in mine for entry in folder.iterdir()):
            return True
    except OSError:
        return False
    if folder.name != _DATA_FOLDER:
        return False
    import platformdirs  # start-up: only for a loose folder named like the data folder

    return folder == platformdirs.user_data_path(_DATA_FOLDER)


def tighten(path: Path) -> list[str]:
    """An existing SQLite store made owner-only: its file and SQLite's files beside it lose
    every group and other permission (0600), and so does its own folder (0700, see
    :func:`_own_folder`), each only if the current user owns it. What was changed, one item
    per file or folder; one note on standard error (the log) says so."""
    if not hasattr(os, "getuid"):  # Windows: no modes to tighten (the folder's ACL decides)
        return []
    candidates = [path, *(Path(f"{path}{side}") for side in _SQLITE_SIDE_FILES)]
    changed = [note for candidate in candidates if (note := _tightened(candidate)) is not None]
    folder = path.absolute().parent
    with suppress(OSError):
        if folder.stat().st_mode & 0o077 and _own_folder(folder, path):
            note = _tightened(folder)
            if note is not None:
                changed.append(note)
    if changed:
        import logging  # start-up: only when there is something to say (rarely)

        logging.getLogger("dealer_trainer.store").warning(
            "The progress store %s could be read by other users of this machine, and it holds "
            "the password hashes and the sign-in key: made owner-only (%s).",
            printable(str(path)),
            "; ".join(printable(item) for item in changed),
        )
    return changed


def connect(text: str, *, create: bool = True) -> Database:
    """A connection to the database ``text`` names (no schema work)."""
    if not text.strip():
        raise StoreError("no progress store given: name an SQLite file or a PostgreSQL URL")
    shown = redact(text)
    if text.startswith(_POSTGRES_SCHEMES) or _is_conninfo(text):
        _check_postgres_url(text, shown)
        try:
            return Postgres(text)
        except StoreError:
            raise
        except Exception as exc:  # psycopg.Error, or a malformed URL
            raise StoreError(
                f"cannot connect to the progress store at {shown}: {reason(exc, text)}"
            ) from None
    path = _sqlite_path(text, shown)
    other = None if path == ":memory:" else _other_than_a_file(Path(path))
    if other is not None:
        raise StoreError(
            f"cannot open the progress store at {shown}: it is {other}, not a regular file; "
            f"name an SQLite file (check --db or ${ENV_VAR})"
        )
    if not create and path != ":memory:" and not Path(path).is_file():
        raise NoStore(
            f"cannot open the progress store at {shown}: no such file, so nothing has been "
            f"recorded there (reading never creates a store); check --db or ${ENV_VAR}"
        )
    try:
        if path != ":memory:":
            if create:
                _create_owner_only(Path(path))
            tighten(Path(path))
        return Sqlite(path)
    except (OSError, sqlite3.Error) as exc:
        raise StoreError(
            f"cannot open the progress store at {shown}: {reason(exc, text)}"
        ) from None


def _other_than_a_file(path: Path) -> str | None:
    """What stands at ``path`` when it is something other than a regular file (or nothing):
    a folder, a FIFO, a device or a socket."""
    try:
        mode = path.stat().st_mode
    except (OSError, ValueError):
        return None
    for test, what in (
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a FIFO (named pipe)"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
    ):
        if test(mode):
            return what
    return None


def _sqlite_path(text: str, shown: str) -> str:
    """The file an SQLite target names: a path, or ``sqlite:///PATH`` (so ``sqlite:///x.db``
    is relative and ``sqlite:////srv/x.db`` absolute, as elsewhere)."""
    if text.startswith(_SQLITE_SCHEME):
        if not text.startswith(_SQLITE_SCHEME + "/") or len(text) == len(_SQLITE_SCHEME) + 1:
            raise StoreError(f"cannot open the progress store at {shown}: write sqlite:///PATH")
        text = text.removeprefix(_SQLITE_SCHEME + "/")
    else:
        scheme = _URL_SCHEME.match(text)
        if scheme:
            raise StoreError(
                f"cannot open the progress store at {shown}: {scheme.group(1)!r} databases are "
                "not supported; give an SQLite file path or a postgresql:// URL"
            )
    if text == ":memory:":
        return text
    if "\0" in text:
        raise StoreError(f"cannot open the progress store at {shown}: the path holds a NUL")
    try:
        return str(Path(text).expanduser())
    except RuntimeError:  # ~name of a user that does not exist, or no home folder
        user = text[1:].split("/", 1)[0].split(os.sep, 1)[0]
        who = f"there is no user {user!r}" if user else "the home folder is unknown"
        raise StoreError(f"cannot open the progress store at {shown}: {who}") from None


def _strip_secrets(message: str, target: str) -> str:
    for secret in _secrets(target):
        message = message.replace(secret, "***")
    return message


def reason(exc: BaseException, target: str) -> str:
    """The error's message on one line, without any password from ``target``."""
    reason = " ".join(str(exc).split()) or type(exc).__name__
    if isinstance(exc, OSError) and exc.strerror:
        reason = exc.strerror + (f": {exc.filename}" if exc.filename else "")
    return redact(_strip_secrets(reason, target))
