"""Where each trainee stands with each assignment, screen-free: a quiz or an exam assigned
to a room (or, an exam, to one of its trainees) is **not started**, **in progress**, **done**
(with its score and date), **overdue** (its due date, or the exam's window, is past and it is
not done) or, an exam passed whose certificate has expired or was revoked, **expired** or
**revoked** (take it again). The
trainee's home, the trainer's dashboard and anything else that asks read it here::

    room_statuses(store, room.id)          # every trainee x assignment, overdue first
    person_statuses(store, person_id=ana.id, trainee="Ana", room_ids=[room.id])

When is it done?

- A quiz assignment: a run started from it with every item of its plan answered (a run
  stopped early is started, not done). Its score is right / asked of that run, its date the
  last answer's; of several such runs, the latest counts.
- An exam assignment: a submitted attempt (its score, and passed or not); a passed one counts
  before any other, then the latest. An attempt whose time ran out is submitted here first,
  as the exam's own pages do. A passed attempt whose certificate has expired puts the exam
  back: **expired**, to take again (recertification); one a trainer revoked, **revoked**
  (with when and the trainer's reason), to take again too.

A quiz due on a day is overdue from the end of that day, an exam from the end of its window
(both on the server's clock, as the exam's window is set). What the store keeps is
:mod:`dealer_trainer.store.progressstatus`'s.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time, timedelta
from enum import Enum
from typing import TYPE_CHECKING

from dealer_trainer.errors import DealerTrainerError
from dealer_trainer.store import exams as stored_exams
from dealer_trainer.store.adapters import now as _now
from dealer_trainer.store.adapters import utc
from dealer_trainer.store.assignments import Assignment, assignments
from dealer_trainer.store.exam_rooms import ExamAssignment, exam_assignments
from dealer_trainer.store.progressstatus import (
    ExamSitting,
    QuizSitting,
    exam_sittings,
    quiz_sittings,
    trainees,
)
from dealer_trainer.training.exam.attempts import settle
from dealer_trainer.training.runs.plans import Plan

if TYPE_CHECKING:
    from dealer_trainer.store.store import Store

__all__ = [
    "AssignmentStatus",
    "Kind",
    "State",
    "person_statuses",
    "quiz_due_at",
    "room_statuses",
]


class Kind(Enum):
    QUIZ = "quiz"
    EXAM = "exam"


class State(Enum):
    NOT_STARTED = "not started"
    IN_PROGRESS = "in progress"
    DONE = "done"
    OVERDUE = "overdue"
    #: an exam passed whose certificate has expired: to take again
    EXPIRED = "expired"
    #: an exam passed whose certificate a trainer revoked: to take again
    REVOKED = "revoked"


#: the dashboard's order: what needs chasing first
_URGENCY = {
    State.OVERDUE: 0,
    State.REVOKED: 1,
    State.EXPIRED: 1,
    State.IN_PROGRESS: 2,
    State.NOT_STARTED: 3,
    State.DONE: 4,
}


@dataclass(frozen=True, slots=True, kw_only=True)
class AssignmentStatus:
    """One trainee and one assignment."""

    kind: Kind
    assignment_id: int
    room_id: int
    title: str
    person_id: int
    trainee: str
    state: State
    #: when it falls overdue (a quiz: the end of its due day; an exam: its window's close);
    #: None: a quiz with no due date
    due_at: datetime | None
    #: an exam's window opens (None: a quiz)
    opens_at: datetime | None = None
    #: whether a run or an attempt was started (an overdue one may be)
    started: bool = False
    right: int | None = None
    asked: int | None = None
    #: when it was done (the last answer of a quiz run, an exam's submit)
    done_at: datetime | None = None
    #: an exam's result (None: a quiz, or not submitted)
    passed: bool | None = None
    #: a quiz run to carry on (unfinished), or the exam attempt that counts (or in progress)
    run_id: int | None = None
    attempt_id: int | None = None
    #: the certificate that expired (EXPIRED)
    expired_at: datetime | None = None
    #: the certificate a trainer revoked (REVOKED): when, and why (for the room's trainers)
    revoked_at: datetime | None = None
    revoke_reason: str | None = None
    #: a quiz assignment's topics and length, as assigned
    topics: tuple[str, ...] = ()
    length: int | None = None

    @property
    def score_percent(self) -> int | None:
        """Right answers out of asked, as a whole percentage (None: not done)."""
        if self.right is None or not self.asked:
            return None
        return round(100 * self.right / self.asked)

    @property
    def label(self) -> str:
        """The state in words, as the pages print it."""
        if self.state is State.EXPIRED:
            return "expired: take it again"
        if self.state is State.REVOKED:
            return "revoked: take it again"
        if self.state is State.OVERDUE and self.started:
            return "overdue (started)"
        return str(self.state.value)

    @property
    def last_day(self) -> date | None:
        """The last day it may be done on time, on the server's clock: a quiz's due day, an
        exam window's last day (None: a quiz with no due date)."""
        if self.due_at is None:
            return None
        return (self.due_at.astimezone() - timedelta(microseconds=1)).date()

    @property
    def done(self) -> bool:
        return self.state is State.DONE


def quiz_due_at(assignment: Assignment) -> datetime | None:
    """When a quiz assignment falls overdue: the end of its due day on the server's clock, as
    an exam's window closes (None: no due date)."""
    if assignment.due_on is None:
        return None
    return datetime.combine(assignment.due_on + timedelta(days=1), time.min).astimezone()


def _plan_length(sitting: QuizSitting) -> int:
    try:
        return len(Plan.from_json(sitting.plan).items)
    except (ValueError, KeyError, TypeError):  # a damaged plan: never complete
        return 0


def _quiz_status(
    task: Assignment, person_id: int, trainee: str, runs: list[QuizSitting], at: datetime
) -> AssignmentStatus:
    due = quiz_due_at(task)
    complete = [
        (run, length) for run in runs if (length := _plan_length(run)) and run.answered >= length
    ]
    base = AssignmentStatus(
        kind=Kind.QUIZ,
        assignment_id=task.id,
        room_id=task.room_id,
        title=task.title,
        person_id=person_id,
        trainee=trainee,
        state=State.NOT_STARTED,
        due_at=due,
        started=bool(runs),
        topics=task.topics,
        length=task.length,
    )
    if complete:
        run, length = complete[-1]
        return replace(
            base,
            state=State.DONE,
            right=run.right,
            asked=length,
            done_at=run.last_answer_at or run.finished_at or run.started_at,
            run_id=run.run_id,
        )
    unfinished = [run for run in runs if run.finished_at is None]
    carry_on = unfinished[-1].run_id if unfinished else None
    if due is not None and at >= due:
        return replace(base, state=State.OVERDUE, run_id=carry_on)
    if runs:
        return replace(base, state=State.IN_PROGRESS, run_id=carry_on)
    return base


def _counted(attempts: list[ExamSitting]) -> ExamSitting | None:
    """The submitted attempt that counts: the latest passed one, else the latest."""
    submitted = [a for a in attempts if a.submitted_at is not None]
    passed = [a for a in submitted if a.passed]
    if passed:
        return passed[-1]
    return submitted[-1] if submitted else None


def _lapsed(counted: ExamSitting, at: datetime) -> State | None:
    """Whether a passed attempt's certificate no longer holds at ``at``: revoked (before
    expired, as the certificate says), expired, or None (it holds, or the attempt did not
    pass)."""
    if counted.passed is not True:
        return None
    revoked = counted.certificate_revoked_at
    if revoked is not None and revoked <= at:
        return State.REVOKED
    expires = counted.certificate_expires_at
    if expires is not None and expires <= at:
        return State.EXPIRED
    return None


def _exam_status(
    task: ExamAssignment,
    person_id: int,
    trainee: str,
    attempts: list[ExamSitting],
    at: datetime,
) -> AssignmentStatus:
    base = AssignmentStatus(
        kind=Kind.EXAM,
        assignment_id=task.id,
        room_id=task.room_id,
        title=task.title,
        person_id=person_id,
        trainee=trainee,
        state=State.NOT_STARTED,
        due_at=task.closes_at,
        opens_at=task.opens_at,
        started=bool(attempts),
    )
    counted = _counted(attempts)
    lapsed = None if counted is None else _lapsed(counted, at)
    if counted is not None and lapsed is None:
        return replace(
            base,
            state=State.DONE,
            right=counted.right,
            asked=counted.items,
            done_at=counted.submitted_at,
            passed=counted.passed,
            attempt_id=counted.attempt_id,
        )
    current = next((a for a in reversed(attempts) if a.submitted_at is None), None)
    if current is not None:
        state = State.OVERDUE if at >= task.closes_at else State.IN_PROGRESS
        return replace(base, state=state, attempt_id=current.attempt_id)
    if counted is not None and lapsed is not None:  # passed, its certificate gone: again
        return replace(
            base,
            state=lapsed,
            right=counted.right,
            asked=counted.items,
            done_at=counted.submitted_at,
            passed=counted.passed,
            attempt_id=counted.attempt_id,
            expired_at=counted.certificate_expires_at if lapsed is State.EXPIRED else None,
            revoked_at=counted.certificate_revoked_at if lapsed is State.REVOKED else None,
            revoke_reason=counted.certificate_revoke_reason if lapsed is State.REVOKED else None,
        )
    if at >= task.closes_at:
        return replace(base, state=State.OVERDUE)
    return base


def _settled(
    store: Store, room_id: int, sittings: list[ExamSitting], at: datetime, person_id: int | None
) -> list[ExamSitting]:
    """The sittings, after submitting every attempt whose time ran out (as the exam's pages
    do on their next request): read again when one was."""
    late = [s for s in sittings if s.submitted_at is None and s.deadline <= at]
    changed = False
    for sitting in late:
        found = stored_exams.attempt(store, sitting.attempt_id)
        if found is None:
            continue
        try:
            changed = settle(store, found, now=at).submitted or changed
        except DealerTrainerError:  # a blueprint no longer readable: left in progress
            continue
    if not changed:
        return sittings
    return exam_sittings(store, room_id, person_id=person_id)


def _statuses(
    store: Store,
    room_id: int,
    people: list[tuple[int, str]],
    at: datetime,
    *,
    person_id: int | None,
    exams: bool,
) -> list[AssignmentStatus]:
    found: list[AssignmentStatus] = []
    quiz_runs: dict[tuple[int, int], list[QuizSitting]] = {}
    for run in quiz_sittings(store, room_id, person_id=person_id):
        quiz_runs.setdefault((run.assignment_id, run.person_id), []).append(run)
    for task in assignments(store, room_id):
        for pid, name in people:
            found.append(_quiz_status(task, pid, name, quiz_runs.get((task.id, pid), []), at))
    if not exams:
        return found
    tried: dict[tuple[int, int], list[ExamSitting]] = {}
    sittings = _settled(
        store, room_id, exam_sittings(store, room_id, person_id=person_id), at, person_id
    )
    for sitting in sittings:
        tried.setdefault((sitting.assignment_id, sitting.person_id), []).append(sitting)
    for exam in exam_assignments(store, room_id, person_id=person_id):
        for pid, name in people:
            if exam.person_id in (None, pid):
                found.append(_exam_status(exam, pid, name, tried.get((exam.id, pid), []), at))
    return found


def _far(when: datetime | None) -> datetime:
    return datetime.max.replace(tzinfo=UTC) if when is None else when


def room_statuses(
    store: Store, room_id: int, *, now: datetime | None = None
) -> list[AssignmentStatus]:
    """Every trainee of the room and every assignment that applies to them: overdue first
    (the longest overdue first), then revoked and expired, in progress and not started (the
    soonest due first), then done; then by trainee."""
    at = _now() if now is None else utc(now)
    found = _statuses(store, room_id, trainees(store, room_id), at, person_id=None, exams=True)
    return sorted(
        found,
        key=lambda s: (_URGENCY[s.state], _far(s.due_at), s.title, s.trainee, s.assignment_id),
    )


def person_statuses(
    store: Store,
    *,
    person_id: int,
    trainee: str,
    room_ids: Iterable[int],
    exam_room_ids: Iterable[int] = (),
    now: datetime | None = None,
) -> list[AssignmentStatus]:
    """One person's assignments: the quizzes of ``room_ids`` and the exams of
    ``exam_room_ids`` (the rooms where they train). What is still to do comes first, the
    soonest due first (overdue ones are the soonest), then what is done, the latest first."""
    at = _now() if now is None else utc(now)
    exam_rooms = set(exam_room_ids)
    found: list[AssignmentStatus] = []
    for room_id in dict.fromkeys([*room_ids, *exam_rooms]):
        found += _statuses(
            store,
            room_id,
            [(person_id, trainee)],
            at,
            person_id=person_id,
            exams=room_id in exam_rooms,
        )
    to_do = sorted(
        (s for s in found if not s.done), key=lambda s: (_far(s.due_at), s.title, s.assignment_id)
    )
    done = sorted(
        (s for s in found if s.done),
        key=lambda s: (_far(s.done_at), s.assignment_id),
        reverse=True,
    )
    return to_do + done
