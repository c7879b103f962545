"""The progress store: every answer a trainee gives, and when each item should come back.

A store is an SQLite file (by default ``progress.sqlite3`` in the user's data folder) or, for a
group of training rooms sharing one database, a PostgreSQL database given by URL::

    with open_store() as store:                        # $DEALER_TRAINER_DB, else the default
        session = store.start_session("Ana", "quiz")
        store.record(session, Answer("Ana", "premature-turn-basic", "premature-turn", "quiz",
                                     correct=False))
        store.finish_session(session)
        store.due("Ana")                               # what to review now, misses first

Durability: :meth:`Store.record` writes the answer and the trainee's review card for the item
in one transaction and commits it before returning, so Ctrl-C or a crash never loses an answer
already given. Several sessions may write to one store at once: SQLite runs in WAL mode with a
busy timeout and takes the write lock at the start of each write (``BEGIN IMMEDIATE``);
PostgreSQL uses plain transactions and an ``INSERT ... ON CONFLICT`` upsert for the card.

The schema is the tool's own: :data:`MIGRATIONS` is an ordered list, each migration a list of
statements written once for both databases (``{pk}``, ``{ts}``, ... stand for the types that
differ). The ``schema_version`` table records what has been applied; opening a store applies the
rest under a lock (``BEGIN IMMEDIATE`` in SQLite, ``pg_advisory_xact_lock`` in PostgreSQL), so
two processes opening a fresh store at once both succeed. A store newer than this tool is
refused. (Not SQLAlchemy and Alembic: importing SQLAlchemy alone takes about as long as the
whole start-up budget of a quiz; see docs/progress.md.)

Reading commands open a store with ``open_store(target, create=False)``: a store that does not
exist is an error, never an empty store made on the spot. :meth:`Store.check_writable` finds a
store that cannot be written (a read-only file, a read-only database) before a session begins.
A password in a PostgreSQL URL never appears in a message: the driver's own conninfo parser
finds it, and a URL whose password holds a character that must be percent-encoded (``/ ? # @
%`` or a space) is refused before any part of it reaches the driver.

Times are stored in UTC (ISO 8601 text in SQLite, ``timestamptz`` in PostgreSQL); a naive
datetime given to the store is taken to be UTC. ``psycopg`` is imported only for a PostgreSQL
store, ``fsrs`` only when the first answer is recorded.
"""

from __future__ import annotations

import os
import re
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, date, datetime, time
from pathlib import Path
from time import monotonic, sleep
from types import TracebackType
from typing import Any, Protocol

from dealer_trainer.errors import StoreError

__all__ = [
    "BUSY_TIMEOUT",
    "MIGRATIONS",
    "MODES",
    "SCHEMA_VERSION",
    "Answer",
    "Due",
    "Migration",
    "NoStore",
    "Store",
    "default_target",
    "open_store",
]

#: the modes an answer (and a session) can be given in
MODES = ("quiz", "review", "drill")
#: seconds a write waits for another session's write to finish (SQLite) before giving up
BUSY_TIMEOUT = 30.0
#: environment variable naming the store (a file path or a PostgreSQL URL)
ENV_VAR = "DEALER_TRAINER_DB"
_POSTGRES_SCHEMES = ("postgresql://", "postgres://")
_SQLITE_SCHEME = "sqlite://"
_URL_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")


# --- what the store keeps -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Answer:
    """One answer: who answered what, in which mode, and whether it was right."""

    trainee: str
    #: a scenario id, or a drill item id such as ``drill:premature_turn``
    item: str
    #: a topic slug (:data:`dealer_trainer.rules.topics.TOPICS`) or ``procedure``
    topic: str
    #: one of :data:`MODES`
    mode: str
    correct: bool
    ruleset: str = ""
    difficulty: int | None = None
    #: what the trainee answered, as plain text
    given: str = ""
    #: the right answer, as plain text
    expected: str = ""
    #: seconds the trainee took to answer
    seconds: float | None = None
    #: when it was answered (UTC); :meth:`Store.record` uses the current time when ``None``
    answered_at: datetime | None = None
    #: the session it was given in; filled in when read back from the store
    session: int | None = None


@dataclass(frozen=True, slots=True)
class Due:
    """An item due for review: its review card says it should come back by ``due``."""

    item: str
    topic: str
    due: datetime
    #: the last answer to this item was wrong
    missed: bool


class NoStore(StoreError):
    """A reading command named a store that does not exist (``open_store(create=False)``)."""


# --- the schema and its migrations --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Migration:
    """One step of the schema: statements in both dialects, then an optional data step.

    In a statement, ``{pk}`` is an auto-numbered primary key, ``{ref}`` a column referring to
    one, ``{ts}`` a UTC timestamp, ``{bool}`` a truth value and ``{real}`` a number with a
    fraction. ``backfill`` runs after the statements, in the same transaction.
    """

    version: int
    description: str
    statements: tuple[str, ...]
    backfill: Callable[[Store], None] | None = None


_TYPES = {
    "sqlite": {
        "pk": "INTEGER PRIMARY KEY AUTOINCREMENT",
        "ref": "INTEGER",
        "ts": "TEXT",
        "bool": "INTEGER",
        "real": "REAL",
    },
    "postgresql": {
        "pk": "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
        "ref": "BIGINT",
        "ts": "TIMESTAMPTZ",
        "bool": "BOOLEAN",
        "real": "DOUBLE PRECISION",
    },
}

_SCHEMA_VERSION_TABLE = (
    "CREATE TABLE IF NOT EXISTS schema_version ("
    " version INTEGER PRIMARY KEY,"
    " description TEXT NOT NULL,"
    " applied_at {ts} NOT NULL)"
)


def _backfill_review_cards(store: Store) -> None:
    """Give every (trainee, item) answered before review cards existed its card, by reviewing
    the answers in the order they were given."""
    rows = store._db.execute(
        "SELECT trainee_id, item, topic, correct, answered_at FROM answers"
        " ORDER BY answered_at, id",
        (),
    )
    for trainee_id, item, topic, correct, answered_at in rows:
        store._review(int(trainee_id), item, topic, bool(correct), store._from_db_time(answered_at))


MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "trainees, their sessions and their answers",
        (
            "CREATE TABLE trainees ( id {pk}, name TEXT NOT NULL UNIQUE, created_at {ts} NOT NULL)",
            "CREATE TABLE sessions ("
            " id {pk},"
            " trainee_id {ref} NOT NULL REFERENCES trainees (id),"
            " mode TEXT NOT NULL,"
            " started_at {ts} NOT NULL,"
            " finished_at {ts})",
            "CREATE TABLE answers ("
            " id {pk},"
            " session_id {ref} NOT NULL REFERENCES sessions (id),"
            " trainee_id {ref} NOT NULL REFERENCES trainees (id),"
            " item TEXT NOT NULL,"
            " topic TEXT NOT NULL,"
            " mode TEXT NOT NULL,"
            " correct {bool} NOT NULL,"
            " ruleset TEXT NOT NULL DEFAULT '',"
            " difficulty INTEGER,"
            " given TEXT NOT NULL DEFAULT '',"
            " expected TEXT NOT NULL DEFAULT '',"
            " seconds {real},"
            " answered_at {ts} NOT NULL)",
            "CREATE INDEX answers_by_time ON answers (answered_at)",
            "CREATE INDEX answers_by_trainee ON answers (trainee_id, answered_at)",
            "CREATE INDEX sessions_by_trainee ON sessions (trainee_id)",
        ),
    ),
    Migration(
        2,
        "review cards (spaced repetition), one per trainee and item",
        (
            "CREATE TABLE review_cards ("
            " trainee_id {ref} NOT NULL REFERENCES trainees (id),"
            " item TEXT NOT NULL,"
            " topic TEXT NOT NULL,"
            " card TEXT NOT NULL,"
            " due {ts} NOT NULL,"
            " missed {bool} NOT NULL,"
            " reviewed_at {ts} NOT NULL,"
            " PRIMARY KEY (trainee_id, item))",
            "CREATE INDEX review_cards_by_due ON review_cards (trainee_id, due)",
        ),
        backfill=_backfill_review_cards,
    ),
    Migration(
        3,
        "the training room: people, rooms, roles, invites, assignments, runs, settings",
        (
            # a person signs in; their answers are their trainee row's (same name), so the
            # terminal commands and the browser share one history
            "CREATE TABLE people ("
            " id {pk},"
            " trainee_id {ref} NOT NULL UNIQUE REFERENCES trainees (id),"
            " password TEXT NOT NULL,"
            " admin {bool} NOT NULL,"
            " epoch TEXT NOT NULL,"
            " must_change {bool} NOT NULL,"
            " disabled {bool} NOT NULL,"
            " failures INTEGER NOT NULL DEFAULT 0,"
            " last_failure {ts},"
            " created_at {ts} NOT NULL)",
            "CREATE TABLE rooms ("
            " id {pk},"
            " name TEXT NOT NULL UNIQUE,"
            " ruleset TEXT NOT NULL,"
            " house_yaml TEXT,"
            " created_at {ts} NOT NULL)",
            "CREATE TABLE members ("
            " room_id {ref} NOT NULL REFERENCES rooms (id),"
            " person_id {ref} NOT NULL REFERENCES people (id),"
            " role TEXT NOT NULL,"
            " PRIMARY KEY (room_id, person_id))",
            "CREATE INDEX members_by_person ON members (person_id)",
            "CREATE TABLE invites ("
            " id {pk},"
            " room_id {ref} NOT NULL REFERENCES rooms (id),"
            " code_hash TEXT NOT NULL UNIQUE,"
            " role TEXT NOT NULL,"
            " created_by {ref} REFERENCES people (id),"
            " created_at {ts} NOT NULL,"
            " expires_at {ts} NOT NULL,"
            " used_at {ts},"
            " used_by {ref} REFERENCES people (id))",
            "CREATE TABLE assignments ("
            " id {pk},"
            " room_id {ref} NOT NULL REFERENCES rooms (id),"
            " title TEXT NOT NULL,"
            " topics TEXT NOT NULL,"
            " length INTEGER NOT NULL,"
            " due_on TEXT,"
            " created_by {ref} REFERENCES people (id),"
            " created_at {ts} NOT NULL)",
            "CREATE INDEX assignments_by_room ON assignments (room_id)",
            "CREATE TABLE room_scenarios ("
            " id {pk},"
            " room_id {ref} NOT NULL REFERENCES rooms (id),"
            " scenario_id TEXT NOT NULL,"
            " yaml TEXT NOT NULL,"
            " uploaded_by {ref} REFERENCES people (id),"
            " uploaded_at {ts} NOT NULL,"
            " UNIQUE (room_id, scenario_id))",
            # a quiz, review or drill taken in the browser: what it asks (plan, JSON) and each
            # answer as given, so that a reload or a dropped connection loses nothing
            "CREATE TABLE runs ("
            " id {pk},"
            " person_id {ref} NOT NULL REFERENCES people (id),"
            " room_id {ref} NOT NULL REFERENCES rooms (id),"
            " mode TEXT NOT NULL,"
            " assignment_id {ref} REFERENCES assignments (id),"
            " plan TEXT NOT NULL,"
            " session_id {ref} REFERENCES sessions (id),"
            " created_at {ts} NOT NULL,"
            " finished_at {ts})",
            "CREATE INDEX runs_by_person ON runs (person_id, created_at)",
            "CREATE TABLE run_answers ("
            " run_id {ref} NOT NULL REFERENCES runs (id),"
            " position INTEGER NOT NULL,"
            " answer TEXT NOT NULL,"
            " correct {bool} NOT NULL,"
            " answered_at {ts} NOT NULL,"
            " PRIMARY KEY (run_id, position))",
            "CREATE TABLE settings ( key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        ),
    ),
)

#: the schema version this tool writes
SCHEMA_VERSION = len(MIGRATIONS)


# --- the two databases ------------------------------------------------------------------------


class _Database(Protocol):
    """A connection to SQLite or PostgreSQL. Statements are written with ``?`` placeholders
    (and no ``?`` or ``%`` anywhere else); ``transaction()`` is one committed write."""

    dialect: str
    errors: tuple[type[Exception], ...]

    def execute(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]: ...

    def insert(self, sql: str, params: tuple[Any, ...]) -> int: ...

    def transaction(self) -> AbstractContextManager[None]: ...

    def close(self) -> None: ...


class _Sqlite:
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
        except BaseException:
            self.conn.close()
            raise

    def execute(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        return self.conn.execute(sql, params).fetchall()

    def insert(self, sql: str, params: tuple[Any, ...]) -> int:
        cursor = self.conn.execute(sql, params)
        assert cursor.lastrowid is not None
        return cursor.lastrowid

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


class _Postgres:
    dialect = "postgresql"

    def __init__(self, url: str) -> None:
        try:
            import psycopg
        except ImportError:
            raise StoreError(
                "a PostgreSQL progress store needs psycopg, which is not installed: "
                "install dealer-trainer[postgres] (pip install 'dealer-trainer[postgres]')"
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
    import platformdirs

    return str(platformdirs.user_data_path("dealer-trainer") / "progress.sqlite3")


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


def _conninfo_password(text: str) -> str | None:
    """The password as the PostgreSQL driver reads it (URL or ``key=value`` form), or None
    (no psycopg, or a string it cannot read)."""
    if not (text.startswith(_POSTGRES_SCHEMES) or "password" in text.lower()):
        return None
    try:
        from psycopg.conninfo import conninfo_to_dict

        password = conninfo_to_dict(text).get("password")
    except Exception:  # no psycopg, or a malformed string: the other rules still apply
        return None
    return str(password) if password else None


def _secrets(target: str) -> list[str]:
    """Every form of the password ``target`` holds, longest first: as written in the URL,
    percent-decoded, and as the driver reads it."""
    from urllib.parse import quote, unquote

    found: set[str] = set()
    for password in (_userinfo_password(target), _conninfo_password(target)):
        if password:
            found |= {password, unquote(password), quote(password, safe="")}
    return sorted((item for item in found if item), key=len, reverse=True)


def _redact(target: str) -> str:
    """``target`` for messages: any password replaced by ``***`` (and control characters
    escaped)."""
    from dealer_trainer.safetext import printable

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
    shown = re.sub(r"(?i)(password\s*=\s*)('(?:[^'\\]|\\.)*'|[^&\s]*)", r"\1***", shown)
    return printable(shown)


def open_store(target: str | os.PathLike[str] | None = None, *, create: bool = True) -> Store:
    """Open (and create or migrate) the store at ``target``: ``None`` for
    :func:`default_target`, a ``postgresql://`` (or ``postgres://``) URL, or an SQLite file
    path (its folders are created). Raises :class:`StoreError` when it cannot.

    ``create=False`` is for commands that only read: a store that does not exist (no SQLite
    file, or no schema in the database) is a StoreError, and nothing is created."""
    text = default_target() if target is None else os.fspath(target)
    store = Store(_connect(text, create=create), _redact(text))
    try:
        if create:
            store._migrate()
        else:
            store._open_existing()
    except BaseException:
        store.close()
        raise
    return store


def _check_postgres_url(text: str, shown: str) -> None:
    """Refuse a URL the driver cannot read, or whose password the driver would read wrong (an
    unencoded ``/ ? # @ %`` or space makes part of it a host, a port or a database name, and
    then an error message would show it): before connecting, without showing the password."""
    from urllib.parse import unquote

    try:
        from psycopg.conninfo import conninfo_to_dict

        parsed = conninfo_to_dict(text)
    except ImportError:
        return  # _Postgres says what to install
    except Exception as exc:
        # the driver quotes the piece it cannot read, which may be the password: drop quotes
        reason = re.sub(r'"[^"]*"', "a part of it", " ".join(str(exc).split()))
        raise StoreError(
            f"cannot connect to the progress store at {shown}: not a valid PostgreSQL URL "
            f"({_strip_secrets(reason, text)}); in a password, write / ? # @ % and spaces as "
            "%2F %3F %23 %40 %25 %20"
        ) from None
    written = _userinfo_password(text)
    if written is not None and unquote(written) != parsed.get("password"):
        raise StoreError(
            f"cannot connect to the progress store at {shown}: the URL's password holds a "
            "character the URL cannot carry as it is; write / ? # @ % and spaces in a password "
            "as %2F %3F %23 %40 %25 %20"
        )


def _connect(text: str, *, create: bool = True) -> _Database:
    """A connection to the database ``text`` names (no schema work)."""
    if not text.strip():
        raise StoreError("no progress store given: name an SQLite file or a PostgreSQL URL")
    shown = _redact(text)
    if text.startswith(_POSTGRES_SCHEMES):
        _check_postgres_url(text, shown)
        try:
            return _Postgres(text)
        except StoreError:
            raise
        except Exception as exc:  # psycopg.Error, or a malformed URL
            raise StoreError(
                f"cannot connect to the progress store at {shown}: {_reason(exc, text)}"
            ) from None
    path = _sqlite_path(text, shown)
    if not create and path != ":memory:" and not Path(path).is_file():
        what = "a folder, not a file" if Path(path).is_dir() else "no such file"
        raise NoStore(
            f"cannot open the progress store at {shown}: {what}, so nothing has been recorded "
            f"there (reading never creates a store); check --db or ${ENV_VAR}"
        )
    try:
        if path != ":memory:" and create:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        return _Sqlite(path)
    except (OSError, sqlite3.Error) as exc:
        raise StoreError(
            f"cannot open the progress store at {shown}: {_reason(exc, text)}"
        ) from None


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


def _reason(exc: BaseException, target: str) -> str:
    """The error's message on one line, without any password from ``target``."""
    reason = " ".join(str(exc).split()) or type(exc).__name__
    if isinstance(exc, OSError) and exc.strerror:
        reason = exc.strerror + (f": {exc.filename}" if exc.filename else "")
    return _redact(_strip_secrets(reason, target))


# --- the store ------------------------------------------------------------------------------------


def _utc(when: datetime) -> datetime:
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)


def _now() -> datetime:
    return datetime.now(UTC)


def _trainee_name(trainee: str) -> str:
    name = trainee.strip()
    if not name:
        raise StoreError("a trainee needs a name: the name given is empty")
    return name


class Store:
    """An open progress store; a context manager that closes it on exit."""

    #: where the store is, for messages (a URL's password is replaced by ``***``)
    target: str

    def __init__(self, db: _Database, target: str) -> None:
        self._db = db
        self.target = target
        self._closed = False

    # --- context manager

    def __enter__(self) -> Store:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """Close the connection (idempotent)."""
        if not self._closed:
            self._closed = True
            with suppress(*self._db.errors):
                self._db.close()

    # --- writing

    def start_session(self, trainee: str, mode: str) -> int:
        """Start a session of ``trainee`` (created on first use) in ``mode``; its id."""
        name = _trainee_name(trainee)
        _check_mode(mode)
        now = self._to_db_time(_now())
        with self._writing("start a session"):
            trainee_id = self._trainee_id(name, now)
            return self._db.insert(
                "INSERT INTO sessions (trainee_id, mode, started_at) VALUES (?, ?, ?)",
                (trainee_id, mode, now),
            )

    def record(self, session: int, answer: Answer) -> None:
        """Keep ``answer``, given in ``session``, and update the trainee's review card for its
        item: one transaction, committed before this returns."""
        _check_mode(answer.mode)
        if not answer.item.strip():
            raise StoreError("an answer needs an item: the item given is empty")
        with self._writing("record an answer"):
            self._record_rows(session, answer)

    def _record_rows(self, session: int, answer: Answer) -> None:
        """:meth:`record`'s statements, inside a transaction the caller holds (a browser run
        keeps its own row of the answer in the same transaction)."""
        _check_mode(answer.mode)
        when = _now() if answer.answered_at is None else _utc(answer.answered_at)
        rows = self._db.execute(
            "SELECT s.trainee_id, t.name FROM sessions s"
            " JOIN trainees t ON t.id = s.trainee_id WHERE s.id = ?",
            (session,),
        )
        if not rows:
            raise StoreError(f"there is no session {session} in the progress store")
        trainee_id, name = int(rows[0][0]), str(rows[0][1])
        given_name = answer.trainee.strip()
        if given_name and given_name != name:
            from dealer_trainer.safetext import excerpt

            raise StoreError(
                f"session {session} is {excerpt(name)}'s, not {excerpt(given_name)}'s: "
                "start a session for that trainee"
            )
        self._db.insert(
            "INSERT INTO answers (session_id, trainee_id, item, topic, mode, correct,"
            " ruleset, difficulty, given, expected, seconds, answered_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                session,
                trainee_id,
                answer.item,
                answer.topic,
                answer.mode,
                bool(answer.correct),
                answer.ruleset,
                answer.difficulty,
                answer.given,
                answer.expected,
                answer.seconds,
                self._to_db_time(when),
            ),
        )
        self._review(trainee_id, answer.item, answer.topic, bool(answer.correct), when)

    def finish_session(self, session: int) -> None:
        """Mark ``session`` finished (now)."""
        with self._writing("finish a session"):
            rows = self._db.execute("SELECT id FROM sessions WHERE id = ?", (session,))
            if not rows:
                raise StoreError(f"there is no session {session} in the progress store")
            self._db.execute(
                "UPDATE sessions SET finished_at = ? WHERE id = ?",
                (self._to_db_time(_now()), session),
            )

    # --- reading

    def answers(
        self, trainee: str | None = None, since: datetime | date | None = None
    ) -> list[Answer]:
        """The answers kept, oldest first: all, or one trainee's; all, or those given at or
        after ``since`` (a date means its first moment, UTC)."""
        sql = f"SELECT {self.ANSWER_COLUMNS} FROM answers a JOIN trainees t ON t.id = a.trainee_id"
        where: list[str] = []
        params: list[Any] = []
        if trainee is not None:
            where.append("t.name = ?")
            params.append(trainee.strip())
        if since is not None:
            if not isinstance(since, datetime):
                since = datetime.combine(since, time(), UTC)
            where.append("a.answered_at >= ?")
            params.append(self._to_db_time(_utc(since)))
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY a.answered_at, a.id"
        with self._reading("read the answers"):
            rows = self._db.execute(sql, tuple(params))
        return [self._answer(row) for row in rows]

    #: the columns :meth:`_answer` reads, in its order (``a`` the answers, ``t`` the trainees)
    ANSWER_COLUMNS = (
        "t.name, a.item, a.topic, a.mode, a.correct, a.ruleset, a.difficulty,"
        " a.given, a.expected, a.seconds, a.answered_at, a.session_id"
    )

    def _answer(self, row: tuple[Any, ...]) -> Answer:
        """An answer from a row of :attr:`ANSWER_COLUMNS`."""
        name, item, topic, mode, correct, ruleset, difficulty, given, expected = row[:9]
        seconds, answered_at, session = row[9:]
        return Answer(
            trainee=str(name),
            item=str(item),
            topic=str(topic),
            mode=str(mode),
            correct=bool(correct),
            ruleset=str(ruleset),
            difficulty=None if difficulty is None else int(difficulty),
            given=str(given),
            expected=str(expected),
            seconds=None if seconds is None else float(seconds),
            answered_at=self._from_db_time(answered_at),
            session=int(session),
        )

    def trainees(self) -> list[str]:
        """Every trainee's name, sorted."""
        with self._reading("read the trainees"):
            rows = self._db.execute("SELECT name FROM trainees", ())
        return sorted(str(name) for (name,) in rows)

    def due(self, trainee: str, now: datetime | None = None, limit: int | None = None) -> list[Due]:
        """``trainee``'s items due for review at ``now``: the items last answered wrong first,
        then the longest overdue first."""
        at = _now() if now is None else _utc(now)
        if limit is not None and limit <= 0:
            return []
        sql = (
            "SELECT c.item, c.topic, c.due, c.missed FROM review_cards c"
            " JOIN trainees t ON t.id = c.trainee_id"
            " WHERE t.name = ? AND c.due <= ?"
            " ORDER BY c.missed DESC, c.due, c.item"
        )
        params: tuple[Any, ...] = (trainee.strip(), self._to_db_time(at))
        if limit is not None:
            sql += " LIMIT ?"
            params = (*params, int(limit))
        with self._reading("read the reviews due"):
            rows = self._db.execute(sql, params)
        return [
            Due(item=item, topic=topic, due=self._from_db_time(due), missed=bool(missed))
            for item, topic, due, missed in rows
        ]

    def next_due(self, trainee: str) -> datetime | None:
        """When ``trainee``'s next review item falls due (None: nothing scheduled)."""
        sql = (
            "SELECT MIN(c.due) FROM review_cards c JOIN trainees t ON t.id = c.trainee_id"
            " WHERE t.name = ?"
        )
        with self._reading("read the next review"):
            rows = self._db.execute(sql, (trainee.strip(),))
        value = rows[0][0] if rows else None
        return None if value is None else self._from_db_time(value)

    # --- inside

    @contextmanager
    def _reading(self, doing: str) -> Iterator[None]:
        if self._closed:
            raise StoreError(f"cannot {doing}: the progress store at {self.target} is closed")
        try:
            yield
        except self._db.errors as exc:
            raise StoreError(
                f"cannot {doing} in the progress store at {self.target}: "
                f"{_reason(exc, self.target)}"
            ) from None

    @contextmanager
    def _writing(self, doing: str) -> Iterator[None]:
        with self._reading(doing), self._db.transaction():
            yield

    def _to_db_time(self, when: datetime) -> Any:
        when = _utc(when)
        if self._db.dialect == "sqlite":
            # fixed width, so that text order is time order
            return when.isoformat(timespec="microseconds")
        return when

    def _from_db_time(self, value: Any) -> datetime:
        if isinstance(value, datetime):
            return _utc(value)
        return _utc(datetime.fromisoformat(str(value)))

    def _trainee_id(self, name: str, now: Any) -> int:
        self._db.execute(
            "INSERT INTO trainees (name, created_at) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
            (name, now),
        )
        rows = self._db.execute("SELECT id FROM trainees WHERE name = ?", (name,))
        return int(rows[0][0])

    def _review(
        self, trainee_id: int, item: str, topic: str, correct: bool, when: datetime
    ) -> None:
        """Update (or create) the trainee's review card for ``item`` after an answer."""
        from dealer_trainer.training.review import next_card

        lock = " FOR UPDATE" if self._db.dialect == "postgresql" else ""
        rows = self._db.execute(
            f"SELECT card FROM review_cards WHERE trainee_id = ? AND item = ?{lock}",
            (trainee_id, item),
        )
        card, due = next_card(str(rows[0][0]) if rows else None, correct, when)
        self._db.execute(
            "INSERT INTO review_cards (trainee_id, item, topic, card, due, missed, reviewed_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (trainee_id, item) DO UPDATE SET topic = excluded.topic,"
            " card = excluded.card, due = excluded.due, missed = excluded.missed,"
            " reviewed_at = excluded.reviewed_at",
            (
                trainee_id,
                item,
                topic,
                card,
                self._to_db_time(due),
                not correct,
                self._to_db_time(when),
            ),
        )

    def check_writable(self) -> None:
        """Raise :class:`StoreError` now if answers cannot be kept (a read-only file or
        folder, a read-only database or user): a session checks this before its first
        question, so that no answer is lost. Writes a row and rolls it back."""
        with suppress(_RolledBack), self._writing("keep answers"):
            self._db.execute(
                "INSERT INTO schema_version (version, description, applied_at) VALUES (?, ?, ?)",
                (0, "write check (rolled back)", self._to_db_time(_now())),
            )
            raise _RolledBack

    def _open_existing(self) -> None:
        """For reading only: the schema must be there already (it is brought up to date if
        it is older); a database without it is no progress store."""
        self._check_schema_exists()
        version = self._version()
        if version is None:
            raise NoStore(
                f"cannot open the progress store at {self.target}: the database holds no "
                "dealer-trainer tables, so nothing has been recorded there (reading never "
                f"creates a store); check --db or ${ENV_VAR}"
            )
        self._refuse_newer(version)
        if version < SCHEMA_VERSION:
            self._migrate()

    def _check_schema_exists(self) -> None:
        """PostgreSQL: the schema the URL's search_path names must exist (else every statement
        fails with "no schema has been selected")."""
        if self._db.dialect != "postgresql":
            return
        with self._reading("read the schema"):
            rows = self._db.execute("SELECT current_schema()", ())
            if rows and rows[0][0] is not None:
                return
            path = self._db.execute("SHOW search_path", ())
        from dealer_trainer.safetext import excerpt

        named = excerpt(str(path[0][0])) if path else "''"
        raise StoreError(
            f"cannot use the progress store at {self.target}: no schema of its search_path "
            f"({named}) exists in the database; create it (CREATE SCHEMA name) or correct the "
            "URL's options=-csearch_path=..."
        )

    def _version(self) -> int | None:
        """The schema version, or ``None`` when there is no schema yet (or it cannot be read
        without the lock)."""
        try:
            rows = self._db.execute("SELECT MAX(version) FROM schema_version", ())
        except self._db.errors:
            return None
        return int(rows[0][0]) if rows and rows[0][0] is not None else None

    def _refuse_newer(self, version: int) -> None:
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"the progress store at {self.target} has schema version {version}, newer than "
                f"this dealer-trainer knows ({SCHEMA_VERSION}): upgrade dealer-trainer"
            )

    def _migrate(self, upto: int = SCHEMA_VERSION) -> None:
        """Create the schema, or bring it up to ``upto`` (:data:`SCHEMA_VERSION`), under a
        lock."""
        self._check_schema_exists()
        version = self._version()
        if version is not None:
            self._refuse_newer(version)
            if version >= upto:
                return
        types = _TYPES[self._db.dialect]
        with self._writing("prepare the schema"):
            if self._db.dialect == "postgresql":
                # one migrating process per schema at a time; released at commit
                self._db.execute(
                    "SELECT pg_advisory_xact_lock(hashtext("
                    "'dealer-trainer schema ' || coalesce(current_schema(), '')))",
                    (),
                )
            self._db.execute(_SCHEMA_VERSION_TABLE.format(**types), ())
            rows = self._db.execute("SELECT MAX(version) FROM schema_version", ())
            current = int(rows[0][0]) if rows[0][0] is not None else 0
            self._refuse_newer(current)
            for migration in MIGRATIONS[current:upto]:
                for statement in migration.statements:
                    self._db.execute(statement.format(**types), ())
                if migration.backfill is not None:
                    migration.backfill(self)
                self._db.execute(
                    "INSERT INTO schema_version (version, description, applied_at)"
                    " VALUES (?, ?, ?)",
                    (migration.version, migration.description, self._to_db_time(_now())),
                )


class _RolledBack(Exception):
    """Raised inside a transaction to roll it back (see :meth:`Store.check_writable`)."""


def _check_mode(mode: str) -> None:
    if mode not in MODES:
        from dealer_trainer.safetext import excerpt

        raise StoreError(f"unknown answer mode {excerpt(mode)}: use one of {', '.join(MODES)}")
