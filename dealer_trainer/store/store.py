"""The progress store: every answer a trainee gives, and when each item should come back.

A store is an SQLite file (by default ``progress.sqlite3`` in the user's data folder) or, for a
group of training rooms sharing one database, a PostgreSQL database given by URL::

    with open_store(scheduler=next_card) as store:     # $DEALER_TRAINER_DB, else the default
        session = store.start_session("Ana", "quiz")
        store.record(session, Answer("Ana", "premature-turn-basic", "premature-turn", "quiz",
                                     correct=False))
        store.finish_session(session)
        store.due("Ana")                               # what to review now, misses first

The store imports nothing above it: the spaced-repetition step that turns an answer into the
trainee's next review card (:func:`dealer_trainer.training.review.next_card`) is handed to
:func:`open_store` as its ``scheduler``; :func:`dealer_trainer.training.progress.open_store`
opens a store with it. A store opened without one reads everything and writes everything but
answers.

Durability: :meth:`Store.record` writes the answer and the trainee's review card for the item
in one transaction and commits it before returning, so Ctrl-C or a crash never loses an answer
already given. Several sessions may write to one store at once (see
:mod:`dealer_trainer.store.adapters`); PostgreSQL uses an ``INSERT ... ON CONFLICT`` upsert for
the card.

Reading commands open a store with ``open_store(target, create=False)``: a store that does not
exist is an error, never an empty store made on the spot. :meth:`Store.check_writable` finds a
store that cannot be written (a read-only file, a read-only database) before a session begins.
Times are stored in UTC (ISO 8601 text in SQLite, ``timestamptz`` in PostgreSQL); a naive
datetime given to the store is taken to be UTC.

A damaged row never makes a command fail: see :mod:`dealer_trainer.store.rows`.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from datetime import UTC, date, datetime, time
from types import TracebackType
from typing import Any

from dealer_trainer.errors import StoreError
from dealer_trainer.safetext import excerpt
from dealer_trainer.store import cards, skills, totals
from dealer_trainer.store.adapters import (
    ENV_VAR,
    STREAM_BATCH,
    Database,
    NoStore,
    connect,
    default_target,
    reason,
    redact,
)
from dealer_trainer.store.adapters import now as _now
from dealer_trainer.store.adapters import utc as _utc
from dealer_trainer.store.migrations import MIGRATIONS, SCHEMA_VERSION, SCHEMA_VERSION_TABLE, TYPES
from dealer_trainer.store.records import Answer, Due, Scheduler, VerdictGrader, check_mode
from dealer_trainer.store.rows import (
    DamagedRow,
    card_due,
    db_time,
    read_time,
    time_or_fail,
    warn,
)
from dealer_trainer.store.schemas import check_schema_exists, refuse_newer, stored_version

__all__ = ["Store", "open_store"]


def open_store(
    target: str | os.PathLike[str] | None = None,
    *,
    create: bool = True,
    scheduler: Scheduler | None = None,
    verdicts: VerdictGrader | None = None,
) -> Store:
    """Open (and create or migrate) the store at ``target``: ``None`` for
    :func:`~dealer_trainer.store.adapters.default_target`, a ``postgresql://`` (or
    ``postgres://``) URL, or an SQLite file path (its folders are created). Raises
    :class:`StoreError` when it cannot. ``scheduler`` computes review cards (needed to record
    answers, and to bring a store from before review cards up to date); ``verdicts`` grades the
    exam attempts submitted before their verdicts were kept, once (:mod:`.exam_verdicts`).

    ``create=False`` is for commands that only read: a store that does not exist (no SQLite
    file, or no schema in the database) is a StoreError, and nothing is created."""
    text = default_target() if target is None else os.fspath(target)
    store = Store(
        connect(text, create=create), redact(text), scheduler=scheduler, verdicts=verdicts
    )
    try:
        if create:
            store.migrate()
        else:
            store._open_existing()
    except BaseException:
        store.close()
        raise
    return store


def _trainee_name(trainee: str) -> str:
    name = trainee.strip()
    if not name:
        raise StoreError("a trainee needs a name: the name given is empty")
    return name


class Store:
    """An open progress store; a context manager that closes it on exit."""

    #: where the store is, for messages (a URL's password is replaced by ``***``)
    target: str

    def __init__(
        self,
        db: Database,
        target: str,
        *,
        scheduler: Scheduler | None = None,
        verdicts: VerdictGrader | None = None,
    ) -> None:
        self._db = db
        self.target = target
        self._scheduler = scheduler
        #: grades an exam attempt submitted before verdicts were kept (the migration's backfill)
        self._verdicts = verdicts
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
        check_mode(mode)
        now = self._to_db_time(_now())
        with self._writing("start a session"):
            trainee_id = self._trainee_id(name, now)
            return self._db.insert(
                "INSERT INTO sessions (trainee_id, mode, started_at) VALUES (?, ?, ?)",
                (trainee_id, mode, now),
            )

    def record(self, session: int, answer: Answer) -> None:
        """Keep ``answer``, given in ``session``, and the trainee's review card for its item (a
        drill pick: per skill, :mod:`.skills`): one transaction, committed before returning."""
        check_mode(answer.mode)
        if not answer.item.strip():
            raise StoreError("an answer needs an item: the item given is empty")
        with self._writing("record an answer"):
            self._record_rows(session, answer)

    def _record_rows(self, session: int, answer: Answer) -> None:
        """:meth:`record`'s statements, inside a transaction the caller holds (a browser run
        keeps its own row of the answer in the same transaction)."""
        check_mode(answer.mode)
        when = _now() if answer.answered_at is None else _utc(answer.answered_at)
        rows = self._db.execute(
            # the room: the browser run's whose session it is (none: the terminal's)
            "SELECT s.trainee_id, t.name, (SELECT r.room_id FROM runs r WHERE r.session_id = s.id)"
            " FROM sessions s JOIN trainees t ON t.id = s.trainee_id WHERE s.id = ?",
            (session,),
        )
        if not rows:
            raise StoreError(f"there is no session {session} in the progress store")
        trainee_id, name, room_id = int(rows[0][0]), str(rows[0][1]), rows[0][2]
        given_name = answer.trainee.strip()
        if given_name and given_name != name:
            raise StoreError(
                f"session {session} is {excerpt(name)}'s, not {excerpt(given_name)}'s: "
                "start a session for that trainee"
            )
        if answer.mode == "drill":  # practice of a skill, never an item: kept apart
            skills.keep_drill_pick(self, session, trainee_id, room_id, answer, when)
            return
        self._db.insert(
            "INSERT INTO answers (session_id, trainee_id, item, topic, mode, correct,"
            " ruleset, difficulty, given, expected, seconds, answered_at, room_id)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
                room_id,
            ),
        )
        cards.review(self, trainee_id, answer.item, answer.topic, bool(answer.correct), when)
        totals.count_answer(
            self,
            trainee_id=trainee_id,
            room_id=room_id,
            item=answer.item,
            topic=answer.topic,
            correct=bool(answer.correct),
            when=when,
        )

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
        kept: list[Answer] = []
        for row in rows:
            try:
                kept.append(self._answer(row))
            except DamagedRow as exc:  # one bad row must not hide the others
                warn(f"{exc}: left out")
        return kept

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
            answered_at=self._from_db_time(
                answered_at, f"an answer of {excerpt(str(name))} to {excerpt(str(item))}"
            ),
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
            " WHERE t.name = ? AND (c.due <= ?"
            # SQLite: text that sorts after every time is no time (a damaged card: due now)
            + (" OR c.due > '9')" if self._db.dialect == "sqlite" else ")")
            + " ORDER BY c.missed DESC, c.due, c.item"
        )
        params: tuple[Any, ...] = (trainee.strip(), self._to_db_time(at))
        if limit is not None:
            sql += " LIMIT ?"
            params = (*params, int(limit))
        with self._reading("read the reviews due"):
            rows = self._db.execute(sql, params)
        found: list[Due] = []
        for item, topic, due, missed in rows:
            when = card_due(due, self.target, trainee, item, at)
            if when <= at:  # a time kept as a number sorts before any text in SQLite
                found.append(Due(item=item, topic=topic, due=when, missed=bool(missed)))
        return found

    def next_due(self, trainee: str) -> datetime | None:
        """When ``trainee``'s next review item falls due (None: nothing scheduled)."""
        sql = (
            "SELECT MIN(c.due) FROM review_cards c JOIN trainees t ON t.id = c.trainee_id"
            " WHERE t.name = ?"
        )
        with self._reading("read the next review"):
            rows = self._db.execute(sql, (trainee.strip(),))
            value = rows[0][0] if rows else None
            if value is None or read_time(value) is not None:
                return None if value is None else self._from_db_time(value)
            # a damaged card: the earliest of them all, read one by one
            every = self._db.execute(
                "SELECT c.item, c.due FROM review_cards c JOIN trainees t ON t.id = c.trainee_id"
                " WHERE t.name = ?",
                (trainee.strip(),),
            )
        at = _now()
        return min(card_due(due, self.target, trainee, item, at) for item, due in every)

    # --- inside

    @contextmanager
    def _reading(self, doing: str) -> Iterator[None]:
        if self._closed:
            raise StoreError(f"cannot {doing}: the progress store at {self.target} is closed")
        try:
            yield
        except self._db.errors as exc:
            raise StoreError(
                f"cannot {doing} in the progress store at {self.target}: {reason(exc, self.target)}"
            ) from None

    def _stream(
        self, doing: str, sql: str, params: tuple[Any, ...], batch: int = STREAM_BATCH
    ) -> Iterator[tuple[Any, ...]]:
        """The rows of a query, ``batch`` at a time (constant memory), errors as for reading."""
        with self._reading(doing):
            yield from self._db.stream(sql, params, batch)

    @contextmanager
    def _writing(self, doing: str) -> Iterator[None]:
        with self._reading(doing), self._db.transaction():
            yield

    def _to_db_time(self, when: datetime) -> Any:
        return db_time(self._db.dialect, when)

    def _from_db_time(self, value: Any, what: str = "a row") -> datetime:
        """A time read from the store; :class:`~dealer_trainer.store.rows.DamagedRow`, naming
        ``what`` holds it, when it cannot be read."""
        return time_or_fail(value, self.target, what)

    def _trainee_id(self, name: str, now: Any) -> int:
        self._db.execute(
            "INSERT INTO trainees (name, created_at) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
            (name, now),
        )
        rows = self._db.execute("SELECT id FROM trainees WHERE name = ?", (name,))
        return int(rows[0][0])

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
        check_schema_exists(self)
        version = self._version()
        if version is None:
            raise NoStore(
                f"cannot open the progress store at {self.target}: the database holds no "
                "dealer-trainer tables, so nothing has been recorded there (reading never "
                f"creates a store); check --db or ${ENV_VAR}"
            )
        self._refuse_newer(version)
        if version < SCHEMA_VERSION:
            self.migrate()

    @property
    def dialect(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self._db.dialect

    def schema_version(self) -> int | None:
        """The version of the store's schema (None: it has none yet)."""
        with self._reading("read the schema version"):
            return self._version()

    def _version(self) -> int | None:
        return stored_version(self)

    def _refuse_newer(self, version: int) -> None:
        refuse_newer(self.target, version, SCHEMA_VERSION)

    def migrate(self, upto: int = SCHEMA_VERSION) -> None:
        """Create the schema, or bring it up to ``upto`` (:data:`SCHEMA_VERSION`, what opening
        a store does; an older version only to test an upgrade), under a lock."""
        check_schema_exists(self)
        version = self._version()
        if version is not None:
            self._refuse_newer(version)
            if version >= upto:
                return
        types = TYPES[self._db.dialect]
        with self._writing("prepare the schema"):
            if self._db.dialect == "postgresql":
                # one migrating process per schema at a time; released at commit
                self._db.execute(
                    "SELECT pg_advisory_xact_lock(hashtext("
                    "'dealer-trainer schema ' || coalesce(current_schema(), '')))",
                    (),
                )
            self._db.execute(SCHEMA_VERSION_TABLE.format(**types), ())
            rows = self._db.execute("SELECT MAX(version) FROM schema_version", ())
            current = int(rows[0][0]) if rows[0][0] is not None else 0
            self._refuse_newer(current)
            for migration in MIGRATIONS[current:upto]:
                own = migration.dialects.get(self._db.dialect, ())
                for statement in (*migration.statements, *own):
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
