"""The verdicts of submitted exam attempts, kept once: right or not at each position of an
attempt (:class:`~dealer_trainer.store.exams.ExamVerdict`: the item, its topic and difficulty,
and the answer given and the right one in words), written by the submit in the transaction
that keeps the attempt's score (:func:`dealer_trainer.store.exams.submit`). Item analysis, the
room's export and every other reader read them here; nothing grades an attempt again when it
is read.

An attempt submitted before verdicts were kept gets them from the migration that made their
table (:func:`backfill`): the store is handed the grading it cannot do itself (it imports
nothing above it), as it is handed the review scheduler (``open_store(verdicts=...)``). An
attempt whose plan cannot be read (a damaged row) is left without verdicts, with a warning: it
keeps the score its submit kept, and item analysis and the export leave it out.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from dealer_trainer.errors import ScriptError, StoreError
from dealer_trainer.roles import Role
from dealer_trainer.safetext import excerpt
from dealer_trainer.store.adapters import STREAM_BATCH, utc
from dealer_trainer.store.exams import (
    _COLUMNS,
    _FROM,
    ExamVerdict,
    StoredAttempt,
    _attempt,
    attempt_answers,
    keep_verdicts,
)
from dealer_trainer.store.rows import warn

if TYPE_CHECKING:
    from dealer_trainer.store.store import Store

__all__ = [
    "ExamVerdict",
    "KeptVerdict",
    "VerdictedAttempt",
    "backfill",
    "verdicted_attempts",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class KeptVerdict:
    """A verdict as read back, with when its answer was given (None: left unanswered)."""

    verdict: ExamVerdict
    answered_at: datetime | None


@dataclass(frozen=True, slots=True, kw_only=True)
class VerdictedAttempt:
    """A submitted attempt, the title of the exam assignment it was sat under (None: none),
    and its verdicts by position."""

    attempt: StoredAttempt
    assignment_title: str | None
    verdicts: tuple[KeptVerdict, ...]


def backfill(store: Store) -> None:
    """The migration's data step: every attempt submitted before verdicts were kept is graded
    once, with the grading the store was opened with. An attempt whose plan or answers cannot
    be read is left without verdicts, with a warning: one damaged row must not keep a store
    from upgrading."""
    rows = store._db.execute(
        "SELECT " + _COLUMNS + _FROM + " WHERE a.submitted_at IS NOT NULL ORDER BY a.id", ()
    )
    if not rows:
        return
    grader = store._verdicts
    if grader is None:
        raise StoreError(
            f"the progress store at {store.target} holds exam attempts submitted before their "
            "verdicts were kept, and was opened without the grading that keeps them (open it "
            "with dealer_trainer.training.progress)"
        )
    for row in rows:
        number, name = int(row[0]), str(row[1])
        try:
            found = _attempt(store, row)
            verdicts = grader(store, found, attempt_answers(store, found.id))
        except (ScriptError, StoreError, ValueError) as exc:
            warn(
                f"the progress store at {store.target} holds exam attempt {number} of "
                f"{excerpt(name)} that cannot be graded ({exc}): it keeps the score its submit "
                "kept, and item analysis and the export leave it out"
            )
            continue
        keep_verdicts(store, number, verdicts)


def verdicted_attempts(
    store: Store,
    *,
    room_id: int | None = None,
    since: datetime | None = None,
    batch: int = STREAM_BATCH,
) -> Iterator[VerdictedAttempt]:
    """The submitted attempts with their verdicts, oldest first (by start): every one
    (``room_id`` None), or those of a room's trainees sat in that room or in no room (the
    terminal, a paper exam recorded), as a room's answers are counted; all, or those started at
    or after ``since``. An attempt without verdicts (its plan damaged) is left out. Streamed,
    ``batch`` rows at a time, an attempt at a time: read them before the store closes."""
    where = ["a.submitted_at IS NOT NULL"]
    params: list[Any] = []
    source = _FROM
    if room_id is not None:
        source += (
            " JOIN people p ON p.trainee_id = a.trainee_id JOIN members m ON m.person_id = p.id"
        )
        where += ["m.room_id = ?", "m.role = ?", "(a.room_id = m.room_id OR a.room_id IS NULL)"]
        params += [room_id, Role.TRAINEE.value]
    if since is not None:
        where.append("a.started_at >= ?")
        params.append(store._to_db_time(utc(since)))
    # the plan (JSON, kilobytes) with the first position's row only: read with every row, it
    # was most of the query's time (an attempt's first row, position 1, makes its record)
    columns = _COLUMNS.replace("a.plan,", "CASE WHEN v.position = 1 THEN a.plan ELSE '' END,")
    sql = (
        "SELECT "
        + columns
        + ", g.title, v.position, v.item, v.topic, v.difficulty, v.correct, v.given,"
        " v.expected, x.answered_at" + source + " JOIN exam_verdicts v ON v.attempt_id = a.id"
        " LEFT JOIN exam_assignments g ON g.id = a.assignment_id"
        " LEFT JOIN exam_answers x ON x.attempt_id = a.id AND x.position = v.position"
        " WHERE " + " AND ".join(where) + " ORDER BY a.started_at, a.id, v.position"
    )
    current: StoredAttempt | None = None
    title: str | None = None
    lines: list[KeptVerdict] = []
    for row in store._stream("read the exam verdicts", sql, tuple(params), batch):
        if current is None or current.id != int(row[0]):
            if current is not None:
                yield VerdictedAttempt(
                    attempt=current, assignment_title=title, verdicts=tuple(lines)
                )
            current = _attempt(store, row[:15])
            title = None if row[15] is None else str(row[15])
            lines = []
        position, item, topic, difficulty, correct, given, expected, when = row[16:]
        verdict = ExamVerdict(
            position=int(position),
            item=str(item),
            topic=str(topic),
            difficulty=None if difficulty is None else int(difficulty),
            correct=bool(correct),
            given=str(given),
            expected=str(expected),
        )
        answered = None if when is None else store._from_db_time(when)
        lines.append(KeptVerdict(verdict=verdict, answered_at=answered))
    if current is not None:
        yield VerdictedAttempt(attempt=current, assignment_title=title, verdicts=tuple(lines))
