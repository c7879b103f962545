"""Exam attempts as kept in the store (DESIGN.md, contract 3): the exact items and option
order each attempt drew (its plan, as JSON), each answer as it is given, and the result. The
blueprints uploaded to a room and the exams assigned are :mod:`.exam_rooms`'.

The server keeps the clock: an attempt's deadline is computed when it starts and kept with it,
so the time limit holds across a restart. An answer is refused after the deadline, after the
attempt is submitted, or at a position outside its plan; a second submit is refused. Grading
is the caller's (a callable handed to :func:`submit`, run in the same transaction as the
answers it grades, so no answer slips in between); the verdict at each position is kept with
the score, once (:mod:`.exam_verdicts` reads them). What a blueprint or a plan means is decided
above the store, in :mod:`dealer_trainer.training.exam.attempts`.

A blueprint's text is kept once by its digest (``upload_texts``), with the attempt that used
it, so an attempt can be read again whatever became of its file.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from dealer_trainer.errors import DealerTrainerError, UsageError
from dealer_trainer.store.adapters import now as _now
from dealer_trainer.store.certificates import NewCertificate
from dealer_trainer.store.certificates import _insert as _issue
from dealer_trainer.store.uploads import _keep_text

if TYPE_CHECKING:
    from dealer_trainer.store.store import Store

__all__ = [
    "AttemptAnswer",
    "AttemptRefused",
    "Certifier",
    "ExamVerdict",
    "Graded",
    "Grader",
    "StoredAttempt",
    "answer",
    "attempt",
    "attempt_answers",
    "attempts_of",
    "keep_verdicts",
    "open_attempt",
    "results",
    "start_attempt",
    "submit",
]


class AttemptRefused(DealerTrainerError):
    """An attempt that may not start (no attempt left in the validity period), or an answer
    or a submit the attempt no longer takes (time is up, it is submitted). Exit code 3 in the
    terminal: not bad input, a refusal."""

    exit_code = 3


@dataclass(frozen=True, slots=True, kw_only=True)
class StoredAttempt:
    """An attempt as kept: whose, which exam, the plan it drew (JSON), its clock and result."""

    id: int
    trainee: str
    room_id: int | None
    assignment_id: int | None
    exam_id: str
    title: str
    digest: str
    seed: int
    plan: str
    items: int
    started_at: datetime
    deadline: datetime
    submitted_at: datetime | None
    right: int | None
    passed: bool | None

    @property
    def submitted(self) -> bool:
        return self.submitted_at is not None

    def expired(self, when: datetime) -> bool:
        """Whether time is up at ``when`` (and the attempt not submitted)."""
        return self.submitted_at is None and when >= self.deadline

    @property
    def score_percent(self) -> float | None:
        """The share of items answered right, in percent (None: not submitted)."""
        if self.right is None or not self.items:
            return None
        return round(100 * self.right / self.items, 1)


@dataclass(frozen=True, slots=True, kw_only=True)
class AttemptAnswer:
    """One answer of an attempt: the item's position (from 1) and the answer as given (option
    values in the attempt's terms, or the number typed)."""

    position: int
    answer: tuple[str, ...]
    answered_at: datetime


# --- attempts ----------------------------------------------------------------------------------

_COLUMNS = (
    "a.id, t.name, a.room_id, a.assignment_id, a.exam_id, a.title, a.digest, a.seed,"
    " a.plan, a.items, a.started_at, a.deadline, a.submitted_at, a.answered_right, a.passed"
)
_FROM = " FROM exam_attempts a JOIN trainees t ON t.id = a.trainee_id"
_ATTEMPT = "SELECT " + _COLUMNS + _FROM


def _attempt(store: Store, row: tuple[Any, ...]) -> StoredAttempt:
    (number, name, room, assignment, exam, title, digest, seed, plan, items) = row[:10]
    started, deadline, submitted, right, passed = row[10:]
    return StoredAttempt(
        id=int(number),
        trainee=str(name),
        room_id=None if room is None else int(room),
        assignment_id=None if assignment is None else int(assignment),
        exam_id=str(exam),
        title=str(title),
        digest=str(digest),
        seed=int(seed),
        plan=str(plan),
        items=int(items),
        started_at=store._from_db_time(started),
        deadline=store._from_db_time(deadline),
        submitted_at=None if submitted is None else store._from_db_time(submitted),
        right=None if right is None else int(right),
        passed=None if passed is None else bool(passed),
    )


def _lock(store: Store) -> str:
    return " FOR UPDATE" if store._db.dialect == "postgresql" else ""


def start_attempt(
    store: Store,
    *,
    trainee: str,
    exam_id: str,
    title: str,
    text: str,
    seed: int,
    plan: str,
    items: int,
    time_limit: timedelta,
    limit: int,
    since: datetime,
    room_id: int | None = None,
    assignment_id: int | None = None,
    now: datetime | None = None,
) -> StoredAttempt:
    """Start an attempt of ``trainee`` at the exam ``exam_id`` (the blueprint ``text``), with
    the ``plan`` drawn (``items`` of them); its deadline is ``now + time_limit``. Refused
    (:class:`AttemptRefused`) when the trainee has started ``limit`` attempts at that exam
    since ``since`` (its validity period): counted and kept under one lock, so two starts at
    once cannot both slip under the limit."""
    at = now or _now()
    with store._writing("start an attempt"):
        trainee_id = store._trainee_id(trainee.strip(), store._to_db_time(at))
        store._db.execute(f"SELECT id FROM trainees WHERE id = ?{_lock(store)}", (trainee_id,))
        rows = store._db.execute(
            "SELECT COUNT(*) FROM exam_attempts WHERE trainee_id = ? AND exam_id = ?"
            " AND started_at > ?",
            (trainee_id, exam_id, store._to_db_time(since)),
        )
        used = int(rows[0][0])
        if used >= limit:
            raise AttemptRefused(
                f"{trainee.strip()} has used {used} of {limit} attempt(s) at {exam_id!r} in its "
                f"validity period; no attempt is left until the earliest of them is older than "
                "the exam's validity"
            )
        digest = _keep_text(store, text)
        number = store._db.insert(
            "INSERT INTO exam_attempts (trainee_id, room_id, assignment_id, exam_id, title,"
            " digest, seed, plan, items, started_at, deadline)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                trainee_id,
                room_id,
                assignment_id,
                exam_id,
                title,
                digest,
                seed,
                plan,
                items,
                store._to_db_time(at),
                store._to_db_time(at + time_limit),
            ),
        )
    found = attempt(store, number)
    assert found is not None
    return found


def attempt(store: Store, attempt_id: int, *, trainee: str | None = None) -> StoredAttempt | None:
    """The attempt numbered ``attempt_id`` (with ``trainee``: only if it is theirs)."""
    sql = _ATTEMPT + " WHERE a.id = ?"
    params: list[Any] = [attempt_id]
    if trainee is not None:
        sql += " AND t.name = ?"
        params.append(trainee.strip())
    with store._reading("read an attempt"):
        rows = store._db.execute(sql, tuple(params))
    return _attempt(store, rows[0]) if rows else None


def open_attempt(
    store: Store, *, trainee: str, exam_id: str, assignment_id: int | None = None
) -> StoredAttempt | None:
    """The trainee's latest attempt at the exam not yet submitted (None: none)."""
    sql = _ATTEMPT + " WHERE t.name = ? AND a.exam_id = ? AND a.submitted_at IS NULL"
    params: list[Any] = [trainee.strip(), exam_id]
    if assignment_id is not None:
        sql += " AND a.assignment_id = ?"
        params.append(assignment_id)
    with store._reading("read the open attempts"):
        rows = store._db.execute(sql + " ORDER BY a.id DESC LIMIT 1", tuple(params))
    return _attempt(store, rows[0]) if rows else None


def attempt_answers(store: Store, attempt_id: int) -> list[AttemptAnswer]:
    """The attempt's answers, by position."""
    with store._reading("read an attempt's answers"):
        rows = store._db.execute(
            "SELECT position, answer, answered_at FROM exam_answers WHERE attempt_id = ?"
            " ORDER BY position",
            (attempt_id,),
        )
    return [
        AttemptAnswer(
            position=int(position),
            answer=tuple(str(part) for part in json.loads(str(given))),
            answered_at=store._from_db_time(when),
        )
        for position, given, when in rows
    ]


def _locked(store: Store, attempt_id: int) -> StoredAttempt:
    rows = store._db.execute(
        f"SELECT id FROM exam_attempts WHERE id = ?{_lock(store)}", (attempt_id,)
    )
    if not rows:
        raise UsageError("there is no such attempt")
    rows = store._db.execute(_ATTEMPT + " WHERE a.id = ?", (attempt_id,))
    return _attempt(store, rows[0])


def answer(
    store: Store,
    attempt_id: int,
    *,
    position: int,
    given: Sequence[str],
    now: datetime | None = None,
) -> None:
    """Keep ``given`` as the answer at ``position`` (from 1), replacing an earlier one.
    Refused after the deadline or the submit (:class:`AttemptRefused`: nothing kept changes),
    and for a position outside the plan (:class:`UsageError`)."""
    at = now or _now()
    with store._writing("keep an answer"):
        found = _locked(store, attempt_id)
        if not 1 <= position <= found.items:
            raise UsageError(f"this attempt has no item {position} (1 to {found.items})")
        if found.submitted:
            raise AttemptRefused("this attempt is submitted: its answers can no longer change")
        if at >= found.deadline:
            raise AttemptRefused("time is up: the answer came after the attempt's time limit")
        store._db.execute(
            "INSERT INTO exam_answers (attempt_id, position, answer, answered_at)"
            " VALUES (?, ?, ?, ?) ON CONFLICT (attempt_id, position) DO UPDATE SET"
            " answer = excluded.answer, answered_at = excluded.answered_at",
            (attempt_id, position, json.dumps(list(given)), store._to_db_time(at)),
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class ExamVerdict:
    """The verdict at one position (from 1) of a submitted attempt, kept by its submit."""

    position: int
    item: str
    #: the scenario's topic and difficulty ("" and None: gone from the bank by the submit)
    topic: str
    difficulty: int | None
    correct: bool
    #: the answer given and the right one, in words ("": left unanswered, or not gradable)
    given: str
    expected: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Graded:
    """A submit's grade: how many right, whether it passed, and the verdict per position."""

    right: int
    passed: bool
    verdicts: tuple[ExamVerdict, ...]


#: grading a submit: the answers given, to its grade
Grader = Callable[[list[AttemptAnswer]], Graded]
#: the certificate a submitted attempt earns (None: none)
Certifier = Callable[[StoredAttempt], NewCertificate | None]


def submit(
    store: Store,
    attempt_id: int,
    grade: Grader,
    *,
    certify: Certifier | None = None,
    now: datetime | None = None,
) -> StoredAttempt:
    """Submit the attempt: its answers are graded with ``grade``, the result and the verdict
    at each position kept and the certificate ``certify`` asks for issued, in one transaction
    (no answer slips in between, and a result is never kept without its verdicts or its
    certificate). An attempt whose time is up is
    submitted at its deadline with what was answered. A second submit is refused
    (:class:`AttemptRefused`), so two submits at once, from two requests or two processes,
    keep one result and issue at most one certificate: the attempt's row is locked first
    (SQLite: the write lock; PostgreSQL: ``FOR UPDATE``), and the later one finds it
    submitted."""
    at = now or _now()
    with store._writing("submit an attempt"):
        found = _locked(store, attempt_id)
        if found.submitted:
            raise AttemptRefused("this attempt is submitted already: it cannot be changed")
        rows = store._db.execute(
            "SELECT position, answer, answered_at FROM exam_answers WHERE attempt_id = ?"
            " ORDER BY position",
            (attempt_id,),
        )
        given = [
            AttemptAnswer(
                position=int(position),
                answer=tuple(str(part) for part in json.loads(str(text))),
                answered_at=store._from_db_time(when),
            )
            for position, text, when in rows
        ]
        graded = grade(given)
        store._db.execute(
            "UPDATE exam_attempts SET submitted_at = ?, answered_right = ?, passed = ?"
            " WHERE id = ? AND submitted_at IS NULL",
            (store._to_db_time(min(at, found.deadline)), graded.right, graded.passed, attempt_id),
        )
        keep_verdicts(store, attempt_id, graded.verdicts)
        if certify is not None:
            rows = store._db.execute(_ATTEMPT + " WHERE a.id = ?", (attempt_id,))
            earned = certify(_attempt(store, rows[0]))
            if earned is not None:
                _issue(store, earned)
    done = attempt(store, attempt_id)
    assert done is not None
    return done


def keep_verdicts(store: Store, attempt_id: int, verdicts: Sequence[ExamVerdict]) -> None:
    """Keep an attempt's verdicts, inside a transaction the caller holds (the submit's, or
    the migration's that grades attempts submitted before verdicts were kept)."""
    for line in verdicts:
        store._db.execute(
            "INSERT INTO exam_verdicts (attempt_id, position, item, topic, difficulty, correct,"
            " given, expected) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                attempt_id,
                line.position,
                line.item,
                line.topic,
                line.difficulty,
                line.correct,
                line.given,
                line.expected,
            ),
        )


def attempts_of(store: Store, trainee: str, *, exam_id: str | None = None) -> list[StoredAttempt]:
    """The trainee's attempts (at ``exam_id``, or at any exam), oldest first."""
    sql, params = _ATTEMPT + " WHERE t.name = ?", [trainee.strip()]
    if exam_id is not None:
        sql += " AND a.exam_id = ?"
        params.append(exam_id)
    with store._reading("read the attempts"):
        rows = store._db.execute(sql + " ORDER BY a.started_at, a.id", tuple(params))
    return [_attempt(store, row) for row in rows]


def results(
    store: Store, *, room_id: int | None = None, trainee: str | None = None
) -> list[StoredAttempt]:
    """Attempts (in ``room_id``, of ``trainee``; both None: every one), oldest first."""
    clauses: list[str] = []
    params: list[Any] = []
    if room_id is not None:
        clauses.append("a.room_id = ?")
        params.append(room_id)
    if trainee is not None:
        clauses.append("t.name = ?")
        params.append(trainee.strip())
    where = f" WHERE {' AND '.join(clauses)}" if clauses else ""
    with store._reading("read the exam results"):
        rows = store._db.execute(_ATTEMPT + where + " ORDER BY a.started_at, a.id", tuple(params))
    return [_attempt(store, row) for row in rows]
