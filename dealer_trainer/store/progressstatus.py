"""What a room's trainees did with their assignments, as kept: each browser run started from a
quiz assignment (how many of its items were answered, how many right), and each exam attempt
started from an exam assignment (its result and the certificate it earned). Whether that makes
an assignment done, in progress or overdue is decided above the store, in
:mod:`dealer_trainer.training.assignment_status`::

    quiz_sittings(store, room.id)                    # every trainee's, or person_id=...
    exam_sittings(store, room.id, person_id=ana.id)
    trainees(store, room.id)                         # (person id, name), by name
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from dealer_trainer.roles import Role

if TYPE_CHECKING:
    from dealer_trainer.store.store import Store

__all__ = ["ExamSitting", "QuizSitting", "exam_sittings", "quiz_sittings", "trainees"]


@dataclass(frozen=True, slots=True, kw_only=True)
class QuizSitting:
    """A browser run started from a quiz assignment."""

    assignment_id: int
    person_id: int
    run_id: int
    #: the run's plan (JSON): how many items it asks is read from it above the store
    plan: str
    started_at: datetime
    finished_at: datetime | None
    answered: int
    right: int
    #: the last answer's time (None: nothing answered)
    last_answer_at: datetime | None


@dataclass(frozen=True, slots=True, kw_only=True)
class ExamSitting:
    """An exam attempt started from an exam assignment, and its certificate if it earned one."""

    assignment_id: int
    person_id: int
    attempt_id: int
    started_at: datetime
    deadline: datetime
    submitted_at: datetime | None
    items: int
    right: int | None
    passed: bool | None
    certificate_id: str | None
    certificate_expires_at: datetime | None
    certificate_revoked_at: datetime | None
    #: why a trainer revoked it (None: not revoked)
    certificate_revoke_reason: str | None = None


def _time(store: Store, value: Any) -> datetime | None:
    return None if value is None else store._from_db_time(value)


def quiz_sittings(store: Store, room_id: int, *, person_id: int | None = None) -> list[QuizSitting]:
    """The runs started in the room from its quiz assignments (one person's, with
    ``person_id``), oldest first."""
    sql = (
        "SELECT r.assignment_id, r.person_id, r.id, r.plan, r.created_at, r.finished_at,"
        " (SELECT COUNT(*) FROM run_answers x WHERE x.run_id = r.id),"
        " (SELECT COUNT(*) FROM run_answers x WHERE x.run_id = r.id AND x.correct),"
        " (SELECT MAX(x.answered_at) FROM run_answers x WHERE x.run_id = r.id)"
        " FROM runs r JOIN assignments g ON g.id = r.assignment_id AND g.room_id = r.room_id"
        " WHERE r.room_id = ?"
    )
    params: list[Any] = [room_id]
    if person_id is not None:
        sql += " AND r.person_id = ?"
        params.append(person_id)
    with store._reading("read the assigned quizzes' runs"):
        rows = store._db.execute(sql + " ORDER BY r.created_at, r.id", tuple(params))
    return [
        QuizSitting(
            assignment_id=int(assignment),
            person_id=int(person),
            run_id=int(run),
            plan=str(plan),
            started_at=store._from_db_time(started),
            finished_at=_time(store, finished),
            answered=int(answered),
            right=int(right or 0),
            last_answer_at=_time(store, last),
        )
        for assignment, person, run, plan, started, finished, answered, right, last in rows
    ]


def exam_sittings(store: Store, room_id: int, *, person_id: int | None = None) -> list[ExamSitting]:
    """The attempts started in the room from its exam assignments (one person's, with
    ``person_id``), oldest first, each with the certificate it earned."""
    sql = (
        "SELECT a.assignment_id, p.id, a.id, a.started_at, a.deadline, a.submitted_at, a.items,"
        " a.answered_right, a.passed, c.id, c.expires_at, c.revoked_at, c.revoke_reason"
        " FROM exam_attempts a JOIN people p ON p.trainee_id = a.trainee_id"
        " JOIN exam_assignments g ON g.id = a.assignment_id AND g.room_id = a.room_id"
        " LEFT JOIN certificates c ON c.attempt_id = a.id"
        " WHERE a.room_id = ?"
    )
    params: list[Any] = [room_id]
    if person_id is not None:
        sql += " AND p.id = ?"
        params.append(person_id)
    with store._reading("read the assigned exams' attempts"):
        rows = store._db.execute(sql + " ORDER BY a.started_at, a.id", tuple(params))
    found: list[ExamSitting] = []
    for row in rows:
        assignment, person, attempt, started, deadline, submitted, items, right, passed = row[:9]
        certificate, expires, revoked, reason = row[9:]
        found.append(
            ExamSitting(
                assignment_id=int(assignment),
                person_id=int(person),
                attempt_id=int(attempt),
                started_at=store._from_db_time(started),
                deadline=store._from_db_time(deadline),
                submitted_at=_time(store, submitted),
                items=int(items),
                right=None if right is None else int(right),
                passed=None if passed is None else bool(passed),
                certificate_id=None if certificate is None else str(certificate),
                certificate_expires_at=_time(store, expires),
                certificate_revoked_at=_time(store, revoked),
                certificate_revoke_reason=None if reason is None else str(reason),
            )
        )
    return found


def trainees(store: Store, room_id: int) -> list[tuple[int, str]]:
    """The room's trainees (person id, name), by name."""
    with store._reading("read the room's trainees"):
        rows = store._db.execute(
            "SELECT p.id, t.name FROM members m JOIN people p ON p.id = m.person_id"
            " JOIN trainees t ON t.id = p.trainee_id"
            " WHERE m.room_id = ? AND m.role = ? ORDER BY t.name, p.id",
            (room_id, Role.TRAINEE.value),
        )
    return [(int(pid), str(name)) for pid, name in rows]
